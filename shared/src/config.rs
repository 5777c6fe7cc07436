//! Toolset `configs`: which members are on, and the `tools[]` entry to send.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::members::{Member, MEMBERS};

/// One member's config.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemberConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defer_loading: Option<bool>,
}

/// The toolset's `configs`, keyed by member name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Configs {
    entries: BTreeMap<String, MemberConfig>,
}

impl Configs {
    /// Parses `configs`; unknown members and unknown keys are refused.
    pub fn parse(value: Option<&Value>) -> Result<Configs, String> {
        let Some(value) = value.filter(|v| !v.is_null()) else {
            return Ok(Configs::default());
        };
        let obj = value.as_object().ok_or("configs must be an object keyed by member name")?;
        let mut entries = BTreeMap::new();
        for (name, cfg) in obj {
            if Member::from_name(name).is_none() {
                return Err(format!("configs names {name:?}, which is not a member of browser_toolset_20260801"));
            }
            let cfg: MemberConfig =
                serde_json::from_value(cfg.clone()).map_err(|e| format!("configs.{name}: {e}"))?;
            entries.insert(name.clone(), cfg);
        }
        Ok(Configs { entries })
    }

    /// Turns `member` on, unless these configs already say whether it is on.
    pub fn enable_unless_set(&mut self, member: Member) {
        let entry = self.entries.entry(member.name().to_string()).or_default();
        entry.enabled.get_or_insert(true);
    }

    pub fn is_enabled(&self, member: Member) -> bool {
        self.entries.get(member.name()).and_then(|c| c.enabled).unwrap_or(member.row().enabled_by_default)
    }

    /// The `tools[]` entry for the Messages API.
    pub fn tool_entry(&self) -> Value {
        let mut tool = serde_json::json!({ "type": crate::TOOLSET_TYPE });
        if !self.entries.is_empty() {
            tool["configs"] = serde_json::to_value(&self.entries).unwrap_or(Value::Null);
        }
        tool
    }

    /// The enabled members, in table order.
    pub fn enabled(&self) -> Vec<&'static str> {
        MEMBERS.iter().filter(|r| self.is_enabled(r.member)).map(|r| r.name).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_and_overrides() {
        let c = Configs::parse(None).expect("empty");
        assert!(!c.is_enabled(Member::JavascriptExec));
        assert_eq!(c.enabled().len(), 27);
        let mut c = Configs::parse(Some(&json!({"file_upload": {"enabled": false}}))).expect("ok");
        c.enable_unless_set(Member::FileUpload);
        assert!(!c.is_enabled(Member::FileUpload), "an explicit choice stays");
        let mut c = Configs::parse(None).expect("empty");
        c.enable_unless_set(Member::FileUpload);
        assert!(c.is_enabled(Member::FileUpload));
        let c = Configs::parse(Some(&json!({"read_console": {"enabled": true}, "hold_key": {"enabled": false}}))).expect("ok");
        assert!(c.is_enabled(Member::ReadConsole));
        assert!(!c.is_enabled(Member::HoldKey));
        assert_eq!(c.tool_entry()["configs"]["hold_key"]["enabled"], false);
    }

    #[test]
    fn refuses_unknown() {
        assert!(Configs::parse(Some(&json!({"fly": {}}))).unwrap_err().contains("fly"));
        assert!(Configs::parse(Some(&json!({"wait": {"speed": 1}}))).unwrap_err().contains("unknown field"));
    }
}
