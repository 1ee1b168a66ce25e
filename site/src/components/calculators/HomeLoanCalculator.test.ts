// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { act, createElement } from 'react';
import { formatAud, loanSchedule, type LoanEntries } from 'banksia-core/home-loan';
import HomeLoanCalculator, { type HomeLoanCalculatorProps } from './HomeLoanCalculator';
import { byLabel, byTestId, click, hydrate, mount, textOf, type, type Mounted } from './testing';


/** The loan tools' package, as the build uses it for the default figures. */
const tools = await import('banksia-core/home-loan-tools');
const DEFAULT_LOAN: LoanEntries = {
  principal: '500000',
  annual_rate_percent: '6.45',
  term_years: '30',
  frequency: 'monthly',
  interest_only_years: '',
  extra_repayment: '',
};

const PROPS: HomeLoanCalculatorProps = {
  options: [
    { id: 'variable', name: 'Variable Rate Home Loan', label: 'Variable Rate', rate: 6.45, comparisonRate: 6.67 },
    { id: 'fixed', name: 'Fixed Rate Home Loan', label: 'Fixed Rate', rate: 6.29, comparisonRate: 6.52 },
    { id: 'first-home', name: 'First Home Buyer Loan', label: 'First Home Buyer', rate: 6.25, comparisonRate: 6.48 },
  ],
  defaultAmount: '500000',
  defaultYears: '30',
  comparisonWarning: 'WARNING: This comparison rate is true only for the examples given.',
  compareYears: '25',
  defaultRises: tools.loanRateRises(DEFAULT_LOAN),
  defaultComparison: tools.compareLoans(DEFAULT_LOAN, { ...DEFAULT_LOAN, term_years: '25' }),
};

/** core's answer for entries, the default loan otherwise. */
function core(entries: Partial<LoanEntries>) {
  return loanSchedule({
    ...DEFAULT_LOAN,
    ...entries,
  });
}

function figures(entries: Partial<LoanEntries>) {
  const outcome = core(entries);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

function message(entries: Partial<LoanEntries>): string {
  const outcome = core(entries);
  if (outcome.ok) throw new Error('core accepted it');
  return Object.values(outcome.errors).flat()[0]!;
}

let view: Mounted;
const radio = (value: string) => view.container.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!;

beforeEach(() => {
  window.history.replaceState(null, '', '/loans/home');
});

afterEach(() => view?.unmount());

describe('HomeLoanCalculator', () => {
  it('renders the defaults on the server: $3,144 a month at the Variable Rate, an estimate only', () => {
    const html = renderToString(createElement(HomeLoanCalculator, PROPS));
    expect(html).toContain('$3,144');
    expect(html).toContain('Estimated monthly repayment');
    expect(html).toContain('Variable Rate');
    expect(html).toContain('6.45%\u00a0p.a.');
    expect(html).toContain('6.67%\u00a0p.a.');
    expect(html).toContain('estimate only');
    expect(html).toContain(figures({}).total_interest.display);
  });

  it('recomputes on every keystroke, reading amounts typed with $ and commas', () => {
    view = mount(HomeLoanCalculator, PROPS);
    expect(textOf(view.container, 'monthly-repayment')).toBe('$3,144');
    type(byLabel(view.container, 'Loan amount (AUD)'), '$650,000');
    expect(textOf(view.container, 'monthly-repayment')).toBe(figures({ principal: '$650,000' }).repayment.display);
    type(byLabel(view.container, 'Loan term (years)'), '2');
    type(byLabel(view.container, 'Loan term (years)'), '25');
    expect(textOf(view.container, 'monthly-repayment')).toBe(figures({ principal: '$650,000', term_years: '25' }).repayment.display);
  });

  it('uses the chosen product, frequency, interest-only years and extra repayment', () => {
    view = mount(HomeLoanCalculator, PROPS);
    click(radio('fixed'));
    click(radio('fortnightly'));
    type(byLabel(view.container, 'Interest-only period'), '3');
    type(byLabel(view.container, 'Extra repayment'), '150');
    const expected = figures({ annual_rate_percent: '6.29', frequency: 'fortnightly', interest_only_years: '3', extra_repayment: '150' });
    expect(textOf(view.container, 'monthly-repayment')).toBe(expected.repayment.display);
    expect(view.container.textContent).toContain('Estimated fortnightly repayment');
    expect(textOf(view.container, 'total-interest')).toBe(expected.total_interest.display);
    expect(textOf(view.container, 'total-repaid')).toBe(expected.total_repaid.display);
    expect(textOf(view.container, 'interest-only-repayment')).toContain(expected.interest_only_repayment!.display);
    expect(textOf(view.container, 'savings')).toContain(expected.savings!.interest_saved.display);
    expect(view.container.querySelectorAll('.calc-table tbody tr')).toHaveLength(expected.years.length);
  });

  it('takes a rate typed by the visitor, starting from the chosen product', () => {
    view = mount(HomeLoanCalculator, PROPS);
    click(radio('first-home'));
    click(radio('own'));
    const rate = byLabel(view.container, 'Your interest rate');
    expect(rate.value).toBe('6.25');
    type(rate, '5.99');
    expect(textOf(view.container, 'monthly-repayment')).toBe(figures({ annual_rate_percent: '5.99' }).repayment.display);
    type(rate, '45');
    expect(textOf(view.container, 'loan-problem')).toContain(message({ annual_rate_percent: '45' }));
  });

  it.each(['', 'abc', '-5', '0', '1e9', '100000000000', '12.345'])('shows core’s message for the amount %j, never a figure', (typed) => {
    view = mount(HomeLoanCalculator, PROPS);
    const amount = byLabel(view.container, 'Loan amount (AUD)');
    type(amount, typed);
    expect(byTestId(view.container, 'monthly-repayment')).toBeNull();
    expect(textOf(view.container, 'loan-problem')).toContain(message({ principal: typed }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(view.container.textContent).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('keeps the entries in the URL, typing replacing it and each choice a history entry, and restores them on back', async () => {
    view = mount(HomeLoanCalculator, PROPS);
    const start = window.history.length;
    const amount = byLabel(view.container, 'Loan amount (AUD)');
    type(amount, '4');
    type(amount, '42');
    type(amount, '420000');
    act(() => {
      amount.dispatchEvent(new Event('blur'));
    });
    click(radio('weekly'));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('amount')).toBe('420000');
    expect(params.get('repay')).toBe('weekly');
    // Keystrokes replace the URL without a history entry; the frequency is one.
    expect(window.history.length).toBe(start + 1);
    await act(async () => {
      window.history.back();
      await new Promise((done) => setTimeout(done, 50));
    });
    expect(radio('monthly').checked).toBe(true);
    expect(amount.value).toBe('420000');
    expect(textOf(view.container, 'monthly-repayment')).toBe(figures({ principal: '420000' }).repayment.display);
  });

  it('reads the entries from the URL when it wakes', () => {
    window.history.replaceState(null, '', '/loans/home?amount=150000&term=25&loan=variable&repay=weekly');
    view = mount(HomeLoanCalculator, PROPS);
    expect(byLabel(view.container, 'Loan amount (AUD)').value).toBe('150000');
    expect(radio('weekly').checked).toBe(true);
    expect(textOf(view.container, 'monthly-repayment')).toBe(figures({ principal: '150000', term_years: '25', frequency: 'weekly' }).repayment.display);
  });

  it('uses what was typed into the static HTML before the island woke', () => {
    view = hydrate(HomeLoanCalculator, PROPS, (html) => {
      byLabel(html, 'Loan amount (AUD)').value = '150000';
      byLabel(html, 'Loan term (years)').value = '25';
    });
    expect(textOf(view.container, 'monthly-repayment')).toBe(figures({ principal: '150000', term_years: '25' }).repayment.display);
    expect(new URLSearchParams(window.location.search).get('amount')).toBe('150000');
  });

  it('draws the balance and the principal/interest split with a text summary', () => {
    view = mount(HomeLoanCalculator, PROPS);
    const expected = figures({});
    expect(byTestId(view.container, 'balance-chart')?.querySelector('path.chart__line')).not.toBeNull();
    expect(byTestId(view.container, 'split-chart')?.querySelectorAll('rect.chart__principal')).toHaveLength(expected.years.length);
    expect(textOf(view.container, 'chart-summary')).toContain(expected.total_interest.display);
    expect(byTestId(view.container, 'balance-chart')?.getAttribute('aria-hidden')).toBe('true');
  });
});

/** Lets the loan tools' package load (a dynamic import) and React render what it answers. */
async function settle(until: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !until(); tries += 1) {
    await act(async () => {
      await new Promise((done) => setTimeout(done, 10));
    });
  }
  expect(until()).toBe(true);
}

function rises(entries: Partial<LoanEntries>) {
  const outcome = tools.loanRateRises({ ...DEFAULT_LOAN, ...entries });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

function comparison(first: Partial<LoanEntries>, second: Partial<LoanEntries>) {
  const outcome = tools.compareLoans({ ...DEFAULT_LOAN, ...first }, { ...DEFAULT_LOAN, ...second });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

const cells = (container: HTMLElement, id: string) =>
  Array.from(byTestId(container, id)?.querySelectorAll('th, td') ?? []).map((cell) => cell.textContent?.trim());

describe('what if rates rise', () => {
  it('puts the default loan at +1, +2 and +3 points in the server HTML, from core', () => {
    const html = renderToString(createElement(HomeLoanCalculator, PROPS));
    const expected = rises({});
    expect(html).toContain('What if rates rise?');
    expect(html).toMatch(/Increase <span[^>]*>a month<\/span>/);
    for (const rise of expected) {
      expect(html).toContain(formatAud(rise.repayment, true));
      expect(html).toContain(`+${formatAud(rise.difference, true)}`);
    }
    // The spec's default: $3,143.92 today, $3,478.97 at 7.45%, $335.05 more a month.
    expect(expected[0]!.repayment).toBe('3478.97');
  });

  it('follows the entries: nothing stale while the tools load, then core’s figures a week', async () => {
    view = mount(HomeLoanCalculator, PROPS);
    expect(cells(view.container, 'rate-rise-1')).toEqual(['+1% 7.45%', '$3,478.97', '+$335.05']);
    click(radio('weekly'));
    type(byLabel(view.container, 'Loan amount (AUD)'), '420000');
    const expected = rises({ principal: '420000', frequency: 'weekly' });
    await settle(() => textOf(view.container, 'rate-rise-3')?.includes(formatAud(expected[2]!.repayment, true)) ?? false);
    expect(view.container.textContent).toContain('Increase a week');
    expect(cells(view.container, 'rate-rise-2')).toEqual([
      `+2% ${expected[1]!.annual_rate_percent}%`,
      formatAud(expected[1]!.repayment, true),
      `+${formatAud(expected[1]!.difference, true)}`,
    ]);
    expect(cells(view.container, 'rate-today')).toEqual(['Today 6.45%', formatAud(figures({ principal: '420000', frequency: 'weekly' }).repayment.amount, true), '–']);
  });

  it('shows only the rises core allows below its highest rate', async () => {
    view = mount(HomeLoanCalculator, PROPS);
    click(radio('own'));
    type(byLabel(view.container, 'Your interest rate'), '28');
    await settle(() => textOf(view.container, 'rate-rise-1')?.includes('29.00%') ?? false);
    expect(rises({ annual_rate_percent: '28' })).toHaveLength(2);
    expect(byTestId(view.container, 'rate-rise-3')).toBeNull();
  });
});

describe('two loans compared', () => {
  it('shows each difference as exactly the difference of the figures beside it', async () => {
    const inCents = (text: string | undefined) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
    const signedCents = (text: string | undefined) => (/less|−/.test(text ?? '') ? -1 : 1) * inCents(text);
    const check = () => {
      const today = cells(view.container, 'rate-today')[1];
      for (const id of ['rate-rise-1', 'rate-rise-2', 'rate-rise-3']) {
        const [, repayment, increase] = cells(view.container, id);
        expect(inCents(repayment) - inCents(today)).toBe(signedCents(increase));
      }
      for (const id of ['compare-repayment', 'compare-interest', 'compare-repaid']) {
        const [, first, second, difference] = cells(view.container, id);
        expect(inCents(second) - inCents(first)).toBe(signedCents(difference));
      }
    };
    view = mount(HomeLoanCalculator, PROPS);
    // The default loan: $3,143.92 and $3,360.44 a month, which whole dollars would show as $3,144,
    // $3,360 and "$217 more".
    check();
    type(byLabel(view.container, 'Loan amount (AUD)'), '512345.67');
    const expected = comparison({ principal: '512345.67' }, { principal: '512345.67', term_years: '25' });
    await settle(() => cells(view.container, 'compare-interest')[2] === formatAud(expected.second.total_interest, true));
    check();
  });

  it('starts with Loan B as the default loan over 25 years, in the server HTML', () => {
    const html = renderToString(createElement(HomeLoanCalculator, PROPS));
    const expected = comparison({}, { term_years: '25' });
    expect(html).toContain('Compare two loans');
    expect(html).toContain(`${formatAud(expected.second.repayment, true)} a month`);
    expect(html).toContain('5 years sooner');
    expect(html).toContain(`${formatAud(expected.total_interest_difference.slice(1), true)} less`);
  });

  it('compares what is typed into Loan B with the loan above, from core', async () => {
    view = mount(HomeLoanCalculator, PROPS);
    const option = byTestId(view.container, 'second-option') as HTMLSelectElement;
    act(() => {
      option.value = 'fixed';
      option.dispatchEvent(new Event('change', { bubbles: true }));
    });
    type(byLabel(view.container, 'Loan B term (years)'), '30');
    type(byLabel(view.container, 'Loan B extra each repayment'), '200');
    const expected = comparison({}, { annual_rate_percent: '6.29', extra_repayment: '200' });
    await settle(() => cells(view.container, 'compare-interest')[2] === formatAud(expected.second.total_interest, true));
    expect(cells(view.container, 'compare-repayment')).toEqual([
      'Repayment',
      `${formatAud(expected.first.repayment, true)} a month`,
      `${formatAud(expected.second.repayment, true)} a month`,
      `${formatAud(expected.repayment_difference.slice(1), true)} less`,
    ]);
    expect(cells(view.container, 'compare-payoff')).toEqual([
      'Paid off in',
      expected.first.payoff_time_display,
      expected.second.payoff_time_display,
      expected.payoff_difference_display,
    ]);
    // Loan A's entries carry over to Loan B, except what was changed in B.
    type(byLabel(view.container, 'Loan amount (AUD)'), '600000');
    const moved = comparison({ principal: '600000' }, { principal: '600000', annual_rate_percent: '6.29', extra_repayment: '200' });
    await settle(() => cells(view.container, 'compare-repaid')[2] === formatAud(moved.second.total_repaid, true));
    expect(byLabel(view.container, 'Loan B amount (AUD)').value).toBe('600000');
  });

  it('keeps Loan B’s changes in the URL beside Loan A’s, and wakes to them from a link', async () => {
    view = mount(HomeLoanCalculator, PROPS);
    type(byLabel(view.container, 'Loan B term (years)'), '20');
    type(byLabel(view.container, 'Loan B extra each repayment'), '100');
    type(byLabel(view.container, 'Loan amount (AUD)'), '450000');
    const params = new URLSearchParams(window.location.search);
    expect([params.get('amount'), params.get('b_term'), params.get('b_extra'), params.get('b_amount')]).toEqual(['450000', '20', '100', null]);
    view.unmount();

    window.history.replaceState(null, '', '/loans/home?amount=450000&term=30&loan=variable&b_loan=fixed&b_term=30');
    view = mount(HomeLoanCalculator, PROPS);
    const expected = comparison({ principal: '450000' }, { principal: '450000', annual_rate_percent: '6.29' });
    await settle(() => cells(view.container, 'compare-interest')[2] === formatAud(expected.second.total_interest, true));
    expect((byTestId(view.container, 'second-option') as HTMLSelectElement).value).toBe('fixed');
    expect(byLabel(view.container, 'Loan B term (years)').value).toBe('30');
  });

  it('shows core’s message beside a bad Loan B entry', async () => {
    view = mount(HomeLoanCalculator, PROPS);
    const term = byLabel(view.container, 'Loan B term (years)');
    type(term, '45');
    const outcome = tools.compareLoans(DEFAULT_LOAN, { ...DEFAULT_LOAN, term_years: '45' });
    if (outcome.ok) throw new Error('core accepted it');
    const message = outcome.errors['second.term_years']![0]!;
    await settle(() => term.getAttribute('aria-invalid') === 'true');
    expect(view.container.textContent).toContain(message);
    expect(textOf(view.container, 'compare-problem')).toContain(message);
    expect(byTestId(view.container, 'compare-table')).toBeNull();
  });
});

describe('interest-only years and extra repayments', () => {
  it('says what is paid while interest only, then after, and with the extra on top', () => {
    view = mount(HomeLoanCalculator, PROPS);
    type(byLabel(view.container, 'Interest-only period'), '5');
    type(byLabel(view.container, 'Extra repayment'), '150');
    const expected = figures({ interest_only_years: '5', extra_repayment: '150' });
    expect(textOf(view.container, 'interest-only-repayment')).toBe(
      `Interest only for the first 5 years: ${expected.interest_only_repayment!.display} a month, then ${expected.repayment.display}`,
    );
    expect(textOf(view.container, 'total-repayment')).toBe(
      `With your $150 extra you pay ${expected.total_repayment.display} a month (${expected.interest_only_total_repayment!.display} while interest only)`,
    );
    expect(expected.total_repayment.display).toBe('$3,510');
    type(byLabel(view.container, 'Interest-only period'), '');
    expect(byTestId(view.container, 'interest-only-repayment')).toBeNull();
    expect(textOf(view.container, 'total-repayment')).toBe(`With your $150 extra you pay ${figures({ extra_repayment: '150' }).total_repayment.display} a month`);
  });
});
