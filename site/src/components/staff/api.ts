// The staff console's calls to /api/staff/. Every state-changing call carries the CSRF header;
// the browser adds the Origin and the session cookie itself. Bodies are core's `staff_wire`
// types, generated into banksia-core's declarations.
import type { StaffErrorBody } from 'banksia-core/application';

export type Answer<T> = { ok: true; value: T } | { ok: false; status: number; error: StaffErrorBody };

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  try {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (method === 'POST') {
      init.headers = { accept: 'application/json', 'content-type': 'application/json', 'x-banksia-staff': '1' };
      init.body = JSON.stringify(body ?? {});
    }
    const response = await fetch(path, init);
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, value: json as T };
    const error = (json as StaffErrorBody | null) ?? { error: `The server answered ${response.status}.` };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: 0, error: { error: 'The server could not be reached. Check your connection and try again.' } };
  }
}

export const get = <T>(path: string) => call<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => call<T>('POST', path, body);
