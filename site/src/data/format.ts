/** Display formatting for the static data. No business rule lives here: only how a number is written. */

/**
 * A value made when first asked for, then kept. For `Intl` formatters in code an island loads: the
 * page's first `Intl` object loads the browser's locale data, tens of milliseconds of main thread on
 * a phone, which a module must not spend while the island wakes on a formatter it may never use.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const audWhole = onFirstUse(
  () => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0, minimumFractionDigits: 0 }),
);

/** Whole dollars in Australian style: 2500 → "$2,500". */
export function aud(amount: number): string {
  return audWhole().format(amount);
}

/** A percentage with a fixed number of decimals: 6.45 → "6.45%", (4.2, 1) → "4.2%". */
export function percent(value: number, decimals = 2): string {
  return `${value.toFixed(decimals)}%`;
}

/**
 * A rate per annum: 6.45 → "6.45% p.a.", joined by a no-break space so "p.a." never wraps onto a
 * line of its own.
 */
export function perAnnum(value: number, decimals = 2): string {
  return `${percent(value, decimals)}\u00a0p.a.`;
}

/** A term in months, in words: 6 → "6 months", 12 → "12 months", 1 → "1 month". */
export function months(count: number): string {
  return `${count} ${count === 1 ? 'month' : 'months'}`;
}

/** A term in months as a modifier: 60 → "60-month" (as in "a 60-month term"). */
export function monthTerm(count: number): string {
  return `${count}-month`;
}

/** A term in years: 1 → "1 year", 7 → "7 years". */
export function years(count: number): string {
  return `${count} ${count === 1 ? 'year' : 'years'}`;
}

/** A range of years: {1, 7} → "1-7 years". */
export function yearRange(range: { readonly min: number; readonly max: number }): string {
  return `${range.min}-${range.max} years`;
}

/** A range of dollars: {2000, 50000} → "$2,000-$50,000". */
export function audRange(range: { readonly min: number; readonly max: number }): string {
  return `${aud(range.min)}-${aud(range.max)}`;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * An ISO date (yyyy-mm-dd) as an Australian date: "21 May 2031", as `Intl`'s en-AU long date
 * writes it (format.test.ts compares the two), but without `Intl`: the Key Facts Sheet writes two
 * dates as it wakes, and a page's first `Intl` formatter costs a phone tens of milliseconds.
 */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const orList = onFirstUse(() => new Intl.ListFormat('en-AU', { type: 'disjunction' }));

/** Alternatives in a sentence: ["monthly", "at maturity"] → "monthly or at maturity". */
export function alternatives(items: readonly string[]): string {
  return orList().format(items);
}

/** Text with its first letter in capitals, to start a sentence or a table cell: "monthly" → "Monthly". */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
