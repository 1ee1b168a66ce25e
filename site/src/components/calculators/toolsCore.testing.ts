/**
 * banksia-core's loan tools (wasm/pkg-tools) for the calculators' component tests, loaded from
 * disk (toolsCore.ts would fetch it). Used as `vi.mock('./toolsCore', () => import('./toolsCore.testing'))`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSync } from '../../../../wasm/pkg-tools/banksia_wasm.js';

// vitest runs in site/, like astro build.
initSync({ module: readFileSync(resolve(process.cwd(), '../wasm/pkg-tools/banksia_wasm_bg.wasm')) });

export * from '../../../../wasm/pkg-tools/banksia_wasm.js';
