import { describe, expect, it } from 'vitest';
import type { ApplicationInput } from 'banksia-core/application';
import { fieldLabel, stepFields, stepInputs, validateStep } from 'banksia-core/application';
import { coreResolver, toFormErrors } from './resolver';
import { STEPS } from './steps';
import { EMPTY_VALUES, toApplicationInput, type ApplicationValues } from './values';


const TODAY = '2026-03-01';

/** Every field wrong in a way core reports (optional ones too): a control character, a non-option, a non-amount. */
const EVERYTHING_WRONG = {
  ...toApplicationInput(EMPTY_VALUES),
  application_type: 'x',
  first_name: '\u0000',
  last_name: '\u0000',
  email: 'x',
  phone: 'x',
  date_of_birth: 'x',
  address_line1: '\u0000',
  address_line2: 'a\u0000',
  city: '\u0000',
  state: 'x',
  postal_code: 'x',
  employment_status: 'x',
  annual_income: 'x',
  employer_name: 'a\u0000',
  identification_type: 'x',
  identification_number: '\u0000',
  initial_deposit_amount: 'x',
  terms_accepted: false,
} satisfies ApplicationInput;

const FILLED: ApplicationValues = {
  application_type: 'checking',
  first_name: 'Jane',
  last_name: 'Citizen',
  email: 'jane@example.com.au',
  phone: '0412 345 678',
  date_of_birth: { day: '15', month: '7', year: '1990' },
  address_line1: '1 Collins Street',
  address_line2: '',
  city: 'Melbourne',
  state: 'VIC',
  postal_code: '3000',
  employment_status: 'full_time',
  annual_income: '$85,000',
  employer_name: '',
  identification_type: 'passport',
  identification_number: 'pa1234567',
  initial_deposit_amount: '25',
  terms_accepted: true,
  marketing_consent: false,
};

describe('the steps shown agree with the steps core checks', () => {
  it("core's step table holds every input of the wizard exactly once, each with core's label", () => {
    const listed = STEPS.flatMap((step) => step.fields);
    expect([...listed].sort()).toEqual(Object.keys(EMPTY_VALUES).sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const field of listed) expect(fieldLabel(field)).not.toBe('');
    expect(stepFields(0)).toEqual([]);
    expect(stepFields(6)).toEqual([]);
    expect(fieldLabel('no_such_field' as never)).toBe('');
  });


  it("each step's inputs are core's, in core's order (the layout is core's, not the site's)", () => {
    for (const step of STEPS) {
      expect(stepInputs(step.number).map((input) => input.field)).toEqual(step.fields);
    }
    expect(stepInputs(6)).toEqual([]);
  });

  it.each(STEPS.map((step) => [step.number, step] as const))('step %i shows every field core checks on it', (number, step) => {
    const checked = Object.keys(validateStep(number, EVERYTHING_WRONG, TODAY).errors);
    expect(checked.length).toBeGreaterThan(0);
    for (const field of checked) expect(step.fields).toContain(field);
  });

  it('every field a step shows is checked on that step, and only there', () => {
    const checkedOn = new Map<string, number>();
    for (const step of STEPS) {
      for (const field of Object.keys(validateStep(step.number, EVERYTHING_WRONG, TODAY).errors)) checkedOn.set(field, step.number);
    }
    for (const step of STEPS) {
      for (const field of step.fields) {
        // The marketing box has no rule at all, so core never reports it.
        if (field === 'marketing_consent') continue;
        expect(checkedOn.get(field), field).toBe(step.number);
      }
    }
  });

  it('what the wizard sends always has the shape core reads', () => {
    for (const values of [EMPTY_VALUES, FILLED]) {
      for (const step of [0, 1, 2, 3, 4, 5]) {
        expect(validateStep(step, toApplicationInput(values), TODAY).errors).not.toHaveProperty('input');
      }
    }
    expect(validateStep(0, toApplicationInput(FILLED), TODAY).errors).toEqual({});
  });
});

describe('coreResolver', () => {
  const resolve = (step: number, values: ApplicationValues) =>
    coreResolver(step, validateStep, () => TODAY)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("gives spec section 5's messages for an empty step 2", async () => {
    const result = await resolve(2, EMPTY_VALUES);
    expect(result.values).toEqual({});
    expect(Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]))).toEqual({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      date_of_birth: 'Date of birth is required',
    });
  });

  it('checks only the current step', async () => {
    const result = await resolve(1, { ...EMPTY_VALUES, application_type: 'savings' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ application_type: 'savings' });
  });

  it('passes a filled step 5 and refuses it without the terms', async () => {
    expect((await resolve(5, FILLED)).errors).toEqual({});
    const refused = await resolve(5, { ...FILLED, terms_accepted: false });
    expect(refused.errors.terms_accepted?.message).toBe('You must accept the terms and conditions');
  });

  it('uses the date it is given for today', async () => {
    const nextYear = coreResolver(2, validateStep, () => '2008-07-14');
    const result = await nextYear(FILLED, undefined, { fields: {}, shouldUseNativeValidation: false });
    // Born 15 July 1990: not yet 18 on 14 July 2008.
    expect(result.errors.date_of_birth?.message).toMatch(/18/);
  });
});

describe('toFormErrors', () => {
  it('keeps the first message of each field', () => {
    expect(toFormErrors({ email: ['a', 'b'], city: [] })).toEqual({ email: { type: 'banksia-core', message: 'a' } });
  });
});
