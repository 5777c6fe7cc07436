//! navigate and screenshot.

use tabwright_protocol::input::Navigate;
use tabwright_protocol::navigation::{parse_target, NavTarget};
use tabwright_protocol::sanitize::{bounded, url as clean_url};
use tabwright_protocol::wire::Outcome;

use crate::cdp::{self, CdpError};
use crate::{activity, chrome, state};

/// How long a navigation may take to load, in milliseconds.
const LOAD_TIMEOUT_MS: i32 = 30_000;
/// How long a parsed page (or one that shows its first content while its server still sends
/// the rest) may go on loading its images, scripts and frames before navigate says it is shown
/// without waiting for the rest (a tracker or an image whose server hangs would
/// otherwise hold every navigate for the whole timeout).
const AFTER_READY_MS: f64 = 5_000.0;

/// The note of a navigate that answered before its page's load ([`AFTER_READY_MS`]).
fn still_loading() -> String {
    format!(
        "The page is shown, but some of it was still loading {} seconds after it showed (its images, scripts or frames, or the rest of the page from its server); what comes later may appear after this.",
        AFTER_READY_MS / 1000.0
    )
}

pub async fn navigate(input: &Navigate) -> Result<Outcome, String> {
    let target = parse_target(&input.url)?;
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    // A browser page (chrome://newtab, say) cannot be debugged, and Chrome refuses the debugger
    // for a page that keeps a frame at certain about: addresses: either is still sent elsewhere
    // through the tabs API.
    let done = match cdp::ensure_attached(tab).await {
        Ok(()) => match navigate_settled(tab, &target).await {
            Err(e) if cdp::refused(&e) => None,
            done => Some(done?),
        },
        Err(_) => None,
    };
    // Where the main frame stood once the navigation's document had loaded (through CDP).
    // (Taken from the wait: by now the page may have sent the tab on, and the next document
    // committed.)
    let loaded_at = match &done {
        Some(Done::Loaded(_, at) | Done::Shown(_, at)) => Some(at.clone()),
        _ => None,
    };
    // Its load over (not only shown, with parts still on their way), and not a page the browser
    // kept and showed again as it was (back and forward), which loads nothing.
    let loaded = matches!(done, Some(Done::Loaded(..))) && matches!(target, NavTarget::Url(_) | NavTarget::Reload);
    let (mut note, mut status) = match done {
        Some(Done::Loaded(status, _)) => (status.as_ref().and_then(status_note), status.map(|(code, _)| code)),
        Some(Done::Shown(status, _)) => (status.as_ref().and_then(status_note).or_else(|| Some(still_loading())), status.map(|(code, _)| code)),
        // Nothing was navigated to: the result says what happened instead.
        Some(Done::Note(note)) => return Ok(Outcome::Text { text: note }),
        // (navigate_settled turns a navigation the tab did not settle on into an error.)
        Some(Done::SameDocument | Done::Unsettled(_)) => (None, None),
        // The session ended as the tab navigated: the tab's own load is waited for, and the
        // debugger attached again.
        Some(Done::Detached) => (reattached(tab, &target).await?, None),
        None => {
            navigate_tabs_api(tab, &target).await?;
            (None, None)
        }
    };
    let blank = matches!(&target, NavTarget::Url(url) if url == "about:blank");
    let mut now = shown(tab, blank, loaded).await?;
    // A page that sends the tab on by itself as soon as it has loaded (a meta refresh, a
    // sign-in relay that posts its form, a "checking your browser" page): the page it sends the
    // tab to is waited for, as a person waits for it, and the result says so. Only a navigation
    // already asked for by now is: a page that moves on later, on a timer, is left to do so.
    if let Some(loaded_at) = match loaded_at {
        Some(at) => sent_on(tab, &at).await.then_some(at),
        None => None,
    } {
        // The loaded page's address, as the tab showed it unless the next one committed since.
        let from = match loaded_at.current.as_deref() {
            Some(loader) if activity::main_frame(tab).commits > loaded_at.commits => activity::document(tab, loader).url.unwrap_or_else(|| now.address()),
            _ => now.address(),
        };
        let from = bounded(&clean_url(&from), 300);
        let what = format!("{from} sent the tab on by itself as it loaded; the next page");
        let next = match wait_loaded(tab, &what, &loaded_at, None, None).await {
            Ok(Done::Loaded(next, _)) => Ok((next, None)),
            Ok(Done::Shown(next, _)) => Ok((next, Some(still_loading()))),
            // (A wait without a loader or a history entry ends with a document, or an error.)
            Ok(_) => Ok((None, None)),
            Err(e) => Err(e),
        };
        now = shown(tab, false, matches!(next, Ok((_, None)))).await?;
        match next {
            Ok((next, loading)) => {
                status = next.as_ref().map(|(code, _)| *code);
                let mut hop = format!("{from} sent the tab on to this page by itself as it loaded.");
                for more in [next.as_ref().and_then(status_note), loading].into_iter().flatten() {
                    hop.push(' ');
                    hop.push_str(&more);
                }
                note = Some(hop);
            }
            Err(e) => note = Some(e),
        }
    }
    let outcome = Outcome::Navigated { url: now.address(), title: now.title.clone(), status, note };
    state::tab_updated(now);
    Ok(outcome)
}

/// After the browser ended the debugger's session with the tab as it navigated: the tab is
/// waited for until it has loaded, and the debugger attached again (its later calls need it).
/// A PDF, which the browser's own viewer shows, is said to be one, with how to read it.
async fn reattached(tab: i32, target: &NavTarget) -> Result<Option<String>, String> {
    let deadline = js_sys::Date::now() + f64::from(LOAD_TIMEOUT_MS);
    let loaded = super::tabs::until(tab, deadline, 50, super::tabs::loaded).await;
    let Some(loaded) = loaded else {
        return Err(format!("{} was interrupted: the tab closed.", doing(target)));
    };
    cdp::ensure_attached(tab).await.map_err(|e| format!("{}: {e}", doing(target)))?;
    if let Ok((v, generation)) = crate::page::call(tab, "document.contentType").await {
        if v == "application/pdf" {
            super::capture::pdf_drawn(tab, generation).await;
            return Ok(Some(super::reading::PDF_READ.to_string()));
        }
    }
    Ok((!super::tabs::loaded(&loaded)).then(still_loading))
}

/// Whether the page sends the tab on by itself after its document loaded (`loaded_at`): the
/// main frame has committed another document since, or has one on its way (asked for after the
/// loaded one committed). A page that asked to go on (at once, or within a second), and has not
/// yet sent its request, is given a moment to: a request to go elsewhere in the same document
/// sends none.
async fn sent_on(tab: i32, loaded_at: &activity::MainFrame) -> bool {
    let going = || activity::main_frame(tab).commits > loaded_at.commits || activity::in_flight(tab, loaded_at.commits, u64::MAX, "");
    if going() {
        return true;
    }
    let Some(delay) = activity::asked_to_go(tab, loaded_at.commits).filter(|d| *d <= ASKED_DELAY_MS) else { return false };
    let until = js_sys::Date::now() + delay + ASKED_GRACE_MS;
    while js_sys::Date::now() < until {
        let next = cdp::wait_for(tab, &["Network.requestWillBeSent", "Page.frameNavigated"]);
        if going() {
            return true;
        }
        cdp::within(next, (until - js_sys::Date::now()).max(0.0) as i32).await;
    }
    going()
}

/// The longest delay of a page's own navigation (a meta refresh's) that navigate waits for.
const ASKED_DELAY_MS: f64 = 1_000.0;
/// How long after its delay a navigation the page asked for may take to send its request.
const ASKED_GRACE_MS: f64 = 300.0;

/// The tab as it shows its new document. The document has the agent and the overlay before the
/// call answers (installed from its commit on, while it loaded), so the person sees it as soon
/// as Claude does. A page that draws itself after its load event is given a moment to do so.
/// A document whose load is over (`loaded`) tells whether it shows content, with its title and
/// address, right behind its load event: then the page is not asked again, and the tab is as the
/// kept inventory or a read of it shows that title and address.
async fn shown(tab: i32, blank: bool, loaded: bool) -> Result<chrome::Tab, String> {
    crate::page::overlay_once(tab).await;
    let told = match loaded && !blank {
        true => told_after_load(tab).await.filter(|t| t.shown),
        false => None,
    };
    if let Some(told) = told {
        if let Some(held) = state::held(tab).filter(|t| shows(t, &told.title, &told.url)) {
            return Ok(held);
        }
        let read = chrome::tabs_get(tab).await;
        return as_new_as_page(tab, read, &told.title, &told.url).await;
    }
    // The tab is read alongside: a page that showed its content by its load has its title too.
    // (about:blank has none to wait for.)
    let wait = format!(
        "Promise.resolve(__tabwright.firstContent({})).then((shown) => ({{shown, title: document.title, url: location.href}}))",
        if blank { 0 } else { FIRST_CONTENT_MS }
    );
    let (first, read) = futures::join!(crate::page::call(tab, &wait), chrome::tabs_get(tab));
    let page = first.ok().map(|(v, _)| v).unwrap_or_default();
    // Read again when the check had to wait for the page to draw (its title may have come with
    // the content).
    if page["shown"] != "shown" {
        return chrome::tabs_get(tab).await.map_err(closed_meanwhile);
    }
    as_new_as_page(tab, read, page["title"].as_str().unwrap_or_default(), page["url"].as_str().unwrap_or_default()).await
}

fn closed_meanwhile(e: chrome::ChromeError) -> String {
    format!("The tab closed during navigation: {e}")
}

/// A read of the tab, or a newer one when it does not show the page's own title and address
/// yet ([`state::until_shown`]).
async fn as_new_as_page(tab: i32, read: Result<chrome::Tab, chrome::ChromeError>, title: &str, url: &str) -> Result<chrome::Tab, String> {
    match read {
        Ok(read) if state::tab_shows(&read, title, url) => Ok(read),
        _ => state::until_shown(tab, title, url).await.map_err(closed_meanwhile),
    }
}

/// What the tab's document told of itself once its load was over: its word comes right behind
/// the load event, and is waited for a moment (a document that says nothing is asked).
async fn told_after_load(tab: i32) -> Option<activity::Told> {
    let until = js_sys::Date::now() + TOLD_MS;
    loop {
        let next = cdp::wait_for(tab, &["Runtime.bindingCalled"]);
        if let Some(told) = activity::told(tab) {
            return Some(told);
        }
        let left = until - js_sys::Date::now();
        if left <= 0.0 {
            return None;
        }
        cdp::within(next, left as i32).await;
    }
}

/// How long after its load a document's word of itself is waited for.
const TOLD_MS: f64 = 50.0;

/// [`shows`] for a page's own answer (`{title, url}`).
#[cfg(test)]
fn shows_page(read: &chrome::Tab, page: &serde_json::Value) -> bool {
    shows(read, page["title"].as_str().unwrap_or_default(), page["url"].as_str().unwrap_or_default())
}

/// Whether a read of the tab shows the page as the page itself says it is, with no navigation
/// pending: then it is as new as a tab event that came meanwhile. (A page without a title of its
/// own is not taken: the read could not be checked by its title.)
fn shows(read: &chrome::Tab, title: &str, url: &str) -> bool {
    !title.is_empty() && state::tab_shows(read, title, url)
}

/// How long a navigate waits, after the load, for a page that shows nothing yet to draw its
/// first content (a blank page costs this much once).
const FIRST_CONTENT_MS: u32 = 1_000;

/// How a navigation ended.
enum Done {
    /// Parsed and shown, still loading its images, scripts or frames a while later.
    Shown(Option<(u16, String)>, activity::MainFrame),
    /// A document loaded; its HTTP status and status text, when it came over HTTP. With both:
    /// where the main frame stood as the navigation's own document committed (a document that
    /// replaced it is the one shown, loaded or waited for).
    Loaded(Option<(u16, String)>, activity::MainFrame),
    /// Something other than a page load happened (a download started).
    Note(String),
    /// The page moved within its document: nothing to load.
    SameDocument,
    /// The tab did not settle on a document: the page left sent it on after ours committed (a
    /// navigation it had asked for before), or documents kept replacing each other, none loading.
    /// The address of the last document.
    Unsettled(String),
    /// The browser ended the debugger's session with the tab as it navigated (as it does when
    /// the tab goes to a PDF, which its own viewer shows).
    Detached,
}

/// How many documents may replace each other, none loading, before a navigation is taken for a
/// page that navigates itself in a loop (a browser stops a server's redirects at 20).
const LOOP_COMMITS: u64 = 10;

/// The standard reason phrases of the error statuses a page most often answers with.
fn reason(code: u16) -> Option<&'static str> {
    Some(match code {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        410 => "Gone",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => return None,
    })
}

/// What Claude reads about an error status: the page it sees is the server's answer to a failure.
fn status_note((code, text): &(u16, String)) -> Option<String> {
    // The server's own words only when they are a plain phrase; a page controls them.
    let plain = !text.is_empty() && text.len() <= 40 && text.chars().all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '-');
    let phrase = if plain { Some(text.as_str()) } else { reason(*code) };
    let status = match phrase {
        Some(p) => format!("HTTP {code} {p}"),
        None => format!("HTTP {code}"),
    };
    match code {
        400..=499 => Some(format!("The server answered {status}: the tab shows its error page, not the page asked for. Check the address, or reach the page through the site's own links.")),
        500..=599 => Some(format!("The server answered {status}: it failed to produce the page. The site may work again later; reload or try another page.")),
        _ => None,
    }
}

/// The events that can end a wait; each wakes it to look again at what the tab reported.
const LOAD_EVENTS: &[&str] = &[
    "Page.lifecycleEvent",
    "Page.loadEventFired",
    "Page.frameNavigated",
    "Page.navigatedWithinDocument",
    "Network.responseReceived",
    "Network.loadingFailed",
];

/// How long a loaded navigation waits for a document the page being left asked for before it
/// committed, which is still on its way (the browser commits one that has its answer even after
/// ours): it commits or fails within milliseconds, or it is not coming.
const OLDER_MS: f64 = 1_000.0;

/// Waits briefly for chrome.downloads to announce a download.
async fn download_started() -> bool {
    for _ in 0..20 {
        if crate::downloads::pending() {
            return true;
        }
        chrome::sleep(50).await;
    }
    false
}

/// Whether the page went on to a document of its own since the `since`th commit, or is on its way
/// to one (other than `ours`), within a moment: what stopped a navigation of ours is heard a
/// little after it.
async fn page_went_on(tab: i32, since: u64, ours: &str) -> bool {
    for _ in 0..50 {
        if activity::main_frame(tab).commits > since || activity::in_flight(tab, since, u64::MAX, ours) {
            return true;
        }
        chrome::sleep(20).await;
    }
    false
}

/// Navigates with CDP and waits until the document it loads has loaded.
async fn navigate_cdp(tab: i32, target: &NavTarget) -> Result<Done, String> {
    // A page stuck in its own script is left by way of a blank page, which the browser loads in
    // a new process (see `unresponsive::leaving_stuck`). (A reload or a step in history goes as
    // ever.)
    if matches!(target, NavTarget::Url(_)) && super::unresponsive::leaving_stuck(tab) {
        Box::pin(navigate_cdp(tab, &NavTarget::Url("about:blank".into()))).await?;
    }
    let describe = |url: &str| format!("Navigation to {url}");
    let cdp_err = |e: CdpError| e.to_string();
    // The main frame is named first, so its subframes' documents are told apart from its own
    // (its later navigations keep it named).
    if !activity::main_frame_known(tab) {
        let tree = cdp::send(tab, &cdp::GetFrameTree {}).await.map_err(cdp_err)?;
        activity::set_main_frame(tab, &tree.frame_tree.frame.id);
    }
    let before = activity::main_frame(tab);
    let (what, loader, history) = match target {
        NavTarget::Url(url) => {
            // Chrome answers once the server has sent the page's headers: a server that never
            // does is given up on when the command times out, and the waiting load stopped.
            let response = match cdp::send(tab, &cdp::Navigate { url }).await {
                Err(CdpError::Timeout { secs, .. }) => {
                    let _ = cdp::send(tab, &cdp::StopLoading {}).await;
                    return Err(format!("{} timed out after {secs} seconds: its server did not answer. The tab still shows the page it was on.", describe(url)));
                }
                other => other.map_err(cdp_err)?,
            };
            if let Some(error) = response.error_text.filter(|e| !e.is_empty()) {
                // An address that serves a file starts a download and loads no page.
                // A server that answers "no content" leaves the tab on the page it shows.
                let status = response.loader_id.as_deref().and_then(|l| activity::document(tab, l).status).map(|(code, _)| code);
                if let Some(code @ (204 | 205)) = status {
                    return Err(format!("{} loaded nothing: its server answered HTTP {code} (no content), so the tab still shows the page it was on.", describe(url)));
                }
                // Stopped: ours was a download (its server answered), or the page being left went
                // on to a document of its own in its place.
                if error.contains("ERR_ABORTED") {
                    if status.is_some() && download_started().await {
                        return Ok(Done::Note(format!("{url} started a download instead of loading a page; the tab stays where it was.")));
                    }
                    if page_went_on(tab, before.commits, response.loader_id.as_deref().unwrap_or_default()).await {
                        return Ok(Done::Unsettled(current_document(tab).and_then(|d| d.url).unwrap_or_default()));
                    }
                }
                if error.contains("ERR_BLOCKED_BY_CLIENT") {
                    return Err(format!(
                        "{} was refused: the browsing policy does not allow that site (after any redirects). The tab shows a blank error page.",
                        describe(url)
                    ));
                }
                // The tab shows the browser's error page for that address: the next call's
                // inventory lists it there once the browser does (a moment after the commit).
                if !error.contains("ERR_ABORTED") {
                    state::until_listed_at(tab, url.split('#').next().unwrap_or(url)).await;
                }
                return Err(format!("{} failed: {error}. {}", describe(url), net_error_advice(&error)));
            }
            let Some(loader) = response.loader_id else {
                return Ok(Done::SameDocument);
            };
            (describe(url), Some(loader), None)
        }
        NavTarget::Reload => {
            // (A browser asks a person first: it would send the form again.)
            if activity::main_frame(tab).current.is_some_and(|l| activity::document(tab, &l).posted) {
                return Err(format!(
                    "Nothing was done: {} shows the answer to a form sent to its server, and reloading would send the form again (an order placed twice). To load the page afresh, navigate to its address.",
                    state::tab_name(tab)
                ));
            }
            cdp::send(tab, &cdp::Reload { ignore_cache: false }).await.map_err(cdp_err)?;
            ("Reload".to_string(), None, None)
        }
        NavTarget::Back | NavTarget::Forward => {
            let history = cdp::send(tab, &cdp::GetNavigationHistory {}).await.map_err(cdp_err)?;
            let back = matches!(target, NavTarget::Back);
            let index = history.current_index + if back { -1 } else { 1 };
            let entry = usize::try_from(index).ok().and_then(|i| history.entries.get(i)).ok_or_else(|| no_history(tab, back))?;
            cdp::send(tab, &cdp::NavigateToHistoryEntry { entry_id: entry.id }).await.map_err(cdp_err)?;
            (describe(&tabwright_protocol::sanitize::url(&entry.url)), None, Some(entry.url.clone()))
        }
    };
    wait_loaded(tab, &what, &before, loader.as_deref(), history.as_deref()).await
}

/// Navigates with CDP. A navigation to an address the tab does not settle on is tried once more
/// from a blank page, and fails if it does not settle then either (a history step or a reload,
/// which a blank page would change the meaning of, fails at once).
async fn navigate_settled(tab: i32, target: &NavTarget) -> Result<Done, String> {
    let mut retry = matches!(target, NavTarget::Url(_));
    loop {
        let last = match navigate_cdp(tab, target).await? {
            Done::Unsettled(last) => last,
            done => return Ok(done),
        };
        settle(tab).await;
        if !std::mem::take(&mut retry) {
            let last = if last.is_empty() { String::new() } else { format!(" (the last was {})", bounded(&clean_url(&last), 300)) };
            return Err(format!(
                "{} did not settle: the page kept sending the tab on to another address by itself{last}, each document replaced before it loaded. tabwright stopped it and left the tab on a blank page. The site may be broken, or expect something this browser profile lacks (a sign-in, a cookie).",
                doing(target)
            ));
        }
    }
}

/// Leaves a page that keeps navigating itself: its scripts are stopped, its pending loads
/// cancelled, and the tab shown a blank page before scripts run again, so nothing the page asked
/// for can replace the next document.
async fn settle(tab: i32) {
    let _ = cdp::send(tab, &cdp::SetScriptExecutionDisabled { value: true }).await;
    let _ = cdp::send(tab, &cdp::StopLoading {}).await;
    if let Ok(Some(blank)) = cdp::send(tab, &cdp::Navigate { url: "about:blank" }).await.map(|r| r.loader_id) {
        // Until the blank page is the tab's document (a navigation past its point of no return
        // when the loads were stopped may commit first).
        let deadline = js_sys::Date::now() + 2_000.0;
        loop {
            let next = cdp::wait_for(tab, LOAD_EVENTS);
            let left = deadline - js_sys::Date::now();
            if activity::main_frame(tab).current.as_deref() == Some(blank.as_str()) || left <= 0.0 {
                break;
            }
            cdp::within(next, left as i32).await;
        }
    }
    // Scripts must run again whatever else failed: a page left without them would say nothing.
    for _ in 0..3 {
        if cdp::send(tab, &cdp::SetScriptExecutionDisabled { value: false }).await.is_ok() {
            break;
        }
    }
}

/// Waits until the navigation's own document has loaded: the document of `loader` when the
/// navigation named one, else the first document the main frame commits after `before`. A
/// document that replaces the awaited one after it committed (a script's redirect) is waited
/// for in its place. Load events of other documents (the one being left, a frame's) are ignored.
/// `history`: the address of the history entry a back or forward goes to.
async fn wait_loaded(tab: i32, what: &str, before: &activity::MainFrame, loader: Option<&str>, history: Option<&str>) -> Result<Done, String> {
    let deadline = js_sys::Date::now() + f64::from(LOAD_TIMEOUT_MS);
    // When the awaited document was parsed, and the latest moment its load is waited for.
    let mut shown_until: Option<f64> = None;
    // Until when a document the page being left asked for, on its way when ours loaded, is
    // waited for.
    let mut older_until: Option<f64> = None;
    loop {
        // Registered before looking, so an event between the look and the wait is not lost.
        let next = cdp::wait_for(tab, LOAD_EVENTS);
        let now = activity::main_frame(tab);
        if history.is_some() && now.same_document > before.same_document {
            return Ok(Done::SameDocument);
        }
        let ours = loader.map(|l| activity::document(tab, l));
        // The browser's error page reloads itself now and then: one for another address than
        // the history entry gone to is not that entry's document.
        let current = now.current.as_deref().map(|l| activity::document(tab, l)).filter(|d| match (history, &d.unreachable) {
            (Some(entry), Some(unreachable)) => unreachable == entry,
            _ => true,
        });
        let awaited = match (&ours, &current) {
            (Some(ours), _) if ours.loaded => Some(ours),
            // Replaced after it committed: the page went on to another document.
            (Some(ours), Some(current)) if ours.committed && now.current.as_deref() != loader => Some(current).filter(|c| c.loaded),
            (Some(_), _) => None,
            (None, Some(current)) if now.commits > before.commits => Some(current).filter(|c| c.loaded),
            (None, _) => None,
        };
        // Replaced by a document the page being left had asked for (even after ours loaded).
        let hijacked = matches!((&ours, &current), (Some(ours), Some(current)) if ours.committed && now.current.as_deref() != loader && current.url.is_some() && current.asked_at < ours.committed_at);
        if hijacked {
            return Ok(Done::Unsettled(current.and_then(|d| d.url).unwrap_or_default()));
        }
        let now_ms = js_sys::Date::now();
        if let Some(doc) = awaited {
            // One that has its server's answer commits even after ours loaded, and is waited for
            // a moment: then the tab is the page's, not ours (hijacked, above).
            let older = ours.as_ref().is_some_and(|o| o.committed && activity::in_flight(tab, before.commits, o.committed_at, loader.unwrap_or_default()));
            if !older || now_ms >= *older_until.get_or_insert(now_ms + OLDER_MS) {
                error_page(what, doc)?;
                return Ok(Done::Loaded(doc.status.clone(), own_commit(tab, before, loader, now)));
            }
        }
        // Documents replacing each other, none loading: a loop.
        if now.commits >= before.commits + LOOP_COMMITS {
            return Ok(Done::Unsettled(current.and_then(|d| d.url).unwrap_or_default()));
        }
        // The same document, parsed: shown, with the rest of its load given a few seconds.
        // (A document that replaced ours is the one awaited; and while another is on its way
        // from a server, the one parsed is about to go.)
        let parsed = match (&ours, &current) {
            (Some(ours), Some(current)) if ours.committed && now.current.as_deref() != loader => Some(current).filter(|c| c.ready),
            (Some(ours), _) if ours.ready => Some(ours),
            (None, Some(current)) if now.commits > before.commits => Some(current).filter(|c| c.ready),
            _ => None,
        }
        .filter(|_| activity::pending_navigation(tab).is_none());
        match (parsed, shown_until) {
            (Some(doc), Some(until)) if now_ms >= until || now_ms >= deadline => {
                error_page(what, doc)?;
                return Ok(Done::Shown(doc.status.clone(), own_commit(tab, before, loader, now)));
            }
            (Some(_), None) => shown_until = Some(now_ms + AFTER_READY_MS),
            (None, Some(_)) => shown_until = None,
            _ => {}
        }
        let until = [shown_until, older_until].into_iter().flatten().fold(deadline, f64::min);
        let left = (until - now_ms).max(0.0) as i32;
        match cdp::within(next, left).await {
            Some((event, _)) if event == "detached" => return Ok(Done::Detached),
            Some(_) => {}
            // Parsed a while ago and still loading: shown as it is (looked at again above, also
            // at the deadline).
            None if shown_until.is_some() || older_until.is_some() => {}
            None => return Err(format!("{what} timed out after {} seconds. The page may be unavailable.", LOAD_TIMEOUT_MS / 1000)),
        }
    }
}

/// Where the main frame stood as the navigation's own document committed: the document of
/// `loader`, else the first one committed after `before` (`now` when neither is known).
fn own_commit(tab: i32, before: &activity::MainFrame, loader: Option<&str>, now: activity::MainFrame) -> activity::MainFrame {
    let nth = match loader {
        Some(loader) => Some(activity::document(tab, loader)).filter(|d| d.committed).map(|d| d.committed_at),
        None => Some(before.commits + 1),
    };
    nth.and_then(|nth| activity::as_committed(tab, nth)).unwrap_or(now)
}

/// A navigation that ended on the browser's own error page (a reload, back or forward to an
/// address that cannot be loaded now) failed, as one to that address does.
fn error_page(what: &str, doc: &activity::DocumentState) -> Result<(), String> {
    match doc.error.as_deref() {
        None => Ok(()),
        Some("") => Err(format!("{what} failed: the browser could not load the page, and the tab shows its error page. The page may be unavailable.")),
        Some(error) => Err(format!("{what} failed: {error}. The tab shows the browser's error page. {}", net_error_advice(error))),
    }
}

/// After an input that started a navigation of its tab to `url`: when the tab already shows the
/// browser's error page for that address, or the server's answer with an error status, Claude
/// is told, as navigate would say.
/// What is known of the tab's current main-frame document.
fn current_document(tab: i32) -> Option<activity::DocumentState> {
    activity::main_frame(tab).current.as_deref().map(|l| activity::document(tab, l))
}

/// Whether the tab's navigation to `url` has committed or failed.
pub fn ended(tab: i32, url: &str) -> bool {
    current_document(tab).is_some_and(|doc| doc.unreachable.as_deref() == Some(url) || (doc.committed && doc.url.as_deref() == Some(url)))
}

pub fn tell_if_failed(tab: i32, url: &str) {
    let Some(doc) = current_document(tab) else { return };
    if doc.unreachable.as_deref() == Some(url) {
        if let Err(failed) = error_page(&format!("The navigation to {}", bounded(&clean_url(url), 300)), &doc) {
            activity::notice(failed);
        }
    } else if doc.committed && doc.url.as_deref() == Some(url) {
        if let Some(note) = doc.status.as_ref().and_then(status_note) {
            activity::notice(note);
        }
    }
}

/// The error of a back (or forward) with no page to go to.
fn no_history(tab: i32, back: bool) -> String {
    let name = state::tab_name(tab);
    if back {
        format!("There is no earlier page in {name}'s history to go back to.")
    } else {
        format!("There is no later page in {name}'s history to go forward to.")
    }
}

/// What a navigation is called in what Claude reads of it.
fn doing(target: &NavTarget) -> String {
    match target {
        NavTarget::Url(url) => format!("Navigation to {url}"),
        NavTarget::Back => "Going back".to_string(),
        NavTarget::Forward => "Going forward".to_string(),
        NavTarget::Reload => "Reload".to_string(),
    }
}

/// Navigates a tab the debugger cannot attach to, waiting with a deadline until it has loaded.
async fn navigate_tabs_api(tab: i32, target: &NavTarget) -> Result<(), String> {
    let what = doing(target);
    let started = match target {
        NavTarget::Url(url) => chrome::tabs_update(tab, serde_json::json!({ "url": url })).await.map(|_| ()),
        NavTarget::Back => chrome::tabs_go_back(tab).await,
        NavTarget::Forward => chrome::tabs_go_forward(tab).await,
        NavTarget::Reload => chrome::tabs_reload(tab).await,
    };
    started.map_err(|e| match target {
        NavTarget::Back | NavTarget::Forward if e.0.contains("history") => no_history(tab, matches!(target, NavTarget::Back)),
        _ => format!("{what} failed: {e}"),
    })?;
    let mut waited = 0;
    while waited < LOAD_TIMEOUT_MS {
        chrome::sleep(100).await;
        waited += 100;
        let now = chrome::tabs_get(tab).await.map_err(|e| format!("The tab closed during navigation: {e}"))?;
        if now.status.as_deref() == Some("complete") && now.url.as_deref().is_some_and(|u| !u.starts_with("chrome")) {
            return Ok(());
        }
    }
    Err(format!("{what} timed out after {} seconds. The page may be unavailable.", LOAD_TIMEOUT_MS / 1000))
}

/// What a network error a navigation failed with means for Claude, and what to do.
fn net_error_advice(error: &str) -> &'static str {
    let code = error.trim_start_matches("net::");
    match code {
        "ERR_INVALID_AUTH_CREDENTIALS" | "ERR_UNEXPECTED_PROXY_AUTH" => {
            "The site asks for a user name and password in the browser's own sign-in box (HTTP authentication), which is not offered to Claude. Ask the person to open the address and sign in; the tab can then be used."
        }
        "ERR_NAME_NOT_RESOLVED" | "ERR_NAME_RESOLUTION_FAILED" => "No server has that host name: check the spelling of the address.",
        "ERR_CONNECTION_REFUSED" => "Nothing answers at that address: the server is down, or the port is wrong.",
        "ERR_CONNECTION_TIMED_OUT" | "ERR_TIMED_OUT" => "The server did not answer in time; try again later.",
        "ERR_INTERNET_DISCONNECTED" | "ERR_NETWORK_CHANGED" | "ERR_NETWORK_ACCESS_DENIED" => "The browser cannot reach the network.",
        "ERR_TOO_MANY_REDIRECTS" => "The site redirects in a loop; the page cannot be loaded as it is.",
        "ERR_CACHE_MISS" => "That page answered a form sent to its server: showing it again would send the form again.",
        c if c.starts_with("ERR_CERT_") || c.starts_with("ERR_SSL_") => {
            "The site's secure connection is not valid (its certificate or encryption), so the browser refused it. Do not try to get around this."
        }
        _ => "The page may be unavailable, or the address may be wrong.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab(title: &str, url: &str, pending: Option<&str>) -> chrome::Tab {
        serde_json::from_value(serde_json::json!({ "id": 1, "title": title, "url": url, "pendingUrl": pending })).expect("a tab")
    }

    #[test]
    fn a_read_is_current_only_when_it_shows_the_pages_own_title_and_address() {
        let page = serde_json::json!({ "shown": "shown", "title": "Two", "url": "http://a.test/two.html" });
        assert!(shows_page(&tab("Two", "http://a.test/two.html", None), &page));
        // The title the page set after the read, the address it left, a load still pending.
        assert!(!shows_page(&tab("One", "http://a.test/two.html", None), &page));
        assert!(!shows_page(&tab("Two", "http://a.test/one.html", None), &page));
        assert!(!shows_page(&tab("Two", "http://a.test/two.html", Some("http://a.test/three.html")), &page));
        // A page without a title is shown by its address, which the read cannot be checked by.
        let untitled = serde_json::json!({ "shown": "shown", "title": "", "url": "http://a.test/two.html" });
        assert!(!shows_page(&tab("a.test/two.html", "http://a.test/two.html", None), &untitled));
        assert!(!shows_page(&tab("Two", "http://a.test/two.html", None), &serde_json::json!({ "shown": "shown" })));
    }
}
