/**
 * Every product as the pages show it: the words of lending.ts and banking.ts joined to the figures
 * of banksia-core's product catalog (`productCatalog`, the build-only site-facts package, read from disk when the
 * site is built): rates, comparison rates (computed by core from each loan's fees), fees, amount and
 * term ranges, the date each rate took effect and the rates before it. No figure is written here.
 *
 * Build time only (pages' frontmatter and .astro components): islands in the browser import
 * lending.ts or banking.ts for words, and get figures as props.
 */
import { productCatalog, type Catalog, type DepositRate, type LendingProduct } from 'banksia-core/site-facts';
import * as banking from './banking';
import * as lending from './lending';
import { aud, years } from './format';
import type { CarLoan, CdRateRow, CheckingAccount, CreditCard, HomeLoanOption, PersonalLoan, SavingsProduct, TermDeposit } from './types';

export * from './banking';
export * from './lending';

/** core's catalog, once per build. */
export const catalog: Catalog = productCatalog();

/** The day the latest rate took effect, ISO (yyyy-mm-dd): "Rates effective from". */
export const ratesEffectiveFrom: string = catalog.effective_from;

const number = (decimal: string): number => Number(decimal);

function loan(id: string): LendingProduct {
  const found = [...catalog.home_loans, ...catalog.personal_loans, ...catalog.car_loans].find((p) => p.id === id);
  if (!found) throw new Error(`core's catalog has no loan ${id}`);
  return found;
}

function deposit(list: readonly DepositRate[], id: string): DepositRate {
  const found = list.find((d) => d.id === id);
  if (!found) throw new Error(`core's catalog has no deposit rate ${id}`);
  return found;
}

/** A loan's rate and comparison rate as numbers for display, with core's product beside them. */
function figures(id: string) {
  const core = loan(id);
  return { name: core.name, rate: number(core.annual_rate_percent), comparisonRate: number(core.comparison_rate_percent), core };
}

/** The home page's promotion (spec section 2): the Basic Variable Home Loan. */
export const homeLoanPromo = {
  ...lending.homeLoanPromo,
  ...figures(lending.homeLoanPromo.id),
  conditions: [...lending.homeLoanPromo.conditions, `LVR ${loan(lending.homeLoanPromo.id).max_lvr_percent ?? 0}% or less`],
} as const;

/** The three home loan options of spec section 9. */
export const homeLoanOptions: readonly HomeLoanOption[] = lending.homeLoanOptions.map((words) => ({ ...words, ...figures(words.id) }));

/** Every advertised home loan: the promotion first, then the options. */
export const advertisedHomeLoans: readonly HomeLoanOption[] = [homeLoanPromo, ...homeLoanOptions];

export const personalLoans: readonly PersonalLoan[] = lending.personalLoans.map((words) => {
  const f = figures(words.id);
  return {
    ...words,
    ...f,
    amount: { min: number(f.core.min_amount), max: number(f.core.max_amount) },
    termYears: { min: f.core.min_term_years, max: f.core.max_term_years },
  };
});

export const carLoans: readonly CarLoan[] = lending.carLoans.map((words) => {
  const f = figures(words.id);
  return { ...words, ...f, amountMax: number(f.core.max_amount), termYears: { min: f.core.min_term_years, max: f.core.max_term_years } };
});

export const creditCards: readonly CreditCard[] = lending.creditCards.map((words) => {
  const core = catalog.credit_cards.find((c) => c.id === words.id);
  if (!core) throw new Error(`core's catalog has no card ${words.id}`);
  return { ...words, rate: number(core.annual_rate_percent), annualFee: number(core.annual_fee) };
});

/** The home loan calculator's defaults, its rate the variable loan's. */
export const homeLoanCalculatorDefaults = {
  ...lending.homeLoanCalculatorDefaults,
  rate: number(loan(lending.homeLoanCalculatorDefaults.productId).annual_rate_percent),
  comparisonRate: number(loan(lending.homeLoanCalculatorDefaults.productId).comparison_rate_percent),
} as const;

export const checkingAccounts: readonly (CheckingAccount & { accountType?: string })[] = banking.checkingAccounts.map((words) => {
  const core = catalog.accounts.find((a) => a.id === words.id);
  if (!core) throw new Error(`core's catalog has no account ${words.id}`);
  const waivedFrom = core.fee_waived_from_balance;
  return {
    ...words,
    monthlyFee: number(core.monthly_fee),
    minimumBalance: number(core.minimum_balance),
    ...(waivedFrom ? { waiveFee: `Monthly fee waived when you keep a daily balance of ${aud(number(waivedFrom))} or more` } : {}),
  };
});

/** Certificate of deposit rates by term (spec section 9 "CD terms"). */
export const cdRates: readonly (CdRateRow & { core: DepositRate })[] = catalog.certificates_of_deposit.map((core) => ({
  termMonths: core.term_months ?? 0,
  rate: number(core.annual_rate_percent),
  minimum: number(core.minimum),
  core,
}));

export const savingsProducts: readonly (SavingsProduct & { accountType?: string })[] = banking.savingsProducts.map((words) => {
  if (words.id === 'certificate-of-deposit') {
    // "Up to" the best certificate rate; its minimum is the certificates' smallest.
    return {
      ...words,
      rate: Math.max(...cdRates.map((row) => row.rate)),
      apy: Math.max(...cdRates.map((row) => row.rate)),
      upTo: true,
      minimumBalance: Math.min(...cdRates.map((row) => row.minimum)),
    };
  }
  const core = deposit(catalog.savings, words.id);
  return { ...words, rate: number(core.annual_rate_percent), apy: number(core.annual_rate_percent), minimumBalance: number(core.minimum) };
});

/** Business Savings (/business): its rate and minimum are core's. */
export const businessSavings = (() => {
  const core = deposit(catalog.business_savings, 'business-savings');
  return { ...banking.businessSavings, rate: number(core.annual_rate_percent), minimumBalance: number(core.minimum), core };
})();

export const termDeposits: readonly (TermDeposit & { core: DepositRate })[] = banking.termDeposits.map((words) => {
  const core = deposit(catalog.term_deposits, `td-${words.termMonths}`);
  return { ...words, rate: number(core.annual_rate_percent), minDeposit: number(core.minimum), core };
});

type LoanKind = 'home' | 'personal' | 'car';

/** The example a kind of loan's comparison rate is based on, from core's standard examples. */
export function comparisonBasis(kind: LoanKind): string {
  const products = kind === 'home' ? catalog.home_loans : kind === 'personal' ? catalog.personal_loans : catalog.car_loans;
  const product = products[0];
  if (!product) throw new Error(`no ${kind} loan in core's catalog`);
  const example = `${aud(number(product.example.amount))} over ${years(product.example.term_years)}`;
  if (products.every((p) => p.secured === product.secured)) {
    return `Comparison rate calculated on ${product.secured ? 'a secured' : 'an unsecured'} loan of ${example}.`;
  }
  // Secured and unsecured loans of one kind: each is compared as what it is.
  const named = (secured: boolean) => products.filter((p) => p.secured === secured).map((p) => p.name).join(' and ');
  return `Comparison rate calculated on a loan of ${example}: unsecured for the ${named(false)}, secured for the ${named(true)}.`;
}

/** The comparison rate warnings: each kind's example, and the statutory warning. */
export const comparisonRateWarnings = {
  home: comparisonBasis('home'),
  personal: comparisonBasis('personal'),
  car: comparisonBasis('car'),
  common: lending.comparisonRateWarning,
} as const;

/** The fees a loan charges, in words, from core: "$250 a year, $350 when the loan is repaid". */
export function feeWords(product: LendingProduct): string {
  const fees = product.fees;
  const parts = [
    [fees.establishment, 'establishment'],
    [fees.monthly, 'a month'],
    [fees.annual, 'a year'],
    [fees.discharge, 'when the loan is repaid'],
  ] as const;
  const words = parts.filter(([amount]) => number(amount) > 0).map(([amount, when]) => `${aud(number(amount))} ${when}`);
  return words.length ? words.join(', ') : 'No fees';
}

/** The item of `list` with `id`; the build fails if there is none. */
export function byId<T extends { readonly id: string }>(list: readonly T[], id: string): T {
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
}

/** The first item of a list the build cannot do without. */
export function first<T>(list: readonly T[]): T {
  const item = list[0];
  if (item === undefined) throw new Error('an empty product list');
  return item;
}

/** One product's rates, newest first, each with the day it took effect. */
export interface RateHistory {
  /** The product as /rates and /news name it. */
  product: string;
  history: readonly { effective_from: string; annual_rate_percent: string }[];
  /** For a loan: the comparison rate of each rate of `history`, in the same order. */
  comparisonHistory?: readonly { effective_from: string; annual_rate_percent: string }[];
}

/** Every product's rate history, from core's catalog: /rates tabulates it, /news announces its changes. */
export const rateHistories: readonly RateHistory[] = [
  ...[...advertisedHomeLoans, ...personalLoans, ...carLoans].map((loan) => ({
    product: loan.name,
    history: loan.core.history,
    comparisonHistory: loan.core.comparison_history,
  })),
  ...catalog.savings.map((rate) => ({
    product: banking.savingsProducts.find((words) => words.id === rate.id)?.name ?? rate.id,
    history: rate.history,
  })),
  { product: businessSavings.name, history: businessSavings.core.history },
  ...termDeposits.map((td) => ({ product: `Term deposit, ${td.termMonths} months`, history: td.core.history })),
  ...cdRates.map((cd) => ({ product: `Certificate of deposit, ${cd.termMonths} months`, history: cd.core.history })),
  ...catalog.credit_cards.map((card) => ({
    product: lending.creditCards.find((words) => words.id === card.id)?.name ?? card.id,
    history: card.history,
  })),
];
