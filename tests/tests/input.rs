//! Input that behaves like a person's: every pointer and keyboard member, form_input,
//! screenshot and zoom, checked against the page's own event log.

use serde_json::{json, Value};
use tabwright_e2e::*;
use tabwright_protocol::ContentBlock;

async fn open(h: &mut Harness, page: &str) -> anyhow::Result<()> {
    let r = h.one("navigate", json!({"url": h.url(page)})).await?;
    anyhow::ensure!(!r.is_error, "{r:?}");
    h.site.clear_log();
    Ok(())
}

fn image(r: &tabwright_protocol::ToolResult) -> (String, String) {
    match r.content.first() {
        Some(ContentBlock::Image { source }) => (source.media_type.clone(), source.data.clone()),
        _ => panic!("expected an image: {r:?}"),
    }
}

fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines().find(|l| l.contains(needle)).unwrap_or_else(|| panic!("no line with {needle:?} in:\n{text}"))
}

fn trusted(entries: &[&Value]) -> bool {
    !entries.is_empty() && entries.iter().all(|e| e["trusted"] == true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_by_ref_and_coordinate_with_modifiers() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "pointer.html").await?;
    let press = h.ref_of("button", "Press").await?;

    let r = h.one("left_click", json!({"target": r#ref(&press)})).await?;
    assert_eq!(text(&r), "Clicked.");
    let log = h.wait_log("click on Press", |e| e["type"] == "click" && e["target"] == "btn").await?;
    let sequence: Vec<&str> = log.iter().filter(|e| e["target"] == "btn").filter_map(|e| e["type"].as_str()).filter(|t| ["pointerdown", "mousedown", "pointerup", "mouseup", "click"].contains(t)).collect();
    assert_eq!(sequence, ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]);
    assert!(trusted(&log.iter().collect::<Vec<_>>()), "every event is trusted: {log:#?}");
    assert_eq!(of(&log, "pointerdown")[0]["pointerType"], "mouse");

    // A coordinate click lands where the screenshot shows it, and says what it hit.
    h.site.clear_log();
    let r = h.one("left_click", json!({"target": at(150.0, 120.0)})).await?;
    assert!(text(&r).starts_with("Clicked.\nThe pointer was over canvas \"Drawing pad\" (ref_"), "{r:?}");
    let log = h.wait_log("drawing", |e| e["type"] == "drawn").await?;
    let drawn = of(&log, "drawn")[0];
    assert_eq!((drawn["x"].as_i64(), drawn["y"].as_i64()), (Some(100), Some(70)), "canvas at (50, 50)");
    // A point with nothing on it says so, rather than quoting the document's text (its
    // stylesheet comes first).
    let r = h.one("left_click", json!({"target": at(20.0, 400.0)})).await?;
    assert_eq!(text(&r), "Clicked.\nThe pointer was over the page's background (<html>), not an element on it.", "{r:?}");
    h.wait_log("the click on the background", |e| e["type"] == "click" && e["target"] == "html").await?;

    h.site.clear_log();
    ok(&h.one("double_click", json!({"target": r#ref(&press)})).await?);
    let log = h.wait_log("dblclick", |e| e["type"] == "dblclick").await?;
    assert_eq!(of(&log, "click").iter().map(|e| e["detail"].as_i64().unwrap_or(0)).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(of(&log, "dblclick")[0]["detail"], 2);

    h.site.clear_log();
    ok(&h.one("triple_click", json!({"target": r#ref(&press)})).await?);
    let log = h.wait_log("third click", |e| e["type"] == "click" && e["detail"] == 3).await?;
    assert_eq!(of(&log, "click").len(), 3);

    h.site.clear_log();
    ok(&h.one("right_click", json!({"target": r#ref(&press)})).await?);
    // The right click's own auxclick (on the release) is in the log before the next step clears
    // it, so it cannot be taken for the middle click's.
    h.wait_log("right auxclick", |e| e["type"] == "auxclick" && e["button"] == 2).await?;
    let log = h.wait_log("contextmenu", |e| e["type"] == "contextmenu").await?;
    assert_eq!(of(&log, "contextmenu")[0]["button"], 2);
    assert!(of(&log, "click").is_empty());

    h.site.clear_log();
    ok(&h.one("middle_click", json!({"target": r#ref(&press)})).await?);
    let log = h.wait_log("auxclick", |e| e["type"] == "auxclick").await?;
    assert_eq!(of(&log, "auxclick")[0]["button"], 1);

    // Modifiers are held for the action: keydown first, flags on the click, keyup after.
    h.site.clear_log();
    ok(&h.one("left_click", json!({"target": r#ref(&press), "modifiers": "ctrl+shift"})).await?);
    let log = h.wait_log("modified click", |e| e["type"] == "keyup" && e["key"] == "Control").await?;
    let click = of(&log, "click")[0];
    assert_eq!((click["ctrl"].clone(), click["shift"].clone(), click["alt"].clone(), click["meta"].clone()), (json!(true), json!(true), json!(false), json!(false)));
    let keys: Vec<String> = log.iter().filter(|e| e["type"] == "keydown" || e["type"] == "keyup").map(|e| format!("{} {}", e["type"].as_str().unwrap_or(""), e["key"].as_str().unwrap_or(""))).collect();
    assert_eq!(keys, ["keydown Control", "keydown Shift", "keyup Shift", "keyup Control"]);
    h.site.clear_log();
    ok(&h.one("left_click", json!({"target": r#ref(&press), "modifiers": "cmd+alt"})).await?);
    let log = h.wait_log("cmd click", |e| e["type"] == "click").await?;
    assert_eq!((of(&log, "click")[0]["meta"].clone(), of(&log, "click")[0]["alt"].clone()), (json!(true), json!(true)));
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&press), "modifiers": "hyper"})).await?);
    assert!(e.contains("unknown modifier"), "{e}");
    // An empty tab_id names the active tab, as the SDK reads it (it was refused).
    h.site.clear_log();
    ok(&h.one("left_click", json!({"target": r#ref(&press), "tab_id": ""})).await?);
    h.wait_log("click on the active tab", |e| e["type"] == "click" && e["target"] == "btn").await?;

    // hover, and the low-level button members.
    ok(&h.one("mouse_move", json!({"target": at(10.0, 10.0)})).await?);
    h.site.clear_log();
    ok(&h.one("hover", json!({"target": r#ref(&press)})).await?);
    h.wait_log("mouseover", |e| e["type"] == "mouseover" && e["target"] == "btn").await?;
    h.site.clear_log();
    ok(&h.one("mouse_move", json!({"target": at(460.0, 80.0)})).await?);
    let r = h.one("left_mouse_down", json!({"target": at(460.0, 80.0)})).await?;
    assert!(!text(&r).contains("already down"), "{r:?}");
    let r = h.one("left_mouse_up", json!({"target": at(460.0, 80.0)})).await?;
    assert!(!text(&r).contains("No mouse button was down"), "{r:?}");
    let log = h.wait_log("low-level click", |e| e["type"] == "click" && e["target"] == "btn").await?;
    assert_eq!(of(&log, "mousedown")[0]["buttons"], 1);
    // A release with no press before it, and a press on a held button, are sent and said.
    let r = h.one("left_mouse_up", json!({"target": at(460.0, 80.0)})).await?;
    assert!(text(&r).ends_with("No mouse button was down (no left_mouse_down since the last release), so the page got a release without a press."), "{r:?}");
    ok(&h.one("left_mouse_down", json!({"target": at(460.0, 80.0)})).await?);
    let r = h.one("left_mouse_down", json!({"target": at(460.0, 80.0)})).await?;
    assert!(text(&r).contains("The left button was already down"), "{r:?}");
    let r = h.one("left_mouse_up", json!({"target": at(460.0, 80.0)})).await?;
    assert!(!text(&r).contains("No mouse button was down"), "{r:?}");

    // Coordinates outside the viewport are refused, naming its size.
    let e = error_text(&h.one("left_click", json!({"target": at(5000.0, 10.0)})).await?);
    assert!(e.contains("(5000, 10) is outside the viewport, which is 1280×"), "{e}");

    // scroll: the element under the point scrolls by notches.
    h.site.clear_log();
    let r = h.one("scroll", json!({"target": at(700.0, 120.0), "scroll_direction": "down"})).await?;
    assert_eq!(text(&r), "Scrolled down.");
    let log = h.wait_log("scroll", |e| e["type"] == "scrolled" && e["top"] == 300).await?;
    // A wheel event per notch (the page may hear some of them merged).
    let wheels: Vec<i64> = of(&log, "wheel").iter().map(|e| e["deltaY"].as_i64().unwrap_or(0)).collect();
    assert_eq!(wheels.iter().sum::<i64>(), 300, "{wheels:?}");
    assert!(wheels.len() >= 2 && wheels.iter().all(|d| d % 100 == 0), "{wheels:?}");
    ok(&h.one("scroll", json!({"target": at(700.0, 120.0), "scroll_direction": "up", "scroll_amount": 1})).await?);
    h.wait_log("scroll up", |e| e["type"] == "scrolled" && e["top"] == 200).await?;
    // A wheel where nothing can scroll that way says that nothing moved.
    let r = h.one("scroll", json!({"target": at(700.0, 120.0), "scroll_direction": "left"})).await?;
    assert!(text(&r).starts_with("Scrolled left.\nNothing at that point could scroll left any further"), "{r:?}");
    let r = h.one("scroll", json!({"target": at(700.0, 120.0), "scroll_direction": "up", "scroll_amount": 5})).await?;
    assert_eq!(text(&r), "Scrolled up.", "the box still had room above");
    h.wait_log("scrolled to the top", |e| e["type"] == "scrolled" && e["top"] == 0).await?;
    // Wheels aimed at the box beside it go there, not on to the box the last wheels went to.
    ok(&h.one("scroll", json!({"target": at(700.0, 120.0), "scroll_direction": "down", "scroll_amount": 2})).await?);
    h.wait_log("scrolled down again", |e| e["type"] == "scrolled" && e["top"] == 200).await?;
    h.site.clear_log();
    ok(&h.one("scroll", json!({"target": at(950.0, 120.0), "scroll_direction": "down", "scroll_amount": 1})).await?);
    let log = h.wait_log("the side list scrolled", |e| e["type"] == "scrolled" && e["box"] == "side" && e["top"] == 100).await?;
    // (The last call's own events may still be coming in: the box it scrolled stays where it went.)
    assert!(of(&log, "scrolled").iter().all(|e| e["box"] == "side" || e["top"] == 200), "{log:?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_covered_target_is_reported_not_clicked() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "pointer.html#modal").await?;
    // The notice, a dialog over a mask, is what a read or find holds; the whole page's read
    // has what it covers.
    let found = text(&h.one("find", json!({"query": "Buy now"})).await?);
    assert!(found.contains("Only it was searched."), "{found}");
    let whole = text(&h.one("read_page", json!({"filter": "all"})).await?);
    let line = whole.lines().find(|l| l.contains("button \"Buy now\"")).unwrap_or_default();
    let buy = line.split("[").nth(1).and_then(|r| r.split(']').next()).unwrap_or_default().to_string();
    assert!(buy.starts_with("ref_"), "{whole}");
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&buy)})).await?);
    assert!(e.starts_with(&format!("button \"Buy now\" ({buy}) is covered by dialog \"Cookie notice\"")), "{e}");
    assert!(e.contains("nothing was clicked"), "{e}");
    // scroll_to brings it into view, and says it stays covered.
    let r = text(&h.one("scroll_to", json!({"target": r#ref(&buy)})).await?);
    assert!(r.contains("It is covered by dialog \"Cookie notice\""), "{r}");
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(of(&h.site.log(), "click").is_empty(), "nothing was clicked");
    let accept = h.ref_of("button", "Accept cookies").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&accept)})).await?);
    assert!(!text(&h.one("scroll_to", json!({"target": r#ref(&buy)})).await?).contains("covered"));
    ok(&h.one("left_click", json!({"target": r#ref(&buy)})).await?);
    h.wait_log("click on Buy now", |e| e["type"] == "click" && e["target"] == "covered").await?;
    Ok(())
}

/// A sheet over the page whose panel fades out in a shadow root nested inside the sheet's own
/// (a component inside the backdrop a component draws) is waited out: the click right behind the
/// one that closes it lands on what the sheet covered, not on the sheet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_waits_out_a_cover_fading_in_a_nested_shadow_root() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "nested-fade.html").await?;
    let pay = h.ref_of("button", "Pay").await?;
    let done = h.ref_of("button", "Done").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&done)})).await?);
    ok(&h.one("left_click", json!({"target": r#ref(&pay)})).await?);
    let view = h.one("read_page", json!({})).await?.text();
    assert!(view.contains("\"Paid.\"") && !view.contains("dialog \"Offer\""), "the click reached Pay once the sheet had gone:\n{view}");
    Ok(())
}

/// A page that answers a value in its own way (writes it in capitals, drops what it refuses,
/// puts its old value or choice back, cuts it at its length, stops the keys) is said to have
/// done so, by form_input and by type; a field that took the text says nothing more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_field_that_changes_or_refuses_its_value_is_said_to() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "refusing.html").await?;
    for (role, name, value, note) in [
        ("textbox", "Code", "abc", "Note: the page changed it: the field holds \"ABC\"."),
        ("textbox", "Digits", "a1b2", "Note: the page changed it: the field holds \"12\"."),
        ("textbox", "Plan", "Pro", "Note: the page put back what the field held: it holds \"Basic\"."),
        ("textbox", "Seats", "5", "Note: the page put back what the field held: it holds \"2\"."),
        ("combobox", "Region", "South", "Note: the page put back its choice: it shows \"North\"."),
    ] {
        let field = h.ref_of(role, name).await?;
        let r = h.one("form_input", json!({"target": r#ref(&field), "value": value})).await?;
        assert_eq!(text(&r), format!("Set the value of {field}.\n{note}"), "{name}");
    }
    for (name, typed, says) in [("Short", "abcdefgh", "it holds \"abcd\""), ("Locked", "secret", "it is empty")] {
        let field = h.ref_of("textbox", name).await?;
        ok(&h.one("left_click", json!({"target": r#ref(&field)})).await?);
        let r = text(&h.one("type", json!({"text": typed})).await?);
        assert!(r.starts_with(&format!("Typed.\ntextbox \"{name}\" ({field}) does not hold all of what was typed: {says}, so the page refused or changed some of it")), "{r}");
    }
    let field = h.ref_of("textbox", "Name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&field)})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "Ada"})).await?), "Typed.");
    // The words after a Tab go into the next field, which may cut them too; the words before a
    // line break are judged as Enter went down (the page may empty the field then, as a chat
    // box does, and nothing is said).
    let (first, tag, chat) = (h.ref_of("textbox", "Forename").await?, h.ref_of("textbox", "Tag").await?, h.ref_of("textbox", "Chat").await?);
    ok(&h.one("left_click", json!({"target": r#ref(&first)})).await?);
    let r = text(&h.one("type", json!({"text": "Ada\tLovelace"})).await?);
    assert_eq!(r, format!("Typed.\nA Tab in the text took the keyboard focus to textbox \"Tag\" ({tag}), which does not hold all of what was typed after it: it holds \"Lov\". Read the page to see what each field holds."));
    ok(&h.one("left_click", json!({"target": r#ref(&tag)})).await?);
    let r = text(&h.one("type", json!({"text": "xyz\n"})).await?);
    assert!(r.starts_with(&format!("Typed.\ntextbox \"Tag\" ({tag}) did not hold all of what was typed before the line break when Enter was pressed: it held \"Lov\"")), "{r}");
    ok(&h.one("left_click", json!({"target": r#ref(&chat)})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "hello there\n"})).await?), "Typed.");
    // A mask's own spaces between the digits typed are no change; a number field that dropped
    // the letters typed holds nothing.
    let card = h.ref_of("textbox", "Card").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&card)})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "4111111111111111"})).await?), "Typed.");
    // (Nor before a line break, as Enter goes down.)
    ok(&h.one("key", json!({"text": "ctrl+a"})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "4242424242424242\n"})).await?), "Typed.");
    let qty = h.ref_of("spinbutton", "Qty").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&qty)})).await?);
    let r = text(&h.one("type", json!({"text": "twelve"})).await?);
    assert!(r.starts_with(&format!("Typed.\nspinbutton \"Qty\" ({qty}) does not hold all of what was typed: it is empty")), "{r}");
    // Signs, emoji and the marks on letters a field dropped are told, as letters are; the same
    // text in its composed form is no change.
    let handle = h.ref_of("textbox", "Handle").await?;
    for (typed, holds) in [("me@example.com", "meexamplecom"), ("I\u{2764}\u{fe0f}Tokyo", "ITokyo"), ("\u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947}", "\u{928}\u{92e}\u{938}\u{924}")] {
        ok(&h.one("form_input", json!({"target": r#ref(&handle), "value": ""})).await?);
        ok(&h.one("left_click", json!({"target": r#ref(&handle)})).await?);
        let r = text(&h.one("type", json!({"text": typed})).await?);
        assert!(r.starts_with(&format!("Typed.\ntextbox \"Handle\" ({handle}) does not hold all of what was typed: it holds {}", serde_json::to_string(holds)?)), "{typed}: {r}");
    }
    let word = h.ref_of("textbox", "Word").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&word)})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "Cafe\u{301}"})).await?), "Typed.");
    // What a textarea and an editor hold is read line by line, a line of signs alone too.
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("[First line\nSecond line]"), "{page}");
    let read = text(&h.one("read_page", json!({"filter": "all"})).await?);
    let snippet = &read[read.find("textbox \"Snippet\"").ok_or_else(|| anyhow::anyhow!("{read}"))?..];
    assert!(snippet.contains("text \"}\"") && snippet.contains("text \":-)\""), "{read}");
    // A date field holds what is typed in a form of its own: nothing is said of it.
    let day = h.ref_of("textbox", "Day").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&day)})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "12252026"})).await?), "Typed.");
    Ok(())
}

/// A long text is typed in full and at once: its first and last characters and its line breaks
/// as keys, the rest as typed text in pieces, which the page hears as input; the result says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_text_is_typed_in_full_with_its_middle_in_pieces() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "long-text.html").await?;
    let story = h.ref_of("textbox", "Story").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&story)})).await?);
    let line = "The quick brown fox jumps over the lazy dog, again and again. ";
    let story_text = format!("{}\nThe end.", line.repeat(80));
    let r = text(&h.one("type", json!({"text": story_text})).await?);
    assert!(r.starts_with("Typed.\nThe text is long: its first 100 and last 20 characters and its line breaks were pressed as keys"), "{r}");
    let held = h.one("get_page_text", json!({})).await?.text();
    // 100 and 20 keys (the line break among the last 20).
    assert!(held.contains(&format!("Keys pressed: 120; length: {}; ends: og, again and again. /The end.", story_text.chars().count())), "{held}");
    Ok(())
}

/// A target in the viewport but under a sticky header is scrolled out from under it and clicked,
/// as a person would; one under a page-wide dialog is still reported, not clicked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_target_under_a_sticky_header_is_scrolled_out_and_clicked() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "sticky.html?under=3").await?;
    let like = h.ref_of("button", "Like review 3").await?;
    let found = h.one("find", json!({"query": "Like review 3"})).await?.text();
    assert!(found.starts_with(&format!("button \"Like review 3\" [{like}]")) && !found.lines().next().unwrap_or_default().contains("offscreen"), "{found}");
    ok(&h.one("left_click", json!({"target": r#ref(&like)})).await?);
    let view = h.one("read_page", json!({})).await?.text();
    assert!(view.contains("\"liked 3\""), "the click reached the button, not the header:\n{view}");

    open(&mut h, "sticky.html?consent=1").await?;
    let like = h.ref_of("button", "Like review 2").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&like)})).await?);
    assert!(e.contains("is covered by dialog \"Cookie consent\"") && e.contains("nothing was clicked"), "{e}");
    let view = h.one("read_page", json!({})).await?.text();
    assert!(view.contains("\"No review liked.\""), "{view}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drags_work_for_pointer_lists_and_html5_boards() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "drag.html").await?;
    // The items a grab cursor marks, and the card marked draggable, say they can be dragged.
    let view = h.one("read_page", json!({})).await?.text();
    for item in ["\"Alpha\"", "\"Gamma\"", "\"Write tests\""] {
        assert!(view.lines().any(|l| l.contains(item) && l.ends_with("draggable")), "{item}: {view}");
    }
    // A wordless handle with a resize cursor is something to drag, not to click.
    assert!(view.lines().any(|l| l.trim_start().starts_with("generic [ref_") && l.ends_with("] draggable")), "{view}");
    assert!(!view.contains("clickable"), "{view}");
    let r = h.one("left_click_drag", json!({"from": at(100.0, 45.0), "target": at(100.0, 155.0)})).await?;
    assert_eq!(text(&r), "Dragged.");
    let log = h.wait_log("sorted list", |e| e["type"] == "sorted").await?;
    assert_eq!(of(&log, "sorted")[0]["order"], json!(["Beta", "Gamma", "Alpha"]));

    h.site.clear_log();
    let r = h.one("left_click_drag", json!({"from": at(400.0, 45.0), "target": at(650.0, 100.0)})).await?;
    assert_eq!(text(&r), "Dragged.", "a drop taken is said as no more: {r:?}");
    assert_eq!(r.content.iter().filter_map(|b| b.as_text()).count(), 1, "{r:?}");
    let log = h.wait_log("drop", |e| e["type"] == "dropped").await?;
    assert_eq!(of(&log, "dropped")[0]["column"], "done");
    assert!(trusted(&of(&log, "drop")));
    // The drop ends the drag: no mouseup follows it, as none follows a person's.
    let log = h.wait_log("drag ended", |e| e["type"] == "dragend").await?;
    assert!(!log.iter().skip_while(|e| e["type"] != "drop").any(|e| e["type"] == "mouseup"), "{log:#?}");
    // A drop nothing at the target takes is said to have gone back.
    h.site.clear_log();
    let r = h.one("left_click_drag", json!({"from": at(650.0, 45.0), "target": at(650.0, 270.0)})).await?;
    assert_eq!(r.content.iter().filter_map(|b| b.as_text()).nth(1), Some("Nothing at the target took the drop (the page accepts drops of this item elsewhere, or not at all), so the dragged item went back where it was."), "{r:?}");
    h.wait_log("refused drag ended", |e| e["type"] == "dragend").await?;
    // And the card still goes where it is taken after that.
    ok(&h.one("left_click_drag", json!({"from": at(650.0, 45.0), "target": at(400.0, 100.0)})).await?);
    let log = h.wait_log("drop back", |e| e["type"] == "dropped").await?;
    assert_eq!(of(&log, "dropped")[0]["column"], "todo");
    let e = error_text(&h.one("left_click_drag", json!({"from": r#ref("ref_1"), "target": at(1.0, 1.0)})).await?);
    assert!(e.contains("left_click_drag takes coordinate targets only"), "{e}");
    Ok(())
}

/// A drag done by hand (press, one move, release) reaches a list whose script begins its drag a
/// task after the first move and follows only later moves (SortableJS in its own drag mode).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drag_by_hand_reaches_a_list_that_follows_only_later_moves() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "late-drag.html").await?;
    ok(&h.one("left_mouse_down", json!({"target": at(100.0, 45.0)})).await?);
    ok(&h.one("mouse_move", json!({"target": at(100.0, 150.0)})).await?);
    ok(&h.one("left_mouse_up", json!({"target": at(100.0, 150.0)})).await?);
    let log = h.wait_log("sorted", |e| e["type"] == "sorted").await?;
    assert_eq!(of(&log, "sorted")[0]["order"], json!(["Two", "Three", "One", "Four"]));
    Ok(())
}

/// An address field that makes a chip of each entry a comma ends, and empties itself: typing
/// says the page took the words out of the field and shows them beside it, not that it refused
/// them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn words_a_field_makes_a_chip_of_are_said_to_be_taken_not_refused() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "chips.html").await?;
    let to = h.ref_of("textbox", "To").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&to)})).await?);
    let t = text(&h.one("type", json!({"text": "bob@example.org,"})).await?);
    assert!(t.contains(r#"the page took "bob@example.org" out of it and now shows it beside the field"#) && !t.contains("refused"), "{t}");
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("\"bob@example.org\""), "{t}");
    Ok(())
}

/// When the page moves the focus while text is typed (boxes that pass it on, a page that takes
/// it), the result says where it went, with a ref to the element that has it now.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typing_says_where_the_page_moved_the_focus() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "otp.html").await?;
    let first = h.ref_of("textbox", "Digit 1").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&first)})).await?);
    let r = text(&h.one("type", json!({"text": "4721"})).await?);
    assert!(r.starts_with("Typed.\nThe page moved the keyboard focus while the text was typed, from textbox \"Digit 1\" (ref_"), "{r}");
    assert!(r.contains(" to textbox \"Digit 4\" (ref_"), "{r}");
    h.wait_log("the code in its boxes", |e| e["type"] == "state" && e["code"] == "4721").await?;

    // A page that takes the focus: the ref it names reaches the field that got the text.
    let name = h.ref_of("textbox", "Name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&name)})).await?);
    let r = text(&h.one("type", json!({"text": "Ada"})).await?);
    assert!(r.contains("from textbox \"Name\"") && r.contains(" to textbox \"Notes\" (ref_"), "{r}");
    let notes = r.split(" to textbox \"Notes\" (").nth(1).and_then(|t| t.split(')').next()).unwrap_or_default().to_string();
    h.wait_log("the rest in the notes", |e| e["type"] == "state" && e["name"] == "A" && e["notes"] == "da").await?;
    let read = text(&h.one("read_page", json!({"ref": notes})).await?);
    assert!(read.starts_with("textbox \"Notes\"") && read.contains("value=\"da\""), "{read}");

    // A field the page removes as the text arrives.
    let vanishing = h.ref_of("textbox", "Vanishing").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&vanishing)})).await?);
    let r = text(&h.one("type", json!({"text": "xyz"})).await?);
    assert!(r.contains("took the keyboard focus away from a field the page has since removed"), "{r}");

    // Where the focus stays, nothing more is said; where a Tab moves it as asked, only that
    // what came after it reached a control that takes no text (the button after the field).
    let plain = h.ref_of("textbox", "Plain").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&plain)})).await?);
    assert_eq!(text(&h.one("type", json!({"text": "steady"})).await?), "Typed.");
    let r = text(&h.one("type", json!({"text": "a\tb"})).await?);
    assert!(r.starts_with("Typed.\nA Tab in the text took the keyboard focus to button \"Verify\"") && r.contains("what was typed after it (\"b\") went nowhere."), "{r}");

    // A focused button or link takes no text: the result says where the text went.
    for (role, name) in [("button", "Verify"), ("link", "Need help?")] {
        let control = h.ref_of(role, name).await?;
        ok(&h.one("left_click", json!({"target": r#ref(&control)})).await?);
        let r = text(&h.one("type", json!({"text": "hello"})).await?);
        assert!(r.starts_with(&format!("Typed.\nThe keyboard focus was on {role} \"{name}\" ({control}), which takes no text")), "{r}");
        // Text with a Space or line break, which would press it, is not typed at all.
        let e = error_text(&h.one("type", json!({"text": "hello world\n"})).await?);
        assert_eq!(e, format!("Nothing was typed: the keyboard focus is on {role} \"{name}\" ({control}), which takes no text, and a Space or line break typed there would press it. Click the field first (or use form_input, which needs no keyboard focus), then type."));
    }
    // An editor whose page stops all input.
    let locked = h.ref_of("textbox", "Locked editor").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&locked)})).await?);
    let r = text(&h.one("type", json!({"text": "new words"})).await?);
    assert_eq!(r, format!("Typed.\ntextbox \"Locked editor\" ({locked}) does not hold all of what was typed: it holds \"locked\", so the page refused or changed some of it (a length limit, a mask, a read-only field, a handler of its own). Read it before typing again, or set it with form_input."));
    // (The page's log, once it holds what was typed after them, holds no press of the button
    // but the click that focused it.)
    let before = h.site.log().iter().filter(|e| e["type"] == "state").count();
    ok(&h.one("left_click", json!({"target": r#ref(&plain)})).await?);
    ok(&h.one("type", json!({"text": "!"})).await?);
    let log = h.wait_log_count("the text typed after the refusals", before + 1, |e| e["type"] == "state").await?;
    assert_eq!(of(&log, "verified").len(), 1, "presses of Verify");

    // A field that takes the focus back once it had it: the field clicked next never gets it,
    // and the text typed a moment later goes to the trap, which the result names.
    let guarded = h.ref_of("textbox", "Guarded").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&guarded)})).await?);
    let target = h.ref_of("textbox", "Target").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&target)})).await?);
    ok(&h.one("wait", json!({"duration": 0.1})).await?);
    let r = text(&h.one("type", json!({"text": "zz"})).await?);
    assert_eq!(
        r,
        format!("Typed.\nThe keyboard focus was not in textbox \"Target\" ({target}), which the last click pressed: the page had moved it to textbox \"Guarded\" ({guarded}), so the text went there. Read the page to see what each field holds; form_input sets a field without the keyboard focus.")
    );
    h.wait_log("the text in the trap", |e| e["type"] == "state" && e["guarded"] == "zz" && e["target"] == "").await?;
    // A key since the click (a Tab) moves the focus as Claude asked: nothing is said of the click.
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    let r = text(&h.one("type", json!({"text": "q"})).await?);
    assert!(!r.contains("which the last click pressed"), "{r}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_members_send_real_key_definitions() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    // Typed before any field was clicked: the result says the text went nowhere.
    open(&mut h, "controls.html").await?;
    let r = h.one("type", json!({"text": "lost"})).await?;
    assert!(text(&r).starts_with("Typed.\nNothing had the keyboard focus (the page itself had it)"), "{r:?}");
    // The editor focuses itself as it loads.
    open(&mut h, "editor.html").await?;
    let r = h.one("type", json!({"text": "x"})).await?;
    assert_eq!(text(&r), "Typed.");
    ok(&h.one("key", json!({"text": "BackSpace"})).await?);
    let doc = h.ref_of("textbox", "Document").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&doc)})).await?);

    h.site.clear_log();
    let r = h.one("type", json!({"text": "Hi 😀 wörld! ❤\u{fe0f} u\u{308}ber\nline two"})).await?;
    assert_eq!(text(&r), "Typed.");
    let log = h.wait_log("typed text", |e| e["type"] == "content" && e["text"].as_str().is_some_and(|t| t.contains("line two"))).await?;
    let last = of(&log, "content").last().map(|e| e["text"].as_str().unwrap_or_default().to_string()).unwrap_or_default();
    assert_eq!(last.replace("\n\n", "\n"), "Hi 😀 wörld! ❤\u{fe0f} u\u{308}ber\nline two");
    let h_down = of(&log, "keydown").into_iter().find(|e| e["key"] == "H").expect("keydown H");
    assert_eq!((h_down["code"].clone(), h_down["keyCode"].clone(), h_down["shift"].clone()), (json!("KeyH"), json!(72), json!(true)));
    let bang = of(&log, "keydown").into_iter().find(|e| e["key"] == "!").expect("keydown !");
    assert_eq!(bang["code"], "Digit1");
    // A letter of another layout goes down and up as a key of its own (a page that searches on
    // keyup hears it); the emoji is inserted.
    assert!(of(&log, "keydown").iter().any(|e| e["key"] == "ö") && of(&log, "keyup").iter().any(|e| e["key"] == "ö"), "ö is a key");
    assert!(!of(&log, "keydown").iter().any(|e| e["key"].as_str().is_some_and(|k| k.contains('😀') || k.contains('❤') || k == "u")), "the emoji, and a letter with a mark joined, are no keys");
    assert!(of(&log, "keydown").iter().any(|e| e["key"] == "Enter" && e["code"] == "Enter" && e["keyCode"] == 13));
    assert!(trusted(&of(&log, "keydown")));

    h.site.clear_log();
    // (A chord written with spaces around its "+" is that chord.)
    ok(&h.one("key", json!({"text": "ctrl + a ctrl+b"})).await?);
    let log = h.wait_log("bold shortcut", |e| e["type"] == "shortcut" && e["name"] == "bold").await?;
    let b = of(&log, "keydown").into_iter().find(|e| e["key"] == "b").expect("keydown b");
    assert_eq!((b["code"].clone(), b["ctrl"].clone()), (json!("KeyB"), json!(true)));
    let html = of(&h.wait_log("bold content", |e| e["type"] == "content" && e["html"].as_str().is_some_and(|t| t.contains("<b>"))).await?, "content").last().map(|e| e["html"].clone());
    assert!(html.is_some_and(|h| h.as_str().is_some_and(|h| h.starts_with("<b>Hi"))), "ctrl+a selected everything before ctrl+b");

    h.site.clear_log();
    let r = h.one("key", json!({"text": "cmd+shift+p"})).await?;
    assert_eq!(text(&r), "Pressed cmd+shift+p.");
    let log = h.wait_log("palette", |e| e["type"] == "shortcut" && e["name"] == "palette").await?;
    let p = of(&log, "keydown").into_iter().find(|e| e["code"] == "KeyP").expect("keydown P");
    assert_eq!((p["meta"].clone(), p["shift"].clone(), p["key"].clone()), (json!(true), json!(true), json!("P")), "with Shift held the key says its shifted letter");
    // Shift+/ says "?", as a keyboard's does; a shortcut's capital letter is its letter
    // ("ctrl+Z" undoes, with no Shift added).
    h.site.clear_log();
    ok(&h.one("key", json!({"text": "shift+slash ctrl+Z"})).await?);
    let log = h.wait_log("ctrl+Z", |e| e["type"] == "keyup" && e["code"] == "KeyZ").await?;
    let slash = of(&log, "keydown").into_iter().find(|e| e["code"] == "Slash").expect("keydown /");
    assert_eq!(slash["key"], "?");
    let z = of(&log, "keydown").into_iter().find(|e| e["code"] == "KeyZ").expect("keydown Z");
    assert_eq!((z["key"].clone(), z["shift"].clone(), z["ctrl"].clone()), (json!("z"), json!(false), json!(true)));

    h.site.clear_log();
    let r = h.one("key", json!({"text": "BackSpace Page_Up Home Left F2 Escape", "repeat": 2})).await?;
    assert_eq!(text(&r), "Pressed BackSpace Page_Up Home Left F2 Escape 2 times.");
    let log = h.wait_log_count("named keys", 2, |e| e["type"] == "keyup" && e["key"] == "Escape").await?;
    let downs: Vec<(String, String, i64)> = of(&log, "keydown").iter().map(|e| (e["key"].as_str().unwrap_or("").into(), e["code"].as_str().unwrap_or("").into(), e["keyCode"].as_i64().unwrap_or(0))).collect();
    let once = [("Backspace", "Backspace", 8), ("PageUp", "PageUp", 33), ("Home", "Home", 36), ("ArrowLeft", "ArrowLeft", 37), ("F2", "F2", 113), ("Escape", "Escape", 27)];
    let expected: Vec<(String, String, i64)> = once.iter().chain(once.iter()).map(|(k, c, n)| ((*k).into(), (*c).into(), *n)).collect();
    assert_eq!(downs, expected);
    let e = error_text(&h.one("key", json!({"text": "ctrl+Hyper"})).await?);
    assert!(e.contains("unknown key"), "{e}");

    // A shortcut of the browser's own reaches the page only: the result says so, and which
    // member does it.
    h.site.clear_log();
    let r = h.one("key", json!({"text": "Escape ctrl+r"})).await?;
    ok(&r);
    let said = r.content.iter().filter_map(|b| b.as_text()).collect::<Vec<_>>();
    assert_eq!(said.first().copied(), Some("Pressed Escape ctrl+r."), "{r:?}");
    assert!(said.get(1).is_some_and(|l| l.starts_with("ctrl+r is a shortcut of the browser itself") && l.ends_with("Use navigate with \"reload\" instead.")), "{r:?}");
    let log = h.wait_log("ctrl+r heard", |e| e["type"] == "keyup" && e["key"] == "r").await?;
    assert!(of(&log, "keydown").iter().any(|e| e["key"] == "r" && e["ctrl"] == true), "the page got the key");
    h.site.clear_log();
    assert!(text(&h.one("key", json!({"text": "ctrl+a"})).await?).lines().count() == 1, "a page's own shortcut says nothing more");
    h.wait_log("ctrl+a heard", |e| e["type"] == "keyup" && e["key"] == "a").await?;

    h.site.clear_log();
    let r = h.one("hold_key", json!({"text": "shift", "duration": 0.3})).await?;
    assert_eq!(text(&r), "Held shift for 0.3s.");
    let log = h.wait_log("shift released", |e| e["type"] == "keyup" && e["key"] == "Shift").await?;
    let down = of(&log, "keydown")[0];
    assert_eq!((down["key"].clone(), down["code"].clone(), down["keyCode"].clone(), down["shift"].clone()), (json!("Shift"), json!("ShiftLeft"), json!(16), json!(true)));
    // A held letter types as it goes down, then repeats, as a real keyboard's does (it used to
    // type nothing); shift is not a key that repeats.
    assert!(of(&log, "keydown").iter().all(|e| e["repeat"] == false), "{log:?}");
    h.site.clear_log();
    let r = h.one("hold_key", json!({"text": "x", "duration": 1.0})).await?;
    assert_eq!(text(&r), "Held x for 1s.");
    let log = h.wait_log("x released", |e| e["type"] == "keyup" && e["key"] == "x").await?;
    let downs = of(&log, "keydown");
    assert_eq!(downs.first().map(|e| (e["key"].clone(), e["repeat"].clone())), Some((json!("x"), json!(false))), "{log:?}");
    let repeats = downs.iter().filter(|e| e["key"] == "x" && e["repeat"] == true).count();
    assert!((5..=15).contains(&repeats), "half a second of repeats at about 30 a second: {repeats}");
    let typed = of(&log, "content").last().map(|e| e["text"].as_str().unwrap_or_default().matches('x').count()).unwrap_or_default();
    assert_eq!(typed, repeats + 1, "{log:?}");
    let r = h.one("wait", json!({"duration": 0.2})).await?;
    assert_eq!(text(&r), "Waited 0.2s.");
    Ok(())
}

/// A tab in typed text presses Tab, as a keyboard does: the focus moves on to the next field
/// (it used to put a tab character into the field). CRLF presses Enter once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_tab_moves_to_the_next_field() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "form.html").await?;
    let first = h.ref_of("textbox", "First name").await?;
    ok(&h
        .one("left_click", json!({"target": r#ref(&first)}))
        .await?);
    ok(&h.one("type", json!({"text": "Ada\tLovelace"})).await?);
    let fields = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(
        fields.contains(r#"textbox "First name" [ref_"#) && fields.contains(r#"value="Ada""#),
        "{fields}"
    );
    assert!(
        fields.contains(r#"value="Lovelace""#) && !fields.contains("\t"),
        "{fields}"
    );
    let last = fields
        .lines()
        .find(|l| l.contains(r#"textbox "Last name""#))
        .unwrap_or_default();
    assert!(
        last.contains(r#"value="Lovelace""#),
        "the second word went to the next field: {fields}"
    );
    // In a text area, CRLF is one line break.
    open(&mut h, "editor.html").await?;
    let doc = h.ref_of("textbox", "Document").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&doc)})).await?);
    h.site.clear_log();
    ok(&h.one("type", json!({"text": "a\r\nb"})).await?);
    let log = h
        .wait_log("typed text", |e| {
            e["type"] == "content" && e["text"].as_str().is_some_and(|t| t.ends_with('b'))
        })
        .await?;
    assert_eq!(
        of(&log, "keydown")
            .iter()
            .filter(|e| e["key"] == "Enter")
            .count(),
        1,
        "{log:?}"
    );
    Ok(())
}

/// Select all, copy and paste work with Cmd as with Ctrl: a key event from the debugger carries
/// no editing command on macOS, so the chords send theirs. (Here, on Linux, Cmd+A and Cmd+V do
/// nothing by themselves, so this shows the commands at work.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn editing_chords_select_copy_and_paste() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "form.html").await?;
    let first = h.ref_of("textbox", "First name").await?;
    let last = h.ref_of("textbox", "Last name").await?;
    ok(&h
        .one("left_click", json!({"target": r#ref(&first)}))
        .await?);
    ok(&h.one("type", json!({"text": "Ada"})).await?);
    ok(&h.one("key", json!({"text": "cmd+a"})).await?);
    ok(&h.one("type", json!({"text": "Grace"})).await?);
    ok(&h.one("key", json!({"text": "ctrl+a ctrl+c"})).await?);
    ok(&h.one("left_click", json!({"target": r#ref(&last)})).await?);
    ok(&h.one("key", json!({"text": "cmd+v"})).await?);
    let fields = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    let value_of = |name: &str| {
        fields
            .lines()
            .find(|l| l.contains(&format!("textbox \"{name}\"")))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        value_of("First name").contains(r#"value="Grace""#),
        "cmd+a selected the field's text: {fields}"
    );
    assert!(
        value_of("Last name").contains(r#"value="Grace""#),
        "cmd+v pasted what ctrl+c copied: {fields}"
    );
    Ok(())
}

/// A form filled back to back, as Claude sends it in one batch: the State list the page fills
/// once a country is chosen (asked of the server, "Loading…" meanwhile) is chosen from once it is
/// filled, not refused as disabled; a read right behind a change of country waits for the list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_right_behind_the_choice_that_fills_a_list_chooses_from_it() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "address.html").await?;
    let country = h.ref_of("combobox", "Country").await?;
    let state = h.ref_of("combobox", "State").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&country), "value": "United States"})).await?);
    let r = h.one("form_input", json!({"target": r#ref(&state), "value": "Texas"})).await?;
    assert_eq!(text(&r), format!("Set the value of {state}."), "{r:?}");
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Chosen: Texas, United States."), "{page}");
    ok(&h.one("form_input", json!({"target": r#ref(&country), "value": "Canada"})).await?);
    let read = text(&h.one("read_page", json!({})).await?);
    let line = read.lines().find(|l| l.starts_with("combobox \"State\"")).unwrap_or_default();
    assert!(line.contains("options=\"Choose | Ontario | Quebec\"") && !line.contains("disabled"), "{read}");
    // A list that does not hold the choice is still refused, with its options, once filled.
    let r = h.one("form_input", json!({"target": r#ref(&state), "value": "Texas"})).await?;
    let refused = error_text(&r);
    assert!(refused.contains("no option \"Texas\"") && refused.contains("\"Ontario\""), "{refused}");
    Ok(())
}

/// A click right behind the words that make the page enable its target (Apply, enabled once the
/// code typed has been checked, a moment after the typing pauses) presses it once enabled; one
/// on a button the words leave disabled is still refused as disabled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_right_behind_the_words_that_enable_its_button_presses_it() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "address.html").await?;
    let code = h.ref_of("textbox", "Promo code").await?;
    let apply = h.ref_of("button", "Apply").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&code), "value": "SAVE10"})).await?);
    ok(&h.one("left_click", json!({"target": r#ref(&apply)})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Code SAVE10 applied."), "{page}");
    // Typed, as a person types: the same.
    ok(&h.one("triple_click", json!({"target": r#ref(&code)})).await?);
    ok(&h.one("type", json!({"text": "WELCOME"})).await?);
    ok(&h.one("left_click", json!({"target": r#ref(&apply)})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Code WELCOME applied."), "{page}");
    ok(&h.one("form_input", json!({"target": r#ref(&code), "value": "AB"})).await?);
    let refused = error_text(&h.one("left_click", json!({"target": r#ref(&apply)})).await?);
    assert!(refused.contains("is disabled"), "{refused}");
    Ok(())
}

/// A combobox that is no field, a box or button that opens a list when pressed (as Material UI's
/// and Radix's Select and Headless UI's Listbox draw one), is set by form_input as a person sets
/// it: pressed open, then the option named pressed. Its line shows the choice. A value it does
/// not offer sets nothing, says what it offers, and leaves the list open for a click.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_opens_a_select_only_combobox_and_chooses_from_it() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "selectonly.html").await?;
    let speed = h.ref_of("combobox", "Speed").await?;
    // (Named by its label and its choice, as Headless UI names its button.)
    let boxes = h.ref_of("button", "Boxes 1").await?;
    // A native drop-down opens its options in a list of the browser's own, which no screenshot
    // shows: the click says so, and how to choose.
    let carrier = h.ref_of("combobox", "Carrier").await?;
    let r = h.one("left_click", json!({"target": r#ref(&carrier)})).await?;
    assert!(text(&r).contains("is a drop-down list") && text(&r).contains("form_input"), "{}", text(&r));
    ok(&h.one("key", json!({"text": "Escape"})).await?);
    let r = h.one("form_input", json!({"target": r#ref(&speed), "value": "express"})).await?;
    assert!(text(&r).contains("the option \"Express\""), "{}", text(&r));
    h.wait_log("Express chosen", |e| e["type"] == "chosen" && e["list"] == "speed" && e["value"] == "Express").await?;
    // (Its list is put in the page a moment after the press; a number names an option too.)
    ok(&h.one("form_input", json!({"target": r#ref(&boxes), "value": 3})).await?);
    h.wait_log("3 boxes chosen", |e| e["type"] == "chosen" && e["list"] == "boxes" && e["value"] == "3").await?;
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(line_with(&t, "combobox \"Speed\"").contains("value=\"Express\"") && !t.contains("listbox"), "{t}");
    // One that holds a control of its own is read as before: the control has its line.
    assert!(!line_with(&t, "combobox \"Colour\"").contains("value=") && t.contains("button \"Clear colour\""), "{t}");
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&speed), "value": "By drone"})).await?);
    assert!(e.contains("no option of its list is named \"By drone\"") && e.contains("It offers: Standard | Express | Overnight.") && e.contains("left open"), "{e}");
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("option \"Overnight\"") && line_with(&t, "combobox \"Speed\"").contains("value=\"Express\""), "{t}");
    // Its list open (as Claude opens one to see it), the option is chosen from it: a press on
    // the box would close it.
    ok(&h.one("form_input", json!({"target": r#ref(&speed), "value": "Overnight"})).await?);
    h.wait_log("Overnight chosen", |e| e["type"] == "chosen" && e["list"] == "speed" && e["value"] == "Overnight").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_sets_every_control_and_fires_events() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "controls.html").await?;
    let cases: &[(&str, &str, Value, &str, Value)] = &[
        ("textbox", "Name", json!("Ada Lovelace"), "name", json!("Ada Lovelace")),
        ("textbox", "Email", json!("ada@example.com"), "email", json!("ada@example.com")),
        ("spinbutton", "Age", json!(42), "age", json!("42")),
        ("textbox", "Birthday", json!("1815-12-10"), "birthday", json!("1815-12-10")),
        ("textbox", "Alarm", json!("07:30"), "alarm", json!("07:30")),
        ("slider", "Volume", json!(8), "volume", json!("8")),
        ("combobox", "Colour", json!("Blue"), "colour", json!("b")),
        ("checkbox", "Agree", json!(true), "agree", json!(true)),
        ("radio", "Large", json!(true), "large", json!(true)),
        ("textbox", "Bio", json!("Line one\nLine two"), "bio", json!("Line one\nLine two")),
        ("textbox", "Notes editor", json!("Hello"), "editor", json!("Hello")),
    ];
    for (role, name, value, target, logged) in cases {
        h.site.clear_log();
        let r = h.ref_of(role, name).await?;
        let result = h.one("form_input", json!({"target": r#ref(&r), "value": value})).await?;
        assert_eq!(text(&result), format!("Set the value of {r}."), "{name}");
        let log = h.wait_log(name, |e| e["type"] == "input" && e["target"] == *target).await?;
        let input = of(&log, "input").into_iter().find(|e| e["target"] == *target).expect("input");
        assert_eq!(&input["value"], logged, "{name}: {log:#?}");
        if *target != "editor" {
            assert!(of(&log, "change").iter().any(|e| e["target"] == *target), "{name} fires change");
        }
    }
    // A range clicked by its ref (as before its arrow keys) is taken at its thumb: its value
    // does not jump to the middle of its track.
    let volume = h.ref_of("slider", "Volume").await?;
    h.site.clear_log();
    ok(&h.one("left_click", json!({"target": r#ref(&volume)})).await?);
    ok(&h.one("key", json!({"text": "Right"})).await?);
    let log = h.wait_log("volume stepped", |e| e["type"] == "input" && e["target"] == "volume").await?;
    let values: Vec<Value> = of(&log, "input").iter().filter(|e| e["target"] == "volume").map(|e| e["value"].clone()).collect();
    assert_eq!(values, vec![json!("9")], "the click left 8 as it was, and Right made it 9");
    // The select also takes an option's value.
    let colour = h.ref_of("combobox", "Colour").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&colour), "value": "g"})).await?);
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&colour), "value": "Purple"})).await?);
    assert!(e.contains("has no option \"Purple\". Its options are: \"Red\", \"Green\", \"Blue\""), "{e}");
    // A framework that keeps its own state saw the change.
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("state: Ada Lovelace"), "{page}");
    // A date field clicked by its ref is typed into from its first part, as a person does.
    let birthday = h.ref_of("textbox", "Birthday").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&birthday)})).await?);
    ok(&h.one("type", json!({"text": "07041776"})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("[1776-07-04]"), "{page}");
    // The page's text shows what the fields hold now.
    assert!(page.contains("[Line one\nLine two]") && page.contains("[Green]") && page.contains("[42]"), "{page}");

    let birthday = h.ref_of("textbox", "Birthday").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&birthday), "value": "next tuesday"})).await?);
    assert!(e.contains("in the form YYYY-MM-DD") && e.contains("It still holds \"1776-07-04\"."), "{e}");
    // A refused value leaves the field as it was; one outside the field's own limits is set and
    // said to fail them; a slider takes no word for a number.
    let age = h.ref_of("spinbutton", "Age").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&age), "value": "lots"})).await?);
    assert!(e.contains("did not accept \"lots\"; give a valid number value between 0 and 150.") && e.contains("It still holds \"42\"."), "{e}");
    let over = text(&h.one("form_input", json!({"target": r#ref(&age), "value": 200})).await?);
    assert!(over.starts_with(&format!("Set the value of {age}.\nNote: the field does not pass its own check: ")) && over.ends_with("150."), "{over}");
    let volume = h.ref_of("slider", "Volume").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&volume), "value": "loud"})).await?);
    assert!(e.contains("did not accept \"loud\"") && e.contains("It still holds \"9\"."), "{e}");
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("[1776-07-04]") && page.contains("[200]"), "{page}");
    // A time or date written without its leading zeros is the one meant.
    let alarm = h.ref_of("textbox", "Alarm").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&alarm), "value": "7:05"})).await?);
    ok(&h.one("form_input", json!({"target": r#ref(&birthday), "value": "1815-12-1"})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("[07:05]") && page.contains("[1815-12-01]"), "{page}");
    // A date or time written as people write it is the one meant when it can mean only one; a
    // date whose numbers leave the order of day and month open is asked for, not guessed.
    let set = text(&h.one("form_input", json!({"target": r#ref(&birthday), "value": "December 10, 1815"})).await?);
    assert!(set.ends_with("Note: the field holds it as 1815-12-10."), "{set}");
    let set = text(&h.one("form_input", json!({"target": r#ref(&alarm), "value": "7:05 pm"})).await?);
    assert!(set.ends_with("Note: the field holds it as 19:05."), "{set}");
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&birthday), "value": "03/04/1815"})).await?);
    assert!(e.contains("either way round") && e.contains("It still holds \"1815-12-10\"."), "{e}");
    let agree = h.ref_of("checkbox", "Agree").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&agree), "value": "maybe"})).await?);
    assert!(e.contains("pass true or false"), "{e}");
    let file = h.ref_of("button", "Upload").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&file), "value": "x"})).await?);
    assert!(e.contains("use file_upload"), "{e}");
    // A box the page draws is set by a click; this one's page never answers the click.
    let fake = h.ref_of("checkbox", "Fancy checkbox").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&fake), "value": true})).await?);
    assert!(e.contains("was clicked, but the page kept it unchecked"), "{e}");
    assert_eq!(e.matches(&format!("({fake})")).count(), 1, "the element is named once: {e}");
    // A slider the page draws itself is moved with its keys; one that does not move with them
    // is said to, and left as it was.
    let zoom = h.ref_of("slider", "Zoom level").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&zoom), "value": 5})).await?);
    assert!(e.starts_with(&format!("{zoom} did not move when its arrow keys were pressed, and still says 3.")), "{e}");
    let go = h.ref_of("button", "Go").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&go), "value": "x"})).await?);
    assert!(e.contains("is not a form control"), "{e}");
    let e = error_text(&h.one("form_input", json!({"target": at(1.0, 1.0), "value": "x"})).await?);
    assert!(e.contains("form_input needs an element reference"), "{e}");
    Ok(())
}

/// What the page's alerts and status messages announce in answer to a click or a key (a form
/// that checks itself in script) is said in that call's result; what they said before it is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_the_page_announces_in_answer_to_an_input_is_said() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "announce.html").await?;
    let place = h.ref_of("button", "Place order").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&place)})).await?);
    assert!(t.contains("The page announced (its alerts and status messages): \"There are 2 problems with your order.\""), "{t}");
    assert!(!t.contains("Updated just now"), "a status that did not change is not announced: {t}");
    let name = h.ref_of("textbox", "Name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&name)})).await?);
    let t = text(&h.one("type", json!({"text": "Ada \"Lovelace\""})).await?);
    assert!(!t.contains("announced"), "{t}");
    let postcode = h.ref_of("textbox", "Postcode").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&postcode)})).await?);
    ok(&h.one("type", json!({"text": "12345"})).await?);
    let t = text(&h.one("key", json!({"text": "Return"})).await?);
    // The page's words as they are, its quotation marks too.
    assert!(t.contains(r#"The page announced (its alerts and status messages): "Order placed for Ada \"Lovelace\".""#) && !t.contains("problem"), "{t}");
    Ok(())
}

/// A list that takes several choices is set to all of them from one comma-separated value, and
/// says so; several values as a JSON list are refused with what to give instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_of_several_choices_is_set_whole() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "extras.html").await?;
    let extras = h.ref_of("listbox", "Extras").await?;
    let t = text(&h.one("form_input", json!({"target": r#ref(&extras), "value": "Checked bag, meal"})).await?);
    assert_eq!(t, format!("Set the value of {extras}.\nNote: it takes several choices, and now has Checked bag, Meal selected (give every choice, comma-separated, to change them)."));
    let line = text(&h.one("read_page", json!({})).await?);
    let line = line.lines().find(|l| l.contains("listbox \"Extras\"")).unwrap_or_default().to_string();
    assert!(line.contains("value=\"Checked bag, Meal\"") && line.contains("multiselectable"), "{line}");
    h.wait_log("change", |e| e["type"] == "change" && e["target"] == "extras").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&extras), "value": "seat"})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    let line = text(&h.one("read_page", json!({})).await?);
    assert!(line.contains("value=\"Seat choice\""), "one choice replaces the selection:\n{line}\n{page}");
    // The page's text marks the options chosen in a list that shows them.
    assert!(page.contains("Checked bag\n[x] Seat choice\nMeal"), "{page}");
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&extras), "value": "Meal, Lounge"})).await?);
    assert!(e.starts_with("The option \"Lounge\" of listbox \"Extras\"") && e.contains("is disabled"), "{e}");
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&extras), "value": ["Meal", "Seat choice"]})).await?);
    assert!(e.contains("expected a string, a number, or true/false") && e.contains("comma-separated"), "{e}");
    // Choices whose words hold a comma are taken whole, not as a choice each side of it (and
    // never "France" besides "Paris, France").
    let offices = h.ref_of("listbox", "Offices").await?;
    let t = text(&h.one("form_input", json!({"target": r#ref(&offices), "value": "Paris, France, berlin,germany"})).await?);
    assert!(t.ends_with("now has Paris, France, Berlin, Germany selected (give every choice, comma-separated, to change them)."), "{t}");
    let t = text(&h.one("form_input", json!({"target": r#ref(&offices), "value": "France, Lyon, France, fra"})).await?);
    assert!(t.contains("now has France, Lyon, France selected"), "a choice named twice is chosen once: {t}");
    // A colour field: a value it cannot read leaves it as it was, black is black.
    let paint = h.ref_of("textbox", "Paint").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&paint), "value": "not a colour"})).await?);
    assert!(e.contains("did not accept \"not a colour\"") && e.contains("It still holds \"#336699\"."), "{e}");
    ok(&h.one("form_input", json!({"target": r#ref(&paint), "value": "#000000"})).await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_fit_and_zoom_crops() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "pointer.html").await?;
    let (media, data) = image(&h.one("screenshot", json!({})).await?);
    assert!(media == "image/jpeg" || media == "image/png");
    let (w, hgt) = image_size(&data);
    assert_eq!(w, 1280, "the viewport's width at factor 1");
    assert!(hgt > 500 && hgt < 800 && (w.max(hgt) as f64) <= 1568.0 && (w * hgt) as f64 <= 1_150_000.0);
    let (_, again) = image(&h.one("screenshot", json!({})).await?);
    assert_eq!(image_size(&again), (w, hgt), "one consistent size per tab");

    let (_, zoomed) = image(&h.one("zoom", json!({"region": [50, 50, 350, 200]})).await?);
    assert_eq!(image_size(&zoomed), (1024, 512), "the region scaled up to a 1024-pixel long edge");
    let e = error_text(&h.one("zoom", json!({"region": [0, 0, 5000, 10]})).await?);
    assert!(e.contains("reaches outside the viewport"), "{e}");
    let e = error_text(&h.one("zoom", json!({"region": [10, 10, 5, 20]})).await?);
    assert!(e.contains("x1 > x0"), "{e}");

    // An element outside the viewport is scrolled into view before the click.
    open(&mut h, "wide.html").await?;
    let far = h.ref_of("button", "Far right").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&far)})).await?);
    h.wait_log("far click", |e| e["type"] == "click" && e["target"] == "far-right").await?;
    let down = h.ref_of("button", "Far down").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&down)})).await?);
    h.wait_log("far-down click", |e| e["type"] == "click" && e["target"] == "far-down").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn device_scale_factor_two_keeps_the_frame_and_the_points() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&["--browser-arg=--force-device-scale-factor=2"]).await?;
    open(&mut h, "pointer.html").await?;
    let (_, data) = image(&h.one("screenshot", json!({})).await?);
    let (w, hgt) = image_size(&data);
    assert!((w.max(hgt) as f64) <= 1568.0 && (w * hgt) as f64 <= 1_150_000.0, "{w}×{hgt} fits the limits at DPR 2");
    ok(&h.one("left_click", json!({"target": at(150.0, 120.0)})).await?);
    let log = h.wait_log("drawing", |e| e["type"] == "drawn").await?;
    let drawn = of(&log, "drawn")[0];
    let f = w as f64 / 1280.0;
    let (ex, ey) = ((150.0 / f - 50.0).round() as i64, (120.0 / f - 50.0).round() as i64);
    assert!((drawn["x"].as_i64().unwrap_or(0) - ex).abs() <= 1 && (drawn["y"].as_i64().unwrap_or(0) - ey).abs() <= 1, "{drawn} vs ({ex}, {ey})");
    let press = h.ref_of("button", "Press").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&press), "modifiers": "shift"})).await?);
    let log = h.wait_log("click at DPR 2", |e| e["type"] == "click" && e["target"] == "btn").await?;
    assert_eq!(of(&log, "click").last().map(|e| e["shift"].clone()), Some(json!(true)));
    Ok(())
}

/// A page that scrolls has a scrollbar at the window's edge. Its screenshot is still of the whole
/// window, the size of a page that does not scroll, at any device scale; each point of it can be
/// pressed (a press on the scrollbar is a person's too) or zoomed into, and the button beside the
/// scrollbar is pressed where the screenshot shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_tabs_screenshot_is_the_whole_window_and_each_point_of_it_counts() -> anyhow::Result<()> {
    for dpr in ["1", "2"] {
        let mut h = Harness::start_with(&[&format!("--browser-arg=--force-device-scale-factor={dpr}")]).await?;
        open(&mut h, "one.html").await?;
        let still = image_size(&image(&h.one("screenshot", json!({})).await?).1);
        open(&mut h, "tall.html").await?;
        let (w, hgt) = image_size(&image(&h.one("screenshot", json!({})).await?).1);
        assert_eq!((w, hgt), still, "at scale {dpr}, a page that scrolls is shot at the size of one that does not");
        let r = h.one("zoom", json!({"region": [0, 0, w, hgt]})).await?;
        ok(&r);
        let r = h.one("left_click", json!({"target": at((w - 1) as f64, (hgt - 1) as f64)})).await?;
        assert!(text(&r).contains("The pointer was over the page's scrollbar"), "the corner is the scrollbar's: {r:?}");
        let place = "(() => { const r = document.getElementById('edge').getBoundingClientRect(); return [(r.left + r.right) / 2, (r.top + r.bottom) / 2, innerWidth]; })()";
        let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": place}, "confirmed": true})).await?;
        let css: Vec<f64> = serde_json::from_str(m["outcome"]["ok"]["text"].as_str().unwrap_or("[]"))?;
        let f = w as f64 / css[2];
        ok(&h.one("left_click", json!({"target": at((css[0] * f).round(), (css[1] * f).round())})).await?);
        h.wait_log("the click beside the scrollbar", |e| e["type"] == "click" && e["target"] == "edge").await?;
        // Every tab is shot at one size: the first tab too, which a browser run as root without
        // its sandbox (as here) would give a bar of its own.
        ok(&h.one("new_tab", json!({})).await?);
        open(&mut h, "one.html").await?;
        assert_eq!(image_size(&image(&h.one("screenshot", json!({})).await?).1), still, "at scale {dpr}, a new tab is shot at the first tab's size");
    }
    Ok(())
}

/// The colour of an image's pixel, and whether it is near `want` (a JPEG's colours drift a little).
fn colour_near(data: &str, x: u32, y: u32, want: [u8; 3]) -> Result<(), String> {
    let img = decoded(data)?;
    let p = img.get_pixel(x.min(img.width() - 1), y.min(img.height() - 1)).0;
    let near = p.iter().zip(want).all(|(a, b)| (*a as i32 - b as i32).abs() < 60);
    near.then_some(()).ok_or_else(|| format!("pixel ({x}, {y}) of {}×{} is {p:?}, not {want:?}", img.width(), img.height()))
}

/// A person who set the browser's zoom (125 % here, on a screen of scale 2) sees the whole
/// viewport in Claude's screenshot, scrolled or not, and a point Claude picks in it is the point
/// clicked; a zoom shows the region asked for. The capture's clip is in the browser's own pixels
/// there, which the zoom makes larger than CSS pixels: the screenshot showed the top-left 80 %.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browsers_zoom_setting_keeps_the_whole_viewport_and_the_points() -> anyhow::Result<()> {
    // (Removed when the test ends, after the browser it is dropped before.)
    let scratch = Scratch::new("zoomed-profile")?;
    let profile = &scratch.0;
    std::fs::create_dir_all(profile.join("Default"))?;
    // Chrome keeps a zoom as a level: 1.2 to its power is the factor.
    let level = 1.25f64.ln() / 1.2f64.ln();
    std::fs::write(profile.join("Default/Preferences"), json!({"partition": {"default_zoom_level": {"x": level}}}).to_string())?;
    let arg = format!("--profile={}", profile.display());
    let mut h = Harness::start_with(&[&arg, "--browser-arg=--force-device-scale-factor=2"]).await?;
    open(&mut h, "corners.html").await?;
    let corners = [(false, false, [255, 0, 0]), (true, false, [0, 255, 0]), (false, true, [0, 0, 255]), (true, true, [0, 0, 0])];
    for scrolled in [false, true] {
        if scrolled {
            ok(&h.one("scroll", json!({"target": at(400.0, 300.0), "scroll_direction": "down", "scroll_amount": 5})).await?);
        }
        let (_, data) = image(&h.one("screenshot", json!({})).await?);
        let (w, hgt) = image_size(&data);
        // The screenshot is of the whole window: the page's scrollbar is at its right edge, and
        // the squares on the right are beside it.
        let sizes = "[innerWidth, innerWidth - document.documentElement.clientWidth]";
        let m = h.client.request("member", json!({"name": "javascript_exec", "input": {"text": sizes}, "confirmed": true})).await?;
        let css: Vec<f64> = serde_json::from_str(m["outcome"]["ok"]["text"].as_str().unwrap_or("[]"))?;
        anyhow::ensure!(css.len() == 2 && css[1] > 0.0, "the page shows a scrollbar: {m}");
        let bar = (css[1] * w as f64 / css[0]).round() as u32;
        let w = w - bar;
        for (right, bottom, colour) in corners {
            let (x, y) = (if right { w - 12 } else { 12 }, if bottom { hgt - 12 } else { 12 });
            colour_near(&data, x, y, colour).map_err(|e| anyhow::anyhow!("scrolled {scrolled}: the corner square is not there ({e})"))?;
        }
        // The black square, bottom right, at the point the screenshot shows it.
        ok(&h.one("left_click", json!({"target": at(w as f64 - 12.0, hgt as f64 - 12.0)})).await?);
        assert_eq!(only_state(&h.one("list_tabs", json!({})).await?).tabs[0].title, "black", "scrolled {scrolled}");
        ok(&h.one("left_click", json!({"target": at(12.0, 12.0)})).await?);
        assert_eq!(only_state(&h.one("list_tabs", json!({})).await?).tabs[0].title, "red", "scrolled {scrolled}");
        // A zoom on the green square, top right, shows it.
        let (_, zoomed) = image(&h.one("zoom", json!({"region": [w - 40, 5, w - 5, 40]})).await?);
        let (zw, zh) = image_size(&zoomed);
        colour_near(&zoomed, zw / 2, zh / 2, [0, 255, 0]).map_err(|e| anyhow::anyhow!("scrolled {scrolled}: the zoom missed the green square: {e}"))?;
    }
    Ok(())
}

/// A page the person pinch-zoomed (a trackpad's pinch) shows a part of its viewport magnified,
/// and input goes to points of that part: a click by ref and a screenshot set it back to its
/// normal scale first, so the click lands on its element and the screenshot shows the whole
/// viewport, whose points are then the ones clicked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pinch_zoomed_page_is_set_back_before_a_click_or_a_screenshot() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    open(&mut h, "corners.html").await?;
    let t = text(&h.one("read_page", json!({"filter": "all"})).await?);
    let squares: Vec<&str> = t.lines().filter(|l| l.starts_with("generic [ref_")).filter_map(|l| l.split(['[', ']']).nth(1)).collect();
    anyhow::ensure!(squares.len() == 4, "four clickable squares: {t}");
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = person.targets("corners.html").await?.into_iter().find(|t| t["type"] == "page").ok_or_else(|| anyhow::anyhow!("no page"))?;
    let attached = person.send(None, "Target.attachToTarget", json!({"targetId": page["targetId"], "flatten": true})).await?;
    let session = attached["sessionId"].as_str().unwrap_or_default().to_string();
    for round in ["a click by ref", "a screenshot"] {
        person.send(Some(&session), "Input.synthesizePinchGesture", json!({"x": 300, "y": 300, "scaleFactor": 2, "relativeSpeed": 2000})).await?;
        let scale = person.send(Some(&session), "Runtime.evaluate", json!({"expression": "visualViewport.scale", "returnByValue": true})).await?;
        anyhow::ensure!(scale["result"]["value"].as_f64().unwrap_or(1.0) > 1.5, "the page is pinched before {round}: {scale}");
        if round == "a click by ref" {
            // The black square, in the bottom right corner, out of the pinched part.
            ok(&h.one("left_click", json!({"target": r#ref(squares[3])})).await?);
            assert_eq!(only_state(&h.one("list_tabs", json!({})).await?).tabs[0].title, "black");
        } else {
            let (_, data) = image(&h.one("screenshot", json!({})).await?);
            let (w, hgt) = image_size(&data);
            // (Right of the square: the page's scrollbar.)
            colour_near(&data, w - 30, hgt - 12, [0, 0, 0]).map_err(|e| anyhow::anyhow!("the whole viewport is shown: {e}"))?;
            colour_near(&data, 12, 12, [255, 0, 0]).map_err(|e| anyhow::anyhow!("the whole viewport is shown: {e}"))?;
            ok(&h.one("left_click", json!({"target": at(12.0, 12.0)})).await?);
            assert_eq!(only_state(&h.one("list_tabs", json!({})).await?).tabs[0].title, "red");
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_reach_shadow_roots_and_cross_origin_frames() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "shadow.html").await?;
    let send = h.ref_of("button", "Send message").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&send)})).await?);
    let r = h.one("list_tabs", json!({})).await?;
    assert_eq!(only_state(&r).tabs[0].title, "sent", "the shadow button's handler ran");

    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    let r = h.one("navigate", json!({"url": h.url(&format!("frames.html?other=http://{}", other.addr))})).await?;
    ok(&r);
    let cross = h.ref_of("button", "Cross button").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&cross)})).await?);
    let pressed = text(&h.one("find", json!({"query": "pressed button"})).await?);
    assert!(pressed.starts_with("button \"Pressed\""), "the cross-origin button's handler ran: {pressed}");
    let field = h.ref_of("textbox", "Inner field").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&field)})).await?);
    ok(&h.one("type", json!({"text": "inside"})).await?);
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(t.contains("value=\"inside\""), "typing reached the focused frame field: {t}");
    Ok(())
}

/// Enter right behind typing into a search as you type that shows its list only once the typing
/// has paused 450 ms picks the suggestion the words brought up, in one batch as Claude sends them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enter_right_behind_typing_waits_for_suggestions_shown_after_a_pause() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "late-suggest.html").await?;
    let city = h.ref_of("combobox", "City").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&city)})).await?);
    let calls = vec![h.call("type", json!({"text": "Lon"})), h.call("key", json!({"text": "Return"}))];
    for r in h.run(calls).await? {
        ok(&r);
    }
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Chosen: London"), "{page}");
    Ok(())
}

/// Frames drawn at another scale than their own (a transform around them, CSS zoom), of the
/// page's site and of another: a ref inside is pressed where the frame shows it, not where the
/// frame's own points would be unscaled, and a read lists what shows as shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refs_in_frames_drawn_at_another_scale_are_pressed_where_they_show() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    ok(&h.one("navigate", json!({"url": h.url(&format!("scaled-frames.html?other=http://{}", other.addr))})).await?);
    let cross = h.ref_of_soon("button", "Cross button").await?;
    let read = text(&h.one("read_page", json!({})).await?);
    assert!(line_with(&read, "button \"Delete account\"").ends_with(']'), "it shows, so it is no offscreen line: {read}");
    for name in ["Keep subscription", "Pause subscription"] {
        let row = h.ref_of("button", name).await?;
        ok(&h.one("left_click", json!({"target": r#ref(&row)})).await?);
        assert_eq!(only_state(&h.one("list_tabs", json!({})).await?).tabs[0].title, format!("pressed {name}"));
    }
    let r = h.one("left_click", json!({"target": r#ref(&cross)})).await?;
    ok(&r);
    let pressed = text(&h.one("find", json!({"query": "pressed button"})).await?);
    assert!(pressed.starts_with("button \"Pressed\""), "the other site's scaled frame's button was pressed: {pressed}");
    // The zoomed frame's rows are the second of each.
    let all = text(&h.one("read_page", json!({"filter": "all"})).await?);
    let zoomed = &all[all.find("iframe \"Zoomed frame\"").ok_or_else(|| anyhow::anyhow!("{all}"))?..];
    let cancel = line_with(zoomed, "button \"Cancel subscription\"").split("[ref_").nth(1).and_then(|r| r.split(']').next()).map(|n| format!("ref_{n}")).unwrap_or_default();
    ok(&h.one("left_click", json!({"target": r#ref(&cancel)})).await?);
    let said = text(&h.one("find", json!({"query": "Chosen"})).await?);
    assert!(said.contains("Chosen: Cancel subscription"), "{said}");
    Ok(())
}

/// A field inside another site's frame (a payment provider's card field) takes the keys typed
/// right after the click that focused it, by ref or by coordinate, each time: the browser hands
/// the focus to that frame after the click, and a page that does not take itself for focused
/// (its window is not the focused one, as when the person watches from another application)
/// lost it again there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typing_right_after_a_click_into_another_sites_frame_reaches_its_field() -> anyhow::Result<()> {
    let mut h = Harness::start_with_policy(json!({"auto_approve": ["javascript_exec"]}), &[]).await?;
    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    let page = h.url(&format!("frames.html?other=http://{}", other.addr));
    for (round, by_ref) in [true, true, false, false].into_iter().enumerate() {
        ok(&h.one("navigate", json!({"url": page})).await?);
        let t = text(&h.one("read_page", json!({})).await?);
        // The second frame is the other site's.
        let cross = &t[t.find("iframe \"Cross-origin frame\"").ok_or_else(|| anyhow::anyhow!("no cross frame: {t}"))?..];
        let field = line_with(cross, "textbox \"Inner field\"").split("[ref_").nth(1).and_then(|r| r.split(']').next()).map(|n| format!("ref_{n}")).ok_or_else(|| anyhow::anyhow!("{cross}"))?;
        let target = if by_ref {
            r#ref(&field)
        } else {
            // The field's middle: where it sits in the same page in the same-origin frame, moved
            // to the other site's frame.
            let at_js = "(() => { const c = document.getElementById('cross'), f = c.getBoundingClientRect(); const i = document.getElementById('same').contentDocument.querySelector('input').getBoundingClientRect(); return [f.left + c.clientLeft + i.left + i.width / 2, f.top + c.clientTop + i.top + i.height / 2]; })()";
            let call = h.call("javascript_exec", json!({"text": at_js}));
            let point: Value = serde_json::from_str(&text(&h.run_with(vec![call], json!({"javascript_exec": {"enabled": true}})).await?.remove(0)))?;
            let (x, y) = (point[0].as_f64().unwrap_or(0.0), point[1].as_f64().unwrap_or(0.0));
            let described = text(&h.one("left_click", json!({"target": at(x, y)})).await?);
            assert!(described.contains("Inner field") || described.contains("iframe"), "round {round}: {described}");
            json!(null)
        };
        if by_ref {
            ok(&h.one("left_click", json!({"target": target})).await?);
        }
        let typed = format!("round {round}");
        ok(&h.one("type", json!({"text": typed})).await?);
        let after = text(&h.one("read_page", json!({})).await?);
        let after = &after[after.find("iframe \"Cross-origin frame\"").unwrap_or(0)..];
        assert!(line_with(after, "textbox \"Inner field\"").contains(&format!("value=\"{typed}\"")), "round {round} (by ref: {by_ref}): the keys went elsewhere:\n{after}");
    }
    Ok(())
}

/// A ref inside another site's frame is pressed only where the page shows it. That frame's own
/// hit test sees neither the page around it nor where that page is scrolled: the page is scrolled
/// to a frame below the fold, the frame's content read as offscreen until then, and a box the
/// page lays over the frame is said to cover it (a press there would go to that box).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ref_in_another_sites_frame_is_scrolled_to_and_not_pressed_under_a_cover() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    ok(&h.one("navigate", json!({"url": h.url(&format!("far-frames.html?other=http://{}", other.addr))})).await?);
    let mut t = String::new();
    for _ in 0..50 {
        t = text(&h.one("read_page", json!({"filter": "all"})).await?);
        if t.matches("button \"Pay 20 EUR\"").count() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let covered = &t[t.find("iframe \"Covered partner\"").ok_or_else(|| anyhow::anyhow!("{t}"))?..];
    let far = &t[t.find("iframe \"Far partner\"").ok_or_else(|| anyhow::anyhow!("{t}"))?..];
    assert!(line_with(far, "button \"Pay 20 EUR\"").ends_with("(offscreen)"), "{t}");
    assert!(!line_with(covered, "button \"Pay 20 EUR\"").contains("(offscreen)"), "{t}");
    let at = |part: &str, line: &str| ref_on(line_with(part, line)).map(|r| r#ref(&r)).ok_or_else(|| anyhow::anyhow!("no ref on {line}"));

    let e = error_text(&h.one("left_click", json!({"target": at(covered, "button \"Pay 20 EUR\"")?})).await?);
    assert!(e.starts_with("button \"Pay 20 EUR\"") && e.contains("is covered by <div#promo>") && e.contains("nothing was clicked"), "{e}");

    ok(&h.one("left_click", json!({"target": at(far, "textbox \"Card number\"")?})).await?);
    ok(&h.one("type", json!({"text": "4242"})).await?);
    ok(&h.one("left_click", json!({"target": at(far, "button \"Pay 20 EUR\"")?})).await?);
    let paid = |log: &[Value]| log.iter().filter(|e| e["type"] == "paid").cloned().collect::<Vec<_>>();
    let mut got = Vec::new();
    for _ in 0..50 {
        got = paid(&other.log());
        if !got.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(got, vec![got.first().cloned().unwrap_or_default()], "one payment: {got:?}");
    assert_eq!((got[0]["frame"].as_str(), got[0]["card"].as_str()), (Some("far"), Some("4242")), "{got:?}");
    assert!(!h.site.log().iter().any(|e| e["type"] == "promo clicked"), "the cover was not pressed either");
    // The page was scrolled to the far frame: its content reads in view, the top's words not.
    let t = text(&h.one("read_page", json!({"filter": "all"})).await?);
    let far = &t[t.find("iframe \"Far partner\"").ok_or_else(|| anyhow::anyhow!("{t}"))?..];
    assert!(!line_with(far, "button \"Pay 20 EUR\"").contains("(offscreen)"), "{t}");
    assert!(line_with(&t, "text \"Offers end soon.").ends_with("(offscreen)"), "{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_viewport_is_downscaled_and_points_map_back() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&["--browser-arg=--window-size=2000,1400"]).await?;
    open(&mut h, "pointer.html").await?;
    let (_, data) = image(&h.one("screenshot", json!({})).await?);
    let (w, hgt) = image_size(&data);
    assert!(w < 2000 && (w.max(hgt) as f64) <= 1568.0 && (w * hgt) as f64 <= 1_150_000.0, "{w}×{hgt} is downscaled to fit");
    // The canvas sits at CSS (50, 50); a point in screenshot pixels maps back through the factor.
    let f = w as f64 / 2000.0;
    let (sx, sy) = ((50.0 + 100.0) * f, (50.0 + 70.0) * f);
    ok(&h.one("left_click", json!({"target": at(sx.round(), sy.round())})).await?);
    let log = h.wait_log("drawing", |e| e["type"] == "drawn").await?;
    let drawn = of(&log, "drawn")[0];
    assert!((drawn["x"].as_i64().unwrap_or(0) - 100).abs() <= 2 && (drawn["y"].as_i64().unwrap_or(0) - 70).abs() <= 2, "{drawn} (factor {f})");
    let e = error_text(&h.one("left_click", json!({"target": at(w as f64 + 5.0, 10.0)})).await?);
    assert!(e.contains(&format!("which is {w}×{hgt} pixels in screenshot coordinates")), "{e}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn coordinates_after_the_window_changed_size_are_checked_against_it() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    open(&mut h, "pointer.html").await?;
    let (_, data) = image(&h.one("screenshot", json!({})).await?);
    let (w0, h0) = image_size(&data);
    assert_eq!(w0, 1280);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = person.targets("pointer.html").await?.into_iter().find(|t| t["type"] == "page").ok_or_else(|| anyhow::anyhow!("no page"))?;
    let target = page["targetId"].as_str().unwrap_or_default().to_string();
    let window = person.send(None, "Browser.getWindowForTarget", json!({"targetId": target})).await?;
    let bounds = person.send(None, "Browser.getWindowBounds", json!({"windowId": window["windowId"]})).await?;
    let tall = bounds["bounds"]["height"].as_u64().unwrap_or(800);

    // The person narrows the window after Claude's screenshot: the layout may have moved under
    // every point of it, so none is acted on, whichever member.
    resize(&mut person, &window, json!({"width": 700}), &target, "innerWidth < 800").await?;
    let at = |x: u32, y: u32| json!({"type": "coordinate", "x": x, "y": y});
    for (member, input) in [
        ("left_click", json!({"target": at(100, 100)})),
        ("scroll", json!({"target": at(1000, 100), "scroll_direction": "down", "scroll_amount": 1})),
        ("hover", json!({"target": at(100, 100)})),
    ] {
        let e = error_text(&h.one(member, input).await?);
        assert!(e.contains("changed size after the last screenshot") && e.contains("nothing was done") && e.contains("Take a new screenshot"), "{member}: {e}");
    }
    // A new screenshot shows the narrower viewport, and its points are acted on.
    let (_, data) = image(&h.one("screenshot", json!({})).await?);
    assert!(image_size(&data).0 < 800, "{:?}", image_size(&data));
    ok(&h.one("left_click", json!({"target": at(100, 100)})).await?);
    h.wait_log("the click after the new screenshot", |e| e["type"] == "click" && e["x"] == 100).await?;

    // Only the height shrinks (a bar or a docked panel): points still inside are where they were.
    resize(&mut person, &window, json!({"height": tall - 200}), &target, &format!("innerHeight < {}", h0 - 100)).await?;
    ok(&h.one("left_click", json!({"target": at(120, 120)})).await?);
    let e = error_text(&h.one("left_click", json!({"target": at(100, h0 - 20)})).await?);
    assert!(e.contains("changed size after the last screenshot") && e.contains("is outside it"), "{e}");
    // The page saw exactly the two clicks that were acted on.
    h.wait_log("the click inside the shorter viewport", |e| e["type"] == "click" && e["x"] == 120).await?;
    let log = h.site.log();
    assert_eq!(log.iter().filter(|e| e["type"] == "click").count(), 2, "{log:?}");
    assert!(!log.iter().any(|e| e["type"] == "wheel"), "{log:?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn coordinates_without_a_screenshot_follow_the_window_size() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    open(&mut h, "pointer.html").await?;
    // No screenshot: points are mapped with the viewport as read, which is kept until it changes.
    ok(&h.one("left_click", json!({"target": at(900.0, 100.0)})).await?);
    ok(&h.one("left_click", json!({"target": at(910.0, 100.0)})).await?);
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = person.targets("pointer.html").await?.into_iter().find(|t| t["type"] == "page").ok_or_else(|| anyhow::anyhow!("no page"))?;
    let target = page["targetId"].as_str().unwrap_or_default().to_string();
    let window = person.send(None, "Browser.getWindowForTarget", json!({"targetId": target})).await?;
    resize(&mut person, &window, json!({"width": 700}), &target, "innerWidth < 800").await?;
    let e = error_text(&h.one("left_click", json!({"target": at(900.0, 100.0)})).await?);
    assert!(e.contains("(900, 100) is outside the viewport, which is") && !e.contains("1280×"), "the narrower viewport is the one checked: {e}");
    ok(&h.one("left_click", json!({"target": at(100.0, 100.0)})).await?);
    h.wait_log("the click inside the narrower viewport", |e| e["type"] == "click" && e["x"] == 100).await?;
    Ok(())
}

/// The person changes the window's bounds; waits until the page sees it (`settled`, an
/// expression) and a moment more, for the browser's resize event to reach the extension.
async fn resize(person: &mut tabwright_e2e::person::Person, window: &Value, bounds: Value, target: &str, settled: &str) -> anyhow::Result<()> {
    person.send(None, "Browser.setWindowBounds", json!({"windowId": window["windowId"], "bounds": bounds})).await?;
    for _ in 0..40 {
        if person.eval_in(target, settled).await? == json!(true) {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    anyhow::bail!("the window never took its new bounds ({settled})")
}

/// A click's answer is asked for right behind its events, so the page agent may get it before
/// the press: it then waits for the press's release at the point (and the task that dispatched
/// it), or for the core's word that the browser answered every event, and answers at once when
/// the release came first. Driven here with trusted input from outside, on the agent as the page
/// builds it, in the page's main world of a plain tab.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clicks_answer_waits_for_its_release_or_for_the_word_that_it_was_sent() -> anyhow::Result<()> {
    use tabwright_e2e::person::{Person, PERSON_FLAG};
    let mut h = Harness::start_with(&[PERSON_FLAG]).await?;
    open(&mut h, "one.html").await?;
    let mut person = Person::connect(&h.session.dir().join("profile")).await?;
    let page = person.targets("one.html").await?.into_iter().find(|t| t["type"] == "page").ok_or_else(|| anyhow::anyhow!("no page"))?;
    let attached = person.send(None, "Target.attachToTarget", json!({"targetId": page["targetId"], "flatten": true})).await?;
    let s = attached["sessionId"].as_str().unwrap_or_default().to_string();
    let agent = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../extension/pkg/agent.js"))?;
    async fn eval_on(person: &mut Person, s: &str, expression: &str) -> anyhow::Result<Value> {
        let r = person.send(Some(s), "Runtime.evaluate", json!({"expression": expression, "returnByValue": true, "awaitPromise": true})).await?;
        anyhow::ensure!(r.get("exceptionDetails").is_none(), "{expression}: {}", r["exceptionDetails"]);
        Ok(r["result"]["value"].clone())
    }
    async fn press_with(person: &mut Person, s: &str, x: f64, y: f64, button: &str) -> anyhow::Result<()> {
        for kind in ["mousePressed", "mouseReleased"] {
            person.send(Some(s), "Input.dispatchMouseEvent", json!({"type": kind, "x": x, "y": y, "button": button, "clickCount": 1})).await?;
        }
        Ok(())
    }
    async fn press_on(person: &mut Person, s: &str, x: f64, y: f64) -> anyhow::Result<()> {
        press_with(person, s, x, y, "left").await
    }
    eval_on(&mut person, &s, &agent).await?;
    // The page's own record of releases, and of when each answer came.
    eval_on(&mut person, &s, "window.ups = []; addEventListener('pointerup', (e) => ups.push([e.clientX, e.clientY, performance.now()]), true); window.answers = {}; true").await?;
    let ask = |x: u32, y: u32, seq: u32| format!("(() => {{ window.answers[{seq}] = null; const asked = performance.now(); Promise.resolve(__tabwright.afterInput({x}, {y}, false, false, 1, {seq}, 0)).then(() => {{ window.answers[{seq}] = [asked, performance.now()]; }}); return true; }})()");
    let answer = |seq: u32| format!("new Promise((ok) => {{ const t = Date.now(); (function poll() {{ if (window.answers[{seq}] || Date.now() - t > 3000) ok(window.answers[{seq}]); else setTimeout(poll, 10); }})(); }})");

    // Asked before the press: no answer until the release at that point.
    eval_on(&mut person, &s, &ask(40, 40, 1)).await?;
    press_on(&mut person, &s, 300.0, 300.0).await?;
    assert_eq!(eval_on(&mut person, &s, "window.answers[1]").await?, Value::Null, "a release elsewhere (a person's click) is not this click's");
    press_on(&mut person, &s, 40.0, 40.0).await?;
    let a = eval_on(&mut person, &s, &answer(1)).await?;
    let up = eval_on(&mut person, &s, "ups.filter((u) => u[0] === 40).map((u) => u[2])[0]").await?;
    let (asked, answered, up) = (a[0].as_f64().unwrap_or(0.0), a[1].as_f64().unwrap_or(0.0), up.as_f64().unwrap_or(f64::MAX));
    assert!(answered >= up, "answered after the release: {a} / {up}");
    assert!(answered - asked < 1000.0, "released by the press, not by the one-second fallback: {a}");

    // Released first: answered at once.
    press_on(&mut person, &s, 50.0, 50.0).await?;
    eval_on(&mut person, &s, &ask(50, 50, 2)).await?;
    let quick = |a: &Value| a[1].as_f64().unwrap_or(f64::MAX) - a[0].as_f64().unwrap_or(0.0) < 100.0;
    let a = eval_on(&mut person, &s, &answer(2)).await?;
    assert!(quick(&a), "answered at once: {a}");

    // A press the page never sees (another frame, outside the viewport): the word that the
    // browser answered every event releases it, whether it comes after the question or before.
    eval_on(&mut person, &s, &ask(60, 60, 3)).await?;
    eval_on(&mut person, &s, "__tabwright.pressDone(3)").await?;
    let a = eval_on(&mut person, &s, &answer(3)).await?;
    assert!(a[1].as_f64().unwrap_or(f64::MAX) - a[0].as_f64().unwrap_or(0.0) < 1000.0, "released by the word, not by the fallback: {a}");
    eval_on(&mut person, &s, "__tabwright.pressDone(4)").await?;
    eval_on(&mut person, &s, &ask(70, 70, 4)).await?;
    let a = eval_on(&mut person, &s, &answer(4)).await?;
    assert!(quick(&a), "answered at once: {a}");
    // A release of another button at the point (a right click) is not this click's, nor is one of
    // a press made before the last answer.
    let mouse = |kind: &str, x: f64, button: &str| json!({"type": kind, "x": x, "y": x, "button": button, "clickCount": 1});
    let not_yet = |seq: u32| format!("new Promise((ok) => setTimeout(() => ok(window.answers[{seq}]), 200))");
    press_with(&mut person, &s, 90.0, 90.0, "right").await?;
    eval_on(&mut person, &s, &ask(90, 90, 6)).await?;
    assert_eq!(eval_on(&mut person, &s, &not_yet(6)).await?, Value::Null, "a right button's release answered a left click");
    eval_on(&mut person, &s, "__tabwright.pressDone(6)").await?;
    eval_on(&mut person, &s, &answer(6)).await?;
    person.send(Some(&s), "Input.dispatchMouseEvent", mouse("mousePressed", 95.0, "left")).await?;
    eval_on(&mut person, &s, &ask(10, 10, 7)).await?;
    eval_on(&mut person, &s, "__tabwright.pressDone(7)").await?;
    eval_on(&mut person, &s, &answer(7)).await?;
    person.send(Some(&s), "Input.dispatchMouseEvent", mouse("mouseReleased", 95.0, "left")).await?;
    eval_on(&mut person, &s, &ask(95, 95, 8)).await?;
    assert_eq!(eval_on(&mut person, &s, &not_yet(8)).await?, Value::Null, "the release of a press made before the last answer answered a new click");
    eval_on(&mut person, &s, "__tabwright.pressDone(8)").await?;
    eval_on(&mut person, &s, &answer(8)).await?;
    // An older word does not release a newer question; the fallback does, within a second or so.
    eval_on(&mut person, &s, &ask(80, 80, 9)).await?;
    eval_on(&mut person, &s, "__tabwright.pressDone(8)").await?;
    assert_eq!(eval_on(&mut person, &s, "new Promise((ok) => setTimeout(() => ok(window.answers[9]), 200))").await?, Value::Null);
    let a = eval_on(&mut person, &s, &answer(9)).await?;
    assert!(a[1].as_f64().unwrap_or(0.0) - a[0].as_f64().unwrap_or(0.0) >= 1000.0, "{a}");
    Ok(())
}

/// A form the browser will not send (a required field empty) shows its reason only in a bubble
/// of the browser's own, which screenshots do not hold: the click says it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_form_the_browser_stops_is_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "form.html").await?;
    let submit = h.ref_of("button", "Submit application").await?;
    let r = h.one("left_click", json!({"target": r#ref(&submit)})).await?;
    ok(&r);
    let t = text(&r);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"First name\"") && t.contains("fill"), "{t}");
    assert!(t.contains("Please fill out this field. Fill that in"), "{t}");
    // Enter in a field sends its form too, and is told the same.
    let first = h.ref_of("textbox", "First name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&first)})).await?);
    let t = text(&h.one("key", json!({"text": "Enter"})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"First name\""), "{t}");
    // Filled in, the same click sends it.
    for (name, value) in [("First name", "Ada"), ("Last name", "Lovelace")] {
        let field = h.ref_of("textbox", name).await?;
        ok(&h.one("form_input", json!({"target": r#ref(&field), "value": value})).await?);
    }
    let terms = h.ref_of("checkbox", "I accept the terms").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&terms), "value": true})).await?);
    let r = h.one("left_click", json!({"target": r#ref(&submit)})).await?;
    assert!(!text(&r).contains("The form was not sent"), "{r:?}");

    // A field out of sight in a closed section is named by its label, with where it is.
    open(&mut h, "details-required.html").await?;
    let sign_up = h.ref_of("button", "Sign up").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&sign_up)})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"Company\", inside the closed section \"More options\" (a click on its summary opens it): Please fill out this field."), "{t}");

    // The same in a form inside a frame of the page.
    open(&mut h, "frameform.html").await?;
    let subscribe = h.ref_of("button", "Subscribe").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&subscribe)})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"Email\""), "{t}");
    let email = h.ref_of("textbox", "Email").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&email)})).await?);
    ok(&h.one("type", json!({"text": "not an address"})).await?);
    let t = text(&h.one("key", json!({"text": "Enter"})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"Email\""), "{t}");
    Ok(())
}

/// A form the browser stops where the top document cannot hear it is told all the same: in a
/// component's shadow root (its invalid and submit events stay inside), and in a frame of
/// another site (a card form), by a click and by Enter.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_form_stopped_in_a_shadow_root_or_another_sites_frame_is_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "shadow-login.html").await?;
    let login = h.ref_of("button", "Log in").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&login)})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"Username\""), "{t}");
    for (name, value) in [("Username", "ada"), ("Password", "secret")] {
        let field = h.ref_of("textbox", name).await?;
        ok(&h.one("form_input", json!({"target": r#ref(&field), "value": value})).await?);
    }
    let t = text(&h.one("left_click", json!({"target": r#ref(&login)})).await?);
    assert!(!t.contains("The form was not sent"), "{t}");
    assert!(text(&h.one("get_page_text", json!({})).await?).contains("Signed in"));

    let other = tabwright::site::Site::start(tabwright::site::Pages::Dir(fixtures()), "127.0.0.2").await?;
    open(&mut h, &format!("frames.html?other=http://{}&inner=payform.html", other.addr)).await?;
    let pay = h.ref_of_soon("button", "Pay now").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&pay)})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"Card number\""), "{t}");
    let date = h.ref_of("textbox", "Card date").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&date)})).await?);
    let t = text(&h.one("key", json!({"text": "Enter"})).await?);
    assert!(t.contains("The form was not sent: the browser stopped it at textbox \"Card number\""), "{t}");
    let card = h.ref_of("textbox", "Card number").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&card), "value": "4242424242424242"})).await?);
    let t = text(&h.one("left_click", json!({"target": r#ref(&pay)})).await?);
    assert!(!t.contains("The form was not sent"), "{t}");
    Ok(())
}

/// form_input chooses the option whose words are the value before one whose value it is (a
/// list of numbers of guests coded by index), takes a code when no words match, refuses words
/// that several options hold rather than taking the first, and says how it chose when the
/// words were not an option's own; an option of a disabled group is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_chooses_the_option_its_words_name() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "select-match.html").await?;
    let guests = h.ref_of("combobox", "Number of guests").await?;
    let r = h.one("form_input", json!({"target": r#ref(&guests), "value": "2"})).await?;
    ok(&r);
    assert!(!text(&r).contains("Note"), "{r:?}");
    let country = h.ref_of("combobox", "Country").await?;
    let r = h.one("form_input", json!({"target": r#ref(&country), "value": "US"})).await?;
    ok(&r);
    assert!(text(&r).contains("\"US\" chose \"United States\", the option whose value is \"us\""), "{r:?}");
    let title = h.ref_of("combobox", "Title").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&title), "value": "M"})).await?);
    assert!(e.contains("\"M\" is part of several options") && e.contains("\"Mrs\", \"Mr\", \"Ms\"") && !e.contains("Doctor"), "{e}");
    let r = h.one("form_input", json!({"target": r#ref(&title), "value": "doc"})).await?;
    assert!(text(&r).contains("\"doc\" chose \"Doctor\", the one option whose words hold \"doc\""), "{r:?}");
    let car = h.ref_of("combobox", "Car").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&car), "value": "Audi"})).await?);
    assert!(e.contains("The option \"Audi\"") && e.contains("is disabled (its group is)"), "{e}");
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(line_with(&t, "\"Number of guests\"").contains("value=\"2\""), "{t}");
    assert!(line_with(&t, "\"Country\"").contains("value=\"United States\""), "{t}");
    assert!(line_with(&t, "\"Title\"").contains("value=\"Doctor\""), "{t}");
    assert!(line_with(&t, "\"Car\"").contains("value=\"Volvo\""), "{t}");
    Ok(())
}

/// A control the page disabled and lets presses pass through (a carousel's first "Previous")
/// is said to be disabled, not covered by the box under it, and nothing is clicked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disabled_control_that_lets_presses_through_is_said_to_be_disabled() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "passthrough.html").await?;
    let prev = h.ref_of("button", "Previous slide").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&prev)})).await?);
    assert!(e.starts_with(&format!("button \"Previous slide\" ({prev}) is disabled")) && e.contains("nothing was clicked") && !e.contains("covered"), "{e}");
    let next = h.ref_of("button", "Next slide").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&next)})).await?);
    h.wait_log("the click on Next", |e| e["type"] == "click" && e["target"] == "next").await?;
    let log = h.site.log();
    let clicks: Vec<&Value> = of(&log, "click");
    assert!(clicks.len() == 1 && clicks[0]["target"] == "next", "only Next was clicked: {clicks:?}");
    Ok(())
}

/// A page that moves or swaps the element Claude clicks by ref as the pointer comes to it (a
/// dangerous button put in its place on pointerover) gets no press at all: it is stopped before
/// the page hears any of it, and the result says what it would have reached (the button swapped
/// in, or the page's background). A button the page draws anew on hover (the same button, a new
/// node), and one that stays, are clicked with no such word.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_whose_target_the_page_moves_or_swaps_is_stopped() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "swapped.html").await?;
    let stopped = "Nothing was pressed: as the pointer came to the element aimed at, the page moved it or put another in its place, so the press would have reached";
    let swap = h.ref_of("button", "Swapper").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&swap)})).await?);
    assert!(e.starts_with(&format!("{stopped} button \"Delete account\"")), "{e}");
    let run = h.ref_of("button", "Run away").await?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&run)})).await?);
    assert!(e.starts_with(&format!("{stopped} the page's background")), "{e}");
    for name in ["Redrawn", "Plain"] {
        let r = h.ref_of("button", name).await?;
        let t = text(&h.one("left_click", json!({"target": r#ref(&r)})).await?);
        assert_eq!(t, "Clicked.", "{name}");
    }
    let log = h.wait_log("the click on Plain", |e| e["type"] == "click" && e["target"] == "plain").await?;
    assert!(log.iter().any(|e| e["type"] == "click" && e["target"] == "again"), "{log:?}");
    assert!(!log.iter().any(|e| e["type"] == "click" && e["target"] == "run"), "{log:?}");
    // The page heard nothing of the stopped presses.
    assert!(!log.iter().any(|e| ["pointerdown", "mousedown", "click"].contains(&e["type"].as_str().unwrap_or_default()) && ["trap", "swap", "run"].contains(&e["target"].as_str().unwrap_or_default())), "{log:?}");
    Ok(())
}

/// A list the page draws anew in place just as the pointer comes (a morphing refresh that reuses
/// its rows' elements for others) leaves the button Claude aimed at under the pointer, but in
/// another row: the press is stopped before the page hears it, and nothing of that other row is
/// deleted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_that_would_land_in_another_row_of_a_list_drawn_anew_is_stopped() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "morph-list.html").await?;
    let read = text(&h.one("read_page", json!({})).await?);
    let lines: Vec<&str> = read.lines().collect();
    let row = lines.iter().position(|l| l.contains("listitem") && l.contains("\"Item B\"")).ok_or_else(|| anyhow::anyhow!("{read}"))?;
    let delete = lines.get(row + 1).and_then(|l| ref_on(l)).ok_or_else(|| anyhow::anyhow!("{read}"))?;
    let e = error_text(&h.one("left_click", json!({"target": r#ref(&delete)})).await?);
    assert!(e.starts_with("Nothing was pressed") && e.contains("in a row that now reads \"Item C Delete\", not \"Item B Delete\" as read"), "{e}");
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Deleted: none"), "{page}");
    // A row that shows its actions as the pointer comes still reads as itself: its press goes in.
    let readme = h.ref_of("button", "README.md").await?;
    assert_eq!(text(&h.one("left_click", json!({"target": r#ref(&readme)})).await?), "Clicked.");
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Opened README.md"), "{page}");
    Ok(())
}

/// A click by ref into a frame of the page's own site lands on its element when CSS zoom scales
/// the page and the frame; and a press there that reaches another element says so, as in the
/// page itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_by_ref_reach_into_a_zoomed_frame_and_say_when_they_miss() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "zoomed-frame.html").await?;
    let inside = h.ref_of("button", "Inside").await?;
    assert_eq!(text(&h.one("left_click", json!({"target": r#ref(&inside)})).await?), "Clicked.");
    h.wait_log("the click on the framed button", |e| e["type"] == "click" && e["target"] == "inside").await?;
    let swap = h.ref_of("button", "Swapper").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&swap)})).await?);
    assert!(t.contains("The press did not reach the element aimed at: it reached button \"Delete account\""), "{t}");
    h.wait_log("the click on the button swapped in", |e| e["type"] == "click" && e["target"] == "trap").await?;
    Ok(())
}

/// A field's maxlength holds for form_input as it does for a person's typing; a button of no
/// size whose words show outside it is clicked by its ref where its words are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_keeps_to_maxlength_and_a_button_of_no_size_is_pressed_on_its_words() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "quirks.html").await?;
    let code = h.ref_of("textbox", "Code").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&code), "value": "123456"})).await?);
    assert!(e.contains("takes at most 3 characters (its maxlength), and the value given has 6, so nothing was set"), "{e}");
    let note = h.ref_of("textbox", "Note").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&note), "value": "too long"})).await?);
    assert!(e.contains("takes at most 5 characters"), "{e}");
    assert!(!h.one("form_input", json!({"target": r#ref(&code), "value": "123"})).await?.is_error);
    let t = text(&h.one("read_page", json!({})).await?);
    assert!(line_with(&t, "textbox \"Code\"").contains("value=\"123\""), "{t}");
    assert!(!line_with(&t, "textbox \"Note\"").contains("value="), "{t}");
    let zero = h.ref_of("button", "Zero box").await?;
    let r = h.one("left_click", json!({"target": r#ref(&zero)})).await?;
    assert_eq!(text(&r), "Clicked.");
    h.wait_log("the click on the button of no size", |e| e["type"] == "click" && e["target"] == "zero").await?;
    Ok(())
}

/// A page loaded under the pointer has seen no pointer yet: a hover where the pointer already
/// stands (the "Products" link just clicked, the next page's "Products" menu in its place) moves
/// it there for that page, and the menu its CSS shows on hover opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hover_where_the_pointer_stands_reaches_a_page_loaded_under_it() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "menubar.html").await?;
    let r = h.one("left_click", json!({"target": at(60.0, 25.0)})).await?;
    ok(&r);
    assert!(r.state().and_then(|s| s.tabs.first().map(|t| t.url.ends_with("/menubar-products.html"))).unwrap_or(false), "the link led on: {r:?}");
    let laptops = |read: &str| read.lines().find(|l| l.contains("link \"Laptops\"")).map(String::from).unwrap_or_default();
    let before = text(&h.one("read_page", json!({})).await?);
    assert!(laptops(&before).ends_with("shown on hover → #laptops"), "the menu is closed until hovered: {before}");
    ok(&h.one("hover", json!({"target": at(60.0, 25.0)})).await?);
    h.wait_log("the new page's mouseover", |e| e["page"] == "/menubar-products.html" && e["type"] == "mouseover" && e["trusted"] == true).await?;
    let after = text(&h.one("read_page", json!({})).await?);
    assert!(!laptops(&after).is_empty() && !laptops(&after).contains("shown on hover"), "the hover opened the menu: {after}");
    Ok(())
}

/// A wheel says nothing moved only where nothing could: in a chat log that starts at its newest
/// message (column-reverse) and a strip written right to left, whose positions run from 0 down,
/// and on a page whose scrolling a dialog locked (the body's overflow hidden).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wheel_is_said_to_move_nothing_only_where_nothing_can_scroll() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "scrollers.html").await?;
    let stuck = |r: &tabwright_protocol::ToolResult, way: &str| text(r).contains(&format!("Nothing at that point could scroll {way} any further"));
    let chat = at(240.0, 190.0);
    let r = h.one("scroll", json!({"target": chat, "scroll_direction": "down", "scroll_amount": 1})).await?;
    assert!(stuck(&r, "down"), "the log is at its newest message: {r:?}");
    let r = h.one("scroll", json!({"target": chat, "scroll_direction": "up", "scroll_amount": 2})).await?;
    assert_eq!(text(&r), "Scrolled up.", "older messages are above");
    h.wait_log("the log scrolled up", |e| e["type"] == "scrolled" && e["target"] == "chat" && e["top"].as_i64().is_some_and(|t| t <= -150)).await?;
    let strip = at(700.0, 100.0);
    let r = h.one("scroll", json!({"target": strip, "scroll_direction": "right", "scroll_amount": 1})).await?;
    assert!(stuck(&r, "right"), "a strip written right to left starts at its right end: {r:?}");
    let r = h.one("scroll", json!({"target": strip, "scroll_direction": "left", "scroll_amount": 2})).await?;
    assert_eq!(text(&r), "Scrolled left.");
    h.wait_log("the strip scrolled left", |e| e["type"] == "scrolled" && e["target"] == "strip" && e["left"].as_i64().is_some_and(|l| l <= -150)).await?;

    open(&mut h, "scroll-locked.html").await?;
    let r = h.one("scroll", json!({"target": at(640.0, 400.0), "scroll_direction": "down"})).await?;
    assert!(stuck(&r, "down"), "the dialog locked the page's scrolling: {r:?}");
    Ok(())
}

/// Typed in the form read_page gives a date field's value (2026-03-15), which its keys do not
/// take, a date field is said not to hold what was meant, with form_input offered; typed in the
/// order it shows its parts (from its first part), it is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_date_typed_in_the_form_its_keys_do_not_take_is_said_not_to_go_in() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "controls.html").await?;
    let age = h.ref_of("spinbutton", "Age").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&age)})).await?);
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    let r = h.one("type", json!({"text": "2026-03-15"})).await?;
    ok(&r);
    assert!(text(&r).contains("did not take what was typed as meant") && text(&r).contains("set it with form_input instead, which takes it in the form YYYY-MM-DD"), "{r:?}");
    ok(&h.one("left_click", json!({"target": r#ref(&age)})).await?);
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    let r = h.one("type", json!({"text": "03152026"})).await?;
    assert_eq!(text(&r), "Typed.", "{r:?}");
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(line_with(&t, "\"Birthday\"").contains("value=\"2026-03-15\""), "{t}");
    // A part typed over (the month) leaves the rest: nothing to say.
    ok(&h.one("left_click", json!({"target": r#ref(&age)})).await?);
    ok(&h.one("key", json!({"text": "Tab"})).await?);
    let r = h.one("type", json!({"text": "04"})).await?;
    assert_eq!(text(&r), "Typed.", "{r:?}");
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(line_with(&t, "\"Birthday\"").contains("value=\"2026-04-15\""), "{t}");
    Ok(())
}

/// form_input over a whole editor that keeps some of its old words (a block editor whose
/// select-all takes one block) says what it shows now, rather than that the value was set.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_editor_that_keeps_old_words_after_form_input_says_so() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "block-editor.html").await?;
    let editor = h.ref_of("textbox", "Page content").await?;
    let r = h.one("form_input", json!({"target": r#ref(&editor), "value": "Action items: ship v2"})).await?;
    ok(&r);
    assert!(text(&r).contains("is a text editor; the text was typed into it, and it shows the value, and besides it words the editor kept") && text(&r).contains("Action items: none"), "{r:?}");
    Ok(())
}

/// form_input on a button that opens a list of options beside it, without naming that list
/// (no aria-controls), chooses from the list it opened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_chooses_from_a_list_a_button_opens_beside_it() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "listbox-button.html").await?;
    let zone = h.ref_of("button", "Time zone").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&zone), "value": "Europe/Berlin"})).await?);
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Time zone: Europe/Berlin"), "{page}");
    Ok(())
}

/// A press on the button of a form that checks itself, which marks the fields it refuses
/// (aria-invalid) and says why beside them, says which fields and why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fields_a_form_marks_invalid_in_answer_to_a_press_are_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "slips.html").await?;
    let user = h.ref_of("textbox", "Username").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&user)})).await?);
    ok(&h.one("type", json!({"text": "ada"})).await?);
    let create = h.ref_of("button", "Create account").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&create)})).await?);
    assert!(t.contains("The page marked a field invalid in answer: textbox \"Password\"") && t.contains(": \"Use at least 8 characters.\""), "{t}");
    assert!(!t.contains("Username is required"), "{t}");
    let pass = h.ref_of("textbox", "Password").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&pass)})).await?);
    ok(&h.one("type", json!({"text": "correct horse"})).await?);
    let t = text(&h.one("left_click", json!({"target": r#ref(&create)})).await?);
    assert!(!t.contains("invalid"), "{t}");
    assert!(text(&h.one("get_page_text", json!({})).await?).contains("Account created."));
    Ok(())
}

/// A press whose button the page moves away before the button comes up (a field's check shows
/// its message above it as the field loses the focus) reaches a box around it: the result says
/// so rather than "Clicked.".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_the_page_moved_its_button_away_from_is_told() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    let r = h.one("navigate", json!({"url": h.url("slips.html")})).await?;
    anyhow::ensure!(!r.is_error, "{r:?}");
    let email = h.ref_of("textbox", "Email").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&email)})).await?);
    ok(&h.one("type", json!({"text": "bob"})).await?);
    let subscribe = h.ref_of("button", "Subscribe").await?;
    let t = text(&h.one("left_click", json!({"target": r#ref(&subscribe)})).await?);
    assert!(t.contains("The press went down on button \"Subscribe\"") && t.contains("so the click reached <form#f>"), "{t}");
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Not subscribed."), "{page}");
    // Pressed again where it is now, it sends the form, and nothing more is said.
    let t = text(&h.one("left_click", json!({"target": r#ref(&subscribe)})).await?);
    assert!(!t.contains("The press went down"), "{t}");
    let page = text(&h.one("get_page_text", json!({})).await?);
    assert!(page.contains("Subscribed."), "{page}");
    Ok(())
}

/// A wheel over a box whose script cancels it (a map that zooms) is said to have been taken by
/// the page, not to have scrolled; a wheel beside it scrolls the page as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wheel_the_page_cancels_is_said_not_to_scroll() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "wheel-map.html").await?;
    let r = h.one("scroll", json!({"target": at(240.0, 190.0), "scroll_direction": "down", "scroll_amount": 2})).await?;
    ok(&r);
    assert!(text(&r).contains("The page took the wheel itself: its script cancelled the wheel events, and nothing there scrolled."), "{r:?}");
    h.wait_log("the map zoomed", |e| e["type"] == "zoomed" && e["level"] == -1).await?;
    // A box whose script takes the wheel and scrolls it itself (smooth scrolling as Lenis does)
    // did scroll.
    let r = h.one("scroll", json!({"target": at(240.0, 480.0), "scroll_direction": "down", "scroll_amount": 2})).await?;
    assert_eq!(text(&r), "Scrolled down.", "{r:?}");
    h.wait_log("the feed scrolled", |e| e["type"] == "feed scrolled").await?;
    let r = h.one("scroll", json!({"target": at(700.0, 400.0), "scroll_direction": "down", "scroll_amount": 2})).await?;
    assert_eq!(text(&r), "Scrolled down.", "{r:?}");
    h.wait_log("the page scrolled", |e| e["type"] == "page scrolled" && e["y"].as_i64().is_some_and(|y| y >= 150)).await?;
    // On a page that does not scroll at all, a wheel the map takes is said to be taken, not to
    // have met the end of everything.
    open(&mut h, "wheel-map.html?still").await?;
    let r = h.one("scroll", json!({"target": at(240.0, 190.0), "scroll_direction": "up", "scroll_amount": 2})).await?;
    assert!(text(&r).contains("The page took the wheel itself"), "{r:?}");
    h.wait_log("the still page's map zoomed", |e| e["type"] == "zoomed" && e["level"] == 3).await?;
    let r = h.one("scroll", json!({"target": at(700.0, 400.0), "scroll_direction": "down", "scroll_amount": 2})).await?;
    assert!(text(&r).contains("Nothing at that point could scroll down any further"), "{r:?}");
    Ok(())
}

/// A page that may run no script (served in a CSP sandbox without allow-scripts, as sites of
/// users' raw files are) is filled in and sent as any other: the browser runs no timer of any
/// world there, and the waits of the page agent still end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_may_run_no_script_is_filled_in_and_sent() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "sandboxed/form.html").await?;
    let first = h.ref_of("textbox", "First name").await?;
    let r = h.one("form_input", json!({"target": r#ref(&first), "value": "Ada"})).await?;
    ok(&r);
    let last = h.ref_of("textbox", "Last name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&last)})).await?);
    ok(&h.one("type", json!({"text": "Lovelace"})).await?);
    let country = h.ref_of("combobox", "Country").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&country), "value": "Japan"})).await?);
    let terms = h.ref_of("checkbox", "I accept the terms").await?;
    ok(&h.one("form_input", json!({"target": r#ref(&terms), "value": true})).await?);
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(line_with(&t, "\"First name\"").contains("value=\"Ada\"") && line_with(&t, "\"Last name\"").contains("value=\"Lovelace\""), "{t}");
    let submit = h.ref_of("button", "Submit application").await?;
    let r = h.one("left_click", json!({"target": r#ref(&submit)})).await?;
    ok(&r);
    let url = r.state().and_then(|s| s.tabs.first().map(|t| t.url.clone())).unwrap_or_default();
    assert!(url.contains("/submitted?") && url.contains("first=Ada") && url.contains("last=Lovelace") && url.contains("country=jp") && url.contains("terms=on"), "{r:?}");
    Ok(())
}

/// A Tab in typed text moves on to the next field, as a person's does; what comes after a Tab
/// that took the focus past the page's last field is said to have gone nowhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_after_a_tab_past_the_last_field_is_said_to_go_nowhere() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "tab-fields.html").await?;
    let first = h.ref_of("textbox", "Name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&first)})).await?);
    let r = h.one("type", json!({"text": "Ada\tLovelace"})).await?;
    ok(&r);
    assert_eq!(text(&r), "Typed.", "both parts had a field: {r:?}");
    ok(&h.one("left_click", json!({"target": r#ref(&first)})).await?);
    ok(&h.one("key", json!({"text": "ctrl+a"})).await?);
    let r = h.one("type", json!({"text": "a\tb\tc"})).await?;
    ok(&r);
    assert!(text(&r).contains("A Tab in the text took the keyboard focus past the page's last field, so unless the page listens for keys itself, what was typed after it (\"c\") went nowhere"), "{r:?}");
    let t = text(&h.one("read_page", json!({"filter": "interactive"})).await?);
    assert!(line_with(&t, "textbox \"Name\"").contains("value=\"a\"") && line_with(&t, "textbox \"Notes\"").contains("value=\"Lovelaceb\""), "{t}");
    // A Tab that reaches a button between two fields: what follows it went nowhere either.
    open(&mut h, "tab-help.html").await?;
    let first = h.ref_of("textbox", "First name").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&first)})).await?);
    let r = h.one("type", json!({"text": "Ada\tLovelace"})).await?;
    ok(&r);
    assert!(text(&r).contains("A Tab in the text took the keyboard focus to button \"Help with first name\"") && text(&r).contains("which takes no text, so unless the page listens for keys itself, what was typed after it (\"Lovelace\") went nowhere."), "{r:?}");
    Ok(())
}

/// A button in frames of the page's own site nested a dozen deep is pressed by its ref.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_a_dozen_same_site_frames_deep_is_pressed_by_ref() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "deep-frames.html?n=12").await?;
    let button = h.ref_of_soon("button", "Deepest button").await?;
    let r = h.one("left_click", json!({"target": r#ref(&button)})).await?;
    ok(&r);
    let s = h.client.request("state", json!({})).await?;
    assert_eq!(s["browser_state"]["tabs"][0]["title"], "Pressed deep down", "{r:?}");
    Ok(())
}

/// form_input naming an option a long list does not have lists the first ones and says how
/// many more there are, instead of letting the first ones pass for all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_option_of_a_long_list_says_how_many_more_there_are() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "long-select.html").await?;
    let country = h.ref_of("combobox", "Country").await?;
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&country), "value": "Atlantis"})).await?);
    assert!(e.contains("Its options are: \"Country 1\", \"Country 2\"") && e.contains("\"Country 30\", and 15 more.") && !e.contains("Country 31"), "{e}");
    ok(&h.one("form_input", json!({"target": r#ref(&country), "value": "Country 44"})).await?);
    Ok(())
}

/// A search that runs as the words are typed, and asks its server only once they pause for half
/// a second (htmx's own example), is read with its answer to the words typed: a read right behind
/// the typing waits for the pause and for the answer, where it used to say nothing matched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_that_waits_for_a_pause_in_the_typing_is_read_with_its_answer() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    open(&mut h, "livesearch.html").await?;
    let search = h.ref_of("searchbox", "Search fruit").await?;
    ok(&h.one("left_click", json!({"target": r#ref(&search)})).await?);
    ok(&h.one("type", json!({"text": "ch"})).await?);
    let found = text(&h.one("find", json!({"query": "cherry"})).await?);
    assert!(found.lines().next().is_some_and(|l| l.starts_with("listitem") && l.contains("cherry")), "{found}");
    Ok(())
}
