// The console's one way to show a moment or a bank date: Sydney's clock (the bank's), labelled,
// so a reviewer in Perth and one in Sydney read the same time the same way.

import { onFirstUse } from '../../data/format';

const SYDNEY = 'Australia/Sydney';

const moment = onFirstUse(
  () => new Intl.DateTimeFormat('en-AU', { timeZone: SYDNEY, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
);

/** An RFC 3339 moment in Sydney time, labelled: "5 Mar 2026, 2:07 pm Sydney time". */
export function sydneyTime(rfc3339: string): string {
  return `${moment().format(new Date(rfc3339))} Sydney time`;
}

// A bank date names a day, not a moment: formatted in UTC so no clock shifts it.
const day = onFirstUse(() => new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));

/** A bank date (`YYYY-MM-DD`, Sydney's) for people: "Thu 5 Mar 2026". */
export function bankDate(isoDate: string): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return day().format(new Date(Date.UTC(y, m - 1, d))).replace(',', '');
}

const clock = onFirstUse(() => new Intl.DateTimeFormat('en-AU', { timeZone: SYDNEY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));

/** A moment's time of day on Sydney's clock, 24-hour: "17:42" (the caller says "Sydney time"). */
export function sydneyClock(at: Date): string {
  return clock().format(at);
}
