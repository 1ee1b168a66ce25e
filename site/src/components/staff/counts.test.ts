import { describe, expect, it } from 'vitest';
import { countsMessage } from './counts';

describe('countsMessage', () => {
  it('says how many are shown, of how many, and how many are overdue', () => {
    expect(countsMessage({ total: 1234, total_capped: false, overdue: 7, overdue_capped: false }, 25)).toBe(
      'Showing 25 of 1,234 applications; 7 overdue.',
    );
    expect(countsMessage({ total: 1, total_capped: false, overdue: 0, overdue_capped: false }, 1)).toBe(
      'Showing 1 of 1 application; 0 overdue.',
    );
  });

  it('says "more than" where the server stopped counting', () => {
    expect(countsMessage({ total: 10000, total_capped: true, overdue: 12, overdue_capped: false }, 50)).toBe(
      'Showing 50 of more than 10,000 applications; 12 overdue.',
    );
    expect(countsMessage({ total: 10000, total_capped: true, overdue: 10000, overdue_capped: true }, 25)).toBe(
      'Showing 25 of more than 10,000 applications; more than 10,000 overdue.',
    );
  });

  it('says when nothing matches', () => {
    expect(countsMessage({ total: 0, total_capped: false, overdue: 0, overdue_capped: false }, 0)).toBe('No applications match.');
  });
});
