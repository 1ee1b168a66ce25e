import { describe, expect, it } from 'vitest';
import { composeDate, EMPTY_VALUES, readValues, toApplicationInput } from './values';

describe('composeDate', () => {
  it('joins the three boxes as YYYY-MM-DD, adding leading zeros', () => {
    expect(composeDate({ day: '5', month: '7', year: '1990' })).toBe('1990-07-05');
    expect(composeDate({ day: ' 15 ', month: '12', year: '1990' })).toBe('1990-12-15');
  });

  it('is blank when nothing is typed, so core reports the date as missing', () => {
    expect(composeDate({ day: '', month: ' ', year: '' })).toBe('');
  });

  it('passes anything else through for core to judge', () => {
    expect(composeDate({ day: '31', month: '2', year: '1990' })).toBe('1990-02-31');
    expect(composeDate({ day: 'x', month: '', year: '90' })).toBe('90--x');
  });
});

describe('toApplicationInput', () => {
  it("gives core every field as typed, blank optionals as null and user_id null", () => {
    const input = toApplicationInput({
      ...EMPTY_VALUES,
      first_name: ' Jane ',
      annual_income: '$85,000',
      address_line2: '  ',
      employer_name: 'Acme',
      date_of_birth: { day: '1', month: '2', year: '1990' },
      terms_accepted: true,
    });
    expect(input).toMatchObject({
      first_name: ' Jane ',
      annual_income: '$85,000',
      address_line2: null,
      employer_name: 'Acme',
      date_of_birth: '1990-02-01',
      terms_accepted: true,
      marketing_consent: false,
      user_id: null,
    });
    expect(Object.keys(input).sort()).toEqual([...Object.keys(EMPTY_VALUES), 'user_id'].sort());
  });
});

describe('readValues', () => {
  it('keeps well-typed values and drops the rest', () => {
    const values = readValues({
      first_name: 'Jane',
      last_name: 42,
      terms_accepted: 'yes',
      marketing_consent: true,
      date_of_birth: { day: '1', month: 2 },
      nickname: 'J',
    });
    expect(values.first_name).toBe('Jane');
    expect(values.last_name).toBe('');
    expect(values.terms_accepted).toBe(false);
    expect(values.marketing_consent).toBe(true);
    expect(values.date_of_birth).toEqual({ day: '1', month: '', year: '' });
    expect(values).not.toHaveProperty('nickname');
  });

  it('never shares the empty values object', () => {
    const values = readValues(null);
    values.date_of_birth.day = '9';
    expect(EMPTY_VALUES.date_of_birth.day).toBe('');
  });
});
