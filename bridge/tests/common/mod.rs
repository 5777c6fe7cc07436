//! What the bridge's integration tests share.

use std::path::PathBuf;
use std::sync::Arc;

use tabwright::agent;
use tabwright::hub::Hub;

/// An agent socket in a private folder of its own, removed when the test ends.
pub struct Agents {
    pub path: PathBuf,
}

impl Drop for Agents {
    fn drop(&mut self) {
        if let Some(dir) = self.path.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

pub async fn serve_agents(hub: &Arc<Hub>, name: &str) -> Agents {
    let dir = std::env::temp_dir().join(format!("tabwright-hubtest-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("agent.sock");
    let socket = agent::bind(&path).await.expect("bind the agent socket");
    let hub = hub.clone();
    tokio::spawn(async move { agent::serve(hub, &socket).await });
    Agents { path }
}

