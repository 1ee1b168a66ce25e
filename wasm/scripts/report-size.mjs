// Prints the size of each built WebAssembly package, raw and gzip. There is no limit per package:
// budgets are per route (bytes a page needs, time until an island answers), measured in benches/.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const PACKAGES = ["pkg", "pkg-application", "pkg-borrowing", "pkg-tools"];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const pkg of PACKAGES) {
  const path = new URL(`../${pkg}/banksia_wasm_bg.wasm`, import.meta.url);
  if (!existsSync(path)) {
    console.log(`${pkg}/banksia_wasm_bg.wasm: not built`);
    continue;
  }
  const raw = readFileSync(path);
  const gzip = gzipSync(raw, { level: 9 }).length;
  console.log(`${pkg}/banksia_wasm_bg.wasm: ${kb(raw.length)} raw, ${kb(gzip)} gzip`);
}
