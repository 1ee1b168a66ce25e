import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * The whole stack end to end: the static build renders core's figure, the island recomputes it in
 * the browser through WASM, and the API stores an application in PostgreSQL.
 */

test('the home loan repayment for the defaults is in the HTML and in the hydrated page', async ({ page, request }) => {
  const html = await (await request.get('/loans/home')).text();
  expect(html).toContain('$3,144');

  await page.goto('/loans/home');
  const figure = page.getByTestId('monthly-repayment');
  await expect(figure).toHaveText('$3,144');
  // Astro removes `ssr` from an island once it is hydrated (client:visible: scroll to it first).
  await figure.scrollIntoViewIfNeeded();
  await expect(page.locator('#calculator astro-island').first()).not.toHaveAttribute('ssr');
  // Once the island is live, a new amount is recomputed by the WASM core.
  await page.getByLabel('Loan amount (AUD)').fill('150000');
  await page.getByLabel('Loan term (years)').fill('25');
  await expect(figure).toHaveText('$1,008');
});

test('POST /api/applications stores one row and answers 201 with a reference', async ({ request }) => {
  const databaseUrl = process.env['E2E_DATABASE_URL'];
  test.skip(!databaseUrl, 'needs the database of the server under test (scripts/test e2e)');
  const email = `foundation.${Date.now()}@example.com.au`;
  const response = await request.post('/api/applications', {
    data: {
      application_type: 'checking',
      first_name: 'Olivia',
      last_name: 'Harris',
      email,
      phone: '0412 345 678',
      date_of_birth: '1988-02-29',
      address_line1: '88 Collins Street',
      city: 'Melbourne',
      state: 'VIC',
      postal_code: '3000',
      employment_status: 'full_time',
      annual_income: '92000',
      identification_type: 'passport',
      identification_number: 'PA1234567',
      initial_deposit_amount: '25.00',
      terms_accepted: true,
      marketing_consent: false,
      user_id: null,
      tax_residency: { foreign_resident: false },
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { reference: string; status: string };
  expect(body.reference).toMatch(/^BKS-/);
  expect(body.status).toBe('under_review');

  const rows = execFileSync(
    'psql',
    [databaseUrl!, '-tA', '-c', `select reference, first_name, initial_deposit_amount from account_applications where email = '${email}'`],
    { encoding: 'utf8' },
  ).trim();
  expect(rows).toBe(`${body.reference}|Olivia|25.00`);
});
