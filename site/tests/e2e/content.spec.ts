import { expect, test } from '@playwright/test';

test.describe('company and help content', () => {
  test('/news lists dated news, newest first, and its rate changes agree with /rates', async ({ page }) => {
    await page.goto('/rates');
    const today = new Map<string, string>();
    for (const row of await page.getByTestId('rate-history').locator('tbody tr').all()) {
      // A loan's rate carries its comparison rate on /rates and on /news alike.
      const rate = (await row.locator('td').first().innerText()).trim();
      today.set((await row.locator('th').innerText()).trim(), rate);
    }

    await page.goto('/news');
    const items = page.getByTestId('news-list').locator('> li');
    expect(await items.count()).toBeGreaterThanOrEqual(5);
    const dates = await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());
    // The newest rate announcement's "Now" column is each product's rate today.
    const newest = items.filter({ has: page.locator('table') }).first();
    await newest.locator('summary').click();
    const rows = await newest.locator('tbody tr').all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const product = (await row.locator('th').innerText()).trim();
      expect(today.has(product), `${product} on /rates`).toBe(true);
      expect((await row.locator('td').nth(1).innerText()).trim()).toBe(today.get(product));
    }
  });

  test('/careers lists open roles with a closing date not yet passed and a way to apply', async ({ page }) => {
    await page.goto('/careers');
    const melbourne = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
    const roles = page.getByTestId('open-roles').locator('> li');
    if ((await roles.count()) === 0) {
      await expect(page.getByTestId('no-open-roles')).toBeVisible();
      return;
    }
    for (const role of await roles.all()) {
      const title = (await role.locator('h3').innerText()).trim();
      const closes = await role.locator('time').getAttribute('datetime');
      expect(closes && closes >= melbourne, `${title} closes ${closes}`).toBe(true);
      const apply = role.getByRole('link', { name: `Apply for ${title}` });
      await expect(apply).toHaveAttribute('href', new RegExp(`^mailto:.*subject=${encodeURIComponent(`Careers: ${title}`)}`));
    }
  });

  test('/faq answers at least fifteen questions in groups, each opening to an answer', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.locator('details.faq-item');
    expect(await questions.count()).toBeGreaterThanOrEqual(15);
    expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(4);
    for (const question of await questions.all()) {
      await question.locator('summary').click();
      const answer = question.locator('p').first();
      await expect(answer).toBeVisible();
      expect((await answer.innerText()).length).toBeGreaterThan(40);
    }
  });
});
