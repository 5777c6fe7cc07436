// Edits the sites list kept in chrome.storage.local; the service worker enforces it at once.
const $ = (x) => document.getElementById(x);
const lines = (x) => $(x).value.split("\n").map((l) => l.trim()).filter(Boolean);
chrome.storage.local.get("tabwright.options_policy", (items) => {
  const p = items["tabwright.options_policy"] || {};
  $("allow").value = (p.allow || []).join("\n");
  $("block").value = (p.block || []).join("\n");
  document.body.dataset.ready = "1";
});
$("save").addEventListener("click", () => {
  chrome.runtime.sendMessage({ type: "set-options-policy", allow: lines("allow"), block: lines("block") }, (reply) => {
    $("saved").textContent = reply && reply.error ? reply.error : "Saved.";
  });
});
