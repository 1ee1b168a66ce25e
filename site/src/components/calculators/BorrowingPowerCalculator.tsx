import { useId, useRef } from 'react';
import { homeLoanCalculatorDefaults } from '../../data/lending';
import { borrowingPower, type BorrowingPowerEntries, type BorrowingPowerField, type BorrowingPowerView, type Outcome } from 'banksia-core/borrowing-power';
import { Field, firstMessage, type FieldErrors } from './fields';
import { PrintButton, PrintHeading } from './PrintResults';
import ShareLink from './ShareLink';
import BackToStampDuty from './BackToStampDuty';
import { useStampDutyReturn } from './stampDutyLink';
import { useQueryEntries, type QueryKeys } from './useQueryEntries';
import { COMPILE_AHEAD_RATE_PERCENT, compileAhead } from '../wake';

/** The entries as typed; each goes to core unchanged under the same name. */
export type BorrowingEntries = {
  applicants: string;
  income: string;
  partner_income: string;
  other_income: string;
  dependants: string;
  living_expenses: string;
  other_repayments: string;
  card_limits: string;
  term_years: string;
  annual_rate_percent: string;
};

/**
 * The calculator's first entries (its figure in the page's HTML, and the hub's): one applicant
 * on $100,000 a year with $2,000 a month of living expenses, over the home loan calculator's
 * term at its rate (`rate`: the page passes the variable home loan's, from core's catalog).
 */
export const defaultEntries = (rate: string): BorrowingEntries => ({
  applicants: '1',
  income: '100000',
  partner_income: '',
  other_income: '',
  dependants: '0',
  living_expenses: '2000',
  other_repayments: '',
  card_limits: '',
  term_years: String(homeLoanCalculatorDefaults.termYears),
  annual_rate_percent: rate,
});

await compileAhead(() => borrowingPower(borrowingEntries(defaultEntries(COMPILE_AHEAD_RATE_PERCENT)), Date.now()));

const QUERY_KEYS: QueryKeys<BorrowingEntries> = {
  applicants: 'applicants',
  income: 'income',
  partner_income: 'partner',
  other_income: 'other',
  dependants: 'dependants',
  living_expenses: 'expenses',
  other_repayments: 'debts',
  card_limits: 'cards',
  term_years: 'years',
  annual_rate_percent: 'rate',
};

/** The stamp duty entry each of this calculator's own parameters holds on the way back. */
const RETURN_FROM_PAGE = { dependent_children: QUERY_KEYS.dependants } as const;

export interface BorrowingPowerCalculatorProps {
  defaults: BorrowingEntries;
  /**
   * The date the figure is worked out for (`YYYY-MM-DD`); in the browser, the moment now, from
   * which core picks the Australian date and so the income year.
   */
  date?: string;
}

/** What core is asked: the entries as typed (core decides whether the second income counts). */
export function borrowingEntries(entries: BorrowingEntries): BorrowingPowerEntries {
  return { ...entries };
}

/**
 * How much could I borrow: incomes, household, spending and debts, the loan's term and rate;
 * banksia-core answers with the estimate and how it was worked out, or a message per entry.
 */
export default function BorrowingPowerCalculator({ defaults, date }: BorrowingPowerCalculatorProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const { entries, update } = useQueryEntries(defaults, QUERY_KEYS, form);
  // A visitor who came from the stamp duty calculator goes back to their figures there; the
  // dependants they count here are the ACT's dependent children there.
  const backToStampDuty = useStampDutyReturn(JSON.stringify(entries), RETURN_FROM_PAGE);
  const outcome: Outcome<BorrowingPowerView, BorrowingPowerField> = borrowingPower(borrowingEntries(entries), date ?? Date.now());
  const errors: FieldErrors<BorrowingPowerField> = outcome.ok ? {} : outcome.errors;
  const field = (name: keyof BorrowingEntries, label: string, extra: { prefix?: string; suffix?: string; hint?: string; decimal?: boolean }) => (
    <Field
      id={`${id}-${name}`}
      name={name}
      label={label}
      {...(extra.prefix ? { prefix: extra.prefix } : {})}
      {...(extra.suffix ? { suffix: extra.suffix } : {})}
      {...(extra.hint ? { hint: extra.hint } : {})}
      inputMode={extra.decimal === false ? 'numeric' : 'decimal'}
      value={entries[name]}
      messages={errors[name]}
      onChange={(value) => update({ [name]: value } as Partial<BorrowingEntries>, 'type')}
      testId={`bp-${name.replace(/_/g, '-')}`}
    />
  );

  return (
    <form ref={form} className="calc calc--prints-entries" onSubmit={(event) => event.preventDefault()} noValidate data-testid="borrowing-power-calculator">
      <div className="calc__inputs">
        <fieldset className="calc-group">
          <legend className="calc-group__legend">Applicants</legend>
          <div className="calc-options">
            {['1', '2'].map((count) => (
              <label className="calc-option" key={count}>
                <input
                  type="radio"
                  name="applicants"
                  value={count}
                  checked={entries.applicants === count}
                  onChange={() => update({ applicants: count }, 'choose')}
                />
                <span className="calc-option__name">{count === '1' ? 'Just me' : 'Two of us'}</span>
              </label>
            ))}
          </div>
          {errors['applicants'] && <p className="calc-field__message">{firstMessage(errors['applicants'])}</p>}
        </fieldset>
        {field('income', 'Your annual income before tax', { prefix: '$' })}
        {entries.applicants === '2' && field('partner_income', "Second applicant's annual income before tax", { prefix: '$' })}
        {field('other_income', 'Other annual income', { prefix: '$', hint: 'Rent, investments, a second job' })}
        {field('dependants', 'Dependants', { decimal: false, hint: 'Children or others who rely on your income' })}
        {field('living_expenses', 'Living expenses a month', { prefix: '$' })}
        {field('other_repayments', 'Other loan repayments a month', { prefix: '$', hint: 'Car, personal, student loans' })}
        {field('card_limits', 'Total credit card limits', { prefix: '$' })}
        {field('term_years', 'Loan term', { suffix: 'years', decimal: false })}
        {field('annual_rate_percent', 'Interest rate', { suffix: '%\u00a0p.a.' })}
      </div>

      <div className="calc__results">
        <PrintHeading what="Borrowing power estimate" />
        {outcome.ok ? (
          <>
            <div className="calc-headline" aria-live="polite" aria-atomic="true">
              <p className="calc-headline__label">You could borrow about</p>
              <p className="calc-headline__figure" data-testid="borrowing-power">
                {outcome.value.borrowing_power.display}
              </p>
              <p className="calc-headline__sub" data-testid="borrowing-estimate-only">
                <strong>Estimate only, not an offer of credit.</strong>
              </p>
            </div>
            <dl className="calc-facts">
              <div>
                <dt>Repayment a month</dt>
                <dd data-testid="borrowing-repayment">{outcome.value.repayment?.display ?? '$0'}</dd>
              </div>
              <div>
                <dt>Tested at</dt>
                <dd>{outcome.value.assessment_rate_percent}%&nbsp;p.a.</dd>
              </div>
              <div>
                <dt>Income after tax a month</dt>
                <dd>{outcome.value.net_monthly_income.display}</dd>
              </div>
              <div>
                <dt>Living expenses counted a month</dt>
                <dd>{outcome.value.living_expenses_used.display}</dd>
              </div>
              <div>
                <dt>Debts and card limits a month</dt>
                <dd>{outcome.value.commitments.display}</dd>
              </div>
              <div>
                <dt>Left for a home loan a month</dt>
                <dd>{outcome.value.monthly_surplus.display}</dd>
              </div>
            </dl>
            {outcome.value.explanations.length > 0 && (
              <div className="calc-explain" data-testid="borrowing-explanations">
                {outcome.value.explanations.map((sentence) => (
                  <p key={sentence}>{sentence}</p>
                ))}
                {outcome.value.budget_planner_url && (
                  <p>
                    <a href={outcome.value.budget_planner_url} target="_blank" rel="noopener noreferrer">
                      Moneysmart's budget planner<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>{' '}
                    shows where your money goes each month.
                  </p>
                )}
              </div>
            )}
            <BackToStampDuty href={backToStampDuty} />
            <ShareLink />
          </>
        ) : (
          <>
            <div className="calc-headline calc-headline--problem" aria-live="polite" aria-atomic="true" data-testid="borrowing-problem">
              <p className="calc-headline__label">Check your details</p>
              <p className="calc-headline__message">{firstMessage(Object.values(outcome.errors).flat())}</p>
            </div>
            <BackToStampDuty href={backToStampDuty} />
          </>
        )}
        <PrintButton what="this estimate" />
        <p className="calc-note" data-testid="borrowing-note">
          {outcome.ok ? outcome.value.note : 'An estimate only, not an offer of credit.'}
        </p>
      </div>
    </form>
  );
}
