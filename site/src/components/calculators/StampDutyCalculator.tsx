import { useId, useRef } from 'react';
import { stampDuty, type Outcome, type StampDutyEntries, type StampDutyField, type StampDutyView } from 'banksia-core/stamp-duty';
import { Field, firstMessage, type FieldErrors } from './fields';
import { PrintButton, PrintHeading } from './PrintResults';
import ShareLink from './ShareLink';
import { useQueryEntries, type QueryKeys } from './useQueryEntries';
import { compileAhead } from '../wake';
import { STAMP_DUTY_QUERY_KEYS, handOffHref, type StampDutyLinkEntries } from './stampDutyLink';

/** The entries as typed; each goes to core unchanged under the same name. */
export type DutyEntries = StampDutyLinkEntries;

/** The first entries (the figure in the page's HTML): a $750,000 established home in NSW, lived in, 20% deposit. */
export const defaultEntries: DutyEntries = {
  state: 'NSW',
  price: '750000',
  property_kind: 'established_home',
  purpose: 'live_in',
  first_home_buyer: 'no',
  contract_date: '',
  wa_region: 'perth_peel',
  household_income: '',
  dependent_children: '0',
  deposit: '150000',
};

await compileAhead(() => stampDuty({ ...defaultEntries }, Date.now()));

const QUERY_KEYS: QueryKeys<DutyEntries> = STAMP_DUTY_QUERY_KEYS;

/** The states and territories as the form lists them (core reads the codes). */
const STATES: readonly [string, string][] = [
  ['NSW', 'New South Wales'],
  ['VIC', 'Victoria'],
  ['QLD', 'Queensland'],
  ['WA', 'Western Australia'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['ACT', 'Australian Capital Territory'],
  ['NT', 'Northern Territory'],
];

const KINDS: readonly [string, string][] = [
  ['established_home', 'Established home'],
  ['new_home', 'New home'],
  ['vacant_land', 'Vacant land'],
];

export interface StampDutyCalculatorProps {
  defaults: DutyEntries;
  /** The day the contract is dated when none is entered (`YYYY-MM-DD`); in the browser, the moment now. */
  date?: string;
}

/** A radio group of a choice entry. */
function Choice({ legend, name, value, options, onChoose, message }: {
  legend: string;
  name: string;
  value: string;
  options: readonly [string, string][];
  onChoose: (value: string) => void;
  message?: string | undefined;
}) {
  return (
    <fieldset className="calc-group">
      <legend className="calc-group__legend">{legend}</legend>
      <div className="calc-options">
        {options.map(([option, label]) => (
          <label className="calc-option" key={option}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChoose(option)} />
            <span className="calc-option__name">{label}</span>
          </label>
        ))}
      </div>
      {message && <p className="calc-field__message">{message}</p>}
    </fieldset>
  );
}

/**
 * Stamp duty and the cash needed on the day: the state, the price, what is bought and for what,
 * a first home or not, the contract date (and for the ACT the household's income); banksia-core
 * answers with the duty, the concession and why, the rates' date and source, or a message per
 * entry.
 */
export default function StampDutyCalculator({ defaults, date }: StampDutyCalculatorProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const { entries, update } = useQueryEntries(defaults, QUERY_KEYS, form);
  const asked: StampDutyEntries = { ...entries };
  const outcome: Outcome<StampDutyView, StampDutyField> = stampDuty(asked, date ?? Date.now());
  const errors: FieldErrors<StampDutyField> = outcome.ok ? {} : outcome.errors;
  const field = (name: keyof DutyEntries, label: string, extra: { prefix?: string; hint?: string; numeric?: boolean; placeholder?: string }) => (
    <Field
      id={`${id}-${name}`}
      name={name}
      label={label}
      {...(extra.prefix ? { prefix: extra.prefix } : {})}
      {...(extra.hint ? { hint: extra.hint } : {})}
      {...(extra.placeholder ? { placeholder: extra.placeholder } : {})}
      inputMode={extra.numeric ? 'numeric' : name === 'contract_date' ? 'text' : 'decimal'}
      value={entries[name]}
      messages={errors[name]}
      onChange={(value) => update({ [name]: value } as Partial<DutyEntries>, 'type')}
      testId={`sd-${name.replace(/_/g, '-')}`}
    />
  );
  const cash = outcome.ok ? outcome.value.cash : null;
  // The loan goes to the repayment calculator; borrowing power takes the ACT's household income
  // and dependent children. Both links carry these entries too, for the way back.
  const toRepayments = cash ? handOffHref('/loans/home', entries, { amount: cash.loan_amount.amount }) : '';
  const borrowingTakes: Record<string, string> =
    entries.state === 'ACT' ? { ...(entries.household_income.trim() ? { income: entries.household_income } : {}), dependants: entries.dependent_children } : {};
  const toBorrowingPower = handOffHref('/calculators/borrowing-power', entries, borrowingTakes);

  return (
    <form ref={form} className="calc calc--prints-entries" onSubmit={(event) => event.preventDefault()} noValidate data-testid="stamp-duty-calculator">
      <div className="calc__inputs">
        <div className="calc-field">
          <label className="calc-field__label" htmlFor={`${id}-state`}>
            State or territory
          </label>
          <div className={errors.state ? 'calc-field__control calc-field__control--invalid' : 'calc-field__control'}>
            <select
              id={`${id}-state`}
              name="state"
              value={entries.state}
              onChange={(event) => update({ state: event.target.value }, 'choose')}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={errors.state ? `${id}-state-message` : undefined}
              data-testid="sd-state"
            >
              {STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
              {!STATES.some(([code]) => code === entries.state) && <option value={entries.state}>{entries.state || 'Choose'}</option>}
            </select>
          </div>
          {errors.state && (
            <p className="calc-field__message" id={`${id}-state-message`}>
              {firstMessage(errors.state)}
            </p>
          )}
        </div>
        {field('price', 'Price of the property', { prefix: '$', hint: 'Or its market value, if higher' })}
        <Choice legend="What are you buying?" name="property_kind" value={entries.property_kind} options={KINDS} onChoose={(value) => update({ property_kind: value }, 'choose')} message={firstMessage(errors.property_kind)} />
        <Choice legend="Will you live in it?" name="purpose" value={entries.purpose} options={[['live_in', 'Live in it'], ['invest', 'Invest']]} onChoose={(value) => update({ purpose: value }, 'choose')} message={firstMessage(errors.purpose)} />
        <Choice legend="First home buyer?" name="first_home_buyer" value={entries.first_home_buyer} options={[['yes', 'Yes'], ['no', 'No']]} onChoose={(value) => update({ first_home_buyer: value }, 'choose')} message={firstMessage(errors.first_home_buyer)} />
        {entries.state === 'WA' && (
          <Choice legend="Where in WA?" name="wa_region" value={entries.wa_region} options={[['perth_peel', 'Perth or Peel'], ['elsewhere', 'Elsewhere in WA']]} onChoose={(value) => update({ wa_region: value }, 'choose')} message={firstMessage(errors.wa_region)} />
        )}
        {entries.state === 'ACT' && (
          <>
            {field('household_income', 'Household income last financial year', { prefix: '$', hint: 'For the Home Buyer Concession Scheme: yours and your partner’s' })}
            {field('dependent_children', 'Dependent children', { numeric: true })}
          </>
        )}
        {field('contract_date', 'Contract date', { hint: 'Leave blank for today, or like 1/12/2026', placeholder: 'Today' })}
        {field('deposit', 'Your deposit', { prefix: '$', hint: 'For the cash you need on the day and your loan' })}
      </div>

      <div className="calc__results">
        <PrintHeading what="Stamp duty estimate" />
        {outcome.ok ? (
          <>
            <div className="calc-headline" aria-live="polite" aria-atomic="true">
              <p className="calc-headline__label">Stamp duty in {outcome.value.state_name}</p>
              <p className="calc-headline__figure" data-testid="stamp-duty">
                {outcome.value.duty.display}
              </p>
              <p className="calc-headline__sub" data-testid="sd-explanation">
                {outcome.value.explanation}
              </p>
            </div>
            <dl className="calc-facts">
              <div>
                <dt>Duty at the general rate</dt>
                <dd data-testid="sd-general">{outcome.value.general_duty.display}</dd>
              </div>
              <div>
                <dt>Rate used</dt>
                <dd>{outcome.value.rate_used}</dd>
              </div>
              {outcome.value.concession && (
                <div>
                  <dt>{outcome.value.concession.name}</dt>
                  <dd data-testid="sd-saving">saves {outcome.value.concession.saving.display}</dd>
                </div>
              )}
              <div>
                <dt>Rates for contracts from</dt>
                <dd>{outcome.value.effective_from_text}</dd>
              </div>
            </dl>
            {cash && (
              <div className="calc-explain" data-testid="sd-cash">
                <h3 className="calc-explain__heading">Cash needed on the day</h3>
                <dl className="calc-facts">
                  <div>
                    <dt>Deposit</dt>
                    <dd>{cash.deposit.display}</dd>
                  </div>
                  <div>
                    <dt>Stamp duty</dt>
                    <dd>{outcome.value.duty.display}</dd>
                  </div>
                  <div>
                    <dt>Deposit and duty</dt>
                    <dd data-testid="sd-cash-total">{cash.cash_without_lmi.display}</dd>
                  </div>
                  <div>
                    <dt>Loan ({cash.lvr_percent}% of the price)</dt>
                    <dd data-testid="sd-loan">{cash.loan_amount.display}</dd>
                  </div>
                  {cash.lmi && (
                    <div>
                      <dt>Lenders mortgage insurance (estimate)</dt>
                      <dd data-testid="sd-lmi">{cash.lmi.display}</dd>
                    </div>
                  )}
                </dl>
                <p>{cash.lmi_note}</p>
                {cash.home_guarantee_note && <p>{cash.home_guarantee_note}</p>}
                <p>{outcome.value.fees_note}</p>
                <p>
                  <a href={toRepayments} data-testid="sd-to-repayments">
                    Repayments on a {cash.loan_amount.display} loan
                  </a>
                  {' · '}
                  <a href={toBorrowingPower} data-testid="sd-to-borrowing-power">
                    How much could I borrow?
                  </a>
                </p>
              </div>
            )}
            <div className="calc-explain" data-testid="sd-source">
              <p>
                {outcome.value.confirmation}{' '}
                <a href={outcome.value.source_url} target="_blank" rel="noopener noreferrer">
                  {outcome.value.source_title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
              {outcome.value.cautions.map((caution) => (
                <p key={caution} data-testid="sd-caution">
                  {caution}
                </p>
              ))}
            </div>
            <ShareLink />
          </>
        ) : (
          <div className="calc-headline calc-headline--problem" aria-live="polite" aria-atomic="true" data-testid="sd-problem">
            <p className="calc-headline__label">Check your details</p>
            {/* Every entry's message, as at its field (a link may carry more than one bad entry). */}
            {[...new Set(Object.values(outcome.errors).map((messages) => firstMessage(messages)))].map((message) => (
              <p className="calc-headline__message" key={message}>
                {message}
              </p>
            ))}
          </div>
        )}
        <PrintButton what="this estimate" />
        <p className="calc-note" data-testid="sd-note">
          {outcome.ok ? outcome.value.note : 'An estimate of transfer duty only: the revenue office assesses the duty you pay.'}
        </p>
      </div>
    </form>
  );
}
