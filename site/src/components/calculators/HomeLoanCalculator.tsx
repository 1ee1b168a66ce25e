import { useId, useState } from 'react';
import { repayment, type LoanTerms, type Outcome, type Money } from '../../lib/core';

export interface HomeLoanCalculatorProps {
  /** Annual rate in percent, as written in the site's data (6.45 = 6.45% p.a.). */
  rate: number;
  rateLabel: string;
  defaultAmount: string;
  defaultYears: string;
}

/** What the two entries hold, exactly as typed: core reads "$500,000" as well as "500000". */
interface Entries {
  amount: string;
  years: string;
}

function monthlyRepayment(entries: Entries, rate: number): Outcome<Money> {
  const terms: LoanTerms = {
    principal: entries.amount,
    annual_rate_percent: String(rate),
    term_years: Number(entries.years),
  };
  return repayment(terms);
}

/**
 * The home loan repayment estimator: loan amount and term in, the monthly repayment out, from
 * banksia-core on every keystroke. Rendered at build time with the defaults, so the figure is in
 * the HTML before any script runs.
 */
export default function HomeLoanCalculator({ rate, rateLabel, defaultAmount, defaultYears }: HomeLoanCalculatorProps) {
  const id = useId();
  const [entries, setEntries] = useState<Entries>({ amount: defaultAmount, years: defaultYears });
  const result = monthlyRepayment(entries, rate);
  const message = result.ok ? null : Object.values(result.errors).flat()[0];

  return (
    <form className="calculator" onSubmit={(event) => event.preventDefault()} aria-describedby={`${id}-note`}>
      <div className="calculator__inputs">
        <label className="field" htmlFor={`${id}-amount`}>
          <span className="field__label">Loan amount (AUD)</span>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={entries.amount}
            onChange={(event) => setEntries({ ...entries, amount: event.target.value })}
          />
        </label>
        <label className="field" htmlFor={`${id}-years`}>
          <span className="field__label">Loan term (years)</span>
          <input
            id={`${id}-years`}
            name="years"
            inputMode="numeric"
            autoComplete="off"
            value={entries.years}
            onChange={(event) => setEntries({ ...entries, years: event.target.value })}
          />
        </label>
        <p className="calculator__rate">
          <span>{rateLabel}</span> <strong>{rate.toFixed(2)}% p.a.</strong>
        </p>
      </div>
      <div className="calculator__result" aria-live="polite">
        {result.ok ? (
          <>
            <p className="calculator__label">Estimated monthly repayment</p>
            <p className="calculator__figure" data-testid="monthly-repayment">{result.value.display}</p>
          </>
        ) : (
          <p className="calculator__message" role="alert">{message}</p>
        )}
        <p className="calculator__note" id={`${id}-note`}>
          This is an estimate only, based on principal and interest repayments at the rate shown. It is not a quote or an offer of credit.
        </p>
      </div>
    </form>
  );
}
