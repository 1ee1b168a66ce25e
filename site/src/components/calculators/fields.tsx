import type { HTMLAttributes } from 'react';
import type { Outcome } from 'banksia-core/home-loan';

/**
 * Field messages as banksia-core returns them (a failed `Outcome`'s `errors`: `{ field: [messages] }`),
 * keyed by the calculator's field enum (`LoanField`, ...): a misspelt field name fails the type check.
 */
export type FieldErrors<F extends string> = Extract<Outcome<unknown, F>, { ok: false }>['errors'];

/**
 * A choice's entry for core: `{ [name]: value }` when the typed text (a form value or a shared
 * link's) is one of core's values for it, nothing otherwise (core then takes its default).
 */
export function choiceOf<K extends string, T extends string>(name: K, text: string, values: readonly T[]): { [key in K]?: T } {
  const value = values.find((candidate) => candidate === text);
  return value === undefined ? {} : ({ [name]: value } as { [key in K]?: T });
}

/** The message to show for a field: core's first, or nothing. */
export function firstMessage(messages: readonly string[] | undefined): string | undefined {
  return messages?.[0];
}

export interface FieldProps {
  id: string;
  /** The entry this field holds (also its form control name). */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** core's messages for this field, if it refused what was typed. */
  messages?: readonly string[] | undefined;
  hint?: string;
  prefix?: string;
  suffix?: string;
  placeholder?: string;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  testId?: string;
}

/**
 * A text entry of a calculator. It is a plain text input (not type=number) so that "$500,000"
 * can be typed and read by core; the message under it is core's.
 */
export function Field({ id, name, label, value, onChange, onBlur, messages, hint, prefix, suffix, placeholder, inputMode, testId }: FieldProps) {
  const message = firstMessage(messages);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-message` : null].filter(Boolean).join(' ');
  return (
    <div className="calc-field">
      <label className="calc-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="calc-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <div className={message ? 'calc-field__control calc-field__control--invalid' : 'calc-field__control'}>
        {prefix && (
          <span className="calc-field__affix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          data-testid={testId}
        />
        {suffix && (
          <span className="calc-field__affix" aria-hidden="true">
            {suffix}
          </span>
        )}
      </div>
      {message && (
        <p className="calc-field__message" id={`${id}-message`}>
          {message}
        </p>
      )}
    </div>
  );
}
