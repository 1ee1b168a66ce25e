// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { showLastApplication } from './confirmation';
import { LAST_APPLICATION_KEY } from './last-application';

/**
 * The confirmation page's own markup (the template of application-confirmation.astro, its
 * components left as unknown elements), so the script is tested against the hooks it really has.
 */
const PAGE = (() => {
  const source = readFileSync(join(import.meta.dirname, '../pages/application-confirmation.astro'), 'utf8');
  const template = source.split('---')[2] ?? '';
  return template.slice(0, template.indexOf('<script>'));
})();

const POSTCODE = "This postcode isn't in Victoria. Please check your postcode and state.";
const SENT = { reference: 'BKS-7Q4M-2KX9', submitted_at: '2026-11-21T10:15:00+11:00', confirmation_email: 'o****@example.com.au' };

function storageWith(entry: unknown): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === LAST_APPLICATION_KEY ? JSON.stringify(entry) : null) };
}

const warningsNote = () => document.querySelector<HTMLElement>('[data-warnings-note]');
const shownWarnings = () => [...document.querySelectorAll('[data-warnings] li')].map((item) => item.textContent);

describe('the confirmation page', () => {
  beforeEach(() => {
    document.body.innerHTML = PAGE;
  });

  it("shows core's warnings about the stored application, in core's words", () => {
    showLastApplication(document, storageWith({ ...SENT, warnings: { postal_code: [POSTCODE] } }));
    expect(document.querySelector('[data-reference]')?.textContent).toBe('BKS-7Q4M-2KX9');
    expect(warningsNote()?.hidden).toBe(false);
    expect(warningsNote()?.textContent).toContain("We'll check this with you.");
    expect(shownWarnings()).toEqual([POSTCODE]);
    // Beside the email note, not instead of it.
    expect(document.querySelector<HTMLElement>('[data-email-note]')?.hidden).toBe(false);
  });

  it('says nothing of checks when the 201 had no warnings', () => {
    for (const entry of [SENT, { ...SENT, warnings: {} }]) {
      document.body.innerHTML = PAGE;
      showLastApplication(document, storageWith(entry));
      expect(document.querySelector('[data-reference]')?.textContent).toBe('BKS-7Q4M-2KX9');
      expect(warningsNote()?.hidden).toBe(true);
      expect(shownWarnings()).toEqual([]);
    }
  });

  it('names the account chosen, and says plainly when the latest changes were not applied', () => {
    showLastApplication(document, storageWith({ ...SENT, account: 'High Yield Savings', changes_not_applied: true }));
    expect(document.querySelector('[data-account]')?.textContent).toBe('High Yield Savings');
    const note = document.querySelector<HTMLElement>('[data-changes-note]');
    expect(note?.hidden).toBe(false);
    expect(note?.textContent).toContain('Your changes were not applied.');
    expect(note?.querySelector('[data-changes-reference]')?.textContent).toBe('BKS-7Q4M-2KX9');
    document.body.innerHTML = PAGE;
    showLastApplication(document, storageWith({ ...SENT, account: '<b>x</b>' }));
    expect(document.querySelector('[data-account]')?.textContent).toBe('Account Opening');
    expect(document.querySelector<HTMLElement>('[data-changes-note]')?.hidden).toBe(true);
  });

  it('shows a stored message as text, never as markup', () => {
    const message = '<img src=x onerror="alert(1)">Check your postcode';
    showLastApplication(document, storageWith({ ...SENT, warnings: { postal_code: [message] } }));
    expect(shownWarnings()).toEqual([message]);
    expect(document.querySelector('[data-warnings] img')).toBeNull();
  });

  it('opened directly, shows no warnings note', () => {
    showLastApplication(document, storageWith(null));
    expect(warningsNote()?.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>('[data-state="none"]')?.hidden).toBe(false);
  });
});
