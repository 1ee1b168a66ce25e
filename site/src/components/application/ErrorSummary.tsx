import type { MouseEvent, Ref } from 'react';
import { inputId } from './steps';

export interface ErrorSummaryItem {
  field: string;
  message: string;
}

/**
 * GOV.UK's error summary: shown at the top of the step when Next finds errors, focused so a
 * screen reader reads it at once, each message a link that moves to its field. The step holds
 * its `ref` (a prop of a function component since React 19) to move focus to it.
 */
export function ErrorSummary({ items, ref }: { items: readonly ErrorSummaryItem[]; ref?: Ref<HTMLDivElement> }) {
  if (items.length === 0) return null;

  function goToField(event: MouseEvent<HTMLAnchorElement>, field: string) {
    const input = document.getElementById(inputId(field));
    if (!input) return;
    event.preventDefault();
    // Bring the question (label or legend) into view, not just the box, then focus the box.
    const question = input.closest('fieldset') ?? input.closest('.form-field') ?? input;
    question.scrollIntoView({ block: 'start' });
    input.focus({ preventScroll: true });
  }

  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="application-error-summary-title">
      <h2 className="error-summary__title" id="application-error-summary-title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.field}>
            <a href={`#${inputId(item.field)}`} onClick={(event) => goToField(event, item.field)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
