/**
 * Sending the application: `POST /api/applications` with the application's Idempotency-Key, so
 * a double click or a retry can never store it twice.
 *
 * The key is made once per application and reused on every attempt. The server keeps the key
 * with the first body it stores, answers the same body again with the same reference, and
 * refuses a *different* body under that key (422 `idempotency_key`). That refusal can only
 * mean an earlier attempt was stored although its answer never arrived (the connection dropped
 * after the insert) and the person then changed something. The earlier bodies whose answers
 * went missing are remembered, and are replayed to recover the reference of the application
 * the bank already has, instead of storing a second one.
 */

import type { ApplicationReport } from 'banksia-core/application';
import type { ApplicationCreated, ErrorBody } from 'banksia-wire';

export const APPLICATIONS_ENDPOINT = '/api/applications';
/** Longer than any healthy answer; after this the attempt counts as unanswered. */
export const SUBMIT_TIMEOUT_MS = 20_000;
const MAX_UNCONFIRMED = 5;

/**
 * Messages per field in core's one envelope (`ApplicationReport`): what the wizard's own checks
 * return and what the server's 422 body carries, keyed by core's `MessageKey` (a field, `input`
 * or `idempotency_key`), in core's words.
 */
export type ReportErrors = ApplicationReport['errors'];

export type SubmissionResult =
  /**
   * Stored: the reference the server issued and when, the masked address a confirmation email
   * was queued for (null when the server queued none), and core's warnings about the stored
   * application (never blocking; empty when there are none), in core's words.
   */
  | {
      kind: 'created';
      reference: ApplicationCreated['reference'];
      submittedAt: ApplicationCreated['submitted_at'];
      confirmationEmail: ApplicationCreated['confirmation_email'];
      warnings: ApplicationCreated['warnings'];
      /**
       * Set when the bank already had an earlier version of this application (sent before, its
       * answer lost) and the person had changed something since: this is the body it holds, and
       * the changes were not applied.
       */
      storedBody?: string;
    }
  /**
   * Refused by core's rules on the server (422): core's report, the envelope the wizard's own
   * checks return (messages per field, and core's step of the first field in error).
   */
  | { kind: 'rejected'; report: ApplicationReport }
  /**
   * Anything else: network, timeout, 429, 5xx, an unreadable answer. `unknown` is the server's
   * 503 `"outcome": "unknown"`: the insert was sent but its result never came back, so the
   * attempt may have been stored (as unanswered as a timeout).
   */
  | { kind: 'failed'; reason: 'network' | 'timeout' | 'status' | 'answer' | 'unknown'; status?: number };

export interface IdempotencyState {
  key: string;
  /** Bodies sent under `key` whose answers never arrived, oldest first. */
  unconfirmedBodies: string[];
}

export interface SubmitDependencies {
  fetch: typeof fetch;
  newKey: () => string;
  timeoutMs?: number;
}

type Attempt = SubmissionResult | { kind: 'key_reused' };

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Messages per field (core's shape, keyed by field), when `value` has that shape; else null. */
function messagesPerField(value: unknown): Record<string, string[]> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([, messages]) => isStringArray(messages))) return null;
  return Object.fromEntries(entries) as Record<string, string[]>;
}

/**
 * A 422 body read as core's `ApplicationReport`, when it has that shape (at least one message;
 * core's step or null); else null. An answer from the network may be anything, so each part is
 * checked; the keys are core's as the server wrote them.
 */
function rejectedReport(body: unknown): ApplicationReport | null {
  if (typeof body !== 'object' || body === null) return null;
  const answer = body as Partial<Record<keyof ApplicationReport, unknown>>;
  const errors = messagesPerField(answer.errors);
  // The business and tax residency details' messages, keyed by path (core's DetailKey).
  const detailsErrors = messagesPerField(answer.details_errors);
  const hasDetails = detailsErrors !== null && Object.keys(detailsErrors).length > 0;
  if (!errors || (Object.keys(errors).length === 0 && !hasDetails)) return null;
  const step = answer.first_error_step;
  const part = answer.first_error_part;
  return {
    errors: errors as ReportErrors,
    warnings: (messagesPerField(answer.warnings) ?? {}) as ApplicationReport['warnings'],
    first_error_step: typeof step === 'number' && Number.isInteger(step) ? step : null,
    ...(hasDetails ? { details_errors: detailsErrors as NonNullable<ApplicationReport['details_errors']> } : {}),
    ...(part === 'business' || part === 'owners' || part === 'tax_residency' ? { first_error_part: part } : {}),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** One POST, its answer read into an outcome. Never throws. */
export async function postOnce(body: string, key: string, deps: SubmitDependencies): Promise<Attempt> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, deps.timeoutMs ?? SUBMIT_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await deps.fetch(APPLICATIONS_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
        body,
        signal: controller.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return { kind: 'failed', reason: timedOut ? 'timeout' : 'network' };
    }
    const answer = await readJson(response);
    if (timedOut) return { kind: 'failed', reason: 'timeout' };
    if (response.status === 201 || response.status === 200) {
      // Read as core's wire type, each field checked: an answer from the network may be anything.
      const record = (typeof answer === 'object' && answer !== null ? answer : {}) as Partial<Record<keyof ApplicationCreated, unknown>>;
      const reference = record.reference;
      const submittedAt = record.submitted_at;
      const confirmationEmail = record.confirmation_email;
      if (typeof reference === 'string' && typeof submittedAt === 'string') {
        return {
          kind: 'created',
          reference,
          submittedAt,
          confirmationEmail: typeof confirmationEmail === 'string' ? confirmationEmail : null,
          // Warnings only inform: unreadable ones are dropped, never the stored application.
          warnings: (messagesPerField(record.warnings) ?? {}) as ApplicationCreated['warnings'],
        };
      }
      return { kind: 'failed', reason: 'answer', status: response.status };
    }
    const outcome: ErrorBody['outcome'] | null = typeof answer === 'object' && answer !== null ? (answer as Partial<ErrorBody>).outcome : null;
    if (response.status === 503 && outcome === 'unknown') {
      return { kind: 'failed', reason: 'unknown', status: 503 };
    }
    if (response.status === 422) {
      const report = rejectedReport(answer);
      if (report?.errors.idempotency_key) return { kind: 'key_reused' };
      if (report) return { kind: 'rejected', report };
    }
    return { kind: 'failed', reason: 'status', status: response.status };
  } finally {
    clearTimeout(timer);
  }
}

const unanswered = (attempt: Attempt) =>
  attempt.kind === 'failed' && (attempt.reason === 'network' || attempt.reason === 'timeout' || attempt.reason === 'unknown');

/**
 * Sends `body` (the JSON of core's ApplicationInput) under the application's key. Returns the
 * outcome and the key state to keep for the next attempt.
 */
export async function submitApplication(
  body: string,
  state: IdempotencyState,
  deps: SubmitDependencies,
): Promise<{ result: SubmissionResult; state: IdempotencyState }> {
  const attempt = await postOnce(body, state.key, deps);

  if (attempt.kind === 'key_reused') {
    // An earlier, unanswered attempt was stored: find it and show its reference.
    for (const earlier of [...state.unconfirmedBodies].reverse()) {
      if (earlier === body) continue;
      const replay = await postOnce(earlier, state.key, deps);
      if (replay.kind === 'created') {
        return { result: { ...replay, storedBody: earlier }, state: { key: state.key, unconfirmedBodies: [] } };
      }
    }
    // Not found (storage was cleared, say): a new key lets the person apply at all.
    return {
      result: { kind: 'failed', reason: 'status', status: 422 },
      state: { key: deps.newKey(), unconfirmedBodies: [] },
    };
  }

  if (unanswered(attempt)) {
    const bodies = state.unconfirmedBodies.filter((earlier) => earlier !== body);
    return { result: attempt as SubmissionResult, state: { key: state.key, unconfirmedBodies: [...bodies, body].slice(-MAX_UNCONFIRMED) } };
  }
  if (attempt.kind === 'created') return { result: attempt, state: { key: state.key, unconfirmedBodies: [] } };
  return { result: attempt, state };
}
