//! Differential conformance with the official `anthropic` Python SDK.
//!
//! The same scripted member calls (outcomes and state reports) go through the SDK's own pipeline
//! (`conformance/sdk_replay.py`) and through ours. Both must produce the same block kinds, the
//! same browser_state blocks, the same is_error and the same holding of changes across calls.
//! Acknowledgement wording may differ. Two differences are ours by design and are checked as such:
//! - we omit a browser_state block that would repeat, unchanged, the last one we sent (the API
//!   deduplicates the footer anyway); the SDK sends one on every success;
//! - a tab opened during a failed call gets no tab_opened later (the spec's rule); the SDK holds one.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};
use tabwright_protocol::config::Configs;
use tabwright_protocol::pipeline::{preflight, Pipeline};
use tabwright_protocol::wire::{Outcome, Reply, StateReport};
use tabwright_protocol::{validate, StateChange, ToolResult};

fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("TABWRIGHT_SDK_PYTHON").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/sdk-venv/bin/python");
    assert!(
        venv.is_file(),
        "the official anthropic SDK is needed: run `cargo xtask test` (it installs it into target/sdk-venv), or set TABWRIGHT_SDK_PYTHON"
    );
    venv
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

fn sdk_results() -> Vec<Value> {
    let out = Command::new(python())
        .arg(dir().join("sdk_replay.py"))
        .arg(dir().join("scenarios.json"))
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run the SDK replay");
    assert!(out.status.success(), "sdk_replay.py failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("SDK replay output is JSON")
}

fn kinds(content: &[Value]) -> Vec<String> {
    content.iter().filter_map(|b| b["type"].as_str()).filter(|t| *t != "browser_state").map(String::from).collect()
}

fn block(content: &[Value]) -> Option<Value> {
    content.iter().find(|b| b["type"] == "browser_state").cloned()
}

/// A block with `"active": false` dropped and the given tab_opened entries removed.
fn normalized(mut block: Value, drop_opened: &[String]) -> Value {
    if let Some(tabs) = block["tabs"].as_array_mut() {
        for t in tabs {
            if t["active"] == json!(false) {
                t.as_object_mut().map(|o| o.remove("active"));
            }
        }
    }
    if let Some(changes) = block.get_mut("state_changes").and_then(Value::as_array_mut) {
        changes.retain(|c| !(c["type"] == "tab_opened" && drop_opened.iter().any(|d| c["tab_id"] == json!(d))));
        if changes.is_empty() {
            block.as_object_mut().map(|o| o.remove("state_changes"));
        }
    }
    block
}

#[test]
fn our_pipeline_matches_the_official_sdk() {
    let scenarios: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(dir().join("scenarios.json")).expect("scenarios")).expect("json");
    let sdk = sdk_results();
    assert_eq!(sdk.len(), scenarios.len());
    let mut compared = 0;
    for (scenario, sdk) in scenarios.iter().zip(&sdk) {
        let name = scenario["name"].as_str().unwrap_or("?");
        assert!(sdk.get("config_error").is_none_or(Value::is_null), "{name}: {sdk}");
        let drop_opened: Vec<String> =
            scenario["failed_opened"].as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect()).unwrap_or_default();
        let configs = Configs::parse(scenario.get("configs")).expect("configs");
        let mut pipeline = Pipeline::new();
        let mut last_sent: Option<Value> = None;
        // Changes a refused call left in the browser: ours reports them with the next call.
        let mut unreported: Vec<StateChange> = Vec::new();
        let calls = scenario["calls"].as_array().expect("calls");
        let results = sdk["results"].as_array().expect("results");
        assert_eq!(calls.len(), results.len(), "{name}");
        for (i, (call, theirs)) in calls.iter().zip(results).enumerate() {
            let at = format!("{name} call {i} ({})", call["member"]);
            assert!(theirs["state_invalid"].is_null(), "{at}: the SDK's BetaBrowserState rejects the report: {}", theirs["state_invalid"]);
            assert!(theirs.get("raised").is_none_or(Value::is_null), "{at}: {}", theirs["raised"]);
            let member_name = call["member"].as_str().expect("member");
            let input = &call["input"];
            let mut report: StateReport = serde_json::from_value(call["state"].clone()).expect("state");
            let (content, is_error) = match preflight(member_name, input, &configs) {
                Err(text) => {
                    unreported.append(&mut report.changes);
                    (vec![tabwright_protocol::ContentBlock::text(text)], true)
                }
                Ok(member) => {
                    report.changes = std::mem::take(&mut unreported).into_iter().chain(report.changes).collect();
                    let outcome: Reply = serde_json::from_value(call["outcome"].clone()).expect("outcome");
                    let outcome: Result<Outcome, String> = outcome.into_result();
                    pipeline.finish(member, input, outcome, report)
                }
            };
            let ours = ToolResult::new("toolu", content, is_error).to_value();
            assert!(validate::result(Some(member_name), &ours).is_empty(), "{at}: {ours}");
            let our_content = ours["content"].as_array().cloned().unwrap_or_default();
            let their_content = theirs["content"].as_array().cloned().unwrap_or_default();
            assert_eq!(is_error, theirs["is_error"] == json!(true), "{at}: is_error differs: ours {ours} / SDK {theirs}");
            assert_eq!(kinds(&our_content), kinds(&their_content), "{at}: block kinds differ: ours {ours} / SDK {theirs}");
            match (block(&our_content), block(&their_content).map(|b| normalized(b, &drop_opened))) {
                (Some(a), Some(b)) => {
                    assert_eq!(normalized(a.clone(), &[]), b, "{at}: browser_state differs");
                    last_sent = Some(normalized(a, &[]));
                }
                (None, Some(b)) => {
                    assert!(b.get("state_changes").is_none(), "{at}: we held back changes the SDK sent: {b}");
                    assert_eq!(last_sent.as_ref().map(|l| &l["tabs"]), Some(&b["tabs"]), "{at}: we omitted a block whose tabs changed");
                }
                (Some(a), None) => panic!("{at}: we sent a block the SDK did not: {a}"),
                (None, None) => {}
            }
            compared += 1;
        }
    }
    assert!(compared >= 25, "compared {compared} calls");
}
