import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { layoutShifts, watchErrors, watchLayoutShifts } from './helpers';

/**
 * Site search: the header's plain GET form, the /search page's results as you type from the
 * Pagefind index built with the site, keyboard and screen-reader use, and the page without
 * JavaScript. Screenshots go to test-results/search-*.png.
 */
const SHOTS = 'test-results';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the header form leads to results with /term-deposits first', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/savings');
      // Phones find it at the top of the menu; wider screens in the bar.
      if (width < 480) await page.getByRole('button', { name: 'Menu' }).click();
      const header = page.locator('header form[role="search"]:visible');
      await expect(header).toHaveCount(1);
      await expect(header).toHaveAttribute('action', '/search');
      await expect(header).toHaveAttribute('method', 'get');
      await header.getByRole('searchbox', { name: 'Search Banksia Bank' }).fill('term deposit');
      await header.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/search\?q=term(\+|%20)deposit$/);
      const results = page.locator('[data-search-results] li');
      await expect(results.first()).toBeVisible();
      await expect(results.first().locator('a')).toHaveAttribute('href', '/term-deposits');
      await expect(page.getByRole('status')).toContainText('for “term deposit”');
      await expect(results.first().locator('mark').first()).toBeVisible();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/search-results-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });

    test('results come as you type, and the keyboard reaches them', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/search');
      await expect(page.getByText('Search needs JavaScript')).toBeHidden();
      const box = page.getByRole('main').getByRole('searchbox', { name: 'Search Banksia Bank' });
      await box.focus();
      await box.pressSequentially('home loan', { delay: 30 });
      const first = page.locator('[data-search-results] li a').first();
      await expect(first).toHaveAttribute('href', '/loans/home');
      await expect(page).toHaveURL(/\?q=home(\+|%20)loan$/);
      await box.press('ArrowDown');
      await expect(first).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/loans\/home$/);
      expect(errors).toEqual([]);
    });

    test('a query that matches nothing says so in the live region', async ({ page }) => {
      await page.goto('/search?q=qwzxv%20blorft');
      const status = page.getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status).toContainText('No results for “qwzxv blorft”');
      await expect(page.locator('[data-search-results] li')).toHaveCount(0);
    });

    test('the calculators and the wizard are not indexed as content', async ({ page }) => {
      // Words only the home loan calculator and the application wizard show.
      for (const [query, page_] of [
        ['balance owing', '/loans/home'],
        ['identification number', '/apply/account'],
      ] as const) {
        await page.goto(`/search?q=${encodeURIComponent(query)}`);
        await expect(page.getByRole('status')).not.toBeEmpty();
        const hrefs = await page
          .locator('[data-search-results] li a')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
        expect(hrefs, query).not.toContain(page_);
      }
    });
  });
}

test('nothing moves while the search page loads and its script starts', async ({ page }) => {
  await watchLayoutShifts(page);
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/search', { waitUntil: 'networkidle' });
  // Two frames after load, so a change made by the script has been laid out and reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect((await layoutShifts(page)).map((shift) => shift.description)).toEqual([]);
});

test('product names and rates rank first', async ({ page }) => {
  const first: [string, string][] = [
    ['term deposit', '/term-deposits'],
    ['home loan', '/loans/home'],
    ['car loan', '/loans/car'],
    ['personal loan', '/loans/personal'],
    ['credit card', '/credit-cards'],
    ['premium travel', '/credit-cards'],
    ['high yield', '/savings'],
    ['6.45', '/loans/home'],
    ['8.99', '/loans/personal'],
    ['open an account', '/apply/account'],
  ];
  for (const [query, href] of first) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.locator('[data-search-results] li a').first(), query).toHaveAttribute('href', href);
  }
});

test('the header search fits beside the menu at every width', async ({ page }) => {
  // [width, whether the box shows beside the button]
  // [width, where the form is, whether the box shows beside the button]
  for (const [width, place, box] of [
    [320, 'menu', true],
    [375, 'menu', true],
    [600, 'bar', false],
    [800, 'bar', true],
    [1216, 'bar', true],
    [1280, 'bar', true],
    [1920, 'bar', true],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    if (place === 'menu') {
      await expect(page.locator('header form[role="search"]:visible')).toHaveCount(0);
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    const form = page.locator(`header .header-search--${place}`);
    await expect(page.locator('header form[role="search"]:visible')).toHaveCount(1);
    await expect(form.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(form.getByRole('searchbox')).toBeVisible({ visible: box });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    // No visible control of the header overlaps another.
    const overlaps = await page.evaluate(() => {
      const boxes = [...document.querySelectorAll('header a, header button, header input')]
        .map((element) => ({ element, rect: element.getBoundingClientRect() }))
        .filter(({ element, rect }) => rect.width > 0 && rect.height > 0 && element.checkVisibility())
        .filter(({ element }) => !element.closest('.nav-menu, .mobile-groups, .mobile-actions'));
      const found: string[] = [];
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b) => {
          const apart =
            a.rect.right <= b.rect.left || b.rect.right <= a.rect.left || a.rect.bottom <= b.rect.top || b.rect.bottom <= a.rect.top;
          const nested = a.element.contains(b.element) || b.element.contains(a.element);
          if (!apart && !nested) found.push(`${a.element.outerHTML.slice(0, 60)} / ${b.element.outerHTML.slice(0, 60)}`);
        }),
      );
      return found;
    });
    expect(overlaps, `overlapping header controls at ${width} px`).toEqual([]);
  }
  // Where only the button shows, it opens the search page to type in.
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/savings');
  await page.locator('header .header-search--bar').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=$/);
  await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280]) {
    test(`the search page says how to browse instead at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/search?q=term%20deposit');
      await expect(page.getByText('Search needs JavaScript')).toBeVisible();
      await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
      const browse = page.getByRole('navigation', { name: 'Browse by section' });
      for (const name of ['Term Deposits', 'Home Loans', 'Savings Accounts', 'Credit Cards', 'Calculators']) {
        await expect(browse.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(browse.getByRole('link', { name: 'Term Deposits', exact: true })).toHaveAttribute('href', '/term-deposits');
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/search-nojs-${width}.png`, fullPage: true });
    });
  }
});

test.describe('what people actually type (issue 22)', () => {
  const hrefs = (page: import('@playwright/test').Page) =>
    page.locator('[data-search-results] li a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

  test('everyday names, short forms and misspellings find the product', async ({ page }) => {
    for (const [query, href] of [
      ['mortgage', '/loans/home'],
      ['morgage', '/loans/home'],
      ['mortgages', '/loans/home'],
      ['TD', '/term-deposits'],
      ['BPAY', '/bill-pay'],
      ['internet banking', '/online-banking'],
    ] as const) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.locator('[data-search-results] li a').first(), query).toHaveAttribute('href', href);
    }
    // The Australian name of a checking account, beside the home page that offers them.
    await page.goto(`/search?q=${encodeURIComponent('everyday account')}`);
    await expect(page.locator('[data-search-results] li').nth(1)).toBeVisible();
    expect((await hrefs(page)).slice(0, 2)).toContain('/checking');
  });

  test('phrases rank the page about them first', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('"term deposit"')}`);
    await expect(page.locator('[data-search-results] li a').first()).toHaveAttribute('href', '/term-deposits');
    await page.goto(`/search?q=${encodeURIComponent('fixed rate')}`);
    await expect(page.locator('[data-search-results] li a').first()).toHaveAttribute('href', '/loans/home');
    await page.goto(`/search?q=${encodeURIComponent('interest rate')}`);
    await expect(page.locator('[data-search-results] li').first()).toBeVisible();
    expect((await hrefs(page)).slice(0, 3)).toContain('/rates');
  });

  test('the home page is named, not its slogan, and excerpts keep table headings apart', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('everyday banking')}`);
    const home = page.locator('[data-search-results] li a[href="/"]');
    await expect(home).toHaveText('Banksia Bank: home loans, savings and everyday banking');
    for (const query of ['minimum', 'rate', 'account']) {
      await page.goto(`/search?q=${query}`);
      await expect(page.locator('[data-search-results] li').first()).toBeVisible();
      const excerpts = await page.locator('.search-result-excerpt').allTextContents();
      for (const excerpt of excerpts) expect(excerpt, query).not.toMatch(/[a-z][A-Z][a-z]+[A-Z]/);
    }
  });

  test('a slip gets "did you mean"; nothing found gets the popular pages', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('savngs acount')}`);
    await expect(page.getByRole('status')).toContainText('for “savngs acount”');
    const suggestion = page.locator('[data-search-suggestion]');
    await expect(suggestion).toHaveText('savings account');
    await expect(page.getByText('Did you mean')).toBeVisible();
    await expect(suggestion).toHaveAttribute('href', '/search?q=savings%20account');
    await suggestion.click();
    await expect(page.locator('[data-search-results] li a').first()).toHaveAttribute('href', '/savings');
    // A query spelt right: no suggestion, no popular pages.
    await expect(page.getByText('Did you mean')).toBeHidden();
    await expect(page.getByRole('list', { name: 'Popular pages' })).toBeHidden();

    await page.goto(`/search?q=${encodeURIComponent('qwzxv blorft')}`);
    await expect(page.getByRole('status')).toContainText('No results for “qwzxv blorft”');
    const popular = page.getByRole('list', { name: 'Popular pages' });
    await expect(popular.getByRole('link', { name: 'Home loans' })).toHaveAttribute('href', '/loans/home');
    await expect(page.getByText('Did you mean')).toBeHidden();
  });
});
