//! Binaryen's `wasm-opt -Oz` over the core that wasm-bindgen wrote: about 9 % smaller
//! (1,189,940 → 1,077,616 bytes when it was added), so a little quicker for every worker start.
//!
//! Binaryen comes from npm, pinned in `xtask/binaryen/`: it is a WebAssembly build, so it runs
//! wherever Node.js does. Debian's `binaryen` package (version 108) is not used: its output
//! breaks wasm-bindgen's reference table, and the worker then fails to start ("WebAssembly.Table.
//! set(): Argument 1 is invalid for table"). Without Node.js the core is left as wasm-bindgen
//! wrote it, which works the same.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

/// The optimizer's flags, for size (1,327,645 → 1,184,425 bytes when they were set, with one
/// `-Oz` after the rereloop; `-Oz` alone gave 1,200,449):
/// - `--low-memory-unused` lets a constant added to an address become the access's offset. Rust
///   lays the 1 MB stack first and its data after it, so the low 1 KB is only ever the stack's far
///   end, reached just before it overflows: about 8 kB.
/// - `--flatten --rereloop` rebuilds each function's control flow from its graph, and `-Oz`
///   shrinks what that gives, better a second time: about 9 kB. (`--converge` instead of the
///   second gave less for more time, a second flatten less again.) The run takes about 55 s on
///   two cores.
const FLAGS: &[&str] = &["--low-memory-unused", "-Oz", "--flatten", "--rereloop", "-Oz", "-Oz"];

/// Shrinks `wasm` in place when binaryen is at hand; otherwise says why not and leaves it.
/// The result for the last input is kept in `cache` (the run takes about a minute).
pub fn shrink(wasm: &Path, cache: &Path) -> anyhow::Result<()> {
    let Some((tool, lock)) = wasm_opt() else { return Ok(()) };
    let before = std::fs::read(wasm).with_context(|| format!("cannot read {}", wasm.display()))?;
    // The input, the optimizer's version (its lock file) and the flags name the result.
    let key = format!("{}-{lock}-{}", digest(&before), FLAGS.join(" "));
    let (kept, kept_key) = (cache.join("core.wasm"), cache.join("core.key"));
    if std::fs::read_to_string(&kept_key).is_ok_and(|k| k == key) && kept.is_file() {
        std::fs::copy(&kept, wasm).with_context(|| format!("cannot write {}", wasm.display()))?;
        return Ok(());
    }
    std::fs::create_dir_all(cache)?;
    // What wasm-bindgen wrote stays beside the result, to measure other flags against.
    std::fs::write(cache.join("core.in.wasm"), &before)?;
    let out = cache.join("core.new.wasm");
    let mut opt = Command::new(&tool);
    opt.args(FLAGS).arg(wasm).arg("-o").arg(&out);
    // A failing optimizer costs size, never the build: the core works unoptimized.
    if let Err(e) = crate::run(opt) {
        println!("wasm-opt failed ({e:#}); the Wasm core is left as wasm-bindgen wrote it");
        return Ok(());
    }
    let after = std::fs::metadata(&out)?.len();
    std::fs::rename(&out, &kept)?;
    std::fs::write(&kept_key, &key)?;
    std::fs::copy(&kept, wasm).with_context(|| format!("cannot write {}", wasm.display()))?;
    println!("wasm-opt {}: the Wasm core went from {} to {after} bytes", FLAGS.join(" "), before.len());
    Ok(())
}

/// The pinned `wasm-opt`, installed with npm when needed (again when the lock file changes), and
/// the digest of that lock file.
fn wasm_opt() -> Option<(PathBuf, String)> {
    let dir = crate::root().join("xtask/binaryen");
    let tool = dir.join("node_modules/.bin/wasm-opt");
    if crate::on_path("node").is_none() || crate::on_path("npm").is_none() {
        println!("no Node.js and npm: the Wasm core is not run through wasm-opt (it works the same, about 9 % larger)");
        return None;
    }
    let lock = digest(&std::fs::read(dir.join("package-lock.json")).ok()?);
    let stamp = dir.join("node_modules/.tabwright-stamp");
    if tool.is_file() && std::fs::read_to_string(&stamp).is_ok_and(|s| s == lock) {
        return Some((tool, lock));
    }
    let mut install = Command::new("npm");
    install.current_dir(&dir).args(["ci", "--no-audit", "--no-fund"]);
    match crate::run(install) {
        Ok(()) if tool.is_file() => {
            // The stamp only marks a finished install; a failed write just means installing again.
            let _ = std::fs::write(&stamp, &lock);
            Some((tool, lock))
        }
        Ok(()) => None,
        Err(e) => {
            println!("cannot install binaryen from npm ({e:#}): the Wasm core is not run through wasm-opt");
            None
        }
    }
}

fn digest(bytes: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}
