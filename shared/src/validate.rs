//! The rules the API enforces on member results, each with a name a violation reports.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::members::Member;
use crate::sanitize::{is_forbidden, FIELD_MAX};

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Index of the message in the conversation (0 when checking a lone result).
    pub message: usize,
    /// The tool_use_id of the result, when known.
    pub tool_use_id: String,
    /// The rule's name, e.g. `one_active_tab`.
    pub rule: &'static str,
    pub detail: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "message {}: {} [{}]: {}", self.message, self.tool_use_id, self.rule, self.detail)
    }
}

struct Sink<'a> {
    out: &'a mut Vec<Violation>,
    message: usize,
    id: String,
}

impl Sink<'_> {
    fn add(&mut self, rule: &'static str, detail: impl Into<String>) {
        self.out.push(Violation { message: self.message, tool_use_id: self.id.clone(), rule, detail: detail.into() });
    }
}

/// Checks a conversation (a list of Messages API messages): every member tool_result, and how
/// results answer calls (each call of an assistant message answered once, by a tool_result in
/// the user message right after it, the results before anything else there).
pub fn conversation(messages: &[Value]) -> Vec<Violation> {
    let mut out = Vec::new();
    // Every member call so far: its name and input.
    let mut calls: HashMap<String, (String, Value)> = HashMap::new();
    // Where each member call stood in its assistant message, for the batch halt rule.
    let mut order: HashMap<String, usize> = HashMap::new();
    // The ids the last assistant message called (any tool's), which the next message answers.
    let mut asked: Vec<String> = Vec::new();
    for (index, message) in messages.iter().enumerate() {
        let Some(content) = message.get("content").and_then(Value::as_array) else {
            check_answered(&mut out, index, &mut asked, &[], message.get("role").and_then(Value::as_str));
            continue;
        };
        let role = message.get("role").and_then(Value::as_str);
        check_answered(&mut out, index, &mut asked, content, role);
        check_blocks(&mut out, index, content);
        let mut turn = Vec::new();
        for block in content {
            match block.get("type").and_then(Value::as_str) {
                Some("tool_use") => {
                    let id = block.get("id").and_then(Value::as_str).unwrap_or_default().to_string();
                    if role == Some("assistant") {
                        asked.push(id.clone());
                    }
                    if block.get("toolset_name").and_then(Value::as_str) == Some(crate::TOOLSET_NAME) {
                        if let Some(name) = block.get("name").and_then(Value::as_str) {
                            calls.insert(id.clone(), (name.to_string(), block.get("input").cloned().unwrap_or(Value::Null)));
                            order.insert(id, order.len());
                        }
                    }
                }
                Some("tool_result") => {
                    let id = block.get("tool_use_id").and_then(Value::as_str).unwrap_or_default();
                    let call = calls.get(id);
                    if call.is_some() || block.get("toolset_name").is_some() {
                        out.extend(result_at(index, call.map(|(name, _)| name.as_str()), block));
                        if let Some((name, input)) = call {
                            check_tab_input(&mut out, index, name, input, block);
                        }
                        turn.push(block);
                    } else if holds_state(block) {
                        let mut s = Sink { out: &mut out, message: index, id: id.to_string() };
                        s.add("state_only_on_member_results", "a browser_state block may only answer a browser member call, not another tool's");
                    }
                }
                _ => {}
            }
        }
        check_halt(&mut out, index, &turn, &order);
    }
    check_answered(&mut out, messages.len(), &mut asked, &[], None);
    out
}

/// The message after an assistant message that called tools: a user message that answers each
/// of those calls with one tool_result, and holds its tool_results before anything else.
/// (`content` and `role` are that message's; at the end of the conversation, none.)
fn check_answered(out: &mut Vec<Violation>, index: usize, asked: &mut Vec<String>, content: &[Value], role: Option<&str>) {
    let results: Vec<&str> = content.iter().filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_result")).map(|b| b.get("tool_use_id").and_then(Value::as_str).unwrap_or_default()).collect();
    let calls = std::mem::take(asked);
    if role.is_none() && content.is_empty() {
        // The conversation ends on the calls: their results are still to come.
        return;
    }
    let mut sink = |id: &str, detail: String| out.push(Violation { message: index, tool_use_id: id.to_string(), rule: "results_follow_calls", detail });
    for id in &calls {
        match results.iter().filter(|r| *r == id).count() {
            0 => sink(id, format!("the call {id:?} of the message before has no tool_result here; every call is answered in the next user message")),
            1 => {}
            n => sink(id, format!("the call {id:?} is answered {n} times")),
        }
    }
    for id in results.iter().filter(|r| !calls.iter().any(|c| c == *r)) {
        sink(id, format!("a tool_result for {id:?}, which the assistant message right before did not call"));
    }
    if !results.is_empty() && role != Some("user") {
        sink("?", "tool_result blocks belong in a user message".into());
    }
    let first_other = content.iter().position(|b| b.get("type").and_then(Value::as_str) != Some("tool_result"));
    let last_result = content.iter().rposition(|b| b.get("type").and_then(Value::as_str) == Some("tool_result"));
    if let (Some(other), Some(last)) = (first_other, last_result) {
        if other < last {
            sink("?", "the tool_result blocks must come first in the user message, before any text".into());
        }
    }
}

/// Rules the Messages API holds every text and image block to, wherever it is.
fn check_blocks(out: &mut Vec<Violation>, index: usize, content: &[Value]) {
    let id_of = |b: &Value| b.get("tool_use_id").and_then(Value::as_str).unwrap_or("?").to_string();
    for block in content {
        let (id, inner): (String, Vec<&Value>) = match block.get("content") {
            Some(Value::Array(items)) => (id_of(block), items.iter().collect()),
            _ => ("?".into(), vec![block]),
        };
        for b in inner {
            let mut s = Sink { out, message: index, id: id.clone() };
            match b.get("type").and_then(Value::as_str) {
                Some("text") if b.get("text").and_then(Value::as_str).is_some_and(str::is_empty) => s.add("non_empty_text", "a text block must not be empty"),
                Some("image") => {
                    let media = b.get("source").and_then(|src| src.get("media_type")).and_then(Value::as_str);
                    if b["source"]["type"] == "base64" && !matches!(media, Some("image/jpeg" | "image/png" | "image/gif" | "image/webp")) {
                        s.add("image_media_type", format!("an image's media_type is one of image/jpeg, image/png, image/gif and image/webp, not {media:?}"));
                    }
                }
                _ => {}
            }
        }
    }
}

fn holds_state(block: &Value) -> bool {
    block.get("content").and_then(Value::as_array).is_some_and(|c| c.iter().any(|b| b.get("type").and_then(Value::as_str) == Some("browser_state")))
}

/// switch_tab and close_tab: a tab_id the API could not render (empty, too long, holding a
/// control or line separator) is answered with an error, never with a block.
fn check_tab_input(out: &mut Vec<Violation>, index: usize, name: &str, input: &Value, block: &Value) {
    if !matches!(name, "switch_tab" | "close_tab") || block.get("is_error").and_then(Value::as_bool).unwrap_or(false) {
        return;
    }
    let tab_id = input.get("tab_id").and_then(Value::as_str).unwrap_or_default();
    if tab_id.is_empty() || tab_id.chars().count() > FIELD_MAX || tab_id.chars().any(is_forbidden_by_api) {
        let mut s = Sink { out, message: index, id: block.get("tool_use_id").and_then(Value::as_str).unwrap_or("?").to_string() };
        s.add("tab_input_limits", format!("{name} was called with a tab_id the API cannot render ({tab_id:?}): it is answered with an error result"));
    }
}

/// The batch halt rule: once a member call of a turn failed, every later member result of that
/// turn is an error with exactly the halt text. Results are taken in the order of their calls.
fn check_halt(out: &mut Vec<Violation>, message: usize, turn: &[&Value], order: &HashMap<String, usize>) {
    let id_of = |b: &Value| b.get("tool_use_id").and_then(Value::as_str).unwrap_or("?").to_string();
    let mut results: Vec<(usize, &Value)> = turn.iter().enumerate().map(|(i, b)| (order.get(&id_of(b)).copied().unwrap_or(usize::MAX - turn.len() + i), *b)).collect();
    results.sort_by_key(|(position, _)| *position);
    let mut failed: Option<String> = None;
    for (_, block) in results {
        let is_error = block.get("is_error").and_then(Value::as_bool).unwrap_or(false);
        if let Some(first) = &failed {
            if !is_error || !is_halt_text(block.get("content")) {
                let mut s = Sink { out, message, id: id_of(block) };
                s.add(
                    "batch_halt",
                    format!("{first} failed earlier in this turn, so this result must be is_error: true with exactly {:?}", crate::NOT_EXECUTED),
                );
            }
        } else if is_error {
            failed = Some(id_of(block));
        }
    }
}

/// Whether a result's content is exactly the halt text (as a string, or as one text block).
fn is_halt_text(content: Option<&Value>) -> bool {
    match content {
        Some(Value::String(text)) => text == crate::NOT_EXECUTED,
        Some(Value::Array(blocks)) => {
            blocks.len() == 1 && blocks[0].get("type").and_then(Value::as_str) == Some("text") && blocks[0].get("text").and_then(Value::as_str) == Some(crate::NOT_EXECUTED)
        }
        _ => false,
    }
}

/// Checks one member tool_result answering a call to `member` (when known).
pub fn result(member: Option<&str>, block: &Value) -> Vec<Violation> {
    result_at(0, member, block)
}

fn result_at(message: usize, member: Option<&str>, block: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    let id = block.get("tool_use_id").and_then(Value::as_str).unwrap_or("?").to_string();
    let mut s = Sink { out: &mut out, message, id };
    if block.get("toolset_name").and_then(Value::as_str) != Some(crate::TOOLSET_NAME) {
        s.add("toolset_name_echoed", "a member result must carry \"toolset_name\": \"browser\"");
    }
    let is_error = block.get("is_error").and_then(Value::as_bool).unwrap_or(false);
    let content: Vec<Value> = match block.get("content") {
        Some(Value::Array(items)) => items.clone(),
        Some(Value::String(t)) => vec![serde_json::json!({"type": "text", "text": t})],
        None => vec![],
        Some(_) => {
            s.add("content_kinds", "content must be a string or a list of blocks");
            return out;
        }
    };
    let mut states = Vec::new();
    for b in &content {
        match b.get("type").and_then(Value::as_str) {
            Some("text") | Some("image") => {}
            Some("browser_state") => states.push(b),
            other => s.add("content_kinds", format!("a member result may hold only text, image and browser_state blocks, not {other:?}")),
        }
    }
    if states.len() > 1 {
        s.add("one_block_per_result", format!("{} browser_state blocks in one result", states.len()));
    }
    if is_error && !states.is_empty() {
        s.add("no_block_on_error", "an is_error result must not carry a browser_state block");
    }
    let member = member.and_then(Member::from_name);
    if let Some(m) = member.filter(|m| matches!(m, Member::Screenshot | Member::Zoom) && !is_error) {
        if !content.iter().any(|b| b.get("type").and_then(Value::as_str) == Some("image")) {
            s.add("image_required", format!("a successful {m} result holds an image block"));
        }
    }
    if let Some(m) = member.filter(|m| m.is_tab_management() && !is_error) {
        if content.len() != 1 || states.len() != 1 {
            s.add("tab_management_one_block", format!("a successful {m} result must be exactly one browser_state block"));
        }
    }
    for state in &states {
        check_state(&mut s, state, member == Some(Member::NewTab) && !is_error);
    }
    out
}

fn check_field(s: &mut Sink, what: &str, value: Option<&Value>, required: bool, non_empty: bool) {
    match value {
        None if required => s.add("block_shape", format!("{what} is missing")),
        None => {}
        Some(Value::String(text)) => {
            if non_empty && text.is_empty() {
                s.add("non_empty_id", format!("{what} must not be empty"));
            }
            if text.chars().count() > FIELD_MAX {
                s.add("field_length", format!("{what} is longer than {FIELD_MAX} characters"));
            }
            if text.chars().any(is_forbidden_by_api) {
                s.add("forbidden_characters", format!("{what} contains a control or line/paragraph separator character"));
            }
        }
        Some(_) => s.add("block_shape", format!("{what} must be a string")),
    }
}

/// The API's own character rule (bidi controls are our extra, not an API rule).
fn is_forbidden_by_api(c: char) -> bool {
    is_forbidden(c) && (c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{85}'))
}

fn only_keys(s: &mut Sink, what: &str, obj: &Map<String, Value>, allowed: &[&str], rule: &'static str) {
    for key in obj.keys() {
        if !allowed.contains(&key.as_str()) {
            s.add(rule, format!("{what} has a field it does not declare: {key:?}"));
        }
    }
}

fn check_state(s: &mut Sink, state: &Value, is_new_tab: bool) {
    let Some(obj) = state.as_object() else {
        s.add("block_shape", "browser_state must be an object");
        return;
    };
    only_keys(s, "browser_state", obj, &["type", "tabs", "state_changes"], "block_shape");
    let Some(tabs) = obj.get("tabs").and_then(Value::as_array) else {
        s.add("block_shape", "browser_state.tabs must be a list");
        return;
    };
    if tabs.len() > 100 {
        s.add("tabs_limit", format!("{} tabs; at most 100", tabs.len()));
    }
    let mut ids = HashSet::new();
    let mut active = Vec::new();
    for (i, tab) in tabs.iter().enumerate() {
        let Some(t) = tab.as_object() else {
            s.add("block_shape", format!("tabs[{i}] must be an object"));
            continue;
        };
        only_keys(s, &format!("tabs[{i}]"), t, &["tab_id", "title", "url", "active"], "block_shape");
        check_field(s, &format!("tabs[{i}].tab_id"), t.get("tab_id"), true, true);
        check_field(s, &format!("tabs[{i}].title"), t.get("title"), true, false);
        check_field(s, &format!("tabs[{i}].url"), t.get("url"), true, false);
        let id = t.get("tab_id").and_then(Value::as_str).unwrap_or_default();
        if !ids.insert(id.to_string()) {
            s.add("unique_tab_ids", format!("tab_id {id:?} is listed twice"));
        }
        match t.get("active") {
            Some(Value::Bool(true)) => active.push(id.to_string()),
            Some(Value::Bool(false)) | None => {}
            Some(_) => s.add("block_shape", format!("tabs[{i}].active must be a boolean")),
        }
    }
    if !tabs.is_empty() && active.len() != 1 {
        s.add("one_active_tab", format!("{} tabs are marked active; a non-empty inventory needs exactly one", active.len()));
    }
    let changes = match obj.get("state_changes") {
        None => &Vec::new(),
        Some(Value::Array(c)) if c.is_empty() => {
            s.add("no_empty_state_changes", "state_changes is present but empty; omit it instead");
            // (Still checked as none, below: a new_tab result then lacks its tab_opened too.)
            c
        }
        Some(Value::Array(c)) => c,
        Some(_) => {
            s.add("block_shape", "state_changes must be a list");
            return;
        }
    };
    if changes.len() > 200 {
        s.add("changes_limit", format!("{} state changes; at most 200", changes.len()));
    }
    let mut downloads = HashSet::new();
    let mut opened = Vec::new();
    for (i, change) in changes.iter().enumerate() {
        let Some(c) = change.as_object() else {
            s.add("block_shape", format!("state_changes[{i}] must be an object"));
            continue;
        };
        let what = format!("state_changes[{i}]");
        match c.get("type").and_then(Value::as_str) {
            Some("tab_opened") => {
                only_keys(s, &what, c, &["type", "tab_id"], "change_fields");
                check_field(s, &format!("{what}.tab_id"), c.get("tab_id"), true, true);
                let id = c.get("tab_id").and_then(Value::as_str).unwrap_or_default().to_string();
                if !ids.contains(&id) {
                    s.add("tab_opened_in_tabs", format!("tab_opened names {id:?}, which is not in tabs"));
                }
                opened.push(id);
            }
            Some(kind @ ("download_started" | "download_completed" | "download_failed")) => {
                let allowed: &[&str] = match kind {
                    "download_started" => &["type", "download_id", "url"],
                    "download_completed" => &["type", "download_id", "url", "path", "size_bytes"],
                    _ => &["type", "download_id", "url", "error"],
                };
                only_keys(s, &what, c, allowed, "change_fields");
                check_field(s, &format!("{what}.download_id"), c.get("download_id"), true, true);
                check_field(s, &format!("{what}.url"), c.get("url"), true, false);
                check_field(s, &format!("{what}.path"), c.get("path"), false, false);
                check_field(s, &format!("{what}.error"), c.get("error"), false, false);
                if let Some(size) = c.get("size_bytes") {
                    if size.as_u64().is_none() {
                        s.add("size_bytes_non_negative", format!("{what}.size_bytes must be a non-negative integer"));
                    }
                }
                let id = c.get("download_id").and_then(Value::as_str).unwrap_or_default();
                if !downloads.insert(id.to_string()) {
                    s.add("one_entry_per_download", format!("download_id {id:?} appears more than once"));
                }
            }
            other => s.add("block_shape", format!("{what} has an unknown type {other:?}")),
        }
    }
    if is_new_tab && (opened.len() != 1 || active.len() != 1 || opened[0] != active[0]) {
        s.add("new_tab_opened_active", "a new_tab result needs exactly one tab_opened, matching the active tab");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rules(member: &str, block: Value) -> Vec<&'static str> {
        result(Some(member), &block).into_iter().map(|v| v.rule).collect()
    }

    fn res(content: Value) -> Value {
        json!({"type":"tool_result","tool_use_id":"t1","toolset_name":"browser","content":content})
    }

    #[test]
    fn valid_results_pass() {
        assert!(rules("new_tab", res(json!([{"type":"browser_state","tabs":[{"tab_id":"tab-1","title":"","url":"about:blank","active":true}],"state_changes":[{"type":"tab_opened","tab_id":"tab-1"}]}]))).is_empty());
        assert!(rules("navigate", res(json!([{"type":"text","text":"Navigated"}]))).is_empty());
    }

    #[test]
    fn each_rule_catches_its_break() {
        let tab = |id: &str, active: bool| json!({"tab_id": id, "title": "t", "url": "u", "active": active});
        let cases: Vec<(&str, Value, &str)> = vec![
            ("list_tabs", res(json!([{"type":"browser_state","tabs":[tab("a", false)]}])), "one_active_tab"),
            ("list_tabs", res(json!([{"type":"browser_state","tabs":[tab("a", true)]},{"type":"text","text":"x"}])), "tab_management_one_block"),
            ("navigate", res(json!([{"type":"text","text":"x"},{"type":"browser_state","tabs":[]},{"type":"browser_state","tabs":[]}])), "one_block_per_result"),
            ("navigate", json!({"type":"tool_result","tool_use_id":"t","toolset_name":"browser","is_error":true,"content":[{"type":"browser_state","tabs":[]}]}), "no_block_on_error"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[], "state_changes": []}])), "no_empty_state_changes"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[tab("a", true)], "state_changes": [{"type":"tab_opened","tab_id":"b"}]}])), "tab_opened_in_tabs"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[{"tab_id":"a\nb","title":"","url":"","active":true}]}])), "forbidden_characters"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[{"tab_id":"","title":"","url":"","active":true}]}])), "non_empty_id"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[{"tab_id":"a","title":"x".repeat(4097),"url":"","active":true}]}])), "field_length"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[], "state_changes": [{"type":"download_started","download_id":"d","url":"u","path":"/x"}]}])), "change_fields"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[], "state_changes": [{"type":"download_completed","download_id":"d","url":"u","size_bytes":-1}]}])), "size_bytes_non_negative"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[], "state_changes": [{"type":"download_started","download_id":"d","url":"u"},{"type":"download_failed","download_id":"d","url":"u"}]}])), "one_entry_per_download"),
            ("navigate", res(json!([{"type":"document"}])), "content_kinds"),
            ("new_tab", res(json!([{"type":"browser_state","tabs":[tab("a", true), tab("b", false)],"state_changes":[{"type":"tab_opened","tab_id":"b"}]}])), "new_tab_opened_active"),
            ("new_tab", res(json!([{"type":"browser_state","tabs":[tab("a", true)],"state_changes":[]}])), "new_tab_opened_active"),
            ("navigate", json!({"type":"tool_result","tool_use_id":"t","content":"x"}), "toolset_name_echoed"),
            ("navigate", res(json!([{"type":"browser_state","tabs":(0..101).map(|i| tab(&format!("t{i}"), i == 0)).collect::<Vec<_>>()}])), "tabs_limit"),
            ("navigate", res(json!([{"type":"browser_state","tabs":[tab("a", true), tab("a", false)]}])), "unique_tab_ids"),
        ];
        for (member, block, rule) in cases {
            let found = rules(member, block);
            assert!(found.contains(&rule), "{rule} not caught; got {found:?}");
        }
    }

    #[test]
    fn the_halt_rule_follows_the_calls_order() {
        let turn = |results: Vec<Value>| {
            let calls: Vec<Value> = ["a", "b", "c"].iter().map(|id| json!({"type":"tool_use","id":id,"name":"wait","toolset_name":"browser","input":{"duration":0}})).collect();
            conversation(&[json!({"role":"assistant","content":calls}), json!({"role":"user","content":results})])
        };
        let ok = |id: &str| json!({"type":"tool_result","tool_use_id":id,"toolset_name":"browser","content":"Waited 0s."});
        let failed = |id: &str| json!({"type":"tool_result","tool_use_id":id,"toolset_name":"browser","content":"Error: boom","is_error":true});
        let halted = |id: &str| json!({"type":"tool_result","tool_use_id":id,"toolset_name":"browser","content":[{"type":"text","text":crate::NOT_EXECUTED}],"is_error":true});
        let rules = |v: Vec<Violation>| v.into_iter().map(|v| (v.tool_use_id, v.rule)).collect::<Vec<_>>();
        assert!(turn(vec![ok("a"), failed("b"), halted("c")]).is_empty());
        assert!(turn(vec![ok("a"), ok("b"), failed("c")]).is_empty(), "a failure with nothing after it");
        assert_eq!(rules(turn(vec![failed("a"), ok("b"), halted("c")])), [("b".to_string(), "batch_halt")], "a call run after a failure");
        let mut not_error = halted("c");
        not_error["is_error"] = json!(false);
        assert_eq!(rules(turn(vec![ok("a"), failed("b"), not_error])), [("c".to_string(), "batch_halt")], "the halt text must be an error");
        let mut other_text = halted("c");
        other_text["content"] = json!("Not executed.");
        assert_eq!(rules(turn(vec![ok("a"), failed("b"), other_text])), [("c".to_string(), "batch_halt")], "only the exact text");
        // Results listed out of order are judged in the order of their calls.
        assert!(turn(vec![halted("c"), failed("b"), ok("a")]).is_empty());
        assert_eq!(rules(turn(vec![ok("b"), failed("a"), halted("c")])), [("b".to_string(), "batch_halt")]);
        // Each turn starts afresh.
        let calls2 = json!({"role":"assistant","content":[{"type":"tool_use","id":"d","name":"wait","toolset_name":"browser","input":{"duration":0}}]});
        let msgs = vec![
            json!({"role":"assistant","content":[{"type":"tool_use","id":"a","name":"wait","toolset_name":"browser","input":{"duration":0}}]}),
            json!({"role":"user","content":[failed("a")]}),
            calls2,
            json!({"role":"user","content":[ok("d")]}),
        ];
        assert!(conversation(&msgs).is_empty());
    }

    #[test]
    fn results_answer_the_calls_right_before_them_once_each_and_first() {
        let call = |id: &str, name: &str, input: Value| json!({"type":"tool_use","id":id,"name":name,"toolset_name":"browser","input":input});
        let done = |id: &str| json!({"type":"tool_result","tool_use_id":id,"toolset_name":"browser","content":[{"type":"text","text":"Clicked."}]});
        let ask = json!({"role":"assistant","content":[call("a","left_click",json!({})), call("b","left_click",json!({}))]});
        let with = |content: Value| vec![json!({"role":"user","content":"task"}), ask.clone(), json!({"role":"user","content":content})];
        let found = |msgs: Vec<Value>| conversation(&msgs).into_iter().map(|v| v.rule).collect::<Vec<_>>();
        assert!(found(with(json!([done("a"), done("b")]))).is_empty());
        assert!(found(with(json!([done("b"), done("a")]))).is_empty(), "the order of the results is free");
        for (content, rule) in [
            (json!([done("a")]), "results_follow_calls"),
            (json!([done("a"), done("b"), done("b")]), "results_follow_calls"),
            (json!([done("a"), done("b"), done("zz")]), "results_follow_calls"),
            (json!([{"type":"text","text":"note"}, done("a"), done("b")]), "results_follow_calls"),
            (json!([done("a"), {"type":"tool_result","tool_use_id":"b","toolset_name":"browser","content":[{"type":"text","text":""}]}]), "non_empty_text"),
            (json!([done("a"), {"type":"tool_result","tool_use_id":"b","toolset_name":"browser","content":[{"type":"image","source":{"type":"base64","media_type":"image/bmp","data":"AA"}}]}]), "image_media_type"),
        ] {
            assert!(found(with(content.clone())).contains(&rule), "{rule} not caught in {content}");
        }
        // Results split across two user messages: the first misses one, the second answers nothing asked.
        let mut split = with(json!([done("a")]));
        split.push(json!({"role":"user","content":[done("b")]}));
        assert_eq!(found(split).iter().filter(|r| **r == "results_follow_calls").count(), 2);
        // A conversation that ends on its calls is waiting for their results.
        assert!(found(vec![json!({"role":"user","content":"task"}), ask.clone()]).is_empty());

        let shot = vec![json!({"role":"user","content":"task"}), json!({"role":"assistant","content":[call("s","screenshot",json!({}))]}), json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"s","toolset_name":"browser","content":[{"type":"text","text":"Screenshot taken."}]}]})];
        assert!(found(shot).contains(&"image_required"));
        let switch = vec![json!({"role":"user","content":"task"}), json!({"role":"assistant","content":[call("w","switch_tab",json!({"tab_id":"tab\n2"}))]}), json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"w","toolset_name":"browser","content":[{"type":"browser_state","tabs":[{"tab_id":"tab-1","title":"","url":"about:blank","active":true}]}]}]})];
        assert!(found(switch).contains(&"tab_input_limits"));
        let custom = vec![json!({"role":"user","content":"task"}), json!({"role":"assistant","content":[{"type":"tool_use","id":"c","name":"calculator","input":{}}]}), json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"c","content":[{"type":"text","text":"4"},{"type":"browser_state","tabs":[]}]}]})];
        assert!(found(custom).contains(&"state_only_on_member_results"));
    }

    #[test]
    fn conversation_maps_results_to_calls() {
        let msgs = vec![
            json!({"role":"assistant","content":[{"type":"tool_use","id":"a","name":"new_tab","toolset_name":"browser","input":{}}]}),
            json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"a","toolset_name":"browser","content":[{"type":"text","text":"x"}]}]}),
        ];
        let v = conversation(&msgs);
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].message, v[0].rule), (1, "tab_management_one_block"));
    }
}
