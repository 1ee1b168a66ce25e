/**
 * banksia-core's loan tools for the home loan calculator (wasm/pkg-tools, feature `tools`:
 * `loanScheduleCsv`, `loanRateRises`, `compareLoans`, `termDepositOptions`): a package of its own,
 * since the calculators' package has no room left under the 60 KB budget. The calculator imports
 * this module only when it is needed (a dynamic import), so the page's first load is unchanged.
 * At build time (SSR) it is read from disk: the term deposit pages list each term's interest
 * payment options with `termDepositOptions` (termDepositTerms.ts).
 */
import init, { initSync } from '../../../../wasm/pkg-tools/banksia_wasm.js';

if (import.meta.env.SSR) {
  const { readFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  // astro build runs in site/; the package is built into wasm/pkg-tools/ beside it.
  initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg-tools/banksia_wasm_bg.wasm')) });
} else {
  await init();
}

export * from '../../../../wasm/pkg-tools/banksia_wasm.js';
