// Where a click's time goes, tabwright against Playwright on the same Chromium, in one run: the
// page notes the wall-clock time of each press and release, and the client the time it sent
// the call and got its answer (one machine, one clock). Three spans: call → first press (the
// way in: for tabwright the agent socket, the bridge, the extension and chrome.debugger), first
// press → last release (the browser dispatching the events), last release → answer (the way
// back, with the page's title for the state report).
//
//   cargo xtask bench click_timeline      (RUNS=n, default 40 per kind of click)
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveFixtures, startTabwright, startPlaywright, median } from "./lib.mjs";

const RUNS = Number(process.env.RUNS || 40);
const site = await serveFixtures();
const dir = mkdtempSync(join(tmpdir(), "tabwright-bench-clicks-"));
const policy = join(dir, "policy.json");
writeFileSync(policy, JSON.stringify({ auto_approve: ["javascript_exec"] }));
const tw = await startTabwright({ extra: ["--policy", policy] });
const pw = await startPlaywright();
const CONFIGS = { javascript_exec: { enabled: true } };
const now = () => performance.timeOrigin + performance.now();
const pause = () => new Promise((r) => setTimeout(r, Math.random() * 17));
const spans = new Map();
const note = (key, v) => spans.set(key, [...(spans.get(key) || []), v]);
const record = (side, kind, start, end, log) => {
  const downs = log.filter((e) => e[0] === "pointerdown");
  const ups = log.filter((e) => e[0] === "pointerup");
  if (!downs.length || !ups.length) return;
  note(`${kind}|${side}|call → first press`, downs[0][1] - start);
  note(`${kind}|${side}|first press → last release`, ups[ups.length - 1][1] - downs[0][1]);
  note(`${kind}|${side}|last release → answer`, end - ups[ups.length - 1][1]);
  note(`${kind}|${side}|whole call`, end - start);
};
try {
  await tw.call("navigate", { url: site.url("click-log.html") });
  await tw.call("screenshot", {});
  await pw.page.goto(site.url("click-log.html"));
  const at = { type: "coordinate", x: 300, y: 300 };
  for (let i = 0; i < RUNS; i++) {
    for (const [kind, clicks] of [["left_click", 1], ["double_click", 2]]) {
      await pause();
      let start = now();
      await tw.call(kind, { target: at });
      let end = now();
      const ours = JSON.parse((await tw.call("javascript_exec", { text: "JSON.stringify(clickLog.splice(0))" }, CONFIGS)).content[0].text);
      record("tabwright", kind, start, end, ours);
      await pause();
      start = now();
      // The peer as the members benchmark runs it: the click, then the title for its report.
      await pw.page.mouse.click(300, 300, { clickCount: clicks });
      await pw.page.title();
      end = now();
      record("Playwright", kind, start, end, await pw.page.evaluate(() => clickLog.splice(0)));
    }
  }
} finally {
  await tw.close();
  await pw.close();
  site.close();
}
console.log(`Median milliseconds of ${RUNS} clicks of each kind, at one point of click-log.html.\n`);
console.log("| click | span | tabwright | Playwright |\n|---|---|---|---|");
for (const kind of ["left_click", "double_click"]) {
  for (const span of ["call → first press", "first press → last release", "last release → answer", "whole call"]) {
    const a = spans.get(`${kind}|tabwright|${span}`) || [];
    const b = spans.get(`${kind}|Playwright|${span}`) || [];
    console.log(`| ${kind} | ${span} | ${a.length ? median(a).toFixed(2) : "–"} | ${b.length ? median(b).toFixed(2) : "–"} |`);
  }
}
