import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as homeLoanPackage from 'banksia-core/home-loan';
import * as homeLoanToolsPackage from 'banksia-core/home-loan-tools';
import * as termDepositPackage from 'banksia-core/term-deposit';
import { fromDisk } from './core';
import { layoutShifts, shiftScore, watchLayoutShifts } from './helpers';

/**
 * The calculators in the browser. Expected figures and messages come from the same WASM build of
 * banksia-core, run here in Node, so the test checks that the page shows exactly what core says;
 * a few literal figures from the spec anchor it ($3,144, $4,500, $54,500).
 */
const core = fromDisk('home-loan', homeLoanPackage);
const tools = fromDisk('home-loan-tools', homeLoanToolsPackage);
const termDeposits = fromDisk('term-deposit', termDepositPackage);

const RATES: Record<string, string> = { variable: '6.45', fixed: '6.29', 'first-home': '6.25' };

interface HomeCase {
  amount: string;
  years: string;
  loan: keyof typeof RATES;
  repay: 'monthly' | 'fortnightly' | 'weekly';
  io: string;
  extra: string;
}

function coreSchedule(c: HomeCase) {
  const outcome = core.loanSchedule({
    principal: c.amount,
    annual_rate_percent: RATES[c.loan]!,
    term_years: c.years,
    frequency: c.repay,
    interest_only_years: c.io,
    extra_repayment: c.extra,
  });
  if (!outcome.ok) throw new Error(`core refused ${JSON.stringify(c)}: ${JSON.stringify(outcome.errors)}`);
  return outcome.value;
}

function coreLoanMessage(entries: Partial<Record<'principal' | 'term_years' | 'interest_only_years' | 'extra_repayment', string>>): string {
  const outcome = core.loanSchedule({
    principal: '500000',
    annual_rate_percent: '6.45',
    term_years: '30',
    frequency: 'monthly',
    interest_only_years: '',
    extra_repayment: '',
    ...entries,
  });
  if (outcome.ok) throw new Error(`core accepted ${JSON.stringify(entries)}`);
  return Object.values(outcome.errors).flat()[0]!;
}

function query(c: HomeCase): string {
  return new URLSearchParams({ amount: c.amount, term: c.years, loan: c.loan, repay: c.repay, io: c.io, extra: c.extra }).toString();
}

async function homeLoan(page: Page, search = '') {
  await page.goto(`/loans/home${search}`);
  const calculator = page.getByTestId('home-loan-calculator');
  await calculator.scrollIntoViewIfNeeded();
  await awake(page);
  return calculator;
}

/** Waits until the island is live: Astro drops the `ssr` attribute once it has hydrated. */
async function awake(page: Page, testId = 'home-loan-calculator') {
  await expect(page.locator(`astro-island:has([data-testid="${testId}"])`)).not.toHaveAttribute('ssr', { timeout: 20_000 });
}

test.describe('home loan calculator', () => {
  test('the defaults show $3,144 a month, in the HTML before any script runs', async ({ page, request }) => {
    const html = await (await request.get('/loans/home')).text();
    expect(html).toContain('$3,144');
    expect(html).toContain('Variable Rate');
    expect(html).toMatch(/6\.45%(\u00a0|&nbsp;)p\.a\./);
    await homeLoan(page);
    await expect(page.getByTestId('monthly-repayment')).toHaveText('$3,144');
    await expect(page.getByText('Estimated monthly repayment')).toBeVisible();
    await expect(page.getByText(/estimate only/i).first()).toBeVisible();
  });

  test('typing changes the figure at once', async ({ page }) => {
    await homeLoan(page);
    const figure = page.getByTestId('monthly-repayment');
    await page.getByLabel('Loan amount (AUD)').fill('$750,000');
    await expect(figure).toHaveText(coreSchedule({ amount: '$750,000', years: '30', loan: 'variable', repay: 'monthly', io: '', extra: '' }).repayment.display);
    await page.getByLabel('Loan term (years)').fill('2');
    await expect(figure).toHaveText(coreSchedule({ amount: '$750,000', years: '2', loan: 'variable', repay: 'monthly', io: '', extra: '' }).repayment.display);
    // One more character, one more figure, without leaving the field.
    await page.getByLabel('Loan term (years)').press('5');
    await expect(figure).toHaveText(coreSchedule({ amount: '$750,000', years: '25', loan: 'variable', repay: 'monthly', io: '', extra: '' }).repayment.display);
  });

  const CASES: HomeCase[] = [
    { amount: '500000', years: '30', loan: 'variable', repay: 'monthly', io: '', extra: '' },
    { amount: '150000', years: '25', loan: 'variable', repay: 'weekly', io: '', extra: '' },
    { amount: '820,000', years: '30', loan: 'fixed', repay: 'fortnightly', io: '', extra: '250' },
    { amount: '$640,000.50', years: '35', loan: 'first-home', repay: 'monthly', io: '5', extra: '' },
    { amount: '300000', years: '20', loan: 'variable', repay: 'weekly', io: '2', extra: '100' },
    { amount: '1000', years: '1', loan: 'fixed', repay: 'monthly', io: '', extra: '' },
  ];

  for (const c of CASES) {
    test(`shows core's figures for ${query(c)}`, async ({ page }) => {
      const expected = coreSchedule(c);
      await homeLoan(page, `?${query(c)}`);
      await expect(page.getByTestId('monthly-repayment')).toHaveText(expected.repayment.display);
      await expect(page.getByTestId('total-interest')).toHaveText(expected.total_interest.display);
      await expect(page.getByTestId('total-repaid')).toHaveText(expected.total_repaid.display);
      if (expected.interest_only_repayment) {
        await expect(page.getByTestId('interest-only-repayment')).toContainText(expected.interest_only_repayment.display);
      }
      if (expected.savings) {
        await expect(page.getByTestId('savings')).toContainText(expected.savings.interest_saved.display);
      } else {
        await expect(page.getByTestId('savings')).toHaveCount(0);
      }
      // The yearly table has a row per year of the schedule, and the chart a bar per year.
      await expect(page.locator('.calc-table tbody tr')).toHaveCount(expected.years.length);
      await expect(page.getByTestId('split-chart').locator('g > title')).toHaveCount(expected.years.length);
      await expect(page.getByTestId('chart-summary')).toContainText(expected.total_interest.display);
    });
  }

  test('the entries live in the URL: they survive a reload, and back undoes an edit', async ({ page }) => {
    await homeLoan(page);
    const figure = page.getByTestId('monthly-repayment');
    const amount = page.getByLabel('Loan amount (AUD)');

    await amount.fill('420000');
    await amount.blur();
    await page.getByLabel('Weekly').check();
    const weekly = coreSchedule({ amount: '420000', years: '30', loan: 'variable', repay: 'weekly', io: '', extra: '' }).repayment.display;
    await expect(figure).toHaveText(weekly);
    await expect(page).toHaveURL(/amount=420000/);
    await expect(page).toHaveURL(/repay=weekly/);

    await page.reload();
    await page.getByTestId('home-loan-calculator').scrollIntoViewIfNeeded();
    await awake(page);
    await expect(amount).toHaveValue('420000');
    await expect(page.getByLabel('Weekly')).toBeChecked();
    await expect(figure).toHaveText(weekly);
    await expect(page.getByText('Estimated weekly repayment')).toBeVisible();

    await page.goBack();
    await expect(page).not.toHaveURL(/repay=weekly/);
    await expect(page.getByLabel('Monthly')).toBeChecked();
    await expect(figure).toHaveText(coreSchedule({ amount: '420000', years: '30', loan: 'variable', repay: 'monthly', io: '', extra: '' }).repayment.display);
  });

  test('a result can be shared: the copied link opens the same figures', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await homeLoan(page, '?amount=333000&term=20&loan=first-home&repay=fortnightly&io=&extra=50');
    await page.getByTestId('share-link').click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(page.url());
    const expected = coreSchedule({ amount: '333000', years: '20', loan: 'first-home', repay: 'fortnightly', io: '', extra: '50' });
    await homeLoan(page, new URL(link).search);
    await expect(page.getByTestId('monthly-repayment')).toHaveText(expected.repayment.display);
    await expect(page.getByTestId('savings')).toContainText(expected.savings!.interest_saved.display);
  });

  test('choosing a product or typing a rate changes the rate used', async ({ page }) => {
    await homeLoan(page);
    const figure = page.getByTestId('monthly-repayment');
    await page.getByLabel(/Fixed Rate/).check();
    await expect(figure).toHaveText(coreSchedule({ amount: '500000', years: '30', loan: 'fixed', repay: 'monthly', io: '', extra: '' }).repayment.display);
    await page.getByTestId('own-rate-option').check();
    await page.getByLabel('Your interest rate').fill('7.1');
    const own = core.loanSchedule({ principal: '500000', annual_rate_percent: '7.1', term_years: '30', frequency: 'monthly', interest_only_years: '', extra_repayment: '' });
    expect(own.ok).toBe(true);
    if (own.ok) await expect(figure).toHaveText(own.value.repayment.display);
    await expect(page).toHaveURL(/rate=7.1/);
  });

  // '1': a $1 loan would show a $0 repayment, so the calculators take $1,000 or more (issue 22).
  const BAD_AMOUNTS = ['', 'abc', '-5', '0', '1', '999.99', '999999999999', '1,25.00', '12.345'];
  for (const typed of BAD_AMOUNTS) {
    test(`the amount ${JSON.stringify(typed)} shows core's message instead of a figure`, async ({ page }) => {
      await homeLoan(page);
      await awake(page);
      await page.getByLabel('Loan amount (AUD)').fill(typed);
      const message = coreLoanMessage({ principal: typed });
      await expect(page.getByTestId('loan-problem')).toContainText(message);
      await expect(page.getByTestId('monthly-repayment')).toHaveCount(0);
      await expect(page.getByLabel('Loan amount (AUD)')).toHaveAttribute('aria-invalid', 'true');
      const text = (await page.getByTestId('home-loan-calculator').innerText()).toLowerCase();
      expect(text).not.toContain('nan');
      expect(text).not.toContain('infinity');
      expect(text).not.toContain('undefined');
    });
  }

  const BAD_OTHERS: [string, string, Partial<Record<'term_years' | 'interest_only_years' | 'extra_repayment', string>>][] = [
    ['Loan term (years)', '0', { term_years: '0' }],
    ['Loan term (years)', '99', { term_years: '99' }],
    ['Loan term (years)', 'ten', { term_years: 'ten' }],
    ['Interest-only period', '30', { interest_only_years: '30' }],
    ['Extra repayment', '-50', { extra_repayment: '-50' }],
  ];
  for (const [label, typed, entries] of BAD_OTHERS) {
    test(`${label} ${JSON.stringify(typed)} shows core's message`, async ({ page }) => {
      await homeLoan(page);
      await awake(page);
      await page.getByLabel(label).fill(typed);
      await expect(page.getByTestId('loan-problem')).toContainText(coreLoanMessage(entries));
    });
  }
});

test.describe('term deposit calculator', () => {
  test("the spec's example is in the HTML: $50,000 for 24 months earns $4,500, $54,500 at maturity", async ({ page, request }) => {
    const html = await (await request.get('/term-deposits')).text();
    expect(html).toContain('$4,500');
    expect(html).toContain('$54,500');
    await page.goto('/term-deposits');
    await page.getByTestId('term-deposit-calculator').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('maturity-value')).toHaveText(/\$54,500/);
    await expect(page.getByTestId('total-interest')).toHaveText(/\$4,500/);
  });

  test("each term and payment option shows core's figures", async ({ page }) => {
    await page.goto('/term-deposits');
    const calculator = page.getByTestId('term-deposit-calculator');
    await calculator.scrollIntoViewIfNeeded();
    await awake(page, 'term-deposit-calculator');
    await page.getByLabel('Deposit amount').fill('25000');
    // Terms that offer every option (which a shorter term offers: term-deposit.spec.ts).
    for (const [months, rate, minimum] of [['24', '4.5', '5000'], ['36', '4.75', '10000'], ['60', '5', '25000']] as const) {
      await calculator.getByLabel(`${months} months`).check();
      for (const frequency of ['monthly', 'quarterly', 'annually', 'at_maturity'] as const) {
        await page.getByLabel('Interest paid').selectOption(frequency);
        const expected = termDeposits.termDeposit({ amount: '25000', annual_rate_percent: rate, term_months: months, frequency, minimum_deposit: minimum });
        expect(expected.ok).toBe(true);
        if (!expected.ok) continue;
        await expect(page.getByTestId('maturity-value')).toHaveText(expected.value.maturity_value.display);
        await expect(page.getByTestId('total-interest')).toHaveText(expected.value.total_interest.display);
        await expect(page.getByTestId('interest-per-payment')).toHaveText(expected.value.interest_per_payment.display);
        if (expected.value.number_of_payments > 1) {
          await expect(page.getByTestId('reinvested')).toContainText(expected.value.reinvested.maturity_value.display);
        }
      }
    }
    await expect(page).toHaveURL(/months=60/);
  });

  test('a deposit below the minimum for the term is flagged, and bad amounts show a message', async ({ page }) => {
    await page.goto('/term-deposits?deposit=2000&months=60');
    await page.getByTestId('term-deposit-calculator').scrollIntoViewIfNeeded();
    await awake(page, 'term-deposit-calculator');
    await expect(page.getByTestId('minimum-warning')).toContainText('$25,000');
    await page.getByLabel('Deposit amount').fill('abc');
    const refused = termDeposits.termDeposit({ amount: 'abc', annual_rate_percent: '5', term_months: '60', frequency: 'at_maturity', minimum_deposit: '25000' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) await expect(page.getByTestId('deposit-problem')).toContainText(Object.values(refused.errors).flat()[0]!);
  });
});

test.describe('personal and car loan estimates', () => {
  for (const [path, products] of [
    ['/loans/personal', [['quick', '8.99', [[2000, 7], [30000, 5], [50000, 1]]], ['secured', '7.49', [[5000, 10], [30000, 5], [100000, 2]]]]],
    ['/loans/car', [['new', '5.99', [[30000, 5], [100000, 7], [100000, 1]]], ['used', '6.99', [[30000, 5], [75000, 5], [75000, 1]]], ['green', '5.49', [[30000, 5], [100000, 7], [100000, 1]]]]],
  ] as const) {
    test(`${path} shows core's monthly repayment for each product, with no JavaScript`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('astro-island')).toHaveCount(0);
      for (const [id, rate, scenarios] of products) {
        const card = page.getByTestId(`estimate-${id}`);
        for (const [amount, years] of scenarios) {
          const expected = core.repayment({ principal: String(amount), annual_rate_percent: rate, term_years: String(years), frequency: 'monthly', interest_only_years: null, extra_repayment: null });
          expect(expected.ok).toBe(true);
          if (expected.ok) await expect(card.getByTestId(`estimate-${amount}-${years}`)).toContainText(expected.value.display);
        }
      }
    });
  }
});

test('a link naming a loan we do not offer shows the default loan and says so, with no rate message', async ({ page }) => {
  await homeLoan(page, '?loan=bogus&amount=500000&term=30');
  await expect(page.getByTestId('unknown-loan')).toContainText("named a loan we don't offer");
  await expect(page.getByTestId('monthly-repayment')).toHaveText('$3,144');
  await expect(page.getByRole('radio', { name: /Variable Rate/ }).first()).toBeChecked();
  await expect(page.getByTestId('loan-problem')).toHaveCount(0);
});

test.describe('home loan schedule as CSV', () => {
  for (const width of [375, 1280]) {
    test(`"Download CSV" saves core's schedule for the entries shown (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // 23:30 on 24 November UTC is already the 25th in Sydney: the loan is drawn on Sydney's date.
      await page.clock.setFixedTime(new Date('2026-11-24T23:30:00Z'));
      await homeLoan(page, '?amount=350000&term=25&loan=variable&repay=weekly&io=&extra=50');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
      // A name that says which loan it is (issue 22), not one name for every schedule.
      expect(download.suggestedFilename()).toBe(`banksia-home-loan-350000-at-${RATES['variable']!}pc-25-years-weekly.csv`);
      const saved = readFileSync(await download.path(), 'utf8');
      const expected = tools.loanScheduleCsv({
        principal: '350000',
        annual_rate_percent: RATES['variable']!,
        term_years: '25',
        frequency: 'weekly',
        interest_only_years: '',
        extra_repayment: '50',
      }, '2026-11-25');
      if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
      expect(saved).toBe(expected.value);
      // Heading lines name the loan (issue 22), then a blank line and the dated table.
      const lines = saved.split('\r\n');
      expect(lines[0]).toBe('Banksia Bank home loan repayment schedule (an estimate)');
      expect(lines).toContain('Loan amount,350000.00');
      expect(lines).toContain('Repayments,Weekly');
      expect(lines).toContain('Loan drawn on,2026-11-25');
      const table = lines.indexOf('');
      expect(lines[table + 1]).toBe('Number,Due date,Repayment,Interest,Principal excluding extra,Extra,Balance,Interest only');
      expect(lines[table + 2]).toMatch(/^1,2026-12-02,/);
      await expect(page.getByTestId('download-csv').locator('xpath=..').getByRole('status')).toContainText('Schedule downloaded');
    });
  }
});

function loanEntries(c: HomeCase) {
  return {
    principal: c.amount,
    annual_rate_percent: RATES[c.loan]!,
    term_years: c.years,
    frequency: c.repay,
    interest_only_years: c.io,
    extra_repayment: c.extra,
  };
}

const DEFAULT_CASE: HomeCase = { amount: '500000', years: '30', loan: 'variable', repay: 'monthly', io: '', extra: '' };

/** The cells of a table row, as shown. */
async function rowCells(page: Page, testId: string): Promise<string[]> {
  return (await page.getByTestId(testId).locator('th, td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test.describe('home loan: what if rates rise, two loans compared, printing', () => {
  for (const width of [375, 1280]) {
    test(`the rate rises are in the HTML and follow the entries once the tools' package arrives (${width} px)`, async ({ page, request }) => {
      const defaults = tools.loanRateRises(loanEntries(DEFAULT_CASE));
      if (!defaults.ok) throw new Error(JSON.stringify(defaults.errors));
      const html = await (await request.get('/loans/home')).text();
      expect(html).toContain('What if rates rise?');
      expect(html).toContain(core.formatAud(defaults.value[2]!.repayment, false));

      const wasm: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(r.url());
      });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/loans/home');
      await awake(page);
      await page.waitForLoadState('networkidle');
      // At first the calculator's package alone: the defaults' rises are in the HTML.
      expect(wasm).toHaveLength(1);
      await expect(page.getByTestId('rate-rise-1')).toBeVisible();
      expect(await rowCells(page, 'rate-rise-1')).toEqual(['+1% 7.45%', '$3,478.97', '+$335.05']);

      await page.getByLabel('Loan amount (AUD)').fill('$650,000');
      await page.getByLabel('Fortnightly').check();
      const c: HomeCase = { ...DEFAULT_CASE, amount: '$650,000', repay: 'fortnightly' };
      const rises = tools.loanRateRises(loanEntries(c));
      if (!rises.ok) throw new Error(JSON.stringify(rises.errors));
      for (const [index, rise] of rises.value.entries()) {
        await expect(page.getByTestId(`rate-rise-${index + 1}`)).toContainText(core.formatAud(rise.repayment, true));
        await expect(page.getByTestId(`rate-rise-${index + 1}`)).toContainText(`+${core.formatAud(rise.difference, true)}`);
      }
      await expect(page.getByTestId('rate-rises')).toContainText('Increase a fortnight');
      // The entries changed: the tools' package came, once.
      expect(wasm).toHaveLength(2);
      expect(readFileSync(new URL(`../../../wasm/pkg-home-loan-tools/banksia_wasm_bg.wasm`, import.meta.url)).equals(await (await page.request.get(wasm[1]!)).body())).toBe(true);
      await page.getByTestId('rate-rises').screenshot({ path: `test-results/home-loan-rate-rises-${width}.png` });
    });

    test(`Loan B is compared with the loan above, with core's figures and messages (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await homeLoan(page);
      const compare = page.getByTestId('loan-compare');
      await compare.scrollIntoViewIfNeeded();
      // At first Loan B is the same loan over 25 years.
      await expect(page.getByTestId('compare-payoff')).toContainText('5 years sooner');
      await page.getByTestId('second-option').selectOption('fixed');
      await page.getByLabel('Loan B term (years)').fill('30');
      await page.getByLabel('Loan B extra each repayment').fill('250');
      const expected = tools.compareLoans(loanEntries(DEFAULT_CASE), loanEntries({ ...DEFAULT_CASE, loan: 'fixed', extra: '250' }));
      if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
      const both = expected.value;
      await expect(page.getByTestId('compare-interest')).toContainText(core.formatAud(both.second.total_interest, true));
      expect(await rowCells(page, 'compare-repayment')).toEqual([
        'Repayment',
        `${core.formatAud(both.first.repayment, true)} a month`,
        `${core.formatAud(both.second.repayment, true)} a month`,
        `${core.formatAud(both.repayment_difference.replace('-', ''), true)} less`,
      ]);
      expect(await rowCells(page, 'compare-payoff')).toEqual([
        'Paid off in',
        both.first.payoff_time_display,
        both.second.payoff_time_display,
        both.payoff_difference_display,
      ]);
      await compare.screenshot({ path: `test-results/home-loan-compare-${width}.png` });
      // Loan B's changes are in the URL: a reload (or a shared link) shows the same comparison.
      await expect(page).toHaveURL(/b_loan=fixed/);
      await expect(page).toHaveURL(/b_extra=250/);
      await page.reload();
      await awake(page);
      await expect(page.getByTestId('second-option')).toHaveValue('fixed');
      await expect(page.getByTestId('compare-interest')).toContainText(core.formatAud(both.second.total_interest, true));

      await page.getByLabel('Loan B term (years)').fill('50');
      const refused = tools.compareLoans(loanEntries(DEFAULT_CASE), loanEntries({ ...DEFAULT_CASE, loan: 'fixed', extra: '250', years: '50' }));
      if (refused.ok) throw new Error('core accepted a 50-year loan');
      const message = refused.errors['second.term_years']![0]!;
      await expect(page.getByTestId('compare-problem')).toContainText(message);
      await expect(page.getByLabel('Loan B term (years)')).toHaveAttribute('aria-invalid', 'true');
    });

    test(`a link with entries wakes to their figures without moving anything (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await watchLayoutShifts(page);
      const c: HomeCase = { amount: '720000', years: '25', loan: 'fixed', repay: 'weekly', io: '', extra: '' };
      await page.goto(`/loans/home?${query(c)}#calculator`);
      await awake(page);
      const rises = tools.loanRateRises(loanEntries(c));
      if (!rises.ok) throw new Error(JSON.stringify(rises.errors));
      await expect(page.getByTestId('rate-rise-3')).toContainText(core.formatAud(rises.value[2]!.repayment, false));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const shifts = await layoutShifts(page);
      // Half of Lighthouse's "good" CLS (0.1); first-flight.spec.ts holds hydration alone to 0.001.
      expect(shiftScore(shifts), shifts.map((shift) => shift.description).join('\n')).toBeLessThan(0.05);
    });

    test(`interest-only years and an extra repayment are spelt out (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const c: HomeCase = { ...DEFAULT_CASE, io: '5', extra: '150' };
      await homeLoan(page, `?${query(c)}`);
      const view = coreSchedule(c);
      await expect(page.getByTestId('interest-only-repayment')).toHaveText(
        `Interest only for the first 5 years: ${view.interest_only_repayment!.display} a month, then ${view.repayment.display}`,
      );
      await expect(page.getByTestId('total-repayment')).toHaveText(
        `With your $150 extra you pay ${view.total_repayment.display} a month (${view.interest_only_total_repayment!.display} while interest only)`,
      );
      await page.locator('.calc-headline').screenshot({ path: `test-results/home-loan-headline-${width}.png` });
    });

    test(`printing prints the summary and the yearly table, not the page around them (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await homeLoan(page);
      await page.emulateMedia({ media: 'print' });
      for (const hidden of ['.site-header', '.site-footer', '.calc__inputs', '.calc-figure', '.calc-share', '.calc-compare', '#loan-options', '.section-intro']) {
        await expect(page.locator(hidden).first(), hidden).toBeHidden();
      }
      await expect(page.getByTestId('monthly-repayment')).toBeVisible();
      await expect(page.getByTestId('print-loan')).toHaveText('Loan of $500,000 over 30 years at 6.45% p.a., monthly repayments');
      await expect(page.getByTestId('rate-rises')).toBeVisible();
      // The yearly table is printed whole though its disclosure is closed on screen.
      const rows = page.locator('.calc-table tbody tr');
      await expect(rows).toHaveCount(30);
      await expect(rows.last()).toBeVisible();
      await page.screenshot({ path: `test-results/home-loan-print-${width}.png`, fullPage: true });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // A summary and 30 rows fit on a few pages, not the whole product page.
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.length).toBeLessThanOrEqual(3);
    });
  }
});

test.describe('repayment frequency, a real radio group in every colour mode (issue 22)', () => {
  /** WCAG relative luminance contrast of two `rgb(...)` colours. */
  function contrast(a: string, b: string): number {
    const luminance = (rgb: string) => {
      const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
    };
    const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (x! + 0.05) / (y! + 0.05);
  }

  test('the chosen segment shows in forced colours, and its focus ring is at least 3:1', async ({ page }) => {
    await page.goto('/loans/home');
    await expect(page.locator('astro-island:has(.calc-segments)')).not.toHaveAttribute('ssr', { timeout: 20_000 });
    const group = page.getByRole('group', { name: 'Repayment frequency' });
    await expect(group.getByRole('radio')).toHaveCount(3);
    const weekly = group.getByRole('radio', { name: 'Weekly' });
    await weekly.focus();
    await page.keyboard.press('Space');
    await expect(weekly).toBeChecked();
    // Keyboard focus on the chosen segment: the ring against the segment's own background.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(weekly).toBeFocused();
    const ring = await weekly.evaluate((input) => {
      const span = input.nextElementSibling as HTMLElement;
      const style = getComputedStyle(span);
      return { outline: style.outlineColor, width: style.outlineWidth, background: style.backgroundColor };
    });
    expect(ring.width).toBe('3px');
    expect(contrast(ring.outline, ring.background)).toBeGreaterThanOrEqual(3);

    await page.emulateMedia({ forcedColors: 'active' });
    const look = (name: string) =>
      group.getByRole('radio', { name }).evaluate((input) => {
        const span = input.nextElementSibling as HTMLElement;
        return { background: getComputedStyle(span).backgroundColor, mark: getComputedStyle(span, '::before').content };
      });
    const chosen = await look('Weekly');
    const other = await look('Monthly');
    expect(chosen.background).not.toBe(other.background);
    expect(chosen.mark).toContain('✓');
    expect(other.mark).toBe('none');
  });
});
