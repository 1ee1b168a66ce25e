import type { InsuranceProduct } from './types';
import { brand } from './brand';

/** Insurance products, spec section 9 "Insurance". Each has its page at `link` (pages/insurance/[product].astro). */
export const insuranceProducts = [
  {
    id: 'home',
    name: 'Home & Contents Insurance',
    description: 'Cover for your home, your belongings, or both.',
    features: ['New for old replacement', 'Accidental damage option', 'Temporary accommodation after an insured event'],
    link: '/insurance/home',
    startingPrice: 15,
  },
  {
    id: 'car',
    name: 'Car Insurance',
    description: 'Comprehensive, third party fire and theft, or third party property cover.',
    features: ['Choose your repairer', 'Hire car after an accident', 'Lifetime guarantee on repairs'],
    link: '/insurance/car',
    startingPrice: 45,
  },
  {
    id: 'landlord',
    name: 'Landlord Insurance',
    description: 'Protect your rental property and your rental income.',
    features: ['Loss of rent cover', 'Tenant damage cover', 'Legal liability up to $30 million'],
    link: '/insurance/landlord',
    startingPrice: 25,
  },
] as const satisfies readonly InsuranceProduct[];

/** Discount for bundling two or more policies, percent ("up to"). */
export const bundleDiscountPercent = 15;

/** Why Banksia insurance: /insurance and each product's page. */
export const insuranceReasons = [
  { title: 'Claims made simple', text: `Lodge a claim online whenever suits you, or call ${brand.phone.label} (${brand.phoneHours}), then track it in the app.` },
  { title: 'Australian-based team', text: 'Talk to people in Australia who can make decisions on your claim.' },
  { title: 'Pay monthly at no extra cost', text: 'Spread your premium over the year without paying more.' },
] as const;

/** How a claim goes: /insurance and each product's page. */
export const claimSteps = [
  { title: 'Tell us what happened', text: `Lodge your claim online, or call ${brand.phone.label}, ${brand.phoneHours}.` },
  { title: 'We assess your claim', text: 'A claims specialist confirms your cover and arranges any repairs or assessors.' },
  { title: 'Get back on track', text: 'We repair, replace or pay out, and keep you updated at every step.' },
] as const;

/** Who issues the policies and what to read first: every insurance page. */
export const insuranceNote = `${brand.name} arranges this insurance on behalf of the insurer, which issues the policies. Prices are a guide for the lowest level of cover and depend on your circumstances. Consider the Product Disclosure Statement and Target Market Determination before you buy.`;
