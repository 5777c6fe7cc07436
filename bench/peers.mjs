// One agent task done three ways, side by side on the same Chromium: tabwright through its agent
// socket, and the two MCP servers a person would otherwise pick, Playwright MCP and
// chrome-devtools-mcp, each driven through MCP over stdio with its own tools, the way an agent
// calls them (one call per step, a ref from the tool's own snapshot).
//
// The task: open the application form, read it, fill in three fields, tick a box, send the form
// (the page loads), read the result, take a screenshot. The site notes each form it receives,
// so every round is checked from the server's side: a side whose form did not arrive as sent
// fails the run.
//
// Usage: cargo xtask bench peers   (ROUNDS=n, default 10)
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, extname } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fixtures, chrome, root, startTabwright, median } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS || 10);
// The flags tabwright's launch gives the browser on this closed network, for every side.
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

// The fixture site, noting the forms it receives.
const received = [];
const server = createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/submitted") {
    received.push(Object.fromEntries(url.searchParams));
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Received</title><h1>Application received</h1><p>We will write to you within a week.</p>");
    return;
  }
  const file = join(fixtures, url.pathname.replace(/^\/+/, ""));
  if (!file.startsWith(fixtures) || !existsSync(file)) return void res.writeHead(404).end("not found");
  res.writeHead(200, { "content-type": extname(file) === ".html" ? "text/html; charset=utf-8" : "application/octet-stream" }).end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const site = `http://127.0.0.1:${server.address().port}`;

const textOf = (content) => (content || []).filter((b) => b.type === "text").map((b) => b.text).join("\n");
const imageBytes = (content) => (content || []).filter((b) => b.type === "image").reduce((n, b) => n + (b.data || b.source?.data || "").length, 0);
// The ref of the first line that names `role` and `name`, in each tool's snapshot syntax.
const refIn = (snapshot, pattern, role, name) => {
  for (const line of snapshot.split("\n")) {
    // (chrome-devtools-mcp keeps the space a label starts with.)
    if (!line.includes(role) || !(line.includes(`"${name}`) || line.includes(`" ${name}`))) continue;
    const m = pattern.exec(line);
    if (m) return m[1];
  }
  throw new Error(`no ${role} "${name}" in:\n${snapshot.slice(0, 3000)}`);
};

async function mcp(command, args) {
  const client = new Client({ name: "tabwright-bench", version: "0" });
  await client.connect(new StdioClientTransport({ command, args, env: { ...process.env, CI: "1" }, stderr: "ignore" }));
  return {
    async call(name, input) {
      const r = await client.callTool({ name, arguments: input }, undefined, { timeout: 60_000 });
      if (r.isError) throw new Error(`${name}: ${textOf(r.content).slice(0, 500)}`);
      return r.content;
    },
    close: () => client.close(),
  };
}

// Each side: how it starts, and the task's steps in its own tools. A step returns the
// content blocks the agent would read.
const sides = {
  tabwright: async () => {
    const tw = await startTabwright();
    const call = async (m, input) => {
      const r = await tw.call(m, input);
      if (r.is_error) throw new Error(`${m}: ${textOf(r.content)}`);
      return r.content;
    };
    const ref = (snap, role, name) => ({ type: "ref", ref: refIn(snap, /\[(ref_\d+)\]/, role, name) });
    let snap = "";
    return {
      close: () => tw.close(),
      navigate: (url) => call("navigate", { url }),
      read: async () => { const c = await call("read_page", { filter: "all" }); snap = textOf(c); return c; },
      fill: (name, value) => call("form_input", { target: ref(snap, "textbox", name), value }),
      click: (role, name) => call("left_click", { target: ref(snap, role, name) }),
      text: () => call("get_page_text", {}),
      screenshot: () => call("screenshot", {}),
    };
  },
  "Playwright MCP": async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-mcp-"));
    const config = join(dir, "config.json");
    writeFileSync(config, JSON.stringify({ browser: { browserName: "chromium", isolated: true, launchOptions: { executablePath: chrome, headless: true, chromiumSandbox: false, args: FLAGS } }, outputDir: dir }));
    const p = await mcp("node", [join(root, "bench/node_modules/@playwright/mcp/cli.js"), "--config", config]);
    const ref = (snap, role, name) => refIn(snap, /\[ref=(\w+)\]/, role, name);
    let snap = "";
    return {
      close: () => p.close(),
      navigate: (url) => p.call("browser_navigate", { url }),
      read: async () => { const c = await p.call("browser_snapshot", {}); snap = textOf(c); return c; },
      fill: (name, value) => p.call("browser_type", { element: name, target: ref(snap, "textbox", name), text: value }),
      click: (role, name) => p.call("browser_click", { element: name, target: ref(snap, role, name) }),
      text: () => p.call("browser_snapshot", {}),
      screenshot: () => p.call("browser_take_screenshot", { type: "jpeg" }),
    };
  },
  "chrome-devtools-mcp": async () => {
    const args = [join(root, "bench/node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js"), "--executablePath", chrome, "--headless", "--isolated", "--usageStatistics=false", "--performanceCrux=false", ...FLAGS.map((f) => `--chromeArg=${f}`)];
    const p = await mcp("node", args);
    const pageId = Number(/^(\d+):.*\[selected\]/m.exec(textOf(await p.call("list_pages", {})))?.[1] || 1);
    const ref = (snap, role, name) => refIn(snap, /uid=(\S+)/, role, name);
    let snap = "";
    return {
      close: () => p.close(),
      navigate: (url) => p.call("navigate_page", { pageId, type: "url", url }),
      read: async () => { const c = await p.call("take_snapshot", { pageId }); snap = textOf(c); return c; },
      fill: (name, value) => p.call("fill", { pageId, uid: ref(snap, "textbox", name), value }),
      click: (role, name) => p.call("click", { pageId, uid: ref(snap, role, name) }),
      text: () => p.call("take_snapshot", { pageId }),
      screenshot: () => p.call("take_screenshot", { pageId, format: "jpeg" }),
    };
  },
};

const STEPS = [
  ["navigate", (s, i) => s.navigate(`${site}/form.html?round=${i}`)],
  ["read the page", (s) => s.read()],
  ["fill in a field", (s) => s.fill("First name", "Ada")],
  ["fill in a field", (s) => s.fill("Last name", "Lovelace")],
  ["fill in a field", (s) => s.fill("City", "Lisbon")],
  ["tick a box", (s) => s.click("checkbox", "I accept the terms")],
  ["press Submit (the page loads)", (s) => s.click("button", "Submit application")],
  ["read the result", (s) => s.text()],
  ["screenshot", (s) => s.screenshot()],
];

const names = Object.keys(sides);
const started = {};
for (const name of names) started[name] = await sides[name]();
// times[side][step] = [ms…]; chars[side][step] = characters of text the step returned.
const times = {}, chars = {}, images = {}, totals = {};
for (const name of names) { times[name] = {}; chars[name] = {}; images[name] = 0; totals[name] = []; }
for (let i = 0; i < ROUNDS + 1; i++) {
  // Each round runs the sides in a different order; round 0 warms every side up and is not counted.
  for (const name of [...names.slice(i % names.length), ...names.slice(0, i % names.length)]) {
    const side = started[name];
    const before = received.length;
    let total = 0;
    for (const [step, run] of STEPS) {
      const t = performance.now();
      const content = await run(side, i);
      const ms = performance.now() - t;
      total += ms;
      if (i === 0) continue;
      (times[name][step] ||= []).push(ms);
      (chars[name][step] ||= []).push(textOf(content).length);
      if (step === "screenshot") images[name] = imageBytes(content);
    }
    if (i > 0) totals[name].push(total);
    const form = received[before];
    if (received.length !== before + 1 || form.first !== "Ada" || form.last !== "Lovelace" || form.city !== "Lisbon" || form.terms !== "on") {
      throw new Error(`${name}, round ${i}: the site received ${JSON.stringify(received.slice(before))}`);
    }
  }
}
for (const name of names) await started[name].close();
server.close();

const version = (p) => JSON.parse(readFileSync(join(root, "bench/node_modules", p, "package.json"), "utf8")).version;
const steps = [...new Set(STEPS.map(([s]) => s))];
const out = [];
out.push(`${ROUNDS} rounds of the task, sides interleaved, on ${chrome} (tabwright release build; Playwright MCP ${version("@playwright/mcp")}; chrome-devtools-mcp ${version("chrome-devtools-mcp")}). Median milliseconds per call, and the characters of text it returned (what the agent reads).\n`);
out.push(`| step | ${names.map((n) => `${n} ms | chars`).join(" | ")} |`);
out.push(`|---|${names.map(() => "---|---").join("|")}|`);
for (const step of steps) out.push(`| ${step} | ${names.map((n) => `${median(times[n][step]).toFixed(1)} | ${Math.round(median(chars[n][step]))}`).join(" | ")} |`);
out.push(`| **whole task** | ${names.map((n) => `**${median(totals[n]).toFixed(0)}** | ${steps.reduce((a, s) => a + Math.round(median(chars[n][s])) * STEPS.filter(([x]) => x === s).length, 0)}`).join(" | ")} |`);
out.push(`\nScreenshot size (base64 characters): ${names.map((n) => `${n} ${images[n]}`).join(", ")}. Every round's form reached the site as sent, on every side.`);
console.log(out.join("\n"));
