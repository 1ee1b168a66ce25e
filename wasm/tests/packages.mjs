// Loads the built packages the way the site's build does (initSync from the files on disk),
// so the tests run exactly what is shipped.
import { readFileSync, existsSync } from "node:fs";

async function load(dir) {
  const base = new URL(`../${dir}/`, import.meta.url);
  const wasm = new URL("banksia_wasm_bg.wasm", base);
  if (!existsSync(wasm)) {
    throw new Error(`wasm/${dir} is not built: run wasm/scripts/build.sh`);
  }
  const pkg = await import(new URL("banksia_wasm.js", base).href);
  pkg.initSync({ module: readFileSync(wasm) });
  return pkg;
}

/** The calculators' package (wasm/pkg). */
export const calculators = await load("pkg");
/** The account application's package (wasm/pkg-application). */
export const application = await load("pkg-application");
/** The borrowing power calculator's package (wasm/pkg-borrowing). */
export const borrowing = await load("pkg-borrowing");
/** The loan tools' package (wasm/pkg-tools): rate rises, two loans compared, CSV, term deposit options. */
export const tools = await load("pkg-tools");

/** Reads a vector file of core/tests/vectors/, unchanged. */
export function vectors(name) {
  return JSON.parse(readFileSync(new URL(`../../core/tests/vectors/${name}.json`, import.meta.url), "utf8"));
}
