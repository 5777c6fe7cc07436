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

/// An answer that has come in and then nothing more of it for this long is not being read: the
/// browser ends a request whose body the page reads right behind its last bytes, while one whose
/// body the page leaves unread (a report a page sends and forgets, `fetch(url, {keepalive})`)
/// ends some 50 ms later, or never for an empty answer. (A page waiting on a slow answer shows
/// that it is busy, which a read waits for apart.)
const IDLE_MS: f64 = 20.0;

/// A script request under way.
struct Open {
    id: String,
    /// The count it began as.
    n: u64,
    /// When the worker heard it begin, its answer begin, and the last of its answer come
    /// (`Date.now()` milliseconds).
    heard: f64,
    answering: Option<f64>,
    last: f64,
}

#[derive(Default)]
struct Tab {
    /// How many script requests the tab began, in all.
    began: u64,
    open: Vec<Open>,
    /// The counts of the last requests whose answers ended (read by the page, or failed).
    ended: Vec<u64>,
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
                t.open.push(Open { id: id.to_string(), n, heard: now, answering: None, last: now });
                if t.open.len() > KEEP {
                    t.open.remove(0);
                }
            }
            "Network.responseReceived" | "Network.dataReceived" => {
                let Some(t) = tabs.get_mut(&tab) else { return };
                // An answer that has no body (204, 205, 304) has come whole.
                if method == "Network.responseReceived" && matches!(p["response"]["status"].as_i64(), Some(204 | 205 | 304)) {
                    t.open.retain(|o| o.id != id);
                    return;
                }
                if let Some(o) = t.open.iter_mut().find(|o| o.id == id) {
                    o.answering = o.answering.or(Some(now));
                    o.last = now;
                }
            }
            "Network.loadingFinished" | "Network.loadingFailed" => {
                if let Some(t) = tabs.get_mut(&tab) {
                    if let Some(i) = t.open.iter().position(|o| o.id == id) {
                        let n = t.open.remove(i).n;
                        t.ended.push(n);
                        if t.ended.len() > KEEP {
                            t.ended.remove(0);
                        }
                    }
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
/// milliseconds), is still waiting for its answer or its answer's end (a stream's, and one the
/// page is not reading, excepted).
pub fn under_way(tab: i32, mark: u64, until: f64) -> bool {
    under_way_at(tab, mark, until, js_sys::Date::now())
}

fn under_way_at(tab: i32, mark: u64, until: f64, now: f64) -> bool {
    TABS.with(|t| t.borrow().get(&tab).is_some_and(|t| t.open.iter().any(|o| o.n > mark && o.heard <= until && o.answering.is_none_or(|a| now - a < STREAMING_MS && now - o.last < IDLE_MS))))
}

/// Whether the answer to a script request the tab began after `mark` has ended: read by the
/// page (which may draw from it now), or failed. One the page left unread does not count.
pub fn ended_since(tab: i32, mark: u64) -> bool {
    TABS.with(|t| t.borrow().get(&tab).is_some_and(|t| t.ended.iter().any(|&n| n > mark)))
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
        assert!(ended_since(7, m), "a failed request has ended");
        let m = mark(7);
        let open = |now: f64| under_way_at(7, m, 1_000.0, now);
        sent(7, "c", "Fetch", 50.0);
        note(7, "Network.responseReceived", &json!({"requestId": "c", "response": {"status": 200}}), 60.0);
        assert!(open(70.0), "an answer coming in");
        let mut at = 60.0;
        while at < 60.0 + STREAMING_MS {
            at += IDLE_MS / 2.0;
            note(7, "Network.dataReceived", &json!({"requestId": "c", "dataLength": 100}), at);
            assert!(open(at + 1.0) == (at + 1.0 < 60.0 + STREAMING_MS), "an answer whose bytes keep coming, until it is taken for a stream");
        }
        assert!(!ended_since(7, m));
        note(7, "Network.loadingFinished", &json!({"requestId": "c"}), at);
        assert!(!open(at));
        assert!(ended_since(7, m), "an answer read to its end");
        let m = mark(7);
        let open = |now: f64| under_way_at(7, m, 1_000.0, now);
        // An answer the page leaves unread: its bytes came, and its end is late or never comes.
        sent(7, "beacon", "Fetch", 400.0);
        note(7, "Network.responseReceived", &json!({"requestId": "beacon", "response": {"status": 404}}), 404.0);
        note(7, "Network.dataReceived", &json!({"requestId": "beacon", "dataLength": 9}), 405.0);
        assert!(open(405.0 + IDLE_MS - 1.0));
        assert!(!open(405.0 + IDLE_MS), "an answer nobody reads");
        sent(7, "empty", "Fetch", 500.0);
        assert!(open(501.0));
        note(7, "Network.responseReceived", &json!({"requestId": "empty", "response": {"status": 204}}), 502.0);
        assert!(!open(502.0), "an answer with no body has come whole");
        assert!(!ended_since(7, m), "neither answer was read");
        for i in 0..=KEEP {
            sent(7, &format!("poll{i}"), "Fetch", 600.0);
        }
        assert_eq!(TABS.with(|t| t.borrow()[&7].open.len()), KEEP);
        forget(7);
        assert_eq!(mark(7), 0);
    }
}
