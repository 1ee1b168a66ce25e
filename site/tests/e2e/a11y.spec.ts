import { expect, test } from '@playwright/test';
import { ROUTES } from './routes';
import { axe } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

function summarise(violations: { id: string; nodes: { target: unknown }[] }[]): string[] {
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

test.describe('axe-core', () => {
  for (const route of ROUTES) {
    test(`${route.path} has no violations`, async ({ page }) => {
      await page.goto(route.path);
      const results = await axe(page, TAGS).analyze();
      expect(summarise(results.violations)).toEqual([]);
    });
  }

  test('the checker finds what is wrong: an image without a text, a button without a name, a field without a label', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML('afterbegin', '<img src="/favicon.svg"><button type="button"></button><input type="text">');
    });
    const results = await axe(page, TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'label']));
  });

  test('the 404 screen has no violations', async ({ page }) => {
    await page.goto('/missing-page');
    const results = await axe(page, TAGS).analyze();
    expect(summarise(results.violations)).toEqual([]);
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 812 } });
    for (const path of ['/', '/savings', '/bonds', '/rates']) {
      test(`${path} with the menu open has no violations`, async ({ page }) => {
        await page.goto(path);
        await page.locator('[data-menu-toggle]').click();
        const results = await axe(page, TAGS).analyze();
        expect(summarise(results.violations)).toEqual([]);
      });
    }
  });

  test('a desktop dropdown, open, has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Banking', exact: true }).hover();
    const results = await axe(page, TAGS).analyze();
    expect(summarise(results.violations)).toEqual([]);
  });
});
