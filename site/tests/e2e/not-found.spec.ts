import { expect, test } from '@playwright/test';
import { FORMER_DEAD_LINKS } from './routes';

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

  test('no page links to a path the spec\'s original site left dead', async ({ request }) => {
    // They still answer 404 (nothing serves them), but no page of ours points at them any more.
    for (const path of ['/', '/insurance', '/sitemap']) {
      const html = await (await request.get(path)).text();
      for (const dead of FORMER_DEAD_LINKS) expect(html, `${path} links to ${dead}`).not.toContain(`href="${dead}"`);
    }
  });
});
