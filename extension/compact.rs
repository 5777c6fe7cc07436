//! The page scripts without their comments and indentation, as the extension ships them: shared
//! by the extension's build script, which checks them, and by xtask, which writes them to
//! extension/pkg beside the core.

use std::path::Path;

/// The page agent, compacted: the pieces in `dir` (extension/page/agent), in the order of their
/// names, as the body of the one closure they share. The closure runs once per document.
pub fn agent(dir: &Path) -> std::io::Result<String> {
    let mut pieces: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "js"))
        .collect();
    pieces.sort();
    let mut out = String::from("(() => {\nif (globalThis.__tabwright) return;\n");
    for path in &pieces {
        out.push_str(&compact(&std::fs::read_to_string(path)?, &path.display().to_string()));
    }
    out.push_str("})();\n");
    Ok(out)
}

/// Drops whole-line `//` comments, blank lines and indentation. Lines stay lines, so automatic
/// semicolon insertion reads the code as before; the lines of a template literal that spans
/// lines are kept as written.
pub fn compact(text: &str, source: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_template = false;
    for line in text.lines() {
        let kept = if in_template { line } else { line.trim_start() };
        let comment = !in_template && kept.starts_with("//");
        if in_template || !(kept.is_empty() || comment) {
            out.push_str(kept);
            out.push('\n');
        }
        // A backtick quoted in a comment opens nothing.
        if !comment && backticks(line) % 2 == 1 {
            in_template = !in_template;
        }
    }
    // An odd count somewhere (a backtick in a string or a trailing comment) would have kept
    // the wrong lines as written: the build stops rather than ship a script read that way.
    assert!(!in_template, "{source}: a template literal seems to run to the end of the file; keep backticks out of strings and trailing comments");
    out
}

fn backticks(line: &str) -> usize {
    let bytes = line.as_bytes();
    (0..bytes.len()).filter(|&i| bytes[i] == b'`' && (i == 0 || bytes[i - 1] != b'\\')).count()
}
