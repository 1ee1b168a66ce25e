import type { InsuranceProduct } from './types';

/** Insurance products, spec section 9 "Insurance". Links go to pages that are not built yet (they land on 404). */
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
