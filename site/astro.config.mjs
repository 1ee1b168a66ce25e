// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import banksiaCore from './integrations/banksia-core.mjs';
import islandPreloads from './integrations/island-preloads.mjs';
import ogImages from './integrations/og-images.mjs';

const SITE = 'https://www.banksia.bank';

// Pages kept out of the sitemap: they only make sense as the end of a journey.
const NOT_IN_SITEMAP = ['/404', '/application-confirmation'];
// The staff console is not for the public at all.
const STAFF = '/staff';

// The browser's chunks. Left to itself the bundler gives every module two islands share a chunk of
// its own: a calculator page asked for up to twelve files at its first paint, most under 1 KB, each a
// request that waits for one of the six connections a browser opens to our origin
// (benches/README.md, "Fewer modules at the first paint"). So React is one chunk (react, react-dom,
// the scheduler and the JSX runtime: every island page needs all of it, and it is cached once for
// every page; @astrojs/react's renderer stays the entry Astro names, a module that imports it), and
// what the islands share is another (a few KB, cached as well).
const ISLAND_CHUNKS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
  {
    name: 'island-kit',
    test: /^\0vite\/preload-helper\.js$|[\\/]src[\\/](components[\\/](wake\.ts|calculators[\\/](ShareLink|BackToStampDuty|PrintResults|fields)\.tsx|calculators[\\/](stampDutyLink|useQueryEntries)\.ts)|data[\\/]format\.ts)$/,
    priority: 1,
  },
  // The wizard's own modules that its later parts (the details' pages) share with it: one chunk.
  { name: 'wizard-kit', test: /[\\/]src[\\/]components[\\/]application[\\/]/, minShareCount: 2 },
];

export default defineConfig({
  site: SITE,
  output: 'static',
  // The Rust server (and any plain static host) maps /foo to /foo/index.html, so both /foo and /foo/ work.
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // First paint in one round trip: each page carries its CSS in <style>, so nothing blocks the render
    // and the HTML alone (compressed, with its headers) is the first flight (tests/e2e/first-flight.spec.ts
    // holds it to the ten TCP segments of a new connection's first round trip). The server's
    // Content-Security-Policy allows inline styles; scripts stay files only.
    inlineStylesheets: 'always',
  },
  // HTML whitespace rules (lossless), not Astro 7's JSX default that drops the space at a line break
  // between text and an element ("for <strong>24 months</strong>" would render as "for24 months").
  compressHTML: true,
  devToolbar: { enabled: false },
  vite: {
    // Never inline a script or asset into the HTML: the Content-Security-Policy allows only files from our origin.
    build: { assetsInlineLimit: 0 },
    // banksia-core's WebAssembly packages (../wasm/packages.json), one per island page, imported as
    // `banksia-core/<name>` through their one loader.
    plugins: [banksiaCore()],
    server: { fs: { allow: ['..'] } },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: ISLAND_CHUNKS } },
          },
        },
      },
    },
  },
  integrations: [
    // The islands are React 19 components (the client's choice), hydrated by @astrojs/react inside
    // startTransition: concurrent, in short slices, each <Suspense> part as a unit of its own.
    react(),
    // Islands start fetching their modules and banksia-core's .wasm from the HTML, in parallel.
    islandPreloads(),
    // Every page's own Open Graph card (1200 x 630 PNG) under /og/.
    ogImages(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, '');
        return !NOT_IN_SITEMAP.includes(path) && path !== STAFF && !path.startsWith(`${STAFF}/`);
      },
      // Canonical URLs carry no trailing slash; the sitemap says the same.
      serialize: (item) => ({ ...item, url: item.url.length > SITE.length + 1 ? item.url.replace(/\/$/, '') : item.url }),
    }),
  ],
});
