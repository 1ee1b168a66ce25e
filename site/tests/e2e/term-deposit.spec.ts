import { expect, test, type Locator, type Page } from '@playwright/test';
import * as termDepositPackage from 'banksia-core/term-deposit';
import { fromDisk } from './core';

/**
 * Which interest payment options each term deposit term offers: core's rule
 * (`termDepositOptions`), on the pages at build time and in the calculator. Expected options,
 * figures and messages come from the same WASM builds run here in Node.
 */
const core = fromDisk('term-deposit', termDepositPackage);

/** The rate table as /term-deposits shows it: months, rate, minimum deposit. */
const TERMS = [
  [3, '3.25', '1000'],
  [6, '3.75', '1000'],
  [12, '4.25', '1000'],
  [24, '4.5', '5000'],
  [36, '4.75', '10000'],
  [60, '5', '25000'],
] as const;

/** Core's options for a term, named by core, as the pages write them: "monthly or at maturity". */
function optionsText(months: number): string {
  const words = core.termDepositOptions(months).map((option) => option.label.toLowerCase());
  return new Intl.ListFormat('en-AU', { type: 'disjunction' }).format(words);
}

async function calculator(page: Page, search = '') {
  await page.goto(`/term-deposits${search}`);
  const form = page.getByTestId('term-deposit-calculator');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-testid="term-deposit-calculator"])')).not.toHaveAttribute('ssr', { timeout: 20_000 });
  return form;
}

/** A term's radio button ("6 months" is also part of "36 months", so by its value). */
const term = (form: Locator, months: number) => form.locator(`input[name="term"][value="${months}"]`);

/** Core's option values for a term. */
const offered = (months: number) => core.termDepositOptions(months).map((option) => option.value);

const listed = (page: Page) =>
  page.getByLabel('Interest paid').evaluate((select: HTMLSelectElement) => [...select.options].map((option) => option.value));

for (const width of [375, 1280]) {
  test.describe(`term deposit interest options at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("each term's card and the options section show core's options, in the HTML", async ({ page, request }) => {
      const html = await (await request.get('/term-deposits')).text();
      for (const [months] of TERMS) expect(html).toContain(`Interest paid ${optionsText(months)}`);
      // Core's rule itself, pinned: shorter terms pay monthly or at maturity; annually needs more than 12 months.
      expect(optionsText(6)).toBe('monthly or at maturity');
      expect(offered(12)).not.toContain('annually');
      await page.goto('/term-deposits');
      for (const [months] of TERMS) {
        const card = page.locator('.term-grid > li', { has: page.getByRole('heading', { name: `${months} months`, exact: true }) });
        await expect(card).toContainText(`Interest paid ${optionsText(months)}`);
      }
      const offering = (option: string) => TERMS.filter(([months]) => offered(months).includes(option as never));
      expect(offering('monthly')).toHaveLength(TERMS.length);
      await expect(page.getByTestId('offered-monthly')).toHaveText('Every term');
      const annual = offering('annually');
      expect(annual.map(([months]) => months)).toEqual([24, 36, 60]);
      await expect(page.getByTestId('offered-annually')).toHaveText(`Terms of ${annual[0]![0]} months or more`);
      await page.getByTestId('interest-options').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`term-deposit-options-${width}.png`), fullPage: true });
    });

    test('the calculator offers only the options core allows on the chosen term', async ({ page }) => {
      const form = await calculator(page);
      for (const [months, rate, minimum] of TERMS) {
        await term(form, months).check();
        const options = offered(months);
        await expect.poll(() => listed(page)).toEqual(options);
        for (const frequency of options) {
          await page.getByLabel('Interest paid').selectOption(frequency);
          const expected = core.termDeposit({ amount: '50000', annual_rate_percent: rate, term_months: String(months), frequency, minimum_deposit: minimum });
          if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
          await expect(page.getByTestId('maturity-value')).toHaveText(expected.value.maturity_value.display);
          await expect(page.getByTestId('interest-per-payment')).toHaveText(expected.value.interest_per_payment.display);
        }
      }
    });

    test('moving to a term that does not offer the chosen option falls back to at maturity', async ({ page }) => {
      const form = await calculator(page);
      await term(form, 60).check();
      await page.getByLabel('Interest paid').selectOption('quarterly');
      await term(form, 6).check();
      await expect(page.getByLabel('Interest paid')).toHaveValue('at_maturity');
      await expect(page).toHaveURL(/interest=at_maturity/);
      const expected = core.termDeposit({ amount: '50000', annual_rate_percent: '3.75', term_months: '6', frequency: 'at_maturity', minimum_deposit: '1000' });
      if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
      await expect(page.getByTestId('maturity-value')).toHaveText(expected.value.maturity_value.display);
    });

    test("a link with an option the term doesn't offer gets core's message, not a figure", async ({ page }) => {
      await calculator(page, '?deposit=10000&months=6&interest=quarterly');
      const refused = core.termDeposit({ amount: '10000', annual_rate_percent: '3.75', term_months: '6', frequency: 'quarterly', minimum_deposit: '1000' });
      if (refused.ok) throw new Error('core accepted quarterly interest on 6 months');
      const message = refused.errors['frequency']![0]!;
      await expect(page.getByTestId('deposit-problem')).toContainText(message);
      await expect(page.getByTestId('maturity-value')).toHaveCount(0);
      await expect(page.getByLabel('Interest paid')).toHaveValue('quarterly');
      await page.getByTestId('term-deposit-calculator').screenshot({ path: test.info().outputPath(`term-deposit-refused-${width}.png`) });
      await page.getByLabel('Interest paid').selectOption('monthly');
      await expect(page.getByTestId('deposit-problem')).toHaveCount(0);
      await expect.poll(() => listed(page)).toEqual(offered(6));
      const paid = core.termDeposit({ amount: '10000', annual_rate_percent: '3.75', term_months: '6', frequency: 'monthly', minimum_deposit: '1000' });
      if (!paid.ok) throw new Error(JSON.stringify(paid.errors));
      await expect(page.getByTestId('maturity-value')).toHaveText(paid.value.maturity_value.display);
    });

    test("/rates lists each term's options from core", async ({ page }) => {
      await page.goto('/rates');
      const table = page.getByRole('table', { name: 'Term deposits' });
      for (const [months] of TERMS) {
        const row = table.getByRole('row', { name: new RegExp(`^${months} months`) });
        const text = optionsText(months);
        await expect(row).toContainText(text.charAt(0).toUpperCase() + text.slice(1));
      }
      await table.scrollIntoViewIfNeeded();
      await table.screenshot({ path: test.info().outputPath(`rates-term-deposits-${width}.png`) });
    });
  });
}
