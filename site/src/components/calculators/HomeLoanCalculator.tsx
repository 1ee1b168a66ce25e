import { memo, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { COMPILE_AHEAD_RATE_PERCENT, compileAhead } from '../wake';
import { perAnnum } from '../../data/format';
import {
  formatAud,
  loanSchedule,
  repaymentFrequencies,
  type LoanEntries,
  type LoanField,
  type LoanScheduleView,
  type Outcome,
} from 'banksia-core/home-loan';
import type { ComparisonField, LoanComparison, RateRise } from 'banksia-core/home-loan-tools';
import { ComparisonTable, RateRises } from './HomeLoanCalculatorScenarios';
import ScheduleChart from './ScheduleChart';
import { PrintButton, PrintHeading } from './PrintResults';
import ShareLink from './ShareLink';
import BackToStampDuty from './BackToStampDuty';
import { useStampDutyReturn } from './stampDutyLink';
import { choiceOf, firstMessage, Field, type FieldErrors } from './fields';
import { keepIfSame, useQueryEntries, type QueryKeys } from './useQueryEntries';

/** A home loan product the visitor can pick; its rates come from the site's data. */
export interface LoanOption {
  id: string;
  name: string;
  /** Short label on the option, e.g. "Variable Rate". */
  label: string;
  rate: number;
  comparisonRate: number;
  /** Whether a Key Facts Sheet can be generated for it (core's catalog). */
  keyFactsSheet?: boolean;
}

/** The Key Facts Sheet page for a product, with the amount, term and frequency entered. */
export function keyFactsHref(productId: string, entries: { amount: string; years: string; frequency: string }): string {
  const query = new URLSearchParams({ loan: productId, amount: entries.amount, term: entries.years, repay: entries.frequency });
  return `/loans/home/key-facts-sheet?${query.toString()}`;
}

export interface HomeLoanCalculatorProps {
  options: readonly LoanOption[];
  defaultAmount: string;
  defaultYears: string;
  /** The comparison rate warning shown beside the rates. */
  comparisonWarning: string;
  /** Loan B's term to start with: the default loan over another term. */
  compareYears: string;
  /** core's rate rises for the default entries, worked out at build time. */
  defaultRises: Outcome<RateRise[], LoanField>;
  /** core's comparison of the default loan with Loan B's starting entries, worked out at build time. */
  defaultComparison: Outcome<LoanComparison, ComparisonField>;
}

/** The option id meaning "I'll type my own rate". */
const OWN_RATE = 'own';

/** Same entries, same figures: compares what core would be asked. */
function sameEntries(a: LoanEntries, b: LoanEntries): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The repayment frequencies core offers, with their labels and words (never listed here). */
const FREQUENCIES = repaymentFrequencies();

// A loan like the page's first: its schedule is what the calculator works out as it wakes.
await compileAhead(() =>
  loanSchedule({ principal: '500000', annual_rate_percent: COMPILE_AHEAD_RATE_PERCENT, term_years: '30', frequency: 'monthly', interest_only_years: '', extra_repayment: '' }),
);

/** Everything the visitor typed or chose, as text. */
type HomeLoanEntries = {
  amount: string;
  years: string;
  option: string;
  rate: string;
  frequency: string;
  interestOnly: string;
  extra: string;
};

const QUERY_KEYS: QueryKeys<HomeLoanEntries> = {
  amount: 'amount',
  years: 'term',
  option: 'loan',
  rate: 'rate',
  frequency: 'repay',
  interestOnly: 'io',
  extra: 'extra',
};

/** Loan B's query parameters: Loan A's with `b_` in front (`b_term=25`). */
const SECOND_PREFIX = 'b_';

/** What Loan B changes from Loan A, as a query string holds it; `undefined` when it holds none. */
export function secondChangesFromQuery(search: string): Partial<HomeLoanEntries> | undefined {
  const params = new URLSearchParams(search);
  const changes: Partial<HomeLoanEntries> = {};
  for (const field of Object.keys(QUERY_KEYS) as (keyof HomeLoanEntries)[]) {
    const value = params.get(SECOND_PREFIX + QUERY_KEYS[field]);
    if (value !== null) changes[field] = value;
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** The query string with Loan B's changes in place of any it held, keeping every other parameter. */
function queryWithSecondChanges(search: string, changes: Partial<HomeLoanEntries>): string {
  const params = new URLSearchParams(search);
  for (const field of Object.keys(QUERY_KEYS) as (keyof HomeLoanEntries)[]) {
    const key = SECOND_PREFIX + QUERY_KEYS[field];
    const value = changes[field];
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The rate that applies: the chosen product's, or the one typed. */
function rateOf(entries: HomeLoanEntries, options: readonly LoanOption[]): string {
  if (entries.option === OWN_RATE) return entries.rate;
  const option = options.find((o) => o.id === entries.option);
  // The calculator replaces an unknown product id (a hand-edited link) with the default loan;
  // anything else reaching here is passed on as typed, and core says what is wrong.
  return option ? String(option.rate) : entries.option;
}

/** What core is asked: the entries exactly as typed. */
export function loanEntries(entries: HomeLoanEntries, options: readonly LoanOption[]): LoanEntries {
  return {
    principal: entries.amount,
    annual_rate_percent: rateOf(entries, options),
    term_years: entries.years,
    ...choiceOf('frequency', entries.frequency, FREQUENCIES.map((f) => f.value)),
    interest_only_years: entries.interestOnly,
    extra_repayment: entries.extra,
  };
}

function wholeDollars(amount: string): string {
  return formatAud(amount, false);
}

type HomeLoanTools = typeof import('banksia-core/home-loan-tools');

/**
 * banksia-core's `home-loan-tools` package (the rate rises, the comparison and the CSV): a chunk
 * and a `.wasm` of their own, fetched once the visitor's entries leave the defaults, so the
 * calculator's first answer waits only for its own package. The defaults' figures are in the
 * HTML, worked out by the same package when the site is built.
 */
let homeLoanTools: Promise<HomeLoanTools> | undefined;
function loadHomeLoanTools(): Promise<HomeLoanTools> {
  return (homeLoanTools ??= import('banksia-core/home-loan-tools'));
}

/** The tools' package once `wanted` has been true (fetched then); `undefined` until it arrives. */
function useHomeLoanTools(wanted: boolean): HomeLoanTools | undefined {
  const [tools, setTools] = useState<HomeLoanTools>();
  useEffect(() => {
    if (!wanted || tools) return;
    let current = true;
    void loadHomeLoanTools().then((loaded) => {
      if (current) setTools(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted, tools]);
  return tools;
}

/**
 * The home loan repayment calculator: banksia-core works out the whole schedule on every keystroke
 * and this island shows what it answers, figures or field messages. Rendered at build time with
 * the defaults, so the figure is in the HTML before any script runs.
 */
export default function HomeLoanCalculator({
  options,
  defaultAmount,
  defaultYears,
  comparisonWarning,
  compareYears,
  defaultRises,
  defaultComparison,
}: HomeLoanCalculatorProps) {
  const id = useId();
  const defaults: HomeLoanEntries = {
    amount: defaultAmount,
    years: defaultYears,
    option: options[0]?.id ?? OWN_RATE,
    rate: '',
    frequency: 'monthly',
    interestOnly: '',
    extra: '',
  };
  const form = useRef<HTMLFormElement>(null);
  const { entries: asLinked, update } = useQueryEntries(defaults, QUERY_KEYS, form);
  // A hand-edited link may name a loan we don't offer (`?loan=bogus`): the default loan is used,
  // and the page says so, rather than a rate message for a rate field that isn't shown.
  const unknownLoan = asLinked.option !== OWN_RATE && !options.some((o) => o.id === asLinked.option) ? asLinked.option : undefined;
  const entries = useMemo(
    () => (unknownLoan === undefined ? asLinked : { ...asLinked, option: defaults.option }),
    [asLinked, unknownLoan, defaults.option],
  );
  const outcome: Outcome<LoanScheduleView, LoanField> = useMemo(() => loanSchedule(loanEntries(entries, options)), [entries, options]);
  // The figure follows every keystroke at once; the chart and table follow in a render React may
  // interrupt for the next keystroke (the calculator bench in benches/README.md measures a keystroke).
  const detail = useDeferredValue(outcome);
  const errors: FieldErrors<LoanField> = outcome.ok ? {} : outcome.errors;
  const frequency = FREQUENCIES.find((f) => f.value === entries.frequency) ?? FREQUENCIES[0]!;
  const chosen = options.find((o) => o.id === entries.option);

  // Loan B: Loan A with what the visitor changed in B (at first, only the term).
  const [secondChanges, setSecondChanges] = useState<Partial<HomeLoanEntries>>({ years: compareYears });
  const secondEntries: HomeLoanEntries = { ...entries, ...secondChanges };
  const asked = loanEntries(entries, options);
  // The "what if" figures, like the chart, are deferred: the comparison works out two whole
  // schedules, and the repayment must never wait for it.
  const later = useDeferredValue(entries);
  const laterSecondChanges = useDeferredValue(secondChanges);
  const whatIf = loanEntries(later, options);
  const whatIfSecond = loanEntries({ ...later, ...laterSecondChanges }, options);
  const atDefaults = sameEntries(whatIf, loanEntries(defaults, options));
  const pairAtDefaults = atDefaults && sameEntries(whatIfSecond, loanEntries({ ...defaults, years: compareYears }, options));
  // Until the tools' package arrives, the figures for other entries show as pending.
  const tools = useHomeLoanTools(!pairAtDefaults);
  const rises = useMemo(
    () => (atDefaults ? defaultRises : tools?.loanRateRises(whatIf)),
    // The entries are rebuilt every render; their text says whether they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [atDefaults, defaultRises, tools, JSON.stringify(whatIf)],
  );
  const comparison = useMemo(
    () => (pairAtDefaults ? defaultComparison : tools?.compareLoans(whatIf, whatIfSecond)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pairAtDefaults, defaultComparison, tools, JSON.stringify(whatIf), JSON.stringify(whatIfSecond)],
  );
  // Loan B's changes live in the URL too (`b_term=25`), so a shared link opens the same comparison;
  // like the first render of Loan A, the first render shows the starting changes.
  useEffect(() => {
    const fromLocation = () => {
      const next = secondChangesFromQuery(window.location.search) ?? { years: compareYears };
      setSecondChanges((current) => keepIfSame(current, next));
    };
    fromLocation();
    window.addEventListener('popstate', fromLocation);
    return () => window.removeEventListener('popstate', fromLocation);
  }, [compareYears]);
  const updateSecond = (changes: Partial<HomeLoanEntries>) => {
    const next = { ...secondChanges, ...changes };
    setSecondChanges(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${queryWithSecondChanges(search, next)}${hash}`);
  };

  // A visitor who came from the stamp duty calculator goes back to their figures there.
  const backToStampDuty = useStampDutyReturn(JSON.stringify(asLinked));

  const chooseOption = (value: string) => {
    if (value === OWN_RATE && entries.rate.trim() === '') {
      // Start the visitor's own rate from the product they had chosen.
      update({ option: value, rate: chosen ? String(chosen.rate) : '' }, 'choose');
    } else {
      update({ option: value }, 'choose');
    }
  };

  return (
    <>
      <form
        ref={form}
        className="calc"
        onSubmit={(event) => event.preventDefault()}
        noValidate
        data-testid="home-loan-calculator"
      >
        <div className="calc__inputs">
          <div className="calc__row">
            <Field
              id={`${id}-amount`}
              name="amount"
              label="Loan amount (AUD)"
              prefix="$"
              inputMode="decimal"
              value={entries.amount}
              messages={errors['principal']}
              onChange={(value) => update({ amount: value }, 'type')}
              testId="loan-amount"
            />
            <Field
              id={`${id}-years`}
              name="years"
              label="Loan term (years)"
              inputMode="numeric"
              value={entries.years}
              messages={errors['term_years']}
              onChange={(value) => update({ years: value }, 'type')}
              testId="loan-term"
            />
          </div>

          <fieldset className="calc-group">
            <legend className="calc-group__legend">Interest rate</legend>
            {unknownLoan !== undefined && (
              <p className="calc-field__hint" role="status" data-testid="unknown-loan">
                {`The link named a loan we don't offer, so this shows the ${options[0]?.label ?? 'first'} loan. Choose another below.`}
              </p>
            )}
            <div className="calc-options">
              {options.map((option) => (
                <label className="calc-option" key={option.id}>
                  <input
                    type="radio"
                    name="option"
                    value={option.id}
                    checked={entries.option === option.id}
                    onChange={() => chooseOption(option.id)}
                  />
                  <span className="calc-option__name">{option.label}</span>
                  {/* The comparison rate as prominent as the rate: same size, weight and colour. */}
                  <span className="calc-option__rates">
                    <strong>{perAnnum(option.rate)}</strong>
                    <strong data-testid="option-comparison">
                      {`Comparison ${perAnnum(option.comparisonRate)}`}
                      <span aria-hidden="true">*</span>
                    </strong>
                  </span>
                </label>
              ))}
              <label className="calc-option">
                <input
                  type="radio"
                  name="option"
                  value={OWN_RATE}
                  checked={entries.option === OWN_RATE}
                  onChange={() => chooseOption(OWN_RATE)}
                  data-testid="own-rate-option"
                />
                <span className="calc-option__name">Enter a rate</span>
                <span className="calc-option__rates">Compare another lender&apos;s rate</span>
              </label>
            </div>
            {entries.option === OWN_RATE && (
              <div className="calc__row" style={{ marginTop: 'var(--space-3)' }}>
                <Field
                  id={`${id}-rate`}
                  name="rate"
                  label="Your interest rate"
                  suffix={'%\u00a0p.a.'}
                  inputMode="decimal"
                  value={entries.rate}
                  messages={errors['annual_rate_percent']}
                  onChange={(value) => update({ rate: value }, 'type')}
                  testId="own-rate"
                />
              </div>
            )}
            {entries.option !== OWN_RATE && errors['annual_rate_percent'] && (
              <p className="calc-field__message">{firstMessage(errors['annual_rate_percent'])}</p>
            )}
            <p className="calc-fine" style={{ marginTop: 'var(--space-3)' }}>
              <span aria-hidden="true">*</span> {comparisonWarning}
            </p>
            {chosen?.keyFactsSheet && (
              <p className="calc-fine" data-testid="key-facts-link">
                <a href={keyFactsHref(chosen.id, entries)}>{`Key Facts Sheet for the ${chosen.name}`}</a>
                {' with the amount, term and repayment frequency entered here.'}
              </p>
            )}
          </fieldset>

          <fieldset className="calc-group">
            <legend className="calc-group__legend">Repayment frequency</legend>
            <div className="calc-segments">
              {FREQUENCIES.map((f) => (
                <label key={f.value}>
                  <input
                    type="radio"
                    name="frequency"
                    value={f.value}
                    checked={entries.frequency === f.value}
                    onChange={() => update({ frequency: f.value }, 'choose')}
                  />
                  <span>{f.label}</span>
                </label>
              ))}
            </div>
            {errors['frequency'] && <p className="calc-field__message">{firstMessage(errors['frequency'])}</p>}
          </fieldset>

          <div className="calc-more">
            <p className="calc-more__title">Optional</p>
            <div className="calc__row">
              <Field
                id={`${id}-io`}
                name="interestOnly"
                label="Interest-only period"
                hint="Years at the start, before principal repayments"
                suffix="years"
                inputMode="numeric"
                placeholder="0"
                value={entries.interestOnly}
                messages={errors['interest_only_years']}
                onChange={(value) => update({ interestOnly: value }, 'type')}
                testId="interest-only"
              />
              <Field
                id={`${id}-extra`}
                name="extra"
                label="Extra repayment"
                hint={`Added to every ${frequency.adjective} repayment`}
                prefix="$"
                inputMode="decimal"
                placeholder="0"
                value={entries.extra}
                messages={errors['extra_repayment']}
                onChange={(value) => update({ extra: value }, 'type')}
                testId="extra-repayment"
              />
            </div>
          </div>
        </div>

        {/* On a phone the results come after every entry: this line keeps the figure in view while typing. */}
        <p className="calc-sticky" aria-hidden="true" data-testid="sticky-repayment">
          {outcome.ok ? (
            <>
              <span>Estimated repayment</span>
              <span>
                <strong>{outcome.value.repayment.display}</strong> a {outcome.value.period_label}
              </span>
            </>
          ) : (
            <span>Check your loan details</span>
          )}
        </p>

        <HomeLoanResults
          backToStampDuty={backToStampDuty}
          outcome={outcome}
          detail={detail}
          frequencyNoun={frequency.adjective}
          entries={asked}
          rises={
            outcome.ok && (
              <Suspense fallback={null}>
                <RateRises view={detail.ok ? detail.value : outcome.value} rises={rises} />
              </Suspense>
            )
          }
        />
      </form>

      {/* Outside the form: the phone's sticky repayment line stays with Loan A's entries. */}
      <section
        className="calc-compare"
        aria-labelledby={`${id}-compare`}
        data-testid="loan-compare"
      >
        <h3 id={`${id}-compare`} className="calc-compare__title">
          Compare two loans
        </h3>
        <p className="calc-compare__intro">
          Loan A is the loan above. Loan B starts as the same loan over {compareYears} years: change any of its details to see
          the difference.
        </p>
        <div className="calc-compare__body">
          <fieldset className="calc-compare__inputs">
            <legend className="calc-group__legend">Loan B</legend>
            <SecondLoanFields
              id={`${id}-b`}
              entries={secondEntries}
              options={options}
              errors={comparison && !comparison.ok ? comparison.errors : {}}
              onChange={updateSecond}
            />
          </fieldset>
          <Suspense fallback={null}>
            <ComparisonTable comparison={comparison} />
          </Suspense>
        </div>
        <EstimateNote />
      </section>
    </>
  );
}

interface ResultsProps {
  outcome: Outcome<LoanScheduleView, LoanField>;
  /** The same or a slightly older outcome, for the chart and the table. */
  detail: Outcome<LoanScheduleView, LoanField>;
  frequencyNoun: string;
  /** What core is asked, for the schedule's CSV. */
  entries: LoanEntries;
  /** The repayment if rates rise. */
  rises: ReactNode;
  /** The link back to the stamp duty calculator with the visitor's figures, if they came from there. */
  backToStampDuty: string | null;
}


function HomeLoanResults({ outcome, detail, frequencyNoun, entries, rises, backToStampDuty }: ResultsProps) {
  if (!outcome.ok) {
    return (
      <div className="calc__results">
        <div className="calc-headline calc-headline--problem" aria-live="polite" aria-atomic="true" data-testid="loan-problem">
          <p className="calc-headline__label">Check your loan details</p>
          <p className="calc-headline__message">{firstMessage(Object.values(outcome.errors).flat())}</p>
        </div>
        <BackToStampDuty href={backToStampDuty} />
        <EstimateNote />
      </div>
    );
  }
  const view = outcome.value;

  return (
    <div className="calc__results">
      <PrintHeading what="Home loan repayment estimate" />
      <p className="calc-print-only" data-testid="print-loan">
        {`Loan of ${view.principal.display} over ${view.term_years} ${view.term_years === 1 ? 'year' : 'years'} at ${perAnnum(Number(view.annual_rate_percent))}, ${view.frequency_label.toLowerCase()} repayments`}
      </p>
      <div className="calc-headline" aria-live="polite" aria-atomic="true">
        <p className="calc-headline__label">{`Estimated ${frequencyNoun} repayment`}</p>
        <p className="calc-headline__figure" data-testid="monthly-repayment">
          {view.repayment.display}
        </p>
        {view.interest_only_repayment && (
          <p className="calc-headline__sub" data-testid="interest-only-repayment">
            {`Interest only for the first ${view.interest_only_years} ${view.interest_only_years === 1 ? 'year' : 'years'}: `}
            <strong>{view.interest_only_repayment.display}</strong>
            {` a ${view.period_label}, then ${view.repayment.display}`}
          </p>
        )}
        {view.extra_repayment && (
          <p className="calc-headline__sub" data-testid="total-repayment">
            {`With your ${view.extra_repayment.display} extra you pay `}
            <strong>{view.total_repayment.display}</strong>
            {` a ${view.period_label}`}
            {view.interest_only_total_repayment && ` (${view.interest_only_total_repayment.display} while interest only)`}
          </p>
        )}
      </div>

      <dl className="calc-facts">
        <div>
          <dt>Total interest</dt>
          <dd data-testid="total-interest">{view.total_interest.display}</dd>
        </div>
        <div>
          <dt>Total repaid</dt>
          <dd data-testid="total-repaid">{view.total_repaid.display}</dd>
        </div>
        <div>
          <dt>Paid off in</dt>
          <dd data-testid="payoff-time">{view.payoff_time_display}</dd>
        </div>
      </dl>

      {view.savings && (
        <p className="calc-savings" data-testid="savings">
          Your extra repayments save <strong>{view.savings.interest_saved.display}</strong> in interest and pay the loan off{' '}
          <strong>{view.savings.time_saved_display}</strong> sooner.
        </p>
      )}

      {rises}

      <ScheduleDetail view={detail.ok ? detail.value : view} />

      <DownloadSchedule entries={entries} />
      <BackToStampDuty href={backToStampDuty} />
      <ShareLink />
      <PrintButton what="this estimate" />
      <EstimateNote />
    </div>
  );
}

/** The CSV's name says which loan it is: `banksia-home-loan-350000-at-6.45pc-25-years-weekly.csv`. */
export function scheduleFileName(entries: LoanEntries): string {
  const digits = (entry: unknown) => String(entry ?? '').replace(/[^0-9.]/g, '') || 'x';
  const frequency = String(entries.frequency ?? 'monthly').replace(/[^a-z]/g, '') || 'monthly';
  return `banksia-home-loan-${digits(entries.principal)}-at-${digits(entries.annual_rate_percent)}pc-${digits(entries.term_years)}-years-${frequency}.csv`;
}

/**
 * "Download CSV": the loan's details and every repayment of the schedule with its due date for a
 * loan drawn today (core takes the date in Sydney from this moment), written by core
 * (`loanScheduleCsv`) from the entries shown.
 */
function DownloadSchedule({ entries }: { entries: LoanEntries }) {
  const [status, setStatus] = useState('');
  const download = async () => {
    const csv = (await loadHomeLoanTools()).loanScheduleCsv(entries, Date.now());
    if (!csv.ok) {
      setStatus(firstMessage(Object.values(csv.errors).flat()) ?? '');
      return;
    }
    const url = URL.createObjectURL(new Blob([csv.value], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = scheduleFileName(entries);
    link.click();
    // Kept a moment so the browser has read it.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus('Schedule downloaded: every repayment, with its interest, principal and balance.');
  };
  return (
    <div className="calc-share">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        aria-label="Download CSV of every repayment"
        data-testid="download-csv"
      >
        Download CSV
      </button>
      <p className="calc-share__status" role="status">
        {status}
      </p>
    </div>
  );
}

/** The chart, its text summary and the yearly table: the heavy part, redrawn only when its schedule changes. */
const ScheduleDetail = memo(function ScheduleDetail({ view }: { view: LoanScheduleView }) {
  const summary =
    `Balance falls from ${view.principal.display} to $0 over ${view.payoff_time_display}; ` +
    `total interest ${view.total_interest.display}, total repaid ${view.total_repaid.display}.`;
  return (
    // The chart and the table are the island's largest parts: each <Suspense> hydrates as a unit of
    // its own, after the entries and the figure (React hydrates a boundary's content separately).
    <>
      <Suspense fallback={null}>
        <figure className="calc-figure" style={{ margin: 0 }}>
          <ScheduleChart opening={view.principal} years={view.years} formatTick={wholeDollars} />
          <figcaption className="visually-hidden" data-testid="chart-summary">
            {summary}
          </figcaption>
        </figure>
      </Suspense>

      <Suspense fallback={null}>
        <details className="calc-table">
          <summary>Year-by-year table</summary>
          <p className="calc-table__hint">Five columns: scroll the table sideways to see them all.</p>
          <div className="calc-table__scroll" tabIndex={0} role="region" aria-label="Year-by-year repayments">
            <table>
              <thead>
                <tr>
                  <th scope="col">Year</th>
                  <th scope="col">Repayments</th>
                  <th scope="col">Principal</th>
                  <th scope="col">Interest</th>
                  <th scope="col">Balance at end</th>
                </tr>
              </thead>
              <tbody>
                {view.years.map((year) => (
                  <tr key={year.year}>
                    <th scope="row">{year.year}</th>
                    <td>{year.payments.display}</td>
                    <td>{year.principal.display}</td>
                    <td>{year.interest.display}</td>
                    <td>{year.closing_balance.display}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </Suspense>
    </>
  );
});

interface SecondLoanFieldsProps {
  id: string;
  entries: HomeLoanEntries;
  options: readonly LoanOption[];
  /** core's messages for both loans; Loan B's are under `second.<field>`. */
  errors: FieldErrors<ComparisonField>;
  onChange: (changes: Partial<HomeLoanEntries>) => void;
}

/** Loan B's entries: the same as the calculator's, more compact. */
function SecondLoanFields({ id, entries, options, errors, onChange }: SecondLoanFieldsProps) {
  const rateChoice = options.some((o) => o.id === entries.option) ? entries.option : OWN_RATE;
  return (
    <div className="calc-compare__fields">
      <Field
        id={`${id}-amount`}
        name="secondAmount"
        label="Loan B amount (AUD)"
        prefix="$"
        inputMode="decimal"
        value={entries.amount}
        messages={errors['second.principal']}
        onChange={(value) => onChange({ amount: value })}
        testId="second-amount"
      />
      <Field
        id={`${id}-years`}
        name="secondYears"
        label="Loan B term (years)"
        inputMode="numeric"
        value={entries.years}
        messages={errors['second.term_years']}
        onChange={(value) => onChange({ years: value })}
        testId="second-term"
      />
      <div className="calc-field">
        <label className="calc-field__label" htmlFor={`${id}-option`}>
          Loan B rate
        </label>
        <div className="calc-field__control">
          <select
            id={`${id}-option`}
            name="secondOption"
            value={rateChoice}
            onChange={(event) => {
              const option = event.target.value;
              const from = options.find((o) => o.id === entries.option);
              onChange(option === OWN_RATE && entries.rate.trim() === '' ? { option, rate: from ? String(from.rate) : '' } : { option });
            }}
            data-testid="second-option"
          >
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {`${option.label} ${perAnnum(option.rate)} (comparison rate ${perAnnum(option.comparisonRate)}*)`}
              </option>
            ))}
            <option value={OWN_RATE}>Enter a rate</option>
          </select>
        </div>
      </div>
      {rateChoice === OWN_RATE && (
        <Field
          id={`${id}-rate`}
          name="secondRate"
          label="Loan B own rate"
          suffix={'%\u00a0p.a.'}
          inputMode="decimal"
          value={entries.rate}
          messages={errors['second.annual_rate_percent']}
          onChange={(value) => onChange({ rate: value })}
          testId="second-rate"
        />
      )}
      <div className="calc-field">
        <label className="calc-field__label" htmlFor={`${id}-frequency`}>
          Loan B repayments
        </label>
        <div className="calc-field__control">
          <select
            id={`${id}-frequency`}
            name="secondFrequency"
            value={entries.frequency}
            onChange={(event) => onChange({ frequency: event.target.value })}
            data-testid="second-frequency"
          >
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field
        id={`${id}-io`}
        name="secondInterestOnly"
        label="Loan B interest-only years"
        suffix="years"
        inputMode="numeric"
        placeholder="0"
        value={entries.interestOnly}
        messages={errors['second.interest_only_years']}
        onChange={(value) => onChange({ interestOnly: value })}
        testId="second-interest-only"
      />
      <Field
        id={`${id}-extra`}
        name="secondExtra"
        label="Loan B extra each repayment"
        prefix="$"
        inputMode="decimal"
        placeholder="0"
        value={entries.extra}
        messages={errors['second.extra_repayment']}
        onChange={(value) => onChange({ extra: value })}
        testId="second-extra"
      />
    </div>
  );
}

function EstimateNote() {
  return (
    <p className="calc-note">
      This is an estimate only. It assumes the rate stays the same for the whole loan and does not include fees. It is not a
      quote or an offer of credit. Amounts are rounded to the nearest dollar; the rate rises and the comparison show cents.
    </p>
  );
}
