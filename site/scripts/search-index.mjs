// Builds the site search index with Pagefind from the built pages in dist/ into dist/pagefind/.
// Run after `astro build` (npm run index) and before anything that compresses dist/.
//
// Indexed: every content page's main text. Left out: the shared header and footer (every page
// would match "term deposits" through the menu), the calculators and the application wizard
// (their labels and figures are UI, not content), and pages that are not destinations (404,
// the search page itself, the application confirmation). Weights in the pages themselves
// (data-pagefind-weight) put product names and rates first.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const NOT_INDEXED = new Set(['404.html', 'search/index.html', 'application-confirmation/index.html']);
export const EXCLUDE_SELECTORS = [
  '.site-header',
  '.site-footer',
  '.skip-link',
  'astro-island',
  '#calculator',
];

async function htmlFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // The staff console (staff/) is not for the public: never in the search index.
      if (entry.name !== 'pagefind' && entry.name !== '_astro' && !(dir === DIST && entry.name === 'staff')) {
        found.push(...(await htmlFiles(path)));
      }
    } else if (entry.name.endsWith('.html')) {
      found.push(path);
    }
  }
  return found;
}

/**
 * Pagefind separates the text of block elements it knows (p, td, li, ...) but runs a table
 * header's cells together ("AccountRateMinimum") and likewise a definition list's terms and
 * descriptions. A space before each of their end tags keeps the words apart in the index and in
 * the excerpts; nothing else of the page changes.
 */
export function separateCells(html) {
  return html.replace(/<\/(th|dt|dd|caption|figcaption)>/g, ' </$1>');
}

/** `loans/home/index.html` -> `/loans/home` (the site's canonical form). */
function pageUrl(file) {
  const path = relative(DIST, file).split(sep).join('/');
  return `/${path.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
}

const started = performance.now();
const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE_SELECTORS, forceLanguage: 'en' });
if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);

let pages = 0;
for (const file of (await htmlFiles(DIST)).sort()) {
  const path = relative(DIST, file).split(sep).join('/');
  // Target Market Determinations are reached from their product, and must not outrank it.
  if (NOT_INDEXED.has(path) || path.startsWith('target-market/')) continue;
  const added = await index.addHTMLFile({ url: pageUrl(file), content: separateCells(await readFile(file, 'utf8')) });
  if (added.errors.length > 0) throw new Error(`pagefind ${path}: ${added.errors.join('; ')}`);
  pages += 1;
}
const written = await index.writeFiles({ outputPath: join(DIST, 'pagefind') });
if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
await pagefind.close();
// The search page uses Pagefind's JavaScript API only: drop its ready-made UI bundles.
const OUT = join(DIST, 'pagefind');
for (const name of await readdir(OUT)) {
  if (/^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/.test(name)) await rm(join(OUT, name));
}
console.log(`search index: ${pages} pages in ${Math.round(performance.now() - started)} ms -> dist/pagefind`);
