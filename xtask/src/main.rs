//! `cargo xtask build | test | demo`.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

#[path = "../../extension/compact.rs"]
mod compact;
mod binaryen;
mod tally;

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

/// The target the extension's core is compiled for.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Where `rustc` looks for `target`'s standard library. rustc prints the folder whether or not it
/// exists, so this works on a toolchain that lacks the target.
fn target_libdir(rustc: &Path, target: &str) -> anyhow::Result<PathBuf> {
    let out = Command::new(rustc)
        .current_dir(root())
        .args(["--print", "target-libdir", "--target", target])
        .output()
        .with_context(|| format!("cannot run {}", rustc.display()))?;
    anyhow::ensure!(out.status.success(), "{} --print target-libdir failed: {}", rustc.display(), String::from_utf8_lossy(&out.stderr).trim());
    let dir = String::from_utf8(out.stdout).context("rustc printed a non-UTF-8 path")?;
    Ok(PathBuf::from(dir.trim()))
}

/// Whether `libdir` holds a compiled standard library (its `core` crate).
fn std_installed(libdir: &Path) -> bool {
    std::fs::read_dir(libdir).is_ok_and(|entries| {
        entries.filter_map(Result::ok).any(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("libcore-") && name.ends_with(".rlib")
        })
    })
}

/// Makes sure the toolchain `rustc` belongs to can build for `target`, adding it with `rustup`
/// when it cannot: rustup does not always install the targets rust-toolchain.toml lists (it does
/// not for an already-installed toolchain, nor with auto-install off).
fn ensure_target(rustc: &Path, rustup: Option<&Path>, target: &str) -> anyhow::Result<()> {
    let libdir = target_libdir(rustc, target)?;
    if std_installed(&libdir) {
        return Ok(());
    }
    let Some(rustup) = rustup else {
        bail!(
            "this Rust toolchain cannot build for {target} ({} has no standard library) and rustup is not on PATH: \
             install the {target} target with the tool that installed Rust, or install Rust with rustup",
            libdir.display()
        );
    };
    println!("the toolchain lacks the {target} target: running `rustup target add {target}`");
    let mut add = Command::new(rustup);
    add.current_dir(root()).args(["target", "add", target]);
    run(add).with_context(|| {
        format!("could not add the {target} target; run `rustup target add {target}` yourself (it downloads the target's standard library)")
    })?;
    anyhow::ensure!(
        std_installed(&libdir),
        "`rustup target add {target}` succeeded, but {} still has no standard library: is `rustc` ({}) from another toolchain than rustup's?",
        libdir.display(),
        rustc.display()
    );
    Ok(())
}

/// `ensure_target` for the Wasm core with the `rustc` and `rustup` cargo runs under.
fn ensure_wasm_target() -> anyhow::Result<()> {
    let rustc = std::env::var_os("RUSTC").filter(|r| !r.is_empty()).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("rustc"));
    let rustup = on_path("rustup");
    ensure_target(&rustc, rustup.as_deref(), WASM_TARGET)
}

/// How the bridge is built: tests use the quick-to-compile debug build; what a person runs (the
/// demo, `build --release`) and what is benchmarked is the optimized one.
#[derive(Clone, Copy, PartialEq)]
enum Profile {
    Debug,
    Release,
}

/// Builds the Wasm core, runs wasm-bindgen into extension/pkg, and builds the bridge.
fn build(profile: Profile) -> anyhow::Result<()> {
    ensure_wasm_target()?;
    let mut wasm = cargo();
    // The core runs in the browser on every call: it is always built optimized.
    wasm.args(["build", "-p", "tabwright-extension", "--lib", "--target", WASM_TARGET, "--profile", "wasm"]);
    run(wasm)?;
    let input = target_dir().join(WASM_TARGET).join("wasm/tabwright_extension.wasm");
    let out = root().join("extension/pkg");
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&input)
        .web(true)?
        .typescript(false)
        // Function names are for debuggers; the worker loads every byte at each start.
        .remove_name_section(true)
        .remove_producers_section(true)
        .generate(&out)
        .with_context(|| format!("wasm-bindgen on {}", input.display()))?;
    // wasm-opt is an optimization: a failed install of Node.js leaves the core as it is.
    if let Err(e) = install_node_if_missing() {
        println!("cannot install Node.js ({e:#}): the Wasm core is not run through wasm-opt");
    }
    binaryen::shrink(&out.join("tabwright_extension_bg.wasm"), &target_dir().join("wasm-opt"))?;
    // The page scripts ship beside the core rather than inside it: the worker reads them as it
    // starts and hands them over, which keeps some 85 kB out of the Wasm every start compiles.
    let pieces = root().join("extension/page/agent");
    let agent = compact::agent(&pieces).with_context(|| format!("cannot read {}", pieces.display()))?;
    let source = root().join("extension/page/handlers.js");
    let text = std::fs::read_to_string(&source).with_context(|| format!("cannot read {}", source.display()))?;
    let handlers = compact::compact(&text, "extension/page/handlers.js");
    for (name, compacted) in [("agent.js", agent), ("handlers.js", handlers)] {
        std::fs::write(out.join(name), compacted).with_context(|| format!("cannot write {}", out.join(name).display()))?;
    }
    let mut bridge = cargo();
    bridge.args(["build", "-p", "tabwright"]);
    if profile == Profile::Release {
        bridge.arg("--release");
    }
    run(bridge)?;
    println!("built: extension in {} (load the repository root unpacked), bridge at {}", out.display(), bridge_exe(profile).display());
    Ok(())
}

fn bridge_exe(profile: Profile) -> PathBuf {
    target_dir().join(if profile == Profile::Release { "release/tabwright" } else { "debug/tabwright" })
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// Whether this is Debian (or a derivative) and we are root, so missing packages can be installed.
fn debian_root() -> bool {
    let root_user = Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    Path::new("/etc/debian_version").exists() && root_user
}

/// Installs Debian packages (as root).
fn apt_install(packages: &[&str]) -> anyhow::Result<()> {
    let mut update = Command::new("apt-get");
    update.arg("update").env("DEBIAN_FRONTEND", "noninteractive");
    run(update)?;
    let mut install = Command::new("apt-get");
    install.args(["install", "-y", "--no-install-recommends"]).args(packages).env("DEBIAN_FRONTEND", "noninteractive");
    run(install)
}

/// On Debian as root, Node.js and npm when they are missing: the build runs binaryen with them,
/// and the tests drive the TypeScript client.
fn install_node_if_missing() -> anyhow::Result<()> {
    if (on_path("node").is_none() || on_path("npm").is_none()) && debian_root() {
        println!("no Node.js found: installing Debian's nodejs and npm packages");
        apt_install(&["nodejs", "npm"])?;
    }
    Ok(())
}

/// `npm install` and `npm run build` in clients/typescript, again whenever its files changed.
fn ensure_typescript_client() -> anyhow::Result<()> {
    install_node_if_missing()?;
    anyhow::ensure!(
        on_path("node").is_some() && on_path("npm").is_some(),
        "Node.js 18 or later and npm are needed for the TypeScript client's tests; install them (Debian/Ubuntu: apt-get install nodejs npm)"
    );
    let dir = root().join("clients/typescript");
    let digest = tree_digest(&dir, &["node_modules", "dist", "test", "e2e"])?;
    let stamp = dir.join("node_modules/.tabwright-stamp");
    if dir.join("dist/index.js").is_file() && std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == digest) {
        return Ok(());
    }
    let mut install = Command::new("npm");
    install.current_dir(&dir).args(["ci", "--no-audit", "--no-fund"]);
    run(install).context("installing the TypeScript client's npm packages")?;
    let mut build = Command::new("npm");
    build.current_dir(&dir).args(["run", "build"]);
    run(build).context("building the TypeScript client")?;
    std::fs::write(&stamp, digest)?;
    Ok(())
}

/// Xvfb, the display the headed tests run their browser on (a print dialog, for one, exists
/// only in a headed browser); on Debian as root, installs the `xvfb` package.
fn ensure_xvfb() -> anyhow::Result<()> {
    if on_path("Xvfb").is_none() && debian_root() {
        println!("no Xvfb found: installing Debian's xvfb package");
        apt_install(&["xvfb"])?;
    }
    anyhow::ensure!(on_path("Xvfb").is_some(), "Xvfb is needed for the headed tests; install it (Debian/Ubuntu: apt-get install xvfb)");
    Ok(())
}

/// `$CHROME`, else a Chromium on PATH; on Debian as root, installs the `chromium` package.
fn ensure_browser() -> anyhow::Result<PathBuf> {
    if let Some(p) = std::env::var_os("CHROME").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    if let Some(p) = BROWSER_NAMES.iter().find_map(|n| on_path(n)) {
        return Ok(p);
    }
    if debian_root() {
        println!("no Chromium found: installing Debian's chromium package");
        apt_install(&["chromium"])?;
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

/// A digest of the files under `dir` (names and contents), to tell whether a copy installed from
/// it is current.
fn tree_digest(dir: &Path, skip: &[&str]) -> anyhow::Result<String> {
    use std::hash::{Hash, Hasher};
    fn walk(dir: &Path, skip: &[&str], files: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if skip.contains(&name.as_str()) || name.starts_with('.') {
                continue;
            }
            if path.is_dir() {
                walk(&path, skip, files)?;
            } else {
                files.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, skip, &mut files).with_context(|| format!("cannot read {}", dir.display()))?;
    files.sort();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for f in files {
        f.strip_prefix(dir).unwrap_or(&f).hash(&mut hasher);
        std::fs::read(&f).with_context(|| format!("cannot read {}", f.display()))?.hash(&mut hasher);
    }
    Ok(format!("{:016x}", hasher.finish()))
}

/// `pip install ./clients/python` into the SDK's venv, again whenever the package's files changed.
fn ensure_python_client(python: &Path) -> anyhow::Result<()> {
    let package = root().join("clients/python");
    let digest = tree_digest(&package, &["tests", "__pycache__", "build", "dist"])?;
    let stamp = python.parent().and_then(Path::parent).unwrap_or(Path::new(".")).join("tabwright-client.stamp");
    let installed = Command::new(python).args(["-c", "import tabwright"]).output().is_ok_and(|o| o.status.success());
    if installed && std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == digest) {
        return Ok(());
    }
    let mut pip = Command::new(python);
    pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--force-reinstall", "--no-deps"]).arg(&package);
    run(pip).context("installing clients/python into the SDK's virtualenv")?;
    std::fs::write(&stamp, digest)?;
    Ok(())
}

fn test(extra: &[String]) -> anyhow::Result<()> {
    build(Profile::Debug)?;
    let browser = ensure_browser()?;
    println!("browser: {}", browser.display());
    let python = ensure_sdk()?;
    ensure_python_client(&python)?;
    ensure_typescript_client()?;
    ensure_xvfb()?;
    let mut tests = cargo();
    tests
        .args(["test", "--workspace", "--no-fail-fast"])
        .args(extra)
        .env("CHROME", &browser)
        .env("TABWRIGHT_BIN", bridge_exe(Profile::Debug))
        .env("TABWRIGHT_SDK_PYTHON", python)
        // A test's error is its message, not a backtrace that pushes the message out of sight.
        .env("RUST_LIB_BACKTRACE", "0");
    let (passed, failed, status) = run_counting(tests)?;
    println!("\ntests: {passed} passed, {failed} failed");
    anyhow::ensure!(status.success() && failed == 0, "cargo test failed ({status})");
    anyhow::ensure!(passed > 0, "no test ran");
    Ok(())
}

/// Runs `cmd`, echoing its output, and adds up what it says of the tests; the first lines of
/// each failure are printed again at the end, where a log's tail shows them.
fn run_counting(mut cmd: Command) -> anyhow::Result<(u64, u64, std::process::ExitStatus)> {
    use std::io::BufRead;
    let mut child = cmd.stdout(std::process::Stdio::piped()).spawn().context("cannot run cargo test")?;
    let stdout = child.stdout.take().context("no stdout")?;
    let mut tally = tally::Tally::default();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line?;
        println!("{line}");
        tally.feed(&line);
    }
    print!("{}", tally.why());
    Ok((tally.passed, tally.failed, child.wait()?))
}

fn demo(extra: &[String]) -> anyhow::Result<()> {
    build(Profile::Release)?;
    let browser = ensure_browser()?;
    let mut demo = Command::new(bridge_exe(Profile::Release));
    demo.current_dir(root()).arg("demo").args(extra).env("CHROME", browser);
    run(demo)
}

/// Side-by-side benchmarks against playwright-core on the same Chromium, with the release build.
/// `bench` measures every member and rewrites bench/members.json and BENCHMARKS.md; `bench
/// --quick` measures fewer runs and fails on a ratio more than 1.5× the committed one; `bench
/// read_page input …` runs those scripts (`peers`: an agent's task against Playwright MCP and
/// chrome-devtools-mcp).
fn bench(extra: &[String]) -> anyhow::Result<()> {
    build(Profile::Release)?;
    let browser = ensure_browser()?;
    let dir = root().join("bench");
    let installed = ["playwright-core", "ws", "@anthropic-ai/sdk", "@modelcontextprotocol/sdk", "@playwright/mcp", "chrome-devtools-mcp"].iter().all(|p| dir.join("node_modules").join(p).join("package.json").is_file());
    if !installed {
        let mut npm = Command::new("npm");
        npm.current_dir(&dir).args(["install", "--no-audit", "--no-fund"]);
        run(npm).context("installing the benchmark's npm packages (Node.js 18 or later and npm are needed)")?;
    }
    let quick = extra.iter().any(|a| a == "--quick");
    let scripts: Vec<&String> = extra.iter().filter(|a| *a != "--quick").collect();
    let scripts: Vec<String> = if scripts.is_empty() { vec!["members".into()] } else { scripts.into_iter().cloned().collect() };
    for script in scripts {
        anyhow::ensure!(dir.join(format!("{script}.mjs")).is_file(), "no benchmark named {script:?}; the benchmarks are members, peers, read_page, input, wasm_start, click_timeline, restless, leaving and reading_diff");
        let mut node = Command::new("node");
        node.current_dir(root()).arg(dir.join(format!("{script}.mjs"))).env("CHROME", &browser).env("TABWRIGHT_BIN", bridge_exe(Profile::Release));
        if script == "members" {
            if quick {
                node.env("QUICK", "1").env("BENCH_BASELINE", dir.join("members.json"));
            } else {
                node.env("BENCH_JSON", dir.join("members.json")).env("BENCH_MD", root().join("BENCHMARKS.md"));
            }
        }
        run(node)?;
    }
    Ok(())
}

/// The fault suite, long: `soak [--rounds N] [--calls N] [--alarm-only]` runs tests/tests/faults.rs
/// with N rounds of each fault (default 100) and an N-call soak (default 5,000), then prints the
/// figures each test measured. `--alarm-only` leaves the extension's recovery to its own alarm
/// (no restart over launch's DevTools pipe), to measure that floor.
fn soak(extra: &[String]) -> anyhow::Result<()> {
    let mut rounds = "100".to_string();
    let mut calls = "5000".to_string();
    let mut alarm_only = false;
    let mut args = extra.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().context("--rounds needs a number")?.clone(),
            "--calls" => calls = args.next().context("--calls needs a number")?.clone(),
            "--alarm-only" => alarm_only = true,
            other => bail!("unknown soak option {other:?}; the options are --rounds N, --calls N and --alarm-only"),
        }
    }
    for (name, value) in [("--rounds", &rounds), ("--calls", &calls)] {
        anyhow::ensure!(value.parse::<u32>().is_ok_and(|n| n > 0), "{name} needs a positive number, not {value:?}");
    }
    build(Profile::Debug)?;
    let browser = ensure_browser()?;
    let mut tests = cargo();
    tests
        .args(["test", "-p", "tabwright-e2e", "--test", "faults", "--", "--nocapture", "--test-threads=1"])
        .env("CHROME", &browser)
        .env("TABWRIGHT_BIN", bridge_exe(Profile::Debug))
        .env("TABWRIGHT_FAULT_ROUNDS", &rounds)
        .env("TABWRIGHT_SOAK_CALLS", &calls);
    if alarm_only {
        tests.env("TABWRIGHT_NO_REVIVE", "1");
    }
    let mut child = tests.stdout(std::process::Stdio::piped()).spawn().context("cannot run the fault suite")?;
    let mut figures = Vec::new();
    let stdout = child.stdout.take().context("no stdout")?;
    for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
        let line = line?;
        println!("{line}");
        if let Some(at) = line.find("FIGURES ") {
            figures.push(line[at + "FIGURES ".len()..].to_string());
        }
    }
    let status = child.wait()?;
    println!("\nfigures ({rounds} rounds of each fault, {calls} soak calls{}):", if alarm_only { ", alarm only" } else { "" });
    for f in &figures {
        println!("  {f}");
    }
    anyhow::ensure!(status.success(), "the fault suite failed ({status})");
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("build") => match args.get(1).map(String::as_str) {
            None => build(Profile::Debug),
            Some("--release") => build(Profile::Release),
            Some(other) => bail!("unknown build option {other:?}; the only option is --release"),
        },
        Some("test") => test(&args[1..]),
        Some("demo") => demo(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("soak") => soak(&args[1..]),
        Some("wasm-target") => ensure_wasm_target(),
        _ => bail!("usage: cargo xtask build [--release] | test [cargo test args] | demo [--headless] | bench [--quick] [members|peers|read_page|input|wasm_start …] | soak [--rounds N] [--calls N] [--alarm-only] | wasm-target"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// Held by each test that writes a script or runs a process: a script written while another
    /// test forks can still be open in that child, and running it then fails with "Text file
    /// busy".
    fn serial() -> std::sync::MutexGuard<'static, ()> {
        static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
        LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A scratch folder holding a fake toolchain: `rustc` reports a target-libdir inside it, and
    /// `rustup` records its arguments and (when `installs`) puts a `core` there.
    struct FakeToolchain {
        dir: PathBuf,
    }

    impl FakeToolchain {
        fn new(name: &str, rustup_installs: bool, rustup_fails: bool) -> FakeToolchain {
            let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("scratch dir");
            let libdir = dir.join("sysroot/lib/rustlib/wasm32-unknown-unknown/lib");
            let script = |file: &str, body: String| {
                let path = dir.join(file);
                std::fs::write(&path, format!("#!/bin/sh\n{body}")).expect("write script");
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
            };
            script("rustc", format!("[ \"$1 $2 $3 $4\" = \"--print target-libdir --target wasm32-unknown-unknown\" ] || exit 3\necho '{}'\n", libdir.display()));
            let mut rustup = format!("echo \"$@\" >> '{}'\n", dir.join("rustup.log").display());
            if rustup_installs {
                rustup.push_str(&format!("mkdir -p '{0}' && touch '{0}/libcore-0123abcd.rlib'\n", libdir.display()));
            }
            if rustup_fails {
                rustup.push_str("echo 'error: could not download' >&2\nexit 1\n");
            }
            script("rustup", rustup);
            FakeToolchain { dir }
        }

        fn rustc(&self) -> PathBuf {
            self.dir.join("rustc")
        }

        fn rustup(&self) -> PathBuf {
            self.dir.join("rustup")
        }

        fn rustup_calls(&self) -> Vec<String> {
            std::fs::read_to_string(self.dir.join("rustup.log")).unwrap_or_default().lines().map(String::from).collect()
        }
    }

    impl Drop for FakeToolchain {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    #[test]
    fn a_missing_target_is_added_with_rustup_once() {
        let _serial = serial();
        let tc = FakeToolchain::new("adds", true, false);
        ensure_target(&tc.rustc(), Some(&tc.rustup()), WASM_TARGET).expect("the target gets added");
        assert_eq!(tc.rustup_calls(), vec!["target add wasm32-unknown-unknown"]);
        // Now present: rustup is not asked again.
        ensure_target(&tc.rustc(), Some(&tc.rustup()), WASM_TARGET).expect("present");
        assert_eq!(tc.rustup_calls().len(), 1);
    }

    #[test]
    fn a_failed_or_ineffective_rustup_is_reported() {
        let _serial = serial();
        let tc = FakeToolchain::new("fails", false, true);
        let e = format!("{:#}", ensure_target(&tc.rustc(), Some(&tc.rustup()), WASM_TARGET).expect_err("rustup failed"));
        assert!(e.contains("rustup target add wasm32-unknown-unknown"), "{e}");

        let tc = FakeToolchain::new("noop", false, false);
        let e = format!("{:#}", ensure_target(&tc.rustc(), Some(&tc.rustup()), WASM_TARGET).expect_err("nothing installed"));
        assert!(e.contains("still has no standard library"), "{e}");

        let tc = FakeToolchain::new("norustup", false, false);
        let e = format!("{:#}", ensure_target(&tc.rustc(), None, WASM_TARGET).expect_err("no rustup"));
        assert!(e.contains("rustup is not on PATH"), "{e}");
    }

    #[test]
    fn only_a_compiled_core_counts_as_installed() {
        let dir = std::env::temp_dir().join(format!("xtask-libdir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!std_installed(&dir), "a missing folder");
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("libcore-1.rmeta"), b"").expect("write");
        assert!(!std_installed(&dir), "metadata alone cannot be linked");
        std::fs::write(dir.join("libcore-1.rlib"), b"").expect("write");
        assert!(std_installed(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_real_toolchain_reports_a_wasm_libdir() {
        let _serial = serial();
        // The path rustc reports is the one checked, installed or not.
        let dir = target_libdir(Path::new("rustc"), WASM_TARGET).expect("rustc --print target-libdir");
        assert!(dir.ends_with("lib/rustlib/wasm32-unknown-unknown/lib"), "{}", dir.display());
    }
}
