//! The tab registry: tab_id (`tab-1`, `tab-2`, …) ↔ Chrome tab id. IDs are never reused, and
//! the registry survives a service-worker restart through chrome.storage.session.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tabwright_protocol::TabEntry;

use crate::chrome::Tab;

/// The registry's persisted form.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Registry {
    /// The number the next tab gets.
    next: u64,
    /// Chrome tab id → our number, for open tabs.
    tabs: BTreeMap<i32, u64>,
    /// The tab actions without a tab_id apply to.
    active: Option<i32>,
    /// Tabs opened while a call ran, not yet reported.
    #[serde(default)]
    opened: Vec<u64>,
    /// Tabs whose left mouse button a left_mouse_down holds (kept across a worker's restart: the
    /// browser still holds it).
    #[serde(default)]
    pub held: Vec<i32>,
    /// The tab Claude last saw its calls work in: the one its last successful call ran on, the
    /// one a tab member left active, or a tab a call opened and left active.
    #[serde(default)]
    shown: Option<i32>,
    /// The number of that tab when it closed since (the page closed itself, or the person
    /// closed it) and Claude has not chosen a tab since.
    #[serde(default)]
    shown_closed: Option<u64>,
    /// Whether a member call is running. Not saved: a worker that starts again runs no call (the
    /// bridge cut off the one in flight), and saving it would write to storage twice a call.
    #[serde(skip)]
    in_call: bool,
    /// A tab other than its own that the call's input loaded a page in (a link whose target
    /// names that tab's window).
    #[serde(skip)]
    navigated: Option<i32>,
    /// Counts registrations and removals, so a snapshot of the open tabs can tell which of them
    /// happened after it was taken.
    #[serde(skip)]
    epoch: u64,
    /// The latest registrations and removals, newest last: (epoch, Chrome tab id, registered).
    #[serde(skip)]
    recent: std::collections::VecDeque<(u64, i32, bool)>,
}

/// How many registrations and removals are remembered for snapshots still being taken.
const RECENT: usize = 64;

/// Equal when what is persisted is equal.
impl PartialEq for Registry {
    fn eq(&self, other: &Self) -> bool {
        (self.next, &self.tabs, self.active, &self.opened, self.shown, self.shown_closed, &self.held) == (other.next, &other.tabs, other.active, &other.opened, other.shown, other.shown_closed, &other.held)
    }
}

/// The storage key the registry lives under.
pub const STORAGE_KEY: &str = "tabwright.registry";

fn tab_id(n: u64) -> String {
    format!("tab-{n}")
}

impl Registry {
    pub fn new() -> Self {
        Registry { next: 1, ..Default::default() }
    }

    /// The tab_id of a Chrome tab, registering it when it is new.
    pub fn register(&mut self, chrome_id: i32) -> String {
        if let Some(n) = self.tabs.get(&chrome_id) {
            return tab_id(*n);
        }
        let n = self.next.max(1);
        self.next = n + 1;
        self.tabs.insert(chrome_id, n);
        self.note(chrome_id, true);
        if self.in_call {
            self.opened.push(n);
        }
        tab_id(n)
    }

    pub fn remove(&mut self, chrome_id: i32) {
        if let Some(n) = self.tabs.remove(&chrome_id) {
            self.opened.retain(|o| *o != n);
            if self.shown == Some(chrome_id) {
                self.shown = None;
                self.shown_closed = Some(n);
            }
        }
        self.note(chrome_id, false);
        if self.active == Some(chrome_id) {
            self.active = None;
        }
    }

    pub fn set_active(&mut self, chrome_id: i32) {
        self.register(chrome_id);
        self.active = Some(chrome_id);
    }

    pub fn active(&self) -> Option<i32> {
        self.active
    }

    /// The Chrome tab a tab_id names, if it is open.
    pub fn resolve(&self, id: &str) -> Option<i32> {
        let n: u64 = id.strip_prefix("tab-")?.parse().ok()?;
        // Only the id as it is handed out ("tab-01" and "tab-+1" name no tab).
        if tab_id(n) != id {
            return None;
        }
        self.tabs.iter().find(|(_, v)| **v == n).map(|(k, _)| *k)
    }

    pub fn tab_id_of(&self, chrome_id: i32) -> Option<String> {
        self.tabs.get(&chrome_id).map(|n| tab_id(*n))
    }

    pub fn begin_call(&mut self) {
        self.in_call = true;
        self.navigated = None;
    }

    /// The call's input loaded a page in another tab than its own.
    pub fn navigated_by_call(&mut self, chrome_id: i32) {
        self.navigated = Some(chrome_id);
    }

    /// The Chrome ids of the tabs opened during the call in progress.
    pub fn opened_during_call(&self) -> Vec<i32> {
        self.tabs.iter().filter(|(_, n)| self.opened.contains(n)).map(|(chrome_id, _)| *chrome_id).collect()
    }

    /// A call succeeded: Claude now works in the tab it opened (or loaded a page in) and left
    /// active, else in the
    /// active one after a tab member, else in the active tab when the call named it by its
    /// tab_id (`named`), else, when no switch behind its back is pending, in the tab the call
    /// ran on without naming one (`unnamed`; None for a wait). A call that names a tab in the
    /// background, or acts without naming one after such a switch, leaves it as it was: only
    /// Claude's choice (a tab_id, a tab member) settles a switch.
    pub fn shown_after(&mut self, tab_member: bool, named: Option<i32>, unnamed: Option<i32>) {
        let opened_active = self.active.filter(|a| self.navigated == Some(*a) || self.tabs.get(a).is_some_and(|n| self.opened.contains(n)));
        let after = match (tab_member, named) {
            (true, _) => self.active,
            (false, Some(tab)) => Some(tab).filter(|t| Some(*t) == self.active),
            (false, None) => unnamed.filter(|_| self.switched_behind().is_none() && self.shown_closed.is_none()),
        };
        // (A tab that closed during the call is where Claude worked no longer.)
        let after = opened_active.or(after).filter(|t| self.tabs.contains_key(t));
        // Naming a tab chooses one, wherever it is, after the tab Claude worked in closed.
        if after.is_some() || tab_member || named.is_some() {
            self.shown_closed = None;
        }
        self.shown = after.or(self.shown);
    }

    /// The tab_id of the tab Claude last saw its calls work in, when it closed since (the page
    /// closed itself, or the person closed it) and Claude has not chosen a tab since: input
    /// without a tab_id would go to whatever tab the browser shows now.
    pub fn closed_behind(&self) -> Option<String> {
        self.shown_closed.filter(|_| self.active.is_some()).map(tab_id)
    }

    /// The tab Claude last saw its calls work in, when it is open and not the active one: the
    /// browser switched tabs since, and not by Claude's calls (a page focused another of its
    /// windows, or the person switched).
    pub fn switched_behind(&self) -> Option<i32> {
        self.shown.filter(|s| self.active.is_some_and(|a| a != *s) && self.tabs.contains_key(s))
    }

    /// Ends a call, returning the tab_ids it opened that are still open.
    pub fn end_call(&mut self) -> Vec<String> {
        self.in_call = false;
        std::mem::take(&mut self.opened).into_iter().map(tab_id).collect()
    }

    fn note(&mut self, chrome_id: i32, registered: bool) {
        self.epoch += 1;
        self.recent.push_back((self.epoch, chrome_id, registered));
        while self.recent.len() > RECENT {
            self.recent.pop_front();
        }
    }

    /// Marks the moment a snapshot of the open tabs is asked for; pass it to [`Self::inventory`].
    pub fn mark(&self) -> u64 {
        self.epoch
    }

    /// What happened to `chrome_id` after `mark`: Some(true) registered, Some(false) removed.
    fn since(&self, mark: u64, chrome_id: i32) -> Option<bool> {
        self.recent.iter().rev().take_while(|(e, _, _)| *e > mark).find(|(_, id, _)| *id == chrome_id).map(|(_, _, registered)| *registered)
    }

    /// Forgets tabs that are no longer open, so the registry matches `open`; a tab registered
    /// after the snapshot (`mark`) was taken is kept, as the snapshot cannot know it.
    pub fn retain_open(&mut self, open: &[i32], mark: u64) {
        let newer: Vec<i32> = self.tabs.keys().copied().filter(|id| !open.contains(id) && self.since(mark, *id) == Some(true)).collect();
        self.tabs.retain(|k, _| open.contains(k) || newer.contains(k));
        if self.active.is_some_and(|a| !self.tabs.contains_key(&a)) {
            self.active = None;
        }
    }

    /// The full inventory in tab_id order, with exactly one active entry when non-empty.
    ///
    /// `tabs` is every open tab as Chrome reported it in a snapshot asked for at `mark` (what
    /// [`Self::mark`] said then); `focused_window` the last focused window. Tabs opened or
    /// closed while the snapshot was taken keep what those events made of them: a new tab is not
    /// dropped (and numbered again later), a closed one is not brought back.
    pub fn inventory(&mut self, tabs: &[Tab], focused_window: Option<i32>, mark: u64) -> Vec<TabEntry> {
        let tabs: Vec<&Tab> = tabs.iter().filter(|t| t.id.is_none_or(|id| self.since(mark, id) != Some(false))).collect();
        let open: Vec<i32> = tabs.iter().filter_map(|t| t.id).collect();
        self.retain_open(&open, mark);
        let mut rows: Vec<(u64, &Tab)> = Vec::new();
        for tab in tabs.iter().copied() {
            let Some(id) = tab.id else { continue };
            self.register(id);
            if let Some(n) = self.tabs.get(&id) {
                rows.push((*n, tab));
            }
        }
        rows.sort_by_key(|(n, _)| *n);
        let active = self.pick_active(&tabs, focused_window);
        self.active = active;
        rows.into_iter()
            .map(|(n, tab)| TabEntry {
                tab_id: tab_id(n),
                title: own_title(tab),
                url: tab.address(),
                active: tab.id == active,
            })
            .collect()
    }

    /// The active tab: the one we made active if it still is, else the active tab of the
    /// focused window, else any active tab, else the first tab.
    fn pick_active(&self, tabs: &[&Tab], focused_window: Option<i32>) -> Option<i32> {
        let shown: Vec<&Tab> = tabs.iter().copied().filter(|t| t.active).collect();
        if let Some(a) = self.active {
            if shown.iter().any(|t| t.id == Some(a)) {
                return Some(a);
            }
        }
        shown
            .iter()
            .find(|t| Some(t.window_id) == focused_window)
            .or_else(|| shown.first())
            .and_then(|t| t.id)
            .or_else(|| tabs.iter().find_map(|t| t.id))
    }
}

/// A tab's title as its page gives it: the browser shows a page that has none by its address
/// (`about:blank`, `127.0.0.1:8000/form.html`, a file's name), which is no title of the page's.
/// (It shows the address decoded, `?token=secret&名前=値`: a title that begins with the page's
/// host and a slash is that address, whose secrets the URL Claude reads leaves out.)
fn own_title(tab: &Tab) -> String {
    let title = tab.title.clone().unwrap_or_default();
    let url = tab.address();
    let bare = url.strip_prefix("http://").unwrap_or(&url);
    let file = url.starts_with("file://") && url.rsplit('/').next() == Some(title.as_str());
    let host = url.split_once("://").and_then(|(_, rest)| rest.split('/').next()?.rsplit('@').next()).filter(|h| !h.is_empty());
    let addressed = host.is_some_and(|h| title.strip_prefix("https://").unwrap_or(&title).strip_prefix(h).is_some_and(|rest| rest.starts_with('/')));
    if title == url || title == bare || title == bare.trim_end_matches('/') || file || addressed {
        String::new()
    } else {
        title
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_without_a_title_has_none_though_the_browser_shows_its_address() {
        let titled = |title: &str, url: &str| own_title(&Tab { id: Some(1), title: Some(title.into()), url: Some(url.into()), ..Default::default() });
        assert_eq!(titled("about:blank", "about:blank"), "");
        assert_eq!(titled("127.0.0.1:8000/form.html", "http://127.0.0.1:8000/form.html"), "");
        assert_eq!(titled("example.com", "http://example.com/"), "");
        assert_eq!(titled("https://example.com/a", "https://example.com/a"), "");
        assert_eq!(titled("notes.html", "file:///home/me/notes.html"), "");
        assert_eq!(titled("Form", "http://127.0.0.1:8000/form.html"), "Form");
        assert_eq!(titled("127.0.0.1:8781/title?token=secret&名前=値", "http://127.0.0.1:8781/title?token=secret&%E5%90%8D%E5%89%8D=%E5%80%A4"), "");
        assert_eq!(titled("https://example.com/a b", "https://example.com/a%20b"), "");
        assert_eq!(titled("example.com/in?token=x", "https://me:pw@example.com/in?token=x"), "");
        assert_eq!(titled("example.com", "https://example.com/pricing"), "example.com");
    }

    fn tab(id: i32, window: i32, active: bool) -> Tab {
        Tab { id: Some(id), window_id: window, active, title: Some(format!("t{id}")), url: Some(format!("https://e.com/{id}")), ..Default::default() }
    }

    #[test]
    fn ids_are_never_reused() {
        let mut r = Registry::new();
        assert_eq!(r.register(10), "tab-1");
        assert_eq!(r.register(11), "tab-2");
        assert_eq!(r.register(10), "tab-1");
        r.remove(11);
        assert_eq!(r.register(12), "tab-3");
        assert_eq!(r.resolve("tab-2"), None);
        assert_eq!(r.resolve("tab-3"), Some(12));
        assert_eq!(r.resolve("tab-x"), None);
    }

    #[test]
    fn survives_a_round_trip_through_storage() {
        let mut r = Registry::new();
        r.register(5);
        r.register(6);
        r.set_active(6);
        r.shown_after(false, None, Some(5));
        let back: Registry = serde_json::from_value(serde_json::to_value(&r).expect("ser")).expect("de");
        assert_eq!(back, r);
    }

    #[test]
    fn inventory_has_one_active_entry() {
        let mut r = Registry::new();
        let tabs = vec![tab(1, 1, true), tab(2, 1, false), tab(3, 2, true)];
        let inv = r.inventory(&tabs, Some(2), r.mark());
        assert_eq!(inv.iter().filter(|t| t.active).count(), 1);
        assert_eq!(inv.iter().find(|t| t.active).map(|t| t.tab_id.as_str()), Some("tab-3"));
        r.set_active(1);
        let inv = r.inventory(&tabs, Some(2), r.mark());
        assert_eq!(inv.iter().find(|t| t.active).map(|t| t.tab_id.as_str()), Some("tab-1"));
        assert!(r.inventory(&[], None, r.mark()).is_empty());
    }

    #[test]
    fn a_snapshot_taken_before_a_tab_opened_or_closed_does_not_undo_it() {
        let mut r = Registry::new();
        let before = vec![tab(1, 1, true), tab(2, 1, false)];
        r.inventory(&before, Some(1), r.mark());
        // A snapshot is asked for; while Chrome answers, a tab opens and another closes.
        let mark = r.mark();
        assert_eq!(r.register(3), "tab-3");
        r.remove(2);
        let inv = r.inventory(&before, Some(1), mark);
        assert_eq!(inv.iter().map(|t| t.tab_id.as_str()).collect::<Vec<_>>(), ["tab-1"], "the closed tab is not brought back");
        assert_eq!(r.resolve("tab-3"), Some(3), "the new tab keeps its number");
        assert_eq!(r.resolve("tab-2"), None);
        // The next snapshot sees the new tab under the same tab_id.
        let after = vec![tab(1, 1, true), tab(3, 1, false)];
        let inv = r.inventory(&after, Some(1), r.mark());
        assert_eq!(inv.iter().map(|t| t.tab_id.as_str()).collect::<Vec<_>>(), ["tab-1", "tab-3"]);
        // Without the snapshot's mark, a stale snapshot would drop tab-3 and number it again.
        let mut fresh = Registry::new();
        fresh.inventory(&before, Some(1), fresh.mark());
        fresh.register(3);
        fresh.inventory(&before, Some(1), fresh.mark());
        assert_eq!(fresh.resolve("tab-3"), None, "a snapshot taken after the registration is authoritative");
    }

    #[test]
    fn a_switch_behind_claudes_back_is_told_until_claude_acts_there_or_chooses() {
        let mut r = Registry::new();
        r.set_active(1);
        r.shown_after(false, None, Some(1));
        assert_eq!(r.switched_behind(), None);
        // A page focuses its other tab between calls.
        r.register(2);
        r.set_active(2);
        assert_eq!(r.switched_behind(), Some(1));
        // A wait, a scroll or a read without a tab_id, or a call naming tab 1 (in the
        // background now), change nothing.
        r.shown_after(false, None, None);
        r.shown_after(false, None, Some(2));
        r.shown_after(false, Some(1), None);
        assert_eq!(r.switched_behind(), Some(1));
        // Naming the active tab, or a switch_tab, is Claude choosing.
        r.shown_after(false, Some(2), None);
        assert_eq!(r.switched_behind(), None);
        r.set_active(1);
        r.shown_after(true, None, None);
        assert_eq!(r.switched_behind(), None);
        // Reading a tab in the background by its id leaves Claude where it works.
        r.shown_after(false, Some(2), None);
        assert_eq!(r.switched_behind(), None);
        // A tab a call opened and left active is where Claude works next.
        r.begin_call();
        r.register(3);
        r.set_active(3);
        r.shown_after(false, None, Some(1));
        r.end_call();
        assert_eq!(r.switched_behind(), None);
        // The tab Claude worked in closed: no switch to tell, but input without a tab_id would
        // go to the tab the browser shows now, until Claude chooses one.
        r.set_active(2);
        r.remove(3);
        assert_eq!(r.switched_behind(), None);
        assert_eq!(r.closed_behind().as_deref(), Some("tab-3"));
        r.shown_after(false, None, Some(2));
        assert_eq!(r.closed_behind().as_deref(), Some("tab-3"), "acting without a tab_id chooses nothing");
        r.shown_after(false, Some(2), None);
        assert_eq!(r.closed_behind(), None);
        assert_eq!(r.switched_behind(), None);
        r.register(4);
        r.shown_after(false, Some(4), None);
        r.remove(2);
        r.set_active(4);
        r.shown_after(true, None, None);
        assert_eq!(r.closed_behind(), None, "a tab member chooses");
        assert_eq!(r.resolve("tab-4"), Some(4));
        assert_eq!(r.resolve("tab-04"), None);
        assert_eq!(r.resolve("tab-+4"), None);
    }

    #[test]
    fn tabs_opened_during_a_call_are_reported_once() {
        let mut r = Registry::new();
        r.register(1);
        r.begin_call();
        r.register(2);
        r.register(3);
        r.remove(3);
        assert_eq!(r.end_call(), vec!["tab-2".to_string()]);
        assert!(r.end_call().is_empty());
    }
}
