import { describe, expect, it } from 'vitest';
import * as core from 'banksia-core/application';
import wizardAhead from './ahead.build';
import { AHEAD, sharedDownload, validateStepNow } from './applicationCore';
import { pagesFor } from './steps';
import { EMPTY_VALUES, toApplicationInput } from './values';

/** Every field of the application filled with something core refuses, or hostile text. */
const HOSTILE_FIELDS = {
  first_name: '\u0000',
  last_name: 'x'.repeat(10_000),
  email: '@',
  phone: '\u202e0412',
  date_of_birth: '2100-02-30',
  address_line1: '\ud800',
  city: '<script>',
  state: 'XX',
  postal_code: '-1',
  employment_status: 'retired?',
  annual_income: '1e9999',
  identification_type: 'passport',
  identification_number: '\u0000',
  initial_deposit_amount: 'NaN',
  terms_accepted: true,
};

describe("the wizard's answers worked out at build time", () => {
  it("are the package's answers, as the page gets them", () => {
    // The module the island imports is the build's output: plain data, the package's answers now.
    expect(AHEAD).toEqual(JSON.parse(JSON.stringify(wizardAhead(core))));
    expect(AHEAD.steps).toHaveLength(5);
    expect(AHEAD.inputs).toHaveLength(5);
    expect(Object.keys(AHEAD.pages).sort()).toEqual(['', ...core.formOptions().account_types.map((account) => account.value)].sort());
  });

  it("step 1's answers are core's for a fresh application with each choice, at any moment", () => {
    const choices = ['', ...core.formOptions().account_types.map((account) => account.value)];
    expect(Object.keys(AHEAD.stepOne)).toHaveLength(choices.length);
    for (const type of choices) {
      const input = toApplicationInput({ ...EMPTY_VALUES, application_type: type });
      for (const moment of [Date.UTC(2026, 11, 4, 13), Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2100, 1, 27, 14), '2026-12-31']) {
        expect(validateStepNow(1, input, moment), `${type} ${moment}`).toEqual(core.validateStep(1, input, moment));
      }
    }
    // None chosen is refused with core's message; each account type passes.
    expect(validateStepNow(1, toApplicationInput(EMPTY_VALUES), Date.UTC(2026, 11, 4, 13))?.errors['application_type']).toEqual(['Please choose an account type']);
    for (const type of choices.slice(1)) {
      expect(validateStepNow(1, toApplicationInput({ ...EMPTY_VALUES, application_type: type }), Date.UTC(2026, 11, 4, 13))?.errors, type).toEqual({});
    }
  });

  it('any other input is left to the package, never answered from the table', () => {
    const fresh = toApplicationInput({ ...EMPTY_VALUES, application_type: 'checking' });
    for (const [field, value] of Object.entries(HOSTILE_FIELDS)) {
      const input = { ...fresh, [field]: value };
      expect(validateStepNow(1, input, Date.UTC(2026, 11, 4)), field).toBeNull();
    }
    // Some of these change step 1's answer: text that is not JSON (a lone surrogate) is refused whole.
    expect(core.validateStep(1, { ...fresh, address_line1: '\ud800' }, Date.UTC(2026, 11, 4)).errors).not.toEqual({});
    // Past step 1 there is no table.
    expect(validateStepNow(2, fresh, Date.UTC(2026, 11, 4))).toBeNull();
  });

  it("a choice that is not one of core's values is left to the package (core reads 'Checking' as checking), never guessed", () => {
    for (const type of ['x', 'Checking', ' checking', '__proto__', 'constructor', 'toString', '\u0000']) {
      const input = toApplicationInput({ ...EMPTY_VALUES, application_type: type });
      // Nothing in this file has fetched the package through applicationCore.ts.
      expect(validateStepNow(1, input, Date.UTC(2026, 11, 4)), type).toBeNull();
      // Its pages are those core gives it: the pages of none chosen.
      expect(pagesFor(type), type).toEqual(core.wizardPages(type));
    }
  });
});

describe('the package is fetched once', () => {
  it('every caller shares one download, and a failed one is tried again', async () => {
    let calls = 0;
    const download = sharedDownload(async () => {
      calls += 1;
      if (calls === 1) throw new Error('the connection dropped');
      return 'package';
    });
    expect(download.now()).toBeNull();
    await expect(download.get()).rejects.toThrow('the connection dropped');
    expect(download.now()).toBeNull();
    const [first, second] = await Promise.all([download.get(), download.get()]);
    expect([first, second, download.now(), calls]).toEqual(['package', 'package', 'package', 2]);
    await download.get();
    expect(calls).toBe(2);
  });
});
