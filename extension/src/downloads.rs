//! Downloads, from chrome.downloads: each numbered `dl-N` as it begins (the count outlives the
//! worker), and reported once as it begins, completes or fails.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::Value;
use tabwright_protocol::StateChange;

use crate::activity::{cut, cut_url};
use crate::chrome;

/// The longest download URL kept (the result shows at most 4,096 after cleaning).
const DOWNLOAD_URL_CHARS: usize = 8_192;

#[derive(Clone)]
struct Download {
    id: String,
    url: String,
    path: String,
}

#[derive(Default)]
struct Downloads {
    /// Events since the last report.
    changes: Vec<StateChange>,
    /// Those under way, by the browser's id.
    items: HashMap<i64, Download>,
    next: u64,
}

thread_local! {
    static DOWNLOADS: RefCell<Downloads> = RefCell::new(Downloads { next: 1, ..Default::default() });
}

fn with<T>(f: impl FnOnce(&mut Downloads) -> T) -> T {
    DOWNLOADS.with(|d| f(&mut d.borrow_mut()))
}

const DOWNLOADS_KEY: &str = "tabwright.next_download";

/// Restores the download counter a previous worker saved.
pub async fn load() {
    if let Ok(Some(n)) = chrome::storage_get(DOWNLOADS_KEY).await {
        if let Some(n) = n.as_u64() {
            with(|d| d.next = d.next.max(n));
        }
    }
}

/// Download events since the last report.
pub fn take_changes() -> Vec<StateChange> {
    with(|d| std::mem::take(&mut d.changes))
}

/// How many downloads this worker has numbered: one begun since a count was taken has a
/// higher one.
pub fn numbered() -> u64 {
    with(|d| d.next)
}

/// Whether a download started since the last report (a navigation may turn into one).
pub fn pending() -> bool {
    with(|d| d.changes.iter().any(|c| matches!(c, StateChange::DownloadStarted { .. } | StateChange::DownloadCompleted { .. })))
}

/// chrome.downloads.onCreated.
pub fn on_created(item: &Value) {
    let Some(chrome_id) = item["id"].as_i64() else { return };
    let url = item["finalUrl"].as_str().filter(|u| !u.is_empty()).or_else(|| item["url"].as_str()).unwrap_or_default();
    let url = cut_url(url, DOWNLOAD_URL_CHARS).0;
    let next = with(|a| {
        let id = format!("dl-{}", a.next);
        a.next += 1;
        a.changes.push(StateChange::DownloadStarted { download_id: id.clone(), url: url.clone() });
        a.items.insert(chrome_id, Download { id, url, path: item["filename"].as_str().unwrap_or_default().to_string() });
        a.next
    });
    // A restarted worker must not hand out a download_id twice.
    wasm_bindgen_futures::spawn_local(async move {
        let _ = chrome::storage_set(DOWNLOADS_KEY, &serde_json::json!(next)).await;
    });
    // A download that is already over when it is created (a tiny file) reports its end too.
    on_changed(item);
}

/// chrome.downloads.onChanged (a delta), or a whole item.
pub fn on_changed(delta: &Value) {
    let Some(chrome_id) = delta["id"].as_i64() else { return };
    let current = |key: &str| delta[key].get("current").or_else(|| delta.get(key)).cloned();
    with(|a| {
        let Some(d) = a.items.get_mut(&chrome_id) else { return };
        if let Some(Value::String(u)) = current("finalUrl").filter(|u| u.as_str().is_some_and(|s| !s.is_empty())) {
            d.url = cut_url(&u, DOWNLOAD_URL_CHARS).0;
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
                    // Reported once: a finished download is forgotten.
                    let Some(mut d) = a.items.remove(&chrome_id) else { return };
                    if let Some(p) = item["filename"].as_str().filter(|p| !p.is_empty()) {
                        d.path = p.to_string();
                    }
                    if let Some(u) = item["finalUrl"].as_str().filter(|u| !u.is_empty()) {
                        d.url = cut_url(u, DOWNLOAD_URL_CHARS).0;
                    }
                    let size = item["fileSize"].as_i64().filter(|s| *s >= 0).or_else(|| item["bytesReceived"].as_i64()).map(|s| s as u64);
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
            let error = current("error").and_then(|e| e.as_str().map(|e| cut(e, 200)));
            with(|a| {
                if let Some(d) = a.items.remove(&chrome_id) {
                    a.changes.push(StateChange::DownloadFailed { download_id: d.id, url: d.url, error });
                }
            });
        }
        _ => {}
    }
}
