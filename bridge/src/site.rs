//! A small static HTTP server on 127.0.0.1, for the demo's bundled site and the test fixtures.

use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// Where the pages come from.
#[derive(Clone)]
pub enum Pages {
    /// Files under a directory.
    Dir(PathBuf),
    /// Pages compiled into the binary: (path, content).
    Embedded(&'static [(&'static str, &'static str)]),
}

/// A running server; it stops when dropped.
///
/// Besides pages it keeps a log: a page POSTs lines of JSON to `/__log` (the e2e fixtures
/// record every event they receive there), and tests read them back.
pub struct Site {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
    log: Arc<Mutex<Vec<serde_json::Value>>>,
}

impl Drop for Site {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Site {
    /// Serves `pages` on `host`:0.
    pub async fn start(pages: Pages, host: &str) -> std::io::Result<Site> {
        let listener = TcpListener::bind((host, 0)).await?;
        let addr = listener.local_addr()?;
        let pages = Arc::new(pages);
        let log: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
        let server_log = log.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let pages = pages.clone();
                let log = server_log.clone();
                tokio::spawn(async move {
                    let _ = serve(stream, &pages, &log).await;
                });
            }
        });
        Ok(Site { addr, task, log })
    }

    /// The entries pages have logged so far, in each page's own order (`seq`) when they carry one.
    pub fn log(&self) -> Vec<serde_json::Value> {
        let mut entries = self.log.lock().map(|l| l.clone()).unwrap_or_default();
        entries.sort_by_key(|e| e.get("seq").and_then(serde_json::Value::as_u64).unwrap_or(0));
        entries
    }

    /// Empties the log.
    pub fn clear_log(&self) {
        if let Ok(mut l) = self.log.lock() {
            l.clear();
        }
    }

    /// The URL of `path` on this server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}/{}", self.addr, path.trim_start_matches('/'))
    }
}

/// A query parameter, percent-decoded.
fn param(target: &str, key: &str) -> Option<String> {
    let query = target.split_once('?')?.1;
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == key).then(|| percent_decode(v))
    })
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 3;
                    }
                    Err(_) => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Test endpoints: `/download?name=&size=&ms=` serves an attachment slowly,
/// `/download-fail?name=&size=` breaks off halfway, `/redirect?to=` answers 302.
/// Returns whether the connection stays open.
async fn special(stream: &mut TcpStream, path: &str, target: &str) -> std::io::Result<bool> {
    let name = param(target, "name").unwrap_or_else(|| "file.bin".into()).replace(['"', '\r', '\n'], "");
    let size: usize = param(target, "size").and_then(|v| v.parse().ok()).unwrap_or(1024).min(50 << 20);
    match path {
        "/redirect" => {
            let to = param(target, "to").unwrap_or_else(|| "/".into()).replace(['\r', '\n'], "");
            let head = format!("HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\n\r\n");
            stream.write_all(head.as_bytes()).await?;
            Ok(true)
        }
        _ => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Disposition: attachment; filename=\"{name}\"\r\nContent-Length: {size}\r\nCache-Control: no-store\r\n\r\n"
            );
            stream.write_all(head.as_bytes()).await?;
            let fail = path == "/download-fail";
            let ms: u64 = param(target, "ms").and_then(|v| v.parse().ok()).unwrap_or(0).min(30_000);
            let chunks = 10;
            let chunk = vec![b'x'; size.div_ceil(chunks)];
            let mut sent = 0;
            for i in 0..chunks {
                if fail && i == chunks / 2 {
                    // Break off: the browser sees the connection close before the body ends.
                    stream.flush().await?;
                    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                    return Ok(false);
                }
                let n = chunk.len().min(size - sent);
                stream.write_all(&chunk[..n]).await?;
                stream.flush().await?;
                sent += n;
                if ms > 0 {
                    tokio::time::sleep(std::time::Duration::from_millis(ms / chunks as u64)).await;
                }
            }
            Ok(true)
        }
    }
}

/// The Content-Security-Policy header of `/sandboxed/` pages.
const SANDBOX_POLICY: &str = "Content-Security-Policy: sandbox allow-forms\r\n";
/// The Content-Security-Policy header of `/strict/` pages.
const STRICT_POLICY: &str = "Content-Security-Policy: default-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'\r\n";

const SLOW_PAGE: &str = "<!doctype html><title>Slow page</title><p>This page took its time.</p>";

/// The slow page; with `img=MS` it also holds an image that takes MS milliseconds, so its load
/// event comes that much after it is shown, and it writes "loaded" when that event comes.
fn slow_page(target: &str) -> Vec<u8> {
    match param(target, "img").and_then(|ms| ms.parse::<u64>().ok()) {
        Some(ms) => format!(
            "{SLOW_PAGE}<p id=\"state\">loading</p><img alt=\"\" src=\"/slow?ms={ms}\"><script>addEventListener(\"load\", () => {{ document.getElementById(\"state\").textContent = \"loaded\"; }});</script>"
        )
        .into_bytes(),
        None => SLOW_PAGE.as_bytes().to_vec(),
    }
}

fn content_type(path: &str) -> &'static str {
    match Path::new(path).extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript",
        Some("css") => "text/css",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        Some("txt") | Some("csv") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn lookup(pages: &Pages, path: &str) -> Option<Vec<u8>> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match pages {
        Pages::Embedded(list) => list.iter().find(|(p, _)| *p == path).map(|(_, c)| c.as_bytes().to_vec()),
        Pages::Dir(root) => {
            let rel = Path::new(path);
            if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
                return None;
            }
            std::fs::read(root.join(rel)).ok()
        }
    }
}

async fn serve(stream: TcpStream, pages: &Pages, log: &Mutex<Vec<serde_json::Value>>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream);
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line).await? == 0 {
            return Ok(());
        }
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await? == 0 || line == "\r\n" || line == "\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut body = vec![0u8; length.min(1 << 20)];
        tokio::io::AsyncReadExt::read_exact(&mut reader, &mut body).await?;
        if request_line.starts_with("POST /__log") {
            let entries = String::from_utf8_lossy(&body)
                .lines()
                .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
                .collect::<Vec<_>>();
            if let Ok(mut l) = log.lock() {
                l.extend(entries);
            }
            let stream = reader.get_mut();
            stream.write_all(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n").await?;
            stream.flush().await?;
            continue;
        }
        let mut parts = request_line.split_whitespace();
        let method = parts.next().unwrap_or_default().to_string();
        let target = parts.next().unwrap_or("/");
        let path = target.split(['?', '#']).next().unwrap_or("/").to_string();
        if path == "/streaming" {
            // A page whose server sends its first part, then the rest `ms` milliseconds later (at
            // most 30 s), as a server that streams a page does.
            let ms = param(target, "ms").and_then(|v| v.parse::<u64>().ok()).unwrap_or(1000).min(30_000);
            let stream = reader.get_mut();
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n";
            let first = format!("<!doctype html><title>Streaming</title><h1>First part</h1><button>Early button</button>{}", " ".repeat(4096));
            stream.write_all(format!("{head}{first}").as_bytes()).await?;
            stream.flush().await?;
            tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
            stream.write_all(b"<p>The rest.</p></html>").await?;
            stream.flush().await?;
            return Ok(());
        }
        if matches!(path.as_str(), "/download" | "/download-fail" | "/redirect") {
            let keep = special(reader.get_mut(), &path, target).await?;
            if !keep {
                return Ok(());
            }
            continue;
        }
        if path == "/slow" {
            // A page that takes `ms` milliseconds (at most 30 s) to answer, for timing-sensitive tests.
            let ms = target.split_once("ms=").and_then(|(_, v)| v.split('&').next()?.parse::<u64>().ok()).unwrap_or(1000);
            tokio::time::sleep(std::time::Duration::from_millis(ms.min(30_000))).await;
        }
        // `/strict/PAGE`: the page under a policy that allows only the site's own files and
        // enforces Trusted Types, as many large sites do.
        let strict = path.strip_prefix("/strict").filter(|p| p.starts_with('/'));
        // `/sandboxed/PAGE`: the page in a sandbox that lets no script run (forms may still be
        // sent), as sites that serve users' raw files answer.
        let sandboxed = path.strip_prefix("/sandboxed").filter(|p| p.starts_with('/'));
        let page = strict.or(sandboxed).unwrap_or(path.as_str());
        let found = if path == "/slow" { Some(slow_page(target)) } else { lookup(pages, page) };
        // `/status/N`: a small page answered with HTTP status N, for error-page tests.
        let code = path.strip_prefix("/status/").map(|c| c.parse::<u16>().ok().filter(|c| (200..600).contains(c)).unwrap_or(500));
        let (status, body, ctype) = match (found, code) {
            (_, Some(code)) => {
                let page = format!("<!doctype html><title>Status {code}</title><h1>The server answered {code}</h1>").into_bytes();
                let phrase = match code {
                    404 => "Not Found",
                    500 => "Internal Server Error",
                    503 => "Service Unavailable",
                    c if c < 400 => "OK",
                    c if c < 500 => "Client Error",
                    _ => "Server Error",
                };
                (format!("{code} {phrase}"), page, "text/html; charset=utf-8")
            }
            (found, None) => match found {
                Some(body) if method == "GET" || method == "HEAD" => ("200 OK".to_string(), body, if path == "/slow" { "text/html; charset=utf-8" } else { content_type(&path) }),
                Some(_) => ("405 Method Not Allowed".to_string(), b"method not allowed".to_vec(), "text/plain"),
                None => ("404 Not Found".to_string(), b"<!doctype html><title>Not found</title><h1>Not found</h1>".to_vec(), "text/html; charset=utf-8"),
            },
        };
        // `/status/401` asks for HTTP authentication, as a site behind a sign-in box does.
        let challenge = if code == Some(401) { "WWW-Authenticate: Basic realm=\"tabwright\"\r\n" } else { "" };
        let policy = match (strict, sandboxed) {
            (Some(_), _) => STRICT_POLICY,
            (_, Some(_)) => SANDBOX_POLICY,
            _ => "",
        };
        let head = format!(
            "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n{challenge}{policy}\r\n",
            body.len()
        );
        let stream = reader.get_mut();
        stream.write_all(head.as_bytes()).await?;
        if method != "HEAD" {
            stream.write_all(&body).await?;
        }
        stream.flush().await?;
    }
}
