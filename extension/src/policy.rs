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
    let overlay_was = current().overlay;
    POLICY.with(|p| *p.borrow_mut() = policy);
    // The tabs' next documents start with the overlay the policy now says (not waited for: a tab
    // slow to answer must not hold up the rules).
    if current().overlay != overlay_was {
        wasm_bindgen_futures::spawn_local(crate::cdp::renew_agent_scripts());
    }
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

/// Requests the policy blocked, per host: how many, of which kinds, and whether Claude was told.
#[derive(Default)]
struct Blocked {
    count: u64,
    kinds: std::collections::BTreeSet<String>,
    told: bool,
}

/// The most hosts whose blocked requests are tracked one by one; the rest are only counted.
const BLOCKED_HOSTS: usize = 100;

thread_local! {
    static BLOCKED: RefCell<std::collections::BTreeMap<String, Blocked>> = const { RefCell::new(std::collections::BTreeMap::new()) };
    static BLOCKED_ELSEWHERE: RefCell<(u64, bool)> = const { RefCell::new((0, false)) };
}

/// A request of a page failed because the policy's rules refused it (a subresource: fetch, an
/// image, a script, a beacon, a WebSocket …). Refused documents are told by their navigation.
pub fn blocked_request(url: &str, kind: &str) {
    let kind = kind.to_ascii_lowercase();
    if kind == "document" {
        return;
    }
    // Only the host is kept: the URL may hold exactly what the page tried to send.
    let Some(host) = tabwright_protocol::policy::host_label(url) else { return };
    BLOCKED.with(|b| {
        let mut b = b.borrow_mut();
        if !b.contains_key(&host) && b.len() >= BLOCKED_HOSTS {
            BLOCKED_ELSEWHERE.with(|e| e.borrow_mut().0 += 1);
            return;
        }
        let entry = b.entry(host).or_default();
        entry.count += 1;
        if !kind.is_empty() && entry.kinds.len() < 8 {
            entry.kinds.insert(kind);
        }
    });
}

/// A page opened a WebSocket. The browser reports no error text for one its rules refuse, so
/// the policy is asked directly (its rules say the same).
pub fn websocket_created(url: &str) {
    if current().refuses_request(url) {
        blocked_request(url, "websocket");
    }
}

/// One line per host whose requests were blocked since Claude was last told, each host once.
pub fn take_blocked_notices() -> Vec<String> {
    let mut lines: Vec<String> = BLOCKED.with(|b| {
        b.borrow_mut()
            .iter_mut()
            .filter(|(_, e)| !e.told && e.count > 0)
            .map(|(host, e)| {
                e.told = true;
                let host = tabwright_protocol::sanitize::line(host, 120);
                let kinds = e.kinds.iter().cloned().collect::<Vec<_>>().join(", ");
                let requests = if e.count == 1 { "1 request".to_string() } else { format!("{} requests", e.count) };
                format!(
                    "The browsing policy blocked {requests} ({kinds}) the page made to {host}, a site it does not allow; nothing was sent there. Later requests to {host} are blocked without another notice."
                )
            })
            .collect()
    });
    BLOCKED_ELSEWHERE.with(|e| {
        let mut e = e.borrow_mut();
        if e.0 > 0 && !e.1 {
            e.1 = true;
            lines.push(format!("The browsing policy also blocked {} requests to other sites it does not allow.", e.0));
        }
    });
    lines
}
