//! Messages API content blocks that a member call and its result are made of.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One entry of `browser_state.tabs`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TabEntry {
    pub tab_id: String,
    pub title: String,
    pub url: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub active: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One entry of `browser_state.state_changes`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum StateChange {
    TabOpened {
        tab_id: String,
    },
    DownloadStarted {
        download_id: String,
        url: String,
    },
    DownloadCompleted {
        download_id: String,
        url: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        path: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size_bytes: Option<u64>,
    },
    DownloadFailed {
        download_id: String,
        url: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    },
}

impl StateChange {
    /// The download this change belongs to, if it is a download event.
    pub fn download_id(&self) -> Option<&str> {
        match self {
            StateChange::TabOpened { .. } => None,
            StateChange::DownloadStarted { download_id, .. }
            | StateChange::DownloadCompleted { download_id, .. }
            | StateChange::DownloadFailed { download_id, .. } => Some(download_id),
        }
    }
}

/// The `browser_state` content block.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrowserState {
    pub tabs: Vec<TabEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub state_changes: Vec<StateChange>,
}

impl BrowserState {
    /// The entry marked active, if any.
    pub fn active(&self) -> Option<&TabEntry> {
        self.tabs.iter().find(|t| t.active)
    }
}

/// Base64 image data as a result carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageSource {
    #[serde(rename = "type")]
    pub kind: String,
    pub media_type: String,
    pub data: String,
}

/// A content block of a member tool_result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    Text { text: String },
    Image { source: ImageSource },
    BrowserState(BrowserState),
}

impl ContentBlock {
    pub fn text(text: impl Into<String>) -> Self {
        ContentBlock::Text { text: text.into() }
    }

    pub fn image(media_type: &str, data: String) -> Self {
        ContentBlock::Image {
            source: ImageSource { kind: "base64".into(), media_type: media_type.into(), data },
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            ContentBlock::Text { text } => Some(text),
            _ => None,
        }
    }

    pub fn as_state(&self) -> Option<&BrowserState> {
        match self {
            ContentBlock::BrowserState(s) => Some(s),
            _ => None,
        }
    }
}

/// A `tool_use` block from an assistant message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolUse {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toolset_name: Option<String>,
    #[serde(default)]
    pub input: Value,
}

impl ToolUse {
    /// Reads a `tool_use` block out of raw content, or says what is wrong with it.
    pub fn from_block(block: &Value) -> Result<ToolUse, String> {
        let tool_use: ToolUse = serde_json::from_value(block.clone()).map_err(|e| format!("malformed tool_use block: {e}"))?;
        if crate::sanitize::holds_half_mark(&tool_use.input) {
            return Err(HALF_CHARACTER_INPUT.into());
        }
        Ok(tool_use)
    }

    /// The tab the call names, when its input has a non-empty `tab_id`.
    pub fn tab_id(&self) -> Option<&str> {
        crate::input::named_tab(&self.input)
    }
}

/// Why a call whose input held half of a character (a lone surrogate escape in the request's
/// JSON, marked by [`crate::sanitize::mark_json_surrogates`]) was not run.
pub const HALF_CHARACTER_INPUT: &str = "The input holds half of a character (a lone UTF-16 surrogate escape, \\ud800 to \\udfff, without its other half), which no page can take, so this call was not run. Send the text again with whole characters (both halves of an emoji together).";

/// A `tool_result` block answering one member call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolResult {
    #[serde(rename = "type")]
    pub kind: ToolResultType,
    pub tool_use_id: String,
    pub toolset_name: String,
    pub content: Vec<ContentBlock>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_error: bool,
}

/// The literal `"tool_result"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolResultType {
    #[default]
    ToolResult,
}

impl ToolResult {
    pub fn new(tool_use_id: &str, content: Vec<ContentBlock>, is_error: bool) -> Self {
        ToolResult {
            kind: ToolResultType::ToolResult,
            tool_use_id: tool_use_id.to_string(),
            toolset_name: crate::TOOLSET_NAME.to_string(),
            content,
            is_error,
        }
    }

    /// An error result: text only, never a browser_state block.
    pub fn error(tool_use_id: &str, text: impl Into<String>) -> Self {
        ToolResult::new(tool_use_id, vec![ContentBlock::text(text)], true)
    }

    pub fn state(&self) -> Option<&BrowserState> {
        self.content.iter().find_map(ContentBlock::as_state)
    }

    pub fn text(&self) -> String {
        self.content.iter().filter_map(ContentBlock::as_text).collect::<Vec<_>>().join("\n")
    }

    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or_else(|_| Value::Object(Map::new()))
    }
}
