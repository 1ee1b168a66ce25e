/**
 * banksia-core's loan tools for the home loan calculator: the package `tools` of
 * wasm/packages.json (wasm/pkg-tools: `loanScheduleCsv`, `loanRateRises`, `compareLoans`,
 * `keyFactsSheet`, `termDepositOptions`, `productCatalog`, ...). The calculator imports this module
 * only when it is needed (a dynamic import), so the page's first load is unchanged; the build
 * reads it for the term deposit pages' options and the product catalog. Initialised on import by
 * lib/wasm.ts, the one loader at build time.
 */
import init, { initSync } from '../../../../wasm/pkg-tools/banksia_wasm.js';

if (import.meta.env.SSR) (await import('../../lib/wasm')).fromDisk('pkg-tools', initSync);
else await init();

export * from '../../../../wasm/pkg-tools/banksia_wasm.js';
