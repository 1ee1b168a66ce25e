/**
 * The application wizard stores the server's answer in sessionStorage under this key, as
 * `{"reference":"BKS-...","submitted_at":"<RFC 3339>","confirmation_email":"o****@example.com.au"|null,
 * "warnings":{"postal_code":["..."]},"account":"Savings Account"|null,"changes_not_applied":false}` (the
 * warnings as the 201 gave them: core's, keyed by field; the account's label from core's options;
 * whether the bank already had an earlier version and the latest changes were not applied);
 * the confirmation page and the wizard's start read it back.
 */
export const LAST_APPLICATION_KEY = 'banksia:lastApplication';

export interface LastApplication {
  readonly reference: string;
  readonly submittedAt: Date;
  /** The masked address the server queued a confirmation email for; null when it queued none. */
  readonly confirmationEmail: string | null;
  /** core's warnings about the stored application, in core's words and form order; empty when none. */
  readonly warnings: readonly string[];
  /** The account applied for (core's label), when known. */
  readonly account: string | null;
  /** The bank already had an earlier version of this application: the latest changes were not applied. */
  readonly changesNotApplied: boolean;
}

/** An account label as core writes them: a few words, nothing else. */
const ACCOUNT_LABEL_PATTERN = /^[A-Za-z][A-Za-z &'-]{1,60}$/;

/** References are issued by the server with the bank's prefix; anything else is not shown. */
const REFERENCE_PATTERN = /^BKS-[A-Z0-9][A-Z0-9-]{3,40}$/;
/** The server's masked address: at most one character, four stars, the domain. */
const MASKED_ADDRESS_PATTERN = /^[^\s@*]?\*{4}@[^\s@]{1,253}$/;

/** Every message of the stored warnings (field by field, as stored), each once; nothing that is not text. */
function warningMessages(stored: unknown): string[] {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return [];
  const messages = Object.values(stored as Record<string, unknown>)
    .filter(Array.isArray)
    .flat()
    .filter((message): message is string => typeof message === 'string' && message.trim() !== '');
  return [...new Set(messages)];
}

/** Parse the stored entry; null when it is missing, malformed or not a reference we issue. */
export function parseLastApplication(raw: string | null): LastApplication | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const {
    reference,
    submitted_at: submittedAt,
    confirmation_email: email,
    warnings,
    account,
    changes_not_applied: changesNotApplied,
  } = value as Record<string, unknown>;
  if (typeof reference !== 'string' || !REFERENCE_PATTERN.test(reference)) return null;
  if (typeof submittedAt !== 'string') return null;
  const date = new Date(submittedAt);
  if (Number.isNaN(date.getTime())) return null;
  const confirmationEmail = typeof email === 'string' && MASKED_ADDRESS_PATTERN.test(email) ? email : null;
  return {
    reference,
    submittedAt: date,
    confirmationEmail,
    warnings: warningMessages(warnings),
    account: typeof account === 'string' && ACCOUNT_LABEL_PATTERN.test(account) ? account : null,
    changesNotApplied: changesNotApplied === true,
  };
}

/** Read the entry without throwing where storage is unavailable (private modes, disabled storage). */
export function readLastApplication(storage: Pick<Storage, 'getItem'> | undefined): LastApplication | null {
  try {
    return parseLastApplication(storage?.getItem(LAST_APPLICATION_KEY) ?? null);
  } catch {
    return null;
  }
}

/** The submission date as Australians write it, e.g. "21 November 2026", in the visitor's time zone. */
export function formatSubmissionDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
}
