//! The policy fails closed against a hostile page: every request the page makes to a host the
//! policy does not allow is blocked before it leaves (a second server proves nothing reached
//! it), and Claude is told once per host.

use serde_json::json;
use tabwright::site::{Pages, Site};
use tabwright_e2e::sink::Sink;
use tabwright_e2e::*;

/// The allowed site on 127.0.0.1:A (and localhost:A, another origin of it), and the policy that
/// allows only those two.
async fn allowed_site() -> anyhow::Result<(Site, serde_json::Value)> {
    let site = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
    let port = site.addr.port();
    let policy = json!({"allow": [format!("127.0.0.1:{port}"), format!("localhost:{port}")], "confirm_clicks": "pay", "confirm_timeout_secs": 1});
    Ok((site, policy))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_an_allowed_site_cannot_reach_any_other_host() -> anyhow::Result<()> {
    let sink = Sink::start("127.0.0.1").await?;
    let (site, policy) = allowed_site().await?;
    let port = site.addr.port();
    let mut h = Harness::start_on_site_with_policy(site, policy, &[]).await?;
    let page = h.url(&format!("exfil.html?sink={}&frame_origin=http://localhost:{port}", sink.origin()));
    ok(&h.one("navigate", json!({"url": page})).await?);
    // Every attempt that reports an outcome has ended, in the page and in its other-origin frame.
    let reporting = ["fetch", "xhr", "image", "script", "stylesheet", "font", "websocket", "beacon"];
    for kind in reporting {
        for place in ["page", "frame"] {
            h.wait_log(&format!("{kind} attempt in the {place}"), |e| e["type"] == "attempt" && e["kind"] == kind && e["where"] == place).await?;
        }
    }
    // A late image, after Claude moved on.
    let more = h.ref_of("button", "Continue").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&more)})).await?);
    h.wait_log("the late image", |e| e["kind"] == "late image").await?;
    let log = h.site.log();
    for attempt in of(&log, "attempt") {
        assert!(attempt["outcome"] != "load", "an attempt got through: {attempt}");
    }
    // The browser itself says why each failed: the policy's rules refused them.
    let call = h.call("read_network", json!({}));
    let r = h.run_with(vec![call], json!({"read_network": {"enabled": true}})).await?.remove(0);
    let lines: Vec<String> = text(&r).lines().filter(|l| l.contains(&sink.addr.to_string())).map(String::from).collect();
    // (WebSockets are not requests in read_network; the page saw its socket fail, and the
    // second server below saw no connection.)
    for kind in ["fetch", "xhr", "image", "script", "stylesheet", "font", "media", "ping", "other"] {
        assert!(
            lines.iter().any(|l| l.contains("ERR_BLOCKED_BY_CLIENT") && l.ends_with(&format!("[{kind}]"))),
            "no blocked {kind} request in read_network:\n{}",
            text(&r)
        );
    }
    assert!(lines.iter().all(|l| l.contains("failed: net::ERR_BLOCKED_BY_CLIENT")), "{lines:#?}");
    // The second server heard nothing: no request, not even a connection (no preconnect).
    let heard = sink.heard();
    assert_eq!(heard.connections, 0, "the unlisted server was reached: {heard:?}");
    assert!(heard.requests.is_empty(), "{heard:?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocked_requests_are_counted_and_told_once_per_host() -> anyhow::Result<()> {
    let sink = Sink::start("127.0.0.1").await?;
    let (site, policy) = allowed_site().await?;
    let mut h = Harness::start_on_site_with_policy(site, policy, &[]).await?;
    let page = h.url(&format!("exfil.html?sink={}", sink.origin()));
    let r = h.one("navigate", json!({"url": page})).await?;
    ok(&r);
    // The page's requests are blocked while it loads: the navigation's own result may tell.
    let mut seen = text(&r);
    for kind in ["fetch", "xhr", "image", "script", "stylesheet", "font", "websocket", "beacon"] {
        h.wait_log(&format!("the page's {kind} attempt"), |e| e["kind"] == kind).await?;
    }
    seen.push('\n');
    seen.push_str(&text(&h.one("get_page_text", json!({})).await?));
    let host = sink.addr.to_string();
    let notices: Vec<&str> = seen.lines().filter(|l| l.starts_with("The browsing policy blocked")).collect();
    assert_eq!(notices.len(), 1, "one notice for the one host: {seen}");
    let notice = notices[0];
    assert!(notice.contains(&host), "{notice}");
    let count: u64 = notice.split_whitespace().nth(4).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no count in {notice:?}"));
    assert!(count >= 5, "each blocked request is counted: {notice}");
    assert!(!notice.contains("4111") && !notice.contains("card="), "only the host is named, never what the page tried to send: {notice}");
    // Once per host: the late image is blocked without another notice.
    let more = h.ref_of("button", "Continue").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&more)})).await?);
    h.wait_log("the late image", |e| e["kind"] == "late image").await?;
    let t = text(&h.one("get_page_text", json!({})).await?);
    assert!(!t.contains("The browsing policy blocked"), "told twice: {t}");
    assert_eq!(sink.heard().connections, 0, "{:?}", sink.heard());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn secrets_a_page_logs_never_reach_claude() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("secrets.html")})).await?);
    let call = h.call("read_console", json!({}));
    let r = h.run_with(vec![call], json!({"read_console": {"enabled": true}})).await?.remove(0);
    let t = text(&r);
    assert!(t.contains("ordinary line: status 200"), "the console was read: {t}");
    assert!(t.matches("[log]").count() + t.matches("[info]").count() + t.matches("[warning]").count() + t.matches("[error]").count() >= 15, "{t}");
    assert!(!t.contains("PLANTED") && !t.contains("Z7Q3K2PLM9X4R8T1"), "a planted secret reached Claude:\n{t}");
    // The Basic credential is base64: look for it encoded too.
    assert!(!t.contains("YWRhOlBMQU5URUQx"), "{t}");
    Ok(())
}
