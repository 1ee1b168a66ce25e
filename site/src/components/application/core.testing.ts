/**
 * banksia-core for the wizard's unit and component tests: the same WASM build the site ships,
 * loaded from disk (core.ts would fetch it in a simulated DOM).
 * Used as `vi.mock('./core', () => import('./core.testing'))`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSync } from '../../../../wasm/pkg-application/banksia_wasm.js';

// vitest runs in site/, like astro build.
initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg-application/banksia_wasm_bg.wasm')) });

export * from '../../../../wasm/pkg-application/banksia_wasm.js';
