import { describe, expect, it } from 'vitest';
import { keepIfSame } from './useQueryEntries';

describe('keepIfSame', () => {
  it('keeps the current entries, the very object, when the new ones say the same', () => {
    const current = { amount: '500000', term: '30' };
    expect(keepIfSame(current, { term: '30', amount: '500000' })).toBe(current);
  });

  it('takes the new entries when any differs, is added or is left out', () => {
    const current: Record<string, string> = { amount: '500000', term: '30' };
    for (const next of [{ amount: '500001', term: '30' }, { amount: '500000', term: '30', extra: '' }, { amount: '500000' }]) {
      expect(keepIfSame(current, next)).toBe(next);
    }
  });
});
