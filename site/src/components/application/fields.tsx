/**
 * The wizard's inputs, built the way the GOV.UK Design System builds them: a label bound to
 * the input, an optional hint, the error message between label and input (prefixed "Error:"
 * for screen readers), `aria-invalid` and `aria-describedby` naming the hint, error and warning.
 * Warnings (a postcode outside the chosen state) sit in a polite live region and never block.
 */
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputId } from './steps';

/** What a field shows besides its input. */
export interface FieldMessagesProps {
  /** The error message, from core. */
  error?: string | undefined;
  /** Warning messages, from core. */
  warnings?: readonly string[] | undefined;
}

/** The ids of a field's hint, error and warning, for its `aria-describedby`. */
export function describedBy(id: string, parts: { hint: boolean; error: boolean; warning: boolean }): string | undefined {
  const ids = [parts.hint && `${id}-hint`, parts.error && `${id}-error`, parts.warning && `${id}-warning`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-field__error" id={`${id}-error`}>
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}

/** Always rendered, so a warning that appears is announced. */
export function WarningMessages({ id, warnings }: { id: string; warnings: readonly string[] }) {
  return (
    <div aria-live="polite" className="form-field__warning-region">
      {warnings.length > 0 && (
        <p className="form-field__warning" id={`${id}-warning`}>
          <span className="form-field__warning-icon" aria-hidden="true">
            !
          </span>
          <span>
            <span className="visually-hidden">Warning: </span>
            {warnings.join(' ')}
          </span>
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends FieldMessagesProps {
  field: string;
  label: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoComplete: string;
  /** Width of the box in characters, for short answers (GOV.UK's fixed-width inputs). */
  width?: number | undefined;
  /** Shown before the box, e.g. "$". */
  prefix?: string;
  spellCheck?: boolean;
  autoCapitalize?: 'off' | 'words' | 'characters' | 'sentences';
}

export function TextField({
  field,
  label,
  hint,
  registration,
  type = 'text',
  inputMode,
  autoComplete,
  width,
  prefix,
  spellCheck,
  autoCapitalize,
  error,
  warnings = [],
}: TextFieldProps) {
  const id = inputId(field);
  const input = (
    <input
      {...registration}
      id={id}
      className={`form-field__input${width ? ` form-field__input--w${width}` : ''}`}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      spellCheck={spellCheck}
      autoCapitalize={autoCapitalize}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error), warning: warnings.length > 0 })}
    />
  );
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      <ErrorMessage id={id} message={error} />
      {prefix ? (
        <div className="form-field__affixed">
          <span className="form-field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      <WarningMessages id={id} warnings={warnings} />
    </div>
  );
}

export interface SelectFieldProps extends FieldMessagesProps {
  field: string;
  label: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice. */
  placeholder: string;
  autoComplete?: string | undefined;
}

export function SelectField({ field, label, hint, registration, options, placeholder, autoComplete, error, warnings = [] }: SelectFieldProps) {
  const id = inputId(field);
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      <ErrorMessage id={id} message={error} />
      <select
        {...registration}
        id={id}
        className="form-field__select"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error), warning: warnings.length > 0 })}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <WarningMessages id={id} warnings={warnings} />
    </div>
  );
}

export interface DateOfBirthFieldProps extends FieldMessagesProps {
  /** Core's label of the field (the fieldset's legend) and its hint. */
  label: string;
  hint?: string | undefined;
  day: UseFormRegisterReturn;
  month: UseFormRegisterReturn;
  year: UseFormRegisterReturn;
}

/** Day, month and year boxes in a fieldset (GOV.UK's date input: no date picker for a birthday). */
export function DateOfBirthField({ label, hint, day, month, year, error, warnings = [] }: DateOfBirthFieldProps) {
  const base = 'application-date_of_birth';
  const describe = describedBy(base, { hint: Boolean(hint), error: Boolean(error), warning: warnings.length > 0 });
  const parts = [
    { key: 'day', label: 'Day', registration: day, autoComplete: 'bday-day', width: 2 },
    { key: 'month', label: 'Month', registration: month, autoComplete: 'bday-month', width: 2 },
    { key: 'year', label: 'Year', registration: year, autoComplete: 'bday-year', width: 4 },
  ] as const;
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <fieldset className="form-fieldset">
        <legend className="form-field__label">{label}</legend>
        {hint && (
          <div className="form-field__hint" id={`${base}-hint`}>
            {hint}
          </div>
        )}
        <ErrorMessage id={base} message={error} />
        <div className="date-input">
          {parts.map((part) => (
            <div className="date-input__item" key={part.key}>
              <label className="date-input__label" htmlFor={`${base}-${part.key}`}>
                {part.label}
              </label>
              <input
                {...part.registration}
                id={`${base}-${part.key}`}
                className={`form-field__input form-field__input--w${part.width}`}
                type="text"
                inputMode="numeric"
                autoComplete={part.autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={describe}
              />
            </div>
          ))}
        </div>
        <WarningMessages id={base} warnings={warnings} />
      </fieldset>
    </div>
  );
}

export interface CheckboxFieldProps extends FieldMessagesProps {
  field: string;
  label: ReactNode;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}

export function CheckboxField({ field, label, hint, registration, error, warnings = [] }: CheckboxFieldProps) {
  const id = inputId(field);
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <ErrorMessage id={id} message={error} />
      <div className="checkbox">
        <input
          {...registration}
          id={id}
          className="checkbox__input"
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error), warning: warnings.length > 0 })}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <div className="checkbox__hint form-field__hint" id={`${id}-hint`}>
            {hint}
          </div>
        )}
      </div>
      <WarningMessages id={id} warnings={warnings} />
    </div>
  );
}

export interface AccountTypeCardsProps extends FieldMessagesProps {
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string; description: string; hint: string }[];
}

/** Step 1: the four accounts as radio cards in one fieldset. */
export function AccountTypeCards({ registration, options, error, warnings = [] }: AccountTypeCardsProps) {
  const base = 'application-application_type';
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <fieldset className="form-fieldset" aria-describedby={describedBy(base, { hint: false, error: Boolean(error), warning: warnings.length > 0 })}>
        <legend className="form-field__label form-field__label--large">Which account would you like to open?</legend>
        <ErrorMessage id={base} message={error} />
        <div className="account-cards">
          {options.map((option, index) => {
            const id = `${base}-${index}`;
            return (
              <div className="account-card" key={option.value}>
                <input
                  {...registration}
                  id={id}
                  className="account-card__input"
                  type="radio"
                  value={option.value}
                  aria-describedby={`${id}-description`}
                  aria-invalid={error ? true : undefined}
                />
                {/* The label stretches over the whole card (CSS), so a tap anywhere chooses it. */}
                <label className="account-card__label" htmlFor={id}>
                  {option.label}
                </label>
                <div className="account-card__description" id={`${id}-description`}>
                  <p>{option.description}</p>
                  <p className="account-card__hint">{option.hint}</p>
                </div>
              </div>
            );
          })}
        </div>
        <WarningMessages id={base} warnings={warnings} />
      </fieldset>
    </div>
  );
}
