//! `tabwright agent`: our own Messages API loop, against the fake API playing a scripted Claude,
//! with a real Chromium on the other side; its HTML report, read back in Chromium; and
//! `tabwright report`.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde_json::{json, Value};
use tabwright::site::{Pages, Site};
use tabwright_e2e::fakeapi::form::{check_submission, form_script, submitted_url, FINAL, TASK};
use tabwright_e2e::fakeapi::{self, call, text, FakeApi, Fault, Recorded, Script};
use tabwright_e2e::{bridge_exe, fixtures, Harness, Scratch};

/// The HTML reports written to a folder, in order.
fn html_reports(dir: &Scratch) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir.0)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "html")).collect())
        .unwrap_or_default();
    out.sort();
    out
}

/// `tabwright agent` with the fake API's address and a fake key.
fn agent(api: &FakeApi, args: &[&str]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(bridge_exe());
    cmd.arg("agent")
        .args(args)
        .env("ANTHROPIC_BASE_URL", api.base_url())
        .env("ANTHROPIC_API_KEY", "sk-ant-fake")
        .env_remove("ANTHROPIC_AUTH_TOKEN")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    cmd
}

/// Runs to the end (at most 3 minutes): (exit code, stdout, stderr).
async fn finish(mut cmd: tokio::process::Command) -> anyhow::Result<(i32, String, String)> {
    let child = cmd.spawn()?;
    let out = tokio::time::timeout(Duration::from_secs(180), child.wait_with_output()).await.context("tabwright agent did not finish within 3 minutes")??;
    Ok((out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned()))
}

fn assert_clean(api: &FakeApi) {
    let problems = api.problems();
    assert!(problems.is_empty(), "the fake API found problems:\n{}", problems.join("\n"));
}

/// What every request of ours must look like: streamed, the whole history, no thread, the
/// toolset entry and the latest user turn marked for caching, our headers.
fn check_agent_request(i: usize, r: &Recorded) {
    assert_eq!(r.target, "/v1/messages", "request {i}");
    assert_eq!(r.header("x-api-key"), Some("sk-ant-fake"), "request {i}");
    assert_eq!(r.header("anthropic-version"), Some("2023-06-01"), "request {i}");
    assert!(r.stream(), "request {i} is not streamed");
    assert!(r.thread().is_null(), "request {i} carries a thread");
    assert_eq!(r.body["model"], "claude-opus-5", "request {i}");
    let tools = r.body["tools"].as_array().cloned().unwrap_or_default();
    assert_eq!(tools.len(), 1, "request {i}: {tools:?}");
    assert_eq!(tools[0]["type"], "browser_toolset_20260801");
    assert_eq!(tools[0]["cache_control"], json!({"type": "ephemeral"}), "request {i}: the toolset entry is not cached");
    let messages = r.body["messages"].as_array().cloned().unwrap_or_default();
    let last = messages.last().and_then(|m| m["content"].as_array()).and_then(|c| c.last()).cloned().unwrap_or(Value::Null);
    assert_eq!(last["cache_control"], json!({"type": "ephemeral"}), "request {i}: the latest turn is not cached");
}

/// Image blocks in a request that are real screenshots (not the placeholder of a dropped one).
fn real_images(r: &Recorded) -> Vec<String> {
    let mut out = Vec::new();
    for m in r.body["messages"].as_array().into_iter().flatten() {
        for block in m["content"].as_array().into_iter().flatten() {
            for image in block["content"].as_array().into_iter().flatten().filter(|b| b["type"] == "image") {
                let data = image["source"]["data"].as_str().unwrap_or_default();
                if data != tabwright::agent_loop::PLACEHOLDER_PNG {
                    out.push(data.to_string());
                }
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agent_fills_the_form_and_its_report_opens_in_chromium() -> anyhow::Result<()> {
    let mut h = Harness::start().await.context("starting the browser")?;
    let api = FakeApi::start(form_script(h.url("form.html"))).await?;
    let reports = Scratch::new("agent-test-form")?;
    let socket = h.session.socket.display().to_string();
    let dir = reports.0.display().to_string();
    let started = Instant::now();
    let (code, stdout, stderr) = finish(agent(&api, &["--socket", &socket, "--report", &dir, TASK])).await?;
    println!("agent session: {:.1} s\n{stderr}", started.elapsed().as_secs_f64());
    assert_eq!(code, 0, "{stdout}\n{stderr}\nproblems: {:?}", api.problems());
    assert_clean(&api);

    // Claude's final text is printed last, alone on stdout; progress went to stderr as it came.
    assert_eq!(stdout, format!("{FINAL}\n"));
    assert!(stderr.contains("I'll open the application form and look for its name fields."), "{stderr}");
    for expected in ["✓ navigate", "✓ find", "✗ left_click", "– type", "not executed", "✓ form_input", "✓ screenshot", "turn 6", "tokens"] {
        assert!(stderr.contains(expected), "no {expected:?} in the progress:\n{stderr}");
    }

    let requests = api.requests();
    assert_eq!(requests.len(), fakeapi::form::FORM_TURNS);
    for (i, r) in requests.iter().enumerate() {
        check_agent_request(i, r);
        assert_eq!(r.body["messages"].as_array().map(Vec::len), Some(2 * i + 1), "request {i} sends the whole history");
    }
    let conversation = api.final_conversation();
    let halted = &conversation[4]["content"][1];
    assert_eq!((halted["is_error"].clone(), fakeapi::result_text(halted)), (json!(true), tabwright_protocol::NOT_EXECUTED.to_string()));
    let url = submitted_url(&mut h).await?;
    check_submission("tabwright agent", &url);

    // The report: one file, every turn and call, the screenshot inline, the failed calls marked.
    let files = html_reports(&reports);
    assert_eq!(files.len(), 1, "{files:?}");
    let html = std::fs::read_to_string(&files[0])?;
    assert!(stderr.contains(&files[0].display().to_string()), "the report's path is printed: {stderr}");
    let calls: usize = conversation.iter().filter(|m| m["role"] == "assistant").map(|m| m["content"].as_array().map_or(0, |c| c.iter().filter(|b| b["type"] == "tool_use").count())).sum();
    assert_eq!(html.matches("<div class=\"call").count(), calls, "every call is in the report");
    assert_eq!(html.matches("<div class=\"call error\"").count(), 2, "the bogus click and the call after it are marked");
    assert_eq!(html.matches("<img src=\"data:image/").count(), 1, "the screenshot is inline");
    assert!(html.contains("id=\"turn-6\"") && !html.contains("id=\"turn-7\""));
    assert!(!html.contains("<script"), "the report has no script");

    // Opened in Chromium, it shows what the session did.
    let site = Site::start(Pages::Dir(reports.0.clone()), "127.0.0.1").await?;
    let name = files[0].file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
    let opened = h.one("navigate", json!({"url": site.url(&name)})).await?;
    assert!(!opened.is_error, "{opened:?}");
    let page = h.one("get_page_text", json!({})).await?;
    let text = page.text();
    for expected in [TASK, "Status: done", "Turn 1", "Turn 6", "left_click", "ref_9999", tabwright_protocol::NOT_EXECUTED, "Tab Context:", "Executed on tab_id:", FINAL] {
        assert!(text.contains(expected), "the report in Chromium lacks {expected:?}:\n{text}");
    }
    assert_eq!(text.matches("what Claude read").count(), calls, "every call shows what Claude read:\n{text}");
    let found = h.one("find", json!({"query": "screenshot image"})).await?;
    assert!(found.text().contains("screenshot 1: turn 4, screenshot"), "the screenshot is not on the page: {}", found.text());

    // `tabwright report` lists it.
    let out = std::process::Command::new(bridge_exe()).args(["report", "--dir", &dir]).output()?;
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && listing.contains("done") && listing.contains("6 turns") && listing.contains(&name), "{listing}");
    Ok(())
}

/// Navigates, then takes `shots` screenshots one turn at a time, then ends.
fn screenshots_script(url: String, shots: usize) -> Script {
    let mut script = Script::new().turn(move |_| Ok(vec![text("Opening the page."), call("navigate", json!({"url": url}))]));
    for n in 0..shots {
        script = script.turn(move |x| {
            let r = x.results();
            x.expect(r.len() == 1 && !fakeapi::is_error(r[0]), || format!("the last call failed: {r:?}"))?;
            Ok(vec![text(&format!("Screenshot {}.", n + 1)), call("screenshot", json!({}))])
        });
    }
    script.turn(|_| Ok(vec![text("All done.")]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agent_launches_its_browser_retries_busy_answers_and_drops_old_screenshots() -> anyhow::Result<()> {
    let site = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
    let shots = 13;
    let api = FakeApi::start(screenshots_script(site.url("one.html"), shots)).await?;
    // The first request meets a rate limit that asks for 1 s, then an overload, then a server error.
    api.push_fault(Fault { status: 429, retry_after: Some("1".into()) });
    api.push_fault(Fault { status: 529, retry_after: None });
    api.push_fault(Fault { status: 500, retry_after: None });
    let reports = Scratch::new("agent-test-launch")?;
    let dir = reports.0.display().to_string();
    let mut args = vec!["--headless", "--report", &dir, "--keep-screenshots", "3"];
    // As root the browser's sandbox cannot start; the flag says so explicitly.
    if tabwright::launch::running_as_root() {
        args.push("--no-sandbox");
    }
    args.push("Take screenshots");
    let mut cmd = agent(&api, &args);
    let child = cmd.spawn()?;
    let pid = child.id().unwrap_or_default();
    let out = tokio::time::timeout(Duration::from_secs(180), child.wait_with_output()).await??;
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}\nproblems: {:?}", api.problems());
    assert_clean(&api);
    assert_eq!(stdout, "All done.\n");
    assert!(stderr.contains("Starting the browser (headless)"), "{stderr}");

    let requests = api.requests();
    let statuses: Vec<u16> = requests.iter().map(|r| r.status).collect();
    assert_eq!(&statuses[..4], &[429, 529, 500, 200], "{statuses:?}");
    assert_eq!(requests.len(), 3 + shots + 2);
    // The retry after the 429 waited what the API asked for.
    let waited = requests[1].at.duration_since(requests[0].at);
    assert!(waited >= Duration::from_secs(1), "retried after {waited:?}, though retry-after said 1 s");
    assert!(stderr.contains("429") && stderr.contains("retry 1 of") && stderr.contains("retry 3 of"), "{stderr}");

    // Older screenshots leave the requests; the latest are always there.
    let mut most = 0;
    for (i, r) in requests.iter().enumerate().skip(3) {
        check_agent_request(i, r);
        let real = real_images(r);
        most = most.max(real.len());
        let results = r.body["messages"].as_array().map_or(0, |m| m.iter().filter(|m| m.to_string().contains("\"tool_result\"")).count());
        // Each screenshot result keeps an image block, real or placeholder.
        let all_images = r.body.to_string().matches("\"type\":\"image\"").count();
        assert_eq!(all_images, results.saturating_sub(1), "request {i}");
    }
    assert!((3..=6).contains(&most), "at most twice --keep-screenshots real images per request, got {most}");
    let last = requests.last().map(real_images).unwrap_or_default();
    assert!(last.len() >= 3, "the latest screenshots stay: {}", last.len());

    // The report notes the retries; the launched browser and its socket folder are gone.
    let html = std::fs::read_to_string(html_reports(&reports).first().context("no report")?)?;
    assert_eq!(html.matches("retried: ").count(), 3, "the retries are in the report");
    assert_eq!(html.matches("<img src=\"data:image/").count(), shots, "the report keeps every screenshot");
    assert!(!std::env::temp_dir().join(format!("tabwright-agent-{pid}")).exists(), "the launched session's folder is left behind");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_request_ends_the_run_and_ctrl_c_stops_it_cleanly() -> anyhow::Result<()> {
    let h = Harness::start().await.context("starting the browser")?;
    let socket = h.session.socket.display().to_string();

    // A 400 is shown as the API said it, is not retried, and ends the run non-zero.
    let api = FakeApi::start(Script::new().turn(|_| Ok(vec![text("unreachable")]))).await?;
    api.push_fault(Fault { status: 400, retry_after: None });
    let reports = Scratch::new("agent-test-refused")?;
    let dir = reports.0.display().to_string();
    let (code, stdout, stderr) = finish(agent(&api, &["--socket", &socket, "--report", &dir, "Do something"])).await?;
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("400") && stderr.contains("invalid_request_error") && stderr.contains("scripted 400 error"), "{stderr}");
    assert_eq!(api.requests().len(), 1, "a 400 is not retried");
    let html = std::fs::read_to_string(html_reports(&reports).first().context("no report")?)?;
    assert!(html.contains("Status: <span id=\"status\" class=\"status-failed\">failed: "), "the report says it failed");

    // Without a key it says what to set.
    let mut cmd = agent(&api, &["--socket", &socket, "x"]);
    cmd.env_remove("ANTHROPIC_API_KEY");
    let (code, _, stderr) = finish(cmd).await?;
    assert!(code != 0 && stderr.contains("ANTHROPIC_API_KEY"), "{stderr}");

    // Ctrl-C while the browser works on a long call: the run stops at once, with its report.
    let api = FakeApi::start(Script::new().turn(|_| Ok(vec![text("Waiting."), call("wait", json!({"duration": 20}))]))).await?;
    let reports = Scratch::new("agent-test-interrupted")?;
    let dir = reports.0.display().to_string();
    let child = agent(&api, &["--socket", &socket, "--report", &dir, "Wait a while"]).spawn()?;
    api.wait_requests(1, 30).await?;
    let interrupted = Instant::now();
    // SAFETY: signalling our own child by pid.
    unsafe {
        libc::kill(child.id().unwrap_or_default() as i32, libc::SIGINT);
    }
    let out = tokio::time::timeout(Duration::from_secs(10), child.wait_with_output()).await.context("Ctrl-C did not stop the run")??;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(interrupted.elapsed() < Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("Stopped."), "{stderr}");
    let html = std::fs::read_to_string(html_reports(&reports).first().context("no report")?)?;
    assert!(html.contains("class=\"status-stopped\">stopped: Ctrl-C"), "the report says it was stopped");
    Ok(())
}

#[test]
fn report_lists_nothing_in_an_empty_folder() {
    let dir = Scratch::new("agent-test-empty").expect("scratch folder");
    let out = std::process::Command::new(bridge_exe()).args(["report", "--dir"]).arg(&dir.0).output().expect("run tabwright report");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("no reports in"), "{}", String::from_utf8_lossy(&out.stdout));
}
