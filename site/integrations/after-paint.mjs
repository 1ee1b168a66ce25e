// @ts-check
/**
 * `client:after-paint`: an island hydrates once the page's own HTML has been painted and parsed.
 * Its downloads have started by then: the build puts every module the island imports and every
 * `.wasm` it fetches as `<link>` preloads inside a `<template data-island-preloads>` in <head>
 * (island-preloads.mjs), where the browser's preload scanner leaves them alone, and a few bytes of
 * inline script after it move them into <head> at the first contentful paint, without waiting for
 * this directive's own file to arrive. The island's first render is in the HTML, so nothing a
 * visitor sees waits for the script, and on a slow link the document and its first paint get the
 * bandwidth to themselves instead of sharing it with the island's scripts and banksia-core's
 * WebAssembly.
 *
 * Astro inlines this function into each page with an island, and island-preloads.mjs then moves it
 * into a deferred file of its own, so it stays small and has no imports.
 */

/** @type {import('astro').ClientDirective} */
export default async function afterPaint(load) {
  // The page's first contentful paint, as the browser reports it once the frame is on screen (on a
  // busy device that can be well after the frame was produced); at once where it is not reported,
  // and after three seconds at most, since a browser may leave out the paint of a page that was
  // hidden (opened in a background tab) while it loaded.
  const painted = new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve(undefined);
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve(undefined);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(resolve, 3000);
  });
  // ...and the whole document parsed (`DOMContentLoaded`), so the island never hydrates beside
  // HTML still arriving. Not `load`, which also waits for the page's own scripts and images: on a
  // phone profile that held every island's downloads 0.2 to 0.3 s longer (benches/README.md).
  const parsed = new Promise((resolve) => {
    if (document.readyState !== 'loading') resolve(undefined);
    else addEventListener('DOMContentLoaded', resolve, { once: true });
  });
  await Promise.all([painted, parsed]);
  const hydrate = await load();
  // The island's scripts and WebAssembly finish loading in one task and it hydrates in the next,
  // so the two never add up to one long task (the next at once where `scheduler.yield` puts it
  // ahead of other queued work, as src/components/wake.ts's `nextTask`).
  const scheduler = /** @type {{ scheduler?: { yield?: () => Promise<void> } }} */ (/** @type {unknown} */ (globalThis)).scheduler;
  await (typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
  await hydrate();
}
