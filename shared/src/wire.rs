//! Wire types of both sockets: bridge ⇄ extension (native messaging) and agent ⇄ bridge.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::blocks::{StateChange, TabEntry};

/// The native-messaging host name the extension connects to.
pub const NATIVE_HOST_NAME: &str = "com.tabwright.bridge";

/// What a member produced, before it is turned into tool_result content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// A navigation finished; `url` is where the tab ended up.
    Navigated {
        url: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        status: Option<u16>,
        /// Something Claude should know about how it went (e.g. it started a download).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// A screenshot or zoom image, base64.
    Image { media_type: String, data: String },
    /// A member's text output.
    Text { text: String },
    /// A pure action finished; `line` adds what the executor noticed (e.g. what covered a target).
    Ack {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<String>,
    },
    /// new_tab / switch_tab: the tab it concerns.
    Tab { tab_id: String },
    /// list_tabs / close_tab: the inventory is the result.
    Tabs,
    /// Nothing to render.
    None,
}

/// The browser's state as the executor reports it after a call.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateReport {
    pub tabs: Vec<TabEntry>,
    /// Side effects since the previous report (tabs opened by the call, download events).
    #[serde(default)]
    pub changes: Vec<StateChange>,
    /// Lines Claude should read on the next text result (dismissed dialogs, refused navigations).
    #[serde(default)]
    pub notices: Vec<String>,
}

/// Bridge → extension.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToExtension {
    /// Run one member. `input` has passed the protocol's input checks. `confirm`: a person must
    /// approve it in the browser first.
    Member {
        id: u64,
        name: String,
        input: Value,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        confirm: bool,
    },
    /// Report the current state without running anything.
    State { id: u64 },
    /// The browsing policy to enforce (sent after every hello).
    Policy { policy: crate::policy::Policy },
    /// The bridge gave up on request `id` (it timed out): stop it, so the next call can run.
    Cancel { id: u64 },
    /// A faster way to the bridge: open a WebSocket at `url`, send `token` as its first message,
    /// then send everything there and read requests from it too. Sent after every hello; the
    /// native port stays open and carries everything until the socket is open.
    Lane { url: String, token: String },
}

/// Extension → bridge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromExtension {
    /// Sent once per connection.
    Hello { version: String, extension_id: String },
    /// The answer to a `member` request.
    Reply {
        id: u64,
        #[serde(flatten)]
        outcome: Reply,
        state: StateReport,
    },
    /// The answer to a `state` request.
    State { id: u64, state: StateReport },
    /// Something the extension wants logged by the bridge.
    Log { level: String, message: String },
}

/// A member's outcome on the wire: `{"ok": …}` or `{"error": "…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    Ok(Outcome),
    Error(String),
}

impl Reply {
    pub fn into_result(self) -> Result<Outcome, String> {
        match self {
            Reply::Ok(o) => Ok(o),
            Reply::Error(e) => Err(e),
        }
    }
}

/// An agent-socket request: `{"id": …, "method": …, "params": {…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentRequest {
    pub id: Value,
    pub method: String,
    #[serde(default)]
    pub params: Value,
}

/// An agent-socket error: `{"code": "<snake_case>", "message": "…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentError {
    pub code: String,
    pub message: String,
}

impl AgentError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        AgentError { code: code.to_string(), message: message.into() }
    }
}

/// An agent-socket response to request `id`.
pub fn response(id: &Value, result: Result<Value, AgentError>) -> Value {
    match result {
        Ok(result) => serde_json::json!({ "id": id, "result": result }),
        Err(error) => serde_json::json!({ "id": id, "error": error }),
    }
}

/// The extension's ID, fixed by the `key` in manifest.json.
pub const EXTENSION_ID: &str = "ffpodafnojpbkbomhogjkcemhijdghlo";

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reply_round_trips() {
        let msg = FromExtension::Reply {
            id: 7,
            outcome: Reply::Ok(Outcome::Navigated { url: "https://a.com/".into(), title: None, status: Some(200), note: None }),
            state: StateReport::default(),
        };
        let v = serde_json::to_value(&msg).expect("serialize");
        assert_eq!(v["ok"]["kind"], "navigated");
        assert_eq!(serde_json::from_value::<FromExtension>(v).expect("parse"), msg);
        let err: FromExtension = serde_json::from_value(json!({"type":"reply","id":1,"error":"boom","state":{"tabs":[]}}))
            .expect("parse error reply");
        assert!(matches!(err, FromExtension::Reply { outcome: Reply::Error(ref e), .. } if e == "boom"));
    }
}
