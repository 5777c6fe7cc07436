// The confirmation window: shows what Claude wants to do and sends the person's answer to the
// service worker. Page scripts cannot reach this window.
const id = Number(new URLSearchParams(location.search).get("id"));
const $ = (x) => document.getElementById(x);
chrome.runtime.sendMessage({ type: "confirm-details", id }, (d) => {
  if (!d) {
    $("what").textContent = "This request is no longer waiting.";
    return;
  }
  $("what").textContent = d.what;
  $("tab").textContent = d.tab;
  $("url").textContent = d.url;
  $("why").textContent = d.why;
  let left = d.timeout;
  $("left").textContent = left;
  setInterval(() => ($("left").textContent = Math.max(0, --left)), 1000);
});
const answer = (allow) => chrome.runtime.sendMessage({ type: "confirm-answer", id, allow }, () => window.close());
$("allow").addEventListener("click", () => answer(true));
$("deny").addEventListener("click", () => answer(false));
