// Every member of browser_toolset_20260801, side by side in one interleaved run:
// - ours: `call` through the agent socket, as a user gets it (socket → bridge → native messaging →
//   extension → CDP → back, rendered by the bridge);
// - the peer: the official TypeScript SDK's browser toolset pipeline (`toolResult`, which renders
//   the same tool_result) with playwright-core driving the same Chromium over CDP.
// Usage: cargo xtask bench           (all runs; writes bench/members.json and BENCHMARKS.md)
//        cargo xtask bench --quick   (CI: fewer runs, compared with bench/members.json)
// Environment: RUNS=n (default 40, quick 7); ONLY=member,member measures only those (and writes no file); BENCH_JSON=file writes the figures; BENCH_MD=file
// rewrites the members section of that markdown file; BENCH_BASELINE=file fails when a member's
// ratio is more than 1.5× its ratio there (measured three times before it counts).
import { writeFileSync, readFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { BetaAbstractBrowserToolset20260801 } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import { serveFixtures, startTabwright, startPlaywright, median } from "./lib.mjs";

const QUICK = !!process.env.QUICK;
// Runs per member of a full benchmark (and of a quick one's second look at a member).
const FULL_RUNS = 40;
const RUNS = Number(process.env.RUNS || (QUICK ? 7 : FULL_RUNS));
const TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(3).slice(0, 100);

/** Playwright as a browser toolset: each member done the way a direct CDP client would. */
class PlaywrightBrowser extends BetaAbstractBrowserToolset20260801 {
  constructor(context, page, upload) {
    const tabs = new Map();
    let opened = [];
    let nextId = 1;
    const idOf = (p) => {
      if (!tabs.has(p)) tabs.set(p, `tab-${nextId++}`);
      return tabs.get(p);
    };
    const self = {};
    super({
      configs: { javascript_exec: { enabled: true }, read_console: { enabled: true }, read_network: { enabled: true }, file_upload: { enabled: true } },
      confirm: () => true,
      filePolicy: {
        resolveUploadPaths: (_ctx, paths) => paths,
        resolveUploadDocuments: (_ctx, ids) => ids,
        isPathVisible: () => false,
      },
      browserState: async () => {
        const pages = self.context.pages();
        const entries = [];
        for (const p of pages) entries.push({ tab_id: idOf(p), title: await p.title(), url: p.url(), ...(p === self.page ? { active: true } : {}) });
        const changes = opened.filter((p) => pages.includes(p)).map((p) => ({ type: "tab_opened", tab_id: idOf(p) }));
        opened = [];
        return changes.length ? { tabs: entries, state_changes: changes } : { tabs: entries };
      },
    });
    Object.assign(self, { context, page });
    this.self = self;
    this.upload = upload;
    this.console = [];
    this.network = [];
    this.idOf = idOf;
    context.on("page", (p) => {
      opened.push(p);
      this.watch(p);
    });
    this.watch(page);
  }
  get page() {
    return this.self.page;
  }
  watch(p) {
    p.on("console", (m) => this.console.push(`${m.type()}: ${m.text()}`));
    p.on("requestfinished", (r) => this.network.push(`${r.method()} ${r.url()}`));
  }
  at(target) {
    return target.type === "ref" ? this.page.locator(`aria-ref=${target.ref}`) : null;
  }
  async point(target) {
    if (target.type === "coordinate") return [target.x, target.y];
    const box = await this.at(target).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  }
  async click(input, options) {
    const [x, y] = await this.point(input.target);
    await this.page.mouse.click(x, y, options);
  }
  async navigate(_ctx, input) {
    const page = this.page;
    const r = input.url === "back" ? await page.goBack() : input.url === "forward" ? await page.goForward() : input.url === "reload" ? await page.reload() : await page.goto(input.url);
    return { url: page.url(), title: await page.title(), status: r?.status() };
  }
  async screenshot() {
    return { data: (await this.page.screenshot({ type: "jpeg", quality: 80 })).toString("base64"), mediaType: "image/jpeg" };
  }
  // A zoom shows the region in more detail than the screenshot did: both sides render it
  // magnified so its long edge is 1,024 pixels (at most 8×), which Playwright's own screenshot
  // cannot do, so the peer asks CDP for it as a direct client would.
  async zoom(_ctx, input) {
    const [x0, y0, x1, y1] = input.region;
    const [width, height] = [x1 - x0, y1 - y0];
    const scale = Math.max(1, Math.min(8, 1024 / Math.max(width, height)));
    this.sessions ??= new WeakMap();
    if (!this.sessions.has(this.page)) this.sessions.set(this.page, await this.self.context.newCDPSession(this.page));
    // The clip is in page coordinates: the viewport's scroll offset is added, as ours does.
    const [px, py] = await this.page.evaluate(() => [visualViewport.pageLeft, visualViewport.pageTop]);
    const shot = await this.sessions.get(this.page).send("Page.captureScreenshot", { format: "jpeg", quality: 80, clip: { x: px + x0, y: py + y0, width, height, scale } });
    return { data: shot.data, mediaType: "image/jpeg" };
  }
  left_click(_c, i) { return this.click(i); }
  right_click(_c, i) { return this.click(i, { button: "right" }); }
  middle_click(_c, i) { return this.click(i, { button: "middle" }); }
  double_click(_c, i) { return this.click(i, { clickCount: 2 }); }
  triple_click(_c, i) { return this.click(i, { clickCount: 3 }); }
  async hover(_c, i) {
    const [x, y] = await this.point(i.target);
    await this.page.mouse.move(x, y);
  }
  async mouse_move(_c, i) { await this.page.mouse.move(...(await this.point(i.target))); }
  async left_mouse_down(_c, i) {
    await this.page.mouse.move(...(await this.point(i.target)));
    await this.page.mouse.down();
  }
  async left_mouse_up(_c, i) {
    await this.page.mouse.move(...(await this.point(i.target)));
    await this.page.mouse.up();
  }
  async left_click_drag(_c, i) {
    const m = this.page.mouse;
    await m.move(...(await this.point(i.from)));
    await m.down();
    await m.move(...(await this.point(i.target)), { steps: 2 });
    await m.up();
  }
  async scroll(_c, i) {
    const [x, y] = await this.point(i.target);
    await this.page.mouse.move(x, y);
    const d = 100 * (i.scroll_amount ?? 3);
    const [dx, dy] = { up: [0, -d], down: [0, d], left: [-d, 0], right: [d, 0] }[i.scroll_direction];
    await this.page.mouse.wheel(dx, dy);
  }
  async scroll_to(_c, i) { await this.at(i.target).scrollIntoViewIfNeeded(); }
  async type_(_c, i) { await this.page.keyboard.type(i.text); }
  async key(_c, i) {
    const name = (k) => ({ ctrl: "Control", cmd: "Meta", alt: "Alt", shift: "Shift", return: "Enter", esc: "Escape" })[k.toLowerCase()] || (k.length === 1 ? k : k[0].toUpperCase() + k.slice(1));
    for (let n = 0; n < (i.repeat ?? 1); n++) for (const chord of i.text.split(" ")) await this.page.keyboard.press(chord.split("+").map(name).join("+"));
  }
  async hold_key(_c, i) {
    await this.page.keyboard.down(i.text);
    await new Promise((ok) => setTimeout(ok, i.duration * 1000));
    await this.page.keyboard.up(i.text);
  }
  async form_input(_c, i) {
    const el = this.at(i.target);
    const tag = await el.evaluate((e) => e.localName + ":" + (e.type || ""));
    if (tag.startsWith("select")) await el.selectOption(String(i.value));
    else if (tag.endsWith("checkbox") || tag.endsWith("radio")) await el.setChecked(i.value === true || i.value === "true");
    else await el.fill(String(i.value));
  }
  async read_page(_c, i) {
    return i.ref ? await this.at({ type: "ref", ref: i.ref }).ariaSnapshot({ mode: "ai" }) : await this.page.ariaSnapshot({ mode: "ai" });
  }
  async find(_c, i) {
    const words = i.query.toLowerCase().split(/\W+/).filter(Boolean);
    const lines = (await this.page.ariaSnapshot({ mode: "ai" })).split("\n").filter((l) => l.includes("[ref=") && words.some((w) => l.toLowerCase().includes(w)));
    return lines.slice(0, 20).join("\n") || "No match.";
  }
  async get_page_text() { return await this.page.evaluate(() => document.body.innerText); }
  async wait(_c, i) { await new Promise((ok) => setTimeout(ok, i.duration * 1000)); }
  async file_upload(_c, i) { await this.at(i.target).setInputFiles(i.paths); }
  read_console() { return this.console.splice(0).join("\n") || "No console entries."; }
  read_network() { return this.network.splice(0).join("\n") || "No requests."; }
  async javascript_exec(_c, i) { return String(await this.page.evaluate(i.text)); }
  async new_tab() {
    const p = await this.self.context.newPage();
    this.self.page = p;
    return { tab_id: this.idOf(p), title: "", url: p.url(), active: true };
  }
  async list_tabs() {
    return Promise.all(this.self.context.pages().map(async (p) => ({ tab_id: this.idOf(p), title: await p.title(), url: p.url(), ...(p === this.page ? { active: true } : {}) })));
  }
  async switch_tab(_c, i) {
    const p = this.self.context.pages().find((p) => this.idOf(p) === i.tab_id);
    await p.bringToFront();
    this.self.page = p;
    return { tab_id: i.tab_id, title: await p.title(), url: p.url(), active: true };
  }
  async close_tab(_c, i) {
    const p = this.self.context.pages().find((p) => this.idOf(p) === i.tab_id);
    await p.close();
    if (p === this.page) this.self.page = this.self.context.pages()[0];
  }
}

const site = await serveFixtures();
const upload = mkdtempSync(join(tmpdir(), "tabwright-bench-upload-"));
writeFileSync(join(upload, "note.txt"), "hello");
const policy = join(upload, "policy.json");
writeFileSync(policy, JSON.stringify({ upload_roots: [upload], auto_approve: ["javascript_exec", "file_upload"], ...(process.env.NOOVERLAY ? { overlay: false } : {}) }));
const tw = await startTabwright({ extra: ["--policy", policy] });
const pw = await startPlaywright();
const peer = new PlaywrightBrowser(pw.page.context(), pw.page, upload);
const CONFIGS = { javascript_exec: { enabled: true }, read_console: { enabled: true }, read_network: { enabled: true }, file_upload: { enabled: true } };

let n = 0;
const ours = async (name, input) => {
  const r = await tw.call(name, input, CONFIGS);
  if (r.is_error) throw new Error(`ours ${name}: ${JSON.stringify(r.content).slice(0, 300)}`);
  return r;
};
const theirs = async (name, input) => {
  const r = await peer.toolResult({ type: "tool_use", id: `toolu_peer_${n++}`, name, input, toolset_name: "browser" });
  if (r.is_error) throw new Error(`peer ${name}: ${JSON.stringify(r.content).slice(0, 300)}`);
  return r;
};
const textOf = (r) => (Array.isArray(r.content) ? r.content : [{ type: "text", text: r.content }]).filter((b) => b.type === "text").map((b) => b.text).join("\n");
const refIn = (text, pattern, re) => {
  const line = text.split("\n").find((l) => pattern.test(l) && re.test(l));
  if (!line) throw new Error(`no line matching ${pattern} in:\n${text}`);
  return line.match(re)[1];
};
const ourRef = async (pattern) => refIn(textOf(await ours("read_page", { filter: "all" })), pattern, /\[(ref_\d+)\]/);
const peerRef = async (pattern) => refIn(textOf(await theirs("read_page", {})), pattern, /\[ref=(\w+)\]/);

// Each case: a member with its input for both sides (refs differ), prepared on both sides the same way.
const go = { ours: null, theirs: null };
const cases = [];
const add = (name, input, { page = "controls.html", prepare, label } = {}) => cases.push({ name, input, page, prepare, label: label || name });
const ref = (which) => ({ ours: () => ({ type: "ref", ref: go.ours[which] }), theirs: () => ({ type: "ref", ref: go.theirs[which] }) });
const at = (x, y) => ({ type: "coordinate", x, y });
add("navigate", { url: () => site.url("one.html") }, { page: "two.html" });
add("screenshot", {});
add("screenshot", {}, { page: "article.html", prepare: "load", label: "screenshot (right after navigate)" });
add("zoom", { region: [0, 0, 400, 300] });
add("left_click", { target: at(300, 420) }, { label: "left_click (coordinate)" });
add("left_click", { target: ref("go") }, { label: "left_click (ref)" });
add("right_click", { target: at(300, 420) });
add("middle_click", { target: at(300, 420) });
add("double_click", { target: at(300, 420) });
add("triple_click", { target: ref("out") });
add("hover", { target: ref("go") });
add("mouse_move", { target: at(200, 200) });
add("left_mouse_down", { target: at(250, 250) });
add("left_mouse_up", { target: at(250, 250) });
add("left_click_drag", { from: at(100, 100), target: at(200, 160) });
add("scroll", { target: at(300, 300), scroll_direction: "down", scroll_amount: 1 });
add("scroll_to", { target: ref("go") });
add("type", { text: TEXT }, { prepare: "bio", label: "type (100 chars)" });
add("key", { text: "Tab" });
// The key an agent most often sends: Enter right behind the words it typed (here into a plain
// text area, where it starts a line).
add("key", { text: "Return" }, { prepare: "typed", label: "key (Return right after type)" });
add("hold_key", { text: "Shift", duration: 0.1 });
add("wait", { duration: 0.1 });
add("form_input", { target: ref("name"), value: "Ada Lovelace" });
add("read_page", {}, { page: "article.html" });
// The read an agent most often sends: the first one of a page it just went to.
add("read_page", {}, { page: "article.html", prepare: "load", label: "read_page (right after navigate)" });
add("find", { query: "Go button" });
add("get_page_text", {}, { page: "article.html" });
add("file_upload", { target: ref("file"), paths: () => [join(upload, "note.txt")] });
add("javascript_exec", { text: "document.title" });
add("read_console", {}, { page: "console.html" });
add("read_network", {}, { page: "article.html" });
add("new_tab", {}, { label: "new_tab (then close_tab)" });
add("list_tabs", {});
add("switch_tab", { tab_id: "$first" });
add("close_tab", { tab_id: "$new" });

const resolve = (input, side, tabs) => {
  const out = {};
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === "function") out[k] = v();
    else if (v && typeof v === "object" && (v.ours || v.theirs)) out[k] = v[side]();
    else if (v === "$first") out[k] = tabs.first;
    else if (v === "$new") out[k] = tabs.extra;
    else out[k] = v;
  }
  return out;
};

let currentPage = null;
async function measure(list, runs) {
  const results = [];
  for (const c of list) {
    if (c.page !== currentPage) {
      await ours("navigate", { url: site.url(c.page) });
      await theirs("navigate", { url: site.url(c.page) });
      currentPage = c.page;
      if (c.page === "controls.html") {
        const names = { go: /button "Go"/, out: /paragraph|text "clicked|out/, name: /textbox "Name"/, file: /button "Upload"|"Upload"/, bio: /textbox "Bio"/ };
        go.ours = {};
        go.theirs = {};
        for (const [k, pattern] of Object.entries(names)) {
          try {
            go.ours[k] = await ourRef(k === "out" ? /button "Go"/ : pattern);
            go.theirs[k] = await peerRef(k === "out" ? /button "Go"/ : pattern);
          } catch (e) {
            console.error(`no ${k}: ${e.message.slice(0, 2000)}`);
          }
        }
      }
    }
    const sides = { ours: [], theirs: [] };
    // Interleaved: ours, peer, ours, peer… after one warm-up each.
    for (let i = 0; i <= runs; i++) {
      for (const side of ["ours", "theirs"]) {
        const call = side === "ours" ? ours : theirs;
        const tabs = {};
        if (c.name === "switch_tab" || c.name === "close_tab") {
          const listed = await call("list_tabs", {});
          const block = listed.content.find((b) => b.type === "browser_state") || listed.content[0];
          const ids = (block.tabs || []).map((t) => t.tab_id);
          tabs.first = ids[0];
          if (c.name === "close_tab") {
            const opened = await call("new_tab", {});
            const st = opened.content.find((b) => b.type === "browser_state");
            tabs.extra = st ? st.tabs.find((t) => t.active).tab_id : ids[ids.length - 1];
          }
        }
        // A new document each time (its address differs), loaded outside the timing.
        if (c.prepare === "load") await call("navigate", { url: `${site.url(c.page)}?visit=${i}` });
        if (c.prepare === "bio") await call("form_input", { target: side === "ours" ? { type: "ref", ref: go.ours.bio } : { type: "ref", ref: go.theirs.bio }, value: "" });
        if (c.prepare === "typed") {
          await call("left_click", { target: side === "ours" ? { type: "ref", ref: go.ours.bio } : { type: "ref", ref: go.theirs.bio } });
          await call("type", { text: "hi" });
        }
        const input = resolve(c.input, side, tabs);
        // A random pause of up to a frame first: calls that wait for a frame would otherwise lock
        // to the display's phase, and a whole run of one side could land a frame late.
        await new Promise((ok) => setTimeout(ok, Math.random() * 17));
        const t = performance.now();
        await call(c.name, input);
        const ms = performance.now() - t;
        if (i > 0) sides[side].push(ms);
        if (c.name === "new_tab") {
          // Back to one tab, on both sides, outside the timing.
          const listed = await call("list_tabs", {});
          const block = listed.content.find((b) => b.type === "browser_state");
          const active = block.tabs.find((t) => t.active).tab_id;
          await call("close_tab", { tab_id: active });
          await call("switch_tab", { tab_id: block.tabs[0].tab_id });
        }
      }
    }
    results.push({ label: c.label, ours: median(sides.ours), theirs: median(sides.theirs) });
  }
  return results;
}

const ratio = (r) => r.ours / r.theirs;
let results, regressed = [], chromium;
try {
  const only = process.env.ONLY ? process.env.ONLY.split(",") : null;
  results = await measure(only ? cases.filter((c) => only.includes(c.name)) : cases, RUNS);
  // The regression check: a member whose ratio grew more than 1.5× over the committed one is
  // measured again (twice, with as many runs as the full benchmark, as only those members are);
  // it fails only if every measurement says so, since a median of a few milliseconds can move by
  // a frame, and a quick run right after the tests is noisier than the committed one.
  if (process.env.BENCH_BASELINE) {
    const base = JSON.parse(readFileSync(process.env.BENCH_BASELINE, "utf8"));
    // A member far under the peer (a committed ratio of 0.2, say) would fail on a few
    // milliseconds of either side's noise: nothing under 0.8 of the peer counts as regressed.
    const limit = (r) => {
      const b = base.results.find((x) => x.label === r.label);
      return b ? Math.max(1.5 * ratio(b), 0.8) : Infinity;
    };
    regressed = results.filter((r) => ratio(r) > limit(r));
    for (let round = 0; round < 2 && regressed.length; round++) {
      const again = await measure(cases.filter((c) => regressed.some((r) => r.label === c.label)), FULL_RUNS);
      regressed = again.filter((r) => ratio(r) > limit(r)).map((r) => ({ ...r, limit: limit(r) }));
    }
  }
  chromium = pw.browser.version();
} finally {
  await pw.close();
  await tw.close();
  site.close();
}

const r2 = (x) => (Math.round(x * 100) / 100).toFixed(2);
const geo = Math.exp(results.reduce((s, r) => s + Math.log(ratio(r)), 0) / results.length);
const versionOf = (pkg) => JSON.parse(readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url), "utf8")).version;
const versions = { chromium, "playwright-core": versionOf("playwright-core"), "@anthropic-ai/sdk": versionOf("@anthropic-ai/sdk") };
const table = ["| member | tabwright | peer | ratio |", "|---|---|---|---|"];
for (const r of results) table.push(`| ${r.label} | ${r.ours.toFixed(1)} | ${r.theirs.toFixed(1)} | ${r2(ratio(r))} |`);
table.push("", `Geometric mean of the ratios: ${r2(geo)} (${results.length} rows)`);
console.log(`Median milliseconds of ${RUNS} interleaved runs per member (after one warm-up).\n`);
console.log(table.join("\n"));
const date = new Date().toISOString().slice(0, 10);
// A run of some members only never replaces the figures of all of them.
const partial = !!process.env.ONLY;
if (process.env.BENCH_JSON && !partial) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ date, runs: RUNS, versions, geo, results }, null, 1) + "\n");
if (process.env.BENCH_MD && !partial) {
  const md = existsSync(process.env.BENCH_MD) ? readFileSync(process.env.BENCH_MD, "utf8") : "";
  const [begin, end] = ["<!-- members:begin -->", "<!-- members:end -->"];
  const section = [
    begin,
    `Measured ${date} with \`cargo xtask bench\` on Chromium ${chromium} (${cpus().length} cores), against playwright-core ${versions["playwright-core"]} driven through @anthropic-ai/sdk ${versions["@anthropic-ai/sdk"]}'s \`toolResult\`. tabwright is the release build. Median milliseconds of ${RUNS} interleaved runs per member, after one warm-up, each call after a random pause of up to 17 ms (as an agent's calls come after a pause, and so that calls which wait for a frame do not lock to the display's phase).`,
    "",
    ...table,
    end,
  ].join("\n");
  const at = md.indexOf(begin);
  const until = md.indexOf(end);
  const next = at >= 0 && until > at ? md.slice(0, at) + section + md.slice(until + end.length) : `${md.trimEnd()}\n\n${section}\n`;
  writeFileSync(process.env.BENCH_MD, next);
}
if (regressed.length) {
  for (const r of regressed) console.error(`regressed: ${r.label} measured ${r2(ratio(r))}× of the peer three times; the committed figures allow up to ${r2(r.limit)}×`);
  process.exit(1);
}
