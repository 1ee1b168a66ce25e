import { expect, test } from '@playwright/test';
import { LINKS_WITHOUT_ROUTE } from './routes';

test.describe('not-found screen', () => {
  test('an unknown path answers 404 with the screen and logs the path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await expect.poll(() => logged.some((text) => text.includes('/no-such-page/here'))).toBe(true);

    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('If you have a dream');
  });

  for (const path of LINKS_WITHOUT_ROUTE) {
    test(`${path} has no page yet and lands on the 404 screen`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain('Oops! Page not found');
    });
  }
});
