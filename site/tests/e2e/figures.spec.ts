import { expect, test } from '@playwright/test';
import { mainText } from './helpers';

/**
 * Every business constant of spec section 9, written out literally (not imported from the site's data),
 * so a wrong figure in the data fails here.
 */
const FIGURES: Record<string, readonly string[]> = {
  '/': [
    "If you have a dream, we're on your team.",
    'Basic Variable Home Loan',
    '5.39% p.a.',
    '5.45% p.a.',
    'Owner occupier',
    'Principal and interest',
    'LVR 70% or less',
    'Financial difficulty',
    'Security and scams',
    'Emergency and duress',
    'Losing a loved one',
    '$150,000 over 25 years',
  ],
  '/checking': [
    'Essential Checking',
    'Monthly fee $0 Minimum balance $0',
    'Premium Checking',
    'Monthly fee $12 Minimum balance $2,500',
    'daily balance of $2,500',
    'Business Checking',
    'Monthly fee $15 Minimum balance $1,000',
    '200 free transactions a month',
    'Email us',
  ],
  '/savings': [
    'High Yield Savings 4.25% p.a.',
    'Minimum balance $100',
    'Certificate of Deposit Up to 5.10% p.a.',
    'Minimum balance $1,000',
    'Goal Saver 3.75% p.a.',
    'Minimum balance $25',
    '6 months 4.50% p.a. $1,000',
    '12 months 4.75% p.a. $1,000',
    '18 months 4.85% p.a. $1,000',
    '24 months 4.95% p.a. $1,000',
    '36 months 5.05% p.a. $1,000',
    '60 months 5.10% p.a. $1,000',
    '$250,000',
  ],
  '/bonds': [
    '4.2% to 6.8% p.a.',
    'Low risk Government Bonds',
    'Yield range 4.2%-5.8% Minimum investment $1,000',
    'Medium risk Corporate Bonds',
    'Yield range 5.5%-8.2% Minimum investment $2,000',
    'Medium-High risk International Bonds',
    'Yield range 3.8%-6.5% Minimum investment $5,000',
    'AAA',
    'AA-',
    'A+',
  ],
  '/loans/home': [
    'Variable rate 6.45% p.a. Comparison rate* 6.67% p.a.',
    'Fixed rate 6.29% p.a. Comparison rate* 6.52% p.a.',
    'up to 5 years',
    'Variable rate 6.25% p.a. Comparison rate* 6.48% p.a.',
    'Deposit from 5%',
    'Variable rate from 6.25% p.a.',
    'Fixed rate from 6.29% p.a.',
    'Approval in 24-48 hours',
    'Pre-approval in 24 hours',
    '$150,000 over 25 years',
  ],
  '/loans/personal': [
    'Quick Personal Loan Fixed rate 8.99% p.a.',
    'Borrow $2,000-$50,000 Loan term 1-7 years',
    'Secured Personal Loan Fixed rate 7.49% p.a.',
    'Borrow $5,000-$100,000 Loan term 2-10 years',
    '$30,000 over 5 years',
  ],
  '/loans/car': [
    'New Car Loan Fixed rate 5.99% p.a.',
    'Used Car Loan Fixed rate 6.99% p.a.',
    'Green Car Loan Fixed rate 5.49% p.a.',
    'Up to $100,000 Loan term 1-7 years',
    'Up to $75,000 Loan term 1-5 years',
    'up to 10 years old',
    'Australian citizen or permanent resident',
    'Aged 18 or over',
    'A regular income',
    'A good credit history',
    'The vehicle meets our lending criteria',
    'Comprehensive car insurance',
    'Photo ID',
    'Proof of income',
    '3 months of bank statements',
    'Vehicle details',
    'Details of your other loans and credit cards',
    '$30,000 over 5 years',
  ],
  '/credit-cards': [
    'Everyday Card',
    'Purchase rate 19.99% p.a. Annual fee $0',
    'Premium Travel Card',
    'Purchase rate 20.99% p.a. Annual fee $199',
    'Email Us',
  ],
  '/insurance': [
    'Home & Contents Insurance From $15/month',
    'Car Insurance From $45/month',
    'Landlord Insurance From $25/month',
    'up to 15%',
  ],
  '/term-deposits': [
    '3 months 3.25% p.a. Minimum deposit $1,000',
    '6 months 3.75% p.a. Minimum deposit $1,000',
    '12 months 4.25% p.a. Minimum deposit $1,000',
    '24 months 4.50% p.a. Minimum deposit $5,000',
    '36 months 4.75% p.a. Minimum deposit $10,000',
    '60 months 5.00% p.a. Minimum deposit $25,000',
    'Monthly',
    'Quarterly',
    'Bi-annually',
    'Annually',
    'At maturity',
    'Invest $50,000 at 4.50% p.a. for 24 months',
    'you earn $4,500 in interest, for a maturity value of $54,500',
  ],
  '/application-confirmation': [
    'Application review',
    'within 2-3 business days',
    'Identity verification',
    'Account setup',
    'up to 5 business days',
    'Mon-Fri 8am-6pm',
    'within 24 hours',
  ],
  '/transfers': ['200+ countries', '1-2 business days'],
  '/atm-locations': ['500+ locations', 'Open 24/7', 'Free withdrawals'],
  '/online-banking': ['24/7', 'Multi-factor', 'Apple Pay', 'Google Pay', 'Samsung Pay'],
  '/mobile-app': ['Mobile deposits', 'alerts', '5-star', 'App Store', 'Google Play'],
  '/bill-pay': ['Schedule payments', 'Pay anyone', 'Automatic payments', 'Free'],
  '/accessibility': ['December 2024', 'Disability Discrimination Act 1992', 'within 2 business days'],
  '/privacy': ['about 7 years', 'Privacy Act 1988'],
};

test.describe('spec section 9 figures', () => {
  for (const [path, figures] of Object.entries(FIGURES)) {
    test(`${path} shows its figures`, async ({ page }) => {
      if (path === '/application-confirmation') {
        // Its next steps show once an application was sent from the tab (what the wizard stores).
        await page.addInitScript(() =>
          sessionStorage.setItem('banksia:lastApplication', '{"reference":"BKS-7Q4M-2KX9","submitted_at":"2026-11-21T10:15:00Z"}'),
        );
      }
      await page.goto(path);
      const text = await mainText(page);
      for (const figure of figures) expect(text, `"${figure}" on ${path}`).toContain(figure);
    });
  }

  test('every comparison rate stands beside its rate at the same size and weight', async ({ page }) => {
    for (const path of ['/', '/loans/home', '/loans/personal', '/loans/car']) {
      await page.goto(path);
      const pairs = page.locator('.rate-pair');
      expect(await pairs.count()).toBeGreaterThan(0);
      for (const pair of await pairs.all()) {
        // Both read in one frame, polled: the figures are sized from the pair's width, which may
        // still change while an island after the load event lays out.
        const read = () =>
          pair.locator('dd').evaluateAll((nodes) =>
            nodes.map((node) => {
              const style = getComputedStyle(node);
              return `${style.fontSize}/${style.fontWeight}`;
            }),
          );
        await expect.poll(async () => (await read()).length).toBe(2);
        await expect.poll(async () => new Set(await read()).size).toBe(1);
      }
      await expect(page.getByText('WARNING: This comparison rate is true only for the examples given').first()).toBeVisible();
    }
  });

  test('bond Invest buttons lead to the contact page', async ({ page }) => {
    await page.goto('/bonds');
    const invest = page.getByRole('link', { name: /^Invest in / });
    await expect(invest).toHaveCount(3);
    for (const link of await invest.all()) await expect(link).toHaveAttribute('href', '/contact');
  });

  test('insurance products link to their own pages', async ({ page }) => {
    await page.goto('/insurance');
    for (const href of ['/insurance/home', '/insurance/car', '/insurance/landlord']) {
      await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);
    }
  });
});
