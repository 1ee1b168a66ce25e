/**
 * banksia-core for the wizard: the account application's WASM package (wasm/pkg-application,
 * built with the `application` feature: `validateStep`, `validateApplication`,
 * `normaliseApplication`, `formOptions`, `bankToday`, `stepFields`, `fieldLabel`, `formatAud`,
 * `isValidReference`, `referenceFromRandom`, and the TypeScript types of everything that crosses,
 * the API's answers included), kept apart from the calculators' package so each page
 * downloads only the half of core it uses. Importing this module initialises it, so every
 * export can be called synchronously afterwards: read from disk at build time (the step 1 HTML
 * is rendered with core's options), fetched as a hashed asset in the browser (lib/wasm.ts, the
 * one loader; the package `application` of wasm/packages.json).
 */
import init, { initSync } from '../../../../wasm/pkg-application/banksia_wasm.js';

if (import.meta.env.SSR) (await import('../../lib/wasm')).fromDisk('pkg-application', initSync);
else await init();

export * from '../../../../wasm/pkg-application/banksia_wasm.js';
