/**
 * banksia-core for the home loan and term deposit calculators: the package `calculators` of
 * wasm/packages.json (wasm/pkg), with the TypeScript types of everything that crosses.
 * Importing this module initialises it (lib/wasm.ts, the one loader at build time).
 */
import init, { initSync } from 'banksia-wasm';

if (import.meta.env.SSR) (await import('./wasm')).fromDisk('pkg', initSync);
else await init();

export * from 'banksia-wasm';
