// tabwright service worker: a thin forwarder to the Wasm core.
//
// Every listener is registered synchronously here, at the top level, so that Chrome can wake
// the worker for it. Events that arrive before the core has loaded wait in a queue.
import init, * as core from "../pkg/tabwright_extension.js";

// For the memory test: the bytes the core's allocations hold now.
globalThis.tabwrightLiveBytes = () => (ready ? core.live_bytes() : null);

const queue = [];
let ready = false;

function forward(name, ...args) {
  if (ready) {
    core[name](...args);
  } else {
    queue.push([name, args]);
  }
}

chrome.tabs.onCreated.addListener((tab) => forward("on_tab_created", tab.id, tab.openerTabId ?? null));
chrome.tabs.onRemoved.addListener((tabId) => forward("on_tab_removed", tabId));
chrome.tabs.onActivated.addListener((info) => forward("on_tab_activated", info.tabId));
// No tabs.onUpdated listener: the browser sends one for every title a page sets, and a page that
// sets thousands a second floods the browser with them. Each reply lists the tabs instead.
// Anything else that changes what the tab inventory says.
for (const event of [chrome.tabs.onReplaced, chrome.tabs.onAttached, chrome.tabs.onDetached, chrome.tabs.onMoved, chrome.windows.onFocusChanged, chrome.windows.onCreated]) {
  event.addListener(() => forward("on_tabs_changed"));
}
chrome.debugger.onEvent.addListener((source, method, params) => {
  if (source.tabId === undefined || (CHATTY.has(method) && !admitted(source.tabId, params))) return;
  forward("on_debugger_event", source.tabId, source.sessionId ?? null, method, params ?? null);
});
// A page can log faster than the core takes its lines in (thousands a second, from a game's
// loop): every call would wait behind them, and the worker would stop answering. Past
// LINES_PER_SECOND in a second of the page's (its lines' own times: a busy browser hands them
// over late), a tab's console lines are dropped here, and one line says how many, once no more
// of that second's come.
const CHATTY = new Set(["Runtime.consoleAPICalled", "Log.entryAdded"]);
const LINES_PER_SECOND = 500;
const gates = new Map();
function admitted(tabId, params) {
  const at = Number(params?.timestamp ?? params?.entry?.timestamp) || Date.now();
  let gate = gates.get(tabId);
  if (!gate || at - gate.since >= 1000 || gate.since - at > 5000) {
    if (gate) said(tabId, gate);
    gate = { since: at, taken: 0, dropped: 0, last: 0, timer: null };
    gates.set(tabId, gate);
  }
  if (gate.taken < LINES_PER_SECOND) return ++gate.taken > 0;
  gate.dropped++;
  gate.last = performance.now();
  gate.timer ??= setTimeout(function quiet() {
    gate.timer = performance.now() - gate.last < 250 ? setTimeout(quiet, 250) : null;
    if (!gate.timer && gates.get(tabId) === gate) said(tabId, gate);
  }, 250);
  return false;
}
function said(tabId, gate) {
  if (!gate.dropped) return;
  const value = `(tabwright left out ${gate.dropped} console lines this page logged in one second: it logged more than ${LINES_PER_SECOND} a second)`;
  gate.dropped = 0;
  forward("on_debugger_event", tabId, null, "Runtime.consoleAPICalled", { type: "warning", args: [{ type: "string", value }], timestamp: Date.now() });
}
chrome.tabs.onRemoved.addListener((tabId) => gates.delete(tabId));
chrome.debugger.onDetach.addListener((source, reason) => {
  if (source.tabId === undefined) return;
  console.log(`tabwright: debugger detached from tab ${source.tabId}: ${reason}`);
  forward("on_debugger_detach", source.tabId);
});
chrome.downloads.onCreated.addListener((item) => forward("on_download_created", item));
chrome.downloads.onChanged.addListener((delta) => forward("on_download_changed", delta));
chrome.webNavigation.onErrorOccurred.addListener((details) => forward("on_navigation_error", details));
chrome.windows.onRemoved.addListener((windowId) => forward("on_window_removed", windowId));
// Messages from this extension's own pages (the approval window) get a synchronous reply.
chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  sendResponse(ready ? core.on_runtime_message(message, sender.tab ? sender.tab.windowId : null) : null);
  return false;
});
// Waking the worker is enough: loading this module starts the core.
chrome.runtime.onStartup.addListener(() => {});
chrome.runtime.onInstalled.addListener(() => {});

// Coming back by itself. The open native port keeps this worker alive, but the worker can still
// be stopped, or its process killed, and Chrome starts it again only for an event it listens to.
// An alarm every second is such an event: Chrome keeps alarms itself, so one fires even after the
// extension's process died (Chrome allows a period this short for unpacked extensions; a packed
// one gets 30 s). `tabwright launch` also starts the worker over its DevTools pipe, sooner.
// (An offscreen document that reconnects was measured and left out: when the extension's process
// dies with it, Chrome marks the whole extension as crashed and starts nothing of it again.)
const WAKE_ALARM = "tabwright.wake";
chrome.alarms.onAlarm.addListener(() => {});
// Creating the alarm again would move its next firing: a running one is left be.
chrome.alarms
  .get(WAKE_ALARM)
  .then((alarm) => alarm ?? chrome.alarms.create(WAKE_ALARM, { periodInMinutes: 1 / 60 }))
  .catch((error) => console.error("tabwright: cannot set the wake alarm", error));

// The Wasm bytes are fetched here and handed over, which works in every service worker; so is
// the page agent's source, which ships beside the core rather than inside it.
const fetched = (name, read) =>
  fetch(new URL(`../pkg/${name}`, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`extension/pkg/${name}: ${response.status} (run cargo xtask build)`);
    return read(response);
  });
// Without the agent the core still starts: calls that read pages then say it is missing.
const script = (name) =>
  fetched(name, (r) => r.text()).catch((error) => {
    console.error(`tabwright: the page script ${name} failed to load`, error);
    return null;
  });
Promise.all([fetched("tabwright_extension_bg.wasm", (r) => r.arrayBuffer()), script("agent.js"), script("handlers.js")])
  .then(([bytes, agent, handlers]) =>
    init({ module_or_path: bytes }).then(() => {
      if (agent !== null) core.set_page_agent(agent);
      if (handlers !== null) core.set_handlers_look(handlers);
    }),
  )
  .then(() => core.start())
  .then(() => {
    ready = true;
    for (const [name, args] of queue.splice(0)) core[name](...args);
  })
  .catch((error) => console.error("tabwright: the core failed to start", error));
