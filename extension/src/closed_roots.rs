//! Closed shadow roots. Neither the page's scripts nor tabwright's page agent can reach into
//! one, but the browser's DOM domain can. A box that shows something yet holds no nodes of its
//! own is asked about once; a closed root found there is handed to the agent, which from then on
//! reads it as it reads an open one (read_page, find, get_page_text, clicks by ref).

use crate::cdp::{self, Debuggee};
use crate::page;

const GROUP: &str = "tabwright-closed";

/// How many boxes one read asks about at most (each is asked about once per document).
const AT_ONCE: usize = 30;
/// How many closed roots deep, one inside another, a read looks beyond the first.
pub const NESTED: usize = 4;

/// Hands the agent the closed roots of the boxes it has not asked about yet. Whether one was
/// found (the read is then done again).
pub async fn adopt(at: &Debuggee) -> bool {
    let found = find_and_adopt(at).await;
    let _ = cdp::send_to(at, &cdp::ReleaseObjectGroup { object_group: GROUP }).await;
    found
}

async fn find_and_adopt(at: &Debuggee) -> bool {
    let Some((hosts, context)) = page::agent_list(at, &format!("__tabwright.closedCandidates({AT_ONCE})"), GROUP).await else { return false };
    // Each command of a stage is sent at once: the browser answers them in one stretch.
    let asks: Vec<cdp::DescribeNodeShadows> = hosts.iter().map(|h| cdp::DescribeNodeShadows { object_id: h, depth: 1, pierce: true }).collect();
    let described = futures::future::join_all(asks.iter().map(|a| cdp::send_to(at, a))).await;
    let closed: Vec<(&String, i64)> = hosts
        .iter()
        .zip(described)
        .filter_map(|(host, d)| {
            let d = d.ok()?;
            let root = d.node.shadow_roots.into_iter().find(|r| r.shadow_root_type.as_deref() == Some("closed"))?;
            Some((host, root.backend_node_id))
        })
        .collect();
    if closed.is_empty() {
        return false;
    }
    let resolve: Vec<cdp::ResolveNode> = closed.iter().map(|&(_, id)| cdp::ResolveNode { backend_node_id: id, execution_context_id: Some(context), object_group: GROUP }).collect();
    let roots = futures::future::join_all(resolve.iter().map(|r| cdp::send_to(at, r))).await;
    let handed: Vec<(String, &String)> = roots.into_iter().zip(closed.iter()).filter_map(|(r, &(host, _))| Some((r.ok()?.object.object_id?, host))).collect();
    let calls: Vec<cdp::CallWithObject> = handed
        .iter()
        .map(|(root, host)| cdp::CallWithObject {
            function_declaration: "function (host) { return __tabwright.adoptRoot(host, this); }",
            object_id: root,
            arguments: [cdp::ObjectArgument { object_id: host }],
            return_by_value: true,
        })
        .collect();
    let adopted = futures::future::join_all(calls.iter().map(|c| cdp::send_to(at, c))).await;
    adopted.into_iter().any(|a| a.is_ok_and(|a| a.result.value == Some(serde_json::Value::Bool(true))))
}
