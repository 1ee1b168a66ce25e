/**
 * What the wizard knows before its package has arrived: core's answers that never change between
 * visits, worked out by core itself when the site is built (imported as `./ahead.build.ts?at-build`,
 * integrations/banksia-core.mjs). With them the island hydrates, lays out every step and checks step
 * 1 on React and its own code alone; the application's package (its rules for steps 2 to 5, the
 * summary, the whole check) is fetched once the island is awake, while step 2 is being typed.
 *
 * Step 1 asks one thing, the account type, out of core's four: core's check of step 1 is worked out
 * here for a fresh application with each of them chosen, and with none (any other input, a draft
 * with more filled in, is checked by the package, never guessed). ahead.test.ts holds every answer
 * here equal to the package's own.
 */
import type * as Core from 'banksia-core/application';
import { EMPTY_VALUES, inputKey, toApplicationInput } from './values.ts';

/** The package these answers come from (wasm/packages.json). */
export const PACKAGE = 'application';

/** Step 1's cards: core's account types with their suggested minimum deposit written out. */
export interface AccountCard {
  value: string;
  label: string;
  description: string;
  hint: string;
}

/** The application core's answers for the wizard, given the package. */
export default function wizardAhead(core: typeof Core) {
  const options = core.formOptions();
  // Every account type core offers, and none chosen yet.
  const accountTypes = ['', ...options.account_types.map((account) => account.value)];
  const steps = core.wizardSteps();
  return {
    options,
    cards: options.account_types.map(
      (account): AccountCard => ({
        value: account.value,
        label: account.label,
        description: account.description,
        hint: `Suggested minimum deposit: ${core.formatAud(account.minimum_deposit_hint, false)}`,
      }),
    ),
    steps,
    /** `wizardPages` by account type as chosen ('' before one is). */
    pages: Object.fromEntries(accountTypes.map((type) => [type, core.wizardPages(type)])),
    /** `stepInputs(n)` at index n - 1. */
    inputs: steps.map((step) => core.stepInputs(step.number)),
    submitted: core.submittedNotice(),
    /** `validateStep(1, …)` by its input as JSON (`inputKey`): a fresh application, each choice. */
    stepOne: Object.fromEntries(
      accountTypes.map((type) => {
        const input = toApplicationInput({ ...EMPTY_VALUES, application_type: type });
        return [inputKey(input), core.validateStep(1, input, Date.now())];
      }),
    ),
  };
}

export type WizardAhead = ReturnType<typeof wizardAhead>;
