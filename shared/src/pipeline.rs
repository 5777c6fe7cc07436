//! The result pipeline: (member, input, outcome or error, state report, held state) → tool_result content.

use serde_json::Value;

use crate::blocks::{BrowserState, ContentBlock, StateChange, TabEntry};
use crate::members::{Member, ResultKind};
use crate::sanitize;
use crate::wire::{Outcome, StateReport};

/// The most characters of error text a result carries.
pub const ERROR_MAX: usize = 8_000;
/// What Claude reads for a member whose text output is empty.
pub const EMPTY_TEXT: &str = "(empty)";
/// The error when new_tab's tab is not the one active tab afterwards.
pub const NEW_TAB_NOT_ACTIVE: &str =
    "new_tab opened a tab, but the browser does not report it as the only active tab. Call list_tabs to see the tabs.";

/// The checks a member call passes before it reaches the browser: the member exists, the
/// toolset's configs enable it, and its input parses. The error is the text Claude reads.
pub fn preflight(name: &str, input: &Value, configs: &crate::config::Configs) -> Result<Member, String> {
    let member = Member::from_name(name)
        .ok_or_else(|| format!("Unknown member {name:?}: browser_toolset_20260801 has no member by that name."))?;
    if !configs.is_enabled(member) {
        return Err(format!(
            "The member {member} is disabled in this toolset's configs, so it was not run. Use the enabled members instead."
        ));
    }
    member.parse_input(input).map_err(|e| format!("Invalid input for {member}: {e}"))?;
    Ok(member)
}

/// The error when new_tab's outcome does not name the tab it opened.
pub const NEW_TAB_UNREPORTED: &str = "new_tab did not report which tab it opened. Call list_tabs to see the tabs.";

/// How a deployment wants results shaped.
#[derive(Clone, Debug, Default)]
pub struct PipelineConfig {
    /// Report a finished download's `path`: only when the agent's other tools can read the
    /// download directory. Off by default.
    pub expose_download_paths: bool,
}

/// State that outlives one call: what is held for the next block, and what Claude last saw.
#[derive(Clone, Debug, Default)]
pub struct Pipeline {
    config: PipelineConfig,
    /// Changes not sent yet: a failed call's, and popups held back from a new_tab result.
    held: Vec<StateChange>,
    /// Notice lines not shown yet (they need a result with text).
    notices: Vec<String>,
    /// The inventory Claude last had rendered, to send a block only when it changed.
    last_seen: Option<Vec<TabEntry>>,
}

impl Pipeline {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_config(config: PipelineConfig) -> Self {
        Pipeline { config, ..Self::default() }
    }

    /// Changes waiting for the next successful result.
    pub fn held(&self) -> &[StateChange] {
        &self.held
    }

    /// Builds the content of the result for one call, and whether it is an error.
    pub fn finish(
        &mut self,
        member: Member,
        input: &Value,
        outcome: Result<Outcome, String>,
        report: StateReport,
    ) -> (Vec<ContentBlock>, bool) {
        let tabs = normalized_tabs(&report.tabs);
        let held = std::mem::take(&mut self.held);
        self.notices.extend(report.notices.iter().map(|n| sanitize::line(n, 1_000)));

        let outcome = match (member, outcome) {
            (Member::NewTab, Ok(Outcome::Tab { tab_id })) => {
                let active: Vec<&str> = tabs.iter().filter(|t| t.active).map(|t| t.tab_id.as_str()).collect();
                if active == [tab_id.as_str()] {
                    Ok(Outcome::Tab { tab_id })
                } else {
                    Err(NEW_TAB_NOT_ACTIVE.to_string())
                }
            }
            (Member::NewTab, Ok(_)) => Err(NEW_TAB_UNREPORTED.to_string()),
            // A screenshot or zoom result holds an image, or is an error.
            (Member::Screenshot | Member::Zoom, Ok(outcome)) if !matches!(outcome, Outcome::Image { .. }) => {
                Err(format!("{member} produced no image. Try again, or read the page with read_page."))
            }
            (_, other) => other,
        };

        let outcome = match outcome {
            Ok(o) => o,
            Err(error) => {
                // An error result carries text only. Its downloads wait for the next block; a tab
                // it opened gets no tab_opened (the spec's rule) and shows in the next inventory.
                // The text says so instead, as it may of anything: Claude's next call without a
                // tab_id acts on the active tab, which may be that one. (new_tab's own tab is its
                // error's matter.)
                let mut error = error;
                for opened in report.changes.iter().filter(|_| member != Member::NewTab).filter_map(|c| match c {
                    StateChange::TabOpened { tab_id } => tabs.iter().find(|t| &t.tab_id == tab_id),
                    _ => None,
                }) {
                    let now = if opened.active { ", and it is now the active tab" } else { "" };
                    error.push_str(&format!(" The page opened a new tab during this call: {} ({}){now}.", opened.tab_id, sanitize::quoted(&opened.url, 300)));
                }
                let downloads = report.changes.into_iter().filter(|c| c.download_id().is_some()).collect();
                self.held = merge_changes(held, downloads, &tabs);
                let mut content = vec![ContentBlock::text(error_text(&error))];
                content.extend(self.take_notices());
                return (content, true);
            }
        };

        let mut changes = merge_changes(held, report.changes, &tabs);
        // tab_opened entries first, so the cut below only ever defers downloads.
        changes.sort_by_key(|c| c.download_id().is_some());
        if let Outcome::Tab { tab_id } = &outcome {
            if member == Member::NewTab {
                // Exactly one tab_opened, for the new tab; a popup's waits for the next block.
                let (keep, popups) = new_tab_changes(tab_id, changes);
                changes = keep;
                self.held = popups;
            }
        }
        if changes.len() > MAX_CHANGES {
            // The rest go out with the next block.
            let mut overflow = changes.split_off(MAX_CHANGES);
            overflow.append(&mut self.held);
            self.held = overflow;
        }

        let expose = self.config.expose_download_paths;
        let download_lines: Vec<String> = changes.iter().filter_map(|c| download_line(c, expose)).collect();
        if !expose {
            for c in &mut changes {
                if let StateChange::DownloadCompleted { path, .. } = c {
                    *path = None;
                }
            }
        }
        let block = |changes: Vec<StateChange>| {
            ContentBlock::BrowserState(BrowserState { tabs: tabs.clone(), state_changes: changes })
        };
        if member.is_tab_management() {
            // The text Claude reads for these (e.g. "Closed tab tab-2") does not show the whole
            // inventory, so `last_seen` stays: the next text result carries the block again.
            // A tab-management result carries no text: the download lines wait for the next one.
            self.notices.extend(download_lines);
            return (vec![block(changes)], false);
        }

        let mut content = render_outcome(member, input, outcome);
        if !download_lines.is_empty() {
            // Downloads are not rendered from the block, so the text names them.
            let lines = download_lines.join("\n");
            match content.iter_mut().rev().find_map(|b| match b {
                ContentBlock::Text { text } => Some(text),
                _ => None,
            }) {
                Some(text) => {
                    text.push('\n');
                    text.push_str(&lines);
                }
                None => content.push(ContentBlock::text(lines)),
            }
        }
        content.extend(self.take_notices());
        let changed = self.last_seen.as_ref() != Some(&tabs);
        if changed || !changes.is_empty() {
            let renders_footer = member != Member::Zoom && content.iter().any(|b| b.as_text().is_some());
            if renders_footer {
                self.last_seen = Some(tabs.clone());
            }
            content.push(block(changes));
        }
        (content, false)
    }

    fn take_notices(&mut self) -> Vec<ContentBlock> {
        std::mem::take(&mut self.notices).into_iter().map(ContentBlock::text).collect()
    }
}

/// The most tabs one block may list.
pub const MAX_TABS: usize = 100;
/// The most state changes one block may carry.
pub const MAX_CHANGES: usize = 200;

/// The executor's inventory made valid whatever it holds: sanitized titles and URLs, no entry
/// with an unusable or repeated tab_id, at most [`MAX_TABS`] entries (the active one kept), and
/// exactly one active entry when any remain.
pub fn normalized_tabs(reported: &[TabEntry]) -> Vec<TabEntry> {
    let mut seen = std::collections::HashSet::new();
    let mut tabs: Vec<TabEntry> = reported
        .iter()
        .filter(|t| crate::input::check_tab_id(&t.tab_id).is_ok() && seen.insert(t.tab_id.clone()))
        .map(sanitized_tab)
        .collect();
    let active = tabs.iter().position(|t| t.active).unwrap_or(0);
    for (i, tab) in tabs.iter_mut().enumerate() {
        tab.active = i == active;
    }
    if tabs.len() > MAX_TABS {
        let keep_active = active >= MAX_TABS;
        let active_tab = tabs[active].clone();
        tabs.truncate(if keep_active { MAX_TABS - 1 } else { MAX_TABS });
        if keep_active {
            tabs.push(active_tab);
        }
    }
    tabs
}

fn sanitized_tab(tab: &TabEntry) -> TabEntry {
    TabEntry {
        tab_id: tab.tab_id.clone(),
        title: sanitize::title(&tab.title),
        url: sanitize::url(&tab.url),
        active: tab.active,
    }
}

fn sanitized_change(change: StateChange) -> StateChange {
    let field = |s: &str| sanitize::line(s, sanitize::FIELD_MAX);
    match change {
        StateChange::TabOpened { tab_id } => StateChange::TabOpened { tab_id },
        StateChange::DownloadStarted { download_id, url } => {
            StateChange::DownloadStarted { download_id: field(&download_id), url: sanitize::url(&url) }
        }
        StateChange::DownloadCompleted { download_id, url, path, size_bytes } => StateChange::DownloadCompleted {
            download_id: field(&download_id),
            url: sanitize::url(&url),
            // A path that folding would change could name another file: drop it instead.
            path: path.filter(|p| sanitize::one_line(p) == *p && p.chars().count() <= sanitize::FIELD_MAX),
            size_bytes,
        },
        StateChange::DownloadFailed { download_id, url, error } => StateChange::DownloadFailed {
            download_id: field(&download_id),
            url: sanitize::url(&url),
            error: error.map(|e| field(&e)).filter(|e| !e.is_empty()),
        },
    }
}

/// Held changes followed by the new ones, coalesced into what one block may hold: the latest
/// entry per download_id, and one tab_opened per tab that is still open.
pub fn merge_changes(held: Vec<StateChange>, new: Vec<StateChange>, tabs: &[TabEntry]) -> Vec<StateChange> {
    let all: Vec<StateChange> = held.into_iter().chain(new).map(sanitized_change).collect();
    let mut kept = Vec::with_capacity(all.len());
    let mut opened = std::collections::HashSet::new();
    for (i, change) in all.iter().enumerate() {
        match change {
            StateChange::TabOpened { tab_id } => {
                if !tabs.iter().any(|t| &t.tab_id == tab_id) || !opened.insert(tab_id.clone()) {
                    continue;
                }
            }
            other => {
                let id = other.download_id();
                if id.is_none_or(str::is_empty) || all[i + 1..].iter().any(|c| c.download_id() == id) {
                    continue;
                }
            }
        }
        kept.push(change.clone());
    }
    kept
}

/// On a new_tab result: the changes for its block (exactly one tab_opened, for `opened`) and the
/// changes to hold for the next block (tab_opened entries for other tabs).
pub fn new_tab_changes(opened: &str, changes: Vec<StateChange>) -> (Vec<StateChange>, Vec<StateChange>) {
    let (mut keep, held): (Vec<_>, Vec<_>) = changes
        .into_iter()
        .partition(|c| !matches!(c, StateChange::TabOpened { tab_id } if tab_id != opened));
    if !keep.iter().any(|c| matches!(c, StateChange::TabOpened { .. })) {
        keep.push(StateChange::TabOpened { tab_id: opened.to_string() });
    }
    (keep, held)
}

/// The file a download change is about: its path's last part, else its URL's.
fn file_name(path: Option<&str>, url: &str) -> String {
    let from_path = path.and_then(|p| p.rsplit(['/', '\\']).next()).filter(|n| !n.is_empty());
    // (Only an address of places has a file's name at its end: the end of a data: address is
    // its content, and a blob: address ends in a number the page drew.)
    let places = crate::navigation::scheme_of(url).filter(|s| ["http", "https", "file", "ftp"].iter().any(|p| s.eq_ignore_ascii_case(p)));
    // (The path after the host: an address of a host alone names no file.)
    let path = places
        .and_then(|s| url[s.len() + 1..].strip_prefix("//"))
        .and_then(|rest| rest.split(['?', '#']).next())
        .and_then(|rest| rest.find('/').map(|at| &rest[at..]));
    let from_url = path.and_then(|p| p.trim_end_matches('/').rsplit('/').next()).filter(|n| !n.is_empty() && !n.contains(':'));
    match from_path.or(from_url) {
        Some(name) => sanitize::quoted(name, 120),
        None => "a file".into(),
    }
}

/// The line a result's text carries for one download change; the path itself only when exposed.
pub fn download_line(change: &StateChange, expose_path: bool) -> Option<String> {
    Some(match change {
        StateChange::TabOpened { .. } => return None,
        StateChange::DownloadStarted { download_id, url } => format!("Download {download_id} started: {}.", file_name(None, url)),
        StateChange::DownloadCompleted { download_id, url, path, size_bytes } => {
            let size = size_bytes.map(|s| format!(" ({s} bytes)")).unwrap_or_default();
            match path {
                Some(p) if expose_path => format!("Download complete: {}{size}.", sanitize::quoted(p, 1_000)),
                _ => format!("Download {download_id} complete: {}{size}.", file_name(path.as_deref(), url)),
            }
        }
        StateChange::DownloadFailed { download_id, url, error } => {
            let why = error.as_deref().map(|e| format!(": {e}")).unwrap_or_default();
            format!("Download {download_id} of {} failed{why}.", file_name(None, url))
        }
    })
}

fn error_text(error: &str) -> String {
    let text = if error.trim().is_empty() { "The action failed without a reason." } else { error };
    sanitize::bounded(text, ERROR_MAX)
}

/// The content for a successful non-tab-management outcome.
fn render_outcome(member: Member, input: &Value, outcome: Outcome) -> Vec<ContentBlock> {
    match (member.row().result, outcome) {
        (_, Outcome::Image { media_type, data }) => vec![ContentBlock::image(&media_type, data)],
        (_, Outcome::Navigated { url, title: _, status, note }) => {
            let mut line = format!("Navigated to {}", sanitize::url(&url));
            if let Some(status) = status.filter(|s| *s >= 400) {
                line.push_str(&format!(" (HTTP {status})"));
            }
            let mut blocks = vec![ContentBlock::text(line)];
            if let Some(note) = note.map(|n| sanitize::line(&n, 1_000)).filter(|n| !n.is_empty()) {
                blocks.push(ContentBlock::text(note));
            }
            blocks
        }
        (_, Outcome::Text { text }) => {
            vec![ContentBlock::text(if text.trim().is_empty() { EMPTY_TEXT.to_string() } else { text })]
        }
        (ResultKind::Ack, outcome) => {
            let mut blocks = vec![ContentBlock::text(acknowledgement(member, input))];
            if let Outcome::Ack { line: Some(line) } = outcome {
                let line = sanitize::line(&line, sanitize::FIELD_MAX);
                if !line.is_empty() {
                    blocks.push(ContentBlock::text(line));
                }
            }
            blocks
        }
        (_, _) => vec![ContentBlock::text(format!("{} finished.", member.name()))],
    }
}

/// A pure action's acknowledgement, its `{field}`s filled from the input in one pass, so a value
/// that itself looks like `{ref}` stays data.
pub fn acknowledgement(member: Member, input: &Value) -> String {
    let Some(template) = member.row().ack else {
        return format!("{} finished.", member.name());
    };
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        let field = &rest[start + 1..start + len];
        out.push_str(&input_field(input, field));
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

fn input_field(input: &Value, field: &str) -> String {
    // How many times a key was pressed, when more than once.
    if field == "times" {
        return match input.get("repeat").and_then(Value::as_u64) {
            Some(n) if n > 1 => format!(" {n} times"),
            _ => String::new(),
        };
    }
    let value = match field {
        "ref" => input.pointer("/target/ref"),
        other => input.get(other),
    };
    let text = match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
            _ => n.to_string(),
        },
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    };
    sanitize::line(&text, 200)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tab(id: &str, active: bool) -> TabEntry {
        TabEntry { tab_id: id.into(), title: format!("T {id}"), url: format!("https://e.com/{id}"), active }
    }

    fn report(tabs: Vec<TabEntry>, changes: Vec<StateChange>) -> StateReport {
        StateReport { tabs, changes, notices: vec![] }
    }

    fn opened(id: &str) -> StateChange {
        StateChange::TabOpened { tab_id: id.into() }
    }

    #[test]
    fn acknowledgements_fill_fields_once() {
        assert_eq!(acknowledgement(Member::Scroll, &json!({"scroll_direction": "down"})), "Scrolled down.");
        assert_eq!(acknowledgement(Member::Wait, &json!({"duration": 2.0})), "Waited 2s.");
        assert_eq!(acknowledgement(Member::ScrollTo, &json!({"target": {"type":"ref","ref":"{ref}"}})), "Scrolled to {ref}.");
        assert_eq!(acknowledgement(Member::HoldKey, &json!({"text":"a","duration":1.5})), "Held a for 1.5s.");
        assert_eq!(acknowledgement(Member::Key, &json!({"text":"Tab","repeat":3})), "Pressed Tab 3 times.");
        assert_eq!(acknowledgement(Member::Key, &json!({"text":"Tab","repeat":1})), "Pressed Tab.");
    }

    #[test]
    fn new_tab_is_one_block_with_one_tab_opened() {
        let mut p = Pipeline::new();
        let (content, err) = p.finish(
            Member::NewTab,
            &json!({}),
            Ok(Outcome::Tab { tab_id: "tab-3".into() }),
            report(vec![tab("tab-1", false), tab("tab-2", false), tab("tab-3", true)], vec![opened("tab-2"), opened("tab-3")]),
        );
        assert!(!err);
        assert_eq!(content.len(), 1);
        let state = content[0].as_state().expect("block");
        assert_eq!(state.state_changes, vec![opened("tab-3")]);
        assert_eq!(p.held(), &[opened("tab-2")], "the popup waits for the next block");
    }

    #[test]
    fn new_tab_not_active_is_an_error() {
        let mut p = Pipeline::new();
        let (content, err) = p.finish(
            Member::NewTab,
            &json!({}),
            Ok(Outcome::Tab { tab_id: "tab-2".into() }),
            report(vec![tab("tab-1", true), tab("tab-2", false)], vec![opened("tab-2")]),
        );
        assert!(err);
        assert_eq!(content, vec![ContentBlock::text(NEW_TAB_NOT_ACTIVE)]);
        assert!(p.held().is_empty(), "a failed call's tab_opened is not held");
    }

    #[test]
    fn failed_call_holds_downloads_but_not_tab_opened() {
        let mut p = Pipeline::new();
        let started = StateChange::DownloadStarted { download_id: "dl-1".into(), url: "https://e.com/f".into() };
        let (content, err) = p.finish(
            Member::LeftClick,
            &json!({}),
            Err("boom".into()),
            report(vec![tab("tab-1", true), tab("tab-2", false)], vec![opened("tab-2"), started.clone()]),
        );
        assert!(err);
        assert_eq!(content.len(), 1);
        assert!(matches!(&content[0], ContentBlock::Text { text } if text.starts_with("boom The page opened a new tab during this call: tab-2 (")), "the text says what no block can: {content:?}");
        assert_eq!(p.held(), std::slice::from_ref(&started));
        let (content, err) =
            p.finish(Member::GetPageText, &json!({}), Ok(Outcome::Text { text: "".into() }), report(vec![tab("tab-1", true), tab("tab-2", false)], vec![]));
        assert!(!err);
        assert_eq!(content[0], ContentBlock::text(format!("{EMPTY_TEXT}\nDownload dl-1 started: \"f\".")));
        let state = content[1].as_state().expect("the new tab is in the next inventory");
        assert_eq!(state.tabs.len(), 2);
        assert_eq!(state.state_changes, vec![started], "the download waited; the tab gets no tab_opened");
        // Unchanged state sends no block.
        let (content, _) =
            p.finish(Member::GetPageText, &json!({}), Ok(Outcome::Text { text: "x".into() }), report(vec![tab("tab-1", true), tab("tab-2", false)], vec![]));
        assert_eq!(content.len(), 1);
    }

    #[test]
    fn downloads_keep_latest_and_closed_tabs_drop() {
        let started = StateChange::DownloadStarted { download_id: "dl-1".into(), url: "https://e.com/f?token=x".into() };
        let done = StateChange::DownloadCompleted { download_id: "dl-1".into(), url: "https://e.com/f".into(), path: None, size_bytes: Some(3) };
        let merged = merge_changes(vec![started, opened("tab-9")], vec![done.clone(), opened("tab-1"), opened("tab-1")], &[tab("tab-1", true)]);
        assert_eq!(merged, vec![done, opened("tab-1")]);
    }

    #[test]
    fn downloads_are_named_in_text_and_paths_hidden_unless_exposed() {
        let done = StateChange::DownloadCompleted {
            download_id: "dl-1".into(),
            url: "https://e.com/files/price-list.csv?token=x".into(),
            path: Some("/home/u/Downloads/price-list.csv".into()),
            size_bytes: Some(48213),
        };
        let mut p = Pipeline::new();
        let (content, _) = p.finish(Member::Wait, &json!({"duration": 1}), Ok(Outcome::Ack { line: None }), report(vec![tab("tab-1", true)], vec![done.clone()]));
        assert_eq!(content[0], ContentBlock::text("Waited 1s.\nDownload dl-1 complete: \"price-list.csv\" (48213 bytes)."));
        let state = content[1].as_state().expect("block");
        assert!(matches!(&state.state_changes[0], StateChange::DownloadCompleted { path: None, url, .. } if url == "https://e.com/files/price-list.csv"));

        let mut p = Pipeline::with_config(PipelineConfig { expose_download_paths: true });
        let (content, _) = p.finish(Member::Screenshot, &json!({}), Ok(Outcome::Image { media_type: "image/png".into(), data: "AA".into() }), report(vec![tab("tab-1", true)], vec![done]));
        assert_eq!(content[1], ContentBlock::text("Download complete: \"/home/u/Downloads/price-list.csv\" (48213 bytes)."));
        assert!(matches!(&content[2].as_state().expect("block").state_changes[0], StateChange::DownloadCompleted { path: Some(_), .. }));
    }

    #[test]
    fn a_download_is_named_by_its_address_only_when_that_ends_in_a_files_name() {
        let started = |url: &str| download_line(&StateChange::DownloadStarted { download_id: "dl-2".into(), url: url.into() }, false);
        assert_eq!(started("https://e.com/files/report.pdf?x=1").as_deref(), Some("Download dl-2 started: \"report.pdf\"."));
        for url in ["data:text/plain,hello", "blob:http://127.0.0.1:8000/8b313947-0c7e-4f5c-9d2a-1f0e8a1b2c3d", "https://e.com/"] {
            assert_eq!(started(url).as_deref(), Some("Download dl-2 started: a file."), "{url}");
        }
    }

    #[test]
    fn image_only_result_keeps_block_for_next_text_result() {
        let mut p = Pipeline::new();
        let tabs = vec![tab("tab-1", true)];
        let (content, _) = p.finish(Member::Screenshot, &json!({}), Ok(Outcome::Image { media_type: "image/png".into(), data: "AA".into() }), report(tabs.clone(), vec![]));
        assert_eq!(content.len(), 2, "block attached to the image");
        let (content, _) = p.finish(Member::LeftClick, &json!({}), Ok(Outcome::Ack { line: None }), report(tabs, vec![]));
        assert!(content.iter().any(|b| b.as_state().is_some()), "not rendered with the image, so sent again");
    }

    #[test]
    fn tab_titles_and_urls_are_sanitized() {
        let mut p = Pipeline::new();
        let t = TabEntry { tab_id: "tab-1".into(), title: "a\nb".into(), url: "https://u:p@e.com/?sig=1".into(), active: true };
        let (content, _) = p.finish(Member::ListTabs, &json!({}), Ok(Outcome::Tabs), report(vec![t], vec![]));
        let state = content[0].as_state().expect("block");
        assert_eq!(state.tabs[0].title, "a b");
        assert_eq!(state.tabs[0].url, "https://e.com/");
    }
}
