//! The agent socket: WebSocket text frames over a Unix socket.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tabwright_protocol::wire::{response, AgentError, AgentRequest};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

use crate::hub::Hub;
use crate::paths;

/// The largest agent message accepted (a run with many tool_use blocks stays far below it).
pub const MAX_AGENT_MESSAGE: usize = 16 * 1024 * 1024;

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
    if path.exists() {
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
                    if let Err(e) = serve_connection(hub, stream).await {
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

/// Refuses any handshake that carries an `Origin` header: web pages always send one, agents don't.
#[allow(clippy::result_large_err)]
fn check_origin(request: &Request, response: Response) -> Result<Response, ErrorResponse> {
    if let Some(origin) = request.headers().get("origin") {
        let mut refused = ErrorResponse::new(Some(format!("origin {origin:?} may not use the agent socket")));
        *refused.status_mut() = StatusCode::FORBIDDEN;
        return Err(refused);
    }
    Ok(response)
}

async fn serve_connection(hub: Arc<Hub>, stream: UnixStream) -> anyhow::Result<()> {
    let config = WebSocketConfig::default().max_message_size(Some(MAX_AGENT_MESSAGE)).max_frame_size(Some(MAX_AGENT_MESSAGE));
    let ws = tokio_tungstenite::accept_hdr_async_with_config(stream, check_origin, Some(config)).await?;
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let writer = tokio::spawn(async move {
        while let Some(message) = rx.recv().await {
            if sink.send(message).await.is_err() {
                break;
            }
        }
    });
    while let Some(frame) = stream.next().await {
        let frame = match frame {
            Ok(f) => f,
            Err(e) => {
                // An oversized or malformed frame: say so, then keep serving if the stream allows.
                let reply = response(&Value::Null, Err(AgentError::new("malformed_frame", e.to_string())));
                let _ = tx.send(Message::text(reply.to_string()));
                break;
            }
        };
        let text = match frame {
            Message::Text(t) => t.to_string(),
            Message::Binary(_) => {
                let reply = response(&Value::Null, Err(AgentError::new("malformed_request", "send requests as text frames of JSON")));
                let _ = tx.send(Message::text(reply.to_string()));
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        let request: AgentRequest = match serde_json::from_str(&text) {
            Ok(r) => r,
            Err(e) => {
                let id = serde_json::from_str::<Value>(&text).ok().and_then(|v| v.get("id").cloned()).unwrap_or(Value::Null);
                let reply = response(&id, Err(AgentError::new("malformed_request", format!("expected {{\"id\", \"method\", \"params\"}}: {e}"))));
                let _ = tx.send(Message::text(reply.to_string()));
                continue;
            }
        };
        let hub = hub.clone();
        let tx = tx.clone();
        tokio::spawn(async move {
            let result = hub.handle(&request.method, &request.params).await;
            let _ = tx.send(Message::text(response(&request.id, result).to_string()));
        });
    }
    drop(tx);
    let _ = writer.await;
    Ok(())
}
