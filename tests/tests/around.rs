//! What happens around the call: tabs the page opens, downloads, dialogs, console, network and
//! javascript_exec. Every result also passes the protocol validator (the harness checks it).

use serde_json::{json, Value};
use tabwright_e2e::*;
use tabwright_protocol::StateChange;

async fn open(h: &mut Harness, page: &str) -> anyhow::Result<()> {
    let r = h.one("navigate", json!({"url": h.url(page)})).await?;
    anyhow::ensure!(!r.is_error, "{r:?}");
    Ok(())
}

fn opened(r: &tabwright_protocol::ToolResult) -> Vec<String> {
    r.state()
        .map(|s| s.state_changes.iter().filter_map(|c| match c { StateChange::TabOpened { tab_id } => Some(tab_id.clone()), _ => None }).collect())
        .unwrap_or_default()
}

fn downloads(r: &tabwright_protocol::ToolResult) -> Vec<StateChange> {
    r.state().map(|s| s.state_changes.iter().filter(|c| c.download_id().is_some()).cloned().collect()).unwrap_or_default()
}

/// The events of download `id`, each with the text of the result that carried it: from `first`
/// (the result of the call that started it) and then from short waits, until it completed or
/// failed (at most about 12 s).
async fn download_events(h: &mut Harness, first: tabwright_protocol::ToolResult, id: &str) -> anyhow::Result<Vec<(StateChange, String)>> {
    let mut events = Vec::new();
    let mut r = first;
    for _ in 0..60 {
        let t = text(&r);
        events.extend(downloads(&r).into_iter().filter(|c| c.download_id() == Some(id)).map(|c| (c, t.clone())));
        if events.iter().any(|(c, _)| matches!(c, StateChange::DownloadCompleted { .. } | StateChange::DownloadFailed { .. })) {
            return Ok(events);
        }
        r = h.one("wait", json!({"duration": 0.2})).await?;
    }
    anyhow::bail!("download {id} never ended: {events:?}")
}

fn enabled(members: &[&str]) -> Value {
    let mut configs = serde_json::Map::new();
    for m in members {
        configs.insert((*m).to_string(), json!({"enabled": true}));
    }
    Value::Object(configs)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tabs_the_page_opens_are_reported_on_that_call() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"auto_approve": ["javascript_exec"]}), &[]).await?;
    open(&mut h, "popups.html").await?;
    let link = h.ref_of("link", "Open two in a new tab").await?;
    let r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
    assert_eq!(opened(&r), ["tab-2"], "{r:?}");
    let s = state(&r);
    assert_eq!(s.active().map(|t| t.tab_id.as_str()), Some("tab-2"), "the browser made the new tab active, so it is");
    assert_eq!(s.tabs.len(), 2);

    // An unchanged state sends no block.
    let r = h.one("wait", json!({"duration": 0})).await?;
    assert!(r.state().is_none(), "{r:?}");

    ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
    let button = h.ref_of("button", "Open one with window.open").await?;
    let r = h.one("left_click", json!({"target": r#ref(&button)})).await?;
    assert_eq!(opened(&r), ["tab-3"], "{r:?}");

    // A middle click opens a background tab: reported, but the active tab stays.
    ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
    let plain = h.ref_of("link", "Plain link to one").await?;
    let r = h.one("middle_click", json!({"target": r#ref(&plain)})).await?;
    assert_eq!(opened(&r), ["tab-4"], "{r:?}");
    assert_eq!(state(&r).active().map(|t| t.tab_id.as_str()), Some("tab-1"));
    let r = h.one("left_click", json!({"target": r#ref(&plain), "modifiers": "ctrl"})).await?;
    assert_eq!(opened(&r), ["tab-5"], "ctrl+click opens a tab too: {r:?}");

    // A history push changes the URL and title: the next result carries a block.
    let details = h.ref_of("button", "Show details").await?;
    let r = h.one("left_click", json!({"target": r#ref(&details)})).await?;
    let tab1 = state(&r).tabs.iter().find(|t| t.tab_id == "tab-1").cloned().expect("tab-1");
    assert!(tab1.url.ends_with("popups.html?view=details") && tab1.title == "Popups — details", "{tab1:?}");
    // A click whose page goes back in its history (history.back(), which the browser starts a
    // moment after the click) has the entry it went back to on its own result.
    let back = h.ref_of("button", "Go back").await?;
    let r = h.one("left_click", json!({"target": r#ref(&back)})).await?;
    let tab1 = state(&r).tabs.iter().find(|t| t.tab_id == "tab-1").cloned().expect("tab-1");
    assert!(tab1.url.ends_with("popups.html") && tab1.title == "Popups", "{tab1:?}");

    // A popup opened during a failed call gets no tab_opened, and shows in the next inventory.
    let call = h.call("javascript_exec", json!({"text": "window.open('two.html'); throw new Error('boom')"}));
    let r = h.run_with(vec![call], enabled(&["javascript_exec"])).await?.remove(0);
    assert!(error_text(&r).contains("boom"));
    let r = h.one("list_tabs", json!({})).await?;
    assert!(only_state(&r).tabs.iter().any(|t| t.tab_id == "tab-6"), "{r:?}");
    assert!(opened(&r).is_empty(), "no tab_opened for a failed call's popup: {r:?}");

    // A tab closed outside tabwright (here the page closes its own popup) is gone from the next block.
    let call = h.call("javascript_exec", json!({"text": "window.close()", "tab_id": "tab-3"}));
    ok(&h.run_with(vec![call], enabled(&["javascript_exec"])).await?.remove(0));
    // The browser closes it just after the script returns: poll with a deadline.
    let mut tabs = Vec::new();
    for _ in 0..50 {
        let r = h.one("list_tabs", json!({})).await?;
        tabs = only_state(&r).tabs.iter().map(|t| t.tab_id.clone()).collect::<Vec<_>>();
        if !tabs.contains(&"tab-3".to_string()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(!tabs.contains(&"tab-3".to_string()) && tabs.contains(&"tab-1".to_string()), "{tabs:?}");
    Ok(())
}

/// A link to a fragment whose view the page shows when told of it (hashchange, a task after the
/// click) is answered once the page has shown it: the click's result has the view's title.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fragment_links_view_is_titled_on_the_clicks_result() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "hashtabs.html").await?;
    for view in ["billing", "security", "profile"] {
        let link = h.ref_of("tab", &format!("{}{}", view[..1].to_uppercase(), &view[1..])).await?;
        let r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
        let tab = state(&r).tabs[0].clone();
        assert!(tab.url.ends_with(&format!("#{view}")) && tab.title == format!("Account - {view}"), "{tab:?}");
    }
    Ok(())
}

/// A popup window the page opens (window.open with window features) is a tab Claude works in
/// like any other: calls without a tab_id act on it once it is active, and switch_tab moves
/// between it and the page that opened it. (The tab group Claude's tabs join must not pull the
/// popup's tab into the first window, where it would no longer be the active one.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_popup_window_is_worked_in_as_the_active_tab() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "popups.html").await?;
    let button = h.ref_of("button", "Open one in a popup window").await?;
    let r = h.one("left_click", json!({"target": r#ref(&button)})).await?;
    assert_eq!(opened(&r), ["tab-2"], "{r:?}");
    for _ in 0..2 {
        let t = text(&h.one("read_page", json!({})).await?);
        assert!(t.contains("heading \"Fixture one\""), "the popup is read:\n{t}");
        let r = h.one("list_tabs", json!({})).await?;
        assert_eq!(only_state(&r).active().map(|t| t.tab_id.as_str()), Some("tab-2"), "{r:?}");
        ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
        let t = text(&h.one("read_page", json!({})).await?);
        assert!(t.contains("heading \"Popups\""), "the opener is read:\n{t}");
        ok(&h.one("switch_tab", json!({"tab_id": "tab-2"})).await?);
    }
    Ok(())
}

/// A link or a form whose target names a window that is open in another tab loads its page
/// there, and the browser brings that tab to the front: the click's own result says so, with
/// the tab as it now is, and Claude's calls go on in that tab as after a tab it opened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_into_a_named_window_already_open_is_told_on_its_click() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "popups.html").await?;
    let one = h.ref_of("link", "Open one in the docs window").await?;
    assert_eq!(opened(&h.one("left_click", json!({"target": r#ref(&one)})).await?), ["tab-2"]);
    ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
    let two = h.ref_of("link", "Open two in the docs window").await?;
    let r = h.one("left_click", json!({"target": r#ref(&two)})).await?;
    let t = text(&r);
    assert!(t.contains("two.html\" in tab-2, the window it names") && t.contains("brought that tab to the front"), "{r:?}");
    assert!(opened(&r).is_empty(), "no tab opened: {r:?}");
    let docs = state(&r).tabs.iter().find(|t| t.tab_id == "tab-2").cloned().expect("tab-2");
    assert!(docs.active && docs.url.ends_with("two.html") && docs.title == "Fixture Two", "{docs:?}");
    // Claude's calls go on in the tab its click brought forward, without a tab_id.
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("Fixture two"), "{t}");
    ok(&h.one("key", json!({"text": "End"})).await?);
    // A form sent to the window does the same.
    ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
    let send = h.ref_of("button", "Send to the docs window").await?;
    let r = h.one("left_click", json!({"target": r#ref(&send)})).await?;
    assert!(text(&r).contains("two.html?from=form\" in tab-2"), "{r:?}");
    Ok(())
}

/// A page that brings another of its tabs to the front between calls does not get the keys
/// Claude meant for the tab it worked in: a press or a typed text without a tab_id is refused,
/// saying which tab the browser switched to; with the tab_id it goes where Claude said.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_are_not_sent_to_a_tab_a_page_brought_to_the_front() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "focus-steal.html").await?;
    let help = h.ref_of("button", "Open help").await?;
    assert_eq!(opened(&h.one("left_click", json!({"target": r#ref(&help)})).await?), ["tab-2"]);
    ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
    // (Named by its tab: the page may have brought its help tab to the front already.)
    let found = text(&h.one("find", json!({"query": "Card number", "tab_id": "tab-1"})).await?);
    let card = found.lines().find(|l| l.starts_with("textbox \"Card number\"")).and_then(ref_on).ok_or_else(|| anyhow::anyhow!("{found}"))?;
    ok(&h.one("left_click", json!({"target": r#ref(&card), "tab_id": "tab-1"})).await?);
    let active = |s: &Value| s["browser_state"]["tabs"].as_array().and_then(|t| t.iter().find(|t| t["active"] == true).map(|t| t["tab_id"].clone()));
    h.state_until("the page never brought its help tab to the front", |s| active(s) == Some(json!("tab-2"))).await?;
    for (member, input) in [("type", json!({"text": "4111"})), ("left_click", json!({"target": r#ref(&card)})), ("key", json!({"text": "a"}))] {
        let e = error_text(&h.one(member, input).await?);
        assert!(e.contains("The active tab is now tab-2, not tab-1 where your calls last worked") && e.contains(&format!("So this {member} was not run")), "{member}: {e}");
    }
    // A read of the active tab in between, as a batch may hold, chooses nothing.
    ok(&h.one("read_page", json!({})).await?);
    assert!(error_text(&h.one("type", json!({"text": "4111"})).await?).contains("So this type was not run"));
    ok(&h.one("left_click", json!({"target": r#ref(&card), "tab_id": "tab-1"})).await?);
    ok(&h.one("type", json!({"text": "4111", "tab_id": "tab-1"})).await?);
    let field = |t: &str, name: &str| t.lines().find(|l| l.contains(&format!("textbox \"{name}\""))).unwrap_or_default().to_string();
    let t = text(&h.one("read_page", json!({"tab_id": "tab-1", "filter": "interactive"})).await?);
    assert!(field(&t, "Card number").contains("value=\"4111\""), "{t}");
    let t = text(&h.one("read_page", json!({"tab_id": "tab-2", "filter": "interactive"})).await?);
    assert!(!field(&t, "Search help").is_empty() && !field(&t, "Search help").contains("value="), "nothing was typed in the help tab:\n{t}");
    Ok(())
}

/// Input without a tab_id after the tab Claude worked in closed itself (an editor that closes
/// once saved) is refused, not sent to whatever tab the browser shows now; naming a tab goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_are_not_sent_on_after_the_tab_claude_worked_in_closed_itself() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "closes-itself.html").await?;
    let editor = h.ref_of("button", "Open editor").await?;
    assert_eq!(opened(&h.one("left_click", json!({"target": r#ref(&editor)})).await?), ["tab-2"]);
    let comment = h.ref_of("textbox", "Comment").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&comment)})).await?);
    ok(&h.one("type", json!({"text": "looks fine"})).await?);
    let save = h.ref_of("button", "Save and close").await?;
    // (The page closes itself in answer to the click: before the browser has answered the
    // release, on a busy machine, which the result then says.)
    let r = h.one("left_click", json!({"target": r#ref(&save)})).await?;
    assert!(!r.is_error || error_text(&r).starts_with("tab-2 closed during left_click, before it finished (the page closed itself"), "{r:?}");
    h.state_until("the editor never closed", |s| s["browser_state"]["tabs"].as_array().is_some_and(|t| t.len() == 1)).await?;
    for (member, input) in [("type", json!({"text": "to savings"})), ("key", json!({"text": "Enter"}))] {
        let e = error_text(&h.one(member, input).await?);
        assert!(e.contains("tab-2, where your calls last worked, has closed") && e.contains(&format!("So this {member} was not run")) && e.contains("\"tab_id\": \"tab-1\""), "{member}: {e}");
    }
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(!t.contains("value="), "nothing was typed into the memo: {t}");
    ok(&h.one("type", json!({"text": "to savings", "tab_id": "tab-1"})).await?);
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(t.contains("value=\"to savings\""), "{t}");
    Ok(())
}

/// A dialog a tab shows as it loads, in a tab a page opened (a link to a new tab, a popup
/// window), is dismissed and told with its tab, though Claude had not called on that tab yet;
/// the popup's opener, whose process the popup shares, goes on answering.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dialog_in_a_tab_a_page_opened_is_dismissed_and_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "opens-alerting.html").await?;
    let link = h.ref_of("link", "Open the welcome tab").await?;
    let r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
    assert_eq!(opened(&r), ["tab-2"]);
    let mut told = text(&r);
    let r = h.one("get_page_text", json!({})).await?;
    ok(&r);
    assert!(text(&r).contains("Welcome text"), "{r:?}");
    told.push_str(&text(&r));
    assert!(told.contains("An alert dialog \"Welcome aboard\" was dismissed in tab-2."), "{told}");

    ok(&h.one("switch_tab", json!({"tab_id": "tab-1"})).await?);
    let button = h.ref_of("button", "Open the welcome window").await?;
    let r = h.one("left_click", json!({"target": r#ref(&button)})).await?;
    assert_eq!(opened(&r), ["tab-3"]);
    let mut told = text(&r);
    let r = h.one("get_page_text", json!({"tab_id": "tab-1"})).await?;
    ok(&r);
    assert!(text(&r).contains("Open the welcome tab"), "{r:?}");
    told.push_str(&text(&r));
    let r = h.one("get_page_text", json!({"tab_id": "tab-3"})).await?;
    ok(&r);
    told.push_str(&text(&r));
    assert!(told.contains("An alert dialog \"Welcome aboard\" was dismissed in tab-3."), "{told}");
    Ok(())
}

/// A key that sends a form, follows a link or opens a tab says so in its own result, whichever
/// way the page does it: Enter in a form's field, on a focused link, in a text area whose page
/// sends a form with form.submit(), in a field whose page leaves or sends its form on the key's
/// release, a line break typed, Space on a form's button, and Space on a button that opens a tab. Enter in a chat box that stays on the
/// page reports no change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_reports_the_page_it_loaded_or_the_tab_it_opened() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    // (The link is focused as a person would, from the field before it: a click would follow it.)
    for (field, tab_first, key, from) in [
        ("Query", false, "Enter", "q=ada"),
        ("Query", true, "Enter", "from=link"),
        ("Note", false, "Return", "from=note"),
        ("Jump", false, "Enter", "from=keyup"),
        ("Before", true, "space", "from=spacebutton"),
        ("Late", false, "Enter", "from=keyupsubmit"),
    ] {
        open(&mut h, "keys.html").await?;
        let target = h.ref_of("textbox", field).await?;
        ok(&h.one("left_click", json!({"target": r#ref(&target)})).await?);
        if tab_first {
            ok(&h.one("key", json!({"text": "Tab"})).await?);
        } else if field == "Query" {
            ok(&h.one("type", json!({"text": "ada"})).await?);
        }
        let r = h.one("key", json!({"text": key})).await?;
        ok(&r);
        let tab = state(&r).active().cloned().expect("an active tab");
        assert!(tab.url.contains("two.html") && tab.url.contains(from), "{from}: the key's result has the page it loaded: {r:?}");
    }
    // Typed words that end in a line break send the form the same way.
    open(&mut h, "keys.html").await?;
    let query = h.ref_of("textbox", "Query").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&query)})).await?);
    let r = h.one("type", json!({"text": "grace\n"})).await?;
    let tab = state(&r).active().cloned().expect("an active tab");
    assert!(tab.url.contains("two.html?q=grace"), "the type's result has the page it loaded: {r:?}");
    open(&mut h, "keys.html").await?;
    let jump = h.ref_of("textbox", "Jump").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&jump)})).await?);
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    let r = h.one("key", json!({"text": "space"})).await?;
    assert_eq!(opened(&r).len(), 1, "Space on the button opened a tab, told in its result: {r:?}");

    open(&mut h, "keys.html").await?;
    let chat = h.ref_of("textbox", "Chat").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&chat)})).await?);
    ok(&h.one("type", json!({"text": "hello there"})).await?);
    let r = h.one("key", json!({"text": "Return"})).await?;
    ok(&r);
    assert!(r.state().is_none(), "the page stayed, so no state block: {r:?}");
    let read = text(&h.one("get_page_text", json!({})).await?);
    assert!(read.contains("hello there"), "{read}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn downloads_are_reported_once_each_across_calls() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "downloads.html").await?;
    // Starts and ends within one call: only download_completed.
    let report = h.ref_of("link", "Get report").await?;
    let mut r = h.one("left_click", json!({"target": r#ref(&report)})).await?;
    // The browser may report a quick download's end just after the click returns.
    let mut seen = Vec::new();
    for _ in 0..20 {
        seen.extend(downloads(&r));
        if seen.iter().any(|c| matches!(c, StateChange::DownloadCompleted { .. })) {
            assert!(text(&r).contains("Download dl-1 complete: \"report.csv\" (2000 bytes)."), "{r:?}");
            break;
        }
        r = h.one("wait", json!({"duration": 0.1})).await?;
    }
    let completed: Vec<_> = seen.iter().filter(|c| matches!(c, StateChange::DownloadCompleted { download_id, .. } if download_id == "dl-1")).collect();
    assert_eq!(completed.len(), 1, "{seen:?}");
    assert!(matches!(completed[0], StateChange::DownloadCompleted { path: None, size_bytes: Some(2000), .. }), "no path unless exposed: {seen:?}");

    // Starts in one call and finishes in a later one.
    let big = h.ref_of("link", "Get big file").await?;
    let r = h.one("left_click", json!({"target": r#ref(&big)})).await?;
    let mut events = downloads(&r);
    for _ in 0..60 {
        if events.iter().any(|c| matches!(c, StateChange::DownloadCompleted { download_id, .. } if download_id == "dl-2")) {
            break;
        }
        events.extend(downloads(&h.one("wait", json!({"duration": 0.2})).await?));
    }
    let kinds: Vec<&str> = events.iter().filter(|c| c.download_id() == Some("dl-2")).map(|c| match c {
        StateChange::DownloadStarted { .. } => "started",
        StateChange::DownloadCompleted { .. } => "completed",
        _ => "other",
    }).collect();
    assert_eq!(kinds, ["started", "completed"], "each event once: {events:?}");

    // A broken download fails. Like every download event, its end is reported on the result of
    // the call during which it happened: the click's own, when the file broke off quickly.
    let broken = h.ref_of("link", "Get broken file").await?;
    let r = h.one("left_click", json!({"target": r#ref(&broken)})).await?;
    ok(&r);
    let events = download_events(&mut h, r, "dl-3").await?;
    let failed = events.iter().find(|(c, _)| matches!(c, StateChange::DownloadFailed { .. }));
    assert!(matches!(failed, Some((StateChange::DownloadFailed { error: Some(_), .. }, text)) if text.contains("failed")), "{events:?}");

    // Behind a redirect with a signed query string: the final URL, with the secrets stripped. A
    // file this small is often complete before the click's result is written, so that result
    // carries its only event.
    let signed = h.ref_of("link", "Get signed file").await?;
    let r = h.one("left_click", json!({"target": r#ref(&signed)})).await?;
    ok(&r);
    let events = download_events(&mut h, r, "dl-4").await?;
    assert!(events.iter().filter(|(c, _)| matches!(c, StateChange::DownloadCompleted { .. })).count() == 1, "{events:?}");
    for (change, _) in &events {
        let (StateChange::DownloadStarted { url, .. } | StateChange::DownloadCompleted { url, .. } | StateChange::DownloadFailed { url, .. }) = change else { continue };
        assert!(url.contains("/download?name=signed.csv&size=500"), "the final URL after the redirect: {url}");
        assert!(!url.contains("abc123") && !url.contains("secret"), "signed query values are stripped: {url}");
    }

    // A link that downloads its address (`download`) starts no navigation: the click waits for
    // the browser to begin the download, and its own result says so.
    let notes = h.ref_of("link", "Save notes").await?;
    let r = h.one("left_click", json!({"target": r#ref(&notes)})).await?;
    assert!(downloads(&r).iter().any(|c| matches!(c, StateChange::DownloadStarted { download_id, .. } if download_id == "dl-5")), "the click's own result: {r:?}");
    let events = download_events(&mut h, r, "dl-5").await?;
    assert!(matches!(events.last(), Some((StateChange::DownloadCompleted { .. }, _))), "{events:?}");

    // Several from one click are each let through and reported.
    let all = h.ref_of("button", "Get all three").await?;
    let mut told = text(&h.one("left_click", json!({"target": r#ref(&all)})).await?);
    for _ in 0..30 {
        if (1..=3).all(|n| told.contains(&format!("complete: \"all-{n}.txt\" (300 bytes)."))) {
            break;
        }
        told.push_str(&text(&h.one("wait", json!({"duration": 0.2})).await?));
    }
    assert!((1..=3).all(|n| told.contains(&format!("complete: \"all-{n}.txt\" (300 bytes)."))), "{told}");

    // A navigation to a file starts a download instead of failing.
    let r = h.one("navigate", json!({"url": h.url("download?name=direct.csv&size=100")})).await?;
    assert!(!r.is_error, "{r:?}");
    let direct = h.url("download?name=direct.csv&size=100");
    assert!(text(&r).starts_with(&format!("{direct} started a download instead of loading a page; the tab stays where it was.")), "not 'Navigated to' the page it stayed on: {r:?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn download_paths_are_shown_only_when_exposed() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&["--expose-download-paths"]).await?;
    open(&mut h, "downloads.html").await?;
    let report = h.ref_of("link", "Get report").await?;
    let mut r = h.one("left_click", json!({"target": r#ref(&report)})).await?;
    for _ in 0..30 {
        if let Some(StateChange::DownloadCompleted { path, .. }) = downloads(&r).into_iter().find(|c| matches!(c, StateChange::DownloadCompleted { .. })) {
            let path = path.expect("exposed");
            assert!(path.ends_with("/Downloads/report.csv") && path.starts_with(&h.session.dir().display().to_string()), "{path}");
            assert!(text(&r).contains(&format!("Download complete: \"{path}\" (2000 bytes).")), "{r:?}");
            assert_eq!(std::fs::read(&path)?.len(), 2000, "the file is there");
            return Ok(());
        }
        r = h.one("wait", json!({"duration": 0.1})).await?;
    }
    anyhow::bail!("no download_completed")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dialogs_never_hang_and_are_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "dialogs.html").await?;
    for (button, expect, out) in [
        ("Alert", "An alert dialog \"Hello from alert\" was dismissed in tab-1.", "nothing yet"),
        ("Confirm", "A confirm dialog \"Delete everything?\" was dismissed in tab-1. The page was answered Cancel (false);", "confirm said false"),
        ("Prompt", "A prompt dialog \"Your name?\" was dismissed in tab-1. The page was answered Cancel (null);", "prompt said null"),
    ] {
        let b = h.ref_of("button", button).await?;
        let r = h.one("left_click", json!({"target": r#ref(&b)})).await?;
        assert!(text(&r).contains(expect), "{button}: {r:?}");
        let page = text(&h.one("get_page_text", json!({})).await?);
        assert!(page.contains(out), "{button}: {page}");
    }
    // A page that opens dialogs in a loop: the call returns, and the lines are bounded.
    let b = h.ref_of("button", "Loop").await?;
    let r = h.one("left_click", json!({"target": r#ref(&b)})).await?;
    let t = text(&r);
    // The newest are kept, after a count of the earlier ones.
    assert!(t.contains("22 earlier dialogs were dismissed; the newest follow."), "{t}");
    assert!(t.contains("An alert dialog \"Loop 23\" was dismissed in tab-1.") && t.contains("An alert dialog \"Loop 25\" was dismissed in tab-1."), "{t}");
    assert!(!t.contains("Loop 1\"") && !t.contains("Loop 22\""), "{t}");
    // beforeunload is accepted so the navigation goes on.
    let b = h.ref_of("button", "Guard").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&b)})).await?);
    let r = h.one("navigate", json!({"url": h.url("one.html")})).await?;
    assert!(!r.is_error, "{r:?}");
    assert!(text(&r).contains("A beforeunload dialog") && text(&r).contains("was accepted in tab-1, so the page could be left."), "{r:?}");
    assert_eq!(state(&r).tabs[0].title, "Fixture One");
    Ok(())
}

/// A page whose script keeps it busy answers nothing: each call that needs it says so after about
/// ten seconds (not at the bridge's 90-second timeout), the calls that need nothing from it work,
/// and a navigate to another site (a new process) leaves it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_stuck_in_a_script_is_told_and_can_be_left() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "hang.html").await?;
    let b = h.ref_of("button", "Hang").await?;
    let stuck = "The page in tab-1 is not responding: it has not answered for over 5 seconds";
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&b)})).await?);
    assert!(e.starts_with(stuck) && e.contains("so left_click could not finish"), "{e}");
    assert!(e.contains("so left_click could not finish, and whether it took effect is unknown."), "{e}");
    // Found stuck, the page is asked at once by the calls after (a read changes nothing).
    let still = "The page in tab-1 is still not responding: it did not answer an earlier call for over 5 seconds, nor this one within 1 second";
    let e = error_text(&h.one("screenshot", json!({})).await?);
    assert!(e.starts_with(still) && e.contains("so screenshot could not finish. Reading"), "{e}");
    let e = error_text(&h.one("get_page_text", json!({})).await?);
    assert!(e.starts_with(still) && e.contains("so get_page_text could not finish. Reading"), "{e}");
    ok(&h.one("list_tabs", json!({})).await?);
    ok(&h.one("wait", json!({"duration": 0.1})).await?);
    // A page of the stuck page's own site, which would commit in its busy process and hold the
    // tab's every navigation after it, is reached by way of a blank page in a new process.
    let r = h.one("navigate", json!({"url": h.url("one.html")})).await?;
    assert_eq!(state(&r).tabs[0].title, "Fixture One", "{r:?}");
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("Go to two"), "{t}");
    let r = h.one("navigate", json!({"url": h.url("two.html")})).await?;
    assert!(!r.is_error, "the tab navigates on as ever: {r:?}");
    Ok(())
}

/// The browser's print dialog (only a headed browser has one) holds the page that asked to print
/// while the page still answers questions: the call is told why after the usual 5 s (not at the
/// 20 s command timeout, as before), the calls after it at once, and close_tab gets out of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_print_dialog_holding_the_page_is_told() -> anyhow::Result<()> {
    let mut h = Harness::start_headed(&[tabwright_e2e::person::PERSON_FLAG]).await?;
    open(&mut h, "print.html").await?;
    let b = h.ref_of("button", "Print receipt").await?;
    let held = "The browser's print dialog is open over the page in tab-1 (the page asked to print)";
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&b)})).await?);
    assert!(e.starts_with(held) && e.contains("left_click could not finish"), "{e}");
    let started = std::time::Instant::now();
    let e = error_text(&h.one("get_page_text", json!({})).await?);
    assert!(e.starts_with(held) && e.contains("get_page_text was not run"), "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "told at once: {:?}", started.elapsed());
    ok(&h.one("list_tabs", json!({})).await?);

    // Only the person can reach the dialog (CDP offers no input to it); close_tab closes it with
    // its tab, and the browser works on in another.
    let mut person = tabwright_e2e::person::Person::connect(&h.session.dir().join("profile")).await?;
    assert_eq!(person.targets("chrome://print/").await?.len(), 1, "the print dialog is a page of its own");
    ok(&h.one("new_tab", json!({})).await?);
    ok(&h.one("close_tab", json!({"tab_id": "tab-1"})).await?);
    for _ in 0..50 {
        if person.targets("chrome://print/").await?.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(person.targets("chrome://print/").await?.is_empty(), "the dialog went with its tab");
    open(&mut h, "print.html").await?;
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Not printed."), "{page}");
    Ok(())
}

/// A session on busy-frame.html, its frame (from the second site) loaded and then hung.
async fn with_a_stuck_frame() -> anyhow::Result<(Harness, tabwright::site::Site)> {
    let mut h = Harness::start().await?;
    let other =
        tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    open(
        &mut h,
        &format!("busy-frame.html?other=http://{}", other.addr),
    )
    .await?;
    ok(&h.one("wait", json!({"duration": 1})).await?);
    Ok((h, other))
}

/// A frame of another site (its own process) whose script is stuck: reads leave it out after a
/// bound instead of waiting on it, input into it is told, and the rest of the page still works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_stuck_in_its_script_leaves_the_rest_of_the_page_working() -> anyhow::Result<()> {
    let (mut h, _other) = with_a_stuck_frame().await?;
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("heading \"Around a stuck frame\"") && t.contains("frame content [ref_") && t.contains("is not readable here"), "{t}");
    let t = text(&h.one("get_page_text", json!({})).await?);
    assert!(t.contains("its script stops answering") && !t.contains("A page that stops answering"), "{t}");
    ok(&h.one("screenshot", json!({})).await?);
    let e = error_text(&h.one("left_click", json!({"target": {"type": "coordinate", "x": 200, "y": 300}})).await?);
    assert!(e.starts_with("A frame of the page in tab-1") && e.contains("is not responding") && e.contains("so left_click could not finish"), "{e}");
    let button = h.ref_of("button", "Press me").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&button)})).await?);
    let t = text(&h.one("find", json!({"query": "Pressed button"})).await?);
    assert!(t.starts_with("button \"Pressed\""), "{t}");
    Ok(())
}

/// A frame removed while a read waits on it ends that wait at once: the browser never answers a
/// command to a removed frame's session, and the read used to wait out its bound for each such
/// frame (3 s; a page that adds and removes frames made every read take that long).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_removed_during_a_read_does_not_hold_it() -> anyhow::Result<()> {
    let (mut h, _other) = with_a_stuck_frame().await?;
    let remove = h.ref_of("button", "Remove the frame soon").await?;
    ok(&h
        .one("left_click", json!({"target": r#ref(&remove)}))
        .await?);
    // The read reaches the stuck frame at once; the page removes it 0.7 s after the click.
    let started = std::time::Instant::now();
    let t = text(&h.one("read_page", json!({})).await?);
    let took = started.elapsed();
    assert!(t.contains("heading \"Around a stuck frame\""), "{t}");
    assert!(
        took < std::time::Duration::from_millis(2_500),
        "the read waited out the frame's bound: {took:?}"
    );
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(!t.contains("frame content"), "the frame is gone: {t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn console_and_network_are_read_redacted_and_bounded() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"auto_approve": ["javascript_exec"]}), &[]).await?;
    // Off by default.
    let r = h.one("read_console", json!({})).await?;
    assert!(error_text(&r).contains("disabled"), "{r:?}");
    let on = enabled(&["read_console", "read_network"]);
    open(&mut h, "console.html").await?;
    let log = h.ref_of("button", "Log").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&log)})).await?);
    let throw = h.ref_of("button", "Throw").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&throw)})).await?);
    ok(&h.one("wait", json!({"duration": 0.2})).await?);
    let call = h.call("read_console", json!({}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    let lines: Vec<&str> = t.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("[info] page loaded")), "{t}");
    assert!(lines.iter().any(|l| l.starts_with("[log] jwt [redacted JWT] here")), "{t}");
    assert!(lines.iter().any(|l| l.starts_with("[log] clicked 42")), "{t}");
    assert!(lines.iter().any(|l| l.starts_with("[warning] careful")), "{t}");
    assert!(lines.iter().any(|l| l.starts_with("[error] bad thing with Bearer [redacted]")), "{t}");
    assert!(lines.iter().any(|l| l.starts_with("[exception] TypeError: Cannot read properties of null")), "{t}");
    assert!(!t.contains("abc.def.ghi"));
    // Since the previous read: nothing new now, and it says so honestly.
    let call = h.call("read_console", json!({}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(t.starts_with("No console entries were recorded for tab-1 since tabwright attached to it or since the last read_console"), "{t}");

    // Bounded, and says so when cut.
    let mut on_js = on.clone();
    on_js["javascript_exec"] = json!({"enabled": true});
    let call = h.call("javascript_exec", json!({"text": "for (let i = 0; i < 300; i++) console.log('line ' + i)"}));
    ok(&h.run_with(vec![call], on_js).await?.remove(0));
    let call = h.call("read_console", json!({}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(t.starts_with("[100 earlier entries omitted to stay within 200 lines"), "{}", &t[..200.min(t.len())]);
    assert!(t.ends_with("[log] line 299 (<anonymous>:1)") || t.lines().last().is_some_and(|l| l.starts_with("[log] line 299")), "the newest are kept");

    let call = h.call("read_network", json!({}));
    ok(&h.run_with(vec![call], on.clone()).await?.remove(0));
    let fetch = h.ref_of("button", "Fetch").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&fetch)})).await?);
    ok(&h.one("wait", json!({"duration": 0.3})).await?);
    let call = h.call("read_network", json!({}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    let get = t.lines().find(|l| l.starts_with("GET ") && l.contains("/api/data.json")).unwrap_or_else(|| panic!("{t}"));
    assert!(get.contains("→ 404 text/html") && get.contains(" ms"), "{get}");
    assert!(get.contains("user=7") && !get.contains("SECRET"), "{get}");
    let post = t.lines().find(|l| l.starts_with("POST ") && l.contains("/api/save")).unwrap_or_else(|| panic!("{t}"));
    assert!(!post.contains("SECRET"), "{post}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn javascript_exec_returns_each_kind_of_value() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"auto_approve": ["javascript_exec"]}), &[]).await?;
    let r = h.one("javascript_exec", json!({"text": "1"})).await?;
    assert!(error_text(&r).contains("disabled"), "off unless configs enable it");
    let on = enabled(&["javascript_exec"]);
    open(&mut h, "script.html").await?;
    let cases = [
        ("1 + 2", "3"),
        ("'text ' + document.title", "text Script target"),
        ("let a = 2; a * 21", "42"),
        ("undefined", "undefined"),
        ("null", "null"),
        ("true", "true"),
        ("10n ** 20n", "100000000000000000000n"),
        ("await new Promise(r => setTimeout(() => r('waited'), 50))", "waited"),
        ("window.data", "{\n  \"name\": \"Ada\",\n  \"tags\": [\n    \"math\",\n    \"engines\"\n  ],\n  \"nested\": {\n    \"n\": 1\n  }\n}"),
        ("window.loop", "{\n  \"self\": \"[circular]\"\n}"),
        ("document.getElementById('title')", "<h1#title.big.bold> \"Script target\""),
        ("window.greet", "[function] function greet(who) { return \"hi \" + who; }"),
        ("[1, 'two', {three: 3}]", "[\n  1,\n  \"two\",\n  {\n    \"three\": 3\n  }\n]"),
        // A promise the script returns is what it settles to.
        ("(async () => 6 * 7)()", "42"),
        ("fetch(location.href).then((r) => r.status)", "200"),
        ("Promise.resolve({ok: true})", "{\n  \"ok\": true\n}"),
    ];
    for (code, expected) in cases {
        let call = h.call("javascript_exec", json!({"text": code}));
        let r = h.run_with(vec![call], on.clone()).await?.remove(0);
        assert_eq!(text(&r), expected, "{code}");
    }
    // A page that replaced the built-ins a value is written with changes nothing.
    let sabotage = "JSON.stringify = () => 'HACKED'; Array.prototype.toJSON = function () { return 'array'; }; window.Node = function Node() {}; window.Map = {}; window.WeakSet = null; 1";
    let call = h.call("javascript_exec", json!({"text": sabotage}));
    assert_eq!(text(&h.run_with(vec![call], on.clone()).await?.remove(0)), "1");
    for (code, expected) in cases.iter().filter(|(code, _)| ["window.data", "window.loop", "document.getElementById('title')", "[1, 'two', {three: 3}]"].contains(code)) {
        let call = h.call("javascript_exec", json!({"text": code}));
        let r = h.run_with(vec![call], on.clone()).await?.remove(0);
        assert_eq!(text(&r), *expected, "{code}, with the built-ins replaced");
    }
    let call = h.call("javascript_exec", json!({"text": "({when: new Date(0), re: /a+/g, big: 10n, m: new Set([1]), f() {}, el: document.body})"}));
    assert_eq!(
        text(&h.run_with(vec![call], on.clone()).await?.remove(0)),
        "{\n  \"when\": \"1970-01-01T00:00:00.000Z\",\n  \"re\": \"/a+/g\",\n  \"big\": \"10n\",\n  \"m\": [\n    1\n  ],\n  \"f\": \"[function]\",\n  \"el\": \"[body element]\"\n}"
    );
    let call = h.call("javascript_exec", json!({"text": "const x = 1;\nundefinedFunction()"}));
    let e = error_text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(e.starts_with("The script threw at line 2, column 1: ReferenceError: undefinedFunction is not defined"), "{e}");
    let call = h.call("javascript_exec", json!({"text": "Promise.reject(new Error('no such order'))"}));
    let e = error_text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(e.starts_with("The script's promise was rejected: Error: no such order"), "{e}");
    let call = h.call("javascript_exec", json!({"text": "while (true) {}"}));
    let e = error_text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(e.contains("ran longer than 10 seconds and was stopped"), "{e}");
    // The page still answers after a runaway script.
    let call = h.call("javascript_exec", json!({"text": "document.title"}));
    assert_eq!(text(&h.run_with(vec![call], on.clone()).await?.remove(0)), "Script target");
    let call = h.call("javascript_exec", json!({"text": "'x'.repeat(30000)"}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(t.ends_with("return a smaller part of it.]") && t.len() < 20_200, "bounded");
    // A value too large to write out in time says so, not only its kind.
    let call = h.call("javascript_exec", json!({"text": "Array.from({length: 400000}, (_, i) => i)"}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(t.ends_with("return a smaller part of it.]") || t.ends_with("its first thousand items, or a summary)"), "{}", &t[..t.len().min(300)]);

    // What a script changes in the tab is in its own result: the title, the address, a window.
    let call = h.call("javascript_exec", json!({"text": "document.title = 'Renamed'; 7"}));
    let r = h.run_with(vec![call], on.clone()).await?.remove(0);
    assert_eq!(text(&r), "7");
    assert_eq!(state(&r).active().map(|t| t.title.as_str()), Some("Renamed"), "{r:?}");
    let call = h.call("javascript_exec", json!({"text": "history.pushState({}, '', '?moved'); 8"}));
    let r = h.run_with(vec![call], on.clone()).await?.remove(0);
    assert!(state(&r).active().is_some_and(|t| t.url.ends_with("script.html?moved")), "{r:?}");
    let call = h.call("javascript_exec", json!({"text": "window.open('two.html'); 9"}));
    let r = h.run_with(vec![call], on.clone()).await?.remove(0);
    assert_eq!(text(&r), "9");
    assert_eq!(opened(&r).len(), 1, "the window the script opened: {r:?}");
    Ok(())
}

/// What a pointer move makes the page change in its title or address is in the move's own
/// result, by coordinate and by ref.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_renames_the_page_is_in_its_own_result() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    for round in 0..3 {
        open(&mut h, &format!("hover-title.html?round={round}")).await?;
        ok(&h.one("screenshot", json!({})).await?);
        // A move that changes nothing has no state block (nothing changed since the last one).
        let r = h.one("mouse_move", json!({"target": at(500.0, 400.0)})).await?;
        assert!(r.state().is_none_or(|s| s.active().is_some_and(|t| t.title == "Before")), "{r:?}");
        let r = if round == 2 {
            let zone = h.ref_of("text", "Zone").await?;
            h.one("hover", json!({"target": r#ref(&zone)})).await?
        } else {
            h.one(if round == 0 { "mouse_move" } else { "hover" }, json!({"target": at(100.0, 100.0)})).await?
        };
        assert_eq!(state(&r).active().map(|t| t.title.as_str()), Some("Hovered"), "round {round}: {r:?}");
        let r = h.one("mouse_move", json!({"target": at(500.0, 400.0)})).await?;
        assert!(state(&r).active().is_some_and(|t| t.url.ends_with("?left")), "round {round}: {r:?}");
    }
    Ok(())
}

/// A page whose renderer dies is told at once, not after the seconds a page stuck in a script
/// is given; a navigate brings the tab back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_crashes_is_told_at_once() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "crash.html").await?;
    let nest = h.ref_of("button", "Nest too deep").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&nest)})).await?);
    assert!(e.starts_with("The page in tab-1 crashed while left_click ran, so whether all of it took effect is unknown: "), "{e}");
    let e = error_text(&h.one("read_page", json!({})).await?);
    assert_eq!(e, "The page in tab-1 crashed before read_page, which was not run: the browser's process for it died, and the tab shows an error page. navigate with \"reload\" loads it again, a navigate elsewhere leaves it, or close_tab closes it.");
    ok(&h.one("navigate", json!({"url": "reload"})).await?);
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("button \"Nest too deep\""), "{t}");
    Ok(())
}

/// What a frame of another site logs (a frame in a process of its own, with a debugger session
/// of its own) is in the tab's console: what it logged before the first read, and what it logs
/// afterwards, once; and its requests are in the tab's network log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_of_another_site_is_heard_in_the_console_and_network() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    let on = enabled(&["read_console"]);
    ok(&h.one("navigate", json!({"url": h.url(&format!("frames.html?other=http://{}", other.addr))})).await?);
    let call = h.call("read_console", json!({}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(t.lines().any(|l| l.starts_with("[log] frame loaded: same (http://127.0.0.1:")), "{t}");
    assert!(t.lines().any(|l| l.starts_with(&format!("[log] frame loaded: cross (http://{}/frame-inner.html", other.addr))), "{t}");

    let cross = h.ref_of("button", "Cross button").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&cross)})).await?);
    let call = h.call("read_console", json!({}));
    let t = text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(t.lines().any(|l| l.starts_with("[warning] pressed in the cross frame")), "{t}");
    assert!(!t.contains("frame loaded"), "each entry is read once: {t}");
    // Its requests are the tab's too. The frame's session tells of its request a moment after
    // its console line, so the log is read until it shows (what was read is kept, as a log
    // entry is read once).
    let want = format!("GET http://{}/frame-api.json?from=cross", other.addr);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut t = String::new();
    while !t.contains(&want) && tokio::time::Instant::now() < deadline {
        let call = h.call("read_network", json!({}));
        t.push_str(&text(&h.run_with(vec![call], enabled(&["read_network"])).await?.remove(0)));
        t.push('\n');
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(t.contains(&want), "{t}");
    Ok(())
}

/// A tab the person turned to one of the browser's own pages (settings here) cannot be read or
/// acted on by an extension: each member says so in words, naming the tab and its page, and
/// navigate takes the tab back to the web.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_page_in_the_active_tab_is_named_and_can_be_left() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[tabwright_e2e::person::PERSON_FLAG]).await?;
    open(&mut h, "article.html").await?;
    let mut person = tabwright_e2e::person::Person::connect(&h.session.dir().join("profile")).await?;
    let made = person.send(None, "Target.createTarget", json!({"url": "chrome://settings"})).await?;
    person.send(None, "Target.activateTarget", json!({"targetId": made["targetId"]})).await?;
    for (member, input) in [("screenshot", json!({})), ("read_page", json!({})), ("get_page_text", json!({}))] {
        let e = error_text(&h.one(member, input).await?);
        // (Named by its address once the tab has it, which it may still be loading.)
        assert!(e.contains("tab-2: it shows one of the browser's own pages (") && e.contains("Navigate the tab to a web page, or use another tab."), "{member}: {e}");
    }
    // A press or a navigate is not sent to a tab Claude did not choose: the switch is told first,
    // and the tab named then is acted on.
    for (member, input) in [("left_click", json!({"target": at(30.0, 30.0)})), ("navigate", json!({"url": h.url("form.html")}))] {
        let e = error_text(&h.one(member, input).await?);
        assert!(e.contains("The active tab is now tab-2, not tab-1 where your calls last worked") && e.contains("\"tab_id\": \"tab-2\""), "{member}: {e}");
    }
    ok(&h.one("navigate", json!({"url": h.url("form.html"), "tab_id": "tab-2"})).await?);
    let t = h.one("read_page", json!({})).await?.text();
    assert!(t.contains("textbox"), "{t}");
    Ok(())
}
