//! `tabwright install`: registers the native host for a person's own browser.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// Browsers whose per-user NativeMessagingHosts folder we know, with that folder relative to
/// the config (Linux) or Application Support (macOS) directory.
const BROWSERS: &[(&str, &str, &str)] = &[
    ("chrome", "google-chrome", "Google/Chrome"),
    ("chrome-beta", "google-chrome-beta", "Google/Chrome Beta"),
    ("chromium", "chromium", "Chromium"),
    ("brave", "BraveSoftware/Brave-Browser", "BraveSoftware/Brave-Browser"),
    ("edge", "microsoft-edge", "Microsoft Edge"),
];

/// The NativeMessagingHosts folder for `browser`, or for a profile folder given with `--profile`.
pub fn hosts_dir(browser: &str, profile: Option<&Path>) -> anyhow::Result<PathBuf> {
    if let Some(p) = profile {
        return Ok(p.join("NativeMessagingHosts"));
    }
    let Some((_, linux, mac)) = BROWSERS.iter().find(|(name, _, _)| *name == browser) else {
        bail!(
            "unknown browser {browser:?}; choose one of {}, or pass --profile USER_DATA_DIR",
            BROWSERS.iter().map(|b| b.0).collect::<Vec<_>>().join(", ")
        );
    };
    let home = std::env::var_os("HOME").map(PathBuf::from).context("HOME is not set")?;
    Ok(if cfg!(target_os = "macos") {
        home.join("Library/Application Support").join(mac).join("NativeMessagingHosts")
    } else {
        let config = std::env::var_os("XDG_CONFIG_HOME").map(PathBuf::from).unwrap_or_else(|| home.join(".config"));
        config.join(linux).join("NativeMessagingHosts")
    })
}

/// Writes the host manifest and returns the steps the person takes next.
pub fn install(browser: &str, profile: Option<&Path>, extension: &Path, socket: &Path) -> anyhow::Result<String> {
    let dir = hosts_dir(browser, profile)?;
    let exe = std::env::current_exe().context("cannot find this executable's path")?;
    let file = crate::launch::write_host_manifest(&dir, &exe)?;
    Ok(format!(
        "Registered the native host at {}\n\nNext:\n  1. Open chrome://extensions in that browser and turn on Developer mode.\n  2. Click \"Load unpacked\" and choose {}\n  3. The extension starts the bridge by itself; agents connect to {}\n  4. Check with: tabwright status\n",
        file.display(),
        extension.display(),
        socket.display()
    ))
}
