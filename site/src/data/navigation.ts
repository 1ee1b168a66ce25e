/** The shared top navigation and footer links (spec section 2, "Navigation menu groups"). */

export interface NavLink {
  readonly label: string;
  readonly href: string;
}

export interface NavGroup {
  readonly id: string;
  readonly label: string;
  /** The desktop dropdown, exactly as the spec lists the group. */
  readonly items: readonly NavLink[];
  /** The shorter list the mobile menu shows. */
  readonly mobileItems: readonly NavLink[];
}

export const navGroups = [
  {
    id: 'banking',
    label: 'Banking',
    items: [
      { label: 'Transaction Accounts', href: '/checking' },
      { label: 'Savings Accounts', href: '/savings' },
      { label: 'Term Deposits', href: '/term-deposits' },
    ],
    mobileItems: [
      { label: 'Transaction Accounts', href: '/checking' },
      { label: 'Savings Accounts', href: '/savings' },
      { label: 'Term Deposits', href: '/term-deposits' },
    ],
  },
  {
    id: 'credit-cards',
    label: 'Credit Cards',
    items: [{ label: 'Credit Cards', href: '/credit-cards' }],
    mobileItems: [{ label: 'Credit Cards', href: '/credit-cards' }],
  },
  {
    id: 'home-loans',
    label: 'Home Loans',
    items: [
      { label: 'Home Loan Options', href: '/loans/home' },
      { label: 'Repayment Calculator', href: '/loans/home' },
      { label: 'First Home Buyers', href: '/loans/home' },
    ],
    mobileItems: [{ label: 'Home Loans', href: '/loans/home' }],
  },
  {
    id: 'personal-loans',
    label: 'Personal Loans',
    items: [
      { label: 'Car Loans', href: '/loans/car' },
      { label: 'Personal Loans', href: '/loans/personal' },
    ],
    mobileItems: [
      { label: 'Car Loans', href: '/loans/car' },
      { label: 'Personal Loans', href: '/loans/personal' },
    ],
  },
  {
    id: 'business',
    label: 'Business',
    items: [
      { label: 'Business Accounts', href: '/business' },
      { label: 'Business Lending', href: '/business' },
      { label: 'Talk to a Business Banker', href: '/business' },
    ],
    mobileItems: [{ label: 'Business Banking', href: '/business' }],
  },
  {
    id: 'insurance',
    label: 'Insurance',
    items: [
      { label: 'Home & Contents Insurance', href: '/insurance' },
      { label: 'Car Insurance', href: '/insurance' },
      { label: 'Landlord Insurance', href: '/insurance' },
    ],
    mobileItems: [{ label: 'Insurance', href: '/insurance' }],
  },
  {
    id: 'about',
    label: 'About',
    items: [
      { label: 'About Us', href: '/about' },
      { label: 'News', href: '/news' },
      { label: 'Community', href: '/community' },
      { label: 'Careers', href: '/careers' },
    ],
    mobileItems: [
      { label: 'About Us', href: '/about' },
      { label: 'Careers', href: '/careers' },
    ],
  },
  {
    id: 'help',
    label: 'Help & Contact',
    items: [
      { label: 'FAQ', href: '/faq' },
      { label: 'Support', href: '/support' },
      { label: 'Contact Us', href: '/contact' },
      { label: 'Help Centre', href: '/help' },
    ],
    mobileItems: [
      { label: 'FAQ', href: '/faq' },
      { label: 'Contact Us', href: '/contact' },
    ],
  },
] as const satisfies readonly NavGroup[];

/** The spec's 'Log in to online banking' button: it goes to the online banking page, which says how to sign in. */
export const loginLink = { label: 'Log in to online banking', href: '/online-banking' } as const;
export const applyLink = { label: 'Open an account', href: '/apply/account' } as const;

export interface FooterColumn {
  readonly heading: 'Products' | 'Services' | 'Resources' | 'Company';
  readonly links: readonly NavLink[];
}

/**
 * The footer's four columns. Every link goes to a page of the site (the spec's original footer had
 * eight dead targets; tests/e2e/links.spec.ts crawls every page's links and expects none to 404).
 */
export const footerColumns = [
  {
    heading: 'Products',
    links: [
      { label: 'Transaction accounts', href: '/checking' },
      { label: 'Savings accounts', href: '/savings' },
      { label: 'Term deposits', href: '/term-deposits' },
      { label: 'Home loans', href: '/loans/home' },
      { label: 'Personal loans', href: '/loans/personal' },
      { label: 'Car loans', href: '/loans/car' },
      { label: 'Credit cards', href: '/credit-cards' },
      { label: 'Insurance', href: '/insurance' },
      { label: 'Bonds', href: '/bonds' },
      { label: 'Investments', href: '/investments' },
    ],
  },
  {
    heading: 'Services',
    links: [
      { label: 'Online banking services', href: '/online-banking' },
      { label: 'Mobile app', href: '/mobile-app' },
      { label: 'BPAY and bill payments', href: '/bill-pay' },
      { label: 'Transfers', href: '/transfers' },
      { label: 'Foreign exchange', href: '/foreign-exchange' },
      { label: 'ATM locations', href: '/atm-locations' },
      { label: 'Customer portal', href: '/customer-portal' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Loan calculators', href: '/calculators' },
      { label: 'Rates', href: '/rates' },
      { label: 'Product data for developers', href: '/developers/product-data' },
      { label: 'Financial education', href: '/education' },
      { label: 'Security', href: '/security' },
      { label: 'Support FAQ', href: '/faq' },
      { label: 'Contact support', href: '/contact' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About us', href: '/about' },
      { label: 'Careers', href: '/careers' },
      { label: 'News', href: '/news' },
      { label: 'Community', href: '/community' },
      { label: 'Investor relations', href: '/investor-relations' },
      { label: 'Support', href: '/support' },
    ],
  },
] as const satisfies readonly FooterColumn[];

export const legalLinks = [
  { label: 'Privacy policy', href: '/privacy' },
  { label: 'Terms and conditions', href: '/terms' },
  { label: 'Accessibility', href: '/accessibility' },
  { label: 'Sitemap', href: '/sitemap' },
] as const satisfies readonly NavLink[];
