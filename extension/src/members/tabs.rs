//! new_tab, switch_tab, close_tab.

use futures::future::{select, Either};
use tabwright_protocol::wire::Outcome;

use crate::{chrome, state};

pub async fn new_tab() -> Result<Outcome, String> {
    let focused = state::focused_window().await;
    let tab = match chrome::tabs_create(serde_json::json!({"url": "about:blank", "active": true})).await {
        Ok(tab) => tab,
        // With every window closed there is no window to open a tab in.
        Err(e) if e.0.to_ascii_lowercase().contains("window") => {
            chrome::windows_create("about:blank").await.map_err(|e| format!("Could not open a new tab: {e}"))?
        }
        Err(e) => return Err(format!("Could not open a new tab: {e}")),
    };
    let id = tab.id.ok_or("The browser opened a tab but gave it no id.")?;
    focus(tab.window_id, focused).await;
    // Reported once its blank page has committed (with the title the browser gives it), within
    // a second.
    let committed = |t: &chrome::Tab| t.status.as_deref() == Some("complete") && !t.title.as_deref().unwrap_or_default().is_empty();
    let now = until(id, js_sys::Date::now() + 1_000.0, 5, committed).await.unwrap_or(tab);
    state::tab_opened(now);
    let tab_id = state::with_registry(|r| {
        let tab_id = r.register(id);
        r.set_active(id);
        tab_id
    });
    Ok(Outcome::Tab { tab_id })
}

pub async fn switch_tab(tab_id: &str) -> Result<Outcome, String> {
    let id = state::resolve_tab(Some(tab_id)).await?;
    let focused = state::focused_window().await;
    let tab = chrome::tabs_update(id, serde_json::json!({"active": true}))
        .await
        .map_err(|e| format!("Could not switch to {tab_id}: {e}"))?;
    focus(tab.window_id, focused).await;
    state::tab_activated(id);
    state::with_registry(|r| r.set_active(id));
    Ok(Outcome::Tab { tab_id: tab_id.to_string() })
}

pub async fn close_tab(tab_id: &str) -> Result<Outcome, String> {
    let id = state::resolve_tab(Some(tab_id)).await?;
    if state::current_tabs().await?.len() <= 1 {
        return Err(format!(
            "{tab_id} is the last open tab, and closing it would close the browser. Open another tab with new_tab first."
        ));
    }
    let was_active = state::is_active(id).await;
    // Done once the browser says the tab is gone and, for the active tab, which tab took its
    // place: the removal's own answer can come several milliseconds after those events. The
    // last tab of a window closes the window, and which window then has focus is only known
    // from the browser's later events: that removal is waited for, and the tabs listed again.
    let closes_window = !state::has_window_mates(id);
    let gone = || !closes_window && state::tab_id_of(id).is_none() && (!was_active || state::active_known());
    let heard = state::until_heard(&gone);
    if let Either::Left((Err(e), _)) = select(Box::pin(chrome::tabs_remove(id)), Box::pin(heard)).await {
        return Err(format!("Could not close {tab_id}: {e}"));
    }
    state::tab_removed(id);
    if closes_window || (was_active && !state::active_known()) {
        // The browser picks the tab that becomes active (and the window that gets focus): unless
        // its events said which, the tabs are listed again.
        state::tabs_changed();
    }
    state::with_registry(|r| r.remove(id));
    Ok(Outcome::Tabs)
}

/// Brings a tab's window to the front, unless it had focus before the call acted.
async fn focus(window: i32, focused: Option<i32>) {
    if focused != Some(window) {
        let _ = chrome::windows_focus(window).await;
    }
}

/// Whether the browser says the tab has loaded.
pub(super) fn loaded(t: &chrome::Tab) -> bool {
    t.status.as_deref() == Some("complete")
}

/// Looks at a tab every `every_ms` until `ready` says so or `deadline` (a `Date.now()` time)
/// passes, or the tab can no longer be read; the tab as last seen.
pub(super) async fn until(tab: i32, deadline: f64, every_ms: i32, ready: impl Fn(&chrome::Tab) -> bool) -> Option<chrome::Tab> {
    let mut seen = None;
    while js_sys::Date::now() < deadline {
        let Ok(t) = chrome::tabs_get(tab).await else { break };
        let done = ready(&t);
        seen = Some(t);
        if done {
            break;
        }
        chrome::sleep(every_ms).await;
    }
    seen
}
