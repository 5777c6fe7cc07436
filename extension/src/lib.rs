//! The Wasm core of the tabwright extension.
//!
//! The JS shim (`extension/js/background.js`) registers every chrome.* listener at the top
//! level and forwards each event here once [`start`] has resolved.

use wasm_bindgen::prelude::*;

pub mod activity;
pub mod cdp;
pub mod confirm;
pub mod downloads;
pub mod chrome;
mod closed_roots;
pub mod fetching;
pub mod find;
pub mod host;
mod inflight;
mod internals;
pub mod keys;
pub mod members;
mod listeners;
pub mod page;
pub mod policy;
pub mod refs;
pub mod registry;
pub mod counted;
pub mod session;
pub mod snapshot;
pub mod state;

#[global_allocator]
static ALLOCATOR: counted::Counted = counted::Counted;

/// The bytes the core's allocations hold now (for the memory test: the Wasm memory's size is
/// a high-water mark).
#[wasm_bindgen]
pub fn live_bytes() -> f64 {
    counted::live() as f64
}

/// Loads the tab registry, reconciles it with the open tabs, and connects to the bridge.
#[wasm_bindgen]
pub async fn start() {
    state::load().await;
    downloads::load().await;
    session::load().await;
    if let Err(e) = state::current_tabs().await {
        chrome::log(&format!("tabwright: could not read tabs at start: {e}"));
    }
    host::connect();
}

/// The page agent's source, which the worker reads from the extension's files and hands over
/// before it starts the core.
#[wasm_bindgen]
pub fn set_page_agent(source: String) {
    page::set_agent(source);
}

/// The look for handlers run in the page's own world, handed over as the page agent is.
#[wasm_bindgen]
pub fn set_handlers_look(source: String) {
    listeners::set_source(source);
}

#[wasm_bindgen]
pub fn on_tab_created(tab_id: i32, opener: Option<i32>) {
    state::tabs_changed();
    state::with_registry(|r| {
        r.register(tab_id);
    });
    // A tab a page Claude works in opened (a link to a new tab, a sign-in popup) is debugged
    // from its start: a dialog it shows before the debugger attaches is one the debugger never
    // hears of, which holds the tab (and an opener that shares its process) until it closes.
    if opener.is_some_and(cdp::is_attached) {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = cdp::ensure_attached(tab_id).await;
        });
    }
}

#[wasm_bindgen]
pub fn on_tab_removed(tab_id: i32) {
    state::tab_removed(tab_id);
    state::with_registry(|r| r.remove(tab_id));
    cdp::on_detach(tab_id);
    page::forget(tab_id);
    listeners::forget(tab_id);
    members::capture::forget(tab_id);
    members::pointer::forget(tab_id);
    activity::forget(tab_id);
    fetching::forget(tab_id);
}

#[wasm_bindgen]
pub fn on_download_created(item: JsValue) {
    if let Ok(item) = chrome::from_js::<serde_json::Value>(&item) {
        downloads::on_created(&item);
    }
}

#[wasm_bindgen]
pub fn on_download_changed(delta: JsValue) {
    if let Ok(delta) = chrome::from_js::<serde_json::Value>(&delta) {
        downloads::on_changed(&delta);
    }
}

#[wasm_bindgen]
pub fn on_tab_activated(tab_id: i32) {
    state::tab_activated(tab_id);
    state::with_registry(|r| r.set_active(tab_id));
}

#[wasm_bindgen]
pub fn on_debugger_event(tab_id: i32, session: Option<String>, method: String, params: JsValue) {
    // A page's console lines and errors can be megabytes each, and the core keeps 1,000
    // characters of an entry: the rest is cut off before the event is copied into the core.
    match method.as_str() {
        "Runtime.consoleAPICalled" => {
            use wasm_bindgen::JsCast;
            if let Some(args) = field(&params, "args").dyn_ref::<js_sys::Array>() {
                for arg in args.iter() {
                    cut_long_strings(&arg, &["value", "description", "unserializableValue"]);
                }
            }
        }
        "Runtime.exceptionThrown" => {
            let details = field(&params, "exceptionDetails");
            cut_long_strings(&details, &["text"]);
            cut_long_strings(&field(&details, "exception"), &["description", "value"]);
        }
        // A request's address can be a data: URL of megabytes, and its body the file it uploads;
        // the core keeps 2,000 characters of an address and no body. (A script's stack in the
        // initiator is dropped: nothing reads it.)
        "Network.requestWillBeSent" => {
            let request = field(&params, "request");
            cut_long_strings(&request, &["url", "urlFragment"]);
            drop_fields(&request, &["postData", "postDataEntries"]);
            cut_long_strings(&params, &["documentURL"]);
            let initiator = field(&params, "initiator");
            drop_fields(&initiator, &["stack"]);
            cut_long_strings(&initiator, &["url"]);
            cut_long_strings(&field(&params, "redirectResponse"), &["url"]);
        }
        "Network.responseReceived" => cut_long_strings(&field(&params, "response"), &["url"]),
        _ => {}
    }
    let params = chrome::from_js(&params).unwrap_or(serde_json::Value::Null);
    cdp::dispatch_event(tab_id, session.as_deref(), &method, params);
}

/// Longer strings of an event are cut to this many UTF-16 units (more than an entry keeps, so an
/// entry still says it was cut).
const EVENT_STRING_MAX: u32 = 4096;

/// The field `name` of a JS object (undefined for anything else).
fn field(object: &JsValue, name: &str) -> JsValue {
    if !object.is_object() {
        return JsValue::UNDEFINED;
    }
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Cuts the named string fields of a JS object to [`EVENT_STRING_MAX`], in place, marked with "…".
fn cut_long_strings(object: &JsValue, keys: &[&str]) {
    use wasm_bindgen::JsCast;
    for key in keys {
        if let Some(text) = field(object, key).dyn_ref::<js_sys::JsString>().filter(|t| t.length() > EVENT_STRING_MAX) {
            let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &text.slice(0, EVENT_STRING_MAX).concat(&JsValue::from_str("…")));
        }
    }
}

/// Removes the named fields of a JS object, in place.
fn drop_fields(object: &JsValue, keys: &[&str]) {
    use wasm_bindgen::JsCast;
    let Some(object) = object.dyn_ref::<js_sys::Object>() else { return };
    for key in keys {
        let _ = js_sys::Reflect::delete_property(object, &JsValue::from_str(key));
    }
}

#[wasm_bindgen]
pub fn on_debugger_detach(tab_id: i32) {
    cdp::on_detach(tab_id);
    members::capture::mark_resized(tab_id);
    activity::forget_main_frame(tab_id);
    page::forget(tab_id);
    listeners::forget(tab_id);
}

#[wasm_bindgen]
pub fn on_navigation_error(details: JsValue) {
    if let Ok(details) = chrome::from_js::<serde_json::Value>(&details) {
        activity::on_navigation_error(&details);
    }
}

/// chrome.runtime.onMessage from this extension's own pages; the reply goes back synchronously.
#[wasm_bindgen]
pub fn on_runtime_message(message: JsValue, sender_window: Option<i32>) -> JsValue {
    let message = chrome::from_js::<serde_json::Value>(&message).unwrap_or(serde_json::Value::Null);
    let reply = match message["type"].as_str() {
        Some("status") => session::status(),
        Some("stop") => {
            session::stop();
            session::status()
        }
        Some("resume") => {
            session::resume();
            session::status()
        }
        Some("set-options-policy") => policy::set_options(&message),
        _ => confirm::on_message(&message, sender_window),
    };
    chrome::to_js(&reply).unwrap_or(JsValue::NULL)
}

/// A tab was replaced or moved between windows, or a window opened or its focus changed.
#[wasm_bindgen]
pub fn on_tabs_changed() {
    state::tabs_changed();
}

#[wasm_bindgen]
pub fn on_window_removed(window_id: i32) {
    state::tabs_changed();
    confirm::on_window_removed(window_id);
}
