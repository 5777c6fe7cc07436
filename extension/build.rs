//! Checks the page scripts as `cargo xtask build` compacts them, so a build stops at a script
//! that would be read wrongly (see compact). The page agent (its pieces in page/agent) and the
//! look for handlers ship beside the core: `cargo xtask build` writes them to extension/pkg, and
//! the worker hands them to the core as it starts.

use std::fs;

#[path = "compact.rs"]
mod compact;

fn main() {
    println!("cargo:rerun-if-changed=page/agent");
    compact::agent(std::path::Path::new("page/agent")).unwrap_or_else(|e| panic!("extension/page/agent is readable: {e}"));
    let source = "page/handlers.js";
    println!("cargo:rerun-if-changed={source}");
    let text = fs::read_to_string(source).unwrap_or_else(|e| panic!("extension/{source} is readable: {e}"));
    let _ = compact::compact(&text, source);
}
