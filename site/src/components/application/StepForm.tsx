/**
 * One step of the wizard: its inputs, error summary, warnings and the Previous / Next buttons.
 * Each step is its own react-hook-form instance (remounted on every step change), whose
 * resolver asks banksia-core to check exactly this step's fields.
 */
import { useEffect, useMemo, useRef, type ReactNode, type SubmitEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import type { ApplicationReport, Field, FieldInput, InputKind } from 'banksia-core/application';
import type { AccountCard } from './ahead.build';
import { useApplicationCore, validateStepNow, validateStepSoon } from './applicationCore';
import { CheckAnswers } from './CheckAnswers';
import { AccountTypeCards, CheckboxField, DateOfBirthField, SelectField, TextField, type TextFieldProps } from './fields';
import { ErrorSummary, type ErrorSummaryItem } from './ErrorSummary';
import { coreResolver } from './resolver';
import { inputId, inputsOf, STEP_COUNT, STEPS } from './steps';
import { checkMoment } from './today';
import { toApplicationInput, type ApplicationValues } from './values';

export interface StepFormProps {
  /** The application's step (1 to 5) this page shows and checks. */
  step: number;
  /** What the application collects, shown before the step's first field (step 2, the first personal one). */
  notice?: string | undefined;
  /** This page's place among its step's pages, when the step has more than one (core's `part_number` of `part_count`). */
  place?: { number: number; count: number } | undefined;
  values: ApplicationValues;
  accountCards: readonly AccountCard[];
  /** Messages of core's report to show on arrival (the server's 422, or core's whole check). */
  initialErrors?: ApplicationReport['errors'] | undefined;
  /** Where focus goes when the step appears: its heading after Next/Previous, none on page load. */
  focusOnMount: 'heading' | 'summary' | 'none';
  /** A field to focus on arrival instead (a Change link of the summary on step 5). */
  focusField?: Field | undefined;
  /** A summary Change link: go to `step`, focus on `field`, keep the values entered so far. */
  onChangeAnswer?: ((step: number, field: Field, values: ApplicationValues) => void) | undefined;
  /** The business and tax details as the draft holds them, for the summary. */
  details?: unknown;
  /** A summary Change link of the details: go to `page`, focus on the input of `path`, keep the values entered so far. */
  onChangeDetail?: ((page: number, path: string, values: ApplicationValues) => void) | undefined;
  busy: boolean;
  onChange: (values: ApplicationValues) => void;
  onPrevious: (values: ApplicationValues) => void;
  onNext: (values: ApplicationValues) => void;
}

/** A field core asks for with an input (every field but `user_id`, which is never entered). */
type InputField = Exclude<Field, 'user_id'>;

/** What suits each kind of typed answer: the keyboard, capitalisation, spell checking, a prefix. */
const TEXT_INPUTS: Partial<Record<InputKind, Pick<TextFieldProps, 'type' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'prefix'>>> = {
  person_name: { autoCapitalize: 'words', spellCheck: false },
  email: { type: 'email', inputMode: 'email', autoCapitalize: 'off', spellCheck: false },
  phone: { type: 'tel', inputMode: 'tel' },
  postcode: { inputMode: 'numeric' },
  amount: { inputMode: 'decimal', prefix: '$' },
  document_number: { autoCapitalize: 'characters', spellCheck: false },
};

/** The inputs in rows: a person's names side by side, everything else on its own. */
function rows(inputs: readonly FieldInput[]): FieldInput[][] {
  const grouped: FieldInput[][] = [];
  for (const input of inputs) {
    const last = grouped[grouped.length - 1];
    if (input.kind === 'person_name' && last?.[0]?.kind === 'person_name') last.push(input);
    else grouped.push([input]);
  }
  return grouped;
}

/** A consent statement from core with its links (each opens in a new tab, so the answers stay). */
function ConsentStatement({ input }: { input: FieldInput }) {
  const parts: ReactNode[] = [];
  let rest = input.label;
  for (const link of input.links) {
    const at = rest.indexOf(link.text);
    if (at < 0) continue;
    parts.push(rest.slice(0, at));
    parts.push(
      <a key={link.path} href={link.path} target="_blank" rel="noopener">
        {link.text} (opens in new tab)
      </a>,
    );
    rest = rest.slice(at + link.text.length);
  }
  parts.push(rest);
  return <>{parts}</>;
}

/** Errors in the order the step shows its fields (core's order); the summary lists them so. */
function summaryItems(step: number, errors: FieldErrors<ApplicationValues>): ErrorSummaryItem[] {
  const shown = STEPS[step - 1]?.fields ?? [];
  const items: ErrorSummaryItem[] = [];
  for (const field of shown) {
    const message = errors[field]?.message;
    if (typeof message === 'string') items.push({ field, message });
  }
  return items;
}

export function StepForm(props: StepFormProps) {
  const { step, notice, place, values, accountCards, initialErrors, focusOnMount, focusField, onChangeAnswer, details, onChangeDetail, busy, onChange, onPrevious, onNext } = props;
  const meta = STEPS[step - 1]!;
  const resolver = useMemo(() => coreResolver(step, validateStepSoon, checkMoment), [step]);
  // The step's layout: core's inputs for it, in order.
  const inputs = inputsOf(step);
  // The package, once it has arrived (asked for here if no one has): the warnings need it past step 1.
  const core = useApplicationCore();
  const form = useForm<ApplicationValues>({
    defaultValues: values,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus instead, as GOV.UK does.
    shouldFocusError: false,
  });
  const { register, handleSubmit, getValues, setError, control, watch, formState } = form;
  const { errors, touchedFields, submitCount } = formState;

  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);

  // Server messages (a 422) are shown on arrival; focus goes to their summary.
  useEffect(() => {
    if (initialErrors) {
      for (const [field, messages] of Object.entries(initialErrors)) {
        const message = messages?.[0];
        if (message) setError(field as Path<ApplicationValues>, { type: 'server', message });
      }
    }
    if (focusField) {
      // Step 1's chosen card (else its first), the day box of the date of birth, or the input.
      const chosen = document.querySelector<HTMLInputElement>(`input[name="${focusField}"]:checked`);
      (chosen ?? document.getElementById(inputId(focusField)))?.focus();
    } else if (focusOnMount === 'summary') focusSummary.current = true;
    else if (focusOnMount === 'heading') headingRef.current?.focus();
    // Only on arrival at the step: each step change mounts a new StepForm.
  }, []);

  useEffect(() => {
    if (focusSummary.current && summaryRef.current) {
      focusSummary.current = false;
      summaryRef.current.focus();
    }
  });

  // Every change is kept (sessionStorage), so a reload loses nothing.
  useEffect(() => {
    const subscription = watch((current) => onChange(current as ApplicationValues));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  // Warnings (never blocking) come from the same core check, shown once the person has left
  // the field or pressed Next.
  const watched = useWatch({ control }) as ApplicationValues;
  const warnings = useMemo(() => validateStepNow(step, toApplicationInput(watched), checkMoment())?.warnings ?? {}, [step, watched, core]);
  const warningsFor = (field: keyof ApplicationValues): string[] => {
    const touched = Boolean((touchedFields as Record<string, unknown>)[field]) || submitCount > 0;
    return touched && !errors[field] ? [...(warnings[field as keyof typeof warnings] ?? [])] : [];
  };
  const messagesOf = (field: keyof ApplicationValues) => {
    const message = errors[field]?.message;
    return { error: typeof message === 'string' ? message : undefined, warnings: warningsFor(field) };
  };

  const checkAndContinue = handleSubmit(
    (valid) => onNext(valid),
    () => {
      focusSummary.current = true;
    },
  );
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    void checkAndContinue(event);
  };

  const items = summaryItems(step, errors);
  const isLast = step === STEP_COUNT;

  // GOV.UK: while the step shows errors, the page title starts with "Error: ".
  const hasErrors = items.length > 0;
  useEffect(() => {
    const title = document.title.replace(/^Error: /, '');
    document.title = hasErrors ? `Error: ${title}` : title;
  }, [hasErrors]);

  /** One input as core describes it (kind, label, hint, autocomplete, options). */
  const drawInput = (input: FieldInput) => {
    const field = input.field as InputField;
    const shared = messagesOf(field);
    switch (input.kind) {
      case 'account_choice':
        return <AccountTypeCards key={field} {...shared} registration={register('application_type')} options={accountCards} />;
      case 'date':
        return (
          <DateOfBirthField
            key={field}
            {...shared}
            label={input.label}
            hint={input.hint ?? undefined}
            day={register('date_of_birth.day')}
            month={register('date_of_birth.month')}
            year={register('date_of_birth.year')}
          />
        );
      case 'select':
        return (
          <SelectField
            key={field}
            {...shared}
            field={field}
            label={input.label}
            hint={input.hint ?? undefined}
            registration={register(field)}
            options={input.options}
            placeholder={input.placeholder ?? ''}
            autoComplete={input.autocomplete ?? undefined}
          />
        );
      case 'consent':
        return (
          <CheckboxField
            key={field}
            {...shared}
            field={field}
            registration={register(field)}
            label={<ConsentStatement input={input} />}
            hint={input.hint ?? undefined}
          />
        );
      default:
        return (
          <TextField
            key={field}
            {...shared}
            field={field}
            label={input.label}
            hint={input.hint ?? undefined}
            registration={register(field)}
            autoComplete={input.autocomplete ?? 'off'}
            width={input.width_chars ?? undefined}
            {...TEXT_INPUTS[input.kind]}
          />
        );
    }
  };

  return (
    <form className="wizard__form" noValidate onSubmit={submit} aria-labelledby="application-step-heading" aria-busy={busy || undefined}>
      <ErrorSummary ref={summaryRef} items={items} />
      {place && (
        <p className="wizard__part">
          Part {place.number} of {place.count}
        </p>
      )}
      <h2 className="wizard__heading" id="application-step-heading" ref={headingRef} tabIndex={-1}>
        <span className="visually-hidden">
          Step {step} of {STEP_COUNT}:{' '}
        </span>
        {meta.title}
      </h2>
      <p className="wizard__intro">{meta.intro}</p>
      {notice && (
        <p className="wizard__notice" data-testid="collection-notice-step">
          <strong>What we collect:</strong> {notice} More in the <a href="#application">privacy collection notice</a> and our{' '}
          <a href="/privacy" target="_blank" rel="noopener">
            privacy policy (opens in new tab)
          </a>
          .
        </p>
      )}

      {/* While sending, the answers and their Change links can't be changed or followed (inert):
          what is being sent is what is on screen. */}
      <div className="wizard__fields" inert={busy || undefined}>
        {isLast && onChangeAnswer && (
          <CheckAnswers
            values={watched}
            details={details}
            onChange={(to, field) => onChangeAnswer(to, field, getValues())}
            onChangeDetail={onChangeDetail && ((page, path) => onChangeDetail(page, path, getValues()))}
          />
        )}
        {rows(inputs).map((row) =>
          row.length > 1 ? (
            <div className="form-row" key={row[0]!.field}>
              {row.map(drawInput)}
            </div>
          ) : (
            drawInput(row[0]!)
          ),
        )}
      </div>

      <div className="wizard__actions">
        {/* Previous is disabled on step 1 (spec). While sending, the buttons are only marked
            aria-disabled, so the focused Submit button keeps focus. */}
        <button
          type="button"
          className="button button--secondary wizard__previous"
          disabled={step === 1}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onPrevious(getValues());
          }}
        >
          Previous
        </button>
        <button type="submit" className="button wizard__next" aria-disabled={busy || undefined}>
          {isLast ? (busy ? 'Submitting...' : 'Submit Application') : 'Next'}
        </button>
      </div>
    </form>
  );
}
