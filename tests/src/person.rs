//! The person watching: a DevTools connection from outside tabwright (the browser is started
//! with a remote-debugging port for these tests only), used to press buttons in the extension's
//! own windows as a person would.

use std::time::Duration;

use anyhow::{bail, Context};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The flag that opens the port; pass it to `Harness::start_with`.
pub const PERSON_FLAG: &str = "--browser-arg=--remote-debugging-port=0";

pub struct Person {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next: u64,
}

impl Person {
    /// Connects through the DevToolsActivePort file of the session's profile.
    pub async fn connect(profile: &std::path::Path) -> anyhow::Result<Person> {
        let file = profile.join("DevToolsActivePort");
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        let text = loop {
            if let Ok(t) = std::fs::read_to_string(&file) {
                if t.lines().count() >= 2 {
                    break t;
                }
            }
            if tokio::time::Instant::now() > deadline {
                bail!("no {}", file.display());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let mut lines = text.lines();
        let port = lines.next().context("port")?;
        let path = lines.next().context("path")?;
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}{path}")).await?;
        Ok(Person { ws, next: 1 })
    }

    /// Sends one CDP command (to a session when given) and returns its result.
    pub async fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> anyhow::Result<Value> {
        let id = self.next;
        self.next += 1;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::text(msg.to_string())).await?;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next()).await.context("no answer")?;
            let Some(Ok(Message::Text(t))) = frame else { continue };
            let v: Value = serde_json::from_str(&t)?;
            if v["id"] == json!(id) {
                if let Some(e) = v.get("error") {
                    bail!("{method}: {e}");
                }
                return Ok(v["result"].clone());
            }
        }
    }

    /// The targets whose URL contains `needle`.
    pub async fn targets(&mut self, needle: &str) -> anyhow::Result<Vec<Value>> {
        let r = self.send(None, "Target.getTargets", json!({})).await?;
        Ok(r["targetInfos"].as_array().cloned().unwrap_or_default().into_iter().filter(|t| t["url"].as_str().is_some_and(|u| u.contains(needle))).collect())
    }

    /// Attaches to a target and evaluates `expression` in it.
    pub async fn eval_in(&mut self, target_id: &str, expression: &str) -> anyhow::Result<Value> {
        let r = self.send(None, "Target.attachToTarget", json!({"targetId": target_id, "flatten": true})).await?;
        let session = r["sessionId"].as_str().context("session")?.to_string();
        // A page still committing its first document replaces its context: try again shortly.
        let mut last = None;
        for _ in 0..20 {
            match self.send(Some(&session), "Runtime.evaluate", json!({"expression": expression, "returnByValue": true, "awaitPromise": true})).await {
                Ok(r) => return Ok(r["result"]["value"].clone()),
                Err(e) if e.to_string().contains("context was destroyed") || e.to_string().contains("Cannot find context") => {
                    last = Some(e);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| anyhow::anyhow!("no answer")))
    }

    /// Opens one of the extension's pages in a new tab, as a person clicking its button would.
    pub async fn open_extension_page(&mut self, path: &str) -> anyhow::Result<String> {
        let url = format!("chrome-extension://{}/{path}", tabwright_protocol::wire::EXTENSION_ID);
        let r = self.send(None, "Target.createTarget", json!({"url": url})).await?;
        let id = r["targetId"].as_str().context("target")?.to_string();
        // Wait until its script has run; the tab shows about:blank, complete, before the page commits.
        let loaded = format!("document.readyState === 'complete' && location.href === {}", json!(url));
        for _ in 0..100 {
            if self.eval_in(&id, &loaded).await.ok() == Some(json!(true)) {
                return Ok(id);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        bail!("{path} did not load")
    }
}
