/**
 * The one loader of banksia-core's WebAssembly packages at build time (wasm/packages.json, each
 * built into wasm/<dir>/). Each page's module (lib/core.ts for the calculators,
 * components/calculators/toolsCore.ts and borrowingCore.ts, components/application/core.ts)
 * imports its package's `init` and `initSync` and, at build time (SSR), imports this module and
 * calls `fromDisk`; in the browser it awaits the package's own `init()`, which fetches the .wasm
 * as a hashed asset (Vite rewrites its URL). This module is imported only under
 * `import.meta.env.SSR`, so it never becomes a chunk of its own in the browser.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Initialises the package of `dir` from its .wasm on disk (astro build runs in site/). */
export function fromDisk(dir: string, initSync: (options: { module: BufferSource }) => unknown): void {
  initSync({ module: readFileSync(resolve(process.cwd(), '..', 'wasm', dir, 'banksia_wasm_bg.wasm')) });
}
