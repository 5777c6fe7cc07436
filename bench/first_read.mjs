// The first read of a freshly loaded component-library page, ours against Playwright's AI
// snapshot (what Playwright MCP sends), on the same Chromium: each run loads a new document
// (outside the timing) on both sides, then times one read.
// Usage: node bench/first_read.mjs   (after cargo xtask build --release; corpus from npm ci)
// Environment: RUNS=n (default 9), PAUSE=ms between the load and the read (default 0),
// PAGES=a,b (corpus pages).
import { serveDir, corpus, startTabwright, startPlaywright, median } from "./lib.mjs";

const PAGES = (process.env.PAGES || "elementplus/shipment.html,antd/order.html,mui/trip.html,shoelace/settings.html,datatables/staff.html,grid/orders.html,editor/snippets.html").split(",");
const RUNS = Number(process.env.RUNS || 9);
const PAUSE = Number(process.env.PAUSE || 0);
const site = await serveDir(corpus);
const tw = await startTabwright();
const pw = await startPlaywright();
const pause = () => new Promise((ok) => setTimeout(ok, PAUSE));
const rows = [];
for (const page of PAGES) {
  const ours = [];
  const theirs = [];
  for (let i = 0; i < RUNS; i++) {
    const url = `${site.url(page)}${page.includes("?") ? "&" : "?"}visit=${i}`;
    await tw.call("navigate", { url });
    await pause();
    let t0 = performance.now();
    await tw.call("read_page", {});
    ours.push(performance.now() - t0);
    await pw.page.goto(url);
    await pause();
    t0 = performance.now();
    await pw.page.ariaSnapshot({ mode: "ai" });
    theirs.push(performance.now() - t0);
  }
  rows.push([page, median(ours), median(theirs)]);
}
await pw.close();
await tw.close();
site.close();

console.log(`First read after a load (pause ${PAUSE} ms), median of ${RUNS} runs, ms:\n`);
console.log("| page | tabwright read_page | Playwright ariaSnapshot({mode:'ai'}) | ratio |");
console.log("|---|---|---|---|");
for (const [page, a, b] of rows) console.log(`| ${page} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(2)} |`);
const geo = Math.exp(rows.reduce((s, [, a, b]) => s + Math.log(a / b), 0) / rows.length);
console.log(`\nGeometric mean of the ratios: ${geo.toFixed(2)}`);
