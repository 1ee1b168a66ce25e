/**
 * The one loader of banksia-core's WebAssembly packages (listed once in wasm/packages.json, each
 * built into wasm/<dir>/). Each page's module (lib/core.ts for the calculators,
 * components/calculators/toolsCore.ts and borrowingCore.ts, components/application/core.ts)
 * imports its package's `init` and `initSync` and awaits `ready` once, so every export can be
 * called synchronously afterwards: at build time (SSR) the .wasm is read from disk, in the
 * browser it is fetched as a hashed asset (the package's own URL, which Vite rewrites).
 */
export async function ready(dir: string, init: () => Promise<unknown>, initSync: (options: { module: BufferSource }) => unknown): Promise<void> {
  if (import.meta.env.SSR) {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    // astro build runs in site/; the packages are built into wasm/ beside it.
    initSync({ module: readFileSync(resolve(process.cwd(), '..', 'wasm', dir, 'banksia_wasm_bg.wasm')) });
  } else {
    await init();
  }
}
