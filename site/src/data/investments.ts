import type { BondProduct, FeaturedBond } from './types';

/** Bond categories, spec section 9 "Bonds". */
export const bondProducts = [
  {
    id: 'government',
    name: 'Government Bonds',
    type: 'Government',
    yieldRange: { from: 4.2, to: 5.8 },
    minInvestment: 1000,
    description: 'Commonwealth and state government bonds: the steadiest income we offer.',
    features: ['Backed by Australian governments', 'Fixed coupon paid twice a year', 'Tradeable before maturity'],
    riskLevel: 'Low',
  },
  {
    id: 'corporate',
    name: 'Corporate Bonds',
    type: 'Corporate',
    yieldRange: { from: 5.5, to: 8.2 },
    minInvestment: 2000,
    description: 'Higher income from investment-grade Australian companies.',
    features: ['Investment-grade issuers', 'Fixed and floating coupons', 'Regular income'],
    riskLevel: 'Medium',
  },
  {
    id: 'international',
    name: 'International Bonds',
    type: 'International',
    yieldRange: { from: 3.8, to: 6.5 },
    minInvestment: 5000,
    description: 'Spread your income across governments and companies overseas.',
    features: ['Global diversification', 'Currency-hedged options', 'Managed by specialist partners'],
    riskLevel: 'Medium-High',
  },
] as const satisfies readonly BondProduct[];

/** The yield span quoted in the /bonds header for our most traded bonds. */
export const bondHeaderYields = { low: 4.2, high: 6.8 } as const;

/** Sample featured bonds, spec section 9: three issues rated AAA, AA- and A+. */
export const featuredBonds = [
  { issuer: 'Australian Government', maturity: '2031-05-21', coupon: 4.25, yield: 4.38, rating: 'AAA' },
  { issuer: 'Victorian Treasury Corporation', maturity: '2033-11-15', coupon: 4.75, yield: 4.92, rating: 'AA-' },
  { issuer: 'Southern Cross Energy Ltd', maturity: '2029-08-30', coupon: 6.1, yield: 6.35, rating: 'A+' },
] as const satisfies readonly FeaturedBond[];
