//! A local stand-in for the Messages API that plays a scripted Claude and checks every request.
//!
//! It serves `POST /v1/messages` (any query string, so the SDKs' beta path too) over plain
//! HTTP/1.1 on 127.0.0.1 port 0, answers as JSON or, when the request asks for `stream: true`, as
//! server-sent events (each tool_use input in one `input_json_delta`), and keeps server-held
//! threads: a `thread: {"type": "create"}` turn is stored under its response id, and a
//! `{"type": "continue", "previous_message_id"}` turn is the stored history plus the new messages.
//!
//! Each request's whole conversation (after a continued thread is put back together) is checked:
//! the member tool_results pass the protocol validator, the user turn after an assistant turn
//! answers each of its browser tool_use blocks once, in order, echoing `toolset_name`; the tools
//! hold one browser toolset entry; a request holds at most 20 images and 4 cache breakpoints. What
//! fails is kept in [`FakeApi::problems`], which a test asserts is empty.
//!
//! The script is a list of turns. Turn `n` answers the request whose conversation holds `n`
//! assistant messages, so a client that retries a request gets the same turn again. A turn is a
//! function of the conversation, so it can read refs out of earlier tool_results.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// The beta a thread request must name in `anthropic-beta`.
pub const THREADS_BETA: &str = "message-threads-2026-08-12";
/// The most images one request may hold before the API tightens its per-image limits.
pub const MANY_IMAGES: usize = 20;
/// The most cache breakpoints one request may set.
pub const MAX_BREAKPOINTS: usize = 4;

/// What a scripted turn answers: the assistant content, or a reason the script could not go on
/// (kept as a problem, and answered with a text turn that ends the run).
pub type TurnResult = Result<Vec<Value>, String>;

type TurnFn = dyn Fn(&Exchange) -> TurnResult + Send + Sync;

/// A scripted Claude.
#[derive(Default)]
pub struct Script {
    turns: Vec<Box<TurnFn>>,
}

impl Script {
    pub fn new() -> Script {
        Script::default()
    }

    /// Adds the next turn.
    pub fn turn(mut self, f: impl Fn(&Exchange) -> TurnResult + Send + Sync + 'static) -> Script {
        self.turns.push(Box::new(f));
        self
    }

    /// How many turns it has.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }
}

/// A text block.
pub fn text(t: &str) -> Value {
    json!({"type": "text", "text": t})
}

/// A browser member call; the fake API gives it an id when it answers.
pub fn call(name: &str, input: Value) -> Value {
    json!({"type": "tool_use", "name": name, "toolset_name": "browser", "input": input})
}

/// A ref target.
pub fn ref_target(r: &str) -> Value {
    json!({"type": "ref", "ref": r})
}

/// The request a turn answers, as the scripted Claude sees it.
pub struct Exchange<'a> {
    /// Which turn this is (0 for the first request).
    pub turn: usize,
    /// The whole conversation so far (a continued thread put back together).
    pub messages: &'a [Value],
}

/// The text of a tool_result: its string content, or its text blocks joined by newlines.
pub fn result_text(result: &Value) -> String {
    match result.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter(|b| b["type"] == "text")
            .filter_map(|b| b["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// Whether a tool_result says it failed.
pub fn is_error(result: &Value) -> bool {
    result.get("is_error").and_then(Value::as_bool).unwrap_or(false)
}

/// How many image blocks a tool_result holds.
pub fn images_in(result: &Value) -> usize {
    result.get("content").and_then(Value::as_array).map_or(0, |c| c.iter().filter(|b| b["type"] == "image").count())
}

impl Exchange<'_> {
    /// The tool_result blocks of the last user message (empty on the first turn).
    pub fn results(&self) -> Vec<&Value> {
        match self.messages.last() {
            Some(m) if m["role"] == "user" => {
                m["content"].as_array().map(|c| c.iter().filter(|b| b["type"] == "tool_result").collect()).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    /// The ref of the latest `role "name" [ref_N]` line in any tool_result so far.
    pub fn find_ref(&self, role: &str, name: &str) -> Result<String, String> {
        let needle = format!("{role} \"{name}\" [");
        for message in self.messages.iter().rev() {
            for block in message["content"].as_array().into_iter().flatten().rev() {
                if block["type"] != "tool_result" {
                    continue;
                }
                let text = result_text(block);
                for line in text.lines() {
                    let Some(at) = line.find(&needle) else { continue };
                    let rest = &line[at + needle.len()..];
                    if let Some(end) = rest.find(']') {
                        return Ok(rest[..end].to_string());
                    }
                }
            }
        }
        Err(format!("turn {}: no {role} {name:?} with a ref in any tool_result so far", self.turn))
    }

    /// Fails the script unless `ok`.
    pub fn expect(&self, ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
        if ok {
            Ok(())
        } else {
            Err(format!("turn {}: {}", self.turn, what()))
        }
    }
}

/// An error the fake API answers instead of the next turn.
#[derive(Clone, Debug)]
pub struct Fault {
    pub status: u16,
    /// The `retry-after` header, if any.
    pub retry_after: Option<String>,
}

/// One request as the fake API received it.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The request target, e.g. `/v1/messages?beta=true`.
    pub target: String,
    /// Header names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: Value,
    /// The whole conversation this request stands for.
    pub conversation: Vec<Value>,
    /// The status answered.
    pub status: u16,
    /// The script turn answered, if one was.
    pub turn: Option<usize>,
    /// The id of the message answered, if one was.
    pub response_id: Option<String>,
    /// When it arrived.
    pub at: std::time::Instant,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn stream(&self) -> bool {
        self.body["stream"] == json!(true)
    }

    /// The `thread` field, or null.
    pub fn thread(&self) -> &Value {
        &self.body["thread"]
    }
}

struct StoredThread {
    system: Option<Value>,
    tools: Option<Value>,
    messages: Vec<Value>,
}

#[derive(Default)]
struct State {
    threads: HashMap<String, StoredThread>,
    continued: HashSet<String>,
    requests: Vec<Recorded>,
    problems: Vec<String>,
    faults: VecDeque<Fault>,
    next_message: u64,
}

struct Shared {
    script: Script,
    state: Mutex<State>,
}

/// A running fake Messages API; it stops when dropped.
pub struct FakeApi {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeApi {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeApi {
    /// Serves `script` on 127.0.0.1 port 0.
    pub async fn start(script: Script) -> std::io::Result<FakeApi> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared { script, state: Mutex::new(State::default()) });
        let server = shared.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let shared = server.clone();
                tokio::spawn(async move {
                    if let Err(e) = serve(stream, &shared).await {
                        // A client may drop a kept-alive connection at any time.
                        let dropped = e.downcast_ref::<std::io::Error>().is_some_and(|e| {
                            matches!(e.kind(), std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::UnexpectedEof)
                        });
                        if !dropped {
                            shared.problem(format!("connection failed: {e}"));
                        }
                    }
                });
            }
        });
        Ok(FakeApi { addr, shared, task })
    }

    /// What to put in `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Answers the next request with this error instead of a turn.
    pub fn push_fault(&self, fault: Fault) {
        if let Ok(mut s) = self.shared.state.lock() {
            s.faults.push_back(fault);
        }
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.state.lock().map(|s| s.requests.clone()).unwrap_or_default()
    }

    /// Every broken rule so far.
    pub fn problems(&self) -> Vec<String> {
        self.shared.state.lock().map(|s| s.problems.clone()).unwrap_or_else(|_| vec!["the fake API's state is poisoned".into()])
    }

    /// The conversation of the last answered request, with the reply appended.
    pub fn final_conversation(&self) -> Vec<Value> {
        let Ok(s) = self.shared.state.lock() else { return Vec::new() };
        let Some(last) = s.requests.iter().rev().find(|r| r.response_id.is_some()) else { return Vec::new() };
        last.response_id.as_ref().and_then(|id| s.threads.get(id)).map(|t| t.messages.clone()).unwrap_or_default()
    }

    /// Waits (at most `secs`) until `n` requests have arrived.
    pub async fn wait_requests(&self, n: usize, secs: u64) -> anyhow::Result<()> {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(secs);
        while self.requests().len() < n {
            anyhow::ensure!(tokio::time::Instant::now() < deadline, "only {} of {n} requests arrived within {secs} s", self.requests().len());
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        Ok(())
    }
}

impl Shared {
    fn problem(&self, p: String) {
        if let Ok(mut s) = self.state.lock() {
            s.problems.push(p);
        }
    }
}

/// One parsed HTTP request.
struct HttpRequest {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// Reads one request; `None` when the peer closed the connection between requests.
async fn read_request<R: tokio::io::AsyncBufRead + Unpin>(reader: &mut R) -> anyhow::Result<Option<HttpRequest>> {
    let mut line = String::new();
    if reader.read_line(&mut line).await? == 0 {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_string();
    let target = parts.next().unwrap_or_default().to_string();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).await? == 0 {
            anyhow::bail!("the connection closed inside the headers");
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((name, value)) = h.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    let get = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    let mut body = Vec::new();
    if get("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).await?;
            let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or("0"), 16)?;
            let mut chunk = vec![0u8; size + 2];
            reader.read_exact(&mut chunk).await?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(length) = get("content-length") {
        let length: usize = length.parse()?;
        anyhow::ensure!(length <= 64 << 20, "a body of {length} bytes");
        body.resize(length, 0);
        reader.read_exact(&mut body).await?;
    }
    Ok(Some(HttpRequest { method, target, headers, body }))
}

async fn serve(stream: TcpStream, shared: &Shared) -> anyhow::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    while let Some(request) = read_request(&mut reader).await? {
        let answer = shared.answer(&request);
        match answer {
            Answer::Json(status, extra, body) => {
                let reason = match status {
                    200 => "OK",
                    400 => "Bad Request",
                    404 => "Not Found",
                    429 => "Too Many Requests",
                    529 => "Overloaded",
                    _ => "Error",
                };
                let body = body.to_string();
                let mut head = format!("HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nrequest-id: req_fake\r\n", body.len());
                for (k, v) in extra {
                    head.push_str(&format!("{k}: {v}\r\n"));
                }
                head.push_str("\r\n");
                write.write_all(head.as_bytes()).await?;
                write.write_all(body.as_bytes()).await?;
                write.flush().await?;
            }
            Answer::Events(events) => {
                write
                    .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\ntransfer-encoding: chunked\r\nrequest-id: req_fake\r\n\r\n")
                    .await?;
                for (name, data) in events {
                    let event = format!("event: {name}\ndata: {data}\n\n");
                    write.write_all(format!("{:x}\r\n{event}\r\n", event.len()).as_bytes()).await?;
                    write.flush().await?;
                }
                write.write_all(b"0\r\n\r\n").await?;
                write.flush().await?;
            }
        }
    }
    Ok(())
}

enum Answer {
    Json(u16, Vec<(String, String)>, Value),
    Events(Vec<(&'static str, Value)>),
}

fn api_error(status: u16, kind: &str, message: &str) -> Answer {
    Answer::Json(status, Vec::new(), json!({"type": "error", "error": {"type": kind, "message": message}}))
}

/// Cache breakpoints anywhere in `value`.
fn breakpoints(value: &Value) -> usize {
    match value {
        Value::Object(o) => usize::from(o.contains_key("cache_control")) + o.values().map(breakpoints).sum::<usize>(),
        Value::Array(a) => a.iter().map(breakpoints).sum(),
        _ => 0,
    }
}

/// Image blocks anywhere in a conversation (in messages and inside tool_results).
fn images(messages: &[Value]) -> usize {
    fn count(v: &Value) -> usize {
        match v {
            Value::Object(o) => usize::from(o.get("type").and_then(Value::as_str) == Some("image")) + o.values().map(count).sum::<usize>(),
            Value::Array(a) => a.iter().map(count).sum(),
            _ => 0,
        }
    }
    messages.iter().map(count).sum()
}

/// The rules every conversation must keep; each broken one is a line.
pub fn check_conversation(messages: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let want = if i % 2 == 0 { "user" } else { "assistant" };
        if m["role"] != want {
            out.push(format!("message {i} has role {} where {want} belongs", m["role"]));
        }
        if !(m["content"].is_array() || m["content"].is_string()) {
            out.push(format!("message {i} has no content"));
        }
    }
    for (i, pair) in messages.windows(2).enumerate() {
        let (assistant, user) = (&pair[0], &pair[1]);
        if assistant["role"] != "assistant" {
            continue;
        }
        let calls: Vec<&Value> = assistant["content"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| b["type"] == "tool_use" && b["toolset_name"] == "browser")
            .collect();
        let results: Vec<&Value> =
            user["content"].as_array().into_iter().flatten().filter(|b| b["type"] == "tool_result").collect();
        let call_ids: Vec<&Value> = calls.iter().map(|c| &c["id"]).collect();
        let result_ids: Vec<&Value> = results.iter().map(|r| &r["tool_use_id"]).collect();
        if call_ids != result_ids {
            out.push(format!("message {}: tool_results answer {result_ids:?}, but the assistant turn before called {call_ids:?} (one each, in order)", i + 1));
        }
        for r in &results {
            if r["toolset_name"] != "browser" {
                out.push(format!("message {}: the result for {} does not echo toolset_name \"browser\"", i + 1, r["tool_use_id"]));
            }
        }
    }
    for v in tabwright_protocol::validate::conversation(messages) {
        out.push(format!("contract: {v}"));
    }
    out
}

impl Shared {
    fn answer(&self, request: &HttpRequest) -> Answer {
        let mut problems = Vec::new();
        let header = |name: &str| request.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let path = request.target.split('?').next().unwrap_or_default();
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let mut record = Recorded {
            target: request.target.clone(),
            headers: request.headers.clone(),
            body: body.clone(),
            conversation: Vec::new(),
            status: 0,
            turn: None,
            response_id: None,
            at: std::time::Instant::now(),
        };
        let finish = |state: &mut State, mut record: Recorded, status: u16, problems: Vec<String>| {
            record.status = status;
            let n = state.requests.len();
            state.problems.extend(problems.into_iter().map(|p| format!("request {n}: {p}")));
            state.requests.push(record);
        };
        let Ok(mut state) = self.state.lock() else {
            return api_error(500, "api_error", "the fake API's state is poisoned");
        };

        if request.method != "POST" || path != "/v1/messages" {
            problems.push(format!("unexpected {} {}", request.method, request.target));
            finish(&mut state, record, 404, problems);
            return api_error(404, "not_found_error", "only POST /v1/messages is served here");
        }
        if header("x-api-key").is_none() && header("authorization").is_none() {
            problems.push("no x-api-key or authorization header".into());
        }
        if header("anthropic-version").is_none() {
            problems.push("no anthropic-version header".into());
        }
        if header("origin").is_some() {
            problems.push("an Origin header was sent".into());
        }
        if body.is_null() {
            problems.push("the body is not JSON".into());
            finish(&mut state, record, 400, problems);
            return api_error(400, "invalid_request_error", "the body is not JSON");
        }
        if let Some(fault) = state.faults.pop_front() {
            finish(&mut state, record, fault.status, problems);
            let kind = match fault.status {
                429 => "rate_limit_error",
                529 => "overloaded_error",
                400 => "invalid_request_error",
                401 => "authentication_error",
                _ => "api_error",
            };
            let mut extra = Vec::new();
            if let Some(r) = fault.retry_after {
                extra.push(("retry-after".to_string(), r));
            }
            return Answer::Json(fault.status, extra, json!({"type": "error", "error": {"type": kind, "message": format!("scripted {} error", fault.status)}}));
        }
        if body["model"].as_str().is_none_or(str::is_empty) {
            problems.push("no model".into());
        }
        if body["max_tokens"].as_u64().is_none_or(|n| n == 0) {
            problems.push("no positive max_tokens".into());
        }
        let Some(new_messages) = body["messages"].as_array().cloned() else {
            problems.push("no messages".into());
            finish(&mut state, record, 400, problems);
            return api_error(400, "invalid_request_error", "messages: field required");
        };

        // Put a continued thread back together.
        let thread = &body["thread"];
        let (system, tools, mut conversation) = match thread["type"].as_str() {
            None if thread.is_null() => (body.get("system").cloned(), body.get("tools").cloned(), Vec::new()),
            Some("create") => (body.get("system").cloned(), body.get("tools").cloned(), Vec::new()),
            Some("continue") => {
                let previous = thread["previous_message_id"].as_str().unwrap_or_default().to_string();
                for field in ["tools", "system"] {
                    if body.get(field).is_some() {
                        problems.push(format!("a continue turn repeats `{field}`, which the thread already holds"));
                    }
                }
                if !state.continued.insert(previous.clone()) {
                    problems.push(format!("thread {previous} was continued twice"));
                }
                match state.threads.get(&previous) {
                    Some(t) => (t.system.clone(), t.tools.clone(), t.messages.clone()),
                    None => {
                        problems.push(format!("continue names an unknown message {previous:?}"));
                        finish(&mut state, record, 404, problems);
                        return api_error(404, "not_found_error", "thread not found");
                    }
                }
            }
            _ => {
                problems.push(format!("a malformed thread field: {thread}"));
                finish(&mut state, record, 400, problems);
                return api_error(400, "invalid_request_error", "thread: malformed");
            }
        };
        if !thread.is_null() && !header("anthropic-beta").is_some_and(|b| b.split(',').any(|x| x.trim() == THREADS_BETA)) {
            problems.push(format!("a thread request without the {THREADS_BETA} beta"));
        }
        conversation.extend(new_messages);
        record.conversation = conversation.clone();

        let toolsets: Vec<&Value> =
            tools.as_ref().and_then(Value::as_array).into_iter().flatten().filter(|t| t["type"] == tabwright_protocol::TOOLSET_TYPE).collect();
        if toolsets.len() != 1 {
            problems.push(format!("{} browser toolset entries in tools (one is needed)", toolsets.len()));
        } else if toolsets[0].get("name").is_some() {
            problems.push("the browser toolset entry has a name".into());
        }
        problems.extend(check_conversation(&conversation));
        let image_count = images(&conversation);
        if image_count > MANY_IMAGES {
            problems.push(format!("{image_count} images in one request (more than {MANY_IMAGES} tightens the per-image limits)"));
        }
        let marks = conversation.iter().map(breakpoints).sum::<usize>() + tools.as_ref().map_or(0, breakpoints) + system.as_ref().map_or(0, breakpoints);
        if marks > MAX_BREAKPOINTS {
            problems.push(format!("{marks} cache_control breakpoints (at most {MAX_BREAKPOINTS})"));
        }

        let turn = conversation.iter().filter(|m| m["role"] == "assistant").count();
        let content = match self.script.turns.get(turn) {
            Some(f) => match f(&Exchange { turn, messages: &conversation }) {
                Ok(content) => content,
                Err(why) => {
                    problems.push(format!("script: {why}"));
                    vec![text(&format!("The scripted session cannot go on: {why}"))]
                }
            },
            None => {
                problems.push(format!("turn {turn} requested, but the script has {} turns", self.script.turns.len()));
                vec![text("The script is over.")]
            }
        };
        state.next_message += 1;
        let id = format!("msg_fake_{:04}", state.next_message);
        let content: Vec<Value> = content
            .into_iter()
            .enumerate()
            .map(|(i, mut block)| {
                if block["type"] == "tool_use" && block.get("id").is_none() {
                    block["id"] = json!(format!("toolu_fake_{turn:02}_{i:02}"));
                }
                block
            })
            .collect();
        let stop_reason = if content.iter().any(|b| b["type"] == "tool_use") { "tool_use" } else { "end_turn" };
        let input_tokens = request.body.len() / 4 + 1;
        let output_tokens = serde_json::to_string(&content).map_or(1, |s| s.len() / 4 + 1);
        let cached = if marks > 0 { input_tokens / 2 } else { 0 };
        let usage = json!({"input_tokens": input_tokens - cached, "output_tokens": output_tokens, "cache_creation_input_tokens": 0, "cache_read_input_tokens": cached});
        let model = body["model"].clone();
        let message = json!({
            "id": id, "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": stop_reason, "stop_sequence": null, "usage": usage,
        });
        let mut stored = conversation;
        stored.push(json!({"role": "assistant", "content": message["content"]}));
        state.threads.insert(id.clone(), StoredThread { system, tools, messages: stored });
        record.turn = Some(turn);
        record.response_id = Some(id.clone());
        let stream = body["stream"] == json!(true);
        finish(&mut state, record, 200, problems);
        if !stream {
            return Answer::Json(200, Vec::new(), message);
        }
        let mut events: Vec<(&'static str, Value)> = Vec::new();
        let mut start = message.clone();
        start["content"] = json!([]);
        start["stop_reason"] = Value::Null;
        start["usage"]["output_tokens"] = json!(1);
        events.push(("message_start", json!({"type": "message_start", "message": start})));
        events.push(("ping", json!({"type": "ping"})));
        for (index, block) in message["content"].as_array().into_iter().flatten().enumerate() {
            if block["type"] == "tool_use" {
                let mut head = block.clone();
                head["input"] = json!({});
                events.push(("content_block_start", json!({"type": "content_block_start", "index": index, "content_block": head})));
                let whole = block["input"].to_string();
                events.push(("content_block_delta", json!({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": whole}})));
            } else {
                events.push(("content_block_start", json!({"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}})));
                // The text arrives in pieces, as it does from the API.
                let t = block["text"].as_str().unwrap_or_default();
                let mut piece = String::new();
                for (n, c) in t.chars().enumerate() {
                    piece.push(c);
                    if n % 12 == 11 {
                        events.push(("content_block_delta", json!({"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": std::mem::take(&mut piece)}})));
                    }
                }
                if !piece.is_empty() {
                    events.push(("content_block_delta", json!({"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": piece}})));
                }
            }
            events.push(("content_block_stop", json!({"type": "content_block_stop", "index": index})));
        }
        events.push((
            "message_delta",
            json!({"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": null}, "usage": {"output_tokens": output_tokens}}),
        ));
        events.push(("message_stop", json!({"type": "message_stop"})));
        Answer::Events(events)
    }
}

/// The form-filling session every client runs: the scripted Claude and the checks after it.
pub mod form {
    use std::time::Duration;

    use serde_json::json;
    use tabwright_protocol::NOT_EXECUTED;

    use super::{call, ref_target, text, FakeApi, Script};
    use crate::fakeapi;
    use crate::Harness;

    pub const TASK: &str = "Open the account application form, fill in Ada Lovelace, accept the terms and submit it.";
    pub const FINAL: &str = "I submitted the application for Ada Lovelace.";

    /// The scripted Claude of the form-filling session.
    pub fn form_script(form_url: String) -> Script {
        Script::new()
            .turn(move |x| {
                let first = &x.messages[0];
                let asked = first["content"].as_str().map(String::from).unwrap_or_else(|| first["content"][0]["text"].as_str().unwrap_or_default().to_string());
                x.expect(asked == TASK, || format!("the first message is not the task: {first}"))?;
                Ok(vec![
                    text("I'll open the application form and look for its name fields."),
                    call("navigate", json!({"url": form_url})),
                    call("find", json!({"query": "First name and Last name text boxes"})),
                ])
            })
            .turn(|x| {
                let r = x.results();
                x.expect(r.len() == 2 && r.iter().all(|r| !fakeapi::is_error(r)), || format!("navigate and find failed: {r:?}"))?;
                x.expect(fakeapi::result_text(r[0]).starts_with("Navigated to"), || format!("navigate says {:?}", fakeapi::result_text(r[0])))?;
                x.find_ref("textbox", "First name")?;
                // A ref this page never handed out: the click fails, so the typing must not run.
                Ok(vec![
                    text("I'll click the first name box and type the name."),
                    call("left_click", json!({"target": ref_target("ref_9999")})),
                    call("type", json!({"text": "Ada"})),
                ])
            })
            .turn(|x| {
                let r = x.results();
                x.expect(r.len() == 2, || format!("{} results for a batch of two", r.len()))?;
                x.expect(fakeapi::is_error(r[0]) && fakeapi::result_text(r[0]).contains("ref_9999"), || format!("the bogus click: {}", r[0]))?;
                x.expect(fakeapi::is_error(r[1]) && fakeapi::result_text(r[1]) == NOT_EXECUTED, || format!("the typing after it: {}", r[1]))?;
                let first = x.find_ref("textbox", "First name")?;
                let last = x.find_ref("textbox", "Last name")?;
                Ok(vec![
                    text("That ref was stale. I'll use the ones find gave me."),
                    call("form_input", json!({"target": ref_target(&first), "value": "Ada"})),
                    call("left_click", json!({"target": ref_target(&last)})),
                    call("type", json!({"text": "Lovelace"})),
                    call("find", json!({"query": "I accept the terms checkbox and the Submit application button"})),
                ])
            })
            .turn(|x| {
                let r = x.results();
                x.expect(r.len() == 4 && r.iter().all(|r| !fakeapi::is_error(r)), || format!("filling failed: {r:?}"))?;
                let terms = x.find_ref("checkbox", "I accept the terms")?;
                Ok(vec![
                    text("Now I'll accept the terms and look at the form."),
                    call("form_input", json!({"target": ref_target(&terms), "value": true})),
                    call("screenshot", json!({})),
                ])
            })
            .turn(|x| {
                let r = x.results();
                x.expect(r.len() == 2 && r.iter().all(|r| !fakeapi::is_error(r)), || format!("ticking failed: {r:?}"))?;
                x.expect(fakeapi::images_in(r[1]) == 1, || format!("the screenshot result holds no image: {}", r[1]))?;
                let submit = x.find_ref("button", "Submit application")?;
                Ok(vec![text("Everything is filled in. Submitting."), call("left_click", json!({"target": ref_target(&submit)}))])
            })
            .turn(|x| {
                let r = x.results();
                x.expect(r.len() == 1 && !fakeapi::is_error(r[0]), || format!("the submit click failed: {r:?}"))?;
                Ok(vec![text(FINAL)])
            })
    }

    /// The turns of [`form_script`], so the number of requests a session makes.
    pub const FORM_TURNS: usize = 6;

    /// Asserts what every session must show: a clean fake API, one request per turn, the thread
    /// fields of the mode, streaming as asked.
    pub fn check_requests(api: &FakeApi, mode: &str, threaded: bool, streamed: bool) {
        let problems = api.problems();
        assert!(problems.is_empty(), "{mode}: the fake API found problems:\n{}", problems.join("\n"));
        let requests = api.requests();
        assert_eq!(requests.len(), FORM_TURNS, "{mode}: one request per turn");
        for (i, r) in requests.iter().enumerate() {
            assert_eq!(r.turn, Some(i), "{mode}: request {i} answered turn {:?}", r.turn);
            assert_eq!(r.stream(), streamed, "{mode}: request {i} stream is {}", r.body["stream"]);
            let thread = r.thread();
            if !threaded {
                assert!(thread.is_null(), "{mode}: request {i} carries thread {thread}");
                assert_eq!(r.body["messages"].as_array().map(Vec::len), Some(2 * i + 1), "{mode}: request {i} sends the whole history");
            } else if i == 0 {
                assert_eq!(thread, &json!({"type": "create"}), "{mode}: the first request creates the thread");
            } else {
                let previous = requests[i - 1].response_id.clone().unwrap_or_default();
                assert_eq!(thread, &json!({"type": "continue", "previous_message_id": previous}), "{mode}: request {i}");
                assert_eq!(r.body["messages"].as_array().map(Vec::len), Some(1), "{mode}: request {i} sends only the new turn");
            }
        }
        // The halt rule, end to end: the batch after the bogus click.
        let conversation = api.final_conversation();
        let halted = &conversation[4]["content"][1];
        assert_eq!(halted["is_error"], json!(true), "{mode}: {halted}");
        assert_eq!(fakeapi::result_text(halted), NOT_EXECUTED, "{mode}");
    }

    /// Waits until the active tab shows the submitted form, and returns its URL.
    pub async fn submitted_url(h: &mut Harness) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let state = h.client.request("state", json!({})).await?;
            let tabs = state["browser_state"]["tabs"].as_array().cloned().unwrap_or_default();
            let url = tabs.iter().find(|t| t["active"] == json!(true)).and_then(|t| t["url"].as_str()).unwrap_or_default().to_string();
            if url.contains("/submitted?") {
                return Ok(url);
            }
            anyhow::ensure!(tokio::time::Instant::now() < deadline, "the form was not submitted; the active tab is at {url:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Asserts the submitted form carried what the session typed and ticked.
    pub fn check_submission(mode: &str, url: &str) {
        for field in ["first=Ada", "last=Lovelace", "terms=on", "country=fr", "plan=pro"] {
            assert!(url.split(['?', '&']).any(|p| p == field), "{mode}: the submission lacks {field}: {url}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_must_be_answered_once_per_call_in_order() {
        let assistant = json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": "a", "name": "navigate", "toolset_name": "browser", "input": {"url": "x"}},
            {"type": "tool_use", "id": "b", "name": "get_page_text", "toolset_name": "browser", "input": {}},
        ]});
        let ok = |id: &str| json!({"type": "tool_result", "tool_use_id": id, "toolset_name": "browser", "content": "done"});
        let user = |results: Vec<Value>| json!({"role": "user", "content": results});
        let start = json!({"role": "user", "content": "go"});
        assert!(check_conversation(&[start.clone(), assistant.clone(), user(vec![ok("a"), ok("b")])]).is_empty());
        assert!(!check_conversation(&[start.clone(), assistant.clone(), user(vec![ok("b"), ok("a")])]).is_empty(), "out of order");
        assert!(!check_conversation(&[start.clone(), assistant.clone(), user(vec![ok("a")])]).is_empty(), "one missing");
        let mut unnamed = ok("b");
        unnamed.as_object_mut().map(|o| o.remove("toolset_name"));
        assert!(!check_conversation(&[start.clone(), assistant.clone(), user(vec![ok("a"), unnamed])]).is_empty(), "toolset_name");
        let bad_state = json!({"type": "tool_result", "tool_use_id": "b", "toolset_name": "browser", "is_error": true,
            "content": [{"type": "text", "text": "x"}, {"type": "browser_state", "tabs": []}]});
        let found = check_conversation(&[start, assistant, user(vec![ok("a"), bad_state])]);
        assert!(found.iter().any(|p| p.contains("no_block_on_error")), "{found:?}");
    }
}
