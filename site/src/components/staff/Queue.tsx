// The staff queue: the applications to review, filtered, searched, ordered and paged by the
// server (due dates and overdue are core's). The filters and how many rows were shown live in
// the page's query string, so "Back to the queue", a reload or a shared link finds the same
// list, and the row that was opened gets the focus back.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueueAssignment, QueueQuery, QueueRow, QueueSort } from 'banksia-wire';
import { staffApi } from './api';
import { useRequestOrder } from './latest';
import { bankDate } from './time';
import { countsMessage } from './counts';

/** The queue's columns: each one's heading, which a stacked cell on a phone shows too. */
const QUEUE_COLUMNS = {
  reference: 'Reference',
  applicant: 'Applicant',
  account: 'Account',
  status: 'Status',
  due: 'Due',
  age: 'Age (business days)',
  assigned: 'Assigned',
} as const;

/** The filters as the URL and the API name them. */
type Filters = {
  status: string;
  account_type: string;
  q: string;
  overdue: boolean;
  approval_pending: boolean;
  assigned: QueueAssignment | '';
  sort: QueueSort;
};

const DEFAULTS: Filters = { status: 'open', account_type: '', q: '', overdue: false, approval_pending: false, assigned: '', sort: 'due' };

/** The reference last opened from the queue, to focus its row on the way back. */
const OPENED_KEY = 'banksia-staff-queue-opened';

function fromUrl(): { filters: Filters; shown: number } {
  const p = new URLSearchParams(location.search);
  const assigned = p.get('assigned');
  return {
    filters: {
      status: p.get('status') ?? DEFAULTS.status,
      account_type: p.get('account_type') ?? '',
      q: p.get('q') ?? '',
      overdue: p.get('overdue') === 'true',
      approval_pending: p.get('approval_pending') === 'true',
      assigned: assigned === 'me' || assigned === 'nobody' ? assigned : '',
      sort: p.get('sort') === 'newest' ? 'newest' : 'due',
    },
    shown: Math.min(Number.parseInt(p.get('shown') ?? '0', 10) || 0, 500),
  };
}

/** Writes the filters (and the rows shown) into the query string, keeping the hash. */
function toUrl(filters: Filters, shown: number) {
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== DEFAULTS[key as keyof Filters] && value !== '') p.set(key, String(value));
  }
  if (shown > 25) p.set('shown', String(shown));
  const search = p.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}

function apiQuery(filters: Filters, after: string | null): QueueQuery {
  return {
    status: filters.status,
    account_type: filters.account_type,
    q: filters.q.trim(),
    ...(filters.overdue ? { overdue: true } : {}),
    ...(filters.approval_pending ? { approval_pending: true } : {}),
    ...(filters.assigned ? { assigned: filters.assigned } : {}),
    ...(filters.sort !== 'due' ? { sort: filters.sort } : {}),
    ...(after ? { after } : {}),
  };
}

export default function Queue({ open }: { open: (reference: string) => void }) {
  const [initial] = useState(fromUrl);
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [search, setSearch] = useState(initial.filters.q);
  const [rows, setRows] = useState<QueueRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [message, setMessage] = useState('Loading…');
  const [loading, setLoading] = useState(false);
  /** The row to focus once shown: the first of a page loaded by "Load more", or the one opened. */
  const focusRow = useRef<number | string | null>(null);
  const table = useRef<HTMLTableSectionElement>(null);
  const order = useRequestOrder();

  const load = useCallback(async (current: Filters, restore: number) => {
    const latest = order.begin();
    setLoading(true);
    setMessage('Loading…');
    let shown: QueueRow[] = [];
    let after: string | null = null;
    // A first page, or as many pages as were shown before (back from a case, a reload).
    do {
      const page = await staffApi.queue(apiQuery(current, after));
      // A later filter's (or Load more's) answer is the one to show.
      if (!latest()) return;
      if (!page.ok) {
        // The rows of other filters would read as this one's answer.
        setRows([]);
        setNext(null);
        setMessage(page.error.error);
        setLoading(false);
        return;
      }
      shown = [...shown, ...page.value.rows];
      after = page.value.next_after;
      setMessage(countsMessage(page.value, shown.length));
    } while (after && shown.length < restore);
    setRows(shown);
    setNext(after);
    setLoading(false);
  }, [order]);

  useEffect(() => {
    const opened = sessionStorage.getItem(OPENED_KEY);
    if (opened) {
      sessionStorage.removeItem(OPENED_KEY);
      focusRow.current = opened;
    }
    void load(filters, initial.shown);
    // Only the first render reads the URL; later changes go through `apply`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const target = focusRow.current;
    if (target === null || !table.current) return;
    const row = typeof target === 'number' ? table.current.rows[target] : table.current.querySelector<HTMLTableRowElement>(`tr[data-reference="${CSS.escape(target)}"]`);
    row?.querySelector<HTMLAnchorElement>('a')?.focus();
    focusRow.current = null;
  }, [rows]);

  function apply(change: Partial<Filters>) {
    const updated = { ...filters, ...change };
    setFilters(updated);
    toUrl(updated, 0);
    void load(updated, 0);
  }

  async function loadMore() {
    if (!next) return;
    const latest = order.begin();
    setLoading(true);
    const page = await staffApi.queue(apiQuery(filters, next));
    if (!latest()) return;
    setLoading(false);
    if (!page.ok) {
      setMessage(page.error.error);
      return;
    }
    // Focus moves to the first new row, so a keyboard user carries on where the list grew.
    focusRow.current = rows.length;
    const shown = [...rows, ...page.value.rows];
    setRows(shown);
    setNext(page.value.next_after);
    setMessage(countsMessage(page.value, shown.length));
    toUrl(filters, shown.length);
  }

  const checkbox = (key: 'overdue' | 'approval_pending', label: string) => (
    <div className="staff-check">
      <input
        id={`queue-${key}`}
        type="checkbox"
        checked={filters[key]}
        onChange={(e) => apply(key === 'overdue' ? { overdue: e.target.checked } : { approval_pending: e.target.checked })}
      />
      <label htmlFor={`queue-${key}`}>{label}</label>
    </div>
  );

  return (
    <section aria-labelledby="queue-heading">
      <h1 id="queue-heading" tabIndex={-1}>
        Applications
      </h1>
      <form
        className="staff-filters"
        role="search"
        aria-label="Filter the applications"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ q: search });
        }}
      >
        <label>
          Status
          <select value={filters.status} onChange={(e) => apply({ status: e.target.value })}>
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
          <select value={filters.account_type} onChange={(e) => apply({ account_type: e.target.value })}>
            <option value="">All accounts</option>
            <option value="checking">Essential Checking</option>
            <option value="savings">High Yield Savings</option>
            <option value="business_checking">Business Checking</option>
            <option value="business_savings">Business Savings</option>
          </select>
        </label>
        <label>
          Assigned to
          <select value={filters.assigned} onChange={(e) => apply({ assigned: e.target.value as Filters['assigned'] })}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="nobody">Nobody (unassigned)</option>
          </select>
        </label>
        <label>
          Order
          <select value={filters.sort} onChange={(e) => apply({ sort: e.target.value as QueueSort })}>
            <option value="due">Due date, soonest first</option>
            <option value="newest">Newest first</option>
          </select>
        </label>
        <fieldset className="staff-queue-flags">
          <legend>Only</legend>
          {checkbox('overdue', 'Overdue')}
          {checkbox('approval_pending', 'Waiting for a second approver')}
        </fieldset>
        <div className="staff-queue-search">
          <label htmlFor="queue-search">Reference, name or email (part of it, 3 characters or more)</label>
          <div className="staff-queue-search-row">
            <input id="queue-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            <button className="button" type="submit">
              Search
            </button>
          </div>
        </div>
      </form>
      <p role="status" className="staff-message" data-queue-counts>
        {message}
      </p>
      {rows.length > 0 && (
        <table className="staff-table staff-queue">
          <caption className="visually-hidden">Applications, {filters.sort === 'newest' ? 'newest first' : 'soonest due first'}</caption>
          <thead>
            <tr>
              {Object.values(QUEUE_COLUMNS).map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={table}>
            {rows.map((row) => (
              <tr key={row.reference} data-reference={row.reference}>
                <td data-label={QUEUE_COLUMNS.reference} className="staff-queue-reference">
                  <a
                    href={`#case=${row.reference}`}
                    onClick={() => {
                      sessionStorage.setItem(OPENED_KEY, row.reference);
                      open(row.reference);
                    }}
                  >
                    {row.reference}
                  </a>
                </td>
                <td data-label={QUEUE_COLUMNS.applicant} className="staff-queue-applicant">
                  {row.applicant_name}
                </td>
                <td data-label={QUEUE_COLUMNS.account} className="staff-queue-account">{row.account_label}</td>
                <td data-label={QUEUE_COLUMNS.status} className="staff-queue-status">
                  {row.status_label}
                  {row.approval_pending && <span className="staff-badge">Waiting for second approver</span>}
                </td>
                <td data-label={QUEUE_COLUMNS.due} className="staff-queue-due">
                  {bankDate(row.due_date)}
                  {row.overdue && <span className="staff-badge staff-badge--overdue">Overdue</span>}
                </td>
                <td data-label={QUEUE_COLUMNS.age} className="staff-queue-age">{row.age_business_days}</td>
                <td data-label={QUEUE_COLUMNS.assigned} className="staff-queue-assigned">{row.assigned_to_me ? 'Me' : (row.assigned_to ?? 'Nobody')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <button className="button button--secondary" type="button" disabled={loading} onClick={() => void loadMore()}>
          Load more
        </button>
      )}
    </section>
  );
}
