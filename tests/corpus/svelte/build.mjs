// Compiles List.svelte to list.js with the Svelte compiler of this corpus's node_modules:
//   node tests/corpus/svelte/build.mjs
// list.js is committed, so the tests need no build step; run this after changing List.svelte.
import { readFileSync, writeFileSync } from "node:fs";
import { compile, VERSION } from "svelte/compiler";

const here = new URL(".", import.meta.url);
const { js } = compile(readFileSync(new URL("List.svelte", here), "utf8"), { generate: "client", name: "List", filename: "List.svelte" });
writeFileSync(new URL("list.js", here), `// Compiled from List.svelte by svelte/compiler ${VERSION} (build.mjs). Do not edit.\n${js.code}`);
