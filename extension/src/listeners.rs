//! Elements the page listens on for clicks, mouse, pointer or keys: found with CDP's
//! DOMDebugger and handed to the page agent, which counts them as something a person can act on.
//!
//! DOMDebugger reports the listeners of the world the node object belongs to, so the trees are
//! asked through the page's own (main) world, each on its own: `pierce` (every world, every
//! shadow root and frame in one call) was measured to stall the page's scripts for tens of
//! seconds on a large document.
//!
//! A read of an unchanged page costs nothing here: listeners are asked for on a document's first
//! read, and later only when the agent saw the DOM change. Then the main world's document object
//! is reused, only new listener nodes are handed over, and shadow roots and frames are asked for
//! only when the agent last saw some.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use crate::cdp::{self, Debuggee};
use crate::page;

/// The events that make an element something to act on.
const ACTION_EVENTS: &[&str] =
    &["click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup", "keydown", "keyup", "keypress", "touchstart", "touchend"];
/// The look for handlers that frameworks keep for themselves, run in the page's own world.
const HANDLERS: &str = include_str!(concat!(env!("OUT_DIR"), "/handlers.js"));
/// How long that look may run: a few milliseconds on a page of 12,000 elements; a page that
/// makes it loop is cut off.
const LOOK_MS: f64 = 150.0;
/// The most nodes handed over in one read; the rest follow on the next.
const MAX_NEW: usize = 600;
/// Objects used within one read.
const GROUP: &str = "tabwright-listeners";
/// The document object kept for the life of the document.
const KEEP: &str = "tabwright-document";

#[derive(Default)]
struct Known {
    /// The agent's document generation these facts are about.
    generation: Option<u64>,
    /// The main world's document object.
    document: Option<String>,
    /// Listener nodes already handed to the agent.
    nodes: HashSet<i64>,
    /// The agent last saw shadow roots or same-origin frames (or has not read yet).
    inner: bool,
}

thread_local! {
    static KNOWN: RefCell<HashMap<Debuggee, Known>> = RefCell::new(HashMap::new());
}

/// Forgets a tab's documents (closed or detached).
pub fn forget(tab: i32) {
    KNOWN.with(|k| k.borrow_mut().retain(|d, _| d.tab != tab));
}

/// What the agent's last read saw: whether the document has shadow roots or same-origin frames.
pub fn saw_inner_trees(at: &Debuggee, inner: bool) {
    KNOWN.with(|k| {
        if let Some(known) = k.borrow_mut().get_mut(at) {
            known.inner = inner;
        }
    });
}

/// Whether the agent's document (as far as is known) has not had its listeners asked for yet.
pub fn unmarked(at: &Debuggee) -> bool {
    let generation = page::known_generation(at);
    generation.is_none() || KNOWN.with(|k| k.borrow().get(at).map(|known| known.generation) != Some(generation))
}

/// Marks, in the page agent of `at`'s document, the elements with action listeners; true when
/// elements were newly marked. Failing is not an error: the read goes on with the other signals
/// (roles, handler attributes, cursor).
pub async fn mark(at: &Debuggee) -> bool {
    if at.session.is_none() {
        // Frames that are no longer attached will not be read again.
        let live: Vec<String> = cdp::children(at.tab).into_iter().map(|c| c.session).collect();
        KNOWN.with(|k| k.borrow_mut().retain(|d, _| d.tab != at.tab || d.session.as_ref().is_none_or(|s| live.contains(s))));
    }
    let (marked, told) = futures::join!(try_mark(at), tell_handlers(at));
    let marked = marked.unwrap_or(false) || told;
    KNOWN.with(|k| {
        if let Some(known) = k.borrow_mut().get_mut(at) {
            known.generation = page::known_generation(at);
        }
    });
    // Not waited for: the next command queues behind it.
    let at = at.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let _ = cdp::send_to(&at, &cdp::ReleaseObjectGroup { object_group: GROUP }).await;
    });
    marked
}

/// Looks in the page's own world for elements whose handlers a framework calls from a listener
/// on a container (page/handlers.js), and has them told to the agent; true when the agent heard
/// of new ones. A page without such a framework costs one call that finds nothing.
async fn tell_handlers(at: &Debuggee) -> bool {
    let look = cdp::Evaluate { expression: HANDLERS, context_id: None, return_by_value: true, await_promise: false, timeout: Some(LOOK_MS), object_group: None };
    let told = match cdp::send_to(at, &look).await {
        Ok(r) if r.exception_details.is_none() => r.result.value.and_then(|v| v.as_u64()).unwrap_or(0),
        _ => 0,
    };
    told > 0 && page::call_in(at, "__tabwright.takeToldHandlers()").await.is_ok_and(|(n, _)| n.as_u64().unwrap_or(0) > 0)
}

/// The main world's document object: kept, or fetched anew (a new document starts afresh).
async fn document(at: &Debuggee, refresh: bool) -> Result<String, String> {
    if !refresh {
        if let Some(doc) = KNOWN.with(|k| k.borrow().get(at).and_then(|known| known.document.clone())) {
            return Ok(doc);
        }
    }
    let evaluated = cdp::send_to(
        at,
        &cdp::Evaluate { expression: "document", context_id: None, return_by_value: false, await_promise: false, timeout: None, object_group: Some(KEEP) },
    )
    .await
    .map_err(|e| e.to_string())?;
    let doc = evaluated.result.object_id.ok_or("no document object")?;
    KNOWN.with(|k| k.borrow_mut().insert(at.clone(), Known { generation: None, document: Some(doc.clone()), nodes: HashSet::new(), inner: true }));
    Ok(doc)
}

async fn listeners_of(at: &Debuggee, tree: &str) -> Result<Vec<cdp::EventListener>, cdp::CdpError> {
    Ok(cdp::send_to(at, &cdp::GetEventListeners { object_id: tree, depth: -1, pierce: false }).await?.listeners)
}

async fn try_mark(at: &Debuggee) -> Result<bool, String> {
    let doc = document(at, false).await?;
    let mut found = match listeners_of(at, &doc).await {
        Ok(found) => found,
        // The document the object belonged to is gone: this is a new one.
        Err(_) => {
            let doc = document(at, true).await?;
            listeners_of(at, &doc).await.map_err(|e| e.to_string())?
        }
    };
    if KNOWN.with(|k| k.borrow().get(at).is_some_and(|known| known.inner)) {
        for tree in inner_trees(at).await {
            found.extend(listeners_of(at, &tree).await.unwrap_or_default());
        }
    }
    let fresh: Vec<i64> = KNOWN.with(|k| {
        let k = k.borrow();
        let known = k.get(at);
        let mut fresh = Vec::new();
        let mut taken = HashSet::new();
        for l in &found {
            let Some(id) = l.backend_node_id else { continue };
            let old = known.is_some_and(|known| known.nodes.contains(&id));
            if ACTION_EVENTS.contains(&l.kind.as_str()) && fresh.len() < MAX_NEW && !old && taken.insert(id) {
                fresh.push(id);
            }
        }
        fresh
    });
    if fresh.is_empty() {
        return Ok(false);
    }
    // The nodes, handed over in the agent's world.
    let (objects, _) = page::agent_objects(at, &fresh, GROUP).await?;
    let Some(first) = objects.first() else { return Ok(false) };
    let call = cdp::CallFunctionWith {
        function_declaration: "function (...els) { return __tabwright.markListeners(this, ...els); }",
        object_id: first,
        arguments: objects[1..].iter().map(|o| cdp::CallArgument { object_id: o }).collect(),
        return_by_value: true,
    };
    let r = cdp::send_to(at, &call).await.map_err(|e| e.to_string())?;
    if let Some(ex) = r.exception_details {
        return Err(ex.message());
    }
    KNOWN.with(|k| {
        if let Some(known) = k.borrow_mut().get_mut(at) {
            known.nodes.extend(fresh);
        }
    });
    Ok(true)
}

/// The open shadow roots and same-origin frame documents the agent lists, as objects of the
/// page's own world.
async fn inner_trees(at: &Debuggee) -> Vec<String> {
    let Some((ours, _)) = page::agent_list(at, "__tabwright.listenerRoots()", GROUP).await else { return Vec::new() };
    let describe: Vec<cdp::DescribeNode> = ours.iter().map(|o| cdp::DescribeNode { object_id: o }).collect();
    let described = futures::future::join_all(describe.iter().map(|d| cdp::send_to(at, d))).await;
    let ids: Vec<i64> = described.into_iter().filter_map(|d| d.ok()?.node.backend_node_id).collect();
    let commands: Vec<cdp::ResolveNode> = ids.iter().map(|&id| cdp::ResolveNode { backend_node_id: id, execution_context_id: None, object_group: GROUP }).collect();
    let resolved = futures::future::join_all(commands.iter().map(|c| cdp::send_to(at, c))).await;
    resolved.into_iter().filter_map(|r| r.ok()?.object.object_id).collect()
}
