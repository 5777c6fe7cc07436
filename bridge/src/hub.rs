//! The hub: one browser, one extension link, many agent connections.
//!
//! Member calls are serialized (a call's side effects are attributed to it), run through the
//! protocol crate's pipeline, and answered as tool_results.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tabwright_protocol::blocks::{BrowserState, ToolResult, ToolUse};
use tabwright_protocol::config::Configs;
use tabwright_protocol::members::Member;
use tabwright_protocol::pipeline::{preflight, Pipeline, PipelineConfig};
use tabwright_protocol::wire::{AgentError, FromExtension, Outcome, Reply, StateReport, ToExtension};
use tabwright_protocol::{NOT_EXECUTED, TOOLSET_NAME};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{mpsc, oneshot, watch};

use crate::framing::{self, FrameError, MAX_FROM_EXTENSION, MAX_TO_EXTENSION};

/// Settings of a hub.
#[derive(Clone, Debug)]
pub struct HubConfig {
    /// How long one member call may take end to end.
    pub call_timeout: Duration,
    /// How long a call waits for the extension to (re)connect before it fails.
    pub connect_wait: Duration,
    /// How results are shaped (e.g. whether download paths are shown).
    pub pipeline: PipelineConfig,
    /// The browsing policy: allowed and blocked hosts, confirmations, upload roots.
    pub policy: tabwright_protocol::policy::Policy,
    /// A private folder where files to upload are copied after their check.
    pub staging: std::path::PathBuf,
}

impl Default for HubConfig {
    fn default() -> Self {
        HubConfig {
            call_timeout: Duration::from_secs(90),
            connect_wait: Duration::from_secs(15),
            pipeline: PipelineConfig::default(),
            policy: tabwright_protocol::policy::Policy::default(),
            staging: std::env::temp_dir().join(format!("tabwright-uploads-{}", std::process::id())),
        }
    }
}

/// The extension as the hub last heard from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtensionInfo {
    pub version: String,
    pub extension_id: String,
}

struct Link {
    serial: u64,
    tx: mpsc::UnboundedSender<Vec<u8>>,
    /// Closes this link's transport when a newer one replaces it, so its extension reconnects.
    close: Option<oneshot::Sender<()>>,
}

/// Why the extension could not answer a request.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("The tabwright extension is not connected, so the browser cannot be reached. Check that the browser is running with the extension loaded (tabwright status).")]
    NotConnected,
    #[error("The extension disconnected during the call (its service worker restarted or the browser closed). Whether the action took effect is unknown: look at the page before retrying.")]
    Disconnected,
    #[error("The browser did not finish {0} within {1} seconds. Whether it took effect is unknown: look at the page before retrying.")]
    Timeout(String, u64),
    #[error("The request is too large to pass to the browser ({0} bytes; Chrome's limit is 1 MiB). Send a smaller input.")]
    TooLarge(usize),
    #[error("The extension sent an unexpected reply.")]
    BadReply,
}

/// Reads one extension message; lone surrogates a page put in its text become U+FFFD instead of
/// making the whole message unreadable.
fn parse_from_extension(payload: &[u8]) -> Result<FromExtension, String> {
    let text = std::str::from_utf8(payload).map_err(|e| format!("not UTF-8: {e}"))?;
    let text = tabwright_protocol::sanitize::repair_json_surrogates(text);
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// The hub shared by the extension link and every agent connection.
pub struct Hub {
    config: HubConfig,
    link: Mutex<Option<Link>>,
    pending: Mutex<HashMap<u64, oneshot::Sender<FromExtension>>>,
    next_id: AtomicU64,
    connected: watch::Sender<Option<ExtensionInfo>>,
    /// Held for the whole of a member call (a whole batch for `run`): calls run one at a time, in order.
    pipeline: tokio::sync::Mutex<Pipeline>,
    /// What replies that came after their call timed out reported.
    late: Mutex<StateReport>,
}

impl Hub {
    pub fn new(config: HubConfig) -> Arc<Hub> {
        Arc::new(Hub {
            pipeline: tokio::sync::Mutex::new(Pipeline::with_config(config.pipeline.clone())),
            config,
            link: Mutex::new(None),
            pending: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            connected: watch::channel(None).0,
            late: Mutex::new(StateReport::default()),
        })
    }

    /// The extension's hello, once connected.
    pub fn extension(&self) -> Option<ExtensionInfo> {
        self.connected.borrow().clone()
    }

    /// Waits until an extension has said hello, at most `wait`.
    pub async fn wait_connected(&self, wait: Duration) -> Option<ExtensionInfo> {
        let mut rx = self.connected.subscribe();
        let found = tokio::time::timeout(wait, rx.wait_for(Option::is_some)).await;
        match found {
            Ok(Ok(info)) => info.clone(),
            _ => None,
        }
    }

    /// Serves one extension connection until it closes. A new connection replaces the old one.
    pub async fn serve_extension<R, W>(self: &Arc<Self>, mut reader: R, mut writer: W)
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        static SERIAL: AtomicU64 = AtomicU64::new(1);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        let (tx, mut rx) = mpsc::unbounded_channel::<Vec<u8>>();
        let (close, mut closed) = oneshot::channel::<()>();
        let previous = self.link.lock().map(|mut l| l.replace(Link { serial, tx, close: Some(close) })).ok().flatten();
        if let Some(mut previous) = previous {
            if let Some(close) = previous.close.take() {
                let _ = close.send(());
            }
            self.fail_pending();
        }
        let writer_task = tokio::spawn(async move {
            while let Some(frame) = rx.recv().await {
                if framing::write_frame(&mut writer, &frame, MAX_TO_EXTENSION).await.is_err() {
                    break;
                }
            }
        });
        loop {
            let frame = tokio::select! {
                frame = framing::read_frame(&mut reader, MAX_FROM_EXTENSION) => frame,
                _ = &mut closed => break,
            };
            match frame {
                Ok(payload) => match parse_from_extension(&payload) {
                    Ok(message) => self.on_message(message),
                    Err(e) => eprintln!("tabwright: unreadable message from the extension: {e}"),
                },
                Err(FrameError::Closed) => break,
                Err(e) => {
                    eprintln!("tabwright: extension link failed: {e}");
                    break;
                }
            }
        }
        writer_task.abort();
        let ours = self.link.lock().map(|mut l| {
            if l.as_ref().is_some_and(|link| link.serial == serial) {
                *l = None;
                true
            } else {
                false
            }
        });
        if ours.unwrap_or(false) {
            self.connected.send_replace(None);
            self.fail_pending();
        }
    }

    fn on_message(&self, message: FromExtension) {
        match message {
            FromExtension::Hello { version, extension_id } => {
                // Every (re)connected extension enforces the session's policy.
                let policy = ToExtension::Policy { policy: self.config.policy.clone() };
                if let (Ok(payload), Ok(link)) = (serde_json::to_vec(&policy), self.link.lock()) {
                    if let Some(link) = link.as_ref() {
                        let _ = link.tx.send(payload);
                    }
                }
                self.connected.send_replace(Some(ExtensionInfo { version, extension_id }));
            }
            FromExtension::Log { level, message } => eprintln!("tabwright extension [{level}]: {message}"),
            FromExtension::Reply { id, .. } | FromExtension::State { id, .. } => {
                let waiter = self.pending.lock().ok().and_then(|mut p| p.remove(&id));
                match waiter {
                    Some(tx) => {
                        let _ = tx.send(message);
                    }
                    None => {
                        // The call timed out and was answered with an error; what it caused
                        // (downloads, dialogs) still reaches Claude with the next result.
                        if let FromExtension::Reply { state, .. } = message {
                            if let Ok(mut late) = self.late.lock() {
                                late.changes.extend(state.changes.into_iter().filter(|c| c.download_id().is_some()));
                                late.notices.extend(state.notices);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Drops every waiting request; their callers see a disconnect.
    fn fail_pending(&self) {
        if let Ok(mut pending) = self.pending.lock() {
            pending.clear();
        }
    }

    /// Sends one request to the extension and waits for its answer.
    async fn request(&self, build: impl FnOnce(u64) -> ToExtension, what: &str) -> Result<FromExtension, CallError> {
        if self.extension().is_none() && self.wait_connected(self.config.connect_wait).await.is_none() {
            return Err(CallError::NotConnected);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let payload = serde_json::to_vec(&build(id)).map_err(|_| CallError::BadReply)?;
        if payload.len() > MAX_TO_EXTENSION {
            return Err(CallError::TooLarge(payload.len()));
        }
        let (tx, rx) = oneshot::channel();
        self.pending.lock().map_err(|_| CallError::BadReply)?.insert(id, tx);
        let sent = self.link.lock().ok().and_then(|l| l.as_ref().map(|link| link.tx.send(payload).is_ok()));
        if sent != Some(true) {
            self.pending.lock().map(|mut p| p.remove(&id)).ok();
            return Err(CallError::NotConnected);
        }
        match tokio::time::timeout(self.config.call_timeout, rx).await {
            Ok(Ok(reply)) => Ok(reply),
            Ok(Err(_)) => Err(CallError::Disconnected),
            Err(_) => {
                self.pending.lock().map(|mut p| p.remove(&id)).ok();
                // Tell the extension to stop it, so the next call does not wait behind it.
                if let (Ok(payload), Ok(link)) = (serde_json::to_vec(&ToExtension::Cancel { id }), self.link.lock()) {
                    if let Some(link) = link.as_ref() {
                        let _ = link.tx.send(payload);
                    }
                }
                Err(CallError::Timeout(what.to_string(), self.config.call_timeout.as_secs()))
            }
        }
    }

    /// Runs one member in the browser and returns its raw outcome and state.
    pub async fn member_raw(&self, member: Member, input: &Value, confirm: bool) -> Result<(Result<Outcome, String>, StateReport), CallError> {
        let name = member.name().to_string();
        let input = input.clone();
        match self.request(|id| ToExtension::Member { id, name: name.clone(), input, confirm }, &name).await? {
            FromExtension::Reply { outcome, state, .. } => Ok((outcome.into_result(), state)),
            _ => Err(CallError::BadReply),
        }
    }

    /// The current inventory.
    pub async fn state(&self) -> Result<BrowserState, CallError> {
        match self.request(|id| ToExtension::State { id }, "state").await? {
            FromExtension::State { state, .. } => {
                Ok(BrowserState { tabs: tabwright_protocol::pipeline::normalized_tabs(&state.tabs), state_changes: Vec::new() })
            }
            _ => Err(CallError::BadReply),
        }
    }

    /// Answers one member tool_use with its tool_result.
    pub async fn call(&self, tool_use: &ToolUse, configs: &Configs) -> ToolResult {
        let mut pipeline = self.pipeline.lock().await;
        self.call_locked(&mut pipeline, tool_use, configs).await
    }

    async fn call_locked(&self, pipeline: &mut Pipeline, tool_use: &ToolUse, configs: &Configs) -> ToolResult {
        let member = match preflight(&tool_use.name, &tool_use.input, configs) {
            Ok(member) => member,
            Err(text) => return ToolResult::error(&tool_use.id, text),
        };
        let input = match self.vet(member, &tool_use.input) {
            Ok(input) => input,
            Err(text) => return ToolResult::error(&tool_use.id, text),
        };
        let confirm = self.config.policy.member_needs_confirmation(member);
        match self.member_raw(member, &input, confirm).await {
            Ok((outcome, mut report)) => {
                if let Ok(mut late) = self.late.lock() {
                    let late = std::mem::take(&mut *late);
                    report.changes.splice(0..0, late.changes);
                    report.notices.splice(0..0, late.notices);
                }
                let (content, is_error) = pipeline.finish(member, &tool_use.input, outcome, report);
                ToolResult::new(&tool_use.id, content, is_error)
            }
            Err(e) => ToolResult::error(&tool_use.id, e.to_string()),
        }
    }

    /// The bridge's own checks before a call reaches the browser: navigate addresses against the
    /// host policy, and file_upload paths resolved against the upload roots (the extension
    /// receives the resolved paths, never Claude's).
    pub fn vet(&self, member: Member, input: &Value) -> Result<Value, String> {
        let policy = &self.config.policy;
        match member {
            Member::Navigate => {
                let raw = input.get("url").and_then(Value::as_str).unwrap_or_default();
                if let Ok(tabwright_protocol::navigation::NavTarget::Url(url)) = tabwright_protocol::navigation::parse_target(raw) {
                    policy.check_url(&url).map_err(|why| format!("Refused to navigate to {url}: {why}."))?;
                }
                Ok(input.clone())
            }
            Member::FileUpload => {
                let roots = crate::uploads::canonical_roots(&policy.upload_roots);
                let mut files = Vec::new();
                for p in input.get("paths").and_then(Value::as_array).into_iter().flatten() {
                    let p = p.as_str().ok_or("paths must be strings")?;
                    files.push(crate::uploads::resolve(p, &roots)?);
                }
                for id in input.get("document_ids").and_then(Value::as_array).into_iter().flatten() {
                    let id = id.as_str().ok_or("document_ids must be strings")?;
                    let staged = policy.documents.get(id).ok_or_else(|| {
                        format!("No staged file has the document id {id:?}. Use one of the ids the application staged for this task.")
                    })?;
                    let real = staged.canonicalize().map_err(|e| format!("The staged file for {id:?} cannot be read: {e}."))?;
                    files.push(real);
                }
                // The browser reads copies made now, never the originals, so nothing can be
                // swapped in between the check and the upload.
                let mut staged = Vec::new();
                for f in files {
                    staged.push(crate::uploads::stage(&f, &self.config.staging)?);
                }
                let mut vetted = input.clone();
                vetted["paths"] = Value::Array(staged.into_iter().map(|f| Value::String(f.display().to_string())).collect());
                if let Some(o) = vetted.as_object_mut() {
                    o.remove("document_ids");
                }
                Ok(vetted)
            }
            _ => Ok(input.clone()),
        }
    }

    /// Runs an assistant message's member calls in order with the batch halt rule.
    pub async fn run(&self, content: &[Value], configs: &Configs) -> Vec<ToolResult> {
        // One batch at a time: another connection's calls never land between this batch's.
        let mut pipeline = self.pipeline.lock().await;
        let mut results = Vec::new();
        let mut failed = false;
        for block in content {
            if block.get("type").and_then(Value::as_str) != Some("tool_use")
                || block.get("toolset_name").and_then(Value::as_str) != Some(TOOLSET_NAME)
            {
                continue;
            }
            let id = block.get("id").and_then(Value::as_str).unwrap_or_default().to_string();
            if failed {
                results.push(ToolResult::error(&id, NOT_EXECUTED));
                continue;
            }
            let result = match ToolUse::from_block(block) {
                Ok(tool_use) => self.call_locked(&mut pipeline, &tool_use, configs).await,
                Err(e) => ToolResult::error(&id, e),
            };
            failed = result.is_error;
            results.push(result);
        }
        results
    }

    /// Answers one agent-socket request.
    pub async fn handle(&self, method: &str, params: &Value) -> Result<Value, AgentError> {
        let configs = || Configs::parse(params.get("configs")).map_err(|e| AgentError::new("invalid_configs", e));
        match method {
            "run" => {
                let content = params
                    .get("content")
                    .and_then(Value::as_array)
                    .ok_or_else(|| AgentError::new("invalid_params", "run needs params.content: the assistant message's content blocks"))?;
                let results = self.run(content, &configs()?).await;
                Ok(json!({ "tool_results": results }))
            }
            "call" => {
                let block = params.get("tool_use").ok_or_else(|| AgentError::new("invalid_params", "call needs params.tool_use: one tool_use block"))?;
                let tool_use = ToolUse::from_block(block).map_err(|e| AgentError::new("invalid_params", e))?;
                Ok(json!({ "tool_result": self.call(&tool_use, &configs()?).await }))
            }
            "member" => {
                let name = params.get("name").and_then(Value::as_str).ok_or_else(|| AgentError::new("invalid_params", "member needs params.name"))?;
                let input = params.get("input").cloned().unwrap_or_else(|| json!({}));
                let member = Member::from_name(name).ok_or_else(|| AgentError::new("unknown_member", format!("no member named {name:?}")))?;
                member.parse_input(&input).map_err(|e| AgentError::new("invalid_input", format!("Invalid input for {name}: {e}")))?;
                let input = match self.vet(member, &input) {
                    Ok(input) => input,
                    Err(e) => return Ok(json!({ "outcome": Reply::Error(e), "state": StateReport::default() })),
                };
                // An SDK driver may answer the confirmation itself (its own `confirm` callable).
                let confirm = match params.get("confirmed").and_then(Value::as_bool) {
                    Some(true) => false,
                    Some(false) => {
                        let e = format!("The person declined the {name} call, so it was not run. Ask them, or do the task another way.");
                        return Ok(json!({ "outcome": Reply::Error(e), "state": StateReport::default() }));
                    }
                    None => self.config.policy.member_needs_confirmation(member),
                };
                let _serial = self.pipeline.lock().await;
                let (outcome, state) =
                    self.member_raw(member, &input, confirm).await.map_err(|e| AgentError::new("browser_unavailable", e.to_string()))?;
                let outcome = match outcome {
                    Ok(o) => Reply::Ok(o),
                    Err(e) => Reply::Error(e),
                };
                Ok(json!({ "outcome": outcome, "state": state }))
            }
            "toolset" => Ok(json!({ "tool": configs()?.tool_entry() })),
            "status" => Ok(json!({
                "extension": self.extension().map(|e| json!({"version": e.version, "extension_id": e.extension_id})),
            })),
            "state" => {
                let state = self.state().await.map_err(|e| AgentError::new("browser_unavailable", e.to_string()))?;
                Ok(json!({ "browser_state": tabwright_protocol::ContentBlock::BrowserState(state) }))
            }
            other => Err(AgentError::new(
                "unknown_method",
                format!("unknown method {other:?}; the methods are run, call, member, toolset, state and status"),
            )),
        }
    }
}
