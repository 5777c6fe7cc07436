//! `tabwright install`: registers the native host for a person's own browser.

use std::path::{Path, PathBuf};

use std::os::unix::fs::{DirBuilderExt, PermissionsExt};

use anyhow::{bail, Context};
use tabwright_protocol::policy::Policy;

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

/// Where `install` keeps what the native host reads when it runs in a person's own browser:
/// `$XDG_CONFIG_HOME/tabwright`, else `~/.config/tabwright` (a private folder).
pub fn config_dir() -> anyhow::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir).join("tabwright"));
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from).context("neither XDG_CONFIG_HOME nor HOME is set")?;
    Ok(home.join(".config").join("tabwright"))
}

/// The browsing policy `install --policy` recorded.
const POLICY_FILE: &str = "policy.json";
/// The token native hosts of an installed browser present to the one that serves the agent socket.
const TOKEN_FILE: &str = "relay.token";

/// The relay token `install` made. Without one, no host may relay to another.
pub fn relay_token() -> anyhow::Result<String> {
    let file = config_dir()?.join(TOKEN_FILE);
    let token = std::fs::read_to_string(&file)
        .with_context(|| format!("cannot read {}: run `tabwright install` again, which creates it", file.display()))?;
    let token = token.trim().to_string();
    anyhow::ensure!(!token.is_empty(), "{} is empty: run `tabwright install` again", file.display());
    Ok(token)
}

/// The policy `install --policy` recorded; the default policy when none was given. A recorded
/// policy that cannot be read stops the host: it fails closed.
pub fn installed_policy() -> anyhow::Result<Policy> {
    let file = config_dir()?.join(POLICY_FILE);
    match std::fs::read_to_string(&file) {
        Ok(text) => Policy::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}; fix it, or run `tabwright install --policy FILE` again", file.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Policy::default()),
        Err(e) => Err(anyhow::anyhow!("cannot read the installed policy {}: {e}", file.display())),
    }
}

/// Writes the host manifest, the relay token and the policy, and returns the steps the person
/// takes next.
pub fn install(browser: &str, profile: Option<&Path>, extension: &Path, socket: &Path, policy: Option<&Path>) -> anyhow::Result<String> {
    // The policy is checked before anything is written.
    let policy_text = match policy {
        Some(file) => {
            let text = std::fs::read_to_string(file).with_context(|| format!("cannot read the policy {}", file.display()))?;
            Policy::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            Some(text)
        }
        None => None,
    };
    let dir = hosts_dir(browser, profile)?;
    let exe = std::env::current_exe().context("cannot find this executable's path")?;
    let file = crate::launch::write_host_manifest(&dir, &exe)?;
    let config = config_dir()?;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&config).with_context(|| format!("cannot create {}", config.display()))?;
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o700)).with_context(|| format!("cannot make {} private", config.display()))?;
    let token_file = config.join(TOKEN_FILE);
    if relay_token().is_err() {
        crate::launch::write_private(&token_file, &crate::launch::random_token()?)?;
    }
    let policy_file = config.join(POLICY_FILE);
    let policy_line = match policy_text {
        Some(text) => {
            crate::launch::write_private(&policy_file, &text)?;
            format!("The browsing policy is {} (the options page adds sites to it).", policy_file.display())
        }
        None if policy_file.exists() => format!("The browsing policy {} recorded earlier stays in force.", policy_file.display()),
        None => "No browsing policy: every site may be opened. `tabwright install --policy FILE` sets one.".to_string(),
    };
    Ok(format!(
        "Registered the native host at {}\n{policy_line}\n\nNext:\n  1. Open chrome://extensions in that browser and turn on Developer mode.\n  2. Click \"Load unpacked\" and choose {}\n  3. The extension starts the bridge by itself; agents connect to {}\n  4. Check with: tabwright status\n",
        file.display(),
        extension.display(),
        socket.display()
    ))
}
