//! Elements the page listens on for clicks, mouse, pointer or keys: found with CDP's
//! DOMDebugger and handed to the page agent, which counts them as something a person can act on.
//!
//! DOMDebugger reports the listeners of the world the node object belongs to, so the document is
//! asked through the page's own (main) world. Its shadow roots and same-origin frames come in
//! the same answer (`pierce`) while the agent sees some (and before its first read): asked one
//! by one, each root took three browser messages, and a page of 34 web components spent 75 ms
//! on them against 11 ms in one. (A note from the first version said `pierce` stalled a large
//! document for tens of seconds; measured again on a page of 12,000 elements with 40 components,
//! 1,500 nested boxes and frames, it cost what the same listeners cost without it.) With
//! `pierce` the answer holds every world's listeners: the page agent's own are on the window,
//! the document and its overlay, which no read lists, but another extension's content script in
//! the same profile can make an element read as clickable (the README asks for a profile of its
//! own).
//!
//! A read of an unchanged page costs nothing here: listeners are asked for on a document's first
//! read, and later only when the agent saw the DOM change. Then the main world's document object
//! is reused and only new listener nodes are handed over.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use crate::cdp::{self, Debuggee};
use crate::page;

/// The events that make an element something to act on.
const ACTION_EVENTS: &[&str] =
    &["click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup", "keydown", "keyup", "keypress", "touchstart", "touchend"];
/// The look for handlers that frameworks keep for themselves, run in the page's own world
/// (page/handlers.js, compacted by `cargo xtask build` into pkg/handlers.js), handed over by the
/// worker as it starts.
static HANDLERS: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Keeps the look's source for the worker's life (set once, before the core starts).
pub fn set_source(source: String) {
    let _ = HANDLERS.set(source);
}
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
    let marked = try_mark(at).await;
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
/// on a container (page/handlers.js), and has them told to the agent. Whether the agent heard of
/// new ones, and how many elements the look went through. A page without such a framework costs
/// one call that finds nothing.
async fn tell_handlers(at: &Debuggee) -> (bool, usize) {
    // Without the file (a build that did not write it), elements are found by their listeners
    // alone.
    let Some(source) = HANDLERS.get() else { return (false, 0) };
    let look = cdp::Evaluate { expression: source, context_id: None, return_by_value: true, await_promise: false, timeout: Some(LOOK_MS), object_group: None };
    let answer = match cdp::send_to(at, &look).await {
        Ok(r) if r.exception_details.is_none() => r.result.value.unwrap_or_default(),
        _ => return (false, 0),
    };
    let count = |i: usize| answer.get(i).and_then(|n| n.as_u64()).unwrap_or(0) as usize;
    let heard = count(0) > 0 && page::call_in(at, "__tabwright.takeToldHandlers()").await.is_ok_and(|(n, _)| n.as_u64().unwrap_or(0) > 0);
    (heard, count(1))
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

/// The listeners of the document `doc` and everything in it, into its shadow roots and frames
/// when the agent last saw some there.
async fn listeners_of(at: &Debuggee, doc: &str) -> Result<Vec<cdp::EventListener>, cdp::CdpError> {
    let pierce = KNOWN.with(|k| k.borrow().get(at).is_none_or(|known| known.inner));
    Ok(cdp::send_to(at, &cdp::GetEventListeners { object_id: doc, depth: -1, pierce }).await?.listeners)
}

/// Marks the elements with action listeners, and those a framework keeps handlers for; true
/// when the agent heard of new ones.
async fn try_mark(at: &Debuggee) -> bool {
    let (found, (told, elements)) = futures::join!(listener_nodes(at), tell_handlers(at));
    // No listeners known: the look for frameworks' handlers went on regardless.
    let top = found.unwrap_or_default();
    // Many new nodes in the top document are found in its tree in one message, where handing
    // each over takes a message of its own (about a millisecond apiece through the extension's
    // debugger; a component library's page has a hundred or more). The tree costs more the
    // larger the document is. (Nodes in shadow roots and frames are not in that tree: they are
    // handed over on their own.)
    // (At most MAX_NEW are handed over in a read; and a document the look could not count to
    // its end is too large for its tree.)
    let mut pointed = false;
    let one_by_one = top.len().min(MAX_NEW) as f64 * NODE_MS;
    let mut rest = if elements < TREE_ELEMENTS && one_by_one > TREE_MS + elements as f64 * TREE_MS_PER_ELEMENT {
        let (took, missed) = by_path(at, &top).await;
        pointed = !took.is_empty();
        remember(at, &took);
        missed
    } else {
        top
    };
    rest.truncate(MAX_NEW);
    let handed = hand_over(at, &rest).await.unwrap_or(false);
    handed || pointed || told
}

/// The time, in milliseconds, one node takes to hand over on its own; the document's tree,
/// and how much more each element of the document makes it take (the browser hands the
/// extension each node of an answer as an object of its own, some 40 microseconds apiece).
/// Measured through the extension on pages of 275 and 440 elements (83 and 158 nodes with
/// listeners): 60 and 100 ms handed over one by one, 22 and 30 ms through the tree.
const NODE_MS: f64 = 0.7;
const TREE_MS: f64 = 5.0;
const TREE_MS_PER_ELEMENT: f64 = 0.06;
/// The look counts elements up to 20,000 (page/handlers.js): a document it counted that far is
/// never asked for its tree.
const TREE_ELEMENTS: usize = 20_000;
/// How deep the tree is asked for: deeper nodes are handed over on their own (each level is
/// two levels of the JSON it comes as, which is read to a depth of 128).
const TREE_DEPTH: i64 = 50;

/// Marks the `wanted` nodes of the top document through its tree: each one's place (the
/// element indices down from the document) is handed to the agent, which checks that the
/// element there has the node's name, all in one message. The nodes marked, and those that
/// were not (not in the tree as asked for, or moved meanwhile).
async fn by_path(at: &Debuggee, wanted: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let tree = cdp::send_to(at, &cdp::GetDocument { depth: TREE_DEPTH, pierce: false }).await;
    // Not waited for: DevTools stops reporting the changes of the nodes it sent.
    cdp::send_soon(at, cdp::DomDisable {});
    let Ok(tree) = tree else { return (Vec::new(), wanted.to_vec()) };
    let want: HashSet<i64> = wanted.iter().copied().collect();
    // The wanted nodes found in the tree, and their places, in the same order.
    let (mut ids, mut places) = (Vec::new(), Vec::new());
    // Depth first, without recursion: (node, its place).
    let mut stack: Vec<(&cdp::DomNode, Vec<u32>)> = vec![(&tree.root, Vec::new())];
    while let Some((node, place)) = stack.pop() {
        if node.node_type == 1 && want.contains(&node.backend_node_id) {
            ids.push(node.backend_node_id);
            places.push(serde_json::json!([node.node_name, place]));
        }
        let elements = node.children.iter().filter(|c| c.node_type == 1);
        for (i, child) in elements.enumerate() {
            let mut inner = place.clone();
            inner.push(i as u32);
            stack.push((child, inner));
        }
    }
    let list = serde_json::Value::Array(places);
    let missed_at: HashSet<usize> = match page::call_in(at, &format!("__tabwright.markPlaces({list})")).await {
        Ok((serde_json::Value::Array(missed), _)) => missed.iter().filter_map(|i| i.as_u64()).map(|i| i as usize).collect(),
        _ => (0..ids.len()).collect(),
    };
    let placed: HashSet<i64> = ids.iter().copied().collect();
    let (mut took, mut missed) = (Vec::new(), Vec::new());
    for (i, &id) in ids.iter().enumerate() {
        if missed_at.contains(&i) {
            missed.push(id);
        } else {
            took.push(id);
        }
    }
    missed.extend(wanted.iter().copied().filter(|id| !placed.contains(id)));
    (took, missed)
}

/// The nodes with action listeners not handed to the agent before, in the document and its
/// shadow roots and same-origin frames.
async fn listener_nodes(at: &Debuggee) -> Result<Vec<i64>, String> {
    let doc = document(at, false).await?;
    let found = match listeners_of(at, &doc).await {
        Ok(found) => found,
        // The document the object belonged to is gone: this is a new one.
        Err(_) => {
            let doc = document(at, true).await?;
            listeners_of(at, &doc).await.map_err(|e| e.to_string())?
        }
    };
    Ok(KNOWN.with(|k| {
        let k = k.borrow();
        let known = k.get(at);
        let mut taken = HashSet::new();
        found
            .iter()
            .filter(|l| ACTION_EVENTS.contains(&l.kind.as_str()))
            .filter_map(|l| l.backend_node_id)
            .filter(|id| !known.is_some_and(|known| known.nodes.contains(id)) && taken.insert(*id))
            .collect()
    }))
}

/// Hands `fresh` listener nodes to the agent, one browser message each; true when it took some.
async fn hand_over(at: &Debuggee, fresh: &[i64]) -> Result<bool, String> {
    if fresh.is_empty() {
        return Ok(false);
    }
    // The nodes, handed over in the agent's world.
    let (objects, _) = page::agent_objects(at, fresh, GROUP).await?;
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
    remember(at, fresh);
    Ok(true)
}

/// Notes listener nodes as handed to the agent of `at`'s document.
fn remember(at: &Debuggee, nodes: &[i64]) {
    KNOWN.with(|k| {
        if let Some(known) = k.borrow_mut().get_mut(at) {
            known.nodes.extend(nodes);
        }
    });
}
