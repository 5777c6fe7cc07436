//! `cargo xtask build | test | demo`.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

const BROWSER_NAMES: &[&str] = &["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."))
}

fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

fn run(mut cmd: Command) -> anyhow::Result<()> {
    let shown = format!("{cmd:?}");
    let status = cmd.status().with_context(|| format!("cannot run {shown}"))?;
    if !status.success() {
        bail!("{shown} failed ({status})");
    }
    Ok(())
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"))
}

/// Builds the Wasm core, runs wasm-bindgen into extension/pkg, and builds the bridge.
fn build() -> anyhow::Result<()> {
    let mut wasm = cargo();
    // The core runs in the browser on every call: it is always built optimized.
    wasm.args(["build", "-p", "tabwright-extension", "--lib", "--target", "wasm32-unknown-unknown", "--release"]);
    run(wasm)?;
    let input = target_dir().join("wasm32-unknown-unknown/release/tabwright_extension.wasm");
    let out = root().join("extension/pkg");
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&input)
        .web(true)?
        .typescript(false)
        .generate(&out)
        .with_context(|| format!("wasm-bindgen on {}", input.display()))?;
    let mut bridge = cargo();
    bridge.args(["build", "-p", "tabwright"]);
    run(bridge)?;
    println!("built: extension in {} (load the repository root unpacked), bridge at {}", out.display(), bridge_exe().display());
    Ok(())
}

fn bridge_exe() -> PathBuf {
    target_dir().join("debug/tabwright")
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// `$CHROME`, else a Chromium on PATH; on Debian as root, installs the `chromium` package.
fn ensure_browser() -> anyhow::Result<PathBuf> {
    if let Some(p) = std::env::var_os("CHROME").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    if let Some(p) = BROWSER_NAMES.iter().find_map(|n| on_path(n)) {
        return Ok(p);
    }
    let debian = Path::new("/etc/debian_version").exists();
    let root_user = Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    if debian && root_user {
        println!("no Chromium found: installing Debian's chromium package");
        let mut update = Command::new("apt-get");
        update.arg("update").env("DEBIAN_FRONTEND", "noninteractive");
        run(update)?;
        let mut install = Command::new("apt-get");
        install.args(["install", "-y", "--no-install-recommends", "chromium"]).env("DEBIAN_FRONTEND", "noninteractive");
        run(install)?;
        if let Some(p) = BROWSER_NAMES.iter().find_map(|n| on_path(n)) {
            return Ok(p);
        }
    }
    bail!("no Chromium-family browser found: install chromium (Debian/Ubuntu: apt-get install chromium) or Google Chrome, or set CHROME=/path/to/browser")
}

/// A virtualenv with the official `anthropic` package, for the differential conformance test.
fn ensure_sdk() -> anyhow::Result<PathBuf> {
    let venv = target_dir().join("sdk-venv");
    let python = venv.join("bin/python");
    let ready = |p: &Path| Command::new(p).args(["-c", "import anthropic.lib.tools._toolsets._pipeline"]).output().is_ok_and(|o| o.status.success());
    if python.is_file() && ready(&python) {
        return Ok(python);
    }
    let host = ["python3", "python"].iter().find_map(|n| on_path(n)).context("python3 is needed for the SDK conformance test; install python3 (with venv)")?;
    let mut make = Command::new(&host);
    make.args(["-m", "venv"]).arg(&venv);
    run(make).context("creating a virtualenv (on Debian: apt-get install python3-venv)")?;
    let mut install = Command::new(venv.join("bin/pip"));
    install.args(["install", "--quiet", "--disable-pip-version-check", "anthropic>=2.10"]);
    run(install)?;
    anyhow::ensure!(ready(&python), "the anthropic package in {} lacks the browser toolset pipeline (need 2.10 or later)", venv.display());
    Ok(python)
}

fn test(extra: &[String]) -> anyhow::Result<()> {
    build()?;
    let browser = ensure_browser()?;
    println!("browser: {}", browser.display());
    let python = ensure_sdk()?;
    let mut tests = cargo();
    tests
        .args(["test", "--workspace", "--no-fail-fast"])
        .args(extra)
        .env("CHROME", &browser)
        .env("TABWRIGHT_BIN", bridge_exe())
        .env("TABWRIGHT_SDK_PYTHON", python);
    let (passed, failed, status) = run_counting(tests)?;
    println!("\ntests: {passed} passed, {failed} failed");
    anyhow::ensure!(status.success() && failed == 0, "cargo test failed ({status})");
    anyhow::ensure!(passed > 0, "no test ran");
    Ok(())
}

/// Runs `cmd`, echoing its output, and adds up the `test result:` lines cargo test prints.
fn run_counting(mut cmd: Command) -> anyhow::Result<(u64, u64, std::process::ExitStatus)> {
    use std::io::BufRead;
    let mut child = cmd.stdout(std::process::Stdio::piped()).spawn().context("cannot run cargo test")?;
    let stdout = child.stdout.take().context("no stdout")?;
    let (mut passed, mut failed) = (0, 0);
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line?;
        println!("{line}");
        if let Some(rest) = line.strip_prefix("test result: ") {
            let count = |word: &str| {
                rest.split(';').find_map(|part| part.trim().strip_suffix(word)?.trim().rsplit(' ').next()?.parse::<u64>().ok())
            };
            passed += count("passed").unwrap_or(0);
            failed += count("failed").unwrap_or(0);
        }
    }
    Ok((passed, failed, child.wait()?))
}

fn demo(extra: &[String]) -> anyhow::Result<()> {
    build()?;
    let browser = ensure_browser()?;
    let mut demo = Command::new(bridge_exe());
    demo.current_dir(root()).arg("demo").args(extra).env("CHROME", browser);
    run(demo)
}

/// Side-by-side benchmarks against playwright-core on the same Chromium.
fn bench(extra: &[String]) -> anyhow::Result<()> {
    build()?;
    let browser = ensure_browser()?;
    let dir = root().join("bench");
    if !dir.join("node_modules/playwright-core").is_dir() || !dir.join("node_modules/ws").is_dir() {
        let mut npm = Command::new("npm");
        npm.current_dir(&dir).args(["install", "--no-audit", "--no-fund"]);
        run(npm).context("installing the benchmark's npm packages (Node.js 18 or later and npm are needed)")?;
    }
    let scripts: Vec<String> = if extra.is_empty() { vec!["read_page".into()] } else { extra.to_vec() };
    for script in scripts {
        let mut node = Command::new("node");
        node.current_dir(root()).arg(dir.join(format!("{script}.mjs"))).env("CHROME", &browser).env("TABWRIGHT_BIN", bridge_exe());
        run(node)?;
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("build") => build(),
        Some("test") => test(&args[1..]),
        Some("demo") => demo(&args[1..]),
        Some("bench") => bench(&args[1..]),
        _ => bail!("usage: cargo xtask build | test [cargo test args] | demo [--headless] | bench [read_page …]"),
    }
}
