import { describe, expect, it } from 'vitest';
import { formatSubmissionDate, LAST_APPLICATION_KEY, parseLastApplication, readLastApplication } from './last-application';

describe('the last application entry', () => {
  it('reads the reference and submission time the wizard stores', () => {
    const parsed = parseLastApplication(JSON.stringify({ reference: 'BKS-7Q4M-2KX9', submitted_at: '2026-11-21T10:15:00+11:00' }));
    expect(parsed?.reference).toBe('BKS-7Q4M-2KX9');
    expect(parsed?.submittedAt.toISOString()).toBe('2026-11-20T23:15:00.000Z');
    expect(parsed?.confirmationEmail).toBeNull();
    expect(parsed?.warnings).toEqual([]);
  });

  it("reads the 201's warnings as core's messages, field by field, each once", () => {
    const entry = (warnings: unknown) =>
      parseLastApplication(JSON.stringify({ reference: 'BKS-7Q4M-2KX9', submitted_at: '2026-11-21T10:15:00Z', warnings }));
    const postcode = "This postcode isn't in Victoria. Please check your postcode and state.";
    expect(entry({ postal_code: [postcode] })?.warnings).toEqual([postcode]);
    expect(entry({ state: ['First.'], postal_code: ['Second.', 'First.'] })?.warnings).toEqual(['First.', 'Second.']);
    // Anything else is no warning, and never costs the reference.
    for (const bad of [null, 42, 'text', [postcode], { postal_code: postcode }, { postal_code: [42, null, ' '] }]) {
      const parsed = entry(bad);
      expect(parsed?.reference).toBe('BKS-7Q4M-2KX9');
      expect(parsed?.warnings).toEqual([]);
    }
  });

  it('reads the masked address a confirmation email was queued for, and nothing else', () => {
    const entry = (email: unknown) =>
      parseLastApplication(JSON.stringify({ reference: 'BKS-7Q4M-2KX9', submitted_at: '2026-11-21T10:15:00Z', confirmation_email: email }));
    expect(entry('o****@example.com.au')?.confirmationEmail).toBe('o****@example.com.au');
    for (const bad of [null, 42, 'olivia@example.com.au', 'o****@', '<b>****@x</b> y']) {
      expect(entry(bad)?.confirmationEmail).toBeNull();
    }
  });

  it.each([
    null,
    '',
    'not json',
    '[]',
    'null',
    '{"reference":"BKS-123456"}',
    '{"reference":"XYZ-123456","submitted_at":"2026-11-21T10:15:00Z"}',
    '{"reference":"<img src=x>","submitted_at":"2026-11-21T10:15:00Z"}',
    '{"reference":"BKS-123456","submitted_at":"yesterday"}',
    '{"reference":42,"submitted_at":"2026-11-21T10:15:00Z"}',
  ])('treats %s as no application', (raw) => {
    expect(parseLastApplication(raw)).toBeNull();
  });

  it('reads from storage under the shared key and survives storage that throws', () => {
    const stored = JSON.stringify({ reference: 'BKS-AAAA-BBBB', submitted_at: '2026-01-02T03:04:05Z' });
    const storage = { getItem: (key: string) => (key === LAST_APPLICATION_KEY ? stored : null) };
    expect(readLastApplication(storage)?.reference).toBe('BKS-AAAA-BBBB');
    const broken = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
    };
    expect(readLastApplication(broken)).toBeNull();
    expect(readLastApplication(undefined)).toBeNull();
  });

  it('formats the date in the given time zone', () => {
    const date = new Date('2026-11-20T23:15:00Z');
    expect(formatSubmissionDate(date, 'Australia/Melbourne')).toBe('21 November 2026');
    expect(formatSubmissionDate(date, 'UTC')).toBe('20 November 2026');
  });
});
