/**
 * A rate change announced in core's catalog shows on the site from its day, and not before: the
 * build prices the pages with the catalog as of its day (`ratesDay`, `BANKSIA_RATES_DAY` here),
 * keeping the rate before it in the history that /rates tabulates and /news announces.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function siteOn(day: string) {
  vi.resetModules();
  vi.stubEnv('BANKSIA_RATES_DAY', day);
  const products = await import('./products');
  const news = await import('./news');
  return { products, news };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the site built on a day', () => {
  it('shows an announced change from its day, with the rate before it kept', async () => {
    // core announces High Yield Savings at 4.10% and the 12-month term deposit at 4.35% from 11 December 2026.
    const before = await siteOn('2026-12-10');
    expect(before.products.ratesDay).toBe('2026-12-10');
    expect(before.products.byId(before.products.savingsProducts, 'high-yield').rate).toBe(4.25);
    expect(before.products.termDeposits.find((t) => t.termMonths === 12)?.rate).toBe(4.25);
    expect(before.news.news.some((item) => item.date === '2026-12-11')).toBe(false);

    const on = await siteOn('2026-12-11');
    expect(on.products.byId(on.products.savingsProducts, 'high-yield').rate).toBe(4.1);
    expect(on.products.termDeposits.find((t) => t.termMonths === 12)?.rate).toBe(4.35);
    expect(on.products.ratesEffectiveFrom).toBe('2026-12-11');
    const history = on.products.rateHistories.find((h) => h.product === 'High Yield Savings')?.history;
    expect(history?.slice(0, 2)).toEqual([
      { effective_from: '2026-12-11', annual_rate_percent: '4.10' },
      { effective_from: '2026-11-06', annual_rate_percent: '4.25' },
    ]);
    const announced = on.news.news.find((item) => item.date === '2026-12-11');
    expect(announced?.changes).toContainEqual({ product: 'High Yield Savings', from: '4.25', to: '4.10' });
  });

  it('refuses a day that is not a date', async () => {
    await expect(siteOn('11/12/2026')).rejects.toThrow(/BANKSIA_RATES_DAY/);
  });
});
