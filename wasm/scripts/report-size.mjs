// Prints the size of each built WebAssembly package (wasm/packages.json), raw and gzip. There is
// no limit per package: budgets are per route (bytes a page needs, time until an island answers),
// measured in benches/.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const { packages } = JSON.parse(readFileSync(new URL("../packages.json", import.meta.url), "utf8"));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const { dir } of packages) {
  const path = new URL(`../${dir}/banksia_wasm_bg.wasm`, import.meta.url);
  if (!existsSync(path)) {
    console.log(`${dir}/banksia_wasm_bg.wasm: not built`);
    continue;
  }
  const raw = readFileSync(path);
  const gzip = gzipSync(raw, { level: 9 }).length;
  console.log(`${dir}/banksia_wasm_bg.wasm: ${kb(raw.length)} raw, ${kb(gzip)} gzip`);
}
