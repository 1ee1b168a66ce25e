import { useId, useRef } from 'react';
import { interestFrequencies } from '../../data/banking';
import { months, perAnnum } from '../../data/format';
import { termDeposit, type InterestOption, type Outcome, type TermDepositEntries, type TermDepositField, type TermDepositView } from 'banksia-core/term-deposit';
import { choiceOf, Field, firstMessage, type FieldErrors } from './fields';
import { PrintButton, PrintHeading } from './PrintResults';
import ShareLink from './ShareLink';
import { useQueryEntries, type QueryKeys } from './useQueryEntries';
import { COMPILE_AHEAD_RATE_PERCENT, compileAhead } from '../wake';

/** A term on offer, from the site's data, with the interest payment options core offers on it. */
export interface DepositTerm {
  termMonths: number;
  rate: number;
  minDeposit: number;
  /** The minimum deposit as written on the page, e.g. "$5,000". */
  minDepositLabel: string;
  /** `termDepositOptions(termMonths)`, worked out by core when the page is built: values and labels. */
  options: readonly InterestOption[];
}

export interface TermDepositCalculatorProps {
  terms: readonly DepositTerm[];
  defaultAmount: string;
  defaultTermMonths: number;
}

type DepositEntries = {
  amount: string;
  term: string;
  frequency: string;
};

const QUERY_KEYS: QueryKeys<DepositEntries> = { amount: 'deposit', term: 'months', frequency: 'interest' };

// Interest paid monthly works out a payment schedule and the reinvested alternative: every
// function the calculator's views call.
await compileAhead(() =>
  termDeposit({ amount: '25000', annual_rate_percent: COMPILE_AHEAD_RATE_PERCENT, term_months: '12', frequency: 'monthly' }),
);

/** What core is asked: the amount as typed, the chosen term's rate and minimum from the data. */
export function depositEntries(entries: DepositEntries, terms: readonly DepositTerm[]): TermDepositEntries {
  const term = terms.find((t) => String(t.termMonths) === entries.term);
  return {
    amount: entries.amount,
    // An unknown term (a hand-edited link) goes to core as typed; core says what is wrong.
    annual_rate_percent: term ? String(term.rate) : '',
    term_months: entries.term,
    ...choiceOf('frequency', entries.frequency, everyOption(terms).map((option) => option.value)),
    minimum_deposit: term ? String(term.minDeposit) : '',
  };
}

/**
 * The options the select lists: the chosen term's (all of them for a term not in the table,
 * which core refuses anyway), and the current choice when a hand-edited link asked for one the
 * term doesn't offer, so that core's message beside it makes sense.
 */
export function listedOptions(term: DepositTerm | undefined, current: string, terms: readonly DepositTerm[]) {
  return everyOption(terms).filter(
    (option) => !term || term.options.some((offered) => offered.value === option.value) || option.value === current,
  );
}

/** Every option some term offers, with core's label, in form order. */
export function everyOption(terms: readonly DepositTerm[]): InterestOption[] {
  const offered = terms.flatMap((term) => term.options);
  return interestFrequencies.flatMap(({ value }) => {
    const option = offered.find((candidate) => candidate.value === value);
    return option ? [option] : [];
  });
}

/** The option to keep when the term changes: the current one if the new term offers it, else the default (or the term's first). */
export function optionFor(term: DepositTerm, current: string, fallback: string): string {
  const offered = (value: string) => term.options.some((option) => option.value === value);
  if (offered(current)) return current;
  return offered(fallback) ? fallback : (term.options[0]?.value ?? fallback);
}

/**
 * The term deposit calculator: the amount, a term from the rate table and how often interest is
 * paid; banksia-core answers with each interest payment, the total and the maturity value.
 */
export default function TermDepositCalculator({ terms, defaultAmount, defaultTermMonths }: TermDepositCalculatorProps) {
  const id = useId();
  const defaults: DepositEntries = { amount: defaultAmount, term: String(defaultTermMonths), frequency: 'at_maturity' };
  const form = useRef<HTMLFormElement>(null);
  const { entries, update } = useQueryEntries(defaults, QUERY_KEYS, form);
  const outcome: Outcome<TermDepositView, TermDepositField> = termDeposit(depositEntries(entries, terms));
  const errors: FieldErrors<TermDepositField> = outcome.ok ? {} : outcome.errors;
  const term = terms.find((t) => String(t.termMonths) === entries.term);
  const options = listedOptions(term, entries.frequency, terms);
  const frequency = interestFrequencies.find((f) => f.value === entries.frequency) ?? interestFrequencies[interestFrequencies.length - 1]!;

  return (
    <form ref={form} className="calc" onSubmit={(event) => event.preventDefault()} noValidate data-testid="term-deposit-calculator">
      <div className="calc__inputs">
        <Field
          id={`${id}-amount`}
          name="amount"
          label="Deposit amount"
          prefix="$"
          inputMode="decimal"
          value={entries.amount}
          messages={errors['amount']}
          onChange={(value) => update({ amount: value }, 'type')}
          testId="deposit-amount"
        />

        <fieldset className="calc-group">
          <legend className="calc-group__legend">Term</legend>
          <div className="calc-options calc-options--terms">
            {terms.map((t) => (
              <label className="calc-option" key={t.termMonths}>
                <input
                  type="radio"
                  name="term"
                  value={t.termMonths}
                  checked={entries.term === String(t.termMonths)}
                  onChange={() => update({ term: String(t.termMonths), frequency: optionFor(t, entries.frequency, defaults.frequency) }, 'choose')}
                />
                <span className="calc-option__name">{months(t.termMonths)}</span>
                <span className="calc-option__rates">
                  <strong>{perAnnum(t.rate)}</strong>
                  <span>{`Minimum ${t.minDepositLabel}`}</span>
                </span>
              </label>
            ))}
          </div>
          {errors['term_months'] && <p className="calc-field__message">{firstMessage(errors['term_months'])}</p>}
        </fieldset>

        <div className="calc-field">
          <label className="calc-field__label" htmlFor={`${id}-frequency`}>
            Interest paid
          </label>
          <div className="calc-field__control">
            <select
              id={`${id}-frequency`}
              name="frequency"
              value={entries.frequency}
              onChange={(event) => update({ frequency: event.target.value }, 'choose')}
              data-testid="interest-frequency"
            >
              {options.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          {errors['frequency'] && <p className="calc-field__message">{firstMessage(errors['frequency'])}</p>}
        </div>
      </div>

      <div className="calc__results">
        <PrintHeading what="Term deposit estimate" />
        {outcome.ok ? (
          <>
            <div className="calc-headline" aria-live="polite" aria-atomic="true">
              <p className="calc-headline__label">Value at maturity</p>
              <p className="calc-headline__figure" data-testid="maturity-value">
                {outcome.value.maturity_value.display}
              </p>
              {term && (
                <p className="calc-headline__sub">
                  after {months(term.termMonths)} at <strong>{perAnnum(term.rate)}</strong>
                </p>
              )}
            </div>
            {outcome.value.minimum_deposit_warning && (
              <p className="calc-warning" role="status" data-testid="minimum-warning">
                {outcome.value.minimum_deposit_warning}
              </p>
            )}
            <dl className="calc-facts">
              <div>
                <dt>Total interest</dt>
                <dd data-testid="total-interest">{outcome.value.total_interest.display}</dd>
              </div>
              <div>
                <dt>Interest paid {frequency.paid}</dt>
                <dd data-testid="interest-per-payment">{outcome.value.interest_per_payment.display}</dd>
              </div>
              <div>
                <dt>Interest payments</dt>
                <dd data-testid="number-of-payments">{outcome.value.number_of_payments}</dd>
              </div>
            </dl>
            {outcome.value.number_of_payments > 1 && (
              <p className="calc-aside" data-testid="reinvested">
                Reinvest the interest instead and your deposit grows to{' '}
                <strong>{outcome.value.reinvested.maturity_value.display}</strong>, earning{' '}
                <strong>{outcome.value.reinvested.total_interest.display}</strong> in interest
                {outcome.value.reinvested.effective_annual_rate_percent
                  ? ` (an effective ${outcome.value.reinvested.effective_annual_rate_percent}%\u00a0p.a.)`
                  : ''}
                .
              </p>
            )}
            <ShareLink />
          </>
        ) : (
          <div className="calc-headline calc-headline--problem" aria-live="polite" aria-atomic="true" data-testid="deposit-problem">
            <p className="calc-headline__label">Check your deposit details</p>
            <p className="calc-headline__message">{firstMessage(Object.values(outcome.errors).flat())}</p>
          </div>
        )}
        <PrintButton what="this estimate" />
        <p className="calc-note">
          An estimate only: interest is simple interest paid out on the amount you deposit, at the rate fixed for the term. It
          is not an offer.
        </p>
      </div>
    </form>
  );
}
