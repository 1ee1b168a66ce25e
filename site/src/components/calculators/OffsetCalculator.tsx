import { useEffect, useId, useRef, useState } from 'react';
import type { OffsetField, OffsetView, Outcome } from 'banksia-core/offset';
import { Field, firstMessage, type FieldErrors } from './fields';
import { PrintButton, PrintHeading } from './PrintResults';
import ShareLink from './ShareLink';
import { useQueryEntries, type QueryKeys } from './useQueryEntries';

/** The entries as typed; each goes to core unchanged under the same name. */
export type OffsetEntries = {
  principal: string;
  annual_rate_percent: string;
  term_years: string;
  offset_balance: string;
  monthly_addition: string;
};

/** The offset calculator's first entries: `rate` and `years` are the home loan calculator's (core's catalog). */
export const offsetDefaults = (amount: string, rate: string, years: string): OffsetEntries => ({
  principal: amount,
  annual_rate_percent: rate,
  term_years: years,
  offset_balance: '20000',
  monthly_addition: '500',
});

// Its own query names, so a page with the stamp duty calculator keeps both in one address.
const QUERY_KEYS: QueryKeys<OffsetEntries> = {
  principal: 'o_loan',
  annual_rate_percent: 'o_rate',
  term_years: 'o_term',
  offset_balance: 'o_balance',
  monthly_addition: 'o_add',
};

type OffsetOutcome = Outcome<OffsetView, OffsetField>;
type OffsetCore = typeof import('banksia-core/offset');

/**
 * banksia-core's `offset` package (`offsetSavings` and the loan schedule it runs on): a chunk
 * and a `.wasm` of their own, outside the stamp duty page's first load, fetched once the visitor
 * turns to this calculator.
 */
let offsetCore: Promise<OffsetCore> | undefined;
export function loadOffsetCore(): Promise<OffsetCore> {
  return (offsetCore ??= import('banksia-core/offset'));
}

function sameEntries(a: OffsetEntries, b: OffsetEntries): boolean {
  return (Object.keys(QUERY_KEYS) as (keyof OffsetEntries)[]).every((name) => a[name] === b[name]);
}

/**
 * What an offset account saves: the loan, the balance kept in the offset and what is added each
 * month; banksia-core answers with the interest and the time saved, or a message per entry.
 *
 * `initial` is core's answer for `defaults`, worked out when the page is built (so it is in the
 * static HTML, and the island wakes without core). Core itself is fetched when the form comes on
 * screen, is touched or focused, or the address carries other entries; until it arrives, entries
 * typed meanwhile leave the first answer shown, marked busy, until core answers for them.
 */
export default function OffsetCalculator({ defaults, initial }: { defaults: OffsetEntries; initial: OffsetOutcome }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const { entries, update } = useQueryEntries(defaults, QUERY_KEYS, form);
  const [core, setCore] = useState<OffsetCore | undefined>(undefined);
  const atDefaults = sameEntries(entries, defaults);
  const wantCore = () => {
    if (!core) void loadOffsetCore().then(setCore);
  };
  useEffect(() => {
    if (!atDefaults) wantCore();
  });
  useEffect(() => {
    const element = form.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (!seen.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void loadOffsetCore().then(setCore);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const outcome: OffsetOutcome = core ? core.offsetSavings({ ...entries }) : initial;
  const pending = !core && !atDefaults;
  const errors: FieldErrors<OffsetField> = outcome.ok ? {} : outcome.errors;
  const field = (name: keyof OffsetEntries, label: string, extra: { prefix?: string; suffix?: string; numeric?: boolean }) => (
    <Field
      id={`${id}-${name}`}
      name={name}
      label={label}
      {...(extra.prefix ? { prefix: extra.prefix } : {})}
      {...(extra.suffix ? { suffix: extra.suffix } : {})}
      inputMode={extra.numeric ? 'numeric' : 'decimal'}
      value={entries[name]}
      messages={errors[name]}
      onChange={(value) => update({ [name]: value } as Partial<OffsetEntries>, 'type')}
      testId={`offset-${name.replace(/_/g, '-')}`}
    />
  );
  return (
    <form
      ref={form}
      className="calc calc--prints-entries"
      onSubmit={(event) => event.preventDefault()}
      onFocus={wantCore}
      onPointerDown={wantCore}
      noValidate
      data-testid="offset-calculator"
    >
      <div className="calc__inputs">
        {field('principal', 'Loan amount', { prefix: '$' })}
        {field('annual_rate_percent', 'Interest rate', { suffix: '%\u00a0p.a.' })}
        {field('term_years', 'Loan term', { suffix: 'years', numeric: true })}
        {field('offset_balance', 'Offset balance to start', { prefix: '$' })}
        {field('monthly_addition', 'Added to the offset each month', { prefix: '$' })}
      </div>
      <div className="calc__results" aria-busy={pending}>
        <PrintHeading what="Offset account savings" />
        {outcome.ok ? (
          <>
            <div className="calc-headline" aria-live="polite" aria-atomic="true">
              <p className="calc-headline__label">Interest you could save</p>
              <p className="calc-headline__figure" data-testid="offset-saved">
                {outcome.value.interest_saved.display}
              </p>
              <p className="calc-headline__sub">and repay the loan {outcome.value.time_saved_text} sooner</p>
            </div>
            <dl className="calc-facts">
              <div>
                <dt>Repayment a month</dt>
                <dd>{outcome.value.repayment.display}</dd>
              </div>
              <div>
                <dt>Interest without the offset</dt>
                <dd>{outcome.value.interest_without_offset.display}</dd>
              </div>
              <div>
                <dt>Interest with it</dt>
                <dd>{outcome.value.interest_with_offset.display}</dd>
              </div>
              <div>
                <dt>Repaid in</dt>
                <dd data-testid="offset-payoff">{outcome.value.payoff_with_offset_text}</dd>
              </div>
            </dl>
            <ShareLink />
          </>
        ) : (
          <div className="calc-headline calc-headline--problem" aria-live="polite" aria-atomic="true" data-testid="offset-problem">
            <p className="calc-headline__label">Check your details</p>
            <p className="calc-headline__message">{firstMessage(Object.values(outcome.errors).flat())}</p>
          </div>
        )}
        <PrintButton what="these savings" />
        <p className="calc-note">{outcome.ok ? outcome.value.note : 'An estimate only.'}</p>
      </div>
    </form>
  );
}
