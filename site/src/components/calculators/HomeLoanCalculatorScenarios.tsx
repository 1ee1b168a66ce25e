import { percent } from '../../data/format';
import { formatAud, repaymentFrequencies, type ComparisonField, type LoanComparison, type LoanField, type LoanScheduleView, type Outcome, type RateRise } from 'banksia-core/home-loan';
import { firstMessage, type FieldErrors } from './fields';

/**
 * The home loan calculator's "what if" figures: the repayment if rates rise, and two loans side by
 * side, worked out by banksia-core in the home loan page's package. The figures for the default
 * entries come with the HTML (worked out at build time).
 */

/**
 * The figures of both tables are shown to the cent: each difference is then exactly the difference
 * of the two figures beside it (rounded to whole dollars, $3,144 and $3,360 could show "$217 more").
 */
const cents = (amount: string) => formatAud(amount, true);

/** "+$335.05", "−$97.10", "$0.00": a difference, signed. */
function signed(amount: string): string {
  if (amount.startsWith('-')) return `−${cents(amount.slice(1))}`;
  const shown = cents(amount);
  return shown === '$0.00' ? shown : `+${shown}`;
}

/** A rate as core gives it ("7.45"): "7.45%". */
function ratePercent(rate: string): string {
  return percent(Number(rate));
}

/** How a repayment is counted ("month", "fortnight", "week"), by frequency: core's words. */
const PERIOD = new Map(repaymentFrequencies().map((f) => [f.value, f.period]));

interface RateRisesProps {
  view: LoanScheduleView;
  /** core's rises for the entries shown; `undefined` while its tools' package is on its way. */
  rises: Outcome<RateRise[], LoanField> | undefined;
}

/** "What if rates rise?": today's repayment and the repayment at +1, +2 and +3 percentage points. */
export function RateRises({ view, rises }: RateRisesProps) {
  const period = view.period_label;
  const rows = rises?.ok ? rises.value : undefined;
  const pending = '–';
  return (
    <section className="calc-rises" aria-labelledby="calc-rises-heading" data-testid="rate-rises">
      <h3 id="calc-rises-heading" className="calc-rises__title">
        What if rates rise?
      </h3>
      <table className="calc-rises__table" aria-busy={rows ? undefined : true}>
        <caption className="visually-hidden">Repayments if the interest rate rises</caption>
        <colgroup>
          <col className="calc-rises__col-rise" />
          <col span={2} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Rate p.a.</th>
            <th scope="col">
              Repayment <span className="calc-rises__per">{`a ${period}`}</span>
            </th>
            <th scope="col">
              Increase <span className="calc-rises__per">{`a ${period}`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="rate-today">
            <th scope="row">
              Today <span className="calc-rises__rate">{ratePercent(view.annual_rate_percent)}</span>
            </th>
            <td>{cents(view.repayment.amount)}</td>
            <td>–</td>
          </tr>
          {[1, 2, 3].map((points, index) => {
            const rise = rows?.[index];
            // A rise past the highest rate core accepts is left out by core.
            if (rows && !rise) return null;
            return (
              <tr key={points} data-testid={`rate-rise-${points}`}>
                <th scope="row">
                  {`+${points}%`} <span className="calc-rises__rate">{rise ? ratePercent(rise.annual_rate_percent) : pending}</span>
                </th>
                <td>{rise ? cents(rise.repayment) : pending}</td>
                <td>{rise ? signed(rise.difference) : pending}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="calc-note">
        {view.interest_only_years > 0
          ? 'Principal and interest repayments after the interest-only years, before any extra repayment.'
          : 'Principal and interest repayments, before any extra repayment.'}
      </p>
    </section>
  );
}

interface ComparisonTableProps {
  /** core's comparison; `undefined` while its tools' package is on its way. */
  comparison: Outcome<LoanComparison, ComparisonField> | undefined;
}

/** Loan A and Loan B side by side, and the difference (B minus A). */
export function ComparisonTable({ comparison }: ComparisonTableProps) {
  if (comparison && !comparison.ok) {
    const errors: FieldErrors<ComparisonField> = comparison.errors;
    const first = Object.keys(errors).some((field) => field.startsWith('first.'));
    return (
      <p className="calc-compare__problem" role="status" data-testid="compare-problem">
        {first ? 'Check the loan details above to compare.' : `Check Loan B: ${firstMessage(Object.values(errors).flat()) ?? ''}`}
      </p>
    );
  }
  const both = comparison?.value;
  const pending = '–';
  const sameFrequency = both ? both.first.frequency === both.second.frequency : true;
  const repayment = (loan: LoanComparison['first']) => `${cents(loan.repayment)} a ${PERIOD.get(loan.frequency) ?? 'month'}`;
  const difference = (amount: string, more: string, less: string) => {
    if (amount.startsWith('-')) return `${cents(amount.slice(1))} ${less}`;
    const shown = cents(amount);
    return shown === '$0.00' ? 'No difference' : `${shown} ${more}`;
  };
  const rows: { label: string; id: string; a: string | undefined; b: string | undefined; diff: string | undefined }[] = [
    {
      label: 'Repayment',
      id: 'repayment',
      a: both && repayment(both.first),
      b: both && repayment(both.second),
      diff: both && (sameFrequency ? difference(both.repayment_difference, 'more', 'less') : 'Different frequencies'),
    },
    {
      label: 'Total interest',
      id: 'interest',
      a: both && cents(both.first.total_interest),
      b: both && cents(both.second.total_interest),
      diff: both && difference(both.total_interest_difference, 'more', 'less'),
    },
    {
      label: 'Total repaid',
      id: 'repaid',
      a: both && cents(both.first.total_repaid),
      b: both && cents(both.second.total_repaid),
      diff: both && difference(both.total_repaid_difference, 'more', 'less'),
    },
    {
      label: 'Paid off in',
      id: 'payoff',
      a: both?.first.payoff_time_display,
      b: both?.second.payoff_time_display,
      diff: both?.payoff_difference_display,
    },
  ];
  return (
    <>
      <div className="calc-compare__scroll" tabIndex={0} role="region" aria-label="Loan A and Loan B compared">
        <table className="calc-compare__table" aria-busy={both ? undefined : true} data-testid="compare-table">
          <colgroup>
            <col className="calc-compare__label" />
            <col span={3} />
          </colgroup>
          <thead>
            <tr>
              <td />
              <th scope="col">Loan A</th>
              <th scope="col">Loan B</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid={`compare-${row.id}`}>
                <th scope="row">{row.label}</th>
                <td data-label="Loan A">{row.a ?? pending}</td>
                <td data-label="Loan B">{row.b ?? pending}</td>
                <td data-label="Difference">{row.diff ?? pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
