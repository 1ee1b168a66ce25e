/**
 * The five steps as the person sees them: a title, a line of help, and the inputs laid out on
 * each. Which fields a step *checks* is core's business (`validateStep`); the unit tests prove
 * that the inputs shown here are exactly the fields core checks on the same step.
 */
import type { ApplicationValues } from './values';

export interface WizardStep {
  /** 1 to 5. */
  readonly number: number;
  /** Spec section 2's step name. */
  readonly title: string;
  readonly intro: string;
  /** The inputs of the step, in the order shown. */
  readonly fields: readonly (keyof ApplicationValues)[];
}

export const STEPS: readonly WizardStep[] = [
  {
    number: 1,
    title: 'Account Type',
    intro: 'Choose the account you would like to open.',
    fields: ['application_type'],
  },
  {
    number: 2,
    title: 'Personal Information',
    intro: 'Tell us who you are. Use your name exactly as it appears on your ID.',
    fields: ['first_name', 'last_name', 'email', 'phone', 'date_of_birth'],
  },
  {
    number: 3,
    title: 'Address Details',
    intro: 'Where you live now: your home address in Australia.',
    fields: ['address_line1', 'address_line2', 'city', 'state', 'postal_code'],
  },
  {
    number: 4,
    title: 'Employment & ID',
    intro: 'We ask about your income and identity to meet our obligations under Australian law.',
    fields: ['employment_status', 'annual_income', 'employer_name', 'identification_type', 'identification_number'],
  },
  {
    number: 5,
    title: 'Initial Deposit & Terms',
    intro: 'Choose how much to deposit when your account opens, and review our terms.',
    fields: ['initial_deposit_amount', 'terms_accepted', 'marketing_consent'],
  },
];

export const STEP_COUNT = STEPS.length;

/** The step showing a field, or undefined for a field no step shows (such as `user_id`). */
export function stepOfField(field: string): number | undefined {
  return STEPS.find((step) => (step.fields as readonly string[]).includes(field))?.number;
}

/** The id of the input a field's error links to (the first box of the date of birth, the first card of step 1). */
export function inputId(field: string): string {
  if (field === 'date_of_birth') return 'application-date_of_birth-day';
  if (field === 'application_type') return 'application-application_type-0';
  return `application-${field}`;
}
