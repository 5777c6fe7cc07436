//! Member dispatch: one module per member group.

use serde_json::Value;
use tabwright_protocol::input::named_tab;
use tabwright_protocol::members::{Group, Member, MemberInput};

use crate::{cdp, state};
use tabwright_protocol::wire::Outcome;

pub mod aim;
pub mod capture;
pub mod chooser;
mod diagnostics;
mod forms;
mod keyboard;
mod navigation;
pub mod pointer;
pub mod reading;
mod script_value;
pub mod settle;
mod tabs;
pub mod unresponsive;

/// Whether a member is one of the tab members, which name their own tabs.
pub fn is_tab_member(name: &str) -> bool {
    Member::from_name(name).is_some_and(Member::is_tab_management)
}

/// Runs one member call. Errors are the text Claude reads.
pub async fn run(name: &str, input: &Value) -> Result<Outcome, String> {
    let member = Member::from_name(name).ok_or_else(|| unknown_member(name))?;
    let parsed = member.parse_input(input).map_err(|e| format!("Invalid input for {name}: {e}"))?;
    let tab = if member.is_tab_management() { None } else { state::resolve_tab(named_tab(input)).await.ok() };
    if named_tab(input).is_none() {
        chosen(member, tab)?;
    }
    let work = on_tab(name, input, member, parsed, tab);
    let called = tab.map(state::tab_name);
    let outcome = match tab {
        // A wait needs nothing from the page; a script stops itself when it runs too long; a read
        // of a very large page keeps the page's thread busy with the agent's own walk (some
        // 300 ms for 10,000 elements) and is given longer.
        Some(tab) if member != Member::Wait => {
            unresponsive::still_printing(tab, name).await?;
            if member != Member::Navigate && crate::activity::crashed(tab) {
                return Err(unresponsive::crashed(tab, name, false));
            }
            let patience = match member {
                Member::JavascriptExec => diagnostics::SCRIPT_TIMEOUT_MS as i32 + 1_000,
                Member::ReadPage | Member::Find | Member::GetPageText => unresponsive::READ_PATIENCE_MS,
                // A page takes input first: a long text's keys hold back its answer to anything
                // else until they are through.
                Member::Type => unresponsive::FIRST_CHECK_MS.saturating_add(input["text"].as_str().map_or(0, |t| keyboard::keys_for(t).min(20_000) as i32 * 4)),
                _ => unresponsive::FIRST_CHECK_MS,
            };
            unresponsive::guard(tab, name, patience, work).await
        }
        _ => work.await,
    };
    // A tab that closed meanwhile fails the call in the browser's words, which name its own id
    // for the tab: the call says which tab closed.
    match (outcome, tab, called) {
        (Err(_), Some(tab), Some(called)) if crate::chrome::tabs_get(tab).await.is_err() => Err(format!(
            "{called} closed during {name}, before it finished (the page closed itself, perhaps in answer to this call, or the person closed it). list_tabs shows the tabs open now."
        )),
        (outcome, ..) => outcome,
    }
}

async fn on_tab(name: &str, input: &Value, member: Member, parsed: MemberInput, tab: Option<i32>) -> Result<Outcome, String> {
    if let (Some(tab), false) = (tab, member == Member::Wait) {
        // A scroll the last call made has landed before this one looks or acts (another wheel
        // at a point queues behind it in the browser, and need not wait).
        if member != Member::Scroll || input["target"]["type"] != "coordinate" {
            settle::settled(tab).await;
        }
        if matches!(member, Member::ReadPage | Member::Find | Member::GetPageText | Member::Screenshot | Member::Zoom) {
            settle::drawn_since_acting(tab, matches!(member, Member::Screenshot | Member::Zoom)).await;
        }
        if matches!(member, Member::Key | Member::HoldKey) {
            settle::typing_answered(tab).await;
        }
        // Only this call's own input counts as answered below.
        pointer::take_answered(tab);
        chooser::tell_late(tab).await;
        // The person sees which tab Claude is working in, and the tab joins the "Claude" group.
        // (A navigate leaves the page it is on: that page's overlay does not matter.)
        if member != Member::Navigate {
            crate::page::overlay_once(tab).await;
        }
        crate::session::group(tab).await;
    }
    // Whether the input opens a window or starts a navigation is heard as it happens.
    let effects = tab.filter(|_| may_open_or_load(member, input)).map(|tab| (tab, cdp::wait_for(tab, EFFECTS), cdp::wait_elsewhere(tab, LOADS_ELSEWHERE)));
    let began = tab.map(crate::fetching::mark).unwrap_or_default();
    let from = js_sys::Date::now();
    let commits = tab.map(|tab| crate::activity::main_frame(tab).commits);
    let downloads = crate::downloads::numbered();
    let outcome = match tab.filter(|_| may_open_chooser(member, input)) {
        Some(tab) => chooser::around(tab, dispatch(parsed)).await,
        None => dispatch(parsed).await,
    };
    // A read right behind an input lets the page draw what it opened (a hover's menu too).
    if let Some(tab) = tab.filter(|_| drawn_after(member)) {
        settle::acted(tab, began, from, member == Member::Type, member == Member::Navigate);
    }
    // After anything but a read the tabs are listed again (input can change a tab's address or
    // title before a tab event arrives), alongside the wait for what the input set off. A
    // pointer member that ended its input with a call to the page did both already.
    let answered = tab.is_some_and(pointer::take_answered);
    let relist = async {
        if !answered && !only_reads(name) && !keeps_inventory(name) {
            state::relist().await;
        }
    };
    let settled = async {
        if let (Ok(_), Some((tab, heard, elsewhere))) = (&outcome, effects) {
            settle(tab, heard, elsewhere, answered, from).await;
        }
    };
    futures::join!(relist, settled);
    // A link that downloads starts no navigation to tell of it: the browser's word of the
    // download (a moment later, once the server answered) is waited for, so that the click's
    // own result says it began.
    if let Some(tab) = tab.filter(|&tab| outcome.is_ok() && pointer::take_download_clicked(tab)) {
        let deadline = js_sys::Date::now() + DOWNLOAD_TOLD_MS;
        while crate::downloads::numbered() == downloads && js_sys::Date::now() < deadline && crate::activity::main_frame(tab).commits == commits.unwrap_or_default() {
            crate::chrome::sleep(10).await;
        }
    }
    // An input that loaded a new page into the tab (a form sent, a link followed) is read after
    // as a navigate is: the new page is waited for only if it changed since its load. Its
    // result lists the tabs as they are now (the listing above may be from before the new page
    // came, and the browser's word of the tab's new address may come after the result).
    if let Some(tab) = tab.filter(|&tab| member != Member::Navigate && drawn_after(member) && commits != Some(crate::activity::main_frame(tab).commits)) {
        settle::loaded_since_acting(tab);
        state::relist().await;
        // (The browser lists an error page at the address it stands for.)
        let error_for = crate::activity::main_frame(tab).current.and_then(|l| crate::activity::document(tab, &l).unreachable);
        let address = error_for.map_or_else(|| crate::activity::address(tab), |u| u.split('#').next().unwrap_or_default().to_string());
        if !address.is_empty() && address.len() < 2000 {
            state::until_listed_at(tab, &address).await;
        }
    }
    outcome
}

/// Input members and navigate: the page may answer them over its next frames (a dialog Escape
/// closes or a context menu a right click opens, shown at the next animation frame as Alpine.js
/// and many renderers do; the option an arrow key moves to; a list the typed words filter; an
/// app that fetches its data once loaded, a list the next page of results once scrolled to its
/// end), so a read right behind one waits for the page to be drawn.
fn drawn_after(member: Member) -> bool {
    member == Member::Navigate || (matches!(member.row().group, Group::Pointer | Group::Keyboard | Group::Forms) && member != Member::Wait)
}

/// Members that only look at the page.
pub fn only_reads(name: &str) -> bool {
    matches!(name, "read_page" | "find" | "get_page_text" | "screenshot" | "zoom" | "read_console" | "read_network" | "list_tabs")
}

/// Tab members and navigate: each patches the kept inventory with what it did (or has it listed
/// again when the browser decides, as when the active tab closes), so their report lists
/// nothing more.
pub fn keeps_inventory(name: &str) -> bool {
    matches!(name, "new_tab" | "switch_tab" | "close_tab" | "navigate")
}

/// Whether the tabs are listed as the call begins, alongside its work. Not for close_tab: the
/// browser answers that listing only once the tab is gone, and the tab events that came
/// meanwhile make it one to do again (the report lists them once, after the removal).
pub fn lists_tabs_first(name: &str) -> bool {
    name != "close_tab"
}

/// A number as a person writes it: a whole one in its digits below 1e21, as JavaScript writes
/// it (`3`, not `3.0`; a card number's 16 digits whole), any other in the shortest form that
/// reads back as it, through serde_json's writer (`0.1`, `1e+308`).
pub fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{n:.0}")
    } else {
        serde_json::Number::from_f64(n).map_or_else(|| "NaN".into(), |n| n.to_string())
    }
}

/// What an input's effect on windows and navigation looks like on the tab's CDP session.
/// (A history navigation the page asks for, `history.back()`, is only heard as the browser
/// starts it.)
const EFFECTS: &[&str] = &["Page.windowOpen", "Page.frameRequestedNavigation", "Page.frameStartedNavigating"];

/// What an input's load of a page in another tab looks like (a link or form whose target names
/// an open window, a script that sets another window's location): heard on that tab's session.
const LOADS_ELSEWHERE: &[&str] = &["Page.frameRequestedNavigation", "Page.frameStartedNavigating"];

/// After an input that can open a tab or start a load: when one of them began, the browser gets
/// the moment it needs to create the tab (so the call's own result reports it); otherwise the
/// call returns at once.
async fn settle(tab: i32, heard: futures::channel::oneshot::Receiver<(String, Value)>, elsewhere: futures::channel::oneshot::Receiver<(String, Value)>, answered: bool, from: f64) {
    // A link's navigation is scheduled as a task of its own: one trivial evaluation, queued
    // behind it, is the moment by which it has said what it does. Pointer members, and keys
    // that press what has focus, end their input with such a call already (`answered`).
    // That call also asks whether the browser stopped a form the keys were to send.
    if !answered {
        if let Ok((serde_json::Value::String(field), _)) = crate::page::call_after_input(tab, "__tabwright.takeInvalid()").await {
            pointer::form_stopped(&field);
        }
    }
    // (Taken whatever the input set off, so it holds for this input only.)
    let named = pointer::take_targets_window(tab);
    let Some((method, params)) = cdp::within(heard, 0).await else {
        return loaded_elsewhere(elsewhere, named, from).await;
    };
    // A move within the document the browser began (back or forward to an entry a router
    // pushed): the page has shown it, and retitled itself, by the next frame; the tabs are
    // listed then.
    if method == "Page.frameStartedNavigating" && matches!(params["navigationType"].as_str(), Some("sameDocument" | "historySameDocument")) {
        settle::settle_once(tab).await;
        state::tabs_changed();
        return;
    }
    // A middle or modified click on a link asks for a navigation in a new tab.
    let new_tab = method == "Page.windowOpen" || params["disposition"].as_str().is_some_and(|d| d != "currentTab");
    if new_tab {
        // The new tab, reported with the page it opened on (its address and title), within a second.
        let deadline = js_sys::Date::now() + 1_000.0;
        let mut opened = Vec::new();
        while opened.is_empty() && js_sys::Date::now() < deadline {
            crate::chrome::sleep(10).await;
            opened = state::with_registry(|r| r.opened_during_call());
        }
        for tab in opened {
            tabs::until(tab, deadline, 10, tabs::loaded).await;
        }
        // No event tells of the new tab's title and address as it loaded: the result lists
        // the tabs again.
        state::tabs_changed();
    } else {
        settle::settle_once(tab).await;
        let main = params["frameId"].as_str().is_some_and(|f| crate::activity::main_frame_id(tab).as_deref() == Some(f));
        if let Some(url) = params["url"].as_str() {
            // A busy browser may not have committed or failed the tab's navigation by that
            // frame: its outcome is waited for a moment longer, so the input's own result says
            // when it failed (a frame's navigation is not waited for).
            if main {
                until_ended(tab, url, from).await;
            }
            navigation::tell_if_failed(tab, url);
        }
        // (A form sent to a window open in another tab is asked for here, naming that tab's
        // frame.)
        if !main {
            loaded_elsewhere(elsewhere, named, from).await;
        }
    }
}

/// After an input that started no load in its own tab: when it had another tab load a page (a
/// link whose target names a window open in that tab), that load is waited for as one in the
/// input's own tab is, and told, since the browser also brings that tab to the front. A link
/// the page says targets a named window gives the other tab's renderer a second to ask;
/// otherwise only what was asked by now counts.
async fn loaded_elsewhere(elsewhere: futures::channel::oneshot::Receiver<(String, Value)>, named: bool, from: f64) {
    let Some((_, params)) = cdp::within(elsewhere, if named { 1_000 } else { 0 }).await else { return };
    let (Some(other), Some(url)) = (params["tabId"].as_i64().and_then(|t| i32::try_from(t).ok()), params["url"].as_str()) else { return };
    until_ended(other, url, from).await;
    // (Reported with the page's title, as a tab an input opened is.)
    tabs::until(other, from + NAVIGATION_FETCHED_MS, 10, tabs::loaded).await;
    navigation::tell_if_failed(other, url);
    state::tabs_changed();
    let front = state::with_registry(|r| {
        r.navigated_by_call(other);
        r.active() == Some(other)
    });
    crate::activity::notice(format!(
        "It loaded {} in {}{}, not in this tab{}.",
        crate::snapshot::quote(url),
        state::tab_name(other),
        if named { ", the window it names" } else { "" },
        if front { "; the browser brought that tab to the front, so calls without a tab_id act there now" } else { " (which stays in front)" }
    ));
}

/// Waits for the tab's navigation to `url`, set off by an input begun at `from`, to commit or
/// fail, so the input's own result tells the page it loaded. While the browser is still getting
/// its document it is waited for longer, until a second after the input (any question to the
/// page would be held until it comes); one whose server has not answered by then is told as
/// loading.
async fn until_ended(tab: i32, url: &str, from: f64) {
    let start = js_sys::Date::now();
    let before = crate::activity::main_frame(tab);
    let asked_since = before.commits;
    // (Only an http(s) address is fetched; a move within the document sends no request: a new
    // fragment, a router's navigation.)
    let fetched = tabwright_protocol::navigation::scheme_of(url).is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
    let no_request = !fetched || url.split_once('#').is_some_and(|(page, _)| page == crate::activity::address(tab));
    loop {
        if navigation::ended(tab, url) || crate::activity::main_frame(tab).same_document > before.same_document {
            return;
        }
        let now = js_sys::Date::now();
        // (A busy browser may send the document's request a while after the page asked.)
        let on_its_way = crate::activity::in_flight(tab, asked_since, u64::MAX, "") || (!no_request && !crate::activity::asked(tab, asked_since));
        if now - start >= NAVIGATION_TOLD_MS && !(on_its_way && now - from < NAVIGATION_FETCHED_MS) {
            break;
        }
        crate::chrome::sleep(10).await;
    }
    if let Some(url) = crate::activity::pending_navigation(tab) {
        crate::activity::notice(unresponsive::page_not_sent(tab, &url));
    }
}

/// How long a click on a link that downloads may wait for the browser to begin the download.
const DOWNLOAD_TOLD_MS: f64 = 1_000.0;

/// How long an input's navigation of the tab may take to commit or fail and still be told in the
/// input's result: from the input, once its document is on its way; and from the first frame
/// after the input, before.
const NAVIGATION_FETCHED_MS: f64 = 1_000.0;
const NAVIGATION_TOLD_MS: f64 = 300.0;


/// Whether an input action can make the browser open a tab or start loading a page: clicks, and
/// keys that activate (Enter, Space). Typing and moving cannot.
fn may_open_or_load(member: Member, input: &Value) -> bool {
    match member {
        Member::LeftClick | Member::MiddleClick | Member::DoubleClick | Member::TripleClick | Member::LeftMouseUp | Member::LeftClickDrag => true,
        Member::Key => presses_activating_key(input),
        Member::Type => input["text"]
            .as_str()
            .is_some_and(|t| t.contains(['\n', '\r'])),
        _ => false,
    }
}

/// Whether an input can open a file chooser: a press of the primary button, Enter or Space on a
/// focused file input or its button (typed or held too), or a script (run as if a person had
/// acted).
fn may_open_chooser(member: Member, input: &Value) -> bool {
    match member {
        // Typing and held keys count whatever they press: their Space or Enter must not be taken
        // for the person's.
        Member::LeftClick | Member::DoubleClick | Member::TripleClick | Member::LeftMouseUp | Member::JavascriptExec | Member::Type | Member::HoldKey => true,
        Member::Key => presses_activating_key(input),
        _ => false,
    }
}

/// Whether a key member's text presses a key that activates the focused element (Enter, Space).
/// The check is on the parsed keys, exactly: `BackSpace` is not `Space`.
fn presses_activating_key(input: &Value) -> bool {
    input["text"].as_str().and_then(|t| crate::keys::parse(t).ok()).is_some_and(|chords| chords.iter().any(|c| is_activating(&c.key)))
}

/// Enter and Space: the keys that press a focused button or link, or submit a form.
pub(super) fn is_activating(key: &crate::keys::KeyDef) -> bool {
    key.key == "Enter" || key.key == " "
}

async fn dispatch(parsed: MemberInput) -> Result<Outcome, String> {
    // Each member's work is a future of its own, boxed: inlined into one state machine, any
    // change to one member grew the whole (and the Wasm core with it).
    let run: std::pin::Pin<Box<dyn std::future::Future<Output = Result<Outcome, String>>>> = match parsed {
        MemberInput::Navigate(i) => Box::pin(async move { navigation::navigate(&i).await }),
        MemberInput::Screenshot(i) => Box::pin(async move { capture::screenshot(i.tab_id.as_deref()).await }),
        MemberInput::Zoom(i) => Box::pin(async move { capture::zoom(&i.region, i.tab_id.as_deref()).await }),
        MemberInput::LeftClick(i) => Box::pin(async move { pointer::click(&i, "left", 1).await }),
        MemberInput::RightClick(i) => Box::pin(async move { pointer::click(&i, "right", 1).await }),
        MemberInput::MiddleClick(i) => Box::pin(async move { pointer::click(&i, "middle", 1).await }),
        MemberInput::DoubleClick(i) => Box::pin(async move { pointer::click(&i, "left", 2).await }),
        MemberInput::TripleClick(i) => Box::pin(async move { pointer::click(&i, "left", 3).await }),
        MemberInput::Hover(i) => Box::pin(async move { pointer::hover(&i).await }),
        MemberInput::MouseMove(i) => Box::pin(async move { pointer::pointer(&i, "mouseMoved").await }),
        MemberInput::LeftMouseDown(i) => Box::pin(async move { pointer::pointer(&i, "mousePressed").await }),
        MemberInput::LeftMouseUp(i) => Box::pin(async move { pointer::pointer(&i, "mouseReleased").await }),
        MemberInput::LeftClickDrag(i) => Box::pin(async move { pointer::drag(&i).await }),
        MemberInput::Scroll(i) => Box::pin(async move { pointer::scroll(&i).await }),
        MemberInput::Type(i) => Box::pin(async move { keyboard::type_text(&i).await }),
        MemberInput::Key(i) => Box::pin(async move { keyboard::key(&i).await }),
        MemberInput::HoldKey(i) => Box::pin(async move { keyboard::hold_key(&i).await }),
        MemberInput::Wait(i) => Box::pin(async move { keyboard::wait(i.duration).await }),
        MemberInput::FormInput(i) => Box::pin(async move { forms::form_input(&i).await }),
        MemberInput::ReadConsole(i) => Box::pin(async move { diagnostics::read_console(i.tab_id.as_deref()).await }),
        MemberInput::ReadNetwork(i) => Box::pin(async move { diagnostics::read_network(i.tab_id.as_deref()).await }),
        MemberInput::JavascriptExec(i) => Box::pin(async move { diagnostics::javascript_exec(&i.text, i.tab_id.as_deref()).await }),
        MemberInput::ReadPage(i) => Box::pin(async move { reading::read_page(&i).await }),
        MemberInput::Find(i) => Box::pin(async move { reading::find(&i).await }),
        MemberInput::GetPageText(i) => Box::pin(async move { reading::get_page_text(i.tab_id.as_deref()).await }),
        MemberInput::ScrollTo(i) => Box::pin(async move { reading::scroll_to(i.target.reference().unwrap_or_default(), i.tab_id.as_deref()).await }),
        MemberInput::NewTab(_) => Box::pin(async move { tabs::new_tab().await }),
        MemberInput::ListTabs(_) => Box::pin(std::future::ready(Ok(Outcome::Tabs))),
        MemberInput::SwitchTab(i) => Box::pin(async move { tabs::switch_tab(&i.tab_id).await }),
        MemberInput::CloseTab(i) => Box::pin(async move { tabs::close_tab(&i.tab_id).await }),
        MemberInput::FileUpload(i) => Box::pin(async move { forms::file_upload(&i).await }),
    };
    run.await
}

/// Asks the person watching when the bridge says this member needs it, or when the policy lists
/// the name of what a click, a release, a drag or an activating key would act on. It fails
/// closed: an action whose target cannot be described is asked about too.
///
/// Returns the input to run: the tab is resolved here, once, and named in it, so what runs is
/// exactly what the person was shown, in the tab they were shown (the approval window takes the
/// focus, which changes the browser's active tab).
pub async fn approval(name: &str, input: &Value, member_rule: bool) -> Result<Value, String> {
    let Some(member) = Member::from_name(name) else { return Ok(input.clone()) };
    let policy = crate::policy::current();
    let click_rules = policy.confirm_clicks.is_some() && may_activate(member, input);
    if !member_rule && !click_rules {
        return Ok(input.clone());
    }
    let (input, tab) = bind_tab(member, input).await?;
    // Described from the live page: a page cannot dodge the rule by renaming an element after
    // it was read.
    let aim = match (click_rules, tab) {
        (false, _) => Aim::Nothing,
        (true, Some(tab)) => aimed_at(tab, member, &input).await?,
        (true, None) => Aim::Unknown("no tab to look in".into()),
    };
    let click_rule = match &aim {
        Aim::Nothing => false,
        Aim::Described(all) => all.iter().any(|d| policy.click_needs_confirmation(d)),
        Aim::Unknown(_) => true,
    };
    if !member_rule && !click_rule {
        return Ok(input);
    }
    let headline = match (&aim, member) {
        (Aim::Described(all), _) if click_rule => format!("{name} on {}", all.join("; ")),
        (Aim::Unknown(why), _) => format!("{name} on something that could not be described ({why})"),
        (_, Member::FileUpload) => format!("file_upload of {}", input["paths"].as_array().map(|p| p.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")).unwrap_or_default()),
        _ => name.to_string(),
    };
    if policy.unwatched {
        return Err(format!(
            "Nobody can approve {headline}: the browser runs headless, so its approval window cannot be seen, and it was not run. Do the task another way, or tell the person running tabwright: the policy's auto_approve lets such an action run unasked, and a visible browser lets them approve it."
        ));
    }
    let entry = match tab {
        Some(tab) => state::fresh_tabs().await?.into_iter().find(|t| Some(&t.tab_id) == state::tab_id_of(tab).as_ref()),
        None => None,
    };
    // The whole input, exactly as it runs (a script is shown whole).
    let what = format!("{headline}:\n{}", serde_json::to_string(&input).unwrap_or_default());
    let why = match &aim {
        Aim::Unknown(_) if click_rule => "what this action would act on could not be described, so the policy asks first",
        _ if click_rule => "the policy asks before acting on elements with this name",
        _ => "this action can reach beyond the page, so the policy asks first",
    };
    let active_before = state::with_registry(|r| r.active());
    let answer = crate::confirm::ask(
        what,
        entry.as_ref().map(|t| format!("{} — {}", t.tab_id, t.title)).unwrap_or_default(),
        entry.map(|t| t.url).unwrap_or_default(),
        why.to_string(),
        policy.confirm_secs(),
    )
    .await;
    // The approval window took the focus: Claude's active tab is what it was.
    if let Some(active) = active_before {
        state::with_registry(|r| {
            if r.tab_id_of(active).is_some() {
                r.set_active(active);
            }
        });
    }
    answer.map(|()| input)
}

/// The tab a call acts on, resolved once and named in its input. Tab members name their own.
async fn bind_tab(member: Member, input: &Value) -> Result<(Value, Option<i32>), String> {
    let mut bound = if input.is_object() { input.clone() } else { Value::Object(Default::default()) };
    if member.is_tab_management() {
        return Ok((bound, None));
    }
    match named_tab(input) {
        Some(id) => Ok((bound, Some(state::resolve_tab(Some(id)).await?))),
        None => match state::resolve_tab(None).await {
            Ok(tab) => {
                chosen(member, Some(tab))?;
                if let Some(id) = state::tab_id_of(tab) {
                    bound["tab_id"] = Value::String(id);
                }
                Ok((bound, Some(tab)))
            }
            // No tab at all: the member says so itself.
            Err(_) => Ok((bound, None)),
        },
    }
}

/// Refuses an action that presses, types or runs something in the active tab when the browser
/// switched to it behind Claude's back (a page focusing another of its windows does that), lest
/// keys meant for one site go to another.
fn chosen(member: Member, tab: Option<i32>) -> Result<(), String> {
    use Member::*;
    let presses = matches!(member, Navigate | LeftClick | RightClick | MiddleClick | DoubleClick | TripleClick | LeftClickDrag | LeftMouseDown | LeftMouseUp | Type | Key | HoldKey | FormInput | FileUpload | JavascriptExec);
    if let Some(closed) = state::with_registry(|r| r.closed_behind()).filter(|_| presses) {
        let now = tab.map(state::tab_name).unwrap_or_default();
        return Err(format!(
            "{closed}, where your calls last worked, has closed (its page closed it, perhaps in answer to your last action, or the person closed it), and the browser now shows {now}. So this {member} was not run there. Say which tab to act in: pass \"tab_id\": \"{now}\" to act in {now}, or call list_tabs."
        ));
    }
    let Some(was) = state::with_registry(|r| r.switched_behind()).filter(|_| presses) else { return Ok(()) };
    let (was, now) = (state::tab_name(was), tab.map(state::tab_name).unwrap_or_default());
    Err(format!(
        "The active tab is now {now}, not {was} where your calls last worked: the browser switched to it without your choosing (a page can bring another of its tabs to the front, even in answer to a click, or the person switched tabs). So this {member} was not run. Say which tab to act in: pass \"tab_id\": \"{was}\" to go on in {was}, or \"tab_id\": \"{now}\" to act in {now}."
    ))
}

/// Whether an action can press, submit or drop something, so the click rule applies to it.
fn may_activate(member: Member, input: &Value) -> bool {
    match member {
        Member::LeftClick | Member::RightClick | Member::MiddleClick | Member::DoubleClick | Member::TripleClick | Member::LeftMouseUp | Member::LeftClickDrag => true,
        Member::Key | Member::HoldKey => presses_activating_key(input),
        Member::Type => input["text"]
            .as_str()
            .is_some_and(|t| t.contains(['\n', '\r', ' '])),
        Member::FormInput => true,
        _ => false,
    }
}

/// What an action would act on.
enum Aim {
    /// Nothing it presses or submits (a space typed into a field, a plain field set).
    Nothing,
    /// What it presses: the element, and for a submission the form's name, submit control and
    /// destination.
    Described(Vec<String>),
    /// It presses something that could not be described, and why: that needs approval.
    Unknown(String),
}

impl Aim {
    fn and(self, other: Aim) -> Aim {
        match (self, other) {
            (Aim::Unknown(why), _) | (_, Aim::Unknown(why)) => Aim::Unknown(why),
            (Aim::Described(mut a), Aim::Described(b)) => {
                a.extend(b);
                Aim::Described(a)
            }
            (Aim::Nothing, x) | (x, Aim::Nothing) => x,
        }
    }
}

/// How many frames deep a point or the focus is followed.
const FRAME_DEPTH: u32 = 5;

/// What a click, a release, a drag, an activating key or a form_input would act on, described
/// from the live page. `Err` is a stale ref: the member would refuse it the same way.
async fn aimed_at(tab: i32, member: Member, input: &Value) -> Result<Aim, String> {
    match member {
        Member::LeftClick | Member::RightClick | Member::MiddleClick | Member::DoubleClick | Member::TripleClick | Member::LeftMouseUp => {
            describe_target(tab, &input["target"]).await
        }
        // A drag presses on one element and releases on another: both are judged.
        Member::LeftClickDrag => Ok(describe_target(tab, &input["from"]).await?.and(describe_target(tab, &input["target"]).await?)),
        Member::Key | Member::HoldKey => {
            let Some(chords) = input["text"].as_str().and_then(|t| crate::keys::parse(t).ok()) else { return Ok(Aim::Nothing) };
            let Some(last) = chords.iter().rposition(|c| is_activating(&c.key)) else { return Ok(Aim::Nothing) };
            let key_name = |c: &crate::keys::Chord| if c.key.key == "Enter" { "Enter" } else { "Space" };
            // Keys before the last press that are not plain typing (Tab, arrows, shortcuts) may
            // move the focus: what that press acts on cannot be known beforehand.
            let typing = |c: &crate::keys::Chord| {
                c.bits() & !crate::keys::SHIFT == 0 && (matches!(c.key.key.as_str(), "Backspace" | "Delete") || c.key.text.as_deref().is_some_and(|t| t != "\r" && t != "\t"))
            };
            if !chords[..last].iter().all(typing) {
                return Ok(Aim::Unknown(format!("the keys before the last {} may move the focus", key_name(&chords[last]))));
            }
            // A press before it can move the focus too (a button's handler, a form sent).
            if chords[..last].iter().any(|c| is_activating(&c.key)) {
                return Ok(Aim::Unknown(format!("the keys before the last {} press something that may move the focus", key_name(&chords[last]))));
            }
            let enter = chords.iter().any(|c| c.key.key == "Enter");
            let space = chords.iter().any(|c| c.key.key == " ");
            Ok(describe_focus(tab, enter, space, Presses::default()).await)
        }
        Member::Type => {
            let text = input["text"].as_str().unwrap_or_default();
            // A Tab in the text moves the focus: what a later Space or line break presses
            // cannot be known beforehand.
            if text.find('\t').is_some_and(|tab| text[tab..].contains(['\n', '\r', ' '])) {
                return Ok(Aim::Unknown("a Tab in the text moves the focus before a Space or line break presses something".into()));
            }
            Ok(describe_focus(tab, text.contains(['\n', '\r']), text.contains(' '), Presses::of(text)).await)
        }
        Member::FormInput => {
            let Some(reference) = input["target"]["ref"].as_str() else { return Ok(Aim::Nothing) };
            let (at, id) = reading::resolve_ref(tab, reference).await?;
            let Ok((value, _)) = crate::page::call_in(&at, &format!("__tabwright.describeControl({id})")).await else {
                return Ok(Aim::Unknown("the page could not be read".into()));
            };
            if value.get("error").is_some() {
                return Err(reading::stale(id, "the element was removed from the page"));
            }
            if value["submits"] != Value::Bool(true) {
                return Ok(Aim::Nothing);
            }
            if value["named"] != Value::Bool(true) {
                return Ok(named(&value));
            }
            let mut all: Vec<String> = value["what"].as_str().map(String::from).into_iter().collect();
            all.extend(form_lines(&value["form"]));
            Ok(Aim::Described(all))
        }
        _ => Ok(Aim::Nothing),
    }
}

/// A form as a submission is judged: its name, the control that submits it, and its action.
fn form_lines(form: &Value) -> Vec<String> {
    if !form.is_object() {
        return Vec::new();
    }
    let name = form["name"].as_str().unwrap_or("form");
    let mut lines = vec![match form["submit"].as_str() {
        Some(submit) => format!("{name} submitted by {submit}"),
        None => format!("{name}, submitted without a button"),
    }];
    if let Some(action) = form["action"].as_str() {
        lines.push(format!("{name} sending to {}", tabwright_protocol::sanitize::url(action)));
    }
    lines
}

/// What a ref or a coordinate target is now.
async fn describe_target(tab: i32, target: &Value) -> Result<Aim, String> {
    if let Some(r) = target.get("ref").and_then(Value::as_str) {
        let (at, id) = reading::resolve_ref(tab, r).await?;
        return Ok(match crate::page::call_in(&at, &format!("__tabwright.describeRefNamed({id})")).await {
            Ok((value, _)) if value.is_object() => named(&value),
            Ok(_) => return Err(reading::stale(id, "the element was removed from the page")),
            Err(e) => Aim::Unknown(format!("the page could not be read: {}", tabwright_protocol::sanitize::bounded(&e, 200))),
        });
    }
    let (Some(x), Some(y)) = (target["x"].as_f64(), target["y"].as_f64()) else { return Ok(Aim::Unknown("no point given".into())) };
    // A point outside the viewport is refused by the member the same way.
    let (x, y) = capture::to_css(tab, tabwright_protocol::input::Point { x, y }).await?;
    Ok(describe_point(crate::cdp::Debuggee::tab(tab), x, y, 0).await)
}

/// An element the page agent described: judged by its description when it has a name or text,
/// else it cannot be judged (a canvas, an unlabelled image).
fn named(value: &Value) -> Aim {
    let what = value["what"].as_str().unwrap_or_default().to_string();
    if value["named"] == Value::Bool(true) && !what.is_empty() {
        Aim::Described(vec![what])
    } else {
        Aim::Unknown(format!("{}, which has no name or text", if what.is_empty() { "an element" } else { &what }))
    }
}

/// What is at a CSS point of a document; a point over another site's frame is described by the
/// element inside that frame, through the frame's own session.
fn describe_point(at: crate::cdp::Debuggee, x: f64, y: f64, depth: u32) -> std::pin::Pin<Box<dyn std::future::Future<Output = Aim>>> {
    Box::pin(async move {
        let Ok((value, generation)) = crate::page::call_in(&at, &format!("__tabwright.describeAt({x}, {y}, {}, true)", crate::refs::next())).await else {
            return Aim::Unknown("the page could not be read".into());
        };
        crate::refs::record_answer(&at, generation, &value);
        let what = value["what"].as_str().map(String::from);
        if value["crossFrame"] == Value::Bool(true) {
            let frame = value["frame"].as_u64();
            let (fx, fy) = (value["fx"].as_f64().unwrap_or(-1.0), value["fy"].as_f64().unwrap_or(-1.0));
            let child = match frame {
                Some(frame) if depth < FRAME_DEPTH => reading::frame_session(&at, frame).await,
                _ => None,
            };
            return match child {
                Some(child) => describe_point(child, fx, fy, depth + 1).await,
                None => Aim::Unknown(format!("{}, whose content could not be read", what.unwrap_or_else(|| "a frame".into()))),
            };
        }
        match what {
            Some(_) => named(&value),
            None => Aim::Unknown("nothing is at that point".into()),
        }
    })
}

/// How the presses of typed text follow each other: how many Spaces and line breaks, and
/// whether one comes after the first line break. (A key sequence judges its own: none here.)
#[derive(Clone, Copy, Default)]
struct Presses {
    count: usize,
    after_line_break: bool,
}

impl Presses {
    fn of(text: &str) -> Presses {
        let text = text.replace("\r\n", "\n");
        let count = text.chars().filter(|c| matches!(c, ' ' | '\n' | '\r')).count();
        let after_line_break = text.find(['\n', '\r']).is_some_and(|i| text[i + 1..].contains([' ', '\n', '\r']));
        Presses { count, after_line_break }
    }
}

/// What Enter or Space would press: the focused element (a frame's too), and for Enter its
/// form's submission. Space in a text field types a space and presses nothing.
async fn describe_focus(tab: i32, enter: bool, space: bool, presses: Presses) -> Aim {
    let mut at = crate::cdp::Debuggee::tab(tab);
    for _ in 0..=FRAME_DEPTH {
        let Ok((value, generation)) = crate::page::call_in(&at, &format!("__tabwright.describeFocus({})", crate::refs::next())).await else {
            return Aim::Unknown("the page could not be read".into());
        };
        crate::refs::record_answer(&at, generation, &value);
        if value["crossFrame"] == Value::Bool(true) {
            let child = match value["frame"].as_u64() {
                Some(frame) => reading::frame_session(&at, frame).await,
                None => None,
            };
            match child {
                Some(child) => {
                    at = child;
                    continue;
                }
                None => return Aim::Unknown("the focus is in another site's frame whose content could not be read".into()),
            }
        }
        let Some(what) = value["what"].as_str().map(String::from) else { return Aim::Unknown("the focused element could not be described".into()) };
        let entry = value["entry"] == Value::Bool(true);
        // A press that can move the focus comes before another: what the later one presses
        // cannot be known beforehand. (In a text field a Space types; in a one-line field the
        // first line break sends the form.)
        if !entry && presses.count > 1 {
            return Aim::Unknown(format!("the first Space or line break presses {what}, which may move the focus before the next"));
        }
        if entry && value["multiline"] != Value::Bool(true) && presses.after_line_break {
            return Aim::Unknown("the first line break sends the form, after which a Space or line break may press something else".into());
        }
        // Enter in a field submits its form, which is judged by the form; anything else Enter
        // or Space presses is judged by its own name, so it needs one.
        let in_form = entry && value["form"].is_object();
        if ((enter && !in_form) || (space && !entry)) && value["named"] != Value::Bool(true) {
            return named(&value);
        }
        let mut all = Vec::new();
        if enter {
            all.push(what.clone());
            all.extend(form_lines(&value["form"]));
        }
        if space && !entry && !all.contains(&what) {
            all.push(what);
        }
        return if all.is_empty() { Aim::Nothing } else { Aim::Described(all) };
    }
    Aim::Unknown("the focus is too many frames deep".into())
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
    tabwright_protocol::sanitize::line(&detail, 80)
}

pub fn unknown_member(name: &str) -> String {
    format!("Unknown member {name:?}: browser_toolset_20260801 has no member by that name.")
}

pub fn not_implemented(member: Member) -> String {
    format!("The member {member} is not implemented by this executor yet. Use another member to reach the same goal.")
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_written_as_a_person_writes_them() {
        assert_eq!(super::number(3.0), "3");
        assert_eq!(super::number(-12.0), "-12");
        assert_eq!(super::number(4111111111111111.0), "4111111111111111");
        assert_eq!(super::number(0.1), "0.1");
        assert_eq!(super::number(2.5), "2.5");
        assert_eq!(super::number(1e308), "1e+308");
    }
}
