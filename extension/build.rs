//! Ships the page agent without its comments and indentation: the source is held in the Wasm
//! core and sent to every document the extension works in.

use std::{env, fs, path::Path};

fn main() {
    let source = "page/agent.js";
    println!("cargo:rerun-if-changed={source}");
    let text = fs::read_to_string(source).expect("extension/page/agent.js is readable");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("agent.js");
    fs::write(out, compact(&text)).expect("OUT_DIR is writable");
}

/// Drops whole-line `//` comments, blank lines and indentation. Lines stay lines, so automatic
/// semicolon insertion reads the code as before; the lines of a template literal that spans
/// lines are kept as written.
fn compact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_template = false;
    for line in text.lines() {
        let kept = if in_template { line } else { line.trim_start() };
        if in_template || !(kept.is_empty() || kept.starts_with("//")) {
            out.push_str(kept);
            out.push('\n');
        }
        if backticks(line) % 2 == 1 {
            in_template = !in_template;
        }
    }
    out
}

fn backticks(line: &str) -> usize {
    let bytes = line.as_bytes();
    (0..bytes.len()).filter(|&i| bytes[i] == b'`' && (i == 0 || bytes[i - 1] != b'\\')).count()
}
