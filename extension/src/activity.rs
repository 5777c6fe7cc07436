//! What happens around the calls: console entries, network requests, dialogs and downloads,
//! collected from the moment the debugger attached (downloads from the extension's start).

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use serde_json::Value;
use tabwright_protocol::sanitize::{bounded, one_line, redact, url as clean_url};
use tabwright_protocol::StateChange;

use crate::{cdp, chrome, state};

/// The most entries of each kind kept per tab between reads.
const KEEP: usize = 1000;
/// The most dialog lines one result carries.
const DIALOG_LINES: usize = 3;
/// The longest dialog message quoted.
const DIALOG_MESSAGE: usize = 200;

#[derive(Default)]
struct Request {
    method: String,
    url: String,
    kind: String,
    started: f64,
    status: Option<i64>,
    mime: Option<String>,
    responded: Option<f64>,
    ended: Option<f64>,
    failed: Option<String>,
}

#[derive(Default)]
struct Tab {
    console: VecDeque<String>,
    console_dropped: usize,
    requests: Vec<(String, Request)>,
    requests_dropped: usize,
}

#[derive(Clone)]
struct Download {
    id: String,
    url: String,
    path: String,
}

#[derive(Default)]
struct Activity {
    tabs: HashMap<i32, Tab>,
    dialogs: Vec<(String, String)>,
    notices: Vec<String>,
    changes: Vec<StateChange>,
    downloads: HashMap<i64, Download>,
    next_download: u64,
}

thread_local! {
    static ACTIVITY: RefCell<Activity> = RefCell::new(Activity { next_download: 1, ..Default::default() });
}

fn with<T>(f: impl FnOnce(&mut Activity) -> T) -> T {
    ACTIVITY.with(|a| f(&mut a.borrow_mut()))
}

const DOWNLOADS_KEY: &str = "tabwright.next_download";

/// Restores the download counter a previous worker saved.
pub async fn load() {
    if let Ok(Some(n)) = chrome::storage_get(DOWNLOADS_KEY).await {
        if let Some(n) = n.as_u64() {
            with(|a| a.next_download = a.next_download.max(n));
        }
    }
}

/// Forgets a closed tab's buffers.
pub fn forget(tab: i32) {
    with(|a| a.tabs.remove(&tab));
}

fn remote_text(v: &Value) -> String {
    match v.get("value") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => v.get("description").and_then(Value::as_str).or_else(|| v.get("type").and_then(Value::as_str)).unwrap_or("").to_string(),
        Some(other) => other.to_string(),
    }
}

fn source(url: Option<&str>, line: Option<i64>) -> String {
    match (url.filter(|u| !u.is_empty()), line) {
        (Some(u), Some(l)) => format!(" ({}:{})", clean_url(u), l + 1),
        (Some(u), None) => format!(" ({})", clean_url(u)),
        _ => String::new(),
    }
}

fn push_console(tab: i32, line: String) {
    with(|a| {
        let t = a.tabs.entry(tab).or_default();
        t.console.push_back(line);
        if t.console.len() > KEEP {
            t.console.pop_front();
            t.console_dropped += 1;
        }
    });
}

/// Takes in one CDP event of a tab's main session.
pub fn on_event(tab: i32, method: &str, p: &Value) {
    match method {
        "Runtime.consoleAPICalled" => {
            let level = match p["type"].as_str().unwrap_or("log") {
                "warning" => "warning",
                "error" | "assert" => "error",
                "info" => "info",
                "debug" => "debug",
                _ => "log",
            };
            let text: Vec<String> = p["args"].as_array().map(|a| a.iter().map(remote_text).collect()).unwrap_or_default();
            let frame = &p["stackTrace"]["callFrames"][0];
            let at = source(frame["url"].as_str(), frame["lineNumber"].as_i64());
            push_console(tab, format!("[{level}] {}{at}", text.join(" ")));
        }
        "Runtime.exceptionThrown" => {
            let d = &p["exceptionDetails"];
            let message = d["exception"]["description"].as_str().map(|s| s.lines().next().unwrap_or_default().to_string()).unwrap_or_else(|| d["text"].as_str().unwrap_or("").to_string());
            let at = source(d["url"].as_str(), d["lineNumber"].as_i64());
            push_console(tab, format!("[exception] {message}{at}"));
        }
        "Log.entryAdded" => {
            let e = &p["entry"];
            let level = e["level"].as_str().unwrap_or("info");
            let at = source(e["url"].as_str(), e["lineNumber"].as_i64());
            push_console(tab, format!("[{level}] {}{at}", e["text"].as_str().unwrap_or("")));
        }
        "Network.requestWillBeSent" => {
            let id = p["requestId"].as_str().unwrap_or_default().to_string();
            let r = Request {
                method: p["request"]["method"].as_str().unwrap_or("GET").to_string(),
                url: p["request"]["url"].as_str().unwrap_or_default().to_string(),
                kind: p["type"].as_str().unwrap_or_default().to_string(),
                started: p["timestamp"].as_f64().unwrap_or(0.0),
                ..Default::default()
            };
            with(|a| {
                let t = a.tabs.entry(tab).or_default();
                // A redirect reuses the id: the earlier hop is finished.
                if let Some((_, prev)) = t.requests.iter_mut().rev().find(|(rid, r)| *rid == id && r.ended.is_none()) {
                    prev.status = p["redirectResponse"]["status"].as_i64().or(prev.status);
                    prev.ended = Some(r.started);
                }
                t.requests.push((id, r));
                if t.requests.len() > KEEP {
                    t.requests.remove(0);
                    t.requests_dropped += 1;
                }
            });
        }
        "Network.responseReceived" | "Network.loadingFinished" | "Network.loadingFailed" => {
            let id = p["requestId"].as_str().unwrap_or_default();
            with(|a| {
                let Some(t) = a.tabs.get_mut(&tab) else { return };
                let Some((_, r)) = t.requests.iter_mut().rev().find(|(rid, _)| rid == id) else { return };
                match method {
                    "Network.responseReceived" => {
                        r.status = p["response"]["status"].as_i64();
                        r.mime = p["response"]["mimeType"].as_str().map(String::from);
                        r.responded = p["timestamp"].as_f64();
                    }
                    "Network.loadingFinished" => r.ended = p["timestamp"].as_f64(),
                    _ => {
                        r.ended = p["timestamp"].as_f64();
                        r.failed = Some(if p["canceled"] == true { "canceled".into() } else { p["errorText"].as_str().unwrap_or("failed").to_string() });
                        if p["errorText"].as_str().is_some_and(|e| e.contains("ERR_BLOCKED_BY_CLIENT")) {
                            crate::policy::blocked_request(&r.url, &r.kind);
                        }
                    }
                }
            });
        }
        "Network.webSocketCreated" => crate::policy::websocket_created(p["url"].as_str().unwrap_or_default()),
        "Runtime.bindingCalled" if p["name"] == "tabwrightStop" => crate::session::stop(),
        "Page.javascriptDialogOpening" => {
            let kind = p["type"].as_str().unwrap_or("dialog").to_string();
            let message = p["message"].as_str().unwrap_or_default().to_string();
            // beforeunload is accepted, so the navigation that raised it goes on; every other
            // dialog is dismissed. Either way no call waits on it.
            let accept = kind == "beforeunload";
            wasm_bindgen_futures::spawn_local(async move {
                let _ = cdp::send(tab, &cdp::HandleDialog { accept }).await;
            });
            with(|a| a.dialogs.push((kind, message)));
        }
        _ => {}
    }
}

/// Queues a line for the next text result.
pub fn notice(line: String) {
    with(|a| {
        if !a.notices.contains(&line) && a.notices.len() < 20 {
            a.notices.push(line);
        }
    });
}

/// chrome.webNavigation.onErrorOccurred: a navigation the policy blocked is told to Claude.
pub fn on_navigation_error(details: &Value) {
    if details["error"].as_str().is_some_and(|e| e.contains("ERR_BLOCKED_BY_CLIENT")) {
        let url = bounded(&clean_url(details["url"].as_str().unwrap_or_default()), 300);
        notice(format!("A navigation was refused. The browsing policy does not allow {url}; the tab shows a blank error page instead."));
    }
}

/// A line per dismissed dialog (a few at most, then a count), and other notices, for the next text result.
pub fn take_notices() -> Vec<String> {
    let (dialogs, mut lines) = with(|a| (std::mem::take(&mut a.dialogs), std::mem::take(&mut a.notices)));
    lines.extend(crate::policy::take_blocked_notices());
    for (kind, message) in dialogs.iter().take(DIALOG_LINES) {
        let kind = bounded(&one_line(kind), 20);
        let message = bounded(&one_line(message), DIALOG_MESSAGE);
        let quoted = if message.is_empty() { String::new() } else { format!(" {}", serde_json::Value::String(message)) };
        let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "An" } else { "A" };
        if kind == "beforeunload" {
            lines.push(format!("A beforeunload dialog{quoted} was accepted, so the page could be left."));
        } else {
            lines.push(format!("{article} {kind} dialog{quoted} was dismissed."));
        }
    }
    if dialogs.len() > DIALOG_LINES {
        lines.push(format!("{} more dialogs were dismissed.", dialogs.len() - DIALOG_LINES));
    }
    lines
}

/// Download events since the last report.
pub fn take_changes() -> Vec<StateChange> {
    with(|a| std::mem::take(&mut a.changes))
}

/// Whether a download started since the last report (a navigation may turn into one).
pub fn download_pending() -> bool {
    with(|a| a.changes.iter().any(|c| matches!(c, StateChange::DownloadStarted { .. } | StateChange::DownloadCompleted { .. })))
}

/// chrome.downloads.onCreated.
pub fn on_download_created(item: &Value) {
    let Some(chrome_id) = item["id"].as_i64() else { return };
    let url = item["finalUrl"].as_str().filter(|u| !u.is_empty()).or_else(|| item["url"].as_str()).unwrap_or_default().to_string();
    let next = with(|a| {
        let id = format!("dl-{}", a.next_download);
        a.next_download += 1;
        a.changes.push(StateChange::DownloadStarted { download_id: id.clone(), url: url.clone() });
        a.downloads.insert(chrome_id, Download { id, url, path: item["filename"].as_str().unwrap_or_default().to_string() });
        a.next_download
    });
    // A restarted worker must not hand out a download_id twice.
    wasm_bindgen_futures::spawn_local(async move {
        let _ = chrome::storage_set(DOWNLOADS_KEY, &serde_json::json!(next)).await;
    });
    // A download that is already over when it is created (a tiny file) reports its end too.
    on_download_changed(item);
}

/// chrome.downloads.onChanged (a delta), or a whole item.
pub fn on_download_changed(delta: &Value) {
    let Some(chrome_id) = delta["id"].as_i64() else { return };
    let current = |key: &str| delta[key].get("current").or_else(|| delta.get(key)).cloned();
    with(|a| {
        let Some(d) = a.downloads.get_mut(&chrome_id) else { return };
        if let Some(Value::String(u)) = current("finalUrl").filter(|u| u.as_str().is_some_and(|s| !s.is_empty())) {
            d.url = u;
        }
        if let Some(Value::String(f)) = current("filename").filter(|f| f.as_str().is_some_and(|s| !s.is_empty())) {
            d.path = f;
        }
    });
    let state = current("state").and_then(|s| s.as_str().map(String::from));
    match state.as_deref() {
        Some("complete") => {
            wasm_bindgen_futures::spawn_local(async move {
                // The final size and path, from the browser's own record.
                let item = chrome::downloads_search(chrome_id).await.ok().flatten().unwrap_or(Value::Null);
                with(|a| {
                    let Some(d) = a.downloads.get_mut(&chrome_id) else { return };
                    if let Some(p) = item["filename"].as_str().filter(|p| !p.is_empty()) {
                        d.path = p.to_string();
                    }
                    if let Some(u) = item["finalUrl"].as_str().filter(|u| !u.is_empty()) {
                        d.url = u.to_string();
                    }
                    let size = item["fileSize"].as_i64().filter(|s| *s >= 0).or_else(|| item["bytesReceived"].as_i64()).map(|s| s as u64);
                    let d = d.clone();
                    a.changes.push(StateChange::DownloadCompleted {
                        download_id: d.id,
                        url: d.url,
                        path: Some(d.path).filter(|p| !p.is_empty()),
                        size_bytes: size,
                    });
                });
            });
        }
        Some("interrupted") => {
            let error = current("error").and_then(|e| e.as_str().map(String::from));
            with(|a| {
                if let Some(d) = a.downloads.get(&chrome_id).cloned() {
                    a.changes.push(StateChange::DownloadFailed { download_id: d.id, url: d.url, error });
                }
            });
        }
        _ => {}
    }
}

/// The console entries of a tab since attach and since the last read.
pub fn read_console(tab: i32) -> (Vec<String>, usize) {
    with(|a| {
        let t = a.tabs.entry(tab).or_default();
        let dropped = std::mem::take(&mut t.console_dropped);
        (t.console.drain(..).map(|l| redact(&l)).collect(), dropped)
    })
}

/// The requests of a tab since attach and since the last read, one line each.
pub fn read_network(tab: i32) -> (Vec<String>, usize) {
    with(|a| {
        let t = a.tabs.entry(tab).or_default();
        let dropped = std::mem::take(&mut t.requests_dropped);
        let lines = t
            .requests
            .drain(..)
            .map(|(_, r)| {
                let url = redact(&clean_url(&r.url));
                let url = if url.starts_with("data:") { bounded(&url, 80) } else { bounded(&url, 500) };
                let outcome = match (&r.failed, r.status) {
                    (Some(e), _) => format!("failed: {e}"),
                    (None, Some(s)) => format!("{s} {}", r.mime.clone().unwrap_or_default()),
                    (None, None) => "pending".to_string(),
                };
                // A body nobody reads never finishes loading: the response's arrival times it then.
                let timing = r.ended.or(r.responded).map(|e| format!(" {} ms", ((e - r.started) * 1000.0).round().max(0.0))).unwrap_or_default();
                let kind = if r.kind.is_empty() { String::new() } else { format!(" [{}]", r.kind.to_lowercase()) };
                format!("{} {url} → {}{timing}{kind}", r.method, outcome.trim_end())
            })
            .collect();
        (lines, dropped)
    })
}

/// The tab's name for messages.
pub fn name(tab: i32) -> String {
    state::tab_name(tab)
}
