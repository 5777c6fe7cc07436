//! The text Claude reads, rendered from a conversation's member results the way the API does.

use crate::blocks::{BrowserState, ContentBlock, TabEntry, ToolResult, ToolUse};
use crate::members::Member;

/// Renders results in conversation order, remembering the last footer for deduplication.
#[derive(Clone, Debug, Default)]
pub struct Renderer {
    last_footer: Option<Vec<TabEntry>>,
}

fn quoted_title(title: &str) -> String {
    let mut out = String::with_capacity(title.len() + 2);
    out.push('"');
    for c in title.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

fn tab_line(tab: &TabEntry, mark_current: bool) -> String {
    let current = if mark_current && tab.active { " (current)" } else { "" };
    format!("  • tab_id {}: {} ({}){current}", tab.tab_id, quoted_title(&tab.title), tab.url)
}

/// The list_tabs text.
pub fn list_tabs(state: &BrowserState) -> String {
    if state.tabs.is_empty() {
        return "No tabs available".to_string();
    }
    let mut out = String::from("Available tabs:");
    for tab in &state.tabs {
        out.push('\n');
        out.push_str(&tab_line(tab, true));
    }
    out
}

impl Renderer {
    pub fn new() -> Self {
        Self::default()
    }

    /// What Claude reads for one result. Images show as `[image]`.
    pub fn render(&mut self, call: &ToolUse, result: &ToolResult) -> String {
        let member = Member::from_name(&call.name);
        let state = result.state();
        if !result.is_error {
            if let (Some(m), Some(state)) = (member, state) {
                if m.is_tab_management() {
                    return tab_management_text(m, call, state);
                }
            }
        }
        let parts: Vec<String> = result
            .content
            .iter()
            .filter_map(|b| match b {
                ContentBlock::Text { text } => Some(text.clone()),
                ContentBlock::Image { .. } => Some("[image]".to_string()),
                ContentBlock::BrowserState(_) => None,
            })
            .collect();
        let mut text = parts.join("\n");
        let has_text = result.content.iter().any(|b| b.as_text().is_some());
        if let Some(state) = state {
            let executed_on = call.tab_id().map(str::to_string).or_else(|| state.active().map(|t| t.tab_id.clone()));
            let no_footer = member == Some(Member::Zoom) || !has_text || (state.tabs.is_empty() && call.tab_id().is_none());
            if !no_footer && self.last_footer.as_ref() != Some(&state.tabs) {
                self.last_footer = Some(state.tabs.clone());
                text.push_str("\n\nTab Context:\n");
                if let Some(tab) = executed_on {
                    text.push_str(&format!("- Executed on tab_id: {tab}\n"));
                }
                text.push_str("- Available tabs:");
                for tab in &state.tabs {
                    text.push('\n');
                    text.push_str(&tab_line(tab, false));
                }
            }
        }
        text
    }
}

fn tab_management_text(member: Member, call: &ToolUse, state: &BrowserState) -> String {
    let input_tab = call.input.get("tab_id").and_then(|v| v.as_str()).unwrap_or_default();
    match member {
        Member::NewTab => match state.active() {
            Some(t) => format!("Created new tab with tab_id: {}, URL: {}. It is now the current tab.", t.tab_id, t.url),
            None => "Created new tab.".to_string(),
        },
        Member::SwitchTab => format!("Switched to tab {input_tab}"),
        Member::CloseTab => format!("Closed tab {input_tab}"),
        _ => list_tabs(state),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(name: &str, input: serde_json::Value) -> ToolUse {
        ToolUse { id: "t".into(), name: name.into(), toolset_name: Some("browser".into()), input }
    }

    fn two_tabs() -> BrowserState {
        BrowserState {
            tabs: vec![
                TabEntry { tab_id: "tab-1".into(), title: "Documentation".into(), url: "https://example.com/docs".into(), active: true },
                TabEntry { tab_id: "tab-2".into(), title: "Pricing".into(), url: "https://example.com/pricing".into(), active: false },
            ],
            state_changes: vec![],
        }
    }

    #[test]
    fn list_tabs_matches_spec() {
        let r = ToolResult::new("t", vec![ContentBlock::BrowserState(two_tabs())], false);
        assert_eq!(
            Renderer::new().render(&call("list_tabs", json!({})), &r),
            "Available tabs:\n  • tab_id tab-1: \"Documentation\" (https://example.com/docs) (current)\n  • tab_id tab-2: \"Pricing\" (https://example.com/pricing)"
        );
    }

    #[test]
    fn footer_is_rendered_once_and_without_current() {
        let mut r = Renderer::new();
        let res = ToolResult::new("t", vec![ContentBlock::text("Clicked element ref_5."), ContentBlock::BrowserState(two_tabs())], false);
        let text = r.render(&call("left_click", json!({})), &res);
        assert_eq!(
            text,
            "Clicked element ref_5.\n\nTab Context:\n- Executed on tab_id: tab-1\n- Available tabs:\n  • tab_id tab-1: \"Documentation\" (https://example.com/docs)\n  • tab_id tab-2: \"Pricing\" (https://example.com/pricing)"
        );
        assert_eq!(r.render(&call("left_click", json!({})), &res), "Clicked element ref_5.");
    }

    #[test]
    fn no_footer_cases() {
        let mut r = Renderer::new();
        let zoom = ToolResult::new("t", vec![ContentBlock::text("z"), ContentBlock::BrowserState(two_tabs())], false);
        assert_eq!(r.render(&call("zoom", json!({})), &zoom), "z");
        let img = ToolResult::new("t", vec![ContentBlock::image("image/png", "AA".into()), ContentBlock::BrowserState(two_tabs())], false);
        assert_eq!(r.render(&call("screenshot", json!({})), &img), "[image]");
        let empty = ToolResult::new("t", vec![ContentBlock::text("x"), ContentBlock::BrowserState(BrowserState::default())], false);
        assert_eq!(r.render(&call("wait", json!({})), &empty), "x");
    }

    #[test]
    fn titles_are_escaped_once() {
        let mut s = two_tabs();
        s.tabs[0].title = "a \"b\" \\".into();
        assert!(list_tabs(&s).contains(r#""a \"b\" \\""#));
    }
}
