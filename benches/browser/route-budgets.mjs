// Route budgets of the island pages (issue 24): for each page, on a phone profile,
// (a) every byte the page needs, brotli, and (b) the time from navigation until its island
// answers the visitor's first input. Budgets: 200 KB and 1.8 s per page. Best of RUNS (3), and
// their median.
//
//   (cd site && npx astro build) && site/node_modules/.bin/node benches/browser/route-budgets.mjs
//
// Serves site/dist on 127.0.0.1 the way banksia-server does (each file's precompressed `.br`
// variant when the browser accepts brotli, else the plain file), or uses BASE_URL (for example
// a running banksia-server). Drives /usr/bin/chromium (CHROMIUM_PATH) with playwright-core.
//
// Phone profile, set through the Chrome DevTools Protocol on a fresh browser context per run
// (empty cache): 150 ms round trip, 1.6 Mbps down, 750 kbps up
// (`Network.emulateNetworkConditions`), 4x CPU slowdown (`Emulation.setCPUThrottlingRate`),
// a 375 x 667 touch viewport.
//
// The first input, acted as a visitor would as soon as the page shows it:
// * calculators: the amount (or income) is typed as soon as the field is on screen (before
//   the island hydrates, as a quick visitor would); the time is when the island's figure changes
//   to the answer for the typed amount;
// * the wizard: an account is chosen and Next tapped as soon as the first card is on screen;
//   the time is when step 2's heading is shown. Before issue 24 the tap before hydration
//   reloaded the page at step 1, so MODE=hydrated (wait for the island to hydrate, then act)
//   gives the figures comparable with the old build; MODE=eager is the default.
// The time is the page's own clock (performance.now(), 0 at navigation start), read when the
// answer is in the DOM.
//
// Bytes: every response the page received from navigation until the network was quiet after the
// answer (islands' lazy packages included), as sent on the wire (CDP `encodedDataLength`:
// compressed bodies plus headers), and the bodies' brotli size (the `.br` variant in site/dist,
// else the file compressed by Node's brotli at quality 11).
//
// The JSON dump gives the best run's timeline too: when each resource was requested and arrived.
// PAGES=home-loan,term-deposit,borrowing-power,stamp-duty,application picks pages; RUNS sets the runs;
// INTERLEAVE=1 runs every page once per round instead of page by page (to compare pages).
//
// Side by side: BEFORE_DIST=/path/to/an/older/site/dist measures that build and site/dist in
// alternating runs (page by page: before, current, before, current ...) in one go and prints a
// table for each with the load average, so a change is told from the machine's noise. An older
// commit's dist: `git worktree add /tmp/old <commit>`, build its site there (scripts/start does),
// and pass /tmp/old/site/dist.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const DIST = join(ROOT, 'site/dist');
const require = createRequire(join(ROOT, 'site/package.json'));
const { chromium } = require('playwright-core');

const RUNS = Number(process.env.RUNS ?? 3);
const MODE = process.env.MODE ?? 'eager';
const INTERLEAVE = process.env.INTERLEAVE === '1';
const BYTES_BUDGET = 200 * 1024;
const TIME_BUDGET_MS = 1800;

const PHONE = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

/** Each page and what its first input is. */
const ALL_PAGES = [
  { name: 'home-loan', path: '/loans/home', kind: 'calculator', input: 'loan-amount', figure: 'monthly-repayment', value: '650000' },
  { name: 'term-deposit', path: '/term-deposits', kind: 'calculator', input: 'deposit-amount', figure: 'maturity-value', value: '75000' },
  { name: 'borrowing-power', path: '/calculators/borrowing-power', kind: 'calculator', input: 'bp-income', figure: 'borrowing-power', value: '150000' },
  { name: 'stamp-duty', path: '/calculators/stamp-duty', kind: 'calculator', input: 'sd-price', figure: 'stamp-duty', value: '820000' },
  { name: 'application', path: '/apply/account', kind: 'wizard' },
];
const PAGES = process.env.PAGES ? ALL_PAGES.filter((page) => process.env.PAGES.split(',').includes(page.name)) : ALL_PAGES;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** The builds measured: site/dist, and BEFORE_DIST's before it when given. */
const BUILDS = [
  ...(process.env.BEFORE_DIST ? [{ label: `before (${process.env.BEFORE_DIST})`, dist: resolve(process.env.BEFORE_DIST) }] : []),
  { label: 'current (site/dist)', dist: DIST },
];

/** The file under `dist` a path names (`/foo` is `/foo/index.html`), or null. */
async function fileOf(dist, pathname) {
  let file = normalize(join(dist, decodeURIComponent(pathname)));
  if (!file.startsWith(dist)) return null;
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
  } catch {
    file = join(file, 'index.html');
  }
  try {
    await stat(file);
    return file;
  } catch {
    return null;
  }
}

/** A built site served like banksia-server: the `.br` variant when accepted. Loopback only. */
async function serveDist(dist) {
  const server = createServer(async (request, response) => {
    const file = await fileOf(dist, new URL(request.url ?? '/', 'http://x').pathname);
    if (!file) return response.writeHead(404).end('not found');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    try {
      if (brotli) {
        const body = await readFile(`${file}.br`);
        return response.writeHead(200, { 'content-type': type, 'content-encoding': 'br', vary: 'Accept-Encoding' }).end(body);
      }
    } catch {
      // No precompressed variant (images): the plain file.
    }
    response.writeHead(200, { 'content-type': type }).end(await readFile(file));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** The brotli size of the body a URL names: its `.br` file in `dist`, else compressed here. */
async function brotliSize(dist, url) {
  const file = await fileOf(dist, new URL(url).pathname);
  if (!file) return null;
  try {
    return (await stat(`${file}.br`)).size;
  } catch {
    const body = await readFile(file);
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
}

/** Resolves once `predicate` holds in the page; returns the page's clock at that moment. */
async function whenInPage(page, predicate, arg) {
  const handle = await page.waitForFunction(predicate, arg, { polling: 'raf', timeout: 60_000 });
  return handle.jsonValue();
}

/**
 * True once the element's island has hydrated: Astro takes the `ssr` attribute off an
 * `<astro-island>` when its framework has taken the HTML over, whichever framework it is (React in
 * older builds, Preact now).
 */
const HYDRATED = (selector) => {
  const element = document.querySelector(selector);
  const island = element?.closest('astro-island');
  return island != null && !island.hasAttribute('ssr') ? performance.now() : false;
};

/** One run of one page on a fresh context: { ms, wire, brotli, resources }. */
async function run(browser, base, dist, pageSpec) {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const urls = new Map();
  const wire = new Map();
  const pending = new Set();
  cdp.on('Network.requestWillBeSent', (event) => pending.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    wire.set(event.requestId, event.encodedDataLength);
    pending.delete(event.requestId);
  });
  cdp.on('Network.loadingFailed', (event) => pending.delete(event.requestId));

  await page.goto(`${base}${pageSpec.path}`, { waitUntil: 'commit' });
  let answeredAt;
  if (pageSpec.kind === 'calculator') {
    const input = page.getByTestId(pageSpec.input);
    const figure = page.getByTestId(pageSpec.figure);
    await figure.waitFor();
    const before = await figure.textContent();
    if (MODE === 'hydrated') await whenInPage(page, HYDRATED, `[data-testid="${pageSpec.input}"]`);
    await input.fill(pageSpec.value);
    answeredAt = await whenInPage(
      page,
      ({ figureId, before: shown }) => {
        const text = document.querySelector(`[data-testid="${figureId}"]`)?.textContent ?? '';
        return text !== shown && text.trim() !== '' ? performance.now() : false;
      },
      { figureId: pageSpec.figure, before },
    );
  } else {
    const card = page.locator('input[name="application_type"]').nth(1);
    await card.waitFor({ state: 'attached' });
    if (MODE === 'hydrated') await whenInPage(page, HYDRATED, '.wizard__next');
    await page.locator('label.account-card__label').nth(1).click();
    await page.locator('.wizard__next').click();
    answeredAt = await whenInPage(page, () => {
      const heading = document.getElementById('application-step-heading');
      return heading?.textContent?.includes('Personal Information') ? performance.now() : false;
    });
  }
  // Where the time went: each resource's request and arrival on the page's clock, and the HTML's.
  const timeline = await page.evaluate(() => [
    ...performance.getEntriesByType('navigation').flatMap((entry) => [
      { name: 'document', start: entry.startTime, end: entry.responseEnd },
      { name: 'load event', start: entry.loadEventStart, end: entry.loadEventEnd },
    ]),
    ...performance.getEntriesByType('paint').map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.startTime })),
    ...performance.getEntriesByType('resource').map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd })),
  ].map(({ name, start, end }) => `${Math.round(start)}-${Math.round(end)} ms ${name}`));
  // Whatever the page fetches after the answer (lazy packages) counts too.
  // Every request finished, and none started for a second.
  for (let quiet = 0; quiet < 10; ) {
    await new Promise((done) => setTimeout(done, 100));
    quiet = pending.size === 0 ? quiet + 1 : 0;
  }
  let wireBytes = 0;
  let brotliBytes = 0;
  const resources = [];
  for (const [id, url] of urls) {
    if (!url.startsWith('http')) continue;
    const onWire = wire.get(id) ?? 0;
    const br = (await brotliSize(dist, url)) ?? onWire;
    wireBytes += onWire;
    brotliBytes += br;
    resources.push({ url: new URL(url).pathname, wire: onWire, brotli: br });
  }
  await context.close();
  return { ms: answeredAt, wire: wireBytes, brotli: brotliBytes, resources, timeline };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

async function main() {
  const builds = [];
  for (const build of BUILDS) {
    const local = process.env.BASE_URL && !process.env.BEFORE_DIST ? null : await serveDist(build.dist);
    builds.push({ ...build, local, base: local ? local.url : process.env.BASE_URL, results: [] });
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const loadBefore = await loadAverage();
  try {
    const runs = new Map(PAGES.map((pageSpec) => [pageSpec, new Map(builds.map((build) => [build, []]))]));
    const once = async (pageSpec) => {
      // Alternating: each run of one build is followed by a run of the other.
      for (const build of builds) {
        // A run whose answer never came (60 s) counts as never answered, and the others go on.
        const result = await run(browser, build.base, build.dist, pageSpec).catch((error) => {
          console.error(`${build.label} ${pageSpec.path}: ${error.message}`);
          return { ms: Infinity, wire: 0, brotli: 0, resources: [], timeline: [] };
        });
        runs.get(pageSpec).get(build).push(result);
      }
    };
    // Page by page, or (INTERLEAVE=1) every page in each round, so that pages compared with each
    // other share the machine's drift as builds do.
    if (INTERLEAVE) for (let i = 0; i < RUNS; i += 1) for (const pageSpec of PAGES) await once(pageSpec);
    else for (const pageSpec of PAGES) for (let i = 0; i < RUNS; i += 1) await once(pageSpec);
    for (const pageSpec of PAGES) {
      for (const build of builds) {
        const buildRuns = runs.get(pageSpec).get(build);
        const best = buildRuns.reduce((a, b) => (b.ms < a.ms ? b : a));
        build.results.push({ page: pageSpec, runs: buildRuns, best });
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) build.local?.server.close();
  }
  const loadAfter = await loadAverage();
  let allWithin = true;
  for (const build of builds) {
    console.log(JSON.stringify(build.results.map(({ page, runs, best }) => ({ build: build.label, page: page.path, times: runs.map((r) => Math.round(r.ms)), brotli: best.brotli, wire: best.wire, resources: best.resources, timeline: best.timeline })), null, 2));
  }
  console.log(`\nMODE=${MODE}, best of ${RUNS}${builds.length > 1 ? ', builds alternating' : ''}; budgets ${kb(BYTES_BUDGET)} and ${TIME_BUDGET_MS} ms; load average before ${loadBefore}, after ${loadAfter}`);
  for (const build of builds) {
    console.log(`\n${build.label}\n`);
    console.log('| Page | bytes, brotli | on the wire | first input answered (best) | median | all runs | within budget |');
    console.log('|---|---|---|---|---|---|---|');
    for (const { page, runs, best } of build.results) {
      const within = best.brotli <= BYTES_BUDGET && best.ms <= TIME_BUDGET_MS;
      if (build.dist === DIST) allWithin &&= within;
      const times = runs.map((r) => `${(r.ms / 1000).toFixed(2)}`).join(' / ');
      const median = medianOf(runs.map((r) => r.ms));
      console.log(`| ${page.path} | ${kb(best.brotli)} | ${kb(best.wire)} | ${(best.ms / 1000).toFixed(2)} s | ${(median / 1000).toFixed(2)} s | ${times} s | ${within ? 'yes' : '**no**'} |`);
    }
  }
  process.exitCode = allWithin ? 0 : 1;
}

/**
 * The middle of the times (the mean of the two middle ones for an even count): with the best, what
 * two builds are compared by, since one run can be far off on a busy or throttled host.
 */
function medianOf(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

await main();
