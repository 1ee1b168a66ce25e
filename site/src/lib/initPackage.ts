/**
 * Starts one of banksia-core's WebAssembly packages (`wasm/<folder>`, built by
 * wasm/scripts/build.sh): read from disk while the site is built (astro build runs in site/, beside
 * wasm/), fetched as a hashed asset in the browser. Each package's loader awaits this once, so its
 * exports can be called synchronously afterwards.
 */
export async function initPackage(
  folder: string,
  init: () => Promise<unknown>,
  initSync: (source: { module: BufferSource }) => unknown,
): Promise<void> {
  if (import.meta.env.SSR) {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    initSync({ module: readFileSync(resolve(process.cwd(), `../wasm/${folder}/banksia_wasm_bg.wasm`)) });
  } else {
    await init();
  }
}
