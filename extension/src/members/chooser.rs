//! File choosers that Claude's input opens. A native file dialog would pop up in front of the
//! person, out of Claude's sight (screenshots show the page only), and wait there. While Claude's
//! click or key is under way, the browser instead cancels the chooser and names the file input
//! it was for: the result says so, with a ref for that input (often a hidden one behind a styled
//! button), which file_upload then fills directly.

use futures::channel::oneshot;
use serde::Deserialize;
use serde_json::Value;

use crate::cdp::{self, Debuggee};
use crate::snapshot::Node;
use crate::{activity, page, refs};

const GROUP: &str = "tabwright-chooser";

/// Runs `work` (Claude's input) with file choosers intercepted, and turns the interception off
/// after it. A chooser it opened is told in the result.
pub async fn around<T, F>(tab: i32, work: F) -> T
where
    F: std::future::Future<Output = T>,
{
    let heard = cdp::wait_for(tab, &["Page.fileChooserOpened"]);
    // Polled in this order, the interception goes out before the input's first event; the
    // browser handles both in turn.
    let (_, done) = futures::join!(intercept(tab, true), work);
    if let Some(chooser) = opened(heard, 0).await {
        let input = match chooser["backendNodeId"].as_i64() {
            Some(node) => hand_out(tab, node).await,
            None => None,
        };
        activity::notice(match input {
            Some(what) => format!("This action opened a file chooser for the file input {what}, which was not shown, so no file was chosen. To choose files, call file_upload with that ref."),
            None => "This action opened a file chooser, which was not shown, so no file was chosen. To choose files, call file_upload with the ref of its file input.".into(),
        });
    }
    wasm_bindgen_futures::spawn_local(async move {
        intercept(tab, false).await;
    });
    done
}

/// Turns the interception on or off.
async fn intercept(tab: i32, on: bool) {
    let _ = cdp::send(tab, &cdp::SetInterceptFileChooserDialog { enabled: on, cancel: on }).await;
}

/// The chooser's event, when one was opened within `ms` milliseconds.
async fn opened(heard: oneshot::Receiver<(String, Value)>, ms: i32) -> Option<Value> {
    cdp::within(heard, ms).await.filter(|(event, _)| event == "Page.fileChooserOpened").map(|(_, params)| params)
}

/// A ref for the file input the chooser was for, and how it reads (`"Avatar" (ref_9)`).
async fn hand_out(tab: i32, node: i64) -> Option<String> {
    let at = Debuggee::tab(tab);
    let (_, context, generation) = page::object_in_group(&at, "globalThis", GROUP).await.ok()?;
    let resolved = cdp::send_to(&at, &cdp::ResolveNode { backend_node_id: node, execution_context_id: Some(context), object_group: GROUP }).await;
    let answer = match resolved.ok().and_then(|r| r.object.object_id) {
        Some(object) => {
            let function = format!("function () {{ return __tabwright.handOut(this, {}); }}", refs::next());
            cdp::send_to(&at, &cdp::CallFunctionOn { function_declaration: &function, object_id: &object, return_by_value: true, await_promise: false }).await.ok()
        }
        None => None,
    };
    let _ = cdp::send_to(&at, &cdp::ReleaseObjectGroup { object_group: GROUP }).await;
    #[derive(Deserialize)]
    struct HandedOut {
        r#ref: u64,
        next: u64,
        role: String,
        name: String,
        what: String,
    }
    let out: HandedOut = serde_json::from_value(answer?.result.value?).ok()?;
    refs::record(&at, generation, out.next, &[Node { r#ref: Some(out.r#ref), role: Some(out.role), name: Some(out.name), ..Default::default() }]);
    Some(tabwright_protocol::sanitize::bounded(&tabwright_protocol::sanitize::one_line(&out.what), 200))
}
