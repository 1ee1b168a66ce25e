// The staff console: sign-in with a passkey, the queue (Queue.tsx) and the case view
// (CaseScreen.tsx). Every rule is the server's (core's `review` through /api/staff/): the console
// shows the actions the case view lists for this person and this application, and nothing else.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffMe } from 'banksia-wire';
import { staffApi } from './api';
import { usePasskey } from './webauthn';
import { IdleWarning, SessionEndWarning } from './Session';
import AuditLog from './AuditLog';
import CaseScreen from './CaseScreen';
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
  // The session's absolute end on this browser's clock (the server says how many seconds are left).
  const [endsAt, setEndsAt] = useState(0);
  // Set by a sign-in: once the console shows, the focus goes to its screen's heading (not the top
  // of the page) and the sign-in is announced.
  const [signedInAs, setSignedInAs] = useState('');
  const justSignedIn = useRef(false);
  useEffect(() => {
    if (!justSignedIn.current || me === null || me === 'signed-out') return;
    justSignedIn.current = false;
    setSignedInAs(`Signed in as ${me.display_name}.`);
    document.querySelector<HTMLElement>('.staff-console h1')?.focus();
  }, [me]);
  // The session ended: everything shown goes (the screens unmount), and so do the URL's filters
  // and case, which may name an applicant.
  const sessionEnded = useCallback((why: string) => {
    history.replaceState(null, '', location.pathname);
    setReference(null);
    setNotice(why);
    setMe('signed-out');
  }, []);
  const idledOut = useCallback(() => sessionEnded('You were signed out because nothing was sent to the bank for a while. Sign in again to carry on.'), [sessionEnded]);
  const timedOut = useCallback(() => sessionEnded('You were signed out because your session reached its time limit. Sign in again with your passkey to carry on.'), [sessionEnded]);
  const refresh = useCallback(async () => {
    const answer = await staffApi.me();
    if (answer.ok) setEndsAt(Date.now() + answer.value.session_seconds_left * 1000);
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
  if (me === 'signed-out')
    return (
      <SignIn
        notice={notice}
        onSignedIn={() => {
          justSignedIn.current = true;
          void refresh();
        }}
      />
    );
  const screens = screensFor(me);
  // A screen the roles don't open falls back to the first one they do (the server refuses the
  // calls anyway).
  const current = screens.find((s) => s.screen === screen)?.screen ?? screens[0]?.screen ?? null;
  return (
    <div className="staff-console">
      <IdleWarning idleSeconds={me.session_idle_seconds} endsAt={endsAt} ended={idledOut} />
      <SessionEndWarning endsAt={endsAt} ended={timedOut} />
      <p role="status" className="visually-hidden" data-signed-in>
        {signedInAs}
      </p>
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
