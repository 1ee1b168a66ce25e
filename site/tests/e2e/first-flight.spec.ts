import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ISLAND_ROUTES, ROUTES } from './routes';

/**
 * Fast on a phone: every file goes out precompressed, a static page's first flight (its compressed
 * HTML plus every render-blocking stylesheet and script) fits the TCP initial window, and an island
 * page fetches its modules and banksia-core's .wasm from the HTML, once each, without layout shift.
 * These need banksia-server (astro preview compresses nothing): scripts/test sets BASE_URL to it.
 */
test.skip(!process.env['BASE_URL'], 'needs banksia-server at BASE_URL');

/** About ten TCP segments: what a server may send before the first acknowledgement comes back. */
const FIRST_FLIGHT_BUDGET = 14 * 1024;

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
  test('every route: compressed HTML plus render-blocking CSS and scripts, within 14 KB for static pages', async () => {
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
        blocking += file.body.length;
      }
      const firstFlight = page.body.length + blocking;
      const island = ISLAND_ROUTES.includes(path);
      rows.push(
        [
          path.padEnd(26),
          String(Buffer.byteLength(html)).padStart(7),
          String(page.body.length).padStart(7),
          String(blocking).padStart(6),
          String(firstFlight).padStart(7),
          String(page.headerBytes).padStart(6),
          island ? 'island' : firstFlight <= FIRST_FLIGHT_BUDGET ? 'ok' : 'OVER',
        ].join(' '),
      );
      if (!island && firstFlight > FIRST_FLIGHT_BUDGET) over.push(`${path}: ${firstFlight} B`);
    }
    console.log(
      [
        `first flight (budget ${FIRST_FLIGHT_BUDGET} B for static pages; brotli as served; headers not counted)`,
        'route                         html B  html br  block   first  headers',
        ...rows,
      ].join('\n'),
    );
    expect(over, `over the ${FIRST_FLIGHT_BUDGET} B first-flight budget`).toEqual([]);
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
    test(`${path} preloads its modules and .wasm from the HTML and fetches each once`, async ({ page }) => {
      const html = decode(await rawGet(path, 'br')).toString('utf8');
      const headHtml = head(html);
      const island = html.match(/<astro-island\b[^>]*>/)?.[0] ?? '';
      for (const attribute of ['component-url', 'renderer-url']) {
        const url = island.match(new RegExp(`${attribute}="([^"]+)"`))?.[1];
        expect(url, attribute).toBeTruthy();
        expect(headHtml).toContain(`<link rel="modulepreload" href="${url}" fetchpriority="low">`);
      }
      const wasm = headHtml.match(/<link rel="preload" href="([^"]+\.wasm)" as="fetch" type="application\/wasm" crossorigin fetchpriority="low">/);
      expect(wasm, 'a .wasm preload in <head>').not.toBeNull();

      const requested = new Map<string, number>();
      page.on('request', (request) => {
        const url = new URL(request.url()).pathname;
        requested.set(url, (requested.get(url) ?? 0) + 1);
      });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) warnings.push(message.text());
      });
      await page.goto(path);
      // A calculator may wait until it is seen (client:visible) or the page is idle.
      await page.locator('astro-island').first().scrollIntoViewIfNeeded();
      // Astro drops the `ssr` attribute once the island has hydrated.
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      // A preload whose mode differs from the real request would be fetched a second time.
      expect(requested.get(wasm?.[1] ?? ''), 'the .wasm is fetched once').toBe(1);
      for (const [url, count] of requested) expect(count, url).toBe(1);
      expect(warnings).toEqual([]);
    });

    for (const width of [375, 1280]) {
      test(`${path} does not shift when the island hydrates (${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript(() => {
          const w = window as unknown as { layoutShift: number };
          w.layoutShift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!entry.hadRecentInput) w.layoutShift += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path);
        await page.locator('astro-island').first().scrollIntoViewIfNeeded();
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
        // Under load, runs measured an occasional shift of up to 0.016 on one island page or
        // another (never the same twice); 0.05 is half of Lighthouse's "good" CLS of 0.1 and still
        // fails an island that hydrates into a different size. Why the small shift happens at
        // all is still open.
        expect(shift).toBeLessThan(0.05);
      });
    }
  }
});
