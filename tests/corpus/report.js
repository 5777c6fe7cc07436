// Corpus pages tell the test server what state they are in: report({...}) queues one JSON line
// for the server's /__log, where a test waits for it. Entries carry the page's path and a
// sequence number, so the server can put batches that arrive out of order back in order.
// Every page reports {ready: true} once its widgets are in place (and, when the URL asks for a
// widget to be open, once it has finished opening).
(() => {
  let seq = 0;
  let queued = [];
  let scheduled = false;
  const send = () => {
    scheduled = false;
    const body = queued.join("\n");
    queued = [];
    if (body) fetch("/__log", { method: "POST", body, keepalive: true });
  };
  window.report = (fields) => {
    const entry = Object.assign({ type: "state", page: location.pathname, seq: seq++ }, fields);
    queued.push(JSON.stringify(entry));
    if (!scheduled) {
      scheduled = true;
      setTimeout(send, 0);
    }
  };
  // A query parameter of the page's URL: pages open a widget on load when asked (?open=1, ?q=…),
  // so find cases can name elements that only exist in that state.
  window.corpusParam = (key) => new URLSearchParams(location.search).get(key);
})();
