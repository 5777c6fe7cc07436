//! The e2e harness: a real headless Chromium with the real extension, started by the real
//! `tabwright launch`, fixture pages on 127.0.0.1 port 0, and an agent on the real socket.
//!
//! Every result that passes through [`Harness::run`] is checked against the protocol
//! validator, so every test also proves the browser_state contract.

pub mod display;
pub mod fakeapi;
pub mod person;
pub mod sink;

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_json::{json, Value};
use tabwright::client::Client;
use tabwright::session::Session;
use tabwright::site::{Pages, Site};
use tabwright_protocol::blocks::{BrowserState, ContentBlock, ToolResult};
use tabwright_protocol::validate;

/// The `tabwright` binary under test: `$TABWRIGHT_BIN`, else the workspace's debug build.
pub fn bridge_exe() -> PathBuf {
    if let Some(p) = std::env::var_os("TABWRIGHT_BIN").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("debug/tabwright")
}

/// The fixture pages' folder.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// One browser, one fixture server, one agent connection. Dropping it always stops the browser.
pub struct Harness {
    pub client: Client,
    pub site: Site,
    // Dropped after the connection: the browser outlives it.
    pub session: Session,
    // Dropped last: a headed browser's display outlives the browser.
    _display: Option<display::Xvfb>,
    next: u32,
}

impl Harness {
    pub async fn start() -> anyhow::Result<Harness> {
        Self::start_with(&[]).await
    }

    /// Starts with a browsing policy (JSON) and extra flags.
    pub async fn start_with_policy(policy: Value, extra: &[&str]) -> anyhow::Result<Harness> {
        let site = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
        Self::start_on_site_with_policy(site, policy, extra).await
    }

    /// Starts with extra `tabwright launch` flags.
    pub async fn start_with(extra: &[&str]) -> anyhow::Result<Harness> {
        let site = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
        Self::start_on(site, extra).await
    }

    /// Starts with a policy written for the fixture server already running (a policy that
    /// names its port), and extra flags.
    pub async fn start_on_site_with_policy(site: Site, policy: Value, extra: &[&str]) -> anyhow::Result<Harness> {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let file = std::env::temp_dir().join(format!("tabwright-policy-{}-{n}.json", std::process::id()));
        std::fs::write(&file, policy.to_string())?;
        let path = file.display().to_string();
        let mut args = vec!["--policy", path.as_str()];
        args.extend_from_slice(extra);
        let h = Self::start_on(site, &args).await;
        let _ = std::fs::remove_file(&file);
        h
    }

    /// Starts a browser for an already running fixture server.
    pub async fn start_on(site: Site, extra: &[&str]) -> anyhow::Result<Harness> {
        // Session::start passes --no-sandbox when the tests run as root.
        let extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        let exe = bridge_exe();
        anyhow::ensure!(exe.is_file(), "{} is missing: run `cargo xtask test`, which builds it first", exe.display());
        let session = tokio::task::spawn_blocking(move || Session::start(&exe, true, &extra)).await??;
        let client = session.client().await.context("connecting to the agent socket")?;
        Ok(Harness { client, site, session, _display: None, next: 0 })
    }

    /// Starts a headed browser on a display of its own (Xvfb), on the fixture pages.
    pub async fn start_headed(extra: &[&str]) -> anyhow::Result<Harness> {
        let site = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
        let display = tokio::task::spawn_blocking(display::Xvfb::start).await??;
        let mut extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        extra.extend(display.browser_flags());
        let exe = bridge_exe();
        anyhow::ensure!(exe.is_file(), "{} is missing: run `cargo xtask test`, which builds it first", exe.display());
        let session = tokio::task::spawn_blocking(move || Session::start(&exe, false, &extra)).await??;
        let client = session.client().await.context("connecting to the agent socket")?;
        Ok(Harness { client, site, session, _display: Some(display), next: 0 })
    }

    /// A fixture page's URL.
    pub fn url(&self, page: &str) -> String {
        self.site.url(page)
    }

    /// A member tool_use block with a fresh id.
    pub fn call(&mut self, name: &str, input: Value) -> Value {
        self.next += 1;
        json!({"type": "tool_use", "id": format!("toolu_e2e_{:03}", self.next), "name": name, "toolset_name": "browser", "input": input})
    }

    /// Sends one assistant turn through `run` and returns its tool_results, each checked against
    /// the contract.
    pub async fn run(&mut self, calls: Vec<Value>) -> anyhow::Result<Vec<ToolResult>> {
        self.run_with(calls, Value::Null).await
    }

    pub async fn run_with(&mut self, calls: Vec<Value>, configs: Value) -> anyhow::Result<Vec<ToolResult>> {
        let reply = self.client.request("run", json!({"content": calls, "configs": configs})).await?;
        let raw = reply["tool_results"].as_array().cloned().context("run returned no tool_results")?;
        let mut results = Vec::new();
        for (call, value) in calls.iter().filter(|c| c["toolset_name"] == "browser").zip(&raw) {
            let violations = validate::result(call["name"].as_str(), value);
            anyhow::ensure!(violations.is_empty(), "contract violations in {}: {violations:?}", call["name"]);
            anyhow::ensure!(value["tool_use_id"] == call["id"], "result answers the wrong call: {value}");
            results.push(serde_json::from_value(value.clone())?);
        }
        anyhow::ensure!(results.len() == raw.len(), "results for calls that were not browser calls: {raw:?}");
        Ok(results)
    }

    /// Runs one call and returns its result.
    pub async fn one(&mut self, name: &str, input: Value) -> anyhow::Result<ToolResult> {
        let call = self.call(name, input);
        let mut results = self.run(vec![call]).await?;
        results.pop().context("no result")
    }
}

/// Whether each page's logged entries are numbered without a gap (none is still on its way).
fn without_gaps(log: &[Value]) -> bool {
    let mut by_page: std::collections::HashMap<String, std::collections::BTreeSet<u64>> = std::collections::HashMap::new();
    for e in log {
        if let (Some(page), Some(seq)) = (e["page"].as_str(), e["seq"].as_u64()) {
            by_page.entry(page.to_string()).or_default().insert(seq);
        }
    }
    by_page.values().all(|seqs| match (seqs.first(), seqs.last()) {
        (Some(first), Some(last)) => (last - first + 1) as usize == seqs.len(),
        _ => true,
    })
}

impl Harness {
    /// Waits (at most 5 s) until the pages' event log holds an entry matching `want`; returns the whole log.
    pub async fn wait_log(&self, what: &str, want: impl Fn(&Value) -> bool) -> anyhow::Result<Vec<Value>> {
        self.wait_log_count(what, 1, want).await
    }

    /// Waits (at most 5 s) until the log holds `n` entries matching `want`, and every entry a
    /// page logged before them (a page's batches can reach the server out of order: its `seq`
    /// numbers show one still on its way).
    pub async fn wait_log_count(&self, what: &str, n: usize, want: impl Fn(&Value) -> bool) -> anyhow::Result<Vec<Value>> {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let log = self.site.log();
            if log.iter().filter(|e| want(e)).count() >= n && (without_gaps(&log) || tokio::time::Instant::now() >= deadline) {
                return Ok(log);
            }
            if tokio::time::Instant::now() >= deadline {
                anyhow::bail!("no {what} in the page's event log: {log:#?}");
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
    }

    /// Whether the extension's messages go over its WebSocket lane within 5 s (it opens the lane
    /// just after the link is ready).
    pub async fn on_lane(&mut self) -> anyhow::Result<bool> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let status = self.client.request("status", serde_json::json!({})).await?;
            if status["link"]["lane"] == true {
                return Ok(true);
            }
            if std::time::Instant::now() > deadline {
                return Ok(false);
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// The ref of the first `role "name"` element a read_page of the current tab shows.
    pub async fn ref_of(&mut self, role: &str, name: &str) -> anyhow::Result<String> {
        let r = self.one("find", json!({"query": name})).await?;
        let needle = format!("{role} \"{name}\" [");
        let line = r.text().lines().find(|l| l.starts_with(&needle)).map(String::from);
        let line = line.ok_or_else(|| anyhow::anyhow!("no {role} {name:?} found: {}", r.text()))?;
        let start = line.find("[ref_").map(|i| i + 1).unwrap_or(0);
        let end = line[start..].find(']').map(|i| start + i).unwrap_or(line.len());
        Ok(line[start..end].to_string())
    }

    /// [`Harness::ref_of`], asked again until the element shows (at most 10 s): frames of
    /// another site, or frames nested deep, load after their page.
    pub async fn ref_of_soon(&mut self, role: &str, name: &str) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            match self.ref_of(role, name).await {
                Ok(r) => return Ok(r),
                Err(e) if tokio::time::Instant::now() > deadline => return Err(e),
                Err(_) => tokio::time::sleep(std::time::Duration::from_millis(200)).await,
            }
        }
    }

    /// The bridge's `state`, asked again until `want` holds of it (at most 5 s); an error that
    /// says `what` did not happen, with the last state, otherwise.
    pub async fn state_until(&mut self, what: &str, want: impl Fn(&Value) -> bool) -> anyhow::Result<Value> {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let s = self.client.request("state", json!({})).await?;
            if want(&s) {
                return Ok(s);
            }
            anyhow::ensure!(tokio::time::Instant::now() < deadline, "{what}: {s}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

/// The ref a line carries: the first `[ref_N]` on it.
pub fn ref_on(line: &str) -> Option<String> {
    let start = line.find("[ref_")? + 1;
    let digits: String = line[start + 4..].chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty() && line[start + 4 + digits.len()..].starts_with(']')).then(|| format!("ref_{digits}"))
}

/// A ref target.
pub fn r#ref(r: &str) -> Value {
    json!({"type": "ref", "ref": r})
}

/// A coordinate target.
pub fn at(x: f64, y: f64) -> Value {
    json!({"type": "coordinate", "x": x, "y": y})
}

/// Log entries of one type.
pub fn of<'a>(log: &'a [Value], kind: &str) -> Vec<&'a Value> {
    log.iter().filter(|e| e["type"] == kind).collect()
}

/// The result's text blocks, joined.
pub fn text(result: &ToolResult) -> String {
    result.text()
}

/// The result's browser_state block; panics with the result when there is none.
pub fn state(result: &ToolResult) -> &BrowserState {
    result.state().unwrap_or_else(|| panic!("expected a browser_state block in {result:?}"))
}

/// (tab_id, title, url, active) of each tab, for compact assertions.
pub fn tabs(state: &BrowserState) -> Vec<(String, String, String, bool)> {
    state.tabs.iter().map(|t| (t.tab_id.clone(), t.title.clone(), t.url.clone(), t.active)).collect()
}

/// Asserts a successful result.
pub fn ok(result: &ToolResult) {
    assert!(!result.is_error, "{result:?}");
}

/// Asserts a successful tab-management result: exactly one browser_state block and nothing else.
pub fn only_state(result: &ToolResult) -> &BrowserState {
    assert!(!result.is_error, "expected success, got {result:?}");
    assert_eq!(result.content.len(), 1, "tab-management results hold exactly one block: {result:?}");
    state(result)
}

/// Asserts an error result: text only, no block, and returns its text.
pub fn error_text(result: &ToolResult) -> String {
    assert!(result.is_error, "expected an error result, got {result:?}");
    assert!(result.content.iter().all(|b| matches!(b, ContentBlock::Text { .. })), "error results are text only: {result:?}");
    result.text()
}

/// A private folder (mode 0700, its path canonical) of a test's own under the system's temporary
/// one, removed when dropped, also when the test fails.
pub struct Scratch(pub std::path::PathBuf);

impl Scratch {
    pub fn new(name: &str) -> std::io::Result<Scratch> {
        use std::os::unix::fs::DirBuilderExt;
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        loop {
            let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!("tabwright-{name}-{}-{n}", std::process::id()));
            // Made here, or not taken: a name that is already there (left by an earlier run, or
            // put there by someone else) is passed over for the next.
            match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Ok(Scratch(dir.canonicalize()?)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => continue,
                Err(e) => return Err(e),
            }
        }
    }

    pub fn join(&self, path: impl AsRef<std::path::Path>) -> std::path::PathBuf {
        self.0.join(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A browser's last processes may still be writing to a profile in it as they go.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while std::fs::remove_dir_all(&self.0).is_err() && self.0.exists() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

/// A screenshot's pixels (base64 PNG or JPEG).
pub fn decoded(data: &str) -> Result<image::RgbImage, String> {
    let bytes = tabwright::demo::decode_base64(data).map_err(|e| e.to_string())?;
    Ok(image::load_from_memory(&bytes).map_err(|e| e.to_string())?.to_rgb8())
}

/// The pixel size of a base64 PNG or JPEG, from its header.
pub fn image_size(data: &str) -> (u32, u32) {
    let bytes = tabwright::demo::decode_base64(data).expect("base64");
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format().expect("an image");
    reader.into_dimensions().expect("an image's size")
}


/// How `find` ranked the expected elements of a labelled set: top-1 and top-3 counts, and each
/// miss described.
#[derive(Default)]
pub struct FindTally {
    pub top1: usize,
    pub top3: usize,
    pub misses: Vec<String>,
}

impl FindTally {
    /// Records where `expected` (a ref such as `ref_4`) stands in find's answer `lines`.
    pub fn record(&mut self, page: &str, query: &str, lines: &[String], expected: &str) {
        let tag = format!("[{expected}]");
        match lines.iter().position(|l| l.contains(&tag)) {
            Some(0) => {
                self.top1 += 1;
                self.top3 += 1;
            }
            Some(i) if i < 3 => {
                self.top3 += 1;
                self.misses.push(format!("{page} {query:?}: expected at #{} ({})", i + 1, lines[0]));
            }
            other => self.misses.push(format!("{page} {query:?}: {other:?}; got {:?}", lines.first())),
        }
    }
}
