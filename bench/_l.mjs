import { serveDir, startTabwright } from "/work/main/bench/lib.mjs";
const srv = await serveDir(process.env.DIR || "/tmp/huntL/pages");
const tw = await startTabwright({ bin: "/work/main/target/release/tabwright", headed: !!process.env.HEADED, extra: ["--extension", "/work/main", "--policy", "/tmp/huntL/policy.json"] });
const CONFIGS = { javascript_exec: { enabled: true }, read_console: { enabled: true }, read_network: { enabled: true } };
let last = "";
const subst = (v) => {
  if (typeof v === "string" && v.startsWith("@")) {
    const line = last.split("\n").find((l) => l.includes(v.slice(1)));
    const m = line && /\[(ref_\d+)\]/.exec(line);
    if (!m) throw new Error(`no ref for ${v} in:\n${last}`);
    return m[1];
  }
  if (typeof v === "string" && v.startsWith("BASE/")) return srv.url(v.slice(5));
  if (Array.isArray(v)) return v.map(subst);
  if (v && typeof v === "object") {
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = subst(x);
    if (typeof o.ref === "string" && !o.type && Object.keys(o).length === 1) return { type: "ref", ref: o.ref };
    return o;
  }
  return v;
};
try {
  for (let [m, input] of JSON.parse(process.env.STEPS)) {
    if (m === "sleep") { await new Promise(r => setTimeout(r, input)); console.log(`--- sleep ${input}`); continue; }
    let label = m;
    if (m === "js") { m = "javascript_exec"; input = { text: input }; label = "JS"; }
    const t = performance.now();
    const r = await tw.call(m, subst(input), CONFIGS);
    const text = (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
    const other = (r.content || []).filter((c) => c.type !== "text").map((c) => c.type === "browser_state" ? "STATE " + JSON.stringify(c).slice(0, 600) : c.type);
    if (m === "read_page" || m === "find") last = text;
    console.log(`--- ${label} ${JSON.stringify(input).slice(0,200)} (${(performance.now() - t).toFixed(0)} ms)${r.is_error ? " ERROR" : ""}\n${text.slice(0, +(process.env.MAX || 4000))}${other.length ? "\n[" + other.join(" | ") + "]" : ""}`);
  }
} finally { await tw.close(); srv.close(); }
