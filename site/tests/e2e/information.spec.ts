/**
 * An applicant answers an information request, end to end in Chromium against the release
 * server, a real PostgreSQL and the mail worker's files: a reviewer (a passkey on Chromium's
 * virtual authenticator) asks for information; the email says how to answer; on the status page
 * a renamed file and an oversized one are refused with the message kept, the refusal naming the
 * file and taking focus; a PDF and a PNG with a note as short as "Attached" are accepted (the
 * help beside the message says so, in core's words); the case is back in the queue as "Information received" and the reviewer downloads
 * the PDF (audited). The answer form is checked with axe in each state and photographed at 320,
 * 375, 1024 and 1280 px (test-results/information-answer-*.png).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { axe, sidewaysScroll } from './helpers';
import { emailsWith, requestStatusLink } from './mailbox';

const BASE = process.env['BASE_URL'] ?? 'http://127.0.0.1:8080';
const ORIGIN = BASE.replace('127.0.0.1', 'localhost');
const SERVER_BIN = process.env['E2E_SERVER_BIN'];
const DATABASE_URL = process.env['E2E_DATABASE_URL'];
const SHOTS = process.env['SHOTS_DIR'] ?? 'test-results';

test.skip(!SERVER_BIN || !DATABASE_URL, 'needs the release server and its database (scripts/test e2e)');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(64),
  Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
]);
/** A GIF, named and declared as a PDF: the server reads the content. */
const RENAMED = Buffer.from('GIF89a\x01\x00\x01\x00 an image the bank does not take, named passport.pdf');

test('information request, the applicant answers with documents, staff download them', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const email = `answer-e2e-${Date.now()}@example.com`;
    const submitted = await request.post(`${ORIGIN}/api/applications`, {
      data: {
        application_type: 'savings', first_name: 'Mei', last_name: 'Lindqvist', email, phone: '0412 345 679',
        date_of_birth: '1988-07-09', address_line1: '14 Banksia Street', city: 'Geelong', state: 'VIC', postal_code: '3220',
        employment_status: 'full_time', annual_income: '81000', identification_type: 'passport',
        identification_number: 'PB1234567', initial_deposit_amount: '50', terms_accepted: true,
        tax_residency: { foreign_resident: false },
      },
    });
    expect(submitted.status()).toBe(201);
    const reference = ((await submitted.json()) as { reference: string }).reference;

    // A reviewer with a passkey (invited from the command line, registered in Chromium).
    const staffEmail = `reviewer-${Date.now()}@banksia.bank`;
    const printed = execFileSync(SERVER_BIN!, ['staff', 'invite', '--email', staffEmail, '--role', 'reviewer'], {
      env: { ...process.env, DATABASE_URL: DATABASE_URL!, PORT: new URL(ORIGIN).port, RUST_LOG: 'warn' },
    }).toString();
    const invite = /(http:\/\/localhost:\d+\/staff\/register\/#token=[A-Za-z0-9_-]{43})/.exec(printed)?.[1];
    expect(invite, printed).toBeTruthy();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(invite!);
    await page.getByLabel('Your name (as colleagues see it)').fill('Riley Reviewer');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();

    // The reviewer asks for information.
    await page.goto(`${ORIGIN}/staff/#case=${reference}`);
    await expect(page.getByRole('heading', { name: reference })).toBeVisible();
    await page.getByRole('button', { name: 'Request information' }).click();
    await page.getByLabel('Message to the applicant').fill('Please send the photo page of your passport.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.locator('[data-case-status]')).toHaveText('Information requested');

    // The email says how to answer: the status page, what can be sent.
    await expect.poll(() => emailsWith('We need more information', reference).length, { timeout: 15_000 }).toBe(1);
    const asked = emailsWith('We need more information', reference)[0]!;
    expect(asked).toContain(`${ORIGIN}/application-status`);
    expect(asked).toContain('attach up to 3 documents (PDF, JPEG or PNG, up to 5 MB each)');
    expect(asked).not.toContain('Reply to our email');

    // The applicant opens the status link: the request and the answer form.
    const applicant = await page.context().browser()!.newContext();
    const mine = await applicant.newPage();
    await mine.goto(await requestStatusLink(mine, ORIGIN, reference, email));
    await expect(mine.getByRole('heading', { name: 'We need more information' })).toBeVisible();
    await expect(mine.getByText('Please send the photo page of your passport.')).toBeVisible();
    const form = mine.locator('[data-answer-form]');
    await expect(form).toBeVisible();
    await expect(form).toContainText('Attach up to 3 documents: PDF, JPEG or PNG files, up to 5 MB each.');
    await expect(mine.locator('#answer-message-help')).toHaveText(
      'With a document attached, the message is up to you: leave it empty or write a few words. Without one, write at least 10 characters.',
    );
    expect((await axe(mine).analyze()).violations).toEqual([]);
    const message = mine.getByLabel('Your message');
    await message.fill('Here is my passport photo page.\nThe licence is the second file.');
    for (const width of [320, 375, 1024, 1280]) {
      await mine.setViewportSize({ width, height: 900 });
      expect(await sidewaysScroll(mine), `status page at ${width}`).toBe(0);
      await form.scrollIntoViewIfNeeded();
      await mine.screenshot({ path: `${SHOTS}/information-answer-${width}.png`, fullPage: true });
    }
    await mine.setViewportSize({ width: 1280, height: 900 });

    // A renamed file: refused by the server, by content; the message stays.
    const files = mine.getByLabel('Documents (optional)');
    await files.setInputFiles([{ name: 'passport.pdf', mimeType: 'application/pdf', buffer: RENAMED }]);
    await mine.getByRole('button', { name: 'Send my answer' }).click();
    const error = mine.locator('[data-answer-error]');
    await expect(error).toContainText(`"passport.pdf" isn't a PDF, JPEG or PNG file`);
    await expect(error).toBeFocused();
    await expect(message).toHaveValue('Here is my passport photo page.\nThe licence is the second file.');
    expect((await axe(mine).analyze()).violations).toEqual([]);
    await mine.screenshot({ path: `${SHOTS}/information-answer-error-1280.png`, fullPage: true });

    // Too large: said before sending, naming the file; the message stays.
    await files.setInputFiles([{ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }]);
    await mine.getByRole('button', { name: 'Send my answer' }).click();
    await expect(error).toContainText('scan.pdf is larger than 5 MB');
    await expect(message).toHaveValue('Here is my passport photo page.\nThe licence is the second file.');

    // A PDF and a PNG: accepted; the page says so.
    await files.setInputFiles([
      { name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'licence.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(mine.locator('[data-answer-files] li')).toHaveCount(2);
    await message.fill('Attached');
    await mine.getByRole('button', { name: 'Send my answer' }).click();
    await expect(mine.getByRole('heading', { name: "We've received your information" })).toBeVisible();
    await expect(form).toBeHidden();
    expect((await axe(mine).analyze()).violations).toEqual([]);
    await mine.screenshot({ path: `${SHOTS}/information-answer-done-1280.png`, fullPage: true });
    await applicant.close();

    // Back in the reviewer's open queue, marked; the case shows the answer and downloads.
    await page.goto(`${ORIGIN}/staff/`);
    await page.getByLabel('Reference, name or email (part of it, 3 characters or more)').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator(`tr[data-reference="${reference}"]`)).toContainText('Information received');
    await page.goto(`${ORIGIN}/staff/#case=${reference}`);
    await expect(page.locator('[data-case-status]')).toHaveText('Information received');
    const answers = page.locator('[data-information-received]');
    await expect(answers).toContainText('Attached');
    expect((await axe(page).analyze()).violations).toEqual([]);
    const downloading = page.waitForEvent('download');
    await answers.getByRole('button', { name: /^Download Document 1 \(PDF, 1 KB\)$/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${reference}-answer-\\d+-document-1\\.pdf$`));
    expect(readFileSync((await download.path())!)).toEqual(PDF);
    await expect(page.locator('[data-information-message]')).toContainText('recorded in the audit log');
    const audited = await db.query(
      "SELECT count(*)::int AS n FROM staff_audit WHERE action = 'application.document_downloaded' AND application_reference = $1",
      [reference],
    );
    expect(audited.rows[0].n).toBe(1);
  } finally {
    await db.end();
  }
});
