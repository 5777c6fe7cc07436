//! Elements the page listens on for clicks, mouse, pointer or keys: found with CDP's
//! DOMDebugger (one call per document read) and handed to the page agent, which counts them as
//! something a person can act on.
//!
//! Only new nodes are resolved: a document's listener nodes are remembered per document
//! generation, so a page read again costs one `getEventListeners` call.

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
/// not an error: the read goes on with the other signals (roles, handlers in attributes, cursor).
pub async fn mark(at: &Debuggee) {
    let _ = try_mark(at).await;
    let _ = cdp::send_to(at, &cdp::ReleaseObjectGroup { object_group: GROUP }).await;
}

async fn try_mark(at: &Debuggee) -> Result<(), String> {
    let (document, context, generation) = page::object_in_group(at, "document", GROUP).await?;
    let document = document.object_id.ok_or("no document object")?;
    // Each tree on its own: `pierce` (into shadow roots and frames in one call) was measured to
    // leave the page's scripts stalled for tens of seconds on a large document.
    let mut roots = vec![(document.clone(), false)];
    roots.extend(inner_roots(at).await);
    let queries: Vec<cdp::GetEventListeners> = roots.iter().map(|(r, pierce)| cdp::GetEventListeners { object_id: r, depth: -1, pierce: *pierce }).collect();
    let mut found = cdp::EventListeners::default();
    for answer in futures::future::join_all(queries.iter().map(|q| cdp::send_to(at, q))).await {
        found.listeners.extend(answer.map_err(|e| e.to_string())?.listeners);
    }
    let fresh: Vec<i64> = KNOWN.with(|k| {
        let mut k = k.borrow_mut();
        let known = k.entry(at.clone()).or_default();
        if known.generation != generation {
            *known = Known { generation, nodes: HashSet::new() };
        }
        let mut fresh = Vec::new();
        let mut taken = HashSet::new();
        for l in &found.listeners {
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
        fresh.iter().map(|&id| cdp::ResolveNode { backend_node_id: id, execution_context_id: context, object_group: GROUP }).collect();
    let resolved = futures::future::join_all(commands.iter().map(|c| cdp::send_to(at, c))).await;
    let objects: Vec<String> = resolved.into_iter().filter_map(|r| r.ok()?.object.object_id).collect();
    if objects.is_empty() {
        return Ok(());
    }
    let arguments = objects.iter().map(|o| cdp::CallArgument { object_id: o }).collect();
    let call = cdp::CallFunctionWith {
        function_declaration: "function (...els) { return __tabwright.markListeners(...els); }",
        object_id: &document,
        arguments,
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

/// The open shadow roots (asked with `pierce`, which a shadow root needs) and same-origin frame
/// documents of the page, as remote objects.
async fn inner_roots(at: &Debuggee) -> Vec<(String, bool)> {
    let Ok((list, _, _)) = page::object_in_group(at, "__tabwright.listenerRoots()", GROUP).await else { return Vec::new() };
    let Some(list) = list.object_id.filter(|_| list.description.as_deref() != Some("Array(0)")) else { return Vec::new() };
    let Ok(props) = cdp::send_to(at, &cdp::GetProperties { object_id: &list, own_properties: true }).await else { return Vec::new() };
    props
        .result
        .into_iter()
        .filter(|p| p.name.parse::<usize>().is_ok())
        .filter_map(|p| {
            let value = p.value?;
            let shadow = value.class_name.as_deref() == Some("ShadowRoot");
            Some((value.object_id?, shadow))
        })
        .collect()
}

