//! The session as the person watching sees and steers it: Stop and Resume, the badge, the log of
//! the last actions the popup shows, and the "Claude" tab group.

use std::cell::RefCell;
use std::collections::VecDeque;

use serde_json::{json, Value};

use crate::{cdp, chrome};

/// How many actions the popup lists.
const LOG: usize = 50;

#[derive(Default)]
struct Session {
    stopped: bool,
    connected: bool,
    working: bool,
    /// Whether the running call has lasted long enough for the badge to say so.
    working_shown: bool,
    /// How many calls have run, so a late badge update knows its call is over.
    calls: u64,
    /// The badge text last set.
    badge: Option<&'static str>,
    actions: VecDeque<Value>,
    /// The "Claude" group of each window that has one.
    groups: std::collections::HashMap<i32, i32>,
    /// When Stop or Resume was last pressed (ms since the epoch).
    changed: f64,
    /// Tabs already in their window's group, or in a window that holds no groups (a popup).
    grouped: std::collections::HashSet<i32>,
    /// Tabs whose page sets its title without pause, kept out of the group meanwhile.
    flooding: std::collections::HashSet<i32>,
}

thread_local! {
    static SESSION: RefCell<Session> = RefCell::new(Session::default());
}

/// The text a call gets while the session is stopped.
pub const STOPPED: &str = "The person watching stopped this session with the Stop button, so nothing more was done. Wait until they resume it from the tabwright button in the browser toolbar, or ask them what they want.";

pub fn is_stopped() -> bool {
    SESSION.with(|s| s.borrow().stopped)
}

/// Shows what the session is doing, unless the badge shows it already.
fn badge() {
    let shown = SESSION.with(|s| {
        let mut s = s.borrow_mut();
        let (text, color) = if s.stopped {
            ("STOP", "#b3261e")
        } else if s.working && s.working_shown {
            ("•••", "#c96442")
        } else if s.connected {
            ("ON", "#2e7d32")
        } else {
            ("", "#777777")
        };
        (s.badge != Some(text)).then(|| {
            s.badge = Some(text);
            (text, color)
        })
    });
    if let Some((text, color)) = shown {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = chrome::action_badge(text, color).await;
        });
    }
}

pub fn set_connected(connected: bool) {
    SESSION.with(|s| s.borrow_mut().connected = connected);
    badge();
}

/// A call shorter than this never shows "•••" on the badge: the person could not read it, and
/// each change of the badge is two calls into the browser on the call's way.
const WORKING_SHOWN_AFTER_MS: i32 = 150;

pub fn set_working(working: bool) {
    let call = SESSION.with(|s| {
        let mut s = s.borrow_mut();
        if working && !s.working {
            s.calls += 1;
        }
        s.working = working;
        s.working_shown = false;
        s.calls
    });
    if !working {
        badge();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        chrome::sleep(WORKING_SHOWN_AFTER_MS).await;
        let still = SESSION.with(|s| {
            let mut s = s.borrow_mut();
            let still = s.working && s.calls == call;
            s.working_shown |= still;
            still
        });
        if still {
            badge();
        }
    });
}

const STOPPED_KEY: &str = "tabwright.stopped";

fn persist(stopped: bool) {
    // A restarted service worker must not quietly resume a stopped session.
    wasm_bindgen_futures::spawn_local(async move {
        let _ = chrome::storage_set(STOPPED_KEY, &json!(stopped)).await;
    });
}

/// Restores Stop after a service-worker restart.
pub async fn load() {
    if let Ok(Some(Value::Bool(true))) = chrome::storage_get(STOPPED_KEY).await {
        SESSION.with(|s| s.borrow_mut().stopped = true);
        badge();
    }
}

/// Whether Stop or Resume was pressed in the last two seconds: the banner a document shows as it
/// starts may still be the one from before.
pub fn changed_lately() -> bool {
    SESSION.with(|s| js_sys::Date::now() - s.borrow().changed < 2_000.0)
}

fn set_stopped(stopped: bool) {
    SESSION.with(|s| {
        let mut s = s.borrow_mut();
        s.stopped = stopped;
        s.changed = js_sys::Date::now();
    });
    persist(stopped);
}

/// Stops the session: the running call is cut off and every later call is refused until resume.
pub fn stop() {
    set_stopped(true);
    crate::host::stop_running();
    // The person has the browser: file choosers are theirs again.
    crate::members::chooser::release_all();
    badge();
    wasm_bindgen_futures::spawn_local(async { show_on_all().await });
}

pub fn resume() {
    set_stopped(false);
    badge();
    wasm_bindgen_futures::spawn_local(async { show_on_all().await });
}

/// Updates the banner of every tab the agent has a page agent in (when the policy shows one), and
/// the one the tabs' next documents start with.
async fn show_on_all() {
    // The next documents first: a page that loads meanwhile is then shown right by its own agent.
    crate::cdp::renew_agent_scripts().await;
    for tab in crate::page::tabs_with_agent() {
        crate::page::ensure_overlay(tab).await;
    }
}

/// Records one finished call for the popup.
pub fn log(member: &str, target: String, outcome: Result<(), String>) {
    let when = js_sys::Date::new_0().to_locale_time_string("en-GB").as_string().unwrap_or_default();
    let entry = json!({
        "member": member,
        "target": target,
        "ok": outcome.is_ok(),
        "outcome": match outcome { Ok(()) => "done".to_string(), Err(e) => tabwright_protocol::sanitize::bounded(&e, 160) },
        "time": when,
    });
    SESSION.with(|s| {
        let mut s = s.borrow_mut();
        s.actions.push_front(entry);
        s.actions.truncate(LOG);
    });
}

/// What the popup shows.
pub fn status() -> Value {
    let policy = crate::policy::current();
    SESSION.with(|s| {
        let s = s.borrow();
        json!({
            "connected": s.connected,
            "stopped": s.stopped,
            "working": s.working,
            "actions": s.actions,
            "policy": policy,
            "extension": chrome::extension_id(),
        })
    })
}

/// Puts a tab Claude acts on into its window's "Claude" tab group (best effort), unless its page
/// sets its title without pause. A tab stays in its own window: a popup window (which holds no
/// groups) keeps its tab, which stays the one Claude works in.
pub async fn group(tab: i32) {
    if SESSION.with(|s| s.borrow().grouped.contains(&tab) || s.borrow().flooding.contains(&tab)) {
        return;
    }
    let Ok(window) = chrome::tabs_get(tab).await.map(|t| t.window_id) else { return };
    let mut group = SESSION.with(|s| s.borrow().groups.get(&window).copied());
    loop {
        match chrome::tabs_group(tab, group, window).await {
            Ok(id) => {
                SESSION.with(|s| s.borrow_mut().grouped.insert(tab));
                if group != Some(id) {
                    SESSION.with(|s| s.borrow_mut().groups.insert(window, id));
                    let _ = chrome::tab_group_title(id, "Claude").await;
                }
                return;
            }
            // The group is gone once its last tab left it or closed: a new one.
            Err(_) if group.is_some() => group = None,
            // A window that holds no groups: the tab is not asked about again.
            Err(_) => {
                return SESSION.with(|s| {
                    let mut s = s.borrow_mut();
                    s.groups.remove(&window);
                    s.grouped.insert(tab);
                })
            }
        }
    }
}

/// A tab's page sets its title without pause (`flooding`), or has stopped. The browser does
/// work for each title of a tab in a group, which at thousands a second leaves it no time for
/// anything else: the tab leaves the group meanwhile, and the next call on it puts it back.
pub fn titles_flood(tab: i32, flooding: bool) {
    let ungroup = SESSION.with(|s| {
        let mut s = s.borrow_mut();
        match flooding {
            // (Taken out even when not known to be in it: a restarted worker knows none.)
            true => {
                s.grouped.remove(&tab);
                s.flooding.insert(tab)
            }
            false => {
                s.flooding.remove(&tab);
                false
            }
        }
    });
    if ungroup {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = chrome::tabs_ungroup(tab).await;
            // The browser then still does work for each title, enough to fall behind by seconds:
            // the page's titles reach it four times a second at most, the last one always. The
            // page reads back the title it set.
            let calm = cdp::Evaluate { expression: CALM_TITLES, context_id: None, return_by_value: true, await_promise: false, timeout: None, object_group: None };
            let _ = cdp::send(tab, &calm).await;
        });
    }
}

/// Run in the page's own world: its `document.title` sets go on to the browser a quarter second
/// apart.
const CALM_TITLES: &str = "(()=>{const d=Object.getOwnPropertyDescriptor(Document.prototype,'title');let w,t=0;Object.defineProperty(document,'title',{configurable:true,get(){return t?w:d.get.call(this)},set(v){w=String(v);t||=setTimeout(()=>{t=0;d.set.call(document,w)},250)}})})()";
