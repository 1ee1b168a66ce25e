/**
 * One step of the wizard: its inputs, error summary, warnings and the Previous / Next buttons.
 * Each step is its own react-hook-form instance (remounted on every step change), whose
 * resolver asks banksia-core to check exactly this step's fields.
 */
import { useEffect, useMemo, useRef, type SubmitEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { fieldLabel, validateStep, type Field, type FormOptions } from './core';
import { CheckAnswers } from './CheckAnswers';
import { AccountTypeCards, CheckboxField, DateOfBirthField, SelectField, TextField } from './fields';
import { ErrorSummary, type ErrorSummaryItem } from './ErrorSummary';
import { coreResolver } from './resolver';
import { inputId, STEP_COUNT, STEPS } from './steps';
import { checkMoment } from './today';
import { toApplicationInput, type ApplicationValues } from './values';

/** Step 1's cards: core's account types with their suggested minimum deposit written out. */
export interface AccountCard {
  value: string;
  label: string;
  description: string;
  hint: string;
}

export interface StepFormProps {
  step: number;
  values: ApplicationValues;
  options: FormOptions;
  accountCards: readonly AccountCard[];
  /** Messages from the server to show on arrival (a 422). */
  initialErrors?: Record<string, string[]> | undefined;
  /** Where focus goes when the step appears: its heading after Next/Previous, none on page load. */
  focusOnMount: 'heading' | 'summary' | 'none';
  /** A field to focus on arrival instead (a Change link of the summary on step 5). */
  focusField?: Field | undefined;
  /** A summary Change link: go to `step`, focus on `field`, keep the values entered so far. */
  onChangeAnswer?: ((step: number, field: Field, values: ApplicationValues) => void) | undefined;
  busy: boolean;
  onChange: (values: ApplicationValues) => void;
  onPrevious: (values: ApplicationValues) => void;
  onNext: (values: ApplicationValues) => void;
}

/** A field's label from core, marked optional for a field the person may leave blank. */
const optional = (field: Field) => `${fieldLabel(field)} (optional)`;

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
  const { step, values, options, accountCards, initialErrors, focusOnMount, focusField, onChangeAnswer, busy, onChange, onPrevious, onNext } = props;
  const meta = STEPS[step - 1]!;
  const resolver = useMemo(() => coreResolver(step, validateStep, checkMoment), [step]);
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
        const message = messages[0];
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
  const warnings = useMemo(() => validateStep(step, toApplicationInput(watched), checkMoment()).warnings, [step, watched]);
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

  return (
    <form className="wizard__form" noValidate onSubmit={submit} aria-labelledby="application-step-heading" aria-busy={busy || undefined}>
      <ErrorSummary ref={summaryRef} items={items} />
      <h2 className="wizard__heading" id="application-step-heading" ref={headingRef} tabIndex={-1}>
        <span className="visually-hidden">Step {step} of {STEP_COUNT}: </span>
        {meta.title}
      </h2>
      <p className="wizard__intro">{meta.intro}</p>

      {/* While sending, the answers and their Change links can't be changed or followed (inert):
          what is being sent is what is on screen. */}
      <div className="wizard__fields" inert={busy || undefined}>
        {step === 1 && (
          <AccountTypeCards registration={register('application_type')} options={accountCards} {...messagesOf('application_type')} />
        )}

        {step === 2 && (
          <>
            <div className="form-row">
              <TextField
                field="first_name"
                label={fieldLabel('first_name')}
                registration={register('first_name')}
                autoComplete="given-name"
                autoCapitalize="words"
                spellCheck={false}
                {...messagesOf('first_name')}
              />
              <TextField
                field="last_name"
                label={fieldLabel('last_name')}
                registration={register('last_name')}
                autoComplete="family-name"
                autoCapitalize="words"
                spellCheck={false}
                {...messagesOf('last_name')}
              />
            </div>
            <TextField
              field="email"
              label={fieldLabel('email')}
              hint="We'll send your application confirmation here."
              registration={register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              {...messagesOf('email')}
            />
            <TextField
              field="phone"
              label={fieldLabel('phone')}
              hint="An Australian mobile or landline, for example 0412 345 678"
              registration={register('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              width={20}
              {...messagesOf('phone')}
            />
            <DateOfBirthField
              day={register('date_of_birth.day')}
              month={register('date_of_birth.month')}
              year={register('date_of_birth.year')}
              {...messagesOf('date_of_birth')}
            />
          </>
        )}

        {step === 3 && (
          <>
            <TextField
              field="address_line1"
              label={fieldLabel('address_line1')}
              hint="For example, 12 Collins Street"
              registration={register('address_line1')}
              autoComplete="address-line1"
              {...messagesOf('address_line1')}
            />
            <TextField
              field="address_line2"
              label={optional('address_line2')}
              registration={register('address_line2')}
              autoComplete="address-line2"
              {...messagesOf('address_line2')}
            />
            <TextField
              field="city"
              label={fieldLabel('city')}
              hint="Your city, suburb or town"
              registration={register('city')}
              autoComplete="address-level2"
              width={30}
              {...messagesOf('city')}
            />
            <SelectField
              field="state"
              label={fieldLabel('state')}
              registration={register('state')}
              options={options.states}
              placeholder="Select a state or territory"
              autoComplete="address-level1"
              {...messagesOf('state')}
            />
            <TextField
              field="postal_code"
              label={fieldLabel('postal_code')}
              registration={register('postal_code')}
              inputMode="numeric"
              autoComplete="postal-code"
              width={4}
              {...messagesOf('postal_code')}
            />
          </>
        )}

        {step === 4 && (
          <>
            <SelectField
              field="employment_status"
              label={fieldLabel('employment_status')}
              registration={register('employment_status')}
              options={options.employment_statuses}
              placeholder="Select your employment status"
              {...messagesOf('employment_status')}
            />
            <TextField
              field="annual_income"
              label={fieldLabel('annual_income')}
              hint="Before tax, from all sources"
              registration={register('annual_income')}
              inputMode="decimal"
              autoComplete="off"
              prefix="$"
              width={10}
              {...messagesOf('annual_income')}
            />
            <TextField
              field="employer_name"
              label={optional('employer_name')}
              registration={register('employer_name')}
              autoComplete="organization"
              {...messagesOf('employer_name')}
            />
            <SelectField
              field="identification_type"
              label={fieldLabel('identification_type')}
              registration={register('identification_type')}
              options={options.identification_types}
              placeholder="Select an identification type"
              {...messagesOf('identification_type')}
            />
            <TextField
              field="identification_number"
              label={fieldLabel('identification_number')}
              hint="As it appears on your document"
              registration={register('identification_number')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              width={20}
              {...messagesOf('identification_number')}
            />
          </>
        )}

        {step === 5 && (
          <>
            {onChangeAnswer && <CheckAnswers values={watched} onChange={(to, field) => onChangeAnswer(to, field, getValues())} />}
            <TextField
              field="initial_deposit_amount"
              label={fieldLabel('initial_deposit_amount')}
              hint={options.minimum_deposit_hint}
              registration={register('initial_deposit_amount')}
              inputMode="decimal"
              autoComplete="off"
              prefix="$"
              width={10}
              {...messagesOf('initial_deposit_amount')}
            />
            <CheckboxField
              field="terms_accepted"
              registration={register('terms_accepted')}
              label={
                <>
                  I have read and accept the{' '}
                  <a href="/terms" target="_blank" rel="noopener">
                    terms and conditions (opens in new tab)
                  </a>{' '}
                  and the{' '}
                  <a href="/privacy" target="_blank" rel="noopener">
                    privacy policy (opens in new tab)
                  </a>
                </>
              }
              {...messagesOf('terms_accepted')}
            />
            <CheckboxField
              field="marketing_consent"
              registration={register('marketing_consent')}
              label="Send me promotional emails about Banksia Bank products and offers (optional)"
              hint="You can unsubscribe at any time."
              {...messagesOf('marketing_consent')}
            />
          </>
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
