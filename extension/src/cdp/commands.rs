//! The CDP commands tabwright sends: each params type, its method and its response, and the
//! small helpers that send one of them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Command;

macro_rules! command {
    ($name:ident, $method:literal, $response:ty) => {
        impl Command for $name {
            const METHOD: &'static str = $method;
            type Response = $response;
        }
    };
}

/// Chrome's lifecycle events (each names its document's loader).
#[derive(Serialize)]
pub struct SetLifecycleEventsEnabled {
    pub enabled: bool,
}
command!(SetLifecycleEventsEnabled, "Page.setLifecycleEventsEnabled", Empty);

/// Whether the page takes itself for focused whatever the window's focus.
#[derive(Serialize)]
pub struct SetFocusEmulationEnabled {
    pub enabled: bool,
}
command!(SetFocusEmulationEnabled, "Emulation.setFocusEmulationEnabled", Empty);

#[derive(Serialize)]
pub struct PageEnable {}
command!(PageEnable, "Page.enable", Empty);

#[derive(Serialize)]
pub struct RuntimeEnable {}
command!(RuntimeEnable, "Runtime.enable", Empty);

#[derive(Serialize)]
pub struct LogEnable {}
command!(LogEnable, "Log.enable", Empty);

#[derive(Serialize)]
pub struct NetworkEnable {}
command!(NetworkEnable, "Network.enable", Empty);

#[derive(Debug, Default, Deserialize)]
pub struct Empty {}

#[derive(Serialize)]
pub struct Navigate<'a> {
    pub url: &'a str,
}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigateResponse {
    #[serde(default)]
    pub frame_id: String,
    pub loader_id: Option<String>,
    pub error_text: Option<String>,
}
impl Command for Navigate<'_> {
    const METHOD: &'static str = "Page.navigate";
    type Response = NavigateResponse;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reload {
    pub ignore_cache: bool,
}
command!(Reload, "Page.reload", Empty);

#[derive(Serialize)]
pub struct StopLoading {}
command!(StopLoading, "Page.stopLoading", Empty);

/// Whether the page's scripts run (off while a page that keeps navigating itself is left).
#[derive(Serialize)]
pub struct SetScriptExecutionDisabled {
    pub value: bool,
}
command!(SetScriptExecutionDisabled, "Emulation.setScriptExecutionDisabled", Empty);

#[derive(Serialize)]
pub struct GetNavigationHistory {}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigationHistory {
    pub current_index: i64,
    pub entries: Vec<HistoryEntry>,
}
#[derive(Debug, Deserialize)]
pub struct HistoryEntry {
    pub id: i64,
    pub url: String,
}
command!(GetNavigationHistory, "Page.getNavigationHistory", NavigationHistory);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigateToHistoryEntry {
    pub entry_id: i64,
}
command!(NavigateToHistoryEntry, "Page.navigateToHistoryEntry", Empty);

#[derive(Serialize)]
pub struct CaptureViewport {
    pub format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<u32>,
}
#[derive(Debug, Deserialize)]
pub struct Screenshot {
    pub data: String,
}
command!(CaptureViewport, "Page.captureScreenshot", Screenshot);

#[derive(Serialize)]
pub struct GetFrameTree {}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameTreeResponse {
    pub frame_tree: FrameTree,
}
#[derive(Debug, Deserialize)]
pub struct FrameTree {
    pub frame: Frame,
}
#[derive(Debug, Deserialize)]
pub struct Frame {
    pub id: String,
}
command!(GetFrameTree, "Page.getFrameTree", FrameTreeResponse);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateIsolatedWorld<'a> {
    pub frame_id: &'a str,
    pub world_name: &'a str,
    pub grant_univeral_access: bool,
}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IsolatedWorld {
    pub execution_context_id: i64,
}
impl Command for CreateIsolatedWorld<'_> {
    const METHOD: &'static str = "Page.createIsolatedWorld";
    type Response = IsolatedWorld;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Evaluate<'a> {
    pub expression: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_id: Option<i64>,
    pub return_by_value: bool,
    pub await_promise: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// The group a returned object joins, to be released with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object_group: Option<&'a str>,
}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EvaluateResponse {
    pub result: RemoteObject,
    pub exception_details: Option<ExceptionDetails>,
}
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoteObject {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub subtype: Option<String>,
    #[serde(default)]
    pub value: Option<Value>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub class_name: Option<String>,
    #[serde(default)]
    pub object_id: Option<String>,
    /// The value as the browser serialized it itself, when asked to (see [`SerializeDeep`]).
    #[serde(default)]
    pub deep_serialized_value: Option<Value>,
}
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExceptionDetails {
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub line_number: i64,
    #[serde(default)]
    pub column_number: i64,
    #[serde(default)]
    pub exception: Option<RemoteObject>,
    #[serde(default)]
    pub stack_trace: Option<Value>,
}
impl ExceptionDetails {
    /// Where it was thrown, 1-based, from the first stack frame when there is one.
    pub fn position(&self) -> (i64, i64) {
        let frame = self.stack_trace.as_ref().and_then(|s| s["callFrames"].get(0));
        match frame {
            Some(f) => (f["lineNumber"].as_i64().unwrap_or(self.line_number) + 1, f["columnNumber"].as_i64().unwrap_or(self.column_number) + 1),
            None => (self.line_number + 1, self.column_number + 1),
        }
    }

    /// The thrown value's description, else CDP's summary.
    pub fn message(&self) -> String {
        self.exception.as_ref().and_then(|e| e.description.clone()).unwrap_or_else(|| self.text.clone())
    }
}
impl Command for Evaluate<'_> {
    const METHOD: &'static str = "Runtime.evaluate";
    type Response = EvaluateResponse;
}

#[derive(Serialize, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub struct SetAutoAttach {
    pub auto_attach: bool,
    pub wait_for_debugger_on_start: bool,
    pub flatten: bool,
}
command!(SetAutoAttach, "Target.setAutoAttach", Empty);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DescribeNode<'a> {
    pub object_id: &'a str,
}
#[derive(Debug, Deserialize)]
pub struct DescribedNode {
    pub node: DescribedNodeInner,
}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DescribedNodeInner {
    #[serde(default)]
    pub frame_id: Option<String>,
    #[serde(default)]
    pub backend_node_id: Option<i64>,
}
impl Command for DescribeNode<'_> {
    const METHOD: &'static str = "DOM.describeNode";
    type Response = DescribedNode;
}

/// A node with its shadow roots, closed ones included.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DescribeNodeShadows<'a> {
    pub object_id: &'a str,
    pub depth: i32,
    pub pierce: bool,
}
#[derive(Debug, Deserialize)]
pub struct DescribedShadows {
    pub node: NodeShadows,
}
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeShadows {
    #[serde(default)]
    pub shadow_roots: Vec<ShadowRootNode>,
}
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShadowRootNode {
    #[serde(default)]
    pub backend_node_id: i64,
    #[serde(default)]
    pub shadow_root_type: Option<String>,
}
impl Command for DescribeNodeShadows<'_> {
    const METHOD: &'static str = "DOM.describeNode";
    type Response = DescribedShadows;
}

/// A function called on an object with one other object as its argument.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallWithObject<'a> {
    pub function_declaration: &'static str,
    pub object_id: &'a str,
    pub arguments: [ObjectArgument<'a>; 1],
    pub return_by_value: bool,
}
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectArgument<'a> {
    pub object_id: &'a str,
}
impl Command for CallWithObject<'_> {
    const METHOD: &'static str = "Runtime.callFunctionOn";
    type Response = EvaluateResponse;
}



#[derive(Serialize)]
pub struct Clip {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub scale: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CaptureClip {
    pub format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<u32>,
    pub clip: Clip,
    pub from_surface: bool,
    pub capture_beyond_viewport: bool,
}
command!(CaptureClip, "Page.captureScreenshot", Screenshot);

#[derive(Serialize, Default, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub struct MouseEvent {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub x: f64,
    pub y: f64,
    pub modifiers: u32,
    pub button: &'static str,
    pub buttons: u32,
    pub click_count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delta_x: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delta_y: Option<f64>,
    pub pointer_type: &'static str,
}
command!(MouseEvent, "Input.dispatchMouseEvent", Empty);

#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct KeyEvent {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub modifiers: u32,
    pub key: String,
    pub code: String,
    pub windows_virtual_key_code: u32,
    pub native_virtual_key_code: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unmodified_text: Option<String>,
    pub location: u32,
    pub auto_repeat: bool,
    pub is_keypad: bool,
    /// Editing commands the key stands for (`selectAll`, `paste`, …).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub commands: &'static [&'static str],
}
command!(KeyEvent, "Input.dispatchKeyEvent", Empty);

#[derive(Serialize)]
pub struct InsertText<'a> {
    pub text: &'a str,
}
impl Command for InsertText<'_> {
    const METHOD: &'static str = "Input.insertText";
    type Response = Empty;
}

#[derive(Serialize)]
pub struct SetInterceptDrags {
    pub enabled: bool,
}
command!(SetInterceptDrags, "Input.setInterceptDrags", Empty);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DragEvent {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub x: f64,
    pub y: f64,
    pub data: Value,
    pub modifiers: u32,
}
command!(DragEvent, "Input.dispatchDragEvent", Empty);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GetFrameOwner<'a> {
    pub frame_id: &'a str,
}
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameOwner {
    pub backend_node_id: i64,
}
impl Command for GetFrameOwner<'_> {
    const METHOD: &'static str = "DOM.getFrameOwner";
    type Response = FrameOwner;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GetBoxModel {
    pub backend_node_id: i64,
}
#[derive(Debug, Deserialize)]
pub struct BoxModelResponse {
    pub model: BoxModel,
}
#[derive(Debug, Deserialize)]
pub struct BoxModel {
    pub content: Vec<f64>,
    #[serde(default)]
    pub border: Vec<f64>,
    /// The border box's width as laid out (before a transform or CSS zoom around it).
    #[serde(default)]
    pub width: f64,
}
command!(GetBoxModel, "DOM.getBoxModel", BoxModelResponse);

/// Scrolls a node's document (and the boxes in it) until `rect`, in the node's border box, is in
/// view.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScrollIntoViewIfNeeded {
    pub backend_node_id: i64,
    pub rect: Rect,
}
#[derive(Serialize)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}
command!(ScrollIntoViewIfNeeded, "DOM.scrollIntoViewIfNeeded", Empty);

/// The document's tree of nodes, down to `depth` (DevTools then reports the changes to the
/// nodes it sent, until DOM.disable).
#[derive(Serialize)]
pub struct GetDocument {
    pub depth: i64,
    pub pierce: bool,
}
#[derive(Debug, Deserialize)]
pub struct DocumentResponse {
    pub root: DomNode,
}
/// A node of [`GetDocument`]'s tree (the fields read of it).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DomNode {
    pub backend_node_id: i64,
    pub node_type: u32,
    pub node_name: String,
    #[serde(default)]
    pub children: Vec<DomNode>,
}
command!(GetDocument, "DOM.getDocument", DocumentResponse);
/// Ends DevTools' reports of DOM changes that [`GetDocument`] began.
#[derive(Serialize)]
pub struct DomDisable {}
command!(DomDisable, "DOM.disable", Empty);

/// A domain's `enable` command, which takes no parameters.
pub struct Enable(pub &'static str);
impl Serialize for Enable {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_map(Some(0)).and_then(serde::ser::SerializeMap::end)
    }
}


/// File choosers the page opens are not shown (and are cancelled, so the page hears that no
/// file was chosen); `Page.fileChooserOpened` names the file input instead.
#[derive(Serialize, Clone, Copy)]
pub struct SetInterceptFileChooserDialog {
    pub enabled: bool,
    pub cancel: bool,
}
command!(SetInterceptFileChooserDialog, "Page.setInterceptFileChooserDialog", Empty);

#[derive(Serialize)]
pub struct HandleDialog {
    pub accept: bool,
}
command!(HandleDialog, "Page.handleJavaScriptDialog", Empty);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvaluateInPage<'a> {
    pub expression: &'a str,
    pub return_by_value: bool,
    pub await_promise: bool,
    pub repl_mode: bool,
    pub user_gesture: bool,
    pub timeout: f64,
    pub generate_preview: bool,
}
impl Command for EvaluateInPage<'_> {
    const METHOD: &'static str = "Runtime.evaluate";
    type Response = EvaluateResponse;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallFunctionOn<'a> {
    pub function_declaration: &'a str,
    pub object_id: &'a str,
    pub return_by_value: bool,
    pub await_promise: bool,
}
impl Command for CallFunctionOn<'_> {
    const METHOD: &'static str = "Runtime.callFunctionOn";
    type Response = EvaluateResponse;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SetFileInputFiles<'a> {
    pub files: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backend_node_id: Option<i64>,
}
impl Command for SetFileInputFiles<'_> {
    const METHOD: &'static str = "DOM.setFileInputFiles";
    type Response = Empty;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddScriptToEvaluateOnNewDocument<'a> {
    pub source: &'a str,
    pub world_name: &'static str,
}
impl Command for AddScriptToEvaluateOnNewDocument<'_> {
    const METHOD: &'static str = "Page.addScriptToEvaluateOnNewDocument";
    type Response = ScriptIdentifier;
}
#[derive(Debug, Deserialize)]
pub struct ScriptIdentifier {
    pub identifier: String,
}

#[derive(Serialize)]
pub struct RemoveScriptToEvaluateOnNewDocument<'a> {
    pub identifier: &'a str,
}
impl Command for RemoveScriptToEvaluateOnNewDocument<'_> {
    const METHOD: &'static str = "Page.removeScriptToEvaluateOnNewDocument";
    type Response = Empty;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddBinding {
    pub name: &'static str,
    pub execution_context_name: &'static str,
}
command!(AddBinding, "Runtime.addBinding", Empty);

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GetEventListeners<'a> {
    pub object_id: &'a str,
    /// -1: the whole subtree.
    pub depth: i32,
    /// Into shadow roots and same-process frames.
    pub pierce: bool,
}
#[derive(Debug, Default, Deserialize)]
pub struct EventListeners {
    #[serde(default)]
    pub listeners: Vec<EventListener>,
}
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventListener {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub backend_node_id: Option<i64>,
}
impl Command for GetEventListeners<'_> {
    const METHOD: &'static str = "DOMDebugger.getEventListeners";
    type Response = EventListeners;
}

/// An object of the page, serialized by the browser itself, to `max_depth` levels: the page's
/// built-ins (which it may have replaced: `JSON.stringify`, `Map`, `Node`) are not used.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SerializeDeep<'a> {
    pub function_declaration: &'static str,
    pub object_id: &'a str,
    pub serialization_options: Value,
}
impl<'a> SerializeDeep<'a> {
    pub fn new(object_id: &'a str, max_depth: u32) -> Self {
        SerializeDeep {
            function_declaration: "function () { return this; }",
            object_id,
            serialization_options: serde_json::json!({ "serialization": "deep", "maxDepth": max_depth, "additionalParameters": { "maxNodeDepth": 0, "includeShadowTree": "none" } }),
        }
    }
}
impl Command for SerializeDeep<'_> {
    const METHOD: &'static str = "Runtime.callFunctionOn";
    type Response = EvaluateResponse;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolveNode<'a> {
    pub backend_node_id: i64,
    /// None: the page's own (main) world.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub execution_context_id: Option<i64>,
    pub object_group: &'a str,
}
#[derive(Debug, Deserialize)]
pub struct ResolvedNode {
    pub object: RemoteObject,
}
impl Command for ResolveNode<'_> {
    const METHOD: &'static str = "DOM.resolveNode";
    type Response = ResolvedNode;
}

/// Calls a function with remote objects as its `this` and arguments.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallFunctionWith<'a> {
    pub function_declaration: &'a str,
    pub object_id: &'a str,
    pub arguments: Vec<CallArgument<'a>>,
    pub return_by_value: bool,
}
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallArgument<'a> {
    pub object_id: &'a str,
}
impl Command for CallFunctionWith<'_> {
    const METHOD: &'static str = "Runtime.callFunctionOn";
    type Response = EvaluateResponse;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseObjectGroup<'a> {
    pub object_group: &'a str,
}
impl Command for ReleaseObjectGroup<'_> {
    const METHOD: &'static str = "Runtime.releaseObjectGroup";
    type Response = Empty;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GetProperties<'a> {
    pub object_id: &'a str,
    pub own_properties: bool,
}
#[derive(Debug, Default, Deserialize)]
pub struct Properties {
    #[serde(default)]
    pub result: Vec<Property>,
}
#[derive(Debug, Default, Deserialize)]
pub struct Property {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub value: Option<RemoteObject>,
}
impl Command for GetProperties<'_> {
    const METHOD: &'static str = "Runtime.getProperties";
    type Response = Properties;
}

/// The browser's accessibility node for a page object, alone (its role, name and states, as
/// the page's ElementInternals set them too), read as plain JSON.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GetPartialAxTree<'a> {
    pub object_id: &'a str,
    pub fetch_relatives: bool,
}
impl Command for GetPartialAxTree<'_> {
    const METHOD: &'static str = "Accessibility.getPartialAXTree";
    type Response = Value;
}

#[derive(Serialize)]
pub struct AccessibilityDisable {}
command!(AccessibilityDisable, "Accessibility.disable", Empty);
