//! Bindings to the chrome.* APIs the core uses, as promise-returning imports.
//!
//! Values cross the boundary as JSON: `to_js` goes through `JSON.parse` so that maps become
//! plain objects (chrome.debugger rejects JS `Map`s), and `from_js` through `JSON.stringify`.

use js_sys::{Function, Promise};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// A chrome.runtime.Port.
    pub type Port;
    #[wasm_bindgen(js_namespace = ["chrome", "runtime"], js_name = connectNative)]
    pub fn connect_native(name: &str) -> Port;
    #[wasm_bindgen(method, catch, js_name = postMessage)]
    pub fn post_message(this: &Port, message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, js_name = onMessage)]
    pub fn on_message(this: &Port) -> ChromeEvent;
    #[wasm_bindgen(method, getter, js_name = onDisconnect)]
    pub fn on_disconnect(this: &Port) -> ChromeEvent;

    /// A chrome.events.Event.
    pub type ChromeEvent;
    #[wasm_bindgen(method, js_name = addListener)]
    pub fn add_listener(this: &ChromeEvent, listener: &Function);


    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = query)]
    async fn tabs_query_raw(query: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = get)]
    async fn tabs_get_raw(tab_id: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = create)]
    async fn tabs_create_raw(props: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = update)]
    async fn tabs_update_raw(tab_id: i32, props: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = goBack)]
    async fn tabs_go_back_raw(tab_id: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = goForward)]
    async fn tabs_go_forward_raw(tab_id: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = reload)]
    async fn tabs_reload_raw(tab_id: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = remove)]
    async fn tabs_remove_raw(tab_id: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = update)]
    async fn windows_update_raw(window_id: i32, props: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = create)]
    async fn windows_create_raw(props: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = remove)]
    async fn windows_remove_raw(window_id: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "windows"], js_name = getLastFocused)]
    async fn windows_last_focused_raw() -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "debugger"], js_name = attach)]
    async fn debugger_attach_raw(target: JsValue, version: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "debugger"], js_name = sendCommand)]
    async fn debugger_send_raw(target: JsValue, method: &str, params: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "debugger"], js_name = getTargets)]
    async fn debugger_targets_raw() -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "scripting"], js_name = executeScript)]
    async fn execute_script_raw(injection: JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "declarativeNetRequest"], js_name = updateSessionRules)]
    async fn dnr_update_raw(options: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "declarativeNetRequest"], js_name = getSessionRules)]
    async fn dnr_get_raw() -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "action"], js_name = setBadgeText)]
    async fn badge_text_raw(details: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "action"], js_name = setBadgeBackgroundColor)]
    async fn badge_color_raw(details: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = group)]
    async fn tabs_group_raw(options: JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabs"], js_name = ungroup)]
    async fn tabs_ungroup_raw(tab: i32) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "tabGroups"], js_name = update)]
    async fn tab_groups_update_raw(group_id: i32, props: JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "downloads"], js_name = search)]
    async fn downloads_search_raw(query: JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "local"], js_name = get)]
    async fn storage_local_get_raw(key: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "local"], js_name = set)]
    async fn storage_local_set_raw(items: JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "session"], js_name = get)]
    async fn storage_get_raw(key: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = ["chrome", "storage", "session"], js_name = set)]
    async fn storage_set_raw(items: JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &Function, ms: i32) -> JsValue;
}

/// Reads `chrome.runtime.<name>`.
fn runtime_property(name: &str) -> JsValue {
    let get = |target: &JsValue, key: &str| js_sys::Reflect::get(target, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    let chrome = get(&js_sys::global(), "chrome");
    let runtime = get(&chrome, "runtime");
    get(&runtime, name)
}

/// `chrome.runtime.lastError`.
pub fn last_error() -> JsValue {
    runtime_property("lastError")
}

/// `chrome.runtime.id`.
pub fn extension_id() -> String {
    runtime_property("id").as_string().unwrap_or_default()
}

/// What a chrome.* call failed with, as text.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct ChromeError(pub String);

impl From<JsValue> for ChromeError {
    fn from(value: JsValue) -> Self {
        ChromeError(js_error_text(&value))
    }
}

/// The message of a thrown JS value.
pub fn js_error_text(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        return text;
    }
    js_sys::Reflect::get(value, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| String::from(js_sys::JSON::stringify(value).unwrap_or_else(|_| "unknown error".into())))
}

/// A Rust value as a plain JS object.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, ChromeError> {
    let text = serde_json::to_string(value).map_err(|e| ChromeError(format!("cannot encode: {e}")))?;
    js_sys::JSON::parse(&text).map_err(ChromeError::from)
}

/// Whether the browser runs on macOS (its editing shortcuts take Cmd, not Ctrl).
pub fn is_mac() -> bool {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("navigator")).unwrap_or(JsValue::UNDEFINED);
    let platform = js_sys::Reflect::get(&navigator, &JsValue::from_str("platform")).ok().and_then(|p| p.as_string()).unwrap_or_default();
    platform.starts_with("Mac")
}

/// A JS value read as `T`.
pub fn from_js<T: DeserializeOwned>(value: &JsValue) -> Result<T, ChromeError> {
    // Through one untyped parse: each type is then read from a JSON value only, as answers
    // from the debugger are, and the core holds one reader per type, not two.
    serde_json::from_value(js_value(value)?).map_err(|e| ChromeError(format!("unexpected shape from the browser: {e}")))
}

/// A JS value as JSON (null for undefined).
fn js_value(value: &JsValue) -> Result<serde_json::Value, ChromeError> {
    if value.is_undefined() || value.is_null() {
        return Ok(serde_json::Value::Null);
    }
    let text: String = js_sys::JSON::stringify(value).map_err(ChromeError::from)?.into();
    serde_json::from_str(&tabwright_protocol::sanitize::repair_json_surrogates(&text)).map_err(|e| ChromeError(format!("unexpected shape from the browser: {e}")))
}

/// A tab as chrome.tabs describes it (the fields the core reads).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tab {
    pub id: Option<i32>,
    #[serde(default)]
    pub window_id: i32,
    #[serde(default)]
    pub index: i32,
    #[serde(default)]
    pub active: bool,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub pending_url: Option<String>,
    #[serde(default)]
    pub status: Option<String>,
}

impl Tab {
    /// The address the tab shows, or is about to show.
    pub fn address(&self) -> String {
        self.url.clone().filter(|u| !u.is_empty()).or_else(|| self.pending_url.clone()).unwrap_or_else(|| "about:blank".into())
    }
}

pub async fn tabs_query(query: serde_json::Value) -> Result<Vec<Tab>, ChromeError> {
    from_js(&tabs_query_raw(to_js(&query)?).await?)
}

pub async fn tabs_get(tab_id: i32) -> Result<Tab, ChromeError> {
    from_js(&tabs_get_raw(tab_id).await?)
}

pub async fn tabs_create(props: serde_json::Value) -> Result<Tab, ChromeError> {
    from_js(&tabs_create_raw(to_js(&props)?).await?)
}

pub async fn tabs_update(tab_id: i32, props: serde_json::Value) -> Result<Tab, ChromeError> {
    from_js(&tabs_update_raw(tab_id, to_js(&props)?).await?)
}

/// The tab's history back one page (rejects when there is none).
pub async fn tabs_go_back(tab_id: i32) -> Result<(), ChromeError> {
    tabs_go_back_raw(tab_id).await?;
    Ok(())
}

/// The tab's history forward one page (rejects when there is none).
pub async fn tabs_go_forward(tab_id: i32) -> Result<(), ChromeError> {
    tabs_go_forward_raw(tab_id).await?;
    Ok(())
}

pub async fn tabs_reload(tab_id: i32) -> Result<(), ChromeError> {
    tabs_reload_raw(tab_id).await?;
    Ok(())
}

pub async fn tabs_remove(tab_id: i32) -> Result<(), ChromeError> {
    tabs_remove_raw(tab_id).await?;
    Ok(())
}

pub async fn windows_focus(window_id: i32) -> Result<(), ChromeError> {
    windows_update_raw(window_id, to_js(&serde_json::json!({"focused": true}))?).await?;
    Ok(())
}

/// Opens a window at `url`, returning its first tab.
pub async fn windows_create(url: &str) -> Result<Tab, ChromeError> {
    #[derive(serde::Deserialize)]
    struct Window {
        #[serde(default)]
        tabs: Vec<Tab>,
    }
    let w: Window = from_js(&windows_create_raw(to_js(&serde_json::json!({"url": url, "focused": true}))?).await?)?;
    w.tabs.into_iter().next().ok_or_else(|| ChromeError("the new window has no tab".into()))
}

/// The id of the window that had focus last, if any.
pub async fn last_focused_window() -> Option<i32> {
    #[derive(serde::Deserialize)]
    struct Window {
        id: Option<i32>,
    }
    let raw = windows_last_focused_raw().await.ok()?;
    from_js::<Window>(&raw).ok()?.id
}

fn target(tab_id: i32, session: Option<&str>) -> Result<JsValue, ChromeError> {
    match session {
        Some(session) => to_js(&serde_json::json!({ "tabId": tab_id, "sessionId": session })),
        None => to_js(&serde_json::json!({ "tabId": tab_id })),
    }
}

pub async fn debugger_attach(tab_id: i32) -> Result<(), ChromeError> {
    debugger_attach_raw(target(tab_id, None)?, "1.3").await?;
    Ok(())
}

/// Runs one of the extension's files in the top frame of `tab_id`, or in every frame, in the
/// extension's isolated world; the value of each frame's last expression, in frame order.
pub async fn execute_file(tab_id: i32, file: &str, all_frames: bool) -> Result<Vec<serde_json::Value>, ChromeError> {
    let injection = serde_json::json!({ "target": { "tabId": tab_id, "allFrames": all_frames }, "files": [file], "injectImmediately": true });
    let raw = execute_script_raw(to_js(&injection)?).await?;
    let results: Vec<serde_json::Value> = from_js(&raw)?;
    Ok(results.into_iter().map(|mut r| r["result"].take()).collect())
}

/// Sends a CDP command to a tab, or to one of its child sessions (an out-of-process frame).
pub async fn debugger_send(tab_id: i32, session: Option<&str>, method: &str, params: &serde_json::Value) -> Result<serde_json::Value, ChromeError> {
    let raw = debugger_send_raw(target(tab_id, session)?, method, to_js(params)?).await?;
    if raw.is_undefined() || raw.is_null() {
        return Ok(serde_json::Value::Null);
    }
    from_js(&raw)
}

/// Whether the browser's print dialog is open somewhere: its preview is a page of its own
/// (chrome://print/), which holds the page that asked to print until a person closes it.
pub async fn print_dialog_open() -> bool {
    #[derive(serde::Deserialize)]
    struct Target {
        #[serde(default)]
        url: String,
    }
    let Ok(raw) = debugger_targets_raw().await else { return false };
    from_js::<Vec<Target>>(&raw).is_ok_and(|targets| targets.iter().any(|t| t.url.starts_with("chrome://print/")))
}

pub async fn storage_get(key: &str) -> Result<Option<serde_json::Value>, ChromeError> {
    let all: serde_json::Value = from_js(&storage_get_raw(key).await?)?;
    Ok(all.get(key).cloned())
}

pub async fn storage_set(key: &str, value: &serde_json::Value) -> Result<(), ChromeError> {
    let mut items = serde_json::Map::new();
    items.insert(key.to_string(), value.clone());
    storage_set_raw(to_js(&items)?).await?;
    Ok(())
}

/// Resolves after `ms` milliseconds.
pub async fn sleep(ms: i32) {
    let promise = Promise::new(&mut |resolve, _reject| {
        set_timeout(&resolve, ms);
    });
    let _ = JsFuture::from(promise).await;
}

/// `work`'s output, or `None` when it takes longer than `ms` milliseconds (it is then dropped).
pub async fn bounded<T>(work: impl std::future::Future<Output = T>, ms: i32) -> Option<T> {
    match futures::future::select(Box::pin(work), Box::pin(sleep(ms))).await {
        futures::future::Either::Left((done, _)) => Some(done),
        futures::future::Either::Right(_) => None,
    }
}

/// Writes to the service worker's console.
pub fn log(message: &str) {
    web_sys::console::log_1(&JsValue::from_str(message));
}

/// The browser's record of one download.
pub async fn downloads_search(id: i64) -> Result<Option<serde_json::Value>, ChromeError> {
    let items: Vec<serde_json::Value> = from_js(&downloads_search_raw(to_js(&serde_json::json!({ "id": id }))?).await?)?;
    Ok(items.into_iter().next())
}

/// Replaces the declarativeNetRequest session rules.
pub async fn set_session_rules(rules: &serde_json::Value) -> Result<(), ChromeError> {
    let existing: Vec<serde_json::Value> = from_js(&dnr_get_raw().await?)?;
    let remove: Vec<i64> = existing.iter().filter_map(|r| r["id"].as_i64()).collect();
    dnr_update_raw(to_js(&serde_json::json!({ "removeRuleIds": remove, "addRules": rules }))?).await?;
    Ok(())
}

/// Opens a small popup window at an extension page; returns the window id.
pub async fn windows_open_popup(url: &str, width: i32, height: i32) -> Result<i32, ChromeError> {
    let w: serde_json::Value = from_js(&windows_create_raw(to_js(&serde_json::json!({"url": url, "type": "popup", "width": width, "height": height, "focused": true}))?).await?)?;
    w["id"].as_i64().map(|i| i as i32).ok_or_else(|| ChromeError("the window has no id".into()))
}

pub async fn windows_remove(window_id: i32) -> Result<(), ChromeError> {
    windows_remove_raw(window_id).await?;
    Ok(())
}

pub async fn action_badge(text: &str, color: &str) -> Result<(), ChromeError> {
    badge_text_raw(to_js(&serde_json::json!({ "text": text }))?).await?;
    badge_color_raw(to_js(&serde_json::json!({ "color": color }))?).await?;
    Ok(())
}

/// Adds a tab to a tab group (a new one in `window` when `group` is None); returns the group's
/// id. (A group in another window would move the tab there.)
pub async fn tabs_group(tab: i32, group: Option<i32>, window: i32) -> Result<i32, ChromeError> {
    let options = match group {
        Some(g) => serde_json::json!({ "tabIds": [tab], "groupId": g }),
        None => serde_json::json!({ "tabIds": [tab], "createProperties": { "windowId": window } }),
    };
    let id: serde_json::Value = from_js(&tabs_group_raw(to_js(&options)?).await?)?;
    id.as_i64().map(|i| i as i32).ok_or_else(|| ChromeError("no group id".into()))
}

/// Takes a tab out of its tab group.
pub async fn tabs_ungroup(tab: i32) -> Result<(), ChromeError> {
    tabs_ungroup_raw(tab).await?;
    Ok(())
}

pub async fn tab_group_title(group: i32, title: &str) -> Result<(), ChromeError> {
    tab_groups_update_raw(group, to_js(&serde_json::json!({ "title": title, "color": "orange" }))?).await?;
    Ok(())
}

pub async fn storage_local_get(key: &str) -> Result<Option<serde_json::Value>, ChromeError> {
    let all: serde_json::Value = from_js(&storage_local_get_raw(key).await?)?;
    Ok(all.get(key).cloned())
}

pub async fn storage_local_set(key: &str, value: &serde_json::Value) -> Result<(), ChromeError> {
    let mut items = serde_json::Map::new();
    items.insert(key.to_string(), value.clone());
    storage_local_set_raw(to_js(&items)?).await?;
    Ok(())
}

