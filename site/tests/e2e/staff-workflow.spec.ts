/**
 * The case view's workflow in Chromium against the release server and a real PostgreSQL: a
 * reviewer claims and recommends, an approver reads the recommendation and approves through the
 * confirm step (Cancel keeps what was typed), which claims the case nobody held for him; a colleague's hold needs an explicit take-over; a
 * stale view's 409 says who changed what and when, closes the form that is no longer possible and
 * keeps the text; messages stay beside what they are about after the reload that follows a
 * change; a withdrawal records how and when; an ID number's reveal asks why and hides again. Axe
 * runs on each new state; screenshots of the case view at 320, 375, 1024 and 1280 px go to
 * test-results/ (and SHOTS_DIR when set) for a person to look at.
 *
 * Staff sessions are made as the server makes them (a row holding the token's SHA-256), as
 * server/tests/staff.rs does; staff.spec.ts covers the passkey ceremony that leads to them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { axe, sidewaysScroll } from './helpers';

const BASE = process.env['BASE_URL'] ?? 'http://127.0.0.1:8080';
const ORIGIN = BASE.replace('127.0.0.1', 'localhost');
const DATABASE_URL = process.env['E2E_DATABASE_URL'];
const SHOTS = process.env['SHOTS_DIR'] ?? 'test-results';

test.skip(!DATABASE_URL, 'needs the release server and its database (scripts/test e2e)');

let db: pg.Client;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
});
test.afterAll(async () => {
  await db.end();
});

const run = `${Date.now()}`;

/** A staff member with `roles`, signed in in a fresh browser context. */
async function signedIn(browser: Browser, name: string, roles: string[]): Promise<{ page: Page; id: number }> {
  // Short, so the staff screen's table (other specs share the database) stays within a phone.
  const email = `${name.split(' ')[0]!.toLowerCase()}-${run.slice(-6)}@banksia.bank`;
  const inserted = await db.query('INSERT INTO staff (email, display_name, roles, webauthn_id) VALUES ($1, $2, $3, gen_random_uuid()) RETURNING id', [email, name, roles]);
  const id = inserted.rows[0].id as number;
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest();
  await db.query("INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [hash, id]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: '__Host-banksia-staff', value: token, domain: 'localhost', path: '/', secure: true, httpOnly: true, sameSite: 'Strict' }]);
  return { page: await context.newPage(), id };
}

async function submit(page: Page, first: string, last: string): Promise<string> {
  const response = await page.request.post(`${ORIGIN}/api/applications`, {
    data: {
      application_type: 'savings', first_name: first, last_name: last, email: `${first.toLowerCase()}.${run}@example.com`, phone: '0412 345 678',
      date_of_birth: '1990-05-06', address_line1: '8 Wattle Road', city: 'Hobart', state: 'TAS', postal_code: '7000',
      employment_status: 'full_time', annual_income: '72000', identification_type: 'passport',
      identification_number: 'PA7654321', initial_deposit_amount: '50', terms_accepted: true,
      tax_residency: { foreign_resident: false },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

async function open(page: Page, reference: string) {
  await page.goto(`${ORIGIN}/staff/#case=${reference}`);
  await expect(page.getByRole('heading', { name: reference, level: 1 })).toBeVisible();
}

async function axeClean(page: Page) {
  expect((await axe(page).analyze()).violations).toEqual([]);
}

const feedback = (page: Page, place: string) => page.locator(`[data-feedback="${place}"]`);

/** What sticks out past the right edge, named for the failure message. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`)
      .join('; '),
  );

test('a reviewer recommends, the approver approves through the confirm step', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page: rita } = await signedIn(browser, 'Rita Reviewer', ['reviewer']);
  const { page: alex } = await signedIn(browser, 'Alex Chen', ['approver']);
  const reference = await submit(rita, 'Priya', 'Ramanathan');

  await open(rita, reference);
  await rita.getByRole('button', { name: 'Claim' }).click();
  // The message stays beside the claim after the reload that follows it.
  await expect(feedback(rita, 'assignment').getByRole('status')).toHaveText('Claimed: you hold this application.');
  await expect(rita.locator('[data-case-holder]')).toHaveText('Held by: you');
  await expect(feedback(rita, 'assignment').getByRole('status')).toHaveText('Claimed: you hold this application.');

  await rita.getByRole('button', { name: 'Recommend a decision' }).click();
  await rita.getByRole('radio', { name: 'Recommend approval' }).check();
  await rita.getByRole('button', { name: 'Record recommendation' }).click();
  // Core's text rule, as an alert beside the form; nothing typed is lost.
  await expect(feedback(rita, 'actions').getByRole('alert')).toContainText('rationale');
  await axeClean(rita);
  await rita.getByLabel('Internal rationale (not shown to the applicant)').fill('Passport verified;\nincome matches the payslip.');
  await rita.getByRole('button', { name: 'Record recommendation' }).click();
  await expect(feedback(rita, 'actions').getByRole('status')).toHaveText('Recommendation recorded; the case is released for an approver.');
  await expect(rita.locator('[data-case-holder]')).toHaveText('Held by: nobody');

  await open(alex, reference);
  const record = alex.locator('[data-rationales] li').first();
  await expect(record).toContainText('Recommended approval by Rita Reviewer');
  await expect(record).toContainText('Sydney time');
  await expect(record.locator('p')).toHaveText('Passport verified;\nincome matches the payslip.');
  // Approve, Decline and Withdraw look different.
  const classes = async (name: string) => alex.getByRole('button', { name, exact: true }).getAttribute('class');
  expect(new Set([await classes('Approve'), await classes('Decline'), await classes('Record withdrawal')]).size).toBe(3);

  // A decline with no reason is refused by core's rules before any confirm step (issue 45).
  await alex.getByRole('button', { name: 'Decline' }).click();
  await alex.getByLabel('Internal rationale (not shown to the applicant)').fill('Not eligible for this account.');
  await alex.getByRole('button', { name: 'Continue' }).click();
  await expect(feedback(alex, 'actions').getByRole('alert')).toContainText('Choose a reason for the decline.');
  await expect(alex.getByRole('group', { name: 'Decline this application?' })).toHaveCount(0);
  await alex.getByRole('button', { name: 'Cancel' }).click();

  await alex.getByRole('button', { name: 'Approve', exact: true }).click();
  const rationale = alex.getByLabel('Internal rationale (not shown to the applicant)');
  await expect(rationale).toBeFocused();
  await rationale.fill('Agree with the recommendation.');
  await alex.getByRole('button', { name: 'Continue' }).click();
  const confirm = alex.getByRole('group', { name: 'Approve this application?' });
  await expect(confirm).toContainText('Priya Ramanathan');
  await expect(confirm).toContainText(`High Yield Savings (${reference})`);
  await expect(confirm).toContainText('Agree with the recommendation.');
  await axeClean(alex);
  // Cancel goes back to the form with the rationale kept; nothing is decided.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rationale).toHaveValue('Agree with the recommendation.');
  await expect(alex.locator('[data-case-status]')).toHaveText('Under review');
  await alex.getByRole('button', { name: 'Continue' }).click();
  await expect(alex.getByRole('group', { name: 'Approve this application?' }).locator('[data-effects]')).toContainText('This is final: the application is approved.');
  await alex.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(alex.locator('[data-case-status]')).toHaveText('Approved');
  await expect(feedback(alex, 'actions').getByRole('status')).toHaveText('Approved; the applicant is emailed.');
  // The focus goes to what the step produced, not to the top of the page (issue 45).
  await expect(feedback(alex, 'actions').getByRole('status')).toBeFocused();
  // Nobody held it after the recommendation: deciding it claimed it for Alex, recorded as a claim
  // before the decision.
  await expect(alex.locator('[data-case-holder]')).toHaveText('Held by: you');
  const trail = await db.query("SELECT action FROM staff_audit WHERE application_reference = $1 AND action IN ('application.claimed', 'application.action') ORDER BY id", [reference]);
  expect(trail.rows.map((r: { action: string }) => r.action)).toEqual(['application.claimed', 'application.claimed', 'application.action']);
  await expect(alex.locator('[data-rationales] li')).toHaveCount(2);
  await axeClean(alex);

  // Screenshots of the decided case (its recommendation and decision) at four widths.
  for (const width of [320, 375, 1024, 1280]) {
    await alex.setViewportSize({ width, height: 900 });
    await open(alex, reference);
    await alex.screenshot({ path: `${SHOTS}/case-decided-${width}.png`, fullPage: true });
    expect(await sidewaysScroll(alex), `case at ${width}: ${await overflowing(alex)}`).toBe(0);
  }
});

test('a held case needs a take-over; a stale view is told who changed what and keeps its text', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page: sam } = await signedIn(browser, 'Sam Stale', ['reviewer']);
  const { page: tia } = await signedIn(browser, 'Tia Taker', ['approver']);
  const reference = await submit(sam, 'Noah', 'Williams');

  await open(sam, reference);
  await sam.getByRole('button', { name: 'Claim' }).click();
  await expect(sam.locator('[data-case-holder]')).toHaveText('Held by: you');

  // Tia sees who holds it; her Claim is not offered, a take-over is, with a confirm step.
  await open(tia, reference);
  await expect(tia.locator('[data-case-holder]')).toHaveText('Held by: Sam Stale');
  await expect(tia.getByRole('button', { name: 'Claim' })).toHaveCount(0);
  await expect(tia.getByText('Sam Stale holds this application: take it over to act on it.')).toBeVisible();
  await tia.getByRole('button', { name: 'Take over from Sam Stale' }).click();
  await expect(tia.getByRole('group', { name: 'Take over from Sam Stale?' })).toContainText('recorded');
  await axeClean(tia);
  await tia.getByRole('button', { name: 'Yes, take over' }).click();
  await expect(feedback(tia, 'assignment').getByRole('status')).toHaveText('Taken over: you hold this application.');
  await expect(tia.locator('[data-case-holder]')).toHaveText('Held by: you');

  // Sam, still on his old view, asks for information: the focus goes to the message box, and
  // the 409 says who took it over and when, closes the form and keeps his message.
  await sam.getByRole('button', { name: 'Request information' }).click();
  const box = sam.getByLabel('Message to the applicant');
  await expect(box).toBeFocused();
  await box.fill('Please send a certified copy of your passport photo page.');
  await sam.getByRole('button', { name: 'Send request' }).click();
  const alert = feedback(sam, 'actions').getByRole('alert');
  await expect(alert).toContainText(/Tia Taker took over this application at \d\d:\d\d \(Sydney time\) while you were reading it\./);
  await expect(alert).toContainText('form is closed');
  await expect(alert.getByLabel('Your message (kept so you can copy it)')).toHaveValue('Please send a certified copy of your passport photo page.');
  await expect(box).toHaveCount(0);
  await expect(sam.locator('[data-case-holder]')).toHaveText('Held by: Tia Taker');
  await axeClean(sam);
  for (const width of [320, 375, 1024, 1280]) {
    await sam.setViewportSize({ width, height: 900 });
    await sam.screenshot({ path: `${SHOTS}/case-conflict-${width}.png`, fullPage: true });
    expect(await sidewaysScroll(sam), `conflict at ${width}`).toBe(0);
  }
  await sam.setViewportSize({ width: 1280, height: 900 });

  // Tia hands it back to Sam by name.
  await tia.getByLabel('Hand it to a colleague').selectOption({ label: 'Sam Stale' });
  await tia.getByRole('button', { name: 'Hand over' }).click();
  await expect(feedback(tia, 'assignment').getByRole('status')).toHaveText('Handed to Sam Stale: they hold this application now.');
  const events = await db.query('SELECT action FROM staff_audit WHERE application_reference = $1 ORDER BY id', [reference]);
  expect(events.rows.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['application.claimed', 'application.taken_over', 'application.reassigned']));
});

test('notes keep their lines, a reveal asks why and hides, a withdrawal records how and when', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await signedIn(browser, 'Wen Worker', ['reviewer']);
  const reference = await submit(page, 'Olivia', 'Brown');
  await open(page, reference);

  await page.getByLabel('Add a note').fill('Called the applicant.\nShe will send the payslip.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(feedback(page, 'note').getByRole('status')).toHaveText('Note added.');
  await expect(page.locator('.staff-notes li p').last()).toHaveText('Called the applicant.\nShe will send the payslip.');
  expect(await page.locator('.staff-notes li p').last().evaluate((p) => p.getBoundingClientRect().height)).toBeGreaterThan(30);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(feedback(page, 'note').getByRole('alert')).toContainText('at least 10');

  // The reveal asks why first; the reason is in the audit row; Hide masks it again.
  await page.getByRole('button', { name: 'Reveal identification number' }).click();
  const why = page.getByLabel('Why do you need to see it? (recorded)');
  await expect(why).toBeFocused();
  await axeClean(page);
  await why.selectOption('verify_document');
  await page.getByRole('button', { name: 'Reveal (recorded)' }).click();
  await expect(page.locator('[data-revealed="identification_number"]')).toHaveText('PA7654321');
  const audit = await db.query("SELECT detail FROM staff_audit WHERE application_reference = $1 AND action = 'application.id_revealed'", [reference]);
  expect(audit.rows[0].detail.reason).toBe('verify_document');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.locator('[data-revealed]')).toHaveCount(0);
  await expect(page.locator('dd', { hasText: '••••••321' })).toBeVisible();

  // The deposit, the accepted versions, the phone as written here.
  await expect(page.locator('dd', { hasText: '0412 345 678' })).toBeVisible();
  const answer = (label: string) => page.locator('.staff-answers > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(answer('Initial deposit')).toHaveText('$50');
  await expect(answer('Terms and conditions accepted')).toContainText('Version');

  // A withdrawal: how and when, restated before it is recorded, destructive-looking.
  await page.getByRole('button', { name: 'Record withdrawal' }).click();
  await page.getByLabel('How did the applicant ask?').selectOption({ label: 'Phone call' });
  // With no time it never reaches "This closes the application for good".
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(feedback(page, 'actions').getByRole('alert')).toContainText('Give the date and time the applicant asked to withdraw');
  await expect(page.getByRole('group', { name: "Record this application's withdrawal?" })).toHaveCount(0);
  const now = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Australia/Sydney', dateStyle: 'short', timeStyle: 'short' }).format(new Date()).replace(' ', 'T');
  await page.getByLabel('When did they ask? (Sydney time)').fill(now);
  await page.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('group', { name: "Record this application's withdrawal?" });
  await expect(confirm).toContainText('Olivia Brown');
  await expect(confirm).toContainText('Phone call');
  const yes = confirm.getByRole('button', { name: 'Yes, record the withdrawal' });
  await expect(yes).toHaveClass(/button--danger-outline/);
  await axeClean(page);
  await yes.click();
  await expect(page.locator('[data-case-status]')).toHaveText('Withdrawn');
  await expect(page.locator('[data-withdrawal]')).toContainText('by phone call');
  await expect(feedback(page, 'actions').getByRole('status')).toHaveText('Withdrawal recorded; the applicant is emailed.');
  await expect(page.locator('[data-case-holder]')).toHaveText('Held by: you');
  for (const width of [320, 375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/case-withdrawn-${width}.png`, fullPage: true });
    expect(await sidewaysScroll(page), `withdrawn at ${width}`).toBe(0);
  }
});

test("a business account needs two approvers: the first's approval waits, the second confirms", async ({ browser }) => {
  test.setTimeout(90_000);
  const { page: ann } = await signedIn(browser, 'Ann Approver', ['approver']);
  const { page: ben } = await signedIn(browser, 'Ben Approver', ['approver']);
  const response = await ann.request.post(`${ORIGIN}/api/applications`, {
    data: {
      application_type: 'business_checking', first_name: 'Charlotte', last_name: 'Nguyen', email: `charlotte.${run}@example.com`, phone: '0412 345 678',
      date_of_birth: '1990-04-15', address_line1: '12 Banksia Street', city: 'Melbourne', state: 'VIC', postal_code: '3000',
      employment_status: 'self_employed', annual_income: '120000', identification_type: 'passport',
      identification_number: 'PA1234567', initial_deposit_amount: '500', terms_accepted: true,
      business: {
        entity_type: 'company', legal_name: 'Nguyen Holdings Pty Ltd', abn: '53 004 085 616', acn: '004 085 616',
        address_line1: '200 Collins Street', city: 'Melbourne', state: 'VIC', postal_code: '3000', nature_of_business: 'retail_trade',
        owners: [
          { full_name: 'Charlotte Nguyen', date_of_birth: '1990-04-15', address_line1: '12 Banksia Street', city: 'Melbourne', state: 'VIC', postal_code: '3000', role: 'director', ownership_percent: '100' },
        ],
        applicant_role: 'director', applicant_authorised: true,
      },
      tax_residency: { foreign_resident: false, business_foreign_resident: false },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const reference = ((await response.json()) as { reference: string }).reference;

  // Ann's approval is the first of two: the case stays under review, waiting, and released.
  await open(ann, reference);
  await ann.getByRole('button', { name: 'Approve', exact: true }).click();
  await ann.getByLabel('Internal rationale (not shown to the applicant)').fill('ABN, directors and ID checked.');
  await ann.getByRole('button', { name: 'Continue' }).click();
  // The confirm step names who and what, and says what core decided: the first of two approvals,
  // never "This is final" (issue 45).
  const first = ann.getByRole('group', { name: 'Approve this application?' });
  await expect(first).toContainText('Charlotte Nguyen');
  await expect(first).toContainText(reference);
  await expect(first.locator('[data-effects]')).toContainText('This is the first of two approvals');
  await expect(first).not.toContainText('This is final');
  await ann.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(feedback(ann, 'actions').getByRole('status')).toHaveText('First approval recorded; a second approver must confirm it.');
  await expect(ann.locator('[data-case-status]')).toHaveText('Under review');
  await expect(ann.locator('p', { has: ann.locator('[data-case-status]') })).toContainText('(waiting for a second approver)');
  // She can't confirm her own approval: the console doesn't offer it.
  await expect(ann.getByRole('button', { name: 'Confirm approval' })).toHaveCount(0);
  await axeClean(ann);

  // Ben sees her approval and her rationale, and confirms through the confirm step.
  await open(ben, reference);
  await expect(ben.locator('[data-rationales] li').first()).toContainText('Ann Approver');
  await expect(ben.locator('[data-rationales] li').first()).toContainText('ABN, directors and ID checked.');
  await ben.getByRole('button', { name: 'Confirm approval' }).click();
  await ben.getByLabel('Internal rationale (not shown to the applicant)').fill("Checked Ann's approval against the register.");
  await ben.getByRole('button', { name: 'Continue' }).click();
  const confirm = ben.getByRole('group', { name: 'Confirm the approval of this application?' });
  await expect(confirm).toContainText('Charlotte Nguyen');
  await axeClean(ben);
  await ben.getByRole('button', { name: 'Yes, confirm the approval' }).click();
  await expect(ben.locator('[data-case-status]')).toHaveText('Approved');
  await expect(feedback(ben, 'actions').getByRole('status')).toHaveText('Approval confirmed; the applicant is emailed.');
  // Both decisions are on the record, each with who made it.
  await expect(ben.locator('[data-rationales] li')).toHaveCount(2);
  await expect(ben.locator('[data-rationales] li').nth(1)).toContainText('Ben Approver');
});

test('the session warns before its absolute end, says when in Sydney time, and clears the screen at it', async ({ browser }) => {
  test.setTimeout(60_000);
  const { page, id } = await signedIn(browser, 'Eve Ending', ['reviewer']);
  const reference = await submit(page, 'Mia', 'Clarke');
  // The session's eight hours are nearly up: six minutes left.
  const ends = (await db.query("UPDATE staff_sessions SET expires_at = now() + interval '6 minutes' WHERE staff_id = $1 RETURNING expires_at", [id])).rows[0].expires_at as Date;
  await open(page, reference);
  // The server tells the console the end (the row's) and the seconds to it.
  const me = await page.evaluate(async () => (await fetch('/api/staff/me')).json());
  expect(me.session_ends_at).toBe(ends.toISOString().replace(/\.\d+Z$/, 'Z'));
  expect(me.session_seconds_left).toBeGreaterThan(0);
  expect(me.session_seconds_left).toBeLessThanOrEqual(360);

  // The console counts on its own clock from the seconds left, so its minute may be the one before.
  const clock = (at: Date) => new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const said = (at: Date) => `Your session ends at ${clock(at)} (Sydney time). Save your work; you'll need to sign in again with your passkey.`;
  const warning = page.locator('[data-session-end-warning]');
  await expect(warning.getByRole('alert')).toHaveText(new RegExp(`^(${[said(ends), said(new Date(ends.getTime() - 2000))].map((s) => s.replace(/[.()?]/g, '\\$&')).join('|')})$`));
  // Nothing to extend: one button, which gives the focus back.
  await expect(warning.getByRole('button')).toHaveCount(1);
  await expect(warning.getByRole('button', { name: 'OK' })).toBeFocused();
  await axeClean(page);
  for (const width of [320, 375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/session-end-warning-${width}.png` });
    expect(await sidewaysScroll(page), `warning at ${width}`).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: reference, level: 1 })).toBeFocused();

  // At the end the console signs out and drops the case: the applicant's name goes, so does the
  // address naming the case, and the sign-in says why.
  await db.query("UPDATE staff_sessions SET expires_at = now() + interval '2 seconds' WHERE staff_id = $1", [id]);
  await page.reload();
  await expect(page.locator('[data-signin-message]')).toHaveText('You were signed out because your session reached its time limit. Sign in again with your passkey to carry on.', { timeout: 15_000 });
  await expect(page.getByText('Mia Clarke')).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
});
