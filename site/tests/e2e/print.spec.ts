import { expect, test } from '@playwright/test';

/** Each calculator, the name its printout gives it, and an entry that must be on paper (or none). */
const CALCULATORS = [
  { path: '/loans/home', what: 'Home loan repayment estimate', entry: null },
  { path: '/term-deposits', what: 'Term deposit estimate', entry: null },
  { path: '/calculators/borrowing-power', what: 'Borrowing power estimate', entry: 'Living expenses a month' },
];

test.describe('printing a calculator', () => {
  for (const { path, what, entry } of CALCULATORS) {
    test(`${path} has a Print button and its printout names the bank, the estimate and the day`, async ({ page }) => {
      // 23:30 on 24 November UTC is already 25 November in Sydney, the date printed.
      await page.clock.setFixedTime(new Date('2026-11-24T23:30:00Z'));
      await page.goto(path);
      const button = page.getByTestId('print-results');
      await expect(button).toBeVisible({ timeout: 20_000 });
      await page.evaluate(() => {
        // As the browser's own print does, before it lays the page out for paper.
        window.print = () => {
          window.dispatchEvent(new Event('beforeprint'));
          document.body.setAttribute('data-printed', 'yes');
        };
      });
      await button.click();
      await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

      await expect(page.getByTestId('print-heading')).toBeHidden();
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('print-heading')).toHaveText(`Banksia Bank · ${what} · printed 25 November 2026`);
      await expect(button).toBeHidden();
      await expect(page.locator('.site-header')).toBeHidden();
      if (entry) await expect(page.getByLabel(entry, { exact: false }).first()).toBeVisible();

      // Printed again the next day from the browser's menu (no button): the heading says that day.
      await page.clock.setFixedTime(new Date('2026-11-25T23:30:00Z'));
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await expect(page.getByTestId('print-heading')).toHaveText(`Banksia Bank · ${what} · printed 26 November 2026`);
    });
  }
});
