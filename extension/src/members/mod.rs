//! Member dispatch: one module per member group.

use serde_json::Value;
use tabwright_protocol::members::{Group, Member, MemberInput};

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
    let outcome = dispatch(parsed).await;
    if outcome.is_ok() && matches!(member.row().group, Group::Pointer | Group::Keyboard) && member != Member::Wait {
        // Let the page take its turn: a tab a click opens, or a page it starts loading, is
        // created by the browser just after the input is acknowledged.
        let tab = state::resolve_tab(input.get("tab_id").and_then(Value::as_str)).await.ok();
        if let Some(tab) = tab {
            pointer::settle_once(tab).await;
        }
    }
    outcome
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
        MemberInput::FileUpload(_) => Err(not_implemented(Member::FileUpload)),
    }
}

pub fn unknown_member(name: &str) -> String {
    format!("Unknown member {name:?}: browser_toolset_20260801 has no member by that name.")
}

pub fn not_implemented(member: Member) -> String {
    format!("The member {member} is not implemented by this executor yet. Use another member to reach the same goal.")
}
