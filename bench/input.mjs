// Per-member latency through the whole stack, side by side with playwright-core performing the
// same actions on the same pages and the same Chromium, in one run.
// Usage: cargo xtask bench input
import { serveFixtures, startTabwright, startPlaywright, median, p95 } from "./lib.mjs";

const RUNS = Number(process.env.RUNS || 30);
const TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(3).slice(0, 100);

const site = await serveFixtures();
// TABWRIGHT_POLICY=file measures with a policy (e.g. {"overlay": false} for unattended sessions).
const tw = await startTabwright({ extra: process.env.TABWRIGHT_POLICY ? ["--policy", process.env.TABWRIGHT_POLICY] : [] });
const pw = await startPlaywright();

async function sample(fn, before) {
  const out = [];
  for (let i = 0; i < RUNS + 2; i++) {
    if (before) await before();
    const t = performance.now();
    await fn();
    if (i >= 2) out.push(performance.now() - t);
  }
  return out;
}

const must = (r) => {
  if (r.is_error) throw new Error(JSON.stringify(r.content));
  return r;
};
const refOf = async (query, role) => {
  const text = must(await tw.call("find", { query })).content[0].text;
  const line = text.split("\n").find((l) => l.startsWith(role));
  return line.match(/\[(ref_\d+)\]/)[1];
};

await pw.page.goto(site.url("controls.html"));
await tw.call("navigate", { url: site.url("controls.html") });
const go = await refOf("Go button", "button");
const name = await refOf("Name", "textbox");
const bio = await refOf("Bio", "textbox");

const rows = [];
const add = (action, ours, theirs) => rows.push({ action, ours, theirs });

add("left_click (ref)", await sample(async () => must(await tw.call("left_click", { target: { type: "ref", ref: go } }))),
  await sample(() => pw.page.locator("#go").click()));
// The Go button's centre, from the page itself.
const box = await pw.page.locator("#go").boundingBox();
const cx = Math.round(box.x + box.width / 2), cy = Math.round(box.y + box.height / 2);
// Alternate between two points, so both sides really move the pointer each time.
let flip = 0, flop = 0;
add("left_click (coordinate)", await sample(async () => must(await tw.call("left_click", { target: { type: "coordinate", x: cx + (flip ^= 1), y: cy } }))),
  await sample(() => pw.page.mouse.click(cx + (flop ^= 1), cy)));
add("type (100 chars)",
  await sample(async () => must(await tw.call("type", { text: TEXT })), async () => {
    must(await tw.call("form_input", { target: { type: "ref", ref: bio }, value: "" }));
  }),
  await sample(() => pw.page.keyboard.type(TEXT), () => pw.page.locator("#bio").fill("")));
add("key (Tab)", await sample(async () => must(await tw.call("key", { text: "Tab" }))), await sample(() => pw.page.keyboard.press("Tab")));
add("form_input", await sample(async () => must(await tw.call("form_input", { target: { type: "ref", ref: name }, value: "Ada Lovelace" }))),
  await sample(() => pw.page.locator("#name").fill("Ada Lovelace")));
add("screenshot", await sample(async () => must(await tw.call("screenshot", {}))), await sample(() => pw.page.screenshot()));

// PNG vs JPEG on this Chromium, through CDP exactly as the extension captures.
const cdp = await pw.page.context().newCDPSession(pw.page);
const formats = [];
for (const [label, params] of [["png", { format: "png" }], ["jpeg q80", { format: "jpeg", quality: 80 }], ["jpeg q60", { format: "jpeg", quality: 60 }]]) {
  let bytes = 0;
  const times = await sample(async () => {
    const r = await cdp.send("Page.captureScreenshot", params);
    bytes = Math.round((r.data.length * 3) / 4);
  });
  formats.push({ label, bytes, ms: median(times) });
}
// A text page and a photo-like page for the format comparison too.
const busy = [];
for (const page of ["article.html", "photo.html"]) {
  await pw.page.goto(site.url(page));
  for (const [label, params] of [["png", { format: "png" }], ["jpeg q80", { format: "jpeg", quality: 80 }]]) {
    let bytes = 0;
    const times = await sample(async () => {
      const r = await cdp.send("Page.captureScreenshot", params);
      bytes = Math.round((r.data.length * 3) / 4);
    });
    busy.push({ page, label, bytes, ms: median(times) });
  }
}

await pw.close();
await tw.close();
site.close();

const f = (x) => x.toFixed(1);
const r2 = (x) => (Math.round(x * 100) / 100).toFixed(2);
const out = [`Milliseconds per action, ${RUNS} runs each after 2 warm-ups; ours is agent socket → bridge → extension → CDP → back.\n`];
out.push("| action | ours median | ours p95 | Playwright median | Playwright p95 | median ratio | p95 ratio |");
out.push("|---|---|---|---|---|---|---|");
for (const r of rows) {
  const [om, op, tm, tp] = [median(r.ours), p95(r.ours), median(r.theirs), p95(r.theirs)];
  out.push(`| ${r.action} | ${f(om)} | ${f(op)} | ${f(tm)} | ${f(tp)} | ${r2(om / tm)} | ${r2(op / tp)} |`);
}
out.push("\nScreenshot encodings through Page.captureScreenshot (1280×657 viewport):\n");
out.push("| page | format | bytes | median ms |");
out.push("|---|---|---|---|");
for (const x of formats) out.push(`| controls.html | ${x.label} | ${x.bytes} | ${f(x.ms)} |`);
for (const x of busy) out.push(`| ${x.page} | ${x.label} | ${x.bytes} | ${f(x.ms)} |`);
console.log(out.join("\n"));
