//! read_page, find, get_page_text, scroll_to, and the resolution of element references.

use serde::Deserialize;
use tabwright_protocol::input::{Find, ReadFilter, ReadPage};
use tabwright_protocol::wire::Outcome;

use crate::cdp::{self, Debuggee};
use crate::snapshot::{self, Collected, Node, READ_CAP};
use crate::{chrome, find, page, refs, state};

/// The most characters get_page_text returns.
pub const TEXT_CAP: usize = 50_000;
/// How long a frame in its own process has to give up its content: one whose script is stuck
/// must not hold up the read of the page around it.
const FRAME_MS: i32 = 3_000;

/// What a read says when it held only the open modal dialog.
const MODAL_NOTE: &str = "[A modal dialog is open: the page behind it takes no input until the dialog is closed.";

/// The error for a ref that no longer resolves, saying why.
pub fn stale(reference: u64, why: &str) -> String {
    format!("ref_{reference} is stale or not found on the current page ({why}). Re-read the page with read_page or find to get fresh references.")
}

/// Where a ref Claude passed lives (the tab or one of its frames) and its number, checked
/// against the tab it is used on but not against the page: the call that uses it finds out
/// whether it is still there, and [`resolve_ref`] then says why not.
pub fn locate_ref(tab: i32, text: &str) -> Result<(Debuggee, u64), String> {
    let id = refs::parse(text).ok_or_else(|| format!("{text:?} is not an element reference; pass one such as \"ref_12\" from read_page or find."))?;
    let Some(owner) = refs::owner(id) else {
        return Err(stale(id, "this browser never handed it out, or it was handed out before the extension restarted"));
    };
    if owner.tab != tab {
        let here = state::tab_name(tab);
        return Err(match state::tab_id_of(owner.tab) {
            Some(there) => format!("ref_{id} belongs to {there}, not {here}. Pass tab_id \"{there}\" to act on it there, or read {here}'s page for its own references."),
            None => format!("ref_{id} came from a tab that is now closed. Read {here}'s page for its own references."),
        });
    }
    if owner.session.as_ref().is_some_and(|s| !cdp::children(tab).iter().any(|c| &c.session == s)) {
        return Err(stale(id, "the frame it was in is gone"));
    }
    Ok((Debuggee { tab, session: owner.session }, id))
}

/// A ref Claude passed, checked against the tab it is used on and resolved in the page: where
/// it lives (the tab or one of its frames) and its number.
pub async fn resolve_ref(tab: i32, text: &str) -> Result<(Debuggee, u64), String> {
    let id = refs::parse(text).ok_or_else(|| format!("{text:?} is not an element reference; pass one such as \"ref_12\" from read_page or find."))?;
    let owner = refs::owner(id);
    if let Some(o) = &owner {
        if o.tab != tab {
            let here = state::tab_name(tab);
            return Err(match state::tab_id_of(o.tab) {
                Some(there) => format!("ref_{id} belongs to {there}, not {here}. Pass tab_id \"{there}\" to act on it there, or read {here}'s page for its own references."),
                None => format!("ref_{id} came from a tab that is now closed. Read {here}'s page for its own references."),
            });
        }
    }
    let at = Debuggee { tab, session: owner.as_ref().and_then(|o| o.session.clone()) };
    let frame_alive = at.session.is_none() || cdp::children(tab).iter().any(|c| Some(&c.session) == at.session.as_ref());
    let (alive, generation) = if frame_alive {
        page::call_in(&at, &format!("!!__tabwright.resolveEl({id})")).await?
    } else {
        (serde_json::Value::Bool(false), 0)
    };
    let Some(owner) = owner else {
        return Err(stale(id, "this browser never handed it out, or it was handed out before the extension restarted"));
    };
    let why = if !frame_alive {
        "the frame it was in is gone"
    } else if owner.generation != generation && at.session.is_some() {
        "the frame it was in navigated since it was read"
    } else if owner.generation != generation {
        "the tab navigated since it was read"
    } else if alive != serde_json::Value::Bool(true) {
        "the element was removed from the page"
    } else {
        return Ok((at, id));
    };
    let mut message = stale(id, why);
    if !owner.name.is_empty() {
        if let Some(fresh) = suggest(&Debuggee::tab(tab), &owner.role, &owner.name).await {
            if fresh != id {
                message.push_str(&format!(" A {} named \"{}\" is on the page now as ref_{fresh}.", owner.role, owner.name));
            }
        }
    }
    Err(message)
}

/// A current element with this role and name, if there is one.
async fn suggest(at: &Debuggee, role: &str, name: &str) -> Option<u64> {
    let args = serde_json::json!([role, name, refs::next()]);
    let (value, generation) = page::call_in(at, &format!("__tabwright.suggest(...{args})")).await.ok()?;
    #[derive(Deserialize)]
    struct Suggestion {
        next: u64,
        r#ref: Option<u64>,
    }
    let s: Suggestion = serde_json::from_value(value).ok()?;
    let found = s.r#ref?;
    let node = Node { r#ref: Some(found), role: Some(role.into()), name: Some(name.into()), ..Default::default() };
    refs::record(at, generation, s.next, &[node]);
    Some(found)
}

/// Runs the page agent's collector in one document and records the refs it handed out.
/// `finding`: for find (its query) and a read of the controls alone (no query), which read the
/// text around each control.
/// `view`: for another site's frame, the part of it the page around it shows.
async fn collect_in(at: &Debuggee, filter: &str, depth: i64, root: Option<u64>, finding: Option<&str>, view: Option<&serde_json::Value>) -> Result<Collected, String> {
    // A document's listeners are asked for before its first read; later only when the page
    // changed since the last read, and the read is redone only when that found new ones.
    let first = crate::listeners::unmarked(at);
    if first {
        crate::listeners::mark(at).await;
    }
    // While a modal dialog is open, the reads Claude acts from (the viewport's, and find's) hold
    // only it: nothing behind it takes input. filter "all" (or a ref) still reads anything.
    let modal = root.is_none() && (filter != "all" || finding.is_some());
    let expression = |next: u64| {
        let opts = serde_json::json!({ "next": next, "filter": filter, "maxDepth": depth, "rootRef": root, "context": finding.is_some(), "query": finding, "modal": modal, "view": view });
        format!("__tabwright.collect({opts})")
    };
    let read = |next: u64| async move { page::call_json_in::<Collected>(at, &expression(next)).await };
    let (mut collected, mut generation) = read(refs::next()).await?;
    // Closed shadow roots found (their listeners asked for too), or new listeners: read again.
    let adopted = collected.unasked && crate::closed_roots::adopt(at).await;
    if (adopted || (!first && collected.dirty)) && (crate::listeners::mark(at).await || adopted) {
        // The first read handed out refs too: the second goes on from where it stopped.
        (collected, generation) = read(collected.next.max(refs::next())).await?;
    }
    // A closed root inside a closed root is found once the outer one is read: a level a time.
    if adopted {
        for _ in 0..crate::closed_roots::NESTED {
            if !crate::closed_roots::adopt(at).await {
                break;
            }
            crate::listeners::mark(at).await;
            (collected, generation) = read(collected.next.max(refs::next())).await?;
        }
    }
    crate::listeners::saw_inner_trees(at, collected.inner);
    crate::internals::apply(at, &mut collected.nodes).await;
    refs::record(at, generation, collected.next, &collected.nodes);
    state::save_refs(refs::next());
    Ok(collected)
}

/// The child session showing the frame of an `<iframe>` the agent could not enter.
pub(super) async fn frame_session(at: &Debuggee, iframe_ref: u64) -> Option<Debuggee> {
    let children = cdp::children(at.tab);
    if children.is_empty() {
        return None;
    }
    let object = page::object(at, &format!("__tabwright.resolveEl({iframe_ref})")).await.ok()?;
    let object_id = object.object_id?;
    let described = cdp::send_to(at, &cdp::DescribeNode { object_id: &object_id }).await.ok()?;
    let frame = described.node.frame_id?;
    children.into_iter().find(|c| c.target_id == frame).map(|c| Debuggee { tab: at.tab, session: Some(c.session) })
}

/// A page's text with each line that reads like this tool's own words (a frame's marker, the
/// note of a cut, the tab footer the API adds to a result) marked as the page's, so that a page
/// cannot pass its words off as the tool's.
/// (Judged as Claude will read it: with the invisible characters the result drops left out.)
fn owned_by_page(text: &str) -> String {
    const OURS: [&str; 7] = ["[frame ", "[text cut", "[left out", "tab context:", "- executed on tab_id", "- available tabs", "• tab_id"];
    let text = tabwright_protocol::sanitize::text_lines(text);
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let start = line.trim_start().as_bytes();
        if OURS.iter().any(|m| start.get(..m.len()).is_some_and(|s| s.eq_ignore_ascii_case(m.as_bytes()))) {
            out.push_str("(the page's text) ");
        }
        out.push_str(line);
    }
    out
}

/// Whether the frame element that holds an out-of-process frame shows it, in the document
/// around it (and so on out). A frame whose element cannot be looked at counts as shown.
/// (A document around it that does not answer in time counts as showing it.)
async fn frame_shown(tab: i32, child: &cdp::ChildSession) -> bool {
    let look = async {
        let Ok(hops) = super::aim::frame_hops(&Debuggee { tab, session: Some(child.session.clone()) }).await else { return true };
        for hop in hops {
            let shown = page::call_on_node(&hop.holder, hop.owner, "function () { return __tabwright.frameShown(this); }", "tabwright-frame").await;
            if shown.is_some_and(|(v, _)| v == false) {
                return false;
            }
        }
        true
    };
    chrome::bounded(Box::pin(look), FRAME_MS).await.unwrap_or(true)
}

/// Collects a document and, in place of each out-of-process frame, that frame's content.
async fn collect(at: &Debuggee, filter: &str, depth: i64, root: Option<u64>, finding: Option<&str>) -> Result<Collected, String> {
    collect_seen(at, filter, depth, root, finding, None).await
}

/// [`collect`] of a document of which `view` is shown (another site's frame's).
async fn collect_seen(at: &Debuggee, filter: &str, depth: i64, root: Option<u64>, finding: Option<&str>, view: Option<&serde_json::Value>) -> Result<Collected, String> {
    let mut collected = collect_in(at, filter, depth, root, finding, view).await?;
    if !collected.nodes.iter().any(|n| n.frame.is_some()) {
        return Ok(collected);
    }
    let mut nodes = Vec::with_capacity(collected.nodes.len());
    for node in std::mem::take(&mut collected.nodes) {
        let Some(frame_ref) = node.frame else {
            nodes.push(node);
            continue;
        };
        // A frame that does not answer (its own script stuck) stays an unreadable frame line.
        // One of another site inside it is read in turn.
        let child = match frame_session(at, frame_ref).await {
            Some(child) => chrome::bounded(
                Box::pin(collect_seen(&child, filter, (depth - node.d as i64).max(1), None, finding, node.view.as_ref())),
                FRAME_MS,
            )
            .await
            .and_then(Result::ok),
            None => None,
        };
        match child {
            Some(inner) => {
                nodes.extend(inner.nodes.into_iter().map(|mut n| {
                    n.d += node.d;
                    n
                }));
                collected.truncated |= inner.truncated;
            }
            None => nodes.push(node),
        }
    }
    collected.nodes = nodes;
    Ok(collected)
}

/// The longest a read waits for the page to settle.
const SETTLE_MS: u32 = 1000;

pub async fn read_page(input: &ReadPage) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let (at, root) = match input.reference.as_deref() {
        Some(r) => {
            let (at, id) = resolve_ref(tab, r).await?;
            (at, Some(id))
        }
        None => (Debuggee::tab(tab), None),
    };
    let filter = match input.filter {
        None => "visible",
        Some(ReadFilter::Interactive) => "interactive",
        Some(ReadFilter::All) => "all",
    };
    // (A read of the controls alone takes the words around a field with no name: tell_apart.)
    let context = (filter == "interactive").then_some("");
    let mut collected = collect(&at, filter, input.depth(), root, context).await?;
    // Nothing to read while the page is between two states (a dialog closed a moment ago is
    // still fading out, and the page behind it still hidden from readers): read once it has
    // settled.
    if collected.nodes.is_empty() && collected.animating && root.is_none() && page::call_in(&at, &format!("__tabwright.animationsEnd({SETTLE_MS})")).await.is_ok() {
        collected = collect(&at, filter, input.depth(), root, context).await?;
    }
    if collected.error.is_some() {
        return Err(stale(root.unwrap_or_default(), "the element was removed from the page"));
    }
    if filter == "interactive" {
        // Every line this filter prints is an element a person can act on, which is what the
        // `clickable` mark says elsewhere. Marks that say how (`draggable`) stay.
        for node in &mut collected.nodes {
            node.s.remove("clickable");
        }
        crate::find::tell_apart(&mut collected.nodes);
    }
    let note_room = 600;
    let rendered = snapshot::render(&collected.nodes, READ_CAP - note_room);
    let mut text = rendered.text;
    if collected.modal {
        text = format!("{MODAL_NOTE} filter \"all\" reads the whole page.]\n{text}");
    }
    let placeholder = text.is_empty();
    if placeholder && collected.pdf {
        text = PDF_READ.into();
    } else if placeholder {
        text = match filter {
            "visible" => "(nothing visible in the viewport: the page may be blank or still loading; filter \"all\" includes off-screen content)".into(),
            "interactive" => "(no interactive elements in the viewport; filter \"all\" includes off-screen content)".into(),
            _ => "(the page has no readable content)".into(),
        };
    }
    // A viewport read says when the page goes on past the viewport (a modal dialog's read holds
    // only the dialog).
    if let Some(note) = collected
        .beyond
        .note()
        .filter(|_| !placeholder && !collected.modal)
    {
        text.push('\n');
        text.push_str(&note);
    }
    if rendered.cut || collected.truncated {
        let suggestions = snapshot::suggest_containers(&collected.nodes);
        let narrower = if suggestions.is_empty() { String::new() } else { format!(", or read one region by its ref: {}", suggestions.join(", ")) };
        text.push_str(&format!(
            "\n[read_page stopped at {READ_CAP} characters; {} more lines were not shown. Narrow the read: filter \"interactive\", a smaller depth{narrower}.]",
            rendered.dropped
        ));
    }
    Ok(Outcome::Text { text })
}

pub async fn find(input: &Find) -> Result<Outcome, String> {
    let tab = state::resolve_tab(input.tab_id.as_deref()).await?;
    let mut collected = collect(&Debuggee::tab(tab), "all", 100, None, Some(&input.query)).await?;
    // Boxes nested past what one walk of the page follows are searched in turn, a few at most.
    let mut deeper: Vec<u64> = collected.nodes.iter().filter_map(|n| n.more).collect();
    for _ in 0..DEEPER_SEARCHES {
        let Some(root) = deeper.pop() else { break };
        let Ok(part) = collect(&Debuggee::tab(tab), "all", 100, Some(root), Some(&input.query)).await else { continue };
        deeper.extend(part.nodes.iter().filter_map(|n| n.more));
        collected.truncated |= part.truncated;
        collected.nodes.extend(part.nodes);
    }
    let lines = find::find(&collected.nodes, &input.query);
    let mut text = if lines.is_empty() && collected.pdf {
        PDF_READ.into()
    } else if lines.is_empty() && (collected.truncated || !deeper.is_empty()) {
        format!(
            "No element matches \"{}\" in the part of the page searched ({} lines): the page is too large or too deeply nested to search whole. read_page with filter \"all\" and the ref of a part of it reads that part; scrolling and a screenshot show what is in view.",
            input.query.trim(),
            collected.nodes.len()
        )
    } else if lines.is_empty() {
        format!("No element matches \"{}\". Describe it with other words, or read_page to see what is there.", input.query.trim())
    } else if collected.truncated || !deeper.is_empty() {
        format!(
            "{}\n[Only part of the page was searched ({} lines): it is too large or too deeply nested to search whole, so a better match may lie in the rest. read_page with filter \"all\" and the ref of a part of it reads that part.]",
            lines.join("\n"),
            collected.nodes.len()
        )
    } else {
        lines.join("\n")
    };
    if collected.modal {
        text.push_str(&format!("\n{MODAL_NOTE} Only it was searched.]"));
    }
    Ok(Outcome::Text { text })
}

/// How many boxes nested past one walk's reach find searches in turn.
const DEEPER_SEARCHES: usize = 8;

/// What a read of a PDF says.
pub(super) const PDF_READ: &str = "The tab shows a PDF in the browser's own viewer, out of reach of reads: take a screenshot to read it (scroll for more pages).";

pub async fn get_page_text(tab_id: Option<&str>) -> Result<Outcome, String> {
    #[derive(Deserialize)]
    struct PageText {
        text: String,
        cut: bool,
        total: usize,
        #[serde(default)]
        url: String,
        #[serde(default)]
        unasked: bool,
        #[serde(default)]
        pdf: bool,
        /// The parts of the page's frame around its content that were left out and are shown
        /// (its navigation, search, footer), named.
        #[serde(default)]
        left: Option<String>,
    }
    let tab = state::resolve_tab(tab_id).await?;
    let read = format!("__tabwright.pageText({TEXT_CAP})");
    let (mut t, _): (PageText, _) = page::call_json_in(&Debuggee::tab(tab), &read).await?;
    // Closed shadow roots found: read again, with them.
    if t.unasked {
        for _ in 0..=crate::closed_roots::NESTED {
            if !crate::closed_roots::adopt(&Debuggee::tab(tab)).await {
                break;
            }
            (t, _) = page::call_json_in(&Debuggee::tab(tab), &read).await?;
        }
    }
    // A PDF's viewer holds only its toolbar's words.
    if t.text.trim().is_empty() && t.pdf {
        return Ok(Outcome::Text { text: PDF_READ.into() });
    }
    t.text = owned_by_page(&t.text);
    if let Some(left) = t.left.take().filter(|_| !t.cut) {
        t.text.push_str(&format!("\n\n[Left out, as the frame around the content: {left}. read_page reads it all.]"));
    }
    // Out-of-process frames (cross-origin iframes) are read in their own documents.
    for child in cdp::children(tab) {
        if t.cut {
            break;
        }
        // A frame the page does not show (of no size, transparent, far off the page) holds no
        // text a person reads.
        if !frame_shown(tab, &child).await {
            continue;
        }
        let at = Debuggee { tab, session: Some(child.session.clone()) };
        let room = TEXT_CAP.saturating_sub(t.text.len());
        let Some(Ok((inner, _))) = chrome::bounded(page::call_json_in::<PageText>(&at, &format!("__tabwright.pageText({room})")), FRAME_MS).await else { continue };
        if inner.text.trim().is_empty() {
            continue;
        }
        let url = tabwright_protocol::sanitize::url(if inner.url.is_empty() { &child.url } else { &inner.url });
        t.text.push_str(&format!("\n\n[Frame {url}]\n{}", owned_by_page(&inner.text)));
        t.cut |= inner.cut;
        t.total += inner.total;
    }
    if t.cut {
        t.text.push_str(&format!(
            "\n[Text cut at {TEXT_CAP} characters of about {}: the rest is not returned. read_page lists the page's parts (each line cut short); scroll_to one and take a screenshot to read it whole.]",
            t.total
        ));
    }
    Ok(Outcome::Text { text: tabwright_protocol::sanitize::text_lines(&t.text) })
}

pub async fn scroll_to(reference: &str, tab_id: Option<&str>) -> Result<Outcome, String> {
    let tab = state::resolve_tab(tab_id).await?;
    let (at, id) = resolve_ref(tab, reference).await?;
    let (value, _) = page::call_in(&at, &format!("__tabwright.scrollTo({id})")).await?;
    if value.get("error").is_some() {
        return Err(stale(id, "the element was removed from the page"));
    }
    // The page hears of the scroll at its next frame; let that land (a virtual list re-renders then).
    super::settle::settle_later(tab);
    let covered = value["covered"].as_str().map(super::aim::fold);
    let hover = value["hover"].as_str().map(super::aim::fold);
    Ok(Outcome::Ack {
        line: match (covered, hover) {
            (_, Some(over)) => Some(format!("It shows only while the pointer is over {over}, which is in view now: a click or hover by its ref puts the pointer there first.")),
            (Some(cover), None) => Some(format!("It is covered by {cover} there, so a click on it would reach that instead. Close or move what covers it first.")),
            (None, None) => None,
        },
    })
}
