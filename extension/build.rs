//! Checks the page scripts as `cargo xtask build` compacts them, so a build stops at a script
//! that would be read wrongly (see compact). The page agent and the look for handlers ship
//! beside the core: `cargo xtask build` writes them to extension/pkg, and the worker hands them
//! to the core as it starts.

use std::fs;

#[path = "compact.rs"]
mod compact;

fn main() {
    for name in ["agent.js", "handlers.js"] {
        let source = format!("page/{name}");
        println!("cargo:rerun-if-changed={source}");
        let text = fs::read_to_string(&source).unwrap_or_else(|e| panic!("extension/{source} is readable: {e}"));
        let _ = compact::compact(&text, &source);
    }
}
