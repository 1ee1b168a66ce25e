// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { borrowingPower } from 'banksia-core/borrowing-power';
import { productCatalog } from 'banksia-core/site-facts';
import BorrowingPowerCalculator, { defaultEntries, type BorrowingEntries, type BorrowingPowerCalculatorProps } from './BorrowingPowerCalculator';
import { byLabel, click, mount, textOf, type, type Mounted } from './testing';


const DATE = '2026-11-23';
/** The page's first entries: at the variable home loan's rate, from core's catalog. */
const DEFAULT_ENTRIES = defaultEntries(productCatalog(Date.now())!.home_loans.find((loan) => loan.id === 'variable')!.annual_rate_percent);
const PROPS: BorrowingPowerCalculatorProps = { defaults: DEFAULT_ENTRIES, date: DATE };

function core(entries: Partial<BorrowingEntries>) {
  return borrowingPower({ ...DEFAULT_ENTRIES, ...entries }, DATE);
}

let view: Mounted;
beforeEach(() => window.history.replaceState(null, '', '/calculators/borrowing-power'));
afterEach(() => view?.unmount());

describe('BorrowingPowerCalculator', () => {
  it("renders core's worked example on the server, with the estimate-only wording", () => {
    const html = renderToString(createElement(BorrowingPowerCalculator, PROPS));
    expect(html).toContain('$532,000');
    expect(html).toContain('Estimate only, not an offer of credit.');
  });

  it('recomputes on every keystroke and records the entries in the URL', () => {
    view = mount(BorrowingPowerCalculator, PROPS);
    type(byLabel(view.container, 'Your annual income before tax'), '$120,000');
    type(byLabel(view.container, 'Total credit card limits'), '10,000');
    const expected = core({ income: '$120,000', card_limits: '10,000' });
    if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
    expect(textOf(view.container, 'borrowing-power')).toBe(expected.value.borrowing_power.display);
    const params = new URLSearchParams(window.location.search);
    expect(params.get('income')).toBe('$120,000');
    expect(params.get('cards')).toBe('10,000');
  });

  it('counts the second income only with two applicants', () => {
    view = mount(BorrowingPowerCalculator, PROPS);
    click(view.container.querySelector<HTMLInputElement>('input[name="applicants"][value="2"]')!);
    type(byLabel(view.container, "Second applicant's annual income before tax"), '80000');
    const expected = core({ applicants: '2', partner_income: '80000' });
    if (!expected.ok) throw new Error(JSON.stringify(expected.errors));
    expect(textOf(view.container, 'borrowing-power')).toBe(expected.value.borrowing_power.display);
  });

  it("shows core's message beside a bad entry and in the result", () => {
    view = mount(BorrowingPowerCalculator, PROPS);
    type(byLabel(view.container, 'Dependants'), '1.5');
    const expected = core({ dependants: '1.5' });
    if (expected.ok) throw new Error('core accepted 1.5 dependants');
    const message = expected.errors['dependants']![0]!;
    expect(view.container.querySelector('.calc-field__message')?.textContent).toBe(message);
    expect(textOf(view.container, 'borrowing-problem')).toContain(message);
  });
});
