//! The hub: one browser, one extension link, many agent connections.
//!
//! Requests that need the browser (`run`, `call`, `member` and `state`) go into one queue, in the
//! order they arrive, and one runner takes them one at a time: a call's side effects are its own,
//! a `state` request never looks at the browser in the middle of a call, and the requests of one
//! connection run in the order they were sent. The runner owns the result pipeline. The
//! extension link is an actor of its own ([`crate::link`]); a request waits (bounded) for it to
//! be Ready.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tabwright_protocol::blocks::{ToolResult, ToolUse};
use tabwright_protocol::config::Configs;
use tabwright_protocol::members::Member;
use tabwright_protocol::pipeline::{self, preflight, Pipeline, PipelineConfig};
use tabwright_protocol::sanitize;
use tabwright_protocol::wire::{AgentError, FromExtension, Outcome, Reply, StateReport};
use tabwright_protocol::{StateChange, NOT_EXECUTED, TOOLSET_NAME};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{mpsc, oneshot, watch};

pub use crate::link::{CallError, ExtensionInfo, LinkState, LinkStatus};
use crate::link::{Link, Outgoing};

/// Settings of a hub.
#[derive(Clone, Debug)]
pub struct HubConfig {
    /// How long one member call may take end to end.
    pub call_timeout: Duration,
    /// How long a call waits for the extension's link to be Ready before it fails.
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

impl HubConfig {
    /// The bridge's own checks before a call reaches the browser: navigate addresses against the
    /// host policy, and file_upload paths resolved against the upload roots (the extension
    /// receives the resolved paths, never Claude's).
    pub fn vet(&self, member: Member, input: &Value) -> Result<Value, String> {
        let policy = &self.policy;
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
                    staged.push(crate::uploads::stage(&f, &self.staging)?);
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

}

/// The answer to one agent request, to be awaited.
pub type Answer = Pin<Box<dyn Future<Output = Result<Value, AgentError>> + Send>>;

/// A request that needs the browser, parsed and waiting for its turn.
enum Work {
    Run { content: Vec<Value>, configs: Configs },
    Call { tool_use: ToolUse, configs: Configs },
    Member { member: Member, input: Value, confirmed: Option<bool> },
    State,
}

struct Job {
    work: Work,
    answer: oneshot::Sender<Result<Value, AgentError>>,
}

/// The hub shared by the extension link and every agent connection.
pub struct Hub {
    link: Arc<Link>,
    jobs: mpsc::UnboundedSender<Job>,
    /// Whether the policy gives file_upload something to read (upload roots or staged documents).
    uploads: bool,
    /// Why the bridge is going away, once it is (its browser exited, or it was stopped). Each
    /// agent connection holds a receiver while it lives.
    closing: watch::Sender<Option<String>>,
}

impl Hub {
    /// Starts the link actor and the runner (call it inside a Tokio runtime).
    pub fn new(mut config: HubConfig) -> Arc<Hub> {
        // A person's approval that outlasted the call would be reported as a browser that did not
        // answer, and the window would stay open after the call had ended.
        let asked = config.policy.confirm_secs();
        if config
            .policy
            .fit_confirmation_within(config.call_timeout.as_secs())
        {
            eprintln!(
                "tabwright: a confirmation waits {asked} s by the policy, longer than a call may take ({} s): it now waits {} s",
                config.call_timeout.as_secs(),
                config.policy.confirm_secs()
            );
        }
        let link = Arc::new(Link::start(config.policy.clone()));
        let uploads = !config.policy.upload_roots.is_empty() || !config.policy.documents.is_empty();
        let (jobs, queue) = mpsc::unbounded_channel();
        let runner = Runner { pipeline: Pipeline::with_config(config.pipeline.clone()), config, link: link.clone(), member_held: Vec::new() };
        tokio::spawn(runner.run(queue));
        Arc::new(Hub { link, jobs, uploads, closing: watch::Sender::new(None) })
    }

    /// Says the bridge is going away and why: every agent connection answers the requests it
    /// still waits for with `why`, and closes; waits for them to, a second at most.
    pub async fn shut_down(&self, why: &str) {
        self.closing.send_replace(Some(why.to_string()));
        let _ = tokio::time::timeout(Duration::from_secs(1), self.closing.closed()).await;
    }

    /// Why the bridge is going away, once it is (see [`Hub::shut_down`]).
    pub fn closing(&self) -> watch::Receiver<Option<String>> {
        self.closing.subscribe()
    }

    /// A receiver that sees every change of the link's state.
    pub fn subscribe(&self) -> watch::Receiver<LinkStatus> {
        self.link.subscribe()
    }

    /// Waits until the extension's link is Ready, at most `wait`.
    pub async fn wait_connected(&self, wait: Duration) -> Option<ExtensionInfo> {
        self.link.wait_ready(wait).await
    }

    /// Serves one extension connection until it closes. A new connection replaces the old one.
    pub async fn serve_extension<R, W>(self: &Arc<Self>, reader: R, writer: W)
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        self.link.serve(reader, writer).await
    }

    /// Takes one agent-socket request now: one that needs the browser joins the queue behind
    /// every request taken before it; the rest are answered at once. Await the answer.
    pub fn submit(&self, method: &str, params: &Value) -> Answer {
        let work = match self.parse(method, params) {
            Ok(Parsed::Now(answer)) => return Box::pin(std::future::ready(answer)),
            Ok(Parsed::Queue(work)) => work,
            Err(e) => return Box::pin(std::future::ready(Err(e))),
        };
        let (answer, receiver) = oneshot::channel();
        if self.jobs.send(Job { work, answer }).is_err() {
            return Box::pin(std::future::ready(Err(AgentError::new("browser_unavailable", CallError::Stopped.to_string()))));
        }
        Box::pin(async move {
            receiver.await.unwrap_or_else(|_| Err(AgentError::new("browser_unavailable", CallError::Stopped.to_string())))
        })
    }

    fn parse(&self, method: &str, params: &Value) -> Result<Parsed, AgentError> {
        let configs = || Configs::parse(params.get("configs")).map_err(|e| AgentError::new("invalid_configs", e));
        // The entry this bridge can serve: file_upload is offered when the policy gives it
        // something to read (upload roots or staged documents), unless the caller said. A run
        // or call that names no configs runs with that entry, as `toolset` gave it.
        let offered = || {
            let mut configs = configs()?;
            if self.uploads {
                configs.enable_unless_set(Member::FileUpload);
            }
            Ok::<_, AgentError>(configs)
        };
        let named = params.get("configs").is_some_and(|c| !c.is_null());
        let for_calls = || if named { configs() } else { offered() };
        Ok(match method {
            "run" => {
                let content = params
                    .get("content")
                    .and_then(Value::as_array)
                    .ok_or_else(|| AgentError::new("invalid_params", "run needs params.content: the assistant message's content blocks"))?;
                answerable(content).map_err(|e| AgentError::new("invalid_params", e))?;
                Parsed::Queue(Work::Run { content: content.clone(), configs: for_calls()? })
            }
            "call" => {
                let block = params.get("tool_use").ok_or_else(|| AgentError::new("invalid_params", "call needs params.tool_use: one tool_use block"))?;
                let tool_use = ToolUse::from_block(block).map_err(|e| AgentError::new("invalid_params", e))?;
                // (As `run` leaves another toolset's calls to their own executor.)
                if let Some(other) = tool_use.toolset_name.as_deref().filter(|t| *t != TOOLSET_NAME) {
                    return Err(AgentError::new("invalid_params", format!("call answers browser tool_use blocks; this one is for the toolset {other:?}, which its own executor answers")));
                }
                if tool_use.id.is_empty() {
                    return Err(AgentError::new("invalid_params", "call needs a tool_use with an id (a non-empty string), which its tool_result must name"));
                }
                Parsed::Queue(Work::Call { tool_use, configs: for_calls()? })
            }
            "member" => {
                let name = params.get("name").and_then(Value::as_str).ok_or_else(|| AgentError::new("invalid_params", "member needs params.name"))?;
                let input = params.get("input").cloned().unwrap_or_else(|| json!({}));
                let member = Member::from_name(name).ok_or_else(|| AgentError::new("unknown_member", format!("no member named {name:?}")))?;
                member.parse_input(&input).map_err(|e| AgentError::new("invalid_input", format!("Invalid input for {name}: {e}")))?;
                Parsed::Queue(Work::Member { member, input, confirmed: params.get("confirmed").and_then(Value::as_bool) })
            }
            "state" => Parsed::Queue(Work::State),
            "toolset" => Parsed::Now(Ok(json!({ "tool": offered()?.tool_entry() }))),
            "status" => {
                let status = self.link.status();
                let extension = status.extension.as_ref().filter(|_| status.state == LinkState::Ready);
                Parsed::Now(Ok(json!({
                    "extension": extension.map(|e| json!({"version": e.version, "extension_id": e.extension_id})),
                    "link": {
                        "state": status.state.name(),
                        "for_secs": (status.since.elapsed().as_secs_f64() * 10.0).round() / 10.0,
                        "links": status.links,
                        "lane": status.lane,
                        "lane_url": self.link.lane_url(),
                        "last_loss": status.lost,
                    },
                })))
            }
            other => {
                return Err(AgentError::new(
                    "unknown_method",
                    format!("unknown method {other:?}; the methods are run, call, member, toolset, state and status"),
                ))
            }
        })
    }
}

/// Whether a content block is a call of this toolset's members (a run answers those only).
fn is_browser_call(block: &Value) -> bool {
    block.get("type").and_then(Value::as_str) == Some("tool_use") && block.get("toolset_name").and_then(Value::as_str) == Some(TOOLSET_NAME)
}

/// Whether each browser tool_use of a run can be answered: a tool_result names its call by the
/// call's id, so a call without one (or with one another call has) is refused with the whole
/// run, before anything is run.
fn answerable(content: &[Value]) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    for (i, block) in content.iter().enumerate() {
        if !is_browser_call(block) {
            continue;
        }
        match block.get("id").and_then(Value::as_str).filter(|id| !id.is_empty()) {
            None => return Err(format!("content[{i}] is a browser tool_use without an id (a non-empty string), which its tool_result must name; nothing was run")),
            Some(id) if !seen.insert(id) => return Err(format!("content[{i}] is a browser tool_use whose id {id:?} another call of the run has too, so their results could not be told apart; nothing was run")),
            Some(_) => {}
        }
    }
    Ok(())
}

enum Parsed {
    Now(Result<Value, AgentError>),
    Queue(Work),
}

/// Takes the queued requests one at a time and owns what outlives one call.
struct Runner {
    config: HubConfig,
    link: Arc<Link>,
    pipeline: Pipeline,
    /// Changes over one `member` reply's limit, for the next one.
    member_held: Vec<StateChange>,
}

impl Runner {
    async fn run(mut self, mut queue: mpsc::UnboundedReceiver<Job>) {
        while let Some(mut job) = queue.recv().await {
            // Its connection closed before its turn: nobody would read the answer, so the
            // browser is not touched for it.
            if job.answer.is_closed() {
                continue;
            }
            let work = async {
                match job.work {
                    Work::Run { content, configs } => Ok(json!({ "tool_results": self.batch(&content, &configs).await })),
                    Work::Call { tool_use, configs } => Ok(json!({ "tool_result": self.call(&tool_use, &configs).await })),
                    Work::Member { member, input, confirmed } => self.member(member, &input, confirmed).await,
                    Work::State => self.state().await,
                }
            };
            // Its connection closes while it runs (the agent was stopped): the call under way is
            // cancelled in the browser (a wait, a page load) and the rest of a run is not run, as
            // nobody would read what they did, and the next caller would wait for them.
            let answer = tokio::select! {
                answer = work => answer,
                () = job.answer.closed() => continue,
            };
            let _ = job.answer.send(answer);
        }
    }

    /// Sends `request` to the extension and waits for its answer, within `limit`.
    async fn request(&self, request: Outgoing, what: &str, limit: Duration) -> Result<FromExtension, CallError> {
        self.link.request(request, what, self.config.connect_wait, limit).await
    }

    /// Runs one member in the browser and returns its raw outcome and state, with what late
    /// answers reported before it.
    async fn member_raw(&self, member: Member, input: &Value, confirm: bool) -> Result<(Result<Outcome, String>, StateReport), CallError> {
        let name = member.name().to_string();
        // A call asked to take its time (wait, hold_key) has that time on top of the limit.
        let asked = match member {
            Member::Wait | Member::HoldKey => input.get("duration").and_then(Value::as_f64).filter(|d| d.is_finite() && *d > 0.0).map_or(Duration::ZERO, |d| Duration::from_secs_f64(d.min(3_600.0))),
            _ => Duration::ZERO,
        };
        let request = Outgoing::Member { name: name.clone(), input: input.clone(), confirm };
        let (limit, started) = (self.config.call_timeout + asked, std::time::Instant::now());
        let mut answer = self.request(request.clone(), &name, limit).await;
        // A read changes nothing in the browser: one the extension's restart cut short is asked
        // again (it waits for the link to come back) within what is left of its limit, where an
        // action's outcome stays unknown.
        let left = limit.saturating_sub(started.elapsed());
        if matches!(answer, Err(CallError::Disconnected)) && member.row().reads && !left.is_zero() {
            answer = self.request(request, &name, left).await;
        }
        match answer? {
            FromExtension::Reply { outcome, state, .. } => Ok((outcome.into_result(), state)),
            _ => Err(CallError::BadReply),
        }
    }

    /// Answers one member tool_use with its tool_result.
    async fn call(&mut self, tool_use: &ToolUse, configs: &Configs) -> ToolResult {
        let member = match preflight(&tool_use.name, &tool_use.input, configs) {
            Ok(member) => member,
            Err(text) => return ToolResult::error(&tool_use.id, text),
        };
        let input = match self.config.vet(member, &tool_use.input) {
            Ok(input) => input,
            Err(text) => return ToolResult::error(&tool_use.id, text),
        };
        let confirm = self.config.policy.member_needs_confirmation(member);
        match self.member_raw(member, &input, confirm).await {
            Ok((outcome, report)) => {
                let (content, is_error) = self.pipeline.finish(member, &tool_use.input, outcome, report);
                ToolResult::new(&tool_use.id, content, is_error)
            }
            Err(e) => ToolResult::error(&tool_use.id, e.to_string()),
        }
    }

    /// Runs an assistant message's member calls in order with the batch halt rule. The whole
    /// batch is one turn of the queue: another connection's calls never land between its calls.
    async fn batch(&mut self, content: &[Value], configs: &Configs) -> Vec<ToolResult> {
        let mut results = Vec::new();
        let mut failed = false;
        for block in content {
            if !is_browser_call(block) {
                continue;
            }
            let id = block.get("id").and_then(Value::as_str).unwrap_or_default().to_string();
            if failed {
                results.push(ToolResult::error(&id, NOT_EXECUTED));
                continue;
            }
            let result = match ToolUse::from_block(block) {
                Ok(tool_use) => self.call(&tool_use, configs).await,
                Err(e) => ToolResult::error(&id, e),
            };
            failed = result.is_error;
            results.push(result);
        }
        results
    }

    /// The `member` method: the raw outcome and state for an SDK driver, shaped as `call` shapes
    /// them (only the rendering is left to the SDK).
    async fn member(&mut self, member: Member, input: &Value, confirmed: Option<bool>) -> Result<Value, AgentError> {
        let name = member.name();
        let input = match self.config.vet(member, input) {
            Ok(input) => input,
            Err(e) => return Ok(json!({ "outcome": shaped_outcome(Err(e)), "state": StateReport::default() })),
        };
        // An SDK driver may answer the confirmation itself (its own `confirm` callable).
        let confirm = match confirmed {
            Some(true) => false,
            Some(false) => {
                let e = format!("The person declined the {name} call, so it was not run. Ask them, or do the task another way.");
                return Ok(json!({ "outcome": shaped_outcome(Err(e)), "state": StateReport::default() }));
            }
            None => self.config.policy.member_needs_confirmation(member),
        };
        // A call the browser did not finish (the extension restarted, the limit passed, the input
        // was too large to pass on) is an ordinary error for Claude, as `call` makes it: only a
        // bridge that is going away, or an extension that did not come back, leaves the driver
        // nothing to call.
        let (outcome, state) = match self.member_raw(member, &input, confirm).await {
            Ok(answer) => answer,
            Err(e @ (CallError::Stopped | CallError::NotReady(_))) => return Err(AgentError::new("browser_unavailable", e.to_string())),
            Err(e) => return Ok(json!({ "outcome": shaped_outcome(Err(e.to_string())), "state": StateReport::default() })),
        };
        let state = shaped_report(self.config.pipeline.expose_download_paths, &mut self.member_held, state);
        Ok(json!({ "outcome": shaped_outcome(outcome), "state": state }))
    }

    /// The current inventory.
    async fn state(&mut self) -> Result<Value, AgentError> {
        let unavailable = |e: CallError| AgentError::new("browser_unavailable", e.to_string());
        let mut answer = self.request(Outgoing::State, "state", self.config.call_timeout).await;
        // (One the extension's restart cut short is asked again, as a member's read is.)
        if matches!(answer, Err(CallError::Disconnected)) {
            answer = self.request(Outgoing::State, "state", self.config.call_timeout).await;
        }
        match answer.map_err(unavailable)? {
            FromExtension::State { state, .. } => {
                let state = tabwright_protocol::blocks::BrowserState { tabs: pipeline::normalized_tabs(&state.tabs), state_changes: Vec::new() };
                Ok(json!({ "browser_state": tabwright_protocol::ContentBlock::BrowserState(state) }))
            }
            _ => Err(unavailable(CallError::BadReply)),
        }
    }
}

/// A member's outcome with its page-supplied fields made safe, as `call`'s pipeline makes them:
/// URLs without credentials or secret parameters, titles and notes folded to one bounded line,
/// errors bounded.
fn shaped_outcome(outcome: Result<Outcome, String>) -> Reply {
    let line = |text: &str, max: usize| Some(sanitize::line(text, max)).filter(|l| !l.is_empty());
    match outcome {
        Err(e) => {
            let e = if e.trim().is_empty() { "The action failed without a reason." } else { e.as_str() };
            Reply::Error(sanitize::bounded(e, pipeline::ERROR_MAX))
        }
        Ok(Outcome::Navigated { url, title, status, note }) => Reply::Ok(Outcome::Navigated {
            url: sanitize::url(&url),
            title: title.map(|t| sanitize::title(&t)),
            status,
            note: note.and_then(|n| line(&n, 1_000)),
        }),
        Ok(Outcome::Ack { line: l }) => Reply::Ok(Outcome::Ack { line: l.and_then(|l| line(&l, sanitize::FIELD_MAX)) }),
        Ok(other) => Reply::Ok(other),
    }
}

/// A state report as a browser_state block may carry it: the inventory normalized (titles
/// folded, URLs sanitized, one active tab, at most 100), changes sanitized and coalesced (at most
/// 200; the rest wait in `held` for the next report), download paths hidden unless exposed, and
/// notices folded to bounded lines.
fn shaped_report(expose_paths: bool, held: &mut Vec<StateChange>, report: StateReport) -> StateReport {
    let tabs = pipeline::normalized_tabs(&report.tabs);
    let mut changes = pipeline::merge_changes(std::mem::take(held), report.changes, &tabs);
    if changes.len() > pipeline::MAX_CHANGES {
        *held = changes.split_off(pipeline::MAX_CHANGES);
    }
    let mut notices: Vec<String> = report.notices.iter().map(|n| sanitize::line(n, 1_000)).filter(|n| !n.is_empty()).collect();
    // The API renders no download entry for Claude: a line per download says it, as the text of
    // a `run` result does (the SDK's clients add notices to the text they return). It names the
    // file as saved, so it is written before the path is taken out.
    notices.extend(changes.iter().filter_map(|c| pipeline::download_line(c, expose_paths)));
    if !expose_paths {
        for change in &mut changes {
            if let StateChange::DownloadCompleted { path, .. } = change {
                *path = None;
            }
        }
    }
    StateReport { tabs, changes, notices }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabwright_protocol::TabEntry;

    fn completed(id: &str) -> StateChange {
        StateChange::DownloadCompleted { download_id: id.into(), url: "https://u:p@e.com/f.csv?token=s&x=1".into(), path: Some("/home/u/Downloads/f (1).csv".into()), size_bytes: Some(3) }
    }

    #[test]
    fn member_state_is_shaped_as_call_shapes_it() {
        let report = StateReport {
            tabs: vec![
                TabEntry { tab_id: "tab-1".into(), title: "a\nb\u{202e}c".into(), url: "https://u:p@e.com/?sig=1&q=2".into(), active: true },
                TabEntry { tab_id: "tab-2".into(), title: "x".repeat(5_000), url: "https://e.com/".into(), active: true },
            ],
            changes: vec![StateChange::DownloadStarted { download_id: "dl-1".into(), url: "https://e.com/f.csv".into() }, completed("dl-1"), StateChange::TabOpened { tab_id: "tab-9".into() }],
            notices: vec!["a dialog\nsaid\u{2028}hi".into()],
        };
        let mut held = Vec::new();
        let shaped = shaped_report(false, &mut held, report.clone());
        assert_eq!(shaped.tabs[0].title, "a b c");
        assert_eq!(shaped.tabs[0].url, "https://e.com/?q=2");
        assert_eq!(shaped.tabs[1].title.chars().count(), sanitize::TITLE_MAX);
        assert_eq!(shaped.tabs.iter().filter(|t| t.active).count(), 1);
        assert_eq!(shaped.changes.len(), 1, "one entry per download, none for a tab that is not open: {:?}", shaped.changes);
        assert!(matches!(&shaped.changes[0], StateChange::DownloadCompleted { path: None, url, .. } if url == "https://e.com/f.csv?x=1"), "{:?}", shaped.changes);
        assert_eq!(shaped.notices, vec!["a dialog said hi".to_string(), "Download dl-1 complete: \"f (1).csv\" (3 bytes).".to_string()]);

        let exposed = shaped_report(true, &mut held, report);
        assert!(matches!(&exposed.changes[0], StateChange::DownloadCompleted { path: Some(p), .. } if p == "/home/u/Downloads/f (1).csv"));
        assert_eq!(exposed.notices.last().map(String::as_str), Some("Download complete: \"/home/u/Downloads/f (1).csv\" (3 bytes)."));
    }

    #[test]
    fn a_run_whose_calls_cannot_each_be_answered_is_refused_whole() {
        let call = |id: Value| json!({"type": "tool_use", "id": id, "name": "wait", "toolset_name": TOOLSET_NAME, "input": {"duration": 0}});
        let custom = json!({"type": "tool_use", "name": "calculator", "input": {}});
        assert_eq!(answerable(&[json!({"type": "text", "text": "hi"}), call(json!("a")), custom.clone(), call(json!("b"))]), Ok(()));
        for (content, says) in [
            (vec![call(json!("a")), call(Value::Null)], "content[1] is a browser tool_use without an id"),
            (vec![call(json!(""))], "content[0] is a browser tool_use without an id"),
            (vec![call(json!(7))], "without an id"),
            (vec![call(json!("a")), custom, call(json!("a"))], "content[2] is a browser tool_use whose id \"a\" another call"),
        ] {
            let e = answerable(&content).expect_err("refused");
            assert!(e.contains(says) && e.ends_with("nothing was run"), "{e}");
        }
    }

    #[test]
    fn member_changes_over_the_limit_wait_for_the_next_report() {
        let tabs = vec![TabEntry { tab_id: "tab-1".into(), title: "t".into(), url: "https://e.com/".into(), active: true }];
        let changes: Vec<StateChange> = (0..250).map(|i| completed(&format!("dl-{i}"))).collect();
        let mut held = Vec::new();
        let first = shaped_report(false, &mut held, StateReport { tabs: tabs.clone(), changes, notices: vec![] });
        assert_eq!(first.changes.len(), pipeline::MAX_CHANGES);
        let next = shaped_report(false, &mut held, StateReport { tabs, changes: vec![], notices: vec![] });
        assert_eq!(next.changes.len(), 50);
        assert!(held.is_empty());
    }

    #[test]
    fn member_outcomes_are_shaped_as_call_shapes_them() {
        let navigated = Outcome::Navigated { url: "https://u:p@e.com/a?token=t".into(), title: Some("T\nitle".into()), status: Some(404), note: Some("two\nlines".into()) };
        assert_eq!(
            shaped_outcome(Ok(navigated)),
            Reply::Ok(Outcome::Navigated { url: "https://e.com/a".into(), title: Some("T itle".into()), status: Some(404), note: Some("two lines".into()) })
        );
        assert_eq!(shaped_outcome(Ok(Outcome::Ack { line: Some(" \n ".into()) })), Reply::Ok(Outcome::Ack { line: None }));
        assert_eq!(shaped_outcome(Err("  ".into())), Reply::Error("The action failed without a reason.".into()));
        let Reply::Error(long) = shaped_outcome(Err("e".repeat(10_000))) else { panic!("an error stays an error") };
        assert_eq!(long.chars().count(), pipeline::ERROR_MAX);
        let text = Outcome::Text { text: "page\ntext".into() };
        assert_eq!(shaped_outcome(Ok(text.clone())), Reply::Ok(text), "page text is Claude's to read as it is");
    }
}
