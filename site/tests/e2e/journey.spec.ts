/**
 * The applicant's whole journey against the release server, a real PostgreSQL and the mail
 * worker writing `.eml` files (scripts/test sets E2E_MAIL_DIR as the server's MAIL_DIR; by hand,
 * against scripts/start, the default `.data/mail`): the wizard, submit, the confirmation page,
 * exactly one email holding the reference shown, and browser Back. The one change before sending
 * goes through step 5's "Check your answers" summary.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

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

test.describe('the applicant journey', () => {
  test('apply, see the reference, get exactly one email with it, and Back shows a fresh start', async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const email = `mia.${run}@example.com.au`;

    await page.goto('/apply/account');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expectStep(page, 1, 'Account Type');
    await page.getByLabel('Essential Checking', { exact: true }).check();
    await next(page).click();

    await expectStep(page, 2, 'Personal Information');
    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Papadopoulos');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Phone number').fill('0412 345 678');
    await page.getByLabel('Day').fill('3');
    await page.getByLabel('Month').fill('9');
    await page.getByLabel('Year').fill('1988');
    await next(page).click();

    await expectStep(page, 3, 'Address Details');
    await page.getByLabel('Street address').fill('27 Wattle Road');
    await page.getByLabel('City').fill('Hobart');
    await page.getByLabel('State').selectOption({ label: 'Tasmania' });
    await page.getByLabel('Postal code').fill('7000');
    await next(page).click();

    await expectStep(page, 4, 'Employment & ID');
    await page.getByLabel('Employment status').selectOption({ label: 'Part-time' });
    await page.getByLabel('Annual income (AUD)').fill('52000');
    await page.getByLabel('Identification type').selectOption({ label: "Driver's licence" });
    await page.getByLabel('Identification number').fill('TAS123456');
    await next(page).click();

    await expectStep(page, 5, 'Initial Deposit & Terms');
    await page.getByLabel('Initial deposit amount (AUD)').fill('100');
    await page.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }).check();

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
    expect(message).toContain(`Subject: We've received your application: reference ${reference}`);
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
});
