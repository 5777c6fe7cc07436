//! What a `navigate` url means: a history step, or an http(s) address to load.

/// A checked navigate target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NavTarget {
    Back,
    Forward,
    Reload,
    Url(String),
}

/// Schemes a navigate may load. Everything else is refused.
const ALLOWED_SCHEMES: &[&str] = &["http", "https"];

/// Turns Claude's `url` into a target, or explains why it is refused.
///
/// A url without a scheme gets `https://`. Only http, https and `about:blank` are accepted.
pub fn parse_target(raw: &str) -> Result<NavTarget, String> {
    let text = raw.trim();
    match text.to_ascii_lowercase().as_str() {
        "back" => return Ok(NavTarget::Back),
        "forward" => return Ok(NavTarget::Forward),
        "reload" => return Ok(NavTarget::Reload),
        "about:blank" => return Ok(NavTarget::Url("about:blank".into())),
        _ => {}
    }
    if text.is_empty() {
        return Err("navigate needs a url, or \"back\", \"forward\" or \"reload\".".into());
    }
    if text.chars().any(|c| c.is_control() || c == ' ') {
        return Err("The url contains spaces or control characters. Percent-encode them, or pass the address alone.".into());
    }
    let with_scheme = match scheme_of(text) {
        Some(scheme) => {
            if !ALLOWED_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()) {
                return Err(format!(
                    "Refused to navigate to a {}: URL. Only http and https addresses (and about:blank) can be opened.",
                    scheme.to_ascii_lowercase()
                ));
            }
            text.to_string()
        }
        None => format!("https://{text}"),
    };
    let parsed = url::Url::parse(&with_scheme).map_err(|e| format!("{text:?} is not a valid URL ({e})."))?;
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(format!("{text:?} has no host name. Pass an address such as https://example.com/."));
    }
    Ok(NavTarget::Url(parsed.to_string()))
}

/// The scheme `text` starts with, if it has one. `localhost:8080/x` has none: what follows the
/// colon is a port.
fn scheme_of(text: &str) -> Option<&str> {
    let colon = text.find(':')?;
    let (head, rest) = (&text[..colon], &text[colon + 1..]);
    let mut chars = head.chars();
    let first = chars.next()?;
    if !first.is_ascii_alphabetic() || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')) {
        return None;
    }
    let port_like = {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        !digits.is_empty() && matches!(rest[digits.len()..].chars().next(), None | Some('/' | '?' | '#'))
    };
    if port_like && !rest.starts_with("//") {
        return None;
    }
    Some(head)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> String {
        match parse_target(s) {
            Ok(NavTarget::Url(u)) => u,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn history_words() {
        assert_eq!(parse_target(" Back "), Ok(NavTarget::Back));
        assert_eq!(parse_target("forward"), Ok(NavTarget::Forward));
        assert_eq!(parse_target("RELOAD"), Ok(NavTarget::Reload));
    }

    #[test]
    fn missing_scheme_gets_https() {
        assert_eq!(url("example.com/docs"), "https://example.com/docs");
        assert_eq!(url("localhost:8080/x"), "https://localhost:8080/x");
        assert_eq!(url("127.0.0.1:9/"), "https://127.0.0.1:9/");
        assert_eq!(url("http://127.0.0.1:5/a"), "http://127.0.0.1:5/a");
        assert_eq!(url("about:blank"), "about:blank");
    }

    #[test]
    fn other_schemes_are_refused() {
        for bad in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi", "chrome://settings",
                    "view-source:https://a.com", "chrome-extension://abc/x.html", "ftp://a.com", "about:config"] {
            let err = parse_target(bad).expect_err(bad);
            assert!(err.starts_with("Refused to navigate"), "{bad}: {err}");
        }
    }

    #[test]
    fn malformed_is_explained() {
        assert!(parse_target("https://").is_err());
        assert!(parse_target("a b").unwrap_err().contains("spaces"));
    }
}
