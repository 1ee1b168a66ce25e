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

/**
 * The day the built site's rates are of (`data-rates-day` on /rates, `products.ts`'s `ratesDay`):
 * what to ask core's catalog for, so a test expects what the build wrote whatever day it runs.
 */
export function builtRatesDay(): string {
  const html = readFileSync(new URL('../../dist/rates/index.html', import.meta.url), 'utf8');
  const day = /data-rates-day="(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
  if (!day) throw new Error('dist/rates/index.html has no data-rates-day: build the site first');
  return day;
}
