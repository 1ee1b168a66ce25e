import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as offsetPackage from 'banksia-core/offset';
import * as stampDutyPackage from 'banksia-core/stamp-duty';
import { corePackages } from '../../integrations/banksia-core.mjs';
import { fromDisk } from './core';
import { axe, AT_PAINT_NOT_HYDRATED } from './helpers';

/**
 * The stamp duty calculator in the browser. Expected figures and messages come from the same WASM
 * build of banksia-core run here in Node (the stamp-duty package), so the page must show exactly
 * what core says; the revenue offices' worked examples anchor it (QRO: $365,400 as an investment
 * is $11,214; the NSW Government's First Home Buyers Assistance amounts, worked in the Duties
 * Act's terms from the 2025-26 rates: a $900,000 first home is $19,706).
 */
const core = fromDisk('stamp-duty', stampDutyPackage);
const offsetCore = fromDisk('offset', offsetPackage);

/** A built package's `.wasm`, to tell which one the page fetched. */
function packageWasm(name: string): Buffer {
  return readFileSync(new URL(`../../../wasm/${corePackages().get(name)?.dir}/banksia_wasm_bg.wasm`, import.meta.url));
}

const TODAY = new Date().toISOString().slice(0, 10);
const DEFAULTS = { state: 'NSW', price: '750000', property_kind: 'established_home', purpose: 'live_in', first_home_buyer: 'no', deposit: '150000' };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

function coreDuty(entries: Record<string, string>): string {
  const outcome = core.stampDuty({ ...DEFAULTS, ...entries }, TODAY);
  if (!outcome.ok) throw new Error(`core refused ${JSON.stringify(entries)}: ${JSON.stringify(outcome.errors)}`);
  return outcome.value.duty.display;
}

function coreMessage(entries: Record<string, string>): string {
  const outcome = core.stampDuty({ ...DEFAULTS, ...entries }, TODAY);
  if (outcome.ok) throw new Error(`core accepted ${JSON.stringify(entries)}`);
  return Object.values(outcome.errors).flat()[0]!;
}

async function open(page: Page, search = '') {
  await page.goto(`/calculators/stamp-duty${search}`);
  const calculator = page.getByTestId('stamp-duty-calculator');
  await calculator.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-testid="stamp-duty-calculator"])')).not.toHaveAttribute('ssr', { timeout: 20_000 });
  return calculator;
}

for (const width of [320, 1280]) {
  test.describe(`stamp duty at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the figure is in the HTML, matches core, names its source, and the page is axe clean', async ({ page, request }) => {
      const html = await (await request.get('/calculators/stamp-duty')).text();
      expect(html).toContain(coreDuty({}));
      expect(html).toContain('General advice warning');
      await open(page);
      await expect(page.getByTestId('stamp-duty')).toHaveText(coreDuty({}));
      await expect(page.getByTestId('sd-source').getByRole('link')).toHaveAttribute('href', /revenue\.nsw\.gov\.au/);
      const results = await axe(page, TAGS).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`stamp-duty-${width}.png`), fullPage: true });
    });

    test('typing and choosing update the figure at once, the concession is said, and the link keeps it', async ({ page }) => {
      await open(page);
      await page.getByTestId('sd-state').selectOption('QLD');
      await page.getByTestId('sd-price').fill('$365,400');
      await page.getByLabel('Invest').check();
      await expect(page.getByTestId('stamp-duty')).toHaveText('$11,214');
      await page.getByTestId('sd-state').selectOption('NSW');
      await page.getByLabel('Live in it').check();
      await page.getByTestId('sd-price').fill('900000');
      await page.getByLabel('Yes').check();
      await page.getByTestId('sd-contract-date').fill('2026-03-02');
      await expect(page.getByTestId('stamp-duty')).toHaveText('$19,706');
      await expect(page.getByTestId('sd-explanation')).toContainText('First Home Buyers Assistance Scheme');
      await expect(page.getByTestId('sd-lmi')).toBeVisible();
      await expect(page.getByTestId('sd-to-repayments')).toHaveAttribute('href', /^\/loans\/home\?.*amount=750000\.00.*#calculator$/);
      await page.goto(page.url());
      await expect(page.getByTestId('stamp-duty')).toHaveText('$19,706');
    });

    test('the loan goes to the repayment and borrowing power calculators in one tap, and each comes back to the same figures', async ({ page }) => {
      // Three pages woken, two axe runs and six screenshots: more than one page's time.
      test.slow();
      const entries = { state: 'ACT', price: '700000', first_home_buyer: 'yes', household_income: '150000', dependent_children: '2', deposit: '70000', contract_date: '2026-03-02' };
      const figures = core.stampDuty({ ...DEFAULTS, ...entries }, TODAY);
      if (!figures.ok || !figures.value.cash) throw new Error(`core refused ${JSON.stringify(entries)}`);
      const loan = figures.value.cash.loan_amount;
      await open(page, '?state=ACT&price=700000&first=yes&household=150000&children=2&deposit=70000&date=2026-03-02');
      await expect(page.getByTestId('stamp-duty')).toHaveText(figures.value.duty.display);
      await expect(page.getByTestId('sd-loan')).toHaveText(loan.display);
      const returned = async () => {
        await expect(page).toHaveURL(/\/calculators\/stamp-duty\?/);
        await expect(page.locator('astro-island:has([data-testid="stamp-duty-calculator"])')).not.toHaveAttribute('ssr', { timeout: 20_000 });
        await expect(page.getByTestId('sd-price')).toHaveValue('700000');
        await expect(page.getByTestId('sd-household-income')).toHaveValue('150000');
        await expect(page.getByTestId('stamp-duty')).toHaveText(figures.value.duty.display);
        await expect(page.getByTestId('sd-loan')).toHaveText(loan.display);
      };
      const axeClean = async () => {
        const results = await axe(page, TAGS).analyze();
        expect(results.violations.map((violation) => violation.id)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      };

      // To the repayment calculator with the loan; the visitor works there, then goes back.
      await page.getByTestId('sd-to-repayments').click();
      await expect(page).toHaveURL(/\/loans\/home\?/);
      await expect(page.locator('astro-island:has([data-testid="home-loan-calculator"])')).not.toHaveAttribute('ssr', { timeout: 20_000 });
      await expect(page.getByTestId('loan-amount')).toHaveValue(loan.amount);
      await page.getByTestId('loan-term').fill('25');
      const backFromRepayments = page.getByTestId('back-to-stamp-duty');
      await backFromRepayments.scrollIntoViewIfNeeded();
      await expect(backFromRepayments).toBeVisible();
      await axeClean();
      await page.screenshot({ path: test.info().outputPath(`stamp-duty-to-repayments-${width}.png`), fullPage: true });
      await page.locator('.calc__results:has([data-testid="back-to-stamp-duty"])').screenshot({ path: test.info().outputPath(`repayments-results-${width}.png`) });
      await backFromRepayments.click();
      await returned();

      // To borrowing power with the ACT's household income and children; back with the
      // dependants the visitor counts there.
      await page.getByTestId('sd-to-borrowing-power').click();
      await expect(page).toHaveURL(/\/calculators\/borrowing-power\?/);
      await expect(page.locator('astro-island:has([data-testid="borrowing-power-calculator"])')).not.toHaveAttribute('ssr', { timeout: 20_000 });
      await expect(page.getByTestId('bp-income')).toHaveValue('150000');
      await expect(page.getByTestId('bp-dependants')).toHaveValue('2');
      await page.getByTestId('bp-dependants').fill('3');
      const backFromBorrowing = page.getByTestId('back-to-stamp-duty');
      await backFromBorrowing.scrollIntoViewIfNeeded();
      await axeClean();
      await page.screenshot({ path: test.info().outputPath(`stamp-duty-to-borrowing-power-${width}.png`), fullPage: true });
      await page.getByTestId('borrowing-power-calculator').screenshot({ path: test.info().outputPath(`borrowing-power-calculator-${width}.png`) });
      await backFromBorrowing.click();
      await returned();
      await expect(page.getByTestId('sd-dependent-children')).toHaveValue('3');
      await page.screenshot({ path: test.info().outputPath(`stamp-duty-returned-${width}.png`), fullPage: true });
      await page.getByTestId('stamp-duty-calculator').screenshot({ path: test.info().outputPath(`stamp-duty-calculator-returned-${width}.png`) });
    });

    test("a bad entry shows core's message beside it", async ({ page }) => {
      await open(page);
      for (const price of ['abc', '-5', '$1e9']) {
        await page.getByTestId('sd-price').fill(price);
        const message = coreMessage({ price });
        await expect(page.getByTestId('sd-problem')).toContainText(message);
        await expect(page.getByTestId('sd-price')).toHaveAttribute('aria-invalid', 'true');
      }
      await page.getByTestId('sd-price').fill('500000');
      await page.getByTestId('sd-state').selectOption('QLD');
      await page.getByTestId('sd-contract-date').fill('1/1/2020');
      await expect(page.getByTestId('sd-problem')).toContainText(coreMessage({ state: 'QLD', price: '500000', contract_date: '1/1/2020' }));
      await expect(page.getByTestId('sd-contract-date')).toHaveAttribute('aria-invalid', 'true');
      // A state that isn't one (a hand-edited link): said at the state and in the summary.
      await open(page, '?state=Atlantis&price=500000');
      await expect(page.getByTestId('sd-problem')).toContainText(coreMessage({ state: 'Atlantis', price: '500000' }));
      await expect(page.getByTestId('sd-state')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('stamp-duty-calculator')).toContainText(coreMessage({ state: 'Atlantis', price: '500000' }));
      // WA's and the ACT's entries left in a link are not read elsewhere: the figure stands.
      await open(page, '?state=NSW&price=500000&region=Mars&household=abc&children=-3');
      await expect(page.getByTestId('stamp-duty')).toHaveText(coreDuty({ price: '500000' }));
    });
  });
}

test('the offset calculator answers with core and the page is linked from the calculators, home loans and borrowing power', async ({ page, request }) => {
  // Its first figures are core's, in the static HTML.
  const html = await (await request.get('/calculators/stamp-duty')).text();
  const rate = html.match(/data-testid="offset-annual-rate-percent"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="offset-annual-rate-percent"/);
  const term = html.match(/data-testid="offset-term-years"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="offset-term-years"/);
  const first = offsetCore.offsetSavings({
    principal: '600000',
    annual_rate_percent: rate?.[1] ?? rate?.[2] ?? '',
    term_years: term?.[1] ?? term?.[2] ?? '',
    offset_balance: '20000',
    monthly_addition: '500',
  });
  if (!first.ok) throw new Error(`core refused the offset's defaults: ${JSON.stringify(first.errors)}`);
  expect(html).toContain(first.value.interest_saved.display);
  expect(html).toContain(first.value.payoff_with_offset_text);

  // The page's first load fetches one .wasm, the duty calculator's; the offset's own package
  // comes once its form is on screen, once.
  const wasm: string[] = [];
  page.on('request', (asked) => {
    const url = new URL(asked.url()).pathname;
    if (url.endsWith('.wasm')) wasm.push(url);
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/calculators/stamp-duty');
  await expect(page.locator(AT_PAINT_NOT_HYDRATED)).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(wasm).toHaveLength(1);
  const fetched = async (url: string) => (await page.request.get(url, { headers: { 'accept-encoding': 'identity' } })).body();
  expect((await fetched(wasm[0] ?? '')).equals(packageWasm('stamp-duty')), `${wasm[0]} is the stamp-duty package`).toBe(true);

  const offset = page.getByTestId('offset-calculator');
  // Its island waits to be seen (client:visible): its script and its hydration are not part of the
  // duty calculator's first answer.
  const offsetIsland = page.locator('astro-island', { has: offset });
  await expect(offsetIsland).toHaveAttribute('ssr');
  await offset.scrollIntoViewIfNeeded();
  await expect(offsetIsland).not.toHaveAttribute('ssr');
  await expect.poll(() => wasm.length).toBe(2);
  expect((await fetched(wasm[1] ?? '')).equals(packageWasm('offset')), `${wasm[1]} is the offset package`).toBe(true);
  await page.getByTestId('offset-offset-balance').fill('50000');
  const rateShown = await page.getByTestId('offset-annual-rate-percent').inputValue();
  const years = await page.getByTestId('offset-term-years').inputValue();
  const outcome = offsetCore.offsetSavings({ principal: '600000', annual_rate_percent: rateShown, term_years: years, offset_balance: '50000', monthly_addition: '500' });
  if (!outcome.ok) throw new Error(`core refused the offset: ${JSON.stringify(outcome.errors)}`);
  await expect(page.getByTestId('offset-saved')).toHaveText(outcome.value.interest_saved.display);
  await expect(page.getByTestId('offset-payoff')).toHaveText(outcome.value.payoff_with_offset_text);
  await expect(offset.locator('.calc__results')).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('offset-monthly-addition').fill('-5');
  await expect(page.getByTestId('offset-problem')).toContainText("Amount can't be negative");
  await page.waitForLoadState('networkidle');
  expect(wasm, 'each package fetched once').toHaveLength(2);
  for (const from of ['/calculators', '/loans/home', '/calculators/borrowing-power']) {
    await page.goto(from);
    await expect(page.locator('main a[href="/calculators/stamp-duty"]').first()).toBeVisible();
  }
});
