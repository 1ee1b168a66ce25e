import { describe, expect, it } from 'vitest';
import { aud, audRange, longDate, months, monthTerm, percent, perAnnum, yearRange, years } from './format';

describe('display formatting', () => {
  it('writes whole Australian dollars with thousands separators', () => {
    expect(aud(0)).toBe('$0');
    expect(aud(2500)).toBe('$2,500');
    expect(aud(250000)).toBe('$250,000');
  });

  it('writes percentages with a fixed number of decimals', () => {
    expect(percent(6.45)).toBe('6.45%');
    expect(percent(5.1)).toBe('5.10%');
    expect(percent(4.2, 1)).toBe('4.2%');
    expect(perAnnum(5)).toBe('5.00%\u00a0p.a.');
  });

  it('writes terms and ranges', () => {
    expect(months(1)).toBe('1 month');
    expect(months(24)).toBe('24 months');
    expect(`a ${monthTerm(60)} term`).toBe('a 60-month term');
    expect(years(1)).toBe('1 year');
    expect(years(7)).toBe('7 years');
    expect(yearRange({ min: 1, max: 7 })).toBe('1-7 years');
    expect(audRange({ min: 2000, max: 50000 })).toBe('$2,000-$50,000');
  });

  it('writes ISO dates the Australian way, independent of the time zone', () => {
    expect(longDate('2031-05-21')).toBe('21 May 2031');
    expect(longDate('2029-01-01')).toBe('1 January 2029');
    // Every day of 2027 and of 2028, a leap year, as Intl's en-AU long date writes it.
    const intl = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let day = Date.UTC(2027, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(longDate(iso)).toBe(intl.format(new Date(day)));
    }
  });
});
