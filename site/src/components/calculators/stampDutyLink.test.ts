import { describe, expect, it } from 'vitest';
import { entriesFromQuery } from './useQueryEntries';
import { STAMP_DUTY_QUERY_KEYS, handOffHref, stampDutyParams, stampDutyReturnHref, type StampDutyLinkEntries } from './stampDutyLink';

const NSW: StampDutyLinkEntries = {
  state: 'NSW',
  price: '750,000',
  property_kind: 'established_home',
  purpose: 'live_in',
  first_home_buyer: 'yes',
  contract_date: '',
  wa_region: 'perth_peel',
  household_income: '180000',
  dependent_children: '2',
  deposit: '150000',
};

describe('the stamp duty hand-offs', () => {
  it('carry every entry with a value, leaving out the WA region outside WA and the ACT income test outside the ACT', () => {
    expect(Object.fromEntries(stampDutyParams(NSW))).toEqual({ state: 'NSW', price: '750,000', kind: 'established_home', use: 'live_in', first: 'yes', deposit: '150000' });
    expect(Object.fromEntries(stampDutyParams({ ...NSW, state: 'ACT' }))).toMatchObject({ household: '180000', children: '2' });
    expect(stampDutyParams({ ...NSW, state: 'wa' }).get('region')).toBe('perth_peel');
  });

  it('add what the other calculator takes, and come back to the same entries', () => {
    const there = handOffHref('/loans/home', NSW, { amount: '600000.00' });
    expect(there.startsWith('/loans/home?')).toBe(true);
    expect(there.endsWith('#calculator')).toBe(true);
    const search = new URL(there, 'https://banksia.example').search;
    expect(new URLSearchParams(search).get('amount')).toBe('600000.00');
    // The repayment calculator writes its own parameters beside them as the visitor works.
    const worked = `${search}&term=25&rate=6.1`;
    const back = stampDutyReturnHref(worked)!;
    expect(back.startsWith('/calculators/stamp-duty?')).toBe(true);
    const returned = entriesFromQuery(new URL(back, 'https://banksia.example').search, { ...NSW, first_home_buyer: 'no', deposit: '' }, STAMP_DUTY_QUERY_KEYS);
    expect(returned).toEqual(NSW);
    expect(new URLSearchParams(new URL(back, 'https://banksia.example').search).has('term')).toBe(false);
  });

  it("take a page's own parameter for an entry the visitor may have changed there (borrowing power's dependants)", () => {
    const act = { ...NSW, state: 'ACT' };
    const there = new URL(handOffHref('/calculators/borrowing-power', act, { income: act.household_income, dependants: '2' }), 'https://banksia.example');
    expect(there.searchParams.get('income')).toBe('180000');
    there.searchParams.set('dependants', '3');
    const back = new URL(stampDutyReturnHref(there.search, { dependent_children: 'dependants' })!, 'https://banksia.example');
    expect(back.searchParams.get('children')).toBe('3');
    // The household income stays the stamp duty page's own, whatever borrowing power's income becomes.
    there.searchParams.set('income', '95000');
    expect(new URL(stampDutyReturnHref(there.search)!, 'https://banksia.example').searchParams.get('household')).toBe('180000');
  });

  it('offer no way back to a visitor who did not come from the stamp duty calculator', () => {
    expect(stampDutyReturnHref('')).toBeNull();
    expect(stampDutyReturnHref('?amount=500000&term=30')).toBeNull();
  });
});
