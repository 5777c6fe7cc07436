// What a change did to reading: every fixture and corpus page read by two builds of the
// extension side by side, with the pages whose read differs printed (refs aside) and the count
// of those that read the same. Not a timing.
//
//   BASELINE=/path/to/old-extension cargo xtask bench reading_diff
//
// BASELINE is the root of another build of the extension (a folder with manifest.json,
// extension/js, extension/pkg, extension/page and extension/ui; copy them from a worktree of
// the commit to compare with after its `cargo xtask build --release`). MEMBER picks what is
// compared: read_page (the default), get_page_text, or find (with QUERY). FILTER is read_page's
// filter. A page whose name says it hangs, crashes, floods or loops is left out.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { serveFixtures, serveDir, corpus, fixtures, startTabwright } from "./lib.mjs";

const baseline = process.env.BASELINE;
if (!baseline || !existsSync(join(baseline, "manifest.json"))) {
  console.error("BASELINE must name the root of another build of the extension (the folder with its manifest.json)");
  process.exit(2);
}
const member = process.env.MEMBER || "read_page";
const input = member === "read_page" ? { filter: process.env.FILTER || undefined } : member === "find" ? { query: process.env.QUERY || "the main button" } : {};
const fx = await serveFixtures();
const cs = await serveDir(corpus);
const before = await startTabwright({ extra: ["--extension", baseline] });
const after = await startTabwright();
const textOf = (r) => (r.content || []).filter((b) => b.type === "text").map((b) => b.text).join("\n");
const withoutRefs = (s) => s.replace(/\bref_\d+\b/g, "ref");
const pages = readdirSync(fixtures).filter((f) => f.endsWith(".html") && !/crash|hang|busy|flood|big|pingpong/.test(f)).map((f) => fx.url(f));
for (const dir of readdirSync(corpus, { withFileTypes: true })) {
  if (!dir.isDirectory() || dir.name === "node_modules") continue;
  for (const f of readdirSync(join(corpus, dir.name))) if (f.endsWith(".html")) pages.push(cs.url(`${dir.name}/${f}`));
}
let same = 0;
try {
  for (const url of pages) {
    const reads = [];
    for (const tw of [before, after]) {
      await tw.call("navigate", { url });
      await new Promise((r) => setTimeout(r, 300));
      reads.push(textOf(await tw.call(member, input)));
    }
    if (withoutRefs(reads[0]) === withoutRefs(reads[1])) same++;
    else console.log(`==== ${url}\n--- before\n${reads[0].slice(0, 1500)}\n--- after\n${reads[1].slice(0, 1500)}`);
  }
  console.log(`${member}: the same on ${same} of ${pages.length} pages`);
} finally {
  await before.close();
  await after.close();
  fx.close();
  cs.close();
}
