import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { keyFactsSheet, repaymentFrequencies, type KeyFactsField, type KeyFactsSheet as Sheet, type LoanEntries, type Outcome } from 'banksia-core/key-facts-sheet';
import { choiceOf, Field, firstMessage, type FieldErrors } from './fields';
import { useQueryEntries, type QueryKeys } from './useQueryEntries';
import { longDate } from '../../data/format';

/** A standard home loan a Key Facts Sheet can be generated for. */
export interface SheetProduct {
  id: string;
  name: string;
}

export interface KeyFactsSheetProps {
  products: readonly SheetProduct[];
  defaultAmount: string;
  defaultYears: string;
  /** core's sheet for the defaults, worked out at build time so the first paint has it. */
  defaultSheet: Outcome<Sheet, KeyFactsField>;
  /** The day the page's rates are of (yyyy-mm-dd): the sheet takes the products' rates as of it. */
  ratesDay: string;
  /** The bank's legal line, printed on the sheet. */
  legalLine: string;
  /** The statutory comparison rate warning. */
  comparisonWarning: string;
  /** How to reach the bank, printed on the sheet. */
  contact: SheetContact;
  /** The day the page was built (ISO): the sheet's date until the browser gives today's. */
  builtOn: string;
}

/** The bank's phone and email as the sheet prints them. */
export interface SheetContact {
  phone: { label: string; href: string };
  email: { label: string; href: string };
  hours: string;
}

/** Today in the visitor's own time zone, ISO (yyyy-mm-dd). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type SheetEntries = { product: string; amount: string; years: string; frequency: string };

const QUERY_KEYS: QueryKeys<SheetEntries> = { product: 'loan', amount: 'amount', years: 'term', frequency: 'repay' };

/** The repayment frequencies core offers, with their labels (never listed here). */
const FREQUENCIES = repaymentFrequencies();

/** What core is asked: the calculator's entries (the rate is the product's, core ignores it). */
export function sheetEntries(entries: SheetEntries): LoanEntries {
  return { principal: entries.amount, term_years: entries.years, ...choiceOf('frequency', entries.frequency, FREQUENCIES.map((f) => f.value)) };
}

function perAnnum(decimal: string): string {
  return `${decimal}%\u00a0p.a.`;
}

/**
 * The Key Facts Sheet generator: the visitor picks a standard home loan and enters the amount,
 * the term and the repayment frequency; banksia-core (`keyFactsSheet`, the Key Facts Sheet page's package)
 * works out every figure of the sheet, which prints on one A4 page, black on white.
 */
export default function KeyFactsSheet({ products, defaultAmount, defaultYears, defaultSheet, ratesDay, legalLine, comparisonWarning, contact, builtOn }: KeyFactsSheetProps) {
  const id = useId();
  // The build's date in the HTML, the visitor's today once the island runs.
  const [preparedOn, setPreparedOn] = useState(builtOn);
  useEffect(() => setPreparedOn(localToday()), []);
  const defaults: SheetEntries = { product: products[0]?.id ?? '', amount: defaultAmount, years: defaultYears, frequency: 'monthly' };
  const form = useRef<HTMLFormElement>(null);
  const { entries, update } = useQueryEntries(defaults, QUERY_KEYS, form);
  const atDefaults = JSON.stringify(entries) === JSON.stringify(defaults);
  // The loan tools' package is this island's own (imported statically, so the page preloads it
  // after the first paint); the default sheet comes from the build.
  const outcome: Outcome<Sheet, KeyFactsField> | undefined = useMemo(
    () => (atDefaults ? defaultSheet : keyFactsSheet(entries.product, sheetEntries(entries), ratesDay)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [atDefaults, defaultSheet, ratesDay, JSON.stringify(entries)],
  );
  const errors: FieldErrors<KeyFactsField> = outcome && !outcome.ok ? outcome.errors : {};

  return (
    <div className="kfs-tool">
      <form ref={form} className="kfs-form" onSubmit={(event) => event.preventDefault()} noValidate data-testid="kfs-form">
        <div className="calc-field">
          <label className="calc-field__label" htmlFor={`${id}-product`}>
            Home loan
          </label>
          <select
            id={`${id}-product`}
            name="product"
            className="calc-select"
            value={entries.product}
            onChange={(event) => update({ product: event.target.value }, 'choose')}
            data-testid="kfs-product"
          >
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
          {errors['product'] && <p className="calc-field__message">{firstMessage(errors['product'])}</p>}
        </div>
        <Field
          id={`${id}-amount`}
          name="amount"
          label="Loan amount (AUD)"
          prefix="$"
          inputMode="decimal"
          value={entries.amount}
          messages={errors['principal']}
          onChange={(value) => update({ amount: value }, 'type')}
          testId="kfs-amount"
        />
        <Field
          id={`${id}-years`}
          name="years"
          label="Loan term (years)"
          inputMode="numeric"
          value={entries.years}
          messages={errors['term_years']}
          onChange={(value) => update({ years: value }, 'type')}
          testId="kfs-term"
        />
        <div className="calc-field">
          <label className="calc-field__label" htmlFor={`${id}-frequency`}>
            Repayment frequency
          </label>
          <select
            id={`${id}-frequency`}
            name="frequency"
            className="calc-select"
            value={entries.frequency}
            onChange={(event) => update({ frequency: event.target.value }, 'choose')}
            data-testid="kfs-frequency"
          >
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
          {errors['frequency'] && <p className="calc-field__message">{firstMessage(errors['frequency'])}</p>}
        </div>
        <p className="kfs-actions">
          <button type="button" className="button" onClick={() => window.print()} disabled={!outcome?.ok} data-testid="kfs-print">
            Print or save as PDF
          </button>
        </p>
      </form>

      <div aria-live="polite">
        {outcome === undefined ? (
          <p className="kfs-wait">Working out your Key Facts Sheet…</p>
        ) : outcome.ok ? (
          <SheetView sheet={outcome.value} legalLine={legalLine} comparisonWarning={comparisonWarning} contact={contact} preparedOn={preparedOn} />
        ) : (
          <p className="kfs-problem" data-testid="kfs-problem">
            {firstMessage(Object.values(outcome.errors).flat())}
          </p>
        )}
      </div>
    </div>
  );
}

interface SheetViewProps {
  sheet: Sheet;
  legalLine: string;
  comparisonWarning: string;
  contact: SheetContact;
  preparedOn: string;
}

function SheetView({ sheet, legalLine, comparisonWarning, contact, preparedOn }: SheetViewProps) {
  return (
    <article className="kfs" aria-labelledby="kfs-title" data-testid="kfs-sheet">
      <header className="kfs__head">
        <p className="kfs__kind">Key Facts Sheet: Home loan</p>
        <h2 id="kfs-title">{sheet.product_name}</h2>
        <p className="kfs__small">
          {`${legalLine}. Rates effective from ${longDate(sheet.rates_effective_from)}. Based on the details you entered; not an offer of credit.`}
        </p>
        <p className="kfs__small" data-testid="kfs-prepared">
          {`Prepared on ${longDate(preparedOn)}. Questions: call `}
          <a href={contact.phone.href}>{contact.phone.label}</a>
          {` (${contact.hours}) or email `}
          <a href={contact.email.href}>{contact.email.label}</a>.
        </p>
      </header>

      <section className="kfs__section" data-kfs="loan">
        <h3>Your loan</h3>
        <dl className="kfs__facts">
          <div>
            <dt>Loan amount</dt>
            <dd data-testid="kfs-loan-amount">{sheet.amount.display}</dd>
          </div>
          <div>
            <dt>Loan term</dt>
            <dd>{`${sheet.term_years} years`}</dd>
          </div>
          <div>
            <dt>Repayments</dt>
            <dd>{`${sheet.frequency_label}, principal and interest, ${sheet.number_of_repayments} in all`}</dd>
          </div>
        </dl>
      </section>

      <section className="kfs__section" data-kfs="rates">
        <h3>Interest rates</h3>
        <table className="kfs__table">
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">Type</th>
              <th scope="col">How long it applies</th>
              <th scope="col" className="num">{`Repayment each ${sheet.period_label}`}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.rate_periods.map((period) => (
              <tr key={period.applies}>
                <td data-label="Rate">{perAnnum(period.annual_rate_percent)}</td>
                <td data-label="Type">{period.rate_type}</td>
                <td data-label="How long it applies">{`${period.applies} (${period.number_of_repayments} repayments)`}</td>
                <td className="num" data-label={`Repayment each ${sheet.period_label}`} data-testid="kfs-repayment">
                  {period.repayment.display}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="kfs__section kfs__compare" data-kfs="comparison">
        <h3>Comparison rate</h3>
        <p className="kfs__figure" data-testid="kfs-comparison-rate">
          {perAnnum(sheet.comparison_rate_percent)}
        </p>
        <p className="kfs__small">
          {`This comparison rate is for a loan of ${sheet.amount.display} over ${sheet.term_years} years with ${sheet.frequency_label.toLowerCase()} repayments, the details above. ${comparisonWarning}`}
        </p>
      </section>

      <section className="kfs__section" data-kfs="total">
        <h3>Total amount to be repaid</h3>
        <p className="kfs__figure" data-testid="kfs-total">
          {sheet.total_repaid.display}
        </p>
        <p className="kfs__small">
          {`The loan amount, ${sheet.total_interest.display} of interest and ${sheet.total_fees.display} of fees, if the rates above apply for the whole term.`}
        </p>
      </section>

      <section className="kfs__section" data-kfs="fees">
        <h3>Fees</h3>
        {sheet.fees.length === 0 ? (
          <p>No fees.</p>
        ) : (
          <table className="kfs__table">
            <thead>
              <tr>
                <th scope="col">Fee</th>
                <th scope="col">When</th>
                <th scope="col" className="num">Amount</th>
                <th scope="col" className="num">Over the term</th>
              </tr>
            </thead>
            <tbody>
              {sheet.fees.map((fee) => (
                <tr key={fee.name}>
                  <td data-label="Fee">{fee.name}</td>
                  <td data-label="When">{fee.when}</td>
                  <td className="num" data-label="Amount">{fee.amount.display}</td>
                  <td className="num" data-label="Over the term">{fee.total.display}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="kfs__small">Government fees and charges, such as mortgage registration, are extra.</p>
      </section>

      <section className="kfs__section" data-kfs="rise">
        <h3>If the interest rate rose by 1 percentage point</h3>
        <p data-testid="kfs-rise">
          {`At ${perAnnum(sheet.rate_rise.annual_rate_percent)} ${sheet.rate_rise.applies}, your repayment would be `}
          <strong>{sheet.rate_rise.repayment.display}</strong>
          {` each ${sheet.period_label}, ${sheet.rate_rise.increase.display} more.`}
        </p>
      </section>

      <section className="kfs__section" data-kfs="before-you-apply">
        <h3>Before you apply</h3>
        <ul className="kfs__small">
          <li>
            Lenders mortgage insurance: if you borrow more than 80% of the property's value, lenders mortgage insurance
            applies. It is a one-off premium, paid upfront or added to the loan, that protects us, not you, and it is not
            in the figures above.
          </li>
          <li>
            {`Financial hardship: if you have trouble making repayments, tell us as soon as you can on `}
            <a href={contact.phone.href}>{contact.phone.label}</a>
            {`; we can change your repayments for a time.`}
          </li>
          <li>
            Complaints: tell us first. If you are not satisfied with our answer, the Australian Financial Complaints
            Authority (AFCA) is free and independent: <a href="https://www.afca.org.au">afca.org.au</a>, 1800 931 678.
          </li>
          <li>
            Compare loans and read independent guides at Moneysmart, the government's money website:{' '}
            <a href="https://moneysmart.gov.au/home-loans">moneysmart.gov.au</a>.
          </li>
        </ul>
      </section>

      <p className="kfs__small kfs__foot">
        Repayments are worked out with interest charged each repayment period and rounded up to the cent; the last
        repayment may differ slightly. Ask us if anything on this sheet is unclear before you apply.
      </p>
    </article>
  );
}
