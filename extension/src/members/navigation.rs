//! navigate and screenshot.

use tabwright_protocol::input::Navigate;
use tabwright_protocol::navigation::{parse_target, NavTarget};
use tabwright_protocol::wire::Outcome;

use crate::cdp::{self, CdpError};
use crate::{chrome, state};

/// How long a navigation may take to load, in milliseconds.
const LOAD_TIMEOUT_MS: i32 = 30_000;

fn attach_error(tab: i32, e: CdpError) -> String {
    let name = state::tab_name(tab);
    let text = e.to_string();
    if text.contains("chrome://") || text.contains("Cannot access") || text.contains("Cannot attach") {
        format!("{name} shows a browser page that extensions cannot control ({text}). Navigate it to an http(s) page first, or use another tab.")
    } else {
        format!("Could not control {name}: {text}")
    }
}

pub async fn navigate(input: &Navigate) -> Result<Outcome, String> {
    let target = parse_target(&input.url)?;
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let note = match cdp::ensure_attached(tab).await {
        Ok(()) => navigate_cdp(tab, &target).await?,
        Err(e) => match &target {
            // A browser page (chrome://newtab, say) cannot be debugged, but it can be sent elsewhere.
            NavTarget::Url(url) => {
                navigate_tabs_api(tab, url).await?;
                None
            }
            _ => return Err(attach_error(tab, e)),
        },
    };
    let tab = chrome::tabs_get(tab).await.map_err(|e| format!("The tab closed during navigation: {e}"))?;
    Ok(Outcome::Navigated { url: tab.address(), title: tab.title.clone(), status: None, note })
}

const LOAD_EVENTS: &[&str] = &["Page.loadEventFired", "Page.navigatedWithinDocument"];
const HISTORY_EVENTS: &[&str] = &["Page.loadEventFired", "Page.navigatedWithinDocument", "Page.frameStoppedLoading"];

/// Waits briefly for chrome.downloads to announce a download.
async fn download_started() -> bool {
    for _ in 0..20 {
        if crate::activity::download_pending() {
            return true;
        }
        chrome::sleep(50).await;
    }
    false
}

/// Navigates with CDP; `Some(note)` when the navigation did something other than load a page.
async fn navigate_cdp(tab: i32, target: &NavTarget) -> Result<Option<String>, String> {
    let describe = |url: &str| format!("Navigation to {url}");
    let cdp_err = |e: CdpError| e.to_string();
    let (what, loaded) = match target {
        NavTarget::Url(url) => {
            let loaded = cdp::wait_for(tab, LOAD_EVENTS);
            let response = cdp::send(tab, &cdp::Navigate { url }).await.map_err(cdp_err)?;
            if let Some(error) = response.error_text.filter(|e| !e.is_empty()) {
                // An address that serves a file starts a download and loads no page.
                if error.contains("ERR_ABORTED") && download_started().await {
                    return Ok(Some(format!("{url} started a download instead of loading a page; the tab stays where it was.")));
                }
                if error.contains("ERR_BLOCKED_BY_CLIENT") {
                    return Err(format!(
                        "{} was refused: the browsing policy does not allow that site (after any redirects). The tab shows a blank error page.",
                        describe(url)
                    ));
                }
                return Err(format!("{} failed: {error}. The page may be unavailable, or the address may be wrong.", describe(url)));
            }
            if response.loader_id.is_none() {
                return Ok(None); // a same-document navigation: nothing to load
            }
            (describe(url), loaded)
        }
        NavTarget::Reload => {
            let loaded = cdp::wait_for(tab, LOAD_EVENTS);
            cdp::send(tab, &cdp::Reload { ignore_cache: false }).await.map_err(cdp_err)?;
            ("Reload".to_string(), loaded)
        }
        NavTarget::Back | NavTarget::Forward => {
            let history = cdp::send(tab, &cdp::GetNavigationHistory {}).await.map_err(cdp_err)?;
            let back = matches!(target, NavTarget::Back);
            let index = history.current_index + if back { -1 } else { 1 };
            let entry = usize::try_from(index).ok().and_then(|i| history.entries.get(i)).ok_or_else(|| {
                let name = state::tab_name(tab);
                if back {
                    format!("There is no earlier page in {name}'s history to go back to.")
                } else {
                    format!("There is no later page in {name}'s history to go forward to.")
                }
            })?;
            let loaded = cdp::wait_for(tab, HISTORY_EVENTS);
            cdp::send(tab, &cdp::NavigateToHistoryEntry { entry_id: entry.id }).await.map_err(cdp_err)?;
            (describe(&tabwright_protocol::sanitize::url(&entry.url)), loaded)
        }
    };
    match cdp::within(loaded, LOAD_TIMEOUT_MS).await {
        Some((event, _)) if event == "detached" => Err(format!("{what} was interrupted: the tab closed or the debugger detached.")),
        Some(_) => Ok(None),
        None => Err(format!("{what} timed out after {} seconds. The page may be unavailable.", LOAD_TIMEOUT_MS / 1000)),
    }
}

/// Navigates a tab the debugger cannot attach to, waiting with a deadline until it has loaded.
async fn navigate_tabs_api(tab: i32, url: &str) -> Result<(), String> {
    chrome::tabs_update(tab, serde_json::json!({ "url": url })).await.map_err(|e| format!("Navigation to {url} failed: {e}"))?;
    let mut waited = 0;
    while waited < LOAD_TIMEOUT_MS {
        chrome::sleep(100).await;
        waited += 100;
        let now = chrome::tabs_get(tab).await.map_err(|e| format!("The tab closed during navigation: {e}"))?;
        if now.status.as_deref() == Some("complete") && now.url.as_deref().is_some_and(|u| !u.starts_with("chrome")) {
            return Ok(());
        }
    }
    Err(format!("Navigation to {url} timed out after {} seconds. The page may be unavailable.", LOAD_TIMEOUT_MS / 1000))
}
