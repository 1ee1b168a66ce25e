import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { corePackages } from '../../integrations/banksia-core.mjs';
import { AT_PAINT_NOT_HYDRATED, layoutShifts, shiftScore, watchLayoutShifts } from './helpers';
import { ISLAND_ROUTES, ROUTES } from './routes';

/**
 * Fast on a phone: every file goes out precompressed, a page's first flight (its response headers and
 * compressed HTML plus every render-blocking stylesheet and script) fits the TCP initial window, and an
 * island page fetches its modules and banksia-core's .wasm from the HTML's preloads, all at once once
 * the HTML has been painted, once each, without layout shift.
 * These need banksia-server (astro preview compresses nothing): scripts/test sets BASE_URL to it.
 */
test.skip(!process.env['BASE_URL'], 'needs banksia-server at BASE_URL');

/** A full TCP segment's payload (1,500 B Ethernet frames, IPv4 and TCP headers without options). */
const SEGMENT = 1460;
/** What a server may send on a new connection before the first acknowledgement comes back (RFC 6928). */
const INITIAL_WINDOW = 10 * SEGMENT;

/** Round trips a new connection takes to deliver `bytes` in slow start, the window doubling each trip. */
function roundTrips(bytes: number): number {
  let trips = 0;
  for (let sent = 0, window = INITIAL_WINDOW; sent < bytes; sent += window, window *= 2) trips += 1;
  return trips;
}

/**
 * The pages whose first flight may take a second round trip, and why. A page over the first window
 * paints a round trip later (150 ms on a phone's connection).
 */
const SECOND_ROUND_TRIP: Record<string, string> = {
  '/loans/home':
    'the repayment calculator with its chart, yearly table, rate rises and two loans compared, in the HTML for a first paint with figures (and for a visitor without JavaScript)',
};

/**
 * The pages whose island answers its first input before its package has arrived, and why: they
 * preload no `.wasm` at the paint, and fetch their package once the island is awake.
 */
const WIZARD_AHEAD = "the wizard lays out every step and checks step 1 on core's answers worked out when the site was built";
const PACKAGE_AFTER_WAKE: Record<string, string> = { '/apply/account': WIZARD_AHEAD, '/apply/car-loan': WIZARD_AHEAD };

/**
 * Files an island page may ask for at its first paint: over HTTP/1.1 a browser opens six
 * connections to a host, and a request after the sixth waits for one to be free (on a phone, a
 * round trip more for each small module behind the others).
 */
const CONNECTIONS = 6;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire, not decoded. */
  body: Buffer;
  /** Status line and header block as sent. */
  headerBytes: number;
}

/** One GET with the given Accept-Encoding, body kept exactly as sent (Playwright's client decodes). */
function rawGet(path: string, acceptEncoding: string): Promise<RawResponse> {
  const url = new URL(path, process.env['BASE_URL']);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          headerBytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), headerBytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

/** The <head> of a page: what the browser must have before it may render. */
function head(html: string): string {
  return html.slice(0, Math.max(html.indexOf('</head>'), 0));
}

/** Stylesheets and classic scripts in <head> that hold up the first render. */
function renderBlocking(html: string): string[] {
  const h = head(html);
  const styles = [...h.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="?stylesheet"?/.test(tag) && !/\bmedia="?(print|not all)"?/.test(tag) && !/\bdisabled\b/.test(tag));
  const scripts = [...h.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\b(async|defer)\b/.test(tag) && !/\btype="?module"?/.test(tag));
  return [...styles, ...scripts].map((tag) => tag.match(/\b(?:href|src)="([^"]+)"/)?.[1] ?? '');
}

/** Every file a page refers to from its HTML: scripts, stylesheets, preloads, icons. */
function assets(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+)"[^>]*>/g)].map((m) => m[1] ?? '');
  return [...new Set(refs)].filter((ref) => !ref.startsWith('//') && /\.(js|css|wasm|svg|xml|json|txt)$/.test(ref));
}

test.describe('first flight', () => {
  test('every route: headers, compressed HTML and render-blocking CSS and scripts in the first round trip', async () => {
    test.setTimeout(120_000);
    const rows: string[] = [];
    const over: string[] = [];
    for (const { path } of ROUTES) {
      const page = await rawGet(path, 'gzip, deflate, br, zstd');
      expect(page.status, path).toBe(200);
      expect(page.headers['content-encoding'], path).toBe('br');
      const html = decode(page).toString('utf8');
      let blocking = 0;
      for (const ref of renderBlocking(html)) {
        const file = await rawGet(ref, 'gzip, deflate, br, zstd');
        blocking += file.headerBytes + file.body.length;
      }
      const firstFlight = page.headerBytes + page.body.length + blocking;
      const allowed = SECOND_ROUND_TRIP[path] ? 2 : 1;
      const trips = roundTrips(firstFlight);
      rows.push(
        [
          path.padEnd(30),
          String(Buffer.byteLength(html)).padStart(7),
          String(page.body.length).padStart(7),
          String(page.headerBytes).padStart(7),
          String(blocking).padStart(6),
          String(firstFlight).padStart(7),
          `${trips}${trips > allowed ? ' OVER' : ''}`.padStart(6),
          ISLAND_ROUTES.includes(path) ? 'island' : '',
        ].join(' '),
      );
      if (trips > allowed) over.push(`${path}: ${firstFlight} B, ${trips} round trips (${allowed} allowed)`);
    }
    console.log(
      [
        `first flight (brotli as served, headers counted; one round trip carries ${INITIAL_WINDOW} B on a new connection)`,
        'route                             html B  html br headers  block   first  trips',
        ...rows,
      ].join('\n'),
    );
    expect(over, 'pages whose first flight takes a round trip more than allowed').toEqual([]);
    for (const [path, why] of Object.entries(SECOND_ROUND_TRIP)) {
      expect(ROUTES.some((route) => route.path === path), `${path} (${why}) is a route`).toBe(true);
    }
  });

  test('no page has a render-blocking stylesheet or script', async () => {
    for (const { path } of ROUTES) {
      const html = decode(await rawGet(path, 'br')).toString('utf8');
      expect(renderBlocking(html), path).toEqual([]);
    }
  });
});

test.describe('precompressed files', () => {
  test('every page and every file it refers to answers brotli, gzip or identity, all the same bytes', async () => {
    test.setTimeout(120_000);
    const checked = new Set<string>();
    for (const { path } of ROUTES) {
      for (const ref of [path, ...assets(decode(await rawGet(path, 'br')).toString('utf8'))]) {
        if (checked.has(ref)) continue;
        checked.add(ref);
        const plain = await rawGet(ref, 'identity');
        const br = await rawGet(ref, 'br');
        const gzip = await rawGet(ref, 'gzip');
        expect(plain.headers['content-encoding'], ref).toBeUndefined();
        expect(br.headers['content-encoding'], ref).toBe('br');
        expect(gzip.headers['content-encoding'], ref).toBe('gzip');
        for (const encoded of [br, gzip]) {
          expect(encoded.headers['vary'], ref).toBe('accept-encoding');
          expect(Number(encoded.headers['content-length']), ref).toBe(encoded.body.length);
          expect(encoded.headers['content-type'], ref).toBe(plain.headers['content-type']);
          expect(encoded.headers['cache-control'], ref).toBe(plain.headers['cache-control']);
          // A variant left over from an earlier build would differ here.
          expect(decode(encoded).equals(plain.body), `${ref} ${encoded.headers['content-encoding']}`).toBe(true);
        }
        expect(br.body.length, ref).toBeLessThan(plain.body.length);
      }
    }
    expect([...checked].some((ref) => ref.endsWith('.wasm'))).toBe(true);
  });
});

test.describe('islands never wait', () => {
  for (const path of ISLAND_ROUTES) {
    test(`${path} preloads its modules and .wasm from the HTML, after the first paint, and fetches each once`, async ({ page }) => {
      const html = decode(await rawGet(path, 'br')).toString('utf8');
      const headHtml = head(html);
      // The links wait in a <template> (the preload scanner leaves them alone) for client:after-paint.
      const preloads = headHtml.match(/<template data-island-preloads>(.*?)<\/template>/)?.[1] ?? '';
      const island = html.match(/<astro-island\b[^>]*>/)?.[0] ?? '';
      expect(island).toContain('client="after-paint"');
      const modules: string[] = [];
      for (const attribute of ['component-url', 'renderer-url']) {
        const url = island.match(new RegExp(`${attribute}="([^"]+)"`))?.[1];
        expect(url, attribute).toBeTruthy();
        expect(preloads).toContain(`<link rel="modulepreload" href="${url}">`);
        modules.push(url ?? '');
      }
      const wasm = preloads.match(/<link rel="preload" href="([^"]+\.wasm)" as="fetch" type="application\/wasm" crossorigin>/);
      const afterWake = Object.hasOwn(PACKAGE_AFTER_WAKE, path);
      if (afterWake) expect(wasm, 'no .wasm preload in the template').toBeNull();
      else expect(wasm, 'a .wasm preload in the template').not.toBeNull();
      const wasmUrl = wasm?.[1] ?? '';

      const requested = new Map<string, number>();
      page.on('request', (request) => {
        const url = new URL(request.url()).pathname;
        requested.set(url, (requested.get(url) ?? 0) + 1);
      });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) warnings.push(message.text());
      });
      // Every module of the island is held unanswered until all of them have been asked for. In a
      // chain (a module's imports requested by the code that needs them once it has arrived) the
      // rest would never be asked for while the first is held. The .wasm is asked for once the
      // first module has arrived (START_AT_FIRST_PAINT), so it is not held.
      const islandUrls = [...preloads.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
      const moduleUrls = islandUrls.filter((url) => !url.endsWith('.wasm'));
      // Each of the island's requests, in the order the page asked for them.
      const asked: string[] = [];
      let answered = 0;
      let everyOneAsked = false;
      let answer: () => void = () => {};
      const allAsked = new Promise<void>((resolve) => (answer = resolve));
      let deadline: Promise<unknown> | undefined;
      await page.route(
        (url) => moduleUrls.includes(url.pathname),
        async (route) => {
          asked.push(new URL(route.request().url()).pathname);
          if (answered === 0 && moduleUrls.every((url) => asked.includes(url))) {
            everyOneAsked = true;
            answer();
          }
          // 10 s after the first request the test has failed; answer all, so the page still loads.
          deadline ??= new Promise((resolve) => setTimeout(resolve, 10_000));
          await Promise.race([allAsked, deadline]);
          answered += 1;
          await route.continue();
        },
      );
      await page.addInitScript(() => {
        const w = window as unknown as { firstPaint: number };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.firstPaint ??= entry.startTime;
        }).observe({ type: 'paint', buffered: true });
      });
      await page.goto(path);
      // Astro drops the `ssr` attribute once the island has hydrated.
      await expect(page.locator(AT_PAINT_NOT_HYDRATED)).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      // The page's package is fetched once: at the paint, or once the island is awake.
      const fetchedWasm = [...requested.keys()].filter((url) => url.endsWith('.wasm'));
      expect(fetchedWasm, 'the .wasm files fetched').toHaveLength(1);
      const ownWasm = fetchedWasm[0] ?? '';
      if (!afterWake) expect(ownWasm).toBe(wasmUrl);
      // A preload whose mode differs from the real request would be fetched a second time.
      for (const [url, count] of requested) expect(count, url).toBe(1);
      expect(warnings).toEqual([]);
      // The one .wasm is the package wasm/packages.json names for this page, byte for byte (the
      // build-only site-facts package, or another page's, would differ); a package a page needs
      // later (the stamp duty page's offset, the wizard's details) comes when the visitor turns to it.
      const own = [...corePackages().values()].find((pkg) => pkg.pages.includes(path));
      expect(own, `wasm/packages.json names the package of ${path}`).toBeTruthy();
      const served = await (await page.request.get(ownWasm, { headers: { 'accept-encoding': 'identity' } })).body();
      expect(served.equals(readFileSync(new URL(`../../../wasm/${own?.dir}/banksia_wasm_bg.wasm`, import.meta.url))), `${ownWasm} is ${own?.dir}`).toBe(true);
      // All of the island's modules were asked for while none had been answered: in parallel.
      expect(everyOneAsked, `asked for ${asked.join(', ')} of ${moduleUrls.join(', ')}`).toBe(true);
      expect(islandUrls).toEqual(expect.arrayContaining(afterWake ? modules : [...modules, wasmUrl]));
      // One request per connection: none waits for another to finish.
      expect(islandUrls.length, islandUrls.join(', ')).toBeLessThanOrEqual(CONNECTIONS);
      // ...and each only after the first paint.
      const timing = await page.evaluate(
        (paths) => ({
          firstPaint: (window as unknown as { firstPaint: number }).firstPaint,
          entries: paths.map((path) => {
            const entry = performance.getEntriesByName(new URL(path, location.href).href)[0] as PerformanceResourceTiming | undefined;
            return { path, start: entry?.startTime ?? -1, end: entry?.responseEnd ?? -1 };
          }),
        }),
        islandUrls,
      );
      expect(timing.firstPaint).toBeGreaterThan(0);
      for (const { path: url, start } of timing.entries) {
        expect(start, `${url} starts after the first paint`).toBeGreaterThanOrEqual(timing.firstPaint);
      }
      // The .wasm only once a module has arrived: React's chunk gets the link first, and is run
      // while the .wasm arrives.
      if (!afterWake) {
        const wasmStart = timing.entries.find((entry) => entry.path === wasmUrl)?.start ?? -1;
        const firstModuleEnd = Math.min(...timing.entries.filter((entry) => entry.path !== wasmUrl).map((entry) => entry.end));
        expect(wasmStart, `the .wasm asked at ${wasmStart} ms, the first module in at ${firstModuleEnd} ms`).toBeGreaterThanOrEqual(firstModuleEnd);
      }
    });

    test(`${path} starts the island's downloads at the first paint, not once the island's own scripts arrive`, async ({ page }) => {
      const html = decode(await rawGet(path, 'br')).toString('utf8');
      // Astro's island element and the directive, deferred files (islandScriptsToFiles).
      const deferred = [...html.matchAll(/<script defer src="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(deferred.length, 'the island scripts are deferred files').toBeGreaterThan(0);
      // What the paint starts: the .wasm, or the island's own module where the package comes later.
      const firstUrl = Object.hasOwn(PACKAGE_AFTER_WAKE, path)
        ? html.match(/<astro-island\b[^>]*\scomponent-url="([^"]+)"/)?.[1]
        : head(html).match(/<link rel="preload" href="([^"]+\.wasm)"/)?.[1];
      expect(firstUrl, 'a download the paint starts').toBeTruthy();
      let firstAsked = false;
      let released: () => void = () => {};
      const release = new Promise<void>((resolve) => (released = resolve));
      await page.route(
        (url) => url.pathname === firstUrl,
        async (route) => {
          firstAsked = true;
          released();
          await route.continue();
        },
      );
      // The island's scripts are held until that download has been asked for (10 s at most: then the
      // test has failed, and the page still loads).
      let heldWhileAsked = true;
      await page.route(
        (url) => deferred.includes(url.pathname),
        async (route) => {
          await Promise.race([release, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          heldWhileAsked &&= firstAsked;
          await route.continue();
        },
      );
      await page.goto(path);
      await expect(page.locator(AT_PAINT_NOT_HYDRATED)).toHaveCount(0, { timeout: 20_000 });
      expect(heldWhileAsked, `${firstUrl} was asked for while the island scripts were held`).toBe(true);
    });

    test(`${path} still hydrates when the browser never reports the first paint`, async ({ page }) => {
      // A page loaded in a background tab may never get a first-contentful-paint entry.
      await page.addInitScript(() => {
        const observe = PerformanceObserver.prototype.observe;
        PerformanceObserver.prototype.observe = function (options) {
          if (options?.type === 'paint') return;
          observe.call(this, options);
        };
      });
      await page.goto(path);
      await expect(page.locator(AT_PAINT_NOT_HYDRATED)).toHaveCount(0, { timeout: 15_000 });
    });

    for (const width of [375, 1280]) {
      test(`${path} does not shift when the island hydrates (${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await watchLayoutShifts(page);
        await page.goto(path);
        await page.locator('astro-island').first().scrollIntoViewIfNeeded();
        await expect(page.locator(AT_PAINT_NOT_HYDRATED)).toHaveCount(0, { timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const shifts = await layoutShifts(page);
        expect(shiftScore(shifts), shifts.map((shift) => shift.description).join('\n')).toBeLessThan(0.001);
      });
    }
  }
});

/**
 * A proxy in front of BASE_URL that sends `page`'s HTML in two parts, `pause` ms apart, split at
 * `splitAt(html)`: what a slow link, or a parser that yields on a busy CPU, does to a page.
 */
async function slowDocumentProxy(
  page: string,
  splitAt: (html: string) => number,
  pause: number,
): Promise<{ url: string; restSent: () => boolean; close: () => Promise<void> }> {
  let restSent = false;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    void rawGet(path, 'identity').then((upstream) => {
      const headers = { ...upstream.headers };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      delete headers['connection'];
      res.writeHead(upstream.status, headers);
      if (new URL(path, 'http://x').pathname !== page) {
        res.end(upstream.body);
        return;
      }
      const html = upstream.body.toString('utf8');
      const at = splitAt(html);
      res.write(html.slice(0, at));
      setTimeout(() => {
        restSent = true;
        res.end(html.slice(at));
      }, pause);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    restSent: () => restSent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe('no frame of a half-parsed page', () => {
  // Rows that are right-aligned, centred or auto-fit grids move when later items arrive: a frame
  // painted in between showed the first items where the others were about to go (the hydration
  // check's intermittent shifts, 0.0016 to 0.016 at 1280 px, recorded before any island hydrated).
  const cases = [
    {
      what: "the header's links",
      page: '/term-deposits',
      splitAt: (html: string) => html.indexOf('</a>', html.indexOf('class="utility-link"')) + 4,
    },
    {
      what: "the hero's rate banner",
      page: '/loans/home',
      splitAt: (html: string) => html.indexOf('class="rate-banner-item"', html.indexOf('class="rate-banner-item"') + 1) - '<div '.length,
    },
  ];
  for (const { what, page: path, splitAt } of cases) {
    for (const width of [375, 1280]) {
      test(`${what} do not shift when ${path}'s HTML arrives in two parts (${width} px)`, async ({ page }) => {
        const proxy = await slowDocumentProxy(path, splitAt, 600);
        try {
          await page.setViewportSize({ width, height: 900 });
          await watchLayoutShifts(page);
          await page.goto(`${proxy.url}${path}`);
          await page.waitForLoadState('load');
          await page.waitForTimeout(300);
          // Every shift counts here, input or not (no input is given).
          const shifts = await layoutShifts(page);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          expect(total, shifts.map((shift) => shift.description).join('\n')).toBe(0);
        } finally {
          await proxy.close();
        }
      });
    }
  }

  test('the page paints without waiting for the rest of the footer', async ({ page }) => {
    // Split inside the footer: the first frame must not wait for the end of the document. The
    // rest is held long enough (20 s) that a busy machine can't make the check pass or fail on
    // timing: what counts is whether the paint came while it was still held.
    const proxy = await slowDocumentProxy('/term-deposits', (html) => html.indexOf('<footer') + 400, 20_000);
    try {
      await page.goto(`${proxy.url}/term-deposits`, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const paint = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      expect(paint).toBeGreaterThan(0);
      expect(proxy.restSent(), 'the heading painted before the rest of the footer arrived').toBe(false);
    } finally {
      await proxy.close();
    }
  });
});
