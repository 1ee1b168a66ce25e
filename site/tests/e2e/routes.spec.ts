import { expect, test } from '@playwright/test';
import { LEGAL_LINE, ROUTES } from './routes';
import { watchErrors } from './helpers';
import { ogImagePath } from '../../integrations/og-image-path.mjs';

test.describe('every route', () => {
  for (const route of ROUTES) {
    test(`${route.path} answers 200 with its title, one h1, metadata and no console errors`, async ({ page }) => {
      const errors = watchErrors(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();

      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(50);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toBe(`https://www.banksia.bank${route.path === '/' ? '/' : route.path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', route.title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical ?? '');
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `https://www.banksia.bank${ogImagePath(route.path)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');

      await expect(page.locator('footer')).toContainText(LEGAL_LINE);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      // "p.a." is joined to its rate by a no-break space, so it never wraps onto a line alone.
      const breakable = await page.locator('body').evaluate((body) => body.textContent?.match(/%[ \t\n]+p\.a\./g) ?? []);
      expect(breakable).toEqual([]);
    });
  }

  test('titles and descriptions are unique', async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of ROUTES) {
      const html = await (await request.get(route.path)).text();
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
    }
    expect(titles.size).toBe(ROUTES.length);
    expect(descriptions.size).toBe(ROUTES.length);
  });

  test('a trailing slash serves the same page', async ({ page }) => {
    const response = await page.goto('/savings/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Savings accounts | Banksia Bank');
  });

  test("every page has its own Open Graph card, a 1200 x 630 PNG", async ({ request }) => {
    const seen = new Set<string>();
    for (const route of ROUTES) {
      const response = await request.get(ogImagePath(route.path));
      expect(response.status(), route.path).toBe(200);
      expect(response.headers()['content-type']).toContain('image/png');
      const png = await response.body();
      // The PNG signature, then the IHDR chunk's width and height.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      seen.add(png.toString('base64'));
    }
    expect(seen.size, 'one card per page').toBe(ROUTES.length);
  });

  test('robots.txt and the sitemap list the site', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Sitemap: https://www.banksia.bank/sitemap-index.xml');
    const index = await request.get('/sitemap-index.xml');
    expect(index.status()).toBe(200);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const route of ROUTES.filter((r) => r.path !== '/application-confirmation')) {
      expect(sitemap).toContain(`<loc>https://www.banksia.bank${route.path}</loc>`);
    }
  });
});
