//! The browsing policy in the browser: declarativeNetRequest rules block document requests to
//! refused hosts before they load, whoever starts them (Claude, a link, a script, a redirect).

use std::cell::RefCell;

use tabwright_protocol::policy::Policy;

use crate::chrome;

thread_local! {
    static POLICY: RefCell<Policy> = RefCell::new(Policy::default());
}

/// The policy in force.
pub fn current() -> Policy {
    POLICY.with(|p| p.borrow().clone())
}

/// Enforces a policy the bridge sent.
pub async fn apply(policy: Policy) {
    let rules = policy.network_rules();
    POLICY.with(|p| *p.borrow_mut() = policy);
    if let Err(e) = chrome::set_session_rules(&rules).await {
        chrome::log(&format!("tabwright: could not apply the browsing policy: {e}"));
    }
}
