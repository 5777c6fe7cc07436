//! Fuzzing of what the bridge reads from a socket: native-messaging frames (a 4-byte length,
//! then JSON) arriving in arbitrary pieces, and agent-socket WebSocket connections sending any
//! requests, broken JSON, binary frames or raw bytes that are not WebSocket at all. Nothing may
//! panic; every text request is answered exactly once; the server keeps serving.
//!
//! A proptest harness (cargo-fuzz needs nightly and libFuzzer). `TABWRIGHT_FUZZ_CASES` sets the
//! cases per property: 300 by default, which `cargo xtask test` runs; RELIABILITY.md records a
//! long run.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Value};
use tabwright::framing::{read_frame, write_frame, FrameError};
use tabwright::hub::{Hub, HubConfig};
use tokio::io::{AsyncRead, AsyncWriteExt, ReadBuf};
use tokio_tungstenite::tungstenite::Message;

fn budget() -> u32 {
    std::env::var("TABWRIGHT_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(300)
}

fn runner() -> TestRunner {
    TestRunner::new(Config { cases: budget(), max_shrink_iters: 1_000, ..Config::default() })
}

/// A reader that hands its bytes out in the pieces given, as a pipe may.
struct Pieces {
    data: Vec<u8>,
    at: usize,
    sizes: Vec<usize>,
    next: usize,
}

impl AsyncRead for Pieces {
    fn poll_read(mut self: Pin<&mut Self>, _: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let size = self.sizes.get(self.next % self.sizes.len().max(1)).copied().unwrap_or(1).max(1);
        self.next += 1;
        let n = size.min(buf.remaining()).min(self.data.len() - self.at);
        let at = self.at;
        buf.put_slice(&self.data[at..at + n]);
        self.at += n;
        Poll::Ready(Ok(()))
    }
}

/// Payloads as the extension sends them, and not.
fn payload() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..300),
        "[ -~]{0,200}".prop_map(String::into_bytes),
        Just(br#"{"type":"hello","version":"1","extension_id":"x"}"#.to_vec()),
        Just(br#"{"type":"reply","id":1,"ok":{"kind":"text","text":"\ud800"},"state":{"tabs":[]}}"#.to_vec()),
    ]
}

#[test]
fn native_messaging_frames_in_any_pieces() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let mut runner = runner();
    let strategy = (proptest::collection::vec(payload(), 0..6), proptest::collection::vec(any::<u8>(), 0..40), proptest::collection::vec(1usize..64, 1..8), 16usize..400);
    let result = runner.run(&strategy, |(payloads, tail, sizes, max)| {
        rt.block_on(async {
            // Well-formed frames, then arbitrary bytes (a length that lies, a cut frame, noise).
            let mut data = Vec::new();
            let mut sent = Vec::new();
            for p in &payloads {
                match write_frame(&mut data, p, max).await {
                    Ok(()) => sent.push(p.clone()),
                    Err(FrameError::TooLarge { .. }) => {}
                    Err(e) => return Err(TestCaseError::fail(format!("writing to memory failed: {e}"))),
                }
            }
            data.extend_from_slice(&tail);
            let mut reader = Pieces { data, at: 0, sizes, next: 0 };
            for expected in &sent {
                let got = read_frame(&mut reader, max).await.map_err(|e| TestCaseError::fail(format!("a well-formed frame was not read back: {e}")))?;
                prop_assert_eq!(&got, expected);
            }
            // Whatever follows ends in a frame within the limit, or an error; never a panic or
            // an allocation beyond the limit.
            for _ in 0..8 {
                match read_frame(&mut reader, max).await {
                    Ok(frame) => prop_assert!(frame.len() <= max),
                    Err(_) => break,
                }
            }
            Ok(())
        })
    });
    if let Err(e) = result {
        panic!("native messaging framing: {e}");
    }
}

#[test]
fn a_length_over_the_limit_is_refused_before_anything_is_allocated() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    rt.block_on(async {
        let mut huge = u32::MAX.to_ne_bytes().to_vec();
        huge.extend_from_slice(b"{}");
        let r = read_frame(&mut &huge[..], tabwright::framing::MAX_FROM_EXTENSION).await;
        assert!(matches!(r, Err(FrameError::TooLarge { len, .. }) if len == u32::MAX as usize), "{r:?}");
    });
}

/// What one agent connection sends.
#[derive(Clone, Debug)]
enum Send {
    Text(String),
    Binary(Vec<u8>),
    Ping(Vec<u8>),
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "[ -~]{0,16}".prop_map(Value::String),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec(("[a-z_]{1,10}", inner), 0..4).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn request() -> impl Strategy<Value = Send> {
    let method = prop_oneof![Just("run"), Just("call"), Just("member"), Just("toolset"), Just("state"), Just("status"), Just("nope")];
    let params = prop_oneof![
        json_value(),
        json_value().prop_map(|c| json!({"configs": c})),
        (json_value(), "[a-z_]{1,12}").prop_map(|(input, name)| json!({"name": name, "input": input})),
        (json_value(), "[a-z_]{1,12}").prop_map(|(input, name)| json!({"tool_use": {"type": "tool_use", "id": "t", "name": name, "toolset_name": "browser", "input": input}})),
        (json_value(), "[a-z_]{1,12}").prop_map(|(input, name)| json!({"content": [{"type": "tool_use", "id": "t", "name": name, "toolset_name": "browser", "input": input}, {"type": "text"}]})),
    ];
    prop_oneof![
        6 => (any::<u32>(), method, params).prop_map(|(id, m, p)| Send::Text(json!({"id": id, "method": m, "params": p}).to_string())),
        2 => (json_value(), 0usize..80).prop_map(|(v, cut)| Send::Text(v.to_string().chars().take(cut).collect())),
        1 => any::<String>().prop_map(Send::Text),
        1 => proptest::collection::vec(any::<u8>(), 0..64).prop_map(Send::Binary),
        1 => proptest::collection::vec(any::<u8>(), 0..32).prop_map(Send::Ping),
    ]
}

/// A bridge's agent socket with no extension connected: calls that need the browser fail fast.
async fn server(dir: &std::path::Path) -> std::path::PathBuf {
    let hub = Hub::new(HubConfig { connect_wait: Duration::from_millis(1), call_timeout: Duration::from_secs(2), ..HubConfig::default() });
    let path = dir.join("agent.sock");
    let socket = tabwright::agent::bind(&path).await.expect("bind the agent socket");
    let hub: Arc<Hub> = hub;
    tokio::spawn(async move {
        tabwright::agent::serve(hub, &socket).await;
    });
    path
}

async fn connect(path: &std::path::Path) -> tokio_tungstenite::WebSocketStream<tokio::net::UnixStream> {
    let stream = tokio::net::UnixStream::connect(path).await.expect("connect");
    tokio_tungstenite::client_async("ws://localhost/", stream).await.expect("handshake").0
}

#[test]
fn agent_socket_connections_sending_anything() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = std::env::temp_dir().join(format!("tabwright-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("private dir");
    }
    let path = rt.block_on(server(&dir));
    let mut runner = runner();
    let strategy = (proptest::collection::vec(request(), 0..8), proptest::option::of(proptest::collection::vec(any::<u8>(), 1..64)));
    let result = runner.run(&strategy, |(sends, raw)| {
        rt.block_on(async {
            let mut ws = connect(&path).await;
            let mut texts = 0;
            for s in &sends {
                let message = match s {
                    Send::Text(t) => {
                        texts += 1;
                        Message::text(t.clone())
                    }
                    Send::Binary(b) => {
                        texts += 1; // answered with an error
                        Message::binary(b.clone())
                    }
                    Send::Ping(p) => Message::Ping(p.clone().into()),
                };
                ws.send(message).await.map_err(|e| TestCaseError::fail(format!("send: {e}")))?;
            }
            // Every text (and binary) message is answered once; pings are ponged.
            let mut answers = 0;
            while answers < texts {
                let next = tokio::time::timeout(Duration::from_secs(10), ws.next()).await.map_err(|_| TestCaseError::fail(format!("{answers} of {texts} answered")))?;
                match next {
                    Some(Ok(Message::Text(t))) => {
                        let v: Value = serde_json::from_str(&t).map_err(|e| TestCaseError::fail(format!("an answer that is not JSON: {e}")))?;
                        prop_assert!(v.get("result").is_some() ^ v.get("error").is_some(), "{}", v);
                        answers += 1;
                    }
                    Some(Ok(Message::Pong(_))) => {}
                    other => return Err(TestCaseError::fail(format!("the connection ended early: {other:?}"))),
                }
            }
            // Raw bytes that are not a WebSocket frame: the server drops this connection only.
            if let Some(raw) = raw {
                let mut stream = ws.into_inner();
                let _ = stream.write_all(&raw).await;
                let _ = stream.shutdown().await;
            }
            // The server still answers a fresh connection.
            let mut fresh = connect(&path).await;
            fresh.send(Message::text(r#"{"id":"alive","method":"status"}"#)).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let reply = tokio::time::timeout(Duration::from_secs(10), fresh.next()).await.map_err(|_| TestCaseError::fail("no status answer"))?;
            let Some(Ok(Message::Text(t))) = reply else { return Err(TestCaseError::fail(format!("no status answer: {reply:?}"))) };
            let v: Value = serde_json::from_str(&t).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&v["id"], "alive");
            prop_assert!(v["result"].get("extension").is_some(), "{}", v);
            Ok(())
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = result {
        panic!("agent socket: {e}");
    }
}
