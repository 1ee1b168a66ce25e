// Staff administration (administrators): invite someone (the one-time enrolment link is shown
// once), change a colleague's roles, deactivate or reactivate them, start a passkey recovery, and
// confirm or revoke what another administrator proposed. The server checks every rule (core's
// `review::separation`); the roles and what each may do come from core through the directory.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { InviteCreated, PendingChange, Role, RoleOption, StaffDirectory, StaffMember } from 'banksia-wire';
import { staffApi } from './api';
import { sydneyTime } from './time';

function RolePicker({ roles, chosen, onChange, legend }: { roles: RoleOption[]; chosen: Role[]; onChange: (roles: Role[]) => void; legend: string }) {
  const id = useId();
  return (
    <fieldset className="staff-roles">
      <legend>{legend}</legend>
      {roles.map((role) => (
        <div key={role.code} className="staff-check">
          <input
            type="checkbox"
            id={`${id}-${role.code}`}
            checked={chosen.includes(role.code)}
            aria-describedby={`${id}-${role.code}-about`}
            onChange={(e) => onChange(e.target.checked ? [...chosen, role.code] : chosen.filter((r) => r !== role.code))}
          />
          <label htmlFor={`${id}-${role.code}`}>{role.label}</label>
          <span id={`${id}-${role.code}-about`} className="staff-hint">
            {role.description}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

function Invite({ roles, invited }: { roles: RoleOption[]; invited: () => void }) {
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<Role[]>(['reviewer']);
  const [created, setCreated] = useState<InviteCreated | null>(null);
  const [message, setMessage] = useState('');
  const link = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (created) link.current?.focus();
  }, [created]);
  return (
    <section className="staff-card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a colleague</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage('');
          const answer = await staffApi.invite({ email, roles: chosen });
          if (answer.ok) {
            setCreated(answer.value);
            setEmail('');
            invited();
          } else setMessage(answer.error.error);
        }}
      >
        <label htmlFor="invite-email">Work email</label>
        <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <RolePicker roles={roles} chosen={chosen} onChange={setChosen} legend="Roles" />
        <button className="button" type="submit">
          Create invitation link
        </button>
      </form>
      <p role="status" className="staff-message">
        {message}
      </p>
      {created && (
        <div className="staff-invite-link" data-invite-link>
          <label htmlFor="invite-link">One-time enrolment link (shown once; send it to them directly)</label>
          <input id="invite-link" ref={link} readOnly value={created.link} onFocus={(e) => e.target.select()} />
          <p>
            Valid until {sydneyTime(created.expires_at)}. Opening it registers a passkey; it works
            once.
            {created.awaiting_confirmation && ' It confers approver or administrator, so it works only after a second administrator confirms it under Pending changes.'}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(created.link);
                setMessage('Link copied.');
              } catch {
                setMessage('Copy the link from the box above.');
              }
            }}
          >
            Copy link
          </button>
        </div>
      )}
    </section>
  );
}

/** The staff list's columns (then the actions): each one's heading, which a stacked cell on a phone shows too. */
const MEMBER_COLUMNS = { name: 'Name', email: 'Email', roles: 'Roles', status: 'Status' } as const;

/** After a change, the control to focus once the list is drawn again (rows are redrawn, so the
 * button pressed may be gone): `data-focus` names it. */
type Changed = (message: string, focus?: string) => void;

function MemberRow({ member, roles, me, changed }: { member: StaffMember; roles: RoleOption[]; me: number; changed: Changed }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [chosen, setChosen] = useState<Role[]>(member.roles);
  // Cancel puts the focus back on the button that opened the editor.
  const [returnFocus, setReturnFocus] = useState(false);
  const rolesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!editing && returnFocus) {
      rolesButton.current?.focus();
      setReturnFocus(false);
    }
  }, [editing, returnFocus]);
  const label = (code: Role) => roles.find((r) => r.code === code)?.label ?? code;
  return (
    <tr data-staff-email={member.email}>
      <td data-label={MEMBER_COLUMNS.name}>{member.display_name}</td>
      <td data-label={MEMBER_COLUMNS.email}>{member.email}</td>
      <td data-label={MEMBER_COLUMNS.roles}>
        {editing ? (
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              const answer = await staffApi.saveRoles(member.id, { roles: chosen });
              if (answer.ok) setEditing(false);
              changed(
                !answer.ok
                  ? answer.error.error
                  : answer.value.awaiting_confirmation
                    ? `The change for ${member.display_name} waits for a second administrator's confirmation.`
                    : `Roles of ${member.display_name} saved.`,
                answer.ok ? `roles-${member.id}` : undefined,
              );
            }}
          >
            <RolePicker roles={roles} chosen={chosen} onChange={setChosen} legend={`Roles of ${member.display_name}`} />
            <div className="staff-actions">
              <button className="button" type="submit">
                Save roles
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setEditing(false);
                  setReturnFocus(true);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : member.roles.length > 0 ? (
          member.roles.map(label).join(', ')
        ) : (
          'None'
        )}
      </td>
      <td data-label={MEMBER_COLUMNS.status}>{member.active ? 'Active' : 'Deactivated'}</td>
      <td>
        {!member.active && (
          <div className="staff-actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Reactivate ${member.display_name}`}
              data-focus={`reactivate-${member.id}`}
              onClick={async () => {
                const answer = await staffApi.reactivate(member.id);
                changed(
                  answer.ok ? `${member.display_name} is active again, without approver or administrator (grant those again).` : answer.error.error,
                  answer.ok ? `roles-${member.id}` : undefined,
                );
              }}
            >
              Reactivate
            </button>
          </div>
        )}
        {member.active && !editing && (
          <div className="staff-actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Change roles of ${member.display_name}`}
              data-focus={`roles-${member.id}`}
              ref={rolesButton}
              onClick={() => setEditing(true)}
            >
              Change roles
            </button>
            {member.id !== me && (
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Lost passkey: start a recovery for ${member.display_name}`}
                onClick={async () => {
                  const answer = await staffApi.recover(member.id);
                  changed(
                    answer.ok
                      ? `Recovery link for ${member.display_name} (works once a second administrator confirms it): ${answer.value.link}`
                      : answer.error.error,
                  );
                }}
              >
                Lost passkey
              </button>
            )}
            {member.id !== me &&
              (confirming ? (
                <span role="group" aria-label={`Deactivate ${member.display_name}?`}>
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={async () => {
                      const answer = await staffApi.deactivate(member.id);
                      setConfirming(false);
                      changed(
                        answer.ok ? `${member.display_name} is deactivated; their sessions have ended.` : answer.error.error,
                        answer.ok ? `reactivate-${member.id}` : `deactivate-${member.id}`,
                      );
                    }}
                  >
                    Yes, deactivate {member.display_name}
                  </button>{' '}
                  <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Deactivate ${member.display_name}`}
                  data-focus={`deactivate-${member.id}`}
                  onClick={() => setConfirming(true)}
                >
                  Deactivate
                </button>
              ))}
          </div>
        )}
      </td>
    </tr>
  );
}

const PENDING_KIND: Record<PendingChange['kind'], string> = {
  invitation: 'Invitation',
  recovery: 'Passkey recovery',
  role_change: 'Role change',
};

/** Invitations not yet used and grants waiting for a second administrator: who, what, by whom, until when. */
function Pending({ pending, roles, changed }: { pending: PendingChange[]; roles: RoleOption[]; changed: Changed }) {
  const label = (code: Role) => roles.find((r) => r.code === code)?.label ?? code;
  const act = async (change: PendingChange, what: 'confirm' | 'revoke') => {
    const kind = change.kind === 'role_change' ? 'grants' : 'invitations';
    const answer = await staffApi.settlePending(kind, change.id, what);
    // The list shrinks: the focus goes to its heading rather than to the page's top.
    changed(answer.ok ? `${PENDING_KIND[change.kind]} for ${change.email} ${what === 'confirm' ? 'confirmed' : 'revoked'}.` : answer.error.error, 'pending');
  };
  return (
    <section className="staff-card" aria-labelledby="pending-heading" data-pending>
      <h2 id="pending-heading" tabIndex={-1} data-focus="pending">
        Pending changes
      </h2>
      {pending.length === 0 ? (
        <p>Nothing is waiting.</p>
      ) : (
        <ul className="staff-pending">
          {pending.map((change) => (
            <li key={`${change.kind}-${change.id}`} data-pending-email={change.email}>
              <p>
                <strong>{PENDING_KIND[change.kind]}</strong> for {change.email}: {change.roles.map(label).join(', ') || 'no role'}. Proposed by{' '}
                {change.proposed_by ?? 'the command line'}; until {sydneyTime(change.expires_at)}.{' '}
                {change.awaiting_confirmation ? 'Waits for a second administrator.' : 'Confirmed; not used yet.'}
              </p>
              <div className="staff-actions">
                {change.can_confirm && (
                  <button type="button" className="button" onClick={() => void act(change, 'confirm')}>
                    Confirm {PENDING_KIND[change.kind].toLowerCase()} for {change.email}
                  </button>
                )}
                <button type="button" className="button button--secondary" onClick={() => void act(change, 'revoke')}>
                  Revoke {PENDING_KIND[change.kind].toLowerCase()} for {change.email}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function StaffAdmin({ me }: { me: number }) {
  const [directory, setDirectory] = useState<StaffDirectory | null>(null);
  const [message, setMessage] = useState('Loading…');
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef<string | null>(null);
  const screen = useRef<HTMLElement>(null);
  const changed: Changed = (text, focus) => {
    setMessage(text);
    refocus.current = focus ?? null;
    void load();
  };
  // Once the directory is drawn again, the control the change named gets the focus.
  useEffect(() => {
    const key = refocus.current;
    if (!key || !directory) return;
    refocus.current = null;
    screen.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)?.focus();
  }, [directory]);
  const load = useCallback(async () => {
    const answer = await staffApi.directory();
    if (answer.ok) setDirectory(answer.value);
    setMessage((old) => (answer.ok ? (old === 'Loading…' ? '' : old) : answer.error.error));
  }, []);
  useEffect(() => {
    void load();
    heading.current?.focus();
  }, [load]);
  return (
    <section aria-labelledby="staff-heading" ref={screen}>
      <h1 id="staff-heading" tabIndex={-1} ref={heading}>
        Staff
      </h1>
      <p role="status" className="staff-message" data-staff-message>
        {message}
      </p>
      {directory && (
        <>
          <Invite roles={directory.roles} invited={() => void load()} />
          <Pending pending={directory.pending} roles={directory.roles} changed={changed} />
          <table className="staff-table">
            <caption className="visually-hidden">Staff members</caption>
            <thead>
              <tr>
                {Object.values(MEMBER_COLUMNS).map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {directory.members.map((member) => (
                <MemberRow
                  key={`${member.id}-${member.roles.join()}-${member.active}`}
                  member={member}
                  roles={directory.roles}
                  me={me}
                  changed={changed}
                />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
