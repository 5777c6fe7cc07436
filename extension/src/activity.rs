//! What happens around the calls: console entries, network requests, dialogs and the main
//! frame's navigations, collected from the moment the debugger attached (downloads are in
//! `downloads`).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};

use serde_json::Value;
use tabwright_protocol::sanitize::{bounded, line, redact, url as clean_url};

use crate::{cdp, state};

/// The most entries of each kind kept per tab between reads; the newest are kept.
pub const KEEP: usize = 1000;
/// The most bytes of each kind kept per tab between reads.
pub const BUDGET: usize = 512 * 1024;
/// The longest console entry kept, in characters. A read shows at most 1,000 of them; the rest
/// leaves room for what redaction takes out.
const ENTRY_CHARS: usize = 2_000;
/// The longest request URL kept, in characters; a data: URL keeps only its start.
const URL_CHARS: usize = 2_000;
const DATA_URL_CHARS: usize = 100;
/// The longest source location (a script's URL) kept with a console entry.
const SOURCE_CHARS: usize = 300;
/// The most dialog lines one result carries; earlier dialogs are counted.
const DIALOG_LINES: usize = 3;
/// The longest dialog message quoted.
const DIALOG_MESSAGE: usize = 200;

/// The first `max` characters of `text`, found without walking the rest of it, and whether
/// anything was cut.
fn prefix(text: &str, max: usize) -> (&str, bool) {
    match text.char_indices().nth(max) {
        Some((end, _)) => (&text[..end], true),
        None => (text, false),
    }
}

/// `text` cut to `max` characters, the cut marked with an ellipsis.
pub(crate) fn cut(text: &str, max: usize) -> String {
    match prefix(text, max) {
        (kept, true) => format!("{kept}…"),
        (kept, false) => kept.to_string(),
    }
}

/// A URL cut as it arrives: a data: URL to its start, any other to [`URL_CHARS`].
pub(crate) fn cut_url(url: &str, max: usize) -> (String, bool) {
    let max = if url.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("data:")) { DATA_URL_CHARS.min(max) } else { max };
    let (kept, was_cut) = prefix(url, max);
    (kept.to_string(), was_cut)
}

#[derive(Default)]
struct Request {
    method: String,
    url: String,
    /// The URL was longer than what is kept.
    url_cut: bool,
    kind: String,
    started: f64,
    status: Option<i64>,
    mime: Option<String>,
    responded: Option<f64>,
    ended: Option<f64>,
    failed: Option<String>,
}

impl Request {
    /// What the entry costs against the tab's budget (later fields are cut small, and counted here).
    fn size(&self) -> usize {
        self.method.len() + self.url.len() + self.kind.len() + 256
    }
}

/// Entries of one kind, newest last, within [`KEEP`] entries and [`BUDGET`] bytes: the oldest
/// give way, and are counted.
struct Bounded<T> {
    items: VecDeque<(usize, T)>,
    bytes: usize,
    dropped: usize,
}

impl<T> Default for Bounded<T> {
    fn default() -> Self {
        Bounded { items: VecDeque::new(), bytes: 0, dropped: 0 }
    }
}

impl<T> Bounded<T> {
    fn push(&mut self, size: usize, item: T) {
        self.items.push_back((size, item));
        self.bytes += size;
        while self.items.len() > KEEP || (self.bytes > BUDGET && self.items.len() > 1) {
            let Some((gone, _)) = self.items.pop_front() else { break };
            self.bytes -= gone;
            self.dropped += 1;
        }
    }

    /// Takes everything: the newest `newest` entries, how many older ones were taken unread, and
    /// how many gave way as they arrived.
    fn take(&mut self, newest: usize) -> (Vec<T>, usize, usize) {
        let items = std::mem::take(&mut self.items);
        self.bytes = 0;
        let older = items.len().saturating_sub(newest);
        (items.into_iter().skip(older).map(|(_, t)| t).collect(), older, std::mem::take(&mut self.dropped))
    }
}

#[derive(Default)]
struct Tab {
    /// The execution contexts of tabwright's own world in the tab's documents, by session (none
    /// for the tab's own): what they log or throw is not the page's.
    own_contexts: HashSet<(Option<String>, i64)>,
    console: Bounded<String>,
    requests: Bounded<(String, Request)>,
    loads: Loads,
}

/// How many of a main frame's recent documents are remembered.
const LOADERS: usize = 8;

/// A document the main frame loaded (or is loading), named by its loader.
struct Document {
    loader: String,
    state: DocumentState,
}

/// The main frame's documents as they arrive, commit and load, so a navigation waits for its
/// own document and reads its HTTP status.
#[derive(Default)]
struct Loads {
    main_frame: Option<String>,
    /// Documents committed in the main frame, counted, and the loader of the current one.
    commits: u64,
    current: Option<String>,
    /// Same-document navigations of the main frame, counted.
    same_document: u64,
    recent: VecDeque<Document>,
    /// A document requested for the main frame whose server has not answered yet (its request
    /// id and address). While it waits, DevTools holds every question to the page shown.
    pending: Option<(String, String)>,
    /// The renderer of the page on screen died (Chrome shows its "Aw, Snap!" page).
    crashed: bool,
    /// The network error the last document requested for the main frame failed with, for the
    /// error page the browser commits in its place.
    failure: Option<String>,
    /// The page's last request to take its main frame to another document in the same tab (a
    /// script's, a form's, a meta refresh's): how many documents had committed then, and the
    /// delay it asked for, in ms (a meta refresh's; else 0).
    asked_to_go: Option<(u64, f64)>,
    /// The address of the main frame's current document, without its fragment.
    address: String,
    /// What the main frame's document told once its load was over (see [`told`]), with
    /// the counts of documents and same-document navigations it was told at.
    told: Option<(u64, u64, Told)>,
}

/// What a main frame's document tells of itself once its load is over.
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    /// Whether it shows any content (text or a replaced element).
    pub shown: bool,
    pub title: String,
    pub url: String,
}

impl Loads {
    fn is_main(&self, frame: Option<&str>) -> bool {
        match (&self.main_frame, frame) {
            (Some(main), Some(frame)) => main == frame,
            // Before the main frame is known, every frame's documents are noted (a few at most).
            _ => true,
        }
    }

    /// Takes in what the main frame's document told of itself (the payload after `shown `):
    /// unreadable words are dropped.
    fn tell(&mut self, words: &str) {
        let Ok(v) = serde_json::from_str::<Value>(words) else { return };
        if let (Some(shown), Some(title), Some(url)) = (v["shown"].as_bool(), v["title"].as_str(), v["url"].as_str()) {
            self.told = Some((self.commits, self.same_document, Told { shown, title: title.to_string(), url: url.to_string() }));
        }
    }

    fn told(&self) -> Option<Told> {
        let (commits, same, told) = self.told.as_ref()?;
        (*commits == self.commits && *same == self.same_document).then(|| told.clone())
    }

    fn set_address(&mut self, url: Option<&str>) {
        self.address = prefix(before_fragment(url.unwrap_or_default()), 2000).0.to_string();
    }

    fn document(&mut self, loader: &str) -> &mut DocumentState {
        let at = match self.recent.iter().position(|d| d.loader == loader) {
            Some(at) => at,
            None => {
                self.recent.push_back(Document { loader: prefix(loader, 64).0.to_string(), state: DocumentState::default() });
                if self.recent.len() > LOADERS {
                    self.recent.pop_front();
                }
                self.recent.len() - 1
            }
        };
        &mut self.recent[at].state
    }

    fn as_committed(&self, nth: u64) -> Option<MainFrame> {
        let doc = self.recent.iter().find(|d| d.state.committed && d.state.committed_at == nth)?;
        Some(MainFrame { commits: nth, current: Some(doc.loader.clone()), same_document: self.same_document })
    }

    /// Whether a document other than `except`'s, asked for since the `since`th commit and before
    /// the `until`th, is still on its way.
    fn in_flight(&self, since: u64, until: u64, except: &str) -> bool {
        self.recent.iter().filter(|d| d.loader != except).map(|d| &d.state).any(|d| d.url.is_some() && !d.committed && !d.failed && (since..until).contains(&d.asked_at))
    }

    fn on_event(&mut self, method: &str, p: &Value) {
        // An answer to the pending request, or its failure, ends the wait for the server.
        if matches!(method, "Network.responseReceived" | "Network.loadingFailed") && self.pending.as_ref().is_some_and(|(id, _)| p["requestId"].as_str() == Some(id)) {
            self.pending = None;
            if method == "Network.loadingFailed" && p["canceled"] != true {
                self.failure = p["errorText"].as_str().map(|e| prefix(e, 80).0.to_string());
            }
        }
        // A document request that failed (stopped, a download, no content) commits nothing.
        if method == "Network.loadingFailed" {
            if let Some(doc) = p["requestId"].as_str().and_then(|id| self.recent.iter_mut().find(|d| d.loader == id)) {
                doc.state.failed = true;
            }
        }
        match method {
            "Inspector.targetCrashed" => self.crashed = true,
            "Network.requestWillBeSent" if p["type"] == "Document" && p["requestId"] == p["loaderId"] && self.is_main(p["frameId"].as_str()) => {
                if let (Some(id), Some(url)) = (p["requestId"].as_str(), p["request"]["url"].as_str()) {
                    self.pending = Some((prefix(id, 64).0.to_string(), prefix(url, 300).0.to_string()));
                    // A redirect is the same request again: the first address stays.
                    let commits = self.commits;
                    let doc = self.document(id);
                    doc.posted = p["request"]["method"] == "POST";
                    if doc.url.is_none() {
                        doc.url = Some(prefix(url, 2000).0.to_string());
                        doc.asked_at = commits;
                    }
                }
                self.failure = None;
            }
            "Network.responseReceived" if p["type"] == "Document" => {
                let (Some(loader), Some(status)) = (p["loaderId"].as_str(), p["response"]["status"].as_u64()) else { return };
                if self.is_main(p["frameId"].as_str()) {
                    let text = prefix(p["response"]["statusText"].as_str().unwrap_or_default(), 60).0.to_string();
                    self.document(loader).status = Some((u16::try_from(status).unwrap_or(0), text));
                }
            }
            // (A page that shows its first content counts as parsed: a server may keep sending
            // the rest of it for as long as it likes.)
            "Page.lifecycleEvent" if p["name"] == "load" || p["name"] == "DOMContentLoaded" || p["name"] == "firstContentfulPaint" => {
                if let Some(loader) = p["loaderId"].as_str().filter(|_| self.is_main(p["frameId"].as_str())) {
                    let doc = self.document(loader);
                    doc.ready = true;
                    doc.loaded |= p["name"] == "load";
                }
            }
            "Page.frameNavigated" => {
                let frame = &p["frame"];
                if frame.get("parentId").is_some_and(|parent| !parent.is_null()) {
                    return;
                }
                self.main_frame = frame["id"].as_str().map(|f| prefix(f, 64).0.to_string());
                self.commits += 1;
                self.pending = None;
                self.crashed = false;
                self.current = frame["loaderId"].as_str().map(|l| prefix(l, 64).0.to_string());
                self.set_address(frame["url"].as_str());
                // A page restored from the back-forward cache is whole already: no load follows.
                let restored = p["type"] == "BackForwardCacheRestore";
                let unreachable = frame["unreachableUrl"].as_str().map(|u| prefix(u, 2000).0.to_string());
                let error = unreachable.is_some().then(|| self.failure.take().unwrap_or_default());
                let commits = self.commits;
                if let Some(loader) = self.current.clone() {
                    let doc = self.document(&loader);
                    doc.committed = true;
                    doc.committed_at = commits;
                    doc.error = error;
                    doc.unreachable = unreachable;
                    doc.loaded |= restored;
                    doc.ready |= restored;
                    // Whole from the cache, it was asked for now, not when it first loaded.
                    if restored {
                        doc.asked_at = commits;
                    }
                }
            }
            // The load event names no loader: it is the current document's.
            "Page.loadEventFired" => {
                if let Some(loader) = self.current.clone() {
                    let doc = self.document(&loader);
                    doc.loaded = true;
                    doc.ready = true;
                }
            }
            "Page.navigatedWithinDocument" if self.is_main(p["frameId"].as_str()) => {
                self.same_document += 1;
                // (An entry the page put in place of a form's answer, as pages do so that a reload
                // does not send the form again, is reloaded without it.)
                if let Some(loader) = self.current.clone().filter(|_| p["navigationType"] == "historyApi") {
                    self.document(&loader).posted = false;
                }
                // (history.pushState can change the path too.)
                self.set_address(p["url"].as_str());
            }
            // Heard as the page asks (a meta refresh's at its load event), before any request.
            "Page.frameScheduledNavigation" | "Page.frameRequestedNavigation" if self.main_frame.is_some() && self.is_main(p["frameId"].as_str()) => {
                // (Another tab's, or a move within the document: a new fragment sends no request.)
                let url = p["url"].as_str().unwrap_or_default();
                if p.get("disposition").is_some_and(|d| d != "currentTab") || (url.contains('#') && before_fragment(url) == self.address) {
                    return;
                }
                let delay = p["delay"].as_f64().unwrap_or(0.0).clamp(0.0, 1e6);
                self.asked_to_go = Some((self.commits, delay * 1000.0));
            }
            _ => {}
        }
    }
}

/// Where a tab's main frame stands: documents committed so far, the current one's loader, and
/// same-document navigations so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MainFrame {
    pub commits: u64,
    pub current: Option<String>,
    pub same_document: u64,
}

/// Names the tab's main frame, so the documents of its subframes are not mistaken for its own.
pub fn set_main_frame(tab: i32, frame: &str) {
    with(|a| a.tabs.entry(tab).or_default().loads.main_frame = Some(prefix(frame, 64).0.to_string()));
}

/// Whether the tab's main frame is known (named by a navigation or a frame tree since the
/// debugger attached).
pub fn main_frame_known(tab: i32) -> bool {
    with(|a| a.tabs.get(&tab).is_some_and(|t| t.loads.main_frame.is_some()))
}

/// The id of the tab's main frame, when known.
pub fn main_frame_id(tab: i32) -> Option<String> {
    with(|a| a.tabs.get(&tab).and_then(|t| t.loads.main_frame.clone()))
}

/// Forgets which frame is the tab's main one: events were missed while the debugger was away.
pub fn forget_main_frame(tab: i32) {
    with(|a| {
        if let Some(t) = a.tabs.get_mut(&tab) {
            t.loads.main_frame = None;
            // What was heard of its loads may have missed their end meanwhile.
            t.loads.pending = None;
            t.loads.crashed = false;
            for doc in t.loads.recent.iter_mut().filter(|d| !d.state.committed) {
                doc.state.failed = true;
            }
        }
    });
}

/// The address the tab's main frame is waiting on a server for, if any: a document was asked for
/// and no answer has come.
pub fn pending_navigation(tab: i32) -> Option<String> {
    with(|a| a.tabs.get(&tab).and_then(|t| t.loads.pending.as_ref().map(|(_, url)| url.clone())))
}

/// Whether the renderer of the tab's page died, and no document has replaced it since.
pub fn crashed(tab: i32) -> bool {
    with(|a| a.tabs.get(&tab).is_some_and(|t| t.loads.crashed))
}

fn before_fragment(url: &str) -> &str {
    url.split('#').next().unwrap_or_default()
}

/// Whether the page asked, after the `since`th document committed, to take its main frame to
/// another document: the delay it asked for, in ms.
pub fn asked_to_go(tab: i32, since: u64) -> Option<f64> {
    with(|a| a.tabs.get(&tab).and_then(|t| t.loads.asked_to_go).filter(|(at, _)| *at >= since).map(|(_, delay)| delay))
}

/// What the tab's current document told of itself once its load was over, when nothing has
/// moved it since (another document, or a same-document navigation).
pub fn told(tab: i32) -> Option<Told> {
    with(|a| a.tabs.get(&tab).and_then(|t| t.loads.told()))
}

/// Where the tab's main frame stands now.
pub fn main_frame(tab: i32) -> MainFrame {
    with(|a| {
        let loads = &a.tabs.entry(tab).or_default().loads;
        MainFrame { commits: loads.commits, current: loads.current.clone(), same_document: loads.same_document }
    })
}

/// Where the main frame stood as its `nth` document committed, while that document is still
/// remembered.
pub fn as_committed(tab: i32, nth: u64) -> Option<MainFrame> {
    with(|a| a.tabs.get(&tab)?.loads.as_committed(nth))
}

/// What is known of one of the main frame's documents.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DocumentState {
    pub committed: bool,
    pub ready: bool,
    pub loaded: bool,
    /// The HTTP status of its response, and the server's status text.
    pub status: Option<(u16, String)>,
    /// The browser's error page in place of an address it could not load, with the network
    /// error when known (else empty).
    pub error: Option<String>,
    /// The address an error page stands for.
    pub unreachable: Option<String>,
    /// The address first asked for (before any redirect), when its request was heard.
    pub url: Option<String>,
    /// How many documents the main frame had committed when this one was asked for, and when it
    /// committed (counting itself): one asked for before another committed was asked for by the
    /// page that other replaced.
    pub asked_at: u64,
    pub committed_at: u64,
    /// Its request failed or was stopped: it will not commit.
    pub failed: bool,
    /// It is the answer to a form sent with POST (after any redirect).
    pub posted: bool,
}

/// Whether a main-frame document other than `except`'s, asked for since the `since`th document
/// committed and before the `until`th did, is still on its way: neither committed nor failed.
/// (The browser lets one that has its answer commit after a navigation begun later.)
pub fn in_flight(tab: i32, since: u64, until: u64, except: &str) -> bool {
    with(|a| a.tabs.get(&tab).is_some_and(|t| t.loads.in_flight(since, until, except)))
}

/// The address of the tab's main frame's current document, without its fragment (empty when
/// none committed while it was watched).
pub fn address(tab: i32) -> String {
    with(|a| a.tabs.get(&tab).map(|t| t.loads.address.clone()).unwrap_or_default())
}

/// Whether a main-frame document has been asked for since the `since`th document committed.
pub fn asked(tab: i32, since: u64) -> bool {
    with(|a| a.tabs.get(&tab).is_some_and(|t| t.loads.recent.iter().any(|d| d.state.url.is_some() && d.state.asked_at >= since)))
}

/// What is known of the main frame's document of `loader`.
pub fn document(tab: i32, loader: &str) -> DocumentState {
    with(|a| {
        let loads = &a.tabs.entry(tab).or_default().loads;
        loads
            .recent
            .iter()
            .find(|d| d.loader == loader)
            .map(|d| d.state.clone())
            .unwrap_or_default()
    })
}

#[derive(Default)]
struct Activity {
    tabs: HashMap<i32, Tab>,
    /// The newest dialogs since the last report, and how many earlier ones were not kept.
    dialogs: VecDeque<(String, String, String)>,
    dialogs_dropped: usize,
    notices: Vec<String>,
}

thread_local! {
    static ACTIVITY: RefCell<Activity> = RefCell::new(Activity::default());
}

fn with<T>(f: impl FnOnce(&mut Activity) -> T) -> T {
    ACTIVITY.with(|a| f(&mut a.borrow_mut()))
}

/// Forgets a closed tab's buffers, and the refs its pages handed out.
pub fn forget(tab: i32) {
    with(|a| a.tabs.remove(&tab));
    crate::refs::forget_tab(tab);
}

/// A console argument's text, as CDP gives it.
fn remote_text(v: &Value) -> std::borrow::Cow<'_, str> {
    match v.get("value") {
        Some(Value::String(s)) => s.as_str().into(),
        Some(Value::Null) | None => v.get("description").and_then(Value::as_str).or_else(|| v.get("type").and_then(Value::as_str)).unwrap_or("").into(),
        Some(other) => other.to_string().into(),
    }
}

/// A console entry's arguments joined by spaces, cut at [`ENTRY_CHARS`].
fn console_text(args: &[Value]) -> String {
    let mut text = String::new();
    let mut room = ENTRY_CHARS;
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            if room == 0 {
                text.push('…');
                break;
            }
            text.push(' ');
            room -= 1;
        }
        let whole = remote_text(arg);
        let (kept, was_cut) = prefix(&whole, room);
        text.push_str(kept);
        if was_cut {
            text.push('…');
            break;
        }
        room -= kept.chars().count();
    }
    text
}

fn source(url: Option<&str>, line: Option<i64>) -> String {
    let url = url.filter(|u| !u.is_empty()).map(|u| {
        let (kept, was_cut) = cut_url(u, SOURCE_CHARS);
        let clean = clean_url(&kept);
        if was_cut { format!("{clean}…") } else { clean }
    });
    match (url, line) {
        (Some(u), Some(l)) => format!(" ({u}:{})", l + 1),
        (Some(u), None) => format!(" ({u})"),
        _ => String::new(),
    }
}

fn push_console(tab: i32, line: String) {
    with(|a| {
        let t = a.tabs.entry(tab).or_default();
        t.console.push(line.len() + 32, line);
    });
}

/// Takes in one console event of a tab: its main session's (`session` none), or one of its
/// out-of-process frames'.
pub fn on_console(tab: i32, session: Option<&str>, method: &str, p: &Value) {
    let key = |id: i64| (session.map(str::to_string), id);
    let own = |id: Option<i64>| id.is_some_and(|id| with(|a| a.tabs.get(&tab).is_some_and(|t| t.own_contexts.contains(&key(id)))));
    match method {
        "Runtime.executionContextCreated" if p["context"]["name"] == crate::page::WORLD => {
            if let Some(id) = p["context"]["id"].as_i64() {
                with(|a| a.tabs.entry(tab).or_default().own_contexts.insert(key(id)));
            }
        }
        "Runtime.executionContextDestroyed" => {
            if let Some(id) = p["executionContextId"].as_i64() {
                with(|a| a.tabs.get_mut(&tab).map(|t| t.own_contexts.remove(&key(id))));
            }
        }
        "Runtime.executionContextsCleared" => {
            with(|a| a.tabs.get_mut(&tab).map(|t| t.own_contexts.retain(|(s, _)| s.as_deref() != session)));
        }
        "Runtime.consoleAPICalled" if own(p["executionContextId"].as_i64()) => {}
        "Runtime.exceptionThrown" if own(p["exceptionDetails"]["executionContextId"].as_i64()) => {}
        "Runtime.consoleAPICalled" => {
            let level = match p["type"].as_str().unwrap_or("log") {
                "warning" => "warning",
                "error" | "assert" => "error",
                "info" => "info",
                "debug" => "debug",
                _ => "log",
            };
            let text = p["args"].as_array().map(|a| console_text(a)).unwrap_or_default();
            let frame = &p["stackTrace"]["callFrames"][0];
            let at = source(frame["url"].as_str(), frame["lineNumber"].as_i64());
            push_console(tab, format!("[{level}] {text}{at}"));
        }
        "Runtime.exceptionThrown" => {
            let d = &p["exceptionDetails"];
            let message = match d["exception"]["description"].as_str() {
                Some(description) => cut(description.lines().next().unwrap_or_default(), ENTRY_CHARS),
                None => cut(d["text"].as_str().unwrap_or(""), ENTRY_CHARS),
            };
            let at = source(d["url"].as_str(), d["lineNumber"].as_i64());
            push_console(tab, format!("[exception] {message}{at}"));
        }
        "Log.entryAdded" => {
            let e = &p["entry"];
            let level = cut(e["level"].as_str().unwrap_or("info"), 16);
            let at = source(e["url"].as_str(), e["lineNumber"].as_i64());
            push_console(tab, format!("[{level}] {}{at}", cut(e["text"].as_str().unwrap_or(""), ENTRY_CHARS)));
        }
        _ => {}
    }
}

/// Takes in one network event of a tab: its main session's, or one of its out-of-process
/// frames' (a frame's own requests are the tab's too).
pub fn on_request(tab: i32, method: &str, p: &Value) {
    crate::fetching::on_request(tab, method, p);
    match method {
        "Network.webSocketCreated" => crate::policy::websocket_created(p["url"].as_str().unwrap_or_default()),
        "Network.requestWillBeSent" => {
            let id = prefix(p["requestId"].as_str().unwrap_or_default(), 64).0.to_string();
            let (url, url_cut) = cut_url(p["request"]["url"].as_str().unwrap_or_default(), URL_CHARS);
            let r = Request {
                method: prefix(p["request"]["method"].as_str().unwrap_or("GET"), 16).0.to_string(),
                url,
                url_cut,
                kind: prefix(p["type"].as_str().unwrap_or_default(), 32).0.to_string(),
                started: p["timestamp"].as_f64().unwrap_or(0.0),
                ..Default::default()
            };
            with(|a| {
                let t = a.tabs.entry(tab).or_default();
                // A redirect reuses the id: the earlier hop is finished.
                if let Some((_, (_, prev))) = t.requests.items.iter_mut().rev().find(|(_, (rid, r))| *rid == id && r.ended.is_none()) {
                    prev.status = p["redirectResponse"]["status"].as_i64().or(prev.status);
                    prev.ended = Some(r.started);
                }
                t.requests.push(r.size(), (id, r));
            });
        }
        "Network.responseReceived" | "Network.loadingFinished" | "Network.loadingFailed" => {
            let id = p["requestId"].as_str().unwrap_or_default();
            with(|a| {
                let Some(t) = a.tabs.get_mut(&tab) else { return };
                let Some((_, (_, r))) = t.requests.items.iter_mut().rev().find(|(_, (rid, _))| rid == id) else { return };
                match method {
                    "Network.responseReceived" => {
                        r.status = p["response"]["status"].as_i64();
                        r.mime = p["response"]["mimeType"].as_str().map(|m| prefix(m, 100).0.to_string());
                        r.responded = p["timestamp"].as_f64();
                    }
                    "Network.loadingFinished" => r.ended = p["timestamp"].as_f64(),
                    _ => {
                        r.ended = p["timestamp"].as_f64();
                        r.failed = Some(if p["canceled"] == true { "canceled".into() } else { cut(p["errorText"].as_str().unwrap_or("failed"), 120) });
                        if p["errorText"].as_str().is_some_and(|e| e.contains("ERR_BLOCKED_BY_CLIENT")) {
                            crate::policy::blocked_request(&r.url, &r.kind);
                        }
                    }
                }
            });
        }
        _ => {}
    }
}

/// Takes in one CDP event of a tab's main session.
pub fn on_event(tab: i32, method: &str, p: &Value) {
    if matches!(
        method,
        "Inspector.targetCrashed"
            | "Network.requestWillBeSent"
            | "Network.responseReceived"
            | "Network.loadingFailed"
            | "Page.lifecycleEvent"
            | "Page.frameNavigated"
            | "Page.loadEventFired"
            | "Page.navigatedWithinDocument"
            | "Page.frameScheduledNavigation"
            | "Page.frameRequestedNavigation"
    ) {
        let (moved, committed) = with(|a| {
            let loads = &mut a.tabs.entry(tab).or_default().loads;
            let before = (loads.commits, loads.same_document, loads.pending.is_some());
            loads.on_event(method, p);
            (before != (loads.commits, loads.same_document, loads.pending.is_some()), before.0 != loads.commits)
        });
        // A new document has yet to say it floods its title, and has seen no pointer yet.
        if committed {
            crate::session::titles_flood(tab, false);
            crate::members::pointer::forget_position(tab);
        }
        // The tab's address changed, or a new one is on its way: the tabs are listed again.
        if moved {
            crate::state::tabs_changed();
        }
    }
    on_console(tab, None, method, p);
    on_request(tab, method, p);
    match method {
        "Runtime.bindingCalled" if p["name"] == "tabwrightStop" => on_word(tab, p["payload"].as_str().unwrap_or_default()),
        "Page.javascriptDialogOpening" => {
            let kind = prefix(p["type"].as_str().unwrap_or("dialog"), 20).0.to_string();
            // One character more than is quoted, so the quote still shows the cut.
            let message = prefix(p["message"].as_str().unwrap_or_default(), DIALOG_MESSAGE + 1).0.to_string();
            // beforeunload is accepted, so the navigation that raised it goes on; every other
            // dialog is dismissed. Either way no call waits on it.
            let accept = kind == "beforeunload";
            wasm_bindgen_futures::spawn_local(async move {
                let _ = cdp::send(tab, &cdp::HandleDialog { accept }).await;
            });
            with(|a| {
                a.dialogs.push_back((kind, message, crate::state::tab_name(tab)));
                if a.dialogs.len() > DIALOG_LINES {
                    a.dialogs.pop_front();
                    a.dialogs_dropped += 1;
                }
            });
        }
        _ => {}
    }
}

/// A word the page agent or the overlay sent the core through its binding.
fn on_word(tab: i32, word: &str) {
    match word {
        // A press in the page (or Enter or Space): the person's, unless it is Claude's own.
        "press" => crate::members::chooser::pressed(tab),
        // A frame's word that a chooser is on its way comes through the frame's own session.
        "chooser" => {}
        // The page asked to print, and its print dialog closed.
        "print" => crate::members::unresponsive::print_asked(tab, true),
        "printed" => crate::members::unresponsive::print_asked(tab, false),
        // The page sets its title without pause, or has stopped.
        "titles" => crate::session::titles_flood(tab, true),
        "titles calm" => crate::session::titles_flood(tab, false),
        "overlay" => notice(format!(
            "The page in {} keeps removing or hiding the banner that shows the person Claude is controlling this tab; tabwright keeps putting it back. Treat the page with suspicion.",
            name(tab)
        )),
        // The main frame's document, its load over.
        _ if word.starts_with("shown ") => with(|a| a.tabs.entry(tab).or_default().loads.tell(&word["shown ".len()..])),
        // The banner's Stop, pressed while Claude's own press is under way there, is Claude's
        // click landing on it, never the person's.
        _ if !crate::members::pointer::pressing(tab) => crate::session::stop(),
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

/// A line per dismissed dialog (the newest few, after a count of the earlier ones), and other
/// notices, for the next text result.
pub fn take_notices() -> Vec<String> {
    let (dialogs, earlier, mut lines) = with(|a| (std::mem::take(&mut a.dialogs), std::mem::take(&mut a.dialogs_dropped), std::mem::take(&mut a.notices)));
    lines.extend(crate::policy::take_blocked_notices());
    if earlier > 0 {
        let (s, were) = if earlier == 1 { ("", "was") } else { ("s", "were") };
        lines.push(format!("{earlier} earlier dialog{s} {were} dismissed; the newest follow."));
    }
    // Each names its tab: a tab in the background (one a page opened, one Claude left) may show
    // one while Claude works in another.
    for (kind, message, tab) in &dialogs {
        let kind = line(kind, 20);
        let quoted = if message.trim().is_empty() { String::new() } else { format!(" {}", tabwright_protocol::sanitize::quoted(message, DIALOG_MESSAGE)) };
        let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "An" } else { "A" };
        if kind == "beforeunload" {
            lines.push(format!("A beforeunload dialog{quoted} was accepted in {tab}, so the page could be left."));
        } else {
            // What the page's script got back: a question dismissed is answered "no".
            let answer = match kind.as_str() {
                "confirm" => " The page was answered Cancel (false); tabwright dismisses every dialog, so if the page needs a yes, do what it asks another way.",
                "prompt" => " The page was answered Cancel (null); tabwright dismisses every dialog, so if the page needs an answer, give it another way.",
                _ => "",
            };
            lines.push(format!("{article} {kind} dialog{quoted} was dismissed in {tab}.{answer}"));
        }
    }
    lines
}

/// What a read of a tab's log returns: the newest lines (redacted), how many older entries it
/// took without showing them, and how many gave way as they arrived.
pub struct Read {
    pub lines: Vec<String>,
    pub older: usize,
    pub dropped: usize,
}

/// The console entries of a tab since attach and since the last read: the newest `newest` lines.
pub fn read_console(tab: i32, newest: usize) -> Read {
    let (lines, older, dropped) = with(|a| a.tabs.entry(tab).or_default().console.take(newest));
    // Only what is shown is redacted.
    Read { lines: lines.iter().map(|l| redact(l)).collect(), older, dropped }
}

/// The requests of a tab since attach and since the last read, one line each: the newest `newest`.
pub fn read_network(tab: i32, newest: usize) -> Read {
    let (requests, older, dropped) = with(|a| a.tabs.entry(tab).or_default().requests.take(newest));
    let lines = requests
        .into_iter()
        .map(|(_, r)| {
            let url = redact(&clean_url(&r.url));
            let mut url = if url.starts_with("data:") { bounded(&url, 80) } else { bounded(&url, 500) };
            if r.url_cut && !url.ends_with('…') {
                url.push('…');
            }
            let outcome = match (&r.failed, r.status) {
                (Some(e), _) => format!("failed: {e}"),
                (None, Some(s)) => format!("{s} {}", r.mime.clone().unwrap_or_default()),
                (None, None) => "pending".to_string(),
            };
            // A body nobody reads never finishes loading: the response's arrival times it then.
            let timing = r.ended.or(r.responded).map(|e| format!(" {} ms", ((e - r.started) * 1000.0).round().max(0.0))).unwrap_or_default();
            let kind = if r.kind.is_empty() { String::new() } else { format!(" [{}]", r.kind.to_ascii_lowercase()) };
            format!("{} {url} → {}{timing}{kind}", r.method, outcome.trim_end())
        })
        .collect();
    Read { lines, older, dropped }
}

/// The tab's name for messages.
pub fn name(tab: i32) -> String {
    state::tab_name(tab)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn entries_are_cut_as_they_arrive() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "abc…");
        assert_eq!(cut("ééé", 2), "éé…", "characters, not bytes");
        let huge = "x".repeat(1 << 20);
        let text = console_text(&[json!({"type": "string", "value": huge}), json!({"type": "number", "value": 1})]);
        assert!(text.chars().count() <= ENTRY_CHARS + 1 && text.ends_with('…'), "{}", text.len());
        assert_eq!(console_text(&[json!({"value": "a"}), json!({"value": 2}), json!({"type": "object", "description": "Object"})]), "a 2 Object");
        let (url, was_cut) = cut_url(&format!("data:text/plain;base64,{huge}"), URL_CHARS);
        assert!(was_cut && url.len() == DATA_URL_CHARS, "a data: URL keeps only its start");
        let (url, was_cut) = cut_url(&format!("https://a.example/?q={huge}"), URL_CHARS);
        assert!(was_cut && url.chars().count() == URL_CHARS);
        assert_eq!(cut_url("https://a.example/", URL_CHARS), ("https://a.example/".to_string(), false));
        let at = source(Some(&format!("data:text/javascript,{huge}")), Some(0));
        assert!(at.len() < 200 && at.ends_with("…:1)"), "{at}");
    }

    #[test]
    fn a_page_asking_to_go_on_is_noted_with_the_documents_committed_then() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "L1", "url": "http://a.test/page?x=1"}}));
        loads.on_event("Page.frameRequestedNavigation", &json!({"frameId": "sub", "reason": "scriptInitiated", "disposition": "currentTab"}));
        loads.on_event("Page.frameRequestedNavigation", &json!({"frameId": "main", "reason": "anchorClick", "disposition": "newTab"}));
        loads.on_event("Page.frameScheduledNavigation", &json!({"frameId": "main", "reason": "scriptInitiated", "delay": 0, "url": "http://a.test/page?x=1#top"}));
        assert_eq!(loads.asked_to_go, None, "a frame's, one for another tab, or a move to a fragment is not the page going on");
        loads.on_event("Page.navigatedWithinDocument", &json!({"frameId": "main", "url": "http://a.test/other"}));
        loads.on_event("Page.frameRequestedNavigation", &json!({"frameId": "main", "reason": "scriptInitiated", "disposition": "currentTab", "url": "http://a.test/other#top"}));
        assert_eq!(loads.asked_to_go, None, "a fragment of the address history.pushState gave");
        loads.on_event("Page.frameScheduledNavigation", &json!({"frameId": "main", "reason": "metaTagRefresh", "delay": 0.5}));
        assert_eq!(loads.asked_to_go, Some((1, 500.0)));
        loads.on_event("Page.frameRequestedNavigation", &json!({"frameId": "main", "reason": "metaTagRefresh", "disposition": "currentTab"}));
        assert_eq!(loads.asked_to_go, Some((1, 0.0)), "asked for now");
    }

    #[test]
    fn where_the_main_frame_stood_as_a_document_committed_is_kept_after_the_next_commits() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "RELAY", "url": "http://a.test/relay"}}));
        loads.on_event("Page.loadEventFired", &json!({}));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "NEXT", "url": "http://a.test/next"}}));
        assert_eq!(loads.as_committed(1), Some(MainFrame { commits: 1, current: Some("RELAY".into()), same_document: 0 }), "the relay's, though the next page committed since");
        assert_eq!(loads.as_committed(2).and_then(|f| f.current), Some("NEXT".into()));
        assert_eq!(loads.as_committed(3), None, "none has committed third");
    }

    #[test]
    fn a_page_a_forms_post_brought_is_known_until_the_page_puts_another_entry_in_its_place() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        let request = |method: &str, redirect: bool| json!({"type": "Document", "frameId": "main", "requestId": "P1", "loaderId": "P1", "request": {"url": "http://a.test/order", "method": method}, "redirectHasExtraInfo": redirect});
        let posted = |loads: &mut Loads| loads.document("P1").posted;
        loads.on_event("Network.requestWillBeSent", &request("POST", false));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "P1", "url": "http://a.test/order"}}));
        assert!(posted(&mut loads));
        loads.on_event("Page.navigatedWithinDocument", &json!({"frameId": "main", "url": "http://a.test/order#top", "navigationType": "fragment"}));
        assert!(posted(&mut loads), "a fragment keeps the entry");
        loads.on_event("Page.navigatedWithinDocument", &json!({"frameId": "main", "url": "http://a.test/order", "navigationType": "historyApi"}));
        assert!(!posted(&mut loads), "history.replaceState put another entry in its place");
        // Sent on to another address by its server: what came is a GET's answer.
        loads.on_event("Network.requestWillBeSent", &request("POST", false));
        loads.on_event("Network.requestWillBeSent", &request("GET", true));
        assert!(!posted(&mut loads));
    }

    #[test]
    fn a_document_request_without_an_answer_is_pending() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        let request = |frame: &str, id: &str| json!({"type": "Document", "frameId": frame, "requestId": id, "loaderId": id, "request": {"url": "http://slow.test/"}});
        loads.on_event("Network.requestWillBeSent", &request("sub", "S1"));
        assert_eq!(loads.pending, None, "a frame's document is not the page's");
        loads.on_event("Network.requestWillBeSent", &request("main", "R1"));
        assert_eq!(loads.pending.as_ref().map(|(_, u)| u.as_str()), Some("http://slow.test/"));
        loads.on_event("Network.loadingFailed", &json!({"requestId": "other"}));
        assert!(loads.pending.is_some());
        loads.on_event("Network.loadingFailed", &json!({"requestId": "R1"}));
        assert_eq!(loads.pending, None, "a failed load waits no more");
        loads.on_event("Network.requestWillBeSent", &request("main", "R2"));
        loads.on_event("Network.responseReceived", &json!({"type": "Document", "frameId": "main", "requestId": "R2", "loaderId": "R2", "response": {"status": 200}}));
        assert_eq!(loads.pending, None, "answered");
        loads.on_event("Network.requestWillBeSent", &request("main", "R3"));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "R3"}}));
        assert_eq!(loads.pending, None, "committed");
    }

    #[test]
    fn a_document_asked_for_before_another_committed_is_on_its_way_until_it_commits_or_fails() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        let request = |id: &str| json!({"type": "Document", "frameId": "main", "requestId": id, "loaderId": id, "request": {"url": format!("http://a.test/{id}")}});
        loads.on_event("Network.requestWillBeSent", &request("OLD"));
        loads.on_event("Network.requestWillBeSent", &request("OURS"));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "OURS"}}));
        assert!(loads.in_flight(0, 1, "OURS"), "asked for before ours committed, not ended");
        assert!(!loads.in_flight(0, 1, "OLD"), "but for the one left out");
        assert!(!loads.in_flight(1, 2, "OURS"), "not asked for since");
        loads.on_event("Network.loadingFailed", &json!({"requestId": "OLD", "canceled": true}));
        assert!(!loads.in_flight(0, 1, "OURS"), "failed: it will not commit");
        loads.on_event("Network.requestWillBeSent", &request("NEXT"));
        assert!(loads.in_flight(1, 2, "OURS"));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "NEXT"}}));
        assert!(!loads.in_flight(0, 3, "OURS"), "committed");
    }

    #[test]
    fn each_document_of_the_main_frame_is_followed_by_its_loader() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        let response = |frame: &str, loader: &str, status: u64| json!({"type": "Document", "frameId": frame, "loaderId": loader, "response": {"status": status, "statusText": "Not Found"}});
        loads.on_event("Network.responseReceived", &response("main", "L1", 404));
        loads.on_event("Network.responseReceived", &response("sub", "S1", 500));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "L1"}, "type": "Navigation"}));
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "sub", "parentId": "main", "loaderId": "S1"}}));
        let l1 = |loads: &Loads| loads.recent.iter().find(|d| d.loader == "L1").map(|d| (d.state.committed, d.state.loaded, d.state.status.clone()));
        assert_eq!(l1(&loads), Some((true, false, Some((404, "Not Found".to_string())))));
        assert!(loads.recent.iter().all(|d| d.loader != "S1"), "a subframe's documents are not the main frame's");
        assert_eq!((loads.commits, loads.current.as_deref()), (1, Some("L1")));
        // A subframe's load says nothing about the main document.
        loads.on_event("Page.lifecycleEvent", &json!({"frameId": "sub", "loaderId": "S1", "name": "load"}));
        loads.on_event("Page.lifecycleEvent", &json!({"frameId": "main", "loaderId": "L1", "name": "DOMContentLoaded"}));
        assert_eq!(l1(&loads).map(|d| d.1), Some(false));
        assert!(loads.recent.iter().any(|d| d.loader == "L1" && d.state.ready), "parsed, not loaded");
        loads.on_event("Page.lifecycleEvent", &json!({"frameId": "main", "loaderId": "L1", "name": "load"}));
        assert_eq!(l1(&loads).map(|d| d.1), Some(true));
        // The load event names no loader: it belongs to the document current when it comes.
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "L2"}, "type": "Navigation"}));
        loads.on_event("Page.loadEventFired", &json!({}));
        assert!(loads.recent.iter().any(|d| d.loader == "L2" && d.state.loaded));
        // A page restored from the back-forward cache fires no load: it counts as loaded.
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "L1"}, "type": "BackForwardCacheRestore"}));
        assert_eq!(loads.commits, 3);
        loads.on_event("Page.navigatedWithinDocument", &json!({"frameId": "main", "url": "x#a"}));
        assert_eq!(loads.same_document, 1);
        for i in 0..20 {
            loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": format!("N{i}")}}));
        }
        assert_eq!(loads.recent.len(), LOADERS, "only the recent documents are remembered");
    }

    #[test]
    fn what_a_document_told_of_itself_holds_until_it_is_moved() {
        let mut loads = Loads { main_frame: Some("main".into()), ..Default::default() };
        let told = r#"{"shown": true, "title": "One", "url": "http://a.test/one"}"#;
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "L1"}}));
        loads.tell(told);
        assert_eq!(loads.told().map(|t| (t.shown, t.title, t.url)), Some((true, "One".to_string(), "http://a.test/one".to_string())));
        loads.on_event("Page.navigatedWithinDocument", &json!({"frameId": "main", "url": "http://a.test/two"}));
        assert_eq!(loads.told(), None, "the document moved within itself");
        loads.tell(told);
        assert!(loads.told().is_some());
        loads.on_event("Page.frameNavigated", &json!({"frame": {"id": "main", "loaderId": "L2"}}));
        assert_eq!(loads.told(), None, "another document");
        for bad in ["", "{", r#"{"shown": "yes", "title": "x", "url": "y"}"#, r#"{"title": "x"}"#] {
            loads.tell(bad);
            assert_eq!(loads.told(), None, "{bad}");
        }
    }

    #[test]
    fn the_newest_entries_are_kept_and_the_rest_counted() {
        let mut log = Bounded::default();
        for i in 0..(KEEP + 5) {
            log.push(10, i);
        }
        assert_eq!(log.items.len(), KEEP);
        let (newest, older, dropped) = log.take(3);
        assert_eq!(newest, [KEEP + 2, KEEP + 3, KEEP + 4]);
        assert_eq!((older, dropped), (KEEP - 3, 5));
        assert_eq!(log.take(3), (vec![], 0, 0), "a read takes everything");

        // The byte budget holds too, however few entries there are.
        let mut log = Bounded::default();
        for i in 0..100 {
            log.push(BUDGET / 10, i);
        }
        assert!(log.bytes <= BUDGET && log.items.len() == 10, "{} bytes in {} entries", log.bytes, log.items.len());
        assert_eq!(log.dropped, 90);
        assert_eq!(log.items.back().map(|(_, i)| *i), Some(99));
        // One entry over the budget on its own is still kept (each entry is already cut).
        let mut log = Bounded::default();
        log.push(BUDGET * 2, 0);
        assert_eq!(log.items.len(), 1);
    }
}
