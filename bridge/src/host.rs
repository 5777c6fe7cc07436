//! Native-messaging host mode: what runs when Chrome starts `tabwright` for the extension.
//!
//! When a hub is already serving (the `tabwright launch` process, or an earlier host), the host
//! relays its stdin/stdout to the hub's extension socket, so the agent socket outlives a
//! service-worker restart. Otherwise the host is the hub itself and serves the agent socket.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;

use tokio::net::UnixStream;

use crate::hub::{Hub, HubConfig};
use crate::{agent, paths};

/// Whether argv says Chrome started us as a native host (its first argument is the caller's origin).
pub fn is_host_invocation(args: &[String]) -> bool {
    args.get(1).is_some_and(|a| a.starts_with("chrome-extension://"))
}

/// The hub socket a host relays to: `$TABWRIGHT_HUB`, else beside the agent socket.
pub fn hub_path() -> PathBuf {
    match std::env::var_os("TABWRIGHT_HUB").filter(|p| !p.is_empty()) {
        Some(p) => PathBuf::from(p),
        None => paths::hub_socket(&paths::default_socket()),
    }
}

/// The variable naming the file that holds a launched browser's relay token. Only the file's
/// name is in the browser's environment, never the token.
pub const TOKEN_FILE_ENV: &str = "TABWRIGHT_HUB_TOKEN_FILE";

/// The relay token this host presents or requires: the launched browser's (from the file
/// `launch` named), else the one `tabwright install` made.
fn relay_token() -> anyhow::Result<String> {
    match std::env::var_os(TOKEN_FILE_ENV).filter(|p| !p.is_empty()) {
        Some(file) => {
            let token = std::fs::read_to_string(&file).with_context(|| format!("cannot read the relay token {}", PathBuf::from(&file).display()))?;
            let token = token.trim().to_string();
            anyhow::ensure!(!token.is_empty(), "the relay token file {} is empty", PathBuf::from(&file).display());
            Ok(token)
        }
        None => crate::install::relay_token(),
    }
}

/// Runs host mode until the extension disconnects.
pub async fn run() -> anyhow::Result<()> {
    let hub_socket = hub_path();
    let token = relay_token()?;
    if let Ok(mut stream) = UnixStream::connect(&hub_socket).await {
        // The hub only takes links that present its token.
        tokio::io::AsyncWriteExt::write_all(&mut stream, format!("{token}\n").as_bytes()).await?;
        relay(stream).await;
        return Ok(());
    }
    // No hub: become one, with the policy `tabwright install --policy` recorded. The agent
    // socket lives as long as this host does.
    let policy = crate::install::installed_policy()?;
    let hub = Hub::new(HubConfig { policy, ..HubConfig::default() });
    let socket = agent::bind(&paths::default_socket()).await?;
    let relay_socket = agent::bind(&hub_socket).await?;
    let server_hub = hub.clone();
    let server = tokio::spawn(async move { agent::serve(server_hub, &socket).await });
    let relay_hub = hub.clone();
    let relays = tokio::spawn(async move { serve_relays(relay_hub, relay_socket, token).await });
    hub.serve_extension(tokio::io::stdin(), tokio::io::stdout()).await;
    // The sockets go first (a new host the extension starts serves them), then the agents still
    // connected are told why, and what they wait for is answered.
    server.abort();
    relays.abort();
    let _ = tokio::join!(server, relays);
    hub.shut_down(HOST_ENDED).await;
    Ok(())
}

/// What agents still connected are told when the browser ends its link to a native host.
const HOST_ENDED: &str = "The browser ended its link to this bridge (it closed, or the extension restarted), so this call could not be answered. Connect again: the extension starts a new bridge on the same socket when it comes back.";

/// Copies frames both ways between Chrome (stdin/stdout) and the hub until either side closes.
async fn relay(stream: UnixStream) {
    let (mut from_hub, mut to_hub) = stream.into_split();
    let mut stdin = tokio::io::stdin();
    let mut stdout = tokio::io::stdout();
    tokio::select! {
        _ = tokio::io::copy(&mut stdin, &mut to_hub) => {}
        _ = tokio::io::copy(&mut from_hub, &mut stdout) => {}
    }
}

/// Reads the token line a relaying host sends first.
async fn read_token(stream: &mut UnixStream) -> Option<String> {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while line.len() <= 128 {
        tokio::io::AsyncReadExt::read_exact(stream, &mut byte).await.ok()?;
        if byte[0] == b'\n' {
            return String::from_utf8(line).ok();
        }
        line.push(byte[0]);
    }
    None
}

/// Accepts extension links relayed by native hosts that present `token`; each new one replaces
/// the last. A host of another browser (one `launch` did not start) has no token and is refused.
pub async fn serve_relays(hub: Arc<Hub>, socket: agent::BoundSocket, token: String) {
    loop {
        match socket.listener.accept().await {
            Ok((mut stream, _)) => {
                let hub = hub.clone();
                let token = token.clone();
                tokio::spawn(async move {
                    let presented = tokio::time::timeout(std::time::Duration::from_secs(5), read_token(&mut stream)).await.ok().flatten();
                    // An empty token never matches, even when this hub was given none.
                    if token.is_empty() || presented.as_deref() != Some(token.as_str()) {
                        eprintln!("tabwright: refused an extension link from a browser this bridge did not start");
                        return;
                    }
                    let (reader, writer) = stream.into_split();
                    hub.serve_extension(reader, writer).await;
                });
            }
            Err(e) => {
                eprintln!("tabwright: relay accept failed: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
}
