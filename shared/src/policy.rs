//! The browsing policy: which hosts may be opened, which actions need a person's approval, and
//! where uploads may come from. `tabwright launch --policy FILE` loads it (JSON).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The policy file's contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    /// Hosts that may be opened; when non-empty, every other host is refused.
    /// `example.com` (that host), `*.example.com` (it and its subdomains), `localhost:8080` (one port).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<String>,
    /// Hosts that are always refused, whatever `allow` says.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub block: Vec<String>,
    /// Members that need a person's approval besides javascript_exec and file_upload.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub confirm_members: Vec<String>,
    /// Clicks on an element whose name contains one of these words (`buy|pay|delete|send`) need approval.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm_clicks: Option<String>,
    /// Members that run without asking even though they normally need approval. Only for
    /// sessions nobody watches; each entry widens what a manipulated page can make Claude do.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auto_approve: Vec<String>,
    /// Seconds a person has to answer a confirmation (default 60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm_timeout_secs: Option<u64>,
    /// Folders file_upload may read from. None means every path is refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upload_roots: Vec<PathBuf>,
    /// Staged files file_upload may name by document id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub documents: BTreeMap<String, PathBuf>,
    /// Show the overlay (banner with Stop, pointer marker, highlight) on the controlled tab.
    /// On by default; turning it off is for sessions nobody watches.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub overlay: bool,
    /// Nobody can see the browser to answer an approval (`launch` sets this for a headless
    /// browser with no DevTools port open to the outside): an action that needs one is refused
    /// at once instead of after `confirm_timeout_secs`.
    #[serde(default, skip_serializing_if = "is_no")]
    pub unwatched: bool,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

fn is_no(b: &bool) -> bool {
    !*b
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            allow: Vec::new(),
            block: Vec::new(),
            confirm_members: Vec::new(),
            confirm_clicks: None,
            auto_approve: Vec::new(),
            confirm_timeout_secs: None,
            upload_roots: Vec::new(),
            documents: BTreeMap::new(),
            overlay: true,
            unwatched: false,
        }
    }
}

/// Seconds a person has to answer a confirmation when the policy does not say.
pub const DEFAULT_CONFIRM_SECS: u64 = 60;
/// What a call needs besides the person's answer, within its time limit.
const CONFIRM_MARGIN_SECS: u64 = 5;

/// Every kind of request a page can make, as declarativeNetRequest names them. The host lists
/// apply to all of them: a page on an allowed site must not reach any other host by a script,
/// an image, a beacon or a WebSocket either.
pub const RESOURCE_TYPES: &[&str] = &[
    "main_frame", "sub_frame", "stylesheet", "script", "image", "font", "object", "xmlhttprequest", "ping", "csp_report", "media",
    "websocket", "webtransport", "webbundle", "other",
];

/// The URL schemes that reach the network (an RE2 prefix): http, https, ws and wss. Everything
/// else a page can name (data:, blob:, the extension's own chrome-extension:// pages) stays in
/// the browser.
const NETWORK_SCHEMES: &str = "(https?|wss?)://";

/// The host (and port, when the URL names one) a request goes to, as a notice names it.
pub fn host_label(url: &str) -> Option<String> {
    let parsed = crate::navigation::parse_url(url).ok()?;
    let host = parsed.host_str()?;
    Some(match parsed.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    })
}

/// One host pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRule {
    host: String,
    subdomains: bool,
    port: Option<u16>,
}

impl HostRule {
    pub fn parse(text: &str) -> Result<HostRule, String> {
        let t = text.trim().to_ascii_lowercase();
        let (subdomains, rest) = match t.strip_prefix("*.") {
            Some(rest) => (true, rest),
            None => (false, t.as_str()),
        };
        let (host, port) = match rest.rsplit_once(':') {
            Some((h, p)) if !h.contains(':') => (h, Some(p.parse::<u16>().map_err(|_| format!("{text:?}: the port must be a number"))?)),
            _ => (rest, None),
        };
        if host.is_empty() || !host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')) {
            return Err(format!("{text:?} is not a host pattern; use example.com, *.example.com or host:port"));
        }
        Ok(HostRule { host: host.to_string(), subdomains, port })
    }

    pub fn matches(&self, host: &str, port: Option<u16>) -> bool {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let host_ok = host == self.host || (self.subdomains && host.ends_with(&format!(".{}", self.host)));
        host_ok && self.port.is_none_or(|p| Some(p) == port)
    }

    /// An RE2 pattern matching the http(s) and ws(s) URLs of this rule, for declarativeNetRequest.
    pub fn url_regex(&self) -> String {
        let host = self.host.replace('.', "\\.");
        // Any subdomain label (underscores included); a trailing dot names the same host.
        let sub = if self.subdomains { "([^/?#@:.]+\\.)*" } else { "" };
        let port = match self.port {
            // Browsers drop a scheme's default port from the URL (80 for http and ws, 443 for
            // https and wss).
            Some(p @ (80 | 443)) => format!("(:{p})?"),
            Some(p) => format!(":{p}"),
            None => "(:[0-9]+)?".to_string(),
        };
        format!("^{NETWORK_SCHEMES}([^/?#@]*@)?{sub}{host}\\.?{port}([/?#]|$)")
    }
}

impl Policy {
    /// Reads and checks a policy file's text.
    pub fn parse(text: &str) -> Result<Policy, String> {
        let p: Policy = serde_json::from_str(text).map_err(|e| format!("the policy is not valid: {e}"))?;
        for h in p.allow.iter().chain(&p.block) {
            HostRule::parse(h)?;
        }
        for m in p.confirm_members.iter().chain(&p.auto_approve) {
            if crate::Member::from_name(m).is_none() {
                return Err(format!("{m:?} is not a member of browser_toolset_20260801"));
            }
        }
        Ok(p)
    }

    fn rules(list: &[String]) -> Vec<HostRule> {
        list.iter().filter_map(|h| HostRule::parse(h).ok()).collect()
    }

    /// Whether an http(s) URL may be opened; the error says why not.
    pub fn check_url(&self, url: &str) -> Result<(), String> {
        let Ok(parsed) = crate::navigation::parse_url(url) else { return Ok(()) };
        if !matches!(parsed.scheme(), "http" | "https") {
            return Ok(());
        }
        self.check_host(&parsed)
    }

    /// Whether the block and allow lists let a request go to this URL's host and port.
    fn check_host(&self, parsed: &crate::navigation::Url) -> Result<(), String> {
        let host = parsed.host_str().unwrap_or_default();
        let port = parsed.port_or_known_default();
        if Self::rules(&self.block).iter().any(|r| r.matches(host, port)) {
            return Err(format!("{host} is blocked by this session's browsing policy"));
        }
        let allow = Self::rules(&self.allow);
        if !allow.is_empty() && !allow.iter().any(|r| r.matches(host, port)) {
            return Err(format!("{host} is not on this session's list of allowed sites"));
        }
        Ok(())
    }

    /// Whether the network rules refuse a request to this URL (http, https, ws or wss).
    pub fn refuses_request(&self, url: &str) -> bool {
        let Ok(parsed) = crate::navigation::parse_url(url) else { return false };
        // (The default ports of ws and wss are those of http and https.)
        matches!(parsed.scheme(), "http" | "https" | "ws" | "wss") && self.check_host(&parsed).is_err()
    }

    /// Whether a click on an element with this name needs approval.
    pub fn click_needs_confirmation(&self, name: &str) -> bool {
        let name = crate::sanitize::lowercase(name);
        self.confirm_clicks
            .as_deref()
            .is_some_and(|p| p.split('|').map(|w| crate::sanitize::lowercase(w.trim())).filter(|w| !w.is_empty()).any(|w| name.contains(&w)))
    }

    /// Whether a member needs a person's approval under this policy.
    /// Seconds a person has to answer a confirmation.
    pub fn confirm_secs(&self) -> u64 {
        self.confirm_timeout_secs.unwrap_or(DEFAULT_CONFIRM_SECS)
    }

    /// Shortens the time a person has to answer so that it ends before a call's own time limit
    /// (with a margin for the rest of the call): silence is then reported as the person's, not as
    /// a browser that did not finish. Whether it had to.
    pub fn fit_confirmation_within(&mut self, call_limit_secs: u64) -> bool {
        let room = call_limit_secs.saturating_sub(CONFIRM_MARGIN_SECS).max(1);
        if self.confirm_secs() <= room {
            return false;
        }
        self.confirm_timeout_secs = Some(room);
        true
    }

    pub fn member_needs_confirmation(&self, member: crate::Member) -> bool {
        let listed = |list: &[String]| list.iter().any(|m| m == member.name());
        (member.row().confirm_required || listed(&self.confirm_members)) && !listed(&self.auto_approve)
    }

    /// The declarativeNetRequest session rules that enforce the host lists on every request a
    /// page makes, documents (typed addresses, links, forms, scripts, redirects, frames) and
    /// subresources (fetch, images, scripts, styles, fonts, media, beacons, WebSockets) alike.
    /// The browser applies them before the request leaves, so a refused host gets no byte.
    pub fn network_rules(&self) -> serde_json::Value {
        let every = serde_json::json!(RESOURCE_TYPES);
        let mut rules = Vec::new();
        let allow = Self::rules(&self.allow);
        if !allow.is_empty() {
            rules.push(serde_json::json!({"id": 1, "priority": 1, "action": {"type": "block"},
                "condition": {"regexFilter": format!("^{NETWORK_SCHEMES}"), "resourceTypes": every}}));
            for (i, r) in allow.iter().enumerate() {
                rules.push(serde_json::json!({"id": 100 + i, "priority": 2, "action": {"type": "allow"},
                    "condition": {"regexFilter": r.url_regex(), "resourceTypes": every}}));
            }
        }
        for (i, r) in Self::rules(&self.block).iter().enumerate() {
            rules.push(serde_json::json!({"id": 1000 + i, "priority": 3, "action": {"type": "block"},
                "condition": {"regexFilter": r.url_regex(), "resourceTypes": every}}));
        }
        serde_json::Value::Array(rules)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_confirmation_ends_before_the_call_it_belongs_to() {
        let mut p = Policy::default();
        assert!(!p.fit_confirmation_within(90), "60 s fits in 90");
        assert_eq!(p.confirm_secs(), 60);
        assert!(p.fit_confirmation_within(30));
        assert_eq!(p.confirm_secs(), 25);
        let mut tiny = Policy {
            confirm_timeout_secs: Some(10),
            ..Policy::default()
        };
        assert!(tiny.fit_confirmation_within(3));
        assert_eq!(tiny.confirm_secs(), 1, "never zero");
    }

    use super::*;

    #[test]
    fn host_patterns() {
        let exact = HostRule::parse("example.com").expect("exact");
        assert!(exact.matches("example.com", Some(443)) && exact.matches("EXAMPLE.com.", None));
        assert!(!exact.matches("www.example.com", None) && !exact.matches("badexample.com", None));
        let sub = HostRule::parse("*.example.com").expect("sub");
        assert!(sub.matches("a.b.example.com", None) && sub.matches("example.com", None) && !sub.matches("example.org", None));
        let port = HostRule::parse("localhost:8080").expect("port");
        assert!(port.matches("localhost", Some(8080)) && !port.matches("localhost", Some(80)));
        assert!(HostRule::parse("exa mple.com").is_err() && HostRule::parse("host:http").is_err());
    }

    #[test]
    fn allow_and_block_lists() {
        let p = Policy::parse(r#"{"allow": ["*.example.com", "127.0.0.1"], "block": ["evil.example.com"]}"#).expect("policy");
        assert!(p.check_url("https://docs.example.com/x").is_ok());
        assert!(p.check_url("http://127.0.0.1:5000/").is_ok());
        assert!(p.check_url("https://evil.example.com/").unwrap_err().contains("blocked"));
        assert!(p.check_url("https://other.org/").unwrap_err().contains("not on this session's list"));
        assert!(p.check_url("https://user@other.org/").is_err());
        assert!(Policy::default().check_url("https://anything.org/").is_ok());
        // A host written in Unicode is the host of its ASCII name.
        let p = Policy::parse(r#"{"block": ["xn--bcher-kva.example"]}"#).expect("policy");
        assert!(p.check_url("https://BÜCHER.example/").unwrap_err().contains("blocked"));
        assert!(p.refuses_request("wss://bücher.example/live"));
        assert!(Policy::parse(r#"{"allow": ["bad host"]}"#).is_err());
        assert!(Policy::parse(r#"{"alow": []}"#).unwrap_err().contains("unknown field"));
    }

    #[test]
    fn regexes_cover_ports_userinfo_and_subdomains() {
        let r = HostRule::parse("*.example.com").expect("sub").url_regex();
        assert_eq!(r, "^(https?|wss?)://([^/?#@]*@)?([^/?#@:.]+\\.)*example\\.com\\.?(:[0-9]+)?([/?#]|$)");
        assert_eq!(HostRule::parse("a.com:443").expect("port").url_regex(), "^(https?|wss?)://([^/?#@]*@)?a\\.com\\.?(:443)?([/?#]|$)");
        let rules = Policy::parse(r#"{"allow": ["a.com"], "block": ["b.com"]}"#).expect("p").network_rules();
        assert_eq!(rules.as_array().map(Vec::len), Some(3));
    }

    #[test]
    fn rules_cover_every_request_a_page_makes() {
        let rules = Policy::parse(r#"{"allow": ["a.com"], "block": ["b.com"]}"#).expect("p").network_rules();
        for rule in rules.as_array().expect("rules") {
            let types: Vec<&str> = rule["condition"]["resourceTypes"].as_array().expect("types").iter().filter_map(|t| t.as_str()).collect();
            for kind in ["main_frame", "sub_frame", "xmlhttprequest", "image", "script", "stylesheet", "font", "media", "websocket", "ping", "other"] {
                assert!(types.contains(&kind), "{kind} missing from {rule}");
            }
            let regex = rule["condition"]["regexFilter"].as_str().expect("regex");
            assert!(regex.starts_with("^(https?|wss?)://"), "WebSocket URLs are covered too: {regex}");
        }
        assert_eq!(host_label("ws://127.0.0.1:9/x?secret=1").as_deref(), Some("127.0.0.1:9"));
        assert_eq!(host_label("https://a.example/path?q=1").as_deref(), Some("a.example"));
        assert_eq!(host_label("data:text/plain,x"), None);
        let p = Policy::parse(r#"{"allow": ["127.0.0.1:8000"]}"#).expect("p");
        assert!(p.refuses_request("ws://127.0.0.1:9000/socket") && p.refuses_request("wss://a.example/"));
        assert!(!p.refuses_request("ws://127.0.0.1:8000/socket") && !p.refuses_request("http://127.0.0.1:8000/x"));
        assert!(!p.refuses_request("data:text/plain,x") && !p.refuses_request("blob:http://127.0.0.1:8000/1"));
    }

    #[test]
    fn confirmations() {
        let p = Policy::parse(r#"{"confirm_clicks": "buy|pay|Delete", "confirm_members": ["navigate"]}"#).expect("p");
        assert!(p.click_needs_confirmation("Buy now") && p.click_needs_confirmation("delete account") && !p.click_needs_confirmation("Search"));
        assert!(p.member_needs_confirmation(crate::Member::Navigate) && p.member_needs_confirmation(crate::Member::JavascriptExec));
        assert!(!p.member_needs_confirmation(crate::Member::LeftClick));
        let p = Policy::parse(r#"{"auto_approve": ["javascript_exec"]}"#).expect("p");
        assert!(!p.member_needs_confirmation(crate::Member::JavascriptExec) && p.member_needs_confirmation(crate::Member::FileUpload));
    }
}
