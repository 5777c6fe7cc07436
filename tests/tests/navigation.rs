//! navigate waits for its own document (the loader Page.navigate names), and tells Claude when
//! the server answered with an error status.

use std::time::{Duration, Instant};

use serde_json::json;
use tabwright_e2e::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_statuses_are_told_in_the_result() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let r = h.one("navigate", json!({"url": h.url("one.html")})).await?;
    ok(&r);
    assert!(!text(&r).contains("HTTP"), "a page that loaded fine says nothing about its status: {r:?}");

    let missing = h.url("no-such-page.html");
    let r = h.one("navigate", json!({"url": missing})).await?;
    ok(&r);
    let t = text(&r);
    assert!(t.starts_with(&format!("Navigated to {missing} (HTTP 404)")), "{t}");
    assert!(t.contains("The server answered HTTP 404 Not Found: the tab shows its error page, not the page asked for."), "{t}");
    // A reload of it says so again.
    let t = text(&h.one("navigate", json!({"url": "reload"})).await?);
    assert!(t.contains("(HTTP 404)") && t.contains("HTTP 404 Not Found"), "{t}");

    for (code, phrase) in [(500, "Internal Server Error"), (503, "Service Unavailable")] {
        let url = h.url(&format!("status/{code}"));
        let r = h.one("navigate", json!({"url": url})).await?;
        ok(&r);
        let t = text(&r);
        assert!(t.starts_with(&format!("Navigated to {url} (HTTP {code})")), "{t}");
        assert!(t.contains(&format!("The server answered HTTP {code} {phrase}: it failed to produce the page.")), "{t}");
        assert_eq!(state(&r).active().map(|t| t.title.as_str()), Some(format!("Status {code}").as_str()), "the error page loaded");
    }
    // Back to the 500 page: a history step reports the status of the page it lands on.
    let t = text(&h.one("navigate", json!({"url": "back"})).await?);
    assert!(t.contains("(HTTP 500)"), "{t}");
    let t = text(&h.one("navigate", json!({"url": "forward"})).await?);
    assert!(t.contains("(HTTP 503)"), "{t}");
    // A link to a missing page: the next navigation to a good page no longer mentions a status.
    let r = h.one("navigate", json!({"url": h.url("two.html")})).await?;
    assert!(!text(&r).contains("HTTP"), "{r:?}");
    // No content: the tab stays where it was, and says so.
    let empty = h.url("status/204");
    let e = error_text(&h.one("navigate", json!({"url": empty})).await?);
    assert_eq!(e, format!("Navigation to {empty} loaded nothing: its server answered HTTP 204 (no content), so the tab still shows the page it was on."));
    let r = h.one("list_tabs", json!({})).await?;
    assert!(only_state(&r).active().is_some_and(|t| t.url.ends_with("/two.html")), "{r:?}");
    Ok(())
}

/// A reload, back or forward that lands on the browser's own error page (the server is gone)
/// fails as a navigation to that address does, with the network error, rather than saying it
/// navigated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_history_step_or_reload_to_an_address_that_cannot_load_fails() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    // A port nothing listens on any more.
    let gone = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    let dead = format!("http://{gone}/x");
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let e = error_text(&h.one("navigate", json!({"url": dead})).await?);
    assert!(e.contains("net::ERR_CONNECTION_REFUSED"), "{e}");
    // The next call lists the tab where it is: on the error page for that address.
    let r = h.one("list_tabs", json!({})).await?;
    assert_eq!(state(&r).tabs[0].url, dead, "{r:?}");
    let t = text(&h.one("navigate", json!({"url": "back"})).await?);
    assert!(t.starts_with("Navigated to ") && t.contains("/one.html"), "{t}");
    let e = error_text(&h.one("navigate", json!({"url": "forward"})).await?);
    assert_eq!(e, format!("Navigation to {dead} failed: net::ERR_CONNECTION_REFUSED. The tab shows the browser's error page. Nothing answers at that address: the server is down, or the port is wrong."));
    let e = error_text(&h.one("navigate", json!({"url": "reload"})).await?);
    assert!(e.starts_with("Reload failed: net::ERR_CONNECTION_REFUSED."), "{e}");
    // A page that loads again is told as loaded.
    let t = text(&h.one("navigate", json!({"url": "back"})).await?);
    assert!(t.starts_with("Navigated to ") && t.contains("/one.html"), "{t}");
    Ok(())
}

/// A click on a link to an address that cannot be loaded says so with the network error, and one
/// to a page the server answers with an error status says that status, as navigate does, rather
/// than only "Clicked."; a link that loads says nothing of the kind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_link_that_cannot_load_says_why() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let gone = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    let dead = format!("http://{gone}/x");
    let link_to = |to: &str| format!("link-to.html?to={}", to.replace(':', "%3A").replace('/', "%2F"));
    ok(&h.one("navigate", json!({"url": h.url(&link_to(&dead))})).await?);
    let link = h.ref_of("link", "Go there").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&link)})).await?);
    assert!(t.contains(&format!("The navigation to {dead} failed: net::ERR_CONNECTION_REFUSED. The tab shows the browser's error page.")), "{t}");
    // A page the server has not: its answer's status, as navigate says it.
    ok(&h.one("navigate", json!({"url": h.url(&link_to("no-such-page.html"))})).await?);
    let link = h.ref_of("link", "Go there").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&link)})).await?);
    assert!(t.contains("The server answered HTTP 404 Not Found: the tab shows its error page"), "{t}");
    // A link that loads, through a redirect or not, says nothing of the kind.
    for to in ["one.html", "/redirect?to=/two.html"] {
        ok(&h.one("navigate", json!({"url": h.url(&link_to(to))})).await?);
        let link = h.ref_of("link", "Go there").await?;
        let r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
        ok(&r);
        assert!(!text(&r).contains("failed") && !text(&r).contains("HTTP"), "{r:?}");
    }
    Ok(())
}

/// A host written in Unicode is opened by its ASCII name, the one Chrome reports.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unicode_host_name_is_opened() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    // Chrome takes every *.localhost name for this machine.
    let url = h.url("one.html").replace("127.0.0.1", "BÜCHER.localhost");
    let ascii = h.url("one.html").replace("127.0.0.1", "xn--bcher-kva.localhost");
    let r = h.one("navigate", json!({"url": url})).await?;
    ok(&r);
    assert!(text(&r).starts_with(&format!("Navigated to {ascii}")), "{r:?}");
    assert_eq!(state(&r).active().map(|t| t.title.as_str()), Some("Fixture One"), "{r:?}");
    Ok(())
}

/// The page being left may finish loading while the next navigation waits for its server: its
/// load event must not end the navigation's wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_navigation_waits_for_its_own_document() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("loads.html")})).await?);
    let link = h.ref_of("link", "A page whose image takes half a second").await?;
    // The click returns while that page is still loading its image.
    ok(&h.one("left_click", json!({"target": r#ref(&link)})).await?);
    // The next page's server answers after 1.5 s, and its own image takes 1.5 s more. Meanwhile
    // the page being left finishes loading.
    let started = Instant::now();
    let url = h.url("slow?ms=1500&img=1500");
    let r = h.one("navigate", json!({"url": url})).await?;
    let took = started.elapsed();
    ok(&r);
    assert!(text(&r).starts_with(&format!("Navigated to {url}")), "{r:?}");
    // The new page had loaded (its image included) when navigate answered.
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("This page took its time.") && page.contains("loaded"), "navigate answered {took:?} after it was sent, before its page had loaded: {page}");
    assert!(took >= Duration::from_millis(2900), "it waited for the page's own load: {took:?}");
    Ok(())
}

/// A page whose image hangs is shown without waiting for it: navigate says it is shown and still
/// loading, a few seconds after it was parsed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_is_shown_without_waiting_for_a_hanging_image() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let url = h.url("slow?ms=0&img=25000");
    let r = h.one("navigate", json!({"url": url})).await?;
    ok(&r);
    assert_eq!(
        text(&r),
        format!("Navigated to {url}\nThe page is shown, but some of it was still loading 5 seconds after it showed (its images, scripts or frames, or the rest of the page from its server); what comes later may appear after this."),
    );
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("This page took its time.") && page.contains("loading") && !page.contains("loaded"), "answered before the load: {page}");
    Ok(())
}

/// A page that shows its first part while its server keeps sending the rest is shown, with the
/// same note, a few seconds after it showed, and can be read and acted on; not a failed
/// navigation at the end of the whole timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_its_server_keeps_sending_is_shown_once_it_shows() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let url = h.url("streaming?ms=20000");
    let sent = std::time::Instant::now();
    let r = h.one("navigate", json!({"url": url})).await?;
    ok(&r);
    let took = sent.elapsed();
    assert!(text(&r).contains("The page is shown, but some of it was still loading 5 seconds after it showed"), "{r:?}");
    assert!(took < Duration::from_secs(15), "answered {took:?} after it was sent");
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("heading \"First part\"") && t.contains("button \"Early button\"") && !t.contains("The rest."), "{t}");
    Ok(())
}

/// A click whose page takes its server a moment tells that page in its own result. After a click
/// on a link whose server has not answered, the click says the tab is loading it, and the browser
/// holds every question to the page on screen: a read says the tab waits on that server (after a
/// few seconds, not the 15 of a page stuck in a script), and a navigate elsewhere replaces the
/// waiting load.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_has_not_answered_is_named_not_the_page() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("loads.html")})).await?);
    let link = h.ref_of("link", "A server that takes half a second to answer").await?;
    let r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
    ok(&r);
    let moment = h.url("slow?ms=500");
    assert!(state(&r).active().is_some_and(|t| t.url == moment), "the click's result has the page it loaded: {r:?}");
    assert!(!text(&r).contains("is loading"), "{r:?}");
    ok(&h.one("navigate", json!({"url": h.url("loads.html")})).await?);
    let link = h.ref_of("link", "A server that takes 20 seconds to answer").await?;
    let r = h.one("left_click", json!({"target": r#ref(&link)})).await?;
    ok(&r);
    let slow = h.url("slow?ms=20000");
    assert!(text(&r).contains(&format!("tab-1 is loading {slow}; its server has not sent the page yet, so the page on screen stays until it does.")), "{r:?}");
    let e = error_text(&h.one("get_page_text", json!({})).await?);
    assert_eq!(
        e,
        format!("tab-1 is loading {slow}, and that server has not sent the page yet, so get_page_text could not finish: until the page arrives (or its load fails) the browser holds every question to the page on screen. Wait and try again, or navigate elsewhere (a new navigate replaces the waiting one).")
    );
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(!page.is_empty() && !page.contains("This page took its time."), "{page}");
    // A navigate whose server stays silent ends, and stops that load: the page it was on answers.
    let silent = h.url("slow?ms=30000");
    let e = error_text(&h.one("navigate", json!({"url": silent})).await?);
    assert_eq!(e, format!("Navigation to {silent} timed out after 20 seconds: its server did not answer. The tab still shows the page it was on."));
    assert_eq!(text(&h.one("get_page_text", json!({})).await?), page, "the page it was on");
    Ok(())
}

/// An app that draws itself only after its load event is read as it looks once navigate has
/// answered, not as an empty page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_drawn_after_its_load_is_read_as_drawn() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let r = h.one("navigate", json!({"url": h.url("late.html")})).await?;
    // Its title came with its content: the report has it.
    assert_eq!(state(&r).active().map(|t| t.title.as_str()), Some("Inbox (3)"), "{r:?}");
    let r = h.one("read_page", json!({})).await?;
    assert!(text(&r).contains("button \"Compose\""), "{r:?}");
    // A page that stays blank costs the bounded wait once, and still answers.
    ok(&h.one("navigate", json!({"url": "about:blank"})).await?);
    Ok(())
}

/// A page that loads itself again the moment it is shown: what a call says of it is plain words
/// (the page keeps replacing its document, or a ref the last document handed out is gone), never
/// the browser's protocol errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_keeps_reloading_itself_is_told_in_plain_words() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let r = h.one("navigate", json!({"url": h.url("reloading.html")})).await?;
    let mut said = vec![text(&r)];
    for _ in 0..4 {
        for (member, input) in [("read_page", json!({})), ("find", json!({"query": "Go on button"})), ("get_page_text", json!({}))] {
            said.push(text(&h.one(member, input).await?));
        }
        if let Ok(go) = h.ref_of("button", "Go on").await {
            said.push(text(&h.one("left_click", json!({"target": r#ref(&go)})).await?));
        }
    }
    for t in &said {
        for raw in ["\"code\"", "-32000", "Cannot find context", "Inspected target", "Execution context was destroyed"] {
            assert!(!t.contains(raw), "{raw} in: {t}");
        }
    }
    Ok(())
}

/// Two pages that send the tab to each other for ever. A navigate to them says so and leaves the
/// tab on a blank page, where it would have waited out its timeout; a navigate away from them,
/// while they go on, lands where it was sent, where their navigation used to replace it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_that_send_the_tab_back_and_forth_are_left_and_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let started = Instant::now();
    let e = error_text(&h.one("navigate", json!({"url": h.url("pingpong.html")})).await?);
    assert!(started.elapsed() < Duration::from_secs(15), "told well before the navigation's timeout: {:?}", started.elapsed());
    assert!(e.contains("did not settle: the page kept sending the tab on to another address by itself"), "{e}");
    assert!(e.contains("left the tab on a blank page"), "{e}");
    let r = h.one("list_tabs", json!({})).await?;
    assert!(only_state(&r).active().is_some_and(|t| t.url == "about:blank"), "{r:?}");

    // (A document the page asked for can commit after ours has loaded: the rounds leave the
    // pages at different moments of their back and forth.)
    for round in 0..8 {
        // The first page loads, and the navigate answers; a moment later it sends the tab on, and
        // the pages go on sending it to each other before each loads.
        let r = h.one("navigate", json!({"url": h.url("pingpong.html?late")})).await?;
        ok(&r);
        tokio::time::sleep(Duration::from_millis(150 + 31 * round)).await;
        let r = h.one("navigate", json!({"url": h.url("one.html")})).await?;
        ok(&r);
        assert!(text(&r).starts_with(&format!("Navigated to {}", h.url("one.html"))), "round {round}: {r:?}");
        // It stays there.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let r = h.one("list_tabs", json!({})).await?;
        assert!(only_state(&r).active().is_some_and(|t| t.url.ends_with("/one.html")), "round {round}: {r:?}");
        let t = text(&h.one("read_page", json!({})).await?);
        assert!(!t.contains("Ping") && !t.contains("Pong"), "round {round}: {t}");
    }
    Ok(())
}

/// A PDF, which the browser shows in its own viewer (and ends the debugger's session with the
/// tab as it goes there): navigate lands on it and says how to read it, a screenshot shows the
/// page drawn, the reads say why they hold nothing, and the tab is worked on as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pdf_is_navigated_to_and_said_to_be_read_by_screenshot() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let pdf = h.url("brochure.pdf");
    let r = h.one("navigate", json!({"url": pdf})).await?;
    ok(&r);
    let t = text(&r);
    assert!(t.starts_with(&format!("Navigated to {pdf}")) && t.contains("shows a PDF in the browser's own viewer"), "{t}");
    assert_eq!(state(&r).active().map(|t| t.url.clone()), Some(pdf.clone()), "{r:?}");
    for (member, input) in [("read_page", json!({})), ("get_page_text", json!({})), ("find", json!({"query": "hello"}))] {
        let r = h.one(member, input).await?;
        ok(&r);
        assert!(text(&r).contains("take a screenshot to read it"), "{member}: {r:?}");
    }
    // The viewer draws the page white on its dark background: a screenshot holds both.
    let r = h.one("screenshot", json!({})).await?;
    let tabwright_protocol::ContentBlock::Image { source } = &r.content[0] else { panic!("{r:?}") };
    let img = decoded(&source.data).map_err(anyhow::Error::msg)?;
    let white = img.pixels().filter(|p| p[0] > 240 && p[1] > 240 && p[2] > 240).count();
    assert!(white > 1000, "the PDF's page is drawn ({white} white pixels)");
    let r = h.one("navigate", json!({"url": h.url("two.html")})).await?;
    ok(&r);
    assert!(text(&r).starts_with(&format!("Navigated to {}", h.url("two.html"))), "{r:?}");
    let heading = h.ref_of("heading", "Fixture two").await;
    assert!(heading.is_ok(), "the page after the PDF is read: {heading:?}");
    Ok(())
}

/// A click on a link to a PDF, in the same tab or a new one: the screenshot right behind it shows
/// the PDF's page, not the viewer's empty frame (the viewer loads, and draws the page, a moment
/// after the click).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pdf_a_click_opened_is_drawn_in_the_next_screenshot() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    for (name, address) in [("Open the brochure", "brochure.pdf"), ("Open it in a new tab", "brochure.pdf?tab")] {
        ok(&h.one("navigate", json!({"url": h.url("brochure-link.html")})).await?);
        let link = h.ref_of("link", name).await?;
        let r = h.one("left_click", json!({"target": {"type": "ref", "ref": link}})).await?;
        ok(&r);
        let opened = state(&r).tabs.iter().find(|t| t.url == h.url(address)).map(|t| (t.tab_id.clone(), t.active));
        let Some((tab, active)) = opened else { panic!("{name}: {r:?}") };
        if !active {
            ok(&h.one("switch_tab", json!({"tab_id": tab})).await?);
        }
        let r = h.one("screenshot", json!({})).await?;
        let tabwright_protocol::ContentBlock::Image { source } = &r.content[0] else { panic!("{r:?}") };
        let img = decoded(&source.data).map_err(anyhow::Error::msg)?;
        let white = img.pixels().filter(|p| p[0] > 240 && p[1] > 240 && p[2] > 240).count();
        assert!(white > 1000, "{name}: the PDF's page is drawn ({white} white pixels)");
        let r = h.one("get_page_text", json!({})).await?;
        assert!(text(&r).contains("take a screenshot to read it"), "{name}: {r:?}");
    }
    Ok(())
}

/// Once its load is over, a page tells how it stands, and navigate answers with that: the
/// title it gave itself in its load handler, an SVG document's, an app whose content is all in
/// shadow roots (open or closed), the same page again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn navigate_answers_with_the_page_as_it_stands_once_loaded() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    // (The same page again leaves the tabs as they were: its result has no browser_state.)
    for (page, title, again) in [
        ("title-at-load.html", "Named at load", false),
        ("picture.svg", "A red square", false),
        ("components.html", "Components", false),
        ("components.html?mode=closed", "Components", false),
        ("one.html", "Fixture One", false),
        ("one.html", "Fixture One", true),
        ("title-at-load.html", "Named at load", false),
    ] {
        let r = h.one("navigate", json!({"url": h.url(page)})).await?;
        ok(&r);
        assert_eq!(text(&r), format!("Navigated to {}", h.url(page)), "{r:?}");
        match r.state() {
            Some(s) => assert_eq!(s.active().map(|t| (t.url.clone(), t.title.clone())), Some((h.url(page), title.to_string())), "{page}: {r:?}"),
            None => assert!(again, "{page}: {r:?}"),
        }
    }
    let read = text(&h.one("read_page", json!({})).await?);
    assert!(read.contains("heading \"Title at load\""), "{read}");
    h.one("navigate", json!({"url": h.url("components.html")})).await?;
    let read = text(&h.one("read_page", json!({})).await?);
    assert!(read.contains("button \"Add to cart\""), "{read}");
    Ok(())
}

/// An SVG document's drawing is pressed by its ref, as an HTML page's elements are (the
/// overlay that shows the pointer is made of HTML elements in any document).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_svg_documents_drawing_is_pressed_by_ref() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("drawing.svg")})).await?);
    let target = h.ref_of("button", "Blue box").await?;
    for (member, title) in [("left_click", "Pressed 1"), ("double_click", "Pressed 2"), ("hover", "Pressed 2")] {
        let r = h.one(member, json!({"target": r#ref(&target)})).await?;
        ok(&r);
        let s = h.client.request("state", json!({})).await?;
        assert_eq!(s["browser_state"]["tabs"][0]["title"], title, "{member}: {r:?}");
    }
    Ok(())
}

/// A page that sends the tab on by itself as it loads (a meta refresh, a form that sends itself
/// on load, as sign-in relays do, a script in its load or pageshow handler) is followed to the page it sends the tab to, and the result
/// says so; one that moves on only later, or within its own document, is not waited for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_sends_the_tab_on_as_it_loads_is_followed() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    for (relay, next) in [("relay.html", "one.html"), ("relay-form.html", "two.html?from=relay"), ("relay-script.html", "two.html?from=load"), ("relay-script.html?on=pageshow", "two.html?from=pageshow")] {
        let r = h.one("navigate", json!({"url": h.url(relay)})).await?;
        ok(&r);
        let t = text(&r);
        assert!(t.starts_with(&format!("Navigated to {}", h.url(next))), "{t}");
        assert!(t.contains(&format!("{} sent the tab on to this page by itself as it loaded.", h.url(relay))), "{t}");
        assert_eq!(state(&r).active().map(|t| t.url.clone()), Some(h.url(next)), "{r:?}");
    }
    let later = h.url("relay-later.html");
    let started = Instant::now();
    let r = h.one("navigate", json!({"url": later})).await?;
    ok(&r);
    let t = text(&r);
    assert!(t.starts_with(&format!("Navigated to {later}")) && !t.contains("sent the tab on"), "{t}");
    assert!(started.elapsed() < Duration::from_secs(10), "a refresh in 30 s is not waited for");
    Ok(())
}

/// A reload of the page a form's POST brought would send the form again (an order placed
/// twice), which a person's browser asks about first: it is refused, and says how to load the
/// page afresh. A reload of the page a form's answer sent the browser on to (Post/Redirect/Get)
/// asks for it again as any reload does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_that_would_send_a_form_again_is_refused() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    ok(&h.one("navigate", json!({"url": h.url("order.html")})).await?);
    let place = h.ref_of("button", "Place order").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&place)})).await?);
    h.state_until("the order placed", |s| s["browser_state"]["tabs"][0]["title"] == "Status 200").await?;
    let e = error_text(&h.one("navigate", json!({"url": "reload"})).await?);
    assert!(e.starts_with("Nothing was done: tab-1 shows the answer to a form sent to its server, and reloading would send the form again"), "{e}");
    // Back to it from another page: the browser would have to send the form again to show it.
    ok(&h.one("navigate", json!({"url": h.url("one.html")})).await?);
    let e = error_text(&h.one("navigate", json!({"url": "back"})).await?);
    assert!(e.contains("That page answered a form sent to its server: showing it again would send the form again."), "{e}");
    // The click that sent the form says where it went (it used to answer before the browser
    // had begun that navigation, with the tab as it was).
    for _ in 0..3 {
        ok(&h.one("navigate", json!({"url": h.url("order.html")})).await?);
        let on = h.ref_of("button", "Place order and go on").await?;
        let r = h.one("left_click", json!({"target": r#ref(&on)})).await?;
        ok(&r);
        let tab = r.state().map(|s| s.tabs[0].url.clone());
        assert!(tab.as_deref().is_some_and(|u| u.ends_with("/one.html")), "{r:?}");
    }
    let r = h.one("navigate", json!({"url": "reload"})).await?;
    ok(&r);
    assert!(text(&r).starts_with("Navigated to ") && text(&r).contains("/one.html"), "{}", text(&r));
    Ok(())
}
