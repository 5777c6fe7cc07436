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
use tabwright_e2e::fakeapi::{self, call, ref_target, text, FakeApi, Script};
use tabwright_e2e::Harness;
use tabwright_protocol::NOT_EXECUTED;

const TASK: &str = "Open the account application form, fill in Ada Lovelace, accept the terms and submit it.";
const FINAL: &str = "I submitted the application for Ada Lovelace.";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The scripted Claude of the form-filling session.
pub fn form_script(form_url: String) -> Script {
    Script::new()
        .turn(move |x| {
            let first = &x.messages[0];
            let asked = first["content"].as_str().map(String::from).unwrap_or_else(|| first["content"][0]["text"].as_str().unwrap_or_default().to_string());
            x.expect(asked == TASK, || format!("the first message is not the task: {first}"))?;
            Ok(vec![
                text("I'll open the application form and look for its name fields."),
                call("navigate", json!({"url": form_url})),
                call("find", json!({"query": "First name and Last name text boxes"})),
            ])
        })
        .turn(|x| {
            let r = x.results();
            x.expect(r.len() == 2 && r.iter().all(|r| !fakeapi::is_error(r)), || format!("navigate and find failed: {r:?}"))?;
            x.expect(fakeapi::result_text(r[0]).starts_with("Navigated to"), || format!("navigate says {:?}", fakeapi::result_text(r[0])))?;
            x.find_ref("textbox", "First name")?;
            // A ref this page never handed out: the click fails, so the typing must not run.
            Ok(vec![
                text("I'll click the first name box and type the name."),
                call("left_click", json!({"target": ref_target("ref_9999")})),
                call("type", json!({"text": "Ada"})),
            ])
        })
        .turn(|x| {
            let r = x.results();
            x.expect(r.len() == 2, || format!("{} results for a batch of two", r.len()))?;
            x.expect(fakeapi::is_error(r[0]) && fakeapi::result_text(r[0]).contains("ref_9999"), || format!("the bogus click: {}", r[0]))?;
            x.expect(fakeapi::is_error(r[1]) && fakeapi::result_text(r[1]) == NOT_EXECUTED, || format!("the typing after it: {}", r[1]))?;
            let first = x.find_ref("textbox", "First name")?;
            let last = x.find_ref("textbox", "Last name")?;
            Ok(vec![
                text("That ref was stale. I'll use the ones find gave me."),
                call("form_input", json!({"target": ref_target(&first), "value": "Ada"})),
                call("left_click", json!({"target": ref_target(&last)})),
                call("type", json!({"text": "Lovelace"})),
                call("find", json!({"query": "I accept the terms checkbox and the Submit application button"})),
            ])
        })
        .turn(|x| {
            let r = x.results();
            x.expect(r.len() == 4 && r.iter().all(|r| !fakeapi::is_error(r)), || format!("filling failed: {r:?}"))?;
            let terms = x.find_ref("checkbox", "I accept the terms")?;
            Ok(vec![
                text("Now I'll accept the terms and look at the form."),
                call("form_input", json!({"target": ref_target(&terms), "value": true})),
                call("screenshot", json!({})),
            ])
        })
        .turn(|x| {
            let r = x.results();
            x.expect(r.len() == 2 && r.iter().all(|r| !fakeapi::is_error(r)), || format!("ticking failed: {r:?}"))?;
            x.expect(fakeapi::images_in(r[1]) == 1, || format!("the screenshot result holds no image: {}", r[1]))?;
            let submit = x.find_ref("button", "Submit application")?;
            Ok(vec![text("Everything is filled in. Submitting."), call("left_click", json!({"target": ref_target(&submit)}))])
        })
        .turn(|x| {
            let r = x.results();
            x.expect(r.len() == 1 && !fakeapi::is_error(r[0]), || format!("the submit click failed: {r:?}"))?;
            Ok(vec![text(FINAL)])
        })
}

/// The turns of [`form_script`], so the number of requests a session makes.
pub const FORM_TURNS: usize = 6;

/// Asserts what every session must show: a clean fake API, one request per turn, the thread
/// fields of the mode, streaming as asked.
pub fn check_requests(api: &FakeApi, mode: &str, threaded: bool, streamed: bool) {
    let problems = api.problems();
    assert!(problems.is_empty(), "{mode}: the fake API found problems:\n{}", problems.join("\n"));
    let requests = api.requests();
    assert_eq!(requests.len(), FORM_TURNS, "{mode}: one request per turn");
    for (i, r) in requests.iter().enumerate() {
        assert_eq!(r.turn, Some(i), "{mode}: request {i} answered turn {:?}", r.turn);
        assert_eq!(r.stream(), streamed, "{mode}: request {i} stream is {}", r.body["stream"]);
        let thread = r.thread();
        if !threaded {
            assert!(thread.is_null(), "{mode}: request {i} carries thread {thread}");
            assert_eq!(r.body["messages"].as_array().map(Vec::len), Some(2 * i + 1), "{mode}: request {i} sends the whole history");
        } else if i == 0 {
            assert_eq!(thread, &json!({"type": "create"}), "{mode}: the first request creates the thread");
        } else {
            let previous = requests[i - 1].response_id.clone().unwrap_or_default();
            assert_eq!(thread, &json!({"type": "continue", "previous_message_id": previous}), "{mode}: request {i}");
            assert_eq!(r.body["messages"].as_array().map(Vec::len), Some(1), "{mode}: request {i} sends only the new turn");
        }
    }
    // The halt rule, end to end: the batch after the bogus click.
    let conversation = api.final_conversation();
    let halted = &conversation[4]["content"][1];
    assert_eq!(halted["is_error"], json!(true), "{mode}: {halted}");
    assert_eq!(fakeapi::result_text(halted), NOT_EXECUTED, "{mode}");
}

/// Waits until the active tab shows the submitted form, and returns its URL.
pub async fn submitted_url(h: &mut Harness) -> anyhow::Result<String> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let state = h.client.request("state", json!({})).await?;
        let tabs = state["browser_state"]["tabs"].as_array().cloned().unwrap_or_default();
        let url = tabs.iter().find(|t| t["active"] == json!(true)).and_then(|t| t["url"].as_str()).unwrap_or_default().to_string();
        if url.contains("/submitted?") {
            return Ok(url);
        }
        anyhow::ensure!(tokio::time::Instant::now() < deadline, "the form was not submitted; the active tab is at {url:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Asserts the submitted form carried what the session typed and ticked.
pub fn check_submission(mode: &str, url: &str) {
    for field in ["first=Ada", "last=Lovelace", "terms=on", "country=fr", "plan=pro"] {
        assert!(url.split(['?', '&']).any(|p| p == field), "{mode}: the submission lacks {field}: {url}");
    }
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
            .args(["--mode", mode, "--thread", if threaded { "on" } else { "off" }, "--stream", if streamed { "on" } else { "off" }, TASK])
            .env("ANTHROPIC_BASE_URL", api.base_url())
            .env("ANTHROPIC_API_KEY", "sk-ant-fake")
            .env("TABWRIGHT_SOCKET", &h.session.socket);
        let started = std::time::Instant::now();
        let (ok, stdout, stderr) = run_client(cmd).await.with_context(|| format!("{label}: running the client"))?;
        println!("{label}: {:.1} s", started.elapsed().as_secs_f64());
        assert!(ok, "{label} failed:\n{stdout}\n{stderr}\nproblems: {:?}", api.problems());
        assert_eq!(stdout.lines().last(), Some(format!("final: {}", json!(FINAL)).as_str()), "{label}: {stdout}\n{stderr}");
        if streamed {
            assert!(stderr.contains("I'll open the application form"), "{label}: the streamed text was not shown: {stderr}");
        }
        check_requests(&api, &label, threaded, streamed);
        let url = submitted_url(&mut h).await.with_context(|| format!("{label}: the page after the session"))?;
        check_submission(&label, &url);
    }
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
            .args(["--thread", if threaded { "on" } else { "off" }, "--stream", if streamed { "on" } else { "off" }, TASK])
            .env("ANTHROPIC_BASE_URL", api.base_url())
            .env("ANTHROPIC_API_KEY", "sk-ant-fake")
            .env("TABWRIGHT_SOCKET", &h.session.socket);
        let started = std::time::Instant::now();
        let (ok, stdout, stderr) = run_client(cmd).await.with_context(|| format!("{label}: running the client"))?;
        println!("{label}: {:.1} s", started.elapsed().as_secs_f64());
        assert!(ok, "{label} failed:\n{stdout}\n{stderr}\nproblems: {:?}", api.problems());
        assert_eq!(stdout.lines().last(), Some(format!("final: {}", json!(FINAL)).as_str()), "{label}: {stdout}\n{stderr}");
        if streamed {
            assert!(stderr.contains("I'll open the application form"), "{label}: the streamed text was not shown: {stderr}");
        }
        check_requests(&api, &label, threaded, streamed);
        let url = submitted_url(&mut h).await.with_context(|| format!("{label}: the page after the session"))?;
        check_submission(&label, &url);
    }
    Ok(())
}
