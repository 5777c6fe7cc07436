//! Whatever the executor reports, the pipeline's output passes the validator.

use proptest::prelude::*;
use serde_json::json;
use tabwright_protocol::members::{Member, MEMBERS};
use tabwright_protocol::pipeline::Pipeline;
use tabwright_protocol::validate;
use tabwright_protocol::wire::{Outcome, StateReport};
use tabwright_protocol::{StateChange, TabEntry, ToolResult};

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 ./:?=&-]{0,20}",
        any::<String>(),
        Just("a\nb\u{2028}c\u{202e}".to_string()),
        Just("x".repeat(5000)),
        Just(String::new()),
    ]
}

fn tab_id() -> impl Strategy<Value = String> {
    prop_oneof![(1u32..8).prop_map(|n| format!("tab-{n}")), Just(String::new()), Just("tab\n1".to_string())]
}

fn tab() -> impl Strategy<Value = TabEntry> {
    (tab_id(), text(), text(), any::<bool>()).prop_map(|(tab_id, title, url, active)| TabEntry { tab_id, title, url, active })
}

fn change() -> impl Strategy<Value = StateChange> {
    let id = prop_oneof![(1u32..5).prop_map(|n| format!("dl-{n}")), Just(String::new()), Just("\n".to_string())];
    prop_oneof![
        tab_id().prop_map(|tab_id| StateChange::TabOpened { tab_id }),
        (id.clone(), text()).prop_map(|(download_id, url)| StateChange::DownloadStarted { download_id, url }),
        (id.clone(), text(), proptest::option::of(text()), proptest::option::of(any::<u64>()))
            .prop_map(|(download_id, url, path, size_bytes)| StateChange::DownloadCompleted { download_id, url, path, size_bytes }),
        (id, text(), proptest::option::of(text())).prop_map(|(download_id, url, error)| StateChange::DownloadFailed { download_id, url, error }),
    ]
}

fn outcome() -> impl Strategy<Value = Result<Outcome, String>> {
    prop_oneof![
        text().prop_map(Err),
        text().prop_map(|url| Ok(Outcome::Navigated { url, title: None, status: Some(200), note: None })),
        Just(Ok(Outcome::Image { media_type: "image/png".into(), data: "iVBORw0KGgo=".into() })),
        text().prop_map(|text| Ok(Outcome::Text { text })),
        proptest::option::of(text()).prop_map(|line| Ok(Outcome::Ack { line })),
        tab_id().prop_map(|tab_id| Ok(Outcome::Tab { tab_id })),
        Just(Ok(Outcome::Tabs)),
        Just(Ok(Outcome::None)),
    ]
}

fn call() -> impl Strategy<Value = (Member, Result<Outcome, String>, StateReport)> {
    (
        0..MEMBERS.len(),
        outcome(),
        proptest::collection::vec(tab(), 0..8),
        proptest::collection::vec(change(), 0..6),
    )
        .prop_map(|(m, outcome, tabs, changes)| (MEMBERS[m].member, outcome, StateReport { tabs, changes, notices: vec!["A dialog\nappeared".into()] }))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_result_passes_the_validator(calls in proptest::collection::vec(call(), 1..8)) {
        let mut pipeline = Pipeline::new();
        for (i, (member, outcome, report)) in calls.into_iter().enumerate() {
            let (content, is_error) = pipeline.finish(member, &json!({}), outcome, report);
            let result = ToolResult::new(&format!("toolu_{i}"), content, is_error);
            let violations = validate::result(Some(member.name()), &result.to_value());
            prop_assert!(violations.is_empty(), "{member}: {violations:?} in {result:?}");
        }
    }

    #[test]
    fn oversized_inventories_and_change_lists_are_bounded(n_tabs in 95usize..130, n_changes in 190usize..260) {
        let tabs: Vec<TabEntry> = (1..=n_tabs).map(|i| TabEntry { tab_id: format!("tab-{i}"), title: String::new(), url: "about:blank".into(), active: i == n_tabs }).collect();
        let changes: Vec<StateChange> = (0..n_changes).map(|i| StateChange::DownloadStarted { download_id: format!("dl-{i}"), url: "https://e.com/f".into() }).collect();
        let mut pipeline = Pipeline::new();
        let (content, is_error) = pipeline.finish(Member::ListTabs, &json!({}), Ok(Outcome::Tabs), StateReport { tabs: tabs.clone(), changes, notices: vec![] });
        let result = ToolResult::new("t", content, is_error);
        prop_assert!(validate::result(Some("list_tabs"), &result.to_value()).is_empty());
        let state = result.state().expect("block");
        prop_assert_eq!(state.active().map(|t| t.tab_id.clone()), Some(format!("tab-{n_tabs}")), "the active tab survives the cut");
        prop_assert_eq!(pipeline.held().len(), n_changes.saturating_sub(200), "the overflow waits for the next block");
    }
}
