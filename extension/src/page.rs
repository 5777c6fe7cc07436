//! The page agent: installed once per document in an isolated world, called by expression.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::Value;

use crate::cdp::{self, Debuggee};
use crate::state;

/// The page agent's source (the pieces in page/agent, joined and compacted by `cargo xtask
/// build` into pkg/agent.js), handed over by the worker as it starts.
static AGENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Keeps the page agent's source for the worker's life (it is set once, before the core starts).
pub fn set_agent(source: String) {
    let _ = AGENT.set(source);
}

/// The page agent's source; a script that says it is missing when the worker did not hand it
/// over, so a call fails with that rather than with a page that has no agent.
fn agent() -> &'static str {
    AGENT.get().map(String::as_str).unwrap_or("throw new Error('tabwright: the page agent was not loaded (extension/pkg/agent.js is missing: run cargo xtask build)')")
}
/// The isolated world's name.
pub(crate) const WORLD: &str = "tabwright";

#[derive(Clone, Copy, Debug)]
struct World {
    context: i64,
    generation: u64,
    /// The overlay shown in this document, and whether it said "stopped".
    overlay: Option<bool>,
}

thread_local! {
    static WORLDS: RefCell<HashMap<Debuggee, World>> = RefCell::new(HashMap::new());
    /// Agents being installed, shared by every call that needs the document meanwhile.
    static CREATING: crate::inflight::Pending<Debuggee, Result<World, String>> = RefCell::new(HashMap::new());
    static GENERATION: RefCell<u64> = const { RefCell::new(0) };
}

/// Forgets a tab's worlds, its frames' included (the tab closed or the debugger detached).
pub fn forget(tab: i32) {
    WORLDS.with(|w| w.borrow_mut().retain(|d, _| d.tab != tab));
}

fn forget_one(d: &Debuggee) {
    WORLDS.with(|w| w.borrow_mut().remove(d));
}

/// Forgets the world of an out-of-process frame whose session ended (the frame went away), so a
/// page that keeps replacing its cross-site frames does not grow the table.
pub fn forget_session(tab: i32, session: &str) {
    forget_one(&Debuggee { tab, session: Some(session.to_string()) });
}

/// The agent every new document of an attached tab gets as it is created (see
/// cdp::ensure_attached), with the overlay when the policy shows one. Only a top document runs
/// it: a frame's agent is installed when a call needs it.
pub fn agent_for_new_documents() -> (String, Option<bool>) {
    let overlay = new_document_overlay();
    (format!("if (window === window.top) {{\n{}\n}}", agent_source(overlay)), overlay)
}

/// The agent every new document of an out-of-process frame gets (no overlay: that is the tab's).
pub fn agent_for_frame_documents() -> &'static str {
    agent()
}

/// Puts the agent into a frame's current document now, rather than at the first call that
/// needs it: it tells of the person's presses there from then on.
pub async fn prepare(d: &Debuggee) -> Result<(), String> {
    if WORLDS.with(|w| w.borrow().contains_key(d)) {
        return Ok(());
    }
    create(d).await.map(|_| ())
}

/// The overlay a new document's agent shows as it starts: none when the policy turns it off,
/// else the banner, saying whether the session is stopped (the script is registered again when
/// that changes).
fn new_document_overlay() -> Option<bool> {
    crate::policy::current().overlay.then(crate::session::is_stopped)
}

/// The agent's source, followed by showing the overlay (saying whether the session is stopped)
/// when it has one.
fn agent_source(overlay: Option<bool>) -> std::borrow::Cow<'static, str> {
    match overlay {
        Some(stopped) => std::borrow::Cow::Owned(format!("{}\n;__tabwright.showOverlay({{stopped: {stopped}}});", agent())),
        None => std::borrow::Cow::Borrowed(agent()),
    }
}

/// A tab's events: a new main document drops the old one's world at once, so the next call
/// neither tries a destroyed context first nor takes the old document's overlay for shown; the
/// world the new document's agent runs in is kept as it is created.
pub fn on_event(tab: i32, method: &str, params: &Value) {
    let d = Debuggee::tab(tab);
    match method {
        "Page.frameNavigated" if params["frame"]["parentId"].is_null() => forget_one(&d),
        "Runtime.executionContextCreated" => {
            let context = &params["context"];
            let ours = context["name"] == WORLD && context["auxData"]["isDefault"] == false;
            let main = context["auxData"]["frameId"].as_str().is_some_and(|f| crate::activity::main_frame_id(tab).as_deref() == Some(f));
            if let (true, true, Some(id)) = (ours, main, context["id"].as_i64()) {
                if WORLDS.with(|w| w.borrow().get(&d).is_none_or(|world| world.context != id)) {
                    let overlay = new_document_overlay();
                    // The document showed what the script registered for it says, unless Stop or
                    // Resume was pressed lately: a document created while the script was being
                    // replaced may have run the one from before.
                    let sure = crate::cdp::new_document_overlay(tab) == Some(overlay) && !crate::session::changed_lately();
                    let w = World { context: id, generation: next_generation(), overlay: if sure { overlay } else { None } };
                    WORLDS.with(|ws| ws.borrow_mut().insert(d, w));
                    // A page loaded while the session is stopped must say it is stopped, and one
                    // loaded right after a Resume must not.
                    if overlay.is_some() && (!sure || crate::session::is_stopped()) {
                        wasm_bindgen_futures::spawn_local(ensure_overlay(tab));
                    }
                }
            }
        }
        "Runtime.executionContextDestroyed" => {
            let id = params["executionContextId"].as_i64();
            if WORLDS.with(|w| w.borrow().get(&d).is_some_and(|world| Some(world.context) == id)) {
                forget_one(&d);
            }
        }
        _ => {}
    }
}

fn next_generation() -> u64 {
    GENERATION.with(|g| {
        *g.borrow_mut() += 1;
        *g.borrow()
    })
}

/// The agent of a document that has none yet: installed once, however many calls ask meanwhile.
async fn create(d: &Debuggee) -> Result<World, String> {
    let owned = d.clone();
    crate::inflight::join(&CREATING, d.clone(), || async move { install(&owned).await }).await
}

async fn install(d: &Debuggee) -> Result<World, String> {
    let tab = d.tab;
    // A main document replaced while its agent was being installed keeps no record of it.
    let commits = crate::activity::main_frame(tab).commits;
    cdp::ensure_attached(tab).await.map_err(|e| e.to_string())?;
    if d.session.is_some() {
        cdp::send_to(d, &cdp::PageEnable {}).await.map_err(|e| e.to_string())?;
    }
    // A tab's main frame is known from its navigations; another frame's is asked for (and so is
    // a main frame the browser no longer knows by that id).
    let known = d.session.is_none().then(|| crate::activity::main_frame_id(tab)).flatten();
    let world = match &known {
        Some(frame) => cdp::send_to(d, &cdp::CreateIsolatedWorld { frame_id: frame, world_name: WORLD, grant_univeral_access: false }).await.ok(),
        None => None,
    };
    let world = match world {
        Some(world) => world,
        None => {
            let frame = cdp::send_to(d, &cdp::GetFrameTree {}).await.map_err(|e| e.to_string())?.frame_tree.frame.id;
            cdp::send_to(d, &cdp::CreateIsolatedWorld { frame_id: &frame, world_name: WORLD, grant_univeral_access: false })
                .await
                .map_err(|e| format!("cannot prepare {} for reading: {e}", state::tab_name(tab)))?
        }
    };
    // The document's own agent (run as it was created) may be in this world already.
    if let Some(w) = WORLDS.with(|w| w.borrow().get(d).copied()).filter(|w| w.context == world.execution_context_id) {
        return Ok(w);
    }
    // A tab's own document shows the overlay as soon as the agent is in it.
    let overlay = (d.session.is_none() && crate::policy::current().overlay).then(crate::session::is_stopped);
    let source = agent_source(overlay);
    let installed = cdp::send_to(
        d,
        &cdp::Evaluate { expression: &source, context_id: Some(world.execution_context_id), return_by_value: true, await_promise: false, timeout: None, object_group: None },
    )
    .await
    .map_err(|e| e.to_string())?;
    if let Some(ex) = installed.exception_details {
        return Err(format!("the page agent failed to start: {}", ex.message()));
    }
    let w = World { context: world.execution_context_id, generation: next_generation(), overlay };
    if d.session.is_some() || crate::activity::main_frame(tab).commits == commits {
        WORLDS.with(|ws| ws.borrow_mut().insert(d.clone(), w));
    }
    Ok(w)
}

fn context_lost(message: &str) -> bool {
    message.contains("Cannot find context") || message.contains("Execution context was destroyed") || message.contains("Inspected target navigated")
}

/// Evaluates `expression` with the agent in scope; returns its JSON value and the document
/// generation it ran in. A document that changed since the last call gets a fresh agent.
pub async fn call(tab: i32, expression: &str) -> Result<(Value, u64), String> {
    call_in(&Debuggee::tab(tab), expression).await
}

/// [`call`] in a tab or one of its out-of-process frames.
pub async fn call_in(d: &Debuggee, expression: &str) -> Result<(Value, u64), String> {
    let (r, world) = evaluate(d, expression, true, None).await?;
    Ok((r.value.unwrap_or(Value::Null), world.generation))
}

/// [`call_in`] for an answer that may be large (a whole page read): the agent's world hands it
/// over as one JSON string, which the browser passes on and the core parses once, some times
/// faster than the browser's own serialization of a deep object (and of its reading back here).
pub async fn call_json_in<T: serde::de::DeserializeOwned>(d: &Debuggee, expression: &str) -> Result<(T, u64), String> {
    let (r, world) = evaluate(d, &format!("JSON.stringify({expression})"), true, None).await?;
    let text = match r.value {
        Some(Value::String(text)) => text,
        _ => return Err("the page agent answered with no value".into()),
    };
    // A lone surrogate the page's text held is written as an escape serde_json rejects.
    let value = serde_json::from_str(&tabwright_protocol::sanitize::repair_json_surrogates(&text)).map_err(|e| format!("unreadable answer from the page agent: {e}"))?;
    Ok((value, world.generation))
}

/// The remote object an expression yields (not its value), for CDP calls that take an objectId.
pub async fn object(d: &Debuggee, expression: &str) -> Result<cdp::RemoteObject, String> {
    Ok(evaluate(d, expression, false, None).await?.0)
}

/// [`object`] in an object group (released by the caller), with the agent's execution context
/// and the document's generation, for CDP calls that hand nodes to the agent.
pub async fn object_in_group(d: &Debuggee, expression: &str, group: &str) -> Result<(cdp::RemoteObject, i64, u64), String> {
    let (object, world) = evaluate(d, expression, false, Some(group)).await?;
    Ok((object, world.context, world.generation))
}

/// The items of an array the agent's `expression` returns, as objects of the agent's world in
/// `group` (released by the caller), with that world's execution context.
pub async fn agent_list(d: &Debuggee, expression: &str, group: &str) -> Option<(Vec<String>, i64)> {
    let (list, context, _) = object_in_group(d, expression, group).await.ok()?;
    let id = list.object_id.as_deref().filter(|_| list.description.as_deref() != Some("Array(0)"))?;
    let props = cdp::send_to(d, &cdp::GetProperties { object_id: id, own_properties: true }).await.ok()?;
    Some((props.result.into_iter().filter(|p| p.name.parse::<usize>().is_ok()).filter_map(|p| p.value?.object_id).collect(), context))
}

/// Nodes the browser names by backend id, as objects of the agent's world in `group` (released by
/// the caller), with the document's generation. Nodes that cannot be resolved are left out.
pub async fn agent_objects(d: &Debuggee, nodes: &[i64], group: &str) -> Result<(Vec<String>, u64), String> {
    let (_, context, generation) = object_in_group(d, "globalThis", group).await?;
    // Sent together: the browser answers them in one stretch.
    let commands: Vec<cdp::ResolveNode> = nodes.iter().map(|&id| cdp::ResolveNode { backend_node_id: id, execution_context_id: Some(context), object_group: group }).collect();
    let resolved = futures::future::join_all(commands.iter().map(|c| cdp::send_to(d, c))).await;
    Ok((resolved.into_iter().filter_map(|r| r.ok()?.object.object_id).collect(), generation))
}

/// `function` run on a node the browser names by backend id, in the agent's world: its answer
/// (returned by value) and the document's generation. The node's object is released after.
pub async fn call_on_node(d: &Debuggee, node: i64, function: &str, group: &str) -> Option<(Value, u64)> {
    let (objects, generation) = agent_objects(d, &[node], group).await.ok()?;
    let answer = match objects.first() {
        Some(object) => cdp::send_to(d, &cdp::CallFunctionOn { function_declaration: function, object_id: object, return_by_value: true, await_promise: false }).await.ok(),
        None => None,
    };
    let _ = cdp::send_to(d, &cdp::ReleaseObjectGroup { object_group: group }).await;
    Some((answer?.result.value?, generation))
}

/// [`call`] without a second try in a new document when the first one's went away (a click's
/// answer belongs to the document the click reached).
pub async fn call_once(tab: i32, expression: &str) -> Result<(Value, u64), String> {
    let (r, world) = evaluate_tries(&Debuggee::tab(tab), expression, true, None, 1).await?;
    Ok((r.value.unwrap_or(Value::Null), world.generation))
}

/// [`call_once`] after an input, given up when the input sent the tab to another document whose
/// server has not answered within a second: DevTools holds every question to the page on screen
/// until that document comes, which may be never. The input itself was done.
pub async fn call_after_input(tab: i32, expression: &str) -> Result<(Value, u64), String> {
    let leaving = async {
        let mut since = None;
        loop {
            crate::chrome::sleep(100).await;
            match (crate::activity::pending_navigation(tab), since) {
                (None, _) => since = None,
                (Some(_), None) => since = Some(js_sys::Date::now()),
                (Some(_), Some(t)) if js_sys::Date::now() - t >= 1_000.0 => return,
                _ => {}
            }
        }
    };
    match futures::future::select(Box::pin(call_once(tab, expression)), Box::pin(leaving)).await {
        futures::future::Either::Left((answer, _)) => answer,
        futures::future::Either::Right(_) => {
            if let Some(url) = crate::activity::pending_navigation(tab) {
                crate::activity::notice(crate::members::unresponsive::page_not_sent(tab, &url));
            }
            Err("the page is waiting for its next document".into())
        }
    }
}

async fn evaluate(d: &Debuggee, expression: &str, by_value: bool, object_group: Option<&str>) -> Result<(cdp::RemoteObject, World), String> {
    evaluate_tries(d, expression, by_value, object_group, 2).await
}

async fn evaluate_tries(d: &Debuggee, expression: &str, by_value: bool, object_group: Option<&str>, tries: u32) -> Result<(cdp::RemoteObject, World), String> {
    for attempt in 0..tries {
        let world = match WORLDS.with(|w| w.borrow().get(d).copied()) {
            Some(w) => w,
            None => match create(d).await {
                Ok(w) => w,
                // The document went while its agent was being installed (a redirect): the next
                // one is tried.
                Err(e) if context_lost(&e) => continue,
                Err(e) => return Err(e),
            },
        };
        let response = cdp::send_to(
            d,
            &cdp::Evaluate {
                expression,
                context_id: Some(world.context),
                return_by_value: by_value,
                await_promise: true,
                timeout: Some(20_000.0),
                object_group,
            },
        )
        .await;
        match response {
            Ok(r) => {
                if let Some(ex) = r.exception_details {
                    let message = ex.message();
                    if context_lost(&message) || message.contains("__tabwright is not defined") {
                        forget_one(d);
                        if attempt + 1 < tries {
                            continue;
                        }
                        return Err(changing_documents(d));
                    }
                    return Err(format!("the page agent failed: {message}"));
                }
                return Ok((r.result, world));
            }
            Err(e) if context_lost(&e.to_string()) => forget_one(d),
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(changing_documents(d))
}

/// Why a page (or a frame of it) could not be reached: it kept replacing its document (it
/// reloads or redirects itself) while a call was under way.
fn changing_documents(d: &Debuggee) -> String {
    let what = if d.session.is_some() { "A frame of the page in" } else { "The page in" };
    format!(
        "{what} {} kept replacing its document while this call ran (it reloads or redirects itself), so it could not be reached; take a screenshot to see it, wait and try again, or navigate elsewhere",
        state::tab_name(d.tab)
    )
}

/// The generation of the document the agent last ran in, as far as is known without asking.
pub fn known_generation(d: &Debuggee) -> Option<u64> {
    WORLDS.with(|w| w.borrow().get(d).map(|w| w.generation))
}

/// The tabs whose main document has a page agent.
pub fn tabs_with_agent() -> Vec<i32> {
    WORLDS.with(|w| w.borrow().keys().filter(|d| d.session.is_none()).map(|d| d.tab).collect())
}

/// Shows the overlay on the tab's current document (a click may have loaded a new one). A
/// document without the agent gets it, with the overlay, in one evaluation.
pub async fn ensure_overlay(tab: i32) {
    if !crate::policy::current().overlay {
        return;
    }
    let d = Debuggee::tab(tab);
    if WORLDS.with(|w| !w.borrow().contains_key(&d)) && create(&d).await.is_ok() {
        return;
    }
    let stopped = crate::session::is_stopped();
    if call(tab, &format!("__tabwright.showOverlay({{stopped: {stopped}}})")).await.is_ok() {
        WORLDS.with(|w| {
            if let Some(world) = w.borrow_mut().get_mut(&d) {
                world.overlay = Some(stopped);
            }
        });
    }
}

/// [`ensure_overlay`] without waiting: the next command to the tab queues behind it, and a call
/// that needs a new document's agent meanwhile waits for the same installation.
pub fn overlay_soon(tab: i32) {
    if crate::policy::current().overlay {
        wasm_bindgen_futures::spawn_local(ensure_overlay(tab));
    }
}

/// [`ensure_overlay`], unless this document already shows it as it should.
pub async fn overlay_once(tab: i32) {
    let shown = WORLDS.with(|w| w.borrow().get(&Debuggee::tab(tab)).and_then(|w| w.overlay));
    if crate::policy::current().overlay && shown != Some(crate::session::is_stopped()) {
        ensure_overlay(tab).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_session_that_ends_takes_its_world_with_it() {
        let world = || World { context: 1, generation: 1, overlay: None };
        let frame = |s: &str| Debuggee { tab: 7, session: Some(s.to_string()) };
        WORLDS.with(|w| {
            let mut w = w.borrow_mut();
            w.insert(Debuggee::tab(7), world());
            w.insert(frame("a"), world());
            w.insert(frame("b"), world());
        });
        forget_session(7, "a");
        WORLDS.with(|w| {
            let w = w.borrow();
            assert!(!w.contains_key(&frame("a")), "the ended frame's world is gone");
            assert!(w.contains_key(&frame("b")) && w.contains_key(&Debuggee::tab(7)), "the others stay");
        });
    }
}
