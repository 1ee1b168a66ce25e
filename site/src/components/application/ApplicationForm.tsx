/**
 * The account application wizard (spec section 2): five steps, "Step N of 5" for every account,
 * each checked by banksia-core before moving on, kept in sessionStorage, and sent once with an
 * Idempotency-Key. What else the law or the bank asks (a business's details, its owners and
 * controllers, tax residency) is a part of one of the five steps with a page of its own (core's
 * `wizardPages`), shown only where the account asks for it.
 *
 * Every option (account types, states, employment statuses, ID types), every rule and every
 * field message comes from core through WASM; this component only lays them out. What never
 * changes (the options, the steps, step 1's check) core worked out when the site was built, so
 * the island wakes and answers step 1 before the application's package has arrived
 * (applicationCore.ts).
 */
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { ApplicationReport, DetailsPart, Field, WizardPage } from 'banksia-core/application';
import { AHEAD, loadApplicationCore, validateStepNow, validateStepSoon } from './applicationCore';
import { LAST_APPLICATION_KEY } from '../../scripts/last-application';
import { takeEarlyInput, withEarlyValues } from './early';
import { clearDraft, loadDraft, newDraft, newIdempotencyKey, saveDraft, sessionStore, type Draft } from './draft';
import { accountTypeFromQuery, preselect, searchWithoutAccount } from './preselect';
import { StepForm } from './StepForm';
import type { DetailsErrors } from './DetailsStep';
import type { DetailsValues } from './details';

/** The details' WebAssembly package, fetched one page ahead of its pages (never in the first load). */
const loadCustomerDetails = () => import('banksia-core/customer-details');
import { MAX_PAGE_COUNT, pageOfStep, pagesFor, STEP_COUNT, STEPS } from './steps';
import { submitApplication, type IdempotencyState, type ReportErrors, type SubmissionResult } from './submission';
import { checkMoment } from './today';
import { Toaster, type Toast } from './Toaster';
import { toApplicationInput, type ApplicationValues } from './values';

/** Spec section 8's texts; the success toast's are core's (`submittedNotice`, with core's review time). */
const submitted = AHEAD.submitted;
export const SUCCESS_TOAST = { title: submitted.title, description: submitted.text } as const;
export const FAILURE_TOAST = {
  title: 'Submission Failed',
  description: 'There was an error submitting your application. Please try again.',
} as const;

/**
 * The failure toast for what went wrong: the spec's words when nothing more is known, otherwise
 * what to do now (a 429 says when to retry; an attempt that may have arrived says to check the
 * email before retrying).
 */
export function failureToast(result: Extract<SubmissionResult, { kind: 'failed' }>): { title: string; description: string } {
  const again = 'Sending again never creates a second application.';
  switch (result.reason) {
    case 'timeout':
    case 'unknown':
      return {
        title: FAILURE_TOAST.title,
        description: `We didn't hear back in time, so your application may have arrived. Check your email for our confirmation before you try again. ${again}`,
      };
    case 'network':
      return { title: FAILURE_TOAST.title, description: `We couldn't reach Banksia Bank. Check your internet connection, then try again. ${again}` };
    default:
      if (result.status === 429) {
        return { title: FAILURE_TOAST.title, description: 'Too many applications were sent from your connection just now. Please wait a minute, then try again.' };
      }
      if (result.status !== undefined && result.status >= 500) {
        return { title: FAILURE_TOAST.title, description: `Our system couldn't take your application just now. Please try again in a few minutes. ${again}` };
      }
      return FAILURE_TOAST;
  }
}

export const CONFIRMATION_PATH = '/application-confirmation';
/** Long enough to see (and hear) the success toast before the confirmation page opens. */
const CONFIRMATION_DELAY_MS = 1500;

interface View {
  /** The page on screen (1 to the chosen account's number of pages). */
  step: number;
  /** Changes whenever the step form must start afresh from `values` (step change, restore, 422). */
  mount: number;
  values: ApplicationValues;
  initialErrors?: ReportErrors | undefined;
  /** The details' messages to show on arrival at a details page. */
  initialDetailsErrors?: DetailsErrors | undefined;
  focus: 'heading' | 'summary' | 'none';
  /** The field a summary Change link asked for: focused on arrival. */
  focusField?: Field | undefined;
  /** The detail a summary Change link asked for (`business.abn`): focused on arrival at its page. */
  focusDetail?: string | undefined;
  /** Set by a summary Change link: once this step validates, Next returns to the last page. */
  returnToSummary?: boolean;
}

/**
 * The messages shown on `step`, the step core names for the first error (`first_error_step`),
 * or null when there is no such step or it shows none of them (`user_id` is on no step).
 */
export function errorsOnStep(errors: ReportErrors, step: number | null | undefined): { step: number; errors: ReportErrors } | null {
  const shown = step ? STEPS[step - 1]?.fields : undefined;
  if (!step || !shown) return null;
  const onStep = Object.fromEntries(shown.filter((field) => errors[field]?.length).map((field) => [field, errors[field]!]));
  return Object.keys(onStep).length > 0 ? { step, errors: onStep } : null;
}

/** The history entry's state with the wizard's step added (other keys, such as a router's, kept). */
function withStep(state: unknown, step: number): Record<string, unknown> {
  return { ...(typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {}), wizardStep: step };
}

/** The wizard step a history entry records, or null for an entry that isn't one of the wizard's. */
export function stepOf(state: unknown): number | null {
  const step = typeof state === 'object' && state !== null ? (state as { wizardStep?: unknown }).wizardStep : undefined;
  return typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= MAX_PAGE_COUNT ? step : null;
}

/** The account type of a body the wizard sent (its own JSON), or null. */
function storedApplicationType(body: string): string | null {
  try {
    const type = (JSON.parse(body) as { application_type?: unknown }).application_type;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

/** The details' pages: a chunk of their own, fetched with their package when first needed. */
const DetailsStep = lazy(() => import('./DetailsStep').then((module) => ({ default: module.DetailsStep })));

/** The page of the details showing `part`, for the account chosen. */
function pageOfPart(pages: readonly WizardPage[], part: DetailsPart | null | undefined): number | null {
  return pages.find((page) => page.details === part)?.number ?? null;
}

export interface ApplicationFormProps {
  /** What the application collects (core's collection notice, read at build time): shown at the top of step 2. */
  collects?: string | undefined;
}

export default function ApplicationForm({ collects }: ApplicationFormProps = {}) {
  const options = AHEAD.options;
  const cards = AHEAD.cards;

  const draft = useRef<Draft>(newDraft());
  const [view, setView] = useState<View>(() => ({ step: 1, mount: 0, values: draft.current.values, focus: 'none' }));
  // The account chosen so far (live, as step 1's cards change): it decides the pages.
  const [accountType, setAccountType] = useState(draft.current.values.application_type);
  const pages = pagesFor(accountType);
  const businessAccount = pages.some((page) => page.details === 'business');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toastId = useRef(0);

  const persist = useCallback((change: Partial<Draft>) => {
    draft.current = { ...draft.current, ...change };
    saveDraft(sessionStore(), draft.current);
  }, []);

  // Pick up where the person left off. Before paint, so a reload never flashes step 1.
  useLayoutEffect(() => {
    const stored = loadDraft(sessionStore());
    if (stored) {
      draft.current = stored;
      setAccountType(stored.values.application_type);
      setView((current) => ({ step: stored.step, mount: current.mount + 1, values: stored.values, focus: 'none' }));
    }
    // A product page's button names its account (?account=savings): choose it if core offers it.
    const requested = accountTypeFromQuery(window.location.search, options);
    if (requested) {
      const chosen = preselect(draft.current.step, draft.current.values, requested);
      persist(chosen);
      setAccountType(chosen.values.application_type);
      setView((current) => ({ ...chosen, mount: current.mount + 1, focus: 'none' }));
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${searchWithoutAccount(search)}${hash}`);
    }
    // Back from the confirmation page (back/forward cache): start a new application.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || loadDraft(sessionStore())) return;
      draft.current = newDraft();
      setAccountType('');
      busyRef.current = false;
      setBusy(false);
      setToasts([]);
      setView((current) => ({ step: 1, mount: current.mount + 1, values: draft.current.values, focus: 'none' }));
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const showToast = useCallback((variant: Toast['variant'], content: { title: string; description: string }) => {
    toastId.current += 1;
    const toast = { id: toastId.current, variant, ...content };
    // One toast at a time: a new outcome replaces the last.
    setToasts([toast]);
  }, []);
  const dismissToast = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);

  const goTo = useCallback(
    (step: number, values: ApplicationValues, extra: Pick<View, 'initialErrors' | 'initialDetailsErrors' | 'focus' | 'focusField' | 'focusDetail' | 'returnToSummary'>) => {
      // Each step is a history entry: the browser's Back and Forward move between steps.
      if (step !== draft.current.step) window.history.pushState(withStep(window.history.state, step), '');
      // The details' checks (their own package, outside /apply/account's route budget) are
      // fetched one page ahead of the first page that needs them.
      const shown = pagesFor(values.application_type);
      if (shown[step]?.details || shown[step - 1]?.details) {
        void loadCustomerDetails();
        void import('./DetailsStep');
      }
      persist({ step, values });
      setAccountType(values.application_type);
      setView((current) => ({ step, mount: current.mount + 1, values, ...extra }));
    },
    [persist],
  );

  // Back and Forward between the wizard's own entries show that step with everything typed so
  // far (an entry from before the wizard leaves the page as usual).
  useLayoutEffect(() => {
    // A wizard entry opened afresh (after a reload, Back reloads the page) names its own step.
    const entryStep = stepOf(window.history.state);
    if (entryStep !== null && entryStep !== draft.current.step && loadDraft(sessionStore()) !== null) {
      persist({ step: entryStep });
      setView((current) => ({ step: entryStep, mount: current.mount + 1, values: draft.current.values, focus: 'none' }));
    } else {
      window.history.replaceState(withStep(window.history.state, draft.current.step), '');
    }
    const onPopState = (event: PopStateEvent) => {
      const step = stepOf(event.state);
      if (step === null || busyRef.current) return;
      persist({ step });
      setToasts([]);
      setView((current) => ({ step, mount: current.mount + 1, values: draft.current.values, focus: 'heading' }));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [persist]);

  // What the visitor did before hydration counts: the choice made on the static step 1 is kept,
  // and a Next tapped then is carried out now (checked by core like any other).
  useLayoutEffect(() => {
    const early = takeEarlyInput();
    if (!early) return;
    const values = withEarlyValues(draft.current.values, early);
    if (early.next && draft.current.step === 1) {
      const carryOut = ({ errors }: ApplicationReport) => {
        if (Object.keys(errors).length === 0) goTo(2, values, { focus: 'heading' });
        else goTo(1, values, { initialErrors: errors, focus: 'summary' });
      };
      const input = toApplicationInput(values);
      // Step 1's check of a fresh application is the build's; any other input waits for the package.
      const report = validateStepNow(1, input, checkMoment());
      if (report) carryOut(report);
      else void validateStepSoon(1, input, checkMoment()).then(carryOut);
      return;
    }
    persist({ values });
    setView((current) => ({ ...current, mount: current.mount + 1, values, focus: 'none' }));
    // Once, when the island takes over from the static form.
  }, []);

  const onChange = useCallback(
    (values: ApplicationValues) => {
      persist({ values });
      setAccountType(values.application_type);
      // A business account's next page is its business's details: fetch their package now.
      if (pagesFor(values.application_type).some((page) => page.details === 'business')) {
        void loadCustomerDetails();
        void import('./DetailsStep');
      }
    },
    [persist],
  );
  const onDetailsChange = useCallback((details: DetailsValues) => persist({ details }), [persist]);
  const onChangeAnswer = useCallback(
    (step: number, field: Field, values: ApplicationValues) =>
      goTo(pageOfStep(pagesFor(values.application_type), step) ?? step, values, { focus: 'none', focusField: field, returnToSummary: true }),
    [goTo],
  );
  const onChangeDetail = useCallback(
    (page: number, path: string, values: ApplicationValues) => goTo(page, values, { focus: 'none', focusDetail: path, returnToSummary: true }),
    [goTo],
  );
  const onPrevious = useCallback(
    (values: ApplicationValues) => goTo(Math.max(1, Math.min(view.step, pagesFor(values.application_type).length) - 1), values, { focus: 'heading' }),
    [goTo, view.step],
  );

  /**
   * Shows core's report (the server's 422, or core's whole-application check: one envelope) on
   * the step core names for its first error.
   */
  const showErrors = useCallback(
    (report: ApplicationReport, values: ApplicationValues): boolean => {
      const shown = pagesFor(values.application_type);
      const first = errorsOnStep(report.errors, report.first_error_step);
      const firstPage = first ? pageOfStep(shown, first.step) : null;
      if (first && firstPage) {
        goTo(firstPage, values, { initialErrors: first.errors, focus: 'summary' });
        return true;
      }
      // The details' messages (the server's 422): on the page core names for the first.
      const detailsPage = pageOfPart(shown, report.first_error_part);
      if (report.details_errors && detailsPage) {
        goTo(detailsPage, values, { initialDetailsErrors: report.details_errors as DetailsErrors, focus: 'summary' });
        return true;
      }
      return false;
    },
    [goTo],
  );

  const finishBusy = () => {
    busyRef.current = false;
    setBusy(false);
  };

  const submit = async (values: ApplicationValues) => {
    // A second click while the first is on its way does nothing (and would reuse the key anyway).
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setToasts([]);
    persist({ values });

    const input = toApplicationInput(values);
    // The whole application once more: a restored draft may hold a step that has since changed.
    const whole = (await loadApplicationCore()).validateApplication(input, checkMoment());
    if (Object.keys(whole.errors).length > 0 && showErrors(whole, values)) {
      finishBusy();
      return;
    }
    // And the details, page by page (core's check of each part), for the account chosen.
    const shown = pagesFor(values.application_type);
    const business = shown.some((page) => page.details === 'business');
    // The details' reading is in their own chunk (fetched with their pages), not the first load.
    const [{ readDetails, toDetailsInput }, customerDetails] = await Promise.all([import('./details'), loadCustomerDetails()]);
    const details = toDetailsInput(readDetails(draft.current.details), business);
    for (const page of shown) {
      if (!page.details) continue;
      const report = customerDetails.validateDetailsPart(input, details, page.details, checkMoment());
      if (Object.keys(report.errors).length > 0) {
        finishBusy();
        goTo(page.number, values, { initialDetailsErrors: report.errors as DetailsErrors, focus: 'summary' });
        return;
      }
    }
    // One body: the application's fields with the details beside them (core's SubmissionInput);
    // a personal account's carries no business.
    const body = business ? { ...input, ...details } : { ...input, tax_residency: details.tax_residency };

    const idempotency: IdempotencyState = { key: draft.current.idempotencyKey, unconfirmedBodies: draft.current.unconfirmedBodies };
    const { result, state } = await submitApplication(JSON.stringify(body), idempotency, {
      fetch: window.fetch.bind(window),
      newKey: newIdempotencyKey,
    });
    persist({ idempotencyKey: state.key, unconfirmedBodies: state.unconfirmedBodies });

    if (result.kind === 'created') {
      const store = sessionStore();
      // The account the bank holds the application for: the earlier version's when the latest
      // changes were not applied.
      const storedType = result.storedBody === undefined ? input.application_type : storedApplicationType(result.storedBody);
      try {
        store?.setItem(
          LAST_APPLICATION_KEY,
          JSON.stringify({
            reference: result.reference,
            submitted_at: result.submittedAt,
            confirmation_email: result.confirmationEmail,
            warnings: result.warnings,
            account: options.account_types.find((account) => account.value === storedType)?.label ?? null,
            changes_not_applied: result.storedBody !== undefined,
          }),
        );
      } catch {
        // The confirmation page then says it has no reference to show; the bank has the application.
      }
      clearDraft(store);
      showToast('success', SUCCESS_TOAST);
      // Stay busy: nothing more to send from this page.
      window.setTimeout(() => window.location.assign(CONFIRMATION_PATH), CONFIRMATION_DELAY_MS);
      return;
    }
    finishBusy();
    if (result.kind === 'rejected' && showErrors(result.report, values)) return;
    showToast('destructive', result.kind === 'failed' ? failureToast(result) : FAILURE_TOAST);
  };

  // The page on screen (its place among the account's pages) and its step: what the person sees
  // is only ever the step, "Step N of 5", with the part's title as the page's heading.
  const pageCount = pages.length;
  const pageNumber = Math.min(view.step, pageCount);
  const meta = pages[pageNumber - 1]!;
  const stepNumber = meta.step;
  const percent = (stepNumber / STEP_COUNT) * 100;
  // Where a step has a part of the details, each of its pages says which of them it is.
  const place = meta.part_count > 1 ? { number: meta.part_number, count: meta.part_count } : undefined;
  const onNext = (values: ApplicationValues) => {
    // After a summary Change link, a page that validates returns straight to the last page,
    // unless the account changed to one with other pages (a business's own): then walk on.
    const samePages = pagesFor(values.application_type).length === pagesFor(view.values.application_type).length;
    const backToSummary = view.returnToSummary && samePages;
    if (pageNumber < pageCount) goTo(backToSummary ? pageCount : pageNumber + 1, values, { focus: 'heading' });
    else void submit(values);
  };

  return (
    <div className="wizard">
      <div className="wizard__progress">
        <p className="wizard__progress-label">
          <span id="application-progress-label">
            Step {stepNumber} of {STEP_COUNT}
          </span>
          <span className="wizard__progress-title">{meta.step_title}</span>
        </p>
        <div
          className="wizard__bar"
          role="progressbar"
          aria-labelledby="application-progress-label"
          aria-valuemin={0}
          aria-valuemax={STEP_COUNT}
          aria-valuenow={stepNumber}
          aria-valuetext={`Step ${stepNumber} of ${STEP_COUNT}`}
        >
          <div className="wizard__bar-fill" style={{ width: `${percent}%` }} />
        </div>
        <ol className="wizard__stepper" aria-label="Application steps">
          {STEPS.map((step) => {
            const state = step.number < stepNumber ? 'done' : step.number === stepNumber ? 'current' : 'todo';
            return (
              <li key={step.number} className={`wizard__stepper-item wizard__stepper-item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="wizard__stepper-number" aria-hidden="true">
                  {state === 'done' ? '✓' : step.number}
                </span>
                <span className="wizard__stepper-title">
                  {step.title}
                  {state === 'done' && <span className="visually-hidden"> (completed)</span>}
                </span>
              </li>
            );
          })}
        </ol>
      </div>

      {meta.details ? (
        <Suspense fallback={<p role="status">Loading this step…</p>}>
        <DetailsStep
          key={view.mount}
          part={meta.details}
          stepNumber={stepNumber}
          place={place}
          title={meta.title}
          intro={meta.intro}
          application={toApplicationInput(draft.current.values)}
          applicant={draft.current.values}
          businessAccount={businessAccount}
          states={options.states}
          details={draft.current.details}
          initialErrors={view.initialDetailsErrors}
          focusOnMount={view.focus}
          focusPath={view.focusDetail}
          busy={busy}
          isLast={pageNumber === pageCount}
          onChange={onDetailsChange}
          onPrevious={(details) => {
            persist({ details });
            goTo(Math.max(1, pageNumber - 1), draft.current.values, { focus: 'heading' });
          }}
          onNext={(details) => {
            persist({ details });
            onNext(draft.current.values);
          }}
        />
        </Suspense>
      ) : (
      <StepForm
        key={view.mount}
        step={meta.step}
        notice={meta.step === 2 ? collects : undefined}
        place={place}
        values={view.values}
        accountCards={cards}
        initialErrors={view.initialErrors}
        focusOnMount={view.focus}
        focusField={view.focusField}
        onChangeAnswer={onChangeAnswer}
        details={draft.current.details}
        onChangeDetail={onChangeDetail}
        busy={busy}
        onChange={onChange}
        onPrevious={onPrevious}
        onNext={onNext}
      />
      )}

      <Toaster toasts={toasts} onDismiss={dismissToast} />
    </div>
  );
}
