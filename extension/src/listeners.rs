//! Elements the page listens on for clicks, mouse, pointer or keys: found with CDP's
//! DOMDebugger and handed to the page agent, which counts them as something a person can act on.
//!
//! DOMDebugger reports the listeners of the world the node object belongs to, so the trees are
//! asked through the page's own (main) world, each on its own: `pierce` (every world, every
//! shadow root and frame in one call) was measured to stall the page's scripts for tens of
//! seconds on a large document. Only new nodes are resolved: a document's listener nodes are
//! remembered per document generation, so a page read again costs a few calls.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use crate::cdp::{self, Debuggee};
use crate::page;

/// The events that make an element something to act on.
const ACTION_EVENTS: &[&str] =
    &["click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup", "keydown", "keyup", "keypress", "touchstart", "touchend"];
/// The most nodes handed over in one read; the rest follow on the next.
const MAX_NEW: usize = 600;
const GROUP: &str = "tabwright-listeners";

#[derive(Default)]
struct Known {
    generation: u64,
    nodes: HashSet<i64>,
}

thread_local! {
    static KNOWN: RefCell<HashMap<Debuggee, Known>> = RefCell::new(HashMap::new());
}

/// Forgets a tab's documents (closed or detached).
pub fn forget(tab: i32) {
    KNOWN.with(|k| k.borrow_mut().retain(|d, _| d.tab != tab));
}

/// Marks, in the page agent of `at`'s document, the elements with action listeners. Failing is
/// not an error: the read goes on with the other signals (roles, handler attributes, cursor).
pub async fn mark(at: &Debuggee) {
    let _ = try_mark(at).await;
    let _ = cdp::send_to(at, &cdp::ReleaseObjectGroup { object_group: GROUP }).await;
}

async fn try_mark(at: &Debuggee) -> Result<(), String> {
    // The agent's world first: it knows the document generation and lists the inner trees.
    let (roots, context, generation) = page::object_in_group(at, "__tabwright.listenerRoots()", GROUP).await?;
    let main_document = cdp::send_to(
        at,
        &cdp::Evaluate { expression: "document", context_id: None, return_by_value: false, await_promise: false, timeout: None, object_group: Some(GROUP) },
    )
    .await
    .map_err(|e| e.to_string())?
    .result
    .object_id
    .ok_or("no document object")?;
    let mut trees = vec![main_document];
    trees.extend(inner_trees(at, &roots).await);
    let queries: Vec<cdp::GetEventListeners> = trees.iter().map(|t| cdp::GetEventListeners { object_id: t, depth: -1, pierce: false }).collect();
    let answers = futures::future::join_all(queries.iter().map(|q| cdp::send_to(at, q))).await;
    let fresh: Vec<i64> = KNOWN.with(|k| {
        let mut k = k.borrow_mut();
        let known = k.entry(at.clone()).or_default();
        if known.generation != generation {
            *known = Known { generation, nodes: HashSet::new() };
        }
        let mut fresh = Vec::new();
        let mut taken = HashSet::new();
        for l in answers.iter().flatten().flat_map(|a| &a.listeners) {
            let Some(id) = l.backend_node_id else { continue };
            if ACTION_EVENTS.contains(&l.kind.as_str()) && fresh.len() < MAX_NEW && !known.nodes.contains(&id) && taken.insert(id) {
                fresh.push(id);
            }
        }
        fresh
    });
    if fresh.is_empty() {
        return Ok(());
    }
    // Sent together: the browser answers them in one stretch.
    let commands: Vec<cdp::ResolveNode> =
        fresh.iter().map(|&id| cdp::ResolveNode { backend_node_id: id, execution_context_id: Some(context), object_group: GROUP }).collect();
    let resolved = futures::future::join_all(commands.iter().map(|c| cdp::send_to(at, c))).await;
    let objects: Vec<String> = resolved.into_iter().filter_map(|r| r.ok()?.object.object_id).collect();
    let (Some(first), false) = (objects.first(), objects.is_empty()) else { return Ok(()) };
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
        if let Some(known) = k.borrow_mut().get_mut(at).filter(|k| k.generation == generation) {
            known.nodes.extend(fresh);
        }
    });
    Ok(())
}

/// The open shadow roots and same-origin frame documents the agent listed, as objects of the
/// page's own world.
async fn inner_trees(at: &Debuggee, roots: &cdp::RemoteObject) -> Vec<String> {
    let Some(list) = roots.object_id.as_deref().filter(|_| roots.description.as_deref() != Some("Array(0)")) else { return Vec::new() };
    let Ok(props) = cdp::send_to(at, &cdp::GetProperties { object_id: list, own_properties: true }).await else { return Vec::new() };
    let ours: Vec<String> = props.result.into_iter().filter(|p| p.name.parse::<usize>().is_ok()).filter_map(|p| p.value?.object_id).collect();
    let describe: Vec<cdp::DescribeNode> = ours.iter().map(|o| cdp::DescribeNode { object_id: o }).collect();
    let described = futures::future::join_all(describe.iter().map(|d| cdp::send_to(at, d))).await;
    let ids: Vec<i64> = described.into_iter().filter_map(|d| d.ok()?.node.backend_node_id).collect();
    let commands: Vec<cdp::ResolveNode> = ids.iter().map(|&id| cdp::ResolveNode { backend_node_id: id, execution_context_id: None, object_group: GROUP }).collect();
    let resolved = futures::future::join_all(commands.iter().map(|c| cdp::send_to(at, c))).await;
    resolved.into_iter().filter_map(|r| r.ok()?.object.object_id).collect()
}
