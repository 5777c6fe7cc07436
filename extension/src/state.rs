//! The registry as the core holds it, and the state report sent with every reply.

use std::cell::RefCell;

use futures::channel::oneshot;

use tabwright_protocol::wire::StateReport;
use tabwright_protocol::{StateChange, TabEntry};

use crate::chrome;
use crate::registry::{Registry, STORAGE_KEY};

thread_local! {
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::new());
    /// The registry as last saved, so an unchanged one is not written again.
    static SAVED: RefCell<Option<serde_json::Value>> = const { RefCell::new(None) };
    /// The browser's tabs (and the focused window) as last listed, kept until a tab or window
    /// event says they changed: a call finds its tab in them without listing. Titles and
    /// addresses in them can be old (see [`fresh_tabs`]).
    static TABS: RefCell<Option<(Vec<chrome::Tab>, Option<i32>)>> = const { RefCell::new(None) };
    /// How many tab and window events arrived, to tell a listing that raced one.
    static EVENTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Those waiting for the next tab or window event.
    static WAITING: RefCell<Vec<oneshot::Sender<()>>> = const { RefCell::new(Vec::new()) };
    /// How many listings of the tabs were begun: each has its number, in the order begun.
    static BEGUN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The number of the newest listing kept, to tell a listing that a newer one overtook.
    static KEPT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The number the next report's listing must have at least: that of the running call's
    /// first listing (begun as the call began), so its report lists none again.
    static FROM: std::cell::Cell<u64> = const { std::cell::Cell::new(1) };
    /// How many listings are under way.
    static LISTING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// By tab, the title and address a page answered with that the browser never came to show.
    static UNSHOWN: RefCell<std::collections::HashMap<i32, (String, String)>> = RefCell::new(std::collections::HashMap::new());
}

/// A tab or window event (or a tab member's own patch) happened: counted, and told to whoever
/// waits for one.
fn heard() {
    EVENTS.with(|e| e.set(e.get() + 1));
    wake();
}

/// Tells whoever waits in [`until_heard`] to look again.
fn wake() {
    for waiting in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
        let _ = waiting.send(());
    }
}

/// Waits until `done` holds, looking again after each tab or window event.
pub async fn until_heard(done: &dyn Fn() -> bool) {
    loop {
        let (tx, rx) = oneshot::channel();
        WAITING.with(|w| w.borrow_mut().push(tx));
        if done() {
            return;
        }
        let _ = rx.await;
    }
}

/// A tab or window changed (created, removed, activated, moved, focused): the next inventory
/// lists the tabs again.
pub fn tabs_changed() {
    heard();
    TABS.with(|t| *t.borrow_mut() = None);
}

/// Patches the kept inventory with a change known exactly (a tab event, or a tab member's own
/// answer), so the next report needs no listing. A listing under way is not kept.
fn patch(f: impl FnOnce(&mut Vec<chrome::Tab>) -> bool) {
    heard();
    TABS.with(|t| {
        let mut t = t.borrow_mut();
        let keep = t.as_mut().is_some_and(|(tabs, _)| f(tabs));
        if !keep {
            *t = None;
        }
    });
}

/// A tab closed.
pub fn tab_removed(tab: i32) {
    patch(|tabs| {
        tabs.retain(|t| t.id != Some(tab));
        true
    });
}

/// A tab became the active one of its window (a tab the inventory does not hold means listing).
pub fn tab_activated(tab: i32) {
    patch(|tabs| {
        let Some(window) = tabs.iter().find(|t| t.id == Some(tab)).map(|t| t.window_id) else { return false };
        for t in tabs.iter_mut().filter(|t| t.window_id == window) {
            t.active = t.id == Some(tab);
        }
        true
    });
}

/// A tab the inventory holds, as the browser describes it now (a call's own read of it).
pub fn tab_updated(tab: chrome::Tab) {
    let Some(id) = tab.id else { return };
    patch(|tabs| match tabs.iter_mut().find(|t| t.id == Some(id)) {
        Some(held) if held.window_id == tab.window_id && held.active == tab.active => {
            *held = tab;
            true
        }
        _ => false,
    });
}

/// A tab opened (as the browser describes it now), active in its window.
pub fn tab_opened(tab: chrome::Tab) {
    let Some(id) = tab.id else { return };
    patch(|tabs| {
        // Another window than the ones held changes which window has focus: listed again.
        if !tabs.iter().any(|t| t.window_id == tab.window_id) {
            return false;
        }
        tabs.retain(|t| t.id != Some(id));
        tabs.push(tab);
        true
    });
    tab_activated(id);
}

/// Whether every window the kept inventory holds has its active tab (after an active tab
/// closed, the browser's choice of the next one may not have been heard yet).
pub fn active_known() -> bool {
    TABS.with(|t| {
        t.borrow().as_ref().is_some_and(|(tabs, _)| tabs.iter().all(|a| tabs.iter().any(|b| b.window_id == a.window_id && b.active)))
    })
}

/// Whether the kept inventory shows another tab in `tab`'s window (false when it is not kept).
pub fn has_window_mates(tab: i32) -> bool {
    TABS.with(|t| {
        t.borrow().as_ref().is_some_and(|(tabs, _)| {
            let window = tabs.iter().find(|t| t.id == Some(tab)).map(|t| t.window_id);
            window.is_some_and(|w| tabs.iter().any(|t| t.window_id == w && t.id != Some(tab)))
        })
    })
}

/// Whether the inventory holds `tab` as the active tab of its window.
pub async fn is_active(tab: i32) -> bool {
    let _ = current_tabs().await;
    TABS.with(|t| t.borrow().as_ref().is_none_or(|(tabs, _)| tabs.iter().any(|t| t.id == Some(tab) && t.active)))
}

/// Whether a left_mouse_down holds the left button in `tab`.
pub fn held_button(tab: i32) -> bool {
    REGISTRY.with(|r| r.borrow().held.contains(&tab))
}

/// Holds the left button in `tab`, or lets it go (and persists that).
pub fn hold_button(tab: i32, down: bool) {
    if held_button(tab) != down {
        with_registry(|r| {
            r.held.retain(|t| *t != tab);
            if down {
                r.held.push(tab);
            }
        });
    }
}

/// Runs `f` on the registry and persists it when it changed.
pub fn with_registry<T>(f: impl FnOnce(&mut Registry) -> T) -> T {
    let (out, snapshot) = REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        let out = f(&mut r);
        (out, serde_json::to_value(&*r).ok())
    });
    let snapshot = snapshot.filter(|s| SAVED.with(|saved| saved.borrow().as_ref() != Some(s)));
    if let Some(snapshot) = snapshot {
        SAVED.with(|saved| *saved.borrow_mut() = Some(snapshot.clone()));
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = chrome::storage_set(STORAGE_KEY, &snapshot).await {
                chrome::log(&format!("tabwright: could not save the tab registry: {e}"));
            }
        });
    }
    out
}

/// Restores the registry a previous service worker saved, so tab_ids are not renumbered.
pub async fn load() {
    let saved = match chrome::storage_get(STORAGE_KEY).await {
        Ok(Some(value)) => serde_json::from_value::<Registry>(value).ok(),
        _ => None,
    };
    if let Ok(Some(next)) = chrome::storage_get(REFS_KEY).await {
        if let Some(next) = next.as_u64() {
            crate::refs::restore(next);
        }
    }
    if let Some(mut registry) = saved {
        // A call that was running when the worker stopped is over.
        registry.end_call();
        REGISTRY.with(|r| *r.borrow_mut() = registry);
    }
}

/// The full tab inventory now.
pub async fn current_tabs() -> Result<Vec<TabEntry>, String> {
    let mark = REGISTRY.with(|r| r.borrow().mark());
    let (tabs, focused) = match TABS.with(|t| t.borrow().clone()) {
        Some(listed) => listed,
        None => {
            let begun = begin();
            let listed = list_tabs().await?;
            keep(&listed, begun);
            listed
        }
    };
    Ok(with_registry(|r| r.inventory(&tabs, focused, mark)))
}

/// The tab as the kept inventory holds it (None when it is not kept).
pub fn held(tab: i32) -> Option<chrome::Tab> {
    TABS.with(|t| t.borrow().as_ref().and_then(|(tabs, _)| tabs.iter().find(|t| t.id == Some(tab)).cloned()))
}

/// Whether the kept inventory already shows `tab` with this title and address (a page without a
/// title of its own is shown by its address).
pub fn shows(tab: i32, title: &str, url: &str) -> bool {
    TABS.with(|t| t.borrow().as_ref().is_some_and(|(tabs, _)| tabs.iter().any(|t| t.id == Some(tab) && tab_shows(t, title, url))))
}

/// Whether a tab as the browser described it shows this title and address, with no navigation
/// pending (a page without a title of its own is shown by its address).
pub fn tab_shows(t: &chrome::Tab, title: &str, url: &str) -> bool {
    // The browser keeps the first 4,096 UTF-16 units of a title, without the white space at its
    // ends (a page's own title drops only ASCII white space there).
    let same_title = || {
        let mut units = 0;
        let end = title.char_indices().find(|&(_, c)| {
            units += c.len_utf16();
            units > MAX_TITLE_UNITS
        });
        let kept = &title[..end.map_or(title.len(), |(at, _)| at)];
        t.title.as_deref().is_some_and(|shown| shown == kept.trim())
    };
    t.url.as_deref() == Some(url) && t.pending_url.is_none() && (title.is_empty() || same_title())
}

/// How much of a page's title the browser keeps for its tab.
const MAX_TITLE_UNITS: usize = 4096;

/// Whether the kept inventory shows `tab` leaving its page (a navigation under way).
pub fn leaving(tab: i32) -> bool {
    TABS.with(|t| t.borrow().as_ref().is_some_and(|(tabs, _)| tabs.iter().any(|t| t.id == Some(tab) && t.pending_url.is_some())))
}

/// [`shows`], for a page's own answer `{title, url}` (what a call read in the page after acting).
pub fn shows_answer(tab: i32, answer: &serde_json::Value) -> bool {
    matches!((answer["title"].as_str(), answer["url"].as_str()), (Some(title), Some(url)) if shows(tab, title, url))
}

/// Lists the tabs again now, and keeps the listing ([`keep`]). A call lists them as it begins,
/// alongside its work, and again after it acted: its report takes the newest listing kept. The
/// listing counts as under way from this call on, before its future is first polled.
pub fn relist() -> impl std::future::Future<Output = ()> {
    let begun = begin();
    let listing = Listing::begin();
    async move {
        if let Ok(listed) = list_tabs().await {
            keep(&listed, begun);
        }
        drop(listing);
    }
}

/// A call begins: its report takes a listing begun from now on, and the first is begun now
/// (unless `list` is false: a member that changes the tab strip at once, whose listing would
/// wait for the change and then be of no use).
pub fn call_begins(list: bool) -> impl std::future::Future<Output = ()> {
    FROM.with(|f| f.set(BEGUN.with(|b| b.get()) + 1));
    let listing = list.then(relist);
    async move {
        if let Some(listing) = listing {
            listing.await;
        }
    }
}

/// A listing begins: the tab events heard so far, and its number.
fn begin() -> (u64, u64) {
    let seq = BEGUN.with(|b| b.get()) + 1;
    BEGUN.with(|b| b.set(seq));
    (EVENTS.with(|e| e.get()), seq)
}

/// A listing under way, counted in `LISTING` until it ends (or is dropped unfinished).
struct Listing;

impl Listing {
    fn begin() -> Listing {
        LISTING.with(|l| l.set(l.get() + 1));
        Listing
    }
}

impl Drop for Listing {
    fn drop(&mut self) {
        LISTING.with(|l| l.set(l.get() - 1));
        wake();
    }
}

/// Keeps a listing `begun` (the tab events heard then, and its number), unless an event arrived
/// meanwhile (the listing may be older than what it told) or a listing begun after it was kept
/// (that one is newer).
fn keep(listed: &(Vec<chrome::Tab>, Option<i32>), (events, seq): (u64, u64)) {
    if EVENTS.with(|e| e.get()) == events && KEPT.with(|k| k.get()) < seq {
        KEPT.with(|k| k.set(seq));
        TABS.with(|t| *t.borrow_mut() = Some(listed.clone()));
    }
}

/// The inventory as a reply reports it: listed as the call began or after it acted, or now. A
/// tab's title and address are never kept from one call to the next, since no event says they
/// changed (the browser's word of every title change is left unheard: a page that retitles
/// itself a thousand times a second would flood the browser with them, and take the session
/// down).
pub async fn fresh_tabs() -> Result<Vec<TabEntry>, String> {
    // A call that ends before the listing it began with waits for it (a moment at most),
    // rather than listing the tabs once more.
    let fresh = || KEPT.with(|k| k.get()) >= FROM.with(|f| f.get());
    let heard = || fresh() || LISTING.with(|l| l.get()) == 0;
    let listed = until_heard(&heard);
    futures::future::select(Box::pin(listed), Box::pin(chrome::sleep(LISTING_WAIT_MS))).await;
    if !fresh() {
        relist().await;
    }
    // (The next report needs a listing begun after this one.)
    FROM.with(|f| f.set(BEGUN.with(|b| b.get()) + 1));
    current_tabs().await
}

/// How long a report waits for a listing under way before it lists the tabs itself.
const LISTING_WAIT_MS: i32 = 250;

/// The tab once the browser shows the title and address its page answered with: the page tells
/// the browser of those on another channel than its answers, so a read right behind an answer
/// can still have the old ones. The tab is read again every few milliseconds for a little while
/// (once per title and address the browser never comes to show as the page answers them), and
/// the kept inventory takes the newest read.
pub async fn until_shown(tab: i32, title: &str, url: &str) -> Result<chrome::Tab, chrome::ChromeError> {
    let answered = (title.to_string(), url.to_string());
    let waited = UNSHOWN.with(|u| u.borrow().get(&tab) == Some(&answered));
    let until = js_sys::Date::now() + if waited { 0.0 } else { BROWSER_TOLD_MS };
    let read = read_until(tab, until, BROWSER_TOLD_POLL_MS, &|read| tab_shows(read, title, url) || read.pending_url.is_some()).await?;
    if !waited && read.pending_url.is_none() && !tab_shows(&read, title, url) {
        UNSHOWN.with(|u| u.borrow_mut().insert(tab, answered));
    }
    Ok(read)
}

/// Reads the tab every `poll` ms until a read is `done` or the time is `until`; the kept
/// inventory takes the last read.
async fn read_until(tab: i32, until: f64, poll: i32, done: &dyn Fn(&chrome::Tab) -> bool) -> Result<chrome::Tab, chrome::ChromeError> {
    loop {
        let read = chrome::tabs_get(tab).await?;
        if done(&read) || js_sys::Date::now() >= until {
            tab_updated(read.clone());
            return Ok(read);
        }
        chrome::sleep(poll).await;
    }
}

/// Once the browser lists the tab at `address` (without its fragment), the address its main
/// frame committed during a call: the browser updates the tab a moment after the page's commit
/// is heard, later on a busy machine. The tab is read again for a little while.
pub async fn until_listed_at(tab: i32, address: &str) {
    let at = |t: &chrome::Tab| t.url.as_deref().is_some_and(|u| u.split('#').next() == Some(address));
    if held(tab).is_some_and(|t| at(&t)) {
        return;
    }
    let _ = read_until(tab, js_sys::Date::now() + COMMIT_LISTED_MS, COMMIT_LISTED_POLL_MS, &at).await;
}

/// How long the browser is given to list a tab at the address its page committed.
const COMMIT_LISTED_MS: f64 = 500.0;
const COMMIT_LISTED_POLL_MS: i32 = 16;

/// How long a read that lacks the title or address the page answered with is repeated (the
/// browser takes them within a millisecond or two, later on a loaded machine).
const BROWSER_TOLD_MS: f64 = 50.0;
const BROWSER_TOLD_POLL_MS: i32 = 4;

/// The window that has focus, as the tab inventory knows it (None when unknown).
pub async fn focused_window() -> Option<i32> {
    current_tabs().await.ok()?;
    TABS.with(|t| t.borrow().as_ref().and_then(|(_, focused)| *focused))
}

async fn list_tabs() -> Result<(Vec<chrome::Tab>, Option<i32>), String> {
    let mut tabs = chrome::tabs_query(serde_json::json!({})).await.map_err(|e| format!("Could not list the browser's tabs: {e}"))?;
    // This extension's own windows (the approval window) are the person's, never Claude's.
    tabs.retain(|t| !crate::confirm::is_own_page(&t.address()));
    // Which window has focus only matters when there is more than one.
    let one_window = tabs.windows(2).all(|w| w[0].window_id == w[1].window_id);
    let focused = if one_window { tabs.first().map(|t| t.window_id) } else { chrome::last_focused_window().await };
    Ok((tabs, focused))
}

/// The state report for a reply: the inventory plus the tabs the call opened.
pub async fn report() -> Result<StateReport, String> {
    let tabs = fresh_tabs().await?;
    let opened = with_registry(|r| r.end_call());
    let mut changes: Vec<StateChange> = opened.into_iter().map(|tab_id| StateChange::TabOpened { tab_id }).collect();
    changes.extend(crate::downloads::take_changes());
    Ok(StateReport { tabs, changes, notices: crate::activity::take_notices() })
}

/// The Chrome tab a call acts on: the one its tab_id names, else the active tab.
pub async fn resolve_tab(tab_id: Option<&str>) -> Result<i32, String> {
    current_tabs().await?;
    REGISTRY.with(|r| {
        let r = r.borrow();
        match tab_id {
            Some(id) => r.resolve(id).ok_or_else(|| format!("No open tab has tab_id {id}. Call list_tabs to see the open tabs.")),
            None => r.active().ok_or_else(|| "No tab is open. Call new_tab to open one.".to_string()),
        }
    })
}

/// The tab_id of a Chrome tab, for messages.
pub fn tab_name(chrome_id: i32) -> String {
    REGISTRY.with(|r| r.borrow().tab_id_of(chrome_id)).unwrap_or_else(|| format!("tab {chrome_id}"))
}

/// The storage key of the ref counter.
const REFS_KEY: &str = "tabwright.next_ref";

/// Persists the ref counter, so a restarted worker never hands a number out twice.
pub fn save_refs(next: u64) {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = chrome::storage_set(REFS_KEY, &serde_json::json!(next)).await;
    });
}

/// The tab_id of an open Chrome tab.
pub fn tab_id_of(chrome_id: i32) -> Option<String> {
    REGISTRY.with(|r| r.borrow().tab_id_of(chrome_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab(title: &str) -> chrome::Tab {
        serde_json::from_value(serde_json::json!({"id": 1, "title": title, "url": "http://a.test/"})).unwrap()
    }

    #[test]
    fn a_tab_shows_a_title_as_the_browser_keeps_it() {
        let url = "http://a.test/";
        assert!(tab_shows(&tab("Hi"), "\u{a0}Hi\u{3000}", url));
        assert!(!tab_shows(&tab("Hi"), "Ho", url));
        assert!(tab_shows(&tab("Hi"), "", url), "a page without a title is shown by its address");
        assert!(!tab_shows(&tab("Hi"), "Hi", "http://b.test/"));
        let long = format!("{}{}", "é".repeat(10), "😀".repeat(2100));
        let kept = format!("{}{}", "é".repeat(10), "😀".repeat(2043));
        assert!(tab_shows(&tab(&kept), &long, url));
        assert!(!tab_shows(&tab(&long), &long, url));
    }
}
