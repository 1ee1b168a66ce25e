import { describe, expect, it } from 'vitest';
import { emptyDetails, readDetails, toDetailsInput, type DetailsValues } from './details';

function typed(): DetailsValues {
  const details = emptyDetails();
  details.business.entity_type = 'trust';
  details.business.legal_name = 'Citizen Family Trust';
  details.business.acn = '004 085 616';
  details.business.owners = [
    {
      full_name: 'Jane Citizen',
      date_of_birth: { day: '2', month: '5', year: '1980' },
      address_line1: '1 Collins Street',
      address_line2: '',
      city: 'Melbourne',
      state: 'VIC',
      postal_code: '3000',
      role: 'trustee',
      ownership_percent: '',
    },
  ];
  details.tax.foreign_resident = 'no';
  details.tax.countries = [{ country: 'NZ', tin: '1', no_tin_reason: '', no_tin_explanation: '' }];
  details.tax.business_foreign_resident = 'yes';
  details.tax.business_countries = [{ country: 'SG', tin: '', no_tin_reason: 'not_issued', no_tin_explanation: '' }];
  return details;
}

describe('the details as core reads them', () => {
  it('sends the business only for a business account, an ACN only for a company, countries only after a yes', () => {
    const business = toDetailsInput(typed(), true);
    expect(business.business?.acn).toBeNull();
    expect(business.business?.owners?.[0]).toMatchObject({ date_of_birth: '1980-05-02', address_line2: null, ownership_percent: null });
    expect(business.tax_residency).toMatchObject({ foreign_resident: false, countries: null, business_foreign_resident: true });
    expect(business.tax_residency?.business_countries).toEqual([{ country: 'SG', tin: null, no_tin_reason: 'not_issued', no_tin_explanation: null }]);
    const personal = toDetailsInput(typed(), false);
    expect(personal.business).toBeNull();
    expect(personal.tax_residency?.business_foreign_resident).toBeNull();
  });

  it('reads back what it stored, and repairs what it cannot read', () => {
    const details = typed();
    expect(readDetails(JSON.parse(JSON.stringify(details)))).toEqual(details);
    expect(readDetails({ business: { owners: 'x', legal_name: 3 }, tax: { foreign_resident: 'maybe' } })).toEqual(emptyDetails());
    expect(readDetails(null)).toEqual(emptyDetails());
  });
});
