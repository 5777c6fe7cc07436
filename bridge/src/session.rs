//! A `tabwright launch` child process, driven from outside: the demo and the e2e tests start
//! the browser exactly as a person's `tabwright launch` does.

use std::io::{BufRead, BufReader};
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};

use crate::client::{self, Client};

/// A running `tabwright launch`; dropping it stops the browser and removes its files.
pub struct Session {
    child: Child,
    pub socket: PathBuf,
    dir: PathBuf,
}

/// How long a browser may take to start and connect its extension.
pub const START_TIMEOUT: Duration = Duration::from_secs(60);

impl Session {
    /// Runs `exe launch` with a private socket and waits for its `ready` line.
    pub fn start(exe: &Path, headless: bool, extra: &[String]) -> anyhow::Result<Session> {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tabwright-session-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::DirBuilder::new().mode(0o700).create(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let socket = dir.join("agent.sock");
        let mut cmd = Command::new(exe);
        cmd.arg("launch").arg("--socket").arg(&socket);
        // A profile of the caller's own (one set up beforehand) replaces the fresh one.
        if !extra.iter().any(|a| a == "--profile" || a.starts_with("--profile=")) {
            cmd.arg("--profile").arg(dir.join("profile"));
        }
        if headless {
            cmd.arg("--headless");
        }
        // The browser's sandbox cannot start as root, and launch never turns it off unasked: the
        // tests and the demo (local pages only) ask for it.
        if crate::launch::running_as_root() && !extra.iter().any(|a| a == "--no-sandbox") {
            cmd.arg("--no-sandbox");
        }
        cmd.args(extra).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        let mut child = cmd.spawn().with_context(|| format!("cannot run {}", exe.display()))?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut session = Session { child, socket, dir };
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left.min(Duration::from_millis(200))) {
                Ok(line) if line.starts_with("ready ") => return Ok(session),
                Ok(_) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    let status = session.child.wait()?;
                    bail!("tabwright launch exited before it was ready ({status})");
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) if left.is_zero() => {
                    bail!("tabwright launch was not ready within {} s", START_TIMEOUT.as_secs());
                }
                Err(_) => {}
            }
        }
    }

    /// A new agent connection.
    pub async fn client(&self) -> anyhow::Result<Client> {
        client::connect_with_retry(&self.socket, Duration::from_secs(10)).await
    }

    /// The process id of `tabwright launch` (the browser is its child).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The session's private folder (its profile lives under it).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// How `tabwright launch` exited, once it has (waiting at most `within`).
    pub fn exit_status(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
                _ => return None,
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // SAFETY: signalling our own child by pid.
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM);
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
