//! `tabwright validate FILE` names each broken rule with its message index and exits non-zero.

use std::path::Path;
use std::process::Command;

fn validate(file: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabwright")).arg("validate").arg(file).output().expect("run tabwright");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn golden(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tests/golden").join(dir);
    let mut files: Vec<_> = std::fs::read_dir(dir).expect("golden dir").filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    files
}

#[test]
fn each_broken_rule_is_reported() {
    for file in golden("fail") {
        let rule = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let (ok, out) = validate(&file);
        assert!(!ok, "{rule}: exit status must be non-zero");
        assert!(out.contains(&format!("message 1: toolu_1 [{rule}]")), "{rule}: {out}");
    }
}

#[test]
fn a_valid_conversation_passes_and_jsonl_is_read() {
    for file in golden("pass") {
        let (ok, out) = validate(&file);
        assert!(ok, "{}: {out}", file.display());
    }
    let text = std::fs::read_to_string(&golden("pass")[0]).expect("read");
    let messages: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
    let jsonl: String = messages.iter().map(|m| format!("{m}\n")).collect();
    let path = std::env::temp_dir().join(format!("tabwright-validate-{}.jsonl", std::process::id()));
    std::fs::write(&path, jsonl).expect("write");
    let (ok, out) = validate(&path);
    let _ = std::fs::remove_file(&path);
    assert!(ok && out.contains(&format!("{} messages", messages.len())), "{out}");
}

#[test]
fn an_unreadable_file_is_an_error() {
    let (ok, _) = validate(Path::new("/nonexistent/conversation.json"));
    assert!(!ok);
}
