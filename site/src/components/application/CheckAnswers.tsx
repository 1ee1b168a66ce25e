/**
 * Check your answers (GOV.UK's pattern), shown on step 5 before Submit Application: every
 * answer of steps 1 to 4 as core writes it for a person (`answerSummary`: labels, names, full
 * state, AUD, the date written out, "Not provided"), each with a Change link to its field.
 */
import { answerSummary, type Field } from 'banksia-core/application';
import { toApplicationInput, type ApplicationValues } from './values';

export interface CheckAnswersProps {
  values: ApplicationValues;
  /** Goes to the row's step with focus on its field. */
  onChange: (step: number, field: Field) => void;
}

export function CheckAnswers({ values, onChange }: CheckAnswersProps) {
  const summary = answerSummary(toApplicationInput(values));
  // The wizard's own values always read; an empty list would only ever show a bug.
  const rows = summary.ok ? summary.value : [];
  return (
    <section className="check-answers" aria-labelledby="application-check-answers-heading">
      <h3 className="check-answers__heading" id="application-check-answers-heading">
        Check your answers
      </h3>
      <dl className="summary-list">
        {rows.map((row) => (
          <div className="summary-list__row" key={row.field} data-field={row.field}>
            <dt className="summary-list__key">{row.label}</dt>
            <dd className="summary-list__value">{row.value}</dd>
            <dd className="summary-list__actions">
              <a
                className="summary-list__change"
                href={`#application-${row.field}`}
                onClick={(event) => {
                  event.preventDefault();
                  onChange(row.step, row.field);
                }}
              >
                Change<span className="visually-hidden"> {row.label}</span>
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
