import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ISLAND_ROUTES, ROUTES } from './routes';

/** Pages without a calculator or the wizard ship no island script and at most 10 KB of gzipped JavaScript. */
const BUDGET_BYTES = 10 * 1024;

test.describe('JavaScript budget of static pages', () => {
  for (const route of ROUTES.filter((r) => !ISLAND_ROUTES.includes(r.path))) {
    test(`${route.path} ships no island script and at most 10 KB of JavaScript`, async ({ page }) => {
      const scripts: { url: string; gzipped: number; body: string }[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body();
        scripts.push({ url: response.url(), gzipped: gzipSync(body).length, body: body.toString('utf8') });
      });
      await page.goto(route.path);
      await page.waitForLoadState('networkidle');

      const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
      expect(total, scripts.map((s) => `${s.url} ${s.gzipped} B`).join('\n')).toBeLessThanOrEqual(BUDGET_BYTES);
      await expect(page.locator('astro-island')).toHaveCount(0);
      // Nor Preact: its modules, its hooks, or Astro's renderer that hydrates an island with it.
      for (const script of scripts) {
        expect(new URL(script.url).pathname).not.toMatch(/^\/_astro\/(preact|hooks|compat)\.module\.|^\/_astro\/client\./);
      }
      // No inline script may run (the server's CSP forbids it); every script is a file.
      const inline = await page.locator('script:not([src])').count();
      expect(inline).toBe(0);
    });
  }
});
