/**
 * The borrowing power package for component tests: the same WASM build the site ships, loaded
 * from disk. Used as `vi.mock('./borrowingCore', () => import('./borrowingCore.testing'))`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSync } from '../../../../wasm/pkg-borrowing/banksia_wasm.js';

// vitest runs in site/, like astro build.
initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg-borrowing/banksia_wasm_bg.wasm')) });

export * from '../../../../wasm/pkg-borrowing/banksia_wasm.js';

export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
