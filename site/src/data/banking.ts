import type { InterestFrequency } from 'banksia-core/term-deposit';
import type { CheckingAccountWords, SavingsProductWords, TermDepositWords } from './types';

/** Business Checking's allowance of free transactions a month. */
export const businessFreeTransactions = 200;

/** Transaction ("checking") accounts, spec section 9 "Checking". */
export const checkingAccounts = [
  {
    id: 'essential',
    name: 'Essential Checking',
    description: 'An everyday account with no monthly fees and nothing to keep in it.',
    features: [
      'No monthly account fee',
      'No minimum balance',
      'Visa Debit card with Apple Pay, Google Pay and Samsung Pay',
      'Free withdrawals at network ATMs',
    ],
    ideal: 'Everyday spending, pay and bills',
    accountType: 'checking',
  },
  {
    id: 'premium',
    name: 'Premium Checking',
    description: 'More from your everyday account, with the fee waived when you keep a healthy balance.',
    features: [
      'No overseas transaction fees on card purchases',
      'Priority phone support',
      'Linked savings sweep to cover shortfalls',
      'Free international transfers each month',
    ],
    ideal: 'Customers who keep a steady balance and travel',
  },
  {
    id: 'business',
    name: 'Business Checking',
    description: 'A transaction account built for sole traders and small businesses.',
    features: [
      `${businessFreeTransactions} free transactions a month`,
      'Up to five cardholders on one account',
      'Connects to popular accounting software',
      'PayID and BPAY for your customers',
    ],
    ideal: 'Sole traders and small businesses',
    accountType: 'business_checking',
  },
] as const satisfies readonly CheckingAccountWords[];

/** Savings products, spec section 9 "Savings". */
export const savingsProducts = [
  {
    id: 'high-yield',
    name: 'High Yield Savings',
    description: 'A strong ongoing rate on your savings with access whenever you need it.',
    features: ['Interest calculated daily, paid monthly', 'No account keeping fees', 'Unlimited free transfers to your Banksia accounts'],
    accountType: 'savings',
  },
  {
    id: 'certificate-of-deposit',
    name: 'Certificate of Deposit',
    description: 'Lock in a fixed rate for a term from 6 to 60 months.',
    features: ['Rate fixed for the whole term', 'Terms from 6 to 60 months', 'Choose where your interest is paid'],
  },
  {
    id: 'goal',
    name: 'Goal Saver',
    description: 'Name a goal, set a target date and watch your progress in the app.',
    features: ['Up to 10 named goals', 'Automatic transfers on payday', 'Progress tracking in the Banksia app'],
  },
] as const satisfies readonly SavingsProductWords[];

/** Business Savings, on /business: its rate and minimum are core's (`products.ts`). */
export const businessSavings = {
  id: 'business-savings',
  name: 'Business Savings',
  description: 'Keep money for tax, payroll and the quiet months apart from your everyday account, earning interest.',
  features: [
    'Interest calculated daily and paid monthly',
    'Instant transfers to and from Business Checking',
    'Set aside a share of each deposit automatically for GST and tax',
  ],
  accountType: 'business_savings',
} as const;

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
