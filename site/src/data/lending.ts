/**
 * The words about each loan and card: names' descriptions, features, who each is for. Every rate,
 * comparison rate, fee, amount range and effective date is banksia-core's (`products::catalog`),
 * read at build time by `products.ts`, which joins it to these words by id. This file is also
 * read by islands in the browser, so it must stay free of the WASM package.
 */
import type { CarLoanWords, CreditCardWords, HomeLoanWords, PersonalLoanWords } from './types';

/** The home page promotion, spec section 2 "/": its rates and LVR ceiling are core's (`basic-variable`). */
export const homeLoanPromo = {
  id: 'basic-variable',
  description: 'A discounted variable rate with free redraw and no ongoing fees beyond a small monthly service fee, when you meet all of these:',
  features: ['Free redraw', 'Extra repayments at no cost', 'Online and app access'],
  bestFor: 'Owner occupiers with a 30% deposit or equity',
  rateType: 'Variable',
  conditions: ['Owner occupier', 'Principal and interest repayments'],
} as const;

/** Longest fixed period offered, years. */
export const maxFixedYears = 5;
/** Smallest deposit for the first home buyer loan, percent of the price. */
export const firstHomeMinDepositPercent = 5;

/** Home loan options, spec section 9 "Home loans". */
export const homeLoanOptions = [
  {
    id: 'variable',
    rateType: 'Variable',
    description: 'Flexibility to pay extra, redraw and use an offset account as your situation changes.',
    features: ['Unlimited extra repayments', 'Free redraw', '100% offset account', 'Split with a fixed portion any time'],
    bestFor: 'Borrowers who want flexibility',
  },
  {
    id: 'fixed',
    rateType: 'Fixed',
    description: `Lock in your repayments for up to ${maxFixedYears} years and budget with certainty.`,
    features: [`Rate fixed for 1 to ${maxFixedYears} years`, 'Extra repayments up to $10,000 a year', 'Rate lock available at application'],
    bestFor: 'Budgeting with certainty',
  },
  {
    id: 'first-home',
    rateType: 'Variable',
    description: `Into your first home sooner, with a deposit from ${firstHomeMinDepositPercent}%.`,
    features: [`Deposit from ${firstHomeMinDepositPercent}%`, 'Help with government first home buyer schemes', 'A dedicated lending specialist'],
    bestFor: 'First home buyers',
  },
] as const satisfies readonly HomeLoanWords[];

/** Service times shown on /loans/home. */
export const homeLoanTimes = { approvalHours: '24-48', preApprovalHours: 24 } as const;
/**
 * Defaults of the home loan repayment calculator (spec section 9); the rate is the variable
 * option's, from core (`products.ts`).
 */
export const homeLoanCalculatorDefaults = { amount: 500000, termYears: 30, productId: 'variable', rateLabel: 'Variable Rate' } as const;

/** Personal loans, spec section 9 "Personal loans". */
export const personalLoans = [
  {
    id: 'quick',
    description: 'Unsecured funds for a holiday, a wedding or consolidating debts, often paid out the same day.',
    features: ['Fixed rate for the life of the loan', 'No early repayment fees', 'Decision in minutes'],
  },
  {
    id: 'secured',
    description: 'A lower rate when you offer an asset, such as a vehicle, as security.',
    features: ['Lower fixed rate', 'Borrow more than an unsecured loan allows', 'Extra repayments at no cost'],
  },
] as const satisfies readonly PersonalLoanWords[];

/** Oldest used car we finance, years. */
export const usedCarMaxAgeYears = 10;

/** Car loans, spec section 9 "Car loans". */
export const carLoans = [
  {
    id: 'new',
    description: 'Finance a new car from a dealer or a private seller.',
    features: ['Fixed rate and repayments', 'Pre-approval so you can negotiate like a cash buyer', 'No early payout fees'],
  },
  {
    id: 'used',
    description: `Finance a used car up to ${usedCarMaxAgeYears} years old.`,
    features: [`Cars up to ${usedCarMaxAgeYears} years old`, 'Dealer or private sale', 'Fixed rate and repayments'],
  },
  {
    id: 'green',
    description: 'Our lowest rate, for electric and eligible hybrid vehicles.',
    features: ['Lowest car loan rate', 'Electric and eligible hybrid vehicles', 'Home charger can be included'],
  },
] as const satisfies readonly CarLoanWords[];


export const carLoanEligibility = [
  'Australian citizen or permanent resident',
  'Aged 18 or over',
  'A regular income',
  'A good credit history',
  'The vehicle meets our lending criteria',
  'Comprehensive car insurance on the vehicle',
] as const;

export const carLoanDocuments = [
  'Photo ID, such as a driver licence or passport',
  'Proof of income, such as recent payslips',
  '3 months of bank statements',
  'Vehicle details from the contract of sale or dealer invoice',
  'Details of your other loans and credit cards',
] as const;

/** Credit cards, spec section 9 "Credit cards". */
export const creditCards = [
  {
    id: 'everyday',
    name: 'Everyday Card',
    description: 'A simple card with no annual fee.',
    features: ['No annual fee, ever', 'Up to 55 days interest free on purchases', 'Instant card lock in the app'],
  },
  {
    id: 'premium-travel',
    name: 'Premium Travel Card',
    description: 'Points on every purchase and no foreign transaction fees.',
    features: ['No foreign transaction fees', 'Complimentary overseas travel insurance', 'Two airport lounge passes a year'],
  },
] as const satisfies readonly CreditCardWords[];

/**
 * The statutory comparison rate warning (National Credit Code). The example each figure is based
 * on is written from core's standard examples by `products.ts` (`comparisonBasis`).
 */
export const comparisonRateWarning =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';
