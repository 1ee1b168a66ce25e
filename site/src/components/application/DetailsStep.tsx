/**
 * A page of the business and tax residency details: the business, its owners and controllers
 * (business accounts only), and tax residency with the optional TFN (every account). The rules,
 * messages, option lists and the TFN notice are core's (the `customer-details` package, loaded
 * when first needed); this component lays them out as the other steps are laid out (GOV.UK's
 * fields, error summary and messages at each field).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { ApplicationInput, DetailsPart, SelectOption } from 'banksia-core/application';
import type { DetailsOptions } from 'banksia-core/customer-details';
import {
  EMPTY_OWNER,
  EMPTY_RESIDENCY,
  loadCustomerDetails,
  readDetails,
  toDetailsInput,
  type DetailsValues,
  type OwnerValues,
  type ResidencyValues,
  type YesNo,
} from './details';
import { ErrorSummary, type ErrorSummaryItem } from './ErrorSummary';
import { describedBy, ErrorMessage, WarningMessages } from './fields';
import { inputId, STEP_COUNT } from './steps';
import { checkMoment } from './today';
import type { ApplicationValues } from './values';

type CustomerDetails = Awaited<ReturnType<typeof loadCustomerDetails>>;
export type DetailsErrors = Record<string, readonly string[]>;

export interface DetailsStepProps {
  part: DetailsPart;
  /** The step (1 to 5) the part belongs to: "Step N of 5". */
  stepNumber: number;
  /** This page's place among its step's pages (core's `part_number` of `part_count`). */
  place?: { number: number; count: number } | undefined;
  /** The part's heading and line of help (core's). */
  title: string;
  intro: string;
  /** The application's own answers as core reads them (account type, the applicant's name). */
  application: ApplicationInput;
  applicant: ApplicationValues;
  businessAccount: boolean;
  /** The states of Australia (core's, from the application package). */
  states: readonly SelectOption[];
  /** The details as stored in the draft (read here, with core's shapes checked). */
  details: unknown;
  /** Messages to show on arrival (the server's 422, or core's whole check before sending). */
  initialErrors?: DetailsErrors | undefined;
  focusOnMount: 'heading' | 'summary' | 'none';
  /** The input to focus once the page is laid out (a Change link of the summary): its path. */
  focusPath?: string | undefined;
  busy: boolean;
  isLast: boolean;
  onChange: (details: DetailsValues) => void;
  onPrevious: (details: DetailsValues) => void;
  onNext: (details: DetailsValues) => void;
}

const MAX_ROWS = 10;

/** Never shown: the fields appear only once core's package (and its labels) has loaded. */
const EMPTY_LABELS: DetailsOptions['labels'] = {
  business: {} as DetailsOptions['labels']['business'],
  owner: {} as DetailsOptions['labels']['owner'],
  tax: {} as DetailsOptions['labels']['tax'],
  country: {} as DetailsOptions['labels']['country'],
  registered_address: '',
  owner_legend: '',
  applicant_country_legend: '',
  business_country_legend: '',
  authority_statement: '',
};

/** What the page starts with: a sole trader's owner is the applicant, filled in from steps 2 and 3. */
function arriving(part: DetailsPart, details: DetailsValues, applicant: ApplicationValues): DetailsValues {
  if (part === 'owners' && details.business.owners.length === 0) {
    const soleTrader = details.business.entity_type === 'sole_trader';
    const owner: OwnerValues = soleTrader
      ? {
          full_name: `${applicant.first_name.trim()} ${applicant.last_name.trim()}`.trim(),
          date_of_birth: { ...applicant.date_of_birth },
          address_line1: applicant.address_line1,
          address_line2: applicant.address_line2,
          city: applicant.city,
          state: applicant.state,
          postal_code: applicant.postal_code,
          role: 'owner',
          ownership_percent: '100',
        }
      : { ...EMPTY_OWNER, date_of_birth: { ...EMPTY_OWNER.date_of_birth } };
    return {
      ...details,
      business: { ...details.business, owners: [owner], applicant_role: details.business.applicant_role || (soleTrader ? 'sole_trader' : '') },
    };
  }
  return details;
}

/** A field's error, and its warnings while it has no error (fields.tsx's pieces). */
function Message({ id, error, warnings }: { id: string; error?: string | undefined; warnings: readonly string[] }) {
  return (
    <>
      <ErrorMessage id={id} message={error} />
      <WarningMessages id={id} warnings={error ? [] : warnings} />
    </>
  );
}

export function DetailsStep(props: DetailsStepProps) {
  const { part, stepNumber, place, title, intro, application, applicant, businessAccount, states, initialErrors, focusOnMount, focusPath, busy, isLast, onChange, onPrevious, onNext } = props;
  const [core, setCore] = useState<CustomerDetails | null>(null);
  const stored = useMemo(() => readDetails(props.details), []);
  const [values, setValues] = useState<DetailsValues>(() => arriving(part, stored, applicant));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<DetailsErrors | undefined>(initialErrors);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(focusOnMount === 'summary');

  useEffect(() => {
    let live = true;
    void loadCustomerDetails().then((module) => {
      if (live) setCore(module);
    });
    if (focusOnMount === 'heading') headingRef.current?.focus();
    // A sole trader's owner filled in on arrival is kept at once.
    if (values !== stored) onChange(values);
    return () => {
      live = false;
    };
    // Only on arrival at the page: each page change mounts a new DetailsStep.
  }, []);

  // A summary Change link's input, once core's package has laid the fields out: a yes or no by
  // its chosen answer.
  useEffect(() => {
    if (!core || !focusPath) return;
    const chosen = document.querySelector<HTMLInputElement>(`input[name="${focusPath}"]:checked`);
    (chosen ?? document.getElementById(inputId(focusPath)))?.focus();
  }, [core]);

  const options: DetailsOptions | null = useMemo(() => (core ? core.detailsOptions() : null), [core]);
  // The pages' labels and legends are core's; the fields are laid out only once it has loaded.
  const labels = options?.labels ?? EMPTY_LABELS;
  const report = useMemo(
    () => (core ? core.validateDetailsPart(application, toDetailsInput(values, businessAccount), part, checkMoment()) : null),
    [core, values, application, businessAccount, part],
  );
  const errors: DetailsErrors = serverErrors ?? (checked && report ? (report.errors as DetailsErrors) : {});
  const warnings = (report?.warnings ?? {}) as DetailsErrors;

  useEffect(() => {
    if (focusSummary.current && summaryRef.current) {
      focusSummary.current = false;
      summaryRef.current.focus();
    }
  });

  // core's summary: each message after the owner or country it is about, in form order.
  const items: ErrorSummaryItem[] = useMemo(() => {
    if (Object.keys(errors).length === 0) return [];
    const summary = core?.detailsErrorSummary(errors);
    if (summary?.ok) return summary.value.map((line) => ({ field: line.key, message: line.message }));
    // Before core's package has loaded (a 422 on arrival): the messages as they are.
    return Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [{ field, message: messages[0] }] : []));
  }, [core, errors]);
  const hasErrors = items.length > 0;
  useEffect(() => {
    const current = document.title.replace(/^Error: /, '');
    document.title = hasErrors ? `Error: ${current}` : current;
  }, [hasErrors]);

  const update = (change: (current: DetailsValues) => DetailsValues) => {
    setValues((current) => {
      const next = change(current);
      onChange(next);
      return next;
    });
    setServerErrors(undefined);
  };
  const setBusiness = <K extends keyof DetailsValues['business']>(key: K, value: DetailsValues['business'][K]) =>
    update((current) => ({ ...current, business: { ...current.business, [key]: value } }));
  const setTax = <K extends keyof DetailsValues['tax']>(key: K, value: DetailsValues['tax'][K]) =>
    update((current) => ({ ...current, tax: { ...current.tax, [key]: value } }));
  const setOwner = (index: number, change: Partial<OwnerValues>) =>
    update((current) => ({
      ...current,
      business: { ...current.business, owners: current.business.owners.map((owner, at) => (at === index ? { ...owner, ...change } : owner)) },
    }));
  const setResidency = (list: 'countries' | 'business_countries', index: number, change: Partial<ResidencyValues>) =>
    update((current) => ({
      ...current,
      tax: { ...current.tax, [list]: current.tax[list].map((row, at) => (at === index ? { ...row, ...change } : row)) },
    }));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !report) return;
    setChecked(true);
    setServerErrors(undefined);
    if (Object.keys(report.errors).length > 0) {
      focusSummary.current = true;
      return;
    }
    onNext(values);
  };

  const errorOf = (path: string) => errors[path]?.[0];
  const warningsOf = (path: string) => warnings[path] ?? [];

  const text = (path: string, label: string, value: string, set: (value: string) => void, extra: { hint?: ReactNode; width?: number; inputMode?: 'numeric' | 'decimal'; autoComplete?: string; suffix?: string } = {}) => {
    const id = inputId(path);
    const error = errorOf(path);
    const warned = warningsOf(path);
    const input = (
      <input
        id={id}
        name={path}
        className={`form-field__input${extra.width ? ` form-field__input--w${extra.width}` : ''}`}
        type="text"
        value={value}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete ?? 'off'}
        spellCheck={false}
        onChange={(event) => set(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(extra.hint), error: Boolean(error), warning: warned.length > 0 && !error })}
      />
    );
    return (
      <div className={`form-field${error ? ' form-field--error' : ''}`} key={path}>
        <label className="form-field__label" htmlFor={id}>
          {label}
        </label>
        {extra.hint && (
          <div className="form-field__hint" id={`${id}-hint`}>
            {extra.hint}
          </div>
        )}
        {error && <Message id={id} error={error} warnings={[]} />}
        {extra.suffix ? (
          <div className="form-field__affixed">
            {input}
            <span className="form-field__suffix" aria-hidden="true">
              {extra.suffix}
            </span>
          </div>
        ) : (
          input
        )}
        <Message id={id} warnings={warned} />
      </div>
    );
  };

  const select = (path: string, label: string, value: string, set: (value: string) => void, choices: readonly SelectOption[], placeholder: string, hint?: string) => {
    const id = inputId(path);
    const error = errorOf(path);
    return (
      <div className={`form-field${error ? ' form-field--error' : ''}`} key={path}>
        <label className="form-field__label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <div className="form-field__hint" id={`${id}-hint`}>
            {hint}
          </div>
        )}
        <Message id={id} error={error} warnings={[]} />
        <select
          id={id}
          name={path}
          className="form-field__select"
          value={value}
          onChange={(event) => set(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error), warning: false })}
        >
          <option value="">{placeholder}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    );
  };

  const yesNo = (path: string, legend: string, value: YesNo, set: (value: YesNo) => void) => {
    const id = inputId(path);
    const error = errorOf(path);
    return (
      <div className={`form-field${error ? ' form-field--error' : ''}`} key={path}>
        <fieldset className="form-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="form-field__label">{legend}</legend>
          <Message id={id} error={error} warnings={[]} />
          <div className="radios radios--inline">
            {(['yes', 'no'] as const).map((answer) => (
              <div className="radios__item" key={answer}>
                <input
                  id={answer === 'yes' ? id : `${id}-no`}
                  className="radios__input"
                  type="radio"
                  name={path}
                  value={answer}
                  checked={value === answer}
                  onChange={() => set(answer)}
                />
                <label className="radios__label" htmlFor={answer === 'yes' ? id : `${id}-no`}>
                  {answer === 'yes' ? 'Yes' : 'No'}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
    );
  };

  const dateOfBirth = (path: string, owner: OwnerValues, index: number) => {
    const base = inputId(path).replace(/-day$/, '');
    const error = errorOf(path);
    const parts = [
      { key: 'day', label: 'Day', width: 2 },
      { key: 'month', label: 'Month', width: 2 },
      { key: 'year', label: 'Year', width: 4 },
    ] as const;
    return (
      <div className={`form-field${error ? ' form-field--error' : ''}`} key={path}>
        <fieldset className="form-fieldset" aria-describedby={describedBy(base, { hint: true, error: Boolean(error), warning: false })}>
          <legend className="form-field__label">{labels.owner.date_of_birth}</legend>
          <div className="form-field__hint" id={`${base}-hint`}>
            For example, 27 3 1985
          </div>
          <Message id={base} error={error} warnings={[]} />
          <div className="date-input">
            {parts.map((part) => (
              <div className="date-input__item" key={part.key}>
                <label className="date-input__label" htmlFor={`${base}-${part.key}`}>
                  {part.label}
                </label>
                <input
                  id={`${base}-${part.key}`}
                  className={`form-field__input form-field__input--w${part.width}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={owner.date_of_birth[part.key]}
                  onChange={(event) => setOwner(index, { date_of_birth: { ...owner.date_of_birth, [part.key]: event.target.value } })}
                  aria-invalid={error ? true : undefined}
                />
              </div>
            ))}
          </div>
        </fieldset>
      </div>
    );
  };

  /** A list's own message (at least one owner, shares over 100%) sits above its rows. */
  const listMessage = (path: string) => {
    const error = errorOf(path);
    return (
      <div className={`details-list__message${error ? ' form-field--error' : ''}`} id={inputId(path)} tabIndex={-1}>
        <Message id={inputId(path)} error={error} warnings={warningsOf(path)} />
      </div>
    );
  };

  type AddressLabels = Record<'address_line1' | 'address_line2' | 'city' | 'state' | 'postal_code', string>;
  const address = (prefix: string, row: { address_line1: string; address_line2: string; city: string; state: string; postal_code: string }, set: (change: Partial<typeof row>) => void, labels: AddressLabels) => (
    <>
      {text(`${prefix}.address_line1`, labels.address_line1, row.address_line1, (value) => set({ address_line1: value }))}
      {text(`${prefix}.address_line2`, labels.address_line2, row.address_line2, (value) => set({ address_line2: value }))}
      {text(`${prefix}.city`, labels.city, row.city, (value) => set({ city: value }), { width: 20 })}
      <div className="form-row">
        {select(`${prefix}.state`, labels.state, row.state, (value) => set({ state: value }), states, 'Choose')}
        {text(`${prefix}.postal_code`, labels.postal_code, row.postal_code, (value) => set({ postal_code: value }), { width: 4, inputMode: 'numeric' })}
      </div>
    </>
  );

  const residencies = (list: 'countries' | 'business_countries', rows: readonly ResidencyValues[], legend: string) => (
    <div className="details-list">
      {listMessage(`tax_residency.${list}`)}
      {rows.map((row, index) => {
        const path = `tax_residency.${list}.${index}`;
        return (
          <fieldset className="details-list__item" key={index}>
            <legend className="details-list__legend">
              {legend} {index + 1}
            </legend>
            {select(`${path}.country`, labels.country.country, row.country, (value) => setResidency(list, index, { country: value }), options?.countries ?? [], 'Choose a country')}
            {text(`${path}.tin`, labels.country.tin, row.tin, (value) => setResidency(list, index, { tin: value }), {
              hint: "Leave it blank if there isn't one, and choose why below.",
              width: 20,
            })}
            {select(`${path}.no_tin_reason`, labels.country.no_tin_reason, row.no_tin_reason, (value) => setResidency(list, index, { no_tin_reason: value }), options?.no_tin_reasons ?? [], 'Choose a reason')}
            {row.no_tin_reason === 'unable_to_obtain' &&
              text(`${path}.no_tin_explanation`, labels.country.no_tin_explanation, row.no_tin_explanation, (value) => setResidency(list, index, { no_tin_explanation: value }))}
            {rows.length > 1 && (
              <button
                type="button"
                className="button button--secondary details-list__remove"
                onClick={() => update((current) => ({ ...current, tax: { ...current.tax, [list]: current.tax[list].filter((_, at) => at !== index) } }))}
              >
                Remove {legend.charAt(0).toLowerCase()}{legend.slice(1)} {index + 1}
              </button>
            )}
          </fieldset>
        );
      })}
      {rows.length < MAX_ROWS && (
        <button
          type="button"
          className="button button--secondary details-list__add"
          onClick={() => update((current) => ({ ...current, tax: { ...current.tax, [list]: [...current.tax[list], { ...EMPTY_RESIDENCY }] } }))}
        >
          Add another country
        </button>
      )}
    </div>
  );

  const { business, tax } = values;
  const soleTrader = business.entity_type === 'sole_trader';
  const asksBusinessResidency = businessAccount && !soleTrader;

  const businessPage = () => (
    <>
      {select('business.entity_type', labels.business.entity_type, business.entity_type, (value) => setBusiness('entity_type', value), options?.entity_types ?? [], 'Choose the legal form')}
      {text('business.legal_name', labels.business.legal_name, business.legal_name, (value) => setBusiness('legal_name', value), {
        hint: 'As the Australian Business Register shows it. For a sole trader, your own name.',
        autoComplete: 'organization',
      })}
      {text('business.trading_name', labels.business.trading_name, business.trading_name, (value) => setBusiness('trading_name', value), {
        hint: 'If the business trades under another name.',
      })}
      {text('business.abn', labels.business.abn, business.abn, (value) => setBusiness('abn', value), {
        hint: '11 digits, for example 51 824 753 556',
        width: 20,
        inputMode: 'numeric',
      })}
      {business.entity_type === 'company' &&
        text('business.acn', labels.business.acn, business.acn, (value) => setBusiness('acn', value), {
          hint: '9 digits, for example 004 085 616',
          width: 20,
          inputMode: 'numeric',
        })}
      <fieldset className="form-fieldset details-group">
        <legend className="form-field__label">{labels.registered_address}</legend>
        {address('business', business, (change) => update((current) => ({ ...current, business: { ...current.business, ...change } })), labels.business)}
      </fieldset>
      {select('business.nature_of_business', labels.business.nature_of_business, business.nature_of_business, (value) => setBusiness('nature_of_business', value), options?.natures_of_business ?? [], 'Choose an industry')}
    </>
  );

  const ownersPage = () => (
    <>
      <div className="details-list">
        {listMessage('business.owners')}
        {business.owners.map((owner, index) => {
          const path = `business.owners.${index}`;
          return (
            <fieldset className="details-list__item" key={index}>
              <legend className="details-list__legend">
                {labels.owner_legend} {index + 1}
              </legend>
              {text(`${path}.full_name`, labels.owner.full_name, owner.full_name, (value) => setOwner(index, { full_name: value }), { hint: 'As on their ID' })}
              {dateOfBirth(`${path}.date_of_birth`, owner, index)}
              {address(path, owner, (change) => setOwner(index, change), labels.owner)}
              {select(`${path}.role`, labels.owner.role, owner.role, (value) => setOwner(index, { role: value }), options?.owner_roles ?? [], 'Choose a role')}
              {text(`${path}.ownership_percent`, labels.owner.ownership_percent, owner.ownership_percent, (value) => setOwner(index, { ownership_percent: value }), {
                hint: 'In percent, for example 25 or 12.5. Leave it blank if they own none.',
                width: 4,
                inputMode: 'decimal',
                suffix: '%',
              })}
              {business.owners.length > 1 && (
                <button
                  type="button"
                  className="button button--secondary details-list__remove"
                  onClick={() => update((current) => ({ ...current, business: { ...current.business, owners: current.business.owners.filter((_, at) => at !== index) } }))}
                >
                  Remove {labels.owner_legend.toLowerCase()} {index + 1}
                </button>
              )}
            </fieldset>
          );
        })}
        {business.owners.length < MAX_ROWS && !soleTrader && (
          <button
            type="button"
            className="button button--secondary details-list__add"
            onClick={() => update((current) => ({ ...current, business: { ...current.business, owners: [...current.business.owners, { ...EMPTY_OWNER, date_of_birth: { ...EMPTY_OWNER.date_of_birth } }] } }))}
          >
            Add another owner or controller
          </button>
        )}
      </div>
      {select('business.applicant_role', labels.business.applicant_role, business.applicant_role, (value) => setBusiness('applicant_role', value), options?.applicant_roles ?? [], 'Choose your role')}
      <div className={`form-field${errorOf('business.applicant_authorised') ? ' form-field--error' : ''}`}>
        <Message id={inputId('business.applicant_authorised')} error={errorOf('business.applicant_authorised')} warnings={[]} />
        <div className="checkbox">
          <input
            id={inputId('business.applicant_authorised')}
            className="checkbox__input"
            type="checkbox"
            checked={business.applicant_authorised}
            onChange={(event) => setBusiness('applicant_authorised', event.target.checked)}
            aria-invalid={errorOf('business.applicant_authorised') ? true : undefined}
            aria-describedby={errorOf('business.applicant_authorised') ? `${inputId('business.applicant_authorised')}-error` : undefined}
          />
          <label className="checkbox__label" htmlFor={inputId('business.applicant_authorised')}>
            {labels.authority_statement}
          </label>
        </div>
      </div>
    </>
  );

  const taxPage = () => (
    <>
      {yesNo('tax_residency.foreign_resident', labels.tax.foreign_resident, tax.foreign_resident, (answer) =>
        update((current) => ({
          ...current,
          tax: { ...current.tax, foreign_resident: answer, countries: answer === 'yes' && current.tax.countries.length === 0 ? [{ ...EMPTY_RESIDENCY }] : current.tax.countries },
        })),
      )}
      {tax.foreign_resident === 'yes' && residencies('countries', tax.countries, labels.applicant_country_legend)}
      {asksBusinessResidency &&
        yesNo('tax_residency.business_foreign_resident', labels.tax.business_foreign_resident, tax.business_foreign_resident, (answer) =>
          update((current) => ({
            ...current,
            tax: {
              ...current.tax,
              business_foreign_resident: answer,
              business_countries: answer === 'yes' && current.tax.business_countries.length === 0 ? [{ ...EMPTY_RESIDENCY }] : current.tax.business_countries,
            },
          })),
        )}
      {asksBusinessResidency && tax.business_foreign_resident === 'yes' && residencies('business_countries', tax.business_countries, labels.business_country_legend)}
      {text('tax_residency.tfn', labels.tax.tfn, tax.tfn, (value) => setTax('tfn', value), {
        hint: options?.tfn_notice,
        width: 10,
        inputMode: 'numeric',
      })}
    </>
  );

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
          Step {stepNumber} of {STEP_COUNT}:{' '}
        </span>
        {title}
      </h2>
      <p className="wizard__intro">{intro}</p>
      <div className="wizard__fields" inert={busy || undefined}>
        {!core ? <p role="status">Loading this step…</p> : part === 'business' ? businessPage() : part === 'owners' ? ownersPage() : taxPage()}
      </div>
      <div className="wizard__actions">
        <button
          type="button"
          className="button button--secondary wizard__previous"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onPrevious(values);
          }}
        >
          Previous
        </button>
        <button type="submit" className="button wizard__next" aria-disabled={busy || !core || undefined}>
          {isLast ? (busy ? 'Submitting...' : 'Submit Application') : 'Next'}
        </button>
      </div>
    </form>
  );
}
