// The staff console: sign-in with a passkey, the queue and the case view. Every rule is the
// server's (core's `review` through /api/staff/): the console shows the actions the case view
// lists for this person and this application, and nothing else.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionKind, ActionRequest, CaseView, CurrentState, DeclineReason, NoteView, StaffMe } from 'banksia-core/application';
import { staffApi } from './api';
import { usePasskey } from './webauthn';
import { IdleWarning } from './Session';
import AuditLog from './AuditLog';
import CustomerDetails from './CustomerDetails';
import Queue from './Queue';
import StaffAdmin from './StaffAdmin';

function SignIn({ onSignedIn, notice }: { onSignedIn: () => void; notice: string }) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState(notice);
  const [busy, setBusy] = useState(false);
  async function signIn(event: { preventDefault(): void }) {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    const started = await staffApi.signInStart({ email });
    if (!started.ok) {
      setMessage(started.error.error);
      setBusy(false);
      return;
    }
    try {
      const credential = await usePasskey(started.value.options);
      const finished = await staffApi.signInFinish({ ceremony: started.value.ceremony, credential });
      if (finished.ok) onSignedIn();
      else setMessage(finished.error.error);
    } catch {
      setMessage('The passkey was not used. Please try again.');
    }
    setBusy(false);
  }
  return (
    <form className="staff-card staff-signin" onSubmit={signIn} aria-labelledby="signin-heading">
      <h1 id="signin-heading">Staff sign-in</h1>
      <label htmlFor="signin-email">Work email</label>
      <input id="signin-email" type="email" autoComplete="username webauthn" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <button className="button" type="submit" disabled={busy}>
        Sign in with passkey
      </button>
      <p role="status" className="staff-message" data-signin-message>
        {message}
      </p>
      <details className="staff-help">
        <summary>Lost your passkey?</summary>
        <p>
          If your passkey is on a device you no longer have, or it was removed, ask a Banksia Bank administrator for a <strong>passkey recovery</strong>. They start it on
          the Staff screen, a second administrator confirms it, and the bank emails you when it starts; the link they give you adds a new passkey to your account.
        </p>
        <p>Don't sign in on someone else's account or share a passkey. If you think someone else used yours, tell an administrator at once so they can deactivate it.</p>
      </details>
    </form>
  );
}

function CaseScreen({ reference, back }: { reference: string; back: () => void }) {
  const [view, setView] = useState<CaseView | null>(null);
  const [message, setMessage] = useState('Loading…');
  const [revealed, setRevealed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ActionKind | null>(null);
  const [text, setText] = useState('');
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [note, setNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(async () => {
    const answer = await staffApi.caseView(reference);
    if (answer.ok) {
      setView(answer.value);
      setMessage('');
    } else setMessage(answer.error.error);
  }, [reference]);
  const focused = useRef(false);
  useEffect(() => {
    void load();
  }, [load]);
  // Focus the case's heading once it is shown, so keyboard and screen reader users start there.
  useEffect(() => {
    if (view && !focused.current) {
      focused.current = true;
      heading.current?.focus();
    }
  }, [view]);
  if (!view) return <p role="status">{message}</p>;
  async function afterChange(answer: { ok: boolean; error?: { error: string; current?: CurrentState | null } }, done: string) {
    if (answer.ok) {
      setMessage(done);
      setChosen(null);
      setText('');
      setReason('');
    } else if (answer.error) {
      setMessage(answer.error.error);
    }
    await load();
  }
  async function act(kind: ActionKind) {
    if (!view) return;
    const body: ActionRequest = {
      version: view.state.version,
      action: kind,
      message: kind === 'request_information' ? text : null,
      reason: kind === 'decline' && reason ? reason : null,
    };
    const answer = await staffApi.act(view.reference, body);
    await afterChange(answer, 'Done.');
  }
  const needsInput = chosen === 'request_information' || chosen === 'decline';
  return (
    <article aria-labelledby="case-heading">
      <button type="button" className="staff-link" onClick={back}>
        ← Back to the queue
      </button>
      <h1 id="case-heading" tabIndex={-1} ref={heading}>
        {view.reference}
      </h1>
      <p>
        {view.account_label} · <strong data-case-status>{view.status_label}</strong>
        {view.state.approval_pending && ' (waiting for a second approver)'} · {view.age_business_days} business days
        {view.overdue && <span className="staff-badge staff-badge--overdue">Overdue</span>} · Assigned:{' '}
        {view.assigned_to_me ? 'me' : (view.assigned_to ?? 'nobody')}
      </p>
      <p role="status" className="staff-message" data-case-message>
        {message}
      </p>
      <div className="staff-actions">
        {view.can_claim && !view.assigned_to_me && (
          <button type="button" className="button button--secondary" onClick={async () => afterChange(await staffApi.claim(view.reference, { version: view.state.version }), 'Claimed.')}>
            Claim
          </button>
        )}
        {view.actions.map((offer) => (
          <button
            key={offer.kind}
            type="button"
            className="button"
            aria-pressed={chosen === offer.kind}
            onClick={() => (offer.kind === 'request_information' || offer.kind === 'decline' ? setChosen(offer.kind) : void act(offer.kind))}
          >
            {offer.label}
          </button>
        ))}
      </div>
      {needsInput && (
        <form
          className="staff-card"
          onSubmit={(e) => {
            e.preventDefault();
            void act(chosen);
          }}
        >
          {chosen === 'request_information' ? (
            <>
              <label htmlFor="info-message">Message to the applicant</label>
              <textarea id="info-message" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
            </>
          ) : (
            <>
              <label htmlFor="decline-reason">Reason</label>
              <select id="decline-reason" value={reason} onChange={(e) => setReason(e.target.value as DeclineReason)}>
                <option value="">Choose a reason</option>
                {view.decline_reasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.label}
                  </option>
                ))}
              </select>
            </>
          )}
          <button className="button" type="submit">
            {chosen === 'request_information' ? 'Send request' : 'Decline application'}
          </button>
        </form>
      )}
      {view.information_request && (
        <section>
          <h2>Information requested</h2>
          <p className="staff-pre">{view.information_request}</p>
        </section>
      )}
      <h2>Answers</h2>
      {view.erased ? (
        <p>The personal data of this application was erased under the retention policy.</p>
      ) : (
        <dl className="staff-answers">
          {view.answers.map((row) => (
            <div key={row.field}>
              <dt>{row.label}</dt>
              <dd>
                {row.field === 'identification_number' && revealed ? revealed : row.value}
                {row.field === 'identification_number' && view.can_reveal && !revealed && (
                  <button
                    type="button"
                    className="staff-link"
                    onClick={async () => {
                      const answer = await staffApi.reveal(view.reference);
                      if (answer.ok) setRevealed(answer.value.identification_number);
                      else setMessage(answer.error.error);
                    }}
                  >
                    Reveal (recorded)
                  </button>
                )}
                {(view.warnings[row.field] ?? []).map((w) => (
                  <span key={w} className="staff-warning">
                    {w}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {view.details && <CustomerDetails details={view.details} />}
      <h2>Notes</h2>
      <ul className="staff-notes">
        {view.notes.map((n: NoteView, i) => (
          <li key={i}>
            <strong>{n.author}</strong>, {new Date(n.at).toLocaleString('en-AU')}: {n.body ?? '(erased)'}
          </li>
        ))}
      </ul>
      {view.can_note && (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            const answer = await staffApi.addNote(view.reference, { body: note });
            if (answer.ok) setNote('');
            await afterChange(answer, 'Note added.');
          }}
        >
          <label htmlFor="note-body">Add a note</label>
          <textarea id="note-body" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          <button className="button button--secondary" type="submit">
            Add note
          </button>
        </form>
      )}
      <h2>Timeline</h2>
      <ol className="staff-timeline">
        {view.timeline.map((entry, i) => (
          <li key={i}>
            {new Date(entry.at).toLocaleString('en-AU')}: {entry.what}
            {entry.by && ` (${entry.by})`}
          </li>
        ))}
      </ol>
    </article>
  );
}

type Screen = 'queue' | 'staff' | 'audit';

/** The screens this person's permissions open, in the order the navigation lists them. */
function screensFor(me: StaffMe): { screen: Screen; label: string }[] {
  const screens: { screen: Screen; label: string }[] = [];
  if (me.permissions.includes('view_applications')) screens.push({ screen: 'queue', label: 'Applications' });
  if (me.permissions.includes('manage_staff')) screens.push({ screen: 'staff', label: 'Staff' });
  if (me.permissions.includes('read_audit_log')) screens.push({ screen: 'audit', label: 'Audit log' });
  return screens;
}

export default function StaffConsole() {
  const [me, setMe] = useState<StaffMe | null | 'signed-out'>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [screen, setScreen] = useState<Screen | null>(null);
  const [notice, setNotice] = useState('');
  // The session idled out: everything shown goes (the screens unmount), and so do the URL's
  // filters and case, which may name an applicant.
  const idledOut = useCallback(() => {
    history.replaceState(null, '', location.pathname);
    setReference(null);
    setNotice("You were signed out because nothing was sent to the bank for a while. Sign in again to carry on.");
    setMe('signed-out');
  }, []);
  const refresh = useCallback(async () => {
    const answer = await staffApi.me();
    setMe(answer.ok ? answer.value : 'signed-out');
  }, []);
  useEffect(() => {
    void refresh();
    const fromHash = () => {
      const hash = new URLSearchParams(location.hash.slice(1));
      setReference(hash.get('case'));
      const view = hash.get('view');
      setScreen(view === 'staff' || view === 'audit' || view === 'queue' ? view : null);
    };
    fromHash();
    // Roles can change while the console is open: each move between screens asks again.
    const moved = () => {
      fromHash();
      void refresh();
    };
    addEventListener('hashchange', moved);
    return () => removeEventListener('hashchange', moved);
  }, [refresh]);
  if (me === null) return <p role="status">Loading…</p>;
  if (me === 'signed-out') return <SignIn notice={notice} onSignedIn={() => void refresh()} />;
  const screens = screensFor(me);
  // A screen the roles don't open falls back to the first one they do (the server refuses the
  // calls anyway).
  const current = screens.find((s) => s.screen === screen)?.screen ?? screens[0]?.screen ?? null;
  return (
    <div className="staff-console">
      <IdleWarning idleSeconds={me.session_idle_seconds} ended={idledOut} />
      <header className="staff-header">
        {screens.length > 1 && (
          <nav aria-label="Console" className="staff-nav">
            <ul>
              {screens.map((s) => (
                <li key={s.screen}>
                  <a href={`#view=${s.screen}`} aria-current={!reference && current === s.screen ? 'page' : undefined}>
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <span>
          {me.display_name} ({me.roles.join(', ')})
        </span>
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            await staffApi.signOut();
            history.replaceState(null, '', location.pathname);
            setNotice('');
            setMe('signed-out');
          }}
        >
          Sign out
        </button>
      </header>
      {reference && me.permissions.includes('view_applications') ? (
        <CaseScreen
          reference={reference}
          back={() => {
            // The query string holds the queue's filters and position (Queue.tsx).
            history.pushState(null, '', location.pathname + location.search);
            setReference(null);
          }}
        />
      ) : current === 'queue' ? (
        <Queue open={setReference} />
      ) : current === 'staff' ? (
        <StaffAdmin me={me.id} />
      ) : current === 'audit' ? (
        <AuditLog />
      ) : (
        <p>Your roles don't open any screen of the console. Ask an administrator.</p>
      )}
    </div>
  );
}
