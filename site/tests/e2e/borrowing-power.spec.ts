import { expect, test, type Page } from '@playwright/test';
import * as borrowingPowerPackage from 'banksia-core/borrowing-power';
import { fromDisk } from './core';

/**
 * The borrowing power calculator in the browser. Expected figures and messages come from the same
 * WASM build of banksia-core run here in Node (its borrowing power package), so the page must show exactly
 * what core says; the worked example of core's rustdoc ($532,000) anchors it.
 */
const core = fromDisk('borrowing-power', borrowingPowerPackage);

const TODAY = new Date().toISOString().slice(0, 10);
const DEFAULTS = { income: '100000', living_expenses: '2000', dependants: '0', term_years: '30', annual_rate_percent: '6.45' };

function coreFigure(entries: Record<string, string>): string {
  const outcome = core.borrowingPower({ ...DEFAULTS, ...entries }, TODAY);
  if (!outcome.ok) throw new Error(`core refused ${JSON.stringify(entries)}: ${JSON.stringify(outcome.errors)}`);
  return outcome.value.borrowing_power.display;
}

function coreMessage(entries: Record<string, string>): string {
  const outcome = core.borrowingPower({ ...DEFAULTS, ...entries }, TODAY);
  if (outcome.ok) throw new Error(`core accepted ${JSON.stringify(entries)}`);
  return Object.values(outcome.errors).flat()[0]!;
}

async function open(page: Page, search = '') {
  await page.goto(`/calculators/borrowing-power${search}`);
  const calculator = page.getByTestId('borrowing-power-calculator');
  await calculator.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-testid="borrowing-power-calculator"])')).not.toHaveAttribute('ssr', {
    timeout: 20_000,
  });
  return calculator;
}

for (const width of [375, 1280]) {
  test.describe(`borrowing power at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the figure is in the HTML, matches core and says it is an estimate only', async ({ page, request }) => {
      const html = await (await request.get('/calculators/borrowing-power')).text();
      expect(coreFigure({})).toBe('$532,000');
      expect(html).toContain('$532,000');
      expect(html).toContain('Estimate only, not an offer of credit.');
      await open(page);
      await expect(page.getByTestId('borrowing-power')).toHaveText(coreFigure({}));
      await expect(page.getByTestId('borrowing-estimate-only')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`borrowing-power-${width}.png`), fullPage: true });
    });

    test('typing updates the figure at once and keeps the entries in the URL', async ({ page }) => {
      await open(page);
      await page.getByTestId('bp-income').fill('$150,000');
      await expect(page.getByTestId('borrowing-power')).toHaveText(coreFigure({ income: '$150,000' }));
      await expect(page).toHaveURL(/income=%24150%2C000/);
      await page.getByLabel('Two of us').check();
      await page.getByTestId('bp-partner-income').fill('80000');
      await expect(page.getByTestId('borrowing-power')).toHaveText(
        coreFigure({ income: '$150,000', applicants: '2', partner_income: '80000' }),
      );
      // The link opens the same figure.
      const url = page.url();
      await page.goto(url);
      await expect(page.getByTestId('borrowing-power')).toHaveText(
        coreFigure({ income: '$150,000', applicants: '2', partner_income: '80000' }),
      );
    });

    test("a bad entry shows core's message beside it", async ({ page }) => {
      await open(page);
      await page.getByTestId('bp-income').fill('lots');
      const message = coreMessage({ income: 'lots' });
      await expect(page.getByTestId('borrowing-problem')).toContainText(message);
      await expect(page.locator('#calculator .calc-field__message').first()).toHaveText(message);
      await expect(page.getByTestId('bp-income')).toHaveAttribute('aria-invalid', 'true');
    });
  });
}

test('linked from /loans/home and the calculators hub', async ({ page }) => {
  for (const from of ['/loans/home', '/calculators']) {
    await page.goto(from);
    await expect(page.locator('main a[href="/calculators/borrowing-power"]').first()).toBeVisible();
  }
});

test('$0 and the living-expense floor are explained in core\'s words, with the budget planner', async ({ page }) => {
  await open(page);
  // Expenses beyond income after tax: $0, why, what would change it.
  await page.getByTestId('bp-income').fill('50000');
  await page.getByTestId('bp-living-expenses').fill('5000');
  await expect(page.getByTestId('borrowing-power')).toHaveText('$0');
  const explained = page.getByTestId('borrowing-explanations');
  const outcome = core.borrowingPower({ ...DEFAULTS, income: '50000', living_expenses: '5000' }, TODAY);
  if (!outcome.ok) throw new Error('core refused');
  expect(outcome.value.explanations.length).toBeGreaterThanOrEqual(2);
  for (const sentence of outcome.value.explanations) await expect(explained).toContainText(sentence);
  await expect(explained).toContainText('Nothing is left for a home loan');
  const planner = explained.getByRole('link', { name: /Moneysmart's budget planner/ });
  await expect(planner).toHaveAttribute('href', 'https://moneysmart.gov.au/budgeting/budget-planner');
  await expect(planner).toHaveAttribute('target', '_blank');
  // The floor counted instead of a lower figure: said.
  await page.getByTestId('bp-income').fill('100000');
  await page.getByTestId('bp-living-expenses').fill('900');
  await expect(explained).toContainText("We counted living expenses of $1,600 a month, Banksia's minimum");
  await expect(explained).toContainText('instead of the $900 you entered');
  // Nothing to explain at the defaults.
  await page.getByTestId('bp-living-expenses').fill('2000');
  await expect(explained).toHaveCount(0);
});
