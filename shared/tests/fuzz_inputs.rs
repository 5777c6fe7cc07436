//! Fuzzing of everything the contract crate reads from a model, a page or a socket: member
//! inputs, tool_use blocks, configs, navigate targets, agent-socket requests, extension
//! messages, policies, conversations for the validator, and the sanitizers. None may panic, and
//! what passes the checks must render into a result the validator accepts.
//!
//! A proptest harness (cargo-fuzz needs a nightly toolchain with libFuzzer, which the stable
//! build here does not use). The budget is `TABWRIGHT_FUZZ_CASES` cases per property: 1,000 by
//! default, which `cargo xtask test` runs; RELIABILITY.md records a long run.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Map, Value};
use tabwright_protocol::config::Configs;
use tabwright_protocol::members::{Member, MEMBERS};
use tabwright_protocol::pipeline::{preflight, Pipeline};
use tabwright_protocol::policy::Policy;
use tabwright_protocol::wire::{AgentRequest, FromExtension, Outcome, StateReport, ToExtension};
use tabwright_protocol::{navigation, sanitize, validate, ToolUse};

/// Cases per property.
fn budget() -> u32 {
    std::env::var("TABWRIGHT_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000)
}

fn runner() -> TestRunner {
    TestRunner::new(Config { cases: budget(), max_shrink_iters: 2_000, ..Config::default() })
}

/// Text a page or a model might send: plain, any Unicode, control and separator characters,
/// long, and the shapes the parsers look for.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-zA-Z0-9 ._:/?=&%#@-]{0,24}",
        3 => any::<String>(),
        1 => Just(String::new()),
        1 => Just("x".repeat(5_000)),
        1 => "(ref_|tab-|dl-)[0-9]{0,25}",
        1 => "(https?|data|javascript|file|about|chrome):[ -~]{0,40}",
        1 => "[\u{0}-\u{1f}\u{7f}\u{85}\u{2028}\u{2029}\u{202e}\u{feff}]{1,8}",
        1 => "(Bearer |token=|eyJ|Cookie: |password: )[ -~]{0,30}",
    ]
}

/// Any JSON value, nested a few levels.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null)),
        (-5.0f64..2_000.0).prop_map(|f| json!(f)),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec((text(), inner), 0..6).prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A value a field is likely to hold: right or wrong types, in and out of range.
fn field_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        json_value(),
        (-100_000i64..100_000).prop_map(|n| json!(n)),
        (-1e9f64..1e9).prop_map(|f| json!(f)),
        prop_oneof![Just("interactive"), Just("all"), Just("none"), Just("up"), Just("down"), Just("left"), Just("right"), Just("back"), Just("reload")]
            .prop_map(|s| json!(s)),
        (text(), -10.0f64..5_000.0, -10.0f64..5_000.0).prop_map(|(r, x, y)| {
            let shapes = [json!({"type": "ref", "ref": r}), json!({"type": "coordinate", "x": x, "y": y}), json!({"type": "coordinate", "x": x}), json!({"type": "ref"})];
            shapes[(x.abs() as usize) % 4].clone()
        }),
        proptest::collection::vec(-10.0f64..5_000.0, 0..6).prop_map(|v| json!(v)),
    ]
}

/// An input object for `member`: its own fields (some left out, some with odd values), and
/// sometimes a field it does not declare.
fn member_input() -> impl Strategy<Value = (Member, Value)> {
    (0..MEMBERS.len(), proptest::collection::vec((any::<bool>(), field_value()), 8), proptest::option::of((text(), json_value()))).prop_map(
        |(m, values, extra)| {
            let row = &MEMBERS[m];
            let mut object = Map::new();
            for (field, (keep, value)) in row.fields.iter().zip(values) {
                if keep {
                    object.insert((*field).to_string(), value);
                }
            }
            if let Some((k, v)) = extra {
                object.insert(k, v);
            }
            (row.member, Value::Object(object))
        },
    )
}

fn check(runner: &mut TestRunner, name: &str, result: Result<(), proptest::test_runner::TestError<impl std::fmt::Debug>>) {
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let _ = runner;
}

#[test]
fn member_inputs_never_panic_and_accepted_ones_render_valid_results() {
    let mut runner = runner();
    let result = runner.run(&(member_input(), json_value()), |((member, input), configs)| {
        let _ = member.parse_input(&input);
        let _ = member.parse_input(&Value::Null);
        let configs = Configs::parse(Some(&configs)).unwrap_or_else(|_| Configs::parse(None).expect("default configs"));
        if let Ok(m) = preflight(member.name(), &input, &configs) {
            prop_assert_eq!(m, member);
            // An accepted input renders, with any outcome shape, into a valid result.
            let mut pipeline = Pipeline::new();
            for outcome in [Ok(Outcome::Ack { line: None }), Ok(Outcome::Text { text: "x".into() }), Err("boom".to_string())] {
                let (content, is_error) = pipeline.finish(member, &input, outcome, StateReport::default());
                let result = tabwright_protocol::ToolResult::new("toolu_f", content, is_error).to_value();
                let violations = validate::result(Some(member.name()), &result);
                prop_assert!(violations.is_empty(), "{} {}: {:?}", member, input, violations);
            }
        }
        Ok(())
    });
    check(&mut runner, "member inputs", result);
}

#[test]
fn arbitrary_values_as_inputs_blocks_and_configs_never_panic() {
    let mut runner = runner();
    let result = runner.run(&(json_value(), text()), |(value, name)| {
        for member in Member::all() {
            let _ = member.parse_input(&value);
        }
        let _ = ToolUse::from_block(&value);
        let _ = Configs::parse(Some(&value));
        let _ = preflight(&name, &value, &Configs::parse(None).expect("default configs"));
        let _ = serde_json::from_value::<AgentRequest>(value.clone());
        let _ = serde_json::from_value::<FromExtension>(value.clone());
        let _ = serde_json::from_value::<ToExtension>(value.clone());
        Ok(())
    });
    check(&mut runner, "arbitrary values", result);
}

/// An agent-socket frame's text: a request of any method with any params, truncated JSON, or
/// noise.
fn frame_text() -> impl Strategy<Value = String> {
    let method = prop_oneof![Just("run"), Just("call"), Just("member"), Just("toolset"), Just("state"), Just("status")].prop_map(String::from);
    prop_oneof![
        (json_value(), prop_oneof![method, text()], json_value()).prop_map(|(id, method, params)| json!({"id": id, "method": method, "params": params}).to_string()),
        (json_value(), 0usize..200).prop_map(|(v, cut)| {
            let s = v.to_string();
            let end = s.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(s.len());
            s[..end].to_string()
        }),
        text(),
    ]
}

#[test]
fn agent_socket_and_extension_messages_never_panic() {
    let mut runner = runner();
    let result = runner.run(&(frame_text(), proptest::collection::vec(any::<u8>(), 0..64)), |(frame, bytes)| {
        let _ = serde_json::from_str::<AgentRequest>(&frame);
        let _ = serde_json::from_str::<Value>(&frame);
        // The bridge's reading of extension messages: lone-surrogate repair, then JSON.
        let repaired = sanitize::repair_json_surrogates(&frame);
        let _ = serde_json::from_str::<FromExtension>(&repaired);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = serde_json::from_str::<FromExtension>(&sanitize::repair_json_surrogates(text));
        }
        // An escaped lone surrogate anywhere in a message is repaired into valid JSON.
        let with_surrogate = format!("{{\"type\":\"log\",\"level\":\"info\",\"message\":\"{}\\ud800\"}}", frame.replace(['\\', '"'], "").chars().filter(|c| !c.is_control()).collect::<String>());
        let repaired = sanitize::repair_json_surrogates(&with_surrogate);
        prop_assert!(serde_json::from_str::<Value>(&repaired).is_ok(), "{}", repaired);
        Ok(())
    });
    check(&mut runner, "socket messages", result);
}

#[test]
fn navigate_targets_and_policies_never_panic() {
    let mut runner = runner();
    let result = runner.run(&(text(), text()), |(raw, rule)| {
        if let Ok(navigation::NavTarget::Url(url)) = navigation::parse_target(&raw) {
            prop_assert!(url == "about:blank" || url.starts_with("http://") || url.starts_with("https://"), "{}", url);
        }
        if let Ok(policy) = Policy::parse(&json!({"allow": [rule.clone()], "block": [rule.clone()], "confirm_clicks": [rule]}).to_string()) {
            let _ = policy.check_url(&raw);
            let _ = policy.click_needs_confirmation(&raw);
            let _ = policy.network_rules();
        }
        let _ = Policy::parse(&raw);
        Ok(())
    });
    check(&mut runner, "navigate targets", result);
}

#[test]
fn sanitizers_never_panic_and_keep_their_promises() {
    let mut runner = runner();
    let result = runner.run(&(text(), 0usize..300), |(s, max)| {
        let line = sanitize::one_line(&s);
        prop_assert!(!line.chars().any(sanitize::is_forbidden), "{:?}", line);
        prop_assert!(sanitize::bounded(&s, max).chars().count() <= max.max(1), "bounded");
        prop_assert!(sanitize::title(&s).chars().count() <= sanitize::TITLE_MAX);
        let url = sanitize::url(&s);
        prop_assert!(url.chars().count() <= sanitize::FIELD_MAX && !url.chars().any(sanitize::is_forbidden), "{:?}", url);
        let _ = sanitize::redact(&s);
        let _ = sanitize::repair_json_surrogates(&s);
        Ok(())
    });
    check(&mut runner, "sanitizers", result);
}

/// A conversation of assistant turns and user results, as a model and an executor might write
/// them, well-formed or not.
fn conversation() -> impl Strategy<Value = Vec<Value>> {
    let block = prop_oneof![
        3 => (0..MEMBERS.len(), 0u8..4, text()).prop_map(|(m, id, t)| json!({"type": "tool_use", "id": format!("t{id}"), "name": MEMBERS[m].name, "toolset_name": "browser", "input": {"text": t}})),
        3 => (0u8..4, any::<bool>(), prop_oneof![4 => text().prop_map(Value::String), 1 => Just(json!([{"type": "text", "text": tabwright_protocol::NOT_EXECUTED}])), 1 => json_value()])
            .prop_map(|(id, error, content)| json!({"type": "tool_result", "tool_use_id": format!("t{id}"), "toolset_name": "browser", "is_error": error, "content": content})),
        2 => (0u8..4, proptest::collection::vec((text(), text(), any::<bool>()), 0..4)).prop_map(|(id, tabs)| {
            let tabs: Vec<Value> = tabs.into_iter().map(|(t, u, a)| json!({"tab_id": t, "title": "", "url": u, "active": a})).collect();
            json!({"type": "tool_result", "tool_use_id": format!("t{id}"), "toolset_name": "browser", "content": [{"type": "text", "text": "x"}, {"type": "browser_state", "tabs": tabs}]})
        }),
        1 => json_value(),
    ];
    proptest::collection::vec((any::<bool>(), proptest::collection::vec(block, 0..5)), 0..6)
        .prop_map(|turns| turns.into_iter().map(|(user, content)| json!({"role": if user { "user" } else { "assistant" }, "content": content})).collect())
}

#[test]
fn the_validator_reads_any_conversation() {
    let mut runner = runner();
    let result = runner.run(&(conversation(), json_value()), |(messages, odd)| {
        let _ = validate::conversation(&messages);
        let _ = validate::conversation(std::slice::from_ref(&odd));
        let _ = validate::result(None, &odd);
        for member in ["navigate", "new_tab", "list_tabs", "screenshot"] {
            let _ = validate::result(Some(member), &odd);
        }
        Ok(())
    });
    check(&mut runner, "validator", result);
}
