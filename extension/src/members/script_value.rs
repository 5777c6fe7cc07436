//! What a script returned, as Claude reads it: the browser's own serialization of the value
//! (the page's built-ins are not used, so a page that replaced `JSON.stringify` or `Map` changes
//! nothing; only the value's own getters run), written as indented JSON in the value's own
//! order, with what JSON cannot hold named in brackets.

use serde_json::Value;

/// How deep objects are written out; deeper ones are named by their kind.
pub const DEPTH: u32 = 8;

/// The value as text: indented JSON, or the bracketed name of a value JSON cannot hold.
pub fn render(v: &Value) -> String {
    match scalar(v) {
        Some(Value::String(s)) => s,
        _ => {
            let mut out = String::new();
            write(v, 0, &mut out);
            out
        }
    }
}

/// A value that is written in one piece: a JSON scalar, or a string naming what JSON cannot
/// hold. None for arrays and objects with content.
fn scalar(v: &Value) -> Option<Value> {
    let value = &v["value"];
    let kind = v["type"].as_str().unwrap_or_default();
    Some(match kind {
        "null" | "undefined" => Value::Null,
        // NaN, -0 and the infinities come as strings, and stay so.
        "string" | "boolean" | "number" | "date" => value.clone(),
        "bigint" => Value::String(format!("{}n", value.as_str().unwrap_or_default())),
        "regexp" => Value::String(format!("/{}/{}", value["pattern"].as_str().unwrap_or_default(), value["flags"].as_str().unwrap_or_default())),
        "array" | "set" | "object" | "map" if value.is_array() => return None,
        // Without content: one seen before (a cycle, or the same object twice), or one past
        // the depth written out.
        "array" | "set" | "object" | "map" => Value::String(if v.get("weakLocalObjectReference").is_some() { "[circular]".into() } else { format!("[{kind}]") }),
        "node" => Value::String(node_name(value)),
        "function" => Value::String("[function]".into()),
        "" => Value::String("[value]".into()),
        other => Value::String(format!("[{other}]")),
    })
}

fn write(v: &Value, depth: usize, out: &mut String) {
    if let Some(one) = scalar(v) {
        // A string is written with JSON's escapes.
        out.push_str(&serde_json::to_string(&one).unwrap_or_default());
        return;
    }
    let items = v["value"].as_array().map(Vec::as_slice).unwrap_or_default();
    let keyed = matches!(v["type"].as_str(), Some("object" | "map"));
    // A property whose value is undefined is left out, as JSON leaves it out.
    let items: Vec<&Value> = items.iter().filter(|item| !(keyed && item[1]["type"] == "undefined")).collect();
    let (open, close) = if keyed { ('{', '}') } else { ('[', ']') };
    out.push(open);
    if items.is_empty() {
        out.push(close);
        return;
    }
    let pad = "  ".repeat(depth + 1);
    for (i, item) in items.iter().enumerate() {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        out.push_str(&pad);
        if keyed {
            out.push_str(&serde_json::to_string(&key_text(&item[0])).unwrap_or_default());
            out.push_str(": ");
            write(&item[1], depth + 1, out);
        } else {
            write(item, depth + 1, out);
        }
    }
    out.push('\n');
    out.push_str(&"  ".repeat(depth));
    out.push(close);
}

/// An object's key, or a map's key as text (a map's keys need not be strings).
fn key_text(key: &Value) -> String {
    match key.as_str() {
        Some(k) => k.to_string(),
        None => match scalar(key) {
            Some(Value::String(s)) => s,
            Some(other) => other.to_string(),
            None => format!("[{}]", key["type"].as_str().unwrap_or("value")),
        },
    }
}

/// A DOM node inside a value: `[h1 element]`, `[text node]`.
fn node_name(value: &Value) -> String {
    match (value["nodeType"].as_u64(), value["localName"].as_str()) {
        (Some(1), Some(name)) => format!("[{} element]", name.chars().take(40).collect::<String>()),
        (Some(3), _) => "[text node]".into(),
        (Some(9), _) => "[document]".into(),
        _ => "[node]".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(x: i64) -> Value {
        json!({"type": "number", "value": x})
    }

    #[test]
    fn objects_arrays_and_cycles_read_as_indented_json_in_their_order() {
        let v = json!({"type": "object", "weakLocalObjectReference": 1, "value": [
            ["name", {"type": "string", "value": "Ada \"A\""}],
            ["gone", {"type": "undefined"}],
            ["tags", {"type": "array", "value": [{"type": "string", "value": "math"}, n(2)]}],
            ["self", {"type": "object", "weakLocalObjectReference": 1}],
            ["deep", {"type": "object"}],
            ["empty", {"type": "array", "value": []}],
        ]});
        assert_eq!(render(&v), "{\n  \"name\": \"Ada \\\"A\\\"\",\n  \"tags\": [\n    \"math\",\n    2\n  ],\n  \"self\": \"[circular]\",\n  \"deep\": \"[object]\",\n  \"empty\": []\n}");
    }

    #[test]
    fn what_json_cannot_hold_is_named() {
        let v = json!({"type": "array", "value": [
            {"type": "bigint", "value": "10"},
            {"type": "number", "value": "NaN"},
            {"type": "regexp", "value": {"pattern": "a+", "flags": "g"}},
            {"type": "function"},
            {"type": "node", "value": {"nodeType": 1, "localName": "h1"}},
            {"type": "map", "value": [[n(1), n(2)], ["k", n(3)]]},
            {"type": "set", "value": [n(4)]},
            {"type": "promise"},
            {"type": "undefined"},
        ]});
        let flat: String = render(&v).split('\n').map(str::trim).collect();
        assert_eq!(flat, r#"["10n","NaN","/a+/g","[function]","[h1 element]",{"1": 2,"k": 3},[4],"[promise]",null]"#);
    }

    #[test]
    fn a_value_json_cannot_hold_is_its_name() {
        assert_eq!(render(&json!({"type": "window"})), "[window]");
        assert_eq!(render(&json!({"type": "date", "value": "2020-01-01T00:00:00.000Z"})), "2020-01-01T00:00:00.000Z");
    }
}
