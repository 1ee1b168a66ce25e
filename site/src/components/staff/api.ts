// The staff console's calls to /api/staff/, one function per endpoint, each typed by the wire
// crate's bodies (`banksia-wire`, wire/typescript/index.d.ts): a field renamed in Rust fails the
// site's type check here or at the call, never at run time. Every state-changing call carries
// the CSRF header; the browser adds the Origin and the session cookie itself.
import type {
  ActionDone,
  ActionPreview,
  ActionRequest,
  AuditPage,
  AuditQuery,
  AuditVerification,
  CaseView,
  CeremonyFinish,
  CeremonyStarted,
  ClaimRequest,
  InformationResponses,
  InviteCreated,
  InviteRequest,
  NoteRequest,
  NoteView,
  QueuePage,
  QueueQuery,
  ReassignRequest,
  RegisterStart,
  RevealRequest,
  Revealed,
  RolesRequest,
  RolesSaved,
  SessionChange,
  SignInStart,
  StaffDirectory,
  StaffErrorBody,
  StaffMe,
  StaffMember,
} from 'banksia-wire';

export type Answer<T> = { ok: true; value: T } | { ok: false; status: number; error: StaffErrorBody };

/** WebAuthn's own JSON (binary fields base64url), which webauthn.ts converts. */
export type WebAuthnJson = Record<string, unknown>;
/** A ceremony as the server starts it: its id and the `publicKey` options. */
export type Ceremony = CeremonyStarted<{ publicKey: WebAuthnJson }>;
/** A pending change's kind as its URL names it. */
export type PendingPath = 'invitations' | 'grants';

/** When the server last saw this session (each signed-in call restarts its idle time). */
let lastSeen = Date.now();
/** The moment of the last call the server answered as signed in (Session.tsx counts from it). */
export const sessionLastSeen = () => lastSeen;

async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer<T>> {
  try {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (method === 'POST') {
      init.headers = { accept: 'application/json', 'content-type': 'application/json', 'x-banksia-staff': '1' };
      init.body = JSON.stringify(body ?? {});
    }
    const response = await fetch(path, init);
    if (response.status !== 401) lastSeen = Date.now();
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, value: json as T };
    const error = (json as StaffErrorBody | null) ?? { error: `The server answered ${response.status}.` };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: 0, error: { error: 'The server could not be reached. Check your connection and try again.' } };
  }
}

/** A query string of the given fields, leaving out the empty ones. */
function query(fields: QueueQuery | AuditQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

const application = (reference: string) => `/api/staff/applications/${encodeURIComponent(reference)}`;

export const staffApi = {
  signInStart: (body: SignInStart) => call<Ceremony>('POST', '/api/staff/sign-in/start', body),
  signInFinish: (body: CeremonyFinish<WebAuthnJson>) => call<SessionChange>('POST', '/api/staff/sign-in/finish', body),
  registerStart: (body: RegisterStart) => call<Ceremony>('POST', '/api/staff/register/start', body),
  registerFinish: (body: CeremonyFinish<WebAuthnJson>) => call<SessionChange>('POST', '/api/staff/register/finish', body),
  signOut: () => call<SessionChange>('POST', '/api/staff/sign-out'),
  me: () => call<StaffMe>('GET', '/api/staff/me'),
  queue: (fields: QueueQuery) => call<QueuePage>('GET', `/api/staff/applications?${query(fields)}`),
  caseView: (reference: string) => call<CaseView>('GET', application(reference)),
  information: (reference: string) => call<InformationResponses>('GET', `${application(reference)}/information`),
  claim: (reference: string, body: ClaimRequest) => call<ActionDone>('POST', `${application(reference)}/claim`, body),
  release: (reference: string, body: ClaimRequest) => call<ActionDone>('POST', `${application(reference)}/release`, body),
  takeOver: (reference: string, body: ClaimRequest) => call<ActionDone>('POST', `${application(reference)}/take-over`, body),
  reassign: (reference: string, body: ReassignRequest) => call<ActionDone>('POST', `${application(reference)}/reassign`, body),
  act: (reference: string, body: ActionRequest) => call<ActionDone>('POST', `${application(reference)}/actions`, body),
  checkAction: (reference: string, body: ActionRequest) => call<ActionPreview>('POST', `${application(reference)}/actions/check`, body),
  addNote: (reference: string, body: NoteRequest) => call<NoteView>('POST', `${application(reference)}/notes`, body),
  reveal: (reference: string, body: RevealRequest) => call<Revealed>('POST', `${application(reference)}/reveal`, body),
  directory: () => call<StaffDirectory>('GET', '/api/staff/staff'),
  invite: (body: InviteRequest) => call<InviteCreated>('POST', '/api/staff/staff/invites', body),
  saveRoles: (id: number, body: RolesRequest) => call<RolesSaved>('POST', `/api/staff/staff/${id}/roles`, body),
  recover: (id: number) => call<InviteCreated>('POST', `/api/staff/staff/${id}/recovery`),
  deactivate: (id: number) => call<StaffMember>('POST', `/api/staff/staff/${id}/deactivate`),
  reactivate: (id: number) => call<StaffMember>('POST', `/api/staff/staff/${id}/reactivate`),
  settlePending: (kind: PendingPath, id: number, what: 'confirm' | 'revoke') =>
    call<StaffDirectory>('POST', `/api/staff/${kind}/${id}/${what}`),
  auditLog: (fields: AuditQuery) => call<AuditPage>('GET', `/api/staff/audit?${query(fields)}`),
  auditVerify: () => call<AuditVerification>('GET', '/api/staff/audit/verify'),
};

/**
 * GET …/documents/{id}: a document the applicant sent, as a file (the server audits the
 * download); its bytes for the console to hand to the browser's download.
 */
export async function downloadDocument(
  reference: string,
  id: number,
): Promise<{ ok: true; blob: Blob } | { ok: false; error: string }> {
  try {
    const response = await fetch(`${application(reference)}/documents/${id}`, { credentials: 'same-origin' });
    if (response.ok) return { ok: true, blob: await response.blob() };
    const json = (await response.json().catch(() => null)) as StaffErrorBody | null;
    return { ok: false, error: json?.error ?? `The server answered ${response.status}.` };
  } catch {
    return { ok: false, error: 'The server could not be reached. Check your connection and try again.' };
  }
}
