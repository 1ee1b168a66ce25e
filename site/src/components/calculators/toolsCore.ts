/**
 * banksia-core's loan tools for the home loan calculator (wasm/pkg-tools, feature `tools`:
 * `loanScheduleCsv`, `loanRateRises`, `compareLoans`, `termDepositOptions`): a package of its own,
 * since the calculators' package has no room left under the 60 KB budget. The calculator imports
 * this module only when it is needed (a dynamic import), so the page's first load is unchanged.
 * At build time (SSR) it is read from disk: the term deposit pages list each term's interest
 * payment options with `termDepositOptions` (termDepositTerms.ts).
 */
import init, { initSync } from '../../../../wasm/pkg-tools/banksia_wasm.js';
import { initPackage } from '../../lib/initPackage';

await initPackage('pkg-tools', init, initSync);

export * from '../../../../wasm/pkg-tools/banksia_wasm.js';
