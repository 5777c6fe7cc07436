//! The page agent's collected nodes, and the read_page text rendered from them.
//!
//! Collection (in the page) and rendering (here) are separate passes: this one owns the
//! indentation, the size cap and the collapsing of long repeated runs.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The most characters read_page returns.
pub const READ_CAP: usize = 50_000;
/// A run of this many look-alike siblings is collapsed…
const RUN_MIN: usize = 12;
/// …after this many are shown in full.
const RUN_KEEP: usize = 5;

/// One collected entry, in document order with its depth.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct Node {
    #[serde(default)]
    pub d: usize,
    #[serde(default)]
    pub r#ref: Option<u64>,
    #[serde(default)]
    pub role: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// States: checked, selected, expanded, disabled, required, focused, value, level, href…
    #[serde(default)]
    pub s: BTreeMap<String, serde_json::Value>,
    /// Interactive.
    #[serde(default)]
    pub i: Option<u8>,
    /// Outside the viewport.
    #[serde(default)]
    pub off: Option<u8>,
    /// Text around a control (its card, row or list item), collected for `find`.
    #[serde(default)]
    pub c: Option<String>,
    /// Visible text (a text line; its `ref` is the element holding the text).
    #[serde(default)]
    pub text: Option<String>,
    /// An element's own running text, shown after its line (`paragraph [ref_4]: "…"`); the
    /// inline parts a person can act on follow as its children.
    #[serde(default)]
    pub t: Option<String>,
    /// An element at the depth limit that has more inside.
    #[serde(default)]
    pub more: Option<u64>,
    /// A frame whose content could not be read from here.
    #[serde(default)]
    pub frame: Option<u64>,
    /// Of such a frame: the part of it the page around it shows, in the frame's own viewport's
    /// points (`{left, top, right, bottom}`), which its own read is told.
    #[serde(default, skip_serializing)]
    pub view: Option<serde_json::Value>,
    /// A link that holds a heading (a search result's title drawn inside its link), for `find`.
    #[serde(default)]
    pub h: Option<u8>,
    /// A web component whose role and states only the browser knows ([`crate::internals`]).
    #[serde(default)]
    pub x: Option<u8>,
    /// The words around it that tell it apart, said after its line (`near "…"`).
    #[serde(skip)]
    pub near: Option<String>,
}

impl Node {
    pub fn is_interactive(&self) -> bool {
        self.i.is_some()
    }
}

/// What the page agent's `collect` returns.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Collected {
    #[serde(default)]
    pub next: u64,
    #[serde(default)]
    pub nodes: Vec<Node>,
    #[serde(default)]
    pub truncated: bool,
    #[serde(default)]
    pub error: Option<String>,
    /// The document has open shadow roots or same-origin frames.
    #[serde(default)]
    pub inner: bool,
    /// Only the open modal dialog was read (the collector was asked to, and one is open).
    #[serde(default)]
    pub modal: bool,
    /// Content a viewport read left out for lying above or below the viewport.
    #[serde(default)]
    pub beyond: Beyond,
    /// Something on the page was moving to an end (a dialog fading out, a panel sliding in).
    #[serde(default)]
    pub animating: bool,
    /// The page changed since the read before (its listeners may have too).
    #[serde(default = "yes")]
    pub dirty: bool,
    /// Boxes a closed shadow root may draw wait to be asked about.
    #[serde(default)]
    pub unasked: bool,
    /// The document is a PDF the browser's own viewer draws.
    #[serde(default)]
    pub pdf: bool,
}

fn yes() -> bool {
    true
}

/// Where a viewport read left content out.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Beyond {
    #[serde(default)]
    pub above: bool,
    #[serde(default)]
    pub below: bool,
    #[serde(default)]
    pub left: bool,
    #[serde(default)]
    pub right: bool,
    /// Scrolling boxes (an app's panels) that hold content out of view.
    #[serde(default)]
    pub inside: Vec<Scroller>,
}

/// A scrolling box, with its ref.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Scroller {
    pub r#ref: u64,
    #[serde(default)]
    pub role: Option<String>,
    #[serde(default)]
    pub name: String,
}

impl Beyond {
    /// The line that says so, if anything was left out.
    pub fn note(&self) -> Option<String> {
        let vertical = match (self.above, self.below) {
            (true, true) => Some("above and below"),
            (true, false) => Some("above"),
            (false, true) => Some("below"),
            (false, false) => None,
        };
        // (A page written right to left goes on to the left.)
        let horizontal = match (self.left, self.right) {
            (true, true) => Some("to the left and right of"),
            (true, false) => Some("to the left of"),
            (false, true) => Some("to the right of"),
            (false, false) => None,
        };
        let side = match (vertical, horizontal) {
            (Some(v), Some(h)) => Some(format!("{v} and {h}")),
            (Some(v), None) => Some(v.to_string()),
            (None, Some(h)) => Some(h.to_string()),
            (None, None) => None,
        };
        let boxes: Vec<String> = self
            .inside
            .iter()
            .map(|b| {
                let what = b.role.clone().unwrap_or_else(|| "the scrolling area".into());
                let name = if b.name.is_empty() { String::new() } else { format!(" {}", quote(&b.name)) };
                format!("{what}{name} [ref_{}]", b.r#ref)
            })
            .collect();
        let inside = (!boxes.is_empty()).then(|| format!("inside {}", boxes.join(" and ")));
        let place = match (side, inside) {
            (Some(side), Some(inside)) => format!("{side} the viewport, and {inside}"),
            (Some(side), None) => format!("{side} the viewport"),
            (None, Some(inside)) => inside,
            (None, None) => return None,
        };
        Some(format!("[More {place}: scroll, or read_page filter \"all\".]"))
    }
}

/// A node with its children, rebuilt from the flat list.
#[derive(Clone, Debug)]
pub struct Tree<'a> {
    pub node: &'a Node,
    pub children: Vec<Tree<'a>>,
}

/// Rebuilds the hierarchy from depths.
pub fn build(nodes: &[Node]) -> Vec<Tree<'_>> {
    fn take<'a>(nodes: &'a [Node], i: &mut usize, depth: usize) -> Vec<Tree<'a>> {
        let mut out = Vec::new();
        while *i < nodes.len() && nodes[*i].d >= depth {
            let node = &nodes[*i];
            *i += 1;
            let children = take(nodes, i, node.d + 1);
            out.push(Tree { node, children });
        }
        out
    }
    let min = nodes.iter().map(|n| n.d).min().unwrap_or(0);
    let mut i = 0;
    take(nodes, &mut i, min)
}

pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    push_escaped(&mut out, &tabwright_protocol::sanitize::one_line(text));
    out.push('"');
    out
}

/// A value quoted on one line, its line breaks said as `\n` (a textarea's lines), each line
/// folded as `quote` folds the whole.
fn quote_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("\\n");
        }
        push_escaped(&mut out, &tabwright_protocol::sanitize::one_line(line));
    }
    out.push('"');
    out
}

fn push_escaped(out: &mut String, folded: &str) {
    for c in folded.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
}

fn state_text(key: &str, value: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    Some(match (key, value) {
        // Unchecked is the absence of "checked", as a person reads a box.
        ("checked", Value::String(v)) => match v.as_str() {
            "true" => "checked".into(),
            "mixed" => "mixed".into(),
            // (Said where no box shows the element can be ticked: a grid's cell.)
            "unchecked" => "unchecked".into(),
            _ => return None,
        },
        ("selected", Value::Bool(true)) => "selected".into(),
        ("expanded", Value::Bool(b)) => (if *b { "expanded" } else { "collapsed" }).into(),
        ("pressed", Value::String(v)) => (if v == "true" { "pressed" } else { "not pressed" }).into(),
        ("disabled", Value::Bool(true)) => "disabled".into(),
        ("required", Value::Bool(true)) => "required".into(),
        ("invalid", Value::Bool(true)) => "invalid".into(),
        ("clickable", Value::Bool(true)) => "clickable".into(),
        ("draggable", Value::Bool(true)) => "draggable".into(),
        // Shown while the pointer is over it or a box around it: a click or hover by its ref
        // points there first.
        ("hover", Value::Bool(true)) => "shown on hover".into(),
        ("multiselectable", Value::Bool(true)) => "multiselectable".into(),
        ("focused", Value::Bool(true)) => "focused".into(),
        ("readonly", Value::Bool(true)) => "readonly".into(),
        ("current", Value::Bool(true)) => "current".into(),
        // One of a few words the page agent checked.
        ("current" | "sort", Value::String(v)) if v.len() <= 10 && v.chars().all(|c| c.is_ascii_lowercase()) => format!("{key}={v}"),
        ("level", Value::Number(n)) => format!("level={n}"),
        ("href", Value::String(v)) => {
            let v = tabwright_protocol::sanitize::one_line(v);
            if v.contains([' ', '"']) {
                format!("→ {}", quote(&v))
            } else {
                format!("→ {v}")
            }
        }
        ("value", Value::String(v)) => format!("value={}", quote_lines(v)),
        ("format" | "options" | "suggestions" | "placeholder" | "min" | "max" | "description" | "icon", Value::String(v)) => format!("{key}={}", quote(v)),
        _ => return None,
    })
}

/// One element's line, without indentation: `role "name" [ref_N] states…`.
pub fn element_line(node: &Node) -> String {
    let mut line = node.role.clone().unwrap_or_else(|| "generic".into());
    if let Some(name) = node.name.as_deref().filter(|n| !n.is_empty()) {
        line.push(' ');
        line.push_str(&quote(name));
    }
    if let Some(r) = node.r#ref {
        let _ = write!(line, " [ref_{r}]");
    }
    // A fixed order, so the same element always reads the same.
    for key in ["clickable", "draggable", "hover", "description", "icon", "checked", "selected", "current", "expanded", "pressed", "sort", "multiselectable", "value", "format", "options", "suggestions", "placeholder", "min", "max", "level", "disabled", "readonly", "required", "invalid", "focused", "href"] {
        // A placeholder that is also the name says nothing new.
        if key == "placeholder" && node.s.get(key).and_then(|v| v.as_str()) == node.name.as_deref() {
            continue;
        }
        // A tab says which one is open by `selected` (accordion headers are tabs that also
        // carry aria-expanded); the closed ones need no word.
        if key == "expanded" && node.role.as_deref() == Some("tab") && node.s.get(key) == Some(&serde_json::Value::Bool(false)) {
            continue;
        }
        if let Some(v) = node.s.get(key).and_then(|v| state_text(key, v)) {
            line.push(' ');
            line.push_str(&v);
        }
    }
    if node.off.is_some() {
        line.push_str(" (offscreen)");
    }
    if let Some(near) = &node.near {
        let _ = write!(line, " near {}", quote(near));
    }
    line
}

/// Any entry's line: an element, a text run (with the ref of the element holding it), a depth
/// cut or an unreadable frame. Every line carries a ref.
pub fn node_line(node: &Node) -> String {
    if let Some(text) = &node.text {
        let off = if node.off.is_some() { " (offscreen)" } else { "" };
        return match node.r#ref {
            Some(r) => format!("text {} [ref_{r}]{off}", quote(text)),
            None => format!("text {}{off}", quote(text)),
        };
    }
    if let Some(r) = node.more {
        return format!("… more inside [ref_{r}]: read_page with this ref to see it");
    }
    if let Some(r) = node.frame {
        return format!("frame content [ref_{r}] is not readable here: use screenshot and coordinates");
    }
    match &node.t {
        // Text that only says the name again (a heading whose anchor link is hidden) is left out.
        Some(t) if !says_again(node.name.as_deref(), t) => format!("{}: {}", element_line(node), quote(t)),
        _ => element_line(node),
    }
}

/// Whether `text` only says again what an element's name or value already says.
fn says_again(said: Option<&str>, text: &str) -> bool {
    said.is_some_and(|s| s.trim() == text.trim())
}

/// A structural fingerprint: siblings with the same one look alike.
fn signature(tree: &Tree) -> String {
    let mut sig = tree.node.role.clone().unwrap_or_default();
    for child in &tree.children {
        sig.push('/');
        sig.push_str(child.node.role.as_deref().unwrap_or(if child.node.text.is_some() { "#text" } else { "?" }));
    }
    sig
}

fn interactive_descendants<'a>(tree: &'a Tree<'a>, out: &mut Vec<&'a Node>) {
    for child in &tree.children {
        if child.node.is_interactive() {
            out.push(child.node);
        }
        interactive_descendants(child, out);
    }
}

/// The rendered text and whether the cap cut it.
pub struct Rendered {
    pub text: String,
    pub cut: bool,
    /// Elements not shown because of the cap.
    pub dropped: usize,
}

struct Writer {
    out: String,
    cut: bool,
    dropped: usize,
    cap: usize,
}

impl Writer {
    fn line(&mut self, depth: usize, text: &str) {
        if self.cut {
            self.dropped += 1;
            return;
        }
        let needed = depth * 2 + text.len() + 1;
        if self.out.len() + needed > self.cap {
            self.cut = true;
            self.dropped += 1;
            return;
        }
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }
}

fn render_level(w: &mut Writer, trees: &[Tree], depth: usize) {
    let mut i = 0;
    while i < trees.len() {
        let sig = signature(&trees[i]);
        let mut j = i + 1;
        while j < trees.len() && !trees[i].children.is_empty() && signature(&trees[j]) == sig {
            j += 1;
        }
        if j - i >= RUN_MIN {
            for t in &trees[i..i + RUN_KEEP] {
                render_tree(w, t, depth);
            }
            let mut without_controls = 0;
            for t in &trees[i + RUN_KEEP..j] {
                let mut controls = Vec::new();
                interactive_descendants(t, &mut controls);
                if t.node.is_interactive() {
                    controls.insert(0, t.node);
                }
                if controls.is_empty() {
                    without_controls += 1;
                    continue;
                }
                // Compact lines drop the offscreen mark: a run this long is mostly off screen anyway.
                let compact = |n: &Node| element_line(n).trim_end_matches(" (offscreen)").to_string();
                let parts: Vec<String> = controls.iter().map(|n| compact(n)).collect();
                let head = if t.node.is_interactive() { String::new() } else { format!("{}: ", compact(t.node)) };
                w.line(depth, &format!("{head}{}", parts.join(" · ")));
            }
            let role = trees[i].node.role.as_deref().unwrap_or("element");
            let first = trees[i].node.r#ref.map(|r| format!(" [ref_{r}]")).unwrap_or_default();
            w.line(
                depth,
                &format!(
                    "({} more {role} elements like{first} shown by their controls only{}; read one by its ref for its text)",
                    j - i - RUN_KEEP,
                    if without_controls > 0 { format!(", {without_controls} without controls omitted") } else { String::new() }
                ),
            );
            i = j;
        } else {
            render_tree(w, &trees[i], depth);
            i += 1;
        }
    }
}

/// Wrappers that say nothing of their own: an unnamed cell or list item around one child.
fn is_transparent(tree: &Tree) -> bool {
    let n = tree.node;
    tree.children.len() == 1
        && !n.is_interactive()
        && n.name.as_deref().is_none_or(str::is_empty)
        && n.t.is_none()
        && n.s.is_empty()
        && matches!(n.role.as_deref(), Some("cell" | "gridcell" | "listitem" | "group" | "generic"))
}

fn render_tree(w: &mut Writer, tree: &Tree, depth: usize) {
    if is_transparent(tree) {
        render_level(w, &tree.children, depth);
        return;
    }
    // An element whose content opens with its own text reads it on its line:
    // `paragraph [ref_4]: "…"`, then the rest of its content under it.
    if let Some(first) = tree.children.first() {
        let own = first.node.r#ref == tree.node.r#ref || tree.children.len() == 1;
        if let (Some(text), None, None, true) = (&first.node.text, &tree.node.text, &tree.node.t, own) {
            // A field whose value is that text (a plain editable box), or an element named by it
            // (a heading beside its hidden anchor link), says it once.
            if (says_again(tree.node.s.get("value").and_then(serde_json::Value::as_str), text) || says_again(tree.node.name.as_deref(), text)) && first.children.is_empty() {
                w.line(depth, &node_line(tree.node));
                render_level(w, &tree.children[1..], depth + 1);
                return;
            }
            if tree.node.more.is_none() && tree.node.frame.is_none() {
                w.line(depth, &format!("{}: {}", element_line(tree.node), quote(text)));
                render_level(w, &first.children, depth + 1);
                render_level(w, &tree.children[1..], depth + 1);
                return;
            }
        }
    }
    w.line(depth, &node_line(tree.node));
    render_level(w, &tree.children, depth + 1);
}

/// Renders collected nodes as read_page text, at most `cap` characters.
pub fn render(nodes: &[Node], cap: usize) -> Rendered {
    let trees = build(nodes);
    let mut w = Writer { out: String::new(), cut: false, dropped: 0, cap };
    render_level(&mut w, &trees, 0);
    if w.out.ends_with('\n') {
        w.out.pop();
    }
    Rendered { text: w.out, cut: w.cut, dropped: w.dropped }
}

/// The largest containers, to suggest as narrower reads when the cap cuts the output.
pub fn suggest_containers(nodes: &[Node]) -> Vec<String> {
    let trees = build(nodes);
    fn size(t: &Tree) -> usize {
        1 + t.children.iter().map(size).sum::<usize>()
    }
    let mut found: Vec<(usize, String)> = Vec::new();
    fn walk(t: &Tree, found: &mut Vec<(usize, String)>) {
        if let (Some(r), Some(role)) = (t.node.r#ref, t.node.role.as_deref()) {
            if matches!(role, "main" | "navigation" | "region" | "form" | "table" | "list" | "article" | "complementary" | "banner" | "contentinfo" | "dialog" | "group") {
                let name = t.node.name.as_deref().filter(|n| !n.is_empty()).map(|n| format!(" {}", quote(n))).unwrap_or_default();
                found.push((size(t), format!("ref_{r} ({role}{name})")));
            }
        }
        for c in &t.children {
            walk(c, found);
        }
    }
    for t in &trees {
        walk(t, &mut found);
    }
    found.sort_by_key(|b| std::cmp::Reverse(b.0));
    found.into_iter().take(4).map(|(_, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn el(d: usize, r: u64, role: &str, name: &str) -> Node {
        Node { d, r#ref: Some(r), role: Some(role.into()), name: Some(name.into()), ..Default::default() }
    }

    fn control(d: usize, r: u64, role: &str, name: &str) -> Node {
        Node { i: Some(1), ..el(d, r, role, name) }
    }

    #[test]
    fn lines_show_role_name_ref_and_state() {
        let mut n = control(0, 3, "checkbox", "Subscribe \"now\"");
        n.s.insert("checked".into(), json!("true"));
        n.s.insert("required".into(), json!(true));
        assert_eq!(element_line(&n), r#"checkbox "Subscribe \"now\"" [ref_3] checked required"#);
        let mut h = el(0, 1, "heading", "Title");
        h.s.insert("level".into(), json!(2));
        assert_eq!(element_line(&h), r#"heading "Title" [ref_1] level=2"#);
        let mut l = control(0, 2, "link", "Docs");
        l.s.insert("href".into(), json!("/docs"));
        assert_eq!(element_line(&l), r#"link "Docs" [ref_2] → /docs"#);
        l.s.insert("href".into(), json!("/a b"));
        assert_eq!(element_line(&l), r#"link "Docs" [ref_2] → "/a b""#);
        let mut off = control(0, 4, "checkbox", "Off");
        off.s.insert("checked".into(), json!("false"));
        assert_eq!(element_line(&off), r#"checkbox "Off" [ref_4]"#);
    }

    #[test]
    fn an_elements_text_that_only_repeats_its_name_is_left_out() {
        let mut h = el(0, 5, "heading", "Examples");
        h.t = Some("Examples".into());
        assert_eq!(node_line(&h), r#"heading "Examples" [ref_5]"#);
        h.t = Some("§ Examples".into());
        assert_eq!(node_line(&h), r#"heading "Examples" [ref_5]: "§ Examples""#);
        // Its own text read first, as when a hidden anchor link stands before it.
        h.t = None;
        let own = Node { d: 1, text: Some("Examples".into()), r#ref: Some(5), ..Default::default() };
        assert_eq!(render(&[h.clone(), own], READ_CAP).text, r#"heading "Examples" [ref_5]"#);
        let more = Node { d: 1, text: Some("Examples of use".into()), r#ref: Some(5), ..Default::default() };
        assert_eq!(render(&[h, more], READ_CAP).text, r#"heading "Examples" [ref_5]: "Examples of use""#);
    }

    #[test]
    fn an_editable_box_whose_value_is_its_text_says_it_once() {
        let mut notes = control(0, 2, "textbox", "Notes");
        notes.s.insert("value".into(), json!("Old text"));
        let own = Node { d: 1, text: Some("Old text".into()), r#ref: Some(2), ..Default::default() };
        assert_eq!(render(&[notes.clone(), own], READ_CAP).text, r#"textbox "Notes" [ref_2] value="Old text""#);
        // Text that is not its value is read after its line, as any element's.
        let other = Node { d: 1, text: Some("Draft".into()), r#ref: Some(2), ..Default::default() };
        assert_eq!(render(&[notes, other], READ_CAP).text, r#"textbox "Notes" [ref_2] value="Old text": "Draft""#);
    }

    #[test]
    fn a_values_line_breaks_are_said_as_escapes_on_its_one_line() {
        let mut notes = control(0, 2, "textbox", "Notes");
        notes.s.insert("value".into(), json!("Line one\nLine  \"two\"\n\u{202e}C:\\x"));
        assert_eq!(element_line(&notes), r#"textbox "Notes" [ref_2] value="Line one\nLine \"two\"\nC:\\x""#);
        assert_eq!(render(&[notes], READ_CAP).text.lines().count(), 1);
    }

    #[test]
    fn words_out_of_view_say_so_as_elements_do() {
        let words = Node { d: 0, text: Some("Offers end soon.".into()), r#ref: Some(4), off: Some(1), ..Default::default() };
        assert_eq!(node_line(&words), r#"text "Offers end soon." [ref_4] (offscreen)"#);
    }

    #[test]
    fn indentation_follows_depth() {
        let nodes = vec![el(0, 1, "navigation", "Main"), control(1, 2, "link", "Home"), Node { d: 1, text: Some("hi".into()), r#ref: Some(1), ..Default::default() }, el(0, 3, "main", "")];
        assert_eq!(render(&nodes, READ_CAP).text, "navigation \"Main\" [ref_1]\n  link \"Home\" [ref_2]\n  text \"hi\" [ref_1]\nmain [ref_3]");
    }

    #[test]
    fn long_runs_collapse_but_keep_controls() {
        let mut nodes = vec![el(0, 1, "table", "")];
        let mut r = 2;
        for i in 0..30 {
            nodes.push(el(1, r, "row", ""));
            nodes.push(el(2, r + 1, "cell", &format!("Item {i} description")));
            nodes.push(control(2, r + 2, "button", &format!("Buy {i}")));
            r += 3;
        }
        let out = render(&nodes, READ_CAP).text;
        assert!(out.contains("cell \"Item 0 description\""));
        assert!(!out.contains("Item 20 description"), "text of collapsed rows is omitted");
        for i in 0..30 {
            assert!(out.contains(&format!("button \"Buy {i}\"")), "control {i} kept:\n{out}");
        }
        assert!(out.contains("(25 more row elements like [ref_2]"), "{out}");
    }

    #[test]
    fn running_text_lists_its_parts_and_every_line_has_a_ref() {
        let mut p = el(0, 4, "paragraph", "");
        p.t = Some("Read the rules first.".into());
        let mut rules = control(1, 5, "generic", "rules");
        rules.s.insert("clickable".into(), json!(true));
        let text = Node { d: 0, text: Some("A note".into()), r#ref: Some(6), ..Default::default() };
        let more = Node { d: 0, more: Some(7), ..Default::default() };
        let frame = Node { d: 0, frame: Some(8), ..Default::default() };
        let out = render(&[p, rules, text, more, frame], READ_CAP).text;
        assert_eq!(
            out,
            "paragraph [ref_4]: \"Read the rules first.\"\n  generic \"rules\" [ref_5] clickable\ntext \"A note\" [ref_6]\n… more inside [ref_7]: read_page with this ref to see it\nframe content [ref_8] is not readable here: use screenshot and coordinates"
        );
        assert!(out.lines().all(|l| l.contains("[ref_")), "{out}");
    }

    #[test]
    fn a_control_shown_on_hover_says_so_after_its_kind_of_click() {
        let mut rename = control(0, 3, "button", "Rename");
        rename.s.insert("hover".into(), json!(true));
        let mut open = control(0, 4, "generic", "Open");
        open.s.insert("hover".into(), json!(true));
        open.s.insert("clickable".into(), json!(true));
        let out = render(&[rename, open], READ_CAP).text;
        assert_eq!(out, "button \"Rename\" [ref_3] shown on hover\ngeneric \"Open\" [ref_4] clickable shown on hover");
    }

    #[test]
    fn the_cap_cuts_at_a_line() {
        let nodes: Vec<Node> = (0..100).map(|i| Node { d: 0, text: Some(format!("paragraph {i} {}", "x".repeat(50))), ..Default::default() }).collect();
        let r = render(&nodes, 1000);
        assert!(r.cut && r.text.len() <= 1000 && r.dropped > 0);
        assert!(r.text.lines().all(|l| l.starts_with("text \"paragraph")));
    }

    #[test]
    fn the_note_names_the_viewport_side_and_the_panes_that_hold_more() {
        let pane = |r, role: Option<&str>, name: &str| Scroller { r#ref: r, role: role.map(String::from), name: name.into() };
        assert_eq!(Beyond::default().note(), None);
        let below = Beyond { below: true, ..Beyond::default() };
        assert_eq!(below.note().as_deref(), Some("[More below the viewport: scroll, or read_page filter \"all\".]"));
        let panes = Beyond { inside: vec![pane(3, Some("navigation"), "Queues"), pane(9, None, "")], ..Beyond::default() };
        assert_eq!(
            panes.note().as_deref(),
            Some("[More inside navigation \"Queues\" [ref_3] and the scrolling area [ref_9]: scroll, or read_page filter \"all\".]")
        );
        let both = Beyond { above: true, below: true, inside: vec![pane(4, Some("main"), "")], ..Beyond::default() };
        assert_eq!(both.note().as_deref(), Some("[More above and below the viewport, and inside main [ref_4]: scroll, or read_page filter \"all\".]"));
        let left = Beyond { left: true, ..Beyond::default() };
        assert_eq!(left.note().as_deref(), Some("[More to the left of the viewport: scroll, or read_page filter \"all\".]"));
        let corner = Beyond { below: true, right: true, ..Beyond::default() };
        assert_eq!(corner.note().as_deref(), Some("[More below and to the right of the viewport: scroll, or read_page filter \"all\".]"));
    }
}
