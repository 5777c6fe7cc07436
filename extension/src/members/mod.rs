//! Member dispatch: one module per member group.

use serde_json::Value;
use tabwright_protocol::members::{Member, MemberInput};

use crate::state;
use tabwright_protocol::wire::Outcome;

pub mod capture;
mod diagnostics;
mod forms;
mod keyboard;
mod navigation;
pub mod pointer;
pub mod reading;
mod tabs;

/// Runs one member call. Errors are the text Claude reads.
pub async fn run(name: &str, input: &Value) -> Result<Outcome, String> {
    let member = Member::from_name(name).ok_or_else(|| unknown_member(name))?;
    let parsed = member.parse_input(input).map_err(|e| format!("Invalid input for {name}: {e}"))?;
    if !member.is_tab_management() && member != Member::Wait {
        // The person sees which tab Claude is working in, and the tab joins the "Claude" group.
        if let Ok(tab) = state::resolve_tab(input.get("tab_id").and_then(Value::as_str)).await {
            crate::page::ensure_overlay(tab).await;
            crate::session::group(tab).await;
        }
    }
    let outcome = dispatch(parsed).await;
    if member == Member::Navigate || member == Member::NewTab {
        // A new document has no overlay yet.
        if let Ok(tab) = state::resolve_tab(input.get("tab_id").and_then(Value::as_str)).await {
            crate::page::ensure_overlay(tab).await;
        }
    }
    if outcome.is_ok() && may_open_or_load(member, input) {
        // Let the page take its turn: a tab a click opens, or a page it starts loading, is
        // created by the browser just after the input is acknowledged.
        let tab = state::resolve_tab(input.get("tab_id").and_then(Value::as_str)).await.ok();
        if let Some(tab) = tab {
            pointer::settle_once(tab).await;
        }
    }
    outcome
}

/// Whether an input action can make the browser open a tab or start loading a page: clicks, and
/// keys that activate (Enter, Space). Typing and moving cannot.
fn may_open_or_load(member: Member, input: &Value) -> bool {
    match member {
        Member::LeftClick | Member::MiddleClick | Member::DoubleClick | Member::TripleClick | Member::LeftMouseUp | Member::LeftClickDrag => true,
        Member::Key => presses_activating_key(input),
        Member::Type => input["text"].as_str().is_some_and(|t| t.contains('\n')),
        _ => false,
    }
}

/// Whether a key member's text presses a key that activates the focused element (Enter, Space).
fn presses_activating_key(input: &Value) -> bool {
    input["text"].as_str().is_some_and(|t| {
        let t = t.to_ascii_lowercase();
        t.contains("enter") || t.contains("return") || t.contains("space")
    })
}

async fn dispatch(parsed: MemberInput) -> Result<Outcome, String> {
    match parsed {
        MemberInput::Navigate(i) => navigation::navigate(&i).await,
        MemberInput::Screenshot(i) => capture::screenshot(i.tab_id.as_deref()).await,
        MemberInput::Zoom(i) => capture::zoom(&i.region, i.tab_id.as_deref()).await,
        MemberInput::LeftClick(i) => pointer::click(&i, "left", 1).await,
        MemberInput::RightClick(i) => pointer::click(&i, "right", 1).await,
        MemberInput::MiddleClick(i) => pointer::click(&i, "middle", 1).await,
        MemberInput::DoubleClick(i) => pointer::click(&i, "left", 2).await,
        MemberInput::TripleClick(i) => pointer::click(&i, "left", 3).await,
        MemberInput::Hover(i) => pointer::hover(&i).await,
        MemberInput::MouseMove(i) => pointer::pointer(&i, "mouseMoved").await,
        MemberInput::LeftMouseDown(i) => pointer::pointer(&i, "mousePressed").await,
        MemberInput::LeftMouseUp(i) => pointer::pointer(&i, "mouseReleased").await,
        MemberInput::LeftClickDrag(i) => pointer::drag(&i).await,
        MemberInput::Scroll(i) => pointer::scroll(&i).await,
        MemberInput::Type(i) => keyboard::type_text(&i).await,
        MemberInput::Key(i) => keyboard::key(&i).await,
        MemberInput::HoldKey(i) => keyboard::hold_key(&i).await,
        MemberInput::Wait(i) => keyboard::wait(i.duration).await,
        MemberInput::FormInput(i) => forms::form_input(&i).await,
        MemberInput::ReadConsole(i) => diagnostics::read_console(i.tab_id.as_deref()).await,
        MemberInput::ReadNetwork(i) => diagnostics::read_network(i.tab_id.as_deref()).await,
        MemberInput::JavascriptExec(i) => diagnostics::javascript_exec(&i.text, i.tab_id.as_deref()).await,
        MemberInput::ReadPage(i) => reading::read_page(&i).await,
        MemberInput::Find(i) => reading::find(&i).await,
        MemberInput::GetPageText(i) => reading::get_page_text(i.tab_id.as_deref()).await,
        MemberInput::ScrollTo(i) => reading::scroll_to(i.target.reference().unwrap_or_default(), i.tab_id.as_deref()).await,
        MemberInput::NewTab(_) => tabs::new_tab().await,
        MemberInput::ListTabs(_) => Ok(Outcome::Tabs),
        MemberInput::SwitchTab(i) => tabs::switch_tab(&i.tab_id).await,
        MemberInput::CloseTab(i) => tabs::close_tab(&i.tab_id).await,
        MemberInput::FileUpload(i) => forms::file_upload(&i).await,
    }
}

/// Asks the person watching when the bridge says this member needs it, or when the policy lists
/// the name of the element a click is aimed at.
pub async fn approval(name: &str, input: &Value, member_rule: bool) -> Result<(), String> {
    let Some(member) = Member::from_name(name) else { return Ok(()) };
    let policy = crate::policy::current();
    // What a click (or an activating key) would act on, described from the live page: a page
    // cannot dodge the rule by renaming an element after it was read.
    let aimed_at = if policy.confirm_clicks.is_some() { aimed_at(member, input).await } else { None };
    let click_rule = aimed_at.as_deref().is_some_and(|d| policy.click_needs_confirmation(d));
    if !member_rule && !click_rule {
        return Ok(());
    }
    let tab = state::resolve_tab(input.get("tab_id").and_then(Value::as_str)).await?;
    let entry = state::current_tabs().await?.into_iter().find(|t| Some(&t.tab_id) == state::tab_id_of(tab).as_ref());
    let what = match (&aimed_at, member) {
        (Some(d), _) if click_rule => format!("{name} on {d}"),
        // The whole script: what the person approves is exactly what runs.
        (_, Member::JavascriptExec) => format!("javascript_exec:\n{}", input["text"].as_str().unwrap_or_default()),
        (_, Member::FileUpload) => format!("file_upload of {}", input["paths"].as_array().map(|p| p.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")).unwrap_or_default()),
        _ => format!("{name} {}", tabwright_protocol::sanitize::bounded(&input.to_string(), 300)),
    };
    let why = if click_rule { "the policy asks before acting on elements with this name" } else { "this action can reach beyond the page, so the policy asks first" };
    crate::confirm::ask(
        what,
        entry.as_ref().map(|t| format!("{} — {}", t.tab_id, t.title)).unwrap_or_default(),
        entry.map(|t| t.url).unwrap_or_default(),
        why.to_string(),
        policy.confirm_timeout_secs.unwrap_or(60),
    )
    .await
}

/// The element a click, a mouse release or an activating key (Enter, Space) would act on.
async fn aimed_at(member: Member, input: &Value) -> Option<String> {
    let tab = state::resolve_tab(input.get("tab_id").and_then(Value::as_str)).await.ok()?;
    let clicks = matches!(member, Member::LeftClick | Member::DoubleClick | Member::TripleClick | Member::MiddleClick | Member::RightClick | Member::LeftMouseUp);
    let (value, _) = if clicks {
        let target = input.get("target")?;
        if let Some(r) = target.get("ref").and_then(Value::as_str) {
            let (at, id) = reading::resolve_ref(tab, r).await.ok()?;
            crate::page::call_in(&at, &format!("__tabwright.describeRef({id})")).await.ok()?
        } else {
            let p = tabwright_protocol::input::Point { x: target["x"].as_f64()?, y: target["y"].as_f64()? };
            let (x, y) = capture::to_css(tab, p).await.ok()?;
            crate::page::call(tab, &format!("__tabwright.describeAt({x}, {y}, {})", crate::refs::next())).await.ok().map(|(v, g)| (v["what"].clone(), g))?
        }
    } else if member == Member::Key && presses_activating_key(input) {
        crate::page::call(tab, "__tabwright.describeFocus()").await.ok()?
    } else {
        return None;
    };
    value.as_str().map(String::from)
}

/// What a call acted on, for the popup's log.
pub fn summary(name: &str, input: &Value) -> String {
    let target = match input.get("target") {
        Some(t) if t["type"] == "ref" => t["ref"].as_str().unwrap_or_default().to_string(),
        Some(t) if t["type"] == "coordinate" => format!("({}, {})", t["x"], t["y"]),
        _ => String::new(),
    };
    let detail = match name {
        "navigate" => input["url"].as_str().unwrap_or_default().to_string(),
        "type" | "key" | "find" => input.get("text").or_else(|| input.get("query")).and_then(Value::as_str).unwrap_or_default().to_string(),
        "switch_tab" | "close_tab" => input["tab_id"].as_str().unwrap_or_default().to_string(),
        _ => target,
    };
    tabwright_protocol::sanitize::bounded(&tabwright_protocol::sanitize::one_line(&detail), 80)
}

pub fn unknown_member(name: &str) -> String {
    format!("Unknown member {name:?}: browser_toolset_20260801 has no member by that name.")
}

pub fn not_implemented(member: Member) -> String {
    format!("The member {member} is not implemented by this executor yet. Use another member to reach the same goal.")
}
