//! Typed CDP commands over chrome.debugger (the types are in `commands`).
//!
//! Each command's params type names its method and its response type, and one generic
//! [`send`] carries them all with a timeout. Events reach [`dispatch_event`] from the shim and
//! wake whoever [`wait_for`]s them.

use std::cell::RefCell;
use std::collections::HashSet;

use futures::channel::oneshot;
use futures::future::{select, Either};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::{chrome, state};

mod commands;
pub use commands::*;

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

impl CdpError {
    /// The browser's refusal, as its words: chrome.debugger hands over a protocol error as its
    /// JSON (`{"code":-32000,"message":"…"}`), which says nothing more to a reader.
    fn browser(raw: String) -> CdpError {
        let said = serde_json::from_str::<Value>(&raw).ok().and_then(|v| {
            let message = v["message"].as_str()?.to_string();
            // (Its `data`, when there is one, says which parameter it refused.)
            Some(match v["data"].as_str() {
                Some(data) => format!("{message}: {data}"),
                None => message,
            })
        });
        CdpError::Browser(said.unwrap_or(raw))
    }
}

/// How long one command may take.
pub const COMMAND_TIMEOUT_MS: i32 = 20_000;
/// How long one command may take while the tab's events stream in ahead of its answer (a page
/// logging megabytes a line sends a few dozen a second, and they all come first).
const BEHIND_EVENTS_MS: i32 = 60_000;
/// An event this recent (ms) means a tab still streams them (a line of megabytes may take a
/// second or two to pass on a loaded machine).
const STREAMING_MS: f64 = 5_000.0;

/// Ends when a command to `at` has gone unanswered too long: [`COMMAND_TIMEOUT_MS`], or up to
/// [`BEHIND_EVENTS_MS`] while its tab's events keep coming.
async fn unanswered(at: &Debuggee) {
    chrome::sleep(COMMAND_TIMEOUT_MS).await;
    let mut waited = COMMAND_TIMEOUT_MS;
    while waited < BEHIND_EVENTS_MS && streaming(at.tab) {
        chrome::sleep(500).await;
        waited += 500;
    }
}

/// A CDP endpoint: a tab, or a child session of it (an out-of-process iframe).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Debuggee {
    pub tab: i32,
    pub session: Option<String>,
}

impl Debuggee {
    pub fn tab(tab: i32) -> Self {
        Debuggee { tab, session: None }
    }
}

/// An out-of-process frame the debugger attached to.
#[derive(Clone, Debug)]
pub struct ChildSession {
    pub session: String,
    /// The session of the frame that holds it, when that is a frame of another site too (none
    /// when the tab's own document holds it).
    pub parent: Option<String>,
    /// Whether it was prepared for Claude's input (see [`prepare_children`]).
    pub prepared: bool,
    /// Whether its console is heard (see [`hear_children_consoles`]).
    pub console: bool,
    pub target_id: String,
    pub url: String,
}

thread_local! {
    static CHILDREN: RefCell<std::collections::HashMap<i32, Vec<ChildSession>>> = RefCell::new(std::collections::HashMap::new());
    static ATTACHED: RefCell<HashSet<i32>> = RefCell::new(HashSet::new());
    /// The identifier of each attached tab's new-document agent script, with the overlay it
    /// shows (see page::agent_for_new_documents).
    static AGENT_SCRIPTS: RefCell<std::collections::HashMap<i32, (String, Option<bool>)>> = RefCell::new(std::collections::HashMap::new());
    /// Attaches under way, shared by every caller that needs the tab meanwhile.
    static ATTACHING: crate::inflight::Pending<i32, Result<(), CdpError>> = RefCell::new(std::collections::HashMap::new());
    /// The mends of frames Chrome refuses the debugger for under way, by tab (see [`mend`]).
    static MENDING: crate::inflight::Pending<i32, Option<bool>> = RefCell::new(std::collections::HashMap::new());
    static WAITERS: RefCell<Vec<Waiter>> = const { RefCell::new(Vec::new()) };
    /// Commands in flight to frames' sessions, woken when their session ends: the browser never
    /// answers a command to a frame removed meanwhile.
    static ENDING: RefCell<Vec<(i32, String, oneshot::Sender<()>)>> = const { RefCell::new(Vec::new()) };
    /// When each tab (or one of its frames) last sent a debugger event (ms since the epoch).
    static HEARD: RefCell<std::collections::HashMap<i32, f64>> = RefCell::new(std::collections::HashMap::new());
}

/// Whether the tab's events still come: its last one is under [`STREAMING_MS`] old. They all
/// reach the extension ahead of any answer sent after them.
pub fn streaming(tab: i32) -> bool {
    HEARD.with(|h| h.borrow().get(&tab).is_some_and(|when| js_sys::Date::now() - when < STREAMING_MS))
}

struct Waiter {
    tab: i32,
    methods: &'static [&'static str],
    tx: Option<oneshot::Sender<(String, Value)>>,
    /// Waits for the event on any other tab than `tab` (its params then name it, `tabId`).
    elsewhere: bool,
}

/// Whether the debugger is attached to `tab`, with its domains on.
pub fn is_attached(tab: i32) -> bool {
    ATTACHED.with(|a| a.borrow().contains(&tab))
}

/// Attaches the debugger to `tab` unless it already is, and enables the domains the core uses.
/// Callers that arrive while an attach is under way wait for that one.
pub async fn ensure_attached(tab: i32) -> Result<(), CdpError> {
    if is_attached(tab) {
        return Ok(());
    }
    crate::inflight::join(&ATTACHING, tab, || attach(tab)).await
}

/// The address in Chrome's refusal to debug a tab: `Cannot access contents of url "…"`.
fn refused_address(text: &str) -> Option<&str> {
    let rest = text.split_once("Cannot access contents of url \"")?.1;
    Some(rest.split_once('"').map_or(rest, |(address, _)| address))
}

/// Whether the address Chrome refuses the debugger for is one it allows bare: about:blank#x (a
/// page gets one by setting an empty frame's location.hash) or about:blank?q=1.
fn mendable(address: &str) -> bool {
    let lower = tabwright_protocol::sanitize::lowercase(address);
    ["about:blank", "about:srcdoc"].iter().any(|bare| lower.strip_prefix(bare).is_some_and(|rest| rest.starts_with(['?', '#'])))
}

/// Has page/unblock.js give each frame of `tab` at such an address its bare address back. Calls
/// refused at the same moment (a move and a press sent together) share one run. Whether it
/// changed (or is still changing) any frame; None when the script could not run.
async fn mend(tab: i32) -> Option<bool> {
    const FILE: &str = "extension/page/unblock.js";
    crate::inflight::join(&MENDING, tab, move || async move {
        let changed = |r: Vec<Value>| r.iter().any(|v| v.as_array().is_some_and(|a| !a.is_empty()));
        // Every frame, for such frames inside other sites' frames; when Chrome refuses some
        // frame (the refused one itself, say), the top one, which reaches its same-origin frames.
        match chrome::execute_file(tab, FILE, true).await {
            Ok(r) => Some(changed(r)),
            Err(_) => chrome::execute_file(tab, FILE, false).await.ok().map(changed),
        }
    })
    .await
}

/// Why a refusal stays.
#[derive(Clone, Copy)]
enum Stays {
    /// Its address is not one that can be mended.
    Refused,
    /// The frame was mended, and the page gave it such an address again.
    PutBack,
    /// Mending it would lose what the page wrote into it (its address differs from the bare one
    /// by more than a fragment, and its document is not empty).
    Written,
}

/// How [`refusal`] begins.
const REFUSED: &str = "Chrome does not let extensions control";

/// Whether an error is Chrome's refusal to debug the tab, as [`refusal`] words it.
pub fn refused(error: &str) -> bool {
    error.starts_with(REFUSED)
}

/// Chrome's refusal to debug `tab` (`text`, naming the address it refuses), in words a person
/// can act on: none of Chrome's advice about the manifest, which is no help to them. The
/// address is the page's to choose (its fragment): one bounded line.
async fn refusal(tab: i32, text: String, why: Stays) -> chrome::ChromeError {
    let Some(refused) = refused_address(&text) else { return chrome::ChromeError(text) };
    let top = chrome::tabs_get(tab).await.is_ok_and(|t| t.url.as_deref() == Some(refused));
    let address = tabwright_protocol::sanitize::line(refused, 120);
    let what = if top { "its page is at" } else { "a frame of its page is at" };
    let kept = match why {
        Stays::Refused => "",
        Stays::PutBack => ", and the page keeps putting it back",
        Stays::Written => ", and its address cannot be changed without losing what the page wrote into that frame",
    };
    chrome::ChromeError(format!(
        "{REFUSED} {}: {what} {address}, an address Chrome does not let extensions debug{kept}. Navigate the tab elsewhere, or use another tab.",
        state::tab_name(tab)
    ))
}

/// Whether an error is Chrome's refusal to debug a page of its own (settings, the new tab page,
/// another extension's page, the extension gallery), which names no address.
fn browser_page(text: &str) -> bool {
    ["Cannot access a chrome://", "Cannot access a chrome-extension:// URL", "cannot be scripted", "Cannot attach to this target"].iter().any(|m| text.contains(m))
}

/// That refusal, with the page's address, in words Claude can act on. (The same words come for
/// a web page that holds another extension's frame, or that a policy keeps from extensions:
/// the address tells which.)
async fn own_page_refusal(tab: i32, text: String) -> chrome::ChromeError {
    // (A tab still loading its page has its address as the pending one.)
    let url = chrome::tabs_get(tab).await.ok().and_then(|t| t.url.filter(|u| !u.is_empty()).or(t.pending_url)).unwrap_or_default();
    let address = tabwright_protocol::sanitize::line(&url, 120);
    let lower = tabwright_protocol::sanitize::lowercase(&url);
    // (No web page holds a chrome:// frame: that refusal is of the tab's own page.)
    let own = text.contains("Cannot access a chrome://")
        || ["chrome:", "chrome-extension:", "chrome-untrusted:", "chrome-search:", "devtools:", "edge:", "brave:"].iter().any(|s| lower.starts_with(s))
        || ["https://chromewebstore.google.com/", "https://chrome.google.com/webstore"].iter().any(|s| lower.starts_with(s));
    let at = if address.is_empty() { String::new() } else { format!(" ({address})") };
    let tab = state::tab_name(tab);
    if own {
        return chrome::ChromeError(format!("{REFUSED} {tab}: it shows one of the browser's own pages{at}. Navigate the tab to a web page, or use another tab."));
    }
    let said = tabwright_protocol::sanitize::line(&text, 200);
    chrome::ChromeError(format!("{REFUSED} {tab}{at}: Chrome refused the debugger there ({said}). Navigate the tab elsewhere, or use another tab."))
}

/// Runs a chrome.debugger call on `tab`. When Chrome refuses it for a frame at an address
/// [`mendable`], the frame is mended and the call runs again (ten times at most, 20 ms apart
/// after the first, or more while the browser catches up: a frame given about:blank afresh takes
/// a moment to load it); a refusal that stays is told in words a person can act on. (A refused
/// call did not run.)
async fn mending<T, F: std::future::Future<Output = Result<T, chrome::ChromeError>>>(tab: i32, call: impl Fn() -> F) -> Result<T, chrome::ChromeError> {
    let mut result = call().await;
    let refused_mendable = |r: &Result<T, chrome::ChromeError>| matches!(r, Err(e) if refused_address(&e.0).is_some_and(mendable));
    let (mut tried, mut changed, mut idle) = (false, false, 0);
    // The page may give a frame such an address again meanwhile (at each key, say): each try
    // mends first. A try that found nothing to change, after the first, is the last, unless
    // this call mended a frame: a busy browser may not have taken in its new address yet, and
    // is given a moment more (three times at most, 20, 40 and 60 ms).
    for round in 0..10 {
        if !refused_mendable(&result) {
            break;
        }
        let Some(did) = mend(tab).await else { break };
        tried = true;
        changed |= did;
        if round > 0 {
            if !did {
                idle += 1;
                if !changed || idle > 3 {
                    break;
                }
            }
            chrome::sleep(20 * idle.max(1)).await;
        }
        result = call().await;
    }
    match result {
        Err(e) if browser_page(&e.0) => Err(own_page_refusal(tab, e.0).await),
        Err(e) if refused_address(&e.0).is_some() => {
            let why = match (tried && refused_address(&e.0).is_some_and(mendable), changed) {
                (false, _) => Stays::Refused,
                (true, true) => Stays::PutBack,
                (true, false) => Stays::Written,
            };
            Err(refusal(tab, e.0, why).await)
        }
        other => other,
    }
}

async fn attach(tab: i32) -> Result<(), CdpError> {
    let attach = Box::pin(mending(tab, || chrome::debugger_attach(tab)));
    // Already attached: by this extension before its worker restarted, with settings this core
    // no longer knows of.
    let mut again = false;
    match select(attach, Box::pin(chrome::sleep(COMMAND_TIMEOUT_MS))).await {
        Either::Left((Ok(()), _)) => {}
        Either::Left((Err(e), _)) if e.0.contains("Another debugger is already attached") => again = true,
        Either::Left((Err(e), _)) => return Err(CdpError::browser(e.0)),
        Either::Right(_) => return Err(CdpError::Timeout { method: "chrome.debugger.attach", secs: (COMMAND_TIMEOUT_MS / 1000) as u32 }),
    }
    // The domains go out together and are answered in order: one round trip instead of six.
    // Console, network and log entries are kept from here on, for read_console and read_network.
    let enables = futures::future::join_all([Enable("Page.enable"), Enable("Runtime.enable"), Enable("Network.enable"), Enable("Log.enable"), Enable("Inspector.enable")].iter().map(|e| send_enable(tab, e)).collect::<Vec<_>>());
    // Lifecycle events name each document's loader: navigate waits on them.
    let lifecycle = send(tab, &SetLifecycleEventsEnabled { enabled: true });
    // The page behaves as a focused one whether or not the person's window has the focus (they
    // may be in another application while they watch). Otherwise a field clicked inside another
    // site's frame loses the focus again as the browser hands it to that frame, and the keys
    // typed next go nowhere.
    let focus = send(tab, &SetFocusEmulationEnabled { enabled: true });
    // The overlay's Stop button reaches the core through a binding only our isolated world has.
    let binding = send(tab, &AddBinding { name: "tabwrightStop", execution_context_name: "tabwright" });
    // Every new document of the tab gets the page agent (and the overlay) in our isolated world as
    // it is created: no round trip after a load. Its context is heard as it is created.
    let (source, overlay) = crate::page::agent_for_new_documents();
    let script = AddScriptToEvaluateOnNewDocument { source: &source, world_name: "tabwright" };
    let agent = send(tab, &script);
    // Out-of-process iframes become child sessions, so their content can be read and acted on.
    // After a restart of the worker the debugger is still attached, with its frames' sessions,
    // which the browser does not announce again: turning auto-attach off first ends them, and
    // turning it on attaches every frame anew, announced.
    let auto_attach = |on: bool| SetAutoAttach {
        auto_attach: on,
        wait_for_debugger_on_start: false,
        flatten: true,
    };
    if again {
        let _ = send(tab, &auto_attach(false)).await;
    }
    let on = auto_attach(true);
    let children = send(tab, &on);
    let (enabled, lifecycle, binding, agent, children, focus) =
        futures::join!(enables, lifecycle, binding, agent, children, focus);
    for e in enabled {
        e?;
    }
    lifecycle?;
    binding?;
    focus?;
    let agent = agent?;
    AGENT_SCRIPTS.with(|a| a.borrow_mut().insert(tab, (agent.identifier, overlay)));
    children?;
    // Only a tab whose domains are all on counts as attached; a failure is retried next time.
    ATTACHED.with(|a| a.borrow_mut().insert(tab));
    if again {
        // File choosers the earlier worker intercepted are the person's until Claude acts here.
        let _ = send(tab, &SetInterceptFileChooserDialog { enabled: false, cancel: false }).await;
    }
    Ok(())
}

/// Registers the new-document agent of every attached tab again, as the overlay it starts with
/// changed (the session was stopped or resumed): a page loaded afterwards shows the right banner
/// from its first moment. The new script is added before the old one goes, so no document misses
/// the agent; one created in between runs both, the newer last.
pub async fn renew_agent_scripts() {
    let (source, overlay) = crate::page::agent_for_new_documents();
    let tabs: Vec<i32> = ATTACHED.with(|a| a.borrow().iter().copied().collect());
    let renew = |tab: i32| {
        let source = &source;
        async move {
            let Ok(added) = send(tab, &AddScriptToEvaluateOnNewDocument { source, world_name: "tabwright" }).await else { return };
            // Both scripts run in a document created meanwhile, the new one last.
            if let Some((old, _)) = AGENT_SCRIPTS.with(|a| a.borrow_mut().insert(tab, (added.identifier, overlay))) {
                let _ = send(tab, &RemoveScriptToEvaluateOnNewDocument { identifier: &old }).await;
            }
        }
    };
    futures::future::join_all(tabs.into_iter().map(renew)).await;
}

/// The overlay the tab's registered new-document script shows (`None` inside when it shows
/// none); `None` when the tab has no script.
pub fn new_document_overlay(tab: i32) -> Option<Option<bool>> {
    AGENT_SCRIPTS.with(|a| a.borrow().get(&tab).map(|(_, overlay)| *overlay))
}

/// The child sessions of a tab.
pub fn children(tab: i32) -> Vec<ChildSession> {
    CHILDREN.with(|c| c.borrow().get(&tab).cloned().unwrap_or_default())
}

fn track_children(tab: i32, from: Option<&str>, method: &str, params: &Value) {
    match method {
        "Target.attachedToTarget" => {
            let session = params["sessionId"].as_str().unwrap_or_default().to_string();
            let info = &params["targetInfo"];
            if info["type"] == "iframe" && !session.is_empty() {
                let frame = Debuggee {
                    tab,
                    session: Some(session.clone()),
                };
                let child = ChildSession {
                    session,
                    parent: from.map(str::to_string),
                    prepared: false,
                    console: false,
                    target_id: info["targetId"].as_str().unwrap_or_default().to_string(),
                    url: info["url"].as_str().unwrap_or_default().to_string(),
                };
                CHILDREN.with(|c| c.borrow_mut().entry(tab).or_default().push(child));
                // Its requests are heard from the start, as the tab's are (they cannot be asked
                // for afterwards).
                send_soon(&frame, NetworkEnable {});
                // A frame of another site inside this one is attached in turn (its session is
                // one of the tab's, announced on this frame's session).
                send_soon(
                    &frame,
                    SetAutoAttach {
                        auto_attach: true,
                        wait_for_debugger_on_start: false,
                        flatten: true,
                    },
                );
            }
        }
        "Target.detachedFromTarget" => {
            // The frame goes, and so do the frames of other sites inside it.
            let mut gone = vec![params["sessionId"].as_str().unwrap_or_default().to_string()];
            CHILDREN.with(|c| {
                if let Some(list) = c.borrow_mut().get_mut(&tab) {
                    let mut i = 0;
                    while i < gone.len() {
                        let parent = gone[i].clone();
                        for child in list.iter() {
                            if child.parent.as_deref() == Some(parent.as_str())
                                && !gone.contains(&child.session)
                            {
                                gone.push(child.session.clone());
                            }
                        }
                        i += 1;
                    }
                    list.retain(|s| !gone.contains(&s.session));
                }
            });
            for session in &gone {
                crate::page::forget_session(tab, session);
            }
            end_sessions(tab, |s| gone.iter().any(|g| g == s));
        }
        _ => {}
    }
}

/// The sessions of the tab's frames whose flag (picked by `flag`) is not yet set, setting it.
fn take_unmarked(tab: i32, flag: impl Fn(&mut ChildSession) -> &mut bool) -> Vec<String> {
    CHILDREN.with(|c| {
        let mut children = c.borrow_mut();
        let list = children.get_mut(&tab).into_iter().flatten();
        list.filter_map(|child| (!std::mem::replace(flag(child), true)).then(|| child.session.clone())).collect()
    })
}

/// Has the console of each of the tab's out-of-process frames heard, once, before a read of the
/// console: enabling the domains has the browser replay what each frame's scripts logged since
/// its document started (and the frame's messages arrive as they come afterwards). Nothing is
/// asked of a frame at attach, which keeps pages of many frames loading as fast.
pub async fn hear_children_consoles(tab: i32) {
    let fresh = take_unmarked(tab, |child| &mut child.console);
    let asks = fresh.into_iter().map(|session| async move {
        let d = Debuggee { tab, session: Some(session) };
        // A frame gone meanwhile answers nothing, within the command's limit.
        let _ = futures::join!(send_to(&d, &RuntimeEnable {}), send_to(&d, &LogEnable {}));
    });
    futures::future::join_all(asks).await;
}

/// Prepares the tab's out-of-process frames that are not yet, as the tab itself was prepared,
/// before Claude's input there: the page agent in each new document of a frame, with the binding
/// through which it tells of the person's presses, and the tab's file-chooser interception (a
/// chooser Claude's click opens in the frame is then told, not shown). The interception goes to
/// the browser at once, ahead of the input's events; the rest follows, with the agent for each
/// frame's current document. (Done at attach, it made a page of many frames load slower.)
pub fn prepare_children(tab: i32, intercept: bool) {
    let fresh = take_unmarked(tab, |child| &mut child.prepared);
    for session in fresh {
        let d = Debuggee {
            tab,
            session: Some(session),
        };
        // The browser tells a frame's choosers only to a session whose Page domain is on.
        send_soon(&d, PageEnable {});
        send_soon(
            &d,
            SetInterceptFileChooserDialog {
                enabled: intercept,
                cancel: intercept,
            },
        );
        wasm_bindgen_futures::spawn_local(async move {
            let binding = AddBinding {
                name: "tabwrightStop",
                execution_context_name: "tabwright",
            };
            let agent = AddScriptToEvaluateOnNewDocument {
                source: crate::page::agent_for_frame_documents(),
                world_name: "tabwright",
            };
            let (runtime, binding, agent) = futures::join!(
                send_to(&d, &RuntimeEnable {}),
                send_to(&d, &binding),
                send_to(&d, &agent),
            );
            // A frame gone meanwhile answers nothing. One that refused is tried again at the
            // next input.
            if runtime.and(binding).and(agent).is_ok() {
                let _ = crate::page::prepare(&d).await;
            } else if let Some(session) = d.session {
                CHILDREN.with(|c| {
                    let mut children = c.borrow_mut();
                    let list = children.get_mut(&tab).into_iter().flatten();
                    for child in list.filter(|child| child.session == session) {
                        child.prepared = false;
                    }
                });
            }
        });
    }
}

/// Hands a command to the browser now (before any command sent after this) and reads its
/// answer later, ignoring it.
pub fn send_soon<C: Command + 'static>(d: &Debuggee, command: C) {
    use futures::FutureExt;
    let d = d.clone();
    let mut sent = Box::pin(async move { send_to(&d, &command).await.map(|_| ()) });
    if (&mut sent).now_or_never().is_none() {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = sent.await;
        });
    }
}

/// Called when chrome.debugger detaches from a tab.
pub fn on_detach(tab: i32) {
    ATTACHED.with(|a| a.borrow_mut().remove(&tab));
    AGENT_SCRIPTS.with(|a| a.borrow_mut().remove(&tab));
    HEARD.with(|h| h.borrow_mut().remove(&tab));
    CHILDREN.with(|c| c.borrow_mut().remove(&tab));
    end_sessions(tab, |_| true);
    crate::members::chooser::forget(tab);
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
    send_to(&Debuggee::tab(tab), command).await
}

/// Sends one command to a tab or one of its child sessions.
pub async fn send_to<C: Command>(to: &Debuggee, command: &C) -> Result<C::Response, CdpError> {
    let params = serde_json::to_value(command).map_err(|e| CdpError::Decode {
        method: C::METHOD,
        detail: e.to_string(),
    })?;
    let raw = send_params(to, C::METHOD, &params).await?;
    serde_json::from_value(raw).map_err(|e| CdpError::Decode { method: C::METHOD, detail: e.to_string() })
}

/// Sends one command with its parameters and answers its raw response (an empty object for
/// none). Not generic, so the core holds this once, not once per command.
async fn send_params(to: &Debuggee, method: &'static str, params: &Value) -> Result<Value, CdpError> {
    // A frame's session ends with its frame: a command to it fails at once, not at the timeout.
    let ended = match &to.session {
        Some(session) => {
            let known = CHILDREN.with(|c| {
                c.borrow()
                    .get(&to.tab)
                    .is_some_and(|list| list.iter().any(|child| &child.session == session))
            });
            if !known {
                return Err(frame_gone());
            }
            let (tx, rx) = oneshot::channel();
            ENDING.with(|e| {
                let mut ending = e.borrow_mut();
                // Commands answered meanwhile dropped their end of the channel.
                ending.retain(|(.., waiting)| !waiting.is_canceled());
                ending.push((to.tab, session.clone(), tx));
            });
            Some(rx)
        }
        None => None,
    };
    let call = Box::pin(send_while_swapping(to, method, params));
    let started = js_sys::Date::now();
    let timer = Box::pin(unanswered(to));
    let ended = Box::pin(async move {
        match ended {
            Some(rx) => {
                let _ = rx.await;
            }
            None => futures::future::pending::<()>().await,
        }
    });
    let raw = match select(call, select(timer, ended)).await {
        Either::Left((result, _)) => result.map_err(|e| CdpError::browser(e.0))?,
        Either::Right((Either::Left(_), _)) => {
            return Err(CdpError::Timeout {
                method,
                secs: ((js_sys::Date::now() - started) / 1000.0).round() as u32,
            })
        }
        Either::Right((Either::Right(_), _)) => return Err(frame_gone()),
    };
    Ok(if raw.is_null() { Value::Object(Default::default()) } else { raw })
}

/// Sends a command through [`mending`] (one copy of it for every command sent).
async fn send_mended(tab: i32, session: Option<&str>, method: &str, params: &Value) -> Result<Value, chrome::ChromeError> {
    mending(tab, || chrome::debugger_send(tab, session, method, params)).await
}

/// Sends a command, again while the tab is between two renderers: right after a document of
/// another process commits (the browser's error page has one of its own), DevTools answers
/// "Not attached to an active page" for a moment, and the command did not run.
async fn send_while_swapping(to: &Debuggee, method: &'static str, params: &Value) -> Result<Value, chrome::ChromeError> {
    let mut tries = 0;
    loop {
        // A frame may have gone to an address Chrome refuses the debugger for since the attach.
        match send_mended(to.tab, to.session.as_deref(), method, params).await {
            Err(e) if to.session.is_none() && tries < 25 && e.0.contains("Not attached to an active page") => {
                tries += 1;
                chrome::sleep(20).await;
            }
            other => return other,
        }
    }
}

fn frame_gone() -> CdpError {
    CdpError::Browser("the frame was removed from the page (its session ended)".into())
}

/// Wakes the commands in flight to the sessions that ended (those of `tab` that `ended` picks);
/// forgets those whose command was answered.
fn end_sessions(tab: i32, ended: impl Fn(&str) -> bool) {
    ENDING.with(|e| {
        let mut list = e.borrow_mut();
        for (t, session, tx) in std::mem::take(&mut *list) {
            if t == tab && ended(&session) {
                let _ = tx.send(());
            } else if !tx.is_canceled() {
                list.push((t, session, tx));
            }
        }
    });
}

/// A future that resolves with the first of `methods` emitted on `tab`, registered now so an
/// event that fires before the caller awaits it is not lost.
pub fn wait_for(tab: i32, methods: &'static [&'static str]) -> oneshot::Receiver<(String, Value)> {
    waiter(tab, methods, false)
}

/// As [`wait_for`], for the first of `methods` emitted on any other tab the debugger is attached
/// to; its params gain the tab's Chrome id, `tabId`.
pub fn wait_elsewhere(tab: i32, methods: &'static [&'static str]) -> oneshot::Receiver<(String, Value)> {
    waiter(tab, methods, true)
}

fn waiter(tab: i32, methods: &'static [&'static str], elsewhere: bool) -> oneshot::Receiver<(String, Value)> {
    let (tx, rx) = oneshot::channel();
    WAITERS.with(|w| w.borrow_mut().push(Waiter { tab, methods, tx: Some(tx), elsewhere }));
    rx
}

/// Waits for `rx` at most `ms` milliseconds. `None` on timeout.
pub async fn within(rx: oneshot::Receiver<(String, Value)>, ms: i32) -> Option<(String, Value)> {
    chrome::bounded(rx, ms).await.and_then(Result::ok)
}

/// Routes one debugger event to its waiters. Events of child sessions only update the session list.
pub fn dispatch_event(tab: i32, session: Option<&str>, method: &str, params: Value) {
    HEARD.with(|h| h.borrow_mut().insert(tab, js_sys::Date::now()));
    track_children(tab, session, method, &params);
    if let Some(session) = session {
        // Of an out-of-process frame's events, the core needs those of its file choosers (named
        // with the frame's session, whose nodes they name) and the person's presses there.
        match method {
            "Page.fileChooserOpened" => {
                let mut params = params;
                params["sessionId"] = Value::String(session.to_string());
                crate::members::chooser::on_event(tab, method, &params);
                wake(tab, method, &params);
            }
            "Runtime.bindingCalled"
                if params["name"] == "tabwrightStop" && params["payload"] == "press" =>
            {
                crate::members::chooser::frame_pressed(tab, session);
                crate::members::chooser::pressed(tab)
            }
            "Runtime.bindingCalled"
                if params["name"] == "tabwrightStop" && params["payload"] == "chooser" =>
            {
                crate::members::chooser::expect(tab, None)
            }
            // What a frame's scripts write to the console is the tab's console, and its
            // requests are the tab's. (Only a frame's: other targets a tab's session attaches
            // to, such as workers, are not the tab's page.)
            _ if CHILDREN.with(|c| c.borrow().get(&tab).is_some_and(|list| list.iter().any(|child| child.session == session))) => {
                crate::activity::on_console(tab, Some(session), method, &params);
                crate::activity::on_request(tab, method, &params);
            }
            _ => {}
        }
        return;
    }
    crate::activity::on_event(tab, method, &params);
    crate::members::capture::on_event(tab, method);
    crate::members::chooser::on_event(tab, method, &params);
    crate::page::on_event(tab, method, &params);
    wake(tab, method, &params);
}

/// Whether a navigation event is of a new document in the tab's main frame (until the main frame
/// is named, any frame's counts, as in crate::activity): a frame's or a move within the page is
/// not a load of the tab.
fn loads_page(tab: i32, params: &Value) -> bool {
    !params["navigationType"].as_str().is_some_and(|t| t != "differentDocument")
        && !crate::activity::main_frame_id(tab).is_some_and(|main| params["frameId"].as_str() != Some(main.as_str()))
}

/// Hands an event to the calls waiting for it.
fn wake(tab: i32, method: &str, params: &Value) {
    WAITERS.with(|w| {
        let mut waiters = w.borrow_mut();
        for waiter in waiters.iter_mut().filter(|w| (w.tab == tab) != w.elsewhere && w.methods.contains(&method) && (!w.elsewhere || loads_page(tab, params))) {
            if let Some(tx) = waiter.tx.take() {
                let mut params = params.clone();
                if let Some(fields) = params.as_object_mut().filter(|_| waiter.elsewhere) {
                    fields.insert("tabId".into(), tab.into());
                }
                let _ = tx.send((method.to_string(), params));
            }
        }
        waiters.retain(|w| w.tx.as_ref().is_some_and(|tx| !tx.is_canceled()));
    });
}

/// The browser's zoom of a tab's page (`Page.getLayoutMetrics`), read from the raw answer: the
/// one number needed, with no type for the rest of it.
pub async fn page_zoom(tab: i32) -> Result<Option<f64>, CdpError> {
    let m = send_params(&Debuggee::tab(tab), "Page.getLayoutMetrics", &Value::Object(Default::default())).await?;
    Ok(m["cssVisualViewport"]["zoom"].as_f64())
}

/// Sets a page the person pinch-zoomed back to its normal scale (`Emulation.setPageScaleFactor`
/// sets the scale once; the person can pinch again after).
pub async fn unpinch(tab: i32) -> Result<(), String> {
    let set = send_params(&Debuggee::tab(tab), "Emulation.setPageScaleFactor", &serde_json::json!({"pageScaleFactor": 1})).await;
    set.map(drop).map_err(|e| format!("Could not set the pinch-zoomed page back to its normal scale: {e}"))
}

/// Sends a parameterless command whose method is only known at run time.
pub async fn send_enable(tab: i32, e: &Enable) -> Result<(), CdpError> {
    let params = Value::Object(Default::default());
    let call = Box::pin(send_mended(tab, None, e.0, &params));
    let outcome = match select(call, Box::pin(chrome::sleep(COMMAND_TIMEOUT_MS))).await {
        Either::Left((result, _)) => result.map(|_| ()).map_err(|e| CdpError::browser(e.0)),
        Either::Right(_) => Err(CdpError::Timeout { method: e.0, secs: (COMMAND_TIMEOUT_MS / 1000) as u32 }),
    };
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refused_address_is_read_from_chromes_words_and_only_about_blank_or_srcdoc_is_mended() {
        let text = r#"Cannot access contents of url "about:blank#state-1". Extension manifest must request permission to access this host."#;
        assert_eq!(refused_address(text), Some("about:blank#state-1"));
        assert_eq!(refused_address("Cannot access a chrome:// URL"), None);
        for address in ["about:blank#x", "about:blank?q=1", "ABOUT:BLANK#x", "about:srcdoc#top"] {
            assert!(mendable(address), "{address}");
        }
        for address in ["about:blank", "about:blankety", "about:version", "chrome-extension://abc/page.html", "file:///etc/hosts"] {
            assert!(!mendable(address), "{address}");
        }
        assert!(!refused("Cannot access contents of url \"about:blank#x\""));
    }
}
