//! An agent-side client of the agent socket, used by the CLI, the demo and the tests.

use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::UnixStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// One connection to the agent socket.
pub struct Client {
    ws: WebSocketStream<UnixStream>,
    next_id: u64,
}

impl Client {
    pub async fn connect(socket: &Path) -> anyhow::Result<Client> {
        let stream = UnixStream::connect(socket).await.with_context(|| format!("cannot connect to {}", socket.display()))?;
        let (ws, _) = tokio_tungstenite::client_async("ws://localhost/", stream).await.context("websocket handshake failed")?;
        Ok(Client { ws, next_id: 1 })
    }

    /// Sends a raw text frame and reads the next reply.
    pub async fn raw(&mut self, text: &str) -> anyhow::Result<Value> {
        self.ws.send(Message::text(text.to_string())).await?;
        self.read().await
    }

    async fn read(&mut self) -> anyhow::Result<Value> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t)?),
                Some(Ok(Message::Close(Some(frame)))) if !frame.reason.is_empty() => bail!("the bridge closed the connection: {}", frame.reason),
                Some(Ok(Message::Close(_))) | None => bail!("the bridge closed the connection"),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.into()),
            }
        }
    }

    /// Calls `method` and returns its `result`, or the error as an `Err`.
    pub async fn request(&mut self, method: &str, params: Value) -> anyhow::Result<Value> {
        let id = self.next_id;
        self.next_id += 1;
        let reply = self.raw(&json!({"id": id, "method": method, "params": params}).to_string()).await?;
        if reply.get("id") != Some(&json!(id)) {
            bail!("reply for another request: {reply}");
        }
        if let Some(error) = reply.get("error") {
            return Err(anyhow!("{}: {}", error["code"].as_str().unwrap_or("error"), error["message"].as_str().unwrap_or("")));
        }
        reply.get("result").cloned().ok_or_else(|| anyhow!("reply without result: {reply}"))
    }
}

/// Connects, retrying until `wait` has passed.
pub async fn connect_with_retry(socket: &Path, wait: Duration) -> anyhow::Result<Client> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match Client::connect(socket).await {
            Ok(c) => return Ok(c),
            Err(e) if tokio::time::Instant::now() >= deadline => return Err(e),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}
