/**
 * Business and tax details in the wizard (issues 30 and 42), end to end against the release
 * server and PostgreSQL: a sole trader, a company with two directors and a 30% owner, a trust,
 * and a personal account with a foreign tax residency, each submitted and read back from the
 * database. Every page is one of the five steps ("Step N of 5"): the business right after its
 * account is chosen (step 1), its owners and controllers after the applicant's address (step 3),
 * tax residency after employment and ID (step 4). Core's messages at the field and in the
 * summary (which names the owner each is about); nothing typed lost between steps or when the
 * account changes from business to personal and back; axe on the new pages; the business page
 * at 320, 375, 1024 and 1280 px.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { axe, sidewaysScroll, watchErrors } from './helpers';

const DATABASE_URL = process.env['E2E_DATABASE_URL'];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SHOTS = process.env['E2E_SHOT_DIR'];

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const previous = (page: Page) => page.getByRole('button', { name: 'Previous' });
const stepHeading = (page: Page) => page.locator('#application-step-heading');
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });
/** A row of the last page's "Check your answers", by field or detail path (`business.abn`). */
const answer = (page: Page, key: string) => page.locator(`.summary-list__row[data-field="${key}"] .summary-list__value`);
const groupHeadings = (page: Page) => page.locator('.check-answers').getByRole('heading', { level: 4 });

async function expectStep(page: Page, step: number, title: string) {
  await expect(stepHeading(page)).toHaveText(`Step ${step} of 5: ${title}`);
  await expect(page.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step));
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page, AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)).toEqual([]);
}

async function query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const runEmail = (testInfo: TestInfo) => `biz.${testInfo.testId}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com.au`.toLowerCase();

/** Step 1 for `account`, then Next: a business account's Business Details (step 1 still). */
async function chooseAccount(page: Page, account: string) {
  await page.goto('/apply/account');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel(account, { exact: true }).check();
  await expect(page.getByText('Step 1 of 5', { exact: true })).toBeVisible();
  await next(page).click();
}

/** Steps 2 and 3 as Jane Citizen of Melbourne (the caller is on step 2), then Next. */
async function personalAndAddress(page: Page, email: string) {
  await expectStep(page, 2, 'Personal Information');
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Citizen');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('0412 345 678');
  await page.getByLabel('Day').fill('20');
  await page.getByLabel('Month').fill('5');
  await page.getByLabel('Year').fill('1980');
  await next(page).click();
  await expectStep(page, 3, 'Address Details');
  await page.getByLabel('Street address').fill('1 Collins Street');
  await page.getByLabel('City').fill('Melbourne');
  await page.getByLabel('State').selectOption({ label: 'Victoria' });
  await page.getByLabel('Postcode').fill('3000');
  await next(page).click();
}

/** Step 4's own page (employment and ID), then Next: its tax residency page. */
async function employment(page: Page) {
  await expectStep(page, 4, 'Employment & ID');
  await page.getByLabel('Employment status').selectOption({ label: 'Self-employed' });
  await page.getByLabel('Annual income (AUD)').fill('120000');
  await page.getByLabel('Identification type').selectOption({ label: 'Passport' });
  await page.getByLabel('Identification number').fill('PA7654321');
  await next(page).click();
}

async function fillBusiness(page: Page, business: { form: string; name: string; abn: string; acn?: string }) {
  await page.getByLabel('Legal form of the business').selectOption({ label: business.form });
  await page.getByLabel('Legal name').fill(business.name);
  await page.getByLabel('Australian Business Number (ABN)').fill(business.abn);
  if (business.acn) await page.getByLabel('Australian Company Number (ACN)').fill(business.acn);
  await page.getByLabel('Street address').fill('200 Bourke Street');
  await page.getByLabel('City or suburb').fill('Melbourne');
  await page.getByLabel('State or territory').selectOption({ label: 'Victoria' });
  await page.getByLabel('Postcode').fill('3000');
  await page.getByLabel('What the business does').selectOption({ label: 'Retail trade' });
}

interface OwnerTyped {
  name: string;
  day: string;
  month: string;
  year: string;
  street: string;
  role: string;
  share: string;
}

async function fillOwner(page: Page, index: number, owner: OwnerTyped) {
  const group = page.getByRole('group', { name: `Owner or controller ${index}`, exact: true });
  await group.getByLabel('Full name').fill(owner.name);
  await group.getByLabel('Day').fill(owner.day);
  await group.getByLabel('Month').fill(owner.month);
  await group.getByLabel('Year').fill(owner.year);
  await group.getByLabel('Home address').fill(owner.street);
  await group.getByLabel('City or suburb').fill('Melbourne');
  await group.getByLabel('State or territory').selectOption({ label: 'Victoria' });
  await group.getByLabel('Postcode').fill('3000');
  await group.getByLabel('Role', { exact: true }).selectOption({ label: owner.role });
  await group.getByLabel('Share of the business they own').fill(owner.share);
}

async function answerTax(page: Page, answer: 'Yes' | 'No', business?: 'Yes' | 'No') {
  await page.getByRole('group', { name: 'Are you a tax resident of a country other than Australia?' }).getByLabel(answer).check();
  if (business) await page.getByRole('group', { name: 'Is the business a tax resident of a country other than Australia?' }).getByLabel(business).check();
}

async function depositAndSubmit(page: Page) {
  await expectStep(page, 5, 'Initial Deposit & Terms');
  await page.getByLabel('Initial deposit amount (AUD)').fill('1000');
  await page.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL('**/application-confirmation');
}

async function applicationId(email: string): Promise<string> {
  const rows = await query('SELECT id::text AS id FROM account_applications WHERE email = $1', [email]);
  expect(rows).toHaveLength(1);
  return rows[0]!['id'] as string;
}

test.describe('business and tax details', () => {
  test('a sole trader: ABN checked by core, the owner is the applicant, nothing lost switching accounts, stored with the TFN encrypted', async ({ page }, testInfo) => {
    test.slow();
    const errors = watchErrors(page);
    const email = runEmail(testInfo);
    await chooseAccount(page, 'Business Savings');
    // The business's identity right after the account: still step 1.
    await expectStep(page, 1, 'Business Details');
    await expect(page.locator('.wizard__progress-title')).toHaveText('Account Type');

    // Core's messages, at the field and in the summary.
    await expectNoAxeViolations(page);
    await next(page).click();
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole('link', { name: "Enter the business's ABN" })).toBeVisible();
    // The registered address is the business's, not "your" address.
    await expect(summary(page).getByRole('link', { name: "Enter the business's registered address" })).toBeVisible();
    await expect(summary(page)).not.toContainText(/\byour\b/i);
    await expectNoAxeViolations(page);
    await fillBusiness(page, { form: 'Sole trader', name: 'Jane Citizen', abn: '51 824 753 557' });
    await next(page).click();
    const abn = page.getByLabel('Australian Business Number (ABN)');
    await expect(abn).toHaveAttribute('aria-invalid', 'true');
    await expect(abn).toHaveAccessibleDescription(/check digit/i);
    await expect(summary(page).getByRole('link', { name: /check digit/i })).toBeVisible();
    await abn.fill('51 824 753 556');

    // The business page at four widths, full page, looked at afterwards.
    for (const width of [320, 375, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysScroll(page)).toBe(0);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/business-${width}.png`, fullPage: true });
      }
      await page.screenshot({ path: testInfo.outputPath(`business-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Business → personal → business: every answer stays, and it is five steps either way.
    await previous(page).click();
    await expectStep(page, 1, 'Account Type');
    await page.getByLabel('High Yield Savings', { exact: true }).check();
    await next(page).click();
    await expectStep(page, 2, 'Personal Information');
    await page.getByLabel('First name').fill('Jane');
    await previous(page).click();
    await page.getByLabel('Business Savings', { exact: true }).check();
    await next(page).click();
    await expectStep(page, 1, 'Business Details');
    await expect(page.getByLabel('Legal name')).toHaveValue('Jane Citizen');
    await expect(page.getByLabel('Australian Business Number (ABN)')).toHaveValue('51 824 753 556');
    await expect(page.getByLabel('Legal form of the business')).toHaveValue('sole_trader');
    await next(page).click();
    await expect(page.getByLabel('First name')).toHaveValue('Jane');
    await personalAndAddress(page, email);

    // Step 3's second page: the owner is the applicant, filled in from steps 2 and 3.
    await expectStep(page, 3, 'Owners & Controllers');
    await expect(page.locator('.wizard__progress-title')).toHaveText('Address Details');
    const owner = page.getByRole('group', { name: 'Owner or controller 1', exact: true });
    await expect(owner.getByLabel('Full name')).toHaveValue('Jane Citizen');
    await expect(owner.getByLabel('Year')).toHaveValue('1980');
    await expect(owner.getByLabel('Home address')).toHaveValue('1 Collins Street');
    await expect(owner.getByLabel('Postcode')).toHaveValue('3000');
    await expect(page.getByLabel('Your role in the business')).toHaveValue('sole_trader');
    await next(page).click();
    await expect(summary(page).getByRole('link', { name: 'You must confirm that you may act for the business' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(/I am authorised to act for the business/).check();
    await next(page).click();

    await employment(page);
    await expectStep(page, 4, 'Tax Residency');
    await expect(page.locator('.wizard__progress-title')).toHaveText('Employment & ID');
    await expect(page.getByText("You don't have to give us your tax file number (TFN)")).toBeVisible();
    await answerTax(page, 'No');
    await page.getByLabel('Tax file number (TFN) (optional)').fill('123 456 789');
    await next(page).click();
    await expect(page.getByLabel('Tax file number (TFN) (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await page.getByLabel('Tax file number (TFN) (optional)').fill('123 456 782');
    await next(page).click();
    // The summary: the TFN masked, the sole trader's one owner, no business residency asked.
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(answer(page, 'tax_residency.tfn')).toHaveText('*** *** 782');
    await expect(page.locator('.check-answers')).not.toContainText('123 456 782');
    await expect(answer(page, 'business.entity_type')).toHaveText('Sole trader');
    await expect(answer(page, 'business.abn')).toHaveText('51 824 753 556');
    await expect(page.locator('.summary-list__row[data-field="tax_residency.business_foreign_resident"]')).toHaveCount(0);
    await expect(page.locator('.summary-list__row[data-field="business.acn"]')).toHaveCount(0);
    await expect(groupHeadings(page).filter({ hasText: 'Owner or controller' })).toHaveText(['Owner or controller 1: Jane Citizen']);
    await depositAndSubmit(page);

    const id = await applicationId(email);
    const [business] = await query('SELECT entity_type, legal_name, abn, acn FROM application_businesses WHERE application_id = $1', [id]);
    expect(business).toEqual({ entity_type: 'sole_trader', legal_name: 'Jane Citizen', abn: '51824753556', acn: null });
    const owners = await query('SELECT full_name, date_of_birth::text AS dob, role, ownership_percent::text AS share FROM application_owners WHERE application_id = $1', [id]);
    expect(owners).toEqual([{ full_name: 'Jane Citizen', dob: '1980-05-20', role: 'owner', share: '100.00' }]);
    const [tax] = await query(
      "SELECT tfn_ciphertext IS NOT NULL AS encrypted, position('123456782' in encode(tfn_ciphertext, 'escape')) AS plain, tfn_last3, business_asked FROM application_tax_residency WHERE application_id = $1",
      [id],
    );
    expect(tax).toEqual({ encrypted: true, plain: 0, tfn_last3: '782', business_asked: false });
    expect(errors).toEqual([]);
  });

  test('a company with two directors and a 30% owner; the summary names each owner; shares over 100% say their total', async ({ page }, testInfo) => {
    test.slow();
    const email = runEmail(testInfo);
    await chooseAccount(page, 'Business Checking');
    await expectStep(page, 1, 'Business Details');
    await fillBusiness(page, { form: 'Company', name: 'Citizen Trading Pty Ltd', abn: '53 004 085 616', acn: '004 085 616' });
    await next(page).click();
    await personalAndAddress(page, email);
    await expectStep(page, 3, 'Owners & Controllers');
    await fillOwner(page, 1, { name: 'Jane Citizen', day: '20', month: '5', year: '1980', street: '1 Collins Street', role: 'Director', share: '40' });
    await page.getByRole('button', { name: 'Add another owner or controller' }).click();
    // The second owner left blank: every message in the summary says whose it is, and none
    // calls their address "your" address.
    await page.getByLabel('Your role in the business').selectOption({ label: 'Director' });
    await page.getByLabel(/I am authorised to act for the business/).check();
    await next(page).click();
    await expect(summary(page)).toBeFocused();
    for (const message of ["Enter this person's full name", 'Date of birth is required', "Enter this person's home address", 'City is required', "Please choose this person's role"]) {
      await expect(summary(page).getByRole('link', { name: `Owner or controller 2: ${message}`, exact: true })).toBeVisible();
    }
    await expect(summary(page)).not.toContainText(/\byour\b/i);
    // At the field, inside the owner's own group, the message needs no name.
    const second = page.getByRole('group', { name: 'Owner or controller 2', exact: true });
    await expect(second.getByLabel('Home address')).toHaveAccessibleDescription(/^(Error: )?Enter this person's home address$/);
    await summary(page).getByRole('link', { name: "Owner or controller 2: Enter this person's home address" }).click();
    await expect(second.getByLabel('Home address')).toBeFocused();
    await expectNoAxeViolations(page);
    await fillOwner(page, 2, { name: 'Ravi Kumar', day: '2', month: '11', year: '1975', street: '9 Flinders Lane', role: 'Director', share: '40' });
    await page.getByRole('button', { name: 'Add another owner or controller' }).click();
    await fillOwner(page, 3, { name: 'Mei Chen', day: '14', month: '2', year: '1990', street: '3 Spring Street', role: 'Owner of 25% or more', share: '30' });
    await next(page).click();
    await expect(summary(page).getByRole('link', { name: /110%/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('group', { name: 'Owner or controller 1', exact: true }).getByLabel('Share of the business they own').fill('35');
    await page.getByRole('group', { name: 'Owner or controller 2', exact: true }).getByLabel('Share of the business they own').fill('35');
    await next(page).click();
    await employment(page);
    await expectStep(page, 4, 'Tax Residency');
    await answerTax(page, 'No', 'No');
    await next(page).click();

    // Check your answers, in the order the five steps asked: the account and its business,
    // the applicant, the address and the owners with the applicant's role, employment and tax.
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(groupHeadings(page)).toHaveText([
      'Account Type',
      'Business',
      'Personal Information',
      'Address Details',
      'Owner or controller 1: Jane Citizen',
      'Owner or controller 2: Ravi Kumar',
      'Owner or controller 3: Mei Chen',
      'Your role',
      'Employment & ID',
      'Tax residency',
    ]);
    const written: Record<string, string> = {
      'business.entity_type': 'Company',
      'business.legal_name': 'Citizen Trading Pty Ltd',
      'business.trading_name': 'Not provided',
      'business.abn': '53 004 085 616',
      'business.acn': '004 085 616',
      'business.address_line1': '200 Bourke Street, Melbourne VIC 3000',
      'business.nature_of_business': 'Retail trade',
      'business.owners.1.date_of_birth': '2 November 1975',
      'business.owners.1.address_line1': '9 Flinders Lane, Melbourne VIC 3000',
      'business.owners.0.role': 'Director',
      'business.owners.0.ownership_percent': '35%',
      'business.owners.2.role': 'Owner of 25% or more',
      'business.owners.2.ownership_percent': '30%',
      'business.applicant_role': 'Director',
      'business.applicant_authorised': 'Confirmed',
      'tax_residency.foreign_resident': 'No',
      'tax_residency.business_foreign_resident': 'No',
      'tax_residency.tfn': 'Not provided',
    };
    for (const [key, value] of Object.entries(written)) await expect(answer(page, key)).toHaveText(value);
    expect(await sidewaysScroll(page)).toBe(0);
    await expectNoAxeViolations(page);
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysScroll(page)).toBe(0);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/check-answers-company-${width}.png`, fullPage: true });
      }
      await page.screenshot({ path: testInfo.outputPath(`check-answers-company-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Every answer has a Change link that opens the page holding it with focus on its input,
    // and Next comes straight back: a business row (step 1), an owner's (step 3), a tax one (step 4).
    await page.getByRole('link', { name: 'Change Australian Business Number (ABN) (Business)' }).click();
    await expectStep(page, 1, 'Business Details');
    await expect(page.getByLabel('Australian Business Number (ABN)')).toBeFocused();
    await next(page).click();
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await page.getByRole('link', { name: 'Change Full name (Owner or controller 2: Ravi Kumar)' }).click();
    await expectStep(page, 3, 'Owners & Controllers');
    const ravi = page.getByRole('group', { name: 'Owner or controller 2', exact: true }).getByLabel('Full name');
    await expect(ravi).toBeFocused();
    await ravi.fill('Ravi Kumar Singh');
    await next(page).click();
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(answer(page, 'business.owners.1.full_name')).toHaveText('Ravi Kumar Singh');
    await expect(groupHeadings(page).filter({ hasText: 'Owner or controller 2' })).toHaveText('Owner or controller 2: Ravi Kumar Singh');
    await page.getByRole('link', { name: 'Change Is the business a tax resident of a country other than Australia? (Tax residency)' }).click();
    await expectStep(page, 4, 'Tax Residency');
    await expect(page.getByRole('group', { name: 'Is the business a tax resident of a country other than Australia?' }).getByLabel('No')).toBeFocused();
    await next(page).click();
    await expectStep(page, 5, 'Initial Deposit & Terms');
    // The number of Change links: one per answer listed.
    await expect(page.locator('.check-answers').getByRole('link', { name: /^Change/ })).toHaveCount(await page.locator('.check-answers .summary-list__row').count());
    await depositAndSubmit(page);

    const id = await applicationId(email);
    const [business] = await query('SELECT entity_type, abn, acn, applicant_role FROM application_businesses WHERE application_id = $1', [id]);
    expect(business).toEqual({ entity_type: 'company', abn: '53004085616', acn: '004085616', applicant_role: 'director' });
    const owners = await query('SELECT full_name, role, ownership_percent::text AS share FROM application_owners WHERE application_id = $1 ORDER BY position', [id]);
    expect(owners).toEqual([
      { full_name: 'Jane Citizen', role: 'director', share: '35.00' },
      { full_name: 'Ravi Kumar Singh', role: 'director', share: '35.00' },
      { full_name: 'Mei Chen', role: 'owner', share: '30.00' },
    ]);
    const [tax] = await query('SELECT business_asked, tfn_ciphertext IS NULL AS no_tfn FROM application_tax_residency WHERE application_id = $1', [id]);
    expect(tax).toEqual({ business_asked: true, no_tfn: true });
  });

  test('a trust: its trustee, and the trust a tax resident elsewhere', async ({ page }, testInfo) => {
    test.slow();
    const email = runEmail(testInfo);
    await chooseAccount(page, 'Business Checking');
    await fillBusiness(page, { form: 'Trust', name: 'Citizen Family Trust', abn: '51 824 753 556' });
    await next(page).click();
    await personalAndAddress(page, email);
    await fillOwner(page, 1, { name: 'Jane Citizen', day: '20', month: '5', year: '1980', street: '1 Collins Street', role: 'Other controller', share: '' });
    await page.getByLabel('Your role in the business').selectOption({ label: 'Trustee' });
    await page.getByLabel(/I am authorised to act for the business/).check();
    await next(page).click();
    await expect(summary(page).getByRole('link', { name: 'A trust needs at least one trustee listed' })).toBeVisible();
    await page.getByRole('group', { name: 'Owner or controller 1', exact: true }).getByLabel('Role', { exact: true }).selectOption({ label: 'Trustee' });
    await next(page).click();
    await employment(page);
    await expectStep(page, 4, 'Tax Residency');
    await answerTax(page, 'No', 'Yes');
    const country = page.getByRole('group', { name: "The business's country 1", exact: true });
    await country.getByLabel('Country').selectOption({ label: 'New Zealand' });
    await country.getByLabel('Tax identification number (TIN)').fill('123-456-789');
    await expectNoAxeViolations(page);
    await next(page).click();
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(answer(page, 'business.entity_type')).toHaveText('Trust');
    await expect(answer(page, 'business.owners.0.role')).toHaveText('Trustee');
    await expect(answer(page, 'business.owners.0.ownership_percent')).toHaveText('None');
    await expect(answer(page, 'tax_residency.business_foreign_resident')).toHaveText('Yes');
    await expect(answer(page, 'tax_residency.business_countries.0.country')).toHaveText('New Zealand, TIN 123-456-789');
    await depositAndSubmit(page);

    const id = await applicationId(email);
    const [business] = await query('SELECT entity_type, applicant_role FROM application_businesses WHERE application_id = $1', [id]);
    expect(business).toEqual({ entity_type: 'trust', applicant_role: 'trustee' });
    const residencies = await query('SELECT resident, country, tin FROM application_foreign_tax_residencies WHERE application_id = $1', [id]);
    expect(residencies).toEqual([{ resident: 'business', country: 'NZ', tin: '123-456-789' }]);
  });

  test('a personal account with a foreign tax residency: five steps, tax residency in step 4, the country stored', async ({ page }, testInfo) => {
    const email = runEmail(testInfo);
    // On a phone, the collection notice is above the form, and step 2 says what is collected
    // before its first field.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/apply/account');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const notice = page.getByTestId('collection-notice');
    const noticeBox = await notice.boundingBox();
    const formBox = await page.locator('#application form').boundingBox();
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(formBox!.y);
    await page.getByLabel('Essential Checking', { exact: true }).check();
    await next(page).click();
    const collects = page.getByTestId('collection-notice-step');
    await expect(collects).toContainText('tax file number');
    await expect(collects).toContainText('owners and controllers');
    const collectsBox = await collects.boundingBox();
    const firstField = await page.getByLabel('First name').boundingBox();
    expect(collectsBox!.y + collectsBox!.height).toBeLessThanOrEqual(firstField!.y);
    expect(await sidewaysScroll(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/step2-320.png`, fullPage: true });
    await page.evaluate(() => sessionStorage.clear());
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseAccount(page, 'Essential Checking');
    await personalAndAddress(page, email);
    await employment(page);
    await expectStep(page, 4, 'Tax Residency');
    await answerTax(page, 'Yes');
    await next(page).click();
    await expect(summary(page).getByRole('link', { name: "Your country 1: Enter the tax identification number, or choose why there isn't one" })).toBeVisible();
    const country = page.getByRole('group', { name: 'Your country 1', exact: true });
    await country.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await country.getByLabel("If there's no TIN, why not").selectOption({ value: 'unable_to_obtain' });
    await country.getByLabel("Why can't a TIN be obtained?").fill('Applied for one; not issued yet');
    await next(page).click();
    // The summary: no business, the country by name with the reason there's no TIN; its Change
    // link goes back to the country.
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(groupHeadings(page)).toHaveText(['Account Type', 'Personal Information', 'Address Details', 'Employment & ID', 'Tax residency']);
    await expect(answer(page, 'tax_residency.foreign_resident')).toHaveText('Yes');
    await expect(answer(page, 'tax_residency.countries.0.country')).toHaveText("United Kingdom, no TIN: I can't get one (please explain): Applied for one; not issued yet");
    await page.getByRole('link', { name: 'Change Your country 1 (Tax residency)' }).click();
    await expectStep(page, 4, 'Tax Residency');
    await expect(page.getByRole('group', { name: 'Your country 1', exact: true }).getByLabel('Country')).toBeFocused();
    await next(page).click();
    await depositAndSubmit(page);

    const id = await applicationId(email);
    expect(await query('SELECT count(*)::int AS n FROM application_businesses WHERE application_id = $1', [id])).toEqual([{ n: 0 }]);
    const residencies = await query('SELECT resident, country, tin, no_tin_reason, no_tin_explanation FROM application_foreign_tax_residencies WHERE application_id = $1', [id]);
    expect(residencies).toEqual([
      { resident: 'applicant', country: 'GB', tin: null, no_tin_reason: 'unable_to_obtain', no_tin_explanation: 'Applied for one; not issued yet' },
    ]);
  });
});
