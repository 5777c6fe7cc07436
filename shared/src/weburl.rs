//! URLs in the Wasm core: the engine's own `URL`, which parses as the browser that will load
//! them does (WHATWG, with full IDNA), instead of a second parser compiled into the core. The
//! bridge uses the `url` crate, whose API this mirrors for what the project needs.

#[cfg(target_arch = "wasm32")]
use js_sys::{wasm_bindgen::JsValue, Reflect};

/// An absolute URL the engine parsed: its `URL` object, whose setters change it as the URL
/// standard says, and its parts as read from it after each change.
#[derive(Clone, Debug)]
pub struct Url {
    #[cfg(target_arch = "wasm32")]
    object: JsValue,
    href: String,
    /// The scheme, without its colon.
    scheme: String,
    /// Whether "//" and an authority follow the scheme.
    authority: bool,
    username: String,
    password: String,
    hostname: String,
    port: String,
    pathname: String,
    /// With its "?" (empty when there is no query, or an empty one).
    search: String,
    /// With its "#" (empty when there is no fragment, or an empty one).
    hash: String,
}

/// The engine refused the text as a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError;

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the browser cannot parse it as an address")
    }
}

#[cfg(target_arch = "wasm32")]
impl Url {
    pub fn parse(text: &str) -> Result<Url, ParseError> {
        let ctor = Reflect::get(&js_sys::global(), &JsValue::from_str("URL")).map_err(|_| ParseError)?;
        let object = Reflect::construct(&ctor.into(), &js_sys::Array::of1(&JsValue::from_str(text))).map_err(|_| ParseError)?;
        Ok(Url::read(object))
    }

    /// The parts of an engine's `URL` object, as it serializes them now.
    fn read(object: JsValue) -> Url {
        let part = |name: &str| Reflect::get(&object, &JsValue::from_str(name)).ok().and_then(|v| v.as_string()).unwrap_or_default();
        let parts = [part("href"), part("protocol"), part("username"), part("password"), part("hostname"), part("port"), part("pathname"), part("search"), part("hash")];
        Url::from_parts(object, parts)
    }

    /// Sets one of the object's parts through its setter, and reads its parts again.
    fn set(&mut self, name: &str, value: &str) {
        let _ = Reflect::set(&self.object, &JsValue::from_str(name), &JsValue::from_str(value));
        *self = Url::read(self.object.clone());
    }
}

impl Url {
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn from_parts(#[cfg(target_arch = "wasm32")] object: JsValue, parts: [String; 9]) -> Url {
        let [href, protocol, username, password, hostname, port, pathname, search, hash] = parts;
        let scheme = protocol.strip_suffix(':').unwrap_or(&protocol).to_string();
        let authority = href.get(scheme.len() + 1..).is_some_and(|rest| rest.starts_with("//"));
        Url {
            #[cfg(target_arch = "wasm32")]
            object,
            href,
            scheme,
            authority,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
        }
    }

    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// Whether the address has an opaque path (`mailto:`, `data:`, `javascript:`).
    pub fn cannot_be_a_base(&self) -> bool {
        !self.authority && !self.pathname.starts_with('/')
    }

    pub fn username(&self) -> &str {
        &self.username
    }

    pub fn password(&self) -> Option<&str> {
        Some(self.password.as_str()).filter(|p| !p.is_empty())
    }

    pub fn host_str(&self) -> Option<&str> {
        Some(self.hostname.as_str()).filter(|h| !h.is_empty())
    }

    /// The port the address names (none when it is its scheme's default).
    pub fn port(&self) -> Option<u16> {
        self.port.parse().ok()
    }

    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port().or(match self.scheme.as_str() {
            "http" | "ws" => Some(80),
            "https" | "wss" => Some(443),
            "ftp" => Some(21),
            _ => None,
        })
    }

    pub fn query(&self) -> Option<&str> {
        self.search.strip_prefix('?')
    }

    pub fn fragment(&self) -> Option<&str> {
        self.hash.strip_prefix('#')
    }

    pub fn as_str(&self) -> &str {
        &self.href
    }
}

#[cfg(target_arch = "wasm32")]
impl Url {
    /// Drops the user name and password.
    pub fn clear_userinfo(&mut self) {
        self.set("username", "");
        self.set("password", "");
    }

    /// Sets the query, as it is already encoded.
    pub fn set_query(&mut self, query: Option<&str>) {
        self.set("search", query.unwrap_or_default());
    }

    /// Sets the fragment, as it is already encoded.
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        self.set("hash", fragment.unwrap_or_default());
    }
}

impl std::fmt::Display for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.href)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts as the engine gives them for `href`, read here from the `url` crate.
    fn from_crate(href: &str) -> Url {
        let u = url::Url::parse(href).expect(href);
        let port = u.port().map(|p| p.to_string()).unwrap_or_default();
        let search = u.query().map(|q| format!("?{q}")).filter(|s| s != "?").unwrap_or_default();
        let hash = u.fragment().map(|f| format!("#{f}")).filter(|s| s != "#").unwrap_or_default();
        let protocol = format!("{}:", u.scheme());
        Url::from_parts([u.as_str().into(), protocol, u.username().into(), u.password().unwrap_or_default().into(), u.host_str().unwrap_or_default().into(), port, u.path().into(), search, hash])
    }

    #[test]
    fn parts_are_read_as_the_url_crate_reads_them() {
        for href in ["https://a.example/", "https://u:p@a.example:8443/x/y?q=1#f", "file:///tmp/x", "foo://host/p?x", "http://[::1]:8080/", "web+x:/.//not-a-host/p"] {
            assert!(!from_crate(href).cannot_be_a_base(), "{href}");
        }
        for href in ["mailto:a@b.example", "data:text/plain,hi", "javascript:alert(1)"] {
            assert!(from_crate(href).cannot_be_a_base(), "{href}");
        }
        let u = from_crate("https://u:p@a.example:8443/x?a=1&token=2#k=v");
        assert_eq!((u.username(), u.password(), u.query(), u.fragment()), ("u", Some("p"), Some("a=1&token=2"), Some("k=v")));
        assert_eq!((u.host_str(), u.port(), u.port_or_known_default()), (Some("a.example"), Some(8443), Some(8443)));
        let u = from_crate("wss://a.example/");
        assert_eq!((u.port(), u.port_or_known_default(), u.query(), u.fragment(), u.password()), (None, Some(443), None, None, None));
    }
}
