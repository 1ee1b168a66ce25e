// The staff console: sign-in with a passkey, the queue, and the case view (CaseScreen.tsx). Every
// rule is the server's (core's `review` through /api/staff/): the console shows the actions the
// case view lists for this person and this application, and nothing else.
import { useCallback, useEffect, useState } from 'react';
import type { QueueRow, StaffMe } from 'banksia-core/application';
import { staffApi } from './api';
import { usePasskey } from './webauthn';
import AuditLog from './AuditLog';
import CaseScreen from './CaseScreen';
import StaffAdmin from './StaffAdmin';

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
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
      <p role="status" className="staff-message">
        {message}
      </p>
    </form>
  );
}

/** The queue's columns: each one's heading, which a stacked cell on a phone shows too. */
const QUEUE_COLUMNS = { reference: 'Reference', applicant: 'Applicant', account: 'Account', status: 'Status', age: 'Age (business days)', assigned: 'Assigned' } as const;

function Queue({ open }: { open: (reference: string) => void }) {
  const [status, setStatus] = useState('open');
  const [account, setAccount] = useState('');
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<QueueRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [message, setMessage] = useState('Loading…');
  const load = useCallback(
    async (after: string | null) => {
      const page = await staffApi.queue({ status, account_type: account, q: search.trim(), ...(after ? { after } : {}) });
      if (!page.ok) {
        setMessage(page.error.error);
        return;
      }
      setRows((old) => (after ? [...old, ...page.value.rows] : page.value.rows));
      setNext(page.value.next_after);
      setMessage(page.value.rows.length === 0 && !after ? 'No applications match.' : '');
    },
    [status, account, search],
  );
  useEffect(() => {
    void load(null);
  }, [status, account]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section aria-labelledby="queue-heading">
      <h1 id="queue-heading">Applications</h1>
      <form
        className="staff-filters"
        onSubmit={(e) => {
          e.preventDefault();
          void load(null);
        }}
      >
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="open">Open</option>
            <option value="under_review">Under review</option>
            <option value="information_requested">Information requested</option>
            <option value="information_received">Information received</option>
            <option value="approved">Approved</option>
            <option value="declined">Declined</option>
            <option value="withdrawn">Withdrawn</option>
            <option value="all">All</option>
          </select>
        </label>
        <label>
          Account
          <select value={account} onChange={(e) => setAccount(e.target.value)}>
            <option value="">All accounts</option>
            <option value="checking">Essential Checking</option>
            <option value="savings">High Yield Savings</option>
            <option value="business_checking">Business Checking</option>
            <option value="business_savings">Business Savings</option>
          </select>
        </label>
        <label>
          Reference, email or last name
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button className="button" type="submit">
          Search
        </button>
      </form>
      <p role="status" className="staff-message">
        {message}
      </p>
      {rows.length > 0 && (
        <table className="staff-table">
          <caption className="visually-hidden">Applications, oldest first</caption>
          <thead>
            <tr>
              {Object.values(QUEUE_COLUMNS).map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reference} data-reference={row.reference}>
                <td data-label={QUEUE_COLUMNS.reference}>
                  <a href={`#case=${row.reference}`} onClick={() => open(row.reference)}>
                    {row.reference}
                  </a>
                </td>
                <td data-label={QUEUE_COLUMNS.applicant}>{row.applicant_name}</td>
                <td data-label={QUEUE_COLUMNS.account}>{row.account_label}</td>
                <td data-label={QUEUE_COLUMNS.status}>
                  {row.status_label}
                  {row.approval_pending && <span className="staff-badge">Waiting for second approver</span>}
                </td>
                <td data-label={QUEUE_COLUMNS.age}>
                  {row.age_business_days}
                  {row.overdue && <span className="staff-badge staff-badge--overdue">Overdue</span>}
                </td>
                <td data-label={QUEUE_COLUMNS.assigned}>{row.assigned_to_me ? 'Me' : (row.assigned_to ?? '—')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <button className="button button--secondary" type="button" onClick={() => void load(next)}>
          Load more
        </button>
      )}
    </section>
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
  if (me === 'signed-out') return <SignIn onSignedIn={() => void refresh()} />;
  const screens = screensFor(me);
  // A screen the roles don't open falls back to the first one they do (the server refuses the
  // calls anyway).
  const current = screens.find((s) => s.screen === screen)?.screen ?? screens[0]?.screen ?? null;
  return (
    <div className="staff-console">
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
            history.pushState(null, '', location.pathname);
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
