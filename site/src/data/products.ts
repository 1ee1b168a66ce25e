/**
 * Every product as the pages show it: banksia-core's words (`productWords`: names, descriptions,
 * features, eligibility, the ones the product data API publishes) and figures (`productCatalog`:
 * rates, comparison rates computed by core from each loan's fees, fees, amount and term ranges,
 * the date each rate took effect and the rates before it), both from the build-only site-facts
 * package, read from disk when the site is built, joined by id to what lending.ts and banking.ts
 * add (whom a product suits, the application it opens). No product figure or name is written here.
 *
 * The catalog is taken as it stands on the day of the build (`ratesDay`): a rate change announced
 * in core shows on the pages built on or after its day, and not before (ARCHITECTURE.md, "Rate
 * changes on the site"). `BANKSIA_RATES_DAY` (yyyy-mm-dd) builds the site as of another day.
 *
 * Build time only (pages' frontmatter and .astro components): islands in the browser import
 * lending.ts or banking.ts for words, and get figures as props.
 */
import { bankToday } from 'banksia-core/application';
import { productCatalog, productWords, type Catalog, type DepositRate, type LendingProduct, type ProductWords } from 'banksia-core/site-facts';
import * as banking from './banking';
import * as lending from './lending';
import { aud, years } from './format';
import type { CarLoan, CdRateRow, CheckingAccount, CreditCard, HomeLoanOption, PersonalLoan, SavingsProduct, TermDeposit } from './types';

export * from './banking';
export * from './lending';

/** The day the pages are priced for, yyyy-mm-dd (the bank's date when the build runs). */
export const ratesDay: string = (() => {
  const day = process.env.BANKSIA_RATES_DAY;
  if (day !== undefined && day !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`BANKSIA_RATES_DAY is not a date: ${day}`);
  return day || bankToday(Date.now());
})();

/** core's catalog as it stands on `ratesDay`, once per build. */
export const catalog: Catalog = (() => {
  const found = productCatalog(ratesDay);
  if (!found) throw new Error(`core could not read the day ${ratesDay}`);
  return found;
})();

/** core's words for every product offered on `ratesDay`. */
export const productWordList: readonly ProductWords[] = (() => {
  const found = productWords(ratesDay);
  if (!found) throw new Error(`core could not read the day ${ratesDay}`);
  return found;
})();

/** A product's words from core; the build fails if core has no such product. */
export function wordsOf(id: string): { name: string; description: string; features: readonly string[] } {
  const found = productWordList.find((product) => product.id === id);
  if (!found) throw new Error(`core's products have no ${id}`);
  return { name: found.name, description: found.description, features: found.features };
}

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

/** A loan's words, rate and comparison rate as numbers for display, with core's product beside them. */
function figures(id: string) {
  const core = loan(id);
  return { ...wordsOf(id), rate: number(core.annual_rate_percent), comparisonRate: number(core.comparison_rate_percent), core };
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
  const eligibility = productWordList.find((product) => product.id === words.id)?.eligibility ?? [];
  return { ...words, ...f, eligibility, amountMax: number(f.core.max_amount), termYears: { min: f.core.min_term_years, max: f.core.max_term_years } };
});

/** Who may borrow for a car: core's conditions, the same for every car loan. */
export const carLoanEligibility: readonly string[] = first(carLoans).eligibility;

/** The longest fixed period of the fixed home loan, years (core's). */
export const maxFixedYears: number = loan('fixed').fixed_period?.years ?? missing('the fixed loan\'s fixed period');
/** The smallest deposit for the first home buyer loan, percent of the price (core's LVR ceiling). */
export const firstHomeMinDepositPercent: number = 100 - (loan('first-home').max_lvr_percent ?? missing('the first home loan\'s LVR'));
/** Business Checking's allowance of free transactions, in core's words ("200 free transactions a month"). */
export const businessFreeTransactions: string =
  wordsOf('business').features.find((feature) => / free transactions a month$/.test(feature)) ?? missing('Business Checking\'s allowance');

function missing(what: string): never {
  throw new Error(`core's catalog has no ${what}`);
}

export const creditCards: readonly CreditCard[] = lending.creditCards.map((words) => {
  const core = catalog.credit_cards.find((c) => c.id === words.id);
  if (!core) throw new Error(`core's catalog has no card ${words.id}`);
  return { ...words, ...wordsOf(words.id), rate: number(core.annual_rate_percent), annualFee: number(core.annual_fee) };
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
    ...wordsOf(words.id),
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
      ...wordsOf(words.id),
      rate: Math.max(...cdRates.map((row) => row.rate)),
      apy: Math.max(...cdRates.map((row) => row.rate)),
      upTo: true,
      minimumBalance: Math.min(...cdRates.map((row) => row.minimum)),
    };
  }
  const core = deposit(catalog.savings, words.id);
  return { ...words, ...wordsOf(words.id), rate: number(core.annual_rate_percent), apy: number(core.annual_rate_percent), minimumBalance: number(core.minimum) };
});

/** Business Savings (/business): its rate and minimum are core's. */
export const businessSavings = (() => {
  const core = deposit(catalog.business_savings, 'business-savings');
  return { ...banking.businessSavings, ...wordsOf(banking.businessSavings.id), rate: number(core.annual_rate_percent), minimumBalance: number(core.minimum), core };
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
  ...catalog.savings.map((rate) => ({ product: wordsOf(rate.id).name, history: rate.history })),
  { product: businessSavings.name, history: businessSavings.core.history },
  ...termDeposits.map((td) => ({ product: `Term deposit, ${td.termMonths} months`, history: td.core.history })),
  ...cdRates.map((cd) => ({ product: `Certificate of deposit, ${cd.termMonths} months`, history: cd.core.history })),
  ...catalog.credit_cards.map((card) => ({ product: wordsOf(card.id).name, history: card.history })),
];
