// Prints the size of each built WebAssembly package, raw and gzip, and fails the build when one
// is over the budget (each page downloads one package).
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_GZIP_BYTES = 60 * 1024;
const PACKAGES = ["pkg", "pkg-application", "pkg-borrowing", "pkg-tools"];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let over = false;
for (const pkg of PACKAGES) {
  const path = new URL(`../${pkg}/banksia_wasm_bg.wasm`, import.meta.url);
  if (!existsSync(path)) {
    console.log(`${pkg}/banksia_wasm_bg.wasm: not built`);
    continue;
  }
  const raw = readFileSync(path);
  const gzip = gzipSync(raw, { level: 9 }).length;
  console.log(`${pkg}/banksia_wasm_bg.wasm: ${kb(raw.length)} raw, ${kb(gzip)} gzip (budget ${kb(BUDGET_GZIP_BYTES)} gzip)`);
  if (gzip > BUDGET_GZIP_BYTES) {
    console.error(`${pkg}: WASM size budget exceeded`);
    over = true;
  }
}
if (over) process.exit(1);
