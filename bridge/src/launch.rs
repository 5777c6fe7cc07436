//! `tabwright launch`: a browser with a dedicated profile and the extension, and the hub that
//! serves the agent socket for it.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use tabwright_protocol::wire::{EXTENSION_ID, NATIVE_HOST_NAME};
use tokio::process::{Child, Command};

use crate::hub::{Hub, HubConfig};
use crate::revive::DevToolsPipe;
use crate::{agent, browser, host, paths};

/// What `launch` was asked for.
#[derive(Clone, Debug)]
pub struct LaunchOptions {
    pub headless: bool,
    pub profile: Option<PathBuf>,
    pub browser: Option<PathBuf>,
    pub socket: PathBuf,
    pub extension: Option<PathBuf>,
    /// How long to wait for the extension to connect.
    pub ready_timeout: Duration,
    /// Extra flags for the browser (e.g. `--force-device-scale-factor=2`).
    pub browser_args: Vec<String>,
    /// Where downloads go; `<profile>/Downloads` when not given.
    pub downloads: Option<PathBuf>,
    /// Also serve agents on this loopback TCP port, with a bearer token.
    pub tcp: Option<u16>,
    /// Run the browser without its sandbox (only ever when asked: root cannot start it).
    pub no_sandbox: bool,
    pub hub: HubConfig,
}

/// Whether this process runs as root, where Chromium's sandbox cannot start.
pub fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// The refusal when root asks for a browser without saying `--no-sandbox`.
pub const ROOT_NEEDS_NO_SANDBOX: &str = "tabwright launch runs as root, where the browser's sandbox cannot start, and it never turns the sandbox off by itself. Run it as an ordinary user, or pass --no-sandbox to run every page unconfined knowingly";

/// The warning printed whenever the sandbox is off.
pub const NO_SANDBOX_WARNING: &str = "tabwright: WARNING: the browser runs without its sandbox (--no-sandbox): a page that exploits a browser bug is not confined. Only visit sites you trust.";

/// The native-messaging host manifest that lets the extension start `exe`.
pub fn host_manifest(exe: &Path) -> serde_json::Value {
    serde_json::json!({
        "name": NATIVE_HOST_NAME,
        "description": "tabwright bridge",
        "path": exe,
        "type": "stdio",
        "allowed_origins": [format!("chrome-extension://{EXTENSION_ID}/")],
    })
}

/// Writes the host manifest into `dir` (a NativeMessagingHosts folder).
pub fn write_host_manifest(dir: &Path, exe: &Path) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let file = dir.join(format!("{NATIVE_HOST_NAME}.json"));
    std::fs::write(&file, serde_json::to_vec_pretty(&host_manifest(exe))?).with_context(|| format!("cannot write {}", file.display()))?;
    Ok(file)
}

/// Browser preferences of the dedicated profile: downloads go to their own folder, unasked.
pub fn write_preferences(profile: &Path, downloads: &Path) -> anyhow::Result<()> {
    let dir = profile.join("Default");
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("Preferences");
    let mut prefs: serde_json::Value = std::fs::read(&file).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_else(|| serde_json::json!({}));
    prefs["download"] = serde_json::json!({ "default_directory": downloads, "prompt_for_download": false, "directory_upgrade": true });
    prefs["savefile"] = serde_json::json!({ "default_directory": downloads });
    // A site may start several downloads ("download all"): the browser would ask the person
    // before the second, in a bar no one may be watching, and without an answer drop them all
    // silently. Each download is reported to Claude as it starts.
    if !prefs["profile"].is_object() {
        prefs["profile"] = serde_json::json!({});
    }
    if !prefs["profile"]["default_content_setting_values"].is_object() {
        prefs["profile"]["default_content_setting_values"] = serde_json::json!({});
    }
    prefs["profile"]["default_content_setting_values"]["automatic_downloads"] = serde_json::json!(1);
    // No preconnect or DNS prefetch: those open connections to hosts the browsing policy has not
    // seen (its rules act on requests, and a preconnect sends none).
    prefs["net"] = serde_json::json!({ "network_prediction_options": 2 });
    std::fs::write(&file, serde_json::to_vec(&prefs)?).with_context(|| format!("cannot write {}", file.display()))?;
    Ok(())
}

/// Whether nobody can answer an approval in the browser `launch` starts: it runs headless, and no
/// DevTools port is open through which a person's own tools could reach its windows.
pub fn unwatched(headless: bool, browser_args: &[String]) -> bool {
    let given = |flag: &str| browser_args.iter().any(|a| a == flag || a.strip_prefix(flag).is_some_and(|rest| rest.starts_with('=')));
    (headless || given("--headless")) && !given("--remote-debugging-port")
}

/// The flags a launched browser gets.
pub fn browser_args(profile: &Path, extension: &Path, headless: bool, no_sandbox: bool) -> Vec<String> {
    let ext = extension.display().to_string();
    let mut args = vec![
        format!("--user-data-dir={}", profile.display()),
        format!("--load-extension={ext}"),
        format!("--disable-extensions-except={ext}"),
        "--no-first-run".into(),
        "--no-default-browser-check".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-quic".into(),
        "--silent-debugger-extension-api".into(),
        "--window-size=1280,800".into(),
        // A screenshot is copied from a fresh surface instead of waiting on the window's own
        // (about a third faster per capture here; Playwright launches Chromium with it too).
        "--enable-features=CDPScreenshotNewSurface".into(),
    ];
    if headless {
        args.push("--headless=new".into());
        args.push("--disable-gpu".into());
    }
    // Only when asked (`launch --no-sandbox`), never because of who runs it.
    if no_sandbox {
        args.push("--no-sandbox".into());
        // The browser then shows a bar in its first tab saying the flag is unsupported, which
        // makes that tab's viewport shorter than every other's, and so its screenshots. Headless,
        // nobody sees the bar: it is left out, and every tab is the same size. A visible browser
        // keeps it, a warning the person watching should have.
        if headless {
            args.push("--test-type".into());
        }
    }
    args.push("about:blank".into());
    args
}

/// A profile folder: the one given, or a fresh one removed on exit.
struct Profile {
    path: PathBuf,
    temporary: bool,
}

impl Drop for Profile {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

fn make_profile(given: Option<&Path>) -> anyhow::Result<Profile> {
    if let Some(p) = given {
        std::fs::create_dir_all(p).with_context(|| format!("cannot create profile {}", p.display()))?;
        return Ok(Profile { path: p.canonicalize()?, temporary: false });
    }
    let base = std::env::temp_dir();
    for n in 0..1000u32 {
        let path = base.join(format!("tabwright-profile-{}-{n}", std::process::id()));
        if std::fs::create_dir(&path).is_ok() {
            return Ok(Profile { path, temporary: true });
        }
    }
    bail!("cannot create a profile folder in {}", base.display())
}

/// Runs the browser until it exits or the process is told to stop. Prints `ready <socket>`
/// once the extension has connected.
pub async fn run(options: LaunchOptions) -> anyhow::Result<()> {
    let browser = browser::find_browser(options.browser.as_deref()).with_context(|| {
        format!("no Chromium-family browser found: install chromium (or google-chrome), set $CHROME, or pass --browser PATH (tried {})", browser::BROWSER_NAMES.join(", "))
    })?;
    let extension = browser::find_extension(options.extension.as_deref()).map_err(anyhow::Error::msg)?;
    let profile = make_profile(options.profile.as_deref())?;
    let exe = std::env::current_exe().context("cannot find this executable's path")?;
    write_host_manifest(&profile.path.join("NativeMessagingHosts"), &exe)?;
    let downloads = options.downloads.clone().unwrap_or_else(|| profile.path.join("Downloads"));
    std::fs::create_dir_all(&downloads).with_context(|| format!("cannot create the download folder {}", downloads.display()))?;
    let downloads = downloads.canonicalize()?;
    // Every file a page makes the browser download would become uploadable.
    for root in crate::uploads::canonical_roots(&options.hub.policy.upload_roots) {
        if crate::uploads::overlaps(&downloads, &root) {
            bail!(
                "the download folder {} overlaps the upload root {}: keep them apart, or any page could make its downloads uploadable",
                downloads.display(),
                root.display()
            );
        }
    }
    write_preferences(&profile.path, &downloads)?;
    let no_sandbox = options.no_sandbox || options.browser_args.iter().any(|a| a == "--no-sandbox");
    if running_as_root() && !no_sandbox {
        bail!("{ROOT_NEEDS_NO_SANDBOX}.");
    }
    if no_sandbox {
        eprintln!("{NO_SANDBOX_WARNING}");
    }

    let mut hub_config = options.hub.clone();
    // Staged uploads live beside the socket, in the private directory, and go with it.
    hub_config.staging = paths::hub_socket(&options.socket).with_file_name("uploads");
    let staging = hub_config.staging.clone();
    let hub = Hub::new(hub_config);
    let socket = agent::bind(&options.socket).await.with_context(|| format!("cannot serve {}", options.socket.display()))?;
    let hub_path = paths::hub_socket(&options.socket);
    let relay = agent::bind(&hub_path).await.with_context(|| format!("cannot serve {}", hub_path.display()))?;
    let server_hub = hub.clone();
    let server = tokio::spawn(async move { agent::serve(server_hub, &socket).await });
    let tcp = match options.tcp {
        Some(port) => {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
            let addr = listener.local_addr()?;
            let token = random_token()?;
            let token_file = paths::hub_socket(&options.socket).with_file_name("agent.token");
            write_private(&token_file, &token)?;
            write_private(&token_file.with_file_name("agent.tcp"), &addr.to_string())?;
            eprintln!("tabwright: agents may also connect to ws://{addr}/ with Authorization: Bearer <the token in {}>", token_file.display());
            let tcp_hub = hub.clone();
            Some(tokio::spawn(async move { agent::serve_tcp(tcp_hub, listener, token).await }))
        }
        None => None,
    };
    // The relay token goes to the native hosts in a file only this user can read, in the
    // socket's private folder; the browser's environment (which every renderer inherits) only
    // names the file.
    let token = random_token()?;
    let token_file = paths::hub_socket(&options.socket).with_file_name(format!("relay-{}.token", std::process::id()));
    remove_stale_tokens(&token_file);
    write_private(&token_file, &token)?;
    let relay_hub = hub.clone();
    let relay_token = token.clone();
    let relays = tokio::spawn(async move { host::serve_relays(relay_hub, relay, relay_token).await });

    let spawned = spawn_browser(&browser, &profile.path, &extension, options.headless, options.no_sandbox, &options.browser_args, &options.socket, &hub_path, &token_file);
    let (mut child, devtools) = match spawned {
        Ok(spawned) => spawned,
        Err(e) => {
            let _ = std::fs::remove_file(&token_file);
            return Err(e);
        }
    };
    // The browser leads its process group (see spawn_browser).
    let group = child.id();
    // The extension comes back by itself (its alarm); this brings it back sooner.
    // TABWRIGHT_NO_REVIVE=1 leaves it to the alarm alone, to measure that floor.
    let scope = format!("chrome-extension://{EXTENSION_ID}/");
    let reviver = match std::env::var_os("TABWRIGHT_NO_REVIVE").filter(|v| !v.is_empty() && v != "0") {
        Some(_) => None,
        None => Some(tokio::spawn(crate::revive::watch(hub.subscribe(), devtools.clone(), scope))),
    };
    let outcome = supervise(&hub, &mut child, &options).await;
    // The agents still connected are told why, and what they wait for is answered.
    let why = match &outcome {
        Ok(end) => end.why.clone(),
        Err(e) => format!("tabwright launch could not go on ({e}), so this call could not be answered."),
    };
    hub.shut_down(&why).await;
    if let Some(reviver) = reviver {
        reviver.abort();
    }
    // Held until here: the browser sees its pipe close only as it is told to stop.
    drop(devtools);
    stop_browser(&mut child, group).await;
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_dir_all(&staging);
    server.abort();
    if let Some(tcp) = tcp {
        tcp.abort();
    }
    relays.abort();
    match outcome {
        Ok(End { failed: true, why }) => bail!("the browser did not exit cleanly. {why}"),
        other => other.map(|_| ()),
    }
}

/// Writes a file only this user can read.
pub fn write_private(path: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    f.write_all(text.as_bytes())?;
    Ok(())
}

/// A secret shared with the launched browser's native hosts (through a private file).
pub fn random_token() -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether an environment variable's name says it holds a credential (`ANTHROPIC_API_KEY`,
/// `GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `DB_PASSWORD`, …).
pub fn names_a_credential(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    const WORDS: &[&str] = &["TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL", "AUTH_KEY"];
    upper.starts_with("ANTHROPIC_") || WORDS.iter().any(|w| upper.contains(w))
}

/// A pipe whose ends are close-on-exec and numbered 10 or higher, so the child's fds 3 and 4 can
/// be made from them without clobbering either.
fn cloexec_pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned here alone.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let high = |fd: OwnedFd| -> std::io::Result<OwnedFd> {
        // SAFETY: F_DUPFD_CLOEXEC duplicates a descriptor we own into a new one.
        let dup = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 10) };
        if dup < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: the duplicate is new and owned here alone.
        Ok(unsafe { OwnedFd::from_raw_fd(dup) })
    };
    Ok((high(read)?, high(write)?))
}

/// The flags for the DevTools pipe, with the extra flags asked for. A DevTools pipe makes Chrome
/// tell every page it is automated (`navigator.webdriver`); a visible launched browser did not
/// before the pipe, and pages keep seeing it as they did (headless Chrome always says so).
fn with_pipe(extra: &[String], headless: bool) -> Vec<String> {
    const BLINK: &str = "--disable-blink-features=";
    let mut args = vec!["--remote-debugging-pipe".to_string()];
    let mut merged = false;
    for arg in extra {
        match arg.strip_prefix(BLINK) {
            // Chrome reads only the last of a repeated flag: one list carries both.
            Some(features) if !headless => {
                args.push(format!("{BLINK}{features},AutomationControlled"));
                merged = true;
            }
            _ => args.push(arg.clone()),
        }
    }
    if !headless && !merged {
        args.push(format!("{BLINK}AutomationControlled"));
    }
    args
}

/// Starts the browser; returns it and the launch process's end of its DevTools pipe.
#[allow(clippy::too_many_arguments)]
fn spawn_browser(browser: &Path, profile: &Path, extension: &Path, headless: bool, no_sandbox: bool, extra: &[String], socket: &Path, hub: &Path, token_file: &Path) -> anyhow::Result<(Child, Arc<DevToolsPipe>)> {
    let mut args = browser_args(profile, extension, headless, no_sandbox);
    // The start page stays last.
    let start = args.pop();
    args.extend(with_pipe(extra, headless));
    args.extend(start);
    let (browser_reads, to_browser) = cloexec_pipe().context("cannot make the browser's DevTools pipe")?;
    let (from_browser, browser_writes) = cloexec_pipe().context("cannot make the browser's DevTools pipe")?;
    let (child_in, child_out) = (browser_reads.as_raw_fd(), browser_writes.as_raw_fd());
    let mut cmd = Command::new(browser);
    // Every renderer starts with the browser's environment: credentials this process was given
    // (an API key for `tabwright agent`, tokens) stay out of it.
    for (name, _) in std::env::vars_os() {
        if name.to_str().is_some_and(names_a_credential) {
            cmd.env_remove(&name);
        }
    }
    cmd.args(args)
        .env("TABWRIGHT_SOCKET", socket)
        .env("TABWRIGHT_HUB", hub)
        .env(crate::host::TOKEN_FILE_ENV, token_file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(if std::env::var_os("TABWRIGHT_BROWSER_LOG").is_some() { Stdio::inherit() } else { Stdio::null() })
        .kill_on_drop(true)
        // The browser and the helpers it starts (zygotes, GPU, network, renderers) are a process
        // group of their own, which launch stops whole; a terminal's Ctrl+C reaches launch only,
        // which stops the browser.
        .process_group(0);
    // SAFETY: prctl and dup2 are async-signal-safe. The browser ends when this process dies, and
    // reads DevTools commands on fd 3 and writes answers on fd 4 (dup2 clears close-on-exec).
    unsafe {
        cmd.pre_exec(move || {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
            if libc::dup2(child_in, 3) < 0 || libc::dup2(child_out, 4) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = cmd.spawn().with_context(|| format!("cannot start {}", browser.display()))?;
    // The browser's ends live on in the browser only.
    drop((browser_reads, browser_writes));
    let devtools = DevToolsPipe::new(to_browser, from_browser).context("cannot use the browser's DevTools pipe")?;
    Ok((child, devtools))
}

/// How a launch's run ended: what the agents still connected are told, and whether the browser
/// failed (killed or crashed, where a person's closing it exits cleanly), which launch's exit
/// code tells whatever supervises it.
struct End {
    why: String,
    failed: bool,
}

/// Removes the relay tokens of launches that are gone (killed before they could remove their
/// own) from the folder `ours` goes in: each names its launch's process.
fn remove_stale_tokens(ours: &Path) {
    let Some(dir) = ours.parent() else { return };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("relay-")).and_then(|n| n.strip_suffix(".token")).and_then(|n| n.parse::<i32>().ok()) else { continue };
        // SAFETY: signal 0 only asks whether the process exists.
        let alive = pid > 0 && (unsafe { libc::kill(pid, 0) } == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM));
        if !alive {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Runs until the browser exits or launch is told to stop, and says which.
async fn supervise(hub: &Arc<Hub>, child: &mut Child, options: &LaunchOptions) -> anyhow::Result<End> {
    let mut sigterm = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        info = hub.wait_connected(options.ready_timeout) => {
            if info.is_none() {
                bail!("the extension did not connect within {} s; run `cargo xtask build`, and set TABWRIGHT_BROWSER_LOG=1 to see the browser's log", options.ready_timeout.as_secs());
            }
            println!("ready {}", options.socket.display());
        }
        status = child.wait() => {
            let status = status?;
            // Chrome's exit code when another browser holds the profile.
            if status.code() == Some(21) {
                bail!("the browser exited at once ({status}): its profile is in use by another browser (another tabwright launch, or a Chrome on the same --profile). Close that one, or give launch another --profile");
            }
            bail!("the browser exited before the extension connected ({status})")
        }
        _ = tokio::signal::ctrl_c() => return Ok(End { why: STOPPED.to_string(), failed: false }),
        _ = sigterm.recv() => return Ok(End { why: STOPPED.to_string(), failed: false }),
    }
    let end = tokio::select! {
        status = child.wait() => {
            let status = status?;
            eprintln!("tabwright: the browser exited ({status})");
            let why = format!("The browser exited ({status}), so this call could not be answered. Start it again with `tabwright launch`; the tabs it had are gone.");
            End { why, failed: !status.success() }
        }
        _ = tokio::signal::ctrl_c() => End { why: STOPPED.to_string(), failed: false },
        _ = sigterm.recv() => End { why: STOPPED.to_string(), failed: false },
    };
    Ok(end)
}

/// What agents still connected are told when `tabwright launch` is stopped.
const STOPPED: &str = "tabwright launch was stopped, and its browser with it, so this call could not be answered.";

async fn stop_browser(child: &mut Child, group: Option<u32>) {
    if let Some(pid) = child.id() {
        // SAFETY: signalling our own child by pid.
        unsafe {
            libc::kill(pid as i32, libc::SIGTERM);
        }
        if tokio::time::timeout(Duration::from_secs(5), child.wait()).await.is_err() {
            let _ = child.kill().await;
        }
    }
    // Its helpers end on their own a few seconds after it: launch returns once they have, and
    // ends any still there after a second, so nothing of the browser's outlives it.
    let Some(group) = group.and_then(|g| i32::try_from(g).ok()).filter(|g| *g > 1) else { return };
    if group_ends_within(group, Duration::from_secs(1)).await {
        return;
    }
    // SAFETY: the group is the browser's, made for it at its start.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    group_ends_within(group, Duration::from_millis(500)).await;
}

/// Waits, looking every 50 ms, until no process of `group` runs; false when one still does at
/// the end of `wait`.
async fn group_ends_within(group: i32, wait: Duration) -> bool {
    let end = tokio::time::Instant::now() + wait;
    while group_running(group) {
        if tokio::time::Instant::now() >= end {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    true
}

/// Whether a process of `group` still runs. One that has ended but is not yet reaped by its new
/// parent (a zombie) does not count: signals would still find it.
fn group_running(group: i32) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else { return false };
    entries.flatten().any(|entry| {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { return false };
        // "pid (name) state ppid pgrp …": the name may hold anything but ends at the last ')'.
        let Some((_, rest)) = stat.rsplit_once(')') else { return false };
        let mut fields = rest.split_whitespace();
        let (state, pgrp) = (fields.next(), fields.nth(1).and_then(|p| p.parse::<i32>().ok()));
        pgrp == Some(group) && state != Some("Z")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pipe_leaves_what_a_visible_browser_tells_pages_as_it_was() {
        let extra = vec!["--force-device-scale-factor=2".to_string()];
        assert_eq!(with_pipe(&extra, true), ["--remote-debugging-pipe", "--force-device-scale-factor=2"]);
        assert_eq!(with_pipe(&extra, false), ["--remote-debugging-pipe", "--force-device-scale-factor=2", "--disable-blink-features=AutomationControlled"]);
        let own = vec!["--disable-blink-features=Foo".to_string()];
        assert_eq!(with_pipe(&own, false), ["--remote-debugging-pipe", "--disable-blink-features=Foo,AutomationControlled"]);
    }

    #[test]
    fn a_group_runs_while_a_process_of_it_runs_and_its_zombies_do_not_count() {
        use std::os::unix::process::CommandExt;
        let mut child = std::process::Command::new("sleep").arg("30").process_group(0).spawn().expect("a child");
        let group = child.id() as i32;
        assert!(group_running(group));
        child.kill().expect("killed");
        // Ended but not yet reaped: a zombie, which signals still find.
        std::thread::sleep(Duration::from_millis(200));
        // SAFETY: signal 0 only asks whether the group exists.
        assert_eq!(unsafe { libc::kill(-group, 0) }, 0, "the zombie is still there");
        assert!(!group_running(group));
        child.wait().expect("reaped");
        assert!(!group_running(group));
    }

    #[test]
    fn the_relay_tokens_of_launches_that_are_gone_are_removed() {
        let dir = std::env::temp_dir().join(format!("tabwright-tokens-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let ours = dir.join(format!("relay-{}.token", std::process::id()));
        // A process that has ended: a child run to its end.
        let gone = std::process::Command::new("true").spawn().and_then(|mut c| c.wait().map(|_| c.id())).expect("a child");
        let stale = dir.join(format!("relay-{gone}.token"));
        let other = dir.join("agent.token");
        for f in [&ours, &stale, &other] {
            std::fs::write(f, "x").expect("a file");
        }
        remove_stale_tokens(&ours);
        assert!(ours.exists() && other.exists(), "a live launch's token and other files stay");
        assert!(!stale.exists(), "the token of a launch that is gone goes");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_headless_browser_with_no_port_for_a_persons_tools_is_unwatched() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(unwatched(true, &[]));
        assert!(unwatched(false, &args(&["--headless=new"])));
        assert!(!unwatched(false, &[]));
        assert!(!unwatched(true, &args(&["--remote-debugging-port=0"])));
        // A flag that only begins like it is another flag.
        assert!(!unwatched(false, &args(&["--headlessness"])));
    }
}
