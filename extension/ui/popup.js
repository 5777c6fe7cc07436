// The toolbar popup: connection state, the last actions, the policy, and Stop/Resume.
const $ = (x) => document.getElementById(x);
function render(s) {
  if (!s) return;
  const state = $("state");
  state.className = "state " + (s.stopped ? "stopped" : s.connected ? "on" : "off");
  state.textContent = s.stopped ? "Stopped" : s.connected ? (s.working ? "Working…" : "Connected") : "Bridge not connected";
  $("session").textContent = s.connected ? "An agent can drive this browser through the tabwright bridge." : "Start tabwright to let an agent connect.";
  $("stop").hidden = s.stopped;
  $("resume").hidden = !s.stopped;
  const list = $("actions");
  if (s.actions.length) {
    list.replaceChildren(...s.actions.map((a) => {
      const li = document.createElement("li");
      if (!a.ok) li.className = "err";
      const t = document.createElement("span"); t.textContent = a.time;
      const m = document.createElement("span"); m.className = "m"; m.textContent = `${a.member} ${a.target}`;
      const o = document.createElement("span"); o.className = "o"; o.textContent = a.outcome;
      li.append(t, m, o);
      return li;
    }));
  }
  const p = s.policy || {};
  const parts = [];
  parts.push(p.allow && p.allow.length ? `Allowed sites: ${p.allow.join(", ")}` : "All sites allowed");
  if (p.block && p.block.length) parts.push(`Blocked: ${p.block.join(", ")}`);
  parts.push(`Asks before: javascript_exec, file_upload${p.confirm_members && p.confirm_members.length ? ", " + p.confirm_members.join(", ") : ""}${p.confirm_clicks ? `, clicks on "${p.confirm_clicks}"` : ""}`);
  $("policy").textContent = parts.join(" · ");
}
const ask = (type) => chrome.runtime.sendMessage({ type }, render);
$("stop").addEventListener("click", () => ask("stop"));
$("resume").addEventListener("click", () => ask("resume"));
ask("status");
setInterval(() => ask("status"), 1000);
