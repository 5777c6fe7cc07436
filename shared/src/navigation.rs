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
/// A url without a scheme gets `https://` (`http://` for a local server). Only http, https and
/// `about:blank` are accepted.
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
                let scheme = scheme.to_ascii_lowercase();
                let article = if scheme.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                return Err(format!("Refused to navigate to {article} {scheme}: URL. Only http and https addresses (and about:blank) can be opened."));
            }
            text.to_string()
        }
        // A server on this machine or the local network (a dev server at localhost:3000) is
        // asked for over plain http, as the browser's address bar does: it seldom speaks https.
        None if local_host(text.split(['/', '?', '#']).next().unwrap_or_default()) => format!("http://{text}"),
        None => format!("https://{text}"),
    };
    let parsed = parse_url(&with_scheme).map_err(|e| format!("{text:?} is not a valid URL ({e})."))?;
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(format!("{text:?} has no host name. Pass an address such as https://example.com/."));
    }
    Ok(NavTarget::Url(parsed.to_string()))
}

/// Whether an address's host and port, as written (`localhost:3000`, `[::1]:8000`), name this
/// machine or the local network, which the browser does not upgrade to https: localhost and
/// names under it, an IP address, or a name of one label.
fn local_host(authority: &str) -> bool {
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host.starts_with('[') {
        return true;
    }
    let host = host.split(':').next().unwrap_or_default().trim_end_matches('.').to_ascii_lowercase();
    let ipv4 = host.split('.').count() == 4 && host.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    !host.is_empty() && (host == "localhost" || host.ends_with(".localhost") || ipv4 || !host.contains('.'))
}

/// Parses an absolute URL whose host may be written in Unicode (`https://münchen.de/`).
///
/// The `url` crate is built without Unicode tables (the Wasm core is built for size, and Chrome
/// reports every address it holds with its host already in ASCII): a host with non-ASCII letters
/// is lowercased and each such label encoded as punycode (`xn--mnchen-3ya.de`) here. A host the
/// browser would map further (full-width letters, a soft hyphen, ẞ, percent-escapes) is refused
/// rather than sent to another host than the browser's. Every URL the project parses goes
/// through here.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse_url(text: &str) -> Result<Url, ParseError> {
    match with_ascii_host(text)? {
        Some(ascii) => url::Url::parse(&ascii),
        None => url::Url::parse(text),
    }
}

/// In the Wasm core, the engine parses (see [`crate::weburl`]): a Unicode host is put into ASCII
/// as the browser will when it loads the address.
#[cfg(target_arch = "wasm32")]
pub fn parse_url(text: &str) -> Result<Url, ParseError> {
    Url::parse(text)
}

#[cfg(not(target_arch = "wasm32"))]
pub use url::{ParseError, Url};
#[cfg(target_arch = "wasm32")]
pub use crate::weburl::{ParseError, Url};

/// `text` with its host's non-ASCII labels in punycode, when it has a host written so; an error
/// for a host that cannot be written so faithfully.
#[cfg(not(target_arch = "wasm32"))]
fn with_ascii_host(text: &str) -> Result<Option<String>, url::ParseError> {
    let Some(colon) = text.find(':') else { return Ok(None) };
    // As the URL parser reads a special scheme's address: any slashes and backslashes after the
    // colon, then the authority.
    // Only the schemes whose hosts are domain names.
    if !matches!(text[..colon].to_ascii_lowercase().as_str(), "http" | "https" | "ws" | "wss" | "ftp") {
        return Ok(None);
    }
    let Some(after) = text[colon + 1..].find(|c| c != '/' && c != '\\') else { return Ok(None) };
    let start = colon + 1 + after;
    let rest = &text[start..];
    let authority_end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    let host_and_port = &authority[host_start..];
    let host_end = host_and_port.rfind(':').filter(|&c| host_and_port[c + 1..].bytes().all(|b| b.is_ascii_digit())).unwrap_or(host_and_port.len());
    let host = &host_and_port[..host_end];
    if host.is_ascii() {
        return Ok(None);
    }
    // The full stops of CJK scripts separate labels as "." does.
    let host = host.replace(['\u{3002}', '\u{ff0e}', '\u{ff61}'], ".");
    if host.chars().any(mapped_further) {
        return Err(url::ParseError::IdnaError);
    }
    let host = crate::sanitize::lowercase(&host);
    let labels: Option<Vec<String>> = host
        .split('.')
        .map(|label| match label {
            // A DNS label holds at most 63 bytes (and punycode takes time growing with the square).
            l if l.len() > 63 => None,
            l if l.is_ascii() => Some(l.to_string()),
            l => idna::punycode::encode_str(l).map(|p| format!("xn--{p}")),
        })
        .collect();
    let Some(labels) = labels else { return Err(url::ParseError::IdnaError) };
    let at = start + host_start;
    Ok(Some(format!("{}{}{}", &text[..at], labels.join("."), &text[at + host_end..])))
}

/// Characters a browser maps to others in a host name before looking it up (UTS 46), which this
/// lowercasing does not: percent-escapes, full-width and half-width forms, invisible joiners and
/// hyphens, variation selectors, and ẞ (ß is kept as is, as browsers do).
#[cfg(not(target_arch = "wasm32"))]
fn mapped_further(c: char) -> bool {
    matches!(c, '%' | '\u{ad}' | '\u{1e9e}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{fe00}'..='\u{fe0f}' | '\u{ff00}'..='\u{ffef}')
}

/// The scheme `text` starts with, if it has one. `localhost:8080/x` has none: what follows the
/// colon is a port.
pub fn scheme_of(text: &str) -> Option<&str> {
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
    fn missing_scheme_gets_https_or_http_for_a_local_server() {
        assert_eq!(url("example.com/docs"), "https://example.com/docs");
        assert_eq!(url("www.example.co.uk"), "https://www.example.co.uk/");
        assert_eq!(url("localhost:8080/x"), "http://localhost:8080/x");
        assert_eq!(url("app.localhost:3000"), "http://app.localhost:3000/");
        assert_eq!(url("127.0.0.1:9/"), "http://127.0.0.1:9/");
        assert_eq!(url("192.168.1.20/admin"), "http://192.168.1.20/admin");
        assert_eq!(url("[::1]:8000/"), "http://[::1]:8000/");
        assert_eq!(url("devbox:8080"), "http://devbox:8080/");
        assert_eq!(url("https://localhost:8443/"), "https://localhost:8443/");
        assert_eq!(url("1.2.3.example.com"), "https://1.2.3.example.com/");
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
        assert!(parse_target("about:config").expect_err("about:").starts_with("Refused to navigate to an about: URL."));
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
        // Hosts the browser would map to others are refused, not sent elsewhere.
        for mapped in ["https://ｅxämple.com/", "https://ex\u{ad}ämple.com/", "https://STRAẞE.de/", "https://a%2eü.de/"] {
            assert!(parse_target(mapped).is_err(), "{mapped}");
        }
        assert!(parse_target(&format!("https://{}.de/", "ü".repeat(40))).is_err(), "a label over 63 bytes");
        assert_eq!(crate::sanitize::url("about:ü"), "about:ü", "only domain names are rewritten");
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
