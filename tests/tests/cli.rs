//! The CLI around a running session: status, call, install, and the per-call timeout.

use std::process::Command;

use serde_json::json;
use tabwright_e2e::*;

fn tabwright(args: &[&str]) -> (bool, String) {
    let out = Command::new(bridge_exe()).args(args).output().expect("run tabwright");
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_and_call_talk_to_a_running_session() -> anyhow::Result<()> {
    let mut h = Harness::start().await?;
    assert!(h.on_lane().await?, "the extension did not open its WebSocket lane");
    let socket = h.session.socket.to_string_lossy().into_owned();
    let (ok, out) = tabwright(&["status", "--socket", &socket]);
    assert!(ok, "{out}");
    assert!(out.contains("extension: connected") && out.contains(tabwright_protocol::wire::EXTENSION_ID) && out.contains("tabs: 1 open"), "{out}");
    assert!(out.contains("link: messages go over its WebSocket lane"), "{out}");

    let url = h.url("one.html");
    let input = json!({"url": url}).to_string();
    let (ok, out) = tabwright(&["call", "navigate", &input, "--socket", &socket]);
    assert!(ok, "{out}");
    assert!(out.starts_with(&format!("Navigated to {url}\n\nTab Context:\n- Executed on tab_id: tab-1")), "{out}");

    let (ok, out) = tabwright(&["call", "navigate", r#"{"url":"file:///etc/passwd"}"#, "--socket", &socket]);
    assert!(!ok && out.contains("Refused to navigate to a file: URL"), "{out}");
    // An optional member named on the command line is enabled for the call.
    let (ok, out) = tabwright(&["call", "read_console", "{}", "--socket", &socket]);
    assert!(ok && !out.contains("disabled"), "{out}");
    let (ok, out) = tabwright(&["call", "read_console", "{}", "--socket", &socket, "--configs", "{}"]);
    assert!(!ok && out.contains("disabled"), "{out}");

    let missing = h.session.dir().join("nobody.sock");
    let (ok, out) = tabwright(&["status", "--socket", &missing.to_string_lossy()]);
    assert!(!ok && out.contains("no bridge at"), "{out}");
    Ok(())
}

#[test]
fn install_writes_a_host_manifest_for_the_fixed_extension_id() {
    let scratch = tabwright_e2e::Scratch::new("install").expect("scratch folder");
    let dir = scratch.join("profile");
    let (ok, out) = tabwright(&["install", "--profile", &dir.to_string_lossy()]);
    assert!(ok, "{out}");
    assert!(out.contains("Load unpacked"), "{out}");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("NativeMessagingHosts/com.tabwright.bridge.json")).expect("manifest")).expect("json");
    assert_eq!(manifest["type"], "stdio");
    assert!(manifest["path"].as_str().is_some_and(|p| p.starts_with('/')), "the host path must be absolute: {manifest}");
    assert_eq!(manifest["allowed_origins"], json!([format!("chrome-extension://{}/", tabwright_protocol::wire::EXTENSION_ID)]));

    let (ok, out) = tabwright(&["install", "--browser", "netscape"]);
    assert!(!ok && out.contains("unknown browser"), "{out}");
}

#[test]
fn the_manifest_key_gives_the_fixed_extension_id() {
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../manifest.json")).expect("manifest.json"))
            .expect("json");
    let key = manifest["key"].as_str().expect("key");
    let der = tabwright::demo::decode_base64(key).expect("base64 key");
    let digest: [u8; 32] = sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(&der)).into();
    let id: String = digest[..16].iter().flat_map(|b| [b >> 4, b & 15]).map(|n| (b'a' + n) as char).collect();
    assert_eq!(id, tabwright_protocol::wire::EXTENSION_ID);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_past_its_timeout_gets_an_error_and_the_next_call_works() -> anyhow::Result<()> {
    let mut h = Harness::start_with(&["--call-timeout", "2"]).await?;
    let slow = h.url("slow?ms=6000");
    let r = h.one("navigate", json!({"url": slow})).await?;
    let t = error_text(&r);
    assert!(t.contains("did not finish navigate within 2 seconds"), "{t}");
    let r = h.one("list_tabs", json!({})).await?;
    assert!(!r.is_error, "{r:?}");
    // A wait longer than the limit has its own duration on top of it.
    let r = h.one("wait", json!({"duration": 3})).await?;
    assert_eq!(text(&r), "Waited 3s.");
    Ok(())
}
