//! File choosers that Claude's input opens. A native file dialog would pop up in front of the
//! person, out of Claude's sight (screenshots show the page only), and wait there. In a tab
//! Claude clicks in, the browser instead cancels file choosers and names the file input each was
//! for: the result says so, with a ref for that input (often a hidden one behind a styled
//! button), which file_upload then fills directly.
//!
//! The interception is turned on by Claude's first input in a tab that can open a chooser (a
//! click, an activating key, typing, a script) and stays on (turning it on and off around every
//! click costs each click about a millisecond). The person's own press, Enter or Space in the
//! page turns it off in that tab until Claude's next such input there (the page agent tells the
//! core of every trusted one, and one that comes while no input of Claude's is under way, nor
//! just ended, is the person's), and Stop turns it off everywhere. A chooser that still reaches the core
//! with no input of Claude's behind it is the person's too: that one is cancelled, and choosers
//! are theirs again in that tab.
//!
//! A cross-origin frame in a process of its own has choosers of its own: the interception and the
//! page agent's word of the person's presses reach it through its debugger session, as they
//! reach the tab (see cdp::prepare_children).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use crate::cdp::{self, Debuggee};
use crate::snapshot::Node;
use crate::{activity, page, refs};

const GROUP: &str = "tabwright-chooser";
/// A chooser opened this long after Claude's input ended is still taken for that input's.
const LATE_MS: f64 = 2_000.0;

thread_local! {
    /// Tabs whose file choosers are intercepted.
    static INTERCEPTING: RefCell<HashSet<i32>> = RefCell::new(HashSet::new());
    /// Tabs with Claude's input under way.
    static IN_INPUT: RefCell<HashSet<i32>> = RefCell::new(HashSet::new());
    /// When Claude's last input in each tab ended.
    static LAST_INPUT: RefCell<HashMap<i32, f64>> = RefCell::new(HashMap::new());
    /// Choosers Claude's input opened after its call had answered, by tab, with when: told by
    /// the next call.
    static LATE: RefCell<HashMap<i32, (Value, f64)>> = RefCell::new(HashMap::new());
    /// When the person last pressed (or pressed a key) in each tab's page.
    static PERSON: RefCell<HashMap<i32, f64>> = RefCell::new(HashMap::new());
    /// Tabs whose page said Claude's input activated a file input: its chooser is on its way.
    /// With the input as the page named it (and handed it a ref), when it could.
    static EXPECTED: RefCell<HashMap<i32, Option<String>>> = RefCell::new(HashMap::new());
    /// Choosers told from the page's word before the browser's own event on them came, by tab,
    /// with when: that event, when it comes, is theirs.
    static TOLD: RefCell<HashMap<i32, f64>> = RefCell::new(HashMap::new());
    /// The frame of another site (its debugger session) that last said it was pressed, by tab,
    /// while Claude's input there was under way.
    static FRAME_PRESSED: RefCell<HashMap<i32, String>> = RefCell::new(HashMap::new());
}

/// How long a frame of another site is given to say whether a press in it opened a chooser.
const FRAME_ASKED_MS: i32 = 300;
/// How long the browser's word on a chooser the page said it asked for is waited for.
const EXPECTED_MS: i32 = 1_000;
/// A late chooser not told within this long (no call came to the tab) is dropped.
const LATE_KEPT_MS: f64 = 10_000.0;
/// A press heard this soon after Claude's own pointer input in the tab is taken for Claude's
/// (its word can arrive after the input's call has ended).
const OWN_PRESS_MS: f64 = 500.0;

/// The page said Claude's input activated a file input: its chooser is on its way. `input` is
/// how the page named that input, with the ref it handed out (`"Avatar" (ref_9)`), when the
/// page's answer to the input said so; a frame's word by another path names none.
pub fn expect(tab: i32, input: Option<String>) {
    EXPECTED.with(|e| {
        let mut expected = e.borrow_mut();
        let named = expected.entry(tab).or_default();
        if input.is_some() {
            *named = input;
        }
    });
}

/// Claude's input under way in a tab, until it ends or its call is cut off.
struct Input(i32);

impl Input {
    fn begin(tab: i32) -> Input {
        IN_INPUT.with(|i| i.borrow_mut().insert(tab));
        Input(tab)
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        IN_INPUT.with(|i| i.borrow_mut().remove(&self.0));
        LAST_INPUT.with(|l| l.borrow_mut().insert(self.0, js_sys::Date::now()));
    }
}

/// Runs `work` (Claude's input) with the tab's file choosers intercepted. A chooser it opened is
/// told in the result.
pub async fn around<T, F>(tab: i32, work: F) -> T
where
    F: std::future::Future<Output = T>,
{
    if INTERCEPTING.with(|i| i.borrow_mut().insert(tab)) {
        // Sent now, before the input's first event, and not waited for: the browser handles the
        // commands in turn.
        send_now(tab, true);
    }
    // Frames that joined the tab since its last input of Claude's get the interception too.
    cdp::prepare_children(tab, true);
    unconfirmed(tab).await;
    let input = Input::begin(tab);
    EXPECTED.with(|e| e.borrow_mut().remove(&tab));
    FRAME_PRESSED.with(|f| f.borrow_mut().remove(&tab));
    let began = js_sys::Date::now();
    let mut heard = cdp::wait_for(tab, &["Page.fileChooserOpened"]);
    let done = work.await;
    // A frame of another site tells of a chooser on its own way (its debugger session), which
    // can come after the input's answer: the frame the input pressed in is asked, a moment at
    // most. Its answer comes behind any word it sent before on that session, and says too
    // whether it told at all. (A frame whose agent the core does not know, or that is loading
    // another document, which DevTools would hold the question for, is not asked.)
    let pressed_in = FRAME_PRESSED.with(|f| f.borrow_mut().remove(&tab));
    if let (false, Some(session)) = (EXPECTED.with(|e| e.borrow().contains_key(&tab)), pressed_in) {
        if frame_told(Debuggee { tab, session: Some(session) }, began).await {
            expect(tab, None);
        }
    }
    let opened = |heard: Option<(String, Value)>| heard.filter(|(event, _)| event == "Page.fileChooserOpened").map(|(_, params)| params);
    let intercepting = INTERCEPTING.with(|i| i.borrow().contains(&tab));
    let chooser = match EXPECTED.with(|e| e.borrow_mut().remove(&tab)) {
        // The page named the input: told now. The browser opens the chooser a few milliseconds
        // after the click (up to a frame later), and cancels it itself, as it intercepts them;
        // its event, when it comes, is this one's.
        Some(Some(named)) if intercepting => {
            if opened(heard.try_recv().ok().flatten()).is_none() {
                TOLD.with(|t| t.borrow_mut().insert(tab, js_sys::Date::now()));
            }
            drop(input);
            activity::notice(opened_chooser("This action", Some(&named)));
            return done;
        }
        Some(_) => opened(cdp::within(heard, EXPECTED_MS).await),
        None => opened(heard.try_recv().ok().flatten()),
    };
    drop(input);
    if let Some(chooser) = chooser {
        tell(tab, &chooser, "This action").await;
    }
    done
}

/// Runs `work`, a click file_upload makes on an element that says it takes files but holds no
/// file input (a drop zone that opens a hidden one), with the tab's choosers intercepted, and
/// answers the file input the chooser it opened was for: its frame and node (none when no
/// chooser opened; the click's error when it failed). Nothing is told: file_upload fills that
/// input itself.
pub async fn opened_by<T, F>(tab: i32, work: F) -> Result<Option<(Debuggee, i64)>, String>
where
    F: std::future::Future<Output = Result<T, String>>,
{
    if INTERCEPTING.with(|i| i.borrow_mut().insert(tab)) {
        send_now(tab, true);
    }
    cdp::prepare_children(tab, true);
    unconfirmed(tab).await;
    let input = Input::begin(tab);
    let heard = cdp::wait_for(tab, &["Page.fileChooserOpened"]);
    let clicked = work.await;
    let chooser = match clicked {
        Ok(_) => cdp::within(heard, EXPECTED_MS).await,
        Err(_) => None,
    };
    EXPECTED.with(|e| e.borrow_mut().remove(&tab));
    drop(input);
    clicked?;
    let Some((_, chooser)) = chooser.filter(|(event, _)| event == "Page.fileChooserOpened") else { return Ok(None) };
    let frame = Debuggee {
        tab,
        session: chooser["sessionId"].as_str().map(str::to_string),
    };
    Ok(chooser["backendNodeId"].as_i64().map(|node| (frame, node)))
}

/// Before Claude's next input in a tab (the next call of a batch can come at once): the
/// browser's event on a chooser already told is waited for (bounded), so that input does not
/// take it for a chooser of its own.
async fn unconfirmed(tab: i32) {
    let Some(at) = TOLD.with(|t| t.borrow().get(&tab).copied()) else { return };
    let left = EXPECTED_MS as f64 - (js_sys::Date::now() - at);
    if left > 0.0 {
        let _ = cdp::within(cdp::wait_for(tab, &["Page.fileChooserOpened"]), left as i32).await;
    }
    TOLD.with(|t| t.borrow_mut().remove(&tab));
}

/// Tells a chooser that Claude's earlier input opened after its call had answered. Called at
/// the start of a call (calls run one at a time, so the ref it hands out is this call's).
pub async fn tell_late(tab: i32) {
    if let Some((chooser, when)) = LATE.with(|l| l.borrow_mut().remove(&tab)) {
        if js_sys::Date::now() - when < LATE_KEPT_MS {
            tell(tab, &chooser, "An earlier action").await;
        }
    }
}

/// `Page.fileChooserOpened` on a tab. One opened by Claude's input under way is told by
/// [`around`]; one opened soon after it (and after any press of the person's), by the next call;
/// any other is the person's, and choosers are handed back to them in that tab.
pub fn on_event(tab: i32, method: &str, params: &Value) {
    if method != "Page.fileChooserOpened" {
        return;
    }
    let now = js_sys::Date::now();
    // The chooser Claude's input was told to have opened, from the page's word.
    if TOLD.with(|t| t.borrow_mut().remove(&tab)).is_some_and(|at| now - at < LATE_MS) || IN_INPUT.with(|i| i.borrow().contains(&tab)) {
        return;
    }
    let claude = LAST_INPUT.with(|l| l.borrow().get(&tab).copied());
    let person = PERSON.with(|p| p.borrow().get(&tab).copied());
    let late = claude.is_some_and(|t| now - t < LATE_MS && person.is_none_or(|p| p < t));
    if late {
        LATE.with(|l| l.borrow_mut().insert(tab, (params.clone(), now)));
    } else {
        // Sent whatever the core believes: after a restart of the worker, the browser may still
        // intercept for a tab the core does not know about.
        INTERCEPTING.with(|i| i.borrow_mut().remove(&tab));
        send_now(tab, false);
    }
}

/// The page agent saw a trusted press, or Enter or Space, in the tab's page. Unless it is
/// Claude's own (under way, or ended just now), it is the person's: a chooser it opens is theirs.
/// Told at the press, the browser hears it before the click that follows can open a chooser.
pub fn pressed(tab: i32) {
    if IN_INPUT.with(|i| i.borrow().contains(&tab)) || super::pointer::pressed_lately(tab, OWN_PRESS_MS) {
        return;
    }
    PERSON.with(|p| p.borrow_mut().insert(tab, js_sys::Date::now()));
    release(tab);
}

/// Whether a frame of another site whose agent is known says it told of a chooser since `began`
/// (system clock), within [`FRAME_ASKED_MS`].
async fn frame_told(frame: Debuggee, began: f64) -> bool {
    if page::known_generation(&frame).is_none() {
        return false;
    }
    let question = format!("__tabwright.chooserToldSince({began})");
    let answer = crate::chrome::bounded(page::call_in(&frame, &question), FRAME_ASKED_MS).await;
    matches!(answer, Some(Ok((serde_json::Value::Bool(true), _))))
}

/// A frame of another site in the tab (its debugger session) said it was pressed, or Claude's
/// input aims at it: during that input, the frame is asked whether the press opened a chooser.
pub fn frame_pressed(tab: i32, session: &str) {
    if IN_INPUT.with(|i| i.borrow().contains(&tab)) {
        FRAME_PRESSED.with(|f| f.borrow_mut().insert(tab, session.to_string()));
    }
}

/// Choosers are the person's again in every tab (they pressed Stop).
pub fn release_all() {
    let tabs: Vec<i32> = INTERCEPTING.with(|i| i.borrow().iter().copied().collect());
    for tab in tabs {
        release(tab);
    }
}

fn release(tab: i32) {
    if INTERCEPTING.with(|i| i.borrow_mut().remove(&tab)) {
        send_now(tab, false);
    }
}

/// Forgets a tab the debugger left (a new attach starts without interception).
pub fn forget(tab: i32) {
    INTERCEPTING.with(|i| i.borrow_mut().remove(&tab));
    LAST_INPUT.with(|l| l.borrow_mut().remove(&tab));
    LATE.with(|l| l.borrow_mut().remove(&tab));
    PERSON.with(|p| p.borrow_mut().remove(&tab));
    TOLD.with(|t| t.borrow_mut().remove(&tab));
}

/// Turns the interception on or off, in the tab and in each of its out-of-process frames (each
/// has choosers of its own): the commands are handed to the browser now (before any command sent
/// after this), and their answers are read later. An interception that could not be turned on
/// in the tab itself is not taken for on.
fn send_now(tab: i32, on: bool) {
    use futures::FutureExt;
    let command = cdp::SetInterceptFileChooserDialog {
        enabled: on,
        cancel: on,
    };
    for child in cdp::children(tab).into_iter().filter(|c| c.prepared) {
        let frame = Debuggee {
            tab,
            session: Some(child.session),
        };
        cdp::send_soon(&frame, command);
    }
    let mut sent = Box::pin(async move { cdp::send(tab, &command).await });
    let answered = (&mut sent).now_or_never();
    let failed = move |answer: &Result<cdp::Empty, cdp::CdpError>| {
        if on && answer.is_err() {
            INTERCEPTING.with(|i| i.borrow_mut().remove(&tab));
        }
    };
    match answered {
        Some(answer) => failed(&answer),
        None => wasm_bindgen_futures::spawn_local(async move { failed(&sent.await) }),
    }
}

/// Queues the line that tells Claude of a chooser, naming its file input with a ref; `who` is
/// what opened it.
async fn tell(tab: i32, chooser: &Value, who: &str) {
    // A chooser of an out-of-process frame names a node of that frame's session.
    let at = Debuggee {
        tab,
        session: chooser["sessionId"].as_str().map(str::to_string),
    };
    let input = match chooser["backendNodeId"].as_i64() {
        Some(node) => hand_out(at, node).await,
        None => None,
    };
    activity::notice(opened_chooser(who, input.as_deref()));
}

fn opened_chooser(who: &str, input: Option<&str>) -> String {
    match input {
        Some(what) => format!("{who} opened a file chooser for the file input {what}, which was not shown, so no file was chosen. To choose files, call file_upload with that ref."),
        None => format!("{who} opened a file chooser, which was not shown, so no file was chosen. To choose files, call file_upload with the ref of its file input, or of a label or element that holds it."),
    }
}

/// A ref for the file input the chooser was for, and how it reads (`"Avatar" (ref_9)`).
pub(super) async fn hand_out(at: Debuggee, node: i64) -> Option<String> {
    let function = format!("function () {{ return __tabwright.handOut(this, {}); }}", refs::next());
    let (answer, generation) = page::call_on_node(&at, node, &function, GROUP).await?;
    handed(&at, generation, answer)
}

/// What the page agent's `handOut` answered for an element of the document `generation` at
/// `at`: its ref, recorded as that document's, and how it reads (`"Avatar" (ref_9)`).
pub(super) fn handed(at: &Debuggee, generation: u64, answer: Value) -> Option<String> {
    #[derive(Deserialize)]
    struct HandedOut {
        r#ref: u64,
        next: u64,
        role: String,
        name: String,
        what: String,
    }
    let out: HandedOut = serde_json::from_value(answer).ok()?;
    refs::record(at, generation, out.next, &[Node { r#ref: Some(out.r#ref), role: Some(out.role), name: Some(out.name), ..Default::default() }]);
    Some(super::aim::fold(&out.what))
}
