/**
 * What the site says of each loan and card beyond core: who each is for, the calculator's
 * defaults, the documents to bring. Names, descriptions, features, eligibility, every rate,
 * comparison rate, fee, amount range and effective date are banksia-core's (`productWords`,
 * `productCatalog`), read at build time by `products.ts`, which joins them to these by id. This
 * file is also read by islands in the browser, so it must stay free of the WASM package.
 */
import type { CarLoanWords, CreditCardWords, HomeLoanWords, PersonalLoanWords } from './types';

/**
 * The home page promotion, spec section 2 "/": the conditions it lists beside core's words; its
 * rates and LVR ceiling are core's (`basic-variable`).
 */
export const homeLoanPromo = {
  id: 'basic-variable',
  bestFor: 'Owner occupiers with a 30% deposit or equity',
  rateType: 'Variable',
  conditions: ['Owner occupier', 'Principal and interest repayments'],
} as const;

/** Home loan options, spec section 9 "Home loans": whom each suits. */
export const homeLoanOptions = [
  { id: 'variable', rateType: 'Variable', bestFor: 'Borrowers who want flexibility' },
  { id: 'fixed', rateType: 'Fixed', bestFor: 'Budgeting with certainty' },
  { id: 'first-home', rateType: 'Variable', bestFor: 'First home buyers' },
] as const satisfies readonly HomeLoanWords[];

/** Service times shown on /loans/home. */
export const homeLoanTimes = { approvalHours: '24-48', preApprovalHours: 24 } as const;
/**
 * Defaults of the home loan repayment calculator (spec section 9); the rate is the variable
 * option's, from core (`products.ts`).
 */
export const homeLoanCalculatorDefaults = { amount: 500000, termYears: 30, productId: 'variable', rateLabel: 'Variable Rate' } as const;

/** Personal loans, spec section 9 "Personal loans", in the order the page lists them. */
export const personalLoans = [{ id: 'quick' }, { id: 'secured' }] as const satisfies readonly PersonalLoanWords[];

/** Car loans, spec section 9 "Car loans". */
export const carLoans = [{ id: 'new' }, { id: 'used' }, { id: 'green' }] as const satisfies readonly CarLoanWords[];

export const carLoanDocuments = [
  'Photo ID, such as a driver licence or passport',
  'Proof of income, such as recent payslips',
  '3 months of bank statements',
  'Vehicle details from the contract of sale or dealer invoice',
  'Details of your other loans and credit cards',
] as const;

/** Credit cards, spec section 9 "Credit cards". */
export const creditCards = [{ id: 'everyday' }, { id: 'premium-travel' }] as const satisfies readonly CreditCardWords[];

/**
 * The statutory comparison rate warning (National Credit Code). The example each figure is based
 * on is written from core's standard examples by `products.ts` (`comparisonBasis`).
 */
export const comparisonRateWarning =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';
