// @ts-check
/**
 * Islands that never wait: after the build, each page that carries an island gets, in its <head>,
 * a `<link rel="modulepreload">` for every module the island will import and a
 * `<link rel="preload" as="fetch" crossorigin>` for every `.wasm` those modules fetch, so React,
 * the island and banksia-core's WebAssembly download in parallel instead of being discovered one
 * after another (island -> its chunks -> core -> .wasm).
 *
 * The links sit in a `<template data-island-preloads>`: the first paint needs none of them (the
 * island's first render is in the HTML), so they must not take a slow link's bandwidth from the
 * document, nor count into Lighthouse's largest paint (benches/README.md, "Island downloads while
 * the page is parsed"). An inline script right after the template (`START_AT_FIRST_PAINT`) moves
 * the modules into <head> at the first contentful paint, and the `.wasm` once the first module has
 * arrived; the `client:after-paint` directive (after-paint.mjs, which this integration adds) then
 * hydrates the island.
 *
 * A page's own module scripts (the header's navigation, the wizard page's sent notice) get a
 * `modulepreload` for each module they import, straight in <head>: they run before the first paint
 * as before, and their imports no longer wait for them to arrive.
 *
 * The module graph is read from the built files with es-module-lexer (the lexer Vite itself uses):
 * static imports only, since a dynamic import is by definition not needed up front.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';

const ORIGIN = 'https://site.invalid';

/** @typedef {(path: string) => Promise<string>} ReadBuilt A built file's text by its site path. */

/**
 * How each island hydrates: `after-paint` (ours, which the preloads serve) or `visible` (an island
 * that waits to be seen, the stamp duty page's offset calculator, fetches its own modules when it
 * wakes). Any other directive would have neither, so the build refuses it.
 */
const DIRECTIVES = ['after-paint', 'visible'];

/**
 * An `<astro-island>` tag's directive.
 * @param {string} tag
 */
const directiveOf = (tag) => tag.match(/\sclient="([^"]+)"/)?.[1];

/**
 * Module URLs a page's islands start from: each `client:after-paint` island's component and
 * renderer.
 * @param {string} html
 */
function entryModules(html) {
  const entries = new Set();
  for (const island of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (directiveOf(island[0]) !== 'after-paint') continue;
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = island[0].match(new RegExp(`\\s${attribute}="([^"]+)"`))?.[1];
      if (url) entries.add(url);
    }
  }
  return entries;
}

/**
 * Every module reachable by static imports from `entries`, and every `.wasm` they name, as
 * site-absolute paths.
 * @param {Iterable<string>} entries
 * @param {ReadBuilt} read
 */
export async function moduleGraph(entries, read) {
  await init;
  const modules = new Set();
  const wasm = new Set();
  const pending = [...entries];
  while (pending.length > 0) {
    const path = /** @type {string} */ (pending.pop());
    if (modules.has(path) || !path.startsWith('/')) continue;
    modules.add(path);
    const code = await read(path);
    const [imports] = parse(code);
    for (const { n: specifier, d: dynamic } of imports) {
      if (dynamic !== -1 || !specifier) continue;
      const url = new URL(specifier, ORIGIN + path);
      if (url.origin === ORIGIN) pending.push(url.pathname);
    }
    // wasm-bindgen's loader: `new URL('/_astro/banksia_wasm_bg.<hash>.wasm', import.meta.url)`.
    for (const [, specifier] of code.matchAll(/[`'"]([^`'"\s]+\.wasm)[`'"]/g)) {
      const url = new URL(/** @type {string} */ (specifier), ORIGIN + path);
      if (url.origin === ORIGIN) wasm.add(url.pathname);
    }
  }
  return { modules, wasm };
}

/**
 * The <link> elements a page needs: `now`, a modulepreload for each module its own module scripts
 * import (so that they start with the HTML rather than after the script that imports them), and
 * `afterPaint`, the islands' modules and `.wasm`, none of them one the page's scripts load anyway.
 * @param {string} html
 * @param {ReadBuilt} read
 */
export async function preloadLinks(html, read) {
  const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)].map((m) => /** @type {string} */ (m[1]));
  const loadedByPage = (await moduleGraph(scripts, read)).modules;
  const now = [...loadedByPage].filter((path) => !scripts.includes(path)).map((path) => `<link rel="modulepreload" href="${path}">`);
  const afterPaint = [];
  const entries = entryModules(html);
  if (entries.size > 0) {
    const { modules, wasm } = await moduleGraph(entries, read);
    for (const path of modules) {
      if (!loadedByPage.has(path)) afterPaint.push(`<link rel="modulepreload" href="${path}">`);
    }
    // `fetch()` of a same-origin URL is a CORS-mode request: the preload must be one too to be
    // reused. START_AT_FIRST_PAINT asks for it after the modules.
    for (const path of wasm) {
      afterPaint.push(`<link rel="preload" href="${path}" as="fetch" type="application/wasm" crossorigin>`);
    }
  }
  return { now, afterPaint };
}

/**
 * The island's downloads start at the page's first contentful paint: this moves the modules' links
 * of the `<template>` just before it into <head> then (at once where paint timing is not reported,
 * and after three seconds at most, since a page opened in a background tab may never report its
 * paint), and the `.wasm`'s once the first of those modules has arrived (two seconds at most).
 * Asked for together, the `.wasm` and React's chunk shared the link and arrived last together, and
 * React's chunk was then compiled and run after every byte was in; a round trip later, the `.wasm`
 * arrives while React's chunk runs, and the island answers 50 to 80 ms sooner on a phone's link
 * (benches/README.md, "The .wasm after the first module"). Inline, because as a file of its own it
 * would wait a round trip (and, on HTTP/1.1, a connection) after the document, and the downloads
 * with it: the deferred island scripts below did just that, 0.3 s on the phone profile
 * (benches/README.md, "React renders the islands again"). About 340 bytes brotli, the same on
 * every island page (one hash in the server's CSP).
 */
export const START_AT_FIRST_PAINT =
  '(()=>{const t=document.currentScript.previousElementSibling,' +
  'start=()=>{if(!t.isConnected)return;const c=document.importNode(t.content,!0),w=[...c.querySelectorAll("link[as=fetch]")];' +
  'w.forEach(l=>l.remove());let d=0;const wasm=()=>{d||(d=1,document.head.append(...w))};' +
  'c.querySelectorAll("link[rel=modulepreload]").forEach(l=>l.addEventListener("load",wasm,{once:!0}));' +
  't.remove();document.head.append(c);setTimeout(wasm,2e3)};' +
  'if(!PerformanceObserver.supportedEntryTypes?.includes("paint"))return start();' +
  'new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),start())})' +
  '.observe({type:"paint",buffered:!0});setTimeout(start,3e3)})()';

/**
 * The inline scripts Astro writes into each page with an island that only the island needs: its
 * `<astro-island>` element and the `client:after-paint` directive (about 1.9 KB brotli). In the HTML
 * they would push an island page's document past the ten TCP segments a new connection delivers in its
 * first round trip (first-flight.spec.ts), so each goes to a file of its own, the same for every page,
 * run with `defer`: the island needs them only once the document is parsed, and a deferred classic
 * script is fetched at low priority, beside the document rather than before its first paint.
 */
const ISLAND_ONLY_SCRIPTS = [
  { name: 'astro-island', marks: (/** @type {string} */ code) => code.includes('customElements.define("astro-island"') },
  { name: 'client-after-paint', marks: (/** @type {string} */ code) => code.includes('["after-paint"]=') },
  // Astro's client:visible, on a page whose island waits to be seen (the stamp duty page's offset).
  { name: 'client-visible', marks: (/** @type {string} */ code) => code.includes('(self.Astro||(self.Astro={})).visible=') },
];

/**
 * `html` with each island-only inline script replaced by a deferred script from `/_astro/`, and the
 * files to write there (path -> code).
 * @param {string} html
 */
export function islandScriptsToFiles(html) {
  /** @type {Map<string, string>} */
  const files = new Map();
  const out = html.replace(/<script>([\s\S]*?)<\/script>/g, (tag, /** @type {string} */ code) => {
    const script = ISLAND_ONLY_SCRIPTS.find(({ marks }) => marks(code));
    if (!script) return tag;
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
    const path = `/_astro/${script.name}.${hash}.js`;
    files.set(path, code);
    return `<script defer src="${path}"></script>`;
  });
  return { html: out, files };
}

/** @param {string} dir */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** @returns {import('astro').AstroIntegration} */
export default function islandPreloads() {
  return {
    name: 'banksia:island-preloads',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'after-paint', entrypoint: fileURLToPath(new URL('./after-paint.mjs', import.meta.url)) });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        /** @type {Map<string, Promise<string>>} */
        const cache = new Map();
        /** @type {ReadBuilt} */
        const read = (path) => {
          const cached = cache.get(path) ?? readFile(join(root, path), 'utf8');
          cache.set(path, cached);
          return cached;
        };
        let pages = 0;
        /** @type {Set<string>} */
        const written = new Set();
        for (const file of await htmlFiles(root)) {
          // A page with Astro's island scripts has an island, so it always gets preloads below.
          const { html, files } = islandScriptsToFiles(await readFile(file, 'utf8'));
          for (const [path, code] of files) {
            if (written.has(path)) continue;
            await writeFile(join(root, path), code);
            written.add(path);
          }
          const { now, afterPaint } = await preloadLinks(html, read);
          if (now.length === 0 && afterPaint.length === 0) continue;
          if (!html.includes('</head>')) throw new Error(`${file} has no </head> for its preloads`);
          const directives = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => directiveOf(m[0]));
          if (directives.some((directive) => !DIRECTIVES.includes(directive ?? ''))) {
            throw new Error(`${file}: every island needs client:after-paint or client:visible (found ${directives.join(', ')})`);
          }
          const template =
            afterPaint.length > 0
              ? `<template data-island-preloads>${afterPaint.join('')}</template><script>${START_AT_FIRST_PAINT}</script>`
              : '';
          await writeFile(file, html.replace('</head>', `${now.join('')}${template}</head>`));
          pages += 1;
        }
        logger.info(`module preloads added to ${pages} pages (an island's, with its WebAssembly, started at the first paint); island-only scripts moved to ${[...written].join(', ')}`);
      },
    },
  };
}
