// What a (re)started service worker pays for the Wasm core before it can answer: compiling the
// module, in V8 as Node.js ships it. Usage: cargo xtask bench wasm_start (after a build)
import { readFileSync } from "node:fs";

const bytes = readFileSync(new URL("../extension/pkg/tabwright_extension_bg.wasm", import.meta.url));
const times = [];
for (let i = 0; i < 15; i++) {
  const start = performance.now();
  await WebAssembly.compile(bytes);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(`tabwright_extension_bg.wasm: ${bytes.length} bytes, compiled in ${times[7].toFixed(1)} ms (median of 15, fastest ${times[0].toFixed(1)} ms)`);
