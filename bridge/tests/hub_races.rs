//! The hub's ordering guarantees, against a scripted extension on an in-memory link: pipelined
//! calls on one connection reach the browser in the order they were sent, a `state` request
//! never runs while a member call is in the browser, and a new link carries no member call until
//! its extension has said hello and confirmed the session's policy.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tabwright::framing::{read_frame, write_frame, MAX_FROM_EXTENSION, MAX_TO_EXTENSION};
use tabwright::hub::{Hub, HubConfig};
use tabwright::client;
use tabwright_protocol::wire::{FromExtension, Outcome, Reply, StateReport, ToExtension};
use tabwright_protocol::TabEntry;
use tokio::io::{DuplexStream, ReadHalf, WriteHalf};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::serve_agents;

/// The browser side of one extension link.
struct Fake {
    reader: ReadHalf<DuplexStream>,
    writer: WriteHalf<DuplexStream>,
}

impl Fake {
    /// Opens a link to `hub` (as a native host connecting would) without saying hello.
    fn connect(hub: &Arc<Hub>) -> Fake {
        let (ours, theirs) = tokio::io::duplex(1 << 20);
        let (hub_reader, hub_writer) = tokio::io::split(theirs);
        let hub = hub.clone();
        tokio::spawn(async move { hub.serve_extension(hub_reader, hub_writer).await });
        let (reader, writer) = tokio::io::split(ours);
        Fake { reader, writer }
    }

    async fn send(&mut self, message: &FromExtension) {
        let payload = serde_json::to_vec(message).expect("encode");
        write_frame(&mut self.writer, &payload, MAX_FROM_EXTENSION).await.expect("the hub reads the link");
    }

    async fn hello(&mut self) {
        self.send(&FromExtension::Hello { version: "0.1.0".into(), extension_id: "fake".into() }).await;
    }

    /// The next message, or None when none comes within `wait`. This extension never opens the
    /// WebSocket lane it is offered, so everything stays on its native link.
    async fn next(&mut self, wait: Duration) -> Option<ToExtension> {
        loop {
            let frame = tokio::time::timeout(wait, read_frame(&mut self.reader, MAX_TO_EXTENSION)).await.ok()?.ok()?;
            match serde_json::from_slice(&frame).expect("the hub sends readable requests") {
                ToExtension::Lane { .. } => continue,
                message => return Some(message),
            }
        }
    }

    /// Says hello and answers the policy and whatever follows it, as a healthy extension does.
    async fn hello_and_serve(mut self, log: Arc<Mutex<Vec<String>>>, member_delay: Duration) {
        self.hello().await;
        self.serve(log, member_delay).await;
    }

    /// Answers every request; a member's reply comes `member_delay` later, while later requests
    /// are already read (and logged), as in the real extension.
    async fn serve(self, log: Arc<Mutex<Vec<String>>>, member_delay: Duration) {
        let Fake { mut reader, mut writer } = self;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<FromExtension>();
        tokio::spawn(async move {
            while let Some(message) = rx.recv().await {
                let payload = serde_json::to_vec(&message).expect("encode");
                if write_frame(&mut writer, &payload, MAX_FROM_EXTENSION).await.is_err() {
                    return;
                }
            }
        });
        // Member calls are answered one at a time, in the order they came.
        let (calls, mut queued) = tokio::sync::mpsc::unbounded_channel::<u64>();
        let (call_log, call_tx) = (log.clone(), tx.clone());
        tokio::spawn(async move {
            while let Some(id) = queued.recv().await {
                tokio::time::sleep(member_delay).await;
                call_log.lock().expect("log").push("reply".into());
                let _ = call_tx.send(FromExtension::Reply { id, outcome: Reply::Ok(Outcome::Ack { line: None }), state: one_tab() });
            }
        });
        loop {
            let Ok(Ok(frame)) = tokio::time::timeout(Duration::from_secs(30), read_frame(&mut reader, MAX_TO_EXTENSION)).await else { return };
            let message: ToExtension = serde_json::from_slice(&frame).expect("the hub sends readable requests");
            match message {
                ToExtension::Member { id, input, .. } => {
                    log.lock().expect("log").push(format!("member {}", input["text"].as_str().unwrap_or("")));
                    let _ = calls.send(id);
                }
                ToExtension::State { id } => {
                    log.lock().expect("log").push("state".into());
                    let _ = tx.send(FromExtension::State { id, state: one_tab() });
                }
                ToExtension::Policy { .. } => log.lock().expect("log").push("policy".into()),
                ToExtension::Cancel { .. } => log.lock().expect("log").push("cancel".into()),
                ToExtension::Lane { .. } => {}
            }
        }
    }
}

fn one_tab() -> StateReport {
    StateReport { tabs: vec![TabEntry { tab_id: "tab-1".into(), title: "t".into(), url: "https://example.com/".into(), active: true }], ..Default::default() }
}

fn type_call(i: usize) -> Value {
    json!({"type": "tool_use", "id": format!("toolu_{i:03}"), "name": "type", "toolset_name": "browser", "input": {"text": i.to_string()}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn pipelined_calls_on_one_connection_run_and_answer_in_order() {
    let hub = Hub::new(HubConfig::default());
    let log = Arc::new(Mutex::new(Vec::new()));
    tokio::spawn(Fake::connect(&hub).hello_and_serve(log.clone(), Duration::ZERO));
    let agents = serve_agents(&hub, "order").await;
    let stream = tokio::net::UnixStream::connect(&agents.path).await.expect("connect");
    let (mut ws, _) = tokio_tungstenite::client_async("ws://localhost/", stream).await.expect("handshake");
    const N: usize = 200;
    for i in 0..N {
        let request = json!({"id": i, "method": "call", "params": {"tool_use": type_call(i)}});
        ws.send(Message::text(request.to_string())).await.expect("send");
    }
    let mut answered = Vec::new();
    while answered.len() < N {
        let frame = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.expect("a reply within 30 s");
        let Some(Ok(Message::Text(text))) = frame else { panic!("the connection ended: {frame:?}") };
        let reply: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(reply["result"]["tool_result"]["is_error"], json!(null), "{reply}");
        answered.push(reply["id"].as_u64().expect("id"));
    }
    let ran: Vec<String> = log.lock().expect("log").iter().filter_map(|l| l.strip_prefix("member ").map(String::from)).collect();
    let sent: Vec<String> = (0..N).map(|i| i.to_string()).collect();
    assert_eq!(ran, sent, "the calls reached the browser out of order");
    assert_eq!(answered, (0..N as u64).collect::<Vec<_>>(), "the replies came back out of order");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_state_request_waits_for_the_call_in_the_browser() {
    let hub = Hub::new(HubConfig::default());
    let log = Arc::new(Mutex::new(Vec::new()));
    tokio::spawn(Fake::connect(&hub).hello_and_serve(log.clone(), Duration::from_millis(150)));
    let agents = serve_agents(&hub, "state").await;
    let mut caller = client::connect_with_retry(&agents.path, Duration::from_secs(5)).await.expect("connect");
    let mut watcher = client::connect_with_retry(&agents.path, Duration::from_secs(5)).await.expect("connect");
    let call = tokio::spawn(async move { caller.request("call", json!({"tool_use": type_call(1)})).await });
    // `tabwright status` asks for the state while someone else's call runs.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !log.lock().expect("log").iter().any(|l| l.starts_with("member")) {
        assert!(tokio::time::Instant::now() < deadline, "the call never reached the browser");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    watcher.request("state", json!({})).await.expect("state");
    call.await.expect("join").expect("call");
    let log = log.lock().expect("log").clone();
    let member = log.iter().position(|l| l == "member 1").expect("member");
    let reply = log.iter().position(|l| l == "reply").expect("reply");
    let states: Vec<usize> = log.iter().enumerate().filter(|(_, l)| *l == "state").map(|(i, _)| i).collect();
    assert!(states.iter().all(|&s| s < member || s > reply), "a state request ran inside the call: {log:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_new_link_gets_no_call_before_its_hello_and_policy() {
    let hub = Hub::new(HubConfig::default());
    let old_log = Arc::new(Mutex::new(Vec::new()));
    tokio::spawn(Fake::connect(&hub).hello_and_serve(old_log.clone(), Duration::ZERO));
    let agents = serve_agents(&hub, "newlink").await;
    let mut c = client::connect_with_retry(&agents.path, Duration::from_secs(5)).await.expect("connect");
    c.request("call", json!({"tool_use": type_call(0)})).await.expect("a first call on the old link");

    // A restarted worker's native host connects; its hello has not come yet.
    let mut new = Fake::connect(&hub);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let call = tokio::spawn(async move { c.request("call", json!({"tool_use": type_call(1)})).await });
    let early = new.next(Duration::from_millis(300)).await;
    assert!(early.is_none(), "the new link got {early:?} before its hello");
    new.hello().await;
    let first = new.next(Duration::from_secs(5)).await;
    assert!(matches!(first, Some(ToExtension::Policy { .. })), "the policy comes first after a hello, not {first:?}");
    // The extension confirms the policy is in force by answering what follows it; until it
    // does, no member call may arrive.
    let confirm = new.next(Duration::from_secs(5)).await;
    let Some(ToExtension::State { id }) = confirm else { panic!("expected the policy barrier, got {confirm:?}") };
    let early = new.next(Duration::from_millis(200)).await;
    assert!(early.is_none(), "a request arrived before the policy was confirmed: {early:?}");
    new.send(&FromExtension::State { id, state: one_tab() }).await;
    let log = Arc::new(Mutex::new(Vec::new()));
    tokio::spawn(new.serve(log.clone(), Duration::ZERO));
    let result = call.await.expect("join").expect("the call is answered");
    assert_eq!(result["tool_result"]["is_error"], json!(null), "{result}");
    assert_eq!(log.lock().expect("log").first().map(String::as_str), Some("member 1"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_while_no_extension_is_ready_waits_then_says_why() {
    let config = HubConfig { connect_wait: Duration::from_millis(400), ..HubConfig::default() };
    let hub = Hub::new(config);
    let agents = serve_agents(&hub, "notready").await;
    let mut c = client::connect_with_retry(&agents.path, Duration::from_secs(5)).await.expect("connect");
    let started = tokio::time::Instant::now();
    let r = c.request("call", json!({"tool_use": type_call(0)})).await.expect("a tool_result");
    assert!(started.elapsed() >= Duration::from_millis(400), "it did not wait for the extension");
    let text = r["tool_result"]["content"][0]["text"].as_str().unwrap_or_default().to_string();
    assert_eq!(r["tool_result"]["is_error"], json!(true), "{r}");
    assert!(text.contains("not connected"), "{text}");

    // A native host connected, but its extension never says hello.
    let mut silent = Fake::connect(&hub);
    let r = c.request("call", json!({"tool_use": type_call(1)})).await.expect("a tool_result");
    let text = r["tool_result"]["content"][0]["text"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("hello"), "the error says the extension connected but never said hello: {text}");
    assert!(silent.next(Duration::from_millis(50)).await.is_none());
}
