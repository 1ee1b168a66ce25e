/**
 * The loan tools package for component tests: the same WASM build the site ships, loaded from
 * disk. Used as `vi.mock('./toolsCore', () => import('./toolsCore.testing'))`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSync } from '../../../../wasm/pkg-tools/banksia_wasm.js';

// vitest runs in site/, like astro build.
initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg-tools/banksia_wasm_bg.wasm')) });

export * from '../../../../wasm/pkg-tools/banksia_wasm.js';
