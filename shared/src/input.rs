//! Member inputs, with the fields exactly as the official schema names them, and the checks
//! that turn a wrong or missing field into text Claude can act on.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::sanitize;

/// Why a member's input was refused; the text is what Claude reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// A member input type: its field names and the checks serde cannot express.
pub trait Input: DeserializeOwned {
    const FIELDS: &'static [&'static str];
    /// Whether an empty `tab_id` names no tab (the active one, as the SDK's drivers read it),
    /// where the member may leave its tab out.
    const TAB_OPTIONAL: bool = true;
    fn check(&self, member: &str) -> Result<(), String> {
        let _ = member;
        Ok(())
    }
    fn tab_id(&self) -> Option<&str> {
        None
    }
}

/// Parses `value` as `T` and runs its checks, naming the member in any error.
pub fn parse<T: Input>(value: &Value) -> Result<T, InputError> {
    // What does not depend on `T` is done once, out of line: the Wasm core holds this for every
    // member.
    let parsed: T = serde_json::from_value(shaped(value, T::FIELDS, T::TAB_OPTIONAL)?).map_err(|e| invalid(&e, T::FIELDS))?;
    if let Some(tab_id) = parsed.tab_id() {
        check_tab_id(tab_id)?;
    }
    parsed.check("").map_err(InputError)?;
    Ok(parsed)
}

/// The tab an input names by its `tab_id`; an empty one names none (the active tab), as the
/// SDK's drivers read it.
pub fn named_tab(input: &Value) -> Option<&str> {
    input.get("tab_id").and_then(Value::as_str).filter(|id| !id.is_empty())
}

/// The input as an object (none given is an empty one), its targets in the tool's shape, and
/// an empty `tab_id` left out where the member may leave its tab out.
fn shaped(value: &Value, fields: &[&str], tab_optional: bool) -> Result<Value, InputError> {
    let mut value = if value.is_null() { Value::Object(Default::default()) } else { value.clone() };
    let Some(object) = value.as_object_mut() else {
        return Err(InputError(match fields {
            [] => "The input must be a JSON object, here an empty one ({}): this member takes no fields.".to_string(),
            _ => format!("The input must be a JSON object with the fields {}.", fields.join(", ")),
        }));
    };
    if tab_optional && object.get("tab_id").is_some_and(|t| t == "") {
        object.remove("tab_id");
    }
    for field in ["target", "from"] {
        if fields.contains(&field) {
            if let Some(given) = value.get(field) {
                target_shape(field, given).map_err(InputError)?;
            }
        }
    }
    Ok(value)
}

fn invalid(e: &serde_json::Error, fields: &[&str]) -> InputError {
    InputError(format!("{e}. Expected fields: {}.", field_list(fields)))
}

/// A target given in another shape than the tool's (a bare ref, a coordinate pair) is named with
/// the shape it should have.
fn target_shape(field: &str, given: &Value) -> Result<(), String> {
    let shapes = r#"{"type": "ref", "ref": "ref_12"} (an element from read_page or find) or {"type": "coordinate", "x": 400, "y": 300} (a point on the screenshot)"#;
    let shown = crate::sanitize::bounded(&given.to_string(), 80);
    let wrong = |what: &str| Err(format!("{field} must be an object, {shapes}; {what} {shown}."));
    match given {
        Value::String(s) if s.trim().starts_with("ref_") => Err(format!("{field} must be an object: {{\"type\": \"ref\", \"ref\": {}}}, not the bare ref {shown}.", Value::String(s.trim().to_string()))),
        Value::Array(a) if a.len() == 2 && a.iter().all(Value::is_number) => Err(format!(
            "{field} must be an object: {{\"type\": \"coordinate\", \"x\": {}, \"y\": {}}}, not the pair {shown}.",
            a[0], a[1]
        )),
        Value::Object(o) => match o.get("type").and_then(Value::as_str) {
            Some("ref" | "coordinate") => Ok(()),
            Some(_) => wrong("its type is \"ref\" or \"coordinate\", and it was"),
            None if o.contains_key("ref") || (o.contains_key("x") && o.contains_key("y")) => wrong("it names its type too, and it was"),
            None => wrong("it was"),
        },
        _ => wrong("it was"),
    }
}

fn field_list(fields: &[&str]) -> String {
    if fields.is_empty() {
        "none".to_string()
    } else {
        fields.join(", ")
    }
}

/// The API's limits on a tab_id Claude sends, which it renders into result text.
pub fn check_tab_id(tab_id: &str) -> Result<(), InputError> {
    if tab_id.is_empty() {
        return Err(InputError("tab_id must not be empty. Call list_tabs to see the open tabs.".into()));
    }
    if tab_id.chars().count() > sanitize::FIELD_MAX {
        return Err(InputError(format!("tab_id is longer than {} characters.", sanitize::FIELD_MAX)));
    }
    if tab_id.chars().any(sanitize::is_forbidden) {
        return Err(InputError(
            "tab_id contains control or line-separator characters. Call list_tabs to see the open tabs.".into(),
        ));
    }
    Ok(())
}

/// A point in viewport pixels of the screenshots we return.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// A `target`: an element reference or a viewport coordinate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Target {
    Coordinate { x: f64, y: f64 },
    Ref {
        #[serde(rename = "ref")]
        reference: String,
    },
}

impl Target {
    pub fn point(&self) -> Option<Point> {
        match self {
            Target::Coordinate { x, y } => Some(Point { x: *x, y: *y }),
            Target::Ref { .. } => None,
        }
    }
    pub fn reference(&self) -> Option<&str> {
        match self {
            Target::Ref { reference } => Some(reference),
            Target::Coordinate { .. } => None,
        }
    }
    fn check(&self, what: &str) -> Result<(), String> {
        match self {
            Target::Coordinate { x, y } if !x.is_finite() || !y.is_finite() => {
                Err(format!("{what} coordinates must be finite numbers"))
            }
            Target::Ref { reference } if reference.trim().is_empty() => {
                Err(format!("{what} ref must not be empty; use a ref such as \"ref_3\" from read_page or find"))
            }
            _ => Ok(()),
        }
    }
}

fn need_coordinate(member: &str, targets: &[&Target]) -> Result<(), String> {
    for t in targets {
        if t.point().is_none() {
            return Err(format!("{member} takes coordinate targets only ({{\"type\":\"coordinate\",\"x\":…,\"y\":…}}), not element references"));
        }
        t.check(member)?;
    }
    Ok(())
}

fn need_ref(member: &str, target: &Target) -> Result<(), String> {
    if target.reference().is_none() {
        return Err(format!("{member} needs an element reference target ({{\"type\":\"ref\",\"ref\":\"ref_N\"}}) from read_page or find"));
    }
    target.check(member)
}

fn need_text(member: &str, field: &str, text: &str) -> Result<(), String> {
    if text.is_empty() {
        return Err(format!("{member} needs a non-empty {field}"));
    }
    Ok(())
}

fn need_duration(what: &str, d: f64) -> Result<(), String> {
    if !d.is_finite() || d < 0.0 {
        return Err(format!("{what} duration must be a non-negative number of seconds"));
    }
    if d > MAX_DURATION_SECS {
        return Err(format!("{what} duration must be at most 30 seconds"));
    }
    Ok(())
}

/// The longest `wait` or `hold_key`, in seconds.
pub const MAX_DURATION_SECS: f64 = 30.0;

macro_rules! with_tab_id {
    ($t:ty) => {
        fn tab_id(&self) -> Option<&str> {
            self.tab_id.as_deref()
        }
    };
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Navigate {
    pub url: String,
    pub tab_id: Option<String>,
}
impl Input for Navigate {
    const FIELDS: &'static [&'static str] = &["url", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        if self.url.trim().is_empty() {
            return Err("navigate needs a url, or \"back\", \"forward\" or \"reload\"".into());
        }
        Ok(())
    }
    with_tab_id!(Navigate);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TabOnly {
    pub tab_id: Option<String>,
}
impl Input for TabOnly {
    const FIELDS: &'static [&'static str] = &["tab_id"];
    with_tab_id!(TabOnly);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Zoom {
    pub region: Vec<f64>,
    pub tab_id: Option<String>,
}
impl Input for Zoom {
    const FIELDS: &'static [&'static str] = &["region", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        match self.region[..] {
            [x0, y0, x1, y1] if [x0, y0, x1, y1].iter().all(|v| v.is_finite() && *v >= 0.0) => {
                if x1 <= x0 || y1 <= y0 {
                    Err("zoom region must be [x0, y0, x1, y1] with x1 > x0 and y1 > y0".into())
                } else {
                    Ok(())
                }
            }
            _ => Err("zoom region must be four non-negative numbers [x0, y0, x1, y1]".into()),
        }
    }
    with_tab_id!(Zoom);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Click {
    pub target: Target,
    pub modifiers: Option<String>,
    pub tab_id: Option<String>,
}
impl Input for Click {
    const FIELDS: &'static [&'static str] = &["target", "modifiers", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        self.target.check("target")
    }
    with_tab_id!(Click);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Hover {
    pub target: Target,
    pub tab_id: Option<String>,
}
impl Input for Hover {
    const FIELDS: &'static [&'static str] = &["target", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        self.target.check("target")
    }
    with_tab_id!(Hover);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Drag {
    #[serde(rename = "from")]
    pub from: Target,
    pub target: Target,
    pub tab_id: Option<String>,
}
impl Input for Drag {
    const FIELDS: &'static [&'static str] = &["from", "target", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_coordinate("left_click_drag", &[&self.from, &self.target])
    }
    with_tab_id!(Drag);
}

/// `mouse_move`, `left_mouse_down`, `left_mouse_up`: a coordinate target.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Pointer {
    pub target: Target,
    pub tab_id: Option<String>,
}
impl Input for Pointer {
    const FIELDS: &'static [&'static str] = &["target", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_coordinate("mouse_move, left_mouse_down or left_mouse_up", &[&self.target])
    }
    with_tab_id!(Pointer);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScrollDirection {
    Up,
    Down,
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Scroll {
    pub scroll_direction: ScrollDirection,
    pub target: Target,
    pub scroll_amount: Option<i64>,
    pub tab_id: Option<String>,
}
impl Scroll {
    pub const DEFAULT_AMOUNT: i64 = 3;
    pub fn amount(&self) -> i64 {
        self.scroll_amount.unwrap_or(Self::DEFAULT_AMOUNT)
    }
}
impl Input for Scroll {
    const FIELDS: &'static [&'static str] = &["scroll_direction", "target", "scroll_amount", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_coordinate("scroll", &[&self.target])?;
        match self.scroll_amount {
            Some(n) if !(1..=10).contains(&n) => Err("scroll_amount must be 1–10".into()),
            _ => Ok(()),
        }
    }
    with_tab_id!(Scroll);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct RefOnly {
    pub target: Target,
    pub tab_id: Option<String>,
}
impl Input for RefOnly {
    const FIELDS: &'static [&'static str] = &["target", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_ref("scroll_to", &self.target)
    }
    with_tab_id!(RefOnly);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Type {
    pub text: String,
    pub tab_id: Option<String>,
}
impl Input for Type {
    const FIELDS: &'static [&'static str] = &["text", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_text("type", "text", &self.text)
    }
    with_tab_id!(Type);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Key {
    pub text: String,
    pub repeat: Option<i64>,
    pub tab_id: Option<String>,
}
/// The most presses one `key` call may ask for through `repeat`.
pub const MAX_KEY_REPEAT: i64 = 100;
impl Input for Key {
    const FIELDS: &'static [&'static str] = &["text", "repeat", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_text("key", "text (a key name such as \"Enter\" or a chord such as \"ctrl+a\")", self.text.trim())?;
        match self.repeat {
            Some(n) if !(1..=MAX_KEY_REPEAT).contains(&n) => Err(format!("key repeat must be 1–{MAX_KEY_REPEAT}")),
            _ => Ok(()),
        }
    }
    with_tab_id!(Key);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct HoldKey {
    pub text: String,
    pub duration: f64,
    pub tab_id: Option<String>,
}
impl Input for HoldKey {
    const FIELDS: &'static [&'static str] = &["text", "duration", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_text("hold_key", "text (a key name)", self.text.trim())?;
        need_duration("hold_key", self.duration)
    }
    with_tab_id!(HoldKey);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Wait {
    pub duration: f64,
    pub tab_id: Option<String>,
}
impl Input for Wait {
    const FIELDS: &'static [&'static str] = &["duration", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_duration("wait", self.duration)
    }
    with_tab_id!(Wait);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadFilter {
    Interactive,
    All,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ReadPage {
    pub depth: Option<i64>,
    pub filter: Option<ReadFilter>,
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    pub tab_id: Option<String>,
}
impl ReadPage {
    pub const DEFAULT_DEPTH: i64 = 15;
    pub fn depth(&self) -> i64 {
        self.depth.unwrap_or(Self::DEFAULT_DEPTH)
    }
}
impl Input for ReadPage {
    const FIELDS: &'static [&'static str] = &["depth", "filter", "ref", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        match self.depth {
            Some(d) if !(1..=100).contains(&d) => Err("read_page depth must be 1–100".into()),
            _ => Ok(()),
        }
    }
    with_tab_id!(ReadPage);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Find {
    pub query: String,
    pub tab_id: Option<String>,
}
impl Input for Find {
    const FIELDS: &'static [&'static str] = &["query", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_text("find", "query describing the element", self.query.trim())
    }
    with_tab_id!(Find);
}

/// A `form_input` value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FormValue {
    Bool(bool),
    Number(f64),
    Text(String),
}

impl<'de> Deserialize<'de> for FormValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = FormValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string, a number, or true/false (one value: for a list that takes several, set one option at a time or give them comma-separated in one string)")
            }
            fn visit_bool<E>(self, v: bool) -> Result<FormValue, E> {
                Ok(FormValue::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<FormValue, E> {
                Ok(FormValue::Number(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<FormValue, E> {
                Ok(FormValue::Number(v as f64))
            }
            fn visit_f64<E>(self, v: f64) -> Result<FormValue, E> {
                Ok(FormValue::Number(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<FormValue, E> {
                Ok(FormValue::Text(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<FormValue, E> {
                Ok(FormValue::Text(v))
            }
        }
        d.deserialize_any(Visit)
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FormInput {
    pub target: Target,
    pub value: FormValue,
    pub tab_id: Option<String>,
}
impl Input for FormInput {
    const FIELDS: &'static [&'static str] = &["target", "value", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_ref("form_input", &self.target)
    }
    with_tab_id!(FormInput);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FileUpload {
    pub target: Target,
    pub paths: Option<Vec<String>>,
    pub document_ids: Option<Vec<String>>,
    pub tab_id: Option<String>,
}
impl Input for FileUpload {
    const FIELDS: &'static [&'static str] = &["target", "paths", "document_ids", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_ref("file_upload", &self.target)?;
        let n = self.paths.as_ref().map_or(0, Vec::len) + self.document_ids.as_ref().map_or(0, Vec::len);
        if n == 0 {
            return Err("file_upload needs at least one entry in paths or document_ids".into());
        }
        Ok(())
    }
    with_tab_id!(FileUpload);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Script {
    pub text: String,
    pub tab_id: Option<String>,
}
impl Input for Script {
    const FIELDS: &'static [&'static str] = &["text", "tab_id"];
    fn check(&self, _: &str) -> Result<(), String> {
        need_text("javascript_exec", "text (a JavaScript expression)", self.text.trim())
    }
    with_tab_id!(Script);
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Empty {}
impl Input for Empty {
    const FIELDS: &'static [&'static str] = &[];
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TabRequired {
    pub tab_id: String,
}
impl Input for TabRequired {
    const FIELDS: &'static [&'static str] = &["tab_id"];
    // switch_tab and close_tab act on the tab they name, never on one they leave to be guessed.
    const TAB_OPTIONAL: bool = false;
    fn tab_id(&self) -> Option<&str> {
        Some(&self.tab_id)
    }
}

#[cfg(test)]
mod tests {
    use crate::members::Member;
    use serde_json::json;

    fn err(member: &str, input: serde_json::Value) -> String {
        let m = Member::from_name(member).expect("member");
        m.parse_input(&input).expect_err("should be refused").0
    }

    #[test]
    fn readable_errors() {
        assert!(err("navigate", json!({})).contains("missing field `url`"));
        let several = err("form_input", json!({"target": {"type": "ref", "ref": "ref_1"}, "value": ["a", "b"]}));
        assert!(several.contains("expected a string, a number, or true/false") && !several.contains("untagged"), "{several}");
        let form = |v: serde_json::Value| Member::FormInput.parse_input(&json!({"target": {"type": "ref", "ref": "ref_1"}, "value": v}));
        assert!(form(json!(3)).is_ok() && form(json!(2.5)).is_ok() && form(json!(true)).is_ok() && form(json!("x")).is_ok());
        assert_eq!(
            err("scroll", json!({"scroll_direction":"down","target":{"type":"coordinate","x":1,"y":2},"scroll_amount":11})),
            "scroll_amount must be 1–10"
        );
        assert_eq!(err("wait", json!({"duration": 31})), "wait duration must be at most 30 seconds");
        assert!(err("left_click_drag", json!({"from":{"type":"ref","ref":"ref_1"},"target":{"type":"coordinate","x":1,"y":1}}))
            .starts_with("left_click_drag takes coordinate targets only"));
        assert!(err("switch_tab", json!({"tab_id": "a\nb"})).contains("control"));
        assert!(err("switch_tab", json!({"tab_id": ""})).contains("must not be empty"));
        assert!(err("close_tab", json!({"tab_id": ""})).contains("must not be empty"));
        // Elsewhere an empty tab_id names no tab: the active one.
        assert_eq!(super::parse::<super::TabOnly>(&json!({"tab_id": ""})).map(|t| t.tab_id), Ok(None));
        assert_eq!(super::parse::<super::Navigate>(&json!({"url": "back", "tab_id": ""})).map(|t| t.tab_id), Ok(None));
        assert!(err("zoom", json!({"region": [10, 10, 5, 20]})).contains("x1 > x0"));
        assert!(err("file_upload", json!({"target":{"type":"ref","ref":"ref_1"}})).contains("at least one"));
        assert!(err("navigate", json!("x")).contains("JSON object"));
        // Targets in another shape name the shape they should have.
        assert_eq!(err("left_click", json!({"target": "ref_3"})), r#"target must be an object: {"type": "ref", "ref": "ref_3"}, not the bare ref "ref_3"."#);
        assert_eq!(err("hover", json!({"target": [10, 20.5]})), r#"target must be an object: {"type": "coordinate", "x": 10, "y": 20.5}, not the pair [10,20.5]."#);
        assert!(err("left_click", json!({"target": {"ref": "ref_3"}})).contains("it names its type too"));
        assert!(err("left_click_drag", json!({"from": {"x": 1, "y": 2}, "target": {"type":"coordinate","x":1,"y":1}})).starts_with("from must be an object"));
        assert!(err("form_input", json!({"target": {"type": "element", "ref": "ref_1"}, "value": "x"})).contains(r#"its type is "ref" or "coordinate""#));
        assert!(err("left_click", json!({"target": 7})).contains("{\"type\": \"ref\""));
    }

    #[test]
    fn accepted_inputs() {
        for (m, input) in [
            ("navigate", json!({"url": "example.com"})),
            ("new_tab", json!({})),
            ("new_tab", serde_json::Value::Null),
            ("left_click", json!({"target":{"type":"ref","ref":"ref_2"},"modifiers":"ctrl+shift"})),
            ("scroll", json!({"scroll_direction":"up","target":{"type":"coordinate","x":1,"y":2}})),
            ("wait", json!({"duration": 30})),
            ("read_page", json!({"filter":"interactive"})),
            ("form_input", json!({"target":{"type":"ref","ref":"ref_1"},"value": true})),
            ("zoom", json!({"region":[0,0,100,50]})),
        ] {
            Member::from_name(m).expect("member").parse_input(&input).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
}
