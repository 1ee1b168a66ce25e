/**
 * banksia-core for the calculators' component tests: the same WASM build the site ships, loaded
 * from disk (tests run in a simulated DOM, where lib/core.ts would try to fetch it).
 * Used as `vi.mock('../../lib/core', () => import('./core.testing'))`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSync } from '../../../../wasm/pkg/banksia_wasm.js';

// vitest runs in site/, like astro build.
initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg/banksia_wasm_bg.wasm')) });

export * from '../../../../wasm/pkg/banksia_wasm.js';
