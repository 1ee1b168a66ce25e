/**
 * banksia-core for the borrowing power calculator: the package `borrowing` of wasm/packages.json
 * (wasm/pkg-borrowing: `borrowingPower`, `formatAud`, ...). Initialised on import by lib/wasm.ts,
 * the one loader: read from disk at build time (the figure is in the HTML), fetched as a hashed
 * asset in the browser.
 */
import init, { initSync } from '../../../../wasm/pkg-borrowing/banksia_wasm.js';

if (import.meta.env.SSR) (await import('../../lib/wasm')).fromDisk('pkg-borrowing', initSync);
else await init();

export * from '../../../../wasm/pkg-borrowing/banksia_wasm.js';
