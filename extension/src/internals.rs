//! Roles and states a web component keeps in its ElementInternals (Material Web's radio buttons
//! and tabs): no script outside the page's own can read them, so the page agent reads such an
//! element as a clickable box and marks it (`x`), and the browser's accessibility tree is asked
//! what it is.

use serde_json::Value;

use crate::cdp::{self, Debuggee};
use crate::snapshot::Node;

/// The object group the elements are lent to the debugger in.
const GROUP: &str = "tabwright-internals";
/// At most this many elements are asked about in one read, for at most this long (the browser
/// builds its accessibility tree for the first question: 90 ms on a page of 12,000 elements).
const MAX: usize = 60;
const WAIT_MS: i32 = 400;

/// The roles taken from the browser: those of controls a person acts on.
const WIDGETS: &[&str] = &[
    "button", "checkbox", "radio", "switch", "tab", "option", "menuitem", "menuitemcheckbox", "menuitemradio", "link", "slider", "spinbutton", "combobox", "textbox",
    "searchbox", "treeitem", "gridcell", "row",
];

thread_local! {
    /// The documents whose browser took too long to answer (a huge page): their marked nodes
    /// stay as the agent read them from then on.
    static SLOW: std::cell::RefCell<Vec<(Debuggee, Option<u64>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Gives the marked nodes the role, states and (when they have none) the name the browser
/// knows them by. Nodes it cannot tell about stay as the agent read them.
pub async fn apply(at: &Debuggee, nodes: &mut [Node]) {
    let wanted: Vec<(usize, u64)> = nodes.iter().enumerate().filter(|(_, n)| n.x.is_some()).filter_map(|(i, n)| Some((i, n.r#ref?))).take(MAX).collect();
    let document = (at.clone(), crate::page::known_generation(at));
    if wanted.is_empty() || SLOW.with(|s| s.borrow().contains(&document)) {
        return;
    }
    let refs: Vec<u64> = wanted.iter().map(|&(_, r)| r).collect();
    // (An element gone since the read stands as the document, which is no control.)
    let expression = format!("{refs:?}.map((r) => __tabwright.resolveEl(r) || document)");
    let ask = async {
        let (objects, _) = crate::page::agent_list(at, &expression, GROUP).await?;
        let asks: Vec<cdp::GetPartialAxTree> = objects.iter().map(|object_id| cdp::GetPartialAxTree { object_id, fetch_relatives: false }).collect();
        Some(futures::future::join_all(asks.iter().map(|a| cdp::send_to(at, a))).await)
    };
    let answers = match crate::chrome::bounded(ask, WAIT_MS).await {
        Some(answers) => answers.unwrap_or_default(),
        None => {
            SLOW.with(|s| {
                let mut s = s.borrow_mut();
                s.retain(|(d, _)| d != at);
                s.push(document);
            });
            Vec::new()
        }
    };
    // Not waited for: the next command queues behind them. (The browser keeps no accessibility
    // tree for the page once nobody asks.)
    cdp::send_soon(at, cdp::ReleaseObjectGroup { object_group: GROUP });
    cdp::send_soon(at, cdp::AccessibilityDisable {});
    if answers.len() != wanted.len() {
        return;
    }
    for ((i, _), answer) in wanted.into_iter().zip(answers) {
        if let Some(ax) = answer.as_ref().ok().and_then(|a| a["nodes"].get(0)) {
            take(&mut nodes[i], ax);
        }
    }
}

/// What the browser's node says of the element, when it is a control.
fn take(node: &mut Node, ax: &Value) {
    let Some(role) = ax["role"]["value"].as_str().filter(|r| WIDGETS.contains(r)) else { return };
    node.role = Some(role.to_string());
    // A control says how it is acted on by its role.
    node.s.remove("clickable");
    if node.name.as_deref().is_none_or(str::is_empty) {
        let name = ax["name"]["value"].as_str().map(str::trim).unwrap_or_default();
        if !name.is_empty() {
            node.name = Some(tabwright_protocol::sanitize::bounded(&tabwright_protocol::sanitize::one_line(name), NAME_MAX));
        }
    }
    for property in ax["properties"].as_array().into_iter().flatten() {
        let value = &property["value"]["value"];
        match property["name"].as_str() {
            // "true", "false" or "mixed", as the page agent states them.
            Some(key @ ("checked" | "pressed")) => {
                if let Some(v) = value.as_str() {
                    node.s.insert(key.to_string(), Value::String(v.to_string()));
                }
            }
            Some(key @ ("selected" | "expanded" | "disabled")) => {
                if let Some(b) = value.as_bool() {
                    node.s.insert(key.to_string(), Value::Bool(b));
                }
            }
            _ => {}
        }
    }
}

/// The longest name taken from the browser (the page agent's bound).
const NAME_MAX: usize = 100;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_control_takes_the_browsers_role_and_states_and_a_box_stays_as_read() {
        let mut radio = Node { role: Some("generic".into()), name: Some("Blue".into()), s: [("clickable".to_string(), json!(true))].into(), ..Default::default() };
        let ax = json!({"role": {"value": "radio"}, "name": {"value": "Ignored"}, "properties": [{"name": "checked", "value": {"value": "true"}}, {"name": "focusable", "value": {"value": true}}]});
        take(&mut radio, &ax);
        assert_eq!(radio.role.as_deref(), Some("radio"));
        assert_eq!(radio.name.as_deref(), Some("Blue"), "the agent's name stays");
        assert_eq!(radio.s, [("checked".to_string(), json!("true"))].into());

        let mut tab = Node { role: Some("generic".into()), ..Default::default() };
        take(&mut tab, &json!({"role": {"value": "tab"}, "name": {"value": " General\n tab "}, "properties": [{"name": "selected", "value": {"value": false}}]}));
        assert_eq!((tab.role.as_deref(), tab.name.as_deref(), tab.s.get("selected")), (Some("tab"), Some("General tab"), Some(&json!(false))));

        let mut boxed = Node { role: Some("generic".into()), s: [("clickable".to_string(), json!(true))].into(), ..Default::default() };
        take(&mut boxed, &json!({"role": {"value": "generic"}, "properties": [{"name": "checked", "value": {"value": "true"}}]}));
        assert_eq!((boxed.role.as_deref(), boxed.s.len()), (Some("generic"), 1), "not a control: as read");
    }
}
