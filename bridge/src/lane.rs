//! The lane: a WebSocket on 127.0.0.1 that carries a link's messages, both ways, once the
//! extension has opened it. Native messaging stays the link itself: it starts the extension's
//! side, offers the lane, and carries everything until the lane is open.
//!
//! Why: a native message passes through the browser's own process (its I/O thread reads the
//! host's pipe and its UI thread posts the message to the worker), while a WebSocket's frames go
//! from the network service to the worker. On the same Chromium a round trip took 0.75–0.9 ms on
//! a WebSocket against 1.3–1.7 ms on a relayed native port, on every call.
//!
//! Who may use it: the lane is offered only over the native link, as this bridge's address and a
//! token made for that link. A connection is taken only if its handshake's Origin is an
//! extension's (a page cannot set that) and its first message is the token, within a few seconds;
//! the link then checks that the Origin is the extension that said hello. A lane ends with its
//! link, and a lane that closes ends its link (the extension connects again at once), so no call
//! waits for an answer on a socket that is gone.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::framing::MAX_FROM_EXTENSION;

/// The variable that turns the lane off (`off`): every message then goes over native messaging.
pub const LANE_ENV: &str = "TABWRIGHT_LANE";

/// How long a connection may take to finish its handshake and present the token.
const AUTH_WAIT: Duration = Duration::from_secs(3);
/// How many connections may be in their handshake at once; more are dropped unread.
const MAX_HANDSHAKES: usize = 4;

/// The lane's listening socket.
pub struct Listener {
    listener: TcpListener,
    pub addr: SocketAddr,
}

/// Binds the lane on a free loopback port, unless `TABWRIGHT_LANE=off`. Call inside a runtime.
pub fn bind() -> Option<Listener> {
    if std::env::var(LANE_ENV).is_ok_and(|v| v.eq_ignore_ascii_case("off")) {
        return None;
    }
    let bound = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).and_then(|l| {
        l.set_nonblocking(true)?;
        let addr = l.local_addr()?;
        Ok((TcpListener::from_std(l)?, addr))
    });
    match bound {
        Ok((listener, addr)) => Some(Listener { listener, addr }),
        Err(e) => {
            eprintln!("tabwright: no WebSocket lane ({e}); the extension's messages go over native messaging");
            None
        }
    }
}

impl Listener {
    /// The address the extension is told to open.
    pub fn url(&self) -> String {
        format!("ws://{}/", self.addr)
    }

    /// Takes connections for ever, handing each one that finished its handshake and sent a
    /// token to `take` with its Origin.
    pub async fn serve<F>(self, take: F)
    where
        F: Fn(Authenticated) + Send + Sync + 'static,
    {
        let take = Arc::new(take);
        let handshakes = Arc::new(tokio::sync::Semaphore::new(MAX_HANDSHAKES));
        loop {
            let (stream, peer) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    eprintln!("tabwright: lane accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let Ok(permit) = handshakes.clone().try_acquire_owned() else { continue };
            if !peer.ip().is_loopback() {
                continue;
            }
            let _ = stream.set_nodelay(true);
            let take = take.clone();
            tokio::spawn(async move {
                let authenticated = tokio::time::timeout(AUTH_WAIT, authenticate(stream)).await;
                drop(permit);
                match authenticated {
                    Ok(Ok(lane)) => take(lane),
                    Ok(Err(e)) => refused(&e),
                    Err(_) => refused(&format!("no token within {} s", AUTH_WAIT.as_secs())),
                }
            });
        }
    }
}

/// Says why a connection was refused, at most once in ten seconds: any page can knock on the port.
fn refused(why: &str) {
    static LAST: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);
    let Ok(mut last) = LAST.lock() else { return };
    if last.is_none_or(|t| t.elapsed() >= Duration::from_secs(10)) {
        *last = Some(std::time::Instant::now());
        eprintln!("tabwright: refused a lane connection: {why}");
    }
}

/// A lane connection that passed its handshake and presented a token, not yet checked.
pub struct Authenticated {
    pub socket: WebSocketStream<TcpStream>,
    pub origin: String,
    pub token: String,
}

#[allow(clippy::result_large_err)] // the handshake callback's error type is tungstenite's
fn check_origin(request: &Request, response: Response, origin: &mut String) -> Result<Response, ErrorResponse> {
    let presented = request.headers().get("origin").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !presented.starts_with("chrome-extension://") {
        let mut refusal = ErrorResponse::new(Some("only the tabwright extension may open the lane".into()));
        *refusal.status_mut() = StatusCode::FORBIDDEN;
        return Err(refusal);
    }
    *origin = presented.to_string();
    Ok(response)
}

#[allow(clippy::result_large_err)] // the handshake callback's error type is tungstenite's
async fn authenticate(stream: TcpStream) -> Result<Authenticated, String> {
    let config = WebSocketConfig::default().max_message_size(Some(MAX_FROM_EXTENSION)).max_frame_size(Some(MAX_FROM_EXTENSION));
    let mut origin = String::new();
    let mut socket = tokio_tungstenite::accept_hdr_async_with_config(stream, |req: &Request, resp| check_origin(req, resp, &mut origin), Some(config))
        .await
        .map_err(|e| e.to_string())?;
    match socket.next().await {
        Some(Ok(Message::Text(token))) if token.len() <= 128 => Ok(Authenticated { socket, origin, token: token.to_string() }),
        Some(Ok(_)) => Err("its first message was not a token".into()),
        Some(Err(e)) => Err(e.to_string()),
        None => Err("it closed before sending a token".into()),
    }
}

/// Compares two secrets in full, whatever the first difference.
pub fn same_secret(presented: &str, expected: &str) -> bool {
    !expected.is_empty() && presented.len() == expected.len() && presented.bytes().zip(expected.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole_and_never_empty() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
        assert!(!same_secret("", ""));
    }
}
