/**
 * The five steps' titles and lines of help. Which fields a step shows and checks is core's step
 * table (`stepFields`, the table `validateStep` uses), and how each is asked is core's too
 * (`stepInputs`: kind, label, hint, autocomplete, options), which StepForm lays out in order.
 */
import { stepFields } from 'banksia-core/application';
import type { ApplicationValues } from './values';

export interface WizardStep {
  /** 1 to 5. */
  readonly number: number;
  /** Spec section 2's step name. */
  readonly title: string;
  readonly intro: string;
  /** The inputs of the step, in the order shown: core's step table. */
  readonly fields: readonly (keyof ApplicationValues)[];
}

/** A step's fields from core. Every one is an input of the wizard (`user_id` is never entered). */
const fieldsOf = (step: number) => stepFields(step) as (keyof ApplicationValues)[];

export const STEPS: readonly WizardStep[] = [
  {
    number: 1,
    title: 'Account Type',
    intro: 'Choose the account you would like to open.',
    fields: fieldsOf(1),
  },
  {
    number: 2,
    title: 'Personal Information',
    intro: 'Tell us who you are. Use your name exactly as it appears on your ID.',
    fields: fieldsOf(2),
  },
  {
    number: 3,
    title: 'Address Details',
    intro: 'Where you live now: your home address in Australia.',
    fields: fieldsOf(3),
  },
  {
    number: 4,
    title: 'Employment & ID',
    intro: 'We ask about your income and identity to meet our obligations under Australian law.',
    fields: fieldsOf(4),
  },
  {
    number: 5,
    title: 'Initial Deposit & Terms',
    intro: 'Choose how much to deposit when your account opens, and review our terms.',
    fields: fieldsOf(5),
  },
];

export const STEP_COUNT = STEPS.length;

/** The id of the input a field's error links to (the first box of the date of birth, the first card of step 1). */
export function inputId(field: string): string {
  if (field === 'date_of_birth') return 'application-date_of_birth-day';
  if (field === 'application_type') return 'application-application_type-0';
  return `application-${field}`;
}
