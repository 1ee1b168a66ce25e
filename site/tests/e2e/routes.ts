/** Every route of spec section 2 with the document title it must have. */
export const ROUTES = [
  { path: '/', title: 'Banksia Bank | Home loans, savings and everyday banking' },
  { path: '/checking', title: 'Checking accounts | Banksia Bank' },
  { path: '/savings', title: 'Savings accounts | Banksia Bank' },
  { path: '/bonds', title: 'Investment bonds | Banksia Bank' },
  { path: '/loans/home', title: 'Home loans | Banksia Bank' },
  { path: '/loans/personal', title: 'Personal loans | Banksia Bank' },
  { path: '/loans/car', title: 'Car loans | Banksia Bank' },
  { path: '/loans/home/key-facts-sheet', title: 'Key Facts Sheet | Banksia Bank' },
  { path: '/target-market/variable', title: 'Target Market Determination: Variable Rate Home Loan | Banksia Bank' },
  { path: '/credit-cards', title: 'Credit cards | Banksia Bank' },
  { path: '/business', title: 'Business banking | Banksia Bank' },
  { path: '/term-deposits', title: 'Term deposits | Banksia Bank' },
  { path: '/insurance', title: 'Insurance | Banksia Bank' },
  { path: '/investments', title: 'Investments | Banksia Bank' },
  { path: '/apply/account', title: 'Open an account | Banksia Bank' },
  { path: '/apply/car-loan', title: 'Apply for a car loan | Banksia Bank' },
  { path: '/application-confirmation', title: 'Application confirmation | Banksia Bank' },
  { path: '/online-banking', title: 'Online banking | Banksia Bank' },
  { path: '/mobile-app', title: 'Mobile app | Banksia Bank' },
  { path: '/bill-pay', title: 'Bill pay | Banksia Bank' },
  { path: '/transfers', title: 'Transfers | Banksia Bank' },
  { path: '/atm-locations', title: 'ATM locations | Banksia Bank' },
  { path: '/customer-portal', title: 'Customer portal | Banksia Bank' },
  { path: '/support', title: 'Support | Banksia Bank' },
  { path: '/contact', title: 'Contact us | Banksia Bank' },
  { path: '/faq', title: 'Frequently asked questions | Banksia Bank' },
  { path: '/security', title: 'Security and scams | Banksia Bank' },
  { path: '/help', title: 'Help centre | Banksia Bank' },
  { path: '/about', title: 'About us | Banksia Bank' },
  { path: '/careers', title: 'Careers | Banksia Bank' },
  { path: '/news', title: 'News | Banksia Bank' },
  { path: '/community', title: 'Community | Banksia Bank' },
  { path: '/calculators', title: 'Calculators | Banksia Bank' },
  { path: '/calculators/borrowing-power', title: 'How much could I borrow? | Banksia Bank' },
  { path: '/calculators/stamp-duty', title: 'Stamp duty and the cash you need on the day | Banksia Bank' },
  { path: '/rates', title: 'Rates | Banksia Bank' },
  { path: '/developers/product-data', title: 'Product data for developers | Banksia Bank' },
  { path: '/education', title: 'Financial education | Banksia Bank' },
  { path: '/privacy', title: 'Privacy policy | Banksia Bank' },
  { path: '/terms', title: 'Terms and conditions | Banksia Bank' },
  { path: '/accessibility', title: 'Accessibility statement | Banksia Bank' },
  { path: '/search', title: 'Search | Banksia Bank' },
  { path: '/sitemap', title: 'Sitemap | Banksia Bank' },
  { path: '/foreign-exchange', title: 'Foreign exchange | Banksia Bank' },
  { path: '/investor-relations', title: 'Investor relations | Banksia Bank' },
  { path: '/insurance/home', title: 'Home & Contents Insurance | Banksia Bank' },
  { path: '/insurance/car', title: 'Car Insurance | Banksia Bank' },
  { path: '/insurance/landlord', title: 'Landlord Insurance | Banksia Bank' },
] as const;

/** Pages that carry a React island (a calculator or the application wizard); every other page ships no island script. */
export const ISLAND_ROUTES: readonly string[] = ['/loans/home', '/loans/home/key-facts-sheet', '/term-deposits', '/calculators/borrowing-power', '/calculators/stamp-duty', '/apply/account', '/apply/car-loan'];

/**
 * Links the spec's original site had without a route. Ours point each at a live page instead
 * (footer, /insurance); tests/e2e/links.spec.ts crawls every link of every page.
 */
export const FORMER_DEAD_LINKS = [
  '/locations',
  '/exchange',
  '/investors',
  '/support/contact',
  '/calculators/loan',
  '/services/online-banking',
  '/support/faq',
] as const;

/** The one legal line every page's footer carries. */
export const LEGAL_LINE = 'Banksia Bank Limited ABN 47 612 345 067 AFSL and Australian credit licence 487215';
