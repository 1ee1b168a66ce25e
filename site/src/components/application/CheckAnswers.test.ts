// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { CheckAnswers } from './CheckAnswers';
import { emptyDetails, type DetailsValues } from './details';
import { EMPTY_VALUES, type ApplicationValues } from './values';

const values: ApplicationValues = {
  ...EMPTY_VALUES,
  application_type: 'business_checking',
  first_name: 'Mia',
  date_of_birth: { day: '3', month: '9', year: '1988' },
  state: 'TAS',
  employment_status: 'part_time',
  annual_income: '52000',
  identification_type: 'drivers_license',
};

/** A company with two directors, as the draft holds it. */
function company(): DetailsValues {
  const details = emptyDetails();
  const owner = (full_name: string, share: string) => ({
    full_name,
    date_of_birth: { day: '2', month: '7', year: '1985' },
    address_line1: '3 Elm Road',
    address_line2: '',
    city: 'Hobart',
    state: 'TAS',
    postal_code: '7004',
    role: 'director',
    ownership_percent: share,
  });
  Object.assign(details.business, {
    entity_type: 'company',
    legal_name: 'Banksia Bakery Pty Ltd',
    abn: '53004085616',
    acn: '004085616',
    owners: [owner('Mia Chen', '70'), owner('Sam Nguyen', '30')],
    applicant_role: 'director',
    applicant_authorised: true,
  });
  details.tax = { ...details.tax, foreign_resident: 'yes', countries: [{ country: 'NZ', tin: '', no_tin_reason: 'not_issued', no_tin_explanation: '' }], tfn: '123456782', business_foreign_resident: 'no' };
  return details;
}

type Asked = [string, number, string];

async function render(asked: Asked[] = [], details?: DetailsValues, shown: ApplicationValues = values) {
  const element = document.createElement('div');
  document.body.append(element);
  const props = {
    values: shown,
    details,
    onChange: (step: number, field: string) => asked.push(['step', step, field]),
    onChangeDetail: details ? (page: number, path: string) => asked.push(['page', page, path]) : undefined,
  };
  await act(async () => createRoot(element).render(createElement(CheckAnswers, props)));
  return element;
}

const rowsOf = (element: HTMLElement) =>
  [...element.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);

describe('CheckAnswers', () => {
  it("lists core's summary of steps 1 to 4 in description lists, under each step's title", async () => {
    const element = await render();
    const rows = rowsOf(element);
    expect(rows).toHaveLength(16);
    expect(rows).toContainEqual(['Account type', 'Business Checking']);
    expect(rows).toContainEqual(['Date of birth', '3 September 1988']);
    expect(rows).toContainEqual(['State', 'Tasmania']);
    expect(rows).toContainEqual(['Employment status', 'Part-time']);
    expect(rows).toContainEqual(['Annual income (AUD)', '$52,000']);
    expect(rows).toContainEqual(['Identification type', "Driver's licence"]);
    expect(rows).toContainEqual(['Employer name', 'Not provided']);
    expect([...element.querySelectorAll('h4')].map((heading) => heading.textContent)).toEqual([
      'Account Type',
      'Personal Information',
      'Address Details',
      'Employment & ID',
    ]);
  });

  it('each Change link is named for its answer and asks for its step and field', async () => {
    const asked: Asked[] = [];
    const element = await render(asked);
    const links = [...element.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toContain('Change State');
    const state = links.find((link) => link.textContent === 'Change State')!;
    expect(state.querySelector('.visually-hidden')?.textContent).toBe(' State');
    await act(async () => state.click());
    expect(asked).toEqual([['step', 3, 'state']]);
  });

  it("adds core's rows of the business, each owner, the applicant's role and the tax residency, each group under its heading, in the order the five steps ask", async () => {
    const asked: Asked[] = [];
    const element = await render(asked, company());
    await vi.waitFor(() => expect(element.querySelectorAll('h4')).toHaveLength(9));
    // Step 1 and its business, step 2, step 3 and the owners and your role, step 4 and tax residency.
    expect([...element.querySelectorAll('h4')].map((heading) => heading.textContent)).toEqual([
      'Account Type',
      'Business',
      'Personal Information',
      'Address Details',
      'Owner or controller 1: Mia Chen',
      'Owner or controller 2: Sam Nguyen',
      'Your role',
      'Employment & ID',
      'Tax residency',
    ]);
    const rows = rowsOf(element);
    expect(rows).toContainEqual(['Australian Business Number (ABN)', '53 004 085 616']);
    expect(rows).toContainEqual(['Australian Company Number (ACN)', '004 085 616']);
    expect(rows).toContainEqual(['Share of the business they own', '30%']);
    expect(rows).toContainEqual(['Your country 1', "New Zealand, no TIN: The country doesn't issue tax identification numbers"]);
    expect(rows).toContainEqual(['Tax file number (TFN)', '*** *** 782']);
    expect(element.textContent).not.toContain('123456782');
    // Two owners' "Full name": each link says whose.
    const sam = [...element.querySelectorAll('a')].find((link) => link.textContent === 'Change Full name (Owner or controller 2: Sam Nguyen)')!;
    expect(sam.getAttribute('href')).toBe('#application-business-owners-1-full_name');
    await act(async () => sam.click());
    // The owners are step 3's second page: page 5 of a business account's 8.
    expect(asked).toEqual([['page', 5, 'business.owners.1.full_name']]);
    const abn = [...element.querySelectorAll('a')].find((link) => link.textContent === 'Change Australian Business Number (ABN) (Business)')!;
    await act(async () => abn.click());
    const tfn = [...element.querySelectorAll('a')].find((link) => link.textContent === 'Change Tax file number (TFN) (Tax residency)')!;
    await act(async () => tfn.click());
    expect(asked.slice(1)).toEqual([
      ['page', 2, 'business.abn'],
      ['page', 7, 'tax_residency.tfn'],
    ]);
  });

  it("a personal account's tax residency follows employment and ID, and nothing of a business is listed", async () => {
    const asked: Asked[] = [];
    const element = await render(asked, company(), { ...values, application_type: 'savings' });
    await vi.waitFor(() => expect(element.querySelectorAll('h4')).toHaveLength(5));
    expect([...element.querySelectorAll('h4')].map((heading) => heading.textContent)).toEqual([
      'Account Type',
      'Personal Information',
      'Address Details',
      'Employment & ID',
      'Tax residency',
    ]);
    expect(element.textContent).not.toContain('Banksia Bakery');
    const tfn = [...element.querySelectorAll('a')].find((link) => link.textContent === 'Change Tax file number (TFN) (Tax residency)')!;
    await act(async () => tfn.click());
    expect(asked).toEqual([['page', 5, 'tax_residency.tfn']]);
  });
});
