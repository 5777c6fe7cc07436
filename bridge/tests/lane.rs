//! The WebSocket lane, against a scripted extension: the hub offers it over the native link after
//! the policy, takes it only from the extension that said hello with the token it was given, then
//! sends and reads everything there; a lane that closes ends its link.

use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tabwright::client;
use tabwright::framing::{read_frame, write_frame, MAX_FROM_EXTENSION, MAX_TO_EXTENSION};
use tabwright::hub::{Hub, HubConfig};
use tabwright::link::LinkState;
use tabwright_protocol::wire::{FromExtension, Outcome, Reply, StateReport, ToExtension};
use tokio::io::{DuplexStream, ReadHalf, WriteHalf};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

mod common;
use common::serve_agents;

type Lane = WebSocketStream<MaybeTlsStream<TcpStream>>;

const ID: &str = "abcdefghijklmnopabcdefghijklmnop";

/// The extension's native side, past its hello and policy, with the lane it was offered.
struct Native {
    reader: ReadHalf<DuplexStream>,
    _writer: WriteHalf<DuplexStream>,
    url: String,
    token: String,
}

async fn next(reader: &mut ReadHalf<DuplexStream>, wait: Duration) -> Option<ToExtension> {
    let frame = tokio::time::timeout(wait, read_frame(reader, MAX_TO_EXTENSION)).await.ok()?.ok()?;
    Some(serde_json::from_slice(&frame).expect("the hub sends readable requests"))
}

/// Connects a native link, says hello, confirms the policy, and reads the lane's offer.
async fn connect(hub: &Arc<Hub>) -> Native {
    let (ours, theirs) = tokio::io::duplex(1 << 20);
    let (hub_reader, hub_writer) = tokio::io::split(theirs);
    let serving = hub.clone();
    tokio::spawn(async move { serving.serve_extension(hub_reader, hub_writer).await });
    let (mut reader, mut writer) = tokio::io::split(ours);
    let send = |m: FromExtension| serde_json::to_vec(&m).expect("encode");
    write_frame(&mut writer, &send(FromExtension::Hello { version: "0.1.0".into(), extension_id: ID.into() }), MAX_FROM_EXTENSION).await.expect("hello");
    let policy = next(&mut reader, Duration::from_secs(5)).await;
    assert!(matches!(policy, Some(ToExtension::Policy { .. })), "the policy comes first, not {policy:?}");
    let Some(ToExtension::State { id }) = next(&mut reader, Duration::from_secs(5)).await else { panic!("no policy barrier") };
    let offer = next(&mut reader, Duration::from_secs(5)).await;
    let Some(ToExtension::Lane { url, token }) = offer else { panic!("no lane was offered: {offer:?}") };
    assert!(url.starts_with("ws://127.0.0.1:"), "{url}");
    write_frame(&mut writer, &send(FromExtension::State { id, state: StateReport::default() }), MAX_FROM_EXTENSION).await.expect("barrier");
    Native { reader, _writer: writer, url, token }
}

async fn open_lane(url: &str, origin: &str) -> Result<Lane, tokio_tungstenite::tungstenite::Error> {
    let mut request = url.into_client_request()?;
    request.headers_mut().insert("origin", origin.parse().expect("header"));
    Ok(tokio_tungstenite::connect_async(request).await?.0)
}

/// Opens the lane as the extension that said hello does, and waits until it carries the link.
async fn join_lane(hub: &Arc<Hub>, native: &Native) -> Lane {
    let mut lane = open_lane(&native.url, &format!("chrome-extension://{ID}")).await.expect("the extension's own origin is let in");
    lane.send(Message::text(native.token.clone())).await.expect("token");
    wait_for(hub, "the lane carries the link", |s| s.lane && s.state == LinkState::Ready).await;
    lane
}

/// Whether the hub closed this lane (within 5 s) after its token.
async fn closed_by_hub(lane: &mut Lane) -> bool {
    matches!(tokio::time::timeout(Duration::from_secs(5), lane.next()).await, Ok(None | Some(Ok(Message::Close(_)) | Err(_))))
}

async fn wait_for(hub: &Arc<Hub>, what: &str, test: impl Fn(&tabwright::link::LinkStatus) -> bool) {
    let mut status = hub.subscribe();
    let seen = tokio::time::timeout(Duration::from_secs(5), status.wait_for(|s| test(s))).await.map(|r| r.is_ok());
    assert!(matches!(seen, Ok(true)), "{what} within 5 s: {:?}", *hub.subscribe().borrow());
}

fn type_call() -> serde_json::Value {
    json!({"tool_use": {"type": "tool_use", "id": "toolu_1", "name": "type", "toolset_name": "browser", "input": {"text": "hi"}}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_go_over_the_lane_once_the_extension_opens_it() {
    let hub = Hub::new(HubConfig::default());
    let mut native = connect(&hub).await;
    let mut lane = join_lane(&hub, &native).await;

    let agents = serve_agents(&hub, "lane").await;
    let mut c = client::connect_with_retry(&agents.path, Duration::from_secs(5)).await.expect("connect");
    let call = tokio::spawn(async move { c.request("call", type_call()).await });
    let frame = tokio::time::timeout(Duration::from_secs(5), lane.next()).await.expect("the call comes over the lane");
    let Some(Ok(Message::Text(text))) = frame else { panic!("the lane ended: {frame:?}") };
    let Ok(ToExtension::Member { id, name, .. }) = serde_json::from_str::<ToExtension>(&text) else { panic!("not a member call: {text}") };
    assert_eq!(name, "type");
    let reply = FromExtension::Reply { id, outcome: Reply::Ok(Outcome::Ack { line: Some("typed over the lane".into()) }), state: StateReport::default() };
    lane.send(Message::text(serde_json::to_string(&reply).expect("encode"))).await.expect("reply");
    let result = call.await.expect("join").expect("the call is answered");
    assert!(result.to_string().contains("typed over the lane"), "{result}");
    assert!(next(&mut native.reader, Duration::from_millis(200)).await.is_none(), "nothing more came over native messaging");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lane_from_a_page_or_without_the_token_is_refused() {
    let hub = Hub::new(HubConfig::default());
    let mut native = connect(&hub).await;
    // A page may find the port, but its handshake carries its own origin.
    let page = open_lane(&native.url, "http://127.0.0.1:8000").await;
    assert!(page.is_err(), "a page's handshake was let in");
    // Another extension, with the right token: not the one that said hello.
    let mut other = open_lane(&native.url, "chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba").await.expect("handshake");
    other.send(Message::text(native.token.clone())).await.expect("token");
    assert!(closed_by_hub(&mut other).await, "another extension's lane stayed open");
    // The extension's origin with a wrong token.
    let mut guessed = open_lane(&native.url, &format!("chrome-extension://{ID}")).await.expect("handshake");
    guessed.send(Message::text("0".repeat(native.token.len()))).await.expect("token");
    assert!(closed_by_hub(&mut guessed).await, "a guessed token's lane stayed open");
    assert!(!hub.subscribe().borrow().lane, "no lane joined the link");

    // Calls still go over native messaging.
    let agents = serve_agents(&hub, "refused").await;
    let mut c = client::connect_with_retry(&agents.path, Duration::from_secs(5)).await.expect("connect");
    tokio::spawn(async move { c.request("call", type_call()).await });
    let request = next(&mut native.reader, Duration::from_secs(5)).await;
    assert!(matches!(request, Some(ToExtension::Member { .. })), "the call went over native messaging: {request:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lane_that_closes_ends_its_link() {
    let hub = Hub::new(HubConfig::default());
    let mut native = connect(&hub).await;
    let mut lane = join_lane(&hub, &native).await;
    lane.close(None).await.expect("close");
    wait_for(&hub, "the link ends with its lane", |s| s.state == LinkState::Disconnected).await;
    let lost = hub.subscribe().borrow().lost.clone().unwrap_or_default();
    assert!(lost.contains("lane"), "the loss names the lane: {lost}");
    assert!(next(&mut native.reader, Duration::from_secs(2)).await.is_none(), "the native link was closed too");
}
