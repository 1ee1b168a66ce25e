// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { act, createElement } from 'react';
import { stampDuty } from 'banksia-core/stamp-duty';
import { offsetSavings } from 'banksia-core/offset';
import StampDutyCalculator, { defaultEntries, type DutyEntries, type StampDutyCalculatorProps } from './StampDutyCalculator';
import OffsetCalculator, { loadOffsetCore, offsetDefaults } from './OffsetCalculator';
import { byLabel, click, mount, textOf, type, type Mounted } from './testing';

const DATE = '2026-03-02';
const PROPS: StampDutyCalculatorProps = { defaults: defaultEntries, date: DATE };

function core(entries: Partial<DutyEntries>) {
  return stampDuty({ ...defaultEntries, ...entries }, DATE);
}

let view: Mounted;
beforeEach(() => window.history.replaceState(null, '', '/calculators/stamp-duty'));
afterEach(() => view?.unmount());

describe('StampDutyCalculator', () => {
  it("renders core's duty and its source on the server", () => {
    const html = renderToString(createElement(StampDutyCalculator, PROPS));
    const expected = core({});
    if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
    expect(html).toContain(expected.value.duty.display);
    expect(html).toContain(expected.value.source_url);
  });

  it('recomputes on every keystroke and choice, says the concession, and records the entries in the URL', () => {
    view = mount(StampDutyCalculator, PROPS);
    type(byLabel(view.container, 'Price of the property'), '900,000');
    click(view.container.querySelector<HTMLInputElement>('input[name="first_home_buyer"][value="yes"]')!);
    const expected = core({ price: '900,000', first_home_buyer: 'yes' });
    if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
    expect(textOf(view.container, 'stamp-duty')).toBe('$19,706');
    expect(textOf(view.container, 'stamp-duty')).toBe(expected.value.duty.display);
    expect(textOf(view.container, 'sd-explanation')).toBe(expected.value.explanation);
    const params = new URLSearchParams(window.location.search);
    expect(params.get('price')).toBe('900,000');
    expect(params.get('first')).toBe('yes');
  });

  it('asks the ACT household income only in the ACT', () => {
    view = mount(StampDutyCalculator, PROPS);
    expect(view.container.querySelector('input[name="household_income"]')).toBeNull();
    const state = view.container.querySelector<HTMLSelectElement>('select[name="state"]')!;
    act(() => {
      state.value = 'ACT';
      state.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(view.container.querySelector('input[name="household_income"]')).not.toBeNull();
  });

  it("shows core's message beside a bad entry and in the result", () => {
    view = mount(StampDutyCalculator, PROPS);
    type(byLabel(view.container, 'Price of the property'), '$1e9');
    const expected = core({ price: '$1e9' });
    if (expected.ok) throw new Error('core accepted $1e9');
    const message = expected.errors['price']![0]!;
    expect(view.container.querySelector('.calc-field__message')?.textContent).toBe(message);
    expect(textOf(view.container, 'sd-problem')).toContain(message);
  });
});

describe('StampDutyCalculator from a link', () => {
  it('says every bad entry of a hand-edited link, at its field and in the result', () => {
    window.history.replaceState(null, '', '/calculators/stamp-duty?state=Atlantis&price=abc');
    view = mount(StampDutyCalculator, PROPS);
    const expected = core({ state: 'Atlantis', price: 'abc' });
    if (expected.ok) throw new Error('core accepted Atlantis');
    const state = expected.errors['state']![0]!;
    const price = expected.errors['price']![0]!;
    expect(textOf(view.container, 'sd-problem')).toContain(state);
    expect(textOf(view.container, 'sd-problem')).toContain(price);
    expect(view.container.querySelector('select[name="state"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(view.container.querySelector('input[name="price"]')!.getAttribute('aria-invalid')).toBe('true');
  });

  it('hands the loan to the repayment calculator and the ACT household to borrowing power, with its entries for the way back', () => {
    window.history.replaceState(null, '', '/calculators/stamp-duty?state=ACT&price=700000&household=150000&children=2&deposit=70000');
    view = mount(StampDutyCalculator, PROPS);
    const expected = core({ state: 'ACT', price: '700000', household_income: '150000', dependent_children: '2', deposit: '70000' });
    if (!expected.ok || !expected.value.cash) throw new Error(JSON.stringify(expected));
    const repayments = new URL(view.container.querySelector<HTMLAnchorElement>('[data-testid="sd-to-repayments"]')!.getAttribute('href')!, 'https://banksia.example');
    expect(repayments.pathname).toBe('/loans/home');
    expect(repayments.searchParams.get('amount')).toBe(expected.value.cash.loan_amount.amount);
    expect(repayments.searchParams.get('price')).toBe('700000');
    const borrowing = new URL(view.container.querySelector<HTMLAnchorElement>('[data-testid="sd-to-borrowing-power"]')!.getAttribute('href')!, 'https://banksia.example');
    expect(borrowing.pathname).toBe('/calculators/borrowing-power');
    expect(borrowing.searchParams.get('income')).toBe('150000');
    expect(borrowing.searchParams.get('dependants')).toBe('2');
    expect(borrowing.searchParams.get('household')).toBe('150000');
  });
});

describe('OffsetCalculator', () => {
  const defaults = offsetDefaults('600000', '6.45', '30');
  const initial = offsetSavings({ ...defaults });

  it("renders the first answer it is given (core's, from the page's build) without core", () => {
    if (!initial.ok) throw new Error(JSON.stringify(initial.errors));
    const html = renderToString(createElement(OffsetCalculator, { defaults, initial }));
    expect(html).toContain(initial.value.interest_saved.display);
    expect(html).toContain(initial.value.payoff_with_offset_text);
    expect(html).not.toContain('aria-busy="true"');
  });

  it("fetches core when touched, marks the figures busy meanwhile, then shows core's interest saved", async () => {
    view = mount(OffsetCalculator, { defaults, initial });
    const balance = byLabel(view.container, 'Offset balance to start');
    type(balance, '50000');
    expect(view.container.querySelector('.calc__results')?.getAttribute('aria-busy')).toBe('true');
    const expected = offsetSavings({ ...defaults, offset_balance: '50000' });
    if (!expected.ok || !initial.ok) throw new Error('core refused the offset entries');
    await act(async () => {
      await loadOffsetCore();
    });
    expect(view.container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(textOf(view.container, 'offset-saved')).toBe(expected.value.interest_saved.display);
    type(balance, '-5');
    expect(view.container.querySelector('[data-testid="offset-problem"]')?.textContent).toContain("Amount can't be negative");
  });
});
