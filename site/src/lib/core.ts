/**
 * banksia-core in the page and in the build: the calculators' WASM package (wasm/pkg, built from
 * wasm/ by wasm/scripts/build.sh: `repayment`, `loanSchedule`, `termDeposit`, `formatAud`,
 * `isValidReference`, `referenceFromRandom`, and the TypeScript types of everything that crosses).
 * The wizard has its own package and loader (components/application/core.ts), so each page
 * downloads only the half of core it uses.
 * Importing this module initialises it, so every export can be called synchronously afterwards.
 * At build time (SSR) the module is read from disk; in the browser it is fetched as a hashed asset.
 */
import init, { initSync } from 'banksia-wasm';

if (import.meta.env.SSR) {
  const { readFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  // astro build runs in site/; the package is built into wasm/pkg/ beside it.
  initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg/banksia_wasm_bg.wasm')) });
} else {
  await init();
}

export * from 'banksia-wasm';
