import { describe, expect, it } from 'vitest';
import { EARLY_INPUT_KEY, takeEarlyInput, withEarlyValues } from './early';
import { EMPTY_VALUES } from './values';

describe('early input (before the island hydrates)', () => {
  it('hands over what the inline script recorded once, and marks the island ready', () => {
    const target: Record<string, unknown> = { [EARLY_INPUT_KEY]: { ready: false, values: { application_type: 'savings' }, next: true } };
    expect(takeEarlyInput(target)).toEqual({ ready: true, values: { application_type: 'savings' }, next: true });
    expect((target[EARLY_INPUT_KEY] as { ready: boolean }).ready).toBe(true);
    expect(takeEarlyInput(target)).toBeNull();
  });

  it('is null when the script did not run or nothing happened, and still marks ready', () => {
    expect(takeEarlyInput({})).toBeNull();
    const target: Record<string, unknown> = { [EARLY_INPUT_KEY]: { ready: false, values: {}, next: false } };
    expect(takeEarlyInput(target)).toBeNull();
    expect((target[EARLY_INPUT_KEY] as { ready: boolean }).ready).toBe(true);
  });

  it('applies only fields of the wizard, each with its own type', () => {
    const values = withEarlyValues(EMPTY_VALUES, {
      ready: true,
      next: false,
      values: { application_type: 'business_savings', terms_accepted: 'on', marketing_consent: true, nonsense: 'x', date_of_birth: '1990' },
    });
    expect(values.application_type).toBe('business_savings');
    expect(values.marketing_consent).toBe(true);
    expect(values.terms_accepted).toBe(false);
    expect(values.date_of_birth).toEqual(EMPTY_VALUES.date_of_birth);
    expect('nonsense' in values).toBe(false);
  });
});
