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

/// A page-supplied title as a tab entry may carry it.
pub fn title(text: &str) -> String {
    bounded(&one_line(text), FIELD_MAX)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_to_one_line() {
        assert_eq!(one_line("a\nb\u{2028}c\u{202E}d\te"), "a b c d e");
        assert_eq!(one_line("  x  "), "x");
        assert_eq!(title("say \"hi\" \\ ok"), "say \"hi\" \\ ok", "titles are never pre-escaped");
    }

    #[test]
    fn bounds_length() {
        let long = "x".repeat(5000);
        assert_eq!(title(&long).chars().count(), FIELD_MAX);
        assert!(title(&long).ends_with('…'));
    }

    #[test]
    fn strips_credentials_from_urls() {
        assert_eq!(url("https://user:pw@example.com/a?x=1&token=abc&X-Amz-Signature=zz"), "https://example.com/a?x=1");
        assert_eq!(url("https://example.com/a?api_key=1"), "https://example.com/a");
        assert_eq!(url("about:blank"), "about:blank");
        assert_eq!(url("https://example.com/docs"), "https://example.com/docs");
    }
}
