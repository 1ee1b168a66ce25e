// The audit log (auditors): newest first, filtered by action, application or staff member, 50
// rows at a time, and the hash chain checked on the server (as `banksia-server audit verify`).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditEntry } from 'banksia-core/application';
import { staffApi } from './api';

type Filters = { action: string; reference: string; staff: string };

/** The audit log's columns: each one's heading, which a stacked cell on a phone shows too. */
const AUDIT_COLUMNS = { id: '#', at: 'When', staff: 'Who', action: 'What', application: 'Application', detail: 'Detail' } as const;

export default function AuditLog() {
  const [draft, setDraft] = useState<Filters>({ action: '', reference: '', staff: '' });
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [message, setMessage] = useState('Loading…');
  const [check, setCheck] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(async (filters: Filters, before: number | null) => {
    const page = await staffApi.auditLog({
      action: filters.action.trim(),
      reference: filters.reference.trim(),
      staff: filters.staff.trim(),
      ...(before !== null ? { before } : {}),
    });
    if (!page.ok) {
      setMessage(page.error.error);
      return;
    }
    setRows((old) => (before !== null ? [...old, ...page.value.rows] : page.value.rows));
    setNext(page.value.next_before);
    setMessage(page.value.rows.length === 0 && before === null ? 'No audit entries match.' : '');
  }, []);
  const [applied, setApplied] = useState<Filters>(draft);
  useEffect(() => {
    void load(applied, null);
  }, [load, applied]);
  useEffect(() => heading.current?.focus(), []);
  const field = (key: keyof Filters, label: string, type = 'text') => (
    <label>
      {label}
      <input type={type} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </label>
  );
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" tabIndex={-1} ref={heading}>
        Audit log
      </h1>
      <div className="staff-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            setCheck('Checking the chain…');
            const answer = await staffApi.auditVerify();
            if (!answer.ok) setCheck(answer.error.error);
            else if (answer.value.intact) setCheck(`Chain intact: ${answer.value.rows} entries, last hash ${answer.value.head ?? '(none)'}.`);
            else setCheck(`Chain broken at entry ${answer.value.broken_at}: ${answer.value.reason}.`);
          }}
        >
          Verify the chain
        </button>
      </div>
      <p role="status" className="staff-message" data-audit-check>
        {check}
      </p>
      <form
        className="staff-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...draft });
        }}
      >
        {field('action', 'Action (e.g. application.viewed)')}
        {field('reference', 'Application reference')}
        {field('staff', 'Staff email', 'email')}
        <button className="button" type="submit">
          Filter
        </button>
      </form>
      <p role="status" className="staff-message">
        {message}
      </p>
      {rows.length > 0 && (
        <table className="staff-table" data-audit-table>
          <caption className="visually-hidden">Audit entries, newest first</caption>
          <thead>
            <tr>
              {Object.values(AUDIT_COLUMNS).map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-audit-action={row.action}>
                <td data-label={AUDIT_COLUMNS.id}>{row.id}</td>
                <td data-label={AUDIT_COLUMNS.at}>{new Date(row.at).toLocaleString('en-AU')}</td>
                <td data-label={AUDIT_COLUMNS.staff}>{row.staff ?? 'System'}</td>
                <td data-label={AUDIT_COLUMNS.action}>
                  {row.description}
                  <span className="staff-hint">{row.action}</span>
                </td>
                <td data-label={AUDIT_COLUMNS.application}>{row.application_reference ?? '—'}</td>
                <td data-label={AUDIT_COLUMNS.detail}>
                  <code className="staff-detail">{row.detail}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next !== null && (
        <button className="button button--secondary" type="button" onClick={() => void load(applied, next)}>
          Older entries
        </button>
      )}
    </section>
  );
}
