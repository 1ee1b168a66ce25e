// The audit log (auditors): newest first, filtered by event type (core's list), application,
// staff member and a range of Sydney dates, 50 rows at a time; the hash chain checked on the
// server (as `banksia-server audit verify`); and the filtered log exported as CSV.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditEntry, AuditEventOption } from 'banksia-wire';
import { staffApi } from './api';
import { useRequestOrder } from './latest';
import { sydneyTime } from './time';
import { auditCsv } from './csv';

type Filters = { action: string; reference: string; staff: string; from: string; to: string };

const NO_FILTERS: Filters = { action: '', reference: '', staff: '', from: '', to: '' };

/** The most rows one export fetches (page after page). */
const EXPORT_LIMIT = 10_000;

/** The audit log's columns: each one's heading, which a stacked cell on a phone shows too. */
const AUDIT_COLUMNS = { id: '#', at: 'When', staff: 'Who', action: 'What', application: 'Application', detail: 'Detail' } as const;

function query(filters: Filters, before: number | null) {
  return {
    action: filters.action,
    reference: filters.reference.trim(),
    staff: filters.staff.trim(),
    from: filters.from,
    to: filters.to,
    ...(before !== null ? { before } : {}),
  };
}

export default function AuditLog() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [events, setEvents] = useState<AuditEventOption[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [message, setMessage] = useState('Loading…');
  const [check, setCheck] = useState('');
  const [exporting, setExporting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const order = useRequestOrder();
  const load = useCallback(async (filters: Filters, before: number | null) => {
    const latest = order.begin();
    const page = await staffApi.auditLog(query(filters, before));
    // Another filter's (or the next page's) answer is the one to show.
    if (!latest()) return;
    if (!page.ok) {
      setMessage(page.error.error);
      return;
    }
    setEvents(page.value.event_types);
    setRows((old) => (before !== null ? [...old, ...page.value.rows] : page.value.rows));
    setNext(page.value.next_before);
    setMessage(page.value.rows.length === 0 && before === null ? 'No audit entries match.' : '');
  }, [order]);
  const [applied, setApplied] = useState<Filters>(draft);
  useEffect(() => {
    void load(applied, null);
  }, [load, applied]);
  useEffect(() => heading.current?.focus(), []);

  /** Every row the applied filters select (up to EXPORT_LIMIT), downloaded as a CSV file. */
  async function exportCsv() {
    setExporting(true);
    setMessage('Preparing the export…');
    const all: AuditEntry[] = [];
    let before: number | null = null;
    do {
      const page = await staffApi.auditLog(query(applied, before));
      if (!page.ok) {
        setMessage(page.error.error);
        setExporting(false);
        return;
      }
      all.push(...page.value.rows);
      before = page.value.next_before;
    } while (before !== null && all.length < EXPORT_LIMIT);
    const url = URL.createObjectURL(new Blob([auditCsv(all)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    setMessage(`Exported ${all.length} entries${before !== null ? ` (the newest ${EXPORT_LIMIT}; narrow the filters for older ones)` : ''}.`);
    setExporting(false);
  }

  const field = (key: 'reference' | 'staff' | 'from' | 'to', label: string, type = 'text') => (
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
        <button type="button" className="button button--secondary" disabled={exporting} onClick={() => void exportCsv()}>
          Export as CSV
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
        <label>
          Event type
          <select value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">All events</option>
            {events.map((event) => (
              <option key={event.code} value={event.code}>
                {event.label}
              </option>
            ))}
          </select>
        </label>
        {field('reference', 'Application reference')}
        {field('staff', 'Staff email', 'email')}
        {field('from', 'From (Sydney date)', 'date')}
        {field('to', 'To (Sydney date, included)', 'date')}
        <button className="button" type="submit">
          Filter
        </button>
      </form>
      <p role="status" className="staff-message" data-audit-message>
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
                <td data-label={AUDIT_COLUMNS.at}>{sydneyTime(row.at)}</td>
                <td data-label={AUDIT_COLUMNS.staff}>{row.staff ?? 'System'}</td>
                <td data-label={AUDIT_COLUMNS.action}>
                  {row.description}
                  <span className="staff-hint">{row.action}</span>
                </td>
                <td data-label={AUDIT_COLUMNS.application}>{row.application_reference ?? '—'}</td>
                <td data-label={AUDIT_COLUMNS.detail}>
                  {row.detail_lines.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="staff-detail">
                      {row.detail_lines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
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
