/**
 * The wizard's steps: core's list (`wizardSteps`: each step's number, title, line of help and
 * the fields it shows and checks, the table `validateStep` uses), and how each field is asked is
 * core's too (`stepInputs`: kind, label, hint, autocomplete, options), which StepForm lays out in
 * order.
 */
import { wizardSteps } from 'banksia-core/application';
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
export const STEPS: readonly WizardStep[] = wizardSteps().map((step) => ({
  number: step.number,
  title: step.title,
  intro: step.intro,
  fields: step.fields as (keyof ApplicationValues)[],
}));

export const STEP_COUNT = STEPS.length;
/** The id of the input a field's error links to (the first box of the date of birth, the first card of step 1). */
export function inputId(field: string): string {
  if (field === 'date_of_birth') return 'application-date_of_birth-day';
  if (field === 'application_type') return 'application-application_type-0';
  return `application-${field}`;
}
