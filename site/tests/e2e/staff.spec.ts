/**
 * The bank's side, end to end, in Chromium at 1280 px against the release server, a real
 * PostgreSQL and the mail worker's `.eml` files: an administrator invited from the command line
 * registers a passkey (Chromium's virtual authenticator through CDP, the real WebAuthn ceremony
 * verified by webauthn-rs), signs out and in again, finds a freshly submitted application in the
 * queue, opens it (audited), requests information; the applicant's email arrives and the status
 * page shows the request; the approver approves; the decision email arrives once and the status
 * page says approved.
 *
 * WebAuthn refuses IP addresses, so the browser uses `localhost` (the server's default
 * PUBLIC_ORIGIN is http://localhost:{PORT}).
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { axe, sidewaysScroll } from './helpers';
import { emailsWith, requestStatusLink } from './mailbox';

const BASE = process.env['BASE_URL'] ?? 'http://127.0.0.1:8080';
const ORIGIN = BASE.replace('127.0.0.1', 'localhost');
const SERVER_BIN = process.env['E2E_SERVER_BIN'];
const DATABASE_URL = process.env['E2E_DATABASE_URL'];

test.skip(!SERVER_BIN || !DATABASE_URL, 'needs the release server and its database (scripts/test e2e)');

test('invite, passkey, queue, case, information request, status page, approval, decision email', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    // A fresh application from the public API.
    const email = `staff-e2e-${Date.now()}@example.com`;
    const submitted = await request.post(`${ORIGIN}/api/applications`, {
      data: {
        application_type: 'checking', first_name: 'Priya', last_name: 'Ramanathan', email, phone: '0412 345 678',
        date_of_birth: '1991-02-03', address_line1: '8 Wattle Road', city: 'Hobart', state: 'TAS', postal_code: '7000',
        employment_status: 'full_time', annual_income: '72000', identification_type: 'passport',
        identification_number: 'PA7654321', initial_deposit_amount: '50', terms_accepted: true,
        tax_residency: { foreign_resident: false },
      },
    });
    expect(submitted.status()).toBe(201);
    const reference = ((await submitted.json()) as { reference: string }).reference;

    // The first administrator (who also reviews and approves), invited from the command line.
    const port = new URL(ORIGIN).port;
    const printed = execFileSync(SERVER_BIN!, ['staff', 'invite', '--email', 'first.admin@banksia.bank', '--role', 'admin', '--role', 'reviewer', '--role', 'approver'], {
      env: { ...process.env, DATABASE_URL: DATABASE_URL!, PORT: port, RUST_LOG: 'warn' },
    }).toString();
    const invite = /(http:\/\/localhost:\d+\/staff\/register\/#token=[A-Za-z0-9_-]{43})/.exec(printed)?.[1];
    expect(invite, printed).toBeTruthy();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    // Passkey registered: signed in, on the console.
    await page.goto(invite!);
    await page.getByLabel('Your name (as colleagues see it)').fill('Alex Admin');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();

    // Sign out, and in again with the passkey.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Work email').fill('first.admin@banksia.bank');
    await page.getByRole('button', { name: 'Sign in with passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
    // The focus is on the screen signed in to, and the sign-in is announced (issue 45).
    await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeFocused();
    await expect(page.locator('[data-signed-in]')).toHaveText('Signed in as Alex Admin.');
    expect((await axe(page).analyze()).violations).toEqual([]);

    // The fresh application is in the queue; its case view is audited.
    await page.getByLabel('Reference, name or email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`tr[data-reference="${reference}"]`);
    await expect(row).toContainText('Priya Ramanathan');
    await row.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { name: reference })).toBeFocused();
    await expect(page.locator('dd', { hasText: '••••••321' })).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    // The queue and the case view on phones and a small laptop: screenshots for a person to look
    // at (test-results/staff-*.png); nothing makes the page scroll sideways; on a phone each of
    // the queue's stacked values says what it is.
    for (const width of [320, 375, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      // Searched by its reference: other specs share the queue and may submit dozens of newer
      // applications meanwhile (the queue spec submits 41).
      await page.goto(`${ORIGIN}/staff/?sort=newest&q=${reference}`);
      await expect(page.locator(`tr[data-reference="${reference}"]`)).toBeVisible();
      await page.screenshot({ path: `test-results/staff-queue-${width}.png`, fullPage: true });
      expect(await sidewaysScroll(page), `queue at ${width}`).toBe(0);
      if (width < 768) {
        const ageLabel = await page.locator(`tr[data-reference="${reference}"] td[data-label^="Age"]`).evaluate((cell) => getComputedStyle(cell, '::before').content);
        expect(ageLabel).toBe('"Age (business days)"');
      }
      await page.goto(`${ORIGIN}/staff/#case=${reference}`);
      await expect(page.getByRole('heading', { name: reference })).toBeVisible();
      await page.screenshot({ path: `test-results/staff-case-${width}.png`, fullPage: true });
      expect(await sidewaysScroll(page), `case at ${width}`).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${ORIGIN}/staff/#case=${reference}`);
    await expect(page.getByRole('heading', { name: reference })).toBeVisible();
    const viewed = await db.query("SELECT count(*)::int AS n FROM staff_audit WHERE action = 'application.viewed' AND application_reference = $1", [reference]);
    expect(viewed.rows[0].n).toBeGreaterThan(0);

    // Request information (keyboard: the button, the message, the submit).
    await page.getByRole('button', { name: 'Request information' }).press('Enter');
    await page.getByLabel('Message to the applicant').fill('Please send a certified copy of your passport photo page.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.locator('[data-case-status]')).toHaveText('Information requested');
    // Nobody held the case: the request claimed it for the one who sent it.
    await expect(page.locator('[data-case-holder]')).toHaveText('Held by: you');

    // The applicant's email arrives, and the status page shows the request.
    await expect.poll(() => emailsWith('We need more information', reference).length, { timeout: 15_000 }).toBe(1);
    expect(emailsWith(reference).some((text) => text.includes('PA7654321'))).toBe(false);
    await page.goto(await requestStatusLink(page, ORIGIN, reference, email));
    await expect(page.getByRole('heading', { name: 'We need more information' })).toBeVisible();
    await expect(page.getByText('Please send a certified copy of your passport photo page.')).toBeVisible();

    // The approver resumes the review and approves.
    await page.goto(`${ORIGIN}/staff/#case=${reference}`);
    await page.getByRole('button', { name: 'Resume review' }).click();
    await expect(page.locator('[data-case-status]')).toHaveText('Under review');
    // A final action asks for its rationale, then restates itself before it is done.
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByLabel('Internal rationale (not shown to the applicant)').fill('Passport photo page received and verified.');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(page.locator('[data-case-status]')).toHaveText('Approved');

    // The decision email, once; the status page says approved.
    await expect.poll(() => emailsWith('Your application is approved', reference).length, { timeout: 15_000 }).toBe(1);
    await page.goto(await requestStatusLink(page, ORIGIN, reference, email));
    await expect(page.getByRole('heading', { name: 'Your application is approved' })).toBeVisible();
    expect(emailsWith('Your application is approved', reference).length).toBe(1);

    const actions = await db.query('SELECT action FROM staff_audit WHERE application_reference = $1 ORDER BY id', [reference]);
    const names = actions.rows.map((r: { action: string }) => r.action);
    expect(names).toContain('application.viewed');
    expect(names.filter((a: string) => a === 'application.action')).toHaveLength(3);
    const signIns = await db.query("SELECT count(*)::int AS n FROM staff_audit WHERE action = 'staff.signed_in'");
    expect(signIns.rows[0].n).toBeGreaterThanOrEqual(2);

    // Staff administration (this administrator's screen): invite a reviewer, whose one-time link
    // is shown; change a colleague's roles; deactivate them. All by keyboard, axe clean.
    await page.goto(`${ORIGIN}/staff/#view=staff`);
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeFocused();
    const colleague = `colleague-${Date.now()}@banksia.bank`;
    await page.getByLabel('Work email', { exact: true }).fill(colleague);
    // With the pre-ticked Reviewer unticked the invitation names no role: refused, and said so.
    const reviewerBox = page.getByRole('group', { name: 'Roles', exact: true }).getByLabel('Reviewer');
    await reviewerBox.uncheck();
    await page.getByRole('button', { name: 'Create invitation link' }).press('Enter');
    await expect(page.getByText('Choose at least one role for the invitation.')).toBeVisible();
    await reviewerBox.check();
    await page.getByRole('button', { name: 'Create invitation link' }).press('Enter');
    const shown = page.getByLabel('One-time enrolment link (shown once; send it to them directly)');
    await expect(shown).toBeFocused();
    await expect(shown).toHaveValue(/^http:\/\/localhost:\d+\/staff\/register\/#token=[A-Za-z0-9_-]{43}$/);
    expect((await axe(page).analyze()).violations).toEqual([]);
    // The colleague registers with the link (their own passkey, in a second browser context).
    const other = await page.context().browser()!.newContext();
    const theirs = await other.newPage();
    const theirCdp = await theirs.context().newCDPSession(theirs);
    await theirCdp.send('WebAuthn.enable');
    await theirCdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await theirs.goto(await shown.inputValue());
    await theirs.getByLabel('Your name (as colleagues see it)').fill('Casey Colleague');
    await theirs.getByRole('button', { name: 'Create passkey' }).click();
    await expect(theirs.getByRole('heading', { name: 'Applications' })).toBeVisible();
    // A reviewer sees no administration or audit screens (and the server refuses them anyway).
    await expect(theirs.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(theirs.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await theirs.goto(`${ORIGIN}/staff/#view=staff`);
    await expect(theirs.getByRole('heading', { name: 'Applications' })).toBeVisible();
    expect(await theirs.evaluate(async () => (await fetch('/api/staff/staff')).status)).toBe(403);

    await page.reload();
    const member = page.locator(`tr[data-staff-email="${colleague}"]`);
    await expect(member).toContainText('Casey Colleague');
    await expect(member).toContainText('Reviewer');
    await member.getByRole('button', { name: 'Change roles of Casey Colleague' }).press('Enter');
    await member.getByRole('checkbox', { name: 'Auditor' }).check();
    await member.getByRole('button', { name: 'Save roles' }).press('Enter');
    await expect(page.locator('[data-staff-message]')).toHaveText('Roles of Casey Colleague saved.');
    await expect(member).toContainText('Reviewer, Auditor');
    // The colleague, now an auditor too, sees the audit log.
    await theirs.goto(`${ORIGIN}/staff/#view=audit`);
    await expect(theirs.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await member.getByRole('button', { name: 'Deactivate Casey Colleague' }).press('Enter');
    await member.getByRole('button', { name: 'Yes, deactivate Casey Colleague' }).press('Enter');
    await expect(page.locator('[data-staff-message]')).toHaveText('Casey Colleague is deactivated; their sessions have ended.');
    await expect(member).toContainText('Deactivated');
    expect(await theirs.evaluate(async () => (await fetch('/api/staff/me')).status)).toBe(401);
    await other.close();

    // An invitation that makes someone an approver waits for a second administrator: its
    // proposer sees it pending, can revoke it, and is offered no Confirm.
    const approverEmail = `approver-${Date.now()}@banksia.bank`;
    await page.getByLabel('Work email', { exact: true }).fill(approverEmail);
    await page.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Reviewer' }).uncheck();
    await page.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Approver' }).check();
    await page.getByRole('button', { name: 'Create invitation link' }).press('Enter');
    await expect(page.locator('[data-invite-link]')).toContainText('works only after a second administrator confirms it');
    const pending = page.locator(`[data-pending-email="${approverEmail}"]`);
    await expect(pending).toContainText('Waits for a second administrator.');
    await expect(pending.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
    expect((await axe(page).analyze()).violations).toEqual([]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/staff-pending-${width}.png`, fullPage: true });
      expect(await sidewaysScroll(page), `pending changes at ${width}`).toBe(0);
    }
    await pending.getByRole('button', { name: `Revoke invitation for ${approverEmail}` }).press('Enter');
    await expect(page.locator('[data-staff-message]')).toHaveText(`Invitation for ${approverEmail} revoked.`);
    await expect(pending).toHaveCount(0);
    const changes = await db.query("SELECT action FROM staff_audit WHERE action IN ('staff.invited', 'staff.roles_changed', 'staff.deactivated') ORDER BY id");
    expect(changes.rows.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['staff.invited', 'staff.roles_changed', 'staff.deactivated']));

    // The audit log (an auditor's screen): this administrator becomes an auditor through the
    // database (the console refuses to let anyone change their own roles away from admin, but
    // adding is allowed; a fresh page picks the role up).
    await db.query("UPDATE staff SET roles = array_append(roles, 'auditor') WHERE email = 'first.admin@banksia.bank'");
    await page.goto(`${ORIGIN}/staff/#view=audit`);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeFocused();
    await expect(page.locator('[data-audit-table] tbody tr').first()).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.getByLabel('Application reference').fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    const auditRows = page.locator('[data-audit-table] tbody tr');
    await expect(auditRows.first()).toContainText(reference);
    // The newest event of the whole log may be this application's too: wait for the filtered rows.
    await expect(auditRows.filter({ hasNotText: reference })).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify the chain' }).press('Enter');
    await expect(page.locator('[data-audit-check]')).toContainText('Chain intact');
    // Its 64-character hash wraps on a phone rather than widen the console (issue 45).
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysScroll(page), `chain check at ${width}`).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  } finally {
    await db.end();
  }
});
