// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { termDeposit, type TermDepositEntries } from 'banksia-core/term-deposit';
import { termDepositOptions } from 'banksia-core/term-deposit';
import TermDepositCalculator, { type TermDepositCalculatorProps } from './TermDepositCalculator';
import { depositTerms } from './termDepositTerms';
import { byLabel, byTestId, choose, click, mount, textOf, type, type Mounted } from './testing';


// The site's terms, each with the options core offers on it (as the page builds them).
const PROPS: TermDepositCalculatorProps = {
  terms: depositTerms(),
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

  it('recomputes for each amount, term and interest payment option the term offers', () => {
    view = mount(TermDepositCalculator, PROPS);
    type(byLabel(view.container, 'Deposit amount'), '$12,345.67');
    const select = byLabel<HTMLSelectElement>(view.container, 'Interest paid');
    for (const term of PROPS.terms) {
      click(radio(String(term.termMonths)));
      for (const { value: frequency } of termDepositOptions(term.termMonths)) {
        choose(select, frequency);
        const expected = figures({
          amount: '$12,345.67',
          annual_rate_percent: String(term.rate),
          term_months: String(term.termMonths),
          frequency,
          minimum_deposit: String(term.minDeposit),
        });
        expect(textOf(view.container, 'maturity-value')).toBe(expected.maturity_value.display);
        expect(textOf(view.container, 'total-interest')).toBe(expected.total_interest.display);
        expect(textOf(view.container, 'interest-per-payment')).toBe(expected.interest_per_payment.display);
        expect(textOf(view.container, 'number-of-payments')).toBe(String(expected.number_of_payments));
      }
    }
  });

  it('lists only the interest payment options core offers on the chosen term', () => {
    view = mount(TermDepositCalculator, PROPS);
    const listed = () => [...byLabel<HTMLSelectElement>(view.container, 'Interest paid').options].map((option) => option.value);
    for (const term of PROPS.terms) {
      click(radio(String(term.termMonths)));
      expect(listed()).toEqual(termDepositOptions(term.termMonths).map((option) => option.value));
    }
    // Core's rule, pinned: under 12 months only monthly or at maturity; annually only beyond 12.
    click(radio('3'));
    expect(listed()).toEqual(['monthly', 'at_maturity']);
    // Named in core's words.
    const labels = [...byLabel<HTMLSelectElement>(view.container, 'Interest paid').options].map((option) => option.text);
    expect(labels).toEqual(termDepositOptions(3).map((option) => option.label));
    expect(labels).toEqual(['Monthly', 'At maturity']);
    click(radio('12'));
    expect(listed()).not.toContain('annually');
  });

  it('keeps the chosen option when the new term offers it, and falls back to at maturity when not', () => {
    view = mount(TermDepositCalculator, PROPS);
    const select = byLabel<HTMLSelectElement>(view.container, 'Interest paid');
    click(radio('60'));
    choose(select, 'monthly');
    click(radio('3'));
    expect(select.value).toBe('monthly');
    click(radio('60'));
    choose(select, 'quarterly');
    click(radio('6'));
    expect(select.value).toBe('at_maturity');
    expect(new URLSearchParams(window.location.search).get('interest')).toBe('at_maturity');
    const expected = figures({ annual_rate_percent: '3.75', term_months: '6', minimum_deposit: '1000' });
    expect(textOf(view.container, 'maturity-value')).toBe(expected.maturity_value.display);
  });

  it("shows core's message, not a figure, for a link with an option the term doesn't offer", () => {
    window.history.replaceState(null, '', '/term-deposits?deposit=10000&months=6&interest=quarterly');
    view = mount(TermDepositCalculator, PROPS);
    const refused = termDeposit({ amount: '10000', annual_rate_percent: '3.75', term_months: '6', frequency: 'quarterly', minimum_deposit: '1000' });
    if (refused.ok) throw new Error('core accepted quarterly interest on 6 months');
    const message = refused.errors['frequency']![0]!;
    expect(message).toBe('Terms under 12 months pay interest monthly or at maturity');
    expect(textOf(view.container, 'deposit-problem')).toContain(message);
    expect(byTestId(view.container, 'maturity-value')).toBeNull();
    // The select shows what the link asked for, with core's message beside it.
    const select = byLabel<HTMLSelectElement>(view.container, 'Interest paid');
    expect(select.value).toBe('quarterly');
    expect(select.closest('.calc-field')?.querySelector('.calc-field__message')?.textContent).toBe(message);
    choose(select, 'monthly');
    expect(byTestId(view.container, 'deposit-problem')).toBeNull();
    expect([...select.options].map((option) => option.value)).toEqual(termDepositOptions(6).map((option) => option.value));
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
