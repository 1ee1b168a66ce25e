// The queue's counts line, from the server's counts (core's QueuePage).
import type { QueuePage } from 'banksia-wire';
import { onFirstUse } from '../../data/format';

const count = onFirstUse(() => new Intl.NumberFormat('en-AU'));

/**
 * "Showing 25 of 132 applications; 7 overdue." The server stops counting at core's
 * QUEUE_COUNT_CAP: "Showing 25 of more than 10,000 applications; …".
 */
export function countsMessage(page: Pick<QueuePage, 'total' | 'total_capped' | 'overdue' | 'overdue_capped'>, shown: number): string {
  if (page.total === 0) return 'No applications match.';
  const noun = page.total === 1 && !page.total_capped ? 'application' : 'applications';
  const more = (capped: boolean) => (capped ? 'more than ' : '');
  return `Showing ${count().format(shown)} of ${more(page.total_capped)}${count().format(page.total)} ${noun}; ${more(page.overdue_capped)}${count().format(page.overdue)} overdue.`;
}
