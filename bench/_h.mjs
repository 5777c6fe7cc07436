// Extended probe: full output, sleeps, downloads listing, special routes, second origin.
import { startTabwright } from "/work/main/bench/lib.mjs";
import { createServer } from "node:http";
import { readFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { join, extname } from "node:path";
const DIR = process.env.DIR || "/tmp/huntK/pages";
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".pdf": "application/pdf", ".txt": "text/plain" };
const log = [];
function handler(req, res) {
  const u = new URL(req.url, "http://x");
  const q = u.searchParams;
  log.push(`${req.method} ${req.headers.host}${req.url}`);
  const p = u.pathname;
  if (p === "/dl/attach") {
    const size = +(q.get("size") || 1000);
    res.writeHead(200, { "content-type": q.get("type") || "application/octet-stream", "content-disposition": `attachment; filename="${q.get("name") || "file.bin"}"`, "content-length": size });
    return res.end(Buffer.alloc(size, 65));
  }
  if (p === "/dl/slow") {
    const size = +(q.get("size") || 100000), ms = +(q.get("ms") || 5000), chunks = 20;
    res.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": `attachment; filename="${q.get("name") || "slow.bin"}"`, "content-length": size });
    let i = 0;
    const t = setInterval(() => { res.write(Buffer.alloc(size / chunks, 66)); if (++i >= chunks) { clearInterval(t); res.end(); } }, ms / chunks);
    req.on("close", () => clearInterval(t));
    return;
  }
  if (p === "/dl/cut") {
    const size = +(q.get("size") || 100000);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": `attachment; filename="${q.get("name") || "cut.bin"}"`, "content-length": size });
    res.write(Buffer.alloc(size / 4, 67));
    setTimeout(() => res.socket.destroy(), +(q.get("ms") || 300));
    return;
  }
  if (p === "/dl/post") {
    let body = ""; req.on("data", (d) => body += d); req.on("end", () => {
      res.writeHead(200, { "content-type": "text/csv", "content-disposition": `attachment; filename="report.csv"` });
      res.end("a,b\n1,2\n" + body + "\n");
    });
    return;
  }
  if (p === "/status") { const c = +(q.get("code") || 204); res.writeHead(c, c === 401 ? { "www-authenticate": 'Basic realm="test"', "content-type": "text/html" } : { "content-type": "text/html" }); return res.end(c === 204 ? undefined : `<title>S${c}</title><p>status ${c}</p>`); }
  if (p === "/redir") {
    const n = +(q.get("n") || 0); const to = q.get("to") || "/a.html";
    if (n > 0) { res.writeHead(+(q.get("code") || 302), { location: `/redir?n=${n - 1}&to=${encodeURIComponent(to)}&code=${q.get("code") || 302}` }); return res.end(); }
    res.writeHead(302, { location: to }); return res.end();
  }
  if (p === "/hang") { return; }
  if (p === "/slowbody") { res.writeHead(200, { "content-type": "text/html" }); res.write("<title>Slow</title><p>partial body…</p>"); return; }
  if (p === "/delay") { setTimeout(() => { res.writeHead(200, { "content-type": q.get("type") || "text/html" }); res.end(q.get("body") || "<title>Delayed</title>delayed"); }, +(q.get("ms") || 3000)); return; }
  const path = decodeURIComponent(p).replace(/^\/+/, "") || "index.html";
  const file = join(DIR, path);
  if (!file.startsWith(DIR) || !existsSync(file) || statSync(file).isDirectory()) { res.writeHead(404, { "content-type": "text/html" }).end("<title>Not found</title>not found"); return; }
  res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream", "cache-control": "no-store" });
  res.end(readFileSync(file));
}
const s1 = createServer(handler), s2 = createServer(handler);
await new Promise((ok) => s1.listen(0, "127.0.0.1", ok));
await new Promise((ok) => s2.listen(0, "127.0.0.1", ok));
const P1 = s1.address().port, P2 = s2.address().port;
const base = `http://127.0.0.1:${P1}/`, base2 = `http://localhost:${P2}/`;
const tw = await startTabwright({ bin: "/work/main/target/release/tabwright", headed: !!process.env.HEADED, extra: ["--extension", "/work/main", ...(process.env.EXTRA ? process.env.EXTRA.split(" ") : [])] });
const CONFIGS = process.env.CONFIGS ? JSON.parse(process.env.CONFIGS) : { javascript_exec: { enabled: true }, read_console: { enabled: true }, read_network: { enabled: true } };
let last = "";
const subst = (v) => {
  if (typeof v === "string" && v.startsWith("@")) {
    const line = last.split("\n").find((l) => l.includes(v.slice(1)));
    const m = line && /\[(ref_\d+)\]/.exec(line);
    if (!m) throw new Error(`no ref for ${v} in:\n${last}`);
    return m[1];
  }
  if (typeof v === "string") v = v.replaceAll("BASE2/", base2).replaceAll("BASE/", base).replaceAll("PORT2", String(P2)).replaceAll("PORT1", String(P1));
  if (Array.isArray(v)) return v.map(subst);
  if (v && typeof v === "object") {
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = subst(x);
    if (typeof o.ref === "string" && !o.type && Object.keys(o).length === 1) return { type: "ref", ref: o.ref };
    return o;
  }
  return v;
};
const dlDir = process.env.DLDIR || join(tw.dir, "profile", "Downloads");
const lsdl = () => { try { return readdirSync(dlDir).map((f) => `${f} ${statSync(join(dlDir, f)).size}`).join(", ") || "(empty)"; } catch (e) { return "(none: " + e.code + ")"; } };
try {
  for (const [m, input] of JSON.parse(process.env.STEPS)) {
    if (m === "sleep") { await new Promise((r) => setTimeout(r, input)); console.log(`--- sleep ${input}`); continue; }
    if (m === "ls") { console.log(`--- downloads dir: ${lsdl()}`); continue; }
    if (m === "srvlog") { console.log(`--- server log:\n  ${log.splice(0).join("\n  ")}`); continue; }
    if (m === "state") { const r = await tw.request("state", {}); console.log(`--- bridge state: ${JSON.stringify(r.result ?? r.error)}`); continue; }
    const t = performance.now();
    let r;
    try { r = await tw.call(m, subst(input), CONFIGS); } catch (e) { console.log(`--- ${m} ${JSON.stringify(input)} THROW ${e.message}`); continue; }
    const text = (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
    const other = (r.content || []).filter((c) => c.type !== "text").map((c) => c.type === "browser_state" ? "STATE " + JSON.stringify({ tabs: c.tabs.map((t) => `${t.tab_id}${t.active ? "*" : ""} "${t.title}" ${t.url}`), ...(c.state_changes ? { changes: c.state_changes } : {}) }) : c.type);
    if (m === "read_page" || m === "find") last = text;
    console.log(`--- ${m} ${JSON.stringify(input)} (${(performance.now() - t).toFixed(0)} ms)${r.is_error ? " ERROR" : ""}\n${text.slice(0, +(process.env.MAX || 3000))}${other.length ? "\n[" + other.join(" | ") + "]" : ""}`);
  }
} finally { if (process.env.KEEPDL) console.log("dl dir " + lsdl()); await tw.close(); s1.close(); s2.close(); }
