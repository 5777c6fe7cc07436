//! Typed CDP commands over chrome.debugger.
//!
//! Each command's params type names its method and its response type, and one generic
//! [`send`] carries them all with a timeout. Events reach [`dispatch_event`] from the shim and
//! wake whoever [`wait_for`]s them.

use std::cell::RefCell;
use std::collections::HashSet;

use futures::channel::oneshot;
use futures::future::{select, Either};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::chrome;

/// A CDP command: its params, method name and response.
pub trait Command: Serialize {
    const METHOD: &'static str;
    type Response: DeserializeOwned;
}

/// Why a CDP command failed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum CdpError {
    #[error("{0}")]
    Browser(String),
    #[error("the browser did not answer {method} within {secs} seconds")]
    Timeout { method: &'static str, secs: u32 },
    #[error("unexpected {method} response: {detail}")]
    Decode { method: &'static str, detail: String },
}

/// How long one command may take.
pub const COMMAND_TIMEOUT_MS: i32 = 20_000;

thread_local! {
    static ATTACHED: RefCell<HashSet<i32>> = RefCell::new(HashSet::new());
    static WAITERS: RefCell<Vec<Waiter>> = const { RefCell::new(Vec::new()) };
}

struct Waiter {
    tab: i32,
    methods: &'static [&'static str],
    tx: Option<oneshot::Sender<(String, Value)>>,
}

/// Attaches the debugger to `tab` unless it already is, and enables the domains the core uses.
pub async fn ensure_attached(tab: i32) -> Result<(), CdpError> {
    if ATTACHED.with(|a| a.borrow().contains(&tab)) {
        return Ok(());
    }
    match chrome::debugger_attach(tab).await {
        Ok(()) => {}
        Err(e) if e.0.contains("Another debugger is already attached") => {}
        Err(e) => return Err(CdpError::Browser(e.0)),
    }
    ATTACHED.with(|a| a.borrow_mut().insert(tab));
    send(tab, &PageEnable {}).await?;
    Ok(())
}

/// Called when chrome.debugger detaches from a tab.
pub fn on_detach(tab: i32) {
    ATTACHED.with(|a| a.borrow_mut().remove(&tab));
    // Wake waiters on that tab: their events will never come.
    WAITERS.with(|w| {
        for waiter in w.borrow_mut().iter_mut().filter(|w| w.tab == tab) {
            if let Some(tx) = waiter.tx.take() {
                let _ = tx.send(("detached".into(), Value::Null));
            }
        }
    });
    WAITERS.with(|w| w.borrow_mut().retain(|w| w.tx.is_some()));
}

/// Sends one command to `tab` and reads its response.
pub async fn send<C: Command>(tab: i32, command: &C) -> Result<C::Response, CdpError> {
    let params = serde_json::to_value(command).map_err(|e| CdpError::Decode { method: C::METHOD, detail: e.to_string() })?;
    let call = Box::pin(chrome::debugger_send(tab, C::METHOD, &params));
    let timer = Box::pin(chrome::sleep(COMMAND_TIMEOUT_MS));
    let raw = match select(call, timer).await {
        Either::Left((result, _)) => result.map_err(|e| CdpError::Browser(e.0))?,
        Either::Right(_) => return Err(CdpError::Timeout { method: C::METHOD, secs: (COMMAND_TIMEOUT_MS / 1000) as u32 }),
    };
    let raw = if raw.is_null() { Value::Object(Default::default()) } else { raw };
    serde_json::from_value(raw).map_err(|e| CdpError::Decode { method: C::METHOD, detail: e.to_string() })
}

/// A future that resolves with the first of `methods` emitted on `tab`, registered now so an
/// event that fires before the caller awaits it is not lost.
pub fn wait_for(tab: i32, methods: &'static [&'static str]) -> oneshot::Receiver<(String, Value)> {
    let (tx, rx) = oneshot::channel();
    WAITERS.with(|w| w.borrow_mut().push(Waiter { tab, methods, tx: Some(tx) }));
    rx
}

/// Waits for `rx` at most `ms` milliseconds. `None` on timeout.
pub async fn within(rx: oneshot::Receiver<(String, Value)>, ms: i32) -> Option<(String, Value)> {
    match select(rx, Box::pin(chrome::sleep(ms))).await {
        Either::Left((Ok(event), _)) => Some(event),
        _ => None,
    }
}

/// Routes one debugger event to its waiters.
pub fn dispatch_event(tab: i32, method: &str, params: Value) {
    WAITERS.with(|w| {
        let mut waiters = w.borrow_mut();
        for waiter in waiters.iter_mut().filter(|w| w.tab == tab && w.methods.contains(&method)) {
            if let Some(tx) = waiter.tx.take() {
                let _ = tx.send((method.to_string(), params.clone()));
            }
        }
        waiters.retain(|w| w.tx.as_ref().is_some_and(|tx| !tx.is_canceled()));
    });
}

macro_rules! command {
    ($name:ident, $method:literal, $response:ty) => {
        impl Command for $name {
            const METHOD: &'static str = $method;
            type Response = $response;
        }
    };
}

#[derive(Serialize)]
pub struct PageEnable {}
command!(PageEnable, "Page.enable", Empty);

#[derive(Debug, Default, Deserialize)]
pub struct Empty {}

#[derive(Serialize)]
pub struct Navigate<'a> {
    pub url: &'a str,
}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigateResponse {
    #[serde(default)]
    pub frame_id: String,
    pub loader_id: Option<String>,
    pub error_text: Option<String>,
}
impl Command for Navigate<'_> {
    const METHOD: &'static str = "Page.navigate";
    type Response = NavigateResponse;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reload {
    pub ignore_cache: bool,
}
command!(Reload, "Page.reload", Empty);

#[derive(Serialize)]
pub struct GetNavigationHistory {}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigationHistory {
    pub current_index: i64,
    pub entries: Vec<HistoryEntry>,
}
#[derive(Debug, Deserialize)]
pub struct HistoryEntry {
    pub id: i64,
    pub url: String,
}
command!(GetNavigationHistory, "Page.getNavigationHistory", NavigationHistory);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigateToHistoryEntry {
    pub entry_id: i64,
}
command!(NavigateToHistoryEntry, "Page.navigateToHistoryEntry", Empty);

#[derive(Serialize)]
pub struct CaptureScreenshot {
    pub format: &'static str,
}
#[derive(Debug, Deserialize)]
pub struct Screenshot {
    pub data: String,
}
command!(CaptureScreenshot, "Page.captureScreenshot", Screenshot);

#[derive(Serialize)]
pub struct GetFrameTree {}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameTreeResponse {
    pub frame_tree: FrameTree,
}
#[derive(Debug, Deserialize)]
pub struct FrameTree {
    pub frame: Frame,
}
#[derive(Debug, Deserialize)]
pub struct Frame {
    pub id: String,
}
command!(GetFrameTree, "Page.getFrameTree", FrameTreeResponse);
