// The staff queue: the applications to review, filtered, searched and paged by the server.
import { useCallback, useEffect, useState } from 'react';
import type { QueueRow } from 'banksia-core/application';
import { staffApi } from './api';

/** The queue's columns: each one's heading, which a stacked cell on a phone shows too. */
const QUEUE_COLUMNS = { reference: 'Reference', applicant: 'Applicant', account: 'Account', status: 'Status', age: 'Age (business days)', assigned: 'Assigned' } as const;

export default function Queue({ open }: { open: (reference: string) => void }) {
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
