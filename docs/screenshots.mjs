// Takes the screenshots in docs/ as a person sees them: a visible (headed) browser under Xvfb,
// captured from the X screen, so the overlay and the popup appear exactly as drawn.
// Usage: xvfb-run -s "-screen 0 1400x900x24" node docs/screenshots.mjs
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "../bench/node_modules/ws/index.js";
import { serveFixtures, startTabwright, root } from "../bench/lib.mjs";

const site = await serveFixtures();
const tw = await startTabwright({ headed: true, extra: ["--browser-arg=--remote-debugging-port=0", "--browser-arg=--window-position=0,0", "--browser-arg=--window-size=1400,900"] });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const shot = (file) => execFileSync("import", ["-window", "root", join(root, "docs", file)]);

await tw.call("navigate", { url: site.url("shop.html") });
const found = (await tw.call("find", { query: "add the blue mug to the cart" })).content[0].text;
const ref = found.match(/\[(ref_\d+)\]/)[1];
await tw.call("hover", { target: { type: "ref", ref } });
await sleep(300);
shot("overlay.png");

// The toolbar popup, opened in a window of its own beside the page.
const [port, path] = readFileSync(join(tw.dir, "profile", "DevToolsActivePort"), "utf8").split("\n");
const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
await new Promise((ok) => ws.once("open", ok));
let id = 0;
const send = (method, params) => new Promise((ok) => {
  const mine = ++id;
  const on = (data) => { const m = JSON.parse(data.toString()); if (m.id === mine) { ws.off("message", on); ok(m.result); } };
  ws.on("message", on);
  ws.send(JSON.stringify({ id: mine, method, params }));
});
const popupUrl = `chrome-extension://ffpodafnojpbkbomhogjkcemhijdghlo/extension/ui/popup.html`;
await send("Target.createTarget", { url: popupUrl, newWindow: true, left: 980, top: 60, width: 420, height: 560 });
await sleep(1500);
shot("popup.png");
ws.close();
await tw.close();
site.close();
console.log("wrote docs/overlay.png and docs/popup.png");
