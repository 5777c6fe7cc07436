//! type, key, hold_key and wait: key events a real keyboard would send.

use tabwright_protocol::input::{HoldKey, Key, Type};
use tabwright_protocol::wire::Outcome;

use super::pointer::{key_event, key_event_doing, with_modifiers};
use crate::keys::{self, Chord, SHIFT};
use crate::{cdp, chrome, state};

/// Presses and releases one chord.
async fn press(tab: i32, chord: &Chord) -> Result<(), String> {
    with_modifiers(tab, &chord.modifiers, |mods| async move {
        let (text, down) = typed(chord, mods);
        // With Shift held a character key says its shifted character ("?" for Shift+/, "P" for
        // Ctrl+Shift+P), as a keyboard's does, whatever else is held.
        let key = keys::KeyDef { key: shifted(&chord.key.key, mods), ..chord.key.clone() };
        // A modifier key reports itself as held while it is down, as a real one does. Sent
        // together and answered in order, as the browser queues input as it arrives.
        let (pressed, released) = futures::future::join(
            key_event_doing(tab, down, &key, mods | key.modifier, text, chord.editing_commands(), false),
            key_event(tab, "keyUp", &key, mods, None),
        )
        .await;
        pressed.and(released)
    })
    .await
}

/// What a chord types with `mods` held, and the kind of its key-down event. A chord with Ctrl,
/// Alt or Meta is a shortcut and types nothing.
fn typed(chord: &Chord, mods: u32) -> (Option<String>, &'static str) {
    let text = if mods & !SHIFT == 0 { chord.key.text.clone().map(|t| shifted(&t, mods)) } else { None };
    let down = if text.is_some() { "keyDown" } else { "rawKeyDown" };
    (text, down)
}

fn shifted(text: &str, mods: u32) -> String {
    if mods & SHIFT != 0 && text.len() == 1 {
        let c = text.chars().next().unwrap_or_default();
        if let Some(up) = PAIRS.iter().find(|(l, _)| *l == c).map(|(_, u)| *u) {
            return up.to_string();
        }
        return text.to_ascii_uppercase();
    }
    text.to_string()
}

const PAIRS: &[(char, char)] = &[
    ('`', '~'), ('1', '!'), ('2', '@'), ('3', '#'), ('4', '$'), ('5', '%'), ('6', '^'), ('7', '&'), ('8', '*'), ('9', '('),
    ('0', ')'), ('-', '_'), ('=', '+'), ('[', '{'), (']', '}'), ('\\', '|'), (';', ':'), ('\'', '"'), (',', '<'), ('.', '>'), ('/', '?'),
];

pub async fn key(input: &Key) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let chords = keys::parse(&input.text)?;
    cdp::ensure_attached(tab).await.map_err(|e| e.to_string())?;
    let repeat = input.repeat.unwrap_or(1);
    let presses = async {
        for _ in 0..repeat {
            press_all(tab, &chords).await?;
        }
        Ok(())
    };
    // Enter and Space may send a form or follow a link: the page's answer after them (what they
    // set off has been announced) is asked for alongside them.
    let mut activating: Vec<&str> = chords.iter().filter(|c| super::is_activating(&c.key)).map(|c| c.key.key.as_str()).collect();
    let count = activating.len() * repeat.max(1) as usize;
    activating.sort_unstable();
    activating.dedup();
    match count {
        0 => presses.await?,
        _ => super::pointer::keys_with_answer(tab, &activating, count, Box::pin(presses)).await?,
    }
    // The page heard the chord; a shortcut of the browser's own did nothing, and Claude would
    // otherwise take "Pressed ctrl+r." for a reload.
    let line = chords.iter().zip(keys::tokens(&input.text)).find_map(|(chord, said)| {
        keys::browser_shortcut(chord).map(|member| {
            format!("{said} is a shortcut of the browser itself, which key events sent to the page do not reach: the page got the key, and the browser did nothing. Use {member} instead.")
        })
    });
    Ok(Outcome::Ack { line })
}

/// One key event on its way to the browser.
type Sending = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), String>>>>;

/// Types literal text at the focus: each character is a key pressed (so pages see keydown,
/// keypress, input and keyup), a US keyboard's as it is there, another layout's with its
/// character as the key; emoji beyond one UTF-16 unit are inserted as text; newlines press
/// Enter and tabs press Tab.
pub async fn type_text(input: &Type) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    cdp::ensure_attached(tab).await.map_err(|e| e.to_string())?;
    // Every event is sent at once and answered in order: the browser queues input in the order
    // it arrives, so the page sees exactly the sequence a person's typing makes.
    let mut sends: Vec<Sending> = Vec::new();
    let mut pending = String::new();
    let mut chars = input.text.chars().peekable();
    // The Enter presses among them (line breaks).
    let mut enters = 0;
    // A long text's middle goes in as typed text in pieces, without a key press for each
    // character: some two milliseconds a key add up to many seconds, and a page flooded with
    // keys answers nothing else meanwhile. Its first and last characters, and every line break
    // and tab, are still keys.
    let bulk = inserted_middle(&input.text);
    let mut at = 0;
    while let Some(c) = chars.next() {
        at += 1;
        if bulk.as_ref().is_some_and(|middle| middle.contains(&(at - 1))) && !always_a_key(c) {
            pending.push(c);
            if pending.len() >= BULK_PIECE {
                sends.push(Box::pin(insert(tab, std::mem::take(&mut pending))));
            }
            continue;
        }
        // A character a mark joins (e and its accent, ❤ and its emoji selector) goes in with the
        // mark as one piece of text.
        if !always_a_key(c) && chars.peek().is_some_and(|n| keys::joins(*n)) {
            pending.push(c);
            continue;
        }
        // A line break presses Enter (CRLF once) and a tab presses Tab, as on a keyboard: the
        // page decides what they do (a form moves the focus, an editor indents).
        let key = match c {
            '\r' if chars.peek() == Some(&'\n') => continue,
            '\n' | '\r' => {
                enters += 1;
                keys::named("Return").map(|k| (k, false))
            }
            '\t' => keys::named("Tab").map(|k| (k, false)),
            _ => keys::for_char(c),
        };
        match key {
            Some((def, shift)) => {
                if !pending.is_empty() {
                    sends.push(Box::pin(insert(tab, std::mem::take(&mut pending))));
                }
                let mods = if shift { SHIFT } else { 0 };
                // A key that types (a character, Enter) goes down as keyDown with its text; one
                // that does not (Tab) as rawKeyDown.
                let text = def.text.clone();
                let down = if text.is_some() {
                    "keyDown"
                } else {
                    "rawKeyDown"
                };
                let up = def.clone();
                sends.push(Box::pin(async move {
                    key_event(tab, down, &def, mods, text).await
                }));
                sends.push(Box::pin(async move {
                    key_event(tab, "keyUp", &up, mods, None).await
                }));
            }
            None => pending.push(c),
        }
    }
    if !pending.is_empty() {
        sends.push(Box::pin(insert(tab, pending)));
    }
    // Where the text goes is asked before the first key goes out (a question sent with the keys
    // can reach the page after them): text typed with nothing focused goes nowhere, and
    // "Typed." alone would say otherwise; and the page keeps the element, to say afterwards if
    // the focus left it.
    let focus = crate::page::call(tab, "__tabwright.focusHolder()").await;
    // A Space or line break typed at a control that takes no text presses it (a "Delete"
    // button once per space): nothing is typed, unless a Tab moves the focus on first.
    if let Ok((held, _)) = &focus {
        if let Some(control) = held["notext"].as_str() {
            if input.text.split('\t').next().is_some_and(|before| before.contains([' ', '\n', '\r'])) {
                let control = super::aim::fold(control);
                // (The page moved the focus there from the field the last click pressed.)
                let at = match held["away"].as_str() {
                    Some(away) => format!("the page moved the keyboard focus from {}, which the last click pressed, to {control}", super::aim::fold(away)),
                    None => format!("the keyboard focus is on {control}"),
                };
                return Err(format!(
                    "Nothing was typed: {at}, which takes no text, and a Space or line break typed there would press it. Click the field first (or use form_input, which needs no keyboard focus), then type."
                ));
            }
        }
    }
    // (Unknown is taken as a field that offers suggestions: a key after the words waits for them.)
    super::settle::typing_into(tab, focus.as_ref().ok().map(|(v, _)| v));
    // In batches, so a long text never has hundreds of commands waiting on the browser at once.
    let typing = async {
        let mut sends = sends.into_iter().peekable();
        while sends.peek().is_some() {
            let batch: Vec<_> = sends.by_ref().take(TYPE_BATCH).collect();
            for result in futures::future::join_all(batch).await {
                result?;
            }
        }
        Ok::<(), String>(())
    };
    // Line breaks press Enter, which may send a form: the page's answer after them is asked for
    // alongside the keys, as for the key member.
    match enters {
        0 => typing.await?,
        _ => super::pointer::keys_with_answer(tab, &["Enter"], enters, Box::pin(typing)).await?,
    }
    // A Tab or Enter moves the focus as Claude meant it to; without one, a move is the page's
    // (after a Tab or Enter, the page agent judges the words before and after it).
    let moved = focus_moved(tab, &input.text).await;
    let held = focus.map(|(v, _)| v).unwrap_or_default();
    // Where the text could not go says more than where the focus went.
    let line = match (held.as_str(), held["notext"].as_str()) {
        // The page had moved the focus from the field the last click pressed.
        _ if held["away"].is_string() => Some(focus_taken(&held)),
        (Some("none"), _) => Some(
            "Nothing had the keyboard focus (the page itself had it), so unless the page listens for keys itself the text went nowhere. Click the field first (or use form_input), then type.".to_string(),
        ),
        (_, Some(control)) => Some(format!(
            "The keyboard focus was on {}, which takes no text, so unless the page listens for keys itself the text went nowhere (a Space or line break in it presses that control). Click the field first (or use form_input), then type.",
            super::aim::fold(control)
        )),
        _ => None,
    }
    .or(moved);
    let line = match (line, bulk.is_some()) {
        (line, false) => line,
        (Some(line), true) => Some(format!("{line}\n{}", long_note())),
        (None, true) => Some(long_note()),
    };
    Ok(Outcome::Ack { line })
}

/// What a long text's result says of how it was typed.
fn long_note() -> String {
    format!("The text is long: its first {KEYED_HEAD} and last {KEYED_TAIL} characters and its line breaks were pressed as keys, and the rest went in as typed text in pieces, without a key press for each character.")
}

/// What Claude reads when the focus was not in the field the last click pressed as typing
/// began (`{away, to, notext}` from the page): the page moved it.
fn focus_taken(held: &serde_json::Value) -> String {
    let part = |key: &str| held[key].as_str().map(super::aim::fold);
    let away = part("away").unwrap_or_default();
    let went = match (part("notext"), part("to")) {
        (Some(control), _) => format!("to {control}, which takes no text, so unless the page listens for keys itself the text went nowhere"),
        (None, Some(to)) => format!("to {to}, so the text went there"),
        (None, None) => "away from every field, so unless the page listens for keys itself the text went nowhere".to_string(),
    };
    format!("The keyboard focus was not in {away}, which the last click pressed: the page had moved it {went}. Read the page to see what each field holds; form_input sets a field without the keyboard focus.")
}

/// Where the focus went while text was typed, when the page moved it: fields that pass it on
/// (a code split into one box per character) or a page that takes it. None when it stayed.
/// Or, when it stayed in a field that does not hold the text, what the field holds.
async fn focus_moved(tab: i32, typed: &str) -> Option<String> {
    let at = cdp::Debuggee::tab(tab);
    let (value, generation) = crate::page::call_in(&at, &format!("__tabwright.focusMoved({}, {})", crate::refs::next(), serde_json::Value::from(typed))).await.ok()?;
    crate::refs::record_answer(&at, generation, &value);
    if !value.is_object() {
        return None;
    }
    let part = |key: &str| value[key].as_str().map(super::aim::fold);
    // (What the page agent says whole: a field that read the keys otherwise than meant, a Tab
    // that reached a control that takes no text.)
    if let Some(misread) = value["misread"].as_str() {
        return Some(format!("{}.", tabwright_protocol::sanitize::line(misread, 600)));
    }
    if let Some(lost) = value["lost"].as_str() {
        return Some(format!("A Tab in the text took the keyboard focus past the page's last field, so unless the page listens for keys itself, what was typed after it ({}) went nowhere. Read the page to see what each field holds.", tabwright_protocol::sanitize::quoted(lost, 80)));
    }
    if let (Some(field), Some(why)) = (part("field"), part("unaccepted")) {
        return Some(format!("{field} holds what was typed, but its own check does not accept it: {}.", why.trim_end_matches('.')));
    }
    if let Some(field) = part("field") {
        let holds = match value["holds"].as_str() {
            Some("") => " it is empty,".to_string(),
            Some(v) => format!(" it holds {},", tabwright_protocol::sanitize::quoted(v, 100)),
            None => String::new(),
        };
        if let Some(took) = value["took"].as_str() {
            return Some(format!(
                "{field} does not hold what was typed:{holds} the page took {} out of it and now shows it beside the field (as an address or tag field makes a chip of each entry). Read the page to check it; do not type it again.",
                tabwright_protocol::sanitize::quoted(took, 100)
            ));
        }
        return Some(format!("{field} does not hold all of what was typed:{holds} so the page refused or changed some of it (a length limit, a mask, a read-only field, a handler of its own). Read it before typing again, or set it with form_input."));
    }
    Some(match (part("from"), part("to")) {
        (Some(from), Some(to)) => format!("The page moved the keyboard focus while the text was typed, from {from} to {to} (fields split into parts pass it on), so the text may have gone into more than one field. Read the page to see what each field holds."),
        (Some(from), None) => format!("The page took the keyboard focus away from {from} while the text was typed, so the rest of the text went nowhere. Read the page to see what the field holds."),
        (None, Some(to)) => format!("The page moved the keyboard focus to {to} while the text was typed, so the text after that went there."),
        (None, None) => return None,
    })
}

/// Selects everything in the focused field or editor (Cmd+A on macOS, Ctrl+A elsewhere, as the
/// editors a page draws bind it) and inserts `text` over it, as one piece of typed text, with no
/// key of its own (a code editor may still indent typed lines: forms.rs pastes into those).
pub async fn type_over(tab: i32, text: &str) -> Result<(), String> {
    select_all(tab).await?;
    replace_selection(tab, text).await
}

/// Selects all where the focus is, with the keys a person presses for it.
pub async fn select_all(tab: i32) -> Result<(), String> {
    press_all(tab, &keys::parse(&format!("{}+a", select_all_modifier()))?).await
}

/// Types `text` over what is selected where the focus is (deletes it for no text).
pub async fn replace_selection(tab: i32, text: &str) -> Result<(), String> {
    if text.is_empty() {
        return press_all(tab, &keys::parse("Delete")?).await;
    }
    insert(tab, text.to_string()).await
}

/// The modifier that selects all on this system, as a person names it.
pub fn select_all_modifier() -> &'static str {
    if chrome::is_mac() {
        "Cmd"
    } else {
        "Ctrl"
    }
}

/// Presses `key` (one key, such as "ArrowRight") `times` times, several in flight at once (the
/// browser answers them in order).
pub async fn press_times(tab: i32, key: &str, times: usize) -> Result<(), String> {
    let chords = keys::parse(key)?;
    let [chord] = chords.as_slice() else { return Err(format!("{key:?} is not one key")) };
    let mut left = times;
    while left > 0 {
        let n = left.min(PRESS_BATCH);
        for result in futures::future::join_all((0..n).map(|_| press(tab, chord))).await {
            result?;
        }
        left -= n;
    }
    Ok(())
}

/// How many presses of one key [`press_times`] has in flight at once.
const PRESS_BATCH: usize = 16;

/// Presses `chords` one after the other.
async fn press_all(tab: i32, chords: &[Chord]) -> Result<(), String> {
    for chord in chords {
        press(tab, chord).await?;
    }
    Ok(())
}

/// How many key events `type` has in flight at once.
const TYPE_BATCH: usize = 64;
/// How many key presses typing `text` takes (a long text's middle goes in as pieces of text).
pub fn keys_for(text: &str) -> usize {
    match inserted_middle(text) {
        Some(middle) => text.chars().enumerate().filter(|(i, c)| !middle.contains(i) || always_a_key(*c)).count(),
        None => text.chars().count(),
    }
}

/// The characters of a long text, by position, that go in as pieces of text rather than keys.
fn inserted_middle(text: &str) -> Option<std::ops::Range<usize>> {
    let count = text.chars().count();
    (count > LONG_TEXT).then(|| KEYED_HEAD..count - KEYED_TAIL)
}

/// A line break or tab is pressed as its key wherever it is.
fn always_a_key(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\t')
}

/// A text longer than this many characters is typed with its middle inserted in pieces.
const LONG_TEXT: usize = 400;
/// How many characters of such a text are keys at its start, and at its end.
const KEYED_HEAD: usize = 100;
const KEYED_TAIL: usize = 20;
/// The longest piece inserted at once, in bytes.
const BULK_PIECE: usize = 2_000;

async fn insert(tab: i32, text: String) -> Result<(), String> {
    cdp::send(tab, &cdp::InsertText { text: &text }).await.map(|_| super::unresponsive::input_taken(tab)).map_err(|e| format!("The browser refused the text: {e}"))
}

pub async fn hold_key(input: &HoldKey) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let chords = keys::parse(&input.text)?;
    let [chord] = chords.as_slice() else {
        return Err("hold_key holds one key or chord (such as \"shift\" or \"ctrl+a\"), not a sequence".into());
    };
    cdp::ensure_attached(tab).await.map_err(|e| e.to_string())?;
    let ms = (input.duration * 1000.0).round() as i32;
    with_modifiers(tab, &chord.modifiers, |mods| async move {
        // A printable key types as it goes down, and a held key (not a modifier) repeats, as a
        // real keyboard's does: holding "x" types "x", then, after the repeat delay, more.
        let (text, down) = typed(chord, mods);
        let mods = mods | chord.key.modifier;
        key_event_doing(tab, down, &chord.key, mods, text.clone(), &[], false).await?;
        let held = super::pointer::Held::key(tab, &chord.key);
        let end = js_sys::Date::now() + f64::from(ms);
        if chord.key.modifier == 0 && ms > REPEAT_DELAY {
            chrome::sleep(REPEAT_DELAY).await;
            while js_sys::Date::now() + f64::from(REPEAT_EVERY) <= end {
                chrome::sleep(REPEAT_EVERY).await;
                key_event_doing(tab, down, &chord.key, mods, text.clone(), &[], true).await?;
            }
        }
        chrome::sleep((end - js_sys::Date::now()).max(0.0) as i32).await;
        held.let_go();
        key_event(tab, "keyUp", &chord.key, mods & !chord.key.modifier, None).await
    })
    .await?;
    Ok(Outcome::Ack { line: None })
}

/// A held key starts to repeat after this many milliseconds, then repeats at this pace (a
/// desktop's usual settings).
const REPEAT_DELAY: i32 = 500;
const REPEAT_EVERY: i32 = 33;

pub async fn wait(duration: f64) -> Result<Outcome, String> {
    chrome::sleep((duration * 1000.0).round() as i32).await;
    Ok(Outcome::Ack { line: None })
}
