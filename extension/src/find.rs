//! `find`: ranks a page's elements against a description such as "search bar", "add to cart
//! button" or "the second Delete link", with a local matcher and no model call.

use crate::snapshot::{build, element_line, node_line, quote, Node, Tree};

/// The most matches `find` returns.
pub const MAX_MATCHES: usize = 20;

/// Words that name a kind of element, and the roles they mean.
const ROLE_WORDS: &[(&str, &[&str])] = &[
    ("button", &["button"]),
    ("btn", &["button"]),
    ("link", &["link"]),
    ("hyperlink", &["link"]),
    ("checkbox", &["checkbox", "switch", "menuitemcheckbox"]),
    ("tickbox", &["checkbox"]),
    ("radio", &["radio", "menuitemradio"]),
    ("toggle", &["switch", "checkbox", "button"]),
    ("switch", &["switch", "checkbox"]),
    ("dropdown", &["combobox", "listbox", "button"]),
    ("select", &["combobox", "listbox"]),
    ("combobox", &["combobox"]),
    ("picker", &["combobox", "listbox", "textbox"]),
    ("listbox", &["listbox"]),
    ("option", &["option", "radio", "menuitem"]),
    ("field", &["textbox", "searchbox", "combobox", "spinbutton"]),
    ("input", &["textbox", "searchbox", "combobox", "spinbutton", "checkbox", "radio", "slider"]),
    ("textbox", &["textbox", "searchbox"]),
    ("textarea", &["textbox"]),
    ("box", &["textbox", "searchbox", "combobox", "checkbox"]),
    ("bar", &["searchbox", "textbox", "combobox", "navigation", "progressbar", "toolbar"]),
    ("editor", &["textbox"]),
    ("heading", &["heading"]),
    ("header", &["heading", "banner"]),
    ("title", &["heading"]),
    ("headline", &["heading"]),
    ("image", &["img"]),
    ("picture", &["img"]),
    ("photo", &["img"]),
    ("logo", &["img", "link"]),
    ("icon", &["img", "button"]),
    ("slider", &["slider"]),
    ("range", &["slider"]),
    ("tab", &["tab"]),
    ("menu", &["menu", "menubar", "navigation", "button"]),
    ("navigation", &["navigation"]),
    ("nav", &["navigation"]),
    ("table", &["table", "grid"]),
    ("grid", &["grid", "table", "treegrid"]),
    ("column", &["columnheader"]),
    ("row", &["row"]),
    ("cell", &["cell"]),
    ("dialog", &["dialog", "alertdialog"]),
    ("modal", &["dialog", "alertdialog"]),
    ("form", &["form"]),
    ("list", &["list", "listbox"]),
    ("item", &["listitem", "menuitem", "option", "row"]),
    ("suggestion", &["option", "listitem", "menuitem"]),
    ("choice", &["option", "radio", "menuitem"]),
    ("entry", &["listitem", "row", "option"]),
    ("arrow", &["button", "link"]),
    ("tooltip", &["tooltip"]),
    ("alert", &["alert", "alertdialog"]),
    ("toast", &["status", "alert"]),
    ("notification", &["status", "alert"]),
    ("status", &["status", "alert"]),
    ("paragraph", &["paragraph"]),
    ("text", &["paragraph", "textbox"]),
    ("footer", &["contentinfo"]),
    ("sidebar", &["complementary"]),
    ("canvas", &["canvas"]),
    ("frame", &["iframe"]),
    ("iframe", &["iframe"]),
];

/// Words that mean something about the query, not the element.
const STOP_WORDS: &[&str] = &["the", "a", "an", "to", "for", "of", "on", "in", "with", "that", "this", "which", "and", "or", "element", "control", "thing", "one", "called", "named", "labeled", "labelled", "says", "saying", "near", "at", "page", "area", "section", "click", "press", "where", "i", "can", "my", "your", "it", "pick", "choose", "from", "under", "inside", "within", "do", "is", "s"];

const ORDINALS: &[(&str, isize)] = &[
    ("first", 1), ("1st", 1), ("second", 2), ("2nd", 2), ("third", 3), ("3rd", 3), ("fourth", 4), ("4th", 4),
    ("fifth", 5), ("5th", 5), ("sixth", 6), ("6th", 6), ("seventh", 7), ("7th", 7), ("eighth", 8), ("8th", 8),
    ("ninth", 9), ("9th", 9), ("tenth", 10), ("10th", 10), ("last", -1),
];

/// Synonyms that widen a content word.
const SYNONYMS: &[(&str, &[&str])] = &[
    ("search", &["find", "query", "lookup", "magnifier", "magnifying"]),
    ("email", &["e-mail", "mail"]),
    ("login", &["log", "sign", "signin"]),
    ("signin", &["sign", "log", "login"]),
    ("cart", &["basket", "bag"]),
    ("basket", &["cart"]),
    ("delete", &["remove", "trash", "bin", "×"]),
    ("remove", &["delete", "trash", "bin", "×"]),
    // The words of icons that stand for what a wordless control does.
    ("edit", &["pencil", "pen"]),
    ("settings", &["gear", "cog", "preferences"]),
    ("like", &["heart", "thumbs"]),
    ("favorite", &["star", "heart"]),
    ("favourite", &["star", "heart"]),
    ("add", &["plus"]),
    // A stepper's two buttons, and a voice search's.
    ("plus", &["add", "increase", "increment", "more"]),
    ("increase", &["plus", "add", "increment", "more"]),
    ("minus", &["decrease", "decrement", "subtract", "reduce", "less"]),
    ("decrease", &["minus", "decrement", "subtract", "reduce", "less"]),
    ("microphone", &["voice", "mic", "speech", "dictate", "dictation"]),
    ("mic", &["voice", "microphone", "speech", "dictate", "dictation"]),
    ("submit", &["send", "save", "continue"]),
    // An icon asked for by what it draws.
    ("trash", &["delete", "remove", "bin"]),
    ("bin", &["delete", "remove", "trash"]),
    ("pencil", &["edit", "pen"]),
    ("gear", &["settings", "cog", "preferences"]),
    ("cog", &["settings", "gear", "preferences"]),
    ("heart", &["like", "favorite", "favourite"]),
    ("star", &["favorite", "favourite"]),
    ("magnifier", &["search"]),
    ("xmark", &["close", "dismiss"]),
    ("close", &["dismiss", "×", "x", "xmark", "times"]),
    ("dismiss", &["close", "×", "x", "xmark"]),
    ("next", &["forward", "continue"]),
    ("previous", &["back", "prev"]),
    ("phone", &["telephone", "tel", "mobile"]),
    ("password", &["pass", "passcode"]),
    ("username", &["user", "login"]),
    ("menu", &["hamburger", "navigation", "bars", "burger"]),
    ("sidebar", &["contents", "navigation", "menu"]),
    // The two ends of a range (a price filter's "Min"/"Max" fields, a slider's handles).
    ("maximum", &["max", "highest", "upper"]),
    ("max", &["maximum", "highest", "upper"]),
    ("highest", &["maximum", "max", "upper"]),
    ("minimum", &["min", "lowest", "lower"]),
    ("min", &["minimum", "lowest", "lower"]),
    ("lowest", &["minimum", "min", "lower"]),
    ("cheapest", &["lowest", "minimum", "min"]),
];

/// The words of `text`, in lowercase. Chinese and Japanese, written without spaces, count each
/// character as a word ("検索" is found in "検索する"), and full-width letters and digits are
/// the plain ones ("ＡＢＣ" is "abc").
fn words(text: &str) -> Vec<String> {
    let mut spaced = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{FF01}'..='\u{FF5E}' => spaced.extend(char::from_u32(c as u32 - 0xFEE0)),
            '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF66}'..='\u{FF9F}' | '\u{20000}'..='\u{2FFFF}' => {
                spaced.push(' ');
                spaced.push(c);
                spaced.push(' ');
            }
            c => spaced.push(c),
        }
    }
    tabwright_protocol::sanitize::lowercase(&spaced)
        .split(|c: char| !c.is_alphanumeric() && c != '×')
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// A parsed description.
#[derive(Debug, Default)]
pub struct Query {
    /// "main"/"top"/"primary" with a heading: the first-level one.
    pub main: bool,
    pub content: Vec<String>,
    pub roles: Vec<&'static str>,
    pub ordinal: Option<isize>,
    pub phrase: String,
    /// The description asks to act ("apply the discount code", "remove apples"): what is found
    /// is something to act on rather than text that mentions it.
    pub acts: bool,
    /// The words that named roles ("button", "list"): one the element's own name says was a word
    /// of its name ("List pets operation"), not the kind of element asked for.
    pub role_words: Vec<String>,
}

/// Words that ask to act on what they describe.
const ACTION_WORDS: &[&str] = &["click", "press", "tap", "apply", "remove", "delete", "add", "open", "close", "toggle", "submit", "select", "choose", "pick", "expand", "collapse", "buy", "dismiss"];

fn is_action(word: &str) -> bool {
    ACTION_WORDS.contains(&word)
}

/// The number in "15th", "1st", "22nd", "3rd".
fn numbered(word: &str) -> Option<String> {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let suffix = &word[digits.len()..];
    (!digits.is_empty() && matches!(suffix, "st" | "nd" | "rd" | "th")).then_some(digits)
}

pub fn parse(query: &str) -> Query {
    let said = words(query);
    let mut q = Query { phrase: said.join(" "), ..Default::default() };
    // A kind of element misspelt ("buton", "feild", "chekbox") is that kind.
    let ws: Vec<String> = said
        .into_iter()
        .map(|w| match ROLE_WORDS.iter().find(|(r, _)| one_slip(&w, r)) {
            Some((r, _)) if !ROLE_WORDS.iter().any(|(k, _)| *k == w) && !STOP_WORDS.contains(&w.as_str()) => r.to_string(),
            _ => w,
        })
        .collect();
    q.acts = ws.iter().any(|w| is_action(w));
    // A role word before another ("menu button", "link item") narrows it: its roles come after.
    let mut modifiers: Vec<&'static str> = Vec::new();
    for (i, w) in ws.iter().enumerate() {
        // "column header": a column's header cell, not a page header.
        if w == "header" && i > 0 && ws[i - 1] == "column" {
            continue;
        }
        if let Some((_, n)) = ORDINALS.iter().find(|(o, _)| o == w) {
            q.ordinal = Some(*n);
            continue;
        }
        if let Some(n) = numbered(w).and_then(|d| d.parse::<isize>().ok()) {
            q.ordinal = Some(n);
            continue;
        }
        // "check box", "text field", "search bar", "drop down", "menu item": the second word names the kind.
        let next = ws.get(i + 1).map(String::as_str);
        if let Some((_, roles)) = ROLE_WORDS.iter().find(|(r, _)| r == w) {
            // A role word followed by another role word is a modifier ("menu button" → button).
            let next_roles = ROLE_WORDS.iter().find(|(r, _)| Some(*r) == next).map(|(_, rs)| *rs);
            let followed_by_role = next_roles.is_some() && !(w == "column" && next == Some("header"));
            // One that says the same kind of field ("text field", "input box", "toggle switch")
            // is no word of a name: its kinds of control come after the next word's ("select
            // box" may be a listbox).
            if next_roles.is_some_and(|rs| rs.iter().any(|r| roles.contains(r) && FIELD_ROLES.contains(r))) {
                modifiers.extend(roles.iter().copied().filter(|r| *r != "paragraph"));
                continue;
            }
            if followed_by_role && !matches!(w.as_str(), "search") {
                modifiers.extend(roles.iter().copied());
            }
            if !followed_by_role || matches!(w.as_str(), "search") {
                q.role_words.push(w.clone());
                for r in *roles {
                    if !q.roles.contains(r) {
                        q.roles.push(r);
                    }
                }
                // Some role words are also content ("title", "logo", "menu", "text"): keep them as weak content.
                // (A button may be named "Alert", a link "Tooltip".)
                if matches!(w.as_str(), "logo" | "menu" | "icon" | "title" | "header" | "footer" | "sidebar" | "text" | "item" | "tab" | "list" | "alert" | "toast" | "notification" | "status" | "tooltip") {
                    q.content.push(w.clone());
                }
                continue;
            }
        }
        if STOP_WORDS.contains(&w.as_str()) {
            continue;
        }
        q.content.push(w.clone());
    }
    for r in modifiers {
        if !q.roles.contains(&r) {
            q.roles.push(r);
        }
    }
    // "the 15th", "the 3rd" with nothing else: a day or a number, not a position.
    if q.content.is_empty() && q.roles.is_empty() {
        if let Some(number) = ws.iter().find_map(|w| numbered(w)) {
            q.ordinal = None;
            q.content.push(number);
        }
    }
    // A description made only of small words ("Press", "Go to") is itself the name.
    if q.content.is_empty() && q.roles.is_empty() {
        q.content = ws.iter().filter(|w| !ORDINALS.iter().any(|(o, _)| o == *w)).cloned().collect();
    }
    // "page title", "the page's heading" ("page" is a stop word otherwise): when a heading is
    // all the description asks for.
    let of_the_page = q.roles.iter().all(|r| *r == "heading") && ws.iter().any(|w| w == "page");
    if q.roles.contains(&"heading") && (of_the_page || q.content.iter().any(|w| matches!(w.as_str(), "main" | "top" | "primary" | "page"))) {
        q.main = true;
        q.content.retain(|w| !matches!(w.as_str(), "main" | "top" | "primary" | "page" | "title" | "header"));
    }
    if q.content.iter().any(|w| w == "search") && q.roles.is_empty() {
        q.roles.extend(["searchbox", "textbox", "combobox"]);
    }
    q
}

/// One candidate with everything it can be matched on.
struct Candidate<'a> {
    node: &'a Node,
    /// Words of the element's own name.
    name: Vec<String>,
    /// Words of placeholder, value and href, and of the text around the element.
    near: Vec<String>,
    /// Words of the element's neighbours and ancestors.
    far: Vec<String>,
    href: String,
    level: Option<u64>,
    order: usize,
    /// The candidates this one's line lists under it that a person can act on (the links and
    /// clickable spans of a paragraph), by `order`.
    parts: Vec<usize>,
}

/// Running text: a text line, or an element's own text with its parts under it.
fn is_running_text(c: &Candidate) -> bool {
    !c.node.is_interactive() && (c.node.text.is_some() || c.node.t.is_some())
}

/// The most words a heading or a label before a control without a name may have to stand for
/// its name: more is a sentence, not a label.
const LABEL_WORDS: usize = 5;

/// `before`: the words just before this level (a heading or a label that precedes the element
/// these trees are in), which name a control that has no name of its own.
fn collect<'a>(trees: &[Tree<'a>], context: &[String], around: Option<&str>, before: Option<&str>, out: &mut Vec<Candidate<'a>>) {
    // Each element's neighbours (two each side) and ancestors are its wider context.
    let level: Vec<Option<String>> = trees.iter().map(|t| t.node.text.clone().or_else(|| t.node.name.clone())).collect();
    // What a person reads just before each element: the text or heading before it (the last
    // words of the element before it), or, for the first of its level, what stands before its
    // container. A control with a name between them names nothing; one without goes by the
    // same words (a range's two handles).
    let mut prev = before;
    for (i, t) in trees.iter().enumerate() {
        if let Some(p) = i.checked_sub(1).map(|j| &trees[j]) {
            if !p.node.is_interactive() {
                // (A box of no words of its own, as an editor's toolbar is, leaves the words
                // before it standing.)
                prev = last_words(p).or(prev);
            } else if p.node.name.as_deref().is_some_and(|n| !n.is_empty()) {
                prev = None;
            }
        }
        // Elements, and text by the element that holds it: a text container is found by what it says.
        if t.node.r#ref.is_some() && (t.node.role.is_some() || t.node.text.is_some()) {
            // A control with no name (or one of symbols only, like "🗑") goes by its
            // description (`aria-describedby`, a title).
            // The icon it shows stands for words when it has none ("trash", "pencil-square").
            let described = t.node.s.get("description").or_else(|| t.node.s.get("icon")).and_then(|v| v.as_str());
            let name = match (t.node.name.as_deref().map(words).filter(|w| !w.is_empty()), described) {
                (Some(w), _) => w,
                (None, Some(d)) => words(d),
                (None, None) => own_words(t),
            };
            // A control with no words at all (a slider's handles, a bare field under a heading)
            // goes by the heading or label a person reads just before it, as its name.
            let name = match prev.map(words) {
                Some(label) if name.is_empty() && t.node.is_interactive() && !label.is_empty() && label.len() <= LABEL_WORDS => label,
                _ => name,
            };
            let mut near = Vec::new();
            // (A named control's icon: the name above stands for a wordless one's.)
            let named = t.node.name.as_deref().is_some_and(|n| !words(n).is_empty());
            for key in ["placeholder", "value", "href", "icon"].into_iter().filter(|k| named || *k != "icon") {
                if let Some(v) = t.node.s.get(key).and_then(|v| v.as_str()) {
                    near.extend(words(v));
                }
            }
            if let Some(c) = &t.node.c {
                near.extend(words(c));
            }
            let mut far: Vec<String> = context.iter().flat_map(|c| words(c)).collect();
            // A part of running text (a link or clickable span in a paragraph) stands in the
            // sentence around it.
            if let Some(a) = around {
                far.extend(words(a));
            }
            for neighbour in level.iter().take(i + 3).skip(i.saturating_sub(2)).flatten() {
                far.extend(words(neighbour));
            }
            let href = t.node.s.get("href").and_then(|v| v.as_str()).unwrap_or_default().to_string();
            let level = t.node.s.get("level").and_then(|v| v.as_u64());
            let order = out.len();
            out.push(Candidate { node: t.node, name, near, far, href, level, order, parts: Vec::new() });
        }
        let own = out.last().filter(|c| std::ptr::eq(c.node, t.node)).map(|c| c.order);
        let start = out.len();
        let mut inner = context.to_vec();
        if let Some(n) = t.node.name.as_deref().filter(|n| !n.is_empty()) {
            inner.push(n.to_string());
        }
        // Only the nearest few context strings matter.
        if inner.len() > 4 {
            inner.drain(..inner.len() - 4);
        }
        let named = t.node.name.as_deref().filter(|n| !n.is_empty()).or(prev);
        collect(&t.children, &inner, t.node.t.as_deref().or(t.node.text.as_deref()), named, out);
        if let Some(i) = own {
            out[i].parts = (start..out.len()).filter(|&j| out[j].node.d == t.node.d + 1 && out[j].node.is_interactive()).collect();
        }
    }
}

/// The last words an element shows: its own text, or its last child's (a heading in a header).
fn last_words<'a>(tree: &'a Tree) -> Option<&'a str> {
    let own = tree.node.text.as_deref().or(tree.node.name.as_deref()).filter(|n| !n.is_empty());
    own.or_else(|| tree.children.last().filter(|c| !c.node.is_interactive()).and_then(|c| last_words(c)))
}

/// The words of a text line or running text that are its own: the parts listed under it (a
/// link, a clickable span) are candidates of their own and are not counted twice.
fn own_words(tree: &Tree) -> Vec<String> {
    let mut own = words(tree.node.text.as_deref().or(tree.node.t.as_deref()).unwrap_or_default());
    for child in &tree.children {
        for w in words(child.node.name.as_deref().unwrap_or_default()) {
            if let Some(i) = own.iter().position(|o| *o == w) {
                own.remove(i);
            }
        }
    }
    own
}

fn matches_word(word: &str, candidates: &[String]) -> f64 {
    if candidates.iter().any(|c| c == word) {
        return 1.0;
    }
    if let Some((_, syns)) = SYNONYMS.iter().find(|(w, _)| *w == word) {
        if candidates.iter().any(|c| syns.contains(&c.as_str())) {
            return 0.8;
        }
    }
    // Plurals and other endings: "cart" ~ "carts", "close" ~ "closing", "apply" ~ "applies"
    // (never "apply" ~ "apples", nor "card" ~ "cart").
    // One word written as two: "login" ~ "Log in", "checkout" ~ "Check out" (never by a
    // letter: "cart" is not "Car T").
    let halves = |p: &[String]| p.iter().all(|h| h.chars().count() >= 2) && word.len() == p[0].len() + p[1].len() && word.starts_with(p[0].as_str()) && word.ends_with(p[1].as_str());
    if candidates.windows(2).any(halves) {
        return 0.9;
    }
    if candidates.iter().any(|c| if c.len() < word.len() { inflected(c, word) } else { inflected(word, c) }) {
        return 0.7;
    }
    // A word written closed up with an interface word: "search" ~ "Searchbar".
    if candidates.iter().any(|c| closed_up(word, c)) {
        return 0.7;
    }
    // "results count", "number of items": words that say a number.
    if COUNT_WORDS.contains(&word) && candidates.iter().any(|c| c.chars().next().is_some_and(|ch| ch.is_ascii_digit())) {
        return 0.6;
    }
    // A slip of the keyboard: "serch" for "Search", "adress" for "Address".
    if candidates.iter().any(|c| one_slip(word, c)) {
        return 0.5;
    }
    0.0
}

/// Words that ask for a number: "results count", "the number of items", "how many".
const COUNT_WORDS: &[&str] = &["count", "number", "many"];

/// Whether `typed` is `meant` (five letters or more) with one slip of the keyboard: a letter
/// left out inside the word, or two letters side by side swapped ("serch" for "search", "adress"
/// for "address", "feild" for "field"). Never a letter changed or added, nor a slip at either end
/// ("model" is not "modal", "remove" not "remote", "slide" not "slider"), nor a word with digits
/// (a number one off is another number).
fn one_slip(typed: &str, meant: &str) -> bool {
    if typed.len() + 1 < meant.len() || typed.len() > meant.len() || typed == meant {
        return false;
    }
    if typed.is_ascii() && meant.is_ascii() {
        slipped(typed.as_bytes(), meant.as_bytes(), |c| c.is_ascii_alphabetic())
    } else {
        let (t, m): (Vec<char>, Vec<char>) = (typed.chars().collect(), meant.chars().collect());
        slipped(&t, &m, |c| c.is_alphabetic())
    }
}

fn slipped<T: PartialEq + Copy>(t: &[T], m: &[T], letter: impl Fn(&T) -> bool) -> bool {
    if m.len() < 5 || !t.iter().chain(m).all(&letter) {
        return false;
    }
    let same = t.iter().zip(m).take_while(|(x, y)| x == y).count();
    if same == 0 {
        return false;
    }
    if t.len() + 1 == m.len() {
        // The letter left out is inside the word: neither its first nor its last.
        same < m.len() - 1 && t[same..] == m[same + 1..]
    } else {
        t.len() == m.len() && same + 1 < t.len() && t[same] == m[same + 1] && t[same + 1] == m[same] && t[same + 2..] == m[same + 2..]
    }
}

/// The interface words that names write closed up after another: "searchbar", "searchbox",
/// "wishlist".
const CLOSED_UP: &[&str] = &["bar", "box", "field", "button", "btn", "icon", "menu", "panel", "input", "link", "list", "area", "tab", "toggle", "form"];

/// Whether `long` is `word` written closed up with an interface word after it: "search" in
/// "searchbar"; never a mere start ("car" and "cart", "list" and "listen"), nor the interface
/// word itself ("list" is not in "Finalist").
fn closed_up(word: &str, long: &str) -> bool {
    word.chars().count() >= 3 && long.strip_prefix(word).is_some_and(|rest| CLOSED_UP.contains(&rest))
}

/// How well a word of the description matches an element's own name: as [`matches_word`], and
/// "remove" or "delete" said as "take … off", "take … out" or "take … away" ("Take Apples off
/// the list").
fn name_match(word: &str, name: &[String]) -> f64 {
    let m = matches_word(word, name);
    let takes_away = || name.iter().enumerate().any(|(i, w)| w == "take" && name.iter().skip(i + 1).take(3).any(|n| matches!(n.as_str(), "off" | "out" | "away")));
    if m < 0.8 && matches!(word, "remove" | "delete") && takes_away() {
        0.8
    } else {
        m
    }
}

/// Whether `long` is `short` with a regular English ending: "cart" → "carts", "search" →
/// "searching", "ship" → "shipping", "close" → "closing", "remove" → "removal", "apply" →
/// "applies" or "application", "subscribe" → "subscription", "sign" → "signup". Never a word
/// that merely starts the same ("cart" and "cartoon", "book" and "bookmark", "apply" and
/// "apples").
fn inflected(short: &str, long: &str) -> bool {
    if short.chars().count() < 4 {
        return false;
    }
    if let Some(rest) = long.strip_prefix(short) {
        let doubled = short.chars().next_back().is_some_and(|last| rest.starts_with(last) && matches!(&rest[last.len_utf8()..], "ed" | "ing" | "er" | "ers"));
        return doubled || matches!(rest, "s" | "es" | "ed" | "d" | "ing" | "er" | "ers" | "ment" | "ments" | "al" | "ion" | "ions" | "ation" | "ations" | "up" | "in" | "out");
    }
    let cut = |end: &str| short.strip_suffix(end).and_then(|stem| long.strip_prefix(stem));
    matches!(cut("e"), Some("ing" | "ed" | "er" | "ers" | "ion" | "ions" | "ation" | "ations" | "al" | "or" | "ors"))
        || matches!(cut("y"), Some("ies" | "ied" | "ier" | "ication" | "ications"))
        || matches!(cut("be"), Some("ption" | "ptions"))
}

/// Roles a clickable element without a widget role can stand for.
const CONTROL_ROLES: &[&str] = &["button", "link", "menuitem", "option", "listitem", "tab", "switch", "checkbox", "radio", "treeitem"];

/// A clickable element with no widget role of its own (`generic … clickable`, a clickable cell).
fn acts_as_control(node: &Node) -> bool {
    node.s.contains_key("clickable")
}

/// Whether the element's own name holds every content word of the description.
fn names_all(q: &Query, c: &Candidate) -> bool {
    !q.content.is_empty() && q.content.iter().all(|w| name_match(w, &c.name) > 0.0)
}

/// Whether the element's own name holds any content word (or the description names none).
fn names_any(q: &Query, c: &Candidate) -> bool {
    q.content.is_empty() || q.content.iter().any(|w| name_match(w, &c.name) > 0.0)
}

fn score(q: &Query, c: &Candidate) -> f64 {
    let role = c.node.role.as_deref().unwrap_or(if c.node.text.is_some() { "text" } else { "" });
    let mut s = 0.0;
    if !q.content.is_empty() {
        // How each word of the description matches the element's own name and the text near it.
        let by_name: Vec<f64> = q.content.iter().map(|w| name_match(w, &c.name)).collect();
        let by_near: Vec<f64> = q.content.iter().map(|w| matches_word(w, &c.near)).collect();
        let in_names: f64 = by_name.iter().sum();
        let mut hit: f64 = 0.0;
        for (i, w) in q.content.iter().enumerate() {
            let in_far = matches_word(w, &c.far) * 0.3;
            // A logo is the home link or an image in it.
            let logo = if w == "logo" && (c.href == "/" || role == "img") { 0.8 } else { 0.0 };
            hit += by_name[i].max(by_near[i] * 0.55).max(in_far).max(logo);
        }
        // A description made of role words alone ("the list", "the menu") asks for the kind.
        let kind_only = q.content.iter().all(|w| q.role_words.contains(w)) && q.roles.contains(&role);
        if hit == 0.0 && !(q.main && q.content.is_empty()) && !kind_only {
            // Nothing the description says is on or near this element.
            return 0.0;
        }
        s += 3.0 * hit / q.content.len() as f64;
        let name_phrase = c.name.join(" ");
        let content_phrase = q.content.join(" ");
        if !name_phrase.is_empty() && name_phrase == content_phrase {
            s += 1.5;
        } else if !content_phrase.is_empty() && name_phrase.contains(&content_phrase) {
            s += 0.6;
        }
        // A name the description says more of is more specific: "the Backend tag" is the chip
        // named "Backend" rather than its "Remove Backend" button.
        if in_names > 0.0 && !c.name.is_empty() {
            let said = c.name.iter().filter(|n| q.content.iter().any(|w| matches_word(w, std::slice::from_ref(n)) > 0.0)).count();
            s += 0.3 * said as f64 / c.name.len() as f64;
        }
        // "the Remove button for Chloe Park": a control its own name picks out, and the text
        // around it places.
        if c.node.is_interactive() && in_names > 0.0 && in_names < q.content.len() as f64 {
            // What it does is in its own name; only what it acts on may be beside it ("remove
            // apples" is the item's remove button, not the item next to one).
            // (A word its name says in other words counts; one it only shares a stem with does not.)
            let placed = q.content.iter().enumerate().all(|(i, w)| by_name[i] >= 0.8 || (!is_action(w) && by_name[i] == 0.0 && by_near[i] > 0.0));
            if placed {
                s += 0.8;
            }
        }
    }
    if !q.roles.is_empty() {
        if let Some(pos) = q.roles.iter().position(|r| *r == role) {
            s += 1.2 - 0.1 * pos as f64;
        } else if acts_as_control(c.node) && q.roles.iter().any(|r| CONTROL_ROLES.contains(r)) {
            // A clickable div or span is the button, link, item or option a person sees.
            s += 0.7;
        } else if q.content.is_empty() {
            return 0.0;
        } else if !(c.node.is_interactive() && q.role_words.iter().any(|w| name_match(w, &c.name) >= 0.8)) {
            // ("the checkbox for Emma Clark" is no cell that says "Emma Clark": a field or box
            // to tick asked for by its kind is not words.)
            let field_asked = q.roles.iter().any(|r| FIELD_ROLES.contains(r));
            s -= if field_asked && !c.node.is_interactive() { 1.6 } else { 0.8 };
        }
    }
    // A description of role words alone that is this element's name ("Editor", "Notes field"
    // is not) asks for it, not for any element of the kind.
    if q.content.is_empty() && !c.name.is_empty() && c.name == q.role_words {
        s += 1.5;
    }
    if c.node.is_interactive() {
        s += 0.25;
    }
    // "main heading", "top headline": the page's first-level heading.
    if q.main && role == "heading" {
        s += if c.level == Some(1) { 1.0 } else { -0.3 };
    }
    if c.node.s.contains_key("disabled") {
        s -= 0.1;
    }
    s
}

/// Ranks `nodes` against `query`; returns read_page lines of the best matches. Matches that
/// would read alike (three "Add to cart" buttons, one per product) say the words around each,
/// so Claude can tell which is which without reading the page.
pub fn find(nodes: &[Node], query: &str) -> Vec<String> {
    let found = rank(nodes, query);
    let alike = |n: &Node| found.iter().filter(|m| m.role == n.role && m.name == n.name && m.text == n.text).count() > 1;
    let near: Vec<Option<String>> = found.iter().map(|n| around(n, 80).filter(|_| alike(n))).collect();
    // (Words that several matches share, as buttons side by side do, tell none of them apart.)
    let telling = |w: &String| near.iter().filter(|m| m.as_ref() == Some(w)).count() == 1;
    let mut lines: Vec<String> = found
        .iter()
        .zip(&near)
        .map(|(n, words)| match words.as_ref().filter(|w| telling(w)) {
            Some(words) => format!("{} near {}", found_line(nodes, n), quote(words)),
            None => found_line(nodes, n),
        })
        .collect();
    // (An element and the words it holds, both matched, are one line.)
    let mut seen = std::collections::HashSet::new();
    lines.retain(|l| seen.insert(l.clone()));
    // A number asked for that no match says ("post 40" where the posts go up to 20): the nearest
    // are not it, and the answer says so first.
    // (Not a place in a list, "row 3", which the element need not say.)
    // (A line's own ref, "[ref_55]", says no number of the page's.)
    let says = |line: &str, number: &str| line.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == number);
    let words: Vec<String> = query.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_ascii_lowercase).collect();
    let missing: Vec<&String> = words
        .iter()
        .enumerate()
        .filter(|(i, w)| w.chars().all(|c| c.is_ascii_digit()) && !i.checked_sub(1).is_some_and(|p| PLACES.contains(&words[p].as_str())))
        .map(|(_, w)| w)
        .filter(|n| !lines.iter().any(|l| says(l, n)))
        .collect();
    match missing.first() {
        Some(number) if !lines.is_empty() => std::iter::once(format!("No element found shows the number {number}; the nearest matches follow.")).chain(lines).collect(),
        _ => lines,
    }
}

/// A match's line as read_page shows it: an element with one run of words under its own ref (a
/// status, a paragraph, a cell) reads as its line with those words, whether the element or the
/// words matched; not as a bare `text` line, nor as an element without them.
fn found_line(nodes: &[Node], n: &Node) -> String {
    let Some(r) = n.r#ref else { return node_line(n) };
    let held = || nodes.iter().filter(move |m| m.r#ref == Some(r));
    let owner = match n.text {
        Some(_) => held().find(|m| m.text.is_none() && m.role.is_some()),
        None => Some(n).filter(|n| n.role.is_some()),
    };
    let words: Vec<&String> = held().filter_map(|m| m.text.as_ref()).take(2).collect();
    match (owner, words.as_slice()) {
        (Some(o), [text]) if o.t.is_none() && o.name.as_deref().map(str::trim) != Some(text.trim()) => format!("{}: {}", element_line(o), quote(text)),
        (Some(o), [_]) if o.t.is_none() => element_line(o),
        _ => node_line(n),
    }
}

/// Words before a number that make it a place in a list ("row 3"), not words an element says.
const PLACES: &[&str] = &["row", "column", "col", "line", "item", "entry", "result", "option", "tab", "step", "number", "no", "card", "slide", "page"];

/// The roles of fields to fill and boxes to tick.
const FIELD_ROLES: &[&str] = &["textbox", "searchbox", "combobox", "spinbutton", "slider", "checkbox", "radio", "switch"];

/// For a read of the controls alone (filter `interactive`), which leaves out the words between
/// them: a field with no name (its label only words beside it, "Phone:" in the cell before it)
/// says the words around it. (Controls that read alike, a "Remove" on every row, are told apart
/// by `find`, which says where each is: saying it on every line would double such a read.)
pub fn tell_apart(nodes: &mut [Node]) {
    for n in nodes.iter_mut().filter(|n| n.is_interactive()) {
        // (A field with a value, options, a placeholder, a description or an icon to say what it
        // is says enough.)
        let field = n.role.as_deref().is_some_and(|r| FIELD_ROLES.contains(&r));
        let unnamed = n.name.as_deref().is_none_or(|name| !name.chars().any(char::is_alphanumeric));
        if field && unnamed && !["value", "options", "placeholder", "description", "icon"].iter().any(|k| n.s.contains_key(*k)) {
            n.near = around(n, 40);
        }
    }
}

/// The words around a control (its card's, row's or list item's text) without its own name.
fn around(node: &Node, max: usize) -> Option<String> {
    let all = node.c.as_deref()?;
    let name = node.name.as_deref().unwrap_or_default().trim();
    let rest = match all.find(name).filter(|_| !name.is_empty()) {
        Some(at) => format!("{} {}", &all[..at], &all[at + name.len()..]),
        None => all.to_string(),
    };
    let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    if !rest.chars().any(char::is_alphanumeric) {
        return None;
    }
    Some(match rest.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &rest[..cut]),
        None => rest,
    })
}

/// Whether a description asks for a result of a search or listing ("the first search result",
/// "top result", "the second result about Tokio"), rather than for something named "Results".
fn asks_for_a_result(q: &Query) -> bool {
    // "the number of results", "results count": the line that counts them.
    let counts = q.content.iter().any(|w| COUNT_WORDS.contains(&w.as_str()) || matches!(w.as_str(), "total" | "stats" | "statistics" | "found" | "summary"));
    !counts && q.content.iter().any(|w| is_result_word(w)) && q.roles.iter().all(|r| matches!(*r, "link" | "searchbox" | "textbox" | "combobox"))
}

fn is_result_word(w: &str) -> bool {
    w == "result" || w == "results"
}

/// The results a page lists: the links in its headings or holding them (a search page's
/// titles, `h3 > a` or `a > h3`),
/// outside its navigation, banner, search form, footer and side panels, in page order.
fn result_links(nodes: &[Node]) -> Vec<&Node> {
    let mut around: Vec<(usize, &str)> = Vec::new();
    let mut out = Vec::new();
    for n in nodes {
        while around.last().is_some_and(|(d, _)| *d >= n.d) {
            around.pop();
        }
        let role = n.role.as_deref().unwrap_or_default();
        let aside = around.iter().any(|(_, r)| matches!(*r, "navigation" | "banner" | "contentinfo" | "search" | "complementary" | "form" | "dialog"));
        if role == "link" && n.r#ref.is_some() && !aside && (n.h.is_some() || around.iter().any(|(_, r)| *r == "heading")) {
            out.push(n);
        }
        around.push((n.d, role));
    }
    out
}

/// "the second search result": the results a page lists, in page order from the one asked for,
/// those whose words match the rest of the description first. None when the page lists none,
/// or has a control of its own named for results (a "Results" tab).
fn a_result<'a>(nodes: &'a [Node], q: &Query) -> Option<Vec<&'a Node>> {
    let named_results = nodes.iter().any(|n| n.is_interactive() && n.name.as_deref().is_some_and(|name| words(name).iter().any(|w| is_result_word(w))));
    if named_results {
        return None;
    }
    let results = result_links(nodes);
    if results.is_empty() {
        return None;
    }
    let rest: Vec<&String> = q.content.iter().filter(|w| !is_result_word(w) && !matches!(w.as_str(), "search" | "top" | "link" | "title")).collect();
    // The results that say the most of the other words ("about Tokio"), or all of them.
    let said = |n: &Node| {
        let own = n.name.as_deref().map(words).unwrap_or_default();
        rest.iter().filter(|w| matches_word(w, &own) > 0.0).count()
    };
    let most = results.iter().map(|n| said(n)).max().unwrap_or(0);
    let chosen: Vec<&Node> = results.iter().copied().filter(|n| said(n) == most).collect();
    let at = match q.ordinal {
        Some(n) if n < 0 => chosen.len() - 1,
        Some(n) => usize::try_from(n - 1).ok().filter(|i| *i < chosen.len())?,
        None => 0,
    };
    let mut out = vec![chosen[at]];
    out.extend(results.into_iter().filter(|n| !std::ptr::eq(*n, chosen[at])));
    out.truncate(MAX_MATCHES);
    Some(out)
}

/// The best matches, best first.
pub fn rank<'a>(nodes: &'a [Node], query: &str) -> Vec<&'a Node> {
    let q = parse(query);
    if asks_for_a_result(&q) {
        if let Some(results) = a_result(nodes, &q) {
            return results;
        }
    }
    let trees = build(nodes);
    let mut candidates = Vec::new();
    collect(&trees, &[], None, None, &mut candidates);
    let mut raw: Vec<f64> = candidates.iter().map(|c| score(&q, c)).collect();
    // "the checkbox for Walk dog": when a control of the kind asked for stands by every word of
    // the description, a clickable element of no such kind (the item's label, named "Walk
    // dog") is not taken for it.
    // (Only boxes to tick: a clickable "Delete" is still the delete button, whatever button
    // stands beside it.)
    let role_of = |c: &Candidate| c.node.role.as_deref().unwrap_or_default().to_string();
    let ticks = |r: &str| matches!(r, "checkbox" | "radio" | "switch" | "menuitemcheckbox" | "menuitemradio");
    let of_kind: Vec<&Candidate> = candidates
        .iter()
        .filter(|c| !q.content.is_empty() && c.node.is_interactive() && ticks(&role_of(c)) && q.roles.contains(&role_of(c).as_str()) && raw[c.order] > 0.9)
        .filter(|c| q.content.iter().all(|w| name_match(w, &c.name) > 0.0 || matches_word(w, &c.near) > 0.0))
        .collect();
    for c in candidates.iter().filter(|c| (acts_as_control(c.node) || !c.node.is_interactive()) && !q.roles.contains(&role_of(c).as_str())) {
        // The clickable whose words stand beside such a box (its label, drawn as its own), or
        // the words themselves (the cell of its row that says "Emma Clark").
        if let Some(best) = of_kind.iter().filter(|k| !c.name.is_empty() && c.name.iter().all(|w| k.near.contains(w))).map(|k| raw[k.order]).reduce(f64::max) {
            raw[c.order] = raw[c.order].min(best - 0.01);
        }
    }
    let mut adjusted: Vec<Option<f64>> = raw.iter().map(|s| (*s > 0.9).then_some(*s)).collect();
    if q.acts {
        // The words that are not the action say what it is done to; a control whose own name
        // says that ("open settings": the Settings link), or says the action ("close the cookie
        // banner": Close), is what the description asks for, before any text that mentions it.
        let best = |keep: &dyn Fn(&Candidate) -> bool| candidates.iter().filter(|c| c.node.is_interactive() && raw[c.order] > 0.9 && keep(c)).map(|c| raw[c.order]).reduce(f64::max);
        let object: Vec<&String> = q.content.iter().filter(|w| !is_action(w)).collect();
        let named = if object.is_empty() { None } else { best(&|c| object.iter().all(|w| name_match(w, &c.name) > 0.0)) };
        let actor = best(&|c| q.content.iter().any(|w| is_action(w) && name_match(w, &c.name) >= 0.8));
        let below = |s: f64| [named, actor].into_iter().flatten().fold(s, |s, other| s.min(other - 0.01));
        for c in candidates.iter().filter(|c| raw[c.order] > 0.9 && is_running_text(c)) {
            // With no control named for it, what a person acts on in matching running text ("apply
            // the discount code": the code in "Use WELCOME10 for 10% off") comes before the text,
            // though not before a control that says the action.
            if named.is_none() {
                for &j in &c.parts {
                    let lifted = actor.map_or(raw[c.order] - 0.1, |a| (raw[c.order] - 0.1).min(a - 0.01));
                    adjusted[j] = Some(adjusted[j].unwrap_or(0.0).max(lifted));
                }
            }
            adjusted[c.order] = Some(below(raw[c.order] - 0.5));
        }
    }
    let mut scored: Vec<(f64, &Candidate)> = candidates.iter().filter_map(|c| adjusted[c.order].map(|s| (s, c))).collect();
    scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal).then(a.1.order.cmp(&b.1.order)));
    // Matches far weaker than the best only lengthen the answer; and when the best says every
    // word of the description itself, elements that only stand near those words are noise.
    if let Some((best, top)) = scored.first().map(|(s, c)| (*s, names_all(&q, c))) {
        scored.retain(|(s, c)| *s >= best * 0.45 && (!top || names_any(&q, c)));
    }
    if let Some(n) = q.ordinal {
        // "the second Delete link": among the best-scoring group, in page order.
        if let Some(best) = scored.first().map(|s| s.0) {
            let mut group: Vec<&Candidate> = scored.iter().filter(|(s, _)| best - *s < 0.35).map(|(_, c)| *c).collect();
            group.sort_by_key(|c| c.order);
            let pick = if n < 0 { group.len().checked_sub(1) } else { usize::try_from(n - 1).ok().filter(|i| *i < group.len()) };
            if let Some(i) = pick {
                let chosen = group[i].order;
                scored.sort_by_key(|(_, c)| if c.order == chosen { 0 } else { 1 });
            }
        }
    }
    // One line per element: a text run shares its holder's ref, and the best of them stands.
    let mut seen = std::collections::HashSet::new();
    scored.into_iter().filter(|(_, c)| c.node.r#ref.is_none_or(|r| seen.insert(r))).take(MAX_MATCHES).map(|(_, c)| c.node).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el(d: usize, r: u64, role: &str, name: &str, interactive: bool) -> Node {
        Node { d, r#ref: Some(r), role: Some(role.into()), name: Some(name.into()), i: interactive.then_some(1), ..Default::default() }
    }

    fn page() -> Vec<Node> {
        let mut search = el(1, 3, "searchbox", "", true);
        search.s.insert("placeholder".into(), serde_json::json!("Search products"));
        vec![
            el(0, 1, "banner", "", false),
            el(1, 2, "link", "Home", true),
            search,
            el(1, 4, "button", "Go", true),
            el(0, 5, "main", "", false),
            el(1, 6, "heading", "Cart", false),
            el(1, 7, "row", "", false),
            el(2, 8, "cell", "Blue mug", false),
            el(2, 9, "button", "Delete", true),
            el(1, 10, "row", "", false),
            el(2, 11, "cell", "Red mug", false),
            el(2, 12, "button", "Delete", true),
            el(1, 13, "button", "Add to cart", true),
            el(1, 14, "link", "Delete account", true),
        ]
    }

    #[test]
    fn a_number_no_match_says_is_told_even_when_a_ref_holds_it() {
        let nodes: Vec<Node> = (1..=20).map(|i| el(0, 40 + i, "button", &format!("Like post {i}"), true)).collect();
        let lines = find(&nodes, "Like post 55");
        assert_eq!(lines.first().map(String::as_str), Some("No element found shows the number 55; the nearest matches follow."), "{lines:?}");
        let lines = find(&nodes, "Like post 15");
        assert_eq!(lines.first().map(String::as_str), Some(r#"button "Like post 15" [ref_55]"#), "{lines:?}");
    }

    #[test]
    fn words_written_without_spaces_and_full_width_letters_are_found() {
        let p = vec![el(0, 40, "button", "検索する", true), el(0, 41, "link", "カートに入れる", true), el(0, 42, "button", "ＡＢＣ全角ボタン", true), el(0, 43, "button", "Go", true)];
        assert_eq!(rank(&p, "検索").first().and_then(|n| n.r#ref), Some(40));
        assert_eq!(rank(&p, "カート").first().and_then(|n| n.r#ref), Some(41));
        assert_eq!(rank(&p, "ABC").first().and_then(|n| n.r#ref), Some(42));
    }

    #[test]
    fn words_an_element_holds_read_as_its_line() {
        let text = |d: usize, r: u64, t: &str| Node { d, r#ref: Some(r), text: Some(t.into()), ..Default::default() };
        let nodes = vec![el(0, 1, "main", "", false), el(1, 4, "status", "", false), text(2, 4, "Saved 3 orders"), el(1, 5, "button", "Save", true), text(1, 6, "Loose words saved")];
        let lines = find(&nodes, "saved 3 orders");
        assert_eq!(lines.first().map(String::as_str), Some(r#"status [ref_4]: "Saved 3 orders""#), "{lines:?}");
        assert_eq!(lines.iter().filter(|l| l.contains("ref_4")).count(), 1, "{lines:?}");
        // The element matched by its kind says its words too.
        assert_eq!(find(&nodes, "status").first().map(String::as_str), Some(r#"status [ref_4]: "Saved 3 orders""#));
        // Words with no element of their own stay a text line.
        assert!(find(&nodes, "loose words").contains(&r#"text "Loose words saved" [ref_6]"#.to_string()));
    }

    fn top(q: &str) -> Option<u64> {
        rank(&page(), q).first().and_then(|n| n.r#ref)
    }

    #[test]
    fn a_name_that_is_a_kind_of_element_is_asked_for_by_it() {
        let p = vec![el(0, 40, "textbox", "Name", true), el(0, 41, "textbox", "Notes", true), el(0, 42, "textbox", "Editor", true)];
        assert_eq!(rank(&p, "Editor").first().and_then(|n| n.r#ref), Some(42));
        assert_eq!(rank(&p, "the editor").first().and_then(|n| n.r#ref), Some(42));
        // (A word that says the kind again says nothing more.)
        for q in ["text box", "text field", "input field", "textbox"] {
            assert_eq!(rank(&p, q).len(), 3, "{q}");
        }
        assert_eq!(rank(&p, "notes text field").first().and_then(|n| n.r#ref), Some(41));
        let lists = vec![el(0, 50, "listbox", "Colours", true), el(0, 51, "textbox", "Name", true)];
        assert!(rank(&lists, "select box").iter().any(|n| n.r#ref == Some(50)), "a select box may be a listbox");
    }

    #[test]
    fn ranks_by_name_role_and_placeholder() {
        assert_eq!(top("search bar"), Some(3));
        assert_eq!(top("add to cart button"), Some(13));
        assert_eq!(top("home link"), Some(2));
        assert_eq!(top("delete button for the red mug"), Some(12));
        assert_eq!(top("the second Delete button"), Some(12));
        assert_eq!(top("first delete button"), Some(9));
        assert_eq!(top("delete account link"), Some(14));
        assert_eq!(top("cart heading"), Some(6));
    }

    #[test]
    fn a_steppers_buttons_and_a_voice_search_go_by_the_words_for_them() {
        let p = vec![
            el(0, 40, "button", "Decrease quantity", true),
            el(0, 41, "spinbutton", "Quantity", true),
            el(0, 42, "button", "Increase quantity", true),
            el(0, 43, "searchbox", "Search", true),
            el(0, 44, "button", "Search by voice", true),
        ];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("quantity plus button"), Some(42));
        assert_eq!(first("quantity plus"), Some(42));
        assert_eq!(first("minus button"), Some(40));
        assert_eq!(first("microphone"), Some(44));
        assert_eq!(first("mic button"), Some(44));
        assert_eq!(first("quantity field"), Some(41));
    }

    #[test]
    fn a_wordless_control_is_found_by_the_icon_it_shows() {
        let icon = |r: u64, name: &str| {
            let mut b = el(0, r, "button", "", true);
            b.s.insert("icon".into(), serde_json::json!(name));
            b
        };
        let p = vec![el(0, 30, "button", "Save", true), icon(31, "pencil-square"), icon(32, "trash"), icon(33, "gear"), icon(34, "xmark")];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("edit button"), Some(31));
        assert_eq!(first("delete icon"), Some(32));
        assert_eq!(first("settings"), Some(33));
        assert_eq!(first("close button"), Some(34));
        assert_eq!(first("save"), Some(30));
        let mut p = p;
        let mut described = el(0, 35, "button", "", true);
        described.s.insert("description".into(), serde_json::json!("Delete the item"));
        p.insert(0, described);
        p.push(icon(36, "delete-forever"));
        for q in ["delete forever", "delete forever button", "the delete forever icon"] {
            assert_eq!(rank(&p, q).first().and_then(|n| n.r#ref), Some(36), "{q}");
        }
    }

    #[test]
    fn a_number_no_match_says_is_said_to_be_missing() {
        let p: Vec<Node> = (1..=20).map(|i| el(0, i, "button", &format!("Like post {i}"), true)).collect();
        let lines = find(&p, "Like post 40");
        assert_eq!(lines.first().map(String::as_str), Some("No element found shows the number 40; the nearest matches follow."), "{lines:?}");
        let lines = find(&p, "like post 4");
        assert!(lines[0].starts_with("button \"Like post 4\""), "{lines:?}");
        assert!(!find(&p, "post 14").iter().any(|l| l.starts_with("No element")));
        assert!(!find(&p, "like in row 30").iter().any(|l| l.starts_with("No element")), "a place in a list");
    }

    #[test]
    fn a_named_control_is_found_by_the_icon_it_shows_too() {
        let named = |r: u64, name: &str, icon: &str| {
            let mut b = el(0, r, "button", name, true);
            b.s.insert("icon".into(), serde_json::json!(icon));
            b
        };
        let p = vec![named(1, "Edit user", "pencil"), named(2, "Remove user", "trash"), named(3, "Preferences", "settings"), el(0, 4, "button", "Save", true)];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("trash icon"), Some(2));
        assert_eq!(first("pencil icon"), Some(1));
        assert_eq!(first("gear button"), Some(3));
        assert_eq!(first("edit user"), Some(1), "the name still comes first");
        assert_eq!(first("bin"), Some(2));
    }

    #[test]
    fn a_search_result_is_a_link_in_a_heading_of_the_listing() {
        let mut p = vec![
            el(0, 1, "search", "", false),
            el(1, 2, "searchbox", "Search", true),
            el(1, 3, "button", "Search", true),
            el(0, 4, "main", "", false),
            el(1, 5, "heading", "Results for rust async", false),
        ];
        for (i, title) in ["Asynchronous Programming in Rust", "Tokio tutorial", "async-std docs"].into_iter().enumerate() {
            let r = 10 + 3 * i as u64;
            p.push(el(1, r, "heading", title, false));
            p.push(el(2, r + 1, "link", title, true));
            p.push(el(1, r + 2, "paragraph", "", false));
        }
        p.push(el(1, 30, "navigation", "Pagination", false));
        p.push(el(2, 31, "link", "Next", true));
        p.insert(5, text(1, 6, "About 3 results (0.41 seconds)"));
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        // The line that counts the results is not one of them.
        assert_eq!(first("results count"), Some(6));
        assert_eq!(first("the number of results"), Some(6));
        assert_eq!(first("first search result"), Some(11));
        assert_eq!(first("the top result"), Some(11));
        assert_eq!(first("the second result"), Some(14));
        assert_eq!(first("last search result"), Some(17));
        assert_eq!(first("the result about tokio"), Some(14));
        assert_eq!(first("search box"), Some(2));
        // Titles drawn inside their links (`a > h3`) are results too.
        let mut q = vec![el(0, 50, "main", "", false), el(1, 51, "heading", "Results", false)];
        for (i, title) in ["Tokio tutorial tokio.rs", "async-std docs docs.rs"].into_iter().enumerate() {
            let mut link = el(1, 52 + i as u64, "link", title, true);
            link.h = Some(1);
            q.push(link);
        }
        assert_eq!(rank(&q, "the second search result").first().and_then(|n| n.r#ref), Some(53));
        // A control named for results is what "results" asks for.
        p.push(el(0, 40, "tab", "Results", true));
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("results tab"), Some(40));
        assert_eq!(first("first result"), Some(40));
    }

    #[test]
    fn the_page_title_is_its_first_level_heading() {
        let mut details = el(1, 41, "heading", "Details", false);
        details.s.insert("level".into(), serde_json::json!(2));
        let mut h1 = el(1, 40, "heading", "Tag the task", false);
        h1.s.insert("level".into(), serde_json::json!(1));
        let p = vec![details, h1, el(1, 42, "textbox", "Title", true)];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("page title"), Some(40));
        assert_eq!(first("the title of the page"), Some(40));
        // A field called Title is still the title field, on the page or not.
        assert_eq!(first("title field"), Some(42));
        assert_eq!(first("the title field on the page"), Some(42));
    }

    #[test]
    fn a_description_of_an_action_finds_what_is_acted_on() {
        let clickable = |d: usize, r: u64, name: &str| {
            let mut n = el(d, r, "generic", name, true);
            n.s.insert("clickable".into(), serde_json::json!(true));
            n
        };
        let paragraph = Node { d: 0, r#ref: Some(50), role: Some("paragraph".into()), t: Some("Have a code? Use WELCOME10 for 10% off.".into()), ..Default::default() };
        let p = vec![clickable(0, 51, "Apples"), clickable(0, 52, "Take Apples off the list"), paragraph, clickable(1, 53, "WELCOME10"), clickable(0, 54, "Check out")];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        // The part of the sentence, not the sentence that mentions the code.
        assert_eq!(first("apply the discount code"), Some(53));
        // Described, not acted on: the sentence.
        assert_eq!(first("the text about the code"), Some(50));
        // What removes the apples, not the apples beside it.
        assert_eq!(first("remove apples"), Some(52));
        assert_eq!(first("apples"), Some(51));
    }

    #[test]
    fn a_control_named_for_the_action_or_its_object_comes_before_text_that_mentions_it() {
        let link = |d: usize, r: u64, name: &str| el(d, r, "link", name, true);
        let text = |r: u64, t: &str| Node { d: 0, r#ref: Some(r), role: Some("paragraph".into()), t: Some(t.into()), ..Default::default() };
        // "open settings": the Settings link, not the sentence or the other link in it.
        let p = vec![link(0, 60, "Settings"), text(61, "To change your password, open Settings and choose Security."), link(1, 62, "Security")];
        assert_eq!(rank(&p, "open settings").first().and_then(|n| n.r#ref), Some(60));
        // "close the cookie banner": Close, not the banner's other link.
        let p = vec![text(70, "We use cookies. Close this banner or manage preferences."), link(1, 71, "manage preferences"), el(0, 72, "button", "Close", true)];
        assert_eq!(rank(&p, "close the cookie banner").first().and_then(|n| n.r#ref), Some(72));
        // "Take 10% off" in a promotion is not a way to remove anything.
        let p = vec![text(80, "Take 10% off with code SPRING."), link(1, 81, "Shop now"), el(0, 82, "button", "Remove discount", true)];
        assert_eq!(rank(&p, "remove discount").first().and_then(|n| n.r#ref), Some(82));
    }

    #[test]
    fn words_match_their_regular_endings_only() {
        for (a, b) in [("cart", "carts"), ("search", "searching"), ("ship", "shipping"), ("close", "closing"), ("remove", "removal"), ("apply", "applies"), ("apply", "application"), ("notify", "notification"), ("subscribe", "subscription"), ("sign", "signup"), ("check", "checkout"), ("delivery", "deliveries")] {
            assert!(inflected(a, b), "{a} ~ {b}");
        }
        for (a, b) in [("cart", "cartoon"), ("book", "bookmark"), ("apply", "apples"), ("card", "cart"), ("sign", "signature"), ("news", "newsletter")] {
            assert!(!inflected(a, b) && !inflected(b, a), "{a} !~ {b}");
        }
    }

    #[test]
    fn words_written_closed_up_or_apart_match() {
        let p = vec![
            el(0, 1, "button", "Toggle Searchbar", true),
            el(0, 2, "checkbox", "Toggle Table of Contents", true),
            el(0, 3, "link", "Sign up", true),
            el(0, 4, "button", "Add to wishlist", true),
            el(0, 5, "link", "Listen", true),
        ];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("search toggle"), Some(1));
        assert_eq!(first("sidebar toggle"), Some(2));
        assert_eq!(first("the search bar"), Some(1));
        assert_eq!(first("signup link"), Some(3));
        assert_eq!(first("add to wish list"), Some(4));
        assert!(rank(&p, "list").iter().all(|n| n.r#ref != Some(5)));
        assert!(closed_up("search", "searchbar") && closed_up("wish", "wishlist"));
        assert!(!closed_up("list", "listen") && !closed_up("car", "cart") && !closed_up("list", "finalist") && !closed_up("form", "platform"));
        // Words that only share letters with a name are not it.
        let q = vec![
            el(0, 1, "link", "Car T cell therapy", true),
            el(0, 2, "link", "Finalist products", true),
            el(0, 3, "list", "", false),
            el(1, 4, "button", "Log in", true),
            el(1, 5, "link", "Logo", true),
        ];
        assert!(rank(&q, "cart").iter().all(|n| n.r#ref != Some(1)));
        assert_eq!(rank(&q, "the list").first().and_then(|n| n.r#ref), Some(3));
        assert_eq!(rank(&q, "login button").first().and_then(|n| n.r#ref), Some(4));
    }

    #[test]
    fn a_rows_box_to_tick_is_found_by_its_kind_and_the_rows_words() {
        let mut nodes = vec![el(0, 1, "table", "", false)];
        for (i, (who, mail)) in [("Zoe Adams", "zoe@ex.com"), ("Emma Clark", "emma@ex.com"), ("Noah Davis", "noah@ex.com")].iter().enumerate() {
            let r = 10 * (i as u64 + 1);
            let row = format!("{who} {mail} Edit · 🗑");
            nodes.push(el(1, r, "row", "", false));
            let mut tick = el(2, r + 1, "checkbox", "", true);
            tick.c = Some(row.clone());
            nodes.push(tick);
            nodes.push(el(2, r + 2, "cell", who, false));
            nodes.push(el(2, r + 3, "cell", mail, false));
            let mut edit = el(2, r + 4, "cell", "Edit · 🗑", false);
            edit.c = Some(row);
            nodes.push(edit);
        }
        for q in ["checkbox for Emma Clark row", "Emma Clark checkbox", "the checkbox in Emma Clark's row"] {
            let found = rank(&nodes, q);
            assert_eq!(found.first().and_then(|n| n.r#ref), Some(21), "{q}: {found:?}");
        }
    }

    #[test]
    fn a_read_of_controls_says_the_words_around_a_field_without_a_name() {
        let mut phone = el(1, 2, "textbox", "", true);
        phone.c = Some("Phone:".into());
        let mut valued = el(1, 3, "textbox", "", true);
        valued.c = Some("Code".into());
        valued.s.insert("value".into(), serde_json::json!("A1"));
        let mut remove = el(1, 4, "button", "", true);
        remove.c = Some("Teapot".into());
        let mut nodes = vec![phone, valued, remove];
        tell_apart(&mut nodes);
        assert_eq!(nodes.iter().map(|n| n.near.as_deref()).collect::<Vec<_>>(), [Some("Phone:"), None, None]);
        assert_eq!(crate::snapshot::element_line(&nodes[0]), r#"textbox [ref_2] near "Phone:""#);
    }

    #[test]
    fn a_role_word_the_name_says_is_a_word_of_the_name() {
        let section = "pets GET /pets List pets POST /pets Add a pet";
        let mut collapse = el(1, 2, "button", "Collapse operation", true);
        collapse.c = Some(section.into());
        let mut list = el(1, 3, "button", "GET /pets List pets", true);
        list.c = Some(section.into());
        let mut add = el(1, 4, "button", "POST /pets Add a pet", true);
        add.c = Some(section.into());
        let p = vec![el(0, 1, "heading", "pets", false), collapse, list, add];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("List pets operation"), Some(3));
        assert_eq!(first("collapse operation"), Some(2));
        // Placed by text that names no control, the control still comes first.
        let mut remove = el(1, 11, "button", "Remove", true);
        remove.c = Some("Chloe Park · Manager Remove".into());
        let mut other = el(1, 13, "button", "Remove", true);
        other.c = Some("Ana Ruiz · Designer Remove".into());
        let rows = vec![el(0, 10, "row", "", false), remove, el(0, 12, "row", "", false), other];
        assert_eq!(rank(&rows, "remove button for chloe park").first().and_then(|n| n.r#ref), Some(11));
    }

    #[test]
    fn a_control_of_the_kind_asked_for_beats_a_clickable_named_like_the_description() {
        let mut toggle = el(1, 2, "checkbox", "Toggle Todo", true);
        toggle.c = Some("Walk dog".into());
        let p = vec![el(0, 1, "listitem", "", false), toggle, clickable(1, 3, "Walk dog", "Walk dog")];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("checkbox for Walk dog"), Some(2));
        assert_eq!(first("Walk dog"), Some(3));
        // With no checkbox by those words, the clickable stands for one.
        let alone = vec![el(0, 1, "listitem", "", false), clickable(1, 3, "Walk dog", "Walk dog")];
        assert_eq!(rank(&alone, "checkbox for Walk dog").first().and_then(|n| n.r#ref), Some(3));
        // Only boxes to tick: a clickable "Delete" beside an Edit button is still the delete button.
        let mut edit = el(1, 11, "button", "Edit", true);
        edit.c = Some("Chloe Park Edit Delete".into());
        let row = vec![el(0, 10, "row", "", false), edit, clickable(1, 12, "Delete", "Chloe Park Edit Delete")];
        assert_eq!(rank(&row, "Delete button for Chloe Park").first().and_then(|n| n.r#ref), Some(12));
    }

    #[test]
    fn an_unnamed_control_goes_by_its_description() {
        let mut p = page();
        let mut trash = el(1, 30, "button", "", true);
        trash.s.insert("description".into(), serde_json::json!("Empty the bin"));
        // The text around every button says "bin" too.
        for n in p.iter_mut().filter(|n| n.role.as_deref() == Some("button")) {
            n.c = Some("Empty the bin, or keep it".into());
        }
        p.push(trash);
        assert_eq!(rank(&p, "empty bin button").first().and_then(|n| n.r#ref), Some(30));
    }

    #[test]
    fn a_control_without_words_goes_by_the_heading_before_it() {
        // A range slider's two handles, in a container after the heading "Budget"; a nameless
        // box after a named button is not named by it.
        let mut handle = el(2, 23, "slider", "", true);
        handle.s.insert("value".into(), serde_json::json!("80.00"));
        let nodes = vec![
            el(0, 20, "heading", "Budget", false),
            el(0, 21, "generic", "", false),
            el(1, 22, "slider", "", true),
            handle,
            el(0, 24, "button", "Save", true),
            el(0, 25, "checkbox", "", true),
        ];
        let found: Vec<Option<u64>> = rank(&nodes, "budget slider").iter().map(|n| n.r#ref).collect();
        assert_eq!(found.first().copied().flatten(), Some(22), "{found:?}");
        assert!(found.contains(&Some(23)), "{found:?}");
        assert!(rank(&nodes, "save checkbox").first().and_then(|n| n.r#ref) != Some(25));
    }

    #[test]
    fn a_shown_tooltip_is_found_by_its_kind() {
        // The tooltip a hover showed, whose words do not say "plan" or "info".
        let nodes = vec![
            el(0, 40, "paragraph", "Plan: Pro ⓘ", false),
            el(0, 41, "button", "Save profile", true),
            el(0, 42, "tooltip", "Pro includes 10 projects and priority support.", false),
        ];
        assert_eq!(rank(&nodes, "plan info tooltip").first().and_then(|n| n.r#ref), Some(42));
        // A control named by such a word is still found by it.
        let nodes = vec![el(0, 43, "button", "Alert", true), el(0, 44, "button", "Confirm", true)];
        assert_eq!(rank(&nodes, "Alert").first().and_then(|n| n.r#ref), Some(43));
    }

    #[test]
    fn non_ascii_words_do_not_panic() {
        let mut p = page();
        p.push(el(1, 20, "button", "検索する", true));
        p.push(el(1, 21, "link", "Café crème", true));
        assert_eq!(rank(&p, "検索する").first().and_then(|n| n.r#ref), Some(20));
        assert_eq!(rank(&p, "café link").first().and_then(|n| n.r#ref), Some(21));
        assert!(rank(&p, "cafés").iter().any(|n| n.r#ref == Some(21)));
    }

    fn clickable(d: usize, r: u64, name: &str, around: &str) -> Node {
        let mut n = el(d, r, "generic", name, true);
        n.s.insert("clickable".into(), serde_json::json!(true));
        n.c = Some(around.into());
        n
    }

    fn text(d: usize, r: u64, t: &str) -> Node {
        Node { d, r#ref: Some(r), text: Some(t.into()), ..Default::default() }
    }

    #[test]
    fn a_clickable_span_is_the_button_its_row_places() {
        let nodes = vec![
            el(0, 1, "list", "", false),
            text(1, 2, "Ana Ruiz · Designer Remove"),
            clickable(2, 3, "Remove", "Ana Ruiz · Designer Remove"),
            text(1, 4, "Chloe Park · Manager Remove"),
            clickable(2, 5, "Remove", "Chloe Park · Manager Remove"),
            clickable(0, 6, "Prev", "Prev Next June 2025"),
            clickable(0, 7, "15", "June 2025 14 15 16"),
        ];
        let top = |q: &str| rank(&nodes, q).first().and_then(|n| n.r#ref);
        assert_eq!(top("remove button for Chloe Park"), Some(5));
        assert_eq!(top("remove Chloe Park"), Some(5));
        assert_eq!(top("Chloe Park"), Some(4), "a name alone finds the text that says it");
        assert_eq!(top("previous month button"), Some(6));
        assert_eq!(top("the 15th"), Some(7));
        assert_eq!(top("second remove link"), Some(5));
    }

    #[test]
    fn matches_that_read_alike_say_the_words_around_them() {
        let mut nodes = vec![text(0, 1, "Red mug — $12"), el(0, 2, "button", "Add to cart", true), text(0, 3, "Blue \"mug\" — $14"), el(0, 4, "button", "Add to cart", true), el(0, 5, "button", "Checkout", true)];
        nodes[1].c = Some("Red mug — $12 Add to cart".into());
        nodes[3].c = Some("Blue \"mug\" — $14 Add to cart".into());
        nodes[4].c = Some("Total $26 Checkout".into());
        let lines = find(&nodes, "add to cart button");
        assert_eq!(lines[..2], ["button \"Add to cart\" [ref_2] near \"Red mug — $12\"", r#"button "Add to cart" [ref_4] near "Blue \"mug\" — $14""#], "the words are quoted as they are");
        assert_eq!(find(&nodes, "checkout"), ["button \"Checkout\" [ref_5]"], "one of its kind reads as read_page reads it");
        nodes[3].c = nodes[1].c.clone();
        assert_eq!(find(&nodes, "add to cart button")[..2], ["button \"Add to cart\" [ref_2]", "button \"Add to cart\" [ref_4]"], "words both share tell neither apart");
    }

    #[test]
    fn a_slip_of_the_keyboard_still_finds_the_element() {
        let p = vec![
            el(0, 50, "searchbox", "Search", true),
            el(0, 51, "textbox", "Email address", true),
            el(0, 52, "button", "Subscribe", true),
            el(0, 53, "checkbox", "Remember me", true),
            el(0, 54, "link", "Apple pie recipe", true),
        ];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("serch feild"), Some(50));
        assert_eq!(first("email adress"), Some(51));
        assert_eq!(first("subscibe buton"), Some(52));
        assert_eq!(first("remember chekbox"), Some(53));
        // Four letters are too few to guess at, and a first letter is not slipped.
        assert!(!one_slip("cart", "card") && !one_slip("nearch", "search") && !one_slip("12345", "12346"));
        assert!(!one_slip("search", "research") && !one_slip("field", "fields2"));
        for (typed, meant) in [("model", "modal"), ("ratio", "radio"), ("slide", "slider"), ("images", "image"), ("remove", "remote"), ("apply", "apple"), ("login", "logon"), ("tablet", "table"), ("earch", "search")] {
            assert!(!one_slip(typed, meant), "{typed} is not a slip for {meant}");
        }
        assert!(one_slip("feild", "field") && one_slip("adress", "address") && one_slip("serch", "search") && one_slip("buton", "button"));
        // A word the description means as itself stays itself.
        let p = vec![el(0, 60, "combobox", "Model", true), el(0, 61, "button", "Remote", true), el(0, 62, "textbox", "Aspect ratio", true)];
        let first = |q: &str| rank(&p, q).first().and_then(|n| n.r#ref);
        assert_eq!(first("choose model"), Some(60));
        assert_eq!(first("ratio"), Some(62));
        assert!(rank(&p, "remove").is_empty());
    }

    #[test]
    fn nothing_matches_nonsense() {
        assert!(rank(&page(), "zebra stripes").is_empty());
    }
}
