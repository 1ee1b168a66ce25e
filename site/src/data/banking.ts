import type { InterestFrequency } from 'banksia-core/term-deposit';
import type { CheckingAccountWords, SavingsProductWords, TermDepositWords } from './types';


/**
 * What the site says of each transaction account beyond core's words: who it suits and which
 * online application opens it. Names, descriptions, features, fees and minimums are core's
 * (`productWords`, `productCatalog`), joined by id in `products.ts`.
 */
export const checkingAccounts = [
  { id: 'essential', ideal: 'Everyday spending, pay and bills', accountType: 'checking' },
  { id: 'premium', ideal: 'Customers who keep a steady balance and travel' },
  { id: 'business', ideal: 'Sole traders and small businesses', accountType: 'business_checking' },
] as const satisfies readonly CheckingAccountWords[];

/** Savings products, in the order /savings lists them; the online application's account type. */
export const savingsProducts = [
  { id: 'high-yield', accountType: 'savings' },
  { id: 'certificate-of-deposit' },
  { id: 'goal' },
] as const satisfies readonly SavingsProductWords[];

/** Business Savings, on /business: its words, rate and minimum are core's (`products.ts`). */
export const businessSavings = { id: 'business-savings', accountType: 'business_savings' } as const;

/**
 * Deposits are protected under the Australian Government's Financial Claims Scheme,
 * up to this amount per account holder.
 */
export const depositGuarantee = 250000;

/** Term deposits, spec section 9 "Term deposits". */
export const termDeposits = [
  {
    termMonths: 3,
    description: 'A short stop for money you will need soon.',
    features: ['Reinvest or withdraw at the end'],
  },
  {
    termMonths: 6,
    description: 'Half a year at a fixed rate.',
    features: ['Reinvest or withdraw at the end'],
  },
  {
    termMonths: 12,
    description: 'Our most popular term.',
    features: ['Reinvest or withdraw at the end'],
  },
  {
    termMonths: 24,
    description: 'Two years of certainty.',
    features: ['Rate locked for the whole term'],
  },
  {
    termMonths: 36,
    description: 'A longer term for a higher rate.',
    features: ['Rate locked for the whole term'],
  },
  {
    termMonths: 60,
    description: 'Our longest term and highest rate.',
    features: ['Rate locked for the whole term'],
  },
] as const satisfies readonly TermDepositWords[];

/**
 * How term deposit interest can be paid (spec section 9), as core names each option, with the
 * site's sentences about it. Which options a term offers, and their labels, are core's
 * (`termDepositOptions`, components/calculators/termDepositTerms.ts): the terms above don't list them.
 */
export const interestFrequencies = [
  { value: 'monthly', paid: 'each month', note: 'A regular income paid into your Banksia account each month.' },
  { value: 'quarterly', paid: 'each quarter', note: 'Paid every three months.' },
  { value: 'bi_annually', paid: 'every six months', note: 'Paid every six months.' },
  { value: 'annually', paid: 'each year', note: 'Paid once a year, on the anniversary of your deposit.' },
  { value: 'at_maturity', paid: 'at maturity', note: 'All interest paid at the end of the term, usually at the highest rate.' },
] as const satisfies readonly { value: InterestFrequency; paid: string; note: string }[];

/**
 * The inputs of the worked example the spec prints on /term-deposits (its rate is the term's,
 * from core's catalog). Its figures (interest, maturity value) are core's, computed at build time (`components/calculators/termDepositExample.ts`).
 */
export const termDepositExample = {
  deposit: 50000,
  termMonths: 24,
} as const;
