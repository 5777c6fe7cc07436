//! Golden conversations: every file under `golden/pass` obeys the contract, and every file under
//! `golden/fail` breaks exactly the rule its name gives (and the validator names it).

use std::path::Path;

use serde_json::Value;
use tabwright_protocol::validate;

fn load(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn passing_conversations_have_no_violations() {
    let files = files("pass");
    assert!(!files.is_empty());
    for path in files {
        let violations = validate::conversation(&load(&path));
        assert!(violations.is_empty(), "{}: {violations:#?}", path.display());
    }
}

#[test]
fn each_broken_conversation_is_caught_by_its_rule() {
    let files = files("fail");
    assert!(files.len() >= 19, "one file per rule");
    for path in files {
        let rule = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let violations = validate::conversation(&load(&path));
        assert!(
            violations.iter().any(|v| v.rule == rule),
            "{}: expected rule {rule}, got {violations:#?}",
            path.display()
        );
        assert!(violations.iter().all(|v| v.message == 1), "violations point at the user message: {violations:?}");
    }
}
