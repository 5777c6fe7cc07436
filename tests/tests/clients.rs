//! The SDK clients (`clients/python`, `clients/typescript`) drive a real browser through the
//! official SDKs' tool runners, against the fake Messages API playing a scripted Claude.
//!
//! Each session fills in `form.html`: it navigates, finds the fields, sends a batch whose first
//! click names a bogus ref (so the rest of that batch must come back with the halt text), fills
//! and ticks the form, takes a screenshot and submits. The fake API checks every request; the
//! test then checks the thread fields, streaming, and the page's resulting URL.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::Context;
use serde_json::json;
use tabwright_e2e::fakeapi::form::{check_requests, check_submission, form_script, submitted_url, FINAL, TASK};
use tabwright_e2e::fakeapi::FakeApi;
use tabwright_e2e::Harness;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs a client process to completion (at most 3 minutes) and returns (success, stdout, stderr).
pub async fn run_client(mut cmd: tokio::process::Command) -> anyhow::Result<(bool, String, String)> {
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    let child = cmd.spawn()?;
    let out = tokio::time::timeout(Duration::from_secs(180), child.wait_with_output()).await??;
    Ok((out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned()))
}

/// The official SDK's Python (the venv `cargo xtask test` prepares).
fn sdk_python() -> PathBuf {
    if let Some(p) = std::env::var_os("TABWRIGHT_SDK_PYTHON").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| repo().join("target"));
    target.join("sdk-venv/bin/python")
}

fn python_ready(python: &Path) {
    let out = std::process::Command::new(python).args(["-c", "import tabwright, anthropic; print(anthropic.__version__)"]).output();
    let ok = out.as_ref().is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "{} cannot import tabwright and anthropic: run `cargo xtask test`, which installs clients/python into the SDK venv ({:?})",
        python.display(),
        out.map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
    );
}

#[test]
fn python_unit_tests() {
    let python = sdk_python();
    python_ready(&python);
    let out = std::process::Command::new(&python)
        .args(["-m", "unittest", "discover", "-s"])
        .arg(repo().join("clients/python/tests"))
        .args(["-p", "test_*.py"])
        .output()
        .expect("run python -m unittest");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{all}");
    assert!(all.contains("OK"), "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_tool_runner_fills_the_form_in_every_mode() -> anyhow::Result<()> {
    let python = sdk_python();
    python_ready(&python);
    let mut h = Harness::start().await.context("starting the browser")?;
    let form = h.url("form.html");
    // (sync or async, threaded, streamed): both thread modes and both answer kinds, each on both classes.
    for (mode, threaded, streamed) in [("sync", true, false), ("async", true, true), ("sync", false, true), ("async", false, false)] {
        let label = format!("python {mode} thread={threaded} stream={streamed}");
        // A fresh page, so the check below sees this session's submission.
        let blank = h.one("navigate", json!({"url": "about:blank"})).await.with_context(|| format!("{label}: resetting the page"))?;
        assert!(!blank.is_error, "{blank:?}");
        let api = FakeApi::start(form_script(form.clone())).await?;
        let mut cmd = tokio::process::Command::new(&python);
        cmd.arg(repo().join("clients/python/tests/session.py"))
            .args(["--mode", mode, "--thread", if threaded { "on" } else { "off" }, "--stream", if streamed { "on" } else { "off" }, TASK]);
        check_session(&mut h, &label, &api, cmd, threaded, streamed).await?;
    }
    Ok(())
}

/// Runs one client session against the fake API and checks what it did: its exit and last
/// line, the streamed text, the requests it made and the form it submitted.
async fn check_session(h: &mut Harness, label: &str, api: &FakeApi, mut cmd: tokio::process::Command, threaded: bool, streamed: bool) -> anyhow::Result<()> {
    cmd.env("ANTHROPIC_BASE_URL", api.base_url()).env("ANTHROPIC_API_KEY", "sk-ant-fake").env("TABWRIGHT_SOCKET", &h.session.socket);
    let started = std::time::Instant::now();
    let (ok, stdout, stderr) = run_client(cmd).await.with_context(|| format!("{label}: running the client"))?;
    println!("{label}: {:.1} s", started.elapsed().as_secs_f64());
    assert!(ok, "{label} failed:\n{stdout}\n{stderr}\nproblems: {:?}", api.problems());
    assert_eq!(stdout.lines().last(), Some(format!("final: {}", json!(FINAL)).as_str()), "{label}: {stdout}\n{stderr}");
    if streamed {
        assert!(stderr.contains("I'll open the application form"), "{label}: the streamed text was not shown: {stderr}");
    }
    check_requests(api, label, threaded, streamed);
    let url = submitted_url(h).await.with_context(|| format!("{label}: the page after the session"))?;
    check_submission(label, &url);
    Ok(())
}

/// The built TypeScript client (`cargo xtask test` installs its packages and builds it).
fn typescript_ready() -> PathBuf {
    let dir = repo().join("clients/typescript");
    assert!(
        dir.join("dist/index.js").is_file() && dir.join("node_modules/@anthropic-ai/sdk").is_dir(),
        "clients/typescript is not built: run `cargo xtask test`, which runs npm install and npm run build there (Node.js 18 or later)"
    );
    dir
}

#[test]
fn typescript_unit_tests() {
    let dir = typescript_ready();
    let out = std::process::Command::new("node").current_dir(&dir).args(["--test", "test/"]).output().expect("run node --test");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{all}");
    assert!(all.contains("# fail 0") && !all.contains("# pass 0"), "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typescript_tool_runner_fills_the_form_in_every_mode() -> anyhow::Result<()> {
    let dir = typescript_ready();
    let mut h = Harness::start().await.context("starting the browser")?;
    let form = h.url("form.html");
    for (threaded, streamed) in [(true, false), (true, true), (false, true), (false, false)] {
        let label = format!("typescript thread={threaded} stream={streamed}");
        let blank = h.one("navigate", json!({"url": "about:blank"})).await.with_context(|| format!("{label}: resetting the page"))?;
        assert!(!blank.is_error, "{blank:?}");
        let api = FakeApi::start(form_script(form.clone())).await?;
        let mut cmd = tokio::process::Command::new("node");
        cmd.current_dir(&dir)
            .arg("e2e/session.mjs")
            .args(["--thread", if threaded { "on" } else { "off" }, "--stream", if streamed { "on" } else { "off" }, TASK]);
        check_session(&mut h, &label, &api, cmd, threaded, streamed).await?;
    }
    Ok(())
}
