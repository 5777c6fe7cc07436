//! The `tabwright` command.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::{Parser, Subcommand};
use serde_json::{json, Value};
use tabwright::hub::HubConfig;
use tabwright::{browser, client, demo, host, install, launch, paths};
use tabwright_protocol::blocks::{ToolResult, ToolUse};
use tabwright_protocol::render::Renderer;
use tabwright_protocol::validate;

/// Prints a line on stdout. A reader that went away (`tabwright call … | head`) ends the output
/// quietly rather than with a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// [`out!`] without the newline.
macro_rules! out_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($arg)*);
    }};
}

#[derive(Parser)]
#[command(name = "tabwright", version, about = "Executor for Claude's browser use tool (browser_toolset_20260801)")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Start a browser with a dedicated profile and the extension; print `ready <socket>`.
    Launch {
        #[arg(long)]
        headless: bool,
        /// Profile folder (user-data-dir); a fresh temporary one when omitted.
        #[arg(long)]
        profile: Option<PathBuf>,
        /// Browser executable; else $CHROME, else chromium/google-chrome on PATH.
        #[arg(long)]
        browser: Option<PathBuf>,
        /// Agent socket path (default: $TABWRIGHT_SOCKET or the per-user runtime dir).
        #[arg(long)]
        socket: Option<PathBuf>,
        /// The unpacked extension's folder (the one holding manifest.json).
        #[arg(long)]
        extension: Option<PathBuf>,
        /// Seconds one member call may take (a wait or hold_key has its own duration on top).
        #[arg(long, default_value_t = 90, value_parser = clap::value_parser!(u64).range(1..=3600))]
        call_timeout: u64,
        /// An extra browser flag, e.g. --browser-arg=--force-device-scale-factor=2 (repeatable).
        #[arg(long = "browser-arg", allow_hyphen_values = true)]
        browser_arg: Vec<String>,
        /// The download folder (default: Downloads inside the profile).
        #[arg(long)]
        downloads: Option<PathBuf>,
        /// Report finished downloads' file paths: only when the agent's other tools can read them.
        #[arg(long)]
        expose_download_paths: bool,
        /// The browsing policy (JSON): allow/block hosts, confirmations, upload roots.
        #[arg(long)]
        policy: Option<PathBuf>,
        /// Also serve agents on 127.0.0.1:PORT (0 picks one); they must send the bearer token
        /// written to agent.token beside the socket.
        #[arg(long)]
        tcp: Option<u16>,
        /// Run the browser without its sandbox. Needed as root (the sandbox cannot start
        /// there); every page then runs unconfined, and launch says so.
        #[arg(long)]
        no_sandbox: bool,
    },
    /// Register the native host with your own browser, and print how to load the extension.
    Install {
        /// chrome, chrome-beta, chromium, brave or edge.
        #[arg(long, default_value = "chrome")]
        browser: String,
        /// Install into this user-data-dir instead of the browser's default one.
        #[arg(long)]
        profile: Option<PathBuf>,
        #[arg(long)]
        extension: Option<PathBuf>,
        /// The browsing policy (JSON) the native host enforces in that browser; the options
        /// page adds sites to it.
        #[arg(long)]
        policy: Option<PathBuf>,
    },
    /// Say whether a bridge answers on the socket and whether the extension is connected.
    Status {
        #[arg(long)]
        socket: Option<PathBuf>,
    },
    /// Run one member and print what Claude would read.
    Call {
        /// Member name, e.g. navigate.
        name: String,
        /// The member's input as JSON, e.g. '{"url":"example.com"}'.
        #[arg(default_value = "{}")]
        input: String,
        #[arg(long)]
        socket: Option<PathBuf>,
        /// Print the raw tool_result JSON.
        #[arg(long)]
        json: bool,
        /// The toolset's configs as JSON (by default, the member called is enabled when it is an
        /// optional one, such as javascript_exec or read_console).
        #[arg(long)]
        configs: Option<String>,
    },
    /// Print the tools[] entry for the Messages API.
    Toolset {
        /// The toolset's configs as JSON.
        #[arg(long)]
        configs: Option<String>,
    },
    /// Check a conversation (JSON array or JSONL of Messages API messages) against the contract.
    Validate { file: PathBuf },
    /// Have Claude do TASK in a browser: our own Messages API loop (needs ANTHROPIC_API_KEY).
    ///
    /// Streams Claude's text and one line per action to stderr, writes an HTML report of the
    /// session, and prints Claude's final answer to stdout. Exit status: 0 when Claude ends its
    /// turn, 1 on an error, 2 at --max-turns, 3 when a reply hits --max-tokens, 130 on Ctrl-C.
    Agent {
        /// What Claude should do.
        task: String,
        /// The model.
        #[arg(long, default_value = "claude-opus-5")]
        model: String,
        /// Stop after this many turns.
        #[arg(long, default_value_t = 50)]
        max_turns: usize,
        /// The most tokens one reply may have.
        #[arg(long, default_value_t = 8192)]
        max_tokens: u32,
        /// Use the browser of a running `tabwright launch` (its socket) instead of launching one.
        #[arg(long)]
        socket: Option<PathBuf>,
        /// Where the session report goes (default: ~/.local/share/tabwright/reports).
        #[arg(long)]
        report: Option<PathBuf>,
        /// The toolset's configs as JSON, e.g. '{"read_console":{"enabled":true}}'.
        #[arg(long)]
        configs: Option<String>,
        /// How many of the latest screenshots each request keeps (older ones are left out).
        #[arg(long, default_value_t = 5)]
        keep_screenshots: usize,
        /// How often a request is retried on 429, 529 and 5xx answers.
        #[arg(long, default_value_t = 6)]
        max_retries: u32,
        /// Launch the browser headless (it is visible when there is a display).
        #[arg(long)]
        headless: bool,
        /// Launch: the profile folder.
        #[arg(long)]
        profile: Option<PathBuf>,
        /// Launch: the browser executable.
        #[arg(long)]
        browser: Option<PathBuf>,
        /// Launch: the browsing policy (JSON).
        #[arg(long)]
        policy: Option<PathBuf>,
        /// Launch: the download folder.
        #[arg(long)]
        downloads: Option<PathBuf>,
        /// Launch: the unpacked extension's folder.
        #[arg(long)]
        extension: Option<PathBuf>,
        /// Launch: seconds one member call may take.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3600))]
        call_timeout: Option<u64>,
        /// Launch: an extra browser flag (repeatable).
        #[arg(long = "browser-arg", allow_hyphen_values = true)]
        browser_arg: Vec<String>,
        /// Launch: run the browser without its sandbox (needed as root; see `launch --no-sandbox`).
        #[arg(long)]
        no_sandbox: bool,
    },
    /// List the recent session reports of `tabwright agent`.
    Report {
        /// The reports' folder (default: ~/.local/share/tabwright/reports).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// How many to list.
        #[arg(long, default_value_t = 10)]
        limit: usize,
    },
    /// Drive the bundled local site with a scripted agent and print what Claude reads.
    Demo {
        /// Run headless even when a display is available.
        #[arg(long)]
        headless: bool,
        /// Where screenshots go.
        #[arg(long, default_value = "target/demo")]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("tabwright: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    if host::is_host_invocation(&args) {
        // Chrome started us: stdout belongs to the extension, so errors go to stderr only.
        return match runtime.block_on(host::run()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tabwright host: {e:#}");
                ExitCode::FAILURE
            }
        };
    }
    let cli = Cli::parse();
    match runtime.block_on(run(cli.command)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tabwright: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cmd: Cmd) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Launch { headless, profile, browser, socket, extension, call_timeout, browser_arg, downloads, expose_download_paths, policy, tcp, no_sandbox } => {
            let mut policy = match policy {
                Some(file) => {
                    let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read the policy {}", file.display()))?;
                    tabwright_protocol::policy::Policy::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?
                }
                None => tabwright_protocol::policy::Policy::default(),
            };
            policy.unwatched |= launch::unwatched(headless, &browser_arg);
            let options = launch::LaunchOptions {
                headless,
                profile,
                browser,
                socket: socket.unwrap_or_else(paths::default_socket),
                extension,
                ready_timeout: Duration::from_secs(60),
                browser_args: browser_arg,
                downloads,
                tcp,
                no_sandbox,
                hub: HubConfig {
                    call_timeout: Duration::from_secs(call_timeout),
                    pipeline: tabwright_protocol::pipeline::PipelineConfig { expose_download_paths },
                    policy,
                    ..HubConfig::default()
                },
            };
            launch::run(options).await?;
        }
        Cmd::Install { browser, profile, extension, policy } => {
            let extension = browser::find_extension(extension.as_deref()).map_err(anyhow::Error::msg)?;
            out_raw!("{}", install::install(&browser, profile.as_deref(), &extension, &paths::default_socket(), policy.as_deref())?);
        }
        Cmd::Status { socket } => {
            let socket = socket.unwrap_or_else(paths::default_socket);
            let mut c = match client::Client::connect(&socket).await {
                Ok(c) => c,
                Err(e) => {
                    out!("no bridge at {}: {e:#}", socket.display());
                    return Ok(ExitCode::FAILURE);
                }
            };
            let status = c.request("status", json!({})).await?;
            out!("bridge: answering at {}", socket.display());
            match status.get("extension").filter(|e| !e.is_null()) {
                Some(ext) => {
                    out!("extension: connected ({} {})", ext["extension_id"].as_str().unwrap_or("?"), ext["version"].as_str().unwrap_or("?"));
                    let carried = if status["link"]["lane"] == true { "its WebSocket lane" } else { "native messaging" };
                    out!("link: messages go over {carried}");
                    let state = c.request("state", json!({})).await?;
                    let tabs = state["browser_state"]["tabs"].as_array().map_or(0, Vec::len);
                    out!("tabs: {tabs} open");
                }
                None => {
                    out!("extension: not connected");
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        Cmd::Call { name, input, socket, json: raw, configs } => {
            let input: Value = serde_json::from_str(&input).context("the input is not valid JSON")?;
            let configs: Option<Value> = match configs {
                Some(c) => Some(serde_json::from_str(&c).context("configs is not valid JSON")?),
                // The person names the member to run: an optional one is enabled for this call
                // (the policy still says whether it asks first).
                None => tabwright_protocol::members::Member::from_name(&name).filter(|m| !m.row().enabled_by_default).map(|_| json!({ name.as_str(): {"enabled": true} })),
            };
            let socket = socket.unwrap_or_else(paths::default_socket);
            let mut c = client::Client::connect(&socket).await?;
            let tool_use = ToolUse { id: "toolu_cli".into(), name, toolset_name: Some("browser".into()), input };
            let mut params = json!({ "tool_use": tool_use });
            if let Some(configs) = configs {
                params["configs"] = configs;
            }
            let result = c.request("call", params).await?;
            let result: ToolResult = serde_json::from_value(result["tool_result"].clone())?;
            if raw {
                out!("{}", serde_json::to_string_pretty(&result)?);
            } else {
                out!("{}", Renderer::new().render(&tool_use, &result));
            }
            if result.is_error {
                return Ok(ExitCode::FAILURE);
            }
        }
        Cmd::Toolset { configs } => {
            let configs: Option<Value> = configs.map(|c| serde_json::from_str(&c)).transpose().context("configs is not valid JSON")?;
            let configs = tabwright_protocol::config::Configs::parse(configs.as_ref()).map_err(anyhow::Error::msg)?;
            out!("{}", serde_json::to_string_pretty(&configs.tool_entry())?);
        }
        Cmd::Validate { file } => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let messages = parse_messages(&text)?;
            let violations = validate::conversation(&messages);
            for v in &violations {
                out!("{v}");
            }
            if !violations.is_empty() {
                out!("{} violation(s)", violations.len());
                return Ok(ExitCode::FAILURE);
            }
            out!("ok: {} messages, no violations", messages.len());
        }
        Cmd::Agent {
            task,
            model,
            max_turns,
            max_tokens,
            socket,
            report,
            configs,
            keep_screenshots,
            max_retries,
            headless,
            profile,
            browser,
            policy,
            downloads,
            extension,
            call_timeout,
            browser_arg,
            no_sandbox,
        } => {
            let configs: Option<Value> = configs.map(|c| serde_json::from_str(&c)).transpose().context("--configs is not valid JSON")?;
            let mut launch_args: Vec<String> = Vec::new();
            for (flag, value) in [("--profile", &profile), ("--browser", &browser), ("--policy", &policy), ("--downloads", &downloads), ("--extension", &extension)] {
                if let Some(v) = value {
                    launch_args.push(flag.to_string());
                    launch_args.push(v.display().to_string());
                }
            }
            if let Some(secs) = call_timeout {
                launch_args.push(format!("--call-timeout={secs}"));
            }
            launch_args.extend(browser_arg.iter().map(|a| format!("--browser-arg={a}")));
            if no_sandbox {
                launch_args.push("--no-sandbox".into());
            }
            if socket.is_some() && (!launch_args.is_empty() || headless) {
                bail!("--socket uses a running browser, so the launch options (--headless, --profile, --policy, …) do not apply; give one or the other");
            }
            let no_display = std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty());
            let options = tabwright::agent_loop::AgentOptions {
                task,
                model,
                max_turns,
                max_tokens,
                socket,
                headless: headless || no_display,
                launch_args,
                report_dir: report,
                configs,
                keep_screenshots,
                max_retries,
            };
            let code = tabwright::agent_loop::run(options).await?;
            return Ok(ExitCode::from(code));
        }
        Cmd::Report { dir, limit } => {
            let dir = dir.unwrap_or_else(tabwright::report::default_dir);
            let reports = match tabwright::report::list(&dir) {
                Ok(r) => r,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => bail!("cannot read {}: {e}", dir.display()),
            };
            if reports.is_empty() {
                out!("no reports in {} yet: `tabwright agent TASK` writes one per session", dir.display());
            } else {
                out_raw!("{}", tabwright::report::listing(&reports[..reports.len().min(limit)]));
            }
        }
        Cmd::Demo { headless, out } => {
            let headless = headless || std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty());
            let exe = std::env::current_exe()?;
            demo::run(&exe, headless, &out).await?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A JSON array of messages, an object with `messages`, or JSONL with one message per line.
fn parse_messages(text: &str) -> anyhow::Result<Vec<Value>> {
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        return match value {
            Value::Array(items) => Ok(items),
            Value::Object(ref o) if o.get("messages").is_some_and(Value::is_array) => {
                Ok(o["messages"].as_array().cloned().unwrap_or_default())
            }
            Value::Object(_) => Ok(vec![value]),
            _ => bail!("expected a JSON array of messages"),
        };
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).with_context(|| format!("line {} is not JSON", i + 1)))
        .collect()
}
