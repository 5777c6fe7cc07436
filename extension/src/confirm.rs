//! A person's approval in the visible browser: a small extension window says what Claude wants
//! to do, with Allow and Deny. No answer within the timeout is a refusal.

use std::cell::RefCell;
use std::collections::HashMap;

use futures::channel::oneshot;
use futures::future::{select, Either};
use serde_json::{json, Value};

use crate::chrome;

struct Pending {
    details: Value,
    window: Option<i32>,
    answer: Option<oneshot::Sender<bool>>,
}

thread_local! {
    static PENDING: RefCell<HashMap<u64, Pending>> = RefCell::new(HashMap::new());
    static NEXT: RefCell<u64> = const { RefCell::new(1) };
}

/// Asks the person; `Err` is the text Claude reads when they decline or do not answer.
pub async fn ask(what: String, tab: String, url: String, why: String, timeout_secs: u64) -> Result<(), String> {
    // Unguessable and never reused across worker restarts: an old window cannot answer a new request.
    let id = NEXT.with(|n| *n.borrow()) ^ ((js_sys::Math::random() * 9_007_199_254_740_991.0) as u64) | 1;
    NEXT.with(|n| *n.borrow_mut() += 2);
    // However this ends (answer, timeout, Stop, the bridge giving up), the window closes.
    let _guard = Guard(id);
    let (tx, rx) = oneshot::channel();
    let details = json!({ "what": what, "tab": tab, "url": url, "why": why, "timeout": timeout_secs });
    PENDING.with(|p| p.borrow_mut().insert(id, Pending { details, window: None, answer: Some(tx) }));
    let page = format!("chrome-extension://{}/extension/ui/confirm.html?id={id}", chrome::extension_id());
    match chrome::windows_open_popup(&page, 480, 340).await {
        Ok(window) => PENDING.with(|p| {
            if let Some(entry) = p.borrow_mut().get_mut(&id) {
                entry.window = Some(window);
            }
        }),
        Err(e) => {
            PENDING.with(|p| p.borrow_mut().remove(&id));
            return Err(format!("The approval window could not be opened ({e}), so the call was not run."));
        }
    }
    let outcome = match select(rx, Box::pin(chrome::sleep(timeout_secs.saturating_mul(1000).min(i32::MAX as u64) as i32))).await {
        Either::Left((Ok(true), _)) => Ok(()),
        Either::Left(_) => Err("The person watching declined this action, so it was not run. Ask them about it, or do the task another way.".to_string()),
        Either::Right(_) => Err(format!(
            "The person watching did not approve this action within {timeout_secs} seconds, so it was not run. Ask them to approve it, or do the task another way."
        )),
    };
    outcome
}

/// Closes a request's window and forgets it when the request ends, even when it is aborted.
struct Guard(u64);

impl Drop for Guard {
    fn drop(&mut self) {
        let window = PENDING.with(|p| p.borrow_mut().remove(&self.0)).and_then(|e| e.window);
        if let Some(w) = window {
            wasm_bindgen_futures::spawn_local(async move {
                let _ = chrome::windows_remove(w).await;
            });
        }
    }
}

fn resolve(id: u64, allow: bool) {
    PENDING.with(|p| {
        if let Some(tx) = p.borrow_mut().get_mut(&id).and_then(|e| e.answer.take()) {
            let _ = tx.send(allow);
        }
    });
}

/// A message from the confirmation window; returns its reply. Only the window opened for a
/// request may answer it.
pub fn on_message(message: &Value, sender_window: Option<i32>) -> Value {
    let id = message["id"].as_u64().unwrap_or(0);
    let from_its_window = PENDING.with(|p| p.borrow().get(&id).is_some_and(|e| e.window.is_none() || e.window == sender_window));
    if !from_its_window {
        return Value::Null;
    }
    match message["type"].as_str() {
        Some("confirm-details") => PENDING.with(|p| p.borrow().get(&id).map(|e| e.details.clone()).unwrap_or(Value::Null)),
        Some("confirm-answer") => {
            resolve(id, message["allow"].as_bool().unwrap_or(false));
            json!({"ok": true})
        }
        _ => Value::Null,
    }
}

/// A closed confirmation window is a refusal.
pub fn on_window_removed(window: i32) {
    let ids: Vec<u64> = PENDING.with(|p| p.borrow().iter().filter(|(_, e)| e.window == Some(window)).map(|(id, _)| *id).collect());
    for id in ids {
        resolve(id, false);
    }
}

/// Whether a Chrome tab shows one of this extension's own pages (never Claude's to act on).
pub fn is_own_page(url: &str) -> bool {
    url.starts_with(&format!("chrome-extension://{}/", chrome::extension_id()))
}
