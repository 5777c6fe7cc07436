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
    let parsed = parse_url(&with_scheme).map_err(|e| format!("{text:?} is not a valid URL ({e})."))?;
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(format!("{text:?} has no host name. Pass an address such as https://example.com/."));
    }
    Ok(NavTarget::Url(parsed.to_string()))
}

/// Parses an absolute URL whose host may be written in Unicode (`https://münchen.de/`).
///
/// The `url` crate is built without Unicode tables (the Wasm core is built for size, and Chrome
/// reports every address it holds with its host already in ASCII): a host with non-ASCII letters
/// is lowercased and each such label encoded as punycode (`xn--mnchen-3ya.de`) here. Unicode
/// normalization beyond lowercasing is not done.
/// Every URL the project parses goes through here: the crate's stand-in for the tables must not
/// see a host that mixes non-ASCII letters with uppercase ones.
pub fn parse_url(text: &str) -> Result<url::Url, url::ParseError> {
    match with_ascii_host(text) {
        Some(ascii) => url::Url::parse(&ascii),
        None => url::Url::parse(text),
    }
}

/// `text` with its host's non-ASCII labels in punycode, when it has a host written so.
fn with_ascii_host(text: &str) -> Option<String> {
    // As the URL parser reads a special scheme's address: any slashes and backslashes after the
    // colon, then the authority.
    let colon = text.find(':')?;
    let start = colon + 1 + text[colon + 1..].find(|c| c != '/' && c != '\\')?;
    let rest = &text[start..];
    let authority_end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    let host_and_port = &authority[host_start..];
    let host_end = host_and_port.rfind(':').filter(|&c| host_and_port[c + 1..].bytes().all(|b| b.is_ascii_digit())).unwrap_or(host_and_port.len());
    let host = &host_and_port[..host_end];
    if host.is_ascii() {
        return None;
    }
    // The full stops of CJK scripts separate labels as "." does.
    let host = host.to_lowercase().replace(['\u{3002}', '\u{ff0e}', '\u{ff61}'], ".");
    let labels: Option<Vec<String>> =
        host.split('.').map(|label| if label.is_ascii() { Some(label.to_string()) } else { idna::punycode::encode_str(label).map(|p| format!("xn--{p}")) }).collect();
    let at = start + host_start;
    Some(format!("{}{}{}", &text[..at], labels?.join("."), &text[at + host_end..]))
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
    fn unicode_hosts_are_opened_by_their_ascii_names() {
        assert_eq!(url("münchen.de"), "https://xn--mnchen-3ya.de/");
        assert_eq!(url("https://MÜNCHEN.de/straße?q=ü#top"), "https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%C3%BC#top");
        assert_eq!(url("http://user@bücher.example:8443/x"), "http://user@xn--bcher-kva.example:8443/x");
        assert_eq!(url("https://例子。测试/"), "https://xn--fsqu00a.xn--0zwm56d/");
        assert_eq!(url("https://xn--mnchen-3ya.de/"), "https://xn--mnchen-3ya.de/");
        assert_eq!(url("https:\\\\Bücher.example\\x"), "https://xn--bcher-kva.example/x");
        assert!(parse_target("https://ü<>.de/").is_err());
        // Shapes the parser takes for a host that this does not rewrite are refused, not a panic.
        assert!(parse_target("https://%41%C3%BC.de/").is_err());
        assert!(parse_target("\\A\u{11937}").is_ok());
    }

    #[test]
    fn malformed_is_explained() {
        assert!(parse_target("https://").is_err());
        assert!(parse_target("a b").unwrap_err().contains("spaces"));
    }
}
