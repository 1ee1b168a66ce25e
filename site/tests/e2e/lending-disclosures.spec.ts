import { expect, test } from '@playwright/test';
import * as keyFactsPackage from 'banksia-core/key-facts-sheet';
import * as siteFactsPackage from 'banksia-core/site-facts';
import { builtRatesDay, fromDisk } from './core';

/**
 * What a regulator reads: dated rates with their history, comparison rates beside every rate with
 * the statutory warning, every advertised home loan in the calculator, Key Facts Sheets that print
 * on one A4 page, Target Market Determinations, the Financial Claims Scheme statement, and the
 * rate tables' layout. Expected figures come from core's catalog, run here through the same WASM.
 */
const keyFacts = fromDisk('key-facts-sheet', keyFactsPackage);
const facts = fromDisk('site-facts', siteFactsPackage);
const catalog = facts.productCatalog(builtRatesDay())!;
const loans = [...catalog.home_loans, ...catalog.personal_loans, ...catalog.car_loans];
const WARNING = 'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges.';

function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

test.describe('rates', () => {
  test('/rates says when its rates took effect and shows each product history', async ({ page }) => {
    await page.goto('/rates');
    await expect(page.getByTestId('rates-effective')).toHaveText(`Rates effective from ${longDate(catalog.effective_from)}.`);
    const history = page.getByTestId('rate-history');
    for (const loan of loans) {
      const row = history.locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${loan.name}$`) }) });
      await expect(row).toContainText(`${loan.annual_rate_percent}% p.a. (comparison rate ${loan.comparison_rate_percent}% p.a.*)`);
      // Every earlier loan rate with its own comparison rate (core's comparison_history).
      for (const [index, earlier] of loan.history.entries()) {
        if (index === 0) continue;
        const comparison = loan.comparison_history[index];
        await expect(row).toContainText(
          `${earlier.annual_rate_percent}% p.a. (comparison rate ${comparison?.annual_rate_percent}% p.a.*) from ${longDate(earlier.effective_from)}`,
        );
      }
    }
  });

  test('every loan rate on /rates has its computed comparison rate beside it, with the warning and its example', async ({ page }) => {
    await page.goto('/rates');
    const table = page.getByRole('region', { name: 'Loan rates table' });
    for (const loan of loans) {
      const row = table.locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${loan.name}$`) }) });
      const [rate, comparison] = await Promise.all([
        row.locator('td[data-label="Interest rate"]'),
        row.locator('td[data-label="Comparison rate*"]'),
      ]);
      await expect(rate).toHaveText(`${loan.annual_rate_percent}% p.a.`);
      await expect(comparison).toHaveText(`${loan.comparison_rate_percent}% p.a.`);
      // No less prominent: the same size and weight as the rate.
      const style = (cell: typeof rate) => cell.evaluate((el) => [getComputedStyle(el).fontSize, getComputedStyle(el).fontWeight].join(' '));
      expect(await style(comparison)).toBe(await style(rate));
    }
    // The loan table's warning (the rate history below has its own).
    const warning = page.locator('.comparison-warning').first();
    await expect(page.locator('.comparison-warning')).toHaveCount(2);
    await expect(warning).toContainText(WARNING);
    await expect(warning).toContainText('$150,000 over 25 years');
    await expect(warning).toContainText('$30,000 over 5 years');
    // The spec's advertised pairs come out of core's computation.
    const pairs = catalog.home_loans.map((loan) => `${loan.annual_rate_percent}->${loan.comparison_rate_percent}`);
    expect(pairs).toEqual(expect.arrayContaining(['6.45->6.67', '6.29->6.52', '6.25->6.48', '5.39->5.45']));
  });

  for (const path of ['/rates', '/savings']) {
    test(`${path} explains why term deposits and certificates of deposit list different rates`, async ({ page }) => {
      await page.goto(path);
      const note = page.getByTestId('deposit-difference');
      await expect(note).toContainText('Term deposit or certificate of deposit?');
      await expect(note).toContainText('different products');
    });
  }

  test('at 1280 px the deposit tables leave no empty area and "Interest paid" fits on two lines', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rates');
    const boxes = await page.locator('.tables > .data-table-wrap').evaluateAll((wraps) =>
      wraps.map((wrap) => {
        const box = wrap.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
    // Tables side by side must be about the same height, or one leaves an empty area under it.
    for (const box of boxes) {
      for (const other of boxes.filter((b) => b !== box && b.top === box.top)) {
        expect(Math.abs(other.height - box.height), 'tables side by side differ in height').toBeLessThan(48);
      }
    }
    const lines = await page.locator('td[data-label="Interest paid"]').evaluateAll((cells) =>
      cells.map((cell) => Math.round(cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight))),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const count of lines) expect(count).toBeLessThanOrEqual(3); // two lines plus the cell's padding
  });
});

test.describe('home loans', () => {
  test('every advertised home loan is a calculator option and a Loan B option, with its comparison rate', async ({ page }) => {
    await page.goto('/loans/home');
    const calculator = page.getByTestId('home-loan-calculator');
    for (const loan of catalog.home_loans) {
      const option = calculator.locator('label.calc-option', { has: page.locator(`input[value="${loan.id}"]`) });
      await expect(option).toContainText(`${loan.annual_rate_percent}% p.a.`);
      await expect(option).toContainText(`Comparison ${loan.comparison_rate_percent}% p.a.`);
      const look = (el: Element) => [getComputedStyle(el).fontSize, getComputedStyle(el).fontWeight, getComputedStyle(el).color].join(' ');
      expect(await option.getByTestId('option-comparison').evaluate(look)).toBe(await option.locator('.calc-option__rates > strong').first().evaluate(look));
      await expect(page.getByTestId('second-option').locator(`option[value="${loan.id}"]`)).toHaveCount(1);
    }
  });

  test('"Compare home loans" on the promotion lands on the Basic Variable Home Loan in the calculator', async ({ page }) => {
    await page.goto('/');
    await page.locator('#home-loan-promo-heading').locator('..').locator('..').getByRole('link', { name: 'Compare home loans' }).click();
    await expect(page).toHaveURL(/\/loans\/home/);
    await expect(page.locator('input[name="option"][value="basic-variable"]')).toBeChecked();
    // The default loan at 6.45% is $3,144 a month; at the Basic Variable rate it is less.
    await expect(page.getByTestId('monthly-repayment')).not.toHaveText('$3,144');
  });

  test('/loans/home says a Key Facts Sheet can be generated and what it needs, and links one from each standard loan', async ({ page }) => {
    await page.goto('/loans/home');
    const statement = page.getByTestId('kfs-statement');
    await expect(statement).toContainText('loan amount, the term in years and how often you want to repay');
    await expect(page.getByTestId('kfs-link')).toHaveCount(3);
    await expect(page.getByTestId('key-facts-link').locator('a')).toHaveAttribute('href', /key-facts-sheet\?loan=variable&amount=500000&term=30&repay=monthly/);
  });

  for (const loan of catalog.home_loans.filter((l) => l.key_facts_sheet && l.id !== 'basic-variable')) {
    test(`the Key Facts Sheet of the ${loan.name} prints on one A4 page with every section`, async ({ page }) => {
      const query = { amount: '420000', term: '25', repay: 'fortnightly' };
      await page.goto(`/loans/home/key-facts-sheet?loan=${loan.id}&amount=${query.amount}&term=${query.term}&repay=${query.repay}`);
      const expected = keyFacts.keyFactsSheet(loan.id, { principal: query.amount, term_years: query.term, frequency: query.repay as 'monthly' | 'fortnightly' | 'weekly' }, builtRatesDay());
      if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
      const sheet = page.getByTestId('kfs-sheet');
      await expect(page.getByTestId('kfs-comparison-rate')).toHaveText(`${expected.value.comparison_rate_percent}% p.a.`);
      await expect(page.getByTestId('kfs-loan-amount')).toHaveText('$420,000.00');
      await expect(page.getByTestId('kfs-total')).toHaveText(expected.value.total_repaid.display);
      await expect(page.getByTestId('kfs-rise')).toContainText(expected.value.rate_rise.repayment.display);
      for (const heading of ['Your loan', 'Interest rates', 'Comparison rate', 'Total amount to be repaid', 'Fees', 'If the interest rate rose by 1 percentage point']) {
        await expect(sheet.getByRole('heading', { name: heading })).toBeVisible();
      }
      await page.emulateMedia({ media: 'print' });
      // Black on white on paper.
      const colours = await sheet.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
      expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
      await expect(page.getByTestId('kfs-form')).toBeHidden();
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
      const text = pdf.toString('latin1');
      // Page objects of the PDF (not the /Pages tree): exactly one.
      expect(text.match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
      const mediaBox = text.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
      expect(mediaBox && [Math.round(Number(mediaBox[1])), Math.round(Number(mediaBox[2]))]).toEqual([595, 842]);
    });
  }
});

test.describe('disclosures', () => {
  test('every product card links its Target Market Determination, and each one is a page', async ({ page }) => {
    for (const path of ['/loans/home', '/loans/personal', '/loans/car', '/savings', '/credit-cards', '/term-deposits']) {
      await page.goto(path);
      const links = page.getByTestId('tmd-link');
      expect(await links.count(), path).toBeGreaterThan(0);
      const href = await links.first().getAttribute('href');
      const answer = await page.request.get(href!);
      expect(answer.status(), href!).toBe(200);
    }
    await page.goto('/target-market/fixed');
    await expect(page.getByTestId('tmd')).toContainText('Fixed Rate Home Loan');
    await expect(page.locator('main')).toContainText('Review triggers');
  });

  for (const path of ['/savings', '/term-deposits', '/checking', '/rates']) {
    test(`${path} carries the Financial Claims Scheme statement in its correct form`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('fcs-statement')).toContainText('up to $250,000 per account holder per authorised deposit-taking institution (ADI)');
    });
  }
});

test.describe('calculator disclosures and the collection notice', () => {
  const today = new Date().toISOString().slice(0, 10);
  const cases = [
    { path: '/loans/home', calculator: 'home_loan' },
    { path: '/term-deposits', calculator: 'term_deposit' },
    { path: '/calculators/borrowing-power', calculator: 'borrowing_power' },
    { path: '/loans/home/key-facts-sheet', calculator: 'key_facts_sheet' },
    { path: '/calculators/stamp-duty', calculator: 'stamp_duty' },
  ] as const;
  for (const { path, calculator } of cases) {
    test(`${path} states the calculator's purpose, assumptions and limitations, from core`, async ({ page }) => {
      await page.goto(path);
      const expected = facts.calculatorDisclosure(calculator, today);
      if (!expected) throw new Error(`no disclosure for ${calculator}`);
      const disclosure = page.locator(`[data-testid="calculator-disclosure"][data-calculator="${calculator}"]`);
      await expect(disclosure).toContainText(expected.purpose);
      for (const line of [...expected.assumptions, ...expected.limitations]) await expect(disclosure).toContainText(line);
      await expect(disclosure).toContainText('not an offer of credit');
      if (calculator === 'term_deposit' || calculator === 'home_loan' || calculator === 'stamp_duty') {
        await expect(disclosure.getByTestId('general-advice-warning')).toContainText('General advice warning');
      }
    });
  }

  test('the home loan calculator assumes compounding at the repayment frequency and leaves fees out; borrowing power names its tax year and floor', async ({ page }) => {
    await page.goto('/loans/home');
    await expect(page.getByTestId('calculator-disclosure')).toContainText('compounds at the repayment frequency');
    await expect(page.getByTestId('calculator-disclosure')).toContainText('Fees and charges are left out');
    await page.goto('/calculators/borrowing-power');
    await expect(page.getByTestId('calculator-disclosure')).toContainText(/income year/);
    await expect(page.getByTestId('calculator-disclosure')).toContainText('$1,600 a month for one adult');
  });

  test('the application shows the privacy collection notice before it asks for personal information', async ({ page }) => {
    await page.goto('/apply/account');
    const notice = page.getByTestId('collection-notice');
    // A closed disclosure above the form (so step 1 stays on the first screen); it opens in place.
    await notice.locator('summary').click();
    const expected = facts.collectionNotice('Banksia Bank Limited', '13 22 65');
    for (const section of expected.sections) {
      await expect(notice).toContainText(section.heading);
      await expect(notice).toContainText(section.text);
    }
    await expect(notice).toContainText('Anti-Money Laundering and Counter-Terrorism Financing Act 2006');
    await expect(notice).toHaveAttribute('data-notice-version', expected.version);
    await expect(notice).toHaveAttribute('data-terms-version', expected.terms_version);
    // It comes before the form in the page.
    const before = await notice.evaluate((el) => {
      const form = document.querySelector('#application form');
      return Boolean(form && el.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
  });
});
