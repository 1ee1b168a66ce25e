import { describe, expect, it } from 'vitest';
import { brand } from './brand';
import { service } from './service';
import { contactDetails, nextSteps } from 'banksia-core/application';
import { businessFreeTransactions, byId, cdRates, checkingAccounts, savingsProducts, termDepositExample, termDeposits } from './products';
import { bondProducts, featuredBonds } from './investments';
import { carLoans, comparisonRateWarnings, creditCards, homeLoanOptions, homeLoanPromo, personalLoans } from './products';
import { insuranceProducts } from './insurance';
import { footerColumns, legalLinks, navGroups } from './navigation';

/** The ABN check: subtract 1 from the first digit, weight, and the sum must divide by 89. */
function validAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '').split('').map(Number);
  if (digits.length !== 11) return false;
  digits[0] = (digits[0] ?? 0) - 1;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  return digits.reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0) % 89 === 0;
}

describe('brand', () => {
  it("states core's contact details and promises, the ones the confirmation email quotes", () => {
    const contact = contactDetails();
    expect(brand.name).toBe(contact.name);
    expect(brand.legalLine).toBe(contact.legal_line);
    expect(brand.phone).toEqual(contact.phone);
    expect(brand.overseasPhone).toEqual(contact.overseas_phone);
    expect(brand.phoneHours).toBe(contact.phone_hours);
    expect(brand.email).toEqual(contact.email);
    expect(brand.siteUrl).toBe(contact.site_url);
    expect(service.reviewDays).toBe(contact.review_days);
    expect(service.complexReviewDays).toBe(contact.complex_review_days);
    expect(service.emailReplyHours).toBe(contact.email_reply_hours);
    expect(nextSteps().map((step) => step.title)).toEqual(['Application review', 'Identity verification', 'Account setup']);
  });

  it('has one legal line built from a valid ABN and the licence number', () => {
    expect(validAbn(brand.abn)).toBe(true);
    expect(brand.legalLine).toBe(`Banksia Bank Limited ABN ${brand.abn} AFSL and Australian credit licence ${brand.licence}`);
  });

  it('dials the number it shows and mails the address it shows', () => {
    expect(brand.phone.href).toBe(`tel:${brand.phone.label.replace(/\s/g, '')}`);
    expect(brand.email.href).toBe(`mailto:${brand.email.label}`);
    expect(brand.headOffice.locality).toBe('Melbourne');
  });

  it('links to the two app stores over https', () => {
    expect(brand.apps.ios.href).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(brand.apps.android.href).toMatch(/^https:\/\/play\.google\.com\//);
    expect(brand.apps.rating).toBe('4.8/5 (12,000+ reviews)');
  });
});

describe('product data matches spec section 9', () => {
  it('checking accounts', () => {
    expect(checkingAccounts.map((a) => [a.name, a.monthlyFee, a.minimumBalance])).toEqual([
      ['Essential Checking', 0, 0],
      ['Premium Checking', 12, 2500],
      ['Business Checking', 15, 1000],
    ]);
    expect(businessFreeTransactions).toBe('200 free transactions a month');
  });

  it('savings and certificates of deposit', () => {
    expect(savingsProducts.map((p) => [p.rate, p.minimumBalance])).toEqual([
      [4.25, 100],
      [5.1, 1000],
      [3.75, 25],
    ]);
    expect(cdRates.map((r) => [r.termMonths, r.rate, r.minimum])).toEqual([
      [6, 4.5, 1000],
      [12, 4.75, 1000],
      [18, 4.85, 1000],
      [24, 4.95, 1000],
      [36, 5.05, 1000],
      [60, 5.1, 1000],
    ]);
    // The CD product's headline "up to" is the best CD rate.
    expect(byId(savingsProducts, 'certificate-of-deposit').rate).toBe(Math.max(...cdRates.map((r) => r.rate)));
  });

  it('term deposits and the worked example', () => {
    expect(termDeposits.map((t) => [t.termMonths, t.rate, t.minDeposit])).toEqual([
      [3, 3.25, 1000],
      [6, 3.75, 1000],
      [12, 4.25, 1000],
      [24, 4.5, 5000],
      [36, 4.75, 10000],
      [60, 5.0, 25000],
    ]);
    expect(termDepositExample).toEqual({ deposit: 50000, termMonths: 24 });
    expect(byId(termDeposits.map((t) => ({ ...t, id: String(t.termMonths) })), '24').rate).toBe(4.5);
  });

  it('bonds', () => {
    expect(bondProducts.map((b) => [b.yieldRange.from, b.yieldRange.to, b.minInvestment, b.riskLevel])).toEqual([
      [4.2, 5.8, 1000, 'Low'],
      [5.5, 8.2, 2000, 'Medium'],
      [3.8, 6.5, 5000, 'Medium-High'],
    ]);
    expect(featuredBonds.map((b) => b.rating)).toEqual(['AAA', 'AA-', 'A+']);
  });

  it('lending, with every comparison rate at or above its rate', () => {
    expect(homeLoanPromo).toMatchObject({ rate: 5.39, comparisonRate: 5.45 });
    expect(homeLoanOptions.map((o) => [o.rate, o.comparisonRate])).toEqual([
      [6.45, 6.67],
      [6.29, 6.52],
      [6.25, 6.48],
    ]);
    expect(personalLoans.map((l) => [l.rate, l.amount.min, l.amount.max, l.termYears.min, l.termYears.max])).toEqual([
      [8.99, 2000, 50000, 1, 7],
      [7.49, 5000, 100000, 2, 10],
    ]);
    expect(carLoans.map((l) => [l.rate, l.amountMax, l.termYears.min, l.termYears.max])).toEqual([
      [5.99, 100000, 1, 7],
      [6.99, 75000, 1, 5],
      [5.49, 100000, 1, 7],
    ]);
    for (const loan of [homeLoanPromo, ...homeLoanOptions, ...personalLoans, ...carLoans]) {
      expect(loan.comparisonRate).toBeGreaterThanOrEqual(loan.rate);
    }
    expect(comparisonRateWarnings.home).toContain('$150,000 over 25 years');
    expect(comparisonRateWarnings.personal).toContain('$30,000 over 5 years');
    expect(comparisonRateWarnings.car).toContain('$30,000 over 5 years');
  });

  it('credit cards and insurance', () => {
    expect(creditCards.map((c) => [c.rate, c.annualFee])).toEqual([
      [19.99, 0],
      [20.99, 199],
    ]);
    expect(insuranceProducts.map((p) => [p.link, p.startingPrice])).toEqual([
      ['/insurance/home', 15],
      ['/insurance/car', 45],
      ['/insurance/landlord', 25],
    ]);
  });
});

describe('navigation', () => {
  it('has the spec groups in order, each mobile list no longer than its desktop list', () => {
    expect(navGroups.map((g) => g.label)).toEqual([
      'Banking',
      'Credit Cards',
      'Home Loans',
      'Personal Loans',
      'Business',
      'Insurance',
      'About',
      'Help & Contact',
    ]);
    for (const group of navGroups) {
      expect(group.mobileItems.length).toBeLessThanOrEqual(group.items.length);
      const desktopTargets = new Set(group.items.map((item) => item.href));
      for (const item of group.mobileItems) expect(desktopTargets.has(item.href)).toBe(true);
    }
    const total = (key: 'items' | 'mobileItems'): number => navGroups.reduce((sum, g) => sum + g[key].length, 0);
    expect(total('mobileItems')).toBeLessThan(total('items'));
  });

  it('sends the single-target groups where the spec says', () => {
    const targets = (label: string): string[] => [...new Set(navGroups.find((g) => g.label === label)?.items.map((i) => i.href))];
    expect(targets('Home Loans')).toEqual(['/loans/home']);
    expect(targets('Business')).toEqual(['/business']);
    expect(targets('Insurance')).toEqual(['/insurance']);
    expect(targets('Credit Cards')).toEqual(['/credit-cards']);
  });

  it('has the four footer columns and the legal links', () => {
    expect(footerColumns.map((c) => c.heading)).toEqual(['Products', 'Services', 'Resources', 'Company']);
    expect(legalLinks.map((l) => l.href)).toEqual(['/privacy', '/terms', '/accessibility', '/sitemap']);
  });
});
