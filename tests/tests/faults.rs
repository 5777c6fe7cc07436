//! The fault suite: the extension's worker stopped, its process killed and its target closed in
//! the middle of a call; a tab closed mid-call; the bridge killed; and a soak of validated calls
//! with the bridge's and the extension's memory sampled.
//!
//! Quick by default (CI). `cargo xtask soak` runs it long: `TABWRIGHT_FAULT_ROUNDS` rounds of each
//! fault (default 5) and `TABWRIGHT_SOAK_CALLS` soak calls (default 200). Each test prints one
//! `FIGURES` line with what it measured.
//!
//! Faults are made from outside, as a crash or a person would make them: a DevTools client of the
//! test's own (the browser gets a debugging port for these tests only) and signals to processes
//! of this test's own browser.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use serde_json::{json, Value};
use tabwright_e2e::person::{Person, PERSON_FLAG};
use tabwright_e2e::*;
use tabwright_protocol::validate;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::{mpsc, watch};

/// How long one call may take in these sessions (`--call-timeout`).
const CALL_TIMEOUT: Duration = Duration::from_secs(20);
const CALL_TIMEOUT_FLAG: &str = "--call-timeout=20";

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).filter(|n| *n > 0).unwrap_or(default)
}

fn rounds() -> usize {
    env_count("TABWRIGHT_FAULT_ROUNDS", 5)
}

// ---- processes of this test's own browser -------------------------------------------------

fn cmdline(pid: i32) -> String {
    // A zygote-forked renderer rewrites its command line into one space-separated string.
    String::from_utf8_lossy(&std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default()).replace('\0', " ")
}

fn pids() -> Vec<i32> {
    std::fs::read_dir("/proc").into_iter().flatten().flatten().filter_map(|e| e.file_name().to_string_lossy().parse().ok()).collect()
}

/// Whether a process runs (one ended but not yet reaped, a zombie, does not).
fn running(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z "))
}

fn parent(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?.1.split_whitespace().nth(1)?.parse().ok()
}

/// Every process below `root`.
fn descendants(root: i32) -> Vec<i32> {
    let all: Vec<(i32, Option<i32>)> = pids().into_iter().map(|p| (p, parent(p))).collect();
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let p = found[i];
        found.extend(all.iter().filter(|(_, pp)| *pp == Some(p)).map(|(c, _)| *c));
        i += 1;
    }
    found.remove(0);
    found
}

/// The `tabwright launch` serving `socket`.
fn launch_pid(socket: &Path) -> anyhow::Result<i32> {
    let needle = socket.display().to_string();
    pids()
        .into_iter()
        .find(|p| {
            let c = cmdline(*p);
            c.contains(" launch ") && c.contains(&needle)
        })
        .with_context(|| format!("no tabwright launch serves {needle}"))
}

/// The extension's renderer processes under `root`.
fn extension_pids(root: i32) -> Vec<i32> {
    descendants(root).into_iter().filter(|p| cmdline(*p).contains("--extension-process")).collect()
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: i32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok()).unwrap_or(0)
}

fn kill(pid: i32) {
    // SAFETY: signalling a process of this test's own browser.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
    }
}

// ---- a page that answers when told ----------------------------------------------------------

/// A server whose page `/hang/N` answers only once round N is released, so a navigation is
/// surely still in flight when a fault is made.
struct Hang {
    base: String,
    hits: mpsc::UnboundedReceiver<u64>,
    released: watch::Sender<u64>,
}

impl Hang {
    async fn start() -> anyhow::Result<Hang> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let base = format!("http://{}/hang/", listener.local_addr()?);
        let (hit, hits) = mpsc::unbounded_channel();
        let (released, release) = watch::channel(0u64);
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let hit = hit.clone();
                let mut release = release.clone();
                tokio::spawn(async move {
                    let mut head = Vec::new();
                    let mut byte = [0u8; 1];
                    while !head.ends_with(b"\r\n\r\n") && head.len() < 16_384 {
                        if stream.read_exact(&mut byte).await.is_err() {
                            return;
                        }
                        head.push(byte[0]);
                    }
                    let head = String::from_utf8_lossy(&head);
                    let n: u64 = head.split_whitespace().nth(1).and_then(|p| p.strip_prefix("/hang/")).and_then(|n| n.parse().ok()).unwrap_or(0);
                    let _ = hit.send(n);
                    let _ = release.wait_for(|r| *r >= n).await;
                    let body = format!("<!doctype html><title>Hang {n}</title><p>Answered after the fault.</p>");
                    let reply = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
                    let _ = stream.write_all(reply.as_bytes()).await;
                });
            }
        });
        Ok(Hang { base, hits, released })
    }

    fn url(&self, n: u64) -> String {
        format!("{}{n}", self.base)
    }

    /// Waits until the browser asked for `/hang/n`.
    async fn wait_hit(&mut self, n: u64) -> anyhow::Result<()> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        loop {
            match tokio::time::timeout_at(deadline, self.hits.recv()).await {
                Ok(Some(hit)) if hit == n => return Ok(()),
                Ok(Some(_)) => continue,
                _ => bail!("the browser never asked for /hang/{n}"),
            }
        }
    }

    fn release(&self, n: u64) {
        self.released.send_replace(n);
    }
}

// ---- the faults -----------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Fault {
    /// `ServiceWorker.stopAllWorkers`, what chrome://serviceworker-internals does.
    StopWorker,
    /// SIGKILL to the extension's renderer process (its worker dies with it).
    KillProcess,
    /// `Target.closeTarget` on the worker's target.
    CloseTarget,
}

/// The outside DevTools client and a hidden page of its own to speak the ServiceWorker domain from.
struct Outside {
    person: Person,
    page: String,
    /// The process the browser's processes run under.
    root: i32,
}

impl Outside {
    async fn connect(h: &Harness) -> anyhow::Result<Outside> {
        Self::connect_to(&h.session.dir().join("profile"), launch_pid(&h.session.socket)?).await
    }

    /// To the browser of `profile`, whose processes run under `root`.
    async fn connect_to(profile: &Path, root: i32) -> anyhow::Result<Outside> {
        let mut person = Person::connect(profile).await?;
        let created = person.send(None, "Target.createTarget", json!({"url": "about:blank", "hidden": true})).await?;
        let target = created["targetId"].as_str().context("no hidden target")?.to_string();
        let attached = person.send(None, "Target.attachToTarget", json!({"targetId": target, "flatten": true})).await?;
        let page = attached["sessionId"].as_str().context("no session")?.to_string();
        person.send(Some(&page), "ServiceWorker.enable", json!({})).await?;
        Ok(Outside { person, page, root })
    }

    async fn worker_targets(&mut self) -> anyhow::Result<Vec<Value>> {
        let ours = format!("chrome-extension://{}/", tabwright_protocol::wire::EXTENSION_ID);
        Ok(self.person.targets(&ours).await?.into_iter().filter(|t| t["type"] == "service_worker").collect())
    }

    /// The service worker's JS heap after a garbage collection, in KiB.
    async fn worker_heap_kib(&mut self) -> anyhow::Result<f64> {
        let worker = self.worker_targets().await?.into_iter().next().context("no worker target")?;
        let id = worker["targetId"].as_str().context("target id")?.to_string();
        let attached = self.person.send(None, "Target.attachToTarget", json!({"targetId": id, "flatten": true})).await?;
        let session = attached["sessionId"].as_str().context("no session")?.to_string();
        self.person.send(Some(&session), "HeapProfiler.collectGarbage", json!({})).await?;
        let usage = self.person.send(Some(&session), "Runtime.getHeapUsage", json!({})).await?;
        self.person.send(None, "Target.detachFromTarget", json!({"sessionId": session})).await?;
        Ok(usage["usedSize"].as_f64().unwrap_or(0.0) / 1024.0)
    }

    async fn make(&mut self, fault: Fault) -> anyhow::Result<()> {
        match fault {
            Fault::StopWorker => {
                self.person.send(Some(&self.page), "ServiceWorker.stopAllWorkers", json!({})).await?;
            }
            Fault::KillProcess => {
                let victims = extension_pids(self.root);
                anyhow::ensure!(!victims.is_empty(), "no extension process under {}", self.root);
                victims.into_iter().for_each(kill);
            }
            Fault::CloseTarget => {
                let worker = self.worker_targets().await?.into_iter().next().context("no worker target to close")?;
                let id = worker["targetId"].as_str().context("target id")?.to_string();
                self.person.send(None, "Target.closeTarget", json!({"targetId": id})).await?;
            }
        }
        Ok(())
    }
}

fn tab_ids(result: &tabwright_protocol::ToolResult) -> Vec<String> {
    result.state().map(|s| s.tabs.iter().map(|t| t.tab_id.clone()).collect()).unwrap_or_default()
}

/// The first ref a `find` on `tab` shows.
async fn a_ref(h: &mut Harness, tab: &str) -> anyhow::Result<String> {
    let r = h.one("find", json!({"query": "Go to two link", "tab_id": tab})).await?;
    let text = r.text();
    let start = text.find("[ref_").with_context(|| format!("no ref in {text}"))? + 1;
    let end = text[start..].find(']').map(|i| start + i).context("unclosed ref")?;
    Ok(text[start..end].to_string())
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    if xs.is_empty() {
        return 0.0;
    }
    let m = xs.len() / 2;
    if xs.len() % 2 == 1 {
        xs[m]
    } else {
        (xs[m - 1] + xs[m]) / 2.0
    }
}

/// Prints what one kind of fault measured (seconds from the fault to the next call's success) and
/// checks the bounds: 2 s median, 5 s max.
fn recovered(what: &str, took: &[f64]) {
    let (med, max) = (median(took.to_vec()), took.iter().copied().fold(0.0, f64::max));
    println!("FIGURES {what} rounds={} next_call_median_s={med:.2} next_call_max_s={max:.2}", took.len());
    assert!(med <= 2.0, "{what}: the next call took {med:.2} s (median): {took:?}");
    assert!(max <= 5.0, "{what}: the next call took {max:.2} s (max): {took:?}");
}

/// Rounds of: a navigation in flight on tab-1, the fault, then the next call. Checks what the
/// issue asks: the call in flight answered within its timeout; the next call succeeding within
/// 2 s (median) and 5 s (max) with nothing else happening in the browser; the tab ids kept; an
/// old ref either working or reported stale.
async fn survive(fault: Fault) -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut hang = Hang::start().await?;
    let mut outside = Outside::connect(&h).await?;
    ok(&h.one("new_tab", json!({})).await?);
    ok(&h.one("navigate", json!({"url": h.url("one.html"), "tab_id": "tab-2"})).await?);
    let expected = tab_ids(&h.one("list_tabs", json!({})).await?);
    assert_eq!(expected, ["tab-1", "tab-2"]);
    let mut old_ref = a_ref(&mut h, "tab-2").await?;

    let mut took = Vec::new();
    let (mut cut_off, mut stale) = (0, 0);
    for n in 1..=rounds() as u64 {
        let call = h.call("navigate", json!({"url": hang.url(n), "tab_id": "tab-1"}));
        let mut other = h.session.client().await?;
        let in_flight = tokio::spawn(async move {
            let started = Instant::now();
            let reply = other.request("run", json!({"content": [call.clone()]})).await;
            (call, reply, started.elapsed())
        });
        hang.wait_hit(n).await?;
        let t0 = Instant::now();
        outside.make(fault).await?;

        let (call, reply, waited) = tokio::time::timeout(CALL_TIMEOUT + Duration::from_secs(10), in_flight).await.context("the call in flight was never answered")??;
        let reply = reply?;
        let result = &reply["tool_results"][0];
        let violations = validate::result(call["name"].as_str(), result);
        assert!(violations.is_empty(), "round {n}: {violations:?}");
        assert!(waited <= CALL_TIMEOUT, "round {n}: the call in flight took {waited:?}, over its timeout");
        if result["is_error"] == true {
            let text = result["content"][0]["text"].as_str().unwrap_or_default();
            assert!(text.contains("disconnected during the call"), "round {n}: {result}");
            cut_off += 1;
        }

        let r = h.one("list_tabs", json!({})).await?;
        took.push(t0.elapsed().as_secs_f64());
        assert!(!r.is_error, "round {n}: the next call failed after {:?}: {r:?}", t0.elapsed());
        assert!(h.on_lane().await?, "round {n}: the new link did not open its WebSocket lane");
        assert_eq!(tab_ids(&r), expected, "round {n}: the tab ids changed");
        // Only now does the page answer: its loading would be an event that wakes the worker
        // (the extension's debugger stays attached to the tab), and the worker must come back
        // with nothing happening in the browser.
        hang.release(n);

        let r = h.one("scroll_to", json!({"target": r#ref(&old_ref), "tab_id": "tab-2"})).await?;
        if r.is_error {
            assert!(r.text().contains("stale"), "round {n}: an old ref neither works nor is reported stale: {r:?}");
            stale += 1;
            old_ref = a_ref(&mut h, "tab-2").await?;
        }
    }
    let revive = std::env::var_os("TABWRIGHT_NO_REVIVE").map_or("pipe+alarm", |_| "alarm");
    recovered(&format!("fault={fault:?} revive={revive} cut_off={cut_off} refs_stale={stale}"), &took);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_worker_comes_back_by_itself() -> anyhow::Result<()> {
    survive(Fault::StopWorker).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_extension_process_comes_back_by_itself() -> anyhow::Result<()> {
    survive(Fault::KillProcess).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_worker_target_comes_back_by_itself() -> anyhow::Result<()> {
    survive(Fault::CloseTarget).await
}

/// The download ids of a file downloaded, one result after another, until it completed.
async fn downloaded(h: &mut Harness, link: &str) -> anyhow::Result<Vec<String>> {
    let link = h.ref_of("link", link).await?;
    let mut r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
    let mut ids = Vec::new();
    for _ in 0..50 {
        anyhow::ensure!(!r.is_error, "{r:?}");
        let changes = r.state().map(|s| s.state_changes.clone()).unwrap_or_default();
        ids.extend(changes.iter().filter_map(|c| c.download_id().map(String::from)));
        if changes.iter().any(|c| matches!(c, tabwright_protocol::StateChange::DownloadCompleted { .. })) {
            return Ok(ids);
        }
        r = h.one("wait", json!({"duration": 0.2})).await?;
    }
    bail!("the download from {link} never completed: {ids:?}")
}

/// A download_id is never handed out twice: the count outlives the extension's process, whose
/// next worker numbers the next download on from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn download_ids_go_on_after_the_extension_restarts() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut outside = Outside::connect(&h).await?;
    ok(&h.one("navigate", json!({"url": h.url("downloads.html")})).await?);
    assert_eq!(downloaded(&mut h, "Get report").await?.first().map(String::as_str), Some("dl-1"));
    outside.make(Fault::KillProcess).await?;
    // A call sent before the hub heard the link drop is answered as cut off; the next one runs.
    let mut r = h.one("list_tabs", json!({})).await?;
    if r.is_error && r.text().contains("disconnected during the call") {
        r = h.one("list_tabs", json!({})).await?;
    }
    assert!(!r.is_error, "the next call after the restart: {r:?}");
    let ids = downloaded(&mut h, "Get report").await?;
    assert_eq!(ids.first().map(String::as_str), Some("dl-2"), "{ids:?}");
    Ok(())
}

/// A call on a tab whose navigation began before the extension's restart (so the new worker
/// never heard of it) is told that the server has not sent the page yet, as it is without the
/// restart, not that the page's own scripts keep it busy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_navigation_under_way_across_a_restart_is_named_as_such() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut outside = Outside::connect(&h).await?;
    let mut hang = Hang::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let call = h.call("navigate", json!({"url": hang.url(1)}));
    let mut other = h.session.client().await?;
    let in_flight = tokio::spawn(async move { other.request("run", json!({"content": [call]})).await });
    hang.wait_hit(1).await?;
    outside.make(Fault::StopWorker).await?;
    let _ = in_flight.await;
    let r = h.one("screenshot", json!({})).await?;
    hang.release(1);
    assert!(r.is_error && r.text().contains("that server has not sent the page yet"), "{r:?}");
    Ok(())
}

/// A read that the extension's restart cut short is asked again once the link is back, and
/// answered: it changed nothing, so nothing is left unknown (an action's outcome still is).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_cut_short_by_the_extensions_restart_is_asked_again() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut outside = Outside::connect(&h).await?;
    for fault in [Fault::KillProcess, Fault::StopWorker] {
        // The page is busy for 2.5 s from 0.3 s after its load: the read waits for it.
        ok(&h.one("navigate", json!({"url": h.url("hang.html?for=2500")})).await?);
        tokio::time::sleep(Duration::from_millis(500)).await;
        let call = h.call("get_page_text", json!({}));
        let mut reader = tabwright::client::Client::connect(&h.session.socket).await?;
        let pending = tokio::spawn(async move { reader.request("run", json!({"content": [call]})).await });
        tokio::time::sleep(Duration::from_millis(700)).await;
        anyhow::ensure!(!pending.is_finished(), "{fault:?}: the read was answered before the fault");
        outside.make(fault).await?;
        let reply = pending.await??;
        let result = &reply["tool_results"][0];
        assert!(result["is_error"] != true, "{fault:?}: {result}");
        assert!(result.to_string().contains("A page that stops answering"), "{fault:?}: {result}");
    }
    // A wait changes nothing either: one the restart cut short is waited again, and the calls
    // after it in the batch still run.
    let calls = json!({"content": [h.call("wait", json!({"duration": 2})), h.call("list_tabs", json!({}))]});
    let mut waiter = tabwright::client::Client::connect(&h.session.socket).await?;
    let pending = tokio::spawn(async move { waiter.request("run", calls).await });
    tokio::time::sleep(Duration::from_millis(700)).await;
    anyhow::ensure!(!pending.is_finished(), "the wait was answered before the fault");
    outside.make(Fault::StopWorker).await?;
    let reply = pending.await??;
    let results = reply["tool_results"].as_array().context("tool_results")?;
    assert_eq!(results.len(), 2, "{reply}");
    assert!(results[0]["is_error"] != true && results[0].to_string().contains("Waited 2s."), "{reply}");
    assert!(results[1]["is_error"] != true, "{reply}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_closed_mid_call_is_answered_and_forgotten() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut hang = Hang::start().await?;
    let mut outside = Outside::connect(&h).await?;
    ok(&h.one("new_tab", json!({})).await?);
    ok(&h.one("navigate", json!({"url": h.url("two.html"), "tab_id": "tab-2"})).await?);
    let call = h.call("navigate", json!({"url": hang.url(1), "tab_id": "tab-2"}));
    let mut other = h.session.client().await?;
    let in_flight = tokio::spawn(async move { other.request("run", json!({"content": [call]})).await });
    hang.wait_hit(1).await?;
    // Until the hanging page answers, the tab's target still shows the page it is leaving.
    let target = outside.person.targets("two.html").await?.into_iter().find(|t| t["type"] == "page").context("the hanging tab's target")?;
    let id = target["targetId"].as_str().context("target id")?.to_string();
    outside.person.send(None, "Target.closeTarget", json!({"targetId": id})).await?;

    let reply = tokio::time::timeout(CALL_TIMEOUT + Duration::from_secs(10), in_flight).await.context("never answered")???;
    let result = &reply["tool_results"][0];
    assert!(validate::result(Some("navigate"), result).is_empty(), "{result}");
    assert_eq!(result["is_error"], true, "a navigation whose tab closed cannot have succeeded: {result}");
    // Named by the tab_id Claude knows, never by the browser's own id for the tab.
    assert_eq!(result["content"][0]["text"], "tab-2 closed during navigate, before it finished (the page closed itself, perhaps in answer to this call, or the person closed it). list_tabs shows the tabs open now.", "{result}");
    hang.release(1);

    let r = h.one("list_tabs", json!({})).await?;
    assert_eq!(tab_ids(&r), ["tab-1"], "{r:?}");
    let r = h.one("new_tab", json!({})).await?;
    assert_eq!(tab_ids(&r), ["tab-1", "tab-3"], "tab ids are never reused: {r:?}");
    Ok(())
}

/// `tabwright status` asks for the state; asked while a new_tab ran, the state's snapshot of the
/// tabs could predate the new tab and drop it from the registry, so the tab was numbered again and
/// new_tab failed. Now a state request waits its turn behind the call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn state_requests_during_new_tab_calls_do_not_renumber_the_new_tabs() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    // A second window: the inventory then also asks which window has focus, a second wait
    // between the tab snapshot and its use.
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    person.send(None, "Target.createTarget", json!({"url": "about:blank", "newWindow": true})).await?;
    let r = h.one("list_tabs", json!({})).await?;
    assert_eq!(tab_ids(&r), ["tab-1", "tab-2"], "{r:?}");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut watchers = Vec::new();
    for _ in 0..3 {
        let mut watcher = h.session.client().await?;
        let stop = stop.clone();
        watchers.push(tokio::spawn(async move {
            let mut asked = 0u32;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                watcher.request("state", json!({})).await?;
                asked += 1;
            }
            anyhow::Ok(asked)
        }));
    }
    let mut failures = Vec::new();
    const TABS: usize = 40;
    let number = |id: &str| id.strip_prefix("tab-").and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
    let mut last = 2;
    for _ in 0..TABS {
        let r = h.one("new_tab", json!({})).await?;
        let opened = r.state().and_then(|s| s.active()).map(|t| number(&t.tab_id)).unwrap_or(0);
        // A tab dropped and numbered again shows as a number skipped (or new_tab failing).
        if r.is_error || opened != last + 1 {
            failures.push(format!("after tab-{last}: {r:?}"));
        }
        last = last.max(opened);
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for watcher in watchers {
        assert!(watcher.await?? > 0, "a watcher got its state answered");
    }
    assert!(failures.is_empty(), "{} of {TABS} new_tab calls failed or were renumbered: {failures:#?}", failures.len());
    Ok(())
}

// ---- the bridge killed ------------------------------------------------------------------------

/// The native hosts Chrome started for a browser whose hosts have `TABWRIGHT_SOCKET=socket`.
fn host_pids(socket: &Path) -> Vec<i32> {
    let needle = format!("TABWRIGHT_SOCKET={}", socket.display());
    pids()
        .into_iter()
        .filter(|p| {
            let environ = std::fs::read(format!("/proc/{p}/environ")).unwrap_or_default();
            cmdline(*p).contains("chrome-extension://") && environ.split(|b| *b == 0).any(|kv| kv == needle.as_bytes())
        })
        .collect()
}

/// A browser started the way a person's own is after `tabwright install`: no launch process; the
/// first native host the extension starts is the bridge and serves the agent socket.
struct OwnBrowser {
    child: std::process::Child,
    dir: Scratch,
    socket: PathBuf,
}

impl OwnBrowser {
    fn start() -> anyhow::Result<OwnBrowser> {
        let dir = Scratch::new("own")?;
        let profile = dir.join("profile");
        let socket = dir.join("agent.sock");
        tabwright::launch::write_host_manifest(&profile.join("NativeMessagingHosts"), &bridge_exe())?;
        let extension = tabwright::browser::find_extension(None).map_err(anyhow::Error::msg)?;
        let chrome = tabwright::browser::find_browser(None).context("no browser")?;
        use std::os::unix::process::CommandExt;
        let child = std::process::Command::new(chrome)
            .args(tabwright::launch::browser_args(&profile, &extension, true, tabwright::launch::running_as_root()))
            .arg("--remote-debugging-port=0")
            .env("TABWRIGHT_SOCKET", &socket)
            .env_remove("TABWRIGHT_HUB")
            .env_remove("TABWRIGHT_HUB_TOKEN")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            // Its own process group, so every process of this browser can be ended at once.
            .process_group(0)
            .spawn()?;
        Ok(OwnBrowser { child, dir, socket })
    }

    fn profile(&self) -> PathBuf {
        self.dir.join("profile")
    }

    /// A client once the extension's bridge answers, with the tabs as the test set them up:
    /// tab-1, and tab-2 on `page`.
    async fn ready(&self, page: &str) -> anyhow::Result<tabwright::client::Client> {
        let mut client = tabwright::client::connect_with_retry(&self.socket, Duration::from_secs(60)).await?;
        let mut ready = call(&mut client, "list_tabs", json!({})).await?;
        let deadline = Instant::now() + Duration::from_secs(30);
        while ready.is_error && Instant::now() < deadline {
            ready = call(&mut client, "list_tabs", json!({})).await?;
        }
        ok(&ready);
        ok(&call(&mut client, "new_tab", json!({})).await?);
        ok(&call(&mut client, "navigate", json!({"url": page})).await?);
        assert_eq!(tab_ids(&call(&mut client, "list_tabs", json!({})).await?), ["tab-1", "tab-2"]);
        Ok(client)
    }

    /// Waits (at most 10 s) until a bridge answers on the socket again; returns its client and
    /// its list_tabs result.
    async fn reconnected(&self) -> anyhow::Result<(tabwright::client::Client, tabwright_protocol::ToolResult)> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(mut c) = tabwright::client::Client::connect(&self.socket).await {
                if let Ok(r) = call(&mut c, "list_tabs", json!({})).await {
                    if !r.is_error {
                        return Ok((c, r));
                    }
                }
            }
            anyhow::ensure!(Instant::now() < deadline, "no bridge answered within 10 s");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for OwnBrowser {
    fn drop(&mut self) {
        for pid in host_pids(&self.socket) {
            kill(pid);
        }
        // SAFETY: signalling the process group this test's browser leads.
        unsafe {
            libc::kill(-(self.child.id() as i32), libc::SIGKILL);
        }
        let _ = self.child.wait();
        // (Its folder goes when `dir` is dropped, after this.)
    }
}

async fn call(client: &mut tabwright::client::Client, name: &str, input: Value) -> anyhow::Result<tabwright_protocol::ToolResult> {
    let tool_use = json!({"type": "tool_use", "id": "toolu_own", "name": name, "toolset_name": "browser", "input": input});
    let reply = client.request("call", json!({"tool_use": tool_use})).await?;
    let violations = validate::result(Some(name), &reply["tool_result"]);
    anyhow::ensure!(violations.is_empty(), "{violations:?}");
    Ok(serde_json::from_value(reply["tool_result"].clone())?)
}

/// In a person's own browser the bridge is the native host: killed, the extension starts a new
/// one, which takes over the agent socket; the agent reconnects and finds its tabs as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_bridge_is_replaced_and_the_extension_reconnects_to_the_new_one() -> anyhow::Result<()> {
    let site = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.1").await?;
    let own = OwnBrowser::start()?;
    let mut client = own.ready(&site.url("one.html")).await?;
    let mut took = Vec::new();
    for round in 1..=rounds() {
        let hosts = host_pids(&own.socket);
        assert_eq!(hosts.len(), 1, "round {round}: one native host is the bridge: {hosts:?}");
        let t0 = Instant::now();
        kill(hosts[0]);
        // The agent's connection ended with its bridge; a new bridge serves the same socket.
        let (c, after) = own.reconnected().await.with_context(|| format!("round {round}"))?;
        client = c;
        took.push(t0.elapsed().as_secs_f64());
        assert_eq!(tab_ids(&after), ["tab-1", "tab-2"], "round {round}: the tab ids changed");
        let now = host_pids(&own.socket);
        assert!(now.len() == 1 && now != hosts, "round {round}: a new host took over: {hosts:?} → {now:?}");
    }
    let r = call(&mut client, "get_page_text", json!({"tab_id": "tab-2"})).await?;
    assert!(r.text().contains("The first fixture page."), "{r:?}");
    recovered("fault=BridgeKilled mode=own-browser", &took);
    Ok(())
}

/// What a person's own browser gets (no launch process, so no DevTools pipe): the extension's
/// alarm starts a stopped or killed worker again, its native host becomes the bridge on the same
/// agent socket, and the agent reconnects. The call in flight ends with its connection (its
/// bridge was the host that went with the worker), never hangs.
async fn own_browser_survives(fault: Fault) -> anyhow::Result<()> {
    let site = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.1").await?;
    let mut hang = Hang::start().await?;
    let own = OwnBrowser::start()?;
    let mut client = own.ready(&site.url("one.html")).await?;
    let mut outside = Outside::connect_to(&own.profile(), own.child.id() as i32).await?;
    let mut took = Vec::new();
    for n in 1..=rounds() as u64 {
        let mut other = tabwright::client::Client::connect(&own.socket).await?;
        let url = hang.url(n);
        let in_flight = tokio::spawn(async move { call(&mut other, "navigate", json!({"url": url, "tab_id": "tab-1"})).await });
        hang.wait_hit(n).await?;
        let t0 = Instant::now();
        outside.make(fault).await?;
        let ended = tokio::time::timeout(CALL_TIMEOUT, in_flight).await.context("the call in flight hung")??;
        if let Ok(r) = &ended {
            assert!(r.is_error && r.text().contains("disconnected during the call"), "round {n}: {r:?}");
        }
        let (c, after) = own.reconnected().await.with_context(|| format!("round {n} after {fault:?}"))?;
        client = c;
        took.push(t0.elapsed().as_secs_f64());
        assert_eq!(tab_ids(&after), ["tab-1", "tab-2"], "round {n}: the tab ids changed");
        hang.release(n);
    }
    ok(&call(&mut client, "get_page_text", json!({"tab_id": "tab-2"})).await?);
    recovered(&format!("fault={fault:?} mode=own-browser"), &took);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_worker_in_a_persons_own_browser_comes_back_by_itself() -> anyhow::Result<()> {
    own_browser_survives(Fault::StopWorker).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_extension_process_in_a_persons_own_browser_comes_back_by_itself() -> anyhow::Result<()> {
    own_browser_survives(Fault::KillProcess).await
}

/// In `tabwright launch` the hub lives in the launch process, and the browser is its child: the
/// two share their fate. Killing the launch process takes the browser down with it (no browser is
/// left behind that nobody drives), and a new `tabwright launch` on the same profile takes over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_launch_takes_its_browser_along_and_a_new_one_takes_over_the_profile() -> anyhow::Result<()> {
    let dir = Scratch::new("relaunch")?;
    let profile = dir.join("profile");
    let socket = dir.join("agent.sock");
    let (profile_arg, socket_arg) = (profile.clone(), socket.clone());
    let start = move || -> anyhow::Result<std::process::Child> {
        let mut child = std::process::Command::new(bridge_exe())
            .args(["launch", "--headless", "--profile"])
            .arg(&profile_arg)
            .arg("--socket")
            .arg(&socket_arg)
            // As root the sandbox is only ever turned off when asked.
            .args(tabwright::launch::running_as_root().then_some("--no-sandbox"))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take().context("stdout")?;
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)?;
        anyhow::ensure!(line.starts_with("ready "), "launch said {line:?}");
        Ok(child)
    };
    let mut first = tokio::task::spawn_blocking(start.clone()).await??;
    let browser: Vec<i32> = descendants(first.id() as i32);
    assert!(!browser.is_empty(), "the browser runs under its launch");
    kill(first.id() as i32);
    tokio::task::spawn_blocking(move || first.wait()).await??;
    let deadline = Instant::now() + Duration::from_secs(20);
    while browser.iter().any(|p| running(*p)) {
        anyhow::ensure!(Instant::now() < deadline, "the browser outlived its launch process by 20 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let mut second = tokio::task::spawn_blocking(start).await??;
    let outcome = async {
        let mut client = tabwright::client::connect_with_retry(&socket, Duration::from_secs(10)).await?;
        let r = call(&mut client, "list_tabs", json!({})).await?;
        ok(&r);
        anyhow::Ok(())
    }
    .await;
    // SAFETY: signalling our own child.
    unsafe {
        libc::kill(second.id() as i32, libc::SIGTERM);
    }
    let _ = tokio::task::spawn_blocking(move || second.wait()).await;
    outcome
}

/// An agent still connected when `tabwright launch` goes away, its browser killed or itself
/// stopped, is answered for every call it waits for, with why, and the connection closes saying
/// so (a close frame with the reason), instead of ending with nothing said.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agents_are_told_why_when_the_browser_or_launch_goes_away() -> anyhow::Result<()> {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    use tokio_tungstenite::tungstenite::Message;
    for browser_killed in [true, false] {
        let mut h = Harness::start().await?;
        let launch = launch_pid(&h.session.socket)?;
        let stream = tokio::net::UnixStream::connect(&h.session.socket).await?;
        let (mut ws, _) = tokio_tungstenite::client_async("ws://localhost/", stream).await?;
        // A wait under way, and a call queued behind it.
        for (id, name, input) in [(1, "wait", json!({"duration": 5})), (2, "list_tabs", json!({}))] {
            let tool_use = json!({"type": "tool_use", "id": format!("toolu_{id}"), "name": name, "toolset_name": "browser", "input": input});
            ws.send(Message::text(json!({"id": id, "method": "call", "params": {"tool_use": tool_use}}).to_string())).await?;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        if browser_killed {
            let browser = pids().into_iter().find(|p| parent(*p) == Some(launch)).context("no browser under tabwright launch")?;
            kill(browser);
        }
        // The browser and every helper it started, with launch stopped.
        let helpers = if browser_killed { Vec::new() } else { descendants(launch) };
        if !browser_killed {
            assert!(helpers.len() > 2, "the browser and its helpers run under launch: {helpers:?}");
            // SAFETY: signalling the launch process this test started.
            unsafe {
                libc::kill(launch, libc::SIGTERM);
            }
        }
        let mut answers = std::collections::HashMap::new();
        let mut close = None;
        while let Ok(Some(frame)) = tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            match frame {
                Ok(Message::Text(t)) => {
                    let v: Value = serde_json::from_str(&t)?;
                    let id = v["id"].as_i64().unwrap_or(0);
                    anyhow::ensure!(answers.insert(id, v.clone()).is_none(), "request {id} was answered twice: {v}");
                }
                Ok(Message::Close(frame)) => {
                    close = frame;
                    // Nothing comes after the close.
                    let after = tokio::time::timeout(Duration::from_secs(2), ws.next()).await;
                    anyhow::ensure!(!matches!(after, Ok(Some(Ok(Message::Text(_))))), "a frame after the close: {after:?}");
                    break;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
        let why = if browser_killed { "The browser exited" } else { "tabwright launch was stopped" };
        let close = close.context("the connection ended without a close frame")?;
        assert_eq!(close.code, CloseCode::Away, "{close:?}");
        assert!(close.reason.starts_with(why), "{close:?}");
        // The queued call is answered with why; the one under way with why, or (the browser
        // killed) as the call the extension's loss cut short.
        let queued = answers.get(&2).context("the queued call was not answered")?;
        assert_eq!(queued["error"]["code"], "browser_unavailable", "{queued}");
        assert!(queued["error"]["message"].as_str().unwrap_or_default().starts_with(why), "{queued}");
        let first = answers.get(&1).context("the call under way was not answered")?;
        let cut = first["result"]["tool_result"]["is_error"] == true && first.to_string().contains("The extension disconnected during the call");
        assert!(cut || first["error"]["message"].as_str().unwrap_or_default().starts_with(why), "{first}");
        if !browser_killed {
            assert!(!cut, "launch was stopped with its browser still there: {first}");
        }
        // A browser killed is a failure launch's exit code tells; launch stopped is not.
        let status = h.session.exit_status(Duration::from_secs(15)).context("tabwright launch did not exit")?;
        assert_eq!(status.success(), !browser_killed, "{status}");
        // Nothing of the browser's outlives the launch that stopped it (its helpers used to live
        // on for seconds).
        let left: Vec<String> = helpers.iter().filter(|p| running(**p)).map(|p| format!("{p}: {}", cmdline(*p))).collect();
        assert!(left.is_empty(), "still running after launch returned: {left:?}");
    }
    Ok(())
}

// ---- the soak -------------------------------------------------------------------------------

/// The least-squares slope of `ys` over `xs`.
fn slope(xs: &[f64], ys: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let num: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let den: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

/// Calls of every common kind, each result checked by the validator (the harness does), the whole
/// conversation checked at the end, and the bridge's and the extension's memory sampled. Prints
/// the slopes; in a long run (1,000 calls or more) they must be flat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_session_stays_valid_and_its_memory_flat() -> anyhow::Result<()> {
    let calls = env_count("TABWRIGHT_SOAK_CALLS", 200);
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    let launch = launch_pid(&h.session.socket)?;
    let mut outside = Outside::connect(&h).await?;
    let mut conversation: Vec<Value> = Vec::new();
    let pages = ["one.html", "two.html", "form.html", "article.html", "controls.html"];
    let every = (calls / 40).max(10);
    let (mut sampled_at, mut bridge, mut extension, mut heap) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let started = Instant::now();
    let mut done = 0;
    while done < calls {
        let page = pages[(done / 8) % pages.len()];
        let batch = vec![
            h.call("navigate", json!({"url": h.url(page)})),
            h.call("read_page", json!({"filter": "interactive"})),
            h.call("find", json!({"query": "link or button"})),
            h.call("get_page_text", json!({})),
            h.call("screenshot", json!({})),
            h.call("scroll", json!({"target": at(200.0, 200.0), "scroll_direction": "down", "scroll_amount": 2})),
            h.call("key", json!({"text": "Tab"})),
            h.call("list_tabs", json!({})),
        ];
        let results = h.run(batch.clone()).await?;
        for r in &results {
            assert!(!r.is_error, "call {done}: {r:?}");
        }
        conversation.push(json!({"role": "assistant", "content": batch}));
        conversation.push(json!({"role": "user", "content": results}));
        done += results.len();
        if done % every < 8 || done >= calls {
            sampled_at.push(done as f64);
            bridge.push(rss_kib(launch) as f64);
            extension.push(extension_pids(launch).into_iter().map(rss_kib).sum::<u64>() as f64);
            heap.push(outside.worker_heap_kib().await?);
        }
    }
    let violations = validate::conversation(&conversation);
    assert!(violations.is_empty(), "{:?}", &violations[..violations.len().min(5)]);
    // The first samples hold the warm-up (code loaded, caches filled): the slope is taken after it.
    let skip = sampled_at.len() / 4;
    let per_1000 = |ys: &[f64]| slope(&sampled_at[skip..], &ys[skip..]) * 1000.0;
    let (bridge_slope, extension_slope, heap_slope) = (per_1000(&bridge), per_1000(&extension), per_1000(&heap));
    let ends = |ys: &[f64]| format!("first={:.0} last={:.0}", ys[0], ys[ys.len() - 1]);
    println!(
        "FIGURES soak calls={done} seconds={:.0} samples={} bridge_rss_kib {} slope_kib_per_1000_calls={bridge_slope:.0} extension_rss_kib {} slope_kib_per_1000_calls={extension_slope:.0} worker_heap_kib {} slope_kib_per_1000_calls={heap_slope:.0}",
        started.elapsed().as_secs_f64(),
        sampled_at.len(),
        ends(&bridge),
        ends(&extension),
        ends(&heap),
    );
    if done >= 1000 {
        assert!(bridge_slope < 1024.0, "the bridge grows {bridge_slope:.0} KiB per 1,000 calls");
        assert!(heap_slope < 1024.0, "the worker's heap grows {heap_slope:.0} KiB per 1,000 calls");
        assert!(extension_slope < 4096.0, "the extension grows {extension_slope:.0} KiB per 1,000 calls");
    }
    Ok(())
}

/// A cross-origin frame (a process of its own, reached through a child session of the tab's
/// debugger) is still read, and still acted on, after the worker restarts: the new worker learns
/// the tab's frames again although the debugger stayed attached.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_origin_frame_is_still_reached_after_the_worker_restarts() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut outside = Outside::connect(&h).await?;
    let other =
        tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    let page = format!("frames.html?other=http://{}", other.addr);
    ok(&h.one("navigate", json!({"url": h.url(&page)})).await?);
    h.ref_of("button", "Cross button").await?;
    for fault in [Fault::StopWorker, Fault::KillProcess] {
        outside.make(fault).await?;
        // A call that reaches the extension as it dies is answered so; the next one is served.
        let r = h.one("list_tabs", json!({})).await?;
        if r.is_error {
            assert!(
                r.text().contains("disconnected during the call"),
                "{fault:?}: {r:?}"
            );
        }
        let t = h.one("read_page", json!({})).await?.text();
        assert!(
            t.contains("button \"Cross button\""),
            "{fault:?}: the frame is read: {t}"
        );
        let cross = h.ref_of("button", "Cross button").await?;
        ok(&h
            .one("left_click", json!({"target": r#ref(&cross)}))
            .await?);
        let pressed = h
            .one("find", json!({"query": "pressed button"}))
            .await?
            .text();
        assert!(
            pressed.starts_with("button \"Pressed\""),
            "{fault:?}: the click reached the frame: {pressed}"
        );
        ok(&h.one("navigate", json!({"url": h.url(&page)})).await?);
    }
    Ok(())
}

/// A button held down by left_mouse_down is still held after the extension's worker starts
/// again: the drag by hand goes on, and its release is no release of nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_held_across_a_restart_is_still_held() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG, CALL_TIMEOUT_FLAG]).await?;
    let mut outside = Outside::connect(&h).await?;
    ok(&h.one("navigate", json!({"url": h.url("drag.html")})).await?);
    ok(&h.one("left_mouse_down", json!({"target": at(100.0, 45.0)})).await?);
    outside.make(Fault::StopWorker).await?;
    let r = h.one("list_tabs", json!({})).await?;
    if r.is_error {
        assert!(r.text().contains("disconnected during the call"), "{r:?}");
    }
    ok(&h.one("mouse_move", json!({"target": at(100.0, 155.0)})).await?);
    let up = h.one("left_mouse_up", json!({"target": at(100.0, 155.0)})).await?;
    ok(&up);
    assert!(!up.text().contains("No mouse button was down"), "{up:?}");
    h.wait_log("sorted list", |e| e["type"] == "sorted").await?;
    Ok(())
}

/// A client that closes its socket in the middle of a batch: the rest of its batch is not run
/// (nobody would read what it did), and the next client's call waits only for the call under way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_whose_client_left_is_not_run_on() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("tall.html")})).await?);
    let edge = h.ref_of("button", "Edge").await?;
    let press = json!({"target": r#ref(&edge)});
    let calls = vec![h.call("left_click", press.clone()), h.call("wait", json!({"duration": 1.5})), h.call("left_click", press.clone()), h.call("left_click", press)];
    let mut leaving = h.session.client().await?;
    let batch = tokio::spawn(async move { leaving.request("run", json!({"content": calls})).await });
    h.wait_log("the batch's first click", |e| e["type"] == "click" && e["target"] == "edge").await?;
    // The client goes away (its socket closes) while its batch waits.
    batch.abort();
    ok(&h.one("list_tabs", json!({})).await?);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let clicks = h.site.log().iter().filter(|e| e["type"] == "click" && e["target"] == "edge").count();
    assert_eq!(clicks, 1, "the calls after the client left were not run");
    Ok(())
}

/// A client that closes its socket while its call runs (an agent stopped with Ctrl-C): the call
/// is cancelled in the browser, so a key it held is let go at once and the next client does not
/// wait out a long wait nobody will read the end of.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_whose_client_left_is_cancelled_in_the_browser() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("tall.html")})).await?);
    h.site.clear_log();
    let held = h.call("hold_key", json!({"text": "shift", "duration": 25}));
    let mut leaving = h.session.client().await?;
    let holding = tokio::spawn(async move { leaving.request("run", json!({"content": [held]})).await });
    h.wait_log("shift pressed", |e| e["type"] == "keydown" && e["key"] == "Shift").await?;
    holding.abort();
    // Let go within the log's few seconds, where the hold had 25 s to go.
    h.wait_log("shift let go once its client left", |e| e["type"] == "keyup" && e["key"] == "Shift").await?;

    let waiting = h.call("wait", json!({"duration": 25}));
    let mut leaving = h.session.client().await?;
    let wait = tokio::spawn(async move { leaving.request("run", json!({"content": [waiting]})).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    wait.abort();
    let started = std::time::Instant::now();
    ok(&h.one("list_tabs", json!({})).await?);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(15), "the next call waited {took:?} for a wait whose client had left");
    Ok(())
}

/// A drag whose agent goes away while the page is busy with it lets go of the button: the page
/// gets the release once it is free again, rather than a button held down for good.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drag_whose_client_left_lets_go_of_the_button() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("slowdrag.html")})).await?);
    ok(&h.one("screenshot", json!({})).await?);
    h.site.clear_log();
    let drag = h.call("left_click_drag", json!({"from": {"type": "coordinate", "x": 100, "y": 100}, "target": {"type": "coordinate", "x": 400, "y": 300}}));
    let mut leaving = h.session.client().await?;
    let dragging = tokio::spawn(async move { leaving.request("run", json!({"content": [drag]})).await });
    // (Inside the four seconds the page takes over the drag's first move.)
    tokio::time::sleep(Duration::from_secs(1)).await;
    dragging.abort();
    h.wait_log("the button let go once the page was free", |e| e["type"] == "mouseup" || e["type"] == "pointerup").await?;
    Ok(())
}
