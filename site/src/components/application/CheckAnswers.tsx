/**
 * Check your answers (GOV.UK's pattern), shown on the last page before Submit Application: every
 * answer as core writes it for a person, in the order the wizard asked for it (by core's pages:
 * a business's details right after the account type, its owners after the address, tax
 * residency after employment and ID), each group under its heading with a Change link to its
 * field on the page that holds it. Steps 1 to 4 come from `answerSummary` (grouped by their
 * step's title); the business, each owner, the applicant's role and the tax residency from
 * `detailsSummary` (core's groups, pages and input paths), in the details' own package, which
 * the wizard has fetched by then (read here once it has loaded, never in the first load).
 */
import { useEffect, useState } from 'react';
import type { Field } from 'banksia-core/application';
import { useApplicationCore } from './applicationCore';
import type { DetailsSummaryRow } from 'banksia-core/customer-details';
import { inputId, pageOfStep, pagesFor, STEPS } from './steps';
import { toApplicationInput, type ApplicationValues } from './values';

export interface CheckAnswersProps {
  values: ApplicationValues;
  /** The business and tax details as stored in the draft (read with core's shapes checked). */
  details?: unknown;
  /** Goes to the row's step with focus on its field. */
  onChange: (step: number, field: Field) => void;
  /** Goes to the details' page `page` with focus on the input of `path` (`business.abn`). */
  onChangeDetail?: ((page: number, path: string) => void) | undefined;
}

interface Row {
  /** What `data-field` names: the field, or the detail's path. */
  key: string;
  /** The wizard page that asks for it (core's numbering for the account chosen): the order shown. */
  page: number;
  label: string;
  value: string;
  /** The Change link's hidden words after "Change". */
  names: string;
  change: () => void;
}

interface Group {
  heading: string;
  rows: Row[];
}

/** Consecutive rows of one heading, in order. */
function grouped(rows: readonly (Row & { group: string })[]): Group[] {
  const groups: Group[] = [];
  for (const { group, ...row } of rows) {
    const last = groups.at(-1);
    if (last && last.heading === group) last.rows.push(row);
    else groups.push({ heading: group, rows: [row] });
  }
  return groups;
}

/** The details' rows from core, once its package and the draft's reader have loaded. */
function useDetailsRows(values: ApplicationValues, details: unknown, enabled: boolean): readonly DetailsSummaryRow[] {
  const [rows, setRows] = useState<readonly DetailsSummaryRow[]>([]);
  const input = JSON.stringify(toApplicationInput(values));
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void Promise.all([import('./details'), import('banksia-core/customer-details')]).then(([{ readDetails, toDetailsInput }, core]) => {
      if (!live) return;
      const application = JSON.parse(input) as ReturnType<typeof toApplicationInput>;
      // Core leaves out what the account doesn't ask for (a personal account's business).
      const summary = core.detailsSummary(application, toDetailsInput(readDetails(details), true));
      setRows(summary.ok ? summary.value : []);
    });
    return () => {
      live = false;
    };
  }, [input, details, enabled]);
  return rows;
}

export function CheckAnswers({ values, details, onChange, onChangeDetail }: CheckAnswersProps) {
  // The application's package has arrived long before the last step (steps 2 to 4 were checked
  // with it); after a reload on this step its rows follow it in, as the details' rows do.
  const summary = useApplicationCore()?.answerSummary(toApplicationInput(values));
  // The wizard's own values always read; an empty list would only ever show a bug.
  const own = summary?.ok ? summary.value : [];
  const detailRows = useDetailsRows(values, details, Boolean(onChangeDetail));
  const pages = pagesFor(values.application_type);
  const rows = [
    ...own.map((row) => ({
      group: STEPS[row.step - 1]?.title ?? '',
      key: row.field,
      page: pageOfStep(pages, row.step) ?? row.step,
      label: row.label,
      value: row.value,
      names: row.label,
      change: () => onChange(row.step, row.field),
    })),
    ...detailRows.map((row) => ({
      group: row.group,
      key: row.key,
      page: row.page,
      label: row.label,
      value: row.value,
      // Owners share their labels: the group tells one "Full name" from another.
      names: `${row.label} (${row.group})`,
      change: () => onChangeDetail?.(row.page, row.key),
    })),
  ];
  // In the order the wizard asks (a stable sort keeps each page's own order).
  const groups = grouped([...rows].sort((a, b) => a.page - b.page));
  return (
    <section className="check-answers" aria-labelledby="application-check-answers-heading">
      <h3 className="check-answers__heading" id="application-check-answers-heading">
        Check your answers
      </h3>
      {groups.map((group) => (
        <div className="check-answers__group" key={group.heading}>
          <h4 className="check-answers__group-heading">{group.heading}</h4>
          <dl className="summary-list">
            {group.rows.map((row) => (
              <div className="summary-list__row" key={row.key} data-field={row.key}>
                <dt className="summary-list__key">{row.label}</dt>
                <dd className="summary-list__value">{row.value}</dd>
                <dd className="summary-list__actions">
                  <a
                    className="summary-list__change"
                    href={`#${inputId(row.key)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      row.change();
                    }}
                  >
                    Change<span className="visually-hidden"> {row.names}</span>
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
