//! The native-messaging port to the bridge: requests in, replies out, reconnect on loss; and the
//! WebSocket lane the bridge offers over it, which then carries both ways (it skips a hop through
//! the browser's own process on every message).

use std::cell::RefCell;

use tabwright_protocol::wire::{FromExtension, Reply, StateReport, ToExtension, NATIVE_HOST_NAME};
use wasm_bindgen::prelude::*;

use crate::{chrome, members, state};

thread_local! {
    static PORT: RefCell<Option<chrome::Port>> = const { RefCell::new(None) };
    /// The lane, once it is open and its token sent.
    static LANE: RefCell<Option<web_sys::WebSocket>> = const { RefCell::new(None) };
    /// Member calls run one at a time, so each call's side effects are its own, even when the
    /// bridge gave up on a slow one and sent the next.
    static CALLS: std::rc::Rc<futures::lock::Mutex<()>> = std::rc::Rc::new(futures::lock::Mutex::new(()));
    /// How to stop each running call, for when the bridge gives up on it.
    static RUNNING: RefCell<std::collections::HashMap<u64, (futures::future::AbortHandle, String, String)>> = RefCell::new(std::collections::HashMap::new());
}

/// How long to wait before reconnecting to a bridge that went away: short at first (a native
/// host killed or replaced comes back at once), doubling up to the longest while none answers.
const RECONNECT_FIRST_MS: i32 = 50;
const RECONNECT_LONGEST_MS: i32 = 2_000;

thread_local! {
    static RECONNECT_MS: std::cell::Cell<i32> = const { std::cell::Cell::new(RECONNECT_FIRST_MS) };
}

/// Opens the port to the bridge and wires its listeners.
pub fn connect() {
    let port = chrome::connect_native(NATIVE_HOST_NAME);
    let on_message = Closure::<dyn FnMut(JsValue)>::new(|message: JsValue| {
        // A bridge that sends requests is there: the next loss reconnects quickly again.
        RECONNECT_MS.with(|r| r.set(RECONNECT_FIRST_MS));
        receive(chrome::from_js::<ToExtension>(&message).map_err(|e| e.to_string()));
    });
    port.on_message().add_listener(on_message.as_ref().unchecked_ref());
    on_message.forget();
    let on_disconnect = Closure::<dyn FnMut(JsValue)>::new(|_port: JsValue| {
        let reason = chrome::last_error();
        chrome::log(&format!("tabwright: bridge disconnected: {}", chrome::js_error_text(&reason)));
        PORT.with(|p| *p.borrow_mut() = None);
        close_lane();
        crate::session::set_connected(false);
        // The bridge answered the calls it sent as cut off: running them on would only hold up
        // the next link's policy and calls.
        let running: Vec<u64> = RUNNING.with(|r| r.borrow().keys().copied().collect());
        for id in running {
            cancel(id);
        }
        let wait = RECONNECT_MS.with(|r| r.replace((r.get() * 2).min(RECONNECT_LONGEST_MS)));
        wasm_bindgen_futures::spawn_local(async move {
            chrome::sleep(wait).await;
            if PORT.with(|p| p.borrow().is_none()) {
                connect();
            }
        });
    });
    port.on_disconnect().add_listener(on_disconnect.as_ref().unchecked_ref());
    on_disconnect.forget();
    PORT.with(|p| *p.borrow_mut() = Some(port));
    crate::session::set_connected(true);
    post(&FromExtension::Hello { version: env!("CARGO_PKG_VERSION").into(), extension_id: chrome::extension_id() });
}

/// One message from the bridge, over either transport.
fn receive(request: Result<ToExtension, String>) {
    match request {
        Ok(ToExtension::Lane { url, token }) => open_lane(&url, token),
        Ok(request) => wasm_bindgen_futures::spawn_local(handle(request)),
        Err(e) => post(&FromExtension::Log { level: "error".into(), message: format!("unreadable request: {e}") }),
    }
}

/// Opens the lane the bridge offered. Until it is open (and if it never opens) the native port
/// carries everything; a lane that closes leaves the port to carry it again.
fn open_lane(url: &str, token: String) {
    close_lane();
    let socket = match web_sys::WebSocket::new(url) {
        Ok(socket) => socket,
        Err(e) => {
            post(&FromExtension::Log { level: "warn".into(), message: format!("cannot open the lane {url}: {}", chrome::js_error_text(&e)) });
            return;
        }
    };
    let opened = socket.clone();
    let on_open = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        // The token goes first; everything after it may travel here.
        if opened.send_with_str(&token).is_ok() {
            LANE.with(|l| *l.borrow_mut() = Some(opened.clone()));
        }
    });
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    on_open.forget();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        let Some(text) = event.data().as_string() else { return };
        receive(serde_json::from_str::<ToExtension>(&text).map_err(|e| e.to_string()));
    });
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let closed = socket.clone();
    let on_close = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        // The bridge ends the link with its lane: the port's disconnect reconnects both.
        LANE.with(|l| {
            let mut lane = l.borrow_mut();
            if lane.as_ref().is_some_and(|s| js_sys::Object::is(s, &closed)) {
                *lane = None;
            }
        });
    });
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    on_close.forget();
}

fn close_lane() {
    if let Some(socket) = LANE.with(|l| l.borrow_mut().take()) {
        let _ = socket.close();
    }
}

fn cancel(id: u64) -> Option<(String, String)> {
    let (handle, name, target) = RUNNING.with(|r| r.borrow_mut().remove(&id))?;
    handle.abort();
    // The call is over: tabs opened from now on are nobody's, and the badge stops saying "working".
    state::with_registry(|r| {
        r.end_call();
    });
    crate::session::set_working(false);
    Some((name, target))
}

/// The person pressed Stop: every running call ends now with that answer.
pub fn stop_running() {
    let ids: Vec<u64> = RUNNING.with(|r| r.borrow().keys().copied().collect());
    for id in ids {
        if let Some((name, target)) = cancel(id) {
            crate::session::log(&name, target, Err(crate::session::STOPPED.into()));
        }
        // The reply still carries the inventory, so nothing held is dropped for a missing tab.
        wasm_bindgen_futures::spawn_local(async move {
            let state = state::report().await.unwrap_or_default();
            post(&FromExtension::Reply { id, outcome: Reply::Error(crate::session::STOPPED.into()), state });
        });
    }
    crate::session::set_working(false);
}

fn post(message: &FromExtension) {
    let sent = LANE.with(|l| {
        let lane = l.borrow();
        let Some(socket) = lane.as_ref().filter(|s| s.ready_state() == web_sys::WebSocket::OPEN) else { return false };
        match serde_json::to_string(message) {
            Ok(text) => socket.send_with_str(&text).is_ok(),
            Err(_) => false,
        }
    });
    if sent {
        return;
    }
    let value = match chrome::to_js(message) {
        Ok(v) => v,
        Err(e) => {
            chrome::log(&format!("tabwright: cannot encode a reply: {e}"));
            return;
        }
    };
    PORT.with(|p| {
        if let Some(port) = p.borrow().as_ref() {
            if let Err(e) = port.post_message(&value) {
                chrome::log(&format!("tabwright: cannot send to the bridge: {}", chrome::js_error_text(&e)));
            }
        }
    });
}

async fn handle(request: ToExtension) {
    match request {
        ToExtension::Cancel { id } => {
            cancel(id);
        }
        ToExtension::Member { id, ref name, ref input, .. } if crate::session::is_stopped() => {
            crate::session::log(name, members::summary(name, input), Err(crate::session::STOPPED.into()));
            post(&FromExtension::Reply { id, outcome: Reply::Error(crate::session::STOPPED.into()), state: StateReport::default() });
        }
        ToExtension::Member { id, ref name, ref input, .. } => {
            let (handle, registration) = futures::future::AbortHandle::new_pair();
            let entry = (handle, name.clone(), members::summary(name, input));
            RUNNING.with(|r| r.borrow_mut().insert(id, entry));
            let _ = futures::future::Abortable::new(run_member(request), registration).await;
            RUNNING.with(|r| r.borrow_mut().remove(&id));
        }
        other => handle_other(other).await,
    }
}

async fn run_member(request: ToExtension) {
    let ToExtension::Member { id, name, input, confirm } = request else { return };
    let calls = CALLS.with(|c| c.clone());
    let _one_at_a_time = calls.lock().await;
    let active_at_start = state::with_registry(|r| {
        r.begin_call();
        r.active()
    });
    // The tabs are listed alongside the call's work, for its result: a member that changes a
    // tab's title or address lists them again once it has.
    wasm_bindgen_futures::spawn_local(state::call_begins(members::lists_tabs_first(&name)));
    crate::session::set_working(true);
    let outcome = match crate::policy::check_enforced() {
        Err(e) => Err(e),
        Ok(()) => members::approval(&name, &input, confirm).await,
    };
    // What runs is the input the approval bound (its tab resolved once).
    let outcome = match outcome {
        Ok(_) if crate::session::is_stopped() => Err(crate::session::STOPPED.to_string()),
        Ok(bound) => members::run(&name, &bound).await,
        Err(e) => Err(e),
    };
    crate::session::set_working(false);
    crate::session::log(&name, members::summary(&name, &input), outcome.as_ref().map(|_| ()).map_err(Clone::clone));
    if outcome.is_ok() {
        let named = tabwright_protocol::input::named_tab(&input);
        let tab_member = members::is_tab_member(&name);
        state::with_registry(|r| {
            let named = named.and_then(|t| r.resolve(t));
            r.shown_after(tab_member, named, active_at_start.filter(|_| name != "wait"))
        });
    }
    let (outcome, state) = match state::report().await {
        Ok(state) => (outcome, state),
        Err(e) => (Err(e), StateReport::default()),
    };
    let outcome = match outcome {
        Ok(o) => Reply::Ok(o),
        Err(e) => Reply::Error(e),
    };
    post(&FromExtension::Reply { id, outcome, state });
}

async fn handle_other(request: ToExtension) {
    match request {
        ToExtension::Policy { policy } => {
            // No call runs while the rules change: the first call after a hello sees them in force.
            let calls = CALLS.with(|c| c.clone());
            let _no_calls = calls.lock().await;
            crate::policy::apply(policy).await;
        }
        ToExtension::State { id } => {
            // Answered in turn with calls and policy changes: a state taken in the middle of a
            // call could predate a tab the call opened, and the bridge takes the answer to the
            // state request that follows a policy as proof the policy is in force.
            let calls = CALLS.with(|c| c.clone());
            let _in_turn = calls.lock().await;
            let tabs = state::fresh_tabs().await.unwrap_or_default();
            post(&FromExtension::State { id, state: StateReport { tabs, ..Default::default() } });
        }
        _ => {}
    }
}
