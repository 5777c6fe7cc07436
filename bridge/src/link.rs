//! The extension link as one actor. It owns the link's state machine
//!
//! ```text
//! Disconnected ──native host connects──▶ AwaitingHello ──hello; policy sent; barrier answered──▶ PolicyApplied ──▶ Ready
//!      ▲                                        │                                                                  │
//!      └──────────────── the link closes (worker stopped, process killed, host killed) ◀───────────────────────────┘
//! ```
//!
//! the requests waiting for the extension's answers, and what answers that came after their
//! caller gave up reported. Nothing else changes any of it: every transport, every request and
//! every answer is an event the actor takes one at a time.
//!
//! The policy barrier: after a hello the actor sends the session's policy and then a `state`
//! request. The extension answers a `state` request only once every message before it has been
//! dealt with, so that answer confirms the policy is in force. No member call reaches a link
//! before then.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use tabwright_protocol::policy::Policy;
use tabwright_protocol::wire::{FromExtension, StateReport, ToExtension};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{mpsc, oneshot, watch};

use crate::framing::{self, FrameError, MAX_FROM_EXTENSION, MAX_TO_EXTENSION};
use crate::lane::{self, Authenticated};

/// Where the link is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// No extension is connected: its worker is stopped or restarting, or the browser is gone.
    Disconnected,
    /// A native host connected for the extension. The extension has not said hello yet, or it
    /// has and the session's policy is on its way (see [`LinkStatus::extension`]).
    AwaitingHello,
    /// The extension confirmed the policy is in force; the link opens for calls next.
    PolicyApplied,
    /// Calls may run.
    Ready,
}

impl LinkState {
    pub fn name(self) -> &'static str {
        match self {
            LinkState::Disconnected => "disconnected",
            LinkState::AwaitingHello => "awaiting_hello",
            LinkState::PolicyApplied => "policy_applied",
            LinkState::Ready => "ready",
        }
    }
}

/// The extension as the hub last heard from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtensionInfo {
    pub version: String,
    pub extension_id: String,
}

/// What the actor publishes after every change.
#[derive(Clone, Debug)]
pub struct LinkStatus {
    pub state: LinkState,
    /// The hello of the current link, once it came.
    pub extension: Option<ExtensionInfo>,
    /// When `state` was entered.
    pub since: Instant,
    /// How many links have been opened (one per native host that connected).
    pub links: u64,
    /// How many times a link reached Ready.
    pub readies: u64,
    /// Why the last link ended, if one did.
    pub lost: Option<String>,
    /// Whether the current link's messages go over its WebSocket lane.
    pub lane: bool,
}

/// Why a request to the extension got no answer.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The link was not Ready within the wait; the text says what it was doing instead.
    #[error("{0}")]
    NotReady(String),
    #[error("The extension disconnected during the call (its service worker restarted or the browser closed). Whether the action took effect is unknown: look at the page before retrying.")]
    Disconnected,
    #[error("The browser did not finish {0} within {1} seconds. {then}", then = after_timeout(.0))]
    Timeout(String, u64),
    #[error("The request is too large to pass to the browser ({0} bytes; Chrome's limit is 1 MiB). Send a smaller input.")]
    TooLarge(usize),
    #[error("The extension sent an unexpected reply. Try the call again; if it keeps happening, restart the browser.")]
    BadReply,
    #[error("The bridge is shutting down, so the browser cannot be reached.")]
    Stopped,
}

/// What a call past its limit may have done: a read (or a wait) changed nothing, an action may have.
fn after_timeout(what: &str) -> &'static str {
    match tabwright_protocol::members::Member::from_name(what) {
        Some(member) if member.row().reads => "It changes nothing in the page, so it can be asked again; if it keeps timing out, the browser is stuck (restart it).",
        _ => "Whether it took effect is unknown: look at the page before retrying.",
    }
}

/// A request for the extension; the actor gives it its id.
#[derive(Clone, Debug)]
pub enum Outgoing {
    Member { name: String, input: Value, confirm: bool },
    State,
}

impl Outgoing {
    fn with_id(self, id: u64) -> ToExtension {
        match self {
            Outgoing::Member { name, input, confirm } => ToExtension::Member { id, name, input, confirm },
            Outgoing::State => ToExtension::State { id },
        }
    }
}

enum Refused {
    NotReady,
    TooLarge(usize),
}

struct Sent {
    id: u64,
    answer: oneshot::Receiver<FromExtension>,
}

/// A call sent and not answered: dropped so (timed out, or its caller gone), it is cancelled in
/// the extension, so the next call does not wait behind it.
struct Unanswered<'a> {
    events: &'a mpsc::UnboundedSender<Event>,
    id: Option<u64>,
}

impl Drop for Unanswered<'_> {
    fn drop(&mut self) {
        if let Some(id) = self.id {
            let _ = self.events.send(Event::Cancel { id });
        }
    }
}

enum Event {
    Opened { serial: u64, tx: mpsc::UnboundedSender<Vec<u8>>, close: oneshot::Sender<String> },
    /// A lane connection presented a token; `answer` gets the serial of the link it joined.
    Lane { origin: String, token: String, open: LaneOpen, answer: oneshot::Sender<Option<u64>> },
    LaneClosed { serial: u64, why: String },
    Message { serial: u64, message: FromExtension },
    Closed { serial: u64, why: String },
    Send { request: Outgoing, answer: oneshot::Sender<Result<Sent, Refused>> },
    Cancel { id: u64 },
}

/// The handle every other part of the bridge uses; the actor runs in its own task.
pub struct Link {
    events: mpsc::UnboundedSender<Event>,
    status: watch::Receiver<LinkStatus>,
    serial: AtomicU64,
    lane_url: Option<String>,
}

impl Link {
    /// Starts the actor. Every link it accepts gets `policy` before any call.
    pub fn start(policy: Policy) -> Link {
        let (events, rx) = mpsc::unbounded_channel();
        let initial = LinkStatus { state: LinkState::Disconnected, extension: None, since: Instant::now(), links: 0, readies: 0, lost: None, lane: false };
        let (status_tx, status) = watch::channel(initial);
        let lane = lane::bind();
        let lane_url = lane.as_ref().map(lane::Listener::url);
        if let Some(listener) = lane {
            let events = events.clone();
            tokio::spawn(listener.serve(move |lane| {
                let events = events.clone();
                tokio::spawn(serve_lane(events, lane));
            }));
        }
        let actor = Actor { policy, status: status_tx, link: None, pending: HashMap::new(), barrier: None, next_id: 1, late: StateReport::default(), lane_url: lane_url.clone() };
        tokio::spawn(actor.run(rx));
        Link { events, status, serial: AtomicU64::new(1), lane_url }
    }

    /// The state now.
    pub fn status(&self) -> LinkStatus {
        self.status.borrow().clone()
    }

    /// Where the lane listens, when it does (the address is no secret: any local process can list
    /// the ports; what lets a connection in is the token the link sends).
    pub fn lane_url(&self) -> Option<&str> {
        self.lane_url.as_deref()
    }

    /// A receiver that sees every change.
    pub fn subscribe(&self) -> watch::Receiver<LinkStatus> {
        self.status.clone()
    }

    /// Serves one transport (a native host's stdin/stdout, or a relay) until it closes. A newer
    /// transport replaces this one: the actor closes it.
    pub async fn serve<R, W>(&self, mut reader: R, mut writer: W)
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let serial = self.serial.fetch_add(1, Ordering::Relaxed);
        let (tx, mut rx) = mpsc::unbounded_channel::<Vec<u8>>();
        let (close, mut closed) = oneshot::channel::<String>();
        if self.events.send(Event::Opened { serial, tx, close }).is_err() {
            return;
        }
        let writer_task = tokio::spawn(async move {
            while let Some(frame) = rx.recv().await {
                if framing::write_frame(&mut writer, &frame, MAX_TO_EXTENSION).await.is_err() {
                    break;
                }
            }
        });
        let why = loop {
            let frame = tokio::select! {
                frame = framing::read_frame(&mut reader, MAX_FROM_EXTENSION) => frame,
                why = &mut closed => break why.unwrap_or_else(|_| "the bridge is shutting down".to_string()),
            };
            match frame {
                Ok(payload) => match parse_from_extension(&payload) {
                    Ok(message) => {
                        if self.events.send(Event::Message { serial, message }).is_err() {
                            break "the bridge is shutting down".to_string();
                        }
                    }
                    Err(e) => eprintln!("tabwright: unreadable message from the extension: {e}"),
                },
                Err(FrameError::Closed) => break "the extension's side closed it".to_string(),
                Err(e) => break format!("it failed: {e}"),
            }
        };
        writer_task.abort();
        let _ = self.events.send(Event::Closed { serial, why });
    }

    /// Sends one request once the link is Ready (waiting at most `connect_wait` for that) and
    /// waits at most `call_timeout` for its answer. A request that times out, or whose caller
    /// stops waiting, is cancelled in the extension, so the next one does not wait behind it.
    pub async fn request(&self, request: Outgoing, what: &str, connect_wait: Duration, call_timeout: Duration) -> Result<FromExtension, CallError> {
        // The wait counts from when the link went down, not from each call: calls queued behind
        // one that waited it out are told in a second each (a link that comes back meanwhile
        // serves them), not `connect_wait` each in turn.
        let started = tokio::time::Instant::now();
        let status = self.status();
        let left = match status.state {
            LinkState::Ready => connect_wait,
            _ => connect_wait.saturating_sub(status.since.elapsed()).max(connect_wait.min(Duration::from_secs(1))),
        };
        let deadline = started + left;
        let sent = loop {
            let (answer, refused) = oneshot::channel();
            self.events.send(Event::Send { request: request.clone(), answer }).map_err(|_| CallError::Stopped)?;
            match refused.await {
                Ok(Ok(sent)) => break sent,
                Ok(Err(Refused::TooLarge(n))) => return Err(CallError::TooLarge(n)),
                Ok(Err(Refused::NotReady)) => {}
                Err(_) => return Err(CallError::Stopped),
            }
            let mut status = self.status.clone();
            let ready = tokio::time::timeout_at(deadline, status.wait_for(|s| s.state == LinkState::Ready)).await;
            if !matches!(ready, Ok(Ok(_))) {
                return Err(CallError::NotReady(not_ready(&self.status(), started.elapsed())));
            }
        };
        let mut answer = sent.answer;
        // Until it is answered, a call whose caller stops waiting (its agent's connection closed)
        // is cancelled in the extension too: a wait or a hold_key nobody will read the end of,
        // or a page load, would otherwise hold up the next caller.
        let mut unanswered = Unanswered { events: &self.events, id: Some(sent.id) };
        let answered = tokio::time::timeout(call_timeout, &mut answer).await;
        match answered {
            Ok(Ok(answer)) => {
                unanswered.id = None;
                Ok(answer)
            }
            Ok(Err(_)) => {
                unanswered.id = None;
                Err(CallError::Disconnected)
            }
            Err(_) => {
                // An answer handed over just as the time ran out is taken (it carries what
                // earlier timed-out calls caused); after this, a late one stays with the link.
                answer.close();
                if let Ok(answer) = answer.try_recv() {
                    unanswered.id = None;
                    return Ok(answer);
                }
                Err(CallError::Timeout(what.to_string(), call_timeout.as_secs()))
            }
        }
    }

    /// Waits until the link is Ready, at most `wait`.
    pub async fn wait_ready(&self, wait: Duration) -> Option<ExtensionInfo> {
        let mut status = self.status.clone();
        let ready = tokio::time::timeout(wait, status.wait_for(|s| s.state == LinkState::Ready)).await.map(|r| r.map(|s| s.extension.clone()));
        ready.ok().and_then(Result::ok).flatten()
    }
}

/// What a call that found no Ready link reads: what the link was doing, and what to do.
pub fn not_ready(status: &LinkStatus, waited: Duration) -> String {
    let waited = waited.as_secs_f64();
    let ago = status.since.elapsed().as_secs_f64();
    match (status.state, &status.extension) {
        (LinkState::Disconnected, _) if status.links == 0 => format!(
            "The tabwright extension is not connected, so the browser cannot be reached (waited {waited:.0} s). Check that the browser is running with the extension loaded (tabwright status)."
        ),
        (LinkState::Disconnected, _) => format!(
            "The tabwright extension is not connected: its link closed {ago:.0} s ago ({}) and it did not come back within {waited:.0} s. The call was not run. Check that the browser is still running (tabwright status), then try again.",
            status.lost.as_deref().unwrap_or("no reason given")
        ),
        (LinkState::AwaitingHello, None) => format!(
            "The tabwright extension's native host connected {ago:.0} s ago, but the extension has not said hello within {waited:.0} s (its service worker may be failing to start). The call was not run. Check the browser (tabwright status), then try again."
        ),
        (LinkState::AwaitingHello, Some(_)) | (LinkState::PolicyApplied, _) => format!(
            "The tabwright extension said hello but has not confirmed the browsing policy within {waited:.0} s, so the call was not run (nothing runs before the policy is in force). Try again; if it keeps happening, restart the browser."
        ),
        (LinkState::Ready, _) => "The tabwright extension became ready just as the wait ended. Try the call again.".to_string(),
    }
}

/// Reads one extension message; lone surrogates a page put in its text become U+FFFD instead of
/// making the whole message unreadable.
fn parse_from_extension(payload: &[u8]) -> Result<FromExtension, String> {
    let text = std::str::from_utf8(payload).map_err(|e| format!("not UTF-8: {e}"))?;
    let text = tabwright_protocol::sanitize::repair_json_surrogates(text);
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

struct Open {
    serial: u64,
    tx: mpsc::UnboundedSender<Vec<u8>>,
    close: Option<oneshot::Sender<String>>,
    /// The lane this link offered: its token and the Origin it must come from.
    offered: Option<(String, String)>,
    /// The lane, once the extension opened it: what goes to the extension goes there.
    lane: Option<LaneOpen>,
}

/// An open lane: its frames toward the extension, and how to end it.
pub struct LaneOpen {
    tx: mpsc::UnboundedSender<Vec<u8>>,
    close: Option<oneshot::Sender<()>>,
}

impl Open {
    /// Sends one frame toward the extension: on the lane when it is open.
    fn transmit(&self, payload: Vec<u8>) -> bool {
        match &self.lane {
            Some(lane) => lane.tx.send(payload).is_ok(),
            None => self.tx.send(payload).is_ok(),
        }
    }

    /// Ends this link's transports, saying why.
    fn end(&mut self, why: &str) {
        if let Some(close) = self.close.take() {
            let _ = close.send(why.to_string());
        }
        self.drop_lane();
    }

    /// Closes the lane, if one is open; what goes to the extension goes over native messaging.
    fn drop_lane(&mut self) {
        if let Some(close) = self.lane.take().and_then(|mut l| l.close.take()) {
            let _ = close.send(());
        }
    }
}

/// Serves one lane connection: asks the actor whether its token and Origin are the current
/// link's, then carries its frames until it closes or its link ends.
async fn serve_lane(events: mpsc::UnboundedSender<Event>, lane: Authenticated) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let Authenticated { socket, origin, token } = lane;
    let (tx, mut rx) = mpsc::unbounded_channel::<Vec<u8>>();
    let (close, mut closed) = oneshot::channel::<()>();
    let (answer, joined) = oneshot::channel();
    if events.send(Event::Lane { origin, token, open: LaneOpen { tx, close: Some(close) }, answer }).is_err() {
        return;
    }
    let Ok(Some(serial)) = joined.await else {
        eprintln!("tabwright: refused a lane connection: its token or origin is not the current link's");
        return;
    };
    let (mut sink, mut stream) = socket.split();
    let writer = tokio::spawn(async move {
        while let Some(frame) = rx.recv().await {
            let Ok(text) = String::from_utf8(frame) else { continue };
            if sink.send(Message::text(text)).await.is_err() {
                break;
            }
        }
    });
    let why = loop {
        let message = tokio::select! {
            message = stream.next() => message,
            // Its link ended it.
            _ = &mut closed => break None,
        };
        match message {
            Some(Ok(Message::Text(text))) => match parse_from_extension(text.as_bytes()) {
                Ok(message) => {
                    if events.send(Event::Message { serial, message }).is_err() {
                        break None;
                    }
                }
                Err(e) => eprintln!("tabwright: unreadable message from the extension: {e}"),
            },
            Some(Ok(Message::Close(_))) | None => break Some("the extension closed its WebSocket lane".to_string()),
            Some(Ok(_)) => {}
            Some(Err(e)) => break Some(format!("its WebSocket lane failed: {e}")),
        }
    };
    writer.abort();
    if let Some(why) = why {
        let _ = events.send(Event::LaneClosed { serial, why });
    }
}

struct Actor {
    policy: Policy,
    status: watch::Sender<LinkStatus>,
    link: Option<Open>,
    pending: HashMap<u64, oneshot::Sender<FromExtension>>,
    /// The `state` request sent after the policy; its answer confirms the policy is in force.
    barrier: Option<u64>,
    next_id: u64,
    late: StateReport,
    /// The lane's address, when it is listening.
    lane_url: Option<String>,
}

impl Actor {
    async fn run(mut self, mut events: mpsc::UnboundedReceiver<Event>) {
        while let Some(event) = events.recv().await {
            match event {
                Event::Opened { serial, tx, close } => self.opened(serial, tx, close),
                Event::Message { serial, message } => {
                    if self.link.as_ref().is_some_and(|l| l.serial == serial) {
                        self.message(message);
                    }
                }
                Event::Closed { serial, why } => {
                    if self.link.as_ref().is_some_and(|l| l.serial == serial) {
                        if let Some(mut gone) = self.link.take() {
                            gone.end(&why);
                        }
                        self.lost(why);
                        self.set_extension(None);
                        self.enter(LinkState::Disconnected);
                    }
                }
                Event::Lane { origin, token, open, answer } => {
                    let _ = answer.send(self.lane_opened(&origin, &token, open));
                }
                Event::LaneClosed { serial, why } => {
                    // Whatever was sent on it may be lost: the link ends too, and the extension
                    // connects again at once, so no call waits for an answer that cannot come.
                    if let Some(link) = self.link.as_mut().filter(|l| l.serial == serial) {
                        link.end(&why);
                    }
                }
                Event::Send { request, answer } => {
                    let _ = answer.send(self.send_request(request));
                }
                Event::Cancel { id } => {
                    self.pending.remove(&id);
                    self.send(&ToExtension::Cancel { id });
                }
            }
        }
    }

    /// A reply with the late changes and notices put first in its state (they happened first).
    fn with_late(&mut self, message: FromExtension) -> FromExtension {
        match message {
            FromExtension::Reply { id, outcome, mut state } if !self.late.changes.is_empty() || !self.late.notices.is_empty() => {
                let late = std::mem::take(&mut self.late);
                state.changes.splice(0..0, late.changes);
                state.notices.splice(0..0, late.notices);
                FromExtension::Reply { id, outcome, state }
            }
            other => other,
        }
    }

    fn enter(&mut self, state: LinkState) {
        self.status.send_modify(|s| {
            if s.state != state {
                s.state = state;
                s.since = Instant::now();
            }
            if state == LinkState::Ready {
                s.readies += 1;
            }
        });
    }

    fn set_extension(&mut self, extension: Option<ExtensionInfo>) {
        self.status.send_modify(|s| s.extension = extension);
    }

    /// The link is gone: every request waiting on it is answered (its caller sees a disconnect).
    fn lost(&mut self, why: String) {
        self.pending.clear();
        self.barrier = None;
        let was = self.status.borrow().state;
        if was != LinkState::Disconnected {
            eprintln!("tabwright: the extension link closed: {why}");
        }
        self.status.send_modify(|s| {
            s.lost = Some(why);
            s.lane = false;
        });
    }

    fn opened(&mut self, serial: u64, tx: mpsc::UnboundedSender<Vec<u8>>, close: oneshot::Sender<String>) {
        if let Some(mut old) = self.link.take() {
            old.end("a newer link replaced it");
            self.lost("a newer link replaced it".into());
        }
        self.link = Some(Open { serial, tx, close: Some(close), offered: None, lane: None });
        self.status.send_modify(|s| s.links += 1);
        self.set_extension(None);
        self.enter(LinkState::AwaitingHello);
    }

    fn message(&mut self, message: FromExtension) {
        match message {
            FromExtension::Hello { version, extension_id } => {
                // Every (re)connected extension enforces the session's policy before any call.
                self.pending.clear();
                self.send(&ToExtension::Policy { policy: self.policy.clone() });
                let barrier = self.take_id();
                self.barrier = Some(barrier);
                self.send(&ToExtension::State { id: barrier });
                self.offer_lane(&extension_id);
                self.set_extension(Some(ExtensionInfo { version, extension_id }));
                self.enter(LinkState::AwaitingHello);
            }
            FromExtension::Log { level, message } => eprintln!("tabwright extension [{level}]: {message}"),
            FromExtension::State { id, .. } if self.barrier == Some(id) => {
                self.barrier = None;
                self.enter(LinkState::PolicyApplied);
                // The new worker's registry was restored from storage: nothing else to settle
                // before calls run.
                let again = self.status.borrow().readies > 0;
                self.enter(LinkState::Ready);
                if again {
                    eprintln!("tabwright: the extension is connected again");
                }
            }
            FromExtension::Reply { id, .. } | FromExtension::State { id, .. } => {
                // A reply carries, ahead of its own, what replies to calls that had timed out
                // reported; one nobody waits for any more (its call timed out meanwhile) keeps
                // all of it for the next.
                let delivered = match self.pending.remove(&id) {
                    Some(waiter) => waiter.send(self.with_late(message)),
                    None => Err(message),
                };
                if let Err(FromExtension::Reply { state, .. }) = delivered {
                    // Its call timed out and was answered with an error; what it caused
                    // (downloads, dialogs) still reaches Claude with the next result.
                    self.late.changes.extend(state.changes.into_iter().filter(|c| c.download_id().is_some()));
                    self.late.notices.extend(state.notices);
                }
            }
        }
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn send(&self, message: &ToExtension) -> bool {
        match (serde_json::to_vec(message), self.link.as_ref()) {
            (Ok(payload), Some(link)) => link.transmit(payload),
            _ => false,
        }
    }

    /// Offers the extension that said hello a lane of its own (a new token per hello).
    fn offer_lane(&mut self, extension_id: &str) {
        let Some(url) = self.lane_url.clone() else { return };
        let Some(link) = self.link.as_mut() else { return };
        link.drop_lane();
        let token = match crate::launch::random_token() {
            Ok(token) => token,
            Err(e) => {
                eprintln!("tabwright: no WebSocket lane for this link ({e})");
                return;
            }
        };
        link.offered = Some((token.clone(), format!("chrome-extension://{extension_id}")));
        self.send(&ToExtension::Lane { url, token });
        self.status.send_modify(|s| s.lane = false);
    }

    /// A lane presented `token` from `origin`: it joins the current link if that link offered it.
    fn lane_opened(&mut self, origin: &str, token: &str, open: LaneOpen) -> Option<u64> {
        let link = self.link.as_mut()?;
        let (offered, from) = link.offered.as_ref()?;
        if !lane::same_secret(token, offered) || origin != from || link.lane.is_some() {
            return None;
        }
        link.lane = Some(open);
        let serial = link.serial;
        self.status.send_modify(|s| s.lane = true);
        Some(serial)
    }

    fn send_request(&mut self, request: Outgoing) -> Result<Sent, Refused> {
        if self.status.borrow().state != LinkState::Ready || self.link.is_none() {
            return Err(Refused::NotReady);
        }
        let id = self.take_id();
        let message = request.with_id(id);
        let payload = serde_json::to_vec(&message).map_err(|_| Refused::NotReady)?;
        if payload.len() > MAX_TO_EXTENSION {
            return Err(Refused::TooLarge(payload.len()));
        }
        let (tx, answer) = oneshot::channel();
        self.pending.insert(id, tx);
        let sent = self.link.as_ref().is_some_and(|l| l.transmit(payload));
        if !sent {
            self.pending.remove(&id);
            return Err(Refused::NotReady);
        }
        Ok(Sent { id, answer })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabwright_protocol::blocks::StateChange;
    use tabwright_protocol::wire::{Outcome, Reply};

    fn actor() -> Actor {
        let initial = LinkStatus { state: LinkState::Ready, extension: None, since: Instant::now(), links: 1, readies: 1, lost: None, lane: false };
        let (status, _) = watch::channel(initial);
        Actor { policy: Policy::default(), status, link: None, pending: HashMap::new(), barrier: None, next_id: 1, late: StateReport::default(), lane_url: None }
    }

    fn reply(id: u64, changes: Vec<StateChange>, notice: &str) -> FromExtension {
        let state = StateReport { tabs: vec![], changes, notices: vec![notice.to_string()] };
        FromExtension::Reply { id, outcome: Reply::Ok(Outcome::Ack { line: None }), state }
    }

    fn started(id: &str) -> StateChange {
        StateChange::DownloadStarted { download_id: id.into(), url: format!("http://127.0.0.1/{id}") }
    }

    fn state_of(message: FromExtension) -> StateReport {
        match message {
            FromExtension::Reply { state, .. } => state,
            other => panic!("not a reply: {other:?}"),
        }
    }

    /// Calls queued while the link is down wait out `connect_wait` counted from the link's going
    /// down, then a second each: not the whole wait each in turn.
    #[tokio::test]
    async fn calls_behind_one_that_waited_out_a_lost_link_are_told_in_a_second() {
        let link = Link::start(Policy::default());
        let wait = Duration::from_secs(2);
        let ask = || link.request(Outgoing::State, "state", wait, Duration::from_secs(5));
        let t = std::time::Instant::now();
        assert!(matches!(ask().await, Err(CallError::NotReady(_))));
        assert!(t.elapsed() >= Duration::from_millis(1_900), "the first waits it out: {:?}", t.elapsed());
        let t = std::time::Instant::now();
        let Err(CallError::NotReady(why)) = ask().await else { panic!("the link is still down") };
        assert!(t.elapsed() < Duration::from_millis(1_700), "the next is told in a second: {:?}", t.elapsed());
        assert!(why.contains("waited 1 s"), "{why}");
    }

    #[test]
    fn a_timed_out_read_is_said_to_have_changed_nothing() {
        let read = CallError::Timeout("list_tabs".into(), 90).to_string();
        assert_eq!(read, "The browser did not finish list_tabs within 90 seconds. It changes nothing in the page, so it can be asked again; if it keeps timing out, the browser is stuck (restart it).");
        let action = CallError::Timeout("left_click".into(), 90).to_string();
        assert!(action.ends_with("Whether it took effect is unknown: look at the page before retrying."), "{action}");
    }

    #[test]
    fn what_a_timed_out_call_caused_comes_first_in_the_next_reply_once() {
        let mut actor = actor();
        // Nobody waits for reply 1 (its call timed out): its downloads and notices are kept, its
        // opened tab is not (the inventory shows it).
        actor.message(reply(1, vec![StateChange::TabOpened { tab_id: "t9".into() }, started("dl-1")], "late notice"));
        // Reply 2's call gave up just as it came: it is kept too, behind reply 1's.
        let (gone, dropped) = oneshot::channel();
        drop(dropped);
        actor.pending.insert(2, gone);
        actor.message(reply(2, vec![started("dl-2")], "second late notice"));
        let (waiter, mut answer) = oneshot::channel();
        actor.pending.insert(3, waiter);
        actor.message(reply(3, vec![started("dl-3")], "own notice"));
        let state = state_of(answer.try_recv().expect("reply 3 reached its caller"));
        let ids: Vec<_> = state.changes.iter().filter_map(StateChange::download_id).collect();
        assert_eq!(ids, ["dl-1", "dl-2", "dl-3"]);
        assert_eq!(state.notices, ["late notice", "second late notice", "own notice"]);
        // Said once: the next reply carries only its own.
        let (waiter, mut answer) = oneshot::channel();
        actor.pending.insert(4, waiter);
        actor.message(reply(4, vec![], "fourth"));
        let state = state_of(answer.try_recv().expect("reply 4 reached its caller"));
        assert!(state.changes.is_empty());
        assert_eq!(state.notices, ["fourth"]);
    }
}
