//! The browsing policy in the browser: declarativeNetRequest rules block document requests to
//! refused hosts before they load, whoever starts them (Claude, a link, a script, a redirect).

use std::cell::RefCell;

use tabwright_protocol::policy::Policy;

use crate::chrome;

thread_local! {
    /// Why the rules could not be put in force, if they could not.
    static BROKEN: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The policy the bridge sent.
    static POLICY: RefCell<Policy> = RefCell::new(Policy::default());
    /// Sites the person listed on the options page.
    static OPTIONS: RefCell<Policy> = RefCell::new(Policy::default());
}

const OPTIONS_KEY: &str = "tabwright.options_policy";

/// The policy in force: the bridge's, with the options page's sites added.
pub fn current() -> Policy {
    let mut p = POLICY.with(|p| p.borrow().clone());
    OPTIONS.with(|o| {
        let o = o.borrow();
        p.allow.extend(o.allow.iter().cloned());
        p.block.extend(o.block.iter().cloned());
    });
    p
}

async fn enforce() {
    let outcome = chrome::set_session_rules(&current().network_rules()).await;
    BROKEN.with(|b| *b.borrow_mut() = outcome.err().map(|e| e.to_string()));
}

/// Calls are refused while the policy is not in force: it fails closed.
pub fn check_enforced() -> Result<(), String> {
    match BROKEN.with(|b| b.borrow().clone()) {
        Some(e) => Err(format!("The browsing policy could not be put in force ({e}), so nothing is run. The person running tabwright has to fix the policy.")),
        None => Ok(()),
    }
}

/// Enforces a policy the bridge sent.
pub async fn apply(policy: Policy) {
    POLICY.with(|p| *p.borrow_mut() = policy);
    if let Ok(Some(saved)) = chrome::storage_local_get(OPTIONS_KEY).await {
        if let Ok(o) = serde_json::from_value::<Policy>(saved) {
            OPTIONS.with(|x| *x.borrow_mut() = o);
        }
    }
    enforce().await;
}

/// The options page saved its sites: check, keep and enforce them.
pub fn set_options(message: &serde_json::Value) -> serde_json::Value {
    let list = |k: &str| -> Vec<String> { message[k].as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect()).unwrap_or_default() };
    let candidate = Policy { allow: list("allow"), block: list("block"), ..Policy::default() };
    let text = serde_json::to_string(&candidate).unwrap_or_default();
    if let Err(e) = Policy::parse(&text) {
        return serde_json::json!({ "error": e });
    }
    OPTIONS.with(|o| *o.borrow_mut() = candidate.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let _ = chrome::storage_local_set(OPTIONS_KEY, &serde_json::to_value(&candidate).unwrap_or_default()).await;
        enforce().await;
    });
    serde_json::json!({ "ok": true })
}
