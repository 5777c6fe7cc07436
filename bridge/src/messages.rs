//! A small Messages API client for `tabwright agent`: one streamed `POST /v1/messages`, its
//! server-sent events put back together into the message, and the errors told apart by whether a
//! retry can help.
//!
//! The HTTP client is `ureq` (blocking, rustls): a request runs on a thread of its own, so a
//! Ctrl-C never waits for it.

use std::io::{BufRead, BufReader, Read};
use std::time::Duration;

use serde_json::{json, Map, Value};

/// The API version header every request carries.
pub const API_VERSION: &str = "2023-06-01";
/// Where requests go unless `ANTHROPIC_BASE_URL` says otherwise.
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";

/// How to reach the API.
#[derive(Clone, Debug)]
pub struct ApiConfig {
    pub base_url: String,
    /// `x-api-key`.
    pub api_key: Option<String>,
    /// `Authorization: Bearer`, when there is no API key.
    pub auth_token: Option<String>,
}

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN) to your Anthropic API key")]
    NoKey,
    #[error("the API answered {status} {kind}: {message}")]
    Status { status: u16, kind: String, message: String, retry_after: Option<Duration> },
    #[error("cannot reach the API at {url}: {reason}")]
    Transport { url: String, reason: String },
    #[error("the API's event stream broke off: {0}")]
    Stream(String),
    #[error("the API sent an error in its event stream: {kind}: {message}")]
    StreamError { kind: String, message: String },
}

impl ApiError {
    /// Whether sending the same request again may succeed: rate limits (429), overload (529),
    /// server errors (5xx), timeouts and conflicts (408, 409), a lost connection, and an
    /// overloaded or broken stream.
    pub fn retryable(&self) -> bool {
        match self {
            ApiError::Status { status, .. } => matches!(status, 408 | 409 | 429) || *status >= 500,
            ApiError::Transport { .. } | ApiError::Stream(_) => true,
            ApiError::StreamError { kind, .. } => matches!(kind.as_str(), "overloaded_error" | "api_error" | "rate_limit_error"),
            ApiError::NoKey => false,
        }
    }

    /// The wait the API asked for, if it did.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::Status { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

impl ApiConfig {
    /// Reads `ANTHROPIC_API_KEY`, `ANTHROPIC_AUTH_TOKEN` and `ANTHROPIC_BASE_URL`, as the SDKs do.
    pub fn from_env() -> Result<ApiConfig, ApiError> {
        let var = |name: &str| std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let api_key = var("ANTHROPIC_API_KEY");
        let auth_token = var("ANTHROPIC_AUTH_TOKEN");
        if api_key.is_none() && auth_token.is_none() {
            return Err(ApiError::NoKey);
        }
        let base_url = var("ANTHROPIC_BASE_URL").unwrap_or_else(|| DEFAULT_BASE_URL.to_string());
        Ok(ApiConfig { base_url: base_url.trim_end_matches('/').to_string(), api_key, auth_token })
    }

    fn endpoint(&self) -> String {
        format!("{}/v1/messages", self.base_url)
    }
}

/// `retry-after` as seconds (the API sends a number; an HTTP date is not used), at most 10 minutes.
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let secs: f64 = value.trim().parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(600.0)))
}

/// One HTTP agent for the process, so later turns reuse the connection (and its TLS session).
fn agent() -> &'static ureq::Agent {
    static AGENT: std::sync::OnceLock<ureq::Agent> = std::sync::OnceLock::new();
    AGENT.get_or_init(new_agent)
}

fn new_agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(30)))
        .timeout_recv_response(Some(Duration::from_secs(600)))
        // The API pings a stream every few seconds; minutes of silence mean it is gone.
        .timeout_per_read(Some(Duration::from_secs(300)))
        .user_agent(concat!("tabwright/", env!("CARGO_PKG_VERSION")))
        // The system's certificate store, so a proxy's or a company's own CA is trusted as the
        // SDKs trust it (and SSL_CERT_FILE is honoured).
        .tls_config(ureq::tls::TlsConfig::builder().root_certs(ureq::tls::RootCerts::PlatformVerifier).build())
        .build()
        .into()
}

/// Sends `body` (with `stream: true` set) and returns the whole message, calling `on_text` with
/// each piece of text as it arrives. Blocking.
pub fn stream_message(config: &ApiConfig, body: &Value, on_text: &mut dyn FnMut(&str)) -> Result<Value, ApiError> {
    let url = config.endpoint();
    let mut body = body.clone();
    body["stream"] = json!(true);
    let payload = serde_json::to_vec(&body).map_err(|e| ApiError::Stream(format!("cannot encode the request: {e}")))?;
    let mut request = agent()
        .post(&url)
        .header("content-type", "application/json")
        .header("accept", "text/event-stream")
        .header("anthropic-version", API_VERSION);
    if let Some(key) = &config.api_key {
        request = request.header("x-api-key", key);
    } else if let Some(token) = &config.auth_token {
        request = request.header("authorization", &format!("Bearer {token}"));
    }
    let response = request.send(&payload[..]).map_err(|e| ApiError::Transport { url: url.clone(), reason: e.to_string() })?;
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(parse_retry_after);
    let reader = response.into_body().into_reader();
    if status != 200 {
        let mut text = String::new();
        let _ = reader.take(64 * 1024).read_to_string(&mut text);
        let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let kind = parsed["error"]["type"].as_str().unwrap_or("error").to_string();
        let message = parsed["error"]["message"].as_str().map(String::from).unwrap_or_else(|| text.trim().chars().take(500).collect());
        return Err(ApiError::Status { status, kind, message, retry_after });
    }
    let mut assembler = Assembler::default();
    let mut reader = BufReader::new(reader);
    read_events(&mut reader, &mut |name, data| assembler.event(name, data, on_text))?;
    // Whatever follows message_stop (the end of the chunked body) is read, so the connection
    // can serve the next turn.
    let _ = std::io::copy(&mut reader.take(64 * 1024), &mut std::io::sink());
    assembler.finish()
}

/// Reads server-sent events, calling `f(event name, data)` for each.
pub fn read_events<R: BufRead>(mut reader: R, f: &mut dyn FnMut(&str, &str) -> Result<bool, ApiError>) -> Result<(), ApiError> {
    let mut name = String::new();
    let mut data = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        let n = reader.read_line(&mut line).map_err(|e| ApiError::Stream(e.to_string()))?;
        if n == 0 {
            if !data.is_empty() {
                f(&name, &data)?;
            }
            return Ok(());
        }
        let l = line.trim_end_matches(['\r', '\n']);
        if l.is_empty() {
            if !data.is_empty() || !name.is_empty() {
                let more = f(&name, &data)?;
                name.clear();
                data.clear();
                if !more {
                    return Ok(());
                }
            }
            continue;
        }
        if l.starts_with(':') {
            continue;
        }
        let (field, value) = l.split_once(':').map(|(f, v)| (f, v.strip_prefix(' ').unwrap_or(v))).unwrap_or((l, ""));
        match field {
            "event" => name = value.to_string(),
            "data" => {
                if !data.is_empty() {
                    data.push('\n');
                }
                data.push_str(value);
            }
            _ => {}
        }
    }
}

/// Builds the message from its stream events.
#[derive(Default)]
pub struct Assembler {
    message: Option<Value>,
    /// Per content block: the input JSON received so far (tool_use blocks).
    partial_json: Vec<String>,
    stopped: bool,
}

impl Assembler {
    /// Takes one event; returns whether more are expected.
    pub fn event(&mut self, name: &str, data: &str, on_text: &mut dyn FnMut(&str)) -> Result<bool, ApiError> {
        let event: Value = serde_json::from_str(data).map_err(|e| ApiError::Stream(format!("an event that is not JSON ({e}): {data:.200}")))?;
        let kind = event["type"].as_str().unwrap_or(name);
        match kind {
            "message_start" => {
                let mut message = event["message"].clone();
                if !message.is_object() {
                    return Err(ApiError::Stream("message_start without a message".into()));
                }
                message["content"] = json!([]);
                self.message = Some(message);
            }
            "content_block_start" => {
                let index = event["index"].as_u64().unwrap_or(0) as usize;
                let message = self.message.as_mut().ok_or_else(|| ApiError::Stream("a content block before message_start".into()))?;
                let content = message["content"].as_array_mut().ok_or_else(|| ApiError::Stream("no content list".into()))?;
                if index != content.len() {
                    return Err(ApiError::Stream(format!("content block {index} arrived out of order")));
                }
                content.push(event["content_block"].clone());
                self.partial_json.push(String::new());
            }
            "content_block_delta" => {
                let index = event["index"].as_u64().unwrap_or(0) as usize;
                let block = self
                    .message
                    .as_mut()
                    .and_then(|m| m["content"].as_array_mut())
                    .and_then(|c| c.get_mut(index))
                    .ok_or_else(|| ApiError::Stream(format!("a delta for content block {index}, which has not started")))?;
                let delta = &event["delta"];
                let append = |block: &mut Value, field: &str, piece: &str| {
                    let mut text = block[field].as_str().unwrap_or_default().to_string();
                    text.push_str(piece);
                    block[field] = Value::String(text);
                };
                match delta["type"].as_str().unwrap_or_default() {
                    "text_delta" => {
                        let piece = delta["text"].as_str().unwrap_or_default();
                        append(block, "text", piece);
                        on_text(piece);
                    }
                    "input_json_delta" => {
                        if let Some(buffer) = self.partial_json.get_mut(index) {
                            buffer.push_str(delta["partial_json"].as_str().unwrap_or_default());
                        }
                    }
                    "thinking_delta" => append(block, "thinking", delta["thinking"].as_str().unwrap_or_default()),
                    "signature_delta" => append(block, "signature", delta["signature"].as_str().unwrap_or_default()),
                    "citations_delta" => {
                        if !block["citations"].is_array() {
                            block["citations"] = json!([]);
                        }
                        if let Some(list) = block["citations"].as_array_mut() {
                            list.push(delta["citation"].clone());
                        }
                    }
                    _ => {}
                }
            }
            "content_block_stop" => {
                let index = event["index"].as_u64().unwrap_or(0) as usize;
                let buffer = self.partial_json.get(index).cloned().unwrap_or_default();
                if let Some(block) = self.message.as_mut().and_then(|m| m["content"].as_array_mut()).and_then(|c| c.get_mut(index)) {
                    if block.get("input").is_some() {
                        block["input"] = if buffer.trim().is_empty() {
                            json!({})
                        } else {
                            serde_json::from_str(&buffer)
                                .map_err(|e| ApiError::Stream(format!("tool_use input is not JSON ({e}): {buffer:.200}")))?
                        };
                    }
                }
            }
            "message_delta" => {
                let message = self.message.as_mut().ok_or_else(|| ApiError::Stream("message_delta before message_start".into()))?;
                if let Some(delta) = event["delta"].as_object() {
                    for (k, v) in delta {
                        message[k] = v.clone();
                    }
                }
                if let Some(usage) = event["usage"].as_object() {
                    if !message["usage"].is_object() {
                        message["usage"] = Value::Object(Map::new());
                    }
                    for (k, v) in usage {
                        if !v.is_null() {
                            message["usage"][k] = v.clone();
                        }
                    }
                }
            }
            "message_stop" => {
                self.stopped = true;
                return Ok(false);
            }
            "error" => {
                return Err(ApiError::StreamError {
                    kind: event["error"]["type"].as_str().unwrap_or("error").to_string(),
                    message: event["error"]["message"].as_str().unwrap_or_default().to_string(),
                })
            }
            _ => {}
        }
        Ok(true)
    }

    /// The message, once `message_stop` arrived.
    pub fn finish(self) -> Result<Value, ApiError> {
        match (self.message, self.stopped) {
            (Some(m), true) => Ok(m),
            _ => Err(ApiError::Stream("the stream ended before message_stop".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sse(events: &[Value]) -> String {
        events.iter().map(|e| format!("event: {}\ndata: {}\n\n", e["type"].as_str().unwrap_or_default(), e)).collect()
    }

    fn assemble(text: &str) -> (Result<Value, ApiError>, String) {
        let mut a = Assembler::default();
        let mut seen = String::new();
        let read = read_events(text.as_bytes(), &mut |name, data| a.event(name, data, &mut |t| seen.push_str(t)));
        (read.and_then(|_| a.finish()), seen)
    }

    #[test]
    fn a_streamed_message_is_put_back_together() {
        let stream = sse(&[
            json!({"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [], "usage": {"input_tokens": 10, "output_tokens": 1}}}),
            json!({"type": "ping"}),
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hel"}}),
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "lo"}}),
            json!({"type": "content_block_stop", "index": 0}),
            json!({"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "t1", "name": "navigate", "toolset_name": "browser", "input": {}}}),
            json!({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{\"url\": \"a.com\"}"}}),
            json!({"type": "content_block_stop", "index": 1}),
            json!({"type": "content_block_start", "index": 2, "content_block": {"type": "tool_use", "id": "t2", "name": "screenshot", "toolset_name": "browser", "input": {}}}),
            json!({"type": "content_block_stop", "index": 2}),
            json!({"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": null}, "usage": {"output_tokens": 42}}),
            json!({"type": "message_stop"}),
        ]);
        let (message, seen) = assemble(&stream);
        let message = message.expect("assembled");
        assert_eq!(seen, "Hello");
        assert_eq!(message["content"][0], json!({"type": "text", "text": "Hello"}));
        assert_eq!(message["content"][1]["input"], json!({"url": "a.com"}));
        assert_eq!(message["content"][1]["toolset_name"], "browser");
        assert_eq!(message["content"][2]["input"], json!({}));
        assert_eq!(message["stop_reason"], "tool_use");
        assert_eq!(message["usage"], json!({"input_tokens": 10, "output_tokens": 42}));
    }

    #[test]
    fn broken_streams_are_errors_that_can_be_retried() {
        let start = json!({"type": "message_start", "message": {"id": "m", "content": []}});
        let (cut, _) = assemble(&sse(std::slice::from_ref(&start)));
        assert!(matches!(cut, Err(ApiError::Stream(_))), "{cut:?}");
        assert!(cut.err().is_some_and(|e| e.retryable()));
        let (overloaded, _) = assemble(&sse(&[start, json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})]));
        let e = overloaded.expect_err("error event");
        assert!(e.retryable() && e.to_string().contains("Overloaded"), "{e}");
    }

    #[test]
    fn statuses_are_told_apart() {
        let status = |s: u16| ApiError::Status { status: s, kind: "x".into(), message: "m".into(), retry_after: None };
        for s in [408, 409, 429, 500, 502, 529] {
            assert!(status(s).retryable(), "{s}");
        }
        for s in [400, 401, 403, 404, 413, 422] {
            assert!(!status(s).retryable(), "{s}");
        }
        assert_eq!(parse_retry_after("2"), Some(Duration::from_secs(2)));
        assert_eq!(parse_retry_after(" 0.5 "), Some(Duration::from_millis(500)));
        assert_eq!(parse_retry_after("99999"), Some(Duration::from_secs(600)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(parse_retry_after("-1"), None);
    }

    #[test]
    fn multi_line_data_and_comments_follow_the_sse_rules() {
        let mut seen = Vec::new();
        read_events(": comment\nevent: a\ndata: 1\ndata: 2\n\ndata: x\n".as_bytes(), &mut |n, d| {
            seen.push((n.to_string(), d.to_string()));
            Ok(true)
        })
        .expect("read");
        assert_eq!(seen, vec![("a".to_string(), "1\n2".to_string()), (String::new(), "x".to_string())]);
    }
}
