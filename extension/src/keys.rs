//! xdotool-style key names and chords ("Return", "ctrl+a", "cmd+shift+p", "Tab Tab") mapped to
//! the key definitions a real US keyboard sends: `key`, `code`, `keyCode`, `text`.

/// Modifier bits of CDP input events.
pub const ALT: u32 = 1;
pub const CTRL: u32 = 2;
pub const META: u32 = 4;
pub const SHIFT: u32 = 8;

/// One key as the page sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyDef {
    pub key: String,
    pub code: String,
    pub key_code: u32,
    /// The text the key types, if any (with the chord's modifiers applied).
    pub text: Option<String>,
    /// 1 for left modifiers, 3 for the keypad.
    pub location: u32,
    /// The modifier bit this key is, if it is one.
    pub modifier: u32,
}

impl KeyDef {
    fn named(key: &str, code: &str, key_code: u32) -> KeyDef {
        KeyDef { key: key.into(), code: code.into(), key_code, text: None, location: 0, modifier: 0 }
    }
}

/// A chord: modifiers held while one key is pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chord {
    pub modifiers: Vec<KeyDef>,
    pub key: KeyDef,
}

impl Chord {
    pub fn bits(&self) -> u32 {
        self.modifiers.iter().fold(0, |b, m| b | m.modifier)
    }

    /// The browser's editing commands this chord stands for: select all, copy, cut, paste, undo
    /// and redo, with Ctrl or Cmd. They go with the key, because a key event sent through the
    /// debugger carries no editing command of its own on macOS, where Cmd+A, Cmd+C and Cmd+V
    /// then do nothing; Claude's Ctrl chords and Cmd chords work alike on every system. The page
    /// still sees the key first and can prevent it.
    pub fn editing_commands(&self) -> &'static [&'static str] {
        let bits = self.bits();
        let primary = bits & (CTRL | META);
        if primary != CTRL && primary != META || bits & ALT != 0 {
            return &[];
        }
        match (self.key.code.as_str(), bits & SHIFT != 0) {
            ("KeyA", false) => &["selectAll"],
            ("KeyC", false) => &["copy"],
            ("KeyX", false) => &["cut"],
            ("KeyV", false) => &["paste"],
            ("KeyZ", false) => &["undo"],
            ("KeyZ", true) | ("KeyY", false) => &["redo"],
            _ => &[],
        }
    }
}

/// A modifier by name: shift, ctrl/control, alt/option, cmd/command/super/meta/win.
pub fn modifier(name: &str) -> Option<KeyDef> {
    let (key, code, key_code, bit) = match name.to_ascii_lowercase().as_str() {
        "shift" | "shift_l" | "shift_r" => ("Shift", "ShiftLeft", 16, SHIFT),
        "ctrl" | "control" | "control_l" | "control_r" | "ctl" => ("Control", "ControlLeft", 17, CTRL),
        "alt" | "option" | "opt" | "alt_l" | "alt_r" => ("Alt", "AltLeft", 18, ALT),
        "cmd" | "command" | "super" | "super_l" | "super_r" | "meta" | "meta_l" | "meta_r" | "win" | "windows" => ("Meta", "MetaLeft", 91, META),
        _ => return None,
    };
    Some(KeyDef { key: key.into(), code: code.into(), key_code, text: None, location: 1, modifier: bit })
}

/// Parses `modifiers` such as "shift", "ctrl+shift", "cmd+alt".
pub fn modifiers(text: &str) -> Result<Vec<KeyDef>, String> {
    let mut out: Vec<KeyDef> = Vec::new();
    for part in text.split(['+', ' ']).map(str::trim).filter(|p| !p.is_empty()) {
        let m = modifier(part).ok_or_else(|| format!("unknown modifier {part:?}; use shift, ctrl, alt, or cmd (cmd and super mean Meta)"))?;
        if !out.iter().any(|o| o.key == m.key) {
            out.push(m);
        }
    }
    Ok(out)
}

/// US-layout characters: (unshifted, shifted, code, keyCode).
const PRINTABLE: &[(char, char, &str, u32)] = &[
    ('`', '~', "Backquote", 192), ('1', '!', "Digit1", 49), ('2', '@', "Digit2", 50), ('3', '#', "Digit3", 51),
    ('4', '$', "Digit4", 52), ('5', '%', "Digit5", 53), ('6', '^', "Digit6", 54), ('7', '&', "Digit7", 55),
    ('8', '*', "Digit8", 56), ('9', '(', "Digit9", 57), ('0', ')', "Digit0", 48), ('-', '_', "Minus", 189),
    ('=', '+', "Equal", 187), ('[', '{', "BracketLeft", 219), (']', '}', "BracketRight", 221), ('\\', '|', "Backslash", 220),
    (';', ':', "Semicolon", 186), ('\'', '"', "Quote", 222), (',', '<', "Comma", 188), ('.', '>', "Period", 190),
    ('/', '?', "Slash", 191), (' ', ' ', "Space", 32),
];

/// The key that types `c` on a US keyboard, and whether Shift is held for it.
pub fn for_char(c: char) -> Option<(KeyDef, bool)> {
    if c.is_ascii_alphabetic() {
        let upper = c.to_ascii_uppercase();
        let def = KeyDef {
            key: c.to_string(),
            code: format!("Key{upper}"),
            key_code: upper as u32,
            text: Some(c.to_string()),
            location: 0,
            modifier: 0,
        };
        return Some((def, c.is_ascii_uppercase()));
    }
    for (plain, shifted, code, key_code) in PRINTABLE {
        if c == *plain || c == *shifted {
            let def = KeyDef { key: c.to_string(), code: (*code).into(), key_code: *key_code, text: Some(c.to_string()), location: 0, modifier: 0 };
            return Some((def, c == *shifted && plain != shifted));
        }
    }
    // A letter or sign of another layout (é, ж, €) is a key of its own there: it goes down and
    // up with its character as `key` and no key code, so pages that search on keyup hear it.
    // Emoji beyond one UTF-16 unit and the joiners and selectors between them are inserted.
    (c > '\u{9f}' && c.len_utf16() == 1 && !joins(c) && !matches!(c, '\u{200b}'..='\u{206f}' | '\u{e000}'..='\u{f8ff}' | '\u{feff}')).then(|| {
        (KeyDef { key: c.to_string(), code: String::new(), key_code: 0, text: Some(c.to_string()), location: 0, modifier: 0 }, false)
    })
}

/// A mark that joins the character before it (an accent put on a letter, an emoji's selector
/// or joiner): the two are typed as one piece of text.
pub fn joins(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe00}'..='\u{fe0f}' | '\u{fe20}'..='\u{fe2f}' | '\u{200c}' | '\u{200d}')
}

/// The keys named by a word: the words for each, its DOM key and code, and its key code.
const NAMED: &[(&[&str], &str, &str, u32)] = &[
    (&["return", "enter", "kp_enter"], "Enter", "Enter", 13),
    (&["backspace", "back_space"], "Backspace", "Backspace", 8),
    (&["tab"], "Tab", "Tab", 9),
    (&["escape", "esc"], "Escape", "Escape", 27),
    (&["delete", "del", "kp_delete"], "Delete", "Delete", 46),
    (&["insert", "ins"], "Insert", "Insert", 45),
    (&["home", "kp_home"], "Home", "Home", 36),
    (&["end", "kp_end"], "End", "End", 35),
    (&["page_up", "pageup", "prior", "kp_page_up"], "PageUp", "PageUp", 33),
    (&["page_down", "pagedown", "next", "kp_page_down"], "PageDown", "PageDown", 34),
    (&["up", "arrowup", "kp_up"], "ArrowUp", "ArrowUp", 38),
    (&["down", "arrowdown", "kp_down"], "ArrowDown", "ArrowDown", 40),
    (&["left", "arrowleft", "kp_left"], "ArrowLeft", "ArrowLeft", 37),
    (&["right", "arrowright", "kp_right"], "ArrowRight", "ArrowRight", 39),
    (&["space", "spacebar"], " ", "Space", 32),
    (&["caps_lock", "capslock"], "CapsLock", "CapsLock", 20),
    (&["num_lock", "numlock"], "NumLock", "NumLock", 144),
    (&["scroll_lock", "scrolllock"], "ScrollLock", "ScrollLock", 145),
    (&["pause", "break"], "Pause", "Pause", 19),
    (&["print", "printscreen", "sys_req"], "PrintScreen", "PrintScreen", 44),
    (&["menu", "contextmenu", "apps"], "ContextMenu", "ContextMenu", 93),
];

/// Punctuation keys named by a word, and the character each types.
const PUNCTUATION: &[(&str, char)] = &[
    ("minus", '-'),
    ("plus", '+'),
    ("equal", '='),
    ("comma", ','),
    ("period", '.'),
    ("slash", '/'),
    ("backslash", '\\'),
    ("semicolon", ';'),
    ("apostrophe", '\''),
    ("quote", '\''),
    ("grave", '`'),
    ("backquote", '`'),
    ("bracketleft", '['),
    ("bracketright", ']'),
];

/// A named key (case-insensitive, xdotool and DOM spellings).
pub fn named(name: &str) -> Option<KeyDef> {
    let lower = name.to_ascii_lowercase();
    let Some(&(_, key, code, key_code)) = NAMED.iter().find(|(names, ..)| names.contains(&lower.as_str())) else {
        if let Some(&(_, c)) = PUNCTUATION.iter().find(|(n, _)| *n == lower) {
            return for_char(c).map(|d| d.0);
        }
        if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u32>().ok()).filter(|n| (1..=24).contains(n)) {
            let name = format!("F{n}");
            return Some(KeyDef::named(&name, &name, 111 + n));
        }
        if let Some(m) = modifier(&lower) {
            return Some(m);
        }
        let mut chars = name.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return for_char(c).map(|d| d.0);
        }
        return None;
    };
    let mut def = KeyDef::named(key, code, key_code);
    // (Enter and Space type as they go down.)
    def.text = match key_code {
        13 => Some("\r".into()),
        32 => Some(" ".into()),
        _ => None,
    };
    if lower.starts_with("kp_") {
        def.location = 3;
    }
    Some(def)
}

/// The chords of a `key` text as written, one per space-separated word, except that "ctrl + a"
/// is the chord "ctrl+a" written with spaces: modifiers and a "+" after them join the next word
/// ("1 + 2" stays three keys).
pub fn tokens(text: &str) -> Vec<String> {
    let held = |t: &str| t.split('+').all(|m| modifier(m).is_some());
    let mut tokens: Vec<String> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let mut token = word.to_string();
        while words.peek().is_some() {
            let joined = match (token.as_str(), tokens.last()) {
                ("+", Some(last)) if held(last) => tokens.pop().unwrap_or_default() + "+",
                (t, _) if t.len() > 1 && t.ends_with('+') && held(&t[..t.len() - 1]) => token.clone(),
                _ => break,
            };
            let Some(next) = words.next() else { break };
            token = joined + next;
        }
        tokens.push(token);
    }
    tokens
}

/// Parses a `key` text: space-separated chords, each `mod+mod+key`.
pub fn parse(text: &str) -> Result<Vec<Chord>, String> {
    let mut chords = Vec::new();
    for token in tokens(text).iter().map(String::as_str) {
        // "ctrl++" means ctrl and the plus key.
        let (head, last) = match token.strip_suffix("++") {
            Some(head) => (head, "+"),
            None => match token.rsplit_once('+') {
                Some((head, last)) if !last.is_empty() => (head, last),
                _ => ("", token),
            },
        };
        let mut mods = if head.is_empty() { Vec::new() } else { modifiers(head)? };
        let mut key = named(last).ok_or_else(|| {
            format!("unknown key {last:?} in {token:?}; use names such as Return, Tab, Escape, BackSpace, Up, Page_Up, F5, or a single character")
        })?;
        // An uppercase letter or shifted symbol is typed with Shift held. (A shortcut's letter
        // is its letter in either case: "ctrl+Z" is the undo that "ctrl+z" is.)
        let mut chars = last.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if c.is_ascii_uppercase() && mods.iter().any(|m| m.modifier != SHIFT) {
                key.key = key.key.to_ascii_lowercase();
            } else if for_char(c).is_some_and(|(_, shift)| shift) && !mods.iter().any(|m| m.modifier == SHIFT) {
                mods.push(modifier("shift").ok_or("shift")?);
            }
        }
        chords.push(Chord { modifiers: mods, key });
    }
    if chords.is_empty() {
        return Err("key needs at least one key name".into());
    }
    Ok(chords)
}

/// The member that does what a chord of the browser's own does, when the chord is one: key
/// events sent through CDP reach the page only, never the browser's shortcuts (reload, history,
/// tabs, the address bar). Shortcuts that pages commonly take for themselves (ctrl+s, ctrl+f,
/// ctrl+p) are not listed: the page may well have acted on those.
pub fn browser_shortcut(chord: &Chord) -> Option<&'static str> {
    let bits = chord.bits() | chord.key.modifier;
    let code = chord.key.code.as_str();
    let digit = code.strip_prefix("Digit").is_some_and(|d| d != "0");
    const CTRL_SHIFT: u32 = CTRL | SHIFT;
    Some(match (bits, code) {
        (0 | CTRL | SHIFT, "F5") | (CTRL | CTRL_SHIFT, "KeyR") => "navigate with \"reload\"",
        (ALT, "ArrowLeft") => "navigate with \"back\"",
        (ALT, "ArrowRight") => "navigate with \"forward\"",
        (CTRL, "KeyT" | "KeyN") => "new_tab",
        (CTRL, "KeyW" | "F4") => "close_tab",
        (CTRL, "Tab" | "PageUp" | "PageDown") | (CTRL_SHIFT, "Tab") => "switch_tab",
        (CTRL, _) if digit => "switch_tab",
        (CTRL, "KeyL") | (ALT, "KeyD") | (0, "F6") => "navigate with the address",
        // The browser's zoom, in and out. (Ctrl+0 and Ctrl+F are left to the page: editors
        // and document apps take them for their own.)
        (CTRL | CTRL_SHIFT, "Minus" | "Equal" | "NumpadAdd" | "NumpadSubtract") => "zoom to see a region of the screenshot larger",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn editing_chords_name_their_commands() {
        let cmds = |t: &str| parse(t).expect("parses")[0].editing_commands();
        assert_eq!(cmds("ctrl+a"), ["selectAll"]);
        assert_eq!(cmds("cmd+a"), ["selectAll"]);
        assert_eq!(cmds("super+v"), ["paste"]);
        assert_eq!(cmds("ctrl+shift+z"), ["redo"]);
        assert_eq!(cmds("ctrl+y"), ["redo"]);
        assert!(
            cmds("a").is_empty() && cmds("shift+a").is_empty() && cmds("ctrl+alt+a").is_empty()
        );
        assert!(
            cmds("ctrl+cmd+a").is_empty()
                && cmds("ctrl+shift+a").is_empty()
                && cmds("ctrl+b").is_empty()
        );
    }

    use super::*;

    #[test]
    fn a_chord_written_with_spaces_around_its_plus_is_one_chord() {
        let same = |a: &str, b: &str| assert_eq!(parse(a), parse(b), "{a}");
        same("ctrl + a", "ctrl+a");
        same("ctrl+ a", "ctrl+a");
        same("ctrl + shift + t Tab", "ctrl+shift+t Tab");
        assert_eq!(parse("ctrl++ a").map(|c| (c.len(), c[0].key.key.clone())), Ok((2, "+".to_string())));
        assert_eq!(parse("+").map(|c| c.len()), Ok(1));
        assert_eq!(parse("a +").map(|c| c.len()), Ok(2));
        assert_eq!(parse("1 + 2 Return").map(|c| c.len()), Ok(4), "keys that are no modifiers stay apart");
        assert_eq!(tokens("ctrl + r"), vec!["ctrl+r".to_string()]);
        assert_eq!(tokens("ctrl +"), vec!["ctrl".to_string(), "+".to_string()]);
    }

    #[test]
    fn names_map_to_real_key_definitions() {
        let enter = named("Return").expect("Return");
        assert_eq!((enter.key.as_str(), enter.code.as_str(), enter.key_code, enter.text.as_deref()), ("Enter", "Enter", 13, Some("\r")));
        let bs = named("BackSpace").expect("BackSpace");
        assert_eq!((bs.key.as_str(), bs.code.as_str(), bs.key_code), ("Backspace", "Backspace", 8));
        let pu = named("Page_Up").expect("Page_Up");
        assert_eq!((pu.key.as_str(), pu.key_code), ("PageUp", 33));
        assert_eq!(named("F12").map(|k| (k.key, k.key_code)), Some(("F12".into(), 123)));
        assert_eq!(named("a").map(|k| (k.code, k.key_code)), Some(("KeyA".into(), 65)));
        assert_eq!(named("Up").map(|k| k.key), Some("ArrowUp".into()));
        assert!(named("Hyper_X").is_none());
    }

    #[test]
    fn chords_and_sequences() {
        let c = parse("ctrl+a").expect("ctrl+a");
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].bits(), CTRL);
        assert_eq!(c[0].key.code, "KeyA");
        let c = parse("cmd+shift+p").expect("cmd+shift+p");
        assert_eq!(c[0].bits(), META | SHIFT);
        let c = parse("Tab Tab shift+Tab").expect("sequence");
        assert_eq!(c.len(), 3);
        assert_eq!(c[2].bits(), SHIFT);
        let c = parse("ctrl++").expect("ctrl plus");
        assert_eq!((c[0].key.key.as_str(), c[0].bits()), ("+", CTRL | SHIFT));
        assert_eq!(parse("A").expect("A")[0].bits(), SHIFT, "an uppercase letter is typed with Shift");
        // A shortcut's capital letter is its letter; with Shift alone it stays a capital.
        let z = &parse("ctrl+Z").expect("ctrl+Z")[0];
        assert_eq!((z.bits(), z.key.key.as_str()), (CTRL, "z"));
        let a = &parse("shift+A").expect("shift+A")[0];
        assert_eq!((a.bits(), a.key.key.as_str()), (SHIFT, "A"));
        assert!(parse("ctrl+nope").unwrap_err().contains("unknown key"));
        assert!(parse("hyper+a").unwrap_err().contains("unknown modifier"));
    }

    #[test]
    fn characters_have_us_layout_keys() {
        assert_eq!(for_char('!').map(|(k, s)| (k.code, k.key_code, s)), Some(("Digit1".into(), 49, true)));
        assert_eq!(for_char('/').map(|(k, s)| (k.code, s)), Some(("Slash".into(), false)));
        assert_eq!(for_char('Z').map(|(k, s)| (k.key, k.code, s)), Some(("Z".into(), "KeyZ".into(), true)));
        assert_eq!(for_char('é').map(|(k, s)| (k.key, k.key_code, k.text, s)), Some(("é".into(), 0, Some("é".into()), false)));
        assert!(for_char('😀').is_none());
        assert!(for_char('\u{200d}').is_none() && for_char('\u{301}').is_none() && for_char('\u{fe0f}').is_none());
    }

    #[test]
    fn the_browsers_own_shortcuts_are_known() {
        let of = |text: &str| browser_shortcut(&parse(text).expect(text)[0]);
        assert_eq!(of("ctrl+r"), Some("navigate with \"reload\""));
        assert_eq!(of("F5"), Some("navigate with \"reload\""));
        assert_eq!(of("ctrl+shift+R"), Some("navigate with \"reload\""));
        assert_eq!(of("alt+Left"), Some("navigate with \"back\""));
        assert_eq!(of("ctrl+t"), Some("new_tab"));
        assert_eq!(of("ctrl+w"), Some("close_tab"));
        assert_eq!(of("ctrl+shift+Tab"), Some("switch_tab"));
        assert_eq!(of("ctrl+2"), Some("switch_tab"));
        assert_eq!(of("ctrl+l"), Some("navigate with the address"));
        assert_eq!(of("ctrl+minus"), Some("zoom to see a region of the screenshot larger"));
        assert_eq!(of("ctrl+="), Some("zoom to see a region of the screenshot larger"));
        for page_keys in ["ctrl+a", "ctrl+c", "ctrl+s", "ctrl+f", "ctrl+0", "Left", "r", "shift+Tab", "alt+shift+Left", "Tab"] {
            assert_eq!(of(page_keys), None, "{page_keys}");
        }
    }

    #[test]
    fn modifiers_parse_with_aliases() {
        let m = modifiers("cmd+alt").expect("cmd+alt");
        assert_eq!(m.iter().fold(0, |b, k| b | k.modifier), META | ALT);
        assert_eq!(modifiers("super").expect("super")[0].key, "Meta");
        assert!(modifiers("ctrl+bogus").is_err());
    }
}
