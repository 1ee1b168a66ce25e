// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { act, createElement } from 'react';
import { loanSchedule, type LoanEntries } from '../../lib/core';
import HomeLoanCalculator, { type HomeLoanCalculatorProps } from './HomeLoanCalculator';
import { byLabel, byTestId, click, hydrate, mount, textOf, type, type Mounted } from './testing';

vi.mock('../../lib/core', () => import('./core.testing'));

const PROPS: HomeLoanCalculatorProps = {
  options: [
    { id: 'variable', name: 'Variable Rate Home Loan', label: 'Variable Rate', rate: 6.45, comparisonRate: 6.67 },
    { id: 'fixed', name: 'Fixed Rate Home Loan', label: 'Fixed Rate', rate: 6.29, comparisonRate: 6.52 },
    { id: 'first-home', name: 'First Home Buyer Loan', label: 'First Home Buyer', rate: 6.25, comparisonRate: 6.48 },
  ],
  defaultAmount: '500000',
  defaultYears: '30',
  comparisonWarning: 'WARNING: This comparison rate is true only for the examples given.',
};

/** core's answer for entries, the default loan otherwise. */
function core(entries: Partial<LoanEntries>) {
  return loanSchedule({
    principal: '500000',
    annual_rate_percent: '6.45',
    term_years: '30',
    frequency: 'monthly',
    interest_only_years: '',
    extra_repayment: '',
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
    expect(html).toContain('6.45% p.a.');
    expect(html).toContain('6.67% p.a.');
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
    act(() => amount.dispatchEvent(new Event('blur')));
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
