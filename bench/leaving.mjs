// Leaving a page that sends the tab on by itself: a navigate to another page while the page
// being left hops between two addresses (each hop asked for by the page before it loads),
// tabwright against Playwright's page.goto on the same Chromium, in one run. For each side: how
// long the navigate took (median and 90th percentile) and how often the tab stayed on the page
// asked for, 300 ms after the navigate answered (the page's own hop can commit after ours), and
// how often the navigate itself failed.
//
//   cargo xtask bench leaving         (RUNS=n, default 40 per side, some 2 minutes)
//   BASELINE=/tmp/old cargo xtask bench leaving   (and another build's extension, side by side)
import { serveFixtures, startTabwright, startPlaywright, median } from "./lib.mjs";

const RUNS = Number(process.env.RUNS || 40);
const site = await serveFixtures();
const target = site.url("one.html");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

function tabwrightSide(name, tw) {
  return {
    name,
    start: () => tw.call("navigate", { url: site.url("pingpong.html?late") }),
    leave: async () => {
      const r = await tw.call("navigate", { url: target });
      return !r.is_error;
    },
    where: async () => (await tw.call("list_tabs", {})).content.find((b) => b.type === "browser_state")?.tabs?.find((t) => t.active)?.url,
    close: () => tw.close(),
  };
}

const sides = [tabwrightSide("tabwright", await startTabwright())];
if (process.env.BASELINE) sides.push(tabwrightSide("baseline", await startTabwright({ extra: ["--extension", process.env.BASELINE] })));
const pw = await startPlaywright();
sides.push({
  name: "playwright",
  start: () => pw.page.goto(site.url("pingpong.html?late")),
  // (Its wait for the page's load is cut to 10 s: a hop that replaced ours never loads.)
  leave: () => pw.page.goto(target, { timeout: 10_000 }).then(() => true, () => false),
  // (Each round gets a new page, and the old one is closed, so one it left hopping does not
  // take the next round's time. After a goto that was interrupted, Playwright's page.close()
  // can hang for minutes: it is given a second, and the round goes on; such a page may hop on in
  // Playwright's own browser until its close ends.)
  where: async () => {
    const url = pw.page.url();
    const old = pw.page;
    pw.page = await pw.browser.contexts()[0].newPage();
    await Promise.race([old.close().catch(() => {}), sleep(1000)]);
    return url;
  },
  close: () => pw.close(),
});

const results = Object.fromEntries(sides.map((s) => [s.name, { ms: [], stayed: 0, errors: 0 }]));
try {
  for (let i = 0; i < RUNS; i++) {
    // The same moments of the back and forth for every side, in turn.
    const wait = 150 + ((i * 37) % 250);
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      await side.start();
      await sleep(wait);
      const t = performance.now();
      const ok = await side.leave();
      results[side.name].ms.push(performance.now() - t);
      await sleep(300);
      const url = await side.where();
      if (!ok) results[side.name].errors++;
      if (url === target) results[side.name].stayed++;
      if (process.env.V) console.log(i, side.name, ok, (performance.now() - t).toFixed(0), url);
    }
  }
} finally {
  for (const s of sides) await s.close();
  site.close();
}
console.log(`Leaving a page that sends the tab on by itself, ${RUNS} navigates a side:`);
console.log("| side | median ms | p90 ms | stayed on the page asked for | errors |");
console.log("|---|---|---|---|---|");
for (const [name, r] of Object.entries(results)) {
  console.log(`| ${name} | ${median(r.ms).toFixed(0)} | ${p90(r.ms).toFixed(0)} | ${r.stayed}/${RUNS} | ${r.errors} |`);
}
