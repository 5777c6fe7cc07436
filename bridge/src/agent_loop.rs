//! `tabwright agent TASK`: a complete Messages API loop for people who use no SDK.
//!
//! It launches a browser (or uses a running one), declares the browser toolset the bridge
//! describes, streams Claude's text to the terminal, runs each turn's calls through the agent
//! socket's `run` method (the batch halt rule included), and loops until Claude ends its turn.
//! Older screenshots leave the requests before the image limits bite, the toolset entry and the
//! latest turns are marked for prompt caching, and 429, 529 and 5xx answers are retried. Every
//! turn lands in an HTML report.

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde_json::{json, Value};
use tabwright_protocol::blocks::{ToolResult, ToolUse};
use tabwright_protocol::TOOLSET_NAME;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::signal::unix::{signal, Signal, SignalKind};

use crate::client::Client;
use crate::messages::{self, ApiConfig, ApiError};
use crate::report::{self, Call, Report, Status, Turn, Usage};

/// A small grey PNG that stands in for a screenshot dropped from the history: a screenshot
/// result keeps an image block, so the request stays what the API expects of one.
pub const PLACEHOLDER_PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAD0lEQVR42mO4gAMwDC0JAPRMnAH29RasAAAAAElFTkSuQmCC";
/// More images than this in one request tighten the API's per-image limits.
pub const MANY_IMAGES: usize = 20;
/// The most images a request may hold, placeholders too (the API takes at most 100), and how
/// many a request holds once the oldest steps are left out to stay under it.
pub const MAX_IMAGES: usize = 90;
pub const IMAGES_AFTER_CUT: usize = 50;

/// What `tabwright agent` was asked for.
#[derive(Clone, Debug)]
pub struct AgentOptions {
    pub task: String,
    pub model: String,
    pub max_turns: usize,
    pub max_tokens: u32,
    /// A running bridge's agent socket; when absent a browser is launched.
    pub socket: Option<PathBuf>,
    pub headless: bool,
    /// Flags passed on to `tabwright launch` (policy, profile, browser, …).
    pub launch_args: Vec<String>,
    /// Where the report goes; the default folder when absent.
    pub report_dir: Option<PathBuf>,
    /// The toolset's `configs`.
    pub configs: Option<Value>,
    /// How many of the latest screenshots every request keeps.
    pub keep_screenshots: usize,
    /// How often one request is retried.
    pub max_retries: u32,
}

/// How the run ended, as an exit code.
pub mod exit {
    pub const DONE: u8 = 0;
    pub const FAILED: u8 = 1;
    pub const TURN_LIMIT: u8 = 2;
    pub const CUT_OFF: u8 = 3;
    pub const INTERRUPTED: u8 = 130;
}

/// A `tabwright launch` this run started; stopped (with its browser) when the run ends.
struct Launched {
    child: tokio::process::Child,
    dir: PathBuf,
}

impl Launched {
    async fn start(exe: &Path, headless: bool, args: &[String], stop: &mut Stop) -> anyhow::Result<(Launched, PathBuf)> {
        let dir = std::env::temp_dir().join(format!("tabwright-agent-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::DirBuilder::new().mode(0o700).create(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let socket = dir.join("agent.sock");
        let mut cmd = tokio::process::Command::new(exe);
        cmd.arg("launch").arg("--socket").arg(&socket);
        if headless {
            cmd.arg("--headless");
        }
        cmd.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::inherit()).kill_on_drop(true);
        let mut child = cmd.spawn().with_context(|| format!("cannot run {} launch", exe.display()))?;
        let stdout = child.stdout.take().context("no stdout from tabwright launch")?;
        let mut launched = Launched { child, dir };
        let mut lines = BufReader::new(stdout).lines();
        let ready = async {
            while let Some(line) = lines.next_line().await? {
                if line.starts_with("ready ") {
                    return Ok(());
                }
            }
            anyhow::bail!("tabwright launch exited before the browser was ready (its messages are above)")
        };
        let outcome = tokio::select! {
            r = tokio::time::timeout(Duration::from_secs(90), ready) => r.unwrap_or_else(|_| Err(anyhow::anyhow!("the browser was not ready within 90 s"))),
            _ = stop.signalled() => Err(anyhow::anyhow!("stopped while the browser started")),
        };
        if let Err(e) = outcome {
            launched.stop().await;
            return Err(e);
        }
        Ok((launched, socket))
    }

    /// Ends `tabwright launch` (which closes its browser) and removes the socket folder.
    async fn stop(&mut self) {
        if let Some(pid) = self.child.id() {
            // SAFETY: signalling our own child by pid.
            unsafe {
                libc::kill(pid as i32, libc::SIGTERM);
            }
            if tokio::time::timeout(Duration::from_secs(15), self.child.wait()).await.is_err() {
                let _ = self.child.kill().await;
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Ctrl-C and SIGTERM, watched for the whole run so none is lost between two waits.
struct Stop {
    interrupt: Signal,
    terminate: Signal,
}

impl Stop {
    fn new() -> anyhow::Result<Stop> {
        Ok(Stop { interrupt: signal(SignalKind::interrupt())?, terminate: signal(SignalKind::terminate())? })
    }

    async fn signalled(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

/// Decides which screenshots each request leaves out: it keeps the latest `keep` and, so the
/// cached prefix changes seldom, drops older ones only in steps of `keep`, so a request never
/// holds more than `2 × keep` images.
#[derive(Clone, Debug)]
pub struct Trimmer {
    keep: usize,
    /// How many of the oldest images are replaced.
    cut: usize,
}

fn is_image(block: &Value) -> bool {
    block.get("type").and_then(Value::as_str) == Some("image")
}

/// Visits every image block in the messages (in user content and inside tool_results), in order.
fn for_each_image(messages: &mut [Value], f: &mut dyn FnMut(&mut Value)) {
    for message in messages {
        let Some(content) = message.get_mut("content").and_then(Value::as_array_mut) else { continue };
        for block in content {
            if is_image(block) {
                f(block);
            } else if let Some(inner) = block.get_mut("content").and_then(Value::as_array_mut) {
                for b in inner.iter_mut().filter(|b| is_image(b)) {
                    f(b);
                }
            }
        }
    }
}

impl Trimmer {
    pub fn new(keep: usize) -> Trimmer {
        Trimmer { keep: keep.clamp(1, MANY_IMAGES / 2), cut: 0 }
    }

    /// Replaces the images the request leaves out with the placeholder.
    pub fn apply(&mut self, messages: &mut [Value]) {
        let mut total: usize = 0;
        for_each_image(messages, &mut |_| total += 1);
        if total.saturating_sub(self.cut) > 2 * self.keep {
            self.cut = total - self.keep;
        }
        let mut seen = 0;
        let cut = self.cut;
        for_each_image(messages, &mut |block| {
            if seen < cut {
                *block = json!({"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PLACEHOLDER_PNG}});
            }
            seen += 1;
        });
    }
}

/// Leaves the oldest steps (Claude's calls and their results, a pair of messages each) out of a
/// request that would hold more than [`MAX_IMAGES`] images: a screenshot result keeps an image
/// block however old, so a long session would otherwise pass the API's limit. Steps leave in a
/// run, down to [`IMAGES_AFTER_CUT`], so the cached prefix changes seldom; the task's message
/// then says so. The latest step always stays.
#[derive(Clone, Debug, Default)]
pub struct Steps {
    /// How many of the oldest steps are left out.
    left_out: usize,
}

impl Steps {
    pub fn apply(&mut self, messages: &mut Vec<Value>) {
        let images = |m: &mut [Value]| {
            let mut n = 0;
            for_each_image(m, &mut |_| n += 1);
            n
        };
        // The task first, then a step per assistant message and the user message after it.
        let steps = messages.len().saturating_sub(1) / 2;
        let kept = |left_out: usize| 1 + 2 * left_out;
        let from = kept(self.left_out).min(messages.len());
        if images(&mut messages[from..]) > MAX_IMAGES {
            while self.left_out + 1 < steps && images(&mut messages[kept(self.left_out)..]) > IMAGES_AFTER_CUT {
                self.left_out += 1;
            }
        }
        if self.left_out == 0 {
            return;
        }
        let left_out = self.left_out.min(steps.saturating_sub(1));
        messages.drain(1..kept(left_out));
        if let Some(content) = messages[0].get_mut("content").and_then(Value::as_array_mut) {
            let note = format!("(The first {left_out} steps of this session are left out of this request, to keep its images within the API's limit. Take a screenshot or read the page if you need to see where things stand.)");
            content.push(json!({"type": "text", "text": note}));
        }
    }
}

/// Marks the last block of the latest two user messages as cache breakpoints (with the
/// toolset entry's, three of the four a request may have).
pub fn mark_cache(messages: &mut [Value]) {
    let users: Vec<usize> = messages.iter().enumerate().filter(|(_, m)| m["role"] == "user").map(|(i, _)| i).rev().take(2).collect();
    for i in users {
        if let Some(last) = messages[i].get_mut("content").and_then(Value::as_array_mut).and_then(|c| c.last_mut()) {
            last["cache_control"] = json!({"type": "ephemeral"});
        }
    }
}

/// `0.5 s × 2^attempt`, at most 30 s, with a little jitter.
fn backoff(attempt: u32) -> Duration {
    let base = (0.5 * 2f64.powi(attempt.min(8) as i32)).min(30.0);
    let jitter = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos() % 1000).unwrap_or(0) as f64 / 4000.0;
    Duration::from_secs_f64(base * (1.0 + jitter))
}

/// One request, retried while the API says a retry can help. Streams text to stderr.
async fn send(api: &ApiConfig, body: &Value, max_retries: u32, retries: &mut Vec<String>) -> Result<Value, ApiError> {
    let mut attempt = 0;
    loop {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let (api2, body2) = (api.clone(), body.clone());
        // A thread of its own: a Ctrl-C never waits for a request in flight.
        std::thread::spawn(move || {
            let result = messages::stream_message(&api2, &body2, &mut |text| {
                use std::io::Write;
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(text.as_bytes());
                let _ = err.flush();
            });
            let _ = tx.send(result);
        });
        let outcome = rx.await.unwrap_or_else(|_| Err(ApiError::Stream("the request's thread stopped".into())));
        match outcome {
            Err(e) if e.retryable() && attempt < max_retries => {
                let wait = e.retry_after().unwrap_or_else(|| backoff(attempt));
                attempt += 1;
                let line = format!("{e}; retry {attempt} of {max_retries} in {:.1} s", wait.as_secs_f64());
                eprintln!("\n{line}");
                retries.push(line);
                tokio::time::sleep(wait).await;
            }
            other => return other,
        }
    }
}

/// The first line of a text, at most `max` characters.
fn line(text: &str, max: usize) -> String {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or_default().trim();
    if first.chars().count() > max {
        format!("{}…", first.chars().take(max).collect::<String>())
    } else {
        first.to_string()
    }
}

/// What a call printed as one line: mark, member, input, outcome.
fn action_line(call: &ToolUse, result: &ToolResult) -> String {
    let input = line(&call.input.to_string(), 80);
    let text = result.text();
    let (mark, outcome) = if result.is_error && text == tabwright_protocol::NOT_EXECUTED {
        ("–", "not executed: an earlier action in this turn failed".to_string())
    } else if result.is_error {
        ("✗", line(&text, 120))
    } else {
        let images = result.content.iter().filter(|b| matches!(b, tabwright_protocol::ContentBlock::Image { .. })).count();
        let shown = if text.is_empty() && images > 0 { format!("[{images} image]") } else { line(&text, 120) };
        ("✓", if shown.is_empty() { "ok".to_string() } else { shown })
    };
    format!("  {mark} {} {input} → {outcome}", call.name)
}

/// The tool_results for an assistant turn: the browser's from the bridge's `run`, an error for
/// any other tool (only the browser toolset is declared), in the order of the calls.
fn answer(content: &[Value], browser: Vec<Value>) -> anyhow::Result<Vec<(ToolUse, Value)>> {
    let mut from_bridge = browser.into_iter();
    let mut out = Vec::new();
    for block in content.iter().filter(|b| b["type"] == "tool_use") {
        let id = block["id"].as_str().unwrap_or_default().to_string();
        let tool_use = ToolUse::from_block(block).unwrap_or(ToolUse {
            id: id.clone(),
            name: block["name"].as_str().unwrap_or("?").to_string(),
            toolset_name: None,
            input: Value::Null,
        });
        if block["toolset_name"] == TOOLSET_NAME {
            let result = from_bridge.next().context("the bridge answered fewer calls than the turn made")?;
            anyhow::ensure!(result["tool_use_id"] == json!(id), "the bridge answered {} where {id} was due", result["tool_use_id"]);
            out.push((tool_use, result));
        } else {
            let text = format!("No tool named {:?} is available here; only the browser toolset is.", tool_use.name);
            out.push((tool_use, json!({"type": "tool_result", "tool_use_id": id, "content": text, "is_error": true})));
        }
    }
    Ok(out)
}

/// Runs the agent; returns the exit code.
pub async fn run(options: AgentOptions) -> anyhow::Result<u8> {
    let api = ApiConfig::from_env()?;
    let mut stop = Stop::new()?;
    let exe = std::env::current_exe().context("cannot find this executable's path")?;
    let dir = options.report_dir.clone().unwrap_or_else(report::default_dir);
    let path = dir.join(report::file_name(std::time::SystemTime::now()));

    let (mut launched, socket) = match &options.socket {
        Some(socket) => (None, socket.clone()),
        None => {
            eprintln!("Starting the browser ({})…", if options.headless { "headless" } else { "visible" });
            let (l, s) = Launched::start(&exe, options.headless, &options.launch_args, &mut stop).await?;
            (Some(l), s)
        }
    };
    let browser = match &options.socket {
        Some(s) => format!("running, at {}", s.display()),
        None => format!("launched ({})", if options.headless { "headless" } else { "visible" }),
    };
    let mut report = Report::new(path.clone(), &options.task, &options.model, &browser);
    let outcome = drive(&options, &api, &socket, &mut report, &mut stop, launched.as_mut()).await;
    let code = match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("\ntabwright agent: {e:#}");
            if report.status == Status::Running {
                report.status = Status::Failed(format!("{e:#}"));
            }
            exit::FAILED
        }
    };
    if let Err(e) = report.write() {
        eprintln!("tabwright agent: cannot write the report {}: {e}", path.display());
    }
    if let Some(l) = launched.as_mut() {
        l.stop().await;
    }
    let usage = report.usage();
    eprintln!("\n{} turns · {} tokens · report: {}", report.turns.len(), report::usage_line(&usage), path.display());
    if let Some(text) = &report.final_text {
        println!("{text}");
    }
    Ok(code)
}

/// The loop itself; the report is updated (and written) after every turn.
async fn drive(options: &AgentOptions, api: &ApiConfig, socket: &Path, report: &mut Report, stop: &mut Stop, mut launched: Option<&mut Launched>) -> anyhow::Result<u8> {
    // Why the bridge is gone, when this run launched it and it has exited.
    let mut gone = |e: anyhow::Error| -> anyhow::Error {
        match launched.as_mut().and_then(|l| l.child.try_wait().ok().flatten()) {
            Some(status) => e.context(format!("the browser this run launched has stopped (tabwright launch exited: {status})")),
            None => e,
        }
    };
    let connect = || async { Client::connect(socket).await.with_context(|| format!("no tabwright bridge answers at {}", socket.display())) };
    let mut client = connect().await?;
    // The configs the bridge's policy allows: the user's, with file_upload on when the policy
    // gives it files (the calls then run with the same configs the toolset entry declares).
    let asked = options.configs.clone().unwrap_or(Value::Null);
    let mut tool = client.request("toolset", json!({"configs": asked})).await.context("asking the bridge for the toolset entry")?["tool"].clone();
    let configs = tool.get("configs").cloned().unwrap_or(Value::Null);
    drop(client);
    tool["cache_control"] = json!({"type": "ephemeral"});
    report.write().with_context(|| format!("cannot write the report {}", report.path.display()))?;
    eprintln!("Report: {}", report.path.display());

    let mut history = vec![json!({"role": "user", "content": [{"type": "text", "text": options.task}]})];
    let mut trimmer = Trimmer::new(options.keep_screenshots);
    let mut steps = Steps::default();
    for number in 1..=options.max_turns {
        let mut messages = history.clone();
        trimmer.apply(&mut messages);
        steps.apply(&mut messages);
        mark_cache(&mut messages);
        let body = json!({
            "model": options.model,
            "max_tokens": options.max_tokens,
            "tools": [tool],
            "messages": messages,
        });
        let mut turn = Turn::default();
        eprintln!("\n── turn {number} ──");
        let started = Instant::now();
        let message = tokio::select! {
            m = send(api, &body, options.max_retries, &mut turn.retries) => m,
            _ = stop.signalled() => {
                report.status = Status::Stopped("Ctrl-C while Claude was answering".into());
                eprintln!("\nStopped.");
                return Ok(exit::INTERRUPTED);
            }
        };
        turn.model_time = started.elapsed();
        let message = match message {
            Ok(m) => m,
            Err(e) => {
                let why = match &e {
                    ApiError::Status { status, .. } if (400..500).contains(status) => format!("{e} (the request was refused; nothing was retried)"),
                    _ => e.to_string(),
                };
                turn.stop_reason = "error".into();
                report.turns.push(turn);
                report.status = Status::Failed(why.clone());
                anyhow::bail!(why);
            }
        };
        let content = message["content"].as_array().cloned().unwrap_or_default();
        turn.text = content.iter().filter(|b| b["type"] == "text").filter_map(|b| b["text"].as_str()).collect::<Vec<_>>().join("\n");
        turn.usage = Usage::from_api(&message["usage"]);
        turn.stop_reason = message["stop_reason"].as_str().unwrap_or_default().to_string();
        if !turn.text.is_empty() {
            eprintln!();
        }
        history.push(json!({"role": "assistant", "content": content}));

        match turn.stop_reason.as_str() {
            "tool_use" => {
                let started = Instant::now();
                // A fresh connection for every batch: one left idle while Claude thought is not relied on.
                let ran = tokio::select! {
                    r = async {
                        let mut client = connect().await?;
                        client.request("run", json!({"content": content, "configs": configs})).await
                    } => r,
                    _ = stop.signalled() => {
                        turn.browser_time = Some(started.elapsed());
                        report.turns.push(turn);
                        report.status = Status::Stopped("Ctrl-C while the browser was working".into());
                        eprintln!("\nStopped.");
                        return Ok(exit::INTERRUPTED);
                    }
                };
                turn.browser_time = Some(started.elapsed());
                let ran = match ran {
                    Ok(r) => r,
                    Err(e) => {
                        report.turns.push(turn);
                        return Err(gone(e.context("the browser could not run the turn's calls")));
                    }
                };
                let results = ran["tool_results"].as_array().cloned().unwrap_or_default();
                let answered = answer(&content, results)?;
                let mut blocks = Vec::new();
                for (tool_use, value) in answered {
                    let result: Option<ToolResult> = serde_json::from_value(value.clone()).ok();
                    match &result {
                        Some(r) => eprintln!("{}", action_line(&tool_use, r)),
                        None => eprintln!("  ✗ {} → {}", tool_use.name, line(&value["content"].to_string(), 120)),
                    }
                    turn.calls.push(Call { tool_use, result });
                    blocks.push(value);
                }
                history.push(json!({"role": "user", "content": blocks}));
                eprintln!(
                    "turn {number} · model {:.1} s · browser {:.1} s · {} tokens",
                    turn.model_time.as_secs_f64(),
                    turn.browser_time.unwrap_or_default().as_secs_f64(),
                    report::usage_line(&turn.usage)
                );
                report.turns.push(turn);
                report.write().with_context(|| format!("cannot write the report {}", report.path.display()))?;
            }
            "pause_turn" => {
                report.turns.push(turn);
            }
            "max_tokens" => {
                report.turns.push(turn);
                report.status = Status::Failed(format!("Claude's reply was cut off at --max-tokens {}; raise it", options.max_tokens));
                eprintln!("\nClaude's reply was cut off at --max-tokens {}; run again with a higher --max-tokens.", options.max_tokens);
                return Ok(exit::CUT_OFF);
            }
            "refusal" => {
                report.turns.push(turn);
                report.status = Status::Failed("Claude declined to go on (stop_reason refusal)".into());
                eprintln!("\nClaude declined to go on.");
                return Ok(exit::FAILED);
            }
            _ => {
                let text = turn.text.clone();
                eprintln!("turn {number} · model {:.1} s · {} tokens", turn.model_time.as_secs_f64(), report::usage_line(&turn.usage));
                report.turns.push(turn);
                report.final_text = Some(text);
                report.status = Status::Done;
                return Ok(exit::DONE);
            }
        }
    }
    report.status = Status::Stopped(format!("the turn limit (--max-turns {}) was reached", options.max_turns));
    eprintln!("\nStopped after {} turns (--max-turns).", options.max_turns);
    Ok(exit::TURN_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot_turn(n: usize) -> Vec<Value> {
        vec![
            json!({"role": "assistant", "content": [{"type": "tool_use", "id": format!("t{n}"), "name": "screenshot", "toolset_name": "browser", "input": {}}]}),
            json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": format!("t{n}"), "toolset_name": "browser",
                "content": [{"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": format!("SHOT{n}")}}]}]}),
        ]
    }

    fn shots(messages: &mut [Value]) -> Vec<String> {
        let mut out = Vec::new();
        for_each_image(messages, &mut |b| out.push(b["source"]["data"].as_str().unwrap_or_default().to_string()));
        out
    }

    #[test]
    fn old_screenshots_leave_in_steps_and_the_latest_stay() {
        let mut history = vec![json!({"role": "user", "content": [{"type": "text", "text": "task"}]})];
        let mut trimmer = Trimmer::new(3);
        let mut cuts = Vec::new();
        for n in 0..30 {
            history.extend(shot_turn(n));
            let mut request = history.clone();
            trimmer.apply(&mut request);
            let seen = shots(&mut request);
            let real: Vec<&String> = seen.iter().filter(|d| d.starts_with("SHOT")).collect();
            assert!(real.len() <= 6, "{} real images in request {n}", real.len());
            assert!(real.len() >= (n + 1).min(3), "the latest screenshots stay");
            assert_eq!(real.last().map(|s| s.as_str()), Some(format!("SHOT{n}").as_str()));
            assert_eq!(seen.len(), n + 1, "every screenshot result keeps an image block");
            cuts.push(trimmer.cut);
        }
        // The cut moves seldom: the cached prefix stays the same for several turns.
        let moves = cuts.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(moves <= 30 / 3, "{moves} moves");
        assert_eq!(Trimmer::new(50).keep, MANY_IMAGES / 2);
    }

    #[test]
    fn a_long_session_leaves_its_oldest_steps_out_to_stay_within_the_image_limit() {
        let mut history = vec![json!({"role": "user", "content": [{"type": "text", "text": "task"}]})];
        let (mut steps, mut trimmer) = (Steps::default(), Trimmer::new(5));
        let mut lefts = Vec::new();
        for n in 0..300 {
            history.extend(shot_turn(n));
            let mut request = history.clone();
            trimmer.apply(&mut request);
            steps.apply(&mut request);
            let seen = shots(&mut request);
            assert!(seen.len() <= MAX_IMAGES, "{} images in request {n}", seen.len());
            assert_eq!(seen.last().map(String::as_str), Some(format!("SHOT{n}").as_str()), "the latest step stays");
            // The request is still a conversation: the task, then calls and their results in turn.
            assert_eq!(request[0]["content"][0]["text"], "task");
            for (i, m) in request.iter().enumerate().skip(1) {
                assert_eq!(m["role"], if i % 2 == 1 { "assistant" } else { "user" });
                if i % 2 == 0 {
                    assert_eq!(m["content"][0]["tool_use_id"], request[i - 1]["content"][0]["id"], "a result follows its call");
                }
            }
            lefts.push(steps.left_out);
        }
        assert_eq!(lefts[MAX_IMAGES - 1], 0, "nothing is left out under the limit");
        assert!(lefts[299] > 0);
        let request = { let mut r = history.clone(); steps.apply(&mut r); r };
        assert!(request[0]["content"][1]["text"].as_str().is_some_and(|t| t.contains(&format!("first {} steps", steps.left_out))));
        // Steps leave in runs: the prefix changes a few times in 300 steps, not at each.
        assert!(lefts.windows(2).filter(|w| w[0] != w[1]).count() <= 8, "{lefts:?}");
    }

    #[test]
    fn cache_marks_go_on_the_latest_two_user_turns() {
        let mut history = vec![json!({"role": "user", "content": [{"type": "text", "text": "task"}]})];
        history.extend(shot_turn(1));
        history.extend(shot_turn(2));
        mark_cache(&mut history);
        let marked: Vec<usize> = history.iter().enumerate().filter(|(_, m)| m.to_string().contains("cache_control")).map(|(i, _)| i).collect();
        assert_eq!(marked, vec![2, 4]);
    }

    #[test]
    fn each_call_gets_one_answer_in_order() {
        let content = vec![
            json!({"type": "text", "text": "hi"}),
            json!({"type": "tool_use", "id": "a", "name": "navigate", "toolset_name": "browser", "input": {"url": "x"}}),
            json!({"type": "tool_use", "id": "b", "name": "calculator", "input": {}}),
            json!({"type": "tool_use", "id": "c", "name": "screenshot", "toolset_name": "browser", "input": {}}),
        ];
        let browser = vec![json!({"tool_use_id": "a"}), json!({"tool_use_id": "c"})];
        let answered = answer(&content, browser).expect("answered");
        let ids: Vec<&str> = answered.iter().map(|(u, _)| u.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert_eq!(answered[1].1["is_error"], json!(true));
        assert!(answer(&content, vec![json!({"tool_use_id": "c"}), json!({"tool_use_id": "a"})]).is_err());
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        assert!(backoff(0) >= Duration::from_millis(500) && backoff(0) < Duration::from_millis(700));
        assert!(backoff(3) >= Duration::from_secs(4));
        assert!(backoff(20) <= Duration::from_secs(38));
    }
}
