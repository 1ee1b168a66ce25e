/**
 * The spec's worked example on /term-deposits ($50,000 at 4.50% for 24 months, interest paid at
 * maturity), computed by banksia-core when the page is built. The page shows these figures
 * instead of writing them down.
 */
import { formatAud, termDeposit } from 'banksia-core/term-deposit';
import { termDepositExample, termDeposits } from '../../data/products';

export interface ExampleFigures {
  rate: number;
  deposit: string;
  interest: string;
  maturityValue: string;
}

export function termDepositExampleFigures(): ExampleFigures {
  const { deposit, termMonths } = termDepositExample;
  const term = termDeposits.find((t) => t.termMonths === termMonths);
  if (!term) throw new Error(`no ${termMonths}-month term deposit for the example`);
  const { rate, minDeposit: minimum } = term;
  const outcome = termDeposit({
    amount: String(deposit),
    annual_rate_percent: String(rate),
    term_months: String(termMonths),
    frequency: 'at_maturity',
    minimum_deposit: String(minimum),
  });
  if (!outcome.ok) {
    // A build that cannot compute the example must fail rather than publish a wrong page.
    throw new Error(`term deposit example refused by core: ${JSON.stringify(outcome.errors)}`);
  }
  return {
    rate,
    deposit: formatAud(String(deposit), false),
    interest: outcome.value.total_interest.display,
    maturityValue: outcome.value.maturity_value.display,
  };
}
