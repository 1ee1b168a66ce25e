import { expect, test, type Locator, type Page } from '@playwright/test';
import { AT_PAINT_NOT_HYDRATED, mainText } from './helpers';

/**
 * What a careful visitor checks on a phone (375 px) and a desktop (1280 px), and the tables on a
 * tablet (768 px): nothing cut off, nothing that promises what the bank does not do, and the thing a
 * page is for on the first screen.
 * Figures and texts are written out literally, so a change to the data that breaks a page fails here.
 */
const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** Waits until every island that hydrates at the first paint has (not one that waits to be seen). */
async function awake(page: Page) {
  await expect(page.locator(AT_PAINT_NOT_HYDRATED)).toHaveCount(0, { timeout: 20_000 });
}

/** True when the element lies wholly inside the viewport (nothing above, below or beside it cut off). */
async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });
}

/** How many lines a piece of text occupies on screen. */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Scrolling is instant (playwright.config.ts reduces motion), so positions are measured where they end.

    test("the header's button reads 'Log in to online banking'", async ({ page }) => {
      await page.goto('/');
      const login = page.locator('header .utility-login');
      await expect(login).toHaveText('Log in to online banking');
      await expect(login).toBeVisible();
      expect(await inViewport(login)).toBe(true);
    });

    for (const path of ['/bonds', '/savings', '/rates']) {
      test(`no table on ${path} is cut off: every cell and button is on screen without a sideways scroll`, async ({ page }) => {
        await page.goto(path);
        const wraps = page.locator('.data-table-wrap');
        expect(await wraps.count()).toBeGreaterThan(0);
        for (const wrap of await wraps.all()) {
          // A labelled, focusable region, whose table fits it.
          await expect(wrap).toHaveAttribute('role', 'region');
          await expect(wrap).toHaveAttribute('tabindex', '0');
          await expect(wrap).toHaveAttribute('aria-label', /table/);
          const overflow = await wrap.evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(overflow, `${path}: a table wider than its box`).toBeLessThanOrEqual(0);
          const cellsOutside = await wrap.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return Array.from(element.querySelectorAll('tbody :is(th, td)'))
              .filter((cell) => {
                const rect = cell.getBoundingClientRect();
                return rect.left < box.left - 1 || rect.right > box.right + 1 || rect.right > window.innerWidth;
              })
              .map((cell) => cell.textContent);
          });
          expect(cellsOutside, `${path}: cells outside the table's box`).toEqual([]);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      });
    }

    test('on a phone each bond row names its columns; on a desktop it is a table row', async ({ page }) => {
      await page.goto('/bonds');
      const firstRow = page.locator('.data-table tbody tr').first();
      const invest = firstRow.getByRole('link', { name: /^Invest/ });
      await invest.scrollIntoViewIfNeeded();
      expect(await inViewport(invest)).toBe(true);
      if (viewport.width < 640) {
        // Each value is preceded by its column's heading (drawn from data-label).
        const labels = await firstRow.locator('td').evaluateAll((cells) =>
          cells.map((cell) => getComputedStyle(cell, '::before').content),
        );
        expect(labels.slice(0, 4)).toEqual(['"Maturity"', '"Coupon"', '"Yield"', '"Rating"']);
        expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('block');
      } else {
        expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
      }
    });

    test('/term-deposits: six terms in full rows, rates and terms on one line', async ({ page }) => {
      await page.goto('/term-deposits');
      const cards = page.locator('.term-grid > li');
      await expect(cards).toHaveCount(6);
      const tops = await cards.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      const perRow = [...tops.reduce((rows, top) => rows.set(top, (rows.get(top) ?? 0) + 1), new Map<number, number>()).values()];
      // Every row as full as the first: no orphan row of two.
      expect(new Set(perRow).size, `cards per row: ${perRow.join(', ')}`).toBe(1);
      if (viewport.width >= 1280) expect(perRow[0]).toBe(3);
      for (const figure of await page.locator('.term-grid .figure').all()) {
        expect(await lineCount(figure), await figure.innerText()).toBe(1);
      }
      await expect(page.locator('.term-grid .figure').first()).toHaveText('3.25% p.a.');
      await page.locator('#calculator').scrollIntoViewIfNeeded();
      await awake(page);
      const names = page.locator('.calc-options--terms .calc-option__name');
      await expect(names).toHaveCount(6);
      for (const name of await names.all()) {
        expect(await lineCount(name), await name.innerText()).toBe(1);
      }
      await expect(page.locator('main')).toContainText('Up to 5.00% p.a. on a 60-month term');
    });

    test('the home loan calculator keeps the repayment in view while the amount is typed', async ({ page }) => {
      await page.goto('/loans/home');
      await awake(page);
      const amount = page.getByLabel('Loan amount (AUD)');
      await amount.evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await amount.fill('650000');
      await expect(page.getByTestId('monthly-repayment')).toHaveText('$4,087');
      expect(await inViewport(amount)).toBe(true);
      if (viewport.width < 960) {
        const sticky = page.getByTestId('sticky-repayment');
        await expect(sticky).toHaveText(/^Estimated repayment\s*\$4,087 a month$/);
        expect(await inViewport(sticky)).toBe(true);
        // It must not cover the field being typed in.
        const [field, bar] = [await amount.boundingBox(), await sticky.boundingBox()];
        expect(field!.y + field!.height).toBeLessThanOrEqual(bar!.y);
        await amount.press('Backspace');
        await expect(sticky).toContainText('$409');
      } else {
        await expect(page.getByTestId('sticky-repayment')).toBeHidden();
        expect(await inViewport(page.getByTestId('monthly-repayment'))).toBe(true);
      }
    });

    test("the calculator's year-by-year table scrolls inside its own labelled region, never the page", async ({ page }) => {
      await page.goto('/loans/home');
      await awake(page);
      await page.getByText('Year-by-year table').click();
      const region = page.getByRole('region', { name: 'Year-by-year repayments' });
      await expect(region).toBeVisible();
      await expect(region).toHaveAttribute('tabindex', '0');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const box = await region.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      if (viewport.width < 640) {
        await expect(page.getByText('scroll the table sideways')).toBeVisible();
        expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      } else {
        expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      }
    });

    test('"Fortnightly" has room inside its toggle', async ({ page }) => {
      await page.goto('/loans/home');
      const label = page.locator('.calc-segments span', { hasText: 'Fortnightly' });
      await label.scrollIntoViewIfNeeded();
      const room = await label.evaluate((span) => {
        const box = span.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(span);
        const text = range.getBoundingClientRect();
        return { left: text.left - box.left, right: box.right - text.right, lines: range.getClientRects().length };
      });
      expect(room.lines).toBe(1);
      expect(room.left).toBeGreaterThanOrEqual(6);
      expect(room.right).toBeGreaterThanOrEqual(6);
    });

    test('/apply/car-loan says first how to apply for the loan and what its form opens (issue 22)', async ({ page }) => {
      await page.goto('/apply/car-loan');
      await awake(page);
      const intro = page.getByText("You can't apply for the car loan itself online yet");
      expect(await inViewport(intro)).toBe(true);
      await expect(intro).toContainText('13 22 65');
      await expect(page.getByRole('heading', { name: 'What this form opens' })).toBeVisible();
      await expect(page.getByText('the account your car loan is paid into')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Call 13 22 65' })).toHaveAttribute('href', 'tel:132265');
      await page.getByText('What to have ready for the call').click();
      await expect(page.getByText('Vehicle details from the contract of sale or dealer invoice')).toBeVisible();
    });

    for (const path of ['/apply/account']) {
      test(`${path}: "Step 1 of 5" and the first account choices are on the first screen`, async ({ page }) => {
        await page.goto(path);
        await awake(page);
        const progress = page.getByText('Step 1 of 5', { exact: true });
        expect(await inViewport(progress)).toBe(true);
        const first = page.locator('.account-card', { has: page.getByRole('radio', { name: 'Essential Checking', exact: true }) });
        expect(await inViewport(first)).toBe(true);
        if (viewport.width >= 1280) {
          // Two to a row on a desktop: the whole first row.
          const second = page.locator('.account-card', { has: page.getByRole('radio', { name: 'High Yield Savings', exact: true }) });
          expect(await inViewport(second)).toBe(true);
        }
      });
    }

    test('the footer: columns collapsed on a phone, open on a desktop', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('navigation', { name: 'Footer' });
      const products = footer.getByRole('link', { name: 'Transaction accounts' });
      if (viewport.width < 640) {
        await expect(products).toBeHidden();
        const height = await footer.evaluate((element) => element.getBoundingClientRect().height);
        expect(height).toBeLessThan(viewport.height / 2);
        await footer.getByText('Products', { exact: true }).click();
        await expect(products).toBeVisible();
        await footer.getByText('Products', { exact: true }).click();
        await expect(products).toBeHidden();
      } else {
        for (const name of ['Transaction accounts', 'Mobile app', 'Rates', 'About us']) {
          await expect(footer.getByRole('link', { name, exact: true }).first()).toBeVisible();
        }
      }
    });
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every dropdown in the main menu shows its arrow', async ({ page }) => {
    await page.goto('/');
    const arrows = page.locator('.nav-trigger svg');
    expect(await arrows.count()).toBeGreaterThan(0);
    for (const arrow of await arrows.all()) {
      const box = await arrow.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(10);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(10);
    }
  });
});

test.describe('at 768 px (a tablet held upright)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  for (const path of ['/bonds', '/savings', '/rates']) {
    test(`every table on ${path} is one card per row, each value named, within the screen`, async ({ page }) => {
      await page.goto(path);
      const rows = page.locator('.data-table tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      for (const row of await rows.all()) {
        expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
      }
      const labelled = page.locator('.data-table td[data-label]').first();
      expect(await labelled.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
        JSON.stringify(await labelled.getAttribute('data-label')),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('favicons', () => {
  test('/favicon.ico is an icon holding 16, 32 and 48 px images', async ({ request }) => {
    const response = await request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/icon/);
    const body = await response.body();
    expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = body.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => body[6 + 16 * index]);
    expect(sizes).toEqual([16, 32, 48]);
  });

  test('/apple-touch-icon.png is a 180 px PNG, and pages link both', async ({ request, page }) => {
    const response = await request.get('/apple-touch-icon.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const body = await response.body();
    expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([180, 180]);
    await page.goto('/savings');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  });
});

test.describe('rates', () => {
  test("/rates lists the home page's Basic Variable Home Loan with every other rate, and /loans/home offers it", async ({ page }) => {
    await page.goto('/rates');
    const text = await mainText(page);
    for (const row of [
      'Basic Variable Home Loan 5.39% p.a. 5.45% p.a.',
      'Variable Rate Home Loan 6.45% p.a. 6.67% p.a.',
      'Fixed Rate Home Loan 6.29% p.a. 6.52% p.a.',
      'First Home Buyer Loan 6.25% p.a. 6.48% p.a.',
      'Quick Personal Loan 8.99% p.a.',
      'Secured Personal Loan 7.49% p.a.',
      'New Car Loan 5.99% p.a.',
      'Used Car Loan 6.99% p.a.',
      'Green Car Loan 5.49% p.a.',
      'High Yield Savings 4.25% p.a. $100',
      'Certificate of Deposit up to 5.10% p.a. $1,000',
      'Goal Saver 3.75% p.a. $25',
      '6 months 4.50% p.a. $1,000',
      '60 months 5.10% p.a. $1,000',
      '3 months 3.25% p.a. $1,000',
      '60 months 5.00% p.a. $25,000',
      'Everyday Card 19.99% p.a. $0',
      'Premium Travel Card 20.99% p.a. $199',
    ]) {
      expect(text).toContain(row);
    }
    await page.goto('/loans/home');
    const home = await mainText(page);
    expect(home).toContain('Basic Variable Home Loan');
    expect(home).toMatch(/Basic Variable Home Loan.*5\.39% p\.a\..*5\.45% p\.a\./);
  });
});

test.describe('opening hours', () => {
  /** Sentences of a page that name the main phone line. */
  async function sentencesWithMainLine(page: Page): Promise<string[]> {
    const text = await page.locator('body').innerText();
    return text
      .split(/(?<=[.?!])\s+|\n+/)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.includes('13 22 65'));
  }

  for (const path of ['/', '/insurance', '/support', '/faq', '/contact', '/security', '/online-banking']) {
    test(`${path} never offers the main line around the clock`, async ({ page }) => {
      await page.goto(path);
      for (const sentence of await sentencesWithMainLine(page)) {
        expect(sentence, sentence).not.toMatch(/any time|anytime|day or night|24\/7|around the clock|straight away/i);
      }
    });
  }

  for (const path of ['/', '/support', '/faq', '/contact']) {
    test(`${path} gives the 24/7 lost card and fraud line where help is urgent`, async ({ page }) => {
      await page.goto(path);
      // textContent: the FAQ's answers sit in closed disclosures.
      const text = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
      expect(text).toContain('1800 226 574');
      expect(text).toContain('24 hours a day, 7 days a week');
      if (path !== '/faq') {
        await expect(page.locator('main a[href="tel:1800226574"]').first()).toBeVisible();
      }
    });
  }

  test('no bracket inside a bracket, anywhere the phone hours are written', async ({ page }) => {
    for (const path of ['/', '/accessibility', '/contact', '/online-banking', '/apply/account', '/insurance']) {
      await page.goto(path);
      const text = await page.locator('body').innerText();
      expect(text, path).not.toMatch(/\([^()]*\([^()]*\)[^()]*\)/);
      expect(text, path).toContain('Monday to Friday, 8am to 6pm, Melbourne time');
    }
  });
});

test.describe('apply buttons keep the product', () => {
  for (const { path, button, account } of [
    { path: '/checking', button: 'Open Essential Checking', account: 'Essential Checking' },
    { path: '/checking', button: 'Open Business Checking', account: 'Business Checking' },
    { path: '/savings', button: 'Open High Yield Savings', account: 'High Yield Savings' },
    { path: '/savings', button: 'Open a savings account', account: 'High Yield Savings' },
    { path: '/business', button: 'Open Business Checking', account: 'Business Checking' },
    { path: '/business', button: 'Open Business Savings', account: 'Business Savings' },
  ]) {
    test(`${path} "${button}" opens the application with ${account} chosen`, async ({ page }) => {
      await page.goto(path);
      const link = page.getByRole('link', { name: button, exact: true });
      await expect(link).toHaveAttribute('href', /^\/apply\/account\?account=/);
      // The wizard drops the query as soon as it has read it, possibly before the load event, so
      // the navigation is recognised by its request rather than by the address bar.
      const navigated = page.waitForRequest(
        (request) => request.isNavigationRequest() && /\/apply\/account\?account=/.test(request.url()),
      );
      await link.click();
      await navigated;
      await awake(page);
      await expect(page.getByRole('radio', { name: account, exact: true })).toBeChecked();
      // Five steps whatever the account (a business's own questions are asked inside them).
      await expect(page.getByText('Step 1 of 5', { exact: true })).toBeVisible();
      // The choice is made; the query is spent, so a reload keeps a later change of mind.
      await expect(page).toHaveURL(/\/apply\/account$/);
      await page.getByRole('radio', { name: 'Essential Checking', exact: true }).check();
      await page.reload();
      await awake(page);
      await expect(page.getByRole('radio', { name: 'Essential Checking', exact: true })).toBeChecked();
    });
  }

  test('an account core does not offer chooses nothing', async ({ page }) => {
    await page.goto('/apply/account?account=premium_checking');
    await awake(page);
    for (const radio of await page.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  });

  for (const { path, product } of [
    { path: '/checking', product: 'Premium Checking' },
    { path: '/savings', product: 'Goal Saver' },
    { path: '/savings', product: 'Certificate of Deposit' },
    { path: '/term-deposits', product: 'a term deposit' },
    { path: '/', product: 'a home loan' },
    { path: '/loans/personal', product: 'a personal loan' },
  ]) {
    test(`${path} says plainly that ${product} is not opened online yet, and how to get it`, async ({ page }) => {
      await page.goto(path);
      const note = page.locator('[data-apply-offline]', { hasText: new RegExp(`You can't (open|apply for) ${product} online yet`) });
      await expect(note).toHaveCount(1);
      await expect(note.getByRole('link', { name: 'Call 13 22 65' })).toHaveAttribute('href', 'tel:132265');
      await expect(note).toContainText('Monday to Friday, 8am to 6pm, Melbourne time');
      // No button that pretends to start it online.
      await expect(page.getByRole('link', { name: new RegExp(`^(Open|Apply for) ${product}$`, 'i') })).toHaveCount(0);
    });
  }

  test('no product button lands on the application without a word about the product', async ({ page }) => {
    for (const path of ['/checking', '/savings', '/business', '/term-deposits', '/', '/loans/personal', '/loans/home']) {
      await page.goto(path);
      const hrefs = await page.locator('main a[href^="/apply/account"]').evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute('href'), text: link.textContent?.trim() ?? '' })),
      );
      for (const { href, text } of hrefs) {
        // A bare link is only for a general "Open an account"; a product's button names its account.
        if (href === '/apply/account') expect(text, path).toMatch(/^Open (an|a business) account$/);
        else expect(href, path).toMatch(/^\/apply\/account\?account=(checking|savings|business_checking|business_savings)$/);
      }
    }
  });
});

test.describe('calculator history', () => {
  test('typing an amount adds no history entry: Back leaves the calculator', async ({ page }) => {
    await page.goto('/rates');
    await page.goto('/loans/home');
    await awake(page);
    const before = await page.evaluate(() => history.length);
    const amount = page.getByLabel('Loan amount (AUD)');
    await amount.click();
    await amount.press('Control+a');
    await amount.pressSequentially('420000');
    await expect(page.getByTestId('monthly-repayment')).toHaveText('$2,641');
    await expect(page).toHaveURL(/amount=420000/);
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.goBack();
    await expect(page).toHaveURL(/\/rates$/);
  });
});

test('/online-banking leads with signing in through the app, with the store links (issue 22)', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/online-banking');
    const signIn = page.getByRole('region', { name: 'Sign in through the Banksia app' });
    // The first heading after the page's own h1, and on the first screen.
    const headings = await page.getByRole('main').getByRole('heading').allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Online banking', 'Sign in through the Banksia app']);
    const box = await signIn.getByRole('heading').boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    await expect(signIn.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await expect(signIn.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
    await page.screenshot({ path: test.info().outputPath(`online-banking-${width}.png`) });
  }
});
