// A/B: two tabwright builds side by side, calls interleaved, with the peer as a reference.
import { serveFixtures, startTabwright, startPlaywright, median } from "./lib.mjs";
const fx = await serveFixtures();
const bins = [process.env.A, process.env.B];
const tws = [];
// A_EXT / B_EXT: an unpacked extension folder for that side (default: this repository's).
const exts = [process.env.A_EXT, process.env.B_EXT];
// POLICY: a policy file for both sides (javascript_exec, say, runs only when the policy approves it);
// A_POLICY / B_POLICY: one side's own.
const policies = [process.env.A_POLICY || process.env.POLICY, process.env.B_POLICY || process.env.POLICY];
for (const [i, b] of bins.entries()) tws.push(await startTabwright({ bin: b, extra: [...(exts[i] ? ["--extension", exts[i]] : []), ...(policies[i] ? ["--policy", policies[i]] : [])] }));
const pw = await startPlaywright();
const page = process.env.PAGE || "controls.html";
for (const tw of tws) { await tw.call("navigate", { url: fx.url(page) }); await tw.call("screenshot", {}); }
await pw.page.goto(fx.url(page));
const N = +(process.env.N || 60);
// "SITE/" in STEPS stands for the fixture site's address.
const steps = JSON.parse((process.env.STEPS || '[["list_tabs",{}]]').replaceAll("SITE/", fx.url("")));
const pause = () => new Promise((r) => setTimeout(r, Math.random() * 17));
const CONFIGS = { javascript_exec: { enabled: true }, read_console: { enabled: true }, read_network: { enabled: true } };
try {
  for (const [m, input] of steps) {
    const t = [[], []], p = [];
    for (let i = 0; i < N; i++) {
      for (const k of [0, 1]) {
        await pause();
        const s = performance.now();
        const r = await tws[k].call(m, input, CONFIGS);
        t[k].push(performance.now() - s);
        if (r.is_error) throw new Error(`${m} on side ${"AB"[k]}: ${JSON.stringify(r)}`);
      }
      await pause(); const s = performance.now(); await pw.page.title(); p.push(performance.now() - s);
    }
    console.log(m.padEnd(14), "A", median(t[0]).toFixed(2), "B", median(t[1]).toFixed(2), "pw.title", median(p).toFixed(2));
  }
} finally {
  for (const tw of tws) await tw.close().catch((e) => console.error(`closing tabwright: ${e.message}`));
  await pw.close().catch((e) => console.error(`closing Playwright: ${e.message}`));
  fx.close();
}
