/**
 * The applicant's whole journey against the release server, a real PostgreSQL and the mail
 * worker writing `.eml` files (scripts/test sets E2E_MAIL_DIR as the server's MAIL_DIR; by hand,
 * against scripts/start, the default `.data/mail`): the wizard, submit, the confirmation page,
 * exactly one email holding the reference shown, and browser Back. The one change before sending
 * goes through step 5's "Check your answers" summary. A second journey, at 375 and 1280 px, sends a
 * postcode outside the chosen state: core's warning at step 3 is the one the server's 201 carries
 * to the confirmation page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sidewaysScroll, watchErrors } from './helpers';

const MAIL_DIR = process.env['E2E_MAIL_DIR'] ?? resolve(process.cwd(), '../.data/mail');

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const stepHeading = (page: Page) => page.locator('#application-step-heading');

async function expectStep(page: Page, step: number, title: string) {
  await expect(stepHeading(page)).toHaveText(`Step ${step} of 5: ${title}`);
}

/** The `.eml` files in the mail directory that mention `needle` (headers unfolded). */
function emailsMentioning(needle: string): string[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(MAIL_DIR, name), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    .filter((text) => text.includes(needle));
}

/** Step 1: Essential Checking. */
async function startApplication(page: Page) {
  await page.goto('/apply/account');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expectStep(page, 1, 'Account Type');
  await page.getByLabel('Essential Checking', { exact: true }).check();
  await next(page).click();
}

/** Step 2, answered for Mia at `email`, then Next. */
async function answerPersonal(page: Page, email: string) {
  await expectStep(page, 2, 'Personal Information');
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Papadopoulos');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('0412 345 678');
  await page.getByLabel('Day').fill('3');
  await page.getByLabel('Month').fill('9');
  await page.getByLabel('Year').fill('1988');
  await next(page).click();
}

/** Step 3's answers, the focus left in the postal code (the caller goes on with Next). */
async function answerAddress(page: Page, address: { city: string; state: string; postcode: string }) {
  await expectStep(page, 3, 'Address Details');
  await page.getByLabel('Street address').fill('27 Wattle Road');
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').selectOption({ label: address.state });
  await page.getByLabel('Postcode').fill(address.postcode);
}

/** Step 4, tax residency (no foreign residency), then the deposit and terms (not sent). */
async function answerEmploymentAndDeposit(page: Page) {
  await expectStep(page, 4, 'Employment & ID');
  await page.getByLabel('Employment status').selectOption({ label: 'Part-time' });
  await page.getByLabel('Annual income (AUD)').fill('52000');
  await page.getByLabel('Identification type').selectOption({ label: "Driver's licence" });
  await page.getByLabel('Identification number').fill('TAS123456');
  await next(page).click();

  // Tax residency, step 4's second page: every account is asked.
  await expectStep(page, 4, 'Tax Residency');
  await page.getByRole('group', { name: 'Are you a tax resident of a country other than Australia?' }).getByLabel('No').check();
  await next(page).click();

  await expectStep(page, 5, 'Initial Deposit & Terms');
  await page.getByLabel('Initial deposit amount (AUD)').fill('100');
  await page.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }).check();
}

/** A distinct address per run, so this run's email can be told apart. */
const runEmail = () => `mia.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com.au`;

test.describe('the applicant journey', () => {
  // As most visitors have it: smooth scrolling and the progress bar's transition (the other
  // specs reduce motion, playwright.config.ts).
  test.use({ reducedMotion: 'no-preference' });
  test('apply, see the reference, get exactly one email with it, and Back shows a fresh start', async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const email = runEmail();

    await startApplication(page);
    await answerPersonal(page, email);
    await answerAddress(page, { city: 'Hobart', state: 'Tasmania', postcode: '7000' });
    await next(page).click();
    await answerEmploymentAndDeposit(page);

    // One change before sending, through the summary: its Change link, a new first name, and
    // Next returns straight to step 5.
    const firstName = page.locator('.summary-list__row[data-field="first_name"] .summary-list__value');
    await expect(firstName).toHaveText('Mia');
    await expect(page.locator('.summary-list__row[data-field="state"] .summary-list__value')).toHaveText('Tasmania');
    await page.getByRole('link', { name: 'Change First name' }).click();
    await expectStep(page, 2, 'Personal Information');
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('Amelia');
    await next(page).click();
    await expectStep(page, 5, 'Initial Deposit & Terms');
    await expect(firstName).toHaveText('Amelia');
    await page.screenshot({ path: testInfo.outputPath('journey-check-answers.png'), fullPage: true });
    await expect(page.getByLabel('Initial deposit amount (AUD)')).toHaveValue('100');
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await page.waitForURL('**/application-confirmation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application submitted successfully');
    const reference = (await page.locator('[data-reference]').innerText()).trim();
    expect(reference).toMatch(/^BKS-/);
    await expect(page.getByText(`We've emailed a confirmation to m****@example.com.au.`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('journey-confirmation.png'), fullPage: true });

    // The mail worker writes the email at once; exactly one holds this reference.
    await expect.poll(() => emailsMentioning(reference).length, { timeout: 10_000 }).toBe(1);
    const message = emailsMentioning(reference)[0]!;
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain(`Subject: We've received your Essential Checking application: reference ${reference}`);
    expect(message).toContain('Auto-Submitted: auto-generated');
    expect(message).toContain('Hi Amelia,');
    expect(message).not.toContain('Hi Mia,');
    expect(message).not.toContain('Papadopoulos');

    // Back: a fresh wizard with a note that the application was sent, nothing resubmitted.
    await page.goBack();
    await expect(page).toHaveURL(/\/apply\/account$/);
    await expectStep(page, 1, 'Account Type');
    const note = page.getByRole('status').filter({ hasText: 'Your application has been sent.' });
    await expect(note).toBeVisible();
    await expect(note).toContainText(reference);
    await expect(page.getByLabel('Essential Checking', { exact: true })).not.toBeChecked();
    await expect(page.getByTestId('toast-success')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('journey-back.png'), fullPage: true });
    await page.waitForTimeout(1000);
    expect(emailsMentioning(email)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  for (const width of [375, 1280]) {
    test(`a postcode outside the state: the wizard warns, sends, and the confirmation says we will check it, in core's words (${width} px)`, async ({
      page,
    }, testInfo) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await startApplication(page);
      await answerPersonal(page, runEmail());
      // 2000 is a Sydney postcode: core warns about it in Victoria and never blocks.
      await answerAddress(page, { city: 'Melbourne', state: 'Victoria', postcode: '2000' });
      await page.getByLabel('Postcode').blur();
      const inline = page.locator('#application-postal_code-warning');
      await expect(inline).toContainText("This postcode isn't in Victoria.");
      // What it says after its icon and the screen reader's "Warning:".
      const warned = (await inline.innerText()).split('Warning:').pop()!.trim();
      await page.screenshot({ path: testInfo.outputPath(`warning-step3-${width}.png`), fullPage: true });
      await next(page).click();
      await answerEmploymentAndDeposit(page);
      await page.getByRole('button', { name: 'Submit Application' }).click();

      await page.waitForURL('**/application-confirmation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application submitted successfully');
      await expect(page.locator('[data-reference]')).toHaveText(/^BKS-/);
      const note = page.locator('[data-warnings-note]');
      await expect(note).toBeVisible();
      await expect(note).toContainText("We'll check this with you.");
      // The server's 201 carried core's warning: the same words the wizard showed at step 3.
      await expect(note.getByRole('listitem')).toHaveText([warned]);
      const overflow = await sidewaysScroll(page);
      expect(overflow).toBeLessThanOrEqual(0);
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`warning-confirmation-${width}.png`) });
      expect(errors).toEqual([]);
    });
  }
});
