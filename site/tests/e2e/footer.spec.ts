import { expect, test } from '@playwright/test';
import { LEGAL_LINE } from './routes';

test.describe('footer', () => {
  test('app promotion links open the stores in a new tab', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer).toContainText('4.8/5 (12,000+ reviews)');
    const ios = footer.getByRole('link', { name: /App Store/ });
    const android = footer.getByRole('link', { name: /Google Play/ });
    for (const link of [ios, android]) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
    await expect(ios).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await expect(android).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
  });

  test('phone, email and head office', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: '13 22 65' })).toHaveAttribute('href', 'tel:132265');
    await expect(footer.getByRole('link', { name: 'hello@banksia.bank' })).toHaveAttribute('href', 'mailto:hello@banksia.bank');
    await expect(footer.locator('address')).toContainText('Melbourne VIC 3000');
  });

  test('four link columns and the legal links', async ({ page }) => {
    await page.goto('/');
    const columns = page.getByRole('navigation', { name: 'Footer' });
    await expect(columns.getByRole('heading', { level: 2 })).toHaveText(['Products', 'Services', 'Resources', 'Company']);
    for (const heading of ['Products', 'Services', 'Resources', 'Company']) {
      expect(await columns.getByRole('list', { name: heading }).getByRole('link').count()).toBeGreaterThanOrEqual(4);
    }
    const legal = page.getByRole('list', { name: 'Legal' });
    await expect(legal.getByRole('link')).toHaveText(['Privacy policy', 'Terms and conditions', 'Accessibility', 'Sitemap']);
    await expect(legal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('every footer link has a page', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page.locator('footer a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of new Set(hrefs)) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test('copyright shows the year of the day it is viewed', async ({ page }) => {
    const copyright = page.locator('footer .copyright');
    await page.goto('/');
    await expect(copyright).toContainText(`© ${new Date().getFullYear()} ${LEGAL_LINE}`);

    // A page built this year and viewed in a later one still shows the viewing year.
    await page.clock.install({ time: new Date('2031-03-01T10:00:00+11:00') });
    await page.goto('/savings');
    await expect(copyright).toContainText(`© 2031 ${LEGAL_LINE}`);
  });
});
