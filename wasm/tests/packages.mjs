// Loads the built packages of wasm/packages.json the way the site's build does (initSync from
// the files on disk), so the tests run exactly what is shipped.
import { readFileSync, existsSync } from "node:fs";

/** wasm/packages.json: every package, listed once. */
export const MANIFEST = JSON.parse(readFileSync(new URL("../packages.json", import.meta.url), "utf8"));

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

/** Every package by its manifest name. */
export const packages = Object.fromEntries(
  await Promise.all(MANIFEST.packages.map(async ({ name, dir }) => [name, await load(dir)])),
);

/** The home loan page's package: the calculator's repayment and schedule. */
export const homeLoan = packages["home-loan"];
/** The home loan calculator's tools, fetched after its first answer. */
export const homeLoanTools = packages["home-loan-tools"];
/** The Key Facts Sheet page's package: the home loan package and the sheet. */
export const keyFacts = packages["key-facts-sheet"];
/** What the site's build writes into pages (no page fetches it). */
export const siteFacts = packages["site-facts"];
/** The term deposit pages' package. */
export const termDeposits = packages["term-deposit"];
/** The borrowing power calculator's package. */
export const borrowingPower = packages["borrowing-power"];
/** The stamp duty calculator's package: transfer duty and the cash needed on the day. */
export const stampDuty = packages["stamp-duty"];
/** The offset calculator's package, fetched when the stamp duty page's visitor turns to it. */
export const offset = packages.offset;
/** The account application's package. */
export const application = packages.application;
/** The application's business and tax residency details. */
export const customerDetails = packages["customer-details"];

/** Reads a vector file of core/tests/vectors/, unchanged. */
export function vectors(name) {
  return JSON.parse(readFileSync(new URL(`../../core/tests/vectors/${name}.json`, import.meta.url), "utf8"));
}
