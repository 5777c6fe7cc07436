// Shared pieces of the side-by-side benchmarks: the fixture server, a tabwright session driven
// through its agent socket, and a Playwright browser on the same Chromium binary.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, extname, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import WebSocket from "ws";
import { chromium } from "playwright-core";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const fixtures = join(root, "tests", "fixtures");
export const chrome = process.env.CHROME || "/usr/bin/chromium";
export const tabwrightBin = process.env.TABWRIGHT_BIN || join(root, "target", "debug", "tabwright");

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".pdf": "application/pdf" };

export const corpus = join(root, "tests", "corpus");

/** Serves tests/fixtures on 127.0.0.1, port 0. */
export async function serveFixtures() {
  return serveDir(fixtures);
}

/** Serves a folder on 127.0.0.1, port 0 (the corpus pages need their npm packages installed). */
export async function serveDir(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return { url: (p) => `http://127.0.0.1:${port}/${p}`, close: () => server.close() };
}

/** `tabwright launch --headless` with a private socket, and a client on it. */
export async function startTabwright({ headed = false, extra = [], bin = tabwrightBin } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "tabwright-bench-"));
  const socket = join(dir, "agent.sock");
  // As root the browser's sandbox cannot start, and launch only turns it off when asked.
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const args = ["launch", ...(headed ? [] : ["--headless"]), ...(root ? ["--no-sandbox"] : []), "--socket", socket, "--profile", join(dir, "profile"), ...extra];
  const child = spawn(bin, args, {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, CHROME: chrome },
  });
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("tabwright launch was not ready in 60 s")), 60000);
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("ready ")) {
        clearTimeout(timer);
        ok();
      }
    });
    child.on("exit", (code) => fail(new Error(`tabwright launch exited (${code})`)));
  });
  const ws = new WebSocket(`ws+unix://${socket}:/`);
  await new Promise((ok, fail) => {
    ws.once("open", ok);
    ws.once("error", fail);
  });
  let next = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const reply = JSON.parse(data.toString());
    const done = pending.get(reply.id);
    if (done) {
      pending.delete(reply.id);
      done(reply);
    }
  });
  const request = (method, params) =>
    new Promise((ok) => {
      const id = next++;
      pending.set(id, ok);
      ws.send(JSON.stringify({ id, method, params }));
    });
  /** Runs one member; returns its tool_result. */
  const call = async (name, input = {}, configs = null) => {
    const reply = await request("call", { tool_use: { type: "tool_use", id: `toolu_bench_${next}`, name, toolset_name: "browser", input }, configs });
    if (reply.error) throw new Error(`${name}: ${reply.error.message}`);
    return reply.result.tool_result;
  };
  const close = async () => {
    ws.close();
    child.kill("SIGTERM");
    await new Promise((ok) => child.once("exit", ok));
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (e) {
      // The browser's helper processes may still write there for a moment; a temp folder stays.
      console.error(`could not remove ${dir}: ${e.message}`);
    }
  };
  return { call, request, close, dir };
}

/** Playwright driving the same Chromium binary. */
export async function startPlaywright() {
  const browser = await chromium.launch({
    executablePath: chrome,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 657 } });
  const page = await context.newPage();
  return { browser, page, close: () => browser.close() };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function p95(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
}

/** Milliseconds `fn` takes, `n` times after one warm-up. */
export async function timed(n, fn) {
  await fn();
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
