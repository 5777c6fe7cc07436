//! The agent socket: WebSocket text frames over a Unix socket.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use futures_util::stream::FuturesOrdered;
use futures_util::{FutureExt, SinkExt, StreamExt};
use serde_json::Value;
use tabwright_protocol::sanitize;
use tabwright_protocol::wire::{response, AgentError, AgentRequest};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;

use crate::hub::Hub;
use crate::paths;

/// The largest agent message answered (a run with many tool_use blocks stays far below it).
pub const MAX_AGENT_MESSAGE: usize = 16 * 1024 * 1024;
/// The largest frame read at all; between the two, a message gets an error reply and the
/// connection stays open.
const MAX_FRAME: usize = 64 * 1024 * 1024;

/// A bound Unix socket that removes its file when dropped.
pub struct BoundSocket {
    pub listener: UnixListener,
    pub path: PathBuf,
}

impl Drop for BoundSocket {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Binds `path` in a private directory. A stale socket file (no one answering) is replaced; a
/// live one is an error, so two bridges never fight over one socket.
pub async fn bind(path: &Path) -> std::io::Result<BoundSocket> {
    paths::prepare_socket_dir(path)?;
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        // Only a socket a bridge left is taken away: a file given as the path by mistake is kept.
        if !std::os::unix::fs::FileTypeExt::is_socket(&meta.file_type()) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                format!("{} is there and is not a socket, so it is left alone; name another path for the socket", path.display()),
            ));
        }
        if UnixStream::connect(path).await.is_ok() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AddrInUse,
                format!("another tabwright bridge is already serving {}", path.display()),
            ));
        }
        std::fs::remove_file(path)?;
    }
    let listener = UnixListener::bind(path)?;
    Ok(BoundSocket { listener, path: path.to_path_buf() })
}

/// Accepts agent connections forever.
pub async fn serve(hub: Arc<Hub>, socket: &BoundSocket) {
    loop {
        match socket.listener.accept().await {
            Ok((stream, _)) => {
                let hub = hub.clone();
                tokio::spawn(async move {
                    if let Err(e) = serve_connection(hub, stream, None).await {
                        eprintln!("tabwright: agent connection ended: {e}");
                    }
                });
            }
            Err(e) => {
                eprintln!("tabwright: accept failed: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
}

fn refuse(status: StatusCode, why: String) -> ErrorResponse {
    let mut refused = ErrorResponse::new(Some(why));
    *refused.status_mut() = status;
    refused
}

/// Refuses any handshake that carries an `Origin` header (web pages always send one, agents
/// don't) and, when a token is set (TCP), any that does not present it as a bearer token.
#[allow(clippy::result_large_err)]
fn check_handshake(request: &Request, response: Response, token: Option<&str>) -> Result<Response, ErrorResponse> {
    if let Some(origin) = request.headers().get("origin") {
        return Err(refuse(StatusCode::FORBIDDEN, format!("origin {origin:?} may not use the agent socket")));
    }
    if let Some(token) = token {
        let presented = request.headers().get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).unwrap_or_default();
        if !crate::lane::same_secret(presented, token) {
            return Err(refuse(StatusCode::UNAUTHORIZED, "the agent socket needs Authorization: Bearer <token>".into()));
        }
    }
    Ok(response)
}

/// Accepts agent connections on loopback TCP, each presenting the token.
pub async fn serve_tcp(hub: Arc<Hub>, listener: tokio::net::TcpListener, token: String) {
    let token = Arc::new(token);
    loop {
        match listener.accept().await {
            Ok((stream, peer)) if peer.ip().is_loopback() => {
                let hub = hub.clone();
                let token = token.clone();
                tokio::spawn(async move {
                    if let Err(e) = serve_connection(hub, stream, Some(token.as_str())).await {
                        eprintln!("tabwright: agent connection ended: {e}");
                    }
                });
            }
            Ok(_) => {}
            Err(e) => {
                eprintln!("tabwright: accept failed: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
}

#[allow(clippy::result_large_err)] // the handshake callback's error type is tungstenite's
async fn serve_connection<S>(hub: Arc<Hub>, stream: S, token: Option<&str>) -> anyhow::Result<()>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    // Held from the start, so a bridge going away waits for a connection still in its handshake.
    let mut closing = hub.closing();
    let config = WebSocketConfig::default().max_message_size(Some(MAX_FRAME)).max_frame_size(Some(MAX_FRAME));
    let ws = tokio_tungstenite::accept_hdr_async_with_config(stream, |req: &Request, resp| check_handshake(req, resp, token), Some(config)).await?;
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let writer = tokio::spawn(async move {
        while let Some(message) = rx.recv().await {
            if sink.send(message).await.is_err() {
                break;
            }
        }
        sink
    });
    // Set when a frame could not be read (too large, or not WebSocket): the client is then most
    // likely still sending it.
    let mut unreadable = None;
    // Each request is handed to the hub as soon as it is read, so the hub's queue has this
    // connection's requests in the order they were sent; the answers go out in that order too.
    // `waiting` has the ids of the requests whose answers have not gone out, in the same order.
    let mut answers = FuturesOrdered::new();
    let mut waiting = std::collections::VecDeque::new();
    let mut reading = true;
    while reading || !answers.is_empty() {
        // The bridge is going away: what is still waited for is answered with why, and the
        // connection closes saying so, instead of ending with nothing said.
        if let Some(why) = closing.borrow_and_update().clone() {
            // Answers already made go out as they are (a call the browser finished must not be
            // said to have failed).
            while let Some(Some(reply)) = answers.next().now_or_never() {
                waiting.pop_front();
                let _ = tx.send(Message::text(Value::to_string(&reply)));
            }
            for id in waiting.drain(..) {
                let _ = tx.send(Message::text(Value::to_string(&response(&id, Err(AgentError::new("browser_unavailable", why.clone()))))));
            }
            let _ = tx.send(Message::Close(Some(CloseFrame { code: CloseCode::Away, reason: close_reason(&why).into() })));
            break;
        }
        tokio::select! {
            Ok(()) = closing.changed() => {}
            Some(reply) = answers.next(), if !answers.is_empty() => {
                waiting.pop_front();
                let _ = tx.send(Message::text(Value::to_string(&reply)));
            }
            frame = stream.next(), if reading && answers.len() < MAX_IN_FLIGHT => {
                let Some(frame) = frame else {
                    reading = false;
                    gone(&mut answers, &mut waiting);
                    continue;
                };
                match read_request(frame) {
                    Ok(Some(request)) => {
                        let answer = hub.submit(&request.method, &request.params);
                        waiting.push_back(request.id.clone());
                        answers.push_back(Box::pin(async move { response(&request.id, answer.await) }) as Reply);
                    }
                    Ok(None) => {}
                    Err(Ending::Reply(reply)) => {
                        waiting.push_back(reply["id"].clone());
                        answers.push_back(Box::pin(std::future::ready(reply)) as Reply);
                    }
                    Err(Ending::Close(Some(reply))) => {
                        let code = if reply["error"]["code"] == "too_large" { CloseCode::Size } else { CloseCode::Protocol };
                        unreadable = Some((code, reply["error"]["message"].as_str().unwrap_or_default().to_string()));
                        waiting.push_back(reply["id"].clone());
                        answers.push_back(Box::pin(std::future::ready(reply)) as Reply);
                        reading = false;
                    }
                    Err(Ending::Close(None)) => {
                        reading = false;
                        gone(&mut answers, &mut waiting);
                    }
                }
            }
        }
    }
    if let Some((code, why)) = &unreadable {
        let _ = tx.send(Message::Close(Some(CloseFrame { code: *code, reason: close_reason(why).into() })));
    }
    drop(tx);
    // (A bridge going away does not wait for what follows.)
    drop(closing);
    let sink = writer.await;
    if let (Some(_), Ok(sink)) = (unreadable, sink) {
        if let Ok(mut ws) = stream.reunite(sink) {
            discard_the_rest(ws.get_mut()).await;
        }
    }
    Ok(())
}

/// Reads and drops what a client still sends of a frame that could not be read, before the
/// connection is closed: closing a socket with data left unread resets it, and a client still
/// sending would lose the answer and the close frame written to it before reading them. Ends
/// when the client stops (it closed, or sent nothing for 2 s), or after 256 MiB or 30 s.
async fn discard_the_rest<S: tokio::io::AsyncRead + Unpin>(raw: &mut S) {
    use tokio::io::AsyncReadExt;
    let mut buf = vec![0u8; 64 * 1024];
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut left = 4 * MAX_FRAME;
    while left > 0 {
        let idle = (tokio::time::Instant::now() + std::time::Duration::from_secs(2)).min(until);
        match tokio::time::timeout_at(idle, raw.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => left = left.saturating_sub(n),
            _ => break,
        }
    }
}

/// `why` on one line, cut to what a close frame's reason holds (123 bytes), at a character's
/// boundary.
fn close_reason(why: &str) -> String {
    let mut line = sanitize::one_line(why);
    if line.len() > 123 {
        let mut end = 120;
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        line.truncate(end);
        line.push('…');
    }
    line
}

/// The client is gone (its socket ended, or it closed the connection): nobody reads the answers
/// it waits for, so they are let go, and the hub, seeing that, runs nothing more for it (the
/// rest of a batch, requests still queued).
fn gone(answers: &mut FuturesOrdered<Reply>, waiting: &mut std::collections::VecDeque<Value>) {
    *answers = FuturesOrdered::new();
    waiting.clear();
}

/// How many requests of one connection may wait for their answers; past it, the connection is
/// not read until one is answered.
const MAX_IN_FLIGHT: usize = 256;

type Reply = std::pin::Pin<Box<dyn std::future::Future<Output = Value> + Send>>;

/// What a frame that is not a request leads to.
enum Ending {
    /// An error answer; the connection goes on.
    Reply(Value),
    /// The connection ends: after this answer, or, with none, because the client is gone (it
    /// closed the connection or its socket ended), and nothing is answered.
    Close(Option<Value>),
}

/// The request in one frame; `None` for frames that carry none (pings).
fn read_request(frame: Result<Message, tokio_tungstenite::tungstenite::Error>) -> Result<Option<AgentRequest>, Ending> {
    use tokio_tungstenite::tungstenite::error::{CapacityError, Error, ProtocolError};
    let frame = match frame {
        Ok(f) => f,
        // The client went away without closing (its process ended, its socket dropped).
        Err(Error::ConnectionClosed | Error::AlreadyClosed | Error::Io(_) | Error::Protocol(ProtocolError::ResetWithoutClosingHandshake)) => {
            return Err(Ending::Close(None));
        }
        // A frame too large to read at all: its id cannot be known either.
        Err(Error::Capacity(CapacityError::MessageTooLong { size, .. })) => {
            let why = format!("a request may be at most {MAX_AGENT_MESSAGE} bytes; this one is {size}, too large to read, so the connection closes");
            return Err(Ending::Close(Some(response(&Value::Null, Err(AgentError::new("too_large", why))))));
        }
        // A malformed frame: say so, and end the connection.
        Err(e) => return Err(Ending::Close(Some(response(&Value::Null, Err(AgentError::new("malformed_frame", e.to_string())))))),
    };
    let text = match frame {
        Message::Text(t) if t.len() > MAX_AGENT_MESSAGE => {
            let id = oversized_id(&t);
            return Err(Ending::Reply(response(&id, Err(AgentError::new("too_large", format!("a request may be at most {MAX_AGENT_MESSAGE} bytes"))))));
        }
        Message::Text(t) => t,
        Message::Binary(_) => {
            return Err(Ending::Reply(response(&Value::Null, Err(AgentError::new("malformed_request", "send requests as text frames of JSON")))));
        }
        Message::Close(_) => return Err(Ending::Close(None)),
        _ => return Ok(None),
    };
    // A batch holding half a character in a block's input is run block by block: that block
    // is refused alone, with its own tool_result (ToolUse::from_block), as bad input is.
    let parsed = serde_json::from_str::<AgentRequest>(&text).or_else(|e| match sanitize::mark_json_surrogates(&text) {
        std::borrow::Cow::Owned(marked) => serde_json::from_str::<AgentRequest>(&marked).ok().filter(|r| r.method == "run").ok_or(e),
        std::borrow::Cow::Borrowed(_) => Err(e),
    });
    parsed.map(Some).map_err(|e| {
        // JSON lets a string escape half of a character (a lone surrogate, `\ud800`), which
        // serde refuses: the request's id is read with those halves made whole, so the answer
        // reaches the call that waits for it.
        let repaired = sanitize::repair_json_surrogates(&text);
        let halves = matches!(repaired, std::borrow::Cow::Owned(_));
        let id = serde_json::from_str::<Value>(&repaired).ok().and_then(|v| v.get("id").cloned()).unwrap_or(Value::Null);
        let why = match halves {
            true => HALF_CHARACTER.to_string(),
            false => format!("expected {{\"id\", \"method\", \"params\"}}: {e}"),
        };
        Ending::Reply(response(&id, Err(AgentError::new("malformed_request", why))))
    })
}

/// The id of a request too large to run, so that the answer reaches the call that waits for it:
/// read from its start when it comes first, as most clients write it, else from a pass over the
/// whole request that keeps nothing but the id (JSON-RPC clients often write it last). Null when
/// the request is not JSON or has no number or string id.
fn oversized_id(text: &str) -> Value {
    #[derive(serde::Deserialize)]
    struct IdOnly {
        #[serde(default)]
        id: Value,
    }
    match leading_id(text) {
        Value::Null => serde_json::from_str::<IdOnly>(text).ok().map(|r| r.id).filter(|id| id.is_number() || id.is_string()).unwrap_or(Value::Null),
        id => id,
    }
}

/// The id of a request too large to read, when it comes first (`{"id": 7, …`), as clients
/// write it: the answer then reaches the call that waits for it. Null otherwise.
fn leading_id(text: &str) -> Value {
    let head = text.get(..text.len().min(200)).unwrap_or_default().trim_start();
    let Some(rest) = head.strip_prefix('{').map(str::trim_start).and_then(|r| r.strip_prefix("\"id\"")).map(str::trim_start).and_then(|r| r.strip_prefix(':')) else {
        return Value::Null;
    };
    let rest = rest.trim_start();
    let end = match rest.strip_prefix('"') {
        Some(quoted) => quoted.find('"').map(|i| i + 2),
        None => rest.find([',', '}']),
    };
    end.and_then(|e| rest.get(..e)).and_then(|v| serde_json::from_str::<Value>(v.trim()).ok()).filter(|v| v.is_number() || v.is_string()).unwrap_or(Value::Null)
}

/// Why a request holding a lone surrogate is not run.
const HALF_CHARACTER: &str = "The request holds half of a character (a lone UTF-16 surrogate escape, \\ud800 to \\udfff, without its other half), which no page can take, so nothing was run. Send the text again with whole characters (both halves of an emoji together).";

#[cfg(test)]
mod tests {
    use super::{close_reason, leading_id, oversized_id, read_request, Ending, HALF_CHARACTER};

    #[tokio::test]
    async fn a_file_at_the_socket_path_is_left_alone_and_a_stale_socket_replaced() {
        let dir = std::env::temp_dir().join(format!("tabwright-bind-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("notes.txt");
        crate::paths::prepare_socket_dir(&path).expect("private dir");
        std::fs::write(&path, "important").expect("write");
        let e = super::bind(&path).await.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("is not a socket"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("important"));
        // A socket nobody serves any more is taken over.
        let sock = dir.join("agent.sock");
        drop(std::os::unix::net::UnixListener::bind(&sock).expect("bind"));
        assert!(super::bind(&sock).await.is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_request_too_large_to_read_is_answered_at_its_leading_id() {
        assert_eq!(leading_id(r#"{"id": 7, "method": "run", "params": {"content": ["…"#), serde_json::json!(7));
        assert_eq!(leading_id(r#"{ "id" : "a-1" ,"method":"#), serde_json::json!("a-1"));
        assert_eq!(leading_id(r#"{"method": "run", "id": 3"#), serde_json::Value::Null, "only an id that comes first");
        assert_eq!(leading_id(r#"{"id": {"x": 1}}"#), serde_json::Value::Null);
        assert_eq!(leading_id("é"), serde_json::Value::Null);
    }

    #[test]
    fn a_request_too_large_to_run_is_answered_at_its_id_wherever_it_stands() {
        let padding = "x".repeat(1000);
        assert_eq!(oversized_id(&format!(r#"{{"id": 4, "params": {{"text": "{padding}"}}}}"#)), serde_json::json!(4));
        assert_eq!(oversized_id(&format!(r#"{{"jsonrpc": "2.0", "method": "type", "params": {{"text": "{padding}", "id": 1}}, "id": "last"}}"#)), serde_json::json!("last"));
        assert_eq!(oversized_id(&format!(r#"{{"method": "type", "params": {{"text": "{padding}"}}}}"#)), serde_json::Value::Null);
        assert_eq!(oversized_id(&format!(r#"{{"method": "type", "id": [1], "params": "{padding}"}}"#)), serde_json::Value::Null);
        assert_eq!(oversized_id(&format!(r#"{{"method": "type", "params": "{padding}"#)), serde_json::Value::Null, "cut off");
    }
    use tokio_tungstenite::tungstenite::Message;

    #[test]
    fn a_request_with_half_a_character_is_answered_under_its_own_id() {
        for (frame, id) in [
            (r#"{"id":7,"method":"member","params":{"name":"type","input":{"text":"\ud800"}}}"#, 7),
            (r#"{"method":"member","id":8,"params":{"name":"find","input":{"query":"a\udc00b"}}}"#, 8),
        ] {
            let Err(Ending::Reply(reply)) = read_request(Ok(Message::text(frame))) else { panic!("{frame}: read as a request") };
            assert_eq!(reply["id"], id, "{reply}");
            assert_eq!(reply["error"]["message"], HALF_CHARACTER, "{reply}");
        }
        // A batch is read with the halves marked, for its blocks to be answered one by one.
        let batch = r#"{"id":10,"method":"run","params":{"content":[{"type":"tool_use","id":"t1","name":"type","toolset_name":"browser","input":{"text":"\ud800"}}]}}"#;
        let Ok(Some(request)) = read_request(Ok(Message::text(batch))) else { panic!("a batch is read") };
        let block = &request.params["content"][0];
        assert_eq!(tabwright_protocol::ToolUse::from_block(block).err().as_deref(), Some(tabwright_protocol::blocks::HALF_CHARACTER_INPUT));
        // A whole character written as its two halves is a request like any other.
        let whole = r#"{"id":9,"method":"member","params":{"name":"type","input":{"text":"\ud83e\udd80"}}}"#;
        let Ok(Some(request)) = read_request(Ok(Message::text(whole))) else { panic!("refused") };
        assert_eq!(request.params["input"]["text"], "🦀");
    }

    #[test]
    fn a_close_reason_fits_its_frame_whatever_the_words() {
        assert_eq!(close_reason("The browser exited\n(signal 9)."), "The browser exited (signal 9).");
        for why in ["x".repeat(500), "é".repeat(200), "🦀".repeat(100)] {
            let reason = close_reason(&why);
            assert!(reason.len() <= 123 && reason.ends_with('…'), "{} bytes: {reason}", reason.len());
        }
    }
}
