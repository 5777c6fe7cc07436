//! Page-supplied text made safe for a browser_state block and for the text Claude reads.
//!
//! Titles are folded to one line but never pre-escaped: the API escapes quotes and
//! backslashes itself. URLs lose credentials before Claude sees them.

/// The API's limit on each tab_id, title, url, download_id, path and error, in characters.
pub const FIELD_MAX: usize = 4096;

/// Characters the API refuses in block fields (control characters and Unicode line or paragraph
/// separators), plus the bidi controls that can make a line read differently than it is.
pub fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{85}')
        || is_bidi_control(c)
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Folds text to one line: each forbidden character becomes a space, runs of spaces from it
/// collapse, and the ends are trimmed.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_space = false;
    for c in text.chars() {
        let c = if is_forbidden(c) { ' ' } else { c };
        if c == ' ' && last_space {
            continue;
        }
        last_space = c == ' ';
        out.push(c);
    }
    out.trim().to_string()
}

/// Cuts `text` to at most `max` characters, marking a cut with an ellipsis.
pub fn bounded(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The longest title Claude reads: a page's own title rarely needs more, and a long one is a
/// place to hide instructions.
pub const TITLE_MAX: usize = 300;

/// A page-supplied title as a tab entry may carry it.
pub fn title(text: &str) -> String {
    bounded(&one_line(text), TITLE_MAX)
}

/// Query-parameter names (lower-cased) whose values are treated as secrets.
const SECRET_PARAM_WORDS: &[&str] = &[
    "token", "key", "signature", "sig", "password", "passwd", "pwd", "auth", "secret", "credential",
    "session", "jwt", "code", "ticket", "x-amz-", "x-goog-",
];

/// Whether a query-parameter name looks like it carries a credential.
pub fn is_secret_param(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    SECRET_PARAM_WORDS.iter().any(|w| lower.contains(w))
}

/// A page-supplied URL as Claude may read it: one line, no userinfo, no secret-looking query
/// parameters, at most [`FIELD_MAX`] characters.
pub fn url(raw: &str) -> String {
    let folded = one_line(raw);
    let Ok(mut parsed) = url::Url::parse(&folded) else {
        return bounded(&folded, FIELD_MAX);
    };
    if parsed.cannot_be_a_base() {
        return bounded(&folded, FIELD_MAX);
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        let _ = parsed.set_username("");
        let _ = parsed.set_password(None);
    }
    if let Some(fragment) = parsed.fragment().filter(|f| f.contains('=')) {
        // OAuth implicit flows put tokens in the fragment: keep only harmless pairs.
        let kept: Vec<&str> = fragment.split('&').filter(|kv| !kv.split_once('=').is_some_and(|(k, _)| is_secret_param(k))).collect();
        let kept = kept.join("&");
        parsed.set_fragment(if kept.is_empty() { None } else { Some(&kept) });
    }
    if parsed.query().is_some() {
        let pairs: Vec<(String, String)> = parsed
            .query_pairs()
            .filter(|(k, _)| !is_secret_param(k))
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        if pairs.is_empty() {
            parsed.set_query(None);
        } else {
            parsed.query_pairs_mut().clear().extend_pairs(pairs);
        }
    }
    bounded(parsed.as_str(), FIELD_MAX)
}

/// What a redacted secret reads as.
pub const REDACTED: &str = "[redacted]";

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~' | '+' | '/' | '=' | '%')
}

/// Hides credential-like values in page-supplied text (console lines, request URLs): JWTs,
/// bearer and basic credentials, Authorization/Cookie header values, and `key=value` pairs whose
/// key looks secret (token, key, password, signature, session, …).
pub fn redact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // A JWT: three base64url parts, the first starting "eyJ".
        if chars[i..].starts_with(&['e', 'y', 'J']) && (i == 0 || !is_token_char(chars[i - 1])) {
            let end = (i..chars.len()).find(|&j| !is_token_char(chars[j])).unwrap_or(chars.len());
            let token: String = chars[i..end].iter().collect();
            if token.split('.').filter(|p| !p.is_empty()).count() >= 3 {
                out.push_str("[redacted JWT]");
                i = end;
                continue;
            }
        }
        // "Bearer xyz", "Basic xyz", "Authorization: …", "Cookie: …", "Set-Cookie: …"
        let rest: String = chars[i..chars.len().min(i + 16)].iter().collect::<String>().to_ascii_lowercase();
        let word_start = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        if word_start {
            let prefixes = ["bearer ", "basic ", "authorization: ", "authorization=", "cookie: ", "set-cookie: ", "cookie="];
            if let Some(prefix) = prefixes.iter().find(|p| rest.starts_with(**p)) {
                let start = i + prefix.chars().count();
                let to_space = prefix.starts_with("bearer") || prefix.starts_with("basic");
                let end = (start..chars.len())
                    .find(|&j| if to_space { chars[j].is_whitespace() || matches!(chars[j], '"' | '\'' | ',') } else { matches!(chars[j], '\n' | '"' | '\'') })
                    .unwrap_or(chars.len());
                if end > start {
                    out.extend(&chars[i..start]);
                    out.push_str(REDACTED);
                    i = end;
                    continue;
                }
            }
        }
        // key=value and key: value with a secret-looking key.
        if (chars[i] == '=' || chars[i] == ':') && i > 0 {
            let key_start = (0..i).rev().find(|&j| !(chars[j].is_ascii_alphanumeric() || matches!(chars[j], '_' | '-'))).map_or(0, |j| j + 1);
            let key: String = chars[key_start..i].iter().collect();
            let mut start = i + 1;
            while chars.get(start) == Some(&' ') && chars[i] == ':' {
                start += 1;
            }
            let end = (start..chars.len()).find(|&j| !is_token_char(chars[j]) || chars[j] == '&').unwrap_or(chars.len());
            if !key.is_empty() && is_secret_param(&key) && end > start {
                out.extend(&chars[i..start]);
                out.push_str(REDACTED);
                i = end;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Replaces `\uXXXX` escapes of lone surrogates in JSON text with `\uFFFD`.
///
/// JavaScript strings may hold lone surrogates (a page title can), and `JSON.stringify` writes
/// them as escapes that a strict JSON parser refuses. Repairing them keeps one bad character
/// from losing a whole message.
pub fn repair_json_surrogates(json: &str) -> std::borrow::Cow<'_, str> {
    if !json.contains("\\u") {
        return std::borrow::Cow::Borrowed(json);
    }
    let bytes = json.as_bytes();
    let hex_at = |i: usize| -> Option<u16> {
        let h = json.get(i..i + 4)?;
        u16::from_str_radix(h, 16).ok()
    };
    let is_escape_at = |i: usize| bytes.get(i) == Some(&b'\\') && bytes.get(i + 1) == Some(&b'u');
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    let mut changed = false;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            if bytes[i + 1] == b'u' {
                if let Some(unit) = hex_at(i + 2) {
                    match unit {
                        0xD800..=0xDBFF => {
                            let pair = is_escape_at(i + 6) && matches!(hex_at(i + 8), Some(0xDC00..=0xDFFF));
                            if pair {
                                out.push_str(&json[i..i + 12]);
                                i += 12;
                            } else {
                                out.push_str("\\uFFFD");
                                changed = true;
                                i += 6;
                            }
                            continue;
                        }
                        0xDC00..=0xDFFF => {
                            out.push_str("\\uFFFD");
                            changed = true;
                            i += 6;
                            continue;
                        }
                        _ => {}
                    }
                }
            }
            // Any other escape: copy the backslash and the whole next character, so an escaped
            // backslash is not re-read (and a multi-byte character is never split).
            let next_len = json[i + 1..].chars().next().map_or(0, char::len_utf8);
            out.push_str(&json[i..i + 1 + next_len]);
            i += 1 + next_len;
            continue;
        }
        let ch_len = json[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&json[i..i + ch_len]);
        i += ch_len;
    }
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_are_redacted() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc123_-x";
        assert_eq!(redact(&format!("token is {jwt} ok")), "token is [redacted JWT] ok");
        assert_eq!(redact("Authorization: Bearer abc.def"), "Authorization: [redacted]");
        assert_eq!(redact("fetch with Bearer s3cr3t done"), "fetch with Bearer [redacted] done");
        assert_eq!(redact("GET /api?user=7&access_token=zzz&x=1"), "GET /api?user=7&access_token=[redacted]&x=1");
        assert_eq!(redact("password: hunter2, name: ada"), "password: [redacted], name: ada");
        assert_eq!(redact("cookie: sid=1; theme=dark"), "cookie: [redacted]");
        assert_eq!(redact("monkey=banana"), "monkey=[redacted]", "key-like names are treated as secret");
        assert_eq!(redact("plain text: nothing secret"), "plain text: nothing secret");
        assert_eq!(redact("café=1 ünï"), "café=1 ünï");
    }

    #[test]
    fn lone_surrogate_escapes_are_repaired() {
        let bad = r#"{"title":"a\ud800b","ok":"\ud83d\ude00","esc":"\\ud800","low":"\udc00"}"#;
        let fixed = repair_json_surrogates(bad);
        let v: serde_json::Value = serde_json::from_str(&fixed).expect("parses after repair");
        assert_eq!(v["title"], "a\u{FFFD}b");
        assert_eq!(v["ok"], "😀");
        assert_eq!(v["esc"], "\\ud800", "an escaped backslash is text, not an escape");
        assert_eq!(v["low"], "\u{FFFD}");
        assert!(matches!(repair_json_surrogates(r#"{"a":"b"}"#), std::borrow::Cow::Borrowed(_)));
        assert_eq!(repair_json_surrogates("\\é \\u"), "\\é \\u", "no panic on a backslash before a multi-byte character");
    }

    #[test]
    fn folds_to_one_line() {
        assert_eq!(one_line("a\nb\u{2028}c\u{202E}d\te"), "a b c d e");
        assert_eq!(one_line("  x  "), "x");
        assert_eq!(title("say \"hi\" \\ ok"), "say \"hi\" \\ ok", "titles are never pre-escaped");
    }

    #[test]
    fn bounds_length() {
        let long = "x".repeat(5000);
        assert_eq!(title(&long).chars().count(), TITLE_MAX);
        assert!(title(&long).ends_with('…'));
    }

    #[test]
    fn strips_credentials_from_urls() {
        assert_eq!(url("https://user:pw@example.com/a?x=1&token=abc&X-Amz-Signature=zz"), "https://example.com/a?x=1");
        assert_eq!(url("https://example.com/a?api_key=1"), "https://example.com/a");
        assert_eq!(url("about:blank"), "about:blank");
        assert_eq!(url("https://app.example/cb#access_token=abc&token_type=Bearer&state=1"), "https://app.example/cb#state=1");
        assert_eq!(url("https://a.example/#section-2"), "https://a.example/#section-2");
        assert_eq!(url("https://example.com/docs"), "https://example.com/docs");
    }
}
