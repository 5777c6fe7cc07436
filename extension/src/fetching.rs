//! The requests a tab's scripts have under way (fetch, XMLHttpRequest), counted in the order they
//! began, so a read right behind an input can wait for the answers the input asked for: the
//! results of a search, the next page of a list, a saved form's reply.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::Value;

/// The most requests kept per tab. One that never ends (a long poll) is dropped once this many
/// more began after it.
const KEEP: usize = 64;

/// A request whose answer began this long ago and goes on is a stream (server-sent events, a
/// chat's streamed reply): it is not waited for.
const STREAMING_MS: f64 = 300.0;

/// A script request under way.
struct Open {
    id: String,
    /// The count it began as.
    n: u64,
    /// When the worker heard it begin, and its answer begin (`Date.now()` milliseconds).
    heard: f64,
    answering: Option<f64>,
}

#[derive(Default)]
struct Tab {
    /// How many script requests the tab began, in all.
    began: u64,
    open: Vec<Open>,
}

thread_local! {
    static TABS: RefCell<HashMap<i32, Tab>> = RefCell::new(HashMap::new());
}

/// Takes in one network event of a tab (its own session's or a frame's).
pub fn on_request(tab: i32, method: &str, p: &Value) {
    note(tab, method, p, js_sys::Date::now());
}

fn note(tab: i32, method: &str, p: &Value, now: f64) {
    let Some(id) = p["requestId"].as_str() else { return };
    TABS.with(|t| {
        let mut tabs = t.borrow_mut();
        match method {
            "Network.requestWillBeSent" if matches!(p["type"].as_str(), Some("Fetch" | "XHR")) => {
                let t = tabs.entry(tab).or_default();
                // A redirect goes on under the same id.
                if t.open.iter().any(|o| o.id == id) {
                    return;
                }
                t.began += 1;
                let n = t.began;
                t.open.push(Open { id: id.to_string(), n, heard: now, answering: None });
                if t.open.len() > KEEP {
                    t.open.remove(0);
                }
            }
            "Network.responseReceived" => {
                if let Some(o) = tabs.get_mut(&tab).and_then(|t| t.open.iter_mut().find(|o| o.id == id)) {
                    o.answering = Some(now);
                }
            }
            "Network.loadingFinished" | "Network.loadingFailed" => {
                if let Some(t) = tabs.get_mut(&tab) {
                    t.open.retain(|o| o.id != id);
                }
            }
            _ => {}
        }
    });
}

/// How many script requests the tab has begun so far: a mark to ask [`under_way`] with.
pub fn mark(tab: i32) -> u64 {
    TABS.with(|t| t.borrow().get(&tab).map_or(0, |t| t.began))
}

/// Whether a script request the tab began after `mark`, and by `until` (`Date.now()`
/// milliseconds), is still waiting for its answer or its answer's end (a stream's excepted).
pub fn under_way(tab: i32, mark: u64, until: f64) -> bool {
    under_way_at(tab, mark, until, js_sys::Date::now())
}

fn under_way_at(tab: i32, mark: u64, until: f64, now: f64) -> bool {
    TABS.with(|t| t.borrow().get(&tab).is_some_and(|t| t.open.iter().any(|o| o.n > mark && o.heard <= until && o.answering.is_none_or(|a| now - a < STREAMING_MS))))
}

/// Forgets a closed tab.
pub fn forget(tab: i32) {
    TABS.with(|t| t.borrow_mut().remove(&tab));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sent(tab: i32, id: &str, kind: &str, at: f64) {
        note(tab, "Network.requestWillBeSent", &json!({"requestId": id, "type": kind}), at);
    }

    #[test]
    fn script_requests_begun_after_the_mark_count_until_they_end() {
        sent(7, "a", "Fetch", 0.0);
        let m = mark(7);
        let open = |now: f64| under_way_at(7, m, 1_000.0, now);
        assert!(!open(10.0), "one begun before the mark");
        sent(7, "img", "Image", 10.0);
        assert!(!open(10.0), "an image is no script request");
        let long = "b".repeat(100);
        sent(7, &long, "XHR", 20.0);
        sent(7, &long, "XHR", 30.0);
        assert!(open(30.0));
        note(7, "Network.loadingFailed", &json!({"requestId": long}), 40.0);
        assert!(!open(40.0), "a redirect is the same request, and a long id is kept whole");
        sent(7, "late", "Fetch", 2_000.0);
        assert!(!open(2_000.0), "one begun after the window is not the input's");
        sent(7, "c", "Fetch", 50.0);
        note(7, "Network.responseReceived", &json!({"requestId": "c"}), 60.0);
        assert!(open(100.0), "an answer coming in");
        assert!(!open(60.0 + STREAMING_MS), "an answer that goes on is a stream");
        note(7, "Network.loadingFinished", &json!({"requestId": "c"}), 70.0);
        for i in 0..=KEEP {
            sent(7, &format!("poll{i}"), "Fetch", 80.0);
        }
        assert_eq!(TABS.with(|t| t.borrow()[&7].open.len()), KEEP);
        forget(7);
        assert_eq!(mark(7), 0);
    }
}
