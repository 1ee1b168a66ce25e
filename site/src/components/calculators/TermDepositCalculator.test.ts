// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { termDeposit, type TermDepositEntries } from '../../lib/core';
import TermDepositCalculator, { type TermDepositCalculatorProps } from './TermDepositCalculator';
import { byLabel, byTestId, choose, click, mount, textOf, type, type Mounted } from './testing';

vi.mock('../../lib/core', () => import('./core.testing'));

const PROPS: TermDepositCalculatorProps = {
  terms: [
    { termMonths: 3, rate: 3.25, minDeposit: 1000, minDepositLabel: '$1,000' },
    { termMonths: 12, rate: 4.25, minDeposit: 1000, minDepositLabel: '$1,000' },
    { termMonths: 24, rate: 4.5, minDeposit: 5000, minDepositLabel: '$5,000' },
    { termMonths: 60, rate: 5, minDeposit: 25000, minDepositLabel: '$25,000' },
  ],
  defaultAmount: '50000',
  defaultTermMonths: 24,
};

function figures(entries: Partial<TermDepositEntries>) {
  const outcome = termDeposit({ amount: '50000', annual_rate_percent: '4.5', term_months: '24', frequency: 'at_maturity', minimum_deposit: '5000', ...entries });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

let view: Mounted;
const radio = (value: string) => view.container.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!;

beforeEach(() => window.history.replaceState(null, '', '/term-deposits'));
afterEach(() => view?.unmount());

describe('TermDepositCalculator', () => {
  it("renders the spec's example on the server: $4,500 interest, $54,500 at maturity", () => {
    const html = renderToString(createElement(TermDepositCalculator, PROPS));
    expect(html).toContain('$54,500');
    expect(html).toContain('$4,500');
  });

  it('recomputes for each amount, term and interest payment option', () => {
    view = mount(TermDepositCalculator, PROPS);
    type(byLabel(view.container, 'Deposit amount'), '$12,345.67');
    click(radio('12'));
    const select = byLabel<HTMLSelectElement>(view.container, 'Interest paid');
    for (const frequency of ['monthly', 'quarterly', 'bi_annually', 'annually', 'at_maturity']) {
      choose(select, frequency);
      const expected = figures({ amount: '$12,345.67', annual_rate_percent: '4.25', term_months: '12', frequency, minimum_deposit: '1000' });
      expect(textOf(view.container, 'maturity-value')).toBe(expected.maturity_value.display);
      expect(textOf(view.container, 'total-interest')).toBe(expected.total_interest.display);
      expect(textOf(view.container, 'interest-per-payment')).toBe(expected.interest_per_payment.display);
      expect(textOf(view.container, 'number-of-payments')).toBe(String(expected.number_of_payments));
    }
  });

  it("warns below the term's minimum deposit", () => {
    view = mount(TermDepositCalculator, PROPS);
    click(radio('60'));
    type(byLabel(view.container, 'Deposit amount'), '20000');
    const expected = figures({ amount: '20000', annual_rate_percent: '5', term_months: '60', minimum_deposit: '25000' });
    expect(expected.minimum_deposit_warning).toBeTruthy();
    expect(textOf(view.container, 'minimum-warning')).toBe(expected.minimum_deposit_warning);
    type(byLabel(view.container, 'Deposit amount'), '25000');
    expect(byTestId(view.container, 'minimum-warning')).toBeNull();
  });

  it.each(['', 'abc', '-5', '0', '1000000000'])('shows core’s message for the amount %j', (typed) => {
    view = mount(TermDepositCalculator, PROPS);
    type(byLabel(view.container, 'Deposit amount'), typed);
    const outcome = termDeposit({ amount: typed, annual_rate_percent: '4.5', term_months: '24', frequency: 'at_maturity', minimum_deposit: '5000' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(textOf(view.container, 'deposit-problem')).toContain(Object.values(outcome.errors).flat()[0]);
    expect(byTestId(view.container, 'maturity-value')).toBeNull();
    expect(view.container.textContent).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('keeps the entries in the URL', () => {
    view = mount(TermDepositCalculator, PROPS);
    click(radio('3'));
    type(byLabel(view.container, 'Deposit amount'), '8000');
    const params = new URLSearchParams(window.location.search);
    expect(params.get('months')).toBe('3');
    expect(params.get('deposit')).toBe('8000');
  });
});
