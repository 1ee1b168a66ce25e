/**
 * banksia-core for the borrowing power calculator: its own WASM package (wasm/pkg-borrowing,
 * feature `borrowing`: `borrowingPower`, `formatAud`), kept apart from the calculators' package
 * (which has no room left under the 60 KB budget) so the page downloads only what it uses.
 * Importing this module initialises it: read from disk at build time (the figure is in the
 * HTML), fetched as a hashed asset in the browser.
 */
import init, { initSync } from '../../../../wasm/pkg-borrowing/banksia_wasm.js';

if (import.meta.env.SSR) {
  const { readFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  // astro build runs in site/; the package is built into wasm/pkg-borrowing/ beside it.
  initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg-borrowing/banksia_wasm_bg.wasm')) });
} else {
  await init();
}

export * from '../../../../wasm/pkg-borrowing/banksia_wasm.js';
