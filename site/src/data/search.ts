/**
 * What people type for each page when it isn't the page's own words: everyday names, short forms
 * and the common misspellings. Each page's list goes into the search index (BaseLayout's
 * `data-pagefind-weight` keyword line, hidden on screen), so Pagefind itself finds the page; the
 * /search page's "did you mean" offers the nearest of these words when a query finds nothing.
 */
export const searchKeywords: Readonly<Record<string, readonly string[]>> = {
  '/loans/home': [
    'mortgage',
    'mortgages',
    'morgage',
    'mortage',
    'mortgauge',
    'morgtage',
    'home loan',
    'housing loan',
    'house loan',
    'property loan',
    'fixed rate',
    'fixed rate home loan',
    'fixed interest rate',
    'variable rate home loan',
    'refinance',
    'first home buyer',
    'repayment calculator',
  ],
  '/term-deposits': ['TD', 'TDs', 'term deposit', 'fixed deposit', 'fixed term deposit', 'deposit rates', 'term deposit calculator'],
  '/developers/product-data': ['API', 'open banking', 'consumer data right', 'CDR', 'product data', 'developers'],
  '/rates': ['interest rate', 'interest rates', 'rates', 'comparison rate', 'rate table', 'intrest rate'],
  '/checking': ['everyday account', 'transaction account', 'bank account', 'debit card', 'chequing', 'checking account'],
  '/savings': ['savings account', 'high interest savings', 'bonus interest', 'saver', 'savings rate'],
  '/loans/car': ['car finance', 'auto loan', 'vehicle loan', 'vehicle finance', 'new car', 'used car'],
  '/loans/personal': ['personal loan', 'debt consolidation', 'unsecured loan', 'personal finance'],
  '/credit-cards': ['credit card', 'visa', 'balance transfer', 'travel card', 'rewards card'],
  '/bill-pay': ['BPAY', 'pay bills', 'bill payment', 'direct debit'],
  '/transfers': ['international transfer', 'international money transfer', 'send money overseas', 'Osko', 'PayID', 'pay anyone'],
  '/foreign-exchange': ['foreign currency', 'travel money', 'currency exchange', 'forex', 'FX'],
  '/atm-locations': ['ATM', 'ATMs', 'cash withdrawal', 'branch', 'branches', 'near me'],
  '/contact': ['phone number', 'call us', 'email us', 'complaint', 'feedback'],
  '/security': ['scam', 'scams', 'fraud', 'phishing', 'lost card', 'stolen card'],
  '/online-banking': ['internet banking', 'netbank', 'login', 'log in', 'sign in', 'signin'],
  '/mobile-app': ['app', 'iphone', 'android', 'banking app'],
  '/calculators/borrowing-power': ['borrowing capacity', 'how much can I borrow', 'borrowing power'],
  '/calculators/stamp-duty': ['stamp duty', 'transfer duty', 'first home buyer concession', 'LMI', 'lenders mortgage insurance', 'offset', 'offset account', 'cash needed on the day'],
  '/calculators': ['calculator', 'calculators', 'loan calculator'],
  '/apply/account': ['open account', 'open an account', 'new account', 'apply'],
  '/insurance/home': ['home insurance', 'contents insurance', 'building insurance'],
  '/insurance/car': ['car insurance', 'motor insurance', 'vehicle insurance', 'comprehensive'],
  '/insurance/landlord': ['landlord insurance', 'rental property insurance', 'investment property'],
  '/investor-relations': ['investors', 'shareholders', 'annual report'],
  '/sitemap': ['site map', 'all pages'],
  '/careers': ['jobs', 'job', 'work with us', 'vacancies'],
  '/faq': ['questions', 'help', 'FAQs'],
};

/** The most visited destinations, offered when a search finds nothing. */
export const popularPages = [
  { label: 'Home loans', href: '/loans/home' },
  { label: 'Rates', href: '/rates' },
  { label: 'Term deposits', href: '/term-deposits' },
  { label: 'Savings accounts', href: '/savings' },
  { label: 'Contact us', href: '/contact' },
] as const;

/** Every keyword once, for "did you mean" (lower case). */
export const searchVocabulary: readonly string[] = [...new Set(Object.values(searchKeywords).flat().map((word) => word.toLowerCase()))];
