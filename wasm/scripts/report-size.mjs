// Prints the size of the built WebAssembly module, raw and gzip, and fails the build over the budget.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_GZIP_BYTES = 60 * 1024;
const path = new URL("../pkg/banksia_wasm_bg.wasm", import.meta.url);
const raw = readFileSync(path);
const gzip = gzipSync(raw, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`banksia_wasm_bg.wasm: ${kb(raw.length)} raw, ${kb(gzip)} gzip (budget ${kb(BUDGET_GZIP_BYTES)} gzip)`);
if (gzip > BUDGET_GZIP_BYTES) {
  console.error("WASM size budget exceeded");
  process.exit(1);
}
