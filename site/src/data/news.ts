/**
 * What /news lists: every rate change, announced from core's rate histories (so an announcement
 * can never disagree with /rates), and the bank's other news, newest first.
 */
import { rateHistories, type RateHistory } from './products';

/** One product's rate before and after a change. */
export interface RateChange {
  product: string;
  from: string;
  to: string;
  /** A loan's comparison rates before and after (a loan's rate is never shown without one). */
  comparison?: { from: string; to: string };
}

export interface NewsItem {
  /** ISO date (yyyy-mm-dd) the news took effect or was announced. */
  date: string;
  title: string;
  summary: string;
  /** For a rate announcement: each product's old and new rate. */
  changes?: readonly RateChange[];
  /** Where to read more. */
  link?: { href: string; label: string };
}

/** Whether a list of changes lowered, raised or moved rates both ways. */
function direction(changes: readonly RateChange[]): 'lower' | 'higher' | 'changed' {
  const down = changes.every((change) => Number(change.to) < Number(change.from));
  const up = changes.every((change) => Number(change.to) > Number(change.from));
  return down ? 'lower' : up ? 'higher' : 'changed';
}

/** One announcement per day a rate changed: the products whose rate took a new value that day. */
export function rateAnnouncements(list: readonly RateHistory[] = rateHistories): NewsItem[] {
  const byDate = new Map<string, RateChange[]>();
  for (const { product, history, comparisonHistory } of list) {
    // Newest first; a product's first rate is its launch, not a change.
    history.slice(0, -1).forEach((entry, index) => {
      const before = history[index + 1];
      if (!before || before.annual_rate_percent === entry.annual_rate_percent) return;
      const changes = byDate.get(entry.effective_from) ?? [];
      const [comparisonTo, comparisonFrom] = [comparisonHistory?.[index], comparisonHistory?.[index + 1]];
      if (comparisonHistory && !(comparisonTo && comparisonFrom)) throw new Error(`${product}: a rate without its comparison rate`);
      changes.push({
        product,
        from: before.annual_rate_percent,
        to: entry.annual_rate_percent,
        ...(comparisonTo && comparisonFrom ? { comparison: { from: comparisonFrom.annual_rate_percent, to: comparisonTo.annual_rate_percent } } : {}),
      });
      byDate.set(entry.effective_from, changes);
    });
  }
  return [...byDate.entries()].map(([date, changes]) => {
    const way = direction(changes);
    const count = `${changes.length} ${changes.length === 1 ? 'product' : 'products'}`;
    return {
      date,
      title: way === 'changed' ? `Rate changes on ${count}` : `${way === 'lower' ? 'Lower' : 'Higher'} rates on ${count}`,
      summary:
        'New rates for the products below took effect on this day. Existing fixed-rate loans and term deposits keep ' +
        'the rate they were opened at until their fixed period or term ends.',
      changes,
      link: { href: '/rates', label: 'Every rate today' },
    };
  });
}

/** The bank's other news (not rates), newest first. */
const announcements: readonly NewsItem[] = [
  {
    date: '2026-11-20',
    title: 'A Key Facts Sheet for every home loan',
    summary:
      'Choose a home loan, an amount and a term and get its Key Facts Sheet in the standard form: the repayment, ' +
      'the total to pay, the fees and the comparison rate, ready to print or compare with other lenders.',
    link: { href: '/loans/home/key-facts-sheet', label: 'Make a Key Facts Sheet' },
  },
  {
    date: '2026-10-14',
    title: 'Follow your account application online',
    summary:
      'Applicants can now see where their application is up to with their reference and email address: received, ' +
      'being reviewed, waiting for something from them, or decided.',
    link: { href: '/application-status', label: 'Check an application' },
  },
  {
    date: '2026-09-08',
    title: 'Scam warning: we never ask for your codes',
    summary:
      'Criminals are calling and texting customers while pretending to be from our fraud team. We will never ask ' +
      'for a one-time code, a password or to move your money to a "safe" account. If in doubt, hang up and call us.',
    link: { href: '/security', label: 'How to protect yourself' },
  },
];

/** Everything /news lists, newest first. */
export const news: readonly NewsItem[] = [...rateAnnouncements(), ...announcements].sort((a, b) => b.date.localeCompare(a.date));
