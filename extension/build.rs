//! Ships the look for handlers run in the page's own world without its comments and
//! indentation: the source is held in the Wasm core and sent to every document the extension
//! works in. (The page agent, much larger, ships beside the core: `cargo xtask build` writes it
//! to extension/pkg, and the worker hands it to the core as it starts.)

use std::{env, fs, path::Path};

#[path = "compact.rs"]
mod compact;

fn main() {
    for name in ["agent.js", "handlers.js"] {
        let source = format!("page/{name}");
        println!("cargo:rerun-if-changed={source}");
        let text = fs::read_to_string(&source).unwrap_or_else(|e| panic!("extension/{source} is readable: {e}"));
        // The agent is compacted here too, only so a build stops at a script that would be
        // read wrongly (see compact).
        let compacted = compact::compact(&text, &source);
        if name == "handlers.js" {
            let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join(name);
            fs::write(out, compacted).expect("OUT_DIR is writable");
        }
    }
}
