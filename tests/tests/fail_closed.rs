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
    // The browser itself says why each failed: the policy's rules refused them. The kinds that
    // tell the page nothing (a beacon's ping, a prefetch, a media element's preload) may end
    // after the ones that do: read_network is read again, up to five seconds, until every kind
    // is in (each read gives what came since the one before).
    let to_sink = format!(" http://{}/", sink.addr);
    let kinds = ["fetch", "xhr", "image", "script", "stylesheet", "font", "media", "ping", "other"];
    let blocked = |lines: &[String], kind: &str| lines.iter().any(|l| l.contains("ERR_BLOCKED_BY_CLIENT") && l.ends_with(&format!("[{kind}]")));
    let (mut lines, mut read) = (Vec::<String>::new(), String::new());
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let call = h.call("read_network", json!({}));
        let r = h.run_with(vec![call], json!({"read_network": {"enabled": true}})).await?.remove(0);
        read.push_str(&text(&r));
        read.push('\n');
        // The requests to the sink (the page's own address names the sink in its query).
        lines.extend(text(&r).lines().filter(|l| l.contains(&to_sink)).map(String::from));
        if kinds.iter().all(|k| blocked(&lines, k)) || std::time::Instant::now() > until {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    // (WebSockets are not requests in read_network; the page saw its socket fail, and the
    // second server below saw no connection.)
    for kind in kinds {
        assert!(blocked(&lines, kind), "no blocked {kind} request in read_network:\n{read}");
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

/// Secrets in the addresses a page goes to (its own, its frames') are cut from what Claude reads:
/// the browser's parts of the address are kept as written, the secret-looking pairs dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn secrets_in_addresses_never_reach_claude() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let other = Site::start(Pages::Dir(fixtures()), "127.0.0.2").await?;
    let inner = "frame-inner.html%3Ffrom%3Dcross%26api_key%3DPLANTED1%26q%3Da%2Bb";
    let page = format!("frames.html?other=http://{}&inner={inner}&acc%65ss_token=PLANTED2#id_token=PLANTED3&state=1", other.addr);
    let r = h.one("navigate", json!({"url": h.url(&page)})).await?;
    ok(&r);
    let shown = format!("frames.html?other=http://{}&inner={inner}#state=1", other.addr);
    let tab = state(&r).active().cloned().expect("an active tab");
    assert_eq!(tab.url, h.url(&shown), "{r:?}");
    let t = text(&h.one("get_page_text", json!({})).await?);
    assert!(t.contains(&format!("[Frame http://{}/frame-inner.html?from=cross&q=a+b]", other.addr)), "{t}");
    assert!(!t.contains("PLANTED"), "{t}");
    // (The frame's address, inside the page's own query, is a value: only keys are judged.)
    let r = h.one("list_tabs", json!({})).await?;
    assert!(!format!("{r:?}").contains("PLANTED2") && !format!("{r:?}").contains("PLANTED3"), "{r:?}");
    Ok(())
}

/// Waits for the next approval window none of `answered` is, and returns its target id.
async fn next_approval(person: &mut tabwright_e2e::person::Person, answered: &[String]) -> anyhow::Result<String> {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Some(t) = person.targets("confirm.html").await?.into_iter().find(|t| !answered.iter().any(|a| t["targetId"] == json!(a))) {
            if let Some(id) = t["targetId"].as_str() {
                return Ok(id.to_string());
            }
        }
        anyhow::ensure!(tokio::time::Instant::now() < deadline, "no approval window opened");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approved_action_runs_in_the_tab_and_with_the_input_the_person_saw() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let policy = json!({"confirm_clicks": "pay", "confirm_timeout_secs": 20});
    let mut h = Harness::start_with_policy(policy, &[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("bind.html?tab=one")})).await?);
    // A second window, and Claude works in its tab.
    let open = h.ref_of("button", "Open a window").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&open)})).await?);
    let r = h.one("list_tabs", json!({})).await?;
    let second = only_state(&r).tabs.iter().find(|t| t.tab_id != "tab-1").map(|t| t.tab_id.clone()).expect("the second window's tab");
    ok(&h.one("switch_tab", json!({"tab_id": second})).await?);
    h.site.clear_log();
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;

    // A coordinate click on "Pay now", without a tab_id: the active tab.
    let call = h.call("left_click", json!({"target": at(120.0, 50.0)}));
    let mut second_client = tabwright::client::Client::connect(&h.session.socket).await?;
    let pending = tokio::spawn(async move { second_client.request("run", json!({"content": [call]})).await });
    let window = next_approval(&mut person, &[]).await?;
    // The approval window has the focus now, as a person would give it.
    let shown = person
        .eval_in(&window, "new Promise(r => { const t = setInterval(() => { const w = document.getElementById('what').textContent; if (w !== '…') { clearInterval(t); r({what: w, tab: document.getElementById('tab').textContent}); } }, 20); })")
        .await?;
    let what = shown["what"].as_str().unwrap_or_default().to_string();
    assert!(what.contains("button \"Pay now\""), "{shown}");
    assert!(what.contains(&format!("\"tab_id\":\"{second}\"")) && what.contains("\"x\":120"), "the exact input that runs is shown: {shown}");
    assert!(shown["tab"].as_str().is_some_and(|t| t.starts_with(&second)), "{shown}");
    let _ = person.eval_in(&window, "document.getElementById('allow').click()").await;
    let reply = pending.await??;
    assert_ne!(reply["tool_results"][0]["is_error"], json!(true), "{reply}");
    let log = h.wait_log("the payment", |e| e["type"] == "paid").await?;
    let paid: Vec<&serde_json::Value> = of(&log, "paid");
    assert_eq!(paid.len(), 1, "{log:#?}");
    assert_eq!(paid[0]["tab"], "two", "the approved click ran in another tab than the one shown: {log:#?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirmation_fails_closed() -> anyhow::Result<()> {
    let (site, policy) = allowed_site().await?;
    let port = site.addr.port();
    let mut h = Harness::start_on_site_with_policy(site, policy, &[]).await?;
    ok(&h.one("navigate", json!({"url": h.url(&format!("checkout.html?frame=http://localhost:{port}"))})).await?);
    h.wait_log("the payment frame", |e| e["type"] == "frame ready" && e["origin"] == format!("http://localhost:{port}")).await?;
    // Nobody can see this headless browser's approval window: each is refused at once.
    let refused = |r: &tabwright_protocol::blocks::ToolResult, what: &str| {
        let e = error_text(r);
        assert!(e.starts_with("Nobody can approve"), "{what} ran without approval: {e}");
        e
    };
    // A coordinate click on "Pay now" inside another site's frame is judged by that button.
    let pay_in_frame = at(130.0, 335.0);
    refused(&h.one("left_click", json!({"target": pay_in_frame})).await?, "a click in the cross-origin frame");
    // So are a release on it and a drag that drops on it, and the button by its ref.
    refused(&h.one("left_mouse_up", json!({"target": pay_in_frame})).await?, "a release in the frame");
    refused(&h.one("left_click_drag", json!({"from": at(700.0, 500.0), "target": pay_in_frame})).await?, "a drag onto the frame's button");
    let frame_pay = h.ref_of("button", "Pay now").await?;
    refused(&h.one("left_click", json!({"target": r#ref(&frame_pay)})).await?, "a click on the frame's button by ref");
    // A button nothing names (drawn on a canvas) cannot be judged: it is asked about.
    refused(&h.one("left_click", json!({"target": at(500.0, 330.0)})).await?, "a click on an unnamed canvas");

    // Enter in a field submits its form: judged by the form's submit button ("Pay").
    let card = h.ref_of("textbox", "Card number").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&card)})).await?);
    refused(&h.one("key", json!({"text": "Return"})).await?, "Enter in the card field");
    refused(&h.one("key", json!({"text": "ctrl+Return"})).await?, "ctrl+Enter in the card field");
    refused(&h.one("type", json!({"text": "4111 1111 1111 1111\n"})).await?, "type with a newline");
    // Keys that may move the focus first make the target unknowable.
    refused(&h.one("key", json!({"text": "Tab Return"})).await?, "Tab then Enter");
    // form_input on the submit control counts too.
    let pay = h.ref_of("button", "Pay").await?;
    refused(&h.one("form_input", json!({"target": r#ref(&pay), "value": "1"})).await?, "form_input on the submit button");
    // The check is exact: BackSpace is not Space (in a field whose name the rule lists), and a
    // space typed into a field presses nothing.
    ok(&h.one("left_click", json!({"target": r#ref(&card)})).await?);
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    ok(&h.one("type", json!({"text": "order 12"})).await?);
    ok(&h.one("key", json!({"text": "BackSpace"})).await?);

    // Not everything is asked about: Enter in the search form runs.
    let query = h.ref_of("textbox", "Query").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&query)})).await?);
    ok(&h.one("type", json!({"text": "shoes\n"})).await?);
    let log = h.wait_log("the search", |e| e["type"] == "submitted" && e["form"] == "search").await?;
    assert!(of(&log, "paid").is_empty(), "a payment went through: {log:#?}");
    assert!(!of(&log, "submitted").iter().any(|e| e["form"] == "checkout"), "the checkout form was submitted: {log:#?}");
    Ok(())
}
