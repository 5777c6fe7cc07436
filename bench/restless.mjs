// A read right behind a click, on a page that never holds still (a clock ticking every 20 ms, a
// ticker tape and an SVG a script moves every frame, a title that counts) and on the same page
// holding still (`?still`), tabwright against Playwright on the same Chromium, in one run. For
// each click: how long the read right behind it took, and whether it held what the click brought
// (a counter's new number; a panel a script slides open over 240 ms and then fills; ten rows
// added a frame at a time). Playwright reads at once (`ariaSnapshot({mode: "ai"})`): it is fast,
// and misses what the page draws over the next frames. A wait for the page to hold still would
// wait for its whole time on the restless page, after every click; one for every animation
// the click set going would wait for a button's ripple.
//
//   cargo xtask bench restless         (RUNS=n, default 15 per click and page)
//   BASELINE=/tmp/old cargo xtask bench restless   (and another build's extension, side by side)
import { serveFixtures, startTabwright, startPlaywright, median } from "./lib.mjs";

const RUNS = Number(process.env.RUNS || 15);
const site = await serveFixtures();
// (`?ripple`: buttons whose colours fade under the pointer and a ripple spreads from the press,
// as Bootstrap's and Material UI's do.)
const PAGES = ["restless.html", "restless.html?still", "restless.html?still&ripple"];
const CLICKS = [
  { button: "Place order", holds: (n) => `Orders placed: ${n}` },
  { button: "Open details", holds: () => "Details ready" },
  { button: "Load positions", holds: () => "Position 10" },
];
const textOf = (result) => result.content.filter((b) => b.type === "text").map((b) => b.text).join("\n");
const pause = () => new Promise((r) => setTimeout(r, Math.random() * 17));

const sides = [{ name: "tabwright", tw: await startTabwright() }];
if (process.env.BASELINE) sides.push({ name: "baseline", tw: await startTabwright({ extra: ["--extension", process.env.BASELINE] }) });
const pw = await startPlaywright();
const figures = new Map();
const note = (key, ms, held) => {
  const f = figures.get(key) || { ms: [], held: 0 };
  f.ms.push(ms);
  f.held += held ? 1 : 0;
  figures.set(key, f);
};
try {
  for (const page of PAGES) {
    // Each side's own count of orders placed, and the refs (or points) of the buttons.
    const at = new Map();
    for (const side of sides) {
      await side.tw.call("navigate", { url: site.url(page) });
      const read = textOf(await side.tw.call("read_page", {}));
      const refs = {};
      for (const { button } of CLICKS) {
        const ref = new RegExp(`button "${button}" \\[(ref_\\d+)\\]`).exec(read)?.[1];
        if (!ref) throw new Error(`no ref for ${button} in:\n${read}`);
        refs[button] = ref;
      }
      at.set(side.name, { refs, placed: 0 });
    }
    await pw.page.goto(site.url(page));
    const points = {};
    for (const { button } of CLICKS) {
      const box = await pw.page.getByRole("button", { name: button }).boundingBox();
      points[button] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    let pwPlaced = 0;
    for (let i = 0; i < RUNS; i++) {
      for (const { button, holds } of CLICKS) {
        for (const side of sides) {
          const own = at.get(side.name);
          await pause();
          await side.tw.call("left_click", { target: { type: "ref", ref: own.refs[button] } });
          if (button === "Place order") own.placed++;
          const t = performance.now();
          const read = textOf(await side.tw.call("read_page", {}));
          note(`${page}|${button}|${side.name}`, performance.now() - t, read.includes(holds(own.placed)));
        }
        await pause();
        await pw.page.mouse.click(points[button].x, points[button].y);
        if (button === "Place order") pwPlaced++;
        const t = performance.now();
        const read = await pw.page.ariaSnapshot({ mode: "ai" });
        note(`${page}|${button}|playwright`, performance.now() - t, read.includes(holds(pwPlaced)));
      }
    }
  }
} finally {
  for (const side of sides) await side.tw.close();
  await pw.close();
  site.close();
}
const names = [...sides.map((s) => s.name), "playwright"];
console.log(`\nA read right behind a click: median ms of ${RUNS} reads, and how many held what the click brought\n`);
console.log(`| page | click | ${names.map((n) => `${n} ms | held`).join(" | ")} |`);
console.log(`|---|---|${names.map(() => "---|---").join("|")}|`);
for (const page of PAGES) {
  for (const { button } of CLICKS) {
    const cells = names.map((n) => {
      const f = figures.get(`${page}|${button}|${n}`);
      return `${median(f.ms).toFixed(1)} | ${f.held}/${f.ms.length}`;
    });
    console.log(`| ${page} | ${button} | ${cells.join(" | ")} |`);
  }
}
