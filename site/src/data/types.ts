import type { LendingProduct } from 'banksia-core/home-loan';
/**
 * Shapes of the static display data, one per entity of spec section 3.
 * Rates are percentages per annum (6.45 means 6.45% p.a.); amounts are whole Australian dollars.
 */
import type { OnlineAccountType } from './apply';

export interface CheckingAccount {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly monthlyFee: number;
  readonly minimumBalance: number;
  /** How the monthly fee is waived, when it can be. */
  readonly waiveFee?: string;
  readonly features: readonly string[];
  /** Who the account suits. */
  readonly ideal: string;
  /** The account type the online application opens for it; absent when it is opened with a person. */
  readonly accountType?: OnlineAccountType;
}

export interface SavingsProduct {
  readonly id: string;
  readonly name: string;
  readonly rate: number;
  /** Annual percentage yield; for a product quoted "up to", the highest. */
  readonly apy: number;
  /** True when the rate is the top of a range ("up to"). */
  readonly upTo?: boolean;
  readonly minimumBalance: number;
  readonly description: string;
  readonly features: readonly string[];
  /** The account type the online application opens for it; absent when it is opened with a person. */
  readonly accountType?: OnlineAccountType;
}

export interface CdRateRow {
  /** Term in months. */
  readonly termMonths: number;
  readonly rate: number;
  readonly minimum: number;
}

export type RiskLevel = 'Low' | 'Medium' | 'Medium-High';

export interface BondProduct {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly yieldRange: { readonly from: number; readonly to: number };
  readonly minInvestment: number;
  readonly description: string;
  readonly features: readonly string[];
  readonly riskLevel: RiskLevel;
}

export interface FeaturedBond {
  readonly issuer: string;
  /** ISO date, e.g. 2031-05-21. */
  readonly maturity: string;
  readonly coupon: number;
  readonly yield: number;
  readonly rating: string;
}

/** What core's catalog gives each loan, joined to the words in lending.ts by `products.ts`. */
export interface LoanFacts {
  /** The product as core describes it: fees, example, history, effective date. */
  readonly core: LendingProduct;
}

export interface HomeLoanOption extends LoanFacts {
  readonly id: string;
  readonly name: string;
  readonly rate: number;
  readonly comparisonRate: number;
  readonly rateType: 'Variable' | 'Fixed';
  readonly description: string;
  readonly features: readonly string[];
  readonly bestFor: string;
}

export interface AmountRange {
  readonly min: number;
  readonly max: number;
}

export interface PersonalLoan extends LoanFacts {
  readonly id: string;
  readonly name: string;
  readonly rate: number;
  readonly comparisonRate: number;
  readonly description: string;
  readonly amount: AmountRange;
  /** Term range in years. */
  readonly termYears: AmountRange;
  readonly features: readonly string[];
}

export interface CreditCard {
  readonly id: string;
  readonly name: string;
  /** Purchase rate, % p.a. */
  readonly rate: number;
  readonly annualFee: number;
  readonly description: string;
  readonly features: readonly string[];
}

export interface InsuranceProduct {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly link: string;
  /** Dollars per month. */
  readonly startingPrice: number;
}

export interface CarLoan extends LoanFacts {
  readonly id: string;
  readonly name: string;
  readonly rate: number;
  readonly comparisonRate: number;
  readonly description: string;
  /** Largest amount lent, dollars. */
  readonly amountMax: number;
  /** Term range in years. */
  readonly termYears: AmountRange;
  readonly features: readonly string[];
  /** Who may borrow, core's conditions in words. */
  readonly eligibility: readonly string[];
}

export interface TermDeposit {
  readonly termMonths: number;
  readonly rate: number;
  readonly minDeposit: number;
  readonly description: string;
  readonly features: readonly string[];
}

/** What the site adds to each product (lending.ts, banking.ts); words and figures are core's (products.ts). */
type CoreWords = 'name' | 'description' | 'features';
export type HomeLoanWords = Omit<HomeLoanOption, CoreWords | 'rate' | 'comparisonRate' | 'core'>;
export type PersonalLoanWords = Omit<PersonalLoan, CoreWords | 'rate' | 'comparisonRate' | 'amount' | 'termYears' | 'core'>;
export type CarLoanWords = Omit<CarLoan, CoreWords | 'rate' | 'comparisonRate' | 'amountMax' | 'termYears' | 'core' | 'eligibility'>;
export type CreditCardWords = Omit<CreditCard, CoreWords | 'rate' | 'annualFee'>;
export type CheckingAccountWords = Omit<CheckingAccount, CoreWords | 'monthlyFee' | 'minimumBalance'>;
export type SavingsProductWords = Omit<SavingsProduct, CoreWords | 'rate' | 'apy' | 'minimumBalance' | 'upTo'>;
export type TermDepositWords = Omit<TermDeposit, 'rate' | 'minDeposit'>;
