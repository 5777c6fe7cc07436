//! The session report of `tabwright agent`: one self-contained HTML file per run, rewritten after
//! every turn, and the listing `tabwright report` prints.
//!
//! Every turn shows Claude's text, each call with its input, what Claude read back (the text the
//! API renders from the result, Tab Context included) and its images inline as `data:` URIs,
//! with durations, errors marked, and tokens. Everything that comes from a page or from Claude is
//! HTML-escaped, and the page allows no script at all (its Content-Security-Policy).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use tabwright_protocol::blocks::{ContentBlock, ToolResult, ToolUse};
use tabwright_protocol::render::Renderer;

/// The marker line that carries a report's summary, for `tabwright report`.
const META: &str = "<meta name=\"tabwright-report\" content=\"";

/// Tokens a turn (or a session) used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub input: u64,
    pub output: u64,
    pub cache_read: u64,
    pub cache_write: u64,
}

impl Usage {
    /// From a message's `usage` object.
    pub fn from_api(usage: &Value) -> Usage {
        let n = |k: &str| usage.get(k).and_then(Value::as_u64).unwrap_or(0);
        Usage { input: n("input_tokens"), output: n("output_tokens"), cache_read: n("cache_read_input_tokens"), cache_write: n("cache_creation_input_tokens") }
    }

    pub fn add(&mut self, other: Usage) {
        self.input += other.input;
        self.output += other.output;
        self.cache_read += other.cache_read;
        self.cache_write += other.cache_write;
    }

    /// All input tokens, cached or not.
    pub fn all_input(&self) -> u64 {
        self.input + self.cache_read + self.cache_write
    }
}

/// One call of a turn.
#[derive(Clone, Debug)]
pub struct Call {
    pub tool_use: ToolUse,
    pub result: Option<ToolResult>,
}

/// One turn: Claude's reply and what the browser answered.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    pub text: String,
    pub usage: Usage,
    pub model_time: Duration,
    pub browser_time: Option<Duration>,
    pub stop_reason: String,
    pub calls: Vec<Call>,
    /// Retries of this turn's request, one line each.
    pub retries: Vec<String>,
}

/// How the session stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Running,
    Done,
    Stopped(String),
    Failed(String),
}

impl Status {
    fn word(&self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Done => "done",
            Status::Stopped(_) => "stopped",
            Status::Failed(_) => "failed",
        }
    }
}

/// A session's report.
#[derive(Clone, Debug)]
pub struct Report {
    pub path: PathBuf,
    pub task: String,
    pub model: String,
    pub browser: String,
    pub started: SystemTime,
    pub turns: Vec<Turn>,
    pub status: Status,
    pub final_text: Option<String>,
}

/// Where reports go by default: `$XDG_DATA_HOME/tabwright/reports`, else
/// `~/.local/share/tabwright/reports`, else `<tmp>/tabwright-reports`.
pub fn default_dir() -> PathBuf {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(d) = var("XDG_DATA_HOME") {
        return d.join("tabwright/reports");
    }
    if let Some(h) = var("HOME") {
        return h.join(".local/share/tabwright/reports");
    }
    std::env::temp_dir().join("tabwright-reports")
}

/// (year, month, day, hour, minute, second) in UTC.
fn civil(t: SystemTime) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t.duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, (rem / 3600) as u32, (rem % 3600 / 60) as u32, (rem % 60) as u32)
}

/// `2026-11-30 04:51:02 UTC`.
pub fn utc(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = civil(t);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} UTC")
}

/// A file name for a report started at `t`.
pub fn file_name(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = civil(t);
    format!("tabwright-{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}-{}.html", std::process::id())
}

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

#[allow(clippy::manual_is_multiple_of)] // is_multiple_of is newer than the workspace's rust-version
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A line for a usage: `1,234 in (1,000 from cache) / 56 out`.
pub fn usage_line(u: &Usage) -> String {
    let mut s = format!("{} in", thousands(u.all_input()));
    if u.cache_read > 0 {
        s.push_str(&format!(" ({} from cache)", thousands(u.cache_read)));
    }
    s.push_str(&format!(" / {} out", thousands(u.output)));
    s
}

/// An `<img>` for a base64 image, when its type and data are what a screenshot is.
fn image_tag(media_type: &str, data: &str, alt: &str) -> String {
    let known = matches!(media_type, "image/png" | "image/jpeg" | "image/gif" | "image/webp");
    let base64 = !data.is_empty() && data.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='));
    if !known || !base64 {
        return format!("<p class=\"note\">(an image of type {} that is not shown)</p>", escape(media_type));
    }
    format!("<img src=\"data:{media_type};base64,{data}\" alt=\"{}\">", escape(alt))
}

const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#1d1d1f}\
h1{font-size:20px}h2{font-size:16px;margin:28px 0 8px;border-top:1px solid #ccc;padding-top:12px}\
pre{white-space:pre-wrap;word-break:break-word;background:#f5f5f7;padding:8px;border-radius:4px;margin:4px 0}\
.claude{background:#eef4ff}.call{border-left:4px solid #3a7;padding:4px 10px;margin:10px 0}\
.call.error{border-left-color:#d33}.call.error .what{color:#b00}.meta,.note{color:#666;font-size:12px}\
img{max-width:100%;border:1px solid #ccc;margin:6px 0}.final{background:#effaf0;padding:10px;border-radius:4px}\
.status-failed,.status-stopped{color:#b00}";

impl Report {
    pub fn new(path: PathBuf, task: &str, model: &str, browser: &str) -> Report {
        Report {
            path,
            task: task.to_string(),
            model: model.to_string(),
            browser: browser.to_string(),
            started: SystemTime::now(),
            turns: Vec::new(),
            status: Status::Running,
            final_text: None,
        }
    }

    /// Tokens over all turns.
    pub fn usage(&self) -> Usage {
        let mut total = Usage::default();
        for t in &self.turns {
            total.add(t.usage);
        }
        total
    }

    /// The whole page.
    pub fn html(&self) -> String {
        let usage = self.usage();
        let elapsed = self.started.elapsed().unwrap_or_default();
        let meta = json!({
            "task": self.task, "model": self.model, "status": self.status.word(), "turns": self.turns.len(),
            "started": self.started.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0),
            "input_tokens": usage.all_input(), "output_tokens": usage.output,
        });
        let mut h = String::new();
        h.push_str("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        h.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n");
        h.push_str(&format!("{META}{}\">\n", escape(&meta.to_string())));
        h.push_str(&format!("<title>tabwright: {}</title>\n<style>{STYLE}</style></head><body>\n", escape(&self.task)));
        h.push_str(&format!("<h1>{}</h1>\n", escape(&self.task)));
        let status = match &self.status {
            Status::Stopped(why) | Status::Failed(why) => format!("{}: {}", self.status.word(), why),
            s => s.word().to_string(),
        };
        h.push_str(&format!(
            "<p class=\"meta\">Status: <span id=\"status\" class=\"status-{}\">{}</span> · model {} · browser: {} · started {} · {} · {} turns · {} tokens</p>\n",
            self.status.word(),
            escape(&status),
            escape(&self.model),
            escape(&self.browser),
            utc(self.started),
            seconds(elapsed),
            self.turns.len(),
            escape(&usage_line(&usage)),
        ));
        let mut renderer = Renderer::new();
        let mut shot = 0;
        for (i, turn) in self.turns.iter().enumerate() {
            let n = i + 1;
            h.push_str(&format!("<section class=\"turn\" id=\"turn-{n}\"><h2>Turn {n}</h2>\n"));
            let browser = turn.browser_time.map(|d| format!(" · browser {}", seconds(d))).unwrap_or_default();
            h.push_str(&format!(
                "<p class=\"meta\">model {}{browser} · {} · stop: {}</p>\n",
                seconds(turn.model_time),
                escape(&usage_line(&turn.usage)),
                escape(&turn.stop_reason)
            ));
            for retry in &turn.retries {
                h.push_str(&format!("<p class=\"note\">retried: {}</p>\n", escape(retry)));
            }
            if !turn.text.is_empty() {
                h.push_str(&format!("<pre class=\"claude\">{}</pre>\n", escape(&turn.text)));
            }
            for (j, call) in turn.calls.iter().enumerate() {
                let failed = call.result.as_ref().is_some_and(|r| r.is_error);
                let halted = failed && call.result.as_ref().is_some_and(|r| r.text() == tabwright_protocol::NOT_EXECUTED);
                let outcome = match (&call.result, failed, halted) {
                    (None, _, _) => "not answered",
                    (_, _, true) => "not executed",
                    (_, true, _) => "failed",
                    _ => "ok",
                };
                h.push_str(&format!(
                    "<div class=\"call{}\" id=\"call-{n}-{}\"><p><b>{}</b> <span class=\"what\">{outcome}</span></p>\n",
                    if failed { " error" } else { "" },
                    j + 1,
                    escape(&call.tool_use.name),
                ));
                h.push_str(&format!("<pre class=\"input\">{}</pre>\n", escape(&call.tool_use.input.to_string())));
                if let Some(result) = &call.result {
                    let read = renderer.render(&call.tool_use, result);
                    h.push_str(&format!("<p class=\"meta\">what Claude read</p><pre class=\"read\">{}</pre>\n", escape(&read)));
                    for block in &result.content {
                        if let ContentBlock::Image { source } = block {
                            shot += 1;
                            let alt = format!("screenshot {shot}: turn {n}, {}", call.tool_use.name);
                            h.push_str(&image_tag(&source.media_type, &source.data, &alt));
                            h.push('\n');
                        }
                    }
                }
                h.push_str("</div>\n");
            }
            h.push_str("</section>\n");
        }
        if let Some(text) = &self.final_text {
            h.push_str(&format!("<h2>Claude's answer</h2>\n<pre class=\"final\" id=\"final\">{}</pre>\n", escape(text)));
        }
        h.push_str("</body></html>\n");
        h
    }

    /// Writes the page (to a temporary file first, so a reader never sees half of it).
    pub fn write(&self) -> std::io::Result<()> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = self.path.with_extension("html.part");
        std::fs::write(&tmp, self.html())?;
        std::fs::rename(&tmp, &self.path)
    }
}

/// A report as `tabwright report` lists it.
#[derive(Clone, Debug)]
pub struct Listed {
    pub path: PathBuf,
    pub summary: Value,
}

/// The reports in `dir`, newest first.
pub fn list(dir: &Path) -> std::io::Result<Vec<Listed>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("html") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Some(line) = text.lines().find_map(|l| l.strip_prefix(META)) else { continue };
        let Some(content) = line.strip_suffix("\">") else { continue };
        let Ok(summary) = serde_json::from_str::<Value>(&unescape(content)) else { continue };
        out.push(Listed { path, summary });
    }
    out.sort_by_key(|l| std::cmp::Reverse(l.summary["started"].as_u64().unwrap_or(0)));
    Ok(out)
}

/// One line per report.
pub fn listing(reports: &[Listed]) -> String {
    let mut out = String::new();
    for r in reports {
        let s = &r.summary;
        let started = UNIX_EPOCH + Duration::from_secs(s["started"].as_u64().unwrap_or(0));
        let task: String = s["task"].as_str().unwrap_or_default().chars().take(60).collect();
        out.push_str(&format!(
            "{}  {:<8} {:>3} turns  {}\n    {}\n",
            utc(started),
            s["status"].as_str().unwrap_or("?"),
            s["turns"].as_u64().unwrap_or(0),
            serde_json::Value::String(task),
            r.path.display()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(utc(UNIX_EPOCH), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(UNIX_EPOCH + Duration::from_secs(1_796_014_262)), "2026-11-30 04:51:02 UTC");
        assert!(file_name(UNIX_EPOCH + Duration::from_secs(1_796_014_262)).starts_with("tabwright-20261130-045102-"));
    }

    #[test]
    fn page_supplied_text_cannot_break_out() {
        let dir = std::env::temp_dir().join(format!("tabwright-report-test-{}", std::process::id()));
        let path = dir.join("r.html");
        let mut r = Report::new(path.clone(), "task <b>\"x\"</b>", "claude-opus-5", "test");
        let evil = "</pre><script>alert(1)</script><img src=x onerror=alert(2)>";
        let tool_use = ToolUse { id: "t1".into(), name: "get_page_text".into(), toolset_name: Some("browser".into()), input: json!({"q": evil}) };
        let result = ToolResult::new("t1", vec![ContentBlock::text(evil), ContentBlock::image("image/png\" onerror=\"x", "AAAA".into())], false);
        r.turns.push(Turn { text: evil.into(), calls: vec![Call { tool_use, result: Some(result) }], ..Turn::default() });
        r.final_text = Some(evil.into());
        let html = r.html();
        assert!(!html.contains("<script>") && !html.contains("<img src=x") && !html.contains("onerror=\"x"), "{html}");
        assert!(html.contains("&lt;/pre&gt;&lt;script&gt;"));
        assert!(html.contains("(an image of type image/png&quot; onerror=&quot;x that is not shown)"));
        r.write().expect("write");
        let listed = list(&dir).expect("list");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].summary["task"], "task <b>\"x\"</b>");
        assert_eq!(listed[0].summary["status"], "running");
    }

    #[test]
    fn usage_adds_up_and_reads_well() {
        let mut u = Usage::from_api(&json!({"input_tokens": 100, "output_tokens": 20, "cache_read_input_tokens": 1000, "cache_creation_input_tokens": 50}));
        u.add(Usage { input: 1, output: 1, cache_read: 0, cache_write: 0 });
        assert_eq!(usage_line(&u), "1,151 in (1,000 from cache) / 21 out");
    }
}
