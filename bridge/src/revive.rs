//! Bringing the extension back from outside, in `tabwright launch`.
//!
//! The launched browser gets `--remote-debugging-pipe`: DevTools over the child's fds 3 (to the
//! browser) and 4 (from it), NUL-terminated JSON messages, reachable by nobody but this process.
//! The pipe is used for one thing only: when the extension's link has been down for a moment
//! with no new link, start the extension's service worker again
//! (`ServiceWorker.startWorker` on its scope, spoken from a hidden page target of our own, so no
//! tab of the person's or Claude's is touched). That brings a worker back after it was stopped,
//! after its process was killed and after its target was closed, in about a tenth of a second
//! (RELIABILITY.md). The extension's own alarm is the floor when this is not there.

use std::collections::HashMap;
use std::os::fd::OwnedFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::unix::pipe;
use tokio::sync::{oneshot, watch};

use crate::hub::{LinkState, LinkStatus};

/// How long the link may be down before the worker is started from outside: long enough for an
/// extension that reconnects by itself (a native host killed) to do so first.
pub const GRACE: Duration = Duration::from_millis(100);
/// How long a start gets to bring the link back before the next try.
const RETRY: Duration = Duration::from_secs(2);

#[derive(Debug, thiserror::Error)]
pub enum PipeError {
    #[error("the browser's DevTools pipe is closed")]
    Closed,
    #[error("the browser did not answer {0} within 10 s")]
    Timeout(String),
    #[error("{method} failed: {message}")]
    Failed { method: String, message: String },
}

type Waiters = Arc<Mutex<HashMap<u64, oneshot::Sender<Value>>>>;

/// The launch process's end of the browser's DevTools pipe.
pub struct DevToolsPipe {
    writer: tokio::sync::Mutex<pipe::Sender>,
    waiters: Waiters,
    next: AtomicU64,
}

impl DevToolsPipe {
    /// Takes the parent's ends of the two pipes (the one the browser reads as fd 3, the one it
    /// writes as fd 4) and starts reading answers.
    pub fn new(to_browser: OwnedFd, from_browser: OwnedFd) -> std::io::Result<Arc<DevToolsPipe>> {
        let writer = pipe::Sender::from_owned_fd(to_browser)?;
        let mut reader = pipe::Receiver::from_owned_fd(from_browser)?;
        let waiters: Waiters = Arc::new(Mutex::new(HashMap::new()));
        let answers = waiters.clone();
        tokio::spawn(async move {
            let mut buffer: Vec<u8> = Vec::new();
            let mut chunk = vec![0u8; 64 * 1024];
            loop {
                let n = match reader.read(&mut chunk).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                buffer.extend_from_slice(&chunk[..n]);
                while let Some(end) = buffer.iter().position(|b| *b == 0) {
                    let message: Vec<u8> = buffer.drain(..=end).collect();
                    let Ok(message) = serde_json::from_slice::<Value>(&message[..message.len() - 1]) else { continue };
                    // Events are not asked for and are dropped; answers go to their waiter.
                    let Some(id) = message.get("id").and_then(Value::as_u64) else { continue };
                    if let Some(waiter) = answers.lock().ok().and_then(|mut w| w.remove(&id)) {
                        let _ = waiter.send(message);
                    }
                }
            }
            // The browser closed its end: every waiter learns it.
            if let Ok(mut w) = answers.lock() {
                w.clear();
            }
        });
        Ok(Arc::new(DevToolsPipe { writer: tokio::sync::Mutex::new(writer), waiters, next: AtomicU64::new(1) }))
    }

    /// Sends one command (to a flat session when given) and returns its result.
    pub async fn send(&self, session: Option<&str>, method: &str, params: Value) -> Result<Value, PipeError> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        let (tx, rx) = oneshot::channel();
        self.waiters.lock().map_err(|_| PipeError::Closed)?.insert(id, tx);
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.writer.lock().await.write_all(&bytes).await.map_err(|_| PipeError::Closed)?;
        let answer = match tokio::time::timeout(Duration::from_secs(10), rx).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => return Err(PipeError::Closed),
            Err(_) => {
                self.waiters.lock().map(|mut w| w.remove(&id)).ok();
                return Err(PipeError::Timeout(method.to_string()));
            }
        };
        if let Some(error) = answer.get("error") {
            let message = error.get("message").and_then(Value::as_str).unwrap_or("no reason given").to_string();
            return Err(PipeError::Failed { method: method.to_string(), message });
        }
        Ok(answer.get("result").cloned().unwrap_or(Value::Null))
    }
}

/// Starts the service worker registered for `scope` (e.g. `chrome-extension://<id>/`).
pub async fn start_worker(pipe: &DevToolsPipe, scope: &str) -> Result<(), PipeError> {
    // The ServiceWorker domain is spoken by page targets only: a hidden one of our own (not in
    // any tab strip, invisible to chrome.tabs), else any page that is open.
    let (target, own) = match pipe.send(None, "Target.createTarget", json!({"url": "about:blank", "hidden": true})).await {
        Ok(created) => (created["targetId"].as_str().unwrap_or_default().to_string(), true),
        Err(_) => {
            let targets = pipe.send(None, "Target.getTargets", json!({})).await?;
            let page = targets["targetInfos"].as_array().into_iter().flatten().find(|t| t["type"] == "page");
            let id = page.and_then(|t| t["targetId"].as_str()).ok_or_else(|| PipeError::Failed {
                method: "Target.getTargets".into(),
                message: "no page to start the worker from".into(),
            })?;
            (id.to_string(), false)
        }
    };
    let started = async {
        let attached = pipe.send(None, "Target.attachToTarget", json!({"targetId": target, "flatten": true})).await?;
        let session = attached["sessionId"].as_str().unwrap_or_default().to_string();
        pipe.send(Some(&session), "ServiceWorker.enable", json!({})).await?;
        let started = pipe.send(Some(&session), "ServiceWorker.startWorker", json!({"scopeURL": scope})).await.map(|_| ());
        let _ = pipe.send(None, "Target.detachFromTarget", json!({"sessionId": session})).await;
        started
    }
    .await;
    if own {
        let _ = pipe.send(None, "Target.closeTarget", json!({"targetId": target})).await;
    }
    started
}

/// Watches the link and starts the worker whenever the link has been down for [`GRACE`], again
/// every [`RETRY`] while it stays down. Starts only after the link was Ready once (a browser
/// still starting brings its worker up by itself). Runs until the hub or the pipe goes away.
pub async fn watch(mut status: watch::Receiver<LinkStatus>, pipe: Arc<DevToolsPipe>, scope: String) {
    let down = |s: &LinkStatus| s.state == LinkState::Disconnected && s.readies > 0;
    loop {
        if status.wait_for(down).await.is_err() {
            return;
        }
        let mut wait = GRACE;
        loop {
            // Back (or a new link on its way) within the wait: nothing to do.
            if let Ok(changed) = tokio::time::timeout(wait, status.wait_for(|s| !down(s))).await {
                if changed.is_err() {
                    return;
                }
                break;
            }
            let started = tokio::time::Instant::now();
            match start_worker(&pipe, &scope).await {
                Ok(()) => eprintln!("tabwright: the extension's link was down; started its service worker again ({} ms)", started.elapsed().as_millis()),
                Err(PipeError::Closed) => return,
                Err(e) => eprintln!("tabwright: could not start the extension's service worker again: {e}"),
            }
            wait = RETRY;
        }
    }
}
