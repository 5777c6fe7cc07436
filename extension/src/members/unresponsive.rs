//! A page whose own scripts keep its main thread busy (a loop, a very long task) answers nothing
//! that needs that thread: reading it, capturing it, input to it, and even a navigation to its own
//! site, which commits in the same process (a navigate found such a page stuck leaves it by way
//! of a blank page, see `leaving_stuck`). A call waiting on such a page, or on one of its
//! frames that runs in a process of its own, is cut off with an error that says so after a few
//! seconds, instead of at the bridge's call timeout.

use futures::future::{select, Either};

use crate::cdp::{self, Debuggee};
use crate::{activity, chrome, state};

/// How long a call runs before the page is checked at all (unless the call says otherwise). A page
/// may be busy for seconds after a click on its own legitimate work; Chrome itself takes a
/// renderer that leaves input unanswered for 5 s as hung.
pub const FIRST_CHECK_MS: i32 = 5_000;
/// How long a read runs first: its own walk of the page keeps the page's thread busy, and
/// answers nothing meanwhile.
pub const READ_PATIENCE_MS: i32 = 10_000;
/// How long the page has to answer a trivial question before it counts as not responding.
const ANSWER_MS: i32 = 5_000;
/// How long a page found stuck by an earlier call has to answer before a call on it ends.
const STILL_STUCK_MS: i32 = 1_000;
/// How soon the browser answers a question of its own (the tab's history) while the way back
/// is clear: a slower answer means the way back is held up by what the tab sends (a flood of
/// console lines), not by the page.
const CLEAR_MS: i32 = 1_500;
/// Between two checks while the call goes on.
const CHECK_EVERY_MS: i32 = 1_000;
/// How often a call in flight looks whether the page's renderer died.
const CRASH_POLL_MS: i32 = 100;
/// How long a call waits for a server that has not sent the tab's next document (DevTools holds
/// every question to the page shown until it comes), as a person waits for a slow page.
const SERVER_WAIT_MS: i32 = 5_000;

/// Runs `work` on `tab`. Once it has taken `patience` milliseconds, the page (and each of its
/// frames that runs in a process of its own) is asked a trivial question now and then; when one
/// goes unanswered, the call ends with the error that explains it.
pub async fn guard<T, F>(tab: i32, member: &str, patience: i32, work: F) -> Result<T, String>
where
    F: std::future::Future<Output = Result<T, String>>,
{
    // A page found stuck by an earlier call, and on the same document since, is asked before
    // the call begins (nothing of the call waits ahead of the question), and given a second:
    // each call on a page stuck for good would otherwise wait the whole patience again. (A
    // navigate may leave it for another site's process; a page waiting on a server is told
    // as such below.)
    let commits = activity::main_frame(tab).commits;
    let was_stuck = STUCK.with(|s| s.borrow().get(&tab) == Some(&commits));
    if was_stuck && member != "navigate" && activity::pending_navigation(tab).is_none() {
        if !answers(&Debuggee::tab(tab), STILL_STUCK_MS).await {
            return Err(still_not_responding(tab, member));
        }
    }
    // A navigate leaves a page still stuck by way of a blank page (see `leaving_stuck`).
    if was_stuck && member == "navigate" && !answers(&Debuggee::tab(tab), STILL_STUCK_MS).await {
        LEAVING.with(|l| l.borrow_mut().insert(tab));
    }
    STUCK.with(|s| s.borrow_mut().remove(&tab));
    let watch = async {
        let waiting = activity::pending_navigation(tab).is_some() && member != "navigate";
        let first = if waiting { SERVER_WAIT_MS.min(patience) } else { patience };
        // A page whose renderer dies answers nothing again: that is told at once.
        let died = || (member != "navigate" && activity::crashed(tab)).then(|| crashed(tab, member, true));
        let mut waited = 0;
        while waited < first {
            if let Some(error) = died() {
                return error;
            }
            chrome::sleep(CRASH_POLL_MS).await;
            waited += CRASH_POLL_MS;
        }
        loop {
            if let Some(error) = died() {
                return error;
            }
            // Waiting on a server, not on the page. (A navigate bounds that wait itself.)
            if let Some(url) = activity::pending_navigation(tab) {
                if member != "navigate" {
                    return server_silent(tab, &url, member);
                }
                chrome::sleep(CHECK_EVERY_MS).await;
                continue;
            }
            // The print dialog holds the page's input while the page still answers questions. (A
            // navigate waits on the network for as long as a server takes: not a sign of it.)
            if member != "navigate" && PRINTING.with(|p| p.borrow().contains(&tab)) && chrome::print_dialog_open().await {
                return printing(tab, &format!("{member} could not finish, and whether it took effect is unknown"));
            }
            if let Some(who) = stuck(tab).await {
                // A navigation that began before this worker started was not heard of: the
                // browser's tab tells of it, and the server is what the call waits on.
                let pending = match member {
                    "navigate" => None,
                    _ => chrome::tabs_get(tab).await.ok().and_then(|t| t.pending_url).filter(|u| !u.is_empty()),
                };
                return match pending {
                    Some(url) => server_silent(tab, &url, member),
                    None => not_responding(tab, who, member),
                };
            }
            chrome::sleep(CHECK_EVERY_MS).await;
        }
    };
    match select(Box::pin(work), Box::pin(watch)).await {
        Either::Left((done, _)) => done,
        Either::Right((error, _)) => Err(error),
    }
}

thread_local! {
    /// The tab whose page last took a key event, and when.
    static KEYED: std::cell::Cell<(i32, f64)> = const { std::cell::Cell::new((0, 0.0)) };
    /// Tabs whose page did not answer the last call's question (stuck in its own script), with
    /// how many documents the main frame had committed then.
    static STUCK: std::cell::RefCell<std::collections::HashMap<i32, u64>> = Default::default();
    /// Tabs a navigate is to take away from a page still stuck.
    static LEAVING: std::cell::RefCell<std::collections::HashSet<i32>> = Default::default();
    /// Tabs whose page asked to print (the page agent hears `beforeprint`) and has not heard its
    /// dialog close (`afterprint`). The browser's list of targets shows that a print dialog is
    /// open, not whose: both together say it is this tab's.
    static PRINTING: std::cell::RefCell<std::collections::HashSet<i32>> = Default::default();
}

/// Whether the navigate about to run on `tab` leaves a page still stuck in its own script
/// (asked once). Such a page's process cannot commit a document of its site, and a navigation
/// left waiting on it holds every later one, the tab's for good: the navigate goes by way of a
/// blank page, which the browser loads in a new process, and the page of the stuck one's site
/// then loads in another new one.
pub fn leaving_stuck(tab: i32) -> bool {
    LEAVING.with(|l| l.borrow_mut().remove(&tab))
}

/// The page in `tab` asked to print (`true`), or its print dialog closed.
pub fn print_asked(tab: i32, asked: bool) {
    PRINTING.with(|p| if asked { p.borrow_mut().insert(tab) } else { p.borrow_mut().remove(&tab) });
}

/// Before a call on `tab`: the error that the print dialog its page opened is still open.
pub async fn still_printing(tab: i32, member: &str) -> Result<(), String> {
    if !PRINTING.with(|p| p.borrow().contains(&tab)) {
        return Ok(());
    }
    if chrome::print_dialog_open().await {
        return Err(printing(tab, &format!("{member} was not run")));
    }
    // Closed without a word from the page (it navigated away, say).
    print_asked(tab, false);
    Ok(())
}

fn printing(tab: i32, outcome: &str) -> String {
    let tab = state::tab_name(tab);
    format!(
        "The browser's print dialog is open over the page in {tab} (the page asked to print), and it holds the page until it is closed: {outcome}. Claude cannot reach that dialog. Ask the person to close it (Cancel) or to print, then go on; close_tab also closes the tab with it."
    )
}

/// What does not answer: the page itself, or a frame of another site (by its address).
enum Stuck {
    Page,
    Frame(String),
}

async fn stuck(tab: i32) -> Option<Stuck> {
    if !answers(&Debuggee::tab(tab), ANSWER_MS).await {
        return Some(Stuck::Page);
    }
    let frames = cdp::children(tab);
    let answered = futures::future::join_all(frames.iter().map(|f| {
        let at = Debuggee { tab, session: Some(f.session.clone()) };
        async move { answers(&at, ANSWER_MS).await }
    }))
    .await;
    frames.into_iter().zip(answered).find(|(_, ok)| !ok).map(|(f, _)| Stuck::Frame(f.url))
}

/// Whether a document's main thread answers a trivial evaluation in time. An error counts as an
/// answer (a document being replaced is not a page stuck in a script). So does a way back that
/// is held up: every answer reaches the extension behind the events the tab sent before it (a
/// page logging megabytes a line), so a question the browser answers itself (the tab's
/// history) goes beside the page's, and when that one is slow too, it is the way back that is
/// busy, not the page.
async fn answers(at: &Debuggee, within: i32) -> bool {
    let probe = cdp::Evaluate { expression: "0", context_id: None, return_by_value: true, await_promise: false, timeout: None, object_group: None };
    let started = js_sys::Date::now();
    let control = async {
        let _ = cdp::send(at.tab, &cdp::GetNavigationHistory {}).await;
        js_sys::Date::now() - started
    };
    let (page, browser) = futures::join!(chrome::bounded(cdp::send_to(at, &probe), within), chrome::bounded(control, within));
    // A page that took a key a moment ago answers its questions behind the keys still to come
    // (a long text's thousands of line breaks), but is not stuck.
    let keyed = at.session.is_none() && KEYED.with(|k| k.get().0 == at.tab && js_sys::Date::now() - k.get().1 < CLEAR_MS as f64);
    page.is_some() || keyed || browser.is_none_or(|ms| ms > CLEAR_MS as f64)
}

/// Notes that the page in `tab` took a key event now.
pub fn input_taken(tab: i32) {
    KEYED.with(|k| k.set((tab, js_sys::Date::now())));
}

/// The error for a call on a tab whose page crashed.
pub fn crashed(tab: i32, member: &str, during: bool) -> String {
    let tab = state::tab_name(tab);
    let when = if during { format!("while {member} ran, so whether all of it took effect is unknown") } else { format!("before {member}, which was not run") };
    format!(
        "The page in {tab} crashed {when}: the browser's process for it died, and the tab shows an error page. navigate with \"reload\" loads it again, a navigate elsewhere leaves it, or close_tab closes it."
    )
}

/// What Claude can do about a page stuck in its own script.
const STUCK_ADVICE: &str = "Reading, screenshots and input wait until it recovers. A navigate leaves it (to any address, its own site's too), close_tab closes it (new_tab opens another), or wait and try again.";

/// What a call that could not finish says of its effect (a read changes nothing).
fn effect_unknown(member: &str) -> &'static str {
    if super::only_reads(member) {
        ""
    } else {
        ", and whether it took effect is unknown"
    }
}

/// The error for a call on a page an earlier call found stuck, which still does not answer.
fn still_not_responding(tab: i32, member: &str) -> String {
    let tab = state::tab_name(tab);
    let (seconds, now) = (ANSWER_MS / 1000, STILL_STUCK_MS / 1000);
    let effect = effect_unknown(member);
    format!(
        "The page in {tab} is still not responding: it did not answer an earlier call for over {seconds} seconds, nor this one within {now} second, most likely because its own scripts keep it busy (a loop or a very long task), so {member} could not finish{effect}. {STUCK_ADVICE}"
    )
}

/// An address as an error names it: credentials out, bounded.
fn shown_url(url: &str) -> String {
    tabwright_protocol::sanitize::bounded(&tabwright_protocol::sanitize::url(url), 200)
}

/// "tab-1 is loading URL": the start of what is said of a tab waiting on a server.
pub fn loading(tab: i32, url: &str) -> String {
    format!("{} is loading {}", state::tab_name(tab), shown_url(url))
}

/// Told after an input whose navigation's server has not answered yet.
pub fn page_not_sent(tab: i32, url: &str) -> String {
    format!("{}; its server has not sent the page yet, so the page on screen stays until it does.", loading(tab, url))
}

fn server_silent(tab: i32, url: &str, member: &str) -> String {
    format!(
        "{}, and that server has not sent the page yet, so {member} could not finish: until the page arrives (or its load fails) the browser holds every question to the page on screen. Wait and try again, or navigate elsewhere (a new navigate replaces the waiting one).",
        loading(tab, url)
    )
}

fn not_responding(tab: i32, who: Stuck, member: &str) -> String {
    if matches!(who, Stuck::Page) {
        let commits = activity::main_frame(tab).commits;
        STUCK.with(|s| s.borrow_mut().insert(tab, commits));
    }
    let tab = state::tab_name(tab);
    let seconds = ANSWER_MS / 1000;
    let effect = effect_unknown(member);
    match who {
        Stuck::Page => format!(
            "The page in {tab} is not responding: it has not answered for over {seconds} seconds, most likely because its own scripts keep it busy (a loop or a very long task), so {member} could not finish{effect}. {STUCK_ADVICE}"
        ),
        Stuck::Frame(url) => {
            let at = if url.is_empty() { String::new() } else { format!(" ({})", shown_url(&url)) };
            format!(
                "A frame of the page in {tab}{at} is not responding: it has not answered for over {seconds} seconds, most likely because its own scripts keep it busy, so {member} could not finish{effect}. The rest of the page still answers: screenshot, get_page_text and read_page leave that frame out, and input outside it works."
            )
        }
    }
}
