import { readFileSync } from 'node:fs';
import { corePackages } from '../../integrations/banksia-core.mjs';

/**
 * A package of banksia-core (`banksia-core/<name>`, wasm/packages.json) initialised from its
 * `.wasm` on disk, so a test works out what a page must show with the very code the page runs.
 */
export function fromDisk<T extends { initSync(options: { module: BufferSource }): unknown }>(name: string, pkg: T): T {
  const found = corePackages().get(name);
  if (!found) throw new Error(`no package named "${name}" in wasm/packages.json`);
  pkg.initSync({ module: readFileSync(new URL(`../../../wasm/${found.dir}/banksia_wasm_bg.wasm`, import.meta.url)) });
  return pkg;
}
