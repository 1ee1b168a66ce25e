/**
 * Target Market Determinations (Corporations Act 2001 Part 7.8A, design and distribution
 * obligations), one per product, generated from the product data: the words of lending.ts and
 * banking.ts, the figures of core's catalog (products.ts). A product change is a data change;
 * the determination follows at the next build. Build time only.
 */
import { aud, audRange, longDate, perAnnum, yearRange } from './format';
import {
  advertisedHomeLoans,
  businessSavings,
  byId,
  carLoans,
  checkingAccounts,
  creditCards,
  feeWords,
  personalLoans,
  ratesEffectiveFrom,
  savingsProducts,
  termDeposits,
  wordsOf,
} from './products';

export interface TargetMarketDetermination {
  id: string;
  name: string;
  /** The product's page. */
  productHref: string;
  /** Key attributes, from the product data. */
  attributes: string[];
  /** Who the product is designed for. */
  targetMarket: string[];
  /** Whom it does not suit. */
  notFor: string[];
  /** How it may be distributed. */
  distribution: string[];
  /** The loan kind whose comparison rate warning goes with the attributes, for a loan. */
  comparisonKind?: 'home' | 'personal' | 'car';
}

/** What every determination shares: review triggers and periods, reporting. */
export const determinationTerms = {
  effectiveFrom: ratesEffectiveFrom,
  reviewPeriod: 'At least once a year, and within 10 business days of a review trigger.',
  reviewTriggers: [
    'A material change to the product, its fees or its eligibility',
    'A significant dealing in the product outside the target market',
    'A rise in complaints, hardship requests or defaults above what we expect',
    'A change in law or an ASIC or AFCA decision that affects the product',
  ],
  reporting: 'Anyone who distributes the product reports complaints each quarter, and a significant dealing outside the target market within 10 business days.',
} as const;

export const tmdHref = (id: string) => `/target-market/${id}`;

/** The loan a fixed rate reverts to, with its rate and comparison rate (a loan's rate never shows without one). */
function revertsTo(id: string): string {
  const loan = byId(advertisedHomeLoans, id);
  return `${loan.name}'s rate (${perAnnum(loan.rate)}, comparison rate ${perAnnum(loan.comparisonRate)}*)`;
}

function homeLoans(): TargetMarketDetermination[] {
  return advertisedHomeLoans.map((loan) => {
    const core = loan.core;
    const lvr = core.max_lvr_percent ?? 0;
    return {
      id: loan.id,
      name: loan.name,
      productHref: '/loans/home#loan-options',
      attributes: [
        `${loan.rateType} rate ${perAnnum(loan.rate)}, comparison rate ${perAnnum(loan.comparisonRate)}*`,
        ...(core.fixed_period ? [`Fixed for up to ${core.fixed_period.years} years, then the ${revertsTo(core.fixed_period.reverts_to)}`] : []),
        `Fees: ${feeWords(core)}`,
        `Loans of ${audRange({ min: Number(core.min_amount), max: Number(core.max_amount) })} over ${yearRange({ min: core.min_term_years, max: core.max_term_years })}, secured by a residential property, loan-to-value ratio up to ${lvr}%`,
        ...loan.features,
      ],
      targetMarket: [
        `People buying, building or refinancing a home in Australia who can repay principal and interest over the term, with a deposit or equity of at least ${100 - lvr}% of the property's value`,
        `Best for: ${loan.bestFor}`,
      ],
      notFor: [
        'People who cannot meet the repayments without substantial hardship',
        'People who want only interest-only repayments, or a loan for a business purpose',
        ...(loan.rateType === 'Fixed' ? ['People who expect to repay the loan in full or make large extra repayments during the fixed period'] : []),
      ],
      distribution: ['Directly by Banksia Bank, by phone and in branch, after a responsible lending assessment', 'Through accredited mortgage brokers bound by the best interests duty'],
      comparisonKind: 'home',
    };
  });
}

function otherLoans(): TargetMarketDetermination[] {
  return [...personalLoans, ...carLoans].map((loan) => {
    const core = loan.core;
    const car = core.kind === 'car';
    return {
      id: loan.id,
      name: loan.name,
      productHref: car ? '/loans/car' : '/loans/personal',
      attributes: [
        `Fixed rate ${perAnnum(loan.rate)}, comparison rate ${perAnnum(loan.comparisonRate)}*`,
        `Fees: ${feeWords(core)}`,
        `Loans of ${audRange({ min: Number(core.min_amount), max: Number(core.max_amount) })} over ${yearRange({ min: core.min_term_years, max: core.max_term_years })}, ${core.secured ? (car ? 'secured by the car' : 'secured by an asset such as a vehicle') : 'unsecured'}`,
        ...loan.features,
      ],
      targetMarket: [
        car
          ? 'Australian citizens and permanent residents aged 18 or over, with a regular income, buying a car for personal use'
          : 'Australian citizens and permanent residents aged 18 or over, with a regular income, borrowing a set amount for a personal purpose',
        'People who want fixed repayments over a set term',
      ],
      notFor: ['People who cannot meet the repayments without substantial hardship', 'People who need ongoing, revolving credit', 'A business purpose'],
      distribution: ['Directly by Banksia Bank, by phone and in branch, after a responsible lending assessment', ...(car ? ['Through accredited car dealers, who must give the customer this determination'] : [])],
      comparisonKind: car ? 'car' : 'personal',
    };
  });
}

function cards(): TargetMarketDetermination[] {
  return creditCards.map((card) => ({
    id: card.id,
    name: card.name,
    productHref: '/credit-cards',
    attributes: [`Purchase rate ${perAnnum(card.rate)}`, `Annual fee ${aud(card.annualFee)}`, ...card.features],
    targetMarket: ['Australian residents aged 18 or over with a regular income who want a revolving credit limit for everyday or travel spending', card.description],
    notFor: ['People who expect to carry a large balance for a long time', 'People who cannot meet the minimum repayments'],
    distribution: ['Directly by Banksia Bank, online, by phone and in branch, after a responsible lending assessment'],
  }));
}

function deposits(): TargetMarketDetermination[] {
  const savings = savingsProducts.map((product) => ({
    id: product.id,
    name: product.name,
    productHref: '/savings',
    attributes: [`${product.upTo ? 'Up to ' : ''}${perAnnum(product.rate)}`, `Minimum balance ${aud(product.minimumBalance)}`, ...product.features],
    targetMarket: ['Individuals who want to earn interest on money they do not need for everyday spending', product.description],
    notFor: ['Everyday transactions', ...(product.id === 'certificate-of-deposit' ? ['Money that may be needed before the end of the term'] : [])],
    distribution: ['Directly by Banksia Bank, online, by phone and in branch'],
  }));
  const shortest = termDeposits[0];
  const longest = termDeposits[termDeposits.length - 1];
  const termDeposit: TargetMarketDetermination = {
    id: 'term-deposit',
    name: wordsOf('term-deposit').name,
    productHref: '/term-deposits',
    attributes: [
      `Fixed rates from ${perAnnum(Math.min(...termDeposits.map((t) => t.rate)))} to ${perAnnum(Math.max(...termDeposits.map((t) => t.rate)))} for ${shortest?.termMonths ?? 0} to ${longest?.termMonths ?? 0} months`,
      `Minimum deposit from ${aud(Math.min(...termDeposits.map((t) => t.minDeposit)))}`,
      'Interest paid monthly, quarterly, six-monthly, yearly or at maturity, depending on the term',
    ],
    targetMarket: ['Individuals and businesses who want a fixed return on a sum they can leave untouched for the term'],
    notFor: ['Money that may be needed before the end of the term (early withdrawal needs 31 days notice and reduces the interest)'],
    distribution: ['Directly by Banksia Bank, by phone and in branch'],
  };
  const accounts = checkingAccounts.map((account) => ({
    id: account.id,
    name: account.name,
    productHref: account.id === 'business' ? '/business' : '/checking',
    attributes: [`Monthly fee ${aud(account.monthlyFee)}`, `Minimum balance ${aud(account.minimumBalance)}`, ...(account.waiveFee ? [account.waiveFee] : []), ...account.features],
    targetMarket: [`${account.ideal}`, account.description],
    notFor: ['Saving for the long term (a savings account pays more interest)'],
    distribution: ['Directly by Banksia Bank, online, by phone and in branch'],
  }));
  const business: TargetMarketDetermination = {
    id: businessSavings.id,
    name: businessSavings.name,
    productHref: '/business',
    attributes: [`Variable rate ${perAnnum(businessSavings.rate)}`, `Minimum balance ${aud(businessSavings.minimumBalance)}`, ...businessSavings.features],
    targetMarket: ['Sole traders, partnerships and companies with an ABN who want to keep money for tax, payroll or a quiet month apart, earning interest', businessSavings.description],
    notFor: [`Everyday business transactions (${wordsOf('business').name} is for those)`, 'Personal savings'],
    distribution: ['Directly by Banksia Bank, online, by phone and in branch'],
  };
  return [...savings, business, termDeposit, ...accounts];
}

/** Every product's determination. */
export function determinations(): TargetMarketDetermination[] {
  return [...homeLoans(), ...otherLoans(), ...cards(), ...deposits()];
}

/** The effective date in words. */
export const determinationDate = () => longDate(determinationTerms.effectiveFrom);
