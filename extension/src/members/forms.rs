//! form_input: sets a control's value directly and fires the events frameworks listen for.

use serde::Deserialize;
use tabwright_protocol::input::{FileUpload, FormInput, FormValue};
use tabwright_protocol::wire::Outcome;

use super::reading;
use crate::{cdp, page, state};

pub async fn form_input(input: &FormInput) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let (at, id) = reading::resolve_ref(tab, input.target.reference().unwrap_or_default()).await?;
    let value = match &input.value {
        FormValue::Bool(b) => serde_json::json!(b),
        FormValue::Number(n) => serde_json::json!(super::number(*n)),
        FormValue::Text(t) => serde_json::json!(t),
    };
    #[derive(Deserialize)]
    struct Set {
        #[serde(default)]
        error: Option<String>,
        /// The error may be the page's still answering the input before this one.
        #[serde(default)]
        later: bool,
        #[serde(default)]
        value: Option<String>,
        #[serde(default)]
        note: Option<String>,
        #[serde(default)]
        combobox: bool,
        /// A combobox that is no field (its list is chosen from, never filtered by text)...
        #[serde(default)]
        drawn: bool,
        /// ...whose list is closed: a click opens it.
        #[serde(default)]
        opens: bool,
        #[serde(default)]
        editor: bool,
        /// The editor is a contenteditable element.
        #[serde(default)]
        editable: bool,
        /// A slider or spin button the page draws, moved with its keys: its value, and its range.
        #[serde(default)]
        keyed: bool,
        /// It is a spin button (moved with the up and down arrows).
        #[serde(default)]
        spin: bool,
        #[serde(default)]
        vertical: bool,
        #[serde(default)]
        want: Option<f64>,
        #[serde(default)]
        now: Option<f64>,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
        /// A box to tick or switch the page draws, to be clicked to become `to`.
        #[serde(default)]
        toggles: bool,
        #[serde(default)]
        to: bool,
        /// The element, as the page agent names it.
        #[serde(default)]
        what: Option<String>,
        /// A web component the agent found no control in: the browser may know it as one.
        #[serde(default)]
        internals: bool,
    }
    let set_value = || async {
        let (reply, _) = page::call_in(&at, &format!("__tabwright.setValue({id}, {value})")).await?;
        serde_json::from_value::<Set>(reply).map_err(|e| format!("unreadable form reply: {e}"))
    };
    let mut set = set_value().await?;
    // A field the input before this one is still changing (a State list filled once a Country is
    // chosen, a field enabled by a choice) is tried again once the page has answered it, as a
    // person waits for the list to fill before choosing from it.
    if set.later && super::settle::answered_first(tab).await {
        set = set_value().await?;
    }
    match set.error.as_deref() {
        Some("stale") => Err(reading::stale(id, "the element was removed from the page")),
        Some(e) if set.internals => internal_control(&at, id, input, e).await,
        Some(e) => Err(with_ref(&page_said(e), id)),
        None if set.keyed => {
            // (The number as the page agent read it from the value given.)
            let Some(want) = set.want else { return Err(with_ref("It takes a number", id)) };
            let range = Range { now: set.now.unwrap_or(want), min: set.min, max: set.max, spin: set.spin, vertical: set.vertical };
            move_with_keys(tab, &at, id, want, range).await
        }
        None if set.toggles => {
            let click = tabwright_protocol::input::Click { target: input.target.clone(), modifiers: None, tab_id: input.tab_id.clone() };
            super::pointer::click(&click, "left", 1).await.map_err(|e| format!("ref_{id} is a box the page draws, set by a click, and the click failed: {e}"))?;
            let (now, _) = page::call_in(&at, &format!("__tabwright.checkedAs({id}, {}, {TOGGLE_MS})", set.to)).await?;
            match now.as_bool() {
                Some(now) if now == set.to => Ok(Outcome::Ack { line: Some(format!("Note: ref_{id} is a box the page draws; it was clicked, as a person sets it.")) }),
                Some(now) => {
                    let what = with_ref(&page_said(set.what.as_deref().unwrap_or_default()), id);
                    Err(format!("{} was clicked, but the page kept it {}. Read the page or take a screenshot to see what it shows.", what.trim_start(), if now { "checked" } else { "unchecked" }))
                }
                // The page drew the box anew, or took it away, in answer to the click.
                None => Ok(Outcome::Ack { line: Some(format!("Note: ref_{id} is a box the page draws; it was clicked, and the page then drew it anew, so its state is not known here: read the page before setting it again.")) }),
            }
        }
        None if set.editable => {
            let Some(text) = value.as_str() else { return Err(with_ref("It is a text editor, which takes text, not true/false", id)) };
            type_into_editable(tab, &at, id, text).await
        }
        None if set.editor => {
            let Some(text) = value.as_str() else { return Err(with_ref("It is a code editor, which takes text, not true/false", id)) };
            let click = tabwright_protocol::input::Click { target: input.target.clone(), modifiers: None, tab_id: input.tab_id.clone() };
            super::pointer::click(&click, "left", 1).await.map_err(|e| format!("ref_{id} is a code editor the page draws, and the click that gives it the keys failed: {e}"))?;
            // The keys go only where the click put the focus: into the editor's field, or nowhere.
            let (focused, _) = page::call_in(&at, &format!("__tabwright.editorFocused({id})")).await?;
            if focused != serde_json::Value::Bool(true) {
                return Err(format!(
                    "ref_{id} is a code editor the page draws, and the click on it did not give it the keyboard focus, so nothing was typed. Click where its text is, then select all ({}+A) and type.",
                    super::keyboard::select_all_modifier()
                ));
            }
            // The text goes in as a paste over the selection, as a person puts in a block of
            // code: typed, its lines would get the editor's indentation on top of their own.
            super::keyboard::select_all(tab).await?;
            let pasted = page::call_in(&at, &format!("__tabwright.pasteText({})", serde_json::Value::from(text))).await?.0 == serde_json::Value::Bool(true);
            if !pasted {
                super::keyboard::replace_selection(tab, text).await?;
            }
            let how = if pasted { "the text pasted over it" } else { "typed over" };
            Ok(Outcome::Ack { line: Some(format!("Note: ref_{id} is a code editor the page draws; it was clicked, its text selected ({}+A) and {how}, as a person does.", super::keyboard::select_all_modifier())) })
        }
        None if set.combobox => {
            let want = match &input.value {
                FormValue::Text(want) => want.clone(),
                FormValue::Number(n) if set.drawn => super::number(*n),
                _ => return Ok(Outcome::Ack { line: None }),
            };
            if set.opens {
                // Opened as a person opens it: a click on it.
                let click = tabwright_protocol::input::Click { target: input.target.clone(), modifiers: None, tab_id: input.tab_id.clone() };
                super::pointer::click(&click, "left", 1).await.map_err(|e| format!("ref_{id} is a combobox that opens a list to choose from, and the click that opens it failed: {e}"))?;
            }
            Ok(Outcome::Ack { line: Some(choose(&at, id, &want, input.tab_id.as_deref(), !set.drawn).await?) })
        }
        None => {
            let line = match (set.note, set.value) {
                (Some(note), _) => Some(format!("Note: {}.", page_said(&note))),
                (None, Some(v)) if !v.is_empty() && !matches!(input.value, FormValue::Bool(_)) => None,
                _ => None,
            };
            Ok(Outcome::Ack { line })
        }
    }
}

/// A web component whose role and state only the browser knows (its ElementInternals): a box to
/// tick or switch is clicked when it is not as asked, as a box the page draws is; anything else
/// is said to be no form control, under the role the read gave it. `e`: the agent's error.
async fn internal_control(at: &cdp::Debuggee, id: u64, input: &FormInput, e: &str) -> Result<Outcome, String> {
    let ask = || async {
        let mut node = [crate::snapshot::Node { r#ref: Some(id), x: Some(1), ..Default::default() }];
        crate::internals::apply(at, &mut node).await;
        let [node] = node;
        node
    };
    let node = ask().await;
    let Some(role) = node.role.clone() else { return Err(with_ref(&page_said(e), id)) };
    let name = node.name.as_deref().map(|n| format!(" {}", crate::snapshot::quote(n))).unwrap_or_default();
    let what = format!("{role}{name} (ref_{id})");
    let checked = |n: &crate::snapshot::Node| n.s.get("checked").and_then(|v| v.as_str()).map(str::to_string);
    let (Some(now), "checkbox" | "switch" | "radio") = (checked(&node), role.as_str()) else {
        return Err(format!("{what} is not a form control (input, textarea, select or contenteditable). Use left_click, or type after clicking it."));
    };
    let kind = if role == "radio" { "radio button" } else { role.as_str() };
    let to = match &input.value {
        FormValue::Bool(b) => *b,
        FormValue::Text(t) if ["true", "on", "yes", "checked"].contains(&t.to_ascii_lowercase().as_str()) => true,
        FormValue::Text(t) if ["false", "off", "no", "unchecked"].contains(&t.to_ascii_lowercase().as_str()) => false,
        _ => return Err(format!("{what} is a {kind}: pass true or false.")),
    };
    if now == to.to_string() {
        return Ok(Outcome::Ack { line: None });
    }
    if role == "radio" && !to {
        return Err(format!("{what} is a {kind}: it is cleared by choosing another one of its group."));
    }
    let click = tabwright_protocol::input::Click { target: input.target.clone(), modifiers: None, tab_id: input.tab_id.clone() };
    super::pointer::click(&click, "left", 1).await.map_err(|e| format!("{what} is a {kind} the page draws, set by a click, and the click failed: {e}"))?;
    let until = js_sys::Date::now() + f64::from(TOGGLE_MS);
    let mut last = now;
    while js_sys::Date::now() < until {
        match checked(&ask().await) {
            Some(now) if now == to.to_string() => return Ok(Outcome::Ack { line: Some(format!("Note: ref_{id} is a {kind} the page draws; it was clicked, as a person sets it.")) }),
            Some(now) => last = now,
            None => return Ok(Outcome::Ack { line: Some(format!("Note: ref_{id} is a {kind} the page draws; it was clicked, and its state is not known here: read the page before setting it again.")) }),
        }
        crate::chrome::sleep(30).await;
    }
    Err(format!("{what} was clicked, but the page kept it {}. Read the page or take a screenshot to see what it shows.", if last == "true" { "checked" } else { "unchecked" }))
}

/// What the page agent says once it gave a ref the keyboard focus for keys to come.
#[derive(Deserialize)]
struct Focus {
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    focused: bool,
    /// A contenteditable ref is a part of its editing host (its words are selected).
    #[serde(default)]
    part: bool,
    /// A drawn slider's value.
    #[serde(default)]
    now: Option<f64>,
}

/// Asks the page agent's `function` to give ref `id` the keyboard focus.
async fn focus_for_keys(at: &cdp::Debuggee, id: u64, function: &str) -> Result<Focus, String> {
    let (reply, _) = page::call_in(at, &format!("__tabwright.{function}({id})")).await?;
    let focus: Focus = serde_json::from_value(reply).map_err(|e| format!("unreadable answer from the page agent: {e}"))?;
    match focus.error {
        Some(_) => Err(reading::stale(id, "the element was removed from the page")),
        None => Ok(focus),
    }
}

/// A drawn slider's or spin button's value as the page says it, and its range.
struct Range {
    now: f64,
    min: Option<f64>,
    max: Option<f64>,
    /// A spin button, moved with the up and down arrows (a slider with the right and left ones).
    spin: bool,
    /// A slider that says it stands upright (`aria-orientation`).
    vertical: bool,
}

/// The most key presses form_input spends moving a drawn slider, and how many steps away an
/// end of its range is reached with Home or End instead of the arrows.
const MOST_PRESSES: usize = 1000;
const FAR_PRESSES: f64 = 100.0;

/// form_input on a slider or spin button the page draws (a `role` and `aria-valuenow` on a box):
/// it takes the focus and is moved with its keys, as a person moves it. One arrow press shows
/// which way and by how much a press moves it; Home or End then reach an end far away, and the
/// presses that make up the rest follow until it says the value wanted or the nearest a step
/// allows.
async fn move_with_keys(tab: i32, at: &cdp::Debuggee, id: u64, want: f64, range: Range) -> Result<Outcome, String> {
    // The arrows that move it, then the other pair, tried when those move nothing.
    let pairs = if range.spin || range.vertical { [("ArrowUp", "ArrowDown"), ("ArrowRight", "ArrowLeft")] } else { [("ArrowRight", "ArrowLeft"), ("ArrowUp", "ArrowDown")] };
    let focus = focus_for_keys(at, id, "rangeFocus").await?;
    if !focus.focused {
        return Err(format!("ref_{id} did not take the keyboard focus, so it was not moved. Click it, then press {} or {} until it shows the value wanted.", pairs[0].0, pairs[0].1));
    }
    let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
    // Its value once it moved from `before` and held (or as it is a moment later).
    let now = |before: f64| async move {
        let (v, _) = page::call_in(at, &format!("__tabwright.rangeNow({id}, {before})")).await?;
        v.as_f64().ok_or_else(|| reading::stale(id, "the element was removed from the page, or no longer says its value"))
    };
    let mut value = focus.now.unwrap_or(range.now);
    if same(value, want) {
        return Ok(Outcome::Ack { line: None });
    }
    // One press shows the way and the step.
    let mut found = None;
    for (more, less) in pairs {
        let (first, other) = if want > value { (more, less) } else { (less, more) };
        super::keyboard::press_times(tab, first, 1).await?;
        let after = now(value).await?;
        if !same(after, value) {
            found = Some((first, other, after));
            break;
        }
    }
    let Some((first, other, after)) = found else {
        return Err(format!("ref_{id} did not move when its arrow keys were pressed, and still says {}. Click where its value should be, or drag its handle.", shown(value)));
    };
    let mut step = (after - value).abs();
    let (up, down) = if after > value { (first, other) } else { (other, first) };
    value = after;
    let mut pressed = 1;
    // An end far away in steps is one key away: Home or End (only then, as a slider that does
    // not take them leaves them to the page, which scrolls).
    for (end, key) in [(range.min, "Home"), (range.max, "End")] {
        if end.is_some_and(|e| same(e, want)) && (want - value).abs() / step > FAR_PRESSES {
            super::keyboard::press_times(tab, key, 1).await?;
            let moved = now(value).await?;
            if same(moved, want) {
                return Ok(Outcome::Ack { line: None });
            }
            value = moved;
        }
    }
    // The presses that make up the rest, the step measured again after each batch (a first
    // press may only have put it on its grid), until it is within half a step of the value
    // wanted.
    for _ in 0..8 {
        let left = want - value;
        if left.abs() <= step / 2.0 + 1e-9 * want.abs().max(1.0) || pressed >= MOST_PRESSES {
            break;
        }
        let n = ((left.abs() / step).round() as usize).clamp(1, MOST_PRESSES - pressed);
        super::keyboard::press_times(tab, if left > 0.0 { up } else { down }, n).await?;
        pressed += n;
        let moved = now(value).await?;
        if same(moved, value) {
            break;
        }
        // (Never smaller: a page that took only some of the keys has the same step.)
        step = step.max((moved - value).abs() / n as f64);
        value = moved;
    }
    if same(value, want) {
        return Ok(Outcome::Ack { line: None });
    }
    Ok(Outcome::Ack {
        line: Some(format!("Note: ref_{id} moves in steps of {} with its keys, and it now says {} (the value given was {}).", shown(step), shown(value), shown(want))),
    })
}

/// A number as a person writes it (no float noise such as 0.30000000000000004).
fn shown(x: f64) -> String {
    format!("{}", (x * 1e6).round() / 1e6)
}

/// form_input on a contenteditable element (a rich-text editor keeps its own model of the
/// text, and undoes or misreads text set into its DOM): its editing host takes the focus, what
/// the ref holds is selected (all of it, with the keys a person selects all with, when the ref is
/// the host) and the text is typed over it. The result says when the editor shows other words
/// than those typed.
async fn type_into_editable(tab: i32, at: &cdp::Debuggee, id: u64, text: &str) -> Result<Outcome, String> {
    let focus = focus_for_keys(at, id, "editableFocus").await?;
    if !focus.focused {
        return Err(format!("ref_{id} is a text editor that did not take the keyboard focus, so nothing was typed. Click into it, then type."));
    }
    if focus.part {
        super::keyboard::replace_selection(tab, text).await?;
    } else {
        super::keyboard::type_over(tab, text).await?;
    }
    // What the editor shows when it is not the text alone, as the agent words it.
    let (reply, _) = page::call_in(at, &format!("__tabwright.editableHolds({id}, {})", serde_json::json!(text))).await?;
    let line = reply["otherwise"].as_str().map(|otherwise| page_said(&format!("Note: ref_{id} is a text editor; the text was typed into it, {otherwise}.")));
    Ok(Outcome::Ack { line })
}

/// After text was set in a combobox, which only filters its list: the option named so is
/// clicked, as a person picks it; without one, the result says nothing was chosen and what the
/// list offers.
async fn choose(at: &cdp::Debuggee, id: u64, want: &str, tab_id: Option<&str>, typed: bool) -> Result<String, String> {
    #[derive(Deserialize)]
    struct Offered {
        /// The list's options, as the agent's `few` bounds them (`A | B | +3 more`).
        #[serde(default)]
        offers: String,
        #[serde(default)]
        r#match: Option<u64>,
        #[serde(default)]
        name: Option<String>,
        /// The options are in a dialog the control opened (not a list of its own)...
        #[serde(default)]
        popup: bool,
        /// ...which takes the choice once one of these buttons is pressed (`OK | Cancel`).
        #[serde(default)]
        confirm: Option<String>,
    }
    let want_js = serde_json::json!(want);
    let ask = || async {
        let (answer, generation) = page::call_in(at, &format!("__tabwright.comboOptions({id}, {want_js}, {LIST_MS}, {}, {typed})", crate::refs::next())).await?;
        crate::refs::record_answer(at, generation, &answer);
        serde_json::from_value::<Offered>(answer).map_err(|e| format!("unreadable list of options: {e}"))
    };
    let mut list = ask().await?;
    // (Asked once more when the option went away before its click: the list was drawn again.)
    for last in [false, true] {
        let Some(option) = list.r#match else { break };
        let named = page_said(&serde_json::json!(list.name.as_deref().unwrap_or(want)).to_string());
        let click = tabwright_protocol::input::Click { target: tabwright_protocol::input::Target::Ref { reference: format!("ref_{option}") }, modifiers: None, tab_id: tab_id.map(str::to_string) };
        match super::pointer::click(&click, "left", 1).await {
            Ok(_) => {
                return Ok(match (list.popup, list.confirm.as_deref()) {
                    (true, Some(buttons)) => format!(
                        "Note: ref_{id} opened a dialog to choose in; its option {named} (ref_{option}) was chosen there, and the dialog takes it only once one of its buttons is pressed ({}): press the one that confirms it.",
                        page_said(buttons)
                    ),
                    (true, None) => format!("Note: ref_{id} opened a list to choose in; its option {named} (ref_{option}) was chosen there."),
                    _ => format!("Note: it is a combobox; the option {named} (ref_{option}) was chosen from its list."),
                })
            }
            Err(e) if last && typed => return Err(format!("The text was typed into ref_{id}, a combobox, but its option {named} could not be chosen: {e}")),
            Err(e) if last => return Err(format!("The list of ref_{id}, a combobox, was opened, but its option {named} could not be chosen: {e}")),
            Err(_) => list = ask().await?,
        }
    }
    if !typed {
        // Nothing was set: the list is left open for a click.
        if list.offers.is_empty() {
            return Err(format!("ref_{id} is a combobox, and no list of options showed for it (it may open a dialog or a grid instead), so nothing was chosen. Take a screenshot or read the page to see what it shows."));
        }
        let offers = page_said(&format!("It offers: {}.", list.offers));
        return Err(format!("ref_{id} is a combobox, and no option of its list is named {}, so none was chosen. {offers} Its list was left open: click the option wanted.", page_said(&want_js.to_string())));
    }
    Ok(if list.offers.is_empty() {
        "Note: it is a combobox, and no option of its list is named so, so none was chosen. If the field needs one of its options, read the page for its list and click one.".to_string()
    } else {
        page_said(&format!("Note: it is a combobox, and no option of its list is named so, so none was chosen. It offers: {}. If the field needs one of them, click it.", list.offers))
    })
}

/// How long a box the page draws may take to say its new state after the click that sets it.
const TOGGLE_MS: u32 = 500;

/// How long a combobox's list may take to show the option its text names (a library may
/// filter it a few hundred milliseconds after the text).
const LIST_MS: u32 = 600;

/// What an element file_upload cannot set files on is not.
const NO_FILE_INPUT: &str = "is not a file input (<input type=\"file\">), nor a label for one or an element holding one";

/// file_upload: the bridge has already resolved every path inside the upload roots.
pub async fn file_upload(input: &FileUpload) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let files = input.paths.clone().unwrap_or_default();
    if files.is_empty() {
        return Err("No file to upload: give paths inside an upload folder, or staged document_ids.".into());
    }
    let (at, id) = reading::resolve_ref(tab, input.target.reference().unwrap_or_default()).await?;
    // (The files' names, for the input's own list of the types it takes.)
    let (count, names) = files_set(&files);
    let (check, _) = page::call_in(&at, &format!("__tabwright.fileInput({id}, {})", serde_json::json!(base_names(&files)))).await?;
    match check.get("error").and_then(|e| e.as_str()) {
        Some("stale") => return Err(reading::stale(id, "the element was removed from the page")),
        Some(e) => return Err(with_ref(&page_said(e), id)),
        None => {}
    }
    if check["none"] == true {
        let what = with_ref(&page_said(check["what"].as_str().unwrap_or_default()), id);
        // A drop zone or a styled "Browse" button that opens a hidden file input: clicked, its
        // chooser names the input, which takes the files.
        if check["opens"] == true {
            return upload_through_chooser(tab, input, &what, id, &files).await;
        }
        return Err(format!(
            "{what} {NO_FILE_INPUT}, so files cannot be set on it. If clicking it opens a file chooser, click it: the result names the file input to give file_upload."
        ));
    }
    let object = page::object(&at, &format!("__tabwright.fileInputEl({id})")).await?;
    let object_id = object.object_id.ok_or("the file input could not be reached")?;
    cdp::send_to(&at, &cdp::SetFileInputFiles { files: &files, object_id: Some(&object_id), backend_node_id: None })
        .await
        .map_err(|e| format!("The browser refused the files: {e}"))?;
    let refused = check["unaccepted"].as_str().map(|u| format!("\n{}", page_said(u))).unwrap_or_default();
    Ok(Outcome::Ack { line: Some(format!("Set {count} on ref_{id}: {names}.{refused}")) })
}

/// file_upload on an element that says it takes files and opens a hidden file input's chooser
/// when clicked (Dropzone's): the element is clicked with choosers intercepted, and the files
/// are set on the input the chooser was for.
async fn upload_through_chooser(tab: i32, input: &FileUpload, what: &str, id: u64, files: &[String]) -> Result<Outcome, String> {
    let click = tabwright_protocol::input::Click { target: input.target.clone(), modifiers: None, tab_id: input.tab_id.clone() };
    let id = format!("ref_{id}");
    let Some((frame, node)) = super::chooser::opened_by(tab, super::pointer::click(&click, "left", 1)).await.map_err(|e| format!("{what} holds no file input, and the click meant to open its file chooser failed: {e}"))? else {
        return Err(format!(
            "{what} {NO_FILE_INPUT}, and clicking it opened no file chooser, so files cannot be set through it. Read the page for the file input or the control that opens one."
        ));
    };
    cdp::send_to(&frame, &cdp::SetFileInputFiles { files, object_id: None, backend_node_id: Some(node) })
        .await
        .map_err(|e| format!("The browser refused the files: {e}"))?;
    let named = super::chooser::hand_out(frame, node).await.map(|n| format!("the file input {n}")).unwrap_or_else(|| "its file input".into());
    let (count, names) = files_set(files);
    Ok(Outcome::Ack { line: Some(format!("{id} opens a file chooser when clicked: set {count} on {named}: {names}.")) })
}

/// How a result says which files were set: "1 file" or "the files", and their names.
fn files_set(files: &[String]) -> (&'static str, String) {
    (if files.len() == 1 { "1 file" } else { "the files" }, base_names(files).join(", "))
}

/// The files' own names, without their folders.
fn base_names(files: &[String]) -> Vec<&str> {
    files.iter().map(|f| f.rsplit('/').next().unwrap_or(f)).collect()
}

/// The page's words on the element `ref_{id}`, which name it with its ref unless they are about
/// another element (a label's control), with the ref said after them then.
fn with_ref(said: &str, id: u64) -> String {
    if said.contains(&format!("(ref_{id})")) {
        said.to_string()
    } else {
        format!("{said} (ref_{id})")
    }
}

/// What the page said of a form control, as one bounded line.
fn page_said(text: &str) -> String {
    tabwright_protocol::sanitize::line(text, 2000)
}
