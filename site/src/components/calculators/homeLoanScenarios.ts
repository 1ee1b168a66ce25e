/**
 * The home loan calculator's "what if" figures for its default entries, worked out by banksia-core
 * when the site is built (the home loan tools' package, read from disk), so the page carries them in its
 * HTML and the island works them out only once the entries change.
 * Build time only: imported by HomeLoanCalculatorSection.astro's frontmatter.
 */
import { compareLoans, loanRateRises, type LoanEntries } from 'banksia-core/home-loan-tools';

/** The calculator's entries as the island sends them for the default loan (blank optional entries). */
function entries(rate: number, amount: number, years: string): LoanEntries {
  return {
    principal: String(amount),
    annual_rate_percent: String(rate),
    term_years: years,
    frequency: 'monthly',
    interest_only_years: '',
    extra_repayment: '',
  };
}

export function defaultScenarios(rate: number, amount: number, termYears: number, compareYears: string) {
  const first = entries(rate, amount, String(termYears));
  const rises = loanRateRises(first);
  const comparison = compareLoans(first, entries(rate, amount, compareYears));
  if (!rises.ok || !comparison.ok) {
    // Defaults core refuses: fail the build rather than publish a wrong figure.
    throw new Error(`default home loan refused by core: ${JSON.stringify([rises, comparison])}`);
  }
  return { rises, comparison };
}
