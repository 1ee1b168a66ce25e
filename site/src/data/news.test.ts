import { describe, expect, it } from 'vitest';
import { openRoles, roles } from './careers';
import { news, rateAnnouncements } from './news';

describe('news', () => {
  it('announces each day a rate changed, with the rate before and after, and not a launch', () => {
    const items = rateAnnouncements([
      {
        product: 'Loan A',
        history: [
          { effective_from: '2026-11-06', annual_rate_percent: '6.45' },
          { effective_from: '2026-08-14', annual_rate_percent: '6.70' },
          { effective_from: '2026-02-20', annual_rate_percent: '6.95' },
        ],
        comparisonHistory: [
          { effective_from: '2026-11-06', annual_rate_percent: '6.67' },
          { effective_from: '2026-08-14', annual_rate_percent: '6.92' },
          { effective_from: '2026-02-20', annual_rate_percent: '7.17' },
        ],
      },
      {
        product: 'Saver B',
        history: [
          { effective_from: '2026-11-06', annual_rate_percent: '4.50' },
          { effective_from: '2026-01-01', annual_rate_percent: '4.25' },
        ],
      },
    ]);
    const byDate = Object.fromEntries(items.map((item) => [item.date, item]));
    expect(Object.keys(byDate).sort()).toEqual(['2026-08-14', '2026-11-06']);
    expect(byDate['2026-11-06']?.changes).toEqual([
      { product: 'Loan A', from: '6.70', to: '6.45', comparison: { from: '6.92', to: '6.67' } },
      { product: 'Saver B', from: '4.25', to: '4.50' },
    ]);
    expect(byDate['2026-11-06']?.title).toBe('Rate changes on 2 products');
    expect(byDate['2026-08-14']?.title).toBe('Lower rates on 1 product');
    expect(byDate['2026-08-14']?.changes?.[0]?.comparison).toEqual({ from: '7.17', to: '6.92' });
  });

  it('lists the newest first, every item dated and with a title and a summary', () => {
    expect(news.length).toBeGreaterThanOrEqual(5);
    for (const item of news) {
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.title.length).toBeGreaterThan(10);
      expect(item.summary.length).toBeGreaterThan(40);
    }
    expect(news.map((item) => item.date)).toEqual([...news.map((item) => item.date)].sort().reverse());
  });
});

describe('careers', () => {
  it('shows a role up to the end of its closing day and not after', () => {
    const role = roles[0]!;
    expect(openRoles(role.closes, [role])).toEqual([role]);
    const after = new Date(`${role.closes}T00:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 1);
    expect(openRoles(after.toISOString().slice(0, 10), [role])).toEqual([]);
  });
});
