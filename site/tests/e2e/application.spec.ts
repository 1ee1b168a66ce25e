/**
 * The account application wizard end to end: against the release server and a real PostgreSQL
 * (scripts/test sets BASE_URL and E2E_DATABASE_URL), every message and rule comes from
 * banksia-core, and each stored row is read back from the database.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { axe, sidewaysScroll, watchErrors } from './helpers';
import * as applicationPackage from 'banksia-core/application';
import { fromDisk } from './core';

const { isValidReference } = fromDisk('application', applicationPackage);

const DATABASE_URL = process.env['E2E_DATABASE_URL'];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const DRAFT_KEY = 'banksia:applicationDraft';

const SUCCESS_TITLE = 'Application Submitted Successfully!';
const SUCCESS_TEXT = "We'll review your application and get back to you within 2-3 business days.";
const FAILURE_TITLE = 'Submission Failed';
const FAILURE_TEXT = 'There was an error submitting your application. Please try again.';

/** What a person types, and the row the bank must store for it. */
function applicant(testInfo: TestInfo) {
  // One address per test and run, so tests (parallel or repeated) never see each other's rows.
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const email = `jane.${testInfo.testId}.${run}@example.com.au`.toLowerCase();
  return {
    typed: {
      account: 'High Yield Savings',
      first_name: 'Jane',
      last_name: "O'Citizen",
      email,
      phone: '0412 345 678',
      day: '15',
      month: '7',
      year: '1990',
      address_line1: '1 Collins Street',
      address_line2: 'Unit 4',
      city: 'Melbourne',
      state: 'Victoria',
      postal_code: '3000',
      employment_status: 'Full-time',
      annual_income: '85,000',
      employer_name: 'Acme Pty Ltd',
      identification_type: 'Passport',
      identification_number: 'pa1234567',
      initial_deposit_amount: '250.50',
    },
    row: {
      application_type: 'savings',
      first_name: 'Jane',
      last_name: "O'Citizen",
      email,
      phone: '+61412345678',
      date_of_birth: '1990-07-15',
      address_line1: '1 Collins Street',
      address_line2: 'Unit 4',
      city: 'Melbourne',
      state: 'VIC',
      postal_code: '3000',
      employment_status: 'full_time',
      annual_income: '85000.00',
      employer_name: 'Acme Pty Ltd',
      identification_type: 'passport',
      // Encrypted at rest (issue 20): never in the table in plaintext; the last three characters
      // and the length are kept for the staff console's masked view.
      identification_number: null,
      identification_encrypted: true,
      identification_last3: '567',
      identification_length: 9,
      initial_deposit_amount: '250.50',
      terms_accepted: true,
      marketing_consent: true,
      user_id: null,
      status: 'under_review',
    },
  };
}
type Typed = ReturnType<typeof applicant>['typed'];

async function rowsFor(email: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT reference, status, application_type, first_name, last_name, email, phone,
              date_of_birth::text AS date_of_birth, address_line1, address_line2, city, state, postal_code,
              employment_status, annual_income::text AS annual_income, employer_name, identification_type,
              identification_number, identification_ciphertext IS NOT NULL AS identification_encrypted,
              identification_last3, identification_length,
              initial_deposit_amount::text AS initial_deposit_amount,
              terms_accepted, marketing_consent, user_id
         FROM account_applications WHERE email = $1`,
      [email],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const previous = (page: Page) => page.getByRole('button', { name: 'Previous' });
const submitButton = (page: Page) => page.getByRole('button', { name: /Submit Application|Submitting\.\.\./ });
const stepHeading = (page: Page) => page.locator('#application-step-heading');
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

/** Every page of the wizard, whatever the account, says which of the five steps it belongs to. */
async function expectStep(page: Page, step: number, title: string) {
  await expect(stepHeading(page)).toHaveText(`Step ${step} of 5: ${title}`);
  await expect(page.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step));
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '5');
}

async function openWizard(page: Page, path = '/apply/account') {
  await page.goto(path);
  // Hydrated: the island has rendered and the step form answers.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expectStep(page, 1, 'Account Type');
}

async function fillStep1(page: Page, typed: Typed) {
  await page.getByLabel(typed.account, { exact: true }).check();
}
async function fillStep2(page: Page, typed: Typed) {
  await page.getByLabel('First name').fill(typed.first_name);
  await page.getByLabel('Last name').fill(typed.last_name);
  await page.getByLabel('Email address').fill(typed.email);
  await page.getByLabel('Phone number').fill(typed.phone);
  await page.getByLabel('Day').fill(typed.day);
  await page.getByLabel('Month').fill(typed.month);
  await page.getByLabel('Year').fill(typed.year);
}
async function fillStep3(page: Page, typed: Typed) {
  await page.getByLabel('Street address').fill(typed.address_line1);
  await page.getByLabel('Unit/apartment (optional)').fill(typed.address_line2);
  await page.getByLabel('City').fill(typed.city);
  await page.getByLabel('State').selectOption({ label: typed.state });
  await page.getByLabel('Postcode').fill(typed.postal_code);
}
async function fillStep4(page: Page, typed: Typed) {
  await page.getByLabel('Employment status').selectOption({ label: typed.employment_status });
  await page.getByLabel('Annual income (AUD)').fill(typed.annual_income);
  await page.getByLabel('Employer name (optional)').fill(typed.employer_name);
  await page.getByLabel('Identification type').selectOption({ label: typed.identification_type });
  await page.getByLabel('Identification number').fill(typed.identification_number);
}
/** Tax residency (a personal account's page 5): Australia only, no TFN. */
async function fillTax(page: Page) {
  await page.getByRole('group', { name: 'Are you a tax resident of a country other than Australia?' }).getByLabel('No').check();
}
async function fillStep5(page: Page, typed: Typed) {
  await page.getByLabel('Initial deposit amount (AUD)').fill(typed.initial_deposit_amount);
  await page.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /promotional emails/ }).check();
}

/** Fills steps 1 to 4 and arrives on step 5 with it filled in. */
async function reachFilledStep5(page: Page, typed: Typed) {
  await fillStep1(page, typed);
  await next(page).click();
  await expectStep(page, 2, 'Personal Information');
  await fillStep2(page, typed);
  await next(page).click();
  await expectStep(page, 3, 'Address Details');
  await fillStep3(page, typed);
  await next(page).click();
  await expectStep(page, 4, 'Employment & ID');
  await fillStep4(page, typed);
  await next(page).click();
  await expectStep(page, 4, 'Tax Residency');
  await fillTax(page);
  await next(page).click();
  await expectStep(page, 5, 'Initial Deposit & Terms');
  await fillStep5(page, typed);
}

/** The message of a field is shown, bound to it (aria-invalid, aria-describedby) and in the summary. */
async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const input = page.getByLabel(label, { exact: typeof label === 'string' }).first();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(summary(page).getByRole('link', { name: message })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page, AXE_TAGS).analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(found).toEqual([]);
}

test.describe('account application wizard', () => {
  test("each step's messages are the spec's words, for empty and wrong fields", async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await openWizard(page);

    // Step 1: nothing chosen.
    await next(page).click();
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole('link', { name: 'Please choose an account type' })).toBeVisible();
    await expectStep(page, 1, 'Account Type');
    await expect(page).toHaveTitle('Error: Open an account | Banksia Bank');
    await fillStep1(page, typed);
    await next(page).click();
    await expect(page).toHaveTitle('Open an account | Banksia Bank');

    // Step 2: empty, then wrong.
    await expectStep(page, 2, 'Personal Information');
    await next(page).click();
    await expect(summary(page)).toBeFocused();
    await expectFieldError(page, 'First name', 'First name must be at least 2 characters');
    await expectFieldError(page, 'Last name', 'Last name must be at least 2 characters');
    await expectFieldError(page, 'Email address', 'Please enter a valid email address');
    await expectFieldError(page, 'Phone number', 'Please enter a valid phone number');
    await expectFieldError(page, 'Day', 'Date of birth is required');
    await expect(summary(page).getByRole('listitem')).toHaveCount(5);
    await page.getByLabel('First name').fill('J');
    await page.getByLabel('Email address').fill('jane@');
    await page.getByLabel('Phone number').fill('12345');
    await next(page).click();
    await expectFieldError(page, 'First name', 'First name must be at least 2 characters');
    await expectFieldError(page, 'Email address', 'Please enter a valid email address');
    await expectFieldError(page, 'Phone number', 'Please enter a valid phone number');
    await expectStep(page, 2, 'Personal Information');
    // A summary link takes the person to the field.
    await summary(page).getByRole('link', { name: 'Please enter a valid email address' }).click();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await fillStep2(page, typed);
    // Fixed fields lose their message as they are corrected.
    await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await next(page).click();

    // Step 3.
    await expectStep(page, 3, 'Address Details');
    await next(page).click();
    await expectFieldError(page, 'Street address', 'Please enter your full address');
    await expectFieldError(page, 'City', 'City is required');
    await expectFieldError(page, 'State', 'State is required');
    await expectFieldError(page, 'Postcode', 'Please enter a valid postal code');
    await expect(page.getByLabel('Unit/apartment (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Street address').fill('1 St');
    await page.getByLabel('Postcode').fill('30');
    await next(page).click();
    await expectFieldError(page, 'Street address', 'Please enter your full address');
    await expectFieldError(page, 'Postcode', 'Please enter a valid postal code');
    await fillStep3(page, typed);
    await next(page).click();

    // Step 4.
    await expectStep(page, 4, 'Employment & ID');
    await next(page).click();
    await expectFieldError(page, 'Employment status', 'Employment status is required');
    await expectFieldError(page, 'Annual income (AUD)', 'Annual income is required');
    await expectFieldError(page, 'Identification type', 'Identification type is required');
    await expectFieldError(page, 'Identification number', 'Identification number is required');
    await expect(page.getByLabel('Employer name (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await fillStep4(page, typed);
    await next(page).click();

    // Step 4's second page: tax residency.
    await expectStep(page, 4, 'Tax Residency');
    await next(page).click();
    await expect(summary(page).getByRole('link', { name: /Tell us whether you're a tax resident|tax resident/ }).first()).toBeVisible();
    await fillTax(page);
    await next(page).click();

    // Step 5.
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(page.getByText('Suggested minimum deposit: $10 for savings accounts, $25 for checking accounts. You can start with less.')).toBeVisible();
    const form = page.locator('#application');
    await expect(form.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute('href', '/terms');
    await expect(form.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy');
    await submitButton(page).click();
    await expectFieldError(page, 'Initial deposit amount (AUD)', 'Initial deposit amount is required');
    await expectFieldError(page, /I have read and accept/, 'You must accept the terms and conditions');
    await expect(summary(page).getByRole('listitem')).toHaveCount(2);
  });

  test('step 1 shows the four accounts from core, with descriptions and deposit hints', async ({ page }) => {
    await openWizard(page);
    const cards = page.getByRole('group', { name: 'Which account would you like to open?' }).getByRole('radio');
    await expect(cards).toHaveCount(4);
    for (const name of ['Essential Checking', 'High Yield Savings', 'Business Checking', 'Business Savings']) {
      await expect(page.getByRole('radio', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('radio', { name: 'Essential Checking' })).toHaveAccessibleDescription(
      /everyday banking with no monthly fees.*Suggested minimum deposit: \$25/i,
    );
    await expect(page.getByRole('radio', { name: 'High Yield Savings' })).toHaveAccessibleDescription(/Suggested minimum deposit: \$10/);
  });

  test('Previous and Next follow the rules, and focus moves to the step heading', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await openWizard(page);
    await expect(previous(page)).toBeDisabled();
    await next(page).click();
    await expectStep(page, 1, 'Account Type');

    await fillStep1(page, typed);
    await next(page).click();
    await expectStep(page, 2, 'Personal Information');
    await expect(stepHeading(page)).toBeFocused();
    await expect(previous(page)).toBeEnabled();

    // Next does not advance past errors; Previous goes back without checking anything.
    await page.getByLabel('First name').fill('J');
    await next(page).click();
    await expectStep(page, 2, 'Personal Information');
    await previous(page).click();
    await expectStep(page, 1, 'Account Type');
    await expect(stepHeading(page)).toBeFocused();
    await expect(summary(page)).toHaveCount(0);
    await expect(page.getByLabel(typed.account, { exact: true })).toBeChecked();
    await next(page).click();
    await expectStep(page, 2, 'Personal Information');
    await expect(page.getByLabel('First name')).toHaveValue('J');
    await expect(summary(page)).toHaveCount(0);
  });

  test('a postcode outside the chosen state is a warning, not an error', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await openWizard(page);
    await fillStep1(page, typed);
    await next(page).click();
    await fillStep2(page, typed);
    await next(page).click();
    await fillStep3(page, { ...typed, postal_code: '2000' });
    await page.getByLabel('Postcode').blur();
    const warning = page.getByText("This postcode isn't in Victoria. Please check your postcode and state.");
    await expect(warning).toBeVisible();
    await expect(page.getByLabel('Postcode')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Postcode')).toHaveAccessibleDescription(/Warning: This postcode isn't in Victoria/);
    await next(page).click();
    await expectStep(page, 4, 'Employment & ID');
  });

  test('a reload mid-way keeps every answer and the step', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await openWizard(page);
    await fillStep1(page, typed);
    await next(page).click();
    await fillStep2(page, typed);
    await next(page).click();
    await page.getByLabel('Street address').fill(typed.address_line1);
    await page.reload();
    await expectStep(page, 3, 'Address Details');
    await expect(page.getByLabel('Street address')).toHaveValue(typed.address_line1);
    await previous(page).click();
    await expectStep(page, 2, 'Personal Information');
    await expect(page.getByLabel('Email address')).toHaveValue(typed.email);
    await expect(page.getByLabel('Year')).toHaveValue(typed.year);
  });

  test('/apply/car-loan shows the same form', async ({ page }) => {
    await openWizard(page, '/apply/car-loan');
    await expect(page.getByRole('radio')).toHaveCount(4);
  });

  test('axe-core finds no violations on any step, with and without errors', async ({ page }, testInfo) => {
    test.slow(); // Ten axe runs.
    const { typed } = applicant(testInfo);
    await openWizard(page);
    const fills = [fillStep1, fillStep2, fillStep3, fillStep4, fillTax, fillStep5];
    // The step of each page after the first: tax residency is step 4's second page.
    const nextSteps = [2, 3, 4, 4, 5];
    const last = fills.length - 1;
    for (const [index, fill] of fills.entries()) {
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: index === last ? 'Submit Application' : 'Next' }).click();
      await expect(summary(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await fill(page, typed);
      if (index < last) {
        await next(page).click();
        await expect(stepHeading(page)).toContainText(`Step ${nextSteps[index]} of 5`);
      }
    }
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('every step fits the screen and axe-core finds no violations', async ({ page }, testInfo) => {
      test.slow(); // Five axe runs.
      const { typed } = applicant(testInfo);
      await openWizard(page);
      const fills = [fillStep1, fillStep2, fillStep3, fillStep4, fillTax, fillStep5];
      for (const [index, fill] of fills.entries()) {
        const overflow = await sidewaysScroll(page);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        await fill(page, typed);
        if (index < fills.length - 1) await next(page).click();
      }
    });
  });
});

/** A row of step 5's "Check your answers" summary list, by field. */
const answer = (page: Page, field: string) => page.locator(`.summary-list__row[data-field="${field}"] .summary-list__value`);

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`check your answers at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('step 5 lists every answer as core writes it; Change goes to the field and back to step 5', async ({ page }, testInfo) => {
      const { typed } = applicant(testInfo);
      await openWizard(page);
      await reachFilledStep5(page, typed);

      const list = page.locator('dl.summary-list');
      await expect(page.getByRole('heading', { name: 'Check your answers' })).toBeVisible();
      // Steps 1 to 4's sixteen answers, then the tax residency's two (a personal account has no business).
      await expect(list.locator('dt')).toHaveCount(18);
      await expect(page.getByRole('heading', { level: 4 })).toHaveText(['Account Type', 'Personal Information', 'Address Details', 'Employment & ID', 'Tax residency']);
      // Codes and typed text as the person reads them: core's labels, full state name, AUD, the date written out.
      const expected: Record<string, string> = {
        application_type: 'High Yield Savings',
        first_name: 'Jane',
        email: typed.email,
        phone: '0412 345 678',
        date_of_birth: '15 July 1990',
        address_line2: 'Unit 4',
        state: 'Victoria',
        employment_status: 'Full-time',
        annual_income: '$85,000',
        identification_type: 'Passport',
        identification_number: 'PA1234567',
        'tax_residency.foreign_resident': 'No',
        'tax_residency.tfn': 'Not provided',
      };
      for (const [field, value] of Object.entries(expected)) await expect(answer(page, field)).toHaveText(value);
      await expect(list.locator('dt').first()).toHaveText('Account type');
      await expect(page.getByRole('link', { name: 'Change Account type' })).toHaveText('Change Account type');
      await expect(page.getByRole('link', { name: /^Change/ })).toHaveCount(18);
      const overflow = await sidewaysScroll(page);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`check-answers-${viewport.width}.png`), fullPage: true });

      // Change the date of birth: step 2, focus on its first box; Next returns to step 5 at once.
      await page.getByRole('link', { name: 'Change Date of birth' }).click();
      await expectStep(page, 2, 'Personal Information');
      await expect(page.getByLabel('Day')).toBeFocused();
      await page.getByLabel('Day').fill('14');
      await page.getByLabel('Month').fill('3');
      await next(page).click();
      await expectStep(page, 5, 'Initial Deposit & Terms');
      await expect(answer(page, 'date_of_birth')).toHaveText('14 March 1990');
      // What step 5 held before the change is still there.
      await expect(page.getByLabel('Initial deposit amount (AUD)')).toHaveValue(typed.initial_deposit_amount);

      // An optional answer removed reads "Not provided"; a step that fails stays until it validates.
      await page.getByRole('link', { name: 'Change Employer name' }).click();
      await expectStep(page, 4, 'Employment & ID');
      await expect(page.getByLabel('Employer name (optional)')).toBeFocused();
      await page.getByLabel('Employer name (optional)').fill('');
      await page.getByLabel('Annual income (AUD)').fill('lots');
      await next(page).click();
      await expectStep(page, 4, 'Employment & ID');
      await expect(summary(page)).toBeVisible();
      await page.getByLabel('Annual income (AUD)').fill('1250.5');
      await next(page).click();
      await expectStep(page, 5, 'Initial Deposit & Terms');
      await expect(answer(page, 'employer_name')).toHaveText('Not provided');
      await expect(answer(page, 'annual_income')).toHaveText('$1,250.50');

      // The account type: focus on the chosen card.
      await page.getByRole('link', { name: 'Change Account type' }).click();
      await expectStep(page, 1, 'Account Type');
      await expect(page.getByLabel('High Yield Savings', { exact: true })).toBeFocused();
      // A business account asks more inside the same steps (its business in step 1, its owners
      // in step 3): Next walks on to them rather than back to the summary.
      await page.getByLabel('Business Checking', { exact: true }).check();
      await next(page).click();
      await expectStep(page, 1, 'Business Details');
    });
  });
}

test.describe('submitting an application', () => {
  test.skip(!DATABASE_URL, 'needs the server and its database (scripts/test e2e)');

  test('a full journey stores exactly one row holding what was typed', async ({ page }, testInfo) => {
    const { typed, row } = applicant(testInfo);
    const errors = watchErrors(page);
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();

    const toast = page.getByTestId('toast-success');
    await expect(toast).toContainText(SUCCESS_TITLE);
    await expect(toast).toContainText(SUCCESS_TEXT);
    await page.waitForURL('**/application-confirmation');

    const rows = await rowsFor(row.email);
    expect(rows).toHaveLength(1);
    const { reference, ...stored } = rows[0]!;
    expect(stored).toEqual(row);
    expect(isValidReference(String(reference))).toBe(true);

    const box = page.getByRole('complementary', { name: 'Your application' });
    await expect(box).toContainText(String(reference));
    await expect(box).toContainText(typed.account); // the account chosen, not "Account Opening"
    await expect(box).toContainText('Under Review');
    const today = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    await expect(box).toContainText(today);
    // The draft is gone once the bank has the application.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();
    await expectNoAxeViolations(page);

    // A new visit to the form starts empty.
    await page.goto('/apply/account');
    await expectStep(page, 1, 'Account Type');
    await expect(page.getByLabel(typed.account, { exact: true })).not.toBeChecked();
    expect(errors).toEqual([]);
  });

  test('a double click on Submit stores one row', async ({ page }, testInfo) => {
    const { typed, row } = applicant(testInfo);
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/applications') && request.method() === 'POST') posts += 1;
    });
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).dblclick();
    await page.waitForURL('**/application-confirmation');
    expect(await rowsFor(row.email)).toHaveLength(1);
    expect(posts).toBe(1);
  });

  test('a retry after a lost answer reuses the key and stores one row', async ({ page }, testInfo) => {
    const { typed, row } = applicant(testInfo);
    const keys: string[] = [];
    let first = true;
    await page.route('**/api/applications', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (first) {
        // The server stores the application, but its answer never reaches the browser.
        first = false;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    await expect(page.getByTestId('toast-destructive')).toContainText(FAILURE_TITLE);
    expect(await rowsFor(row.email)).toHaveLength(1);

    await submitButton(page).click();
    await page.waitForURL('**/application-confirmation');
    const rows = await rowsFor(row.email);
    expect(rows).toHaveLength(1);
    await expect(page.getByRole('complementary', { name: 'Your application' })).toContainText(String(rows[0]!['reference']));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('a change after a lost answer still ends with the one stored application', async ({ page }, testInfo) => {
    const { typed, row } = applicant(testInfo);
    let first = true;
    await page.route('**/api/applications', async (route) => {
      if (first) {
        first = false;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    await expect(page.getByTestId('toast-destructive')).toContainText(FAILURE_TITLE);
    await page.getByLabel('Initial deposit amount (AUD)').fill('300');
    await submitButton(page).click();
    await page.waitForURL('**/application-confirmation');
    const rows = await rowsFor(row.email);
    expect(rows).toHaveLength(1);
    const reference = String(rows[0]!['reference']);
    await expect(page.getByRole('complementary', { name: 'Your application' })).toContainText(reference);
    // Said plainly: already received with this reference, the change not applied, how to update it.
    const note = page.locator('[data-changes-note]');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Your changes were not applied.');
    await expect(note).toContainText(reference);
    await expect(note.getByRole('link', { name: '13 22 65' })).toHaveAttribute('href', 'tel:132265');
    // And the address the confirmation went to (the stored application's).
    await expect(page.getByText('We\'ve emailed a confirmation to')).toBeVisible();
  });

  test('a plain submission names the account chosen and says nothing about changes', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    await page.waitForURL('**/application-confirmation');
    const box = page.getByRole('complementary', { name: 'Your application' });
    await expect(box.locator('[data-account]')).not.toHaveText('Account Opening');
    await expect(box.locator('[data-account]')).toHaveText(/Checking|Savings/);
    await expect(page.locator('[data-changes-note]')).toBeHidden();
  });

  for (const failure of [
    { name: 'the network fails', answer: 'abort', text: 'Check your internet connection, then try again.' },
    { name: 'the server answers 500', answer: 500, text: 'Please try again in a few minutes.' },
    { name: 'the server answers 503', answer: 503, text: 'Please try again in a few minutes.' },
    { name: 'the server answers 429', answer: 429, text: 'Please wait a minute, then try again.' },
  ] as const) {
    test(`when ${failure.name}, 'Submission Failed' appears and every value is kept`, async ({ page }, testInfo) => {
      const { typed, row } = applicant(testInfo);
      await page.route('**/api/applications', (route) =>
        failure.answer === 'abort'
          ? route.abort('failed')
          : route.fulfill({ status: failure.answer, contentType: 'application/json', body: JSON.stringify({ error: 'x' }) }),
      );
      await openWizard(page);
      await reachFilledStep5(page, typed);
      await submitButton(page).click();

      const toast = page.getByTestId('toast-destructive');
      await expect(toast).toContainText(FAILURE_TITLE);
      // What to do now, for this failure (not one "Please try again" for all).
      await expect(toast).toContainText(failure.text);
      await expect(toast).not.toContainText(FAILURE_TEXT);
      await expect(page.getByRole('alert').filter({ hasText: FAILURE_TITLE })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Application' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(page.url()).toContain('/apply/account');
      expect(await rowsFor(row.email)).toHaveLength(0);

      // Everything typed is still there, on every step.
      await expect(page.getByLabel('Initial deposit amount (AUD)')).toHaveValue(typed.initial_deposit_amount);
      await expect(page.getByRole('checkbox', { name: /I have read and accept/ })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: /promotional emails/ })).toBeChecked();
      await previous(page).click();
      await expect(page.getByRole('group', { name: 'Are you a tax resident of a country other than Australia?' }).getByLabel('No')).toBeChecked();
      await previous(page).click();
      await expect(page.getByLabel('Identification number')).toHaveValue(typed.identification_number);
      await expect(page.getByLabel('Annual income (AUD)')).toHaveValue(typed.annual_income);
      await previous(page).click();
      await expect(page.getByLabel('Street address')).toHaveValue(typed.address_line1);
      await expect(page.getByLabel('State')).toHaveValue('VIC');
      await previous(page).click();
      await expect(page.getByLabel('Email address')).toHaveValue(typed.email);
      await expect(page.getByLabel('Day')).toHaveValue(typed.day);
      await previous(page).click();
      await expect(page.getByLabel(typed.account, { exact: true })).toBeChecked();
    });
  }

  test('on a phone the failure message covers none of the answers, whatever is scrolled into view', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.route('**/api/applications', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'x' }) }),
    );
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    const toast = page.getByTestId('toast-destructive');
    await expect(toast).toContainText(FAILURE_TITLE);
    await expect(toast).toBeInViewport();
    // What the toast covers, measured in one go (the page scrolls smoothly: measurements taken
    // one by one would mix scroll positions).
    const covered = () =>
      page.evaluate(() => {
        const card = document.querySelector('[data-testid="toast-destructive"]')?.getBoundingClientRect();
        if (!card) return ['no toast'];
        const targets = document.querySelectorAll('.summary-list__row, .check-answers__heading, button:not(.toast *), input, label');
        return [...targets]
          .filter((target) => {
            const box = target.getBoundingClientRect();
            return box.height > 0 && box.left < card.right && card.left < box.right && box.top < card.bottom && card.top < box.bottom;
          })
          .map((target) => (target.textContent ?? '').trim().slice(0, 40));
      });
    for (const where of ['top', 'middle', 'bottom'] as const) {
      await page.evaluate((at) => {
        const height = document.documentElement.scrollHeight;
        window.scrollTo({ top: at === 'top' ? 0 : at === 'middle' ? height / 2 : height, behavior: 'instant' });
      }, where);
      expect(await covered(), `scrolled to the ${where}`).toEqual([]);
    }
  });

  test("a 422 from the server lands on the field's step with the server's message", async ({ page }, testInfo) => {
    const { typed, row } = applicant(testInfo);
    await page.route('**/api/applications', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        // Core's `ApplicationReport`, as the server writes it: the step of the first error included.
        body: JSON.stringify({ errors: { email: ['Please enter a valid email address'] }, warnings: {}, first_error_step: 2 }),
      }),
    );
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    await expectStep(page, 2, 'Personal Information');
    await expect(summary(page)).toBeFocused();
    await expectFieldError(page, 'Email address', 'Please enter a valid email address');
    await expect(page.getByLabel('Email address')).toHaveValue(typed.email);
    expect(await rowsFor(row.email)).toHaveLength(0);
  });

  test("the real server's 422 reaches the field too", async ({ page }, testInfo) => {
    const { typed, row } = applicant(testInfo);
    // Send what the browser's own check would never let through: the server's copy of core refuses it.
    await page.route('**/api/applications', (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify({ ...body, city: 'M' }) });
    });
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    await expectStep(page, 3, 'Address Details');
    await expectFieldError(page, 'City', 'City is required');
    expect(await rowsFor(row.email)).toHaveLength(0);
  });
});

test.describe('the wizard and the browser (issue 22)', () => {
  test('while sending, the answers and their Change links are out of reach', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/applications', async (route) => {
      await held;
      await route.continue();
    });
    await openWizard(page);
    await reachFilledStep5(page, typed);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveText('Submitting...');
    const fields = page.locator('.wizard__fields');
    await expect(fields).toHaveAttribute('inert', '');
    const reachable = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.wizard__fields input, .wizard__fields a')].filter((element) => {
        element.focus();
        return document.activeElement === element;
      }).length,
    );
    expect(reachable).toBe(0);
    release();
    await page.waitForURL('**/application-confirmation');
  });

  test('a two-digit year asks for four digits, in core\'s words', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await openWizard(page);
    await fillStep1(page, typed);
    await next(page).click();
    await fillStep2(page, { ...typed, day: '27', month: '3', year: '90' });
    await next(page).click();
    await expect(summary(page).getByRole('link', { name: 'Enter the year of your birth in full, with four digits, like 1990' })).toBeVisible();
  });

  test('each step is a history entry: Back and Forward move between steps, a reload stays', async ({ page }, testInfo) => {
    const { typed } = applicant(testInfo);
    await page.goto('/');
    await openWizard(page);
    await fillStep1(page, typed);
    await next(page).click();
    await expectStep(page, 2, 'Personal Information');
    await fillStep2(page, typed);
    await next(page).click();
    await expectStep(page, 3, 'Address Details');

    await page.goBack();
    await expectStep(page, 2, 'Personal Information');
    expect(new URL(page.url()).pathname).toBe('/apply/account');
    await expect(page.getByLabel('First name')).toHaveValue(typed.first_name);
    await page.goBack();
    await expectStep(page, 1, 'Account Type');
    await expect(page.getByLabel(typed.account, { exact: true })).toBeChecked();
    await page.goForward();
    await expectStep(page, 2, 'Personal Information');
    await page.reload();
    await expectStep(page, 2, 'Personal Information');
    await expect(page.getByLabel('Last name')).toHaveValue(typed.last_name);
    // Back from the first step leaves the application for the page before it.
    await page.goBack();
    await expectStep(page, 1, 'Account Type');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});
