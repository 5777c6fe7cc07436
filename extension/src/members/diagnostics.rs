//! read_console, read_network and javascript_exec.

use tabwright_protocol::sanitize::bounded;
use tabwright_protocol::wire::Outcome;

use crate::cdp::{self, RemoteObject};
use crate::{activity, state};

/// The most lines and characters read_console and read_network return.
const MAX_LINES: usize = 200;
const MAX_CHARS: usize = 20_000;
/// The most characters javascript_exec returns.
const SCRIPT_OUTPUT: usize = 20_000;
/// How long a script may run, in milliseconds.
pub(super) const SCRIPT_TIMEOUT_MS: f64 = 10_000.0;

/// The newest lines that fit the bounds, after a note about what was left out: `older` entries
/// this read took without showing, and `dropped` ones that gave way when they arrived.
fn bounded_lines(read: activity::Read, what: &str) -> String {
    let activity::Read { lines, older, dropped } = read;
    let lines: Vec<String> = lines.into_iter().map(|l| tabwright_protocol::sanitize::line(&l, 1000)).collect();
    let mut total = 0;
    let mut keep = lines.len();
    for (i, l) in lines.iter().enumerate().rev() {
        total += l.len() + 1;
        if total > MAX_CHARS {
            keep = lines.len() - i - 1;
            break;
        }
    }
    let omitted = older + lines.len() - keep;
    let mut text = lines[lines.len() - keep..].join("\n");
    let note = match (omitted, dropped) {
        (0, 0) => None,
        (n, 0) => Some(format!("[{n} earlier {what} omitted to stay within {MAX_LINES} lines and {MAX_CHARS} characters]")),
        (0, d) => Some(format!(
            "[{d} earlier {what} omitted: the tab produced more than tabwright keeps between reads (the newest {} {what}, {} KB)]",
            activity::KEEP,
            activity::BUDGET / 1024
        )),
        (n, d) => Some(format!(
            "[{} earlier {what} omitted: {d} as they arrived, as tabwright keeps only the newest {} {what} ({} KB) between reads, and {n} to stay within {MAX_LINES} lines and {MAX_CHARS} characters]",
            n + d,
            activity::KEEP,
            activity::BUDGET / 1024
        )),
    };
    if let Some(note) = note {
        text = if text.is_empty() { note } else { format!("{note}\n{text}") };
    }
    text
}

/// One of the two activity logs a tab keeps since attach.
enum Log {
    Console,
    Network,
}

/// Reads a tab's console or network log since attach and since the last read.
async fn read_log(tab_id: Option<&str>, log: Log) -> Result<Outcome, String> {
    let tab = state::resolve_tab(tab_id).await?;
    cdp::ensure_attached(tab).await.map_err(|e| e.to_string())?;
    if let Log::Console = log {
        cdp::hear_children_consoles(tab).await;
    }
    let (read, nothing, what) = match log {
        Log::Console => (activity::read_console(tab, MAX_LINES), "No console entries", "entries"),
        Log::Network => (activity::read_network(tab, MAX_LINES), "No requests", "requests"),
    };
    if read.lines.is_empty() && read.older == 0 && read.dropped == 0 {
        let member = match log {
            Log::Console => "read_console",
            Log::Network => "read_network",
        };
        let what_cap = if what == "entries" { "Entries" } else { "Requests" };
        return Ok(Outcome::Text {
            text: format!(
                "{nothing} were recorded for {} since tabwright attached to it or since the last {member}. {what_cap} from before the attach are not available.",
                activity::name(tab)
            ),
        });
    }
    Ok(Outcome::Text { text: bounded_lines(read, what) })
}

pub async fn read_console(tab_id: Option<&str>) -> Result<Outcome, String> {
    read_log(tab_id, Log::Console).await
}

pub async fn read_network(tab_id: Option<&str>) -> Result<Outcome, String> {
    read_log(tab_id, Log::Network).await
}

/// A DOM node a script returned, described in tabwright's own world (where the page's changes
/// to built-ins do not reach): `<h1#title.big> "Its text"`.
const DESCRIBE_NODE: &str = "function () { return __tabwright.nodeSaid(this); }";

/// The object group of the nodes a script's value is described with.
const SCRIPT_GROUP: &str = "tabwright-script";

async fn describe_node(tab: i32, serialized: &serde_json::Value) -> Option<String> {
    let backend = serialized["value"]["backendNodeId"].as_i64()?;
    let (described, _) = crate::page::call_on_node(&cdp::Debuggee::tab(tab), backend, DESCRIBE_NODE, SCRIPT_GROUP).await?;
    described.as_str().map(String::from)
}

async fn describe(tab: i32, value: &RemoteObject) -> String {
    match (value.kind.as_str(), value.subtype.as_deref()) {
        ("undefined", _) => "undefined".into(),
        ("string", _) => value.value.as_ref().and_then(|v| v.as_str()).unwrap_or_default().to_string(),
        ("number" | "boolean", _) => value.value.as_ref().map(|v| v.to_string()).or_else(|| value.description.clone()).unwrap_or_default(),
        ("bigint" | "symbol", _) => value.description.clone().unwrap_or_default(),
        ("object", Some("null")) => "null".into(),
        ("function", _) => {
            let d = value.description.clone().unwrap_or_default();
            format!("[function] {}", d.lines().next().unwrap_or_default())
        }
        ("object", Some("error")) => value.description.clone().unwrap_or_default(),
        _ => {
            let Some(object_id) = value.object_id.as_deref() else {
                return value.description.clone().unwrap_or_default();
            };
            // Serialized by the browser, not by the page's own built-ins (a getter of the value
            // still runs, and is given two seconds).
            let serialize = cdp::SerializeDeep::new(object_id, super::script_value::DEPTH);
            let answered = crate::chrome::bounded(cdp::send(tab, &serialize), 2_000).await;
            let timed_out = answered.is_none();
            match answered.and_then(Result::ok).and_then(|r| r.result.deep_serialized_value) {
                Some(v) if v["type"] == "node" => match describe_node(tab, &v).await {
                    Some(described) => described,
                    None => super::script_value::render(&v),
                },
                Some(v) => super::script_value::render(&v),
                // Too large for the browser to write out in time (an array of 200,000 numbers).
                None if timed_out => format!(
                    "{} (the browser could not write this value out within 2 seconds, so only its kind is shown: return a smaller part of it, such as its first thousand items, or a summary)",
                    value.description.clone().unwrap_or_default()
                ),
                None => value.description.clone().unwrap_or_default(),
            }
        }
    }
}

pub async fn javascript_exec(text: &str, tab_id: Option<&str>) -> Result<Outcome, String> {
    let tab = state::resolve_tab(tab_id).await?;
    cdp::ensure_attached(tab).await.map_err(|e| e.to_string())?;
    let eval = cdp::EvaluateInPage {
        expression: text,
        return_by_value: false,
        await_promise: true,
        repl_mode: true,
        user_gesture: true,
        timeout: SCRIPT_TIMEOUT_MS,
        generate_preview: false,
    };
    let started = js_sys::Date::now();
    let runaway = || {
        format!(
            "The script ran longer than {} seconds and was stopped. Avoid endless loops; wait for a condition with a bounded loop or a promise instead.",
            SCRIPT_TIMEOUT_MS / 1000.0
        )
    };
    // The page's title and address, asked for right behind the script: answered after it, they
    // are the ones the script left, and the tabs need not be listed again when the kept
    // inventory shows them (a window the script opened is listed all the same).
    let mut opened = cdp::wait_for(tab, &["Page.windowOpen"]);
    let script = Box::pin(cdp::send(tab, &eval));
    let look = Box::pin(crate::page::call(tab, "__tabwright.place()"));
    let (sent, look) = match futures::future::select(script, look).await {
        futures::future::Either::Left((sent, look)) => (sent, Some(look.await)),
        // Answered first: it ran before the script was done.
        futures::future::Either::Right((_, script)) => (script.await, None),
    };
    let unchanged = match look {
        Some(Ok((v, _))) => state::shows_answer(tab, &v) && matches!(opened.try_recv(), Ok(None)),
        _ => false,
    };
    let r = match sent {
        Ok(r) => r,
        // Chrome answers a script stopped by the timeout with an internal error.
        Err(_) if js_sys::Date::now() - started >= SCRIPT_TIMEOUT_MS - 100.0 => return Err(runaway()),
        Err(e) => return Err(format!("The script could not be run: {e}")),
    };
    if let Some(ex) = r.exception_details {
        let message = ex.message();
        if message.contains("terminated") || message.contains("Execution was interrupted") {
            return Err(runaway());
        }
        let first = message.lines().next().unwrap_or_default();
        let (line, column) = ex.position();
        return Err(format!("The script threw at line {line}, column {column}: {}", bounded(first, 2000)));
    }
    let mut value = r.result;
    // (A promise the script returned settles later: what the look saw may be older.)
    if unchanged && value.subtype.as_deref() != Some("promise") {
        super::pointer::inventory_shown(tab);
    }
    // A value that is a promise (an async function's, a fetch chain's) is what it settles to,
    // within what is left of the script's time.
    if let (Some("promise"), Some(object_id)) = (value.subtype.as_deref(), value.object_id.clone()) {
        let left = (SCRIPT_TIMEOUT_MS - (js_sys::Date::now() - started)).max(0.0) as i32;
        let settle = cdp::CallFunctionOn { function_declaration: "function () { return this; }", object_id: &object_id, return_by_value: false, await_promise: true };
        let settled = match crate::chrome::bounded(cdp::send(tab, &settle), left).await {
            Some(Ok(settled)) => settled,
            Some(Err(e)) => return Err(format!("The script's promise could not be awaited: {e}")),
            None => {
                return Err(format!(
                    "The script returned a promise that did not settle within {} seconds. Return a value, or a promise that settles sooner.",
                    SCRIPT_TIMEOUT_MS / 1000.0
                ))
            }
        };
        if let Some(ex) = settled.exception_details {
            let message = ex.message();
            return Err(format!("The script's promise was rejected: {}", bounded(message.lines().next().unwrap_or_default(), 2000)));
        }
        value = settled.result;
    }
    let out = describe(tab, &value).await;
    let mut text = bounded(&out, SCRIPT_OUTPUT);
    if out.chars().count() > SCRIPT_OUTPUT {
        text.push_str(&format!("\n[The value was cut at {SCRIPT_OUTPUT} characters; return a smaller part of it.]"));
    }
    Ok(Outcome::Text { text })
}
