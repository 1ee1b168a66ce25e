import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ISLAND_ROUTES, ROUTES } from './routes';

/**
 * Scripts a page fetches until the network is quiet (and `ready` holds), with their bodies and
 * gzipped sizes: every body read is awaited, so none that arrived is missing.
 */
async function scriptsOf(page: import('@playwright/test').Page, path: string, ready?: () => Promise<void>) {
  const reads: Promise<{ url: string; gzipped: number; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body).length, body: body.toString('utf8') })));
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (ready) await ready();
  return Promise.all(reads);
}

test('every island page runs react-dom from one shared chunk, and ships no other renderer', async ({ browser }) => {
  // One test loads every island page in turn (the shared chunk is compared across them): each
  // page gets the time of a test of its own, so a busy machine doesn't fail it.
  test.setTimeout(30_000 * ISLAND_ROUTES.length);
  const reactChunks = new Set<string>();
  for (const path of ISLAND_ROUTES) {
    const page = await browser.newPage();
    // Once an island has hydrated, react-dom's chunk has arrived.
    const scripts = await scriptsOf(page, path, () => expect(page.locator('astro-island:not([ssr])').first(), path).toBeAttached());
    // react-dom's client marks each root's container with a key of its own making
    // (`__reactContainer$` and a random suffix; Astro's renderer only looks such keys up). Preact,
    // or its compat layer, has no such key.
    const chunks = scripts.filter((s) => s.body.includes('__reactContainer$')).map((s) => new URL(s.url).pathname);
    expect(chunks, `${path}: ${scripts.map((s) => s.url).join(', ')}`).toHaveLength(1);
    reactChunks.add(chunks[0]!);
    for (const script of scripts) expect(script.body, script.url).not.toMatch(/preact/i);
    await page.close();
  }
  // The same file on every island page: a visitor downloads React once, then has it cached.
  expect([...reactChunks]).toHaveLength(1);
});

/** Pages without a calculator or the wizard ship no island script and at most 10 KB of gzipped JavaScript. */
const BUDGET_BYTES = 10 * 1024;

test.describe('JavaScript budget of static pages', () => {
  for (const route of ROUTES.filter((r) => !ISLAND_ROUTES.includes(r.path))) {
    test(`${route.path} ships no island script and at most 10 KB of JavaScript`, async ({ page }) => {
      const scripts = await scriptsOf(page, route.path);

      const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
      expect(total, scripts.map((s) => `${s.url} ${s.gzipped} B`).join('\n')).toBeLessThanOrEqual(BUDGET_BYTES);
      await expect(page.locator('astro-island')).toHaveCount(0);
      // Nor React: react-dom's client, or Astro's renderer that hydrates an island with it.
      for (const script of scripts) {
        expect(script.body, script.url).not.toContain('__reactContainer');
        expect(new URL(script.url).pathname).not.toMatch(/^\/_astro\/client\./);
      }
      // No inline script may run (the server's CSP forbids it); every script is a file.
      const inline = await page.locator('script:not([src])').count();
      expect(inline).toBe(0);
    });
  }
});
