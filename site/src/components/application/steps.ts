/**
 * The wizard's steps: core's list (`wizardSteps`: each step's number, title, line of help and
 * the fields it shows and checks, the table `validateStep` uses), and how each field is asked is
 * core's too (`stepInputs`: kind, label, hint, autocomplete, options), which StepForm lays out in
 * order. All of them as the build worked them out (applicationCore.ts).
 */
import type { FieldInput, WizardPage } from 'banksia-core/application';
import { AHEAD, entry } from './applicationCore';
import type { ApplicationValues } from './values';

export interface WizardStep {
  /** 1 to the step count. */
  readonly number: number;
  /** Spec section 2's step name. */
  readonly title: string;
  readonly intro: string;
  /** The inputs of the step, in the order shown: core's step table. */
  readonly fields: readonly (keyof ApplicationValues)[];
}

/** core's steps. Every field of one is an input of the wizard (`user_id` is never entered). */
export const STEPS: readonly WizardStep[] = AHEAD.steps.map((step) => ({
  number: step.number,
  title: step.title,
  intro: step.intro,
  fields: step.fields as (keyof ApplicationValues)[],
}));

/**
 * The application's steps (1 to 5), for every account: the "Step N of 5", and what
 * `validateStep` and `first_error_step` number.
 */
export const STEP_COUNT = STEPS.length;

/**
 * The pages the wizard shows for an account type as chosen (core's `wizardPages`): each step's
 * own fields, then the parts of the details that belong to that step where the account asks for
 * them (a business's details in step 1, its owners in step 3, tax residency in step 4). Every
 * page names its step, the N of "Step N of 5"; `number` is only its place in the wizard. A value
 * that is none of core's account types gets the pages of none chosen, as core gives it
 * (ahead.test.ts).
 */
export function pagesFor(applicationType: string): readonly WizardPage[] {
  return entry(AHEAD.pages, applicationType) ?? AHEAD.pages['']!;
}

/** How step `step`'s own fields are asked, in order (core's `stepInputs`). */
export function inputsOf(step: number): readonly FieldInput[] {
  return AHEAD.inputs[step - 1] ?? [];
}

/** The most pages any account has: the bound of a stored page number. */
export const MAX_PAGE_COUNT = Math.max(STEP_COUNT, ...AHEAD.options.account_types.map((account) => pagesFor(account.value).length));

/** The page showing application step `step`'s own fields, for the account chosen. */
export function pageOfStep(pages: readonly WizardPage[], step: number): number | null {
  return pages.find((page) => page.step === step && page.details === null)?.number ?? null;
}

/**
 * The id of the input a field's error links to (the first box of a date of birth, the first
 * card of step 1); a detail's path (`business.owners.0.full_name`) with its dots as dashes.
 */
export function inputId(field: string): string {
  if (field === 'date_of_birth') return 'application-date_of_birth-day';
  if (field === 'application_type') return 'application-application_type-0';
  const id = `application-${field.replaceAll('.', '-')}`;
  return field.endsWith('.date_of_birth') ? `${id}-day` : id;
}
