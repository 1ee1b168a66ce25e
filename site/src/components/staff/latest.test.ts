import { describe, expect, it } from 'vitest';
import { RequestOrder } from './latest';

describe('RequestOrder', () => {
  it('keeps only the latest request current, whatever order the answers arrive in', () => {
    const order = new RequestOrder();
    const first = order.begin();
    expect(first()).toBe(true);
    const second = order.begin();
    const third = order.begin();
    // The answers in every order: only the third is shown.
    expect([third(), first(), second()]).toEqual([true, false, false]);
    expect(third()).toBe(true);
  });

  it('keeps each screen apart', () => {
    const queue = new RequestOrder();
    const audit = new RequestOrder();
    const listing = queue.begin();
    audit.begin();
    expect(listing()).toBe(true);
  });
});
