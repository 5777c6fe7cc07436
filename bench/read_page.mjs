// read_page vs Playwright's aria snapshot, side by side on the same pages and the same Chromium.
// Usage: node bench/read_page.mjs   (cargo xtask bench runs it after building)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serveFixtures, serveDir, corpus, startTabwright, startPlaywright, median, timed } from "./lib.mjs";

const FIXTURES = ["article.html", "form.html", "shop.html", "landmarks.html", "controls.html", "clickables.html", "spa.html", "shadow.html"];
// The widget-library corpus (tests/corpus; its npm packages come from `npm ci` there).
const CORPUS = ["jqueryui/autocomplete.html", "jqueryui/accordion.html", "jqueryui/tabs.html", "jqueryui/datepicker.html?open=1", "jqueryui/dialog.html", "bootstrap/team.html", "react/app.html", "react/signup.html", "react/inbox.html", "react/framed.html", "jquery/task.html", "jquery/cart.html", "solid/tags.html", "svelte/list.html", "grid/orders.html", "editor/notes.html", "pickers/booking.html", "mui/trip.html", "antd/order.html", "shoelace/settings.html", "tomselect/order.html", "datatables/staff.html", "elementplus/shipment.html", "editor/snippets.html", "editor/richtext.html", "sliders/filters.html", "dnd/board.html", "swiper/featured.html", "aggrid/stock.html", "vuetify/settings.html", "fomantic/checkout.html", "radix/settings.html", "calendar/rooms.html", "material/profile.html", "fluent/order.html", "ionic/booking.html"];
const RUNS = Number(process.env.RUNS || 7);

const fixtureSite = await serveFixtures();
const corpusSite = existsSync(join(corpus, "node_modules", "jquery")) ? await serveDir(corpus) : null;
if (!corpusSite) console.error("tests/corpus/node_modules is missing (npm ci there): corpus pages skipped");
// The 10,000-element page goes last: its `all` read hands out some 10,000 refs, and refs are
// numbered for the whole session, so every page read after it would carry 5-digit refs.
// ONLY=a.html,b/c.html measures only those pages.
const ONLY = process.env.ONLY ? process.env.ONLY.split(",") : null;
const PAGES = [...FIXTURES.map((p) => [p, fixtureSite.url(p)]), ...(corpusSite ? CORPUS.map((p) => [p, corpusSite.url(p)]) : []), ["big.html", fixtureSite.url("big.html")]].filter(([p]) => !ONLY || ONLY.includes(p));
const site = { close: () => { fixtureSite.close(); corpusSite?.close(); } };
const tw = await startTabwright();
const pw = await startPlaywright();
const rows = [];
const textOf = (result) => result.content.filter((b) => b.type === "text").map((b) => b.text).join("\n");
const ROLE_LINE = /^\s*- (link|button|textbox|searchbox|checkbox|radio|combobox|slider|spinbutton|switch|tab|menuitem|option)\b(.*)$/;

for (const [page, url] of PAGES) {
  await pw.page.goto(url);
  await tw.call("navigate", { url });
  let snapshot = "";
  const pwTimes = await timed(RUNS, async () => {
    snapshot = await pw.page.locator("body").ariaSnapshot();
  });
  // Interactive elements in Playwright's snapshot, and how many carry a name.
  const pwControls = snapshot.split("\n").filter((l) => ROLE_LINE.test(l));
  // What Playwright MCP sends: the snapshot with refs.
  let ai = "";
  const aiTimes = await timed(RUNS, async () => {
    ai = await pw.page.ariaSnapshot({ mode: "ai" });
  });
  const row = { page, pw: { chars: snapshot.length, ms: median(pwTimes), controls: pwControls.length }, ai: { chars: ai.length, ms: median(aiTimes) } };
  for (const [label, input] of [["default", {}], ["interactive", { filter: "interactive" }], ["all", { filter: "all" }]]) {
    let text = "";
    const times = await timed(RUNS, async () => {
      text = textOf(await tw.call("read_page", input));
    });
    const controls = text.split("\n").flatMap((l) => l.split(" · ")).filter((l) => /(^|: )\s*(link|button|textbox|searchbox|checkbox|radio|combobox|slider|spinbutton|switch|tab|menuitem|option) /.test(l.trim()));
    const unnamed = controls.filter((l) => !/(link|button|textbox|searchbox|checkbox|radio|combobox|slider|spinbutton|switch|tab|menuitem|option) "/.test(l)).length;
    row[label] = { chars: text.length, ms: median(times), controls: controls.length, unnamed };
  }
  rows.push(row);
}

await pw.close();
await tw.close();
site.close();

const r2 = (x) => (Math.round(x * 100) / 100).toFixed(2);
const out = [];
out.push("Characters (tokens ≈ chars/4) and median milliseconds per read, same Chromium, same run.");
out.push("PW = `locator('body').ariaSnapshot()`; PW-AI = `page.ariaSnapshot({mode:'ai'})`, the snapshot with refs that Playwright MCP sends.\n");
out.push("| page | PW chars | PW-AI chars | ours default | ÷PW | ÷PW-AI | ours interactive | ÷PW | ÷PW-AI | ours all | ÷PW | ÷PW-AI |");
out.push("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const c = (x) => `${x.chars} | ${r2(x.chars / r.pw.chars)} | ${r2(x.chars / r.ai.chars)}`;
  out.push(`| ${r.page} | ${r.pw.chars} | ${r.ai.chars} | ${c(r.default)} | ${c(r.interactive)} | ${c(r.all)} |`);
}
out.push("\n| page | PW ms | PW-AI ms | ours default ms | ÷PW | ours interactive ms | ÷PW | ours all ms | ÷PW |");
out.push("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const t = (x) => `${x.ms.toFixed(1)} | ${r2(x.ms / r.pw.ms)}`;
  out.push(`| ${r.page} | ${r.pw.ms.toFixed(1)} | ${r.ai.ms.toFixed(1)} | ${t(r.default)} | ${t(r.interactive)} | ${t(r.all)} |`);
}
out.push("\nControls (links, buttons, fields…) listed: PW snapshot / ours `all` / ours `all` without a name");
for (const r of rows) out.push(`- ${r.page}: ${r.pw.controls} / ${r.all.controls} / ${r.all.unnamed}`);
console.log(out.join("\n"));
