/**
 * The console as a work queue, in Chromium against the release server and a real PostgreSQL:
 * counts, due dates and filters; a search by part of a name; the filters and position kept in
 * the URL through a case and back; focus after "Load more"; a compact phone layout; the staff
 * screen's focus after Deactivate, Reactivate and Save roles; the audit log's event type and
 * date filters and its CSV export; the idle warning and the screen cleared when the session
 * ends. Screenshots at 320, 375, 1024 and 1280 px go to test-results/ (and SHOTS_DIR).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { axe, sidewaysScroll } from './helpers';

const BASE = process.env['BASE_URL'] ?? 'http://127.0.0.1:8080';
const ORIGIN = BASE.replace('127.0.0.1', 'localhost');
const SERVER_BIN = process.env['E2E_SERVER_BIN'];
const DATABASE_URL = process.env['E2E_DATABASE_URL'];
const SHOTS = process.env['SHOTS_DIR'] ?? 'test-results';

test.skip(!SERVER_BIN || !DATABASE_URL, 'needs the release server and its database (scripts/test e2e)');

/** A staff member invited from the command line with `roles`, registered with a virtual passkey, signed in. */
async function signedIn(page: Page, email: string, name: string, roles: string[]) {
  const port = new URL(ORIGIN).port;
  const printed = execFileSync(SERVER_BIN!, ['staff', 'invite', '--email', email, ...roles.flatMap((r) => ['--role', r])], {
    env: { ...process.env, DATABASE_URL: DATABASE_URL!, PORT: port, RUST_LOG: 'warn' },
  }).toString();
  const invite = /(http:\/\/localhost:\d+\/staff\/register\/#token=[A-Za-z0-9_-]{43})/.exec(printed)?.[1];
  expect(invite, printed).toBeTruthy();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(invite!);
  await page.getByLabel('Your name (as colleagues see it)').fill(name);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
}

/**
 * The console's answers as its code reads them: each response whose JSON body the page has
 * parsed is listed in `window.answersRead`, so a test knows when a late answer has reached the
 * screen's code (not just the browser).
 */
function listAnswersRead() {
  const read: string[] = [];
  Object.assign(window, { answersRead: read });
  const json = Response.prototype.json;
  Response.prototype.json = async function (this: Response) {
    try {
      return (await json.call(this)) as unknown;
    } finally {
      read.push(this.url);
    }
  };
}

/** Once the page's code has read the answer to `url`, and two frames later, when what it set is on screen. */
async function afterAnswerRead(page: Page, url: string) {
  await page.waitForFunction((wanted) => (window as unknown as { answersRead: string[] }).answersRead.includes(wanted), url);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Holds back the answer to the request `matches` picks: `asked` resolves once it is sent, and
 * `release()` lets the answer through and resolves once the page's code has read it.
 */
async function holdBack(page: Page, matches: (url: URL) => boolean) {
  let letThrough = () => {};
  const held = new Promise<void>((done) => (letThrough = done));
  await page.route(matches, async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest((request) => matches(new URL(request.url())));
  return {
    asked,
    async release() {
      const answered = page.waitForResponse((answer) => matches(new URL(answer.url())));
      letThrough();
      await afterAnswerRead(page, (await answered).url());
      await page.unroute(matches);
    },
  };
}

test('queue: counts, filters, search, URL state, Load more focus, phone layout; staff focus; audit filters and CSV; idle sign-out', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.addInitScript(listAnswersRead);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    // Sam Nguyen's application and 40 more (Bulk1..Bulk40 Tester) through the public API; three
    // of them moved weeks back in the database (overdue).
    const stamp = Date.now();
    const email = `sam.nguyen.${stamp}@example.com`;
    const apply = async (first: string, last: string, address: string) => {
      const submitted = await request.post(`${ORIGIN}/api/applications`, {
        data: {
          application_type: 'savings', first_name: first, last_name: last, email: address, phone: '0412 345 678',
          date_of_birth: '1988-05-06', address_line1: '3 Grevillea Lane', city: 'Sydney', state: 'NSW', postal_code: '2000',
          employment_status: 'full_time', annual_income: '91000', identification_type: 'passport',
          identification_number: 'PB1234567', initial_deposit_amount: '100', terms_accepted: true,
          tax_residency: { foreign_resident: false },
        },
      });
      expect(submitted.status()).toBe(201);
      return ((await submitted.json()) as { reference: string }).reference;
    };
    const reference = await apply('Sam', 'Nguyen', email);
    // The submission's time is guarded by a trigger (migration V5); the test backdates past it.
    await db.query('SET session_replication_role = replica');
    for (let i = 1; i <= 40; i++) {
      const bulk = await apply(`Bulk${i}`, 'Tester', `bulk${i}.${stamp}@example.com`);
      // Three overdue; the rest as submitted (newer than other tests' applications sharing
      // this database, so theirs stay on the queue's first page).
      if (i <= 3) await db.query("UPDATE account_applications SET created_at = now() - make_interval(days => $2) WHERE reference = $1", [bulk, i * 10]);
    }
    await db.query('RESET session_replication_role');

    await signedIn(page, `queue.lead.${stamp}@banksia.bank`, 'Quinn Queue', ['admin', 'reviewer', 'approver', 'auditor']);

    // Counts: at least the 41 open applications, some overdue; each row has a due date.
    const counts = page.locator('[data-queue-counts]');
    await expect(counts).toContainText(/Showing 25 of \d+ applications; \d+ overdue\./);
    const total = Number(/of (\d+) applications/.exec((await counts.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(41);
    expect((await axe(page).analyze()).violations).toEqual([]);

    // Search by part of the surname, any case: Sam's row; the URL keeps the term.
    await page.getByLabel('Reference, name or email').fill('nGuY');
    await page.getByRole('button', { name: 'Search' }).click();
    const sam = page.locator(`tr[data-reference="${reference}"]`);
    await expect(sam).toContainText('Sam Nguyen');
    expect(new URL(page.url()).searchParams.get('q')).toBe('nGuY');
    await page.getByLabel('Reference, name or email').fill('sam nguyen');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(sam).toBeVisible();
    await expect(counts).toContainText(/of \d+ application/);
    // Two characters: the server's own message.
    await page.getByLabel('Reference, name or email').fill('ng');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(counts).toHaveText('Type at least 3 characters of a reference, name or email.');
    await page.getByLabel('Reference, name or email').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(counts).toContainText('Showing 25 of');

    // Answers out of order: the overdue list's answer is held back until the unfiltered list,
    // asked for after it, is shown. The late answer is dropped: the rows and the counts stay the
    // unfiltered list's, as the unchecked box says.
    const overdueAnswer = await holdBack(page, (url) => url.pathname === '/api/staff/applications' && url.searchParams.get('overdue') === 'true');
    const overdueBox = page.getByRole('checkbox', { name: 'Overdue' });
    await overdueBox.check();
    await overdueAnswer.asked;
    const unfilteredAnswered = page.waitForResponse((answer) => {
      const url = new URL(answer.url());
      return url.pathname === '/api/staff/applications' && !url.searchParams.has('overdue');
    });
    await overdueBox.uncheck();
    await unfilteredAnswered;
    await expect(page.locator('tbody tr')).toHaveCount(25);
    const unfilteredCounts = await counts.textContent();
    await overdueAnswer.release();
    await expect(page.locator('tbody tr')).toHaveCount(25);
    await expect(counts).toHaveText(unfilteredCounts ?? '');
    await expect(page.getByRole('button', { name: 'Load more' })).toBeEnabled();

    // Overdue only: every row says so; newest first puts the youngest overdue one on top.
    await page.getByRole('checkbox', { name: 'Overdue' }).check();
    // The unfiltered list may already start with an overdue row: the filtered one has arrived
    // when no row without "Overdue" is left (read once, the rows could still be the old list's).
    await expect(page.locator('tbody tr').first()).toContainText('Overdue');
    await expect(page.locator('tbody tr').filter({ hasNotText: 'Overdue' })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('overdue')).toBe('true');
    await page.getByLabel('Order').selectOption('newest');
    await expect(page.locator('tbody tr').first()).toContainText('Overdue');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('newest');
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.getByRole('checkbox', { name: 'Overdue' }).uncheck();
    await page.getByLabel('Order').selectOption('due');
    await page.getByLabel('Assigned to').selectOption('nobody');
    await expect(counts).toContainText('Showing 25 of');
    const unassigned = Number(/of (\d+) applications/.exec((await counts.textContent()) ?? '')?.[1]);
    expect(unassigned).toBeGreaterThanOrEqual(41);

    // Load more: the focus lands on the first new row; the URL counts the rows shown.
    // Other tests submit and claim applications meanwhile, so the rows are checked against what
    // the counts line says is shown, not against the total read before.
    await page.getByRole('button', { name: 'Load more' }).press('Enter');
    await expect(page.locator('tbody tr').nth(25).getByRole('link')).toBeFocused();
    await expect(counts).not.toContainText('Showing 25 of');
    const [, shownText] = /Showing (\d+) of \d+ applications/.exec((await counts.textContent()) ?? '') ?? [];
    expect(Number(shownText)).toBeGreaterThan(25);
    expect(Number(shownText)).toBeLessThanOrEqual(50);
    await expect(page.locator('tbody tr')).toHaveCount(Number(shownText));
    if (Number(shownText) < 50) await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('shown')).toBe(shownText);
    expect(new URL(page.url()).searchParams.get('assigned')).toBe('nobody');

    // Open a row of the second page; back to the queue: same filters, same rows, focus on it.
    const opened = (await page.locator('tbody tr').nth(30).getAttribute('data-reference'))!;
    await page.locator('tbody tr').nth(30).getByRole('link').click();
    await expect(page.getByRole('heading', { name: opened })).toBeVisible();
    await page.getByRole('button', { name: /Back to the queue/ }).click();
    await expect(page.locator(`tr[data-reference="${opened}"] a`)).toBeFocused();
    await expect(page.getByLabel('Assigned to')).toHaveValue('nobody');
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(30);
    // A reload keeps them too.
    await page.reload();
    await expect(page.getByLabel('Assigned to')).toHaveValue('nobody');
    await expect(page.locator(`tr[data-reference="${opened}"]`)).toBeVisible();

    // Screenshots; on a phone a page of 25 is a few screens, not dozens, and never sideways.
    await page.goto(`${ORIGIN}/staff/`);
    for (const width of [320, 375, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(counts).toContainText('Showing 25 of');
      await page.screenshot({ path: `${SHOTS}/staff-queue-compact-${width}.png`, fullPage: true });
      expect(await sidewaysScroll(page), `queue at ${width}`).toBe(0);
      if (width === 375) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, 'a page of 25 at 375 px').toBeLessThan(4000);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Staff screen: Deactivate, Reactivate and Save roles keep the focus in the row.
    await page.goto(`${ORIGIN}/staff/#view=staff`);
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeFocused();
    const colleague = `focus.${stamp}@banksia.bank`;
    const colleagueId = Number(
      (
        await db.query(
          "INSERT INTO staff (email, display_name, roles, webauthn_id) VALUES ($1, 'Fran Focus', ARRAY['reviewer'], gen_random_uuid()) RETURNING id",
          [colleague],
        )
      ).rows[0].id,
    );
    expect(colleagueId).toBeGreaterThan(0);
    await page.reload();
    const member = page.locator(`tr[data-staff-email="${colleague}"]`);
    await member.getByRole('button', { name: 'Change roles of Fran Focus' }).press('Enter');
    await member.getByRole('checkbox', { name: 'Auditor' }).check();
    await member.getByRole('button', { name: 'Save roles' }).press('Enter');
    await expect(page.locator('[data-staff-message]')).toHaveText('Roles of Fran Focus saved.');
    await expect(member.getByRole('button', { name: 'Change roles of Fran Focus' })).toBeFocused();
    await member.getByRole('button', { name: 'Deactivate Fran Focus' }).press('Enter');
    await member.getByRole('button', { name: 'Yes, deactivate Fran Focus' }).press('Enter');
    await expect(page.locator('[data-staff-message]')).toHaveText('Fran Focus is deactivated; their sessions have ended.');
    await expect(member.getByRole('button', { name: 'Reactivate Fran Focus' })).toBeFocused();
    await member.getByRole('button', { name: 'Reactivate Fran Focus' }).press('Enter');
    await expect(page.locator('[data-staff-message]')).toContainText('Fran Focus is active again');
    await expect(member).toContainText('Active');
    await expect(member.getByRole('button', { name: 'Change roles of Fran Focus' })).toBeFocused();
    expect((await axe(page).analyze()).violations).toEqual([]);

    // Audit log: event type from core's list, a date range, readable detail, CSV export.
    await page.goto(`${ORIGIN}/staff/#view=audit`);
    await expect(page.locator('[data-audit-table] tbody tr').first()).toBeVisible();
    await page.getByLabel('Event type').selectOption({ label: 'Account reactivated' });
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    const auditRows = page.locator('[data-audit-table] tbody tr');
    await expect(auditRows).toHaveCount(1);
    await expect(auditRows.first()).toHaveAttribute('data-audit-action', 'staff.reactivated');
    await expect(auditRows.first()).toContainText(`Staff id: ${colleagueId}`);
    await expect(auditRows.first()).toContainText('Sydney time');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    await page.getByLabel('From (Sydney date)').fill(today);
    await page.getByLabel('To (Sydney date, included)').fill(today);
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    await expect(auditRows).toHaveCount(1);
    await page.getByLabel('From (Sydney date)').fill('2020-01-01');
    await page.getByLabel('To (Sydney date, included)').fill('2020-01-31');
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    await expect(page.locator('[data-audit-message]')).toHaveText('No audit entries match.');
    await page.getByLabel('Event type').selectOption('');
    await page.getByLabel('From (Sydney date)').fill(today);
    await page.getByLabel('To (Sydney date, included)').fill('');
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    await expect(auditRows.first()).toBeVisible();
    // Answers out of order here too: an empty range's answer, held back until the next
    // filter's entries are shown, is dropped.
    const emptyAnswer = await holdBack(
      page,
      (url) => url.pathname === '/api/staff/audit' && url.searchParams.get('from') === '2020-01-01' && url.searchParams.get('to') === '2020-01-31',
    );
    await page.getByLabel('From (Sydney date)').fill('2020-01-01');
    await page.getByLabel('To (Sydney date, included)').fill('2020-01-31');
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    await emptyAnswer.asked;
    const todayAnswered = page.waitForResponse((answer) => {
      const url = new URL(answer.url());
      return url.pathname === '/api/staff/audit' && url.searchParams.get('from') === today;
    });
    await page.getByLabel('From (Sydney date)').fill(today);
    await page.getByLabel('To (Sydney date, included)').fill('');
    await page.getByRole('button', { name: 'Filter' }).press('Enter');
    await todayAnswered;
    await expect(auditRows.first()).toBeVisible();
    await emptyAnswer.release();
    await expect(auditRows.first()).toBeVisible();
    await expect(page.locator('[data-audit-message]')).not.toHaveText('No audit entries match.');
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/staff-audit-1280.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"id","at_utc","staff","event","description","application","detail"');
    expect(csv).toContain('"staff.reactivated"');
    expect(csv).toContain(`"queue.lead.${stamp}@banksia.bank"`);
    // Every line has the seven quoted fields (a quote inside a field is doubled).
    for (const line of lines.filter(Boolean)) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*"){6}$/);
    await expect(page.locator('[data-audit-message]')).toContainText('Exported');

    // The idle end: a warning with a way to stay, then the screen cleared and signed out.
    await page.clock.install();
    await page.goto(`${ORIGIN}/staff/?q=nguyen`);
    await expect(sam).toBeVisible();
    await page.clock.fastForward('13:30');
    const warning = page.locator('[data-idle-warning]');
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    expect((await axe(page).analyze()).violations).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/staff-idle-375.png` });
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning).toHaveCount(0);
    await page.clock.fastForward('15:30');
    await expect(page.locator('[data-signin-message]')).toContainText('You were signed out');
    await expect(page.getByText('Sam Nguyen')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
    // The console clears the screen at once and signs out beside it: the session ends once that
    // call is answered.
    await expect.poll(() => page.evaluate(async () => (await fetch('/api/staff/me')).status)).toBe(401);
    await page.getByText('Lost your passkey?').click();
    await expect(page.getByText('ask a Banksia Bank administrator for a')).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${SHOTS}/staff-signin-${width}.png`, fullPage: true });
      expect(await sidewaysScroll(page), `sign-in at ${width}`).toBe(0);
    }
  } finally {
    await db.end();
  }
});
