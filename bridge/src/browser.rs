//! Finding a Chromium-family browser and the built extension.

use std::path::{Path, PathBuf};

/// Executable names tried on PATH, in order.
pub const BROWSER_NAMES: &[&str] = &["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

/// The browser to run: `explicit`, else `$CHROME`, else the first of [`BROWSER_NAMES`] on PATH.
pub fn find_browser(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("CHROME").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    BROWSER_NAMES.iter().find_map(|name| on_path(name))
}

/// The full path of `name` if it is an executable on PATH.
pub fn on_path(name: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| {
        std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// The files whose presence shows the extension has been built: the Wasm core and the page
/// scripts the worker hands it as it starts.
pub const BUILT_FILES: &[&str] = &["extension/pkg/tabwright_extension_bg.wasm", "extension/pkg/agent.js", "extension/pkg/handlers.js"];

/// The unpacked extension's root (the folder with manifest.json): `explicit`, else
/// `$TABWRIGHT_EXTENSION`, else the source tree this binary was built from, else beside the binary.
pub fn find_extension(explicit: Option<&Path>) -> Result<PathBuf, String> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(p) = explicit {
        candidates.push(p.to_path_buf());
    } else {
        if let Some(p) = std::env::var_os("TABWRIGHT_EXTENSION").filter(|p| !p.is_empty()) {
            candidates.push(PathBuf::from(p));
        }
        candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
        if let Some(dir) = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf)) {
            candidates.push(dir);
        }
    }
    for c in &candidates {
        if c.join("manifest.json").is_file() && BUILT_FILES.iter().all(|f| c.join(f).is_file()) {
            return c.canonicalize().map_err(|e| format!("{}: {e}", c.display()));
        }
    }
    Err(format!(
        "the built extension was not found (looked in {}); run `cargo xtask build`, or pass --extension DIR",
        candidates.iter().map(|c| c.display().to_string()).collect::<Vec<_>>().join(", ")
    ))
}
