import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLICATIONS_ENDPOINT, postOnce, submitApplication, type SubmitDependencies } from './submission';

const CREATED = {
  reference: 'BKS-ABCD-EFGH-JKLM',
  status: 'under_review',
  submitted_at: '2026-03-01T00:00:00.000Z',
  confirmation_email: 'j****@example.com.au',
  warnings: {},
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering from a script of responses (or thrown errors), recording what was sent. */
function scriptedFetch(...answers: (Response | Error)[]) {
  const calls: { body: string; key: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    calls.push({ body: String(init?.body), key: headers['Idempotency-Key']!, init: init! });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}

const deps = (fetch: typeof globalThis.fetch): SubmitDependencies => ({ fetch, newKey: () => 'new-key' });

afterEach(() => vi.useRealTimers());

describe('postOnce', () => {
  it('posts JSON with the key to the API and reads a 201', async () => {
    const { fetch, mock } = scriptedFetch(json(201, CREATED));
    expect(await postOnce('{"a":1}', 'k1', deps(fetch))).toEqual({
      kind: 'created',
      reference: CREATED.reference,
      submittedAt: CREATED.submitted_at,
      confirmationEmail: 'j****@example.com.au',
      warnings: {},
    });
    const [url, init] = mock.mock.calls[0]!;
    expect(url).toBe(APPLICATIONS_ENDPOINT);
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' },
    });
  });

  it('reads a 201 whose server queued no confirmation email', async () => {
    const { fetch } = scriptedFetch(json(201, { ...CREATED, confirmation_email: null }));
    expect(await postOnce('{}', 'k', deps(fetch))).toMatchObject({ kind: 'created', confirmationEmail: null });
  });

  it("reads the warnings of a 201 in core's words, keyed by field", async () => {
    const warnings = { postal_code: ["This postcode isn't in Victoria. Please check your postcode and state."] };
    const { fetch } = scriptedFetch(json(201, { ...CREATED, warnings }));
    expect(await postOnce('{}', 'k', deps(fetch))).toMatchObject({ kind: 'created', reference: CREATED.reference, warnings });
  });

  it('keeps a 201 whose warnings are unreadable, without them', async () => {
    for (const warnings of [undefined, null, 'postcode', ['a'], { postal_code: 'not a list' }, { postal_code: [42] }]) {
      const { fetch } = scriptedFetch(json(201, { ...CREATED, warnings }));
      expect(await postOnce('{}', 'k', deps(fetch))).toMatchObject({ kind: 'created', reference: CREATED.reference, warnings: {} });
    }
  });

  it("reads a 422's field messages", async () => {
    const { fetch } = scriptedFetch(json(422, { errors: { email: ['Please enter a valid email address'] }, warnings: {}, first_error_step: 2 }));
    expect(await postOnce('{}', 'k', deps(fetch))).toEqual({
      kind: 'rejected',
      // Core's report, the envelope of the wizard's own checks: with core's step of the first
      // error, which the wizard goes to (it never works it out itself).
      report: { errors: { email: ['Please enter a valid email address'] }, warnings: {}, first_error_step: 2 },
    });
  });

  it("reads a 422 about the business and tax details alone, with core's page of the first", async () => {
    const body = {
      errors: {},
      warnings: {},
      first_error_step: null,
      details_errors: { 'business.abn': ["The ABN's check digits don't match"] },
      first_error_part: 'business',
    };
    const { fetch } = scriptedFetch(json(422, body));
    expect(await postOnce('{}', 'k', deps(fetch))).toEqual({ kind: 'rejected', report: body });
  });

  it('treats every other answer as a failure', async () => {
    for (const response of [
      json(500, { error: 'x' }),
      json(503, { error: 'x' }),
      json(429, { error: 'x' }),
      json(400, { error: 'x' }),
      json(422, { error: 'not the documented shape' }),
      json(201, { reference: 42 }),
      new Response('<html>', { status: 502 }),
    ]) {
      const { fetch } = scriptedFetch(response);
      expect((await postOnce('{}', 'k', deps(fetch))).kind).toBe('failed');
    }
    const { fetch } = scriptedFetch(new TypeError('Failed to fetch'));
    expect(await postOnce('{}', 'k', deps(fetch))).toEqual({ kind: 'failed', reason: 'network' });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    const fetch = ((_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const pending = postOnce('{}', 'k', { ...deps(fetch), timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ kind: 'failed', reason: 'timeout' });
  });
});

describe('submitApplication', () => {
  it('keeps the key across retries and forgets unanswered bodies once stored', async () => {
    const { fetch, calls } = scriptedFetch(new TypeError('offline'), json(201, CREATED));
    const first = await submitApplication('{"a":1}', { key: 'k1', unconfirmedBodies: [] }, deps(fetch));
    expect(first.result.kind).toBe('failed');
    expect(first.state).toEqual({ key: 'k1', unconfirmedBodies: ['{"a":1}'] });

    const second = await submitApplication('{"a":1}', first.state, deps(fetch));
    expect(second.result.kind).toBe('created');
    expect(second.state).toEqual({ key: 'k1', unconfirmedBodies: [] });
    expect(calls.map((call) => call.key)).toEqual(['k1', 'k1']);
  });

  it('does not remember bodies the server answered', async () => {
    const { fetch } = scriptedFetch(json(500, { error: 'x' }));
    const { state } = await submitApplication('{"a":1}', { key: 'k1', unconfirmedBodies: [] }, deps(fetch));
    expect(state).toEqual({ key: 'k1', unconfirmedBodies: [] });
  });

  it("remembers a body whose 503 says the outcome is unknown, and finds it if it was stored", async () => {
    const { fetch, calls } = scriptedFetch(
      json(503, { error: 'We could not confirm whether your application was received.', outcome: 'unknown' }),
      json(422, { errors: { idempotency_key: ['used'] }, warnings: {} }),
      json(201, CREATED),
    );
    const first = await submitApplication('{"a":1}', { key: 'k1', unconfirmedBodies: [] }, deps(fetch));
    expect(first.result).toEqual({ kind: 'failed', reason: 'unknown', status: 503 });
    expect(first.state).toEqual({ key: 'k1', unconfirmedBodies: ['{"a":1}'] });
    // The person changes something and sends again: the first body had been stored after all.
    const second = await submitApplication('{"a":2}', first.state, deps(fetch));
    expect(second.result).toEqual({
      kind: 'created',
      reference: CREATED.reference,
      submittedAt: CREATED.submitted_at,
      confirmationEmail: CREATED.confirmation_email,
      warnings: {},
      // The bank holds the first body: the change was not applied, and the page says so.
      storedBody: '{"a":1}',
    });
    expect(calls.map((call) => call.body)).toEqual(['{"a":1}', '{"a":2}', '{"a":1}']);
  });

  it('recovers the stored application when a changed body meets the used key', async () => {
    const { fetch, calls } = scriptedFetch(
      json(422, { errors: { idempotency_key: ['This Idempotency-Key was already used for a different application.'] }, warnings: {} }),
      json(422, { errors: { idempotency_key: ['used'] }, warnings: {} }),
      json(201, CREATED),
    );
    const { result, state } = await submitApplication('{"a":3}', { key: 'k1', unconfirmedBodies: ['{"a":1}', '{"a":2}'] }, deps(fetch));
    expect(result).toEqual({
      kind: 'created',
      reference: CREATED.reference,
      submittedAt: CREATED.submitted_at,
      confirmationEmail: CREATED.confirmation_email,
      warnings: {},
      storedBody: '{"a":1}',
    });
    expect(state).toEqual({ key: 'k1', unconfirmedBodies: [] });
    // The newest unanswered body first, then the older one, which the server had stored.
    expect(calls.map((call) => call.body)).toEqual(['{"a":3}', '{"a":2}', '{"a":1}']);
  });

  it('starts a new key when the stored application cannot be found', async () => {
    const { fetch } = scriptedFetch(json(422, { errors: { idempotency_key: ['used'] }, warnings: {} }));
    const { result, state } = await submitApplication('{"a":3}', { key: 'k1', unconfirmedBodies: [] }, deps(fetch));
    expect(result.kind).toBe('failed');
    expect(state).toEqual({ key: 'new-key', unconfirmedBodies: [] });
  });

  it('remembers at most five unanswered bodies', async () => {
    let state = { key: 'k', unconfirmedBodies: [] as string[] };
    for (let i = 0; i < 7; i += 1) {
      const { fetch } = scriptedFetch(new TypeError('offline'));
      state = (await submitApplication(`{"a":${i}}`, state, deps(fetch))).state;
    }
    expect(state.unconfirmedBodies).toEqual(['{"a":2}', '{"a":3}', '{"a":4}', '{"a":5}', '{"a":6}']);
  });
});
