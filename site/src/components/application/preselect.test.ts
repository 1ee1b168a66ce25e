import { describe, expect, it } from 'vitest';

const { formOptions } = await import('banksia-core/application');
const { accountTypeFromQuery, preselect, searchWithoutAccount } = await import('./preselect');
const { readValues } = await import('./values');
const { applyHref } = await import('../../data/apply');

describe('pre-selecting the account a product page links to', () => {
  const options = formOptions();

  it("takes each product link's account type, checked against core's options", () => {
    for (const type of options.account_types.map((account) => account.value)) {
      expect(accountTypeFromQuery(new URL(applyHref(type), 'https://x.test').search, options)).toBe(type);
    }
  });

  it('ignores a value core does not offer, and a missing parameter', () => {
    expect(accountTypeFromQuery('?account=premium_checking', options)).toBeNull();
    expect(accountTypeFromQuery('?account=', options)).toBeNull();
    expect(accountTypeFromQuery('', options)).toBeNull();
  });

  it('drops only the account parameter once used', () => {
    expect(searchWithoutAccount('?account=savings')).toBe('');
    expect(searchWithoutAccount('?utm_source=mail&account=savings')).toBe('?utm_source=mail');
  });

  it('chooses the account, and returns to step 1 when it changes an application under way', () => {
    const blank = readValues(undefined);
    expect(preselect(1, blank, 'savings')).toEqual({ step: 1, values: { ...blank, application_type: 'savings' } });
    const started = { ...blank, application_type: 'checking', first_name: 'Ana' };
    expect(preselect(3, started, 'checking')).toEqual({ step: 3, values: started });
    expect(preselect(3, started, 'savings')).toEqual({ step: 1, values: { ...started, application_type: 'savings' } });
  });
});
