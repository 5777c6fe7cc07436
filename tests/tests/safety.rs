//! Safe by default: the navigation policy, file_upload's roots, and confirmations, each refusal
//! proven in a real browser.

use std::path::Path;

use serde_json::{json, Value};
use tabwright::site::{Pages, Site};
use tabwright_e2e::*;


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
        // The refusal is told on the first text result after the browser refused it: poll.
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
        while !t.contains("A navigation was refused.") && tokio::time::Instant::now() < deadline {
            t = text(&h.one("wait", json!({"duration": 0.1})).await?);
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
    let base = Scratch::new("uploads")?;
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
    // A policy with files to read offers file_upload in the toolset entry, unless the caller
    // said otherwise.
    let tool = h.client.request("toolset", json!({})).await?;
    assert_eq!(tool["tool"]["configs"]["file_upload"]["enabled"], true, "{tool}");
    let tool = h.client.request("toolset", json!({"configs": {"file_upload": {"enabled": false}}})).await?;
    assert_eq!(tool["tool"]["configs"]["file_upload"]["enabled"], false, "{tool}");
    // A run that names no configs runs with the entry toolset offered: file_upload is on.
    let call = h.call("file_upload", json!({"target": {"type": "ref", "ref": "ref_999999"}, "paths": [root.join("report.txt").display().to_string()]}));
    let e = error_text(&h.run(vec![call]).await?.remove(0));
    assert!(!e.contains("disabled") && e.contains("ref_999999"), "{e}");
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
    // A file of a type the input does not say it takes is set, and said to be one.
    let resume = h.ref_of("button", "Resume").await?;
    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&resume), "paths": [path(&root.join("report.txt"))]}));
    let t = text(&h.run_with(vec![call], cfg).await?.remove(0));
    assert!(t.contains("says it takes .pdf, .doc, and \"report.txt\" is not of those"), "{t}");
    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&resume), "document_ids": ["doc-7"]}));
    let t = text(&h.run_with(vec![call], cfg).await?.remove(0));
    assert!(!t.contains("is not of those"), "{t}");
    let buy = h.ref_of("button", "Buy now").await?;
    let (call, cfg) = upload(&mut h, json!({"target": r#ref(&buy), "paths": [path(&root.join("report.txt"))]}));
    let e = error_text(&h.run_with(vec![call], cfg).await?.remove(0));
    assert!(e.contains("is not a file input"), "{e}");
    Ok(())
}

/// The ref of the file input a result says a chooser was opened for (and fails when it does not).
fn chooser_input(result: &str, name: &str) -> String {
    let start = format!("This action opened a file chooser for the file input \"{name}\" (ref_");
    let said = result
        .lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("no chooser for {name} told: {result}"));
    said.split("(ref_")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .map(|n| format!("ref_{n}"))
        .unwrap_or_default()
}

/// Styled upload controls hide their file input. A click that opens a chooser never shows a
/// native dialog the person would have to close (and Claude could not see): the result names
/// the file input with a ref, and file_upload fills it. A label or a container of one file input
/// leads file_upload to it directly. A label whose checkbox is hidden is what a person clicks,
/// and reads with the box's state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidden_file_inputs_are_reached_through_their_buttons_and_labels() -> anyhow::Result<()> {
    let base = Scratch::new("choosers")?;
    std::fs::write(base.0.join("a.png"), "png")?;
    std::fs::write(base.0.join("b.png"), "png")?;
    let policy = json!({"upload_roots": [base.0], "auto_approve": ["file_upload"]});
    let mut h = Harness::start_with_policy(policy, &[]).await?;
    ok(&h.one("navigate", json!({"url": h.url("upload.html")})).await?);
    let on = json!({"file_upload": {"enabled": true}});
    let file = |n: &str| base.0.join(n).display().to_string();

    // A button whose handler clicks a hidden input: the chooser is cancelled, and named.
    let button = h.ref_of("button", "Upload photos").await?;
    let r = h
        .one("left_click", json!({"target": r#ref(&button)}))
        .await?;
    let input = chooser_input(&text(&r), "Photos");
    h.wait_log("the chooser cancelled", |e| {
        e["type"] == "chooser cancelled" && e["input"] == "photos"
    })
    .await?;
    let call = h.call(
        "file_upload",
        json!({"target": r#ref(&input), "paths": [file("a.png"), file("b.png")]}),
    );
    ok(&h.run_with(vec![call], on.clone()).await?.remove(0));
    let log = h.wait_log("the photos", |e| e["type"] == "files" && e["input"] == "photos").await?;
    assert_eq!(of(&log, "files")[0]["names"], json!(["a.png", "b.png"]));
    // A click on a file input itself: its chooser opens a moment after the click (its default
    // action). It is told from the page's word, which can come before the browser's own event on
    // it; that event is then taken for the chooser told, never told again by a later call. In a
    // batch, each click tells its own chooser.
    h.site.clear_log();
    let resume = h.ref_of("button", "Resume").await?;
    let batch = (0..4).map(|_| h.call("left_click", json!({"target": r#ref(&resume)}))).collect();
    for r in h.run(batch).await? {
        assert_eq!(chooser_input(&text(&r), "Resume"), resume, "the input, by the ref it already had");
        assert_eq!(text(&r).matches("file chooser").count(), 1, "{}", text(&r));
    }
    h.wait_log("the choosers cancelled", |e| e["type"] == "chooser cancelled" && e["input"] == "resume").await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(!t.contains("file chooser"), "{t}");

    // A chooser the click's handler opens a moment later, after the click answered: the next
    // call tells it.
    let later = h.ref_of("button", "Upload after a moment").await?;
    h.site.clear_log();
    let t = text(&h.one("left_click", json!({"target": r#ref(&later)})).await?);
    assert!(!t.contains("file chooser"), "{t}");
    h.wait_log("the late chooser cancelled", |e| e["type"] == "chooser cancelled" && e["input"] == "photos").await?;
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains(&format!("An earlier action opened a file chooser for the file input \"Photos\" ({input})")), "{t}");

    // A label for a hidden input, and a region holding one: file_upload goes to the input.
    let label = h.ref_of("generic", "Choose avatar").await?;
    let call = h.call("file_upload", json!({"target": r#ref(&label), "paths": [file("a.png")]}));
    ok(&h.run_with(vec![call], on.clone()).await?.remove(0));
    h.wait_log("the avatar", |e| e["type"] == "files" && e["input"] == "avatar").await?;
    let region = h.ref_of("region", "Documents").await?;
    let call = h.call("file_upload", json!({"target": r#ref(&region), "paths": [file("b.png")]}));
    ok(&h.run_with(vec![call], on.clone()).await?.remove(0));
    h.wait_log("the documents", |e| e["type"] == "files" && e["input"] == "docs").await?;
    // A button that opens a hidden input it does not hold (its handler clicks the input, as
    // Dropzone's zone does): file_upload on the button clicks it with the chooser held back, and
    // fills the input the chooser was for.
    h.site.clear_log();
    let call = h.call("file_upload", json!({"target": r#ref(&button), "paths": [file("b.png")]}));
    let r = h.run_with(vec![call], on.clone()).await?.remove(0);
    assert!(text(&r).contains(&format!("opens a file chooser when clicked: set 1 file on the file input \"Photos\" ({input}): b.png.")), "{}", text(&r));
    let log = h.wait_log("the photos through their button", |e| e["type"] == "files" && e["input"] == "photos").await?;
    assert_eq!(of(&log, "files")[0]["names"], json!(["b.png"]));
    // What does not say it takes files is not clicked: the error says what it is.
    let heading = h.ref_of("heading", "Profile").await?;
    let call = h.call("file_upload", json!({"target": r#ref(&heading), "paths": [file("a.png")]}));
    let e = error_text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(e.starts_with(&format!("heading \"Profile\" ({heading}) is not a file input")) && !e.contains("opened no file chooser"), "{e}");
    // A styled checkbox: its label stands in for the hidden box, with its state.
    let t = text(&h.one("read_page", json!({})).await?);
    let private = t.lines().find(|l| l.contains("\"Keep my photos private\"")).unwrap_or_else(|| panic!("{t}"));
    assert!(private.trim_start().starts_with("checkbox \"Keep my photos private\" [ref_") && private.ends_with("] checked"), "{private}");
    let box_label = h.ref_of("checkbox", "Keep my photos private").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&box_label)})).await?);
    h.wait_log("the box unticked", |e| e["type"] == "terms" && e["checked"] == false).await?;
    // Labels wrapping their hidden radio buttons read as those buttons, named once.
    for (line, want) in [("\"Small prints\"", "radio \"Small prints\" [ref_"), ("\"Large prints\"", "radio \"Large prints\" [ref_")] {
        let l = t.lines().find(|l| l.contains(line)).unwrap_or_else(|| panic!("{t}"));
        assert!(l.trim_start().starts_with(want) && !l.contains(": \""), "{l}");
    }
    assert!(t.lines().any(|l| l.contains("radio \"Small prints\"") && l.ends_with("] checked")), "{t}");
    assert!(t.lines().any(|l| l.contains("radio \"Large prints\"") && l.ends_with("]")), "{t}");
    let large = h.ref_of("radio", "Large prints").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&large), "value": true})).await?);
    let t2 = text(&h.one("find", json!({"query": "Large prints"})).await?);
    assert!(t2.lines().next().is_some_and(|l| l.starts_with("radio \"Large prints\"") && l.ends_with("checked")), "{t2}");
    // form_input on it sets the box it stands in for.
    h.site.clear_log();
    ok(&h.one("form_input", json!({"target": r#ref(&box_label), "value": true})).await?);
    h.wait_log("the box ticked", |e| e["type"] == "terms" && e["checked"] == true).await?;
    h.site.clear_log();
    ok(&h.one("left_click", json!({"target": r#ref(&box_label)})).await?);
    h.wait_log("the box unticked again", |e| e["type"] == "terms" && e["checked"] == false).await?;
    let t = text(&h.one("find", json!({"query": "Keep my photos private"})).await?);
    let first = t.lines().next().unwrap_or_default();
    assert!(first.starts_with("checkbox \"Keep my photos private\"") && !first.contains("checked"), "{t}");
    // The heading leads to no file input: nothing is clicked, and the error says what to do.
    let heading = h.ref_of("heading", "Profile").await?;
    let call = h.call("file_upload", json!({"target": r#ref(&heading), "paths": [file("a.png")]}));
    let e = error_text(&h.run_with(vec![call], on.clone()).await?.remove(0));
    assert!(e.contains("is not a file input") && e.contains("If clicking it opens a file chooser, click it"), "{e}");
    Ok(())
}

/// The person's own press in the page hands file choosers back to them in that tab: the chooser
/// their click opens is not intercepted (so it would show), even right after Claude's click, when
/// an intercepted one would be taken for Claude's and told to Claude. Claude's next click takes
/// choosers over again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_chooser_the_person_opens_is_theirs() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    ok(&h.one("navigate", json!({"url": h.url("upload.html")})).await?);
    let button = h.ref_of("button", "Upload photos").await?;
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = person.targets("upload.html").await?.into_iter().find(|t| t["type"] == "page").ok_or_else(|| anyhow::anyhow!("no page"))?;
    let attached = person.send(None, "Target.attachToTarget", json!({"targetId": page["targetId"], "flatten": true})).await?;
    let s = attached["sessionId"].as_str().unwrap_or_default().to_string();
    let center = person.send(Some(&s), "Runtime.evaluate", json!({"expression": "(() => { const r = document.getElementById('photo-button').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()", "returnByValue": true})).await?;
    let (x, y) = (center["result"]["value"][0].as_f64().unwrap_or(0.0), center["result"]["value"][1].as_f64().unwrap_or(0.0));

    // Between half a second and two seconds after Claude's click (when a chooser with no press of
    // the person's behind it would be taken for a late one of Claude's), the person opens the
    // chooser: with a click
    // (a human's tenth of a second between press and release), a quick tap, and Enter.
    let press = |pause: u64| {
        let mut events = Vec::new();
        for kind in ["mousePressed", "mouseReleased"] {
            events.push((json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}), pause));
        }
        events
    };
    let enter = vec![(json!({"type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"}), 0), (json!({"type": "keyUp", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13}), 0)];
    for (how, events) in [("click", press(100)), ("tap", press(0)), ("Enter", enter)] {
        let t = text(&h.one("left_click", json!({"target": r#ref(&button)})).await?);
        assert!(t.contains("This action opened a file chooser"), "{how}: {t}");
        let clicked = std::time::Instant::now();
        h.site.clear_log();
        // Past the half second in which a press is still taken for Claude's own.
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
        for (event, pause) in events {
            let method = if event["type"].as_str().is_some_and(|k| k.starts_with("key")) { "Input.dispatchKeyEvent" } else { "Input.dispatchMouseEvent" };
            person.send(Some(&s), method, event).await?;
            tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
        }
        assert!(clicked.elapsed() < std::time::Duration::from_millis(1800), "{how}: the person acted too late to tell");
        h.wait_log("the person's click", |e| e["type"] == "click" && e["trusted"] == true && e["target"] == "photo-button").await?;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let t = text(&h.one("read_page", json!({})).await?);
        assert!(!t.contains("file chooser"), "{how}: the person's chooser was taken for Claude's: {t}");
        // The browser shows one chooser at a time: the person's has closed (a headless browser
        // cancels it at once, in a moment on a busy machine) before Claude's next click, whose
        // chooser would otherwise wait behind it.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let log = h.site.log();
            let theirs = log.iter().position(|e| e["type"] == "click" && e["trusted"] == true && e["target"] == "photo-button");
            if theirs.is_some_and(|p| log[p..].iter().any(|e| e["type"] == "chooser cancelled")) {
                break;
            }
            anyhow::ensure!(std::time::Instant::now() < deadline, "{how}: the person's chooser stayed open: {log:?}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
    Ok(())
}

/// Waits (at most 5 s) until `site`'s log holds an entry matching `want`.
async fn wait_site_log(
    site: &Site,
    what: &str,
    want: impl Fn(&Value) -> bool,
) -> anyhow::Result<()> {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    while !site.log().iter().any(&want) {
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "{what}: not in the log: {:?}",
            site.log()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Ok(())
}

/// A cross-origin frame (its own process) has file choosers of its own: Claude's click there is
/// intercepted and told as in the page, file_upload fills the input it names, and the person's
/// own press in that frame hands its choosers back to them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn file_choosers_in_a_cross_origin_frame() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let base = Scratch::new("frame-choosers")?;
    std::fs::write(base.0.join("a.png"), "png")?;
    let policy = json!({"upload_roots": [base.0], "auto_approve": ["file_upload"]});
    let mut h = Harness::start_with_policy(policy, &[PERSON_FLAG]).await?;
    let other = Site::start(Pages::Dir(fixtures()), "127.0.0.2").await?;
    let page = format!("frames.html?other=http://{}&inner=upload.html", other.addr);
    ok(&h.one("navigate", json!({"url": h.url(&page)})).await?);
    let button = h.ref_of("button", "Upload photos").await?;
    let t = text(
        &h.one("left_click", json!({"target": r#ref(&button)}))
            .await?,
    );
    let input = chooser_input(&t, "Photos");
    wait_site_log(&other, "the chooser cancelled", |e| {
        e["type"] == "chooser cancelled" && e["input"] == "photos"
    })
    .await?;
    let call = h.call(
        "file_upload",
        json!({"target": r#ref(&input), "paths": [base.0.join("a.png")]}),
    );
    ok(&h
        .run_with(vec![call], json!({"file_upload": {"enabled": true}}))
        .await?
        .remove(0));
    wait_site_log(&other, "the file set", |e| {
        e["type"] == "files" && e["input"] == "photos" && e["names"] == json!(["a.png"])
    })
    .await?;

    // The person clicks the same button, between half a second and two seconds after Claude's
    // click: unheard, their chooser would be intercepted and told as a late one of Claude's.
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let top = person
        .targets("frames.html")
        .await?
        .into_iter()
        .find(|t| t["type"] == "page")
        .ok_or_else(|| anyhow::anyhow!("no page"))?;
    let frame = person
        .targets("upload.html")
        .await?
        .into_iter()
        .find(|t| t["type"] == "iframe")
        .ok_or_else(|| anyhow::anyhow!("no frame target"))?;
    let attach = |target: &Value| json!({"targetId": target["targetId"], "flatten": true});
    let s = person
        .send(None, "Target.attachToTarget", attach(&top))
        .await?["sessionId"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let f = person
        .send(None, "Target.attachToTarget", attach(&frame))
        .await?["sessionId"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let at = |v: &Value| {
        (
            v["result"]["value"][0].as_f64().unwrap_or(0.0),
            v["result"]["value"][1].as_f64().unwrap_or(0.0),
        )
    };
    let frame_box = at(&person.send(Some(&s), "Runtime.evaluate", json!({"expression": "(() => { const r = document.getElementById('cross').getBoundingClientRect(); return [r.x + 2, r.y + 2]; })()", "returnByValue": true})).await?);
    let in_frame = at(&person.send(Some(&f), "Runtime.evaluate", json!({"expression": "(() => { const r = document.getElementById('photo-button').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()", "returnByValue": true})).await?);
    let (x, y) = (frame_box.0 + in_frame.0, frame_box.1 + in_frame.1);
    let t = text(
        &h.one("left_click", json!({"target": r#ref(&button)}))
            .await?,
    );
    assert!(t.contains("This action opened a file chooser"), "{t}");
    let clicked = std::time::Instant::now();
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    for kind in ["mousePressed", "mouseReleased"] {
        person
            .send(
                Some(&s),
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await?;
    }
    assert!(
        clicked.elapsed() < std::time::Duration::from_millis(1800),
        "the person acted too late to tell"
    );
    wait_site_log(&other, "the person's click", |e| {
        e["type"] == "click" && e["trusted"] == true && e["target"] == "photo-button"
    })
    .await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(
        !t.contains("file chooser"),
        "the person's chooser was taken for Claude's: {t}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_folder_inside_an_upload_root_is_refused_at_start() -> anyhow::Result<()> {
    let base = Scratch::new("overlap")?;
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

/// A call limit shorter than the approval time: the approval gives up first, so Claude reads that
/// nobody approved, not that the browser did not finish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_ends_within_the_call_limit() -> anyhow::Result<()> {
    // A DevTools port open to the outside: a person's tools could answer the window.
    let mut h = Harness::start_with_policy(json!({}), &["--call-timeout", "7", tabwright_e2e::person::PERSON_FLAG]).await?;
    ok(&h
        .one("navigate", json!({"url": h.url("policy.html")}))
        .await?);
    let call = h.call("javascript_exec", json!({"text": "document.title = 'ran'"}));
    let on = json!({"javascript_exec": {"enabled": true}});
    let e = error_text(&h.run_with(vec![call], on).await?.remove(0));
    assert!(
        e.starts_with("The person watching did not approve this action within 2 seconds"),
        "{e}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirmations_can_be_declined_or_time_out() -> anyhow::Result<()> {
    let policy = json!({"confirm_timeout_secs": 1, "confirm_clicks": "buy|pay"});
    let mut h = Harness::start_with_policy(policy, &[tabwright_e2e::person::PERSON_FLAG]).await?;
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
    // Space on the focused Search presses it, which the rule lets through; a Tab or a press
    // before the last Space or line break may move the focus onto Buy now, so those ask.
    ok(&h.one("key", json!({"text": "space"})).await?);
    for keys in ["space Tab space", "shift+Tab space", "space space"] {
        let e = error_text(&h.one("key", json!({"text": keys})).await?);
        assert!(e.contains("did not approve"), "{keys}: {e}");
    }
    for text in ["\t ", " \n"] {
        let e = error_text(&h.one("type", json!({"text": text})).await?);
        assert!(e.contains("did not approve"), "{text:?}: {e}");
    }
    // The SDK driver's own confirmation, through the member method.
    let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": "1"}, "confirmed": false})).await?;
    assert!(m["outcome"]["error"].as_str().is_some_and(|e| e.starts_with("The person declined the javascript_exec call")), "{m}");
    let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": "6 * 7"}, "confirmed": true})).await?;
    assert_eq!(m["outcome"]["ok"]["text"], "42", "{m}");
    Ok(())
}

/// A headless browser with no DevTools port open shows its approval window to nobody: an action
/// that needs approval is refused at once, saying why and what the person can do, and not run.
/// The SDK driver's own approval still works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_headless_browser_nobody_can_watch_refuses_what_needs_approval_at_once() -> anyhow::Result<()> {
    let policy = json!({"confirm_clicks": "buy"});
    let mut h = Harness::start_with_policy(policy, &[]).await?;
    ok(&h.one("navigate", json!({"url": h.url("policy.html")})).await?);
    let on = json!({"javascript_exec": {"enabled": true}});
    let call = h.call("javascript_exec", json!({"text": "document.title = 'ran'"}));
    let e = error_text(&h.run_with(vec![call], on).await?.remove(0));
    assert!(e.starts_with("Nobody can approve javascript_exec: the browser runs headless"), "{e}");
    assert!(e.contains("auto_approve"), "{e}");
    let buy = h.ref_of("button", "Buy now").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&buy)})).await?);
    assert!(e.starts_with(r#"Nobody can approve left_click on button "Buy now""#), "{e}");
    let r = h.one("list_tabs", json!({})).await?;
    assert_eq!(only_state(&r).tabs.len(), 1, "{r:?}");
    assert_eq!(only_state(&r).tabs[0].title, "Policy", "the script ran");
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
    assert_eq!(reply["id"], 9, "{}", reply);
    // Its id written last, as JSON-RPC clients often write it, is the one answered too.
    let big = format!(r#"{{"method": "state", "params": {{"pad": "{}"}}, "id": "last"}}"#, "x".repeat(17 * 1024 * 1024));
    let reply = h.client.raw(&big).await?;
    assert_eq!((&reply["error"]["code"], &reply["id"]), (&json!("too_large"), &json!("last")), "{}", reply);
    let r = h.one("list_tabs", json!({})).await?;
    ok(&r);
    // One too large to read at all is still answered, with a close frame after it that says why,
    // though the client is still sending it when the bridge stops reading.
    let mut other = tabwright::client::Client::connect(&h.session.socket).await?;
    let huge = format!(r#"{{"id": 11, "method": "state", "params": {{"pad": "{}"}}}}"#, "x".repeat(70 * 1024 * 1024));
    let reply = other.raw(&huge).await?;
    assert_eq!(reply["error"]["code"], "too_large", "{}", reply);
    let closed = other.raw("{}").await.map(|r| r.to_string()).unwrap_or_else(|e| e.to_string());
    assert!(closed.contains("too large to read"), "{closed}");
    Ok(())
}

/// Every process below `root` in the process tree, with its command line.
fn descendants(root: u32) -> Vec<(u32, String)> {
    let mut parent_of = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // The fields after the command name (which may hold spaces) start after its last ')'.
        let ppid = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok());
        if let Some(ppid) = ppid {
            parent_of.push((pid, ppid));
        }
    }
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let p = found[i];
        found.extend(parent_of.iter().filter(|(_, pp)| *pp == p).map(|(c, _)| *c));
        i += 1;
    }
    found
        .into_iter()
        .skip(1)
        .map(|pid| (pid, std::fs::read(format!("/proc/{pid}/cmdline")).map(|b| String::from_utf8_lossy(&b).replace('\0', " ")).unwrap_or_default()))
        .collect()
}

/// Whether a process's private anonymous memory (its heap, where a forked process's
/// environment lives) holds any of `needles`; one answer per needle. Chromium rewrites a
/// renderer's /proc/PID/environ with its process title, so its memory is read instead.
fn memory_holds(pid: u32, needles: &[&str]) -> anyhow::Result<Vec<bool>> {
    use std::os::unix::fs::FileExt;
    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps"))?;
    let mem = std::fs::File::open(format!("/proc/{pid}/mem"))?;
    let mut found = vec![false; needles.len()];
    let mut read_any = false;
    for line in maps.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 5 || fields[1] != "rw-p" || fields[4] != "0" {
            continue;
        }
        let Some((start, end)) = fields[0].split_once('-') else { continue };
        let (Ok(start), Ok(end)) = (u64::from_str_radix(start, 16), u64::from_str_radix(end, 16)) else { continue };
        let mut region = vec![0u8; (end - start) as usize];
        if mem.read_exact_at(&mut region, start).is_err() {
            continue;
        }
        read_any = true;
        for (i, needle) in needles.iter().enumerate() {
            // SAFETY: both pointers and lengths come from live slices; memmem only reads them.
            let hit = unsafe { libc::memmem(region.as_ptr().cast(), region.len(), needle.as_ptr().cast(), needle.len()) };
            found[i] |= !hit.is_null();
        }
    }
    anyhow::ensure!(read_any, "could not read the memory of process {pid}");
    Ok(found)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sandbox_is_never_turned_off_silently_and_secrets_stay_out_of_renderers() -> anyhow::Result<()> {
    let base = Scratch::new("sandbox")?;
    let root = tabwright::launch::running_as_root();
    if root {
        // As root, launch refuses to start the browser unless told to run it without its sandbox.
        let out = std::process::Command::new(bridge_exe())
            .args(["launch", "--headless", "--socket"])
            .arg(base.0.join("refused/agent.sock"))
            .arg("--profile")
            .arg(base.0.join("refused-profile"))
            .output()?;
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(err.contains("runs as root") && err.contains("--no-sandbox"), "{err}");
    }

    // A planted credential in launch's own environment (as `tabwright agent` has its API key).
    let planted = "sk-ant-api03-planted0secret0for0the0renderer0test";
    let site = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
    let socket = base.0.join("s/agent.sock");
    let mut cmd = tokio::process::Command::new(bridge_exe());
    cmd.args(["launch", "--headless", "--socket"]).arg(&socket).arg("--profile").arg(base.0.join("profile"));
    if root {
        cmd.arg("--no-sandbox");
    }
    cmd.env("ANTHROPIC_API_KEY", planted).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).kill_on_drop(true);
    let mut child = cmd.spawn()?;
    let pid = child.id().unwrap_or_default();
    let stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let mut lines = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(stdout));
    let ready = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await? {
            if line.starts_with("ready ") {
                return Ok(());
            }
        }
        anyhow::bail!("launch exited before it was ready")
    });
    ready.await??;
    let mut client = tabwright::client::connect_with_retry(&socket, std::time::Duration::from_secs(10)).await?;
    let tool_use = json!({"type": "tool_use", "id": "toolu_env", "name": "navigate", "toolset_name": "browser", "input": {"url": site.url("one.html")}});
    let reply = client.request("call", json!({"tool_use": tool_use})).await?;
    assert_ne!(reply["tool_result"]["is_error"], json!(true), "{reply}");

    // The relay token is in a private file beside the socket, and only its name is passed on.
    let token_file = std::fs::read_dir(socket.parent().expect("dir"))?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("relay-") && n.ends_with(".token")))
        .expect("the relay token file");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&token_file)?.permissions().mode() & 0o777, 0o600);
    let token = std::fs::read_to_string(&token_file)?;
    assert!(token.len() >= 32, "{token}");
    let processes = descendants(pid);
    let renderers: Vec<&(u32, String)> = processes.iter().filter(|(_, c)| c.contains("--type=renderer")).collect();
    assert!(!renderers.is_empty(), "no renderer among {processes:#?}");
    // The browser's own environment, which its zygotes and so every renderer start from.
    let browser = processes.iter().find(|(_, c)| !c.contains("--type=") && !c.contains("chrome-extension://")).expect("the browser process");
    let environ = String::from_utf8_lossy(&std::fs::read(format!("/proc/{}/environ", browser.0))?).into_owned();
    assert!(environ.contains("TABWRIGHT_SOCKET="), "the browser's environment was read: {environ}");
    assert!(!environ.contains(token.trim()) && !environ.contains(planted), "the browser's environment holds a secret");
    for (p, cmdline) in &renderers {
        // The renderer's environment is in its memory: the socket's name is there, no secret is.
        let held = memory_holds(*p, &["TABWRIGHT_SOCKET=", token.trim(), planted])?;
        assert!(held[0], "renderer {p}: its environment was not found in its memory, so this check proves nothing");
        assert!(!held[1], "renderer {p} holds the relay token");
        assert!(!held[2], "renderer {p} holds launch's API key");
        assert_eq!(cmdline.contains("--no-sandbox"), root, "the sandbox is off exactly when asked: {cmdline}");
    }
    // The native host did get the token: the extension is connected through it.
    let status = client.request("status", json!({})).await?;
    assert!(!status["extension"].is_null(), "{status}");

    // SAFETY: signalling our own child by pid.
    unsafe {
        libc::kill(pid as i32, libc::SIGTERM);
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), child.wait()).await;
    let mut err = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut stderr, &mut err).await?;
    assert_eq!(err.contains("WARNING: the browser runs without its sandbox"), root, "launch warns exactly when the sandbox is off: {err}");
    assert!(!token_file.exists(), "the token file goes with the session");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn install_mode_enforces_its_policy_and_refuses_relays_without_the_token() -> anyhow::Result<()> {
    let base = Scratch::new("install")?;
    let blocked = Site::start(Pages::Dir(fixtures()), "127.0.0.2").await?;
    let allowed = Site::start(Pages::Dir(fixtures()), "127.0.0.1").await?;
    let config = base.0.join("config");
    let profile = base.0.join("profile");
    let socket = base.0.join("s/agent.sock");
    let policy = base.0.join("policy.json");
    std::fs::write(&policy, json!({"block": ["127.0.0.2"]}).to_string())?;
    let extension = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize()?;
    let out = std::process::Command::new(bridge_exe())
        .args(["install", "--profile"])
        .arg(&profile)
        .arg("--extension")
        .arg(&extension)
        .arg("--policy")
        .arg(&policy)
        .env("XDG_CONFIG_HOME", &config)
        .output()?;
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
    assert!(said.contains("The browsing policy is"), "{said}");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(config.join("tabwright/relay.token"))?.permissions().mode() & 0o777, 0o600);
    // A policy that does not parse is refused before anything is written.
    let bad = base.0.join("bad.json");
    std::fs::write(&bad, r#"{"allow": ["not a host"]}"#)?;
    let out = std::process::Command::new(bridge_exe()).args(["install", "--profile"]).arg(&profile).arg("--extension").arg(&extension).arg("--policy").arg(&bad).env("XDG_CONFIG_HOME", &config).output()?;
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("not a host pattern"));

    // The person's own browser: the extension loaded unpacked, the host found through the
    // manifest install wrote. Nothing of `launch` is involved.
    let chrome = tabwright::browser::find_browser(None).expect("a browser ($CHROME)");
    let mut browser = tokio::process::Command::new(chrome);
    browser
        .args(tabwright::launch::browser_args(&profile, &extension, true, tabwright::launch::running_as_root()))
        .env("XDG_CONFIG_HOME", &config)
        .env("TABWRIGHT_SOCKET", &socket)
        .env_remove(tabwright::host::TOKEN_FILE_ENV)
        .env_remove("TABWRIGHT_HUB")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true);
    let mut browser = browser.spawn()?;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut client = loop {
        if let Ok(mut c) = tabwright::client::Client::connect(&socket).await {
            if c.request("status", json!({})).await.is_ok_and(|s| !s["extension"].is_null()) {
                break c;
            }
        }
        anyhow::ensure!(tokio::time::Instant::now() < deadline, "the installed host never served {}", socket.display());
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let call = |url: String| json!({"tool_use": {"type": "tool_use", "id": "toolu_inst", "name": "navigate", "toolset_name": "browser", "input": {"url": url}}});
    let r = client.request("call", call(blocked.url("one.html"))).await?;
    assert_eq!(r["tool_result"]["is_error"], json!(true), "the installed policy blocks 127.0.0.2: {r}");
    assert!(r.to_string().contains("blocked by this session's browsing policy"), "{r}");

    // A relay with no token, or a wrong one, is closed at once, and the extension's link stays.
    let hub = tabwright::paths::hub_socket(&socket);
    for presented in ["", "0123456789abcdef"] {
        let mut stream = tokio::net::UnixStream::connect(&hub).await?;
        tokio::io::AsyncWriteExt::write_all(&mut stream, format!("{presented}\n").as_bytes()).await?;
        let mut buf = [0u8; 16];
        let read = tokio::time::timeout(std::time::Duration::from_secs(10), tokio::io::AsyncReadExt::read(&mut stream, &mut buf)).await;
        assert!(matches!(read, Ok(Ok(0))), "a relay presenting {presented:?} was not refused: {read:?}");
    }
    let r = client.request("call", call(allowed.url("one.html"))).await?;
    assert_ne!(r["tool_result"]["is_error"], json!(true), "{r}");
    let _ = browser.kill().await;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_cannot_open_the_extensions_websocket_lane() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"auto_approve": ["javascript_exec"]}), &[]).await?;
    assert!(h.on_lane().await?, "the extension did not open its WebSocket lane");
    let status = h.client.request("status", json!({})).await?;
    let url = status["link"]["lane_url"].as_str().unwrap_or_default().to_string();
    assert!(url.starts_with("ws://127.0.0.1:"), "{status}");
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    // The page knows the address and knocks, as a page scanning local ports would, with a token
    // of the right length.
    let knock = format!(
        "new Promise((r) => {{ const w = new WebSocket({url:?}); w.onopen = () => {{ w.send('0'.repeat(32)); setTimeout(() => r('open ' + w.readyState), 500); }}; w.onerror = () => r('refused'); }})"
    );
    let call = h.call("javascript_exec", json!({"text": knock}));
    let r = h.run_with(vec![call], json!({"javascript_exec": {"enabled": true}})).await?.remove(0);
    assert_eq!(text(&r).trim(), "refused", "{r:?}");
    // The extension's own lane still carries every call.
    ok(&h.one("list_tabs", json!({})).await?);
    assert!(h.on_lane().await?, "the page's knock ended the extension's lane");
    Ok(())
}
