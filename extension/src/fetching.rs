//! The requests a tab's scripts have under way (fetch, XMLHttpRequest), counted in the order they
//! began, so a read right behind an input can wait for the answers the input asked for: the
//! results of a search, the next page of a list, a saved form's reply.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::Value;

/// The most requests kept per tab. One that never ends (a long poll, a stream) is dropped once
/// this many more began after it.
const KEEP: usize = 64;

#[derive(Default)]
struct Tab {
    /// How many script requests the tab began, in all.
    began: u64,
    /// Those under way: request id and the count it began as.
    open: Vec<(String, u64)>,
}

thread_local! {
    static TABS: RefCell<HashMap<i32, Tab>> = RefCell::new(HashMap::new());
}

/// Takes in one network event of a tab (its own session's or a frame's).
pub fn on_request(tab: i32, method: &str, p: &Value) {
    let Some(id) = p["requestId"].as_str() else { return };
    TABS.with(|t| {
        let mut tabs = t.borrow_mut();
        match method {
            "Network.requestWillBeSent" if matches!(p["type"].as_str(), Some("Fetch" | "XHR")) => {
                let t = tabs.entry(tab).or_default();
                t.began += 1;
                // A redirect goes on under the same id.
                if !t.open.iter().any(|(open, _)| open == id) {
                    let n = t.began;
                    t.open.push((id.chars().take(64).collect(), n));
                }
                if t.open.len() > KEEP {
                    t.open.remove(0);
                }
            }
            "Network.loadingFinished" | "Network.loadingFailed" => {
                if let Some(t) = tabs.get_mut(&tab) {
                    t.open.retain(|(open, _)| open != id);
                }
            }
            _ => {}
        }
    });
}

/// How many script requests the tab has begun so far: a mark to ask [`under_way_since`] with.
pub fn mark(tab: i32) -> u64 {
    TABS.with(|t| t.borrow().get(&tab).map_or(0, |t| t.began))
}

/// Whether a script request the tab began after `mark` is still under way.
pub fn under_way_since(tab: i32, mark: u64) -> bool {
    TABS.with(|t| t.borrow().get(&tab).is_some_and(|t| t.open.iter().any(|&(_, n)| n > mark)))
}

/// Forgets a closed tab.
pub fn forget(tab: i32) {
    TABS.with(|t| t.borrow_mut().remove(&tab));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sent(tab: i32, id: &str, kind: &str) {
        on_request(tab, "Network.requestWillBeSent", &json!({"requestId": id, "type": kind}));
    }

    #[test]
    fn only_script_requests_begun_after_the_mark_count_until_they_end() {
        sent(7, "a", "Fetch");
        let m = mark(7);
        assert!(!under_way_since(7, m), "one begun before the mark");
        sent(7, "img", "Image");
        assert!(!under_way_since(7, m), "an image is no script request");
        sent(7, "b", "XHR");
        sent(7, "b", "XHR");
        assert!(under_way_since(7, m));
        on_request(7, "Network.loadingFailed", &json!({"requestId": "b"}));
        assert!(!under_way_since(7, m), "a redirect is the same request");
        sent(7, "c", "Fetch");
        on_request(7, "Network.loadingFinished", &json!({"requestId": "c"}));
        assert!(!under_way_since(7, m));
        for i in 0..=KEEP {
            sent(7, &format!("stream{i}"), "Fetch");
        }
        assert_eq!(TABS.with(|t| t.borrow()[&7].open.len()), KEEP);
        forget(7);
        assert_eq!(mark(7), 0);
    }
}
