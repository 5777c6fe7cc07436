//! The regression corpus: pages built the way real sites are, with widely used widget libraries
//! (jQuery UI, Bootstrap, React, flatpickr, select2, Tom Select, SweetAlert2, Choices.js, DataTables, Radix UI) served from their own npm files, and the hand-written patterns
//! that go with them: clickable divs and spans, listeners delegated to a container, a hand-made
//! autocomplete list, a body of absolutely positioned boxes, a virtualized grid, a contenteditable
//! editor with a toolbar of spans.
//!
//! Each test does one task as Claude would, through the agent socket and by refs only: read_page
//! or find, take the ref from the line that names the element, act on it, read again. The outcome
//! is asserted from the page's own account of its state, which every corpus page sends to the
//! fixture server's log (`tests/corpus/report.js`).
//!
//! The libraries are npm packages pinned by `tests/corpus/package-lock.json`; the first test to
//! need them runs `npm ci` in `tests/corpus` when `node_modules` lacks them.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::{json, Value};
use tabwright::site::{Pages, Site};
use tabwright_e2e::*;

/// Every page of the corpus, for the tests that go over all of them.
const PAGES: &[&str] = &[
    "jqueryui/autocomplete.html",
    "jqueryui/accordion.html",
    "jqueryui/tabs.html",
    "jqueryui/datepicker.html",
    "jqueryui/dialog.html",
    "bootstrap/team.html",
    "react/app.html",
    "react/signup.html",
    "react/inbox.html",
    "react/framed.html",
    "jquery/task.html",
    "jquery/cart.html",
    "solid/tags.html",
    "svelte/list.html",
    "grid/orders.html",
    "editor/notes.html",
    "pickers/booking.html",
    "mui/trip.html",
    "antd/order.html",
    "shoelace/settings.html",
    "tomselect/order.html",
    "datatables/staff.html",
    "elementplus/shipment.html",
    "editor/snippets.html",
    "editor/richtext.html",
    "sliders/filters.html",
    "dnd/board.html",
    "editor/solution.html",
    "swiper/featured.html",
    "aggrid/stock.html",
    "vuetify/settings.html",
    "fomantic/checkout.html",
    "radix/settings.html",
    "calendar/rooms.html",
    "material/profile.html",
    "fluent/order.html",
    "ionic/booking.html",
];

/// The same pages with a widget opened on load by their URL: suggestions, a calendar, a dialog,
/// a menu, a modal, a collapsed panel, a running task.
const OPENED: &[&str] = &[
    "jqueryui/autocomplete.html?q=Por",
    "jqueryui/tabs.html?tab=1",
    "jqueryui/datepicker.html?open=1",
    "jqueryui/dialog.html?open=report.pdf",
    "bootstrap/team.html?open=menu",
    "bootstrap/team.html?open=modal",
    "bootstrap/team.html?open=filters",
    "react/app.html?phase=running&panel=instructions",
    "jquery/task.html?q=Li",
];

/// Files the pages load from `/node_modules`; all must be there before a page is opened.
const LIBRARY_FILES: &[&str] = &[
    "jquery/dist/jquery.min.js",
    "jquery-ui/dist/jquery-ui.min.js",
    "jquery-ui/dist/themes/base/jquery-ui.min.css",
    "bootstrap/dist/js/bootstrap.bundle.min.js",
    "bootstrap/dist/css/bootstrap.min.css",
    "react/umd/react.production.min.js",
    "@mui/material/umd/material-ui.production.min.js",
    "antd/dist/antd.min.js",
    "antd/dist/antd.min.css",
    "moment/min/moment.min.js",
    "@shoelace-style/shoelace/cdn/shoelace.js",
    "react-dom/umd/react-dom.production.min.js",
    "solid-js/dist/solid.js",
    "solid-js/web/dist/web.js",
    "solid-js/html/dist/html.js",
    "svelte/src/index-client.js",
    "svelte/src/internal/client/index.js",
    "esm-env/index.js",
    "clsx/dist/clsx.mjs",
    "fullcalendar/index.global.min.js",
    "flatpickr/dist/flatpickr.min.js",
    "flatpickr/dist/flatpickr.min.css",
    "select2/dist/js/select2.min.js",
    "select2/dist/css/select2.min.css",
    "tom-select/dist/js/tom-select.complete.min.js",
    "vue/dist/vue.global.prod.js",
    "element-plus/dist/index.full.min.js",
    "element-plus/dist/index.css",
    "tom-select/dist/css/tom-select.css",
    "sweetalert2/dist/sweetalert2.all.min.js",
    "choices.js/public/assets/scripts/choices.min.js",
    "choices.js/public/assets/styles/choices.min.css",
    "datatables.net/js/dataTables.min.js",
    "datatables.net-dt/css/dataTables.dataTables.min.css",
    "codemirror/lib/codemirror.js",
    "quill/dist/quill.js",
    "prosemirror-view/dist/index.js",
    "@codemirror/view/dist/index.js",
    "tinymce/tinymce.min.js",
    "nouislider/dist/nouislider.min.js",
    "codemirror/lib/codemirror.css",
    "codemirror/mode/javascript/javascript.js",
    "ace-builds/src-min-noconflict/ace.js",
    "@hello-pangea/dnd/dist/dnd.min.js",
    "sortablejs/Sortable.min.js",
    "monaco-editor/min/vs/loader.js",
    "swiper/swiper-bundle.min.js",
    "ag-grid-community/dist/ag-grid-community.min.js",
    "vuetify/dist/vuetify.min.js",
    "fomantic-ui-css/semantic.min.js",
    "@radix-ui/react-select/dist/index.mjs",
    "@radix-ui/react-dropdown-menu/dist/index.mjs",
    "@radix-ui/react-dialog/dist/index.mjs",
    "@radix-ui/react-checkbox/dist/index.mjs",
    "react-remove-scroll/dist/es2015/index.js",
    "@floating-ui/dom/dist/floating-ui.dom.mjs",
    "@material/web/tabs/tabs.js",
    "lit/index.js",
    "tslib/tslib.es6.mjs",
    "@fluentui/web-components/dist/web-components.min.js",
    "@ionic/core/dist/ionic/ionic.esm.js",
];

/// How long a page may take to show what an action caused.
const PATIENCE: Duration = Duration::from_secs(5);

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn libraries_present(dir: &Path) -> bool {
    LIBRARY_FILES.iter().all(|f| dir.join("node_modules").join(f).is_file())
}

/// Installs the corpus's npm packages once per test binary when they are missing. Tests run in
/// parallel; the OnceLock makes the others wait for the one install and share its outcome.
fn ensure_libraries() -> anyhow::Result<()> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    let outcome = INSTALLED.get_or_init(|| {
        let dir = corpus();
        if libraries_present(&dir) {
            return Ok(());
        }
        let output = std::process::Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&dir).output();
        match output {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
                "npm is not installed, and the corpus pages need their widget libraries from npm: install Node.js with npm, or run `npm ci` in {} on a machine that has it",
                dir.display()
            )),
            Err(e) => Err(format!("could not run npm in {}: {e}", dir.display())),
            Ok(out) if !out.status.success() => Err(format!(
                "`npm ci --no-audit --no-fund` in {} failed ({}):\n{}{}",
                dir.display(),
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )),
            Ok(_) if !libraries_present(&dir) => Err(format!("`npm ci` in {} did not install every file the pages load: {LIBRARY_FILES:?}", dir.display())),
            Ok(_) => Ok(()),
        }
    });
    outcome.clone().map_err(anyhow::Error::msg)
}

/// A browser with the corpus (not the fixtures) on the harness's site, so `h.url` and the log
/// speak of corpus pages.
async fn start() -> anyhow::Result<Harness> {
    tokio::task::spawn_blocking(ensure_libraries).await??;
    let mut h = Harness::start().await?;
    h.site = Site::start(Pages::Dir(corpus()), "127.0.0.1").await?;
    Ok(h)
}

/// Opens a corpus page, waits until the page says its widgets are in place (`ready`), and
/// returns its read_page text. The log is emptied first, so it holds this visit's entries only.
async fn open(h: &mut Harness, page: &str) -> anyhow::Result<String> {
    h.site.clear_log();
    let r = h.one("navigate", json!({"url": h.url(page)})).await?;
    anyhow::ensure!(!r.is_error, "navigating to {page}: {r:?}");
    let path = format!("/{}", page.split('?').next().unwrap_or_default());
    h.wait_log(&format!("{page} ready"), |e| e["ready"] == true && e["page"] == path.as_str()).await?;
    read(h, json!({})).await
}

async fn read(h: &mut Harness, input: Value) -> anyhow::Result<String> {
    let r = h.one("read_page", input).await?;
    anyhow::ensure!(!r.is_error, "read_page: {r:?}");
    Ok(text(&r))
}

/// Reads the page until `ready` holds for its text, at most [`PATIENCE`]: a widget may animate
/// or render a moment after the action that opened it.
async fn read_until(h: &mut Harness, what: &str, ready: impl Fn(&str) -> bool) -> anyhow::Result<String> {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let t = read(h, json!({})).await?;
        if ready(&t) {
            return Ok(t);
        }
        anyhow::ensure!(tokio::time::Instant::now() < deadline, "the page never showed {what}; it reads:\n{t}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The ref of the first `role "name"` line, as a model picks one out of read_page or find.
fn ref_of(text: &str, role: &str, name: &str) -> anyhow::Result<String> {
    let needle = format!("{role} \"{name}\" [ref_");
    text.lines()
        .find(|l| l.trim_start().starts_with(&needle) || l.contains(&format!(": {needle}")) || l.contains(&format!(" · {needle}")))
        .and_then(ref_on)
        .ok_or_else(|| anyhow::anyhow!("no line `{role} \"{name}\" [ref_…]` in:\n{text}"))
}

/// The refs of every `role "name"` element, in page order (compact lines included).
fn refs_of(text: &str, role: &str, name: &str) -> Vec<String> {
    let needle = format!("{role} \"{name}\" [ref_");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(&needle) {
        let after = &rest[i + needle.len()..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        out.push(format!("ref_{digits}"));
        rest = after;
    }
    out
}

/// The ref of the first line that shows `words` as a quoted name or text and carries a ref,
/// whatever its role: what a model clicks when it sees the words it is looking for.
fn ref_showing(text: &str, words: &str) -> anyhow::Result<String> {
    let quoted = format!("\"{words}\"");
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(&quoted)).collect();
    lines
        .iter()
        .find_map(|l| ref_on(l))
        .ok_or_else(|| anyhow::anyhow!("no line showing {quoted} carries a ref (lines showing it: {lines:?}) in:\n{text}"))
}

/// The ref of the first `role "name"` line after the first line showing `anchor` and before
/// the next line showing `until`: the Delete button in the row of report.pdf.
fn ref_between(text: &str, anchor: &str, until: &str, role: &str, name: &str) -> anyhow::Result<String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains(anchor)).ok_or_else(|| anyhow::anyhow!("nothing shows {anchor:?} in:\n{text}"))?;
    let end = lines[at + 1..].iter().position(|l| l.contains(until)).map_or(lines.len(), |i| at + 1 + i);
    ref_of(&lines[at..end].join("\n"), role, name).map_err(|e| anyhow::anyhow!("between the line showing {anchor:?} and the next showing {until:?}: {e}"))
}

fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines().find(|l| l.contains(needle)).unwrap_or_else(|| panic!("no line with {needle:?} in:\n{text}"))
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

async fn click(h: &mut Harness, r: &str) -> anyhow::Result<()> {
    let res = h.one("left_click", json!({"target": r#ref(r)})).await?;
    anyhow::ensure!(!res.is_error, "left_click {r}: {}", text(&res));
    Ok(())
}

async fn act(h: &mut Harness, name: &str, input: Value) -> anyhow::Result<()> {
    let res = h.one(name, input.clone()).await?;
    anyhow::ensure!(!res.is_error, "{name} {input}: {}", text(&res));
    Ok(())
}

/// Waits until the page reported a state entry with every field of `want`.
async fn reported(h: &Harness, want: Value) -> anyhow::Result<Value> {
    let matches = |e: &Value| e["type"] == "state" && want.as_object().is_some_and(|w| w.iter().all(|(k, v)| &e[k] == v));
    let log = h.wait_log(&format!("state {want}"), matches).await?;
    Ok(log.into_iter().rev().find(|e| matches(e)).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_ui_autocomplete_picks_portugal_after_typing_por() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jqueryui/autocomplete.html").await?;
    let field = ref_of(&t, "textbox", "Destination country")?;
    click(&mut h, &field).await?;
    act(&mut h, "type", json!({"text": "Por"})).await?;
    // jQuery UI matches anywhere in the name: Singapore is offered too.
    let t = read_until(&mut h, "the suggestions for \"Por\"", |t| t.contains("\"Portugal\"") && t.contains("\"Singapore\"")).await?;
    let portugal = ref_showing(&t, "Portugal")?;
    click(&mut h, &portugal).await?;
    reported(&h, json!({"widget": "autocomplete", "event": "select", "value": "Portugal"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "textbox \"Destination country\"").contains("value=\"Portugal\""), "{t}");
    assert!(!t.contains("\"Singapore\""), "the list closed after the choice:\n{t}");
    let search = ref_of(&t, "button", "Search trips")?;
    click(&mut h, &search).await?;
    reported(&h, json!({"widget": "autocomplete", "event": "submit", "country": "Portugal", "travellers": 1})).await?;
    Ok(())
}

/// flatpickr's calendar is appended to the body and fades in; select2 hides the <select> and
/// draws a combobox of its own, whose label only focuses the hidden <select>. The calendar is
/// read by the one read right after the click that opens it (no waiting), and the city is found
/// as the widget's combobox, not as its label.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flatpickr_date_and_select2_city_are_picked_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "pickers/booking.html").await?;
    assert!(!t.contains("generic \"City\""), "the label of the hidden <select> is no control:\n{t}");
    let date = ref_of(&t, "textbox", "Date")?;
    click(&mut h, &date).await?;
    let t = read(&mut h, json!({"filter": "interactive"})).await?;
    let fifteenth = ref_of(&t, "generic", "June 15, 2025")?;
    click(&mut h, &fifteenth).await?;
    reported(&h, json!({"widget": "flatpickr", "event": "select", "value": "2025-06-15"})).await?;
    let found = text(&h.one("find", json!({"query": "city dropdown"})).await?);
    let city = ref_on(found.lines().next().unwrap_or_default()).filter(|_| found.starts_with("combobox \"Choose a city\"")).ok_or_else(|| anyhow::anyhow!("find did not put the combobox first:\n{found}"))?;
    click(&mut h, &city).await?;
    act(&mut h, "type", json!({"text": "Por"})).await?;
    let t = read_until(&mut h, "the choices for \"Por\"", |t| t.contains("option \"Porto\"")).await?;
    let porto = ref_of(&t, "option", "Porto")?;
    click(&mut h, &porto).await?;
    reported(&h, json!({"widget": "select2", "event": "change", "value": "por"})).await?;
    let t = read(&mut h, json!({})).await?;
    let book = ref_of(&t, "button", "Book")?;
    click(&mut h, &book).await?;
    reported(&h, json!({"widget": "booking", "event": "submit", "date": "2025-06-15", "city": "por"})).await?;
    Ok(())
}

/// FullCalendar: a day is chosen by its cell (the calendar hears the click on itself and works
/// out the day from the point), an event by its own line, and the toolbar moves to the next
/// month, to the week view and on a week, whose hours FullCalendar hides from screen readers:
/// the event on them is still a line of its own, clicked by ref.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fullcalendar_days_events_and_views_are_reached_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "calendar/rooms.html").await?;
    let day = ref_of(&t, "gridcell", "December 15, 2026")?;
    click(&mut h, &day).await?;
    reported(&h, json!({"widget": "calendar", "event": "date", "date": "2026-12-15"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("\"Chosen: 2026-12-15\""), "{t}");
    let review = ref_of(&t, "generic", "Design review")?;
    click(&mut h, &review).await?;
    reported(&h, json!({"widget": "calendar", "event": "event", "title": "Design review"})).await?;
    let next = ref_of(&t, "button", "Next month")?;
    click(&mut h, &next).await?;
    reported(&h, json!({"widget": "calendar", "event": "view", "title": "January 2027"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("heading \"January 2027\""), "{t}");
    let week = ref_of(&t, "button", "week")?;
    click(&mut h, &week).await?;
    reported(&h, json!({"widget": "calendar", "event": "view", "view": "timeGridWeek", "title": "Dec 27, 2026 – Jan 2, 2027"})).await?;
    let t = read(&mut h, json!({})).await?;
    let next = ref_of(&t, "button", "Next week")?;
    click(&mut h, &next).await?;
    reported(&h, json!({"widget": "calendar", "event": "view", "view": "timeGridWeek", "title": "Jan 3 – 9, 2027"})).await?;
    let t = read(&mut h, json!({})).await?;
    let planning = ref_showing(&t, "10:00 Planning")?;
    click(&mut h, &planning).await?;
    reported(&h, json!({"widget": "calendar", "event": "event", "title": "Planning"})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tom_select_country_reads_as_a_combobox_with_its_value_and_a_sweetalert_confirms() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "tomselect/order.html").await?;
    let field = ref_of(&t, "combobox", "Country")?;
    assert!(line_with(&t, "combobox \"Country\"").contains("placeholder=\"Pick a country…\""), "{t}");
    click(&mut h, &field).await?;
    let t = read_until(&mut h, "the countries", |t| t.contains("option \"Spain\"")).await?;
    click(&mut h, &ref_of(&t, "option", "Spain")?).await?;
    reported(&h, json!({"widget": "tomselect", "event": "change", "value": "es"})).await?;
    // The dialog is dismissed with Escape as it scales in (its backdrop's fade is turned back).
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "button", "Place order")?).await?;
    let t = read_until(&mut h, "the confirmation", |t| t.contains("dialog \"Place the order?\"")).await?;
    assert!(t.contains("button \"Yes, place it\""), "{t}");
    act(&mut h, "key", json!({"text": "Escape"})).await?;
    reported(&h, json!({"widget": "swal", "event": "dismissed", "why": "esc"})).await?;
    // Out of focus, the box shows the choice and its field is off the page: the box reads as
    // the combobox, with the choice as its value, and the label's words are only its name.
    // (SweetAlert2 gives the focus back to the button a moment after the dialog has gone.)
    let t = read_until(&mut h, "the dialog gone", |t| !t.contains("dialog \"") && t.contains("button \"Place order\" [ref_") && line_with(t, "button \"Place order\"").contains("focused")).await?;
    let line = line_with(&t, "combobox \"Country\"");
    assert!(line.contains("value=\"Spain\"") && !line.contains("placeholder"), "{t}");
    assert!(!t.contains("text \"Country\"") && !t.contains("generic \"Country\"") && !t.contains("text \"Spain\""), "{t}");
    let shown = ref_on(line).ok_or_else(|| anyhow::anyhow!("no ref on {line}"))?;
    assert_ne!(shown, field, "the box, not the hidden field, carries the line");
    // The field's own ref (handed out while it showed) is clicked through the box that shows it.
    click(&mut h, &field).await?;
    let t = read_until(&mut h, "the countries again", |t| t.contains("option \"France\"")).await?;
    click(&mut h, &ref_of(&t, "option", "France")?).await?;
    reported(&h, json!({"widget": "tomselect", "event": "change", "value": "fr"})).await?;
    let t = read(&mut h, json!({})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "spinbutton", "Quantity")?), "value": 3})).await?;
    click(&mut h, &ref_of(&t, "checkbox", "Gift wrap")?).await?;
    click(&mut h, &ref_of(&t, "button", "Place order")?).await?;
    let t = read_until(&mut h, "the confirmation", |t| t.contains("button \"Yes, place it\"")).await?;
    click(&mut h, &ref_of(&t, "button", "Yes, place it")?).await?;
    reported(&h, json!({"widget": "order", "event": "placed", "country": "fr", "qty": "3", "gift": true})).await?;
    let t = read_until(&mut h, "the order placed", |t| t.contains("Order placed.")).await?;
    assert!(line_with(&t, "combobox \"Country\"").contains("value=\"France\""), "{t}");
    Ok(())
}

/// form_input on a combobox whose text only filters its list picks the option the text names, as
/// a person picks it (a click); text that names none says no option was chosen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_on_a_combobox_chooses_the_option_it_names() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "tomselect/order.html").await?;
    let country = ref_of(&t, "combobox", "Country")?;
    let r = h.one("form_input", json!({"target": r#ref(&country), "value": "germany"})).await?;
    assert!(!r.is_error && text(&r).contains("the option \"Germany\" (ref_") && text(&r).contains("was chosen"), "{r:?}");
    reported(&h, json!({"widget": "tomselect", "event": "change", "value": "de"})).await?;
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "searchbox", "Ribbon colours")?), "value": "Gold"})).await?;
    assert!(!r.is_error && text(&r).contains("the option \"Gold\" (ref_"), "{r:?}");
    reported(&h, json!({"widget": "choices", "event": "change", "value": ["gold"]})).await?;
    // On the box Choices.js draws, the text goes to the field inside it.
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "Ribbon colours")?), "value": "Red"})).await?;
    assert!(!r.is_error && text(&r).contains("the option \"Red\" (ref_"), "{r:?}");
    reported(&h, json!({"widget": "choices", "event": "change", "value": ["gold", "red"]})).await?;
    // Text that names no option chooses none, and says so.
    let r = h.one("form_input", json!({"target": r#ref(&country), "value": "Atlantis"})).await?;
    assert!(!r.is_error && text(&r).contains("none was chosen"), "{r:?}");
    click(&mut h, &ref_of(&t, "heading", "Place an order")?).await?;
    let t = read_until(&mut h, "the country kept", |t| t.contains("value=\"Germany\"")).await?;
    assert!(line_with(&t, "combobox \"Country\"").contains("value=\"Germany\""), "{t}");
    Ok(())
}

/// form_input on the combobox select2 draws sets the <select> it hides and keeps in step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn form_input_on_a_select2_combobox_sets_its_select() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "pickers/booking.html").await?;
    let city = ref_of(&t, "combobox", "Choose a city")?;
    let r = h.one("form_input", json!({"target": r#ref(&city), "value": "Madrid"})).await?;
    assert!(!r.is_error, "{r:?}");
    reported(&h, json!({"widget": "select2", "event": "change", "value": "mad"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("\"Madrid\""), "select2 shows the choice:\n{t}");
    let r = h.one("form_input", json!({"target": r#ref(&city), "value": "Atlantis"})).await?;
    assert!(r.is_error && error_text(&r).contains("has no option \"Atlantis\"") && error_text(&r).contains("\"Porto\""), "{r:?}");
    Ok(())
}

/// Choices.js lists each chosen colour as an option with a "Remove item" button inside it: the
/// option is named by its own words, the button has its line under it, and removes the colour.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn choices_colours_are_chosen_and_one_is_removed_by_its_button() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "tomselect/order.html").await?;
    // The combobox drawn around the hidden <select> takes the select's label as its name.
    ref_of(&t, "combobox", "Ribbon colours")?;
    assert!(!t.contains("text \"Ribbon colours\""), "{t}");
    click(&mut h, &ref_of(&t, "searchbox", "Ribbon colours")?).await?;
    for colour in ["Green", "Gold"] {
        let t = read_until(&mut h, "the colours", |t| t.contains(&format!("option \"{colour}\" [ref_"))).await?;
        click(&mut h, &ref_of(&t, "option", colour)?).await?;
    }
    reported(&h, json!({"widget": "choices", "event": "change", "value": ["green", "gold"]})).await?;
    act(&mut h, "key", json!({"text": "Escape"})).await?;
    let t = read_until(&mut h, "the chosen colours", |t| t.contains("button \"Remove item: Gold\"")).await?;
    let green = line_with(&t, "option \"Green\" [ref_");
    assert!(green.contains("selected") && !green.contains("Remove") && !green.contains(':'), "the option is named by its own words:\n{t}");
    let lines: Vec<&str> = t.lines().collect();
    let at = lines.iter().position(|l| l.contains("option \"Green\" [ref_")).unwrap_or_default();
    assert!(lines[at + 1].contains("button \"Remove item: Green\" [ref_") && indent(lines[at + 1]) > indent(lines[at]), "the button is under its option:\n{t}");
    click(&mut h, &ref_of(&t, "button", "Remove item: Green")?).await?;
    reported(&h, json!({"widget": "choices", "event": "change", "value": ["gold"]})).await?;
    let t = read_until(&mut h, "green gone", |t| !t.contains("Remove item: Green")).await?;
    assert!(line_with(&t, "option \"Gold\" [ref_").contains("selected"), "{t}");
    Ok(())
}

/// DataTables: each column header holds its title and a sort control. The header is named by
/// its title and the control is the line under it; sorting, searching and paging go by refs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn datatables_headers_are_named_and_the_table_is_sorted_searched_and_paged() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "datatables/staff.html").await?;
    let lines: Vec<&str> = t.lines().collect();
    let at = lines.iter().position(|l| l.contains("columnheader \"Salary\" [ref_")).ok_or_else(|| anyhow::anyhow!("no Salary header:\n{t}"))?;
    assert!(lines[at + 1].contains("button \"Salary: Activate to sort\" [ref_") && indent(lines[at + 1]) > indent(lines[at]), "the sort control is under its header:\n{t}");
    assert!(!t.contains("text \"Salary\""), "the title is the header's name, not a line again:\n{t}");
    click(&mut h, &ref_of(&t, "button", "Salary: Activate to sort")?).await?;
    let t = read_until(&mut h, "sorted by salary", |t| line_with(t, "columnheader \"Salary\"").contains("sort=ascending")).await?;
    click(&mut h, &ref_of(&t, "button", "Salary: Activate to invert sorting")?).await?;
    let t = read_until(&mut h, "the highest salary first", |t| line_with(t, "columnheader \"Salary\"").contains("sort=descending")).await?;
    let top = reported(&h, json!({"widget": "datatable", "event": "draw", "order": [[3, "desc"]], "search": ""})).await?;
    let first_cell = t.lines().find(|l| l.trim_start().starts_with("cell \"")).unwrap_or_default();
    assert!(top["first"].as_str().is_some_and(|name| first_cell.contains(&format!("cell \"{name}\""))), "the first row is the page's own first, {top}:\n{t}");
    click(&mut h, &ref_of(&t, "searchbox", "Search:")?).await?;
    act(&mut h, "type", json!({"text": "Porto"})).await?;
    reported(&h, json!({"widget": "datatable", "event": "draw", "search": "Porto"})).await?;
    let t = read_until(&mut h, "the rows of Porto", |t| t.contains("filtered from 57 total entries")).await?;
    let cities: Vec<&str> = t.lines().filter(|l| ["Lisbon", "Porto", "Madrid", "Paris", "Berlin"].iter().any(|c| l.contains(&format!("cell \"{c}\"")))).collect();
    assert!(!cities.is_empty() && cities.iter().all(|l| l.contains("\"Porto\"")), "{t}");
    click(&mut h, &ref_of(&t, "link", "Next")?).await?;
    reported(&h, json!({"widget": "datatable", "event": "draw", "page": 1, "search": "Porto"})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_ui_accordion_opens_the_third_section() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jqueryui/accordion.html").await?;
    assert!(t.contains("Forgot password"), "the first section starts open:\n{t}");
    assert!(!t.contains("Refunds are issued"), "the third starts closed:\n{t}");
    let third = ref_of(&t, "tab", "What is your refund policy?")?;
    click(&mut h, &third).await?;
    reported(&h, json!({"widget": "accordion", "active": 2, "header": "What is your refund policy?"})).await?;
    let t = read_until(&mut h, "the refund policy's text", |t| t.contains("Refunds are issued within 14 days") && !t.contains("Forgot password")).await?;
    assert!(t.contains("Shipping costs are refunded only when the item arrived damaged."), "{t}");
    assert!(line_with(&t, "tab \"What is your refund policy?\"").contains("expanded"), "{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_ui_tabs_switch_to_the_second_tab_and_save() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jqueryui/tabs.html").await?;
    assert!(!t.contains("Weekly summary"), "the second tab's panel starts hidden:\n{t}");
    let second = ref_of(&t, "tab", "Notifications")?;
    click(&mut h, &second).await?;
    reported(&h, json!({"widget": "tabs", "active": 1, "label": "Notifications"})).await?;
    let t = read_until(&mut h, "the notification settings", |t| t.contains("checkbox \"Weekly summary\"")).await?;
    assert!(!t.contains("textbox \"Display name\""), "the first panel is hidden now:\n{t}");
    let weekly = ref_of(&t, "checkbox", "Weekly summary")?;
    click(&mut h, &weekly).await?;
    let save = ref_of(&t, "button", "Save notifications")?;
    click(&mut h, &save).await?;
    reported(&h, json!({"widget": "tabs", "event": "save", "orders": true, "weekly": true, "offers": false})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_ui_datepicker_picks_the_15th() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jqueryui/datepicker.html").await?;
    let date = ref_of(&t, "textbox", "Appointment date")?;
    click(&mut h, &date).await?;
    let t = read_until(&mut h, "the calendar", |t| t.contains("link \"15\" [ref_")).await?;
    assert!(t.contains("June") && t.contains("2025"), "the calendar opens on June 2025:\n{t}");
    let fifteenth = ref_of(&t, "link", "15")?;
    click(&mut h, &fifteenth).await?;
    reported(&h, json!({"widget": "datepicker", "event": "select", "value": "2025-06-15"})).await?;
    let t = read_until(&mut h, "the calendar closed", |t| !t.contains("link \"15\"")).await?;
    assert!(line_with(&t, "textbox \"Appointment date\"").contains("value=\"2025-06-15\""), "{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_ui_datepicker_next_month_arrow() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jqueryui/datepicker.html").await?;
    let date = ref_of(&t, "textbox", "Appointment date")?;
    click(&mut h, &date).await?;
    let t = read_until(&mut h, "the calendar", |t| t.contains("link \"15\" [ref_")).await?;
    // The arrows are anchors without href, with jQuery listeners of their own.
    let next = ref_of(&t, "generic", "Next")?;
    click(&mut h, &next).await?;
    reported(&h, json!({"widget": "datepicker", "event": "month", "year": 2025, "month": 7})).await?;
    let t = read_until(&mut h, "July", |t| t.contains("July")).await?;
    let fifteenth = ref_of(&t, "link", "15")?;
    click(&mut h, &fifteenth).await?;
    reported(&h, json!({"widget": "datepicker", "event": "select", "value": "2025-07-15"})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_ui_dialog_is_confirmed_with_ok() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jqueryui/dialog.html").await?;
    assert!(!t.contains("dialog \""), "no dialog before asking:\n{t}");
    let delete = ref_between(&t, "\"report.pdf\"", "row [ref_", "button", "Delete")?;
    click(&mut h, &delete).await?;
    reported(&h, json!({"widget": "dialog", "event": "open", "file": "report.pdf"})).await?;
    let t = read_until(&mut h, "the confirmation dialog", |t| t.contains("dialog \"Delete this file?\"")).await?;
    assert!(t.contains("will be moved to the bin"), "{t}");
    let dialog = &t[t.find("dialog \"Delete this file?\"").unwrap_or(0)..];
    let ok = ref_of(dialog, "button", "OK")?;
    click(&mut h, &ok).await?;
    reported(&h, json!({"widget": "dialog", "choice": "ok", "file": "report.pdf"})).await?;
    let t = read_until(&mut h, "the dialog closed", |t| !t.contains("dialog \"Delete this file?\"")).await?;
    assert!(t.contains("report.pdf was deleted. 2 files."), "{t}");
    assert!(t.contains("\"budget.xlsx\"") && t.contains("\"poster.png\""), "the other files stay:\n{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bootstrap_dropdown_modal_and_collapse() -> anyhow::Result<()> {
    let mut h = start().await?;
    // Dropdown: open the menu, choose an item.
    let t = open(&mut h, "bootstrap/team.html").await?;
    assert!(!t.contains("Archive project"), "the menu starts closed:\n{t}");
    let actions = ref_of(&t, "button", "Actions")?;
    click(&mut h, &actions).await?;
    reported(&h, json!({"widget": "dropdown", "event": "shown"})).await?;
    let t = read_until(&mut h, "the Actions menu", |t| t.contains("link \"Archive project\"")).await?;
    assert!(line_with(&t, "button \"Actions\"").contains("expanded"), "{t}");
    let archive = ref_of(&t, "link", "Archive project")?;
    click(&mut h, &archive).await?;
    reported(&h, json!({"widget": "dropdown", "choice": "Archive project"})).await?;

    // Modal: open it, fill it, save it.
    let t = open(&mut h, "bootstrap/team.html").await?;
    let add = ref_of(&t, "button", "Add member")?;
    click(&mut h, &add).await?;
    reported(&h, json!({"widget": "modal", "event": "shown"})).await?;
    let t = read_until(&mut h, "the New team member dialog", |t| t.contains("dialog \"New team member\"")).await?;
    let name = ref_of(&t, "textbox", "Full name")?;
    click(&mut h, &name).await?;
    act(&mut h, "type", json!({"text": "Dora Lind"})).await?;
    let email = ref_of(&t, "textbox", "Work email")?;
    act(&mut h, "form_input", json!({"target": r#ref(&email), "value": "dora@example.test"})).await?;
    let role = ref_of(&t, "combobox", "Role")?;
    act(&mut h, "form_input", json!({"target": r#ref(&role), "value": "Engineer"})).await?;
    let save = ref_of(&t, "button", "Save member")?;
    click(&mut h, &save).await?;
    let saved = reported(&h, json!({"widget": "modal", "event": "saved"})).await?;
    assert_eq!((saved["name"].clone(), saved["email"].clone(), saved["role"].clone()), (json!("Dora Lind"), json!("dora@example.test"), json!("Engineer")), "{saved}");
    reported(&h, json!({"widget": "modal", "event": "hidden"})).await?;
    let t = read_until(&mut h, "the dialog closed", |t| !t.contains("dialog \"New team member\"")).await?;
    assert!(t.contains("Dora Lind") && t.contains("4 members."), "{t}");

    // Collapse: show the filters, use them.
    let t = open(&mut h, "bootstrap/team.html").await?;
    assert!(!t.contains("Only admins"), "the filters start collapsed:\n{t}");
    assert!(line_with(&t, "button \"Show filters\"").contains("collapsed"), "{t}");
    let show = ref_of(&t, "button", "Show filters")?;
    click(&mut h, &show).await?;
    reported(&h, json!({"widget": "collapse", "event": "shown"})).await?;
    let t = read_until(&mut h, "the filters", |t| t.contains("checkbox \"Only admins\"")).await?;
    assert!(line_with(&t, "button \"Show filters\"").contains("expanded"), "{t}");
    let admins = ref_of(&t, "checkbox", "Only admins")?;
    click(&mut h, &admins).await?;
    let apply = ref_of(&t, "button", "Apply filters")?;
    click(&mut h, &apply).await?;
    reported(&h, json!({"widget": "collapse", "event": "apply", "active": false, "admins": true})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bootstrap_list_removes_a_member_by_its_span() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "bootstrap/team.html").await?;
    // "Remove" is a span with a click listener, one per member.
    let remove = ref_between(&t, "Bilal Haddad", "Chloe Park", "generic", "Remove")?;
    click(&mut h, &remove).await?;
    reported(&h, json!({"widget": "list", "event": "remove", "name": "Bilal Haddad", "members": ["Alice Moreau", "Chloe Park"]})).await?;
    let t = read_until(&mut h, "the list without Bilal", |t| !t.contains("Bilal Haddad")).await?;
    assert!(t.contains("2 members."), "{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn react_app_start_div_and_span_link_in_a_paragraph() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "react/app.html").await?;
    // React handles every click with one listener on its root: the div has none of its own.
    let start_div = ref_of(&t, "generic", "START")?;
    click(&mut h, &start_div).await?;
    reported(&h, json!({"app": "react", "phase": "running"})).await?;
    let t = read_until(&mut h, "the question", |t| t.contains("Which colour is the car")).await?;
    let green = ref_of(&t, "generic", "Green")?;
    click(&mut h, &green).await?;
    reported(&h, json!({"app": "react", "phase": "running", "colour": "Green"})).await?;
    let t = read(&mut h, json!({})).await?;
    let submit = ref_of(&t, "generic", "Submit answer")?;
    click(&mut h, &submit).await?;
    reported(&h, json!({"app": "react", "phase": "done", "colour": "Green"})).await?;
    let t = read_until(&mut h, "the end of the task", |t| t.contains("Thanks! Task complete.")).await?;

    // The span "links" in the paragraph are their own lines under it.
    let paragraph = line_with(&t, "paragraph [ref_");
    let link = line_with(&t, "generic \"instructions\" [ref_");
    let (p_at, l_at) = (t.find(paragraph).unwrap_or(0), t.find(link).unwrap_or(0));
    assert!(l_at > p_at && indent(link) > indent(paragraph), "the paragraph lists its inline clickable parts under it:\n{t}");
    assert!(link.contains("clickable"), "{link}");
    // The interactive filter lists only what a person can act on, so it needs no mark saying so.
    let only = read(&mut h, json!({"filter": "interactive"})).await?;
    let same = line_with(&only, "generic \"instructions\" [ref_");
    assert!(same.starts_with(&link.trim_start().replace(" clickable", "")), "{same} / {link}");
    assert!(!only.contains("clickable") && !only.contains("paragraph"), "{only}");
    let instructions = ref_of(&t, "generic", "instructions")?;
    click(&mut h, &instructions).await?;
    reported(&h, json!({"app": "react", "panel": "instructions"})).await?;
    let t = read_until(&mut h, "the instructions", |t| t.contains("Look at picture 1 and choose the colour of the car")).await?;
    let close = ref_of(&t, "generic", "Close")?;
    click(&mut h, &close).await?;
    reported(&h, json!({"app": "react", "panel": null, "phase": "done"})).await?;
    Ok(())
}

/// A React mail app whose rows, folders, stars and actions are plain elements with onClick and
/// nothing else (no pointer cursor, role or tab stop): React hears them through one listener on
/// its root, so only the props React keeps in the page's own world say they are clickable. Its
/// confirmation is rendered through a portal, outside the root.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn react_inbox_rows_stars_and_a_portal_without_pointer_cursors() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "react/inbox.html").await?;
    // The root's listener serves the app; the root is not one big clickable.
    assert!(t.starts_with("generic \"Inbox\" [ref_"), "the first line is the first folder:\n{t}");
    // A row holding its star reads as a clickable whose text follows under it with its ref.
    let olu = ref_showing(&t, "Olu Bakare Lunch on Friday?")?;
    let row = line_with(&t, &format!("generic [{olu}] clickable"));
    let star_mei = refs_of(&t, "generic", "Star").get(2).cloned().ok_or_else(|| anyhow::anyhow!("no third star in:\n{t}"))?;
    click(&mut h, &olu).await?;
    reported(&h, json!({"open": 2})).await?;
    click(&mut h, &star_mei).await?;
    reported(&h, json!({"open": 2, "starred": [3]})).await?;
    let t = read_until(&mut h, "the open message", |t| t.contains("Shall we try the new place")).await?;
    assert!(t.contains(row.trim_start()), "{t}");
    // Two "Archive": the folder, then the message's action.
    let archive = refs_of(&t, "generic", "Archive").get(1).cloned().ok_or_else(|| anyhow::anyhow!("no action Archive in:\n{t}"))?;
    click(&mut h, &archive).await?;
    reported(&h, json!({"archived": [2], "open": null})).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "generic", "Trash")?).await?;
    let t = read_until(&mut h, "the Trash folder", |t| t.contains("Empty trash")).await?;
    let found = text(&h.one("find", json!({"query": "empty the trash"})).await?);
    let empty = ref_of(&t, "generic", "Empty trash")?;
    assert!(found.lines().next().is_some_and(|l| l.contains(&format!("[{empty}]"))), "find: {found}");
    click(&mut h, &empty).await?;
    let t = read_until(&mut h, "the confirmation", |t| t.contains("Delete forever")).await?;
    click(&mut h, &ref_of(&t, "generic", "Delete forever")?).await?;
    reported(&h, json!({"folder": "Trash", "emptied": true})).await?;
    Ok(())
}

/// The React mail app and the jQuery shop in frames of the same site: the look for framework
/// handlers goes into the frames, so their rows, stars, folders and shop buttons are clickables
/// with refs there too, acted on by ref.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apps_in_same_origin_frames_are_acted_on_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "react/framed.html").await?;
    // The root's listener in the frame serves the app: the root is not one big clickable.
    let first = t.lines().skip_while(|l| !l.starts_with("iframe \"Mail\"")).nth(1).unwrap_or_default();
    assert!(first.starts_with("  generic \"Inbox\" [ref_"), "the frame's first line is the first folder:\n{t}");
    let olu = ref_showing(&t, "Olu Bakare Lunch on Friday?")?;
    assert!(t.contains(&format!("generic [{olu}] clickable")), "the row is a clickable:\n{t}");
    let star_mei = refs_of(&t, "generic", "Star").get(2).cloned().ok_or_else(|| anyhow::anyhow!("no third star in:\n{t}"))?;
    click(&mut h, &olu).await?;
    reported(&h, json!({"open": 2})).await?;
    click(&mut h, &star_mei).await?;
    reported(&h, json!({"open": 2, "starred": [3]})).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "generic", "Starred")?).await?;
    reported(&h, json!({"folder": "Starred"})).await?;
    // What the click opened in the frame is read as it is: the message's actions are clickables.
    let t = read_until(&mut h, "the open message's actions", |t| t.contains("generic \"Archive\"") && t.matches("\"Archive\"").count() == 2).await?;
    click(&mut h, &refs_of(&t, "generic", "Archive").get(1).cloned().ok_or_else(|| anyhow::anyhow!("no action Archive in:\n{t}"))?).await?;
    reported(&h, json!({"archived": [2], "open": null})).await?;
    // The shop in the other frame, below the viewport: spans served by jQuery's delegated handlers.
    let t = read(&mut h, json!({"filter": "all"})).await?;
    click(&mut h, &ref_between(&t, "Teapot", "Mug", "generic", "One more")?).await?;
    reported(&h, json!({"basket": ["Tea towel×1", "Teapot×2", "Mug×2"]})).await?;
    Ok(())
}

/// A jQuery shop page whose controls are spans served by delegated handlers
/// (`$(list).on("click", ".plus", …)`, `$(document).on(…)`), with no pointer cursor: only
/// jQuery's own data in the page's world says they are clickable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_basket_spans_served_by_delegated_handlers() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jquery/cart.html").await?;
    click(&mut h, &ref_between(&t, "Teapot", "Mug", "generic", "One more")?).await?;
    reported(&h, json!({"basket": ["Tea towel×1", "Teapot×2", "Mug×2"]})).await?;
    let t = read_until(&mut h, "two teapots", |t| t.contains("£72.00")).await?;
    click(&mut h, &ref_between(&t, "Tea towel", "Teapot", "generic", "Remove")?).await?;
    reported(&h, json!({"basket": ["Tea towel×0", "Teapot×2", "Mug×2"]})).await?;
    let t = read_until(&mut h, "the basket without the towel", |t| !t.contains("Tea towel")).await?;
    // The code is a span inside the paragraph, listed under it.
    click(&mut h, &ref_of(&t, "generic", "WELCOME10")?).await?;
    reported(&h, json!({"code": "WELCOME10"})).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "generic", "Check out")?).await?;
    reported(&h, json!({"checkout": true, "basket": ["Teapot×2", "Mug×2"], "code": "WELCOME10"})).await?;
    Ok(())
}

/// A Solid app whose chips, their × and its Save box have handlers Solid keeps on each element
/// and calls from one listener on the document (no pointer cursor, role or tab stop): only
/// those properties, in the page's own world, say they are clickable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solid_tags_picked_and_removed_by_delegated_handlers() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "solid/tags.html").await?;
    click(&mut h, &ref_of(&t, "generic", "Design")?).await?;
    click(&mut h, &ref_of(&t, "generic", "Docs")?).await?;
    click(&mut h, &ref_of(&t, "generic", "Remove Later")?).await?;
    let t = read_until(&mut h, "the tags without Later", |t| !t.contains("\"Later\"")).await?;
    click(&mut h, &ref_of(&t, "generic", "Save")?).await?;
    reported(&h, json!({"saved": true, "tags": ["Design", "Backend", "Docs"], "picked": ["Design", "Docs"]})).await?;
    Ok(())
}

/// A Svelte 5 app (compiled from svelte/List.svelte, its runtime from the npm package) whose
/// items, their ✕ and its Done box have handlers Svelte keeps on each element and calls from one
/// listener on the mount target, which is not itself a clickable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn svelte_list_ticked_and_trimmed_by_delegated_handlers() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "svelte/list.html").await?;
    assert!(t.starts_with("heading \"Shopping list\" [ref_"), "the mount target is not one big clickable:\n{t}");
    click(&mut h, &ref_of(&t, "generic", "Eggs")?).await?;
    click(&mut h, &ref_of(&t, "generic", "Apples")?).await?;
    click(&mut h, &ref_of(&t, "generic", "Take Bread off the list")?).await?;
    let t = read_until(&mut h, "the list without Bread", |t| !t.contains("\"Bread\"")).await?;
    click(&mut h, &ref_of(&t, "generic", "Done")?).await?;
    reported(&h, json!({"done": true, "items": ["Milk", "Eggs", "Apples"], "got": ["Eggs", "Apples"]})).await?;
    Ok(())
}

/// A React signup form: every field is controlled by the app's state, so a value the app did not
/// hear of is lost on the next render. Filled by refs only, with form_input and clicks on the
/// plan cards and the styled toggle (labels around hidden inputs); the app's own report of its
/// state on submit is the proof.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn react_signup_form_is_filled_into_the_apps_state() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "react/signup.html").await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "textbox", "Full name")?), "value": "Dora Lind"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "textbox", "Email")?), "value": "dora@example.test"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "Country")?), "value": "Sweden"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "checkbox", "I accept the terms")?), "value": true})).await?;
    // The plan cards and the toggle read as the radio buttons and checkbox they stand in for.
    let team = ref_of(&t, "radio", "Team")?;
    act(&mut h, "left_click", json!({"target": r#ref(&team)})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "checkbox", "Send me the newsletter")?), "value": true})).await?;
    act(&mut h, "left_click", json!({"target": r#ref(&ref_of(&t, "textbox", "About you")?)})).await?;
    act(&mut h, "type", json!({"text": "Likes maps."})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains(&format!("radio \"Team\" [{team}] checked")), "{t}");
    assert!(t.lines().any(|l| l.contains("checkbox \"Send me the newsletter\"") && l.ends_with("checked")), "{t}");
    act(&mut h, "left_click", json!({"target": r#ref(&ref_of(&t, "button", "Create account")?)})).await?;
    reported(&h, json!({"submitted": true, "name": "Dora Lind", "email": "dora@example.test", "country": "se", "plan": "team", "news": true, "terms": true, "bio": "Likes maps."})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jquery_task_page_start_autocomplete_choice_and_submit() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "jquery/task.html").await?;
    let start_div = ref_of(&t, "generic", "START")?;
    click(&mut h, &start_div).await?;
    reported(&h, json!({"task": "started"})).await?;
    let t = read(&mut h, json!({})).await?;
    // A field with no label is named by its placeholder, as accessible names are.
    let city = line_with(&t, "textbox \"Start typing a city\" [ref_");
    assert!(city.trim_start().starts_with("textbox"), "{city}");
    let city = ref_on(city).expect("a textbox line carries its ref");
    click(&mut h, &city).await?;
    act(&mut h, "type", json!({"text": "Li"})).await?;
    let t = read_until(&mut h, "the city suggestions", |t| t.contains("\"Lisbon\"") && t.contains("\"Liverpool\"")).await?;
    let lisbon = ref_of(&t, "generic", "Lisbon")?;
    click(&mut h, &lisbon).await?;
    reported(&h, json!({"task": "city", "value": "Lisbon"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(!t.contains("\"Liverpool\""), "the suggestions closed:\n{t}");
    let three = ref_of(&t, "generic", "3 parcels")?;
    click(&mut h, &three).await?;
    reported(&h, json!({"task": "parcels", "value": 3})).await?;

    // A span link inside a paragraph.
    let times = ref_of(&t, "generic", "See delivery times")?;
    click(&mut h, &times).await?;
    reported(&h, json!({"task": "times"})).await?;
    read_until(&mut h, "the delivery times", |t| t.contains("Lisbon and Porto: next day.")).await?;

    let t = read(&mut h, json!({})).await?;
    let submit = ref_of(&t, "generic", "Submit")?;
    click(&mut h, &submit).await?;
    reported(&h, json!({"task": "done", "value": {"city": "Lisbon", "parcels": 3}, "correct": true, "started": true})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn material_ui_form_is_filled_back_to_back_through_closing_menus_and_dialogs() -> anyhow::Result<()> {
    // Calls follow each other at once, as a batch of tool calls does: a menu or dialog closed by
    // one call is still fading out over the page when the next one comes.
    let mut h = start().await?;
    let t = open(&mut h, "mui/trip.html").await?;
    let destination = ref_of(&t, "combobox", "Destination")?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "textbox", "Traveller name")?), "value": "Ada"})).await?;
    // Material UI's Select is a box that opens a menu: form_input opens it and picks the
    // option, and its line then shows the choice.
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "Cabin class")?), "value": "Premium economy"})).await?;
    assert!(text(&r).contains("the option \"Premium economy\""), "{}", text(&r));
    let t = read(&mut h, json!({"filter": "interactive"})).await?;
    assert!(line_with(&t, "combobox \"Cabin class\"").contains("value=\"Premium economy\""), "{t}");
    click(&mut h, &ref_of(&t, "combobox", "Cabin class")?).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "option", "Business")?).await?;
    // The Select's menu still lies over the field, fading: the click waits for it to go.
    click(&mut h, &destination).await?;
    act(&mut h, "type", json!({"text": "Pra"})).await?;
    let t = read_until(&mut h, "the suggestions for \"Pra\"", |t| t.contains("option \"Prague\"")).await?;
    // The transparent checkboxes the list lies over are still the boxes their drawings show.
    let insurance = ref_of(&t, "checkbox", "Add travel insurance")?;
    assert!(!t.lines().any(|l| l.trim_start().starts_with("generic [ref_")), "an unnamed clickable box:\n{t}");
    click(&mut h, &ref_of(&t, "option", "Prague")?).await?;
    let t = read(&mut h, json!({})).await?;
    // The chosen Select's floating label (a click on it only focuses the Select) is its name,
    // not a control of its own; the slider's track is the slider's, not a clickable box around it.
    assert!(t.contains("combobox \"Cabin class\"") && !t.contains("generic \"Cabin class\""), "{t}");
    assert_eq!(indent(line_with(&t, "slider \"Checked bags\"")), 0, "{t}");
    assert!(!t.lines().any(|l| l.trim_start().starts_with("generic [ref_")), "an unnamed clickable box:\n{t}");
    assert_eq!(ref_of(&t, "checkbox", "Add travel insurance")?, insurance, "{t}");
    click(&mut h, &insurance).await?;
    click(&mut h, &ref_of(&t, "checkbox", "Price alerts")?).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "slider", "Checked bags")?), "value": 3})).await?;
    click(&mut h, &ref_of(&t, "radio", "Window")?).await?;
    // The slider's thumb is what its clipped-away input draws: a click on the input's ref takes
    // the keyboard focus to it (the radio had it), and an arrow key moves it a step.
    click(&mut h, &ref_of(&t, "slider", "Checked bags")?).await?;
    act(&mut h, "key", json!({"text": "ArrowLeft"})).await?;
    click(&mut h, &ref_of(&t, "tab", "Hotels")?).await?;
    let book = ref_of(&t, "button", "Book")?;
    click(&mut h, &ref_of(&t, "button", "Sort: price")?).await?;
    let t = read(&mut h, json!({"filter": "interactive"})).await?;
    click(&mut h, &ref_of(&t, "menuitem", "By duration")?).await?;
    click(&mut h, &book).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("paragraph") && t.contains("Ada to Prague, business, 2 bags."), "{t}");
    click(&mut h, &ref_of(&t, "button", "Confirm")?).await?;
    // Read while the dialog fades out and the page behind it is still hidden from readers: the
    // read waits for the page, and shows it.
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("button \"Booked: Prague\"") && !t.contains("Confirm booking"), "{t}");
    reported(&h, json!({"widget": "trip", "event": "booked", "name": "Ada", "cabin": "business", "city": "Prague", "insure": true, "alerts": false, "bags": 2, "seat": "window", "sort": "duration", "tab": 1})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ant_design_order_is_placed_back_to_back_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "antd/order.html").await?;
    // The Selects' transparent combobox inputs (the multiple one a few pixels wide) are listed.
    let warehouse = ref_of(&t, "combobox", "Warehouse")?;
    let tags = ref_of(&t, "combobox", "Tags")?;
    click(&mut h, &ref_of(&t, "textbox", "Customer")?).await?;
    act(&mut h, "type", json!({"text": "Acme"})).await?;
    // A read-only combobox whose listbox is kept out of sight (of no size, with the options
    // around the active one), beside the options a person sees, which have no role: form_input
    // opens it and clicks the one named.
    let r = h.one("form_input", json!({"target": r#ref(&warehouse), "value": "Lisbon"})).await?;
    assert!(!r.is_error && text(&r).contains("\"Lisbon\""), "{r:?}");
    let t = read(&mut h, json!({})).await?;
    // The choice drawn beside the empty field is its value; the other's placeholder is none.
    assert!(line_with(&t, "combobox \"Warehouse\"").contains("value=\"Lisbon\""), "{t}");
    assert!(line_with(&t, "combobox \"Tags\"").contains("placeholder=\"Add tags\""), "{t}");
    // The chosen city drawn over the combobox leaves it listed, and a click there still opens it.
    assert_eq!(ref_of(&t, "combobox", "Warehouse")?, warehouse, "{t}");
    click(&mut h, &tags).await?;
    let t = read(&mut h, json!({})).await?;
    let fragile = ref_of(&t, "generic", "fragile")?;
    click(&mut h, &fragile).await?;
    // The multiple one takes text, which filters its list: the option it names is chosen.
    let r = h.one("form_input", json!({"target": r#ref(&tags), "value": "gift"})).await?;
    assert!(!r.is_error && text(&r).contains("the option \"gift\""), "{r:?}");
    act(&mut h, "key", json!({"text": "Escape"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "combobox \"Tags\"").contains("value=\"fragile, gift\""), "{t}");
    click(&mut h, &ref_of(&t, "textbox", "Ship date")?).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "cell", "15")?).await?;
    let t = read(&mut h, json!({"filter": "interactive"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "spinbutton", "Quantity")?), "value": "3"})).await?;
    click(&mut h, &ref_of(&t, "radio", "Express")?).await?;
    click(&mut h, &ref_of(&t, "checkbox", "Gift wrap")?).await?;
    let t = read(&mut h, json!({"filter": "all"})).await?;
    // The Switch, an empty button, is named by its form label; the table's "Remove" links,
    // <a>s with a handler and no address, are lines of their own, not their cells' names.
    click(&mut h, &ref_of(&t, "switch", "Notify")?).await?;
    let removes = refs_of(&t, "generic", "Remove");
    assert_eq!(removes.len(), 2, "{t}");
    click(&mut h, &removes[0]).await?;
    click(&mut h, &ref_of(&t, "button", "Place order")?).await?;
    // The Modal, over its mask without aria-modal, is what is read while it is open.
    let t = read(&mut h, json!({})).await?;
    anyhow::ensure!(t.starts_with("[A modal dialog is open") && !t.contains("Place order") && t.contains("It ships from lis."), "{t}");
    // Its title is its name, not a line of text again.
    anyhow::ensure!(t.contains("dialog \"Place this order?\" [ref_") && t.matches("Place this order?").count() == 1, "{t}");
    click(&mut h, &ref_of(&t, "button", "OK")?).await?;
    // The message's icon, labelled with its identifier, is drawing, not words.
    let t = read_until(&mut h, "the message", |t| t.contains("Order placed")).await?;
    anyhow::ensure!(t.contains("text \"Order placed\"") && !t.contains("check-circle"), "{t}");
    reported(&h, json!({"widget": "order", "event": "placed", "customer": "Acme", "warehouse": "lis", "tags": ["fragile", "gift"], "date": "2025-06-15", "qty": 3, "speed": "exp", "gift": true, "notify": true, "items": ["Gadget"]})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shoelace_web_components_are_named_and_set_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "shoelace/settings.html").await?;
    // Labels drawn into slots of the controls' shadow roots name them; the radio group's label
    // is its name, not a control; <sl-button> and its own <button> are one line; <sl-switch>'s
    // box, which says it is a switch, is one.
    for (role, name) in [("textbox", "Display name"), ("checkbox", "Send me the newsletter"), ("switch", "Dark mode"), ("slider", "Volume"), ("radiogroup", "Plan")] {
        ref_of(&t, role, name)?;
    }
    assert!(!t.contains("generic \"Save\"") && !t.contains("generic \"Plan\""), "{t}");
    click(&mut h, &ref_of(&t, "textbox", "Display name")?).await?;
    act(&mut h, "type", json!({"text": "Ada"})).await?;
    click(&mut h, &ref_of(&t, "combobox", "Language")?).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "option", "Portuguese")?).await?;
    let t = read(&mut h, json!({"filter": "all"})).await?;
    // The newsletter box's input lets presses through to its label, drawn over slotted text.
    click(&mut h, &ref_of(&t, "checkbox", "Send me the newsletter")?).await?;
    click(&mut h, &ref_of(&t, "switch", "Dark mode")?).await?;
    click(&mut h, &ref_of(&t, "radio", "Pro")?).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "slider", "Volume")?), "value": 8})).await?;
    click(&mut h, &ref_of(&t, "button", "Advanced")?).await?;
    let t = read(&mut h, json!({"filter": "all"})).await?;
    // The field inside the panel that just opened takes the click, and the words typed after it.
    let bio_click = h.one("left_click", json!({"target": r#ref(&ref_of(&t, "textbox", "Bio")?)})).await?;
    let typed = h.one("type", json!({"text": "Hello"})).await?;
    let t2 = read(&mut h, json!({"filter": "all"})).await?;
    let bio = t2.lines().find(|l| l.contains("textbox \"Bio\""));
    anyhow::ensure!(bio.is_some_and(|l| l.contains("value=\"Hello\"")), "click: {bio_click:?}\ntype: {typed:?}\nbefore:\n{t}\nafter:\n{t2}");
    click(&mut h, &ref_of(&t, "button", "Save")?).await?;
    reported(&h, json!({"widget": "settings", "event": "saved", "display": "Ada", "lang": "pt", "news": "on", "dark": "on", "plan": "pro", "volume": "8", "bio": "Hello"})).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "button", "Done")?).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn material_web_controls_in_shadow_roots_are_named_and_set_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "material/profile.html").await?;
    // The text field's input waits in a transparent box until it has focus or text, and the
    // slider's range input is transparent over the track it draws: both are fields. A <label>
    // around a component names the control in its shadow root; the Volume label, which does not
    // name its slider (Material names that by its value), is read where it is.
    for (role, name) in [("textbox", "Display name"), ("checkbox", "Send me news"), ("switch", "Dark mode"), ("combobox", "Text size"), ("radio", "Green")] {
        ref_of(&t, role, name)?;
    }
    // A radio button and a tab that say what they are only through their ElementInternals read
    // as the browser knows them, with their states.
    assert!(line_with(&t, "radio \"Blue\"").contains("checked") && !line_with(&t, "radio \"Green\"").contains("checked"), "{t}");
    assert!(line_with(&t, "tab \"General\"").contains("selected") && !line_with(&t, "tab \"Privacy\"").contains("selected"), "{t}");
    assert!(!line_with(&t, "radio \"Blue\"").contains("clickable"), "{t}");
    assert!(line_with(&t, "slider ").contains("value=\"3\""), "{t}");
    assert!(line_with(&t, "combobox \"Text size\"").contains("value=\"Medium\""), "{t}");
    assert!(t.contains("text \"Volume\""), "{t}");
    // The text field's label, drawn in a box of its own right before its field, is the
    // field's name: its words are not a line again.
    assert!(!t.contains("text \"Display name\""), "{t}");
    // One line per tab: the surface a tab draws in its shadow root and hears for itself is the
    // tab. A chip's host, which hands its focus to its button, is that button.
    assert_eq!(refs_of(&t, "tab", "General").len(), 1, "{t}");
    assert!(!t.contains("generic \"Email\""), "{t}");
    click(&mut h, &ref_of(&t, "textbox", "Display name")?).await?;
    act(&mut h, "type", json!({"text": "Ada"})).await?;
    // Its options are slotted into the list, each drawing its own option in its shadow root.
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "Text size")?), "value": "Large"})).await?;
    for (role, name) in [("checkbox", "Send me news"), ("switch", "Dark mode"), ("button", "SMS")] {
        click(&mut h, &ref_of(&t, role, name)?).await?;
    }
    // A radio button only the browser knows as one (its ElementInternals) is set by form_input
    // as a person sets it: a click.
    let green = ref_of(&t, "radio", "Green")?;
    let set = h.one("form_input", json!({"target": r#ref(&green), "value": true})).await?;
    assert!(!set.is_error && text(&set).contains("is a radio button the page draws; it was clicked"), "{set:?}");
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "slider", "3")?), "value": 7})).await?;
    click(&mut h, &ref_of(&t, "button", "More actions")?).await?;
    let menu = read_until(&mut h, "the menu", |t| t.contains("menuitem \"Export data\"")).await?;
    // The words a menu item slots in are inside it, where the press lands.
    let pressed = h.one("left_click", json!({"target": r#ref(&ref_of(&menu, "menuitem", "Export data")?)})).await?;
    anyhow::ensure!(!pressed.is_error && !text(&pressed).contains("did not reach"), "{pressed:?}");
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "button", "Save")?).await?;
    reported(&h, json!({"event": "saved", "name": "Ada", "size": "l", "news": true, "dark": true, "color": "green", "volume": 7, "chips": ["SMS"], "done": ["export"]})).await?;
    click(&mut h, &ref_of(&t, "tab", "Privacy")?).await?;
    let t = read_until(&mut h, "the privacy tab", |t| t.contains("checkbox \"Allow tracking\"")).await?;
    assert!(line_with(&t, "tab \"Privacy\"").contains("selected") && !line_with(&t, "tab \"General\"").contains("selected"), "{t}");
    click(&mut h, &ref_of(&t, "checkbox", "Allow tracking")?).await?;
    click(&mut h, &ref_of(&t, "button", "Save")?).await?;
    reported(&h, json!({"event": "saved", "tracking": true})).await?;
    Ok(())
}

/// Ionic: each ion-item hears clicks on a box in its shadow root around the control slotted
/// into it, which reads as that control alone; ion-select's box is a <label> around a
/// transparent button that says the label and the choice, and reads as that button; its options
/// open in a popover of radio buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ionic_booking_is_made_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "ionic/booking.html").await?;
    // No box around a control reads as a clickable line of its own (the switch's track, which
    // a press toggles, says what it draws).
    assert!(!t.lines().any(|l| l.trim_start().starts_with("generic") && !l.contains("icon=")), "{t}");
    assert!(line_with(&t, "button \"Room, Choose a room\"").ends_with("collapsed"), "{t}");
    // The words of a label drawn beside its field inside it are the field's name, not a line.
    ref_of(&t, "textbox", "Special requests")?;
    assert!(!t.contains("text \"Special requests\""), "{t}");
    click(&mut h, &ref_of(&t, "textbox", "Guest name")?).await?;
    act(&mut h, "type", json!({"text": "Ada Lovelace"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "textbox", "Special requests")?), "value": "A quiet room"})).await?;
    click(&mut h, &ref_of(&t, "button", "Room, Choose a room")?).await?;
    let open = read_until(&mut h, "the room popover", |t| t.contains("radio \"Double\"")).await?;
    click(&mut h, &ref_of(&open, "radio", "Double")?).await?;
    reported(&h, json!({"event": "room", "room": "double"})).await?;
    // (Closed once the button says so: the popover fades out over its last frames.)
    let t = read_until(&mut h, "the popover closed", |t| !t.contains("radio \"Suite\"") && t.contains("button \"Room, Double\"") && line_with(t, "button \"Room, Double\"").contains("collapsed")).await?;
    // form_input chooses in the popover the select opens...
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "button", "Room, Double")?), "value": "Suite"})).await?;
    anyhow::ensure!(!r.is_error && text(&r).contains("opened a list to choose in; its option \"Suite\""), "{r:?}");
    reported(&h, json!({"event": "room", "room": "suite"})).await?;
    // ...and in the alert, which takes the choice only with its OK button: the result says so.
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "button", "Meal, Choose a meal")?), "value": "Half board"})).await?;
    anyhow::ensure!(!r.is_error && text(&r).contains("(Cancel | OK): press the one that confirms it"), "{r:?}");
    let alert = read_until(&mut h, "the meal alert", |t| t.contains("button \"OK\"")).await?;
    assert!(line_with(&alert, "radio \"Half board\"").contains("checked"), "{alert}");
    click(&mut h, &ref_of(&alert, "button", "OK")?).await?;
    reported(&h, json!({"event": "meal", "meal": "half"})).await?;
    let t = read_until(&mut h, "the alert closed", |t| !t.contains("button \"OK\"") && line_with(t, "button \"Meal, Half board\"").contains("collapsed")).await?;
    // An action sheet has a Cancel button of its own, and closes on the choice.
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "button", "Arrival, Choose a time")?), "value": "Evening"})).await?;
    anyhow::ensure!(!r.is_error && text(&r).contains("opened a list to choose in; its option \"Evening\""), "{r:?}");
    let t = read_until(&mut h, "the action sheet closed", |t| !t.contains("button \"Cancel\"") && line_with(t, "button \"Arrival, Evening\"").contains("collapsed")).await?;
    // A box the component draws (role=checkbox with aria-checked) is set by form_input with a
    // click, as a person sets it; one already as asked is left alone.
    let late = ref_of(&t, "checkbox", "Late arrival")?;
    let r = h.one("form_input", json!({"target": r#ref(&late), "value": true})).await?;
    anyhow::ensure!(!r.is_error && text(&r).contains("it was clicked"), "{r:?}");
    let r = h.one("form_input", json!({"target": r#ref(&late), "value": true})).await?;
    anyhow::ensure!(!r.is_error && !text(&r).contains("clicked"), "{r:?}");
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "radio", "Queen bed")?), "value": false})).await?;
    anyhow::ensure!(r.is_error && text(&r).contains("cleared by choosing another one of its group"), "{r:?}");
    for (role, name) in [("switch", "Parking space"), ("radio", "Twin beds"), ("tab", "Pay at the desk")] {
        click(&mut h, &ref_of(&t, role, name)?).await?;
    }
    click(&mut h, &ref_of(&t, "button", "Book")?).await?;
    reported(&h, json!({"event": "booked", "guest": "Ada Lovelace", "room": "suite", "meal": "half", "arrival": "evening", "requests": "A quiet room", "late": true, "parking": true, "bed": "twin", "pay": "desk"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "checkbox \"Late arrival\"").contains("checked") && line_with(&t, "tab \"Pay at the desk\"").contains("selected"), "{t}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fluent_ui_order_is_placed_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "fluent/order.html").await?;
    click(&mut h, &ref_of(&t, "textbox", "Full name")?).await?;
    act(&mut h, "type", json!({"text": "Ada"})).await?;
    // The select's options are slotted into the list in its shadow root, which it points to only
    // through its active option.
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "Size")?), "value": "Large"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "City")?), "value": "Madrid"})).await?;
    for (role, name) in [("checkbox", "Gift wrap"), ("switch", "Express"), ("radio", "Cash"), ("tab", "Notes")] {
        click(&mut h, &ref_of(&t, role, name)?).await?;
    }
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "slider", "Boxes")?), "value": 5})).await?;
    let t = read_until(&mut h, "the notes tab", |t| t.contains("textbox \"Notes\"")).await?;
    assert!(line_with(&t, "combobox \"Size\"").contains("\"Large\""), "{t}");
    assert!(line_with(&t, "tab \"Notes\"").contains("selected"), "{t}");
    click(&mut h, &ref_of(&t, "textbox", "Notes")?).await?;
    act(&mut h, "type", json!({"text": "Ring twice"})).await?;
    click(&mut h, &ref_of(&t, "button", "Place order")?).await?;
    reported(&h, json!({"event": "placed", "name": "Ada", "size": "l", "city": "Madrid", "gift": true, "express": true, "pay": "cash", "boxes": "5", "notes": "Ring twice"})).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_of_absolutely_positioned_boxes_still_has_page_text() -> anyhow::Result<()> {
    let mut h = start().await?;
    open(&mut h, "jquery/task.html").await?;
    // The premise: the page itself measures its body at zero height.
    reported(&h, json!({"task": "layout", "bodyHeight": 0})).await?;
    let r = h.one("get_page_text", json!({})).await?;
    ok(&r);
    let page_text = text(&r);
    assert_ne!(page_text.trim(), "(empty)", "the page has text; its body is only zero pixels high");
    // The parcel choices are inline boxes side by side: their words stay apart.
    for words in ["Parcel desk", "Send 3 parcels to Lisbon, then press Submit.", "Deliveries leave the depot every morning at 8:00.", "START", "1 parcel 2 parcels 3 parcels"] {
        assert!(page_text.contains(words), "get_page_text lacks {words:?}:\n{page_text}");
    }
    // A row of flex items reads as separate lines, as the boxes stand: not "Alice Moreau · DesignerRemove".
    open(&mut h, "bootstrap/team.html").await?;
    let page_text = text(&h.one("get_page_text", json!({})).await?);
    assert!(page_text.contains("Alice Moreau · Designer\nRemove"), "{page_text}");
    Ok(())
}

/// The row numbers a read of the grid shows (`"#N"`).
fn rows_shown(t: &str) -> Vec<u32> {
    let mut rows = Vec::new();
    for l in t.lines() {
        let mut rest = l;
        while let Some(i) = rest.find("\"#") {
            let digits: String = rest[i + 2..].chars().take_while(char::is_ascii_digit).collect();
            if rest[i + 2 + digits.len()..].starts_with('"') {
                if let Ok(n) = digits.parse() {
                    rows.push(n);
                }
            }
            rest = &rest[i + 2..];
        }
    }
    rows
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn virtual_grid_scrolls_to_row_500_and_edits_it() -> anyhow::Result<()> {
    const TARGET: u32 = 500;
    let mut h = start().await?;
    let mut t = open(&mut h, "grid/orders.html").await?;
    let rows = rows_shown(&t);
    assert_eq!(rows.first(), Some(&1), "{t}");
    assert!(rows.len() <= 12 && !rows.contains(&12), "only the visible window is rendered:\n{t}");
    // scroll_to the last row the read shows, read again, and so on: each turn brings a few new
    // rows, as it does for a model working down a long list by refs.
    let mut turns = 0;
    while !rows_shown(&t).contains(&TARGET) {
        turns += 1;
        assert!(turns <= 200, "row {TARGET} never came into view; the last read:\n{t}");
        let last = t.lines().rfind(|l| l.trim_start().starts_with("row [ref_")).and_then(ref_on);
        let last = last.ok_or_else(|| anyhow::anyhow!("no row carries a ref in:\n{t}"))?;
        let before = rows_shown(&t);
        act(&mut h, "scroll_to", json!({"target": r#ref(&last)})).await?;
        t = read(&mut h, json!({})).await?;
        let after = rows_shown(&t);
        assert!(after.iter().max() > before.iter().max(), "scroll_to {last} rendered no new rows: {before:?} then {after:?}:\n{t}");
    }
    assert!(rows_shown(&t).len() <= 12, "the grid keeps rendering a window only:\n{t}");
    let edit = ref_between(&t, &format!("\"#{TARGET}\""), "row [ref_", "generic", "Edit")?;
    click(&mut h, &edit).await?;
    let r = reported(&h, json!({"grid": "edit"})).await?;
    assert_eq!(r["row"], TARGET, "{r}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn editor_bolds_a_paragraph_from_the_span_toolbar_and_saves() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "editor/notes.html").await?;
    let milk = ref_showing(&t, "Buy milk and eggs")?;
    act(&mut h, "triple_click", json!({"target": r#ref(&milk)})).await?;
    let bold = ref_of(&t, "generic", "Bold")?;
    click(&mut h, &bold).await?;
    let r = reported(&h, json!({"editor": "command", "cmd": "bold"})).await?;
    assert_eq!(r["bold"], json!(["Buy milk and eggs"]), "only the selected paragraph is bold: {r}");

    let t = read(&mut h, json!({})).await?;
    let parcel = ref_showing(&t, "Pick up the parcel from the post office")?;
    click(&mut h, &parcel).await?;
    act(&mut h, "key", json!({"text": "End"})).await?;
    act(&mut h, "type", json!({"text": " before noon"})).await?;
    let save = ref_of(&t, "generic", "Save note")?;
    click(&mut h, &save).await?;
    let r = reported(&h, json!({"editor": "saved"})).await?;
    let saved = r["text"].as_str().unwrap_or_default();
    assert!(saved.contains("Pick up the parcel from the post office before noon\n"), "{r}");
    assert_eq!(r["bold"], json!(["Buy milk and eggs"]), "{r}");
    Ok(())
}

/// Lines of read_page that are the reader's own notes, not elements or text: where more is
/// (`… more inside`), runs shown by their controls only (`(N more …)`), the cap (`[read_page …`),
/// an open modal dialog that is all that was read (`[A modal dialog …`), more of the page past the
/// viewport or inside scrolling panes (`[More …`).
fn is_note(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with("… more inside") || l.starts_with('(') || l.starts_with("[read_page") || l.starts_with("[A modal dialog") || l.starts_with("[More ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_line_of_read_page_carries_a_ref_on_every_corpus_page() -> anyhow::Result<()> {
    let mut h = start().await?;
    let mut without = Vec::new();
    for page in PAGES.iter().chain(OPENED) {
        let t = open(&mut h, page).await?;
        assert!(t.lines().count() >= 5, "{page} reads as almost nothing:\n{t}");
        // The libraries' open modals (aria-modal over a backdrop) are read as what holds the page.
        let modal = *page == "bootstrap/team.html?open=modal" || *page == "jqueryui/dialog.html?open=report.pdf";
        assert_eq!(t.starts_with("[A modal dialog is open"), modal, "{page}:\n{t}");
        for line in t.lines().filter(|l| !is_note(l) && ref_on(l).is_none()) {
            without.push(format!("{page}: {line}"));
        }
    }
    assert!(without.is_empty(), "{} lines carry no ref:\n{}", without.len(), without.join("\n"));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn find_accuracy_on_the_corpus() -> anyhow::Result<()> {
    // Cases name statically visible elements. An element that exists only in some state (an
    // open menu, the suggestions under a field) is named on a page URL that opens that state
    // itself on load (?q=…, ?open=…, ?tab=…, ?phase=…), and the page reports `ready` once it
    // has, so no case needs calls before its find.
    #[derive(serde::Deserialize)]
    struct Case {
        page: String,
        query: String,
        role: String,
        name: String,
        nth: usize,
    }
    let cases: Vec<Case> = serde_json::from_str(&std::fs::read_to_string(corpus().join("find_cases.json"))?)?;
    assert!(cases.len() >= 100, "{} cases", cases.len());
    let pages: std::collections::BTreeSet<&str> = cases.iter().map(|c| c.page.split('?').next().unwrap_or_default()).collect();
    for page in PAGES {
        assert!(pages.contains(page), "no find case on {page}");
    }
    let mut h = start().await?;
    let mut tally = FindTally::default();
    let mut absent = Vec::new();
    let mut current = String::new();
    let mut all = String::new();
    for case in &cases {
        if case.page != current {
            open(&mut h, &case.page).await?;
            all = read(&mut h, json!({"filter": "all"})).await?;
            current = case.page.clone();
        }
        let Some(expected) = refs_of(&all, &case.role, &case.name).get(case.nth.saturating_sub(1)).cloned() else {
            absent.push(format!("{}: no {} {:?} #{}", case.page, case.role, case.name, case.nth));
            continue;
        };
        let r = h.one("find", json!({"query": case.query})).await?;
        ok(&r);
        let lines: Vec<String> = text(&r).lines().map(String::from).collect();
        assert!(lines.len() <= 20, "find returns at most 20 matches: {}", lines.len());
        tally.record(&case.page, &case.query, &lines, &expected);
    }
    // An expected element read_page does not show counts as a miss.
    let n = cases.len() as f64;
    println!("find accuracy on {} corpus cases: top-1 {:.1}%, top-3 {:.1}%", cases.len(), 100.0 * tally.top1 as f64 / n, 100.0 * tally.top3 as f64 / n);
    if !absent.is_empty() {
        println!("  ({} of them expect an element read_page does not show, counted as misses)", absent.len());
    }
    for m in &tally.misses {
        println!("  miss: {m}");
    }
    for a in &absent {
        println!("  absent from read_page: {a}");
    }
    assert!(absent.is_empty(), "{} expected elements are not in read_page {{\"filter\":\"all\"}}:\n{}", absent.len(), absent.join("\n"));
    assert!(tally.top1 as f64 / n >= 0.85 && tally.top3 as f64 / n >= 0.95, "find fell below 85% top-1 or 95% top-3 on the corpus");
    Ok(())
}

/// What the reader makes of each corpus page: `cargo test -p tabwright-e2e --test corpus -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "prints the corpus as read; run by hand"]
async fn show_the_corpus_as_read() -> anyhow::Result<()> {
    let mut h = start().await?;
    // CORPUS_PAGES="a.html b.html" shows only those.
    let chosen: Vec<String> = match std::env::var("CORPUS_PAGES") {
        Ok(list) => list.split_whitespace().map(String::from).collect(),
        Err(_) => PAGES.iter().chain(OPENED).map(|p| p.to_string()).collect(),
    };
    for page in &chosen {
        open(&mut h, page).await?;
        let t = read(&mut h, json!({"filter": "all"})).await?;
        println!("===== {page} (read_page all)\n{t}\n");
        let pt = text(&h.one("get_page_text", json!({})).await?);
        println!("----- {page} (get_page_text)\n{pt}\n");
    }
    Ok(())
}

/// Element Plus on Vue 3, by refs only: a carrier from its select, the switch (whose hidden box
/// stays unticked when toggled through its label, while it says aria-checked="true" and shows
/// itself on), one more box with the number field's + button, a priority from radio buttons drawn
/// over hidden radios, and the dialog's confirmation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn element_plus_shipment_is_filled_in_and_sent_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "elementplus/shipment.html").await?;
    let carrier = ref_of(&t, "combobox", "Carrier")?;
    click(&mut h, &carrier).await?;
    let t = read_until(&mut h, "the carriers", |t| t.contains("option \"FedEx\"")).await?;
    click(&mut h, &ref_of(&t, "option", "FedEx")?).await?;
    reported(&h, json!({"widget": "select", "event": "change", "value": "FedEx"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(!line_with(&t, "switch \"Insured\"").contains("checked"), "{t}");
    click(&mut h, &ref_of(&t, "switch", "Insured")?).await?;
    reported(&h, json!({"widget": "switch", "event": "change", "value": true})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "switch \"Insured\"").contains("checked"), "the switch is on, and says so:\n{t}");
    click(&mut h, &ref_of(&t, "button", "increase number")?).await?;
    reported(&h, json!({"widget": "number", "event": "change", "value": 2})).await?;
    click(&mut h, &ref_of(&t, "radio", "High")?).await?;
    reported(&h, json!({"widget": "radio", "event": "change", "value": "high"})).await?;
    click(&mut h, &ref_of(&t, "button", "Review")?).await?;
    let t = read_until(&mut h, "the dialog", |t| t.contains("button \"Send it\"")).await?;
    assert!(t.contains("dialog \"Confirm shipment\"") && t.contains("Send 2 boxes with FedEx?"), "{t}");
    click(&mut h, &ref_of(&t, "button", "Send it")?).await?;
    reported(&h, json!({"widget": "shipment", "event": "sent", "carrier": "FedEx", "insured": true, "boxes": 2, "priority": "high"})).await?;
    Ok(())
}

/// Element Plus's controls set with form_input, each answered as it is: the select, whose field
/// is a read-only combobox, is opened and its option chosen; the switch and the radio buttons,
/// whose boxes Vue puts back at the click and sets again as it renders, say they changed; the
/// date picker, whose field sits in a box that says only that it is a combobox, takes the day.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn element_plus_controls_are_set_with_form_input() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "elementplus/shipment.html").await?;
    let set = |target: &str, value: Value| json!({"target": r#ref(target), "value": value});
    // Its placeholder, drawn in a lighter colour where a choice will be, is no value.
    let carrier = line_with(&t, "combobox \"Carrier\"");
    assert!(carrier.contains("placeholder=\"Pick a carrier\"") && !carrier.contains("value="), "{t}");
    let r = h.one("form_input", set(&ref_of(&t, "combobox", "Carrier")?, json!("UPS"))).await?;
    assert!(!r.is_error && text(&r).contains("the option \"UPS\""), "{r:?}");
    reported(&h, json!({"widget": "select", "event": "change", "value": "UPS"})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "combobox \"Carrier\"").contains("value=\"UPS\""), "{t}");
    // The select that takes several is its box, which shows its placeholder (no text line).
    assert!(line_with(&t, "combobox \"Extras\"").contains("placeholder=\"Add extras\"") && !t.contains("text \"Add extras\""), "{t}");
    let r = h.one("form_input", set(&ref_of(&t, "combobox", "Extras")?, json!("Saturday"))).await?;
    assert!(!r.is_error && text(&r).contains("the option \"Saturday\""), "{r:?}");
    reported(&h, json!({"widget": "extras", "event": "change", "value": ["Saturday"]})).await?;
    act(&mut h, "key", json!({"text": "Escape"})).await?;
    for (target, widget, value) in [(ref_of(&t, "switch", "Insured")?, "switch", json!(true)), (ref_of(&t, "radio", "Full")?, "cover", json!("full"))] {
        let r = h.one("form_input", set(&target, json!(true))).await?;
        assert!(!r.is_error, "{widget}: {r:?}");
        reported(&h, json!({"widget": widget, "event": "change", "value": value})).await?;
    }
    let r = h.one("form_input", set(&ref_of(&t, "combobox", "Pickup day")?, json!("2026-12-24"))).await?;
    assert!(!r.is_error && !text(&r).contains("none was chosen"), "{r:?}");
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "combobox \"Pickup day\"").contains("value=\"2026-12-24\""), "{t}");
    assert!(line_with(&t, "switch \"Insured\"").contains("checked") && line_with(&t, "radio \"Full\"").contains("checked"), "{t}");
    Ok(())
}

/// Code editors as sites embed them (CodeMirror 5, Ace), by refs only: each reads as a textbox
/// named by its label and showing its text, form_input replaces the whole text (the editors take
/// only what changes in their hidden textarea, so the core selects all and types over it), and
/// a click then typing adds at the cursor. The page's own editors report what they hold.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_editors_are_textboxes_filled_in_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    open(&mut h, "editor/snippets.html").await?;
    // (Each editor draws its lines at its next frame.)
    let t = read_until(&mut h, "both editors drawn", |t| t.contains("value=\"function add(a, b) { return a + b; }\"") && t.contains("value=\"SELECT name FROM users;\"")).await?;
    assert!(line_with(&t, "textbox \"Script\"").contains("value=\"function add(a, b) { return a + b; }\""), "{t}");
    assert!(line_with(&t, "textbox \"SQL query\"").contains("value=\"SELECT name FROM users;\""), "{t}");
    // The editors' own clickable boxes and lines are their value, not lines of their own.
    assert!(!t.contains("clickable") && !t.contains("Cursor at row"), "{t}");
    let script = ref_of(&t, "textbox", "Script")?;
    let query = ref_of(&t, "textbox", "SQL query")?;
    act(&mut h, "form_input", json!({"target": r#ref(&script), "value": "const total = add(1, 2);\nconsole.log(total);"})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&query), "value": "SELECT id"})).await?;
    // Typed at the cursor, which the form_input left at the end.
    act(&mut h, "type", json!({"text": " FROM orders;"})).await?;
    let t = read_until(&mut h, "the typed words drawn", |t| t.contains("value=\"SELECT id FROM orders;\"")).await?;
    assert!(line_with(&t, "textbox \"SQL query\"").contains("value=\"SELECT id FROM orders;\""), "{t}");
    assert!(line_with(&t, "textbox \"SQL query\"").contains("focused"), "{t}");
    click(&mut h, &ref_of(&t, "button", "Save snippet")?).await?;
    reported(&h, json!({"widget": "snippet", "event": "saved", "script": "const total = add(1, 2);\nconsole.log(total);", "query": "SELECT id FROM orders;"})).await?;
    Ok(())
}

/// Rich-text editors as sites embed them (Quill, ProseMirror, CodeMirror 6, TinyMCE), by refs
/// only: each is a contenteditable the library redraws from a model of its own, which text set
/// into its DOM does not reach (CodeMirror 6 put its old text back). form_input types the text,
/// as a person does: the whole editor's text over a select-all, or one paragraph's words, by
/// the paragraph's ref, over that paragraph alone. TinyMCE edits the body of a frame it draws in
/// place of a textarea: the frame reads as a textbox named by that textarea's label. What each
/// editor holds is reported by the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rich_text_editors_take_text_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    open(&mut h, "editor/richtext.html").await?;
    let t = read_until(&mut h, "the four editors drawn", |t| t.contains("A short summary.") && t.contains("Second paragraph is a draft.") && t.contains("print('draft')") && t.contains("Please check the links.")).await?;
    // (TinyMCE's container for popups to come listens for clicks, but is an empty box of no area.)
    assert!(!t.contains("generic [ref_"), "{t}");
    let notes = ref_of(&t, "textbox", "Notes for the editor")?;
    let summary = ref_of(&t, "textbox", "Summary")?;
    let second = ref_showing(&t, "Second paragraph is a draft.")?;
    let code = ref_of(&t, "textbox", "Example code")?;
    for (target, value) in [(&summary, "Line A\nLine B"), (&second, "Second paragraph, final."), (&code, "def f(x):\n    return x\nprint(f(2))"), (&notes, "Links checked.\nReady to go.")] {
        let r = h.one("form_input", json!({"target": r#ref(target), "value": value})).await?;
        assert_eq!(text(&r), format!("Set the value of {target}."), "{value}");
    }
    // (Publish is below the viewport now.)
    let t = read(&mut h, json!({"filter": "all"})).await?;
    assert!(t.contains("\"First paragraph stays.\"") && t.contains("\"Second paragraph, final.\""), "{t}");
    click(&mut h, &ref_of(&t, "button", "Publish")?).await?;
    reported(
        &h,
        json!({"widget": "post", "event": "published", "summary": "Line A\nLine B\n", "body": ["First paragraph stays.", "Second paragraph, final."], "snippet": "def f(x):\n    return x\nprint(f(2))", "notes": "<p>Links checked.</p>\n<p>Ready to go.</p>"}),
    )
    .await?;
    // A value that is no text is refused, and the editor keeps what it holds.
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&summary), "value": true})).await?);
    assert!(e.contains("takes text, not true/false"), "{e}");
    // TinyMCE's frame, clicked by its ref as a person clicks into it, takes typed text where the
    // click put the caret (its page's box is the frame: a press on what the frame shows is a
    // press on it).
    let t = read(&mut h, json!({"filter": "all"})).await?;
    assert_eq!(text(&h.one("left_click", json!({"target": r#ref(&ref_of(&t, "textbox", "Notes for the editor")?)})).await?), "Clicked.");
    assert_eq!(text(&h.one("type", json!({"text": " Checked twice. "})).await?), "Typed.");
    click(&mut h, &ref_of(&t, "button", "Publish")?).await?;
    h.wait_log("the typed words in the notes", |e| e["type"] == "state" && e["event"] == "published" && e["notes"].as_str().is_some_and(|n| n.contains("Checked twice."))).await?;
    Ok(())
}

/// Sliders a library draws (noUiSlider: boxes with role="slider" and aria-valuenow), by refs
/// only: form_input moves each with its keys, as a person does (arrows, and End for the top of
/// a long range), and a value between two steps stops at the nearest, which the result says. The page reports the values its sliders hold.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drawn_sliders_are_moved_with_their_keys_by_form_input() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "sliders/filters.html").await?;
    // The tracks the handles run on (a press there moves the nearest handle) are the sliders'.
    assert!(!t.contains("generic [ref_"), "{t}");
    let low = ref_of(&t, "slider", "Lowest price")?;
    let high = ref_of(&t, "slider", "Highest price")?;
    let rating = ref_of(&t, "slider", "Lowest rating")?;
    act(&mut h, "form_input", json!({"target": r#ref(&low), "value": 75})).await?;
    act(&mut h, "form_input", json!({"target": r#ref(&high), "value": "300"})).await?;
    // An end of a long range is reached with End (380 steps of 10 away).
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "slider", "Greatest distance in metres")?), "value": 5000})).await?;
    // A spin button moves with the up and down arrows.
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "spinbutton", "Guests")?), "value": 5})).await?;
    let r = h.one("form_input", json!({"target": r#ref(&rating), "value": 4.2})).await?;
    assert_eq!(text(&r), format!("Set the value of {rating}.\nNote: {rating} moves in steps of 0.5 with its keys, and it now says 4 (the value given was 4.2)."));
    // Out of its range, or no number: refused, and the slider stays where it is.
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&rating), "value": 9})).await?);
    assert!(e.contains("goes from 1 to 5; 9 is outside that"), "{e}");
    let e = error_text(&h.one("form_input", json!({"target": r#ref(&rating), "value": "lots"})).await?);
    assert!(e.contains("give it a number"), "{e}");
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("From 75 to 300 a night, rated 4 or more."), "{t}");
    click(&mut h, &ref_of(&t, "button", "Show hotels")?).await?;
    reported(&h, json!({"widget": "filters", "event": "applied", "low": 75, "high": 300, "rating": 4, "distance": 5000, "guests": 5})).await?;
    Ok(())
}

/// Drags are given as points on the page, as Claude names them from a screenshot; the board's
/// layout is fixed, so its cards' centres are known (see the page).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_are_dragged_across_a_board_and_lists_are_reordered() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "dnd/board.html").await?;
    ref_of(&t, "button", "Pay rent")?;
    // A board that moves the card once per frame, and drops it where the last frame left it.
    act(&mut h, "left_click_drag", json!({"from": at(140.0, 120.0), "target": at(400.0, 168.0)})).await?;
    reported(&h, json!({"widget": "board", "todo": ["Renew passport", "Water plants"], "done": ["Book dentist", "Pay rent"]})).await?;
    // Up its own column, over the first card.
    act(&mut h, "left_click_drag", json!({"from": at(140.0, 168.0), "target": at(140.0, 110.0)})).await?;
    reported(&h, json!({"widget": "board", "todo": ["Water plants", "Renew passport"], "done": ["Book dentist", "Pay rent"]})).await?;
    // A list the browser's own drag and drop reorders: the last item onto the first.
    act(&mut h, "left_click_drag", json!({"from": at(630.0, 264.0), "target": at(630.0, 120.0)})).await?;
    reported(&h, json!({"widget": "priorities", "order": ["Book flights", "Write report", "Call Anna", "Fix bike"]})).await?;
    // The same library dragging by itself, which looks where the pointer is every 50 ms: the
    // first item onto the third, and the last onto the first.
    act(&mut h, "left_click_drag", json!({"from": at(890.0, 120.0), "target": at(890.0, 216.0)})).await?;
    reported(&h, json!({"widget": "shopping", "order": ["Eggs", "Bread", "Milk", "Apples"]})).await?;
    act(&mut h, "left_click_drag", json!({"from": at(890.0, 264.0), "target": at(890.0, 120.0)})).await?;
    reported(&h, json!({"widget": "shopping", "order": ["Apples", "Eggs", "Bread", "Milk"]})).await?;
    // The read shows the new orders.
    let t = read(&mut h, json!({})).await?;
    let lines: Vec<&str> = t.lines().filter(|l| l.contains("listitem")).collect();
    assert!(lines.len() == 8 && lines[0].contains("Book flights") && lines[1].contains("Write report") && lines[4].contains("Apples"), "{t}");
    Ok(())
}

/// Monaco takes a block of code as given: typed, each line would get the editor's indentation on
/// top of its own (and the last brace a second one), so form_input pastes it over the selection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn monaco_takes_a_block_of_code_as_given() -> anyhow::Result<()> {
    let mut h = start().await?;
    open(&mut h, "editor/solution.html").await?;
    // Its line says the code it draws (though it hides its lines from screen readers), without
    // the line numbers.
    let t = read_until(&mut h, "the editor drawn", |t| t.contains("textbox \"Your solution\"")).await?;
    assert!(line_with(&t, "textbox \"Your solution\"").contains("value=\"function twoSum(nums, target) { // Your code here }\""), "{t}");
    let editor = ref_of(&t, "textbox", "Your solution")?;
    let code = "function twoSum(nums, target) {\n  const seen = new Map();\n  for (let i = 0; i < nums.length; i++) {\n    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];\n    seen.set(nums[i], i);\n  }\n}";
    act(&mut h, "form_input", json!({"target": r#ref(&editor), "value": code})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "textbox \"Your solution\"").contains("value=\"function twoSum(nums, target) { const seen = new Map(); for (let i = 0;"), "{t}");
    // The page's text has the code too, a line of the editor to a line.
    let r = h.one("get_page_text", json!({})).await?;
    assert!(text(&r).contains("Your solution\nfunction twoSum(nums, target) {\nconst seen = new Map();\n"), "{r:?}");
    click(&mut h, &ref_of(&t, "button", "Run tests")?).await?;
    reported(&h, json!({"widget": "solution", "event": "run", "code": code})).await?;
    Ok(())
}

/// Swiper moves its track left a slide's width per slide passed: from the third slide on, the
/// track's own box lies wholly left of the page, and the slide shown overflows back into view.
/// That slide is read, found and clicked by its ref.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiper_carousel_is_read_on_its_third_slide() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "swiper/featured.html").await?;
    let next = ref_of(&t, "button", "Next slide")?;
    for index in [1, 2] {
        click(&mut h, &next).await?;
        reported(&h, json!({"widget": "swiper", "event": "slide", "index": index})).await?;
    }
    let t = read(&mut h, json!({})).await?;
    let lamp = ref_of(&t, "link", "Desk lamp, $25")?;
    assert!(!t.contains("Blue mug"), "the first slide is out of sight:\n{t}");
    let found = text(&h.one("find", json!({"query": "desk lamp link"})).await?);
    assert_eq!(found.lines().next().and_then(ref_on), Some(lamp.clone()), "{found}");
    let words = text(&h.one("get_page_text", json!({})).await?);
    assert!(words.contains("Desk lamp, $25"), "{words}");
    click(&mut h, &lamp).await?;
    reported(&h, json!({"widget": "link", "event": "picked", "hash": "#lamp"})).await?;
    Ok(())
}

/// AG Grid sorts by moving its rows on screen and saying each row's place with aria-rowindex;
/// the rows stay where they were in the document. They are read in the order shown. Its
/// headers' resize handles are named by their class.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ag_grid_rows_are_read_in_the_order_a_sort_shows_them() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "aggrid/stock.html").await?;
    // Each header's wordless resize handle says what it is by its class.
    assert_eq!(t.matches("icon=\"resize\"").count(), 2, "{t}");
    // A header is one line: its words are all in the label a person clicks to sort, whose ref
    // the line carries, with the resize handle under it.
    for name in ["Product", "Price"] {
        let header = line_with(&t, &format!("columnheader \"{name}\" [ref_"));
        assert!(header.ends_with("] clickable"), "{t}");
        assert!(!t.contains(&format!("generic \"{name}\"")), "{t}");
        let below = t.lines().skip_while(|l| *l != header).nth(1).unwrap_or_default();
        assert!(below.contains("icon=\"resize\"") && indent(below) > indent(&header), "{t}");
    }
    let price = ref_showing(&t, "Price")?;
    click(&mut h, &price).await?;
    reported(&h, json!({"widget": "aggrid", "event": "sorted", "order": ["Notebook", "Blue mug", "Desk lamp", "Red kettle"]})).await?;
    click(&mut h, &price).await?;
    let order = ["Red kettle", "Desk lamp", "Blue mug", "Notebook"];
    reported(&h, json!({"widget": "aggrid", "event": "sorted", "order": order})).await?;
    let in_order = |t: &str| {
        let at: Vec<Option<usize>> = order.iter().map(|p| t.find(&format!("\"{p}\""))).collect();
        at.iter().all(Option::is_some) && at.windows(2).all(|w| w[0] < w[1])
    };
    let t = read_until(&mut h, "the rows sorted by price, highest first", in_order).await?;
    assert!(line_with(&t, "columnheader \"Price\"").contains("sort=descending"), "{t}");
    // The reads that list no line for the header cell (the interactive one, one from the
    // label's ref) give its label the header's role and sort state all the same.
    let t = read(&mut h, json!({"filter": "interactive"})).await?;
    assert!(line_with(&t, &format!("columnheader \"Price\" [{price}]")).contains("sort=descending"), "{t}");
    assert!(t.contains("columnheader \"Product\" [") && !t.contains("generic \"Price\""), "{t}");
    let t = read(&mut h, json!({"ref": price})).await?;
    assert!(line_with(&t, &format!("columnheader \"Price\" [{price}]")).contains("sort=descending"), "{t}");
    let words = text(&h.one("get_page_text", json!({})).await?);
    let at: Vec<usize> = order.iter().map(|p| words.find(p).unwrap_or(usize::MAX)).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1] && w[1] != usize::MAX), "{words}");
    Ok(())
}

/// Vuetify's v-select: its box is the combobox, named by the label of the input inside it; the
/// input lets presses through to the box, and a click on the input's ref opens the list there.
/// The fields' empty message slots (role=alert) are no lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vuetify_select_is_named_by_its_label_and_opened_by_either_ref() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "vuetify/settings.html").await?;
    assert!(!t.lines().any(|l| l.trim_start().starts_with("alert")), "{t}");
    let country = refs_of(&t, "combobox", "Country");
    assert!(!country.is_empty(), "{t}");
    // The innermost: the input that lets presses through.
    click(&mut h, &country[country.len() - 1]).await?;
    let t = read_until(&mut h, "the country list", |t| t.contains("option \"Spain\"")).await?;
    click(&mut h, &ref_of(&t, "option", "Spain")?).await?;
    reported(&h, json!({"widget": "v-select", "event": "change", "value": "Spain"})).await?;
    let t = read_until(&mut h, "the list closed", |t| !t.contains("option \"Spain\"")).await?;
    let line = line_with(&t, "combobox \"Country\"");
    assert!(line.contains("Spain"), "{t}");
    Ok(())
}

/// Fomantic UI's checkbox: a box holding a hidden checkbox or radio button and a label that
/// names no control. Each reads as the control it stands in for, with its state, and a click
/// on its ref changes that state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fomantic_checkboxes_and_radios_read_with_their_state() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "fomantic/checkout.html").await?;
    assert!(line_with(&t, "checkbox \"Subscribe to newsletter\"").contains(" checked"), "{t}");
    assert!(!line_with(&t, "checkbox \"I accept the terms\"").contains(" checked"), "{t}");
    assert!(line_with(&t, "radio \"Standard\"").contains(" checked"), "{t}");
    click(&mut h, &ref_of(&t, "checkbox", "I accept the terms")?).await?;
    click(&mut h, &ref_of(&t, "radio", "Next day")?).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "checkbox \"I accept the terms\"").contains(" checked"), "{t}");
    assert!(line_with(&t, "radio \"Next day\"").contains(" checked"), "{t}");
    assert!(!line_with(&t, "radio \"Standard\"").contains(" checked"), "{t}");
    click(&mut h, &ref_of(&t, "button", "Place order")?).await?;
    reported(&h, json!({"widget": "order", "event": "placed", "newsletter": true, "terms": true, "speed": "nextday"})).await?;
    Ok(())
}

/// A settings page as shadcn/ui builds one from Radix UI's primitives, by refs only: Radix's
/// Select is a button with the combobox role that form_input presses open and chooses from (its
/// line shows the choice), its Checkbox a button that shows a tick once checked and is still
/// named by its label, its DropdownMenu opens on the press and chooses on the release, and its
/// Dialog hides the rest of the page from readers. The page reports its React state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn radix_settings_are_changed_by_refs() -> anyhow::Result<()> {
    let mut h = start().await?;
    let t = open(&mut h, "radix/settings.html").await?;
    assert!(line_with(&t, "combobox \"Plan\"").contains("value=\"Free\""), "{t}");
    act(&mut h, "form_input", json!({"target": r#ref(&ref_of(&t, "textbox", "Name")?), "value": "Globex"})).await?;
    let r = h.one("form_input", json!({"target": r#ref(&ref_of(&t, "combobox", "Plan")?), "value": "Pro"})).await?;
    assert!(text(&r).contains("the option \"Pro\""), "{}", text(&r));
    click(&mut h, &ref_of(&t, "checkbox", "Send a weekly summary")?).await?;
    reported(&h, json!({"widget": "settings", "name": "Globex", "plan": "pro", "weekly": true})).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(line_with(&t, "combobox \"Plan\"").contains("value=\"Pro\"") && !t.contains("option"), "{t}");
    assert!(line_with(&t, "checkbox \"Send a weekly summary\"").contains("checked"), "{t}");
    click(&mut h, &ref_of(&t, "button", "Actions")?).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "menuitem", "Duplicate")?).await?;
    reported(&h, json!({"widget": "settings", "last": "duplicated"})).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "button", "Actions")?).await?;
    let t = read(&mut h, json!({})).await?;
    click(&mut h, &ref_of(&t, "menuitem", "Delete workspace…")?).await?;
    let t = read(&mut h, json!({})).await?;
    assert!(t.contains("dialog \"Delete this workspace?\"") && t.contains("Everything in Globex goes with it.") && !t.contains("combobox"), "{t}");
    click(&mut h, &ref_of(&t, "button", "Delete")?).await?;
    reported(&h, json!({"widget": "settings", "deleted": true, "name": "Globex", "plan": "pro", "weekly": true, "last": "duplicated"})).await?;
    Ok(())
}
