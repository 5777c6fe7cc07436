//! What an input set off, landed before the next call reads or acts: a scroll's next frames,
//! and after a click, a key or typing, the page's answer to it (its requests, its animations, a
//! pause after typing), as a read right behind the input waits for them.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::page;

thread_local! {
    /// When each tab last scrolled, until a call has waited for that scroll to land.
    static SCROLLED: RefCell<HashMap<i32, f64>> = RefCell::new(HashMap::new());
    /// The last input (or navigate) on each tab, until a read has waited for what it set off.
    static ACTED: RefCell<HashMap<i32, Acted>> = RefCell::new(HashMap::new());
}

/// Waits for the next two animation frames, so a scroll or re-render has landed.
pub async fn settle(tab: i32) {
    let _ = page::call(tab, "__tabwright.frames(2)").await;
}

/// How long after a scroll was applied its next two frames have surely been drawn (two frames
/// at 60 Hz).
const SETTLED_MS: f64 = 34.0;

/// A scroll lands on the page at its next frames (a list that re-renders on scroll does so
/// then). The next call on the tab waits for them if they cannot have passed yet; usually Claude
/// takes longer than that to answer, and nothing waits.
pub fn settle_later(tab: i32) {
    SCROLLED.with(|s| s.borrow_mut().insert(tab, js_sys::Date::now()));
}

/// Before a call acts on or reads a tab: its last scroll has landed.
pub async fn settled(tab: i32) {
    let Some(at) = SCROLLED.with(|s| s.borrow_mut().remove(&tab)) else { return };
    if js_sys::Date::now() - at < SETTLED_MS {
        settle(tab).await;
    }
}

/// The last input on a tab, for a read right behind it.
struct Acted {
    /// When it ended.
    at: f64,
    /// When its call began.
    from: f64,
    /// The tab's [`crate::fetching::mark`] from before it.
    began: u64,
    /// It typed words.
    typed: bool,
    /// It was a navigate: the page loaded.
    loaded: bool,
}

/// A click, a key or other input acted on the tab: a read right behind it (in the same batch
/// of calls) first lets the page draw what it opened or closed. `began`: the tab's
/// [`crate::fetching::mark`] from before the input; `from`: when its call began; `typed`: the
/// input typed words; `loaded`: it was a navigate.
pub fn acted(tab: i32, began: u64, from: f64, typed: bool, loaded: bool) {
    ACTED.with(|a| a.borrow_mut().insert(tab, Acted { at: js_sys::Date::now(), from, began, typed, loaded }));
}

/// The last input on the tab loaded a new page into it: a read behind it waits as one behind a
/// navigate does, counting from now, when the input's call ends (its wait for the load to
/// begin may have taken longer than the page takes to draw).
pub fn loaded_since_acting(tab: i32) {
    ACTED.with(|a| {
        if let Some(acted) = a.borrow_mut().get_mut(&tab) {
            acted.loaded = true;
            acted.at = js_sys::Date::now();
        }
    });
}

/// Before a read, a screenshot or a zoom: what the last input opened has been drawn. A popup a
/// widget library opens is often placed and shown over its next frames (Ant Design measures
/// where its menu goes first, holding it transparent); a read in the same moment would miss it.
/// A panel the press set sliding open is read once it is open, not at the height it had on the
/// way; what the page fetched for the input is read once it came. Usually Claude takes longer
/// than that to read, and nothing waits.
///
/// `capture`: a screenshot or zoom follows, whose capture draws a new frame first (what a
/// page's load handler set for its next frame is in it): right after a load, no frame is let
/// pass for it. It waits for what fades in, which a read lists at once.
///
/// Whether it waited for the page (an input came shortly before, or its requests were answered).
pub async fn drawn_since_acting(tab: i32, capture: bool) -> bool {
    let Some(Acted { at, from, began, typed, loaded }) = ACTED.with(|a| a.borrow_mut().remove(&tab)) else { return false };
    // A page may answer words a moment after the last key (suggestions under the field, which
    // jQuery UI shows 300 ms after it; a search as you type): a person reads them no sooner.
    // (A search that runs as the words are typed waits for a pause in them first, often half a
    // second, before it asks its server: a read waits longer after typing into one.)
    let live = typed && SUGGESTS.with(|s| s.borrow().get(&tab).is_some_and(|f| f.1));
    let (floor, own) = if live { (LIVE_TYPED_MS, LIVE_OWN_MS) } else { (TYPED_MS, OWN_MS) };
    let typed = typed && js_sys::Date::now() - at < floor;
    if typed {
        crate::chrome::sleep((floor - (js_sys::Date::now() - at)).max(0.0) as i32).await;
    }
    let answered = answers(tab, at, began, own).await;
    let since = js_sys::Date::now() - at;
    if since < ANIMATED_MS || answered {
        // What the page says it is still at work on (a spinner, "Loading…") is waited for, for
        // a while: a sign the page never takes down must not outlast the message it showed.
        let busy = (BUSY_MS - since).max(0.0);
        // Right after a load, the page is waited for only if it changed since (see drawnAfterInput).
        let fresh = answered || typed || (since < DRAWN_MS && !loaded);
        // What the page has been changing steadily since well before the input is not waited
        // for: before its call began (what the words it typed set changing is waited for), or,
        // a page loaded, before the load was done.
        let input = if loaded { at } else { from };
        let loaded = match (loaded && since < DRAWN_MS, capture) {
            (false, _) => "null",
            (true, false) => "'read'",
            (true, true) => "'capture'",
        };
        let expression = format!("__tabwright.drawnAfterInput({ANIMATED_MS}, {fresh}, {busy}, {loaded}, {input}, {capture})");
        crate::chrome::bounded(page::call(tab, &expression), (ANIMATED_MS + busy) as i32 + QUIET_MS + 100).await;
        return true;
    }
    false
}

/// Before a call is refused for a target the input before it may still change (a button the
/// page enables once its checks of the words typed have run, a list it fills once a choice is
/// made): waits for the page's answer to that input, and until a pause after it has passed (such
/// checks run once the typing pauses, as [`TYPED_MS`] allows for a read). Whether there was such
/// an input to wait for; the target is then looked at again.
pub async fn answered_first(tab: i32) -> bool {
    let Some(at) = ACTED.with(|a| a.borrow().get(&tab).map(|a| a.at)) else { return false };
    let waited = drawn_since_acting(tab, false).await;
    let left = TYPED_MS - (js_sys::Date::now() - at);
    if left > 0.0 {
        crate::chrome::sleep(left as i32).await;
    }
    waited || left > 0.0
}

/// Before a key right behind typing (Enter, an arrow, Tab) into a field that offers suggestions:
/// the page has answered the words first, as a read would show them (suggestions shown after a
/// pause or fetched for them), so the key acts on what a person would see: Enter picks the
/// suggestion the words brought up, not the one before them. Into any other field (a chat box,
/// a form's field) the key goes at once, as a person's would, where it waited 350 ms; a read
/// after the key still waits for the page's answer to it.
pub async fn typing_answered(tab: i32) {
    let typed = ACTED.with(|a| a.borrow().get(&tab).is_some_and(|a| a.typed && js_sys::Date::now() - a.at < TYPED_MS));
    let suggests = SUGGESTS.with(|s| s.borrow().get(&tab).is_none_or(|f| f.0));
    if typed && suggests {
        drawn_since_acting(tab, false).await;
    }
}

thread_local! {
    /// Per tab: whether the field the last typing went into offers suggestions, and whether it
    /// searches as the words are typed.
    static SUGGESTS: RefCell<HashMap<i32, (bool, bool)>> = RefCell::new(HashMap::new());
}

/// What the page said of the field typing goes into (`__tabwright.focusHolder()`, unknown as
/// `None`): whether it offers suggestions (a combobox, a field with a list, one whose
/// suggestions are open; see [`typing_answered`]), and whether it searches as the words are
/// typed (a search field, one that asks its server for each change).
pub fn typing_into(tab: i32, held: Option<&serde_json::Value>) {
    let said = |what: &str| held.is_none_or(|v| v.as_str().is_some_and(|s| s.contains(what)) || v[what] == true);
    SUGGESTS.with(|s| s.borrow_mut().insert(tab, (said("suggests"), held.is_some() && said("live"))));
}

/// Waits for the answers to the requests the page's scripts began for the input (since it, and
/// at most [`OWN_MS`] after it: the results of a search, the next page of a list), until
/// [`ANSWERS_MS`] after the input. Whether it waited for an answer the page read: what it
/// answered is then drawn over the next frames.
async fn answers(tab: i32, at: f64, began: u64, own: f64) -> bool {
    if js_sys::Date::now() - at >= ANSWERS_MS {
        return false;
    }
    // One round trip to the page first: the events of the requests it began before are in then.
    // (Bounded, as every wait here: a page held by a dialog does not answer.)
    crate::chrome::bounded(page::call(tab, "0"), 200).await;
    let mut waited = false;
    while js_sys::Date::now() - at < ANSWERS_MS && crate::fetching::under_way(tab, began, at + own) {
        waited = true;
        crate::chrome::sleep(10).await;
    }
    waited && crate::fetching::ended_since(tab, began)
}

/// How long after an input a read waits for the answers to the requests it began (a request
/// that takes longer, such as a long poll, is read as under way), and how soon after the input
/// a request must begin to be the input's (one begun later is an ad's, an analytics call, a
/// poll's).
const ANSWERS_MS: f64 = 3000.0;
const OWN_MS: f64 = 500.0;
/// The same two after typing into a field that searches as the words are typed.
const LIVE_TYPED_MS: f64 = 750.0;
const LIVE_OWN_MS: f64 = 1000.0;
/// How long after an input a read waits at most while the page says it is busy (a toast lasts
/// some 3 s: a read behind a sign that never goes still shows it).
const BUSY_MS: f64 = 2000.0;
/// How long after typing a read waits at the soonest.
const TYPED_MS: f64 = 350.0;
/// How soon after an input a read waits for the page to be drawn (until three frames pass that
/// change nothing, at most [`QUIET_MS`]), and how long after one it still waits for the
/// animations the input set going (at most that long again).
const DRAWN_MS: f64 = 150.0;
const ANIMATED_MS: f64 = 1000.0;
const QUIET_MS: i32 = 300;

/// Waits for one animation frame of the tab (bounded, as a hidden tab may not draw).
pub async fn settle_once(tab: i32) {
    let wait = page::call(tab, "__tabwright.frames(1)");
    let _ = futures::future::select(Box::pin(wait), Box::pin(crate::chrome::sleep(100))).await;
}

/// Forgets a closed tab's state.
pub fn forget(tab: i32) {
    SCROLLED.with(|s| s.borrow_mut().remove(&tab));
    ACTED.with(|a| a.borrow_mut().remove(&tab));
    SUGGESTS.with(|s| s.borrow_mut().remove(&tab));
}
