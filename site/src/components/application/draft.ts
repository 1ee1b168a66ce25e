/**
 * The application in progress, kept in sessionStorage so a reload, a look at the terms or a
 * press of Back loses nothing. It lives as long as the tab and is removed once the bank has the
 * application. Storage can be missing or full (private modes, quotas): then the wizard simply
 * works without it.
 */
import { readValues, type ApplicationValues } from './values';
import { MAX_PAGE_COUNT } from './steps';

export const DRAFT_KEY = 'banksia:applicationDraft';
// 2: `step` counts the pages of the chosen account (core's `wizardPages`: a step's part of the
// details is a page of that step), and `details`. A draft of the earlier layout keeps version 2:
// it opens on another page of the same wizard with everything typed, and its Idempotency-Key and
// unanswered bodies stay (a new version would drop them and risk a second application).
const DRAFT_VERSION = 2;
/** How many unanswered submissions are remembered (see submission.ts). */
const MAX_UNCONFIRMED = 5;

export interface Draft {
  /** The page on screen, 1 to the chosen account's number of pages. */
  step: number;
  values: ApplicationValues;
  /**
   * The business and tax residency details as typed (kept whatever the account), as stored:
   * read (`readDetails`) only by the details' own chunk, outside the first load.
   */
  details: unknown;
  /** The Idempotency-Key of this application: made once, reused on every retry. */
  idempotencyKey: string;
  /**
   * Bodies sent under the key whose answer never arrived (network error or timeout): the
   * server may have stored one of them. See `submitApplication`.
   */
  unconfirmedBodies: string[];
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage, or undefined where the browser refuses it. */
export function sessionStore(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Our keys are random UUIDs; a stored key of any other shape was not made here and is replaced. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh key: a random UUID (122 random bits, plain ASCII). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not (plain-HTTP previews).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newDraft(): Draft {
  return { step: 1, values: readValues(undefined), details: null, idempotencyKey: newIdempotencyKey(), unconfirmedBodies: [] };
}

/** The stored draft, or null when there is none or it cannot be read. */
export function loadDraft(storage: DraftStorage | undefined): Draft | null {
  let parsed: unknown;
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (record['version'] !== DRAFT_VERSION) return null;
  const step = record['step'];
  const key = record['idempotencyKey'];
  const bodies = record['unconfirmedBodies'];
  return {
    step: typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= MAX_PAGE_COUNT ? step : 1,
    values: readValues(record['values']),
    details: record['details'] ?? null,
    idempotencyKey: typeof key === 'string' && UUID.test(key) ? key : newIdempotencyKey(),
    unconfirmedBodies: Array.isArray(bodies)
      ? bodies.filter((body): body is string => typeof body === 'string').slice(-MAX_UNCONFIRMED)
      : [],
  };
}

/** Saves the draft; a refusal (quota, disabled storage) is ignored. */
export function saveDraft(storage: DraftStorage | undefined, draft: Draft): void {
  try {
    storage?.setItem(
      DRAFT_KEY,
      JSON.stringify({ version: DRAFT_VERSION, ...draft, unconfirmedBodies: draft.unconfirmedBodies.slice(-MAX_UNCONFIRMED) }),
    );
  } catch {
    // Without storage the wizard still works; only reload-survival is lost.
  }
}

export function clearDraft(storage: DraftStorage | undefined): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
