//! Pointer members, with trusted input events (Input.dispatchMouseEvent), never synthetic DOM events.

use std::cell::RefCell;
use std::collections::HashMap;

use tabwright_protocol::input::{Click, Drag, Hover, Pointer, Scroll, ScrollDirection, Target};
use tabwright_protocol::wire::Outcome;

use super::aim::{aim, fold, move_to, spot, Spot};
use crate::cdp::{self, Debuggee};
use crate::keys::{self, KeyDef};
use crate::{page, refs, state};

thread_local! {
    /// Where the pointer is per tab, in CSS pixels, in the document shown (a new one has seen no
    /// pointer yet: nothing under it is hovered until one moves).
    static POSITION: RefCell<HashMap<i32, (f64, f64)>> = RefCell::new(HashMap::new());
    /// Where the last left_mouse_down pressed, per tab.
    static PRESSED_AT: RefCell<HashMap<i32, (f64, f64)>> = RefCell::new(HashMap::new());
}

thread_local! {
    /// Tabs with Claude's own press under way, until the page has answered after it: the
    /// banner's Stop heard then is Claude's click, never the person's.
    static PRESSING: RefCell<HashMap<i32, u32>> = RefCell::new(HashMap::new());
    /// When Claude's last press in each tab ended.
    static PRESSED: RefCell<HashMap<i32, f64>> = RefCell::new(HashMap::new());
    /// Tabs whose last input was followed by a call queued behind the page's tasks (so what the
    /// input set off has been announced) and a new listing of the tabs, until the call's
    /// settling takes note.
    static ANSWERED: RefCell<std::collections::HashSet<i32>> = RefCell::new(Default::default());
    /// Tabs whose last press clicked a link that downloads, until the call has waited for the
    /// download to begin.
    static DOWNLOADING: RefCell<std::collections::HashSet<i32>> = RefCell::new(Default::default());
    /// Tabs whose last press clicked a link or a form's button whose target names a window,
    /// until the call has waited for its page to load in that window's tab.
    static WINDOWED: RefCell<std::collections::HashSet<i32>> = RefCell::new(Default::default());
}

/// Whether the tab's last press clicked a link or button whose target names a window (asked once).
pub fn take_targets_window(tab: i32) -> bool {
    WINDOWED.with(|d| d.borrow_mut().remove(&tab))
}

/// Whether the tab's last press clicked a link that downloads (asked once).
pub fn take_download_clicked(tab: i32) -> bool {
    DOWNLOADING.with(|d| d.borrow_mut().remove(&tab))
}

/// Claude's press in a tab, from before its first event until the page answered after it.
pub struct Pressing(i32);

impl Pressing {
    pub fn begin(tab: i32) -> Pressing {
        PRESSING.with(|p| *p.borrow_mut().entry(tab).or_default() += 1);
        Pressing(tab)
    }
}

impl Drop for Pressing {
    fn drop(&mut self) {
        PRESSING.with(|p| {
            let mut p = p.borrow_mut();
            if let Some(n) = p.get_mut(&self.0) {
                *n -= 1;
                if *n == 0 {
                    p.remove(&self.0);
                }
            }
        });
        PRESSED.with(|p| p.borrow_mut().insert(self.0, js_sys::Date::now()));
    }
}

/// Whether Claude is pressing in this tab right now (its Stop is then not the person's).
pub fn pressing(tab: i32) -> bool {
    PRESSING.with(|p| p.borrow().contains_key(&tab))
}

/// Whether Claude is pressing in this tab, or ended a press there within `ms` milliseconds (the
/// page's word of a press can arrive after the call that made it).
pub fn pressed_lately(tab: i32, ms: f64) -> bool {
    pressing(tab) || PRESSED.with(|p| p.borrow().get(&tab).is_some_and(|t| js_sys::Date::now() - t < ms))
}

/// After pointer input at a point, one call to the page: it ends the input (the banner's Stop
/// takes a person's clicks again), marks the point in the overlay and, with `describe`, says
/// what the press reached. It is queued behind the page's own tasks, so a navigation or a window
/// the input set off has been announced when it answers. The tabs are listed again if the input
/// changed the page's title or address (the call listed them as it began). An error when the
/// point is outside the viewport now (the window shrank after the screenshot the point came
/// from).
pub async fn after_input(tab: i32, spot: &Spot, describe: bool) -> Result<Option<String>, String> {
    let expression = answer_expression(spot, describe, 0, 0, "left");
    let answer = page::call_after_input(tab, &expression).await;
    relist_unless_shown(tab, &answer).await;
    read_answer(tab, answer)
}

/// Lists the tabs again unless the page's answer shows its tab as the kept inventory has it (the
/// input changed no title or address), then waits a little for the browser to show what the
/// page answered ([`state::until_shown`]); a page being left is not waited for (its answer is
/// the old page's).
pub(super) async fn relist_unless_shown(tab: i32, answer: &Result<(serde_json::Value, u64), String>) {
    let Ok((v, _)) = answer else { return state::relist().await };
    if state::shows_answer(tab, v) {
        return;
    }
    state::relist().await;
    if state::shows_answer(tab, v) || state::leaving(tab) {
        return;
    }
    let _ = state::until_shown(tab, v["title"].as_str().unwrap_or_default(), v["url"].as_str().unwrap_or_default()).await;
}

thread_local! {
    /// The number of the last input whose answer was asked for alongside its events.
    static CLICKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A click's events and the page's answer after them ([`after_input`]), sent together: the
/// answer waits in the page for the click's releases instead of being asked for once the browser
/// has answered every event, which saves a round trip to the page. When the browser has answered
/// the events and the page has not yet (the press landed in another frame, or outside the
/// viewport, where this document never sees it), the page is told to answer now. The tabs are
/// listed again once the click has landed, if it changed the page's title or address.
async fn with_answer<F>(tab: i32, spot: &Spot, describe: bool, presses: u32, button: &str, input: F) -> (Result<(), String>, Result<Option<String>, String>)
where
    F: std::future::Future<Output = Result<(), String>>,
{
    let seq = next_seq();
    let expression = answer_expression(spot, describe, presses, seq, button);
    // The call to the page goes out first and the events right behind it, so the page is
    // waiting for the releases when they come: a task the click's handlers queue (a page's long
    // work set going with setTimeout) then runs after the answer, not before it.
    let (sent, answer) = answered_with(tab, &expression, seq, Box::pin(input), true).await;
    let answer = read_answer(tab, answer);
    // A press in another site's frame: that frame's agent saw whether the browser stopped a
    // form there (a payment form in its own frame), which the top document never hears of.
    if let (Some(frame), true) = (&spot.frame, presses > 0 && sent.is_ok()) {
        frame_stopped(frame).await;
    }
    (sent, answer)
}

/// Keys that press what has focus (Enter, Space) and the page's answer after them, sent
/// together: the answer is asked for first, and waits in the page for `presses` releases of
/// those `keys` (their DOM names) and the end of their dispatch; a form they send or a link they
/// follow has then been announced, and a form the browser stopped is named. That saves the round
/// trip to the page that asking once the browser has answered every key would take. When the
/// page has not seen them by then (the keys went to another site's frame), it is told to answer
/// now, which is that round trip. The tabs are listed again if the keys changed the page's title
/// or address.
pub async fn keys_with_answer(tab: i32, keys: &[&str], presses: usize, input: Sending<'_>) -> Result<(), String> {
    let seq = next_seq();
    let keys = serde_json::to_string(keys).unwrap_or_default();
    let expression = format!("Promise.resolve(__tabwright.afterKeys({keys}, {presses}, {seq})).then((answer) => ({{answer, title: document.title, url: location.href}}))");
    let (sent, answer) = answered_with(tab, &expression, seq, input, true).await;
    // A page that heard no key for a second answered without them: what they set off is asked
    // about once more after them, as for any input.
    let timed_out = answer.as_ref().is_ok_and(|(v, _)| v["answer"]["timedOut"] == true);
    let _ = read_answer(tab, answer);
    // Keys that may send a form reach another site's frame when it has the focus: that frame's
    // agent saw whether the browser stopped the form, which the top document never hears of.
    if sent.is_ok() && keys.contains("Enter") {
        // (Only frames whose agent is there: one that was never read listened for nothing.)
        // (One after another: seldom more than one such frame holds a form.)
        for frame in cdp::children(tab).into_iter().map(|c| Debuggee { tab, session: Some(c.session) }).filter(|d| page::known_generation(d).is_some()) {
            frame_stopped(&frame).await;
        }
    }
    if timed_out {
        take_answered(tab);
    }
    sent
}

/// Numbers only grow, across restarts of the worker too (a page keeps the last one it was told
/// was sent).
fn next_seq() -> u64 {
    CLICKS.with(|c| {
        let next = (c.get() + 1).max(js_sys::Date::now() as u64);
        c.set(next);
        next
    })
}

/// Input events on their way to the browser.
pub type Sending<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), String>> + 'a>>;

/// Runs `input` with the page's answer `expression` asked for alongside it (first when
/// `ask_first`, else right behind its events). When the browser has answered the events first,
/// the page is told so (`pressDone(seq)`): it answers at once. The tabs are listed again, unless
/// the answer shows the tab as the listing the call began with has it.
async fn answered_with(tab: i32, expression: &str, seq: u64, input: Sending<'_>, ask_first: bool) -> (Result<(), String>, Result<(serde_json::Value, u64), String>) {
    // The answer belongs to the document the input reached: no second try in a new one.
    let asked = Box::pin(page::call_after_input(tab, expression));
    let first = if ask_first {
        match futures::future::select(asked, input).await {
            futures::future::Either::Left((answer, input)) => futures::future::Either::Right((answer, input)),
            futures::future::Either::Right((sent, asked)) => futures::future::Either::Left((sent, asked)),
        }
    } else {
        futures::future::select(input, asked).await
    };
    match first {
        futures::future::Either::Left((sent, asked)) => {
            wasm_bindgen_futures::spawn_local(async move {
                let _ = page::call(tab, &format!("__tabwright.pressDone({seq})")).await;
            });
            let answer = asked.await;
            relist_unless_shown(tab, &answer).await;
            (sent, answer)
        }
        futures::future::Either::Right((answer, input)) => {
            let (sent, ()) = futures::join!(input, relist_unless_shown(tab, &answer));
            (sent, answer)
        }
    }
}

fn answer_expression(spot: &Spot, describe: bool, presses: u32, seq: u64, button: &str) -> String {
    let overlay = crate::policy::current().overlay;
    // The DOM's number for the button whose releases are counted.
    let button = match button {
        "middle" => 1,
        "right" => 2,
        _ => 0,
    };
    // With the page's title and address as the input left them.
    let aimed = spot.aimed.map_or("null".to_string(), |id| id.to_string());
    format!(
        "Promise.resolve(__tabwright.afterInput({}, {}, {describe}, {overlay}, {presses}, {seq}, {button}, {}, {aimed})).then((answer) => ({{answer, title: document.title, url: location.href}}))",
        spot.x,
        spot.y,
        refs::next()
    )
}

/// How long another site's frame is given to say whether the browser stopped a form in it.
const FRAME_ASKED_MS: i32 = 300;

/// Tells Claude of a form the browser stopped in another site's frame since its last press or
/// Enter there, which that frame's agent heard.
/// (It answers within a moment or is not waited for: a busy frame holds up no click or key.)
async fn frame_stopped(frame: &Debuggee) {
    if let Some(Ok((serde_json::Value::String(field), _))) = crate::chrome::bounded(page::call_in(frame, "__tabwright.stoppedHere()"), FRAME_ASKED_MS).await {
        form_stopped(&field);
    }
}

/// Tells Claude that the browser would not send a form (a field it found invalid, named with
/// the page's message: `textbox "Email" (ref_4): Please fill out this field.`).
pub fn form_stopped(field: &str) {
    crate::activity::notice(format!(
        "The form was not sent: the browser stopped it at {}. Fill that in as it asks, then send the form again.",
        fold(field).trim_end_matches('.')
    ));
}

fn read_answer(tab: i32, answer: Result<(serde_json::Value, u64), String>) -> Result<Option<String>, String> {
    ANSWERED.with(|a| a.borrow_mut().insert(tab));
    match answer.map(|(mut v, n)| (v["answer"].take(), n)) {
        Ok((v, _)) if v["outside"] == true => Err(
            "The window changed size after the last screenshot, and the point is now outside the viewport, so the input reached nothing. Take a new screenshot and use its coordinates.".into(),
        ),
        Ok((v, _)) if v["blocked"].is_string() => Err(format!(
            "Nothing was pressed: as the pointer came to the element aimed at, the page moved it or put another in its place, so the press would have reached {}; it was stopped before the page heard it. Read the page again before going on.",
            fold(v["blocked"].as_str().unwrap_or_default()).trim_end_matches('.')
        )),
        Ok((mut v, generation)) if v.is_object() => {
            if v["chooser"] == true {
                // The file input, as the page handed it a ref.
                super::chooser::expect(tab, super::chooser::handed(&Debuggee::tab(tab), generation, v["input"].take()));
            }
            if let Some(field) = v["invalid"].as_str() {
                form_stopped(field);
            }
            if v["download"] == true {
                DOWNLOADING.with(|d| d.borrow_mut().insert(tab));
            }
            // (The page agent's own notes: where a moved click landed, what a form marked
            // invalid, a drop-down list's own list.)
            for told in v["told"].as_array().into_iter().flatten().filter_map(|t| t.as_str()) {
                crate::activity::notice(tabwright_protocol::sanitize::line(told, 1000));
            }
            if v["window"] == true {
                WINDOWED.with(|d| d.borrow_mut().insert(tab));
            }
            if let Some(said) = v["said"].as_array().filter(|s| !s.is_empty()) {
                let said: Vec<String> = said.iter().filter_map(|s| s.as_str()).map(|s| crate::snapshot::quote(&fold(s))).collect();
                crate::activity::notice(format!("The page announced (its alerts and status messages): {}.", said.join(", ")));
            }
            Ok(v["what"].as_str().map(fold))
        }
        Ok((v, _)) => Ok(v.as_str().map(fold)),
        Err(_) => Ok(None),
    }
}

/// A call other than an input found the page's title and address as the kept inventory shows
/// them, after what it did: the tabs need not be listed again for its report.
pub fn inventory_shown(tab: i32) {
    ANSWERED.with(|a| a.borrow_mut().insert(tab));
}

/// Whether the tab's last input was already followed by a call queued behind the page's tasks
/// (then settling needs no second one).
pub fn take_answered(tab: i32) -> bool {
    ANSWERED.with(|a| a.borrow_mut().remove(&tab))
}

/// Mouse buttons held down in a tab (left_mouse_down without its up yet), kept in the registry.
pub(super) fn buttons(tab: i32) -> u32 {
    u32::from(state::held_button(tab))
}

/// The pointer's place is forgotten: the next move is sent even to where it stands.
pub fn forget_position(tab: i32) {
    POSITION.with(|p| p.borrow_mut().remove(&tab));
}

pub(super) async fn mouse(tab: i32, kind: &'static str, (x, y): (f64, f64), button: &'static str, buttons: u32, clicks: u32, modifiers: u32) -> Result<(), String> {
    // The pointer is already there: a move would change nothing the page can see, and Chrome
    // holds every move until the next frame.
    if kind == "mouseMoved" && POSITION.with(|p| p.borrow().get(&tab).copied()) == Some((x, y)) {
        return Ok(());
    }
    cdp::send(
        tab,
        &cdp::MouseEvent { kind, x, y, modifiers, button, buttons, click_count: clicks, pointer_type: "mouse", ..Default::default() },
    )
    .await
    .map_err(|e| format!("The browser refused the mouse event: {e}"))?;
    POSITION.with(|p| p.borrow_mut().insert(tab, (x, y)));
    Ok(())
}

pub async fn key_event(
    tab: i32,
    kind: &'static str,
    def: &KeyDef,
    modifiers: u32,
    text: Option<String>,
) -> Result<(), String> {
    key_event_doing(tab, kind, def, modifiers, text, &[], false).await
}

/// [`key_event`] with the editing commands the key stands for.
pub async fn key_event_doing(
    tab: i32,
    kind: &'static str,
    def: &KeyDef,
    modifiers: u32,
    text: Option<String>,
    commands: &'static [&'static str],
    auto_repeat: bool,
) -> Result<(), String> {
    cdp::send(
        tab,
        &cdp::KeyEvent {
            kind,
            modifiers,
            key: def.key.clone(),
            code: def.code.clone(),
            windows_virtual_key_code: def.key_code,
            native_virtual_key_code: def.key_code,
            unmodified_text: text.clone(),
            text,
            location: def.location,
            is_keypad: def.location == 3,
            auto_repeat,
            commands,
        },
    )
    .await
    .map(|_| super::unresponsive::input_taken(tab))
    .map_err(|e| format!("The browser refused the key event: {e}"))
}

/// Presses the modifiers, runs `action`, and always releases them.
pub async fn with_modifiers<F, Fut, T>(tab: i32, held: &[KeyDef], action: F) -> Result<T, String>
where
    F: FnOnce(u32) -> Fut,
    Fut: std::future::Future<Output = Result<T, String>>,
{
    let mut bits = 0;
    let mut down = Held { tab, pressed: Vec::new() };
    for m in held {
        bits |= m.modifier;
        if let Err(e) = key_event(tab, "rawKeyDown", m, bits, None).await {
            release(tab, &std::mem::take(&mut down.pressed)).await;
            return Err(e);
        }
        down.pressed.push(m.clone());
    }
    let out = action(bits).await;
    release(tab, &std::mem::take(&mut down.pressed)).await;
    out
}

/// Keys held down: a call cut off before it let go of them (a page that stopped answering) still
/// lets go.
pub struct Held {
    tab: i32,
    pressed: Vec<KeyDef>,
}

impl Held {
    pub fn key(tab: i32, key: &KeyDef) -> Held {
        Held { tab, pressed: vec![key.clone()] }
    }

    /// The call lets go of the keys itself.
    pub fn let_go(mut self) {
        self.pressed.clear();
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if self.pressed.is_empty() {
            return;
        }
        let (tab, pressed) = (self.tab, std::mem::take(&mut self.pressed));
        wasm_bindgen_futures::spawn_local(async move { release(tab, &pressed).await });
    }
}

async fn release(tab: i32, pressed: &[KeyDef]) {
    let mut bits = pressed.iter().fold(0, |b, m| b | m.modifier);
    for m in pressed.iter().rev() {
        bits &= !m.modifier;
        let _ = key_event(tab, "keyUp", m, bits, None).await;
    }
}

fn ack(spot: &Spot) -> Outcome {
    Outcome::Ack { line: over(spot) }
}

fn over(spot: &Spot) -> Option<String> {
    spot.what.as_ref().map(|w| format!("The pointer was over {w}."))
}

/// left/right/middle/double/triple clicks.
pub async fn click(input: &Click, button: &'static str, clicks: u32) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let held = keys::modifiers(input.modifiers.as_deref().unwrap_or_default())?;
    // A click says afterwards what its press reached, with the page's answer that ends the
    // input (a right click's too: the page agent keeps the element its press reached, which a
    // context menu the click opens does not change).
    let mut spot = aim(tab, &input.target, true).await?;
    // One the input before this one may still enable (a form's button the page enables once its
    // checks of the words typed have run, after a pause) is aimed at again once the page has
    // answered that input, as a person waits for it.
    if spot.disabled.is_some() && button == "left" && super::settle::answered_first(tab).await {
        spot = aim(tab, &input.target, true).await?;
    }
    // A disabled control ignores the press: saying "Clicked." would tell Claude it acted.
    if let (Some(name), "left") = (&spot.disabled, button) {
        return Err(format!("{name} is disabled, so clicking it does nothing. A page often enables such a control once what it needs is filled in or chosen; read the page to see what is missing."));
    }
    let bit = match button {
        "left" => 1,
        "right" => 2,
        _ => 4,
    };
    let (x, y) = (spot.x, spot.y);
    // What the press reached is said for a coordinate (a ref names its own target).
    let describe = matches!(input.target, Target::Coordinate { .. });
    // Every press is Claude's while it is under way, a right click's too (for the banner's Stop
    // and for file choosers).
    let pressing = Pressing::begin(tab);
    let at = &spot;
    let done = with_modifiers(tab, &held, |mods| async move {
        // Sent together and answered in order: the press right behind the move makes Chrome
        // deliver the move at once instead of at the next frame.
        let held = buttons(tab);
        let mut events = vec![mouse(tab, "mouseMoved", (x, y), "none", held, 0, mods)];
        for n in 1..=clicks {
            events.push(mouse(tab, "mousePressed", (x, y), button, held | bit, n, mods));
            events.push(mouse(tab, "mouseReleased", (x, y), button, held, n, mods));
        }
        let input = async move {
            for result in futures::future::join_all(events).await {
                result?;
            }
            Ok(())
        };
        Ok(with_answer(tab, at, describe, clicks, button, input).await)
    })
    .await;
    let (sent, reached) = match done {
        Ok(done) => done,
        // The modifiers failed, so nothing was pressed; the input is still ended.
        Err(e) => (Err(e), after_input(tab, &spot, false).await),
    };
    drop(pressing);
    sent?;
    spot.what = spot.what.or(reached?);
    Ok(ack(&spot))
}

pub async fn hover(input: &Hover) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    Ok(ack(&move_to(tab, &input.target, "none").await?))
}

/// mouse_move, left_mouse_down, left_mouse_up.
pub async fn pointer(input: &Pointer, kind: &'static str) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    if kind == "mouseMoved" {
        let held = if buttons(tab) & 1 != 0 { "left" } else { "none" };
        return Ok(ack(&move_to(tab, &input.target, held).await?));
    }
    let before = buttons(tab);
    // A release after the pointer moved with the button held ends a drag by hand: whether the
    // page took it up is asked before the target is found (which starts the count of HTML5
    // drags anew).
    let dragged = kind == "mouseReleased" && before & 1 != 0 && POSITION.with(|p| p.borrow().get(&tab).copied()) != PRESSED_AT.with(|p| p.borrow().get(&tab).copied());
    let took_up = dragged && page_took_drag(tab).await == Some(false);
    let spot = spot(tab, &input.target).await?;
    // The move and the press (or release) go out together, so the move is not held for a frame.
    let (moved, event) = match kind {
        "mousePressed" => {
            // Claude's press, not the person's (for the banner's Stop and for file choosers).
            let _pressing = Pressing::begin(tab);
            state::hold_button(tab, true);
            PRESSED_AT.with(|p| p.borrow_mut().insert(tab, (spot.x, spot.y)));
            let after = buttons(tab);
            futures::join!(mouse(tab, "mouseMoved", (spot.x, spot.y), "none", before, 0, 0), mouse(tab, "mousePressed", (spot.x, spot.y), "left", after, 1, 0))
        }
        "mouseReleased" => {
            // A drag the page took up with its own script (SortableJS in its own drag mode
            // follows only moves that come once its drag has begun) is given the pointer at the
            // release once more, and a rest there, as left_click_drag gives it.
            if took_up {
                rest_at(tab, (spot.x, spot.y)).await;
            }
            state::hold_button(tab, false);
            let after = buttons(tab);
            let held = if before & 1 != 0 { "left" } else { "none" };
            // A release can finish a click: it is Claude's until the page has answered.
            let _pressing = Pressing::begin(tab);
            let sent = futures::join!(mouse(tab, "mouseMoved", (spot.x, spot.y), held, before, 0, 0), mouse(tab, "mouseReleased", (spot.x, spot.y), "left", after, 1, 0));
            let _ = after_input(tab, &spot, false).await;
            sent
        }
        _ => return Err(format!("not a pointer event: {kind}")),
    };
    moved?;
    event?;
    // A press on a held button, or a release of none, is sent as asked, and said: what the page
    // made of it may not be what Claude meant.
    let odd = match (kind, before & 1 != 0) {
        ("mousePressed", true) => Some("The left button was already down (an earlier left_mouse_down with no left_mouse_up since), so the page got a second press without a release between."),
        ("mouseReleased", false) => Some("No mouse button was down (no left_mouse_down since the last release), so the page got a release without a press."),
        _ => None,
    };
    let line = match (odd, over(&spot)) {
        (Some(odd), Some(over)) => Some(format!("{over}\n{odd}")),
        (odd, over) => over.or(odd.map(String::from)),
    };
    Ok(Outcome::Ack { line })
}

/// Whether the page began an HTML5 drag since the last pointer target was found (`Some(true)`),
/// or took the drag up with its own script (`Some(false)`: it changed since the press); `None`
/// for neither, or no answer.
async fn page_took_drag(tab: i32) -> Option<bool> {
    let asked = crate::chrome::bounded(page::call(tab, "__tabwright.dragAnswered()"), FRAME_WAIT_MS).await;
    let seen = asked.and_then(Result::ok).map(|(v, _)| v).unwrap_or_default();
    match (seen["began"] == true, seen["answered"] == true) {
        (true, _) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// Moves the held pointer to `at` once more and rests there (a page that took a drag up with
/// its own script looks where the pointer is only at moves after its drag began).
async fn rest_at(tab: i32, (x, y): (f64, f64)) {
    let _ = futures::future::join_all([mouse(tab, "mouseMoved", (x + 1.0, y), "left", 1, 0, 0), mouse(tab, "mouseMoved", (x, y), "left", 1, 0, 0)]).await;
    let _ = crate::chrome::bounded(page::call(tab, &format!("__tabwright.pointerRested({DRAG_REST_MS})")), FRAME_WAIT_MS).await;
}

/// How many pointer moves a drag takes between its ends.
const DRAG_STEPS: u32 = 12;
/// The first move of a drag, in CSS pixels toward the target: past the few pixels a page lets a
/// press wander before it counts as a drag (react-beautiful-dnd's 5; sites give dnd-kit 5 to 10), and
/// short of the target, so the page picks the item up where it was pressed.
const DRAG_LIFT: f64 = 12.0;

pub async fn drag(input: &Drag) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let from = spot(tab, &input.from).await?;
    let to = spot(tab, &input.target).await?;
    let mut intercepted = cdp::wait_for(tab, &["Input.dragIntercepted"]);
    let pressing = Pressing::begin(tab);
    let held = DragHeld(tab, (to.x, to.y), std::cell::Cell::new(false));
    let result = async {
        // The press and the first move are sent together and answered in order, and the rest of
        // the way only once the browser has answered them: the browser hands the page the moves
        // waiting for one frame as one, and the page is to see the item lifted where it was
        // pressed (react-beautiful-dnd picks it up where the first move past 5 px finds the
        // pointer).
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length = dx.hypot(dy);
        let lift = if length > 2.0 * DRAG_LIFT { DRAG_LIFT / length } else { 0.5 };
        let lifted = (from.x + dx * lift, from.y + dy * lift);
        // An HTML5 drag starts a native drag session; intercepting it lets it be finished with
        // drag events at the target. It is asked for with the press: the browser takes the
        // commands in order.
        let intercept = cdp::send(tab, &cdp::SetInterceptDrags { enabled: true });
        let events = [mouse(tab, "mouseMoved", (from.x, from.y), "none", 0, 0, 0), mouse(tab, "mousePressed", (from.x, from.y), "left", 1, 1, 0), mouse(tab, "mouseMoved", lifted, "left", 1, 0, 0)];
        // (Held from the moment the press goes out: the page may take its time over it.)
        held.2.set(true);
        let (intercept, sent) = futures::join!(intercept, futures::future::join_all(events));
        intercept.map_err(|e| e.to_string())?;
        for sent in sent {
            sent?;
        }
        let mut events = Vec::new();
        for i in 1..=DRAG_STEPS {
            let t = lift + (1.0 - lift) * i as f64 / DRAG_STEPS as f64;
            events.push(mouse(tab, "mouseMoved", (from.x + dx * t, from.y + dy * t), "left", 1, 0, 0));
        }
        for sent in futures::future::join_all(events).await {
            sent?;
        }
        // An HTML5 drag has started by now if the page began one. The browser's interception
        // can still be on its way: when the page says a drag began, it is waited for. Otherwise
        // the drag is the page's own, and the pointer rests at the target before the release,
        // as a person's does: until the page's next frame (react-beautiful-dnd moves the item in
        // an animation frame, and drops it where the last one left it); and when the page took
        // the drag up, it moves there once more (SortableJS in its own drag mode follows only
        // the moves that come once its drag has begun, a task after the first) and rests a
        // moment.
        let data = match intercepted.try_recv() {
            Ok(Some((_, params))) => Some(params["data"].clone()),
            _ => match page_took_drag(tab).await {
                Some(true) => cdp::within(intercepted, 1_000).await.filter(|(event, _)| event != "detached").map(|(_, params)| params["data"].clone()),
                Some(false) => {
                    rest_at(tab, (to.x, to.y)).await;
                    None
                }
                None => None,
            },
        };
        // The drop ends an HTML5 drag: the button's release is in it, and a page hears no
        // mouseup after it, as after a person's drag. Its source is asked whether anything took it.
        if let Some(data) = data {
            let drops: Vec<cdp::DragEvent> = ["dragEnter", "dragOver", "drop"].into_iter().map(|kind| cdp::DragEvent { kind, x: to.x, y: to.y, data: data.clone(), modifiers: 0 }).collect();
            for sent in futures::future::join_all(drops.iter().map(|d| cdp::send(tab, d))).await {
                sent.map_err(|e| format!("The browser refused the drag event: {e}"))?;
            }
            let taken = crate::chrome::bounded(page::call(tab, "__tabwright.dropTaken()"), 2 * FRAME_WAIT_MS).await;
            return Ok(matches!(taken, Some(Ok((serde_json::Value::Bool(false), _)))));
        }
        mouse(tab, "mouseReleased", (to.x, to.y), "left", 0, 1, 0).await.map(|_| false)
    }
    .await;
    // A drag cut short leaves no button held.
    if result.is_err() && held.2.get() {
        let _ = mouse(tab, "mouseReleased", (to.x, to.y), "left", 0, 1, 0).await;
    }
    held.2.set(false);
    let _ = futures::join!(cdp::send(tab, &cdp::SetInterceptDrags { enabled: false }), after_input(tab, &to, false));
    drop(pressing);
    let refused = result?;
    Ok(Outcome::Ack {
        line: refused.then(|| "Nothing at the target took the drop (the page accepts drops of this item elsewhere, or not at all), so the dragged item went back where it was.".to_string()),
    })
}

/// A drag's pressed button: let go, and the browser's interception of drags ended, when the
/// drag is dropped before it did so itself (its call was cancelled: Stop, its time limit, or its
/// agent gone).
struct DragHeld(i32, (f64, f64), std::cell::Cell<bool>);

impl Drop for DragHeld {
    fn drop(&mut self) {
        if self.2.get() {
            let (tab, at) = (self.0, self.1);
            wasm_bindgen_futures::spawn_local(async move {
                let _ = mouse(tab, "mouseReleased", at, "left", 0, 1, 0).await;
                let _ = cdp::send(tab, &cdp::SetInterceptDrags { enabled: false }).await;
            });
        }
    }
}

/// The longest a drag waits on the page at its target: a page that does not answer holds it no
/// longer.
const FRAME_WAIT_MS: i32 = 300;
/// How long the pointer rests at a drag's target before the release, on a page that took the
/// drag up.
const DRAG_REST_MS: u32 = 70;

/// Pixels one scroll notch moves (a wheel event's delta).
const NOTCH: f64 = 100.0;

pub async fn scroll(input: &Scroll) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let spot = aim(tab, &input.target, false).await?;
    let (ux, uy) = match input.scroll_direction {
        ScrollDirection::Up => (0.0, -1.0),
        ScrollDirection::Down => (0.0, 1.0),
        ScrollDirection::Left => (-1.0, 0.0),
        ScrollDirection::Right => (1.0, 0.0),
    };
    let notches = input.amount();
    let (dx, dy) = (ux * NOTCH * notches as f64, uy * NOTCH * notches as f64);
    // One wheel event per notch, as a person's wheel sends them, not one of all the notches'
    // distance: a page that acts once per event (a map zooming a level, a carousel turning a
    // slide) acts on each.
    let wheel = cdp::MouseEvent {
        kind: "mouseWheel",
        x: spot.x,
        y: spot.y,
        button: "none",
        buttons: buttons(tab),
        delta_x: Some(ux * NOTCH),
        delta_y: Some(uy * NOTCH),
        pointer_type: "mouse",
        ..Default::default()
    };
    // Asked with the wheel, and answered from the page as it was before the wheel landed:
    // whether anything at the point could scroll that way. The point is marked for the person in
    // the same call.
    let (x, y, mark) = (spot.x, spot.y, crate::policy::current().overlay);
    let question = format!("__tabwright.wheelAt({x}, {y}, {dx}, {dy}, {mark})");
    let room = page::call(tab, &question);
    // The question goes out first: the page answers it at once, not after the wheel's frame.
    // Each notch goes out once the browser has taken the one before: notches sent together left
    // the browser's scroll of them open, and the next call's wheels went on to the same box
    // wherever they were aimed (a table's scroller took the wheels meant for a carousel).
    let notches = async {
        for _ in 0..notches {
            cdp::send(tab, &wheel).await?;
        }
        Ok::<_, cdp::CdpError>(())
    };
    // The move is sent even where the pointer already stands, ahead of the wheels: the browser
    // sends a pointer's wheels to where it last saw it.
    forget_position(tab);
    let (room, moved, wheeled) = futures::join!(room, mouse(tab, "mouseMoved", (spot.x, spot.y), "none", buttons(tab), 0, 0), notches);
    moved?;
    wheeled.map_err(|e| format!("The browser refused the wheel event: {e}"))?;
    let way = match input.scroll_direction {
        ScrollDirection::Up => "up",
        ScrollDirection::Down => "down",
        ScrollDirection::Left => "left",
        ScrollDirection::Right => "right",
    };
    // The wheels' dispatch is over once the browser has answered the last: a page that cancels
    // them hears each before the browser would scroll. (A map or a feed on a page that does not
    // scroll takes them as well.)
    let Ok((serde_json::Value::Bool(could), _)) = room else {
        super::settle::settle_later(tab);
        return Ok(Outcome::Ack { line: None });
    };
    let taken = matches!(page::call(tab, "__tabwright.wheelsTaken()").await, Ok((serde_json::Value::Bool(true), _)));
    let line = if taken {
        Some("The page took the wheel itself: its script cancelled the wheel events, and nothing there scrolled. Whatever the page did with them instead (a map zooming, a slide turning) shows in a screenshot; scroll_to a ref or a key such as PageDown may still move the page.".to_string())
    } else if !could {
        Some(format!("Nothing at that point could scroll {way} any further (the page, and every scrolling box there, is at its end), so unless the page uses the wheel itself nothing moved."))
    } else {
        None
    };
    super::settle::settle_later(tab);
    Ok(Outcome::Ack { line })
}

/// Forgets a closed tab's pointer state.
pub fn forget(tab: i32) {
    state::hold_button(tab, false);
    PRESSED_AT.with(|p| p.borrow_mut().remove(&tab));
    forget_position(tab);
    super::settle::forget(tab);
}
