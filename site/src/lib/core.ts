/**
 * banksia-core for the home loan and term deposit calculators: the package `calculators` of
 * wasm/packages.json (wasm/pkg), with the TypeScript types of everything that crosses.
 * Importing this module initialises it (lib/wasm.ts, the one loader).
 */
import init, { initSync } from 'banksia-wasm';
import { ready } from './wasm';

await ready('pkg', init, initSync);

export * from 'banksia-wasm';
