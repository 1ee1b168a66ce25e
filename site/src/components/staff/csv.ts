// The audit log as CSV (RFC 4180): every field quoted, quotes doubled, and a field a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) led by
// an apostrophe, so opening an export never runs what someone typed into a logged value.
import type { AuditEntry } from 'banksia-wire';

/** One field, quoted and made inert for spreadsheets. */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const HEADER = ['id', 'at_utc', 'staff', 'event', 'description', 'application', 'detail'];

/** The rows as a CSV document, a header line first, CRLF line ends. */
export function auditCsv(rows: AuditEntry[]): string {
  const lines = [HEADER.map(csvField).join(',')];
  for (const row of rows) {
    lines.push([row.id, row.at, row.staff, row.action, row.description, row.application_reference, row.detail].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
