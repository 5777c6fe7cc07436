//! Redaction: no planted secret survives any of the shapes logs write it in, ordinary text is
//! left alone, and the work is linear in the input (time and memory, measured on adversarial
//! inputs of a mebibyte).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::Duration;

use proptest::prelude::*;
use tabwright_protocol::sanitize::redact;

/// Counts this thread's allocations, so one call's memory can be measured while other tests run.
struct Counting;

thread_local! {
    static ALLOCATED: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| {
            let (n, bytes) = a.get();
            a.set((n + 1, bytes + layout.size()));
        });
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| {
            let (n, bytes) = a.get();
            a.set((n + 1, bytes + new_size));
        });
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Names whose values are secrets, as pages and libraries spell them.
const KEYS: &[&str] = &[
    "api_key", "apiKey", "API_KEY", "password", "passwd", "pwd", "secret", "client_secret", "access_token", "refresh_token", "token",
    "id_token", "auth", "authToken", "session_id", "sessionId", "jwt", "private_key", "x-api-key", "X-Amz-Security-Token", "csrf_token",
    "passphrase", "signature",
];

/// The shapes a secret is logged in; each takes the name and the secret.
fn shapes(key: &str, s: &str) -> Vec<String> {
    vec![
        format!("{key}={s}"),
        format!("https://app.example/cb?x=1&{key}={s}&y=2"),
        format!("https://app.example/cb#{key}={s}&state=xyz"),
        format!("/api/items?{key}={s}"),
        format!("{key}: {s}"),
        format!("{key}: \"{s}\""),
        format!("{key}:\"{s}\""),
        format!("{key} = '{s}'"),
        format!("{key}\t=\t{s}"),
        format!("{key} => \"{s}\""),
        format!("{{\"{key}\":\"{s}\"}}"),
        format!("{{\"user\": \"ada\", \"{key}\": \"{s}\", \"n\": 1}}"),
        format!("{{\"outer\":{{\"inner\":{{\"{key}\":\"{s}\"}}}}}}"),
        format!("[{{\"{key}\": \"{s}\"}}]"),
        format!("\"{{\\\"{key}\\\":\\\"{s}\\\"}}\""),
        format!("{{'{key}': '{s}'}}"),
        format!("{{{key}: '{s}'}}"),
        format!("{key}={s}; path=/"),
        format!("Authorization: Bearer {s}"),
        format!("authorization: {s}"),
        format!("Bearer {s}"),
        format!("bearer {s}"),
        format!("Authorization: Basic {s}"),
        format!("\"Authorization\": \"Bearer {s}\""),
        format!("headers: {{Authorization: 'Bearer {s}'}}"),
        format!("Cookie: theme=dark; {key}={s}"),
        format!("Set-Cookie: sid={s}; Path=/; HttpOnly"),
        format!("https://ada:{s}@example.com/path"),
        format!("postgres://app:{s}@db.internal:5432/main"),
        // Token shapes, wherever they stand.
        format!("sk-ant-api03-{s}"),
        format!("sk-ant-admin01-{s}"),
        format!("sk-proj-{s}{s}"),
        format!("sk-{s}{s}{s}"),
        format!("ghp_{s}{s}{s}"),
        format!("gho_{s}{s}{s}"),
        format!("github_pat_11ABCDEFG0_{s}{s}"),
        format!("xoxb-1234567890-{s}"),
        format!("xoxp-{s}-{s}"),
        format!("eyJhbGciOiJIUzI1NiJ9.{s}.{s}"),
        format!("eyJhbGciOiJIUzI1NiJ9.eyJ{s}.x{s}"),
        format!("token is eyJ{s}.{s}.{s} ok"),
    ]
}

/// What may stand before and after a logged secret.
const AROUND: &[(&str, &str)] = &[
    ("", ""),
    ("[log] ", ""),
    ("request failed: ", " (app.js:12)"),
    ("config loaded\n", "\nnext line"),
    ("GET ", " → 200"),
    ("console.log ", ", done"),
    ("x ", " y"),
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn no_planted_secret_survives_any_logging_shape(
        secret in "[A-Za-z0-9]{8,40}",
        key in 0..KEYS.len(),
        around in 0..AROUND.len(),
    ) {
        let (before, after) = AROUND[around];
        for (n, shape) in shapes(KEYS[key], &secret).into_iter().enumerate() {
            let text = format!("{before}{shape}{after}");
            let out = redact(&text);
            prop_assert!(!out.contains(&secret), "shape {n}: {text:?} was redacted to {out:?}");
            prop_assert!(out.contains("[redacted"), "shape {n}: {out:?}");
        }
    }

    #[test]
    fn aws_key_ids_never_survive(id in "(AKIA|ASIA)[A-Z0-9]{16}", around in 0..AROUND.len()) {
        let (before, after) = AROUND[around];
        for shape in [id.clone(), format!("aws_access_key_id = {id}"), format!("{{\"AccessKeyId\": \"{id}\"}}")] {
            let out = redact(&format!("{before}{shape}{after}"));
            prop_assert!(!out.contains(&id), "{shape:?} → {out:?}");
        }
    }

    #[test]
    fn text_without_credentials_is_unchanged(words in proptest::collection::vec("[a-z]{1,8}", 0..30)) {
        // Words that are not secret names (by the redactor's own list, so a word like "csrf" is
        // left out), nor the schemes of an Authorization value, with the separators logs use.
        let words: Vec<String> = words
            .into_iter()
            .filter(|w| !tabwright_protocol::sanitize::is_secret_param(w) && !["bearer", "basic"].iter().any(|s| w.contains(s)))
            .collect();
        let text = words.join(": ");
        prop_assert_eq!(redact(&text), text.clone());
        let query = words.iter().map(|w| format!("{w}=1")).collect::<Vec<_>>().join("&");
        prop_assert_eq!(redact(&query), query.clone());
    }
}

#[test]
fn ordinary_lines_are_left_alone() {
    for line in [
        "status: 200, items: 12",
        "{\"user\": \"ada\", \"count\": 3, \"ok\": true}",
        "GET https://example.com/search?q=rust&page=2 → 200",
        "https://example.com:8443/a/b",
        "a basic example of the API",
        "Ünïcödé: täxt = ✓",
        "",
    ] {
        assert_eq!(redact(line), line);
    }
}

/// Runs `f` on another thread and fails when it takes longer than `limit` (a quadratic
/// redaction of a mebibyte would take hours, a linear one milliseconds).
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit).unwrap_or_else(|_| panic!("redaction took longer than {limit:?}"))
}

/// Inputs that make a careless scanner rescan: long runs of separators, names, quotes, escapes,
/// token prefixes and URL schemes.
fn adversarial(n: usize) -> Vec<(&'static str, String)> {
    let rep = |unit: &str| unit.repeat(n / unit.len());
    vec![
        ("equals", format!("a{}", rep("="))),
        ("colons", rep("a:")),
        ("one long name", format!("{}=x", rep("a"))),
        ("names and separators", rep("token=")),
        ("open quotes", format!("password: \"{}", rep("x"))),
        ("escapes", format!("password: \"{}", rep("\\x"))),
        ("quotes", rep("\"")),
        ("jwt starts", rep("eyJ.")),
        ("jwt parts", rep("eyJa.eyJb.")),
        ("token prefixes", rep("sk-")),
        ("bearer", rep("bearer ")),
        ("schemes", rep("://a:b")),
        ("headers", rep("cookie ")),
        ("secrets", rep("api_key=abcdefgh&")),
        ("multibyte", rep("é=ü:")),
    ]
}

#[test]
fn redaction_is_linear_in_time_and_memory() {
    const N: usize = 1 << 20;
    within(Duration::from_secs(60), || {
        for (name, input) in adversarial(N) {
            let before = ALLOCATED.with(Cell::get);
            let started = std::time::Instant::now();
            let out = redact(&input);
            let took = started.elapsed();
            let after = ALLOCATED.with(Cell::get);
            let (count, bytes) = (after.0 - before.0, after.1 - before.1);
            // A handful of allocations for the output (it grows by doubling), none per character.
            assert!(count <= 40, "{name}: {count} allocations for {} bytes", input.len());
            assert!(bytes <= 8 * input.len() + 4096, "{name}: {bytes} bytes allocated for {} bytes of input", input.len());
            assert!(out.len() <= 3 * input.len() + 64, "{name}: the output is {} bytes", out.len());
            // Generous: the point is that no input takes quadratic time.
            assert!(took < Duration::from_secs(10), "{name}: {took:?}");
        }
    });
}
