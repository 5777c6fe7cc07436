//! Safe by default: the navigation policy, file_upload's roots, and confirmations, each refusal
//! proven in a real browser.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use tabwright::site::{Pages, Site};
use tabwright_e2e::*;

struct TempDir(PathBuf);
impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("tabwright-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("temp dir");
        TempDir(p.canonicalize().expect("canonical"))
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_other_scheme_is_refused() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    for bad in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,<h1>x</h1>", "chrome://settings", "view-source:https://a.example/",
                "chrome-extension://abcdefghijklmnopabcdefghijklmnop/x.html", "blob:https://a.example/1", "ftp://a.example/", "about:config", "ws://a.example/"] {
        let e = error_text(&h.one("navigate", json!({"url": bad})).await?);
        assert!(e.starts_with("Refused to navigate to a"), "{bad}: {e}");
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocked_hosts_are_refused_however_the_navigation_starts() -> anyhow::Result<()> {
    let other = Site::start(Pages::Dir(fixtures()), "127.0.0.2").await?;
    let mut h = Harness::start_with_policy(json!({"block": ["127.0.0.2"]}), &[]).await?;
    // Typed by Claude: refused before the browser sees it.
    let e = error_text(&h.one("navigate", json!({"url": other.url("one.html")})).await?);
    assert!(e.contains("127.0.0.2 is blocked by this session's browsing policy"), "{e}");
    // Behind a redirect: refused on the final URL.
    let hop = h.url(&format!("redirect?to=http://{}/one.html", other.addr));
    let e = error_text(&h.one("navigate", json!({"url": hop})).await?);
    assert!(e.contains("was refused: the browsing policy does not allow that site"), "{e}");
    let r = h.one("list_tabs", json!({})).await?;
    assert_ne!(only_state(&r).tabs[0].title, "Fixture One", "the blocked page never loaded");

    // Started by the page: a link, a script, a new window.
    let r = h.one("navigate", json!({"url": h.url(&format!("policy.html?other=http://{}", other.addr))})).await?;
    ok(&r);
    let mut told = 0;
    for button in ["Visit the other site", "Script navigation"] {
        let role = if button.starts_with("Visit") { "link" } else { "button" };
        let target = h.ref_of(role, button).await?;
        let r = h.one("left_click", json!({"target": r#ref(&target)})).await?;
        let mut t = text(&r);
        if !t.contains("A navigation was refused.") {
            t = text(&h.one("wait", json!({"duration": 0.3})).await?);
        }
        assert!(t.contains("A navigation was refused.") && t.contains("127.0.0.2"), "{button}: {t}");
        told += 1;
        let r = h.one("list_tabs", json!({})).await?;
        assert!(only_state(&r).tabs.iter().all(|t| t.title != "Fixture One"), "{r:?}");
        ok(&h.one("navigate", json!({"url": h.url(&format!("policy.html?other=http://{}", other.addr))})).await?);
    }
    assert_eq!(told, 2);
    let open = h.ref_of("button", "Open the other site").await?;
    let r = h.one("left_click", json!({"target": r#ref(&open)})).await?;
    let popup = state(&r).tabs.iter().find(|t| t.tab_id != "tab-1").cloned();
    let r = h.one("wait", json!({"duration": 0.3})).await?;
    let _ = r;
    let r = h.one("list_tabs", json!({})).await?;
    assert!(only_state(&r).tabs.iter().all(|t| t.title != "Fixture One"), "the popup did not load the blocked page: {popup:?} {r:?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_allowlist_refuses_everything_else() -> anyhow::Result<()> {
    let other = Site::start(Pages::Dir(fixtures()), "127.0.0.2").await?;
    let mut h = Harness::start_with_policy(json!({"allow": ["127.0.0.1"]}), &[]).await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let e = error_text(&h.one("navigate", json!({"url": other.url("one.html")})).await?);
    assert!(e.contains("127.0.0.2 is not on this session's list of allowed sites"), "{e}");
    let hop = h.url(&format!("redirect?to=http://{}/one.html", other.addr));
    let e = error_text(&h.one("navigate", json!({"url": hop})).await?);
    assert!(e.contains("was refused"), "{e}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_come_only_from_the_roots() -> anyhow::Result<()> {
    let base = TempDir::new("uploads");
    let root = base.0.join("root");
    let outside = base.0.join("outside");
    std::fs::create_dir_all(&root)?;
    std::fs::create_dir_all(&outside)?;
    std::fs::write(root.join("report.txt"), "twelve bytes")?;
    std::fs::write(root.join("photo.png"), "png")?;
    std::fs::write(outside.join("secret.txt"), "secret")?;
    std::os::unix::fs::symlink(outside.join("secret.txt"), root.join("sneaky.txt"))?;
    std::fs::write(base.0.join("staged.pdf"), "%PDF")?;
    let policy = json!({"upload_roots": [root], "documents": {"doc-7": base.0.join("staged.pdf")}, "auto_approve": ["file_upload"]});
    let mut h = Harness::start_with_policy(policy, &[]).await?;
    let on = json!({"file_upload": {"enabled": true}});
    ok(&h.one("navigate", json!({"url": h.url("policy.html")})).await?);
    h.site.clear_log();
    let attachment = h.ref_of("button", "Attachment").await?;
    let upload = |h: &mut Harness, input: Value| {
        let call = h.call("file_upload", input);
        (call, on.clone())
    };
    let path = |p: &Path| p.display().to_string();

    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&attachment), "paths": [path(&root.join("report.txt"))], "document_ids": ["doc-7"]}));
    let r = h.run_with(vec![call], cfg).await?.remove(0);
    assert_eq!(text(&r), format!("Uploaded.\nSet the files on {attachment}: report.txt, staged.pdf."));
    let log = h.wait_log("files", |e| e["type"] == "files").await?;
    assert_eq!(of(&log, "files")[0]["names"], json!(["report.txt:12", "staged.pdf:4"]));

    for (paths, why) in [
        (vec![path(&outside.join("secret.txt"))], "is outside the upload folders"),
        (vec![format!("{}/../outside/secret.txt", root.display())], "contains \"..\""),
        (vec![path(&root.join("sneaky.txt"))], "is outside the upload folders"),
        (vec!["report.txt".to_string()], "is not an absolute path"),
        (vec![path(&root.join("missing.txt"))], "cannot be read"),
    ] {
        let (call, cfg) = upload(&mut h, json!({"target": r#ref(&attachment), "paths": paths}));
        let e = error_text(&h.run_with(vec![call], cfg).await?.remove(0));
        assert!(e.contains(why), "{paths:?}: {e}");
    }
    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&attachment), "document_ids": ["doc-9"]}));
    let e = error_text(&h.run_with(vec![call], cfg).await?.remove(0));
    assert!(e.contains("No staged file has the document id \"doc-9\""), "{e}");
    let avatar = h.ref_of("button", "Avatar").await?;
    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&avatar), "paths": [path(&root.join("report.txt")), path(&root.join("photo.png"))]}));
    let e = error_text(&h.run_with(vec![call], cfg).await?.remove(0));
    assert!(e.contains("takes one file, and 2 were given"), "{e}");
    let buy = h.ref_of("button", "Buy now").await?;
    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&buy), "paths": [path(&root.join("report.txt"))]}));
    let e = error_text(&h.run_with(vec![call], cfg).await?.remove(0));
    assert!(e.contains("is not a file input"), "{e}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_folder_inside_an_upload_root_is_refused_at_start() -> anyhow::Result<()> {
    let base = TempDir::new("overlap");
    let policy = base.0.join("policy.json");
    std::fs::write(&policy, json!({"upload_roots": [base.0]}).to_string())?;
    let out = std::process::Command::new(bridge_exe())
        .args(["launch", "--headless", "--socket"])
        .arg(base.0.join("s/agent.sock"))
        .arg("--policy")
        .arg(&policy)
        .arg("--downloads")
        .arg(base.0.join("downloads"))
        .output()?;
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("overlaps the upload root"), "{err}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirmations_can_be_declined_or_time_out() -> anyhow::Result<()> {
    let policy = json!({"confirm_timeout_secs": 1, "confirm_clicks": "buy|pay"});
    let mut h = Harness::start_with_policy(policy, &[]).await?;
    ok(&h.one("navigate", json!({"url": h.url("policy.html")})).await?);
    let on = json!({"javascript_exec": {"enabled": true}});
    // Nobody answers the approval window: declined after the timeout.
    let call = h.call("javascript_exec", json!({"text": "document.title = 'ran'"}));
    let e = error_text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(e.starts_with("The person watching did not approve this action within 1 seconds"), "{e}");
    let r = h.one("list_tabs", json!({})).await?;
    assert_eq!(only_state(&r).tabs.len(), 1, "the approval window is never one of Claude's tabs");
    assert_eq!(only_state(&r).tabs[0].title, "Policy", "the script did not run");
    // A click on an element whose name the policy lists asks too.
    let buy = h.ref_of("button", "Buy now").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&buy)})).await?);
    assert!(e.contains("did not approve"), "{e}");
    let search = h.ref_of("button", "Search").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&search)})).await?);
    // A coordinate click on it, or Enter on it when focused, asks as well.
    let box_of = "(() => { const b = [...document.querySelectorAll('button')].find(b => b.textContent === 'Buy now'); b.focus(); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()";
    let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": box_of}, "confirmed": true})).await?;
    let point: Vec<f64> = serde_json::from_str(m["outcome"]["ok"]["text"].as_str().unwrap_or("[]")).unwrap_or_default();
    let e = error_text(&h.one("left_click", json!({"target": {"type": "coordinate", "x": point[0], "y": point[1]}})).await?);
    assert!(e.contains("did not approve"), "{e}");
    let e = error_text(&h.one("key", json!({"text": "Return"})).await?);
    assert!(e.contains("did not approve"), "{e}");
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    // The SDK driver's own confirmation, through the member method.
    let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": "1"}, "confirmed": false})).await?;
    assert!(m["outcome"]["error"].as_str().is_some_and(|e| e.starts_with("The person declined the javascript_exec call")), "{m}");
    let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": "6 * 7"}, "confirmed": true})).await?;
    assert_eq!(m["outcome"]["ok"]["text"], "42", "{m}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_agent_socket_refuses_pages_strangers_and_bad_frames() -> anyhow::Result<()> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut h = Harness::start_with(&["--tcp", "0"]).await?;
    let dir = h.session.dir().to_path_buf();
    let addr = std::fs::read_to_string(dir.join("agent.tcp"))?;
    let token = std::fs::read_to_string(dir.join("agent.token"))?;
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(dir.join("agent.token"))?.permissions().mode() & 0o777, 0o600);
    assert!(addr.starts_with("127.0.0.1:"), "loopback only: {addr}");
    let url = format!("ws://{addr}/");
    // No token: refused.
    assert!(tokio_tungstenite::connect_async(url.as_str()).await.is_err());
    let mut wrong = url.as_str().into_client_request()?;
    wrong.headers_mut().insert("authorization", "Bearer nope".parse()?);
    assert!(tokio_tungstenite::connect_async(wrong).await.is_err());
    // The token and no Origin: served.
    let mut good = url.as_str().into_client_request()?;
    good.headers_mut().insert("authorization", format!("Bearer {token}").parse()?);
    let (mut ws, _) = tokio_tungstenite::connect_async(good).await?;
    use futures_util::{SinkExt, StreamExt};
    ws.send(tokio_tungstenite::tungstenite::Message::text(r#"{"id":1,"method":"status"}"#)).await?;
    let reply = ws.next().await.expect("reply")?;
    assert!(reply.to_text()?.contains("\"extension\""), "{reply}");
    // The token with an Origin: refused (a page that somehow learned it still cannot connect).
    let mut page = url.as_str().into_client_request()?;
    page.headers_mut().insert("authorization", format!("Bearer {token}").parse()?);
    page.headers_mut().insert("origin", "http://127.0.0.1:8000".parse()?);
    assert!(tokio_tungstenite::connect_async(page).await.is_err());

    // A page served on localhost cannot reach it.
    let r = h.one("navigate", json!({"url": h.url(&format!("socketprobe.html?port={}", addr.rsplit(':').next().unwrap_or("0")))})).await?;
    ok(&r);
    let log = h.wait_log_count("probe results", 2, |e| e["type"] == "probe" && e["result"] == "closed").await?;
    assert!(of(&log, "probe").iter().all(|e| e["result"] != "open" && e["result"] != "message"), "{log:#?}");

    // A frame too large gets an error reply, and the connection goes on.
    let big = format!(r#"{{"id": 9, "method": "state", "params": {{"pad": "{}"}}}}"#, "x".repeat(17 * 1024 * 1024));
    let reply = h.client.raw(&big).await?;
    assert_eq!(reply["error"]["code"], "too_large", "{}", reply);
    let r = h.one("list_tabs", json!({})).await?;
    ok(&r);
    Ok(())
}
