import type { CarLoan, CreditCard, HomeLoanOption, PersonalLoan } from './types';

/** The home page promotion, spec section 2 "/". */
export const homeLoanPromo = {
  name: 'Basic Variable Home Loan',
  rate: 5.39,
  comparisonRate: 5.45,
  conditions: ['Owner occupier', 'Principal and interest repayments', 'LVR 70% or less'],
  /** Loan-to-value ratio ceiling, percent. */
  maxLvr: 70,
} as const;

/** Longest fixed period offered, years. */
export const maxFixedYears = 5;
/** Smallest deposit for the first home buyer loan, percent of the price. */
export const firstHomeMinDepositPercent = 5;

/** Home loan options, spec section 9 "Home loans". */
export const homeLoanOptions = [
  {
    id: 'variable',
    name: 'Variable Rate Home Loan',
    rate: 6.45,
    comparisonRate: 6.67,
    rateType: 'Variable',
    description: 'Flexibility to pay extra, redraw and use an offset account as your situation changes.',
    features: ['Unlimited extra repayments', 'Free redraw', '100% offset account', 'Split with a fixed portion any time'],
    bestFor: 'Borrowers who want flexibility',
  },
  {
    id: 'fixed',
    name: 'Fixed Rate Home Loan',
    rate: 6.29,
    comparisonRate: 6.52,
    rateType: 'Fixed',
    description: `Lock in your repayments for up to ${maxFixedYears} years and budget with certainty.`,
    features: [`Rate fixed for 1 to ${maxFixedYears} years`, 'Extra repayments up to $10,000 a year', 'Rate lock available at application'],
    bestFor: 'Budgeting with certainty',
  },
  {
    id: 'first-home',
    name: 'First Home Buyer Loan',
    rate: 6.25,
    comparisonRate: 6.48,
    rateType: 'Variable',
    description: `Into your first home sooner, with a deposit from ${firstHomeMinDepositPercent}%.`,
    features: [`Deposit from ${firstHomeMinDepositPercent}%`, 'Help with government first home buyer schemes', 'A dedicated lending specialist'],
    bestFor: 'First home buyers',
  },
] as const satisfies readonly HomeLoanOption[];

/** Service times shown on /loans/home. */
export const homeLoanTimes = { approvalHours: '24-48', preApprovalHours: 24 } as const;
/** Defaults of the home loan repayment calculator (spec section 9); the rate is the variable option's. */
export const homeLoanCalculatorDefaults = { amount: 500000, termYears: 30, rate: 6.45, rateLabel: 'Variable Rate' } as const;

/** Personal loans, spec section 9 "Personal loans". */
export const personalLoans = [
  {
    id: 'quick',
    name: 'Quick Personal Loan',
    rate: 8.99,
    // Comparison rates for personal and car loans are not in the spec; set by the product team, to be confirmed.
    comparisonRate: 9.49,
    description: 'Unsecured funds for a holiday, a wedding or consolidating debts, often paid out the same day.',
    amount: { min: 2000, max: 50000 },
    termYears: { min: 1, max: 7 },
    features: ['Fixed rate for the life of the loan', 'No early repayment fees', 'Decision in minutes'],
  },
  {
    id: 'secured',
    name: 'Secured Personal Loan',
    rate: 7.49,
    comparisonRate: 7.98,
    description: 'A lower rate when you offer an asset, such as a vehicle, as security.',
    amount: { min: 5000, max: 100000 },
    termYears: { min: 2, max: 10 },
    features: ['Lower fixed rate', 'Borrow more than an unsecured loan allows', 'Extra repayments at no cost'],
  },
] as const satisfies readonly PersonalLoan[];

/** Oldest used car we finance, years. */
export const usedCarMaxAgeYears = 10;

/** Car loans, spec section 9 "Car loans". */
export const carLoans = [
  {
    id: 'new',
    name: 'New Car Loan',
    rate: 5.99,
    comparisonRate: 6.43,
    description: 'Finance a new car from a dealer or a private seller.',
    amountMax: 100000,
    termYears: { min: 1, max: 7 },
    features: ['Fixed rate and repayments', 'Pre-approval so you can negotiate like a cash buyer', 'No early payout fees'],
  },
  {
    id: 'used',
    name: 'Used Car Loan',
    rate: 6.99,
    comparisonRate: 7.44,
    description: `Finance a used car up to ${usedCarMaxAgeYears} years old.`,
    amountMax: 75000,
    termYears: { min: 1, max: 5 },
    features: [`Cars up to ${usedCarMaxAgeYears} years old`, 'Dealer or private sale', 'Fixed rate and repayments'],
  },
  {
    id: 'green',
    name: 'Green Car Loan',
    rate: 5.49,
    comparisonRate: 5.92,
    description: 'Our lowest rate, for electric and eligible hybrid vehicles.',
    amountMax: 100000,
    termYears: { min: 1, max: 7 },
    features: ['Lowest car loan rate', 'Electric and eligible hybrid vehicles', 'Home charger can be included'],
  },
] as const satisfies readonly CarLoan[];


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
    rate: 19.99,
    annualFee: 0,
    description: 'A simple card with no annual fee.',
    features: ['No annual fee, ever', 'Up to 55 days interest free on purchases', 'Instant card lock in the app'],
  },
  {
    id: 'premium-travel',
    name: 'Premium Travel Card',
    rate: 20.99,
    annualFee: 199,
    description: 'Points on every purchase and no foreign transaction fees.',
    features: ['No foreign transaction fees', 'Complimentary overseas travel insurance', 'Two airport lounge passes a year'],
  },
] as const satisfies readonly CreditCard[];

/**
 * The standard Australian comparison rate warnings. The example loan is in the warning text
 * so the figure beside each rate always says what it is based on.
 */
export const comparisonRateWarnings = {
  home: 'Comparison rate calculated on a secured loan of $150,000 over 25 years.',
  personal: 'Comparison rate calculated on an unsecured loan of $30,000 over 5 years.',
  car: 'Comparison rate calculated on a secured loan of $30,000 over 5 years.',
  common:
    'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.',
} as const;
