// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_APPLICATION_KEY, readLastApplication } from '../../scripts/last-application';
import ApplicationForm, { errorsOnStep, FAILURE_TOAST, failureToast, SUCCESS_TOAST } from './ApplicationForm';
import { validateApplication } from 'banksia-core/application';
import { DRAFT_KEY } from './draft';
import { EMPTY_VALUES } from './values';

let container: HTMLElement | undefined;
let root: Root | undefined;

async function render() {
  const element = document.createElement('div');
  document.body.append(element);
  const created = createRoot(element);
  container = element;
  root = created;
  await act(async () => created.render(createElement(ApplicationForm)));
}

function shown(): HTMLElement {
  if (!container) throw new Error('render() first');
  return container;
}

/** Lets react-hook-form's async submit and React's updates settle. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function click(element: Element | null) {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => element.click());
  await settle();
}

function button(name: string): HTMLButtonElement {
  const found = [...shown().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const heading = () => shown().querySelector('#application-step-heading')?.textContent;
const summaryLinks = () => [...shown().querySelectorAll('.error-summary a')].map((a) => a.textContent);

/** Tax residency answered (Australia only): what every account's details page asks. */
const ANSWERED_TAX = { tax: { foreign_resident: 'no' } };

/** Every step answered: what a draft on the last page holds just before it is sent. */
const FILLED = {
  ...EMPTY_VALUES,
  application_type: 'checking',
  first_name: 'Jane',
  last_name: 'Citizen',
  email: 'jane@example.com',
  phone: '0412345678',
  date_of_birth: { day: '15', month: '7', year: '1990' },
  address_line1: '1 George Street',
  city: 'Sydney',
  state: 'NSW',
  postal_code: '2000',
  employment_status: 'casual',
  annual_income: '40000',
  identification_type: 'passport',
  identification_number: 'PA1234567',
  initial_deposit_amount: '25',
  terms_accepted: true,
};

beforeEach(() => {
  sessionStorage.clear();
  // Each test starts on a fresh history entry (the wizard records its step in the entry's state).
  window.history.replaceState(null, '');
});
afterEach(() => {
  const mounted = root;
  if (mounted) act(() => mounted.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ApplicationForm', () => {
  it('renders step 1 on the server with core’s four accounts', () => {
    const html = renderToString(createElement(ApplicationForm));
    for (const name of ['Essential Checking', 'High Yield Savings', 'Business Checking', 'Business Savings']) {
      expect(html).toContain(name);
    }
    expect(html).toContain('Everyday banking with no monthly fees');
    expect(html).toContain('Suggested minimum deposit: $25');
    expect(html).toContain('Suggested minimum deposit: $10');
    expect(html).toContain('Step 1 of 5');
  });

  it('stays on step 1 with core’s message and focuses the summary when nothing is chosen', async () => {
    await render();
    expect(button('Previous').disabled).toBe(true);
    await click(button('Next'));
    expect(heading()).toBe('Step 1 of 5: Account Type');
    expect(summaryLinks()).toEqual(['Please choose an account type']);
    expect(document.activeElement?.classList.contains('error-summary')).toBe(true);
  });

  it('moves on once the step passes, focusing the new heading, and keeps the draft', async () => {
    await render();
    await click(shown().querySelector('input[value="savings"]'));
    await click(button('Next'));
    expect(heading()).toBe('Step 2 of 5: Personal Information');
    expect(document.activeElement?.id).toBe('application-step-heading');
    expect(shown().querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('2');
    const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    expect(draft).toMatchObject({ step: 2, values: { application_type: 'savings' } });

    await click(button('Next'));
    expect(summaryLinks()).toEqual([
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Date of birth is required',
    ]);
    const firstName = shown().querySelector('#application-first_name');
    expect(firstName?.getAttribute('aria-invalid')).toBe('true');
    expect(firstName?.getAttribute('aria-describedby')).toContain('application-first_name-error');
  });

  it('picks up a stored draft on its step', async () => {
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        version: 2,
        step: 3,
        values: { ...EMPTY_VALUES, application_type: 'checking', city: 'Hobart' },
        idempotencyKey: '0f8fad5b-d9cb-469f-a165-70867728950e',
        unconfirmedBodies: [],
      }),
    );
    await render();
    expect(heading()).toBe('Step 3 of 5: Address Details');
    expect((shown().querySelector('#application-city') as HTMLInputElement).value).toBe('Hobart');
  });

  // Every page of every account says "Step N of 5" (its heading, the label and the progress
  // bar), N its step: a business's details in step 1, its owners in step 3, tax residency in 4.
  for (const [account, steps] of [
    ['checking', [1, 2, 3, 4, 4, 5]],
    ['savings', [1, 2, 3, 4, 4, 5]],
    ['business_checking', [1, 1, 2, 3, 3, 4, 4, 5]],
    ['business_savings', [1, 1, 2, 3, 3, 4, 4, 5]],
  ] as const) {
    it(`labels each of ${account}'s ${steps.length} pages with its step of five`, async () => {
      for (const [index, step] of steps.entries()) {
        // A fresh entry each time: the wizard records its page in the entry it opens on.
        window.history.replaceState(null, '');
        sessionStorage.setItem(
          DRAFT_KEY,
          JSON.stringify({ version: 2, step: index + 1, values: { ...FILLED, application_type: account }, details: ANSWERED_TAX, idempotencyKey: '0f8fad5b-d9cb-469f-a165-70867728950e', unconfirmedBodies: [] }),
        );
        await render();
        // A part's page (its own chunk) arrives after a moment.
        await vi.waitFor(() => expect(heading()).toMatch(new RegExp(`^Step ${step} of 5: `)));
        expect(shown().querySelector('#application-progress-label')?.textContent).toBe(`Step ${step} of 5`);
        const bar = shown().querySelector('[role="progressbar"]');
        expect([bar?.getAttribute('aria-valuenow'), bar?.getAttribute('aria-valuemax')]).toEqual([String(step), '5']);
        expect(shown().querySelectorAll('.wizard__stepper-item')).toHaveLength(5);
        // A step with a part of the details says which of its pages this is; a step without, nothing.
        const pagesOfStep = steps.filter((other) => other === step).length;
        const place = steps.slice(0, index + 1).filter((other) => other === step).length;
        expect(shown().querySelector('.wizard__part')?.textContent ?? null).toBe(pagesOfStep > 1 ? `Part ${place} of ${pagesOfStep}` : null);
        expect(shown().querySelector('[aria-current="step"]')?.textContent).toContain(['Account Type', 'Personal Information', 'Address Details', 'Employment & ID', 'Initial Deposit & Terms'][step - 1]);
        const mounted = root!;
        act(() => mounted.unmount());
        container?.remove();
        root = undefined;
        container = undefined;
      }
    });
  }

  it('shows the failure toast and keeps everything when sending fails', async () => {
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ version: 2, step: 6, values: FILLED, details: ANSWERED_TAX, idempotencyKey: '0f8fad5b-d9cb-469f-a165-70867728950e', unconfirmedBodies: [] }),
    );
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    await render();
    await click(button('Submit Application'));
    // The details' checks (their own package) are loaded before the body is sent.
    await vi.waitFor(() => expect(shown().querySelector('[role="alert"].toaster__region')?.textContent).toContain(FAILURE_TOAST.title));
    expect(fetch).toHaveBeenCalledTimes(1);
    const alert = shown().querySelector('[role="alert"].toaster__region');
    expect(alert?.textContent).toContain(FAILURE_TOAST.title);
    expect(alert?.textContent).toContain('Check your internet connection, then try again.');
    expect(button('Submit Application').getAttribute('aria-disabled')).toBeNull();
    expect((shown().querySelector('#application-initial_deposit_amount') as HTMLInputElement).value).toBe('25');
    // The lost attempt is remembered under the same key for the retry.
    const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    expect(draft.idempotencyKey).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(draft.unconfirmedBodies).toHaveLength(1);
  });

  it("keeps the 201's reference, email and warnings for the confirmation page", async () => {
    // A draft answered in Victoria with a Sydney postcode, which core only warns about.
    const values = { ...FILLED, state: 'VIC' };
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ version: 2, step: 6, values, details: ANSWERED_TAX, idempotencyKey: '0f8fad5b-d9cb-469f-a165-70867728950e', unconfirmedBodies: [] }),
    );
    const warnings = { postal_code: ["This postcode isn't in Victoria. Please check your postcode and state."] };
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            reference: 'BKS-7Q4M-2KX9',
            status: 'under_review',
            submitted_at: '2026-11-21T10:15:00.000Z',
            confirmation_email: 'j****@example.com',
            warnings,
          }),
          { status: 201, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await render();
    await click(button('Submit Application'));
    await vi.waitFor(() => expect(shown().querySelector('.toaster__region')?.textContent).toContain(SUCCESS_TOAST.title));
    expect(fetch).toHaveBeenCalledTimes(1);
    // One body: the application's fields and, beside them, the tax residency.
    const sent = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toMatchObject({ application_type: 'checking', tax_residency: { foreign_resident: false } });
    expect(sent).not.toHaveProperty('business');
    expect(JSON.parse(sessionStorage.getItem(LAST_APPLICATION_KEY) ?? '{}')).toMatchObject({ reference: 'BKS-7Q4M-2KX9', warnings });
    const stored = readLastApplication(sessionStorage);
    expect(stored?.confirmationEmail).toBe('j****@example.com');
    expect(stored?.warnings).toEqual(warnings.postal_code);
  });
});

describe('errorsOnStep', () => {
  it("shows the messages of core's first error step, and only its fields", () => {
    const report = validateApplication(
      { ...EMPTY_VALUES, date_of_birth: null, application_type: 'savings', first_name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412345678' },
      '2026-03-01',
    );
    // Core names the step (2 here: the date of birth is missing); the wizard doesn't work it out.
    expect(report.first_error_step).toBe(2);
    expect(errorsOnStep(report.errors, report.first_error_step)?.errors).toEqual({ date_of_birth: report.errors.date_of_birth });
    expect(errorsOnStep({ initial_deposit_amount: ['a'], city: ['b'], state: ['c'] }, 3)).toEqual({
      step: 3,
      errors: { city: ['b'], state: ['c'] },
    });
    expect(errorsOnStep({ user_id: ['x'] }, 5)).toBeNull();
    expect(errorsOnStep({ city: ['b'] }, null)).toBeNull();
    expect(errorsOnStep({}, undefined)).toBeNull();
  });
});

describe('failureToast', () => {
  it('says what to do for each failure', () => {
    expect(failureToast({ kind: 'failed', reason: 'timeout' }).description).toMatch(/Check your email for our confirmation before you try again/);
    expect(failureToast({ kind: 'failed', reason: 'unknown', status: 503 }).description).toMatch(/may have arrived/);
    expect(failureToast({ kind: 'failed', reason: 'status', status: 429 }).description).toMatch(/wait a minute/);
    expect(failureToast({ kind: 'failed', reason: 'status', status: 502 }).description).toMatch(/few minutes/);
    expect(failureToast({ kind: 'failed', reason: 'answer', status: 200 })).toEqual(FAILURE_TOAST);
  });
});
