//! Visible to the person watching: the overlay (never in Claude's screenshots), Stop in the
//! middle of a batch, approvals in the browser, the popup, the badge and the "Claude" group.

use serde_json::{json, Value};
use tabwright_e2e::person::{Person, PERSON_FLAG};
use tabwright_e2e::*;
use tabwright_protocol::NOT_EXECUTED;

/// How many pixels of the overlay's orange are in the top band of an image.
fn orange_pixels(data: &str) -> usize {
    let img = decoded(data).expect("decodable image");
    let mut n = 0;
    for y in 0..40.min(img.height()) {
        for x in 0..img.width() {
            let p = img.get_pixel(x, y);
            if (p[0] as i32 - 201).abs() < 30 && (p[1] as i32 - 100).abs() < 30 && (p[2] as i32 - 66).abs() < 30 {
                n += 1;
            }
        }
    }
    n
}

/// The person's own screenshot of a page (a second CDP client), as PNG data.
async fn persons_view(person: &mut Person, page: &str) -> anyhow::Result<String> {
    let seen = person.send(None, "Target.attachToTarget", json!({"targetId": page, "flatten": true})).await?;
    let session = seen["sessionId"].as_str().unwrap_or_default().to_string();
    let shot = person.send(Some(&session), "Page.captureScreenshot", json!({"format": "png"})).await?;
    Ok(shot["data"].as_str().unwrap_or_default().to_string())
}

/// The badge's text once it reads `want`, or after two seconds: it is set just after a call's
/// answer has gone out.
fn badge_becomes(want: &str) -> String {
    format!("new Promise(r => {{ const t = Date.now(); (function poll() {{ chrome.action.getBadgeText({{}}).then(b => b === '{want}' || Date.now() - t > 2000 ? r(b) : setTimeout(poll, 20)); }})(); }})")
}

async fn page_target(person: &mut Person, needle: &str) -> anyhow::Result<String> {
    let t = person.targets(needle).await?;
    let t = t.iter().find(|t| t["type"] == "page").ok_or_else(|| anyhow::anyhow!("no page {needle}"))?;
    Ok(t["targetId"].as_str().unwrap_or_default().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_overlay_is_seen_by_the_person_and_never_by_claude() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let link = h.ref_of("link", "Go to two").await?;
    ok(&h.one("hover", json!({"target": r#ref(&link)})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = page_target(&mut person, "one.html").await?;
    let facts = person
        .eval_in(&page, "(() => { const h = document.querySelector('tabwright-overlay'); if (!h) return null; const s = getComputedStyle(h); return [s.position, s.display, s.pointerEvents, h.getAttribute('aria-hidden'), h.shadowRoot === null]; })()")
        .await?;
    assert_eq!(facts, json!(["fixed", "block", "none", "true", true]), "a fixed, pointer-transparent, aria-hidden host with a closed shadow root");
    // What the person sees has the banner; what Claude sees does not.
    assert!(orange_pixels(&persons_view(&mut person, &page).await?) > 200, "the person sees the banner");
    let r = h.one("screenshot", json!({})).await?;
    let tabwright_protocol::ContentBlock::Image { source } = &r.content[0] else { panic!("{r:?}") };
    assert_eq!(orange_pixels(&source.data), 0, "Claude's screenshot has no overlay");
    // A zoom hides the overlay only when its region shows part of it (any change to the page
    // makes a magnified capture draw the region again): away from the banner the overlay is left
    // alone, and over it the zoom does not show it either.
    let watch = "(() => { window.__overlayChanges = 0; new MutationObserver((m) => { window.__overlayChanges += m.length; }).observe(document.querySelector('tabwright-overlay'), { attributes: true }); return true; })()";
    person.eval_in(&page, watch).await?;
    let image = |r: &tabwright_protocol::ToolResult| match r.content.first() {
        Some(tabwright_protocol::ContentBlock::Image { source }) => source.data.clone(),
        _ => panic!("expected an image: {r:?}"),
    };
    image(&h.one("zoom", json!({"region": [900, 450, 1200, 600]})).await?);
    let changes = "new Promise((ok) => setTimeout(() => ok(window.__overlayChanges), 100))";
    assert_eq!(person.eval_in(&page, changes).await?, json!(0), "a zoom away from the overlay leaves it alone");
    let zoomed = image(&h.one("zoom", json!({"region": [340, 0, 940, 60]})).await?);
    assert_eq!(orange_pixels(&zoomed), 0, "a zoom over the banner does not show it");
    assert!(person.eval_in(&page, changes).await?.as_u64() >= Some(2), "the overlay was hidden for that zoom and shown again");
    // Nor does a zoom that reaches only the banner's edge.
    let edge = image(&h.one("zoom", json!({"region": [300, 20, 560, 200]})).await?);
    assert_eq!(orange_pixels(&edge), 0, "a zoom over the banner's edge does not show it");
    // Nor does the overlay reach what Claude reads.
    let t = text(&h.one("read_page", json!({"filter": "all"})).await?);
    assert!(!t.contains("controlling") && !t.contains("Stop"), "{t}");
    let t = text(&h.one("get_page_text", json!({})).await?);
    assert!(!t.contains("controlling"), "{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_cuts_off_a_batch_until_the_person_resumes() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let popup = person.open_extension_page("extension/ui/popup.html").await?;
    assert_eq!(person.eval_in(&popup, &badge_becomes("ON")).await?, json!("ON"));

    let calls = vec![h.call("wait", json!({"duration": 5})), h.call("navigate", json!({"url": h.url("two.html")})), h.call("screenshot", json!({}))];
    let mut second = tabwright::client::Client::connect(&h.session.socket).await?;
    let batch = tokio::spawn(async move { second.request("run", json!({"content": calls})).await });
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    assert_eq!(person.eval_in(&popup, "chrome.action.getBadgeText({})").await?, json!("•••"), "the badge says Claude is working");
    person.eval_in(&popup, "document.getElementById('stop').click()").await?;
    let started = std::time::Instant::now();
    let reply = batch.await??;
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "the wait was cut off, not finished");
    let results: Vec<Value> = reply["tool_results"].as_array().cloned().unwrap_or_default();
    assert_eq!(results.len(), 3);
    assert_eq!(results[0]["is_error"], true);
    assert!(results[0]["content"][0]["text"].as_str().unwrap_or_default().starts_with("The person watching stopped this session"), "{}", results[0]);
    for r in &results[1..] {
        assert_eq!(r["content"][0]["text"], NOT_EXECUTED);
    }
    let e = error_text(&h.one("list_tabs", json!({})).await?);
    assert!(e.starts_with("The person watching stopped this session"), "{e}");
    assert_eq!(person.eval_in(&popup, &badge_becomes("STOP")).await?, json!("STOP"));
    let status = person.eval_in(&popup, "new Promise(r => setTimeout(() => r(document.getElementById('state').textContent), 1100))").await?;
    assert_eq!(status, json!("Stopped"));
    let log = person.eval_in(&popup, "[...document.querySelectorAll('#actions li')].map(li => li.textContent)").await?;
    let log = log.as_array().cloned().unwrap_or_default();
    assert!(log.iter().any(|l| l.as_str().is_some_and(|l| l.contains("wait") && l.contains("stopped this session"))), "{log:?}");
    assert!(log.iter().any(|l| l.as_str().is_some_and(|l| l.contains("navigate") && l.contains("one.html"))), "{log:?}");

    person.eval_in(&popup, "document.getElementById('resume').click()").await?;
    resumed(&mut h).await?;
    assert_eq!(person.eval_in(&popup, &badge_becomes("ON")).await?, json!("ON"));
    // The tabs Claude works in are grouped as "Claude".
    let groups = person.eval_in(&popup, "chrome.tabGroups.query({title: 'Claude'}).then(g => g.length)").await?;
    assert_eq!(groups, json!(1));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn approvals_are_answered_in_the_browser() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"confirm_timeout_secs": 20}), &[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let mut answered: Vec<String> = Vec::new();
    for (answer, expect) in [("allow", Ok("Fixture One")), ("deny", Err("The person watching declined this action"))] {
        let call = h.call("javascript_exec", json!({"text": "document.title"}));
        let mut second = tabwright::client::Client::connect(&h.session.socket).await?;
        let pending = tokio::spawn(async move { second.request("run", json!({"content": [call], "configs": {"javascript_exec": {"enabled": true}}})).await });
        let mut window = None;
        for _ in 0..100 {
            // A window answered before may still be closing: wait for a new one.
            if let Some(t) = person.targets("confirm.html").await?.into_iter().find(|t| !answered.iter().any(|a| t["targetId"] == json!(a))) {
                window = t["targetId"].as_str().map(String::from);
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let window = window.expect("the approval window opened");
        answered.push(window.clone());
        let what = person.eval_in(&window, "new Promise(r => setTimeout(() => r(document.getElementById('what').textContent), 200))").await?;
        assert!(what.as_str().is_some_and(|w| w.starts_with("javascript_exec:") && w.contains("document.title")), "{what}");
        let _ = person.eval_in(&window, &format!("document.getElementById('{answer}').click()")).await;
        let reply = pending.await??;
        let result = &reply["tool_results"][0];
        match expect {
            Ok(title) => assert_eq!(result["content"][0]["text"], title, "{result}"),
            Err(text) => assert!(result["content"][0]["text"].as_str().unwrap_or_default().starts_with(text), "{result}"),
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sites_blocked_on_the_options_page_are_enforced() -> anyhow::Result<()> {
    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": other.url("one.html")})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let options = person.open_extension_page("extension/ui/options.html").await?;
    // The page has read the saved lists before the person edits them.
    person.eval_in(&options, "new Promise(r => { const t = setInterval(() => { if (document.body.dataset.ready) { clearInterval(t); r(1); } }, 20); })").await?;
    person.eval_in(&options, "document.getElementById('block').value = '127.0.0.2'; document.getElementById('save').click()").await?;
    let saved = person.eval_in(&options, WAIT_SAVED).await?;
    assert_eq!(saved, json!("Saved."));
    let e = error_text(&h.one("navigate", json!({"url": other.url("two.html")})).await?);
    assert!(e.contains("was refused: the browsing policy does not allow that site"), "{e}");
    // A bad entry is refused on the page itself.
    person.eval_in(&options, "document.getElementById('saved').textContent = ''; document.getElementById('block').value = 'not a host'; document.getElementById('save').click()").await?;
    let saved = person.eval_in(&options, WAIT_SAVED).await?;
    assert!(saved.as_str().is_some_and(|s| s.contains("is not a host pattern")), "{saved}");
    Ok(())
}

/// Waits (at most 5 s) for the options page to say how saving went.
const WAIT_SAVED: &str = "new Promise(r => { let n = 0; const t = setInterval(() => { const s = document.getElementById('saved').textContent; if (s || ++n > 250) { clearInterval(t); r(s); } }, 20); })";

/// Finds, in a pierced DOM tree, the node id of the first element with this class.
fn find_class(node: &Value, class: &str) -> Option<i64> {
    let attrs = node["attributes"].as_array().cloned().unwrap_or_default();
    let has = attrs.chunks(2).any(|kv| kv.first() == Some(&json!("class")) && kv.get(1).and_then(Value::as_str).is_some_and(|c| c.split(' ').any(|x| x == class)));
    if has {
        return node["nodeId"].as_i64();
    }
    for key in ["children", "shadowRoots"] {
        for child in node[key].as_array().into_iter().flatten() {
            if let Some(id) = find_class(child, class) {
                return Some(id);
            }
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_banner_stop_button_stops_the_session() -> anyhow::Result<()> {
    // A person can see into the closed shadow root with DevTools; a page cannot.
    let (mut h, mut person, page, _session) = stopped_by_the_person().await?;
    // A script on the page cannot press it: only a trusted click counts, and the page cannot reach it.
    let popup = person.open_extension_page("extension/ui/popup.html").await?;
    let answer = person.eval_in(&popup, "new Promise(r => chrome.runtime.sendMessage({type: 'resume'}, (s) => r(JSON.stringify(s && s.stopped))))").await?;
    if resumed(&mut h).await.is_err() {
        let after = person.eval_in(&popup, "new Promise(r => chrome.runtime.sendMessage({type: 'status'}, (s) => r(JSON.stringify(s))))").await?;
        panic!("not resumed: resume said {answer}, status now {after}");
    }
    let reach = person.eval_in(&page, "(() => { const h = document.querySelector('tabwright-overlay'); return h.shadowRoot === null && typeof window.tabwrightStop; })()").await?;
    assert_eq!(reach, json!("undefined"), "the page sees neither the shadow root nor the binding");
    Ok(())
}

/// A session on one.html, with the person's DevTools attached to that page: the harness, the
/// person, the page's target and the person's session on it.
async fn watched_on_one() -> anyhow::Result<(Harness, Person, String, String)> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = page_target(&mut person, "one.html").await?;
    let attached = person.send(None, "Target.attachToTarget", json!({"targetId": page, "flatten": true})).await?;
    let session = attached["sessionId"].as_str().unwrap_or_default().to_string();
    Ok((h, person, page, session))
}

/// [`watched_on_one`], then the person presses the banner's Stop, and the session stops.
async fn stopped_by_the_person() -> anyhow::Result<(Harness, Person, String, String)> {
    let (mut h, mut person, page, session) = watched_on_one().await?;
    let (x, y) = stop_button_center(&mut person, &session).await?;
    assert!(person_presses_stop(&mut h, &mut person, &session, (x, y)).await?, "the banner's Stop stopped the session");
    Ok((h, person, page, session))
}

/// The person resumes the session from the toolbar popup (answered once the worker has it).
async fn resume_from_the_popup(person: &mut Person) -> anyhow::Result<()> {
    let popup = person.open_extension_page("extension/ui/popup.html").await?;
    person.eval_in(&popup, "new Promise(r => chrome.runtime.sendMessage({type: 'resume'}, () => r(true)))").await?;
    Ok(())
}

/// The person clicks at a point; whether the session then stopped (within 2 s), saying so.
async fn person_presses_stop(h: &mut Harness, person: &mut Person, session: &str, (x, y): (f64, f64)) -> anyhow::Result<bool> {
    for kind in ["mousePressed", "mouseReleased"] {
        person.send(Some(session), "Input.dispatchMouseEvent", json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})).await?;
    }
    for _ in 0..40 {
        let r = h.one("list_tabs", json!({})).await?;
        if r.is_error {
            assert!(error_text(&r).starts_with("The person watching stopped this session"), "{r:?}");
            return Ok(true);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Ok(false)
}

/// Where the banner's Stop button is, in the tab's CSS pixels, as the person's DevTools sees it.
async fn stop_button_center(person: &mut Person, session: &str) -> anyhow::Result<(f64, f64)> {
    // The banner a new document shows is put in place by its agent, and shown as running once
    // the agent hears the session's state: the Stop button is waited for (two seconds at most).
    let mut tries = 0;
    let model = loop {
        let doc = person.send(Some(session), "DOM.getDocument", json!({"depth": -1, "pierce": true})).await?;
        let stop = find_class(&doc["root"], "stop").ok_or_else(|| anyhow::anyhow!("no Stop button"));
        let model = match stop {
            Ok(stop) => person.send(Some(session), "DOM.getBoxModel", json!({"nodeId": stop})).await,
            Err(e) => Err(e),
        };
        tries += 1;
        match model {
            Ok(model) => break model,
            Err(e) if tries >= 40 => return Err(e),
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    };
    let quad = model["model"]["content"].as_array().cloned().unwrap_or_default();
    let at = |i: usize| quad.get(i).and_then(Value::as_f64).unwrap_or(0.0);
    Ok(((at(0) + at(4)) / 2.0, (at(1) + at(5)) / 2.0))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claudes_own_clicks_on_the_banner_never_stop_the_session() -> anyhow::Result<()> {
    let (mut h, mut person, page, session) = watched_on_one().await?;
    let (x, y) = stop_button_center(&mut person, &session).await?;
    // Claude's coordinates are screenshot pixels; at this window size they are the CSS pixels.
    let r = h.one("screenshot", json!({})).await?;
    let tabwright_protocol::ContentBlock::Image { source } = &r.content[0] else { panic!("{r:?}") };
    let width = decoded(&source.data).expect("decodable image").width();
    let viewport = person.eval_in(&page, "innerWidth").await?;
    assert_eq!(Some(width as u64), viewport.as_u64(), "screenshot pixels are CSS pixels here");
    for member in ["left_click", "double_click", "middle_click"] {
        let target = json!({"type": "coordinate", "x": x.round(), "y": y.round()});
        ok(&h.one(member, json!({"target": target})).await?);
    }
    ok(&h.one("left_mouse_down", json!({"target": {"type": "coordinate", "x": x.round(), "y": y.round()}})).await?);
    ok(&h.one("left_mouse_up", json!({"target": {"type": "coordinate", "x": x.round(), "y": y.round()}})).await?);
    // A stop would have cut off the calls above; the next ones still run, and the banner never
    // said it stopped.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    ok(&h.one("list_tabs", json!({})).await?);
    let doc = person.send(Some(&session), "DOM.getDocument", json!({"depth": -1, "pierce": true})).await?;
    assert!(!doc.to_string().contains("Claude was stopped"), "the banner does not say stopped");
    // Claude's keys cannot reach it either: it is out of the tab order.
    let stop = find_class(&doc["root"], "stop").ok_or_else(|| anyhow::anyhow!("no Stop button"))?;
    let attrs = person.send(Some(&session), "DOM.getAttributes", json!({"nodeId": stop})).await?;
    assert!(attrs["attributes"].to_string().contains(r#""tabindex","-1""#), "{attrs}");
    // The person's own click on the same spot still stops it.
    assert!(person_presses_stop(&mut h, &mut person, &session, (x, y)).await?, "the person's click on Stop stopped the session");
    Ok(())
}

/// A page cannot put anything over the banner's Stop button: not an element with the top
/// z-index kept last on the page, not a popover, not a modal dialog (which makes everything
/// outside it inert), not one inside a web component's shadow root. The person's click reaches Stop, and Claude's still reach the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_a_page_shows_covers_the_stop_button() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    for (page, modal) in [("cover.html?modal=0", false), ("cover.html", true), ("cover.html?modal=shadow", false)] {
        ok(&h.one("navigate", json!({"url": h.url(page)})).await?);
        let target = page_target(&mut person, "cover.html").await?;
        let attached = person.send(None, "Target.attachToTarget", json!({"targetId": target, "flatten": true})).await?;
        let session = attached["sessionId"].as_str().unwrap_or_default().to_string();
        // Once the page has put up its covers.
        for _ in 0..40 {
            if person.send(Some(&session), "Runtime.evaluate", json!({"expression": "document.title"})).await?["result"]["value"] == "Covered" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        if modal {
            // Claude's click reaches the dialog's button through the overlay.
            let confirm = h.ref_of("button", "Confirm").await?;
            ok(&h.one("left_click", json!({"target": r#ref(&confirm)})).await?);
            let shown = person.send(Some(&session), "Runtime.evaluate", json!({"expression": "document.getElementById('ok').textContent"})).await?;
            assert_eq!(shown["result"]["value"], "Confirmed", "{page}");
            // The page makes the overlay inert and takes it out of the dialog: it is put back.
            let take = "(() => { const o = document.querySelector('tabwright-overlay'); const inDialog = !!o.closest('dialog'); o.inert = true; o.remove(); return inDialog; })()";
            let took = person.send(Some(&session), "Runtime.evaluate", json!({"expression": take})).await?;
            assert_eq!(took["result"]["value"], true, "the overlay was inside the modal dialog: {took}");
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
        let (x, y) = stop_button_center(&mut person, &session).await?;
        // The person's pointer goes to Stop first, as a person's does.
        person.send(Some(&session), "Input.dispatchMouseEvent", json!({"type": "mouseMoved", "x": x, "y": y})).await?;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert!(person_presses_stop(&mut h, &mut person, &session, (x, y)).await?, "the person's click on Stop reached it on {page}");
        resume_from_the_popup(&mut person).await?;
        resumed(&mut h).await?;
    }
    Ok(())
}

/// Waits (at most 5 s) until calls run again after Resume.
async fn resumed(h: &mut Harness) -> anyhow::Result<()> {
    for _ in 0..100 {
        if !h.one("list_tabs", json!({})).await?.is_error {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    anyhow::bail!("the session did not resume")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_and_resume_keep_the_overlay_off_when_the_policy_turns_it_off() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"overlay": false}), &[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    // Reading puts tabwright's page agent in the tab, which is what Stop and Resume update.
    ok(&h.one("read_page", json!({})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = page_target(&mut person, "one.html").await?;
    let banner = "document.querySelector('tabwright-overlay') === null || getComputedStyle(document.querySelector('tabwright-overlay')).display === 'none'";
    assert_eq!(person.eval_in(&page, banner).await?, json!(true), "no banner while the overlay is off");
    let popup = person.open_extension_page("extension/ui/popup.html").await?;
    person.eval_in(&popup, "document.getElementById('stop').click()").await?;
    // The click reaches the service worker as a message; wait for the badge to say it arrived.
    let badge = "new Promise(r => { const t = Date.now(); (function poll() { chrome.action.getBadgeText({}).then(b => b === 'STOP' || Date.now() - t > 5000 ? r(b) : setTimeout(poll, 50)); })(); })";
    assert_eq!(person.eval_in(&popup, badge).await?, json!("STOP"));
    let e = error_text(&h.one("list_tabs", json!({})).await?);
    assert!(e.starts_with("The person watching stopped this session"), "{e}");
    // Stop updates the banners of the tabs Claude works in; give that its time before looking.
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    assert_eq!(person.eval_in(&page, banner).await?, json!(true), "Stop does not bring up a banner the policy turned off");
    person.eval_in(&popup, "document.getElementById('resume').click()").await?;
    resumed(&mut h).await?;
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    assert_eq!(person.eval_in(&page, banner).await?, json!(true), "nor does Resume");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_loaded_after_stop_never_says_claude_is_in_control() -> anyhow::Result<()> {
    let (h, mut person, _page, session) = stopped_by_the_person().await?;
    // The person (or the page itself) loads another page in the tab while Claude is stopped, one
    // whose parsing is held up by a slow script.
    person.send(Some(&session), "Page.navigate", json!({"url": h.url("parsing.html")})).await?;
    let mut seen = Vec::new();
    for _ in 0..60 {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let doc = person.send(Some(&session), "DOM.getDocument", json!({"depth": -1, "pierce": true})).await?;
        if !doc["root"]["documentURL"].as_str().is_some_and(|u| u.ends_with("parsing.html")) {
            continue;
        }
        let text = doc.to_string();
        let banner = if text.contains("Claude is controlling") { "controlling" } else if text.contains("Claude was stopped") { "stopped" } else { "none" };
        seen.push(banner);
        // Parsed to the end, and the page has loaded: the banner as it stays.
        if text.contains("Parsed at last") && person.send(Some(&session), "Runtime.evaluate", json!({"expression": "document.readyState"})).await?["result"]["value"] == "complete" {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            let text = person.send(Some(&session), "DOM.getDocument", json!({"depth": -1, "pierce": true})).await?.to_string();
            assert!(text.contains("Claude was stopped") && !text.contains("Claude is controlling"), "after the load: {text}");
            assert!(!seen.contains(&"controlling") || seen.iter().rposition(|b| *b == "controlling") < seen.iter().position(|b| *b == "stopped"), "the banner went back to saying Claude is in control: {seen:?}");
            return Ok(());
        }
    }
    panic!("parsing.html did not finish loading, banners seen: {seen:?}");
}

/// A page Claude loads right after the person resumes says Claude is in control, not that it
/// was stopped: the script every new document starts with is replaced as Resume is pressed, and a
/// document that may have run the one from before has its banner set again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_loaded_right_after_resume_says_claude_is_in_control() -> anyhow::Result<()> {
    let (mut h, mut person, _page, session) = stopped_by_the_person().await?;
    resume_from_the_popup(&mut person).await?;
    // No other call to the tab after the navigation: the banner must come right by itself.
    ok(&h.one("navigate", json!({"url": h.url("two.html")})).await?);
    let mut last = String::new();
    for _ in 0..30 {
        let doc = person.send(Some(&session), "DOM.getDocument", json!({"depth": -1, "pierce": true})).await?;
        last = doc.to_string();
        if doc["root"]["documentURL"].as_str().is_some_and(|u| u.ends_with("two.html")) && last.contains("Claude is controlling") && !last.contains("Claude was stopped") {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the banner did not say Claude is in control after Resume: {}", &last[..last.len().min(3000)]);
}

/// A page cannot take the overlay away from the person: one that hides it has it put back, and
/// one that keeps removing it is reported to Claude.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_cannot_take_the_overlay_away() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"auto_approve": ["javascript_exec"]}), &[]).await?;
    let on = json!({"javascript_exec": {"enabled": true}});
    let shown = "(() => { const o = document.querySelector('tabwright-overlay'); return o ? getComputedStyle(o).display : 'gone'; })()";
    ok(&h.one("navigate", json!({"url": h.url("spoof.html?mode=hide")})).await?);
    let press = h.ref_of("button", "Press").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&press)})).await?);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let call = h.call("javascript_exec", json!({"text": shown}));
    assert_eq!(text(&h.run_with(vec![call], on.clone()).await?.remove(0)), "block", "the hidden overlay is back");

    // The page fights from its load on: the navigate's own result may carry the report.
    let r = h.one("navigate", json!({"url": h.url("spoof.html?mode=fight")})).await?;
    ok(&r);
    let mut told = text(&r);
    for _ in 0..20 {
        if told.contains("keeps removing or hiding the banner") {
            break;
        }
        told = text(&h.one("read_page", json!({})).await?);
        if told.contains("keeps removing or hiding the banner") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(told.contains("The page in tab-1 keeps removing or hiding the banner that shows the person Claude is controlling this tab"), "{told}");
    Ok(())
}

/// A page that defines a custom element under the overlay's name before it is made (its
/// constructor takes the shadow root) still has the banner shown to the person.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_claims_the_overlays_element_name_still_shows_the_banner() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("spoof.html?mode=define")})).await?);
    let press = h.ref_of("button", "Press").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&press)})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = page_target(&mut person, "spoof.html").await?;
    assert_eq!(person.eval_in(&page, "window.taken > 0").await?, json!(true), "the page's constructor ran on an element of that name");
    assert!(orange_pixels(&persons_view(&mut person, &page).await?) > 200, "the person sees the banner");
    Ok(())
}

/// What tabwright's own world in a page logs or throws is not the page's: read_console shows the
/// page's entries only. (The person's DevTools session stands in for tabwright here, with a world
/// of the same name in the page.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_holds_the_pages_entries_not_tabwrights_own() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    let on = json!({"read_console": {"enabled": true}});
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let call = h.call("read_console", json!({}));
    ok(&h.run_with(vec![call], on.clone()).await?.remove(0));
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = page_target(&mut person, "one.html").await?;
    let attached = person.send(None, "Target.attachToTarget", json!({"targetId": page, "flatten": true})).await?;
    let session = attached["sessionId"].as_str().unwrap_or_default().to_string();
    let tree = person.send(Some(&session), "Page.getFrameTree", json!({})).await?;
    let frame = tree["frameTree"]["frame"]["id"].clone();
    let world = person.send(Some(&session), "Page.createIsolatedWorld", json!({"frameId": frame, "worldName": "tabwright"})).await?;
    let context = world["executionContextId"].clone();
    let inside = "console.log('logged by tabwright'); setTimeout(() => { throw new Error('thrown by tabwright'); }, 0); 1";
    person.send(Some(&session), "Runtime.evaluate", json!({"expression": inside, "contextId": context})).await?;
    let page_own = "console.log('logged by the page'); setTimeout(() => { throw new Error('thrown by the page'); }, 0); 1";
    person.send(Some(&session), "Runtime.evaluate", json!({"expression": page_own})).await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let call = h.call("read_console", json!({}));
    let t = text(&h.run_with(vec![call], on).await?.remove(0));
    assert!(t.contains("[log] logged by the page") && t.contains("thrown by the page"), "{t}");
    assert!(!t.contains("by tabwright"), "{t}");
    Ok(())
}

/// A page under a strict Content-Security-Policy with Trusted Types enforced (no inline script
/// or style, no HTML strings, no policy may be made), as many large sites serve: Claude's
/// clicks, typing, hovering and form input work on it, the person sees the banner, and nothing
/// tabwright does is refused by the page's policy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_under_a_strict_policy_is_worked_and_shows_the_banner() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("strict/strict.html")})).await?);
    h.wait_log("the page's scripts ran", |e| e["page"] == "/strict/strict.html").await.ok();
    ok(&h.one("screenshot", json!({})).await?);
    ok(&h.one("hover", json!({"target": at(60.0, 60.0)})).await?);
    let name = h.ref_of("textbox", "Name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&name)})).await?);
    ok(&h.one("type", json!({"text": "Ada"})).await?);
    let size = h.ref_of("combobox", "Size").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&size), "value": "Large"})).await?);
    let send = h.ref_of("button", "Send").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&send)})).await?);
    h.wait_log("the form sent", |e| e["type"] == "sent").await?;
    let details = h.ref_of("generic", "Open details").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&details)})).await?);
    let log = h.wait_log("the details opened", |e| e["type"] == "details").await?;
    let sent: Vec<&Value> = of(&log, "sent");
    assert_eq!((&sent[0]["name"], &sent[0]["size"]), (&json!("Ada"), &json!("Large")), "{log:?}");
    // The person sees the banner, drawn without an HTML string or an inline style.
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = page_target(&mut person, "strict.html").await?;
    assert!(orange_pixels(&persons_view(&mut person, &page).await?) > 200, "the person sees the banner");
    let log = h.site.log();
    let refused: Vec<&Value> = of(&log, "violation");
    assert!(refused.is_empty(), "the page's policy refused: {refused:?}");
    Ok(())
}
