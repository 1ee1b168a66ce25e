/**
 * The business and tax residency details as the wizard holds them, and how they become core's
 * `DetailsInput` beside the application's own fields in the one body the server reads
 * (`SubmissionInput`: the application's members with `business` and `tax_residency`).
 *
 * Values stay as typed: core reads the ABN with its spaces, the share as "12.5" and decides
 * what is valid. Everything typed is kept whatever the account: a personal account's body
 * leaves the business out (core neither checks nor stores it then), so going from business to
 * personal and back loses nothing.
 *
 * The checks and option lists are in their own WebAssembly package (`customer-details`),
 * fetched one page before the first page that needs it, so /apply/account's first load (and its route budget) doesn't carry it.
 */
import type { BusinessInput, DetailsInput, ForeignResidencyInput, OwnerInput, TaxResidencyInput } from 'banksia-core/customer-details';
import { composeDate, type DateParts } from './values';

export interface OwnerValues {
  full_name: string;
  date_of_birth: DateParts;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  role: string;
  ownership_percent: string;
}

export interface ResidencyValues {
  country: string;
  tin: string;
  no_tin_reason: string;
  no_tin_explanation: string;
}

/** A yes or no not answered yet is ''. */
export type YesNo = '' | 'yes' | 'no';

export interface BusinessValues {
  entity_type: string;
  legal_name: string;
  trading_name: string;
  abn: string;
  acn: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  nature_of_business: string;
  owners: OwnerValues[];
  applicant_role: string;
  applicant_authorised: boolean;
}

export interface TaxValues {
  foreign_resident: YesNo;
  countries: ResidencyValues[];
  tfn: string;
  business_foreign_resident: YesNo;
  business_countries: ResidencyValues[];
}

export interface DetailsValues {
  business: BusinessValues;
  tax: TaxValues;
}

export const EMPTY_OWNER: OwnerValues = {
  full_name: '',
  date_of_birth: { day: '', month: '', year: '' },
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  role: '',
  ownership_percent: '',
};

export const EMPTY_RESIDENCY: ResidencyValues = { country: '', tin: '', no_tin_reason: '', no_tin_explanation: '' };

export function emptyDetails(): DetailsValues {
  return {
    business: {
      entity_type: '',
      legal_name: '',
      trading_name: '',
      abn: '',
      acn: '',
      address_line1: '',
      address_line2: '',
      city: '',
      state: '',
      postal_code: '',
      nature_of_business: '',
      owners: [],
      applicant_role: '',
      applicant_authorised: false,
    },
    tax: { foreign_resident: '', countries: [], tfn: '', business_foreign_resident: '', business_countries: [] },
  };
}

const optional = (text: string) => (text.trim() === '' ? null : text);
const yesNo = (answer: YesNo) => (answer === '' ? null : answer === 'yes');

function ownerInput(owner: OwnerValues): OwnerInput {
  return {
    full_name: owner.full_name,
    date_of_birth: composeDate(owner.date_of_birth),
    address_line1: owner.address_line1,
    address_line2: optional(owner.address_line2),
    city: owner.city,
    state: owner.state,
    postal_code: owner.postal_code,
    role: owner.role,
    ownership_percent: optional(owner.ownership_percent),
  };
}

function residencyInput(residency: ResidencyValues): ForeignResidencyInput {
  return {
    country: residency.country,
    tin: optional(residency.tin),
    no_tin_reason: optional(residency.no_tin_reason),
    no_tin_explanation: optional(residency.no_tin_explanation),
  };
}

/** Whether `applicationType` (a code as chosen on step 1) is a business account's. */
export function isBusinessAccount(applicationType: string, businessTypes: readonly string[]): boolean {
  return businessTypes.includes(applicationType);
}

/**
 * The details as core's input: the business only for a business account; an ACN only for a
 * company; the countries only after a yes (kept, unsent, after a no).
 */
export function toDetailsInput(values: DetailsValues, businessAccount: boolean): DetailsInput {
  const { business, tax } = values;
  const company = business.entity_type === 'company';
  const soleTrader = business.entity_type === 'sole_trader';
  const businessInput: BusinessInput = {
    entity_type: business.entity_type,
    legal_name: business.legal_name,
    trading_name: optional(business.trading_name),
    abn: business.abn,
    acn: company ? business.acn : null,
    address_line1: business.address_line1,
    address_line2: optional(business.address_line2),
    city: business.city,
    state: business.state,
    postal_code: business.postal_code,
    nature_of_business: business.nature_of_business,
    owners: business.owners.map(ownerInput),
    applicant_role: business.applicant_role,
    applicant_authorised: business.applicant_authorised,
  };
  const asksBusiness = businessAccount && !soleTrader;
  const taxInput: TaxResidencyInput = {
    foreign_resident: yesNo(tax.foreign_resident),
    countries: tax.foreign_resident === 'yes' ? tax.countries.map(residencyInput) : null,
    tfn: optional(tax.tfn),
    business_foreign_resident: asksBusiness ? yesNo(tax.business_foreign_resident) : null,
    business_countries: asksBusiness && tax.business_foreign_resident === 'yes' ? tax.business_countries.map(residencyInput) : null,
  };
  return { business: businessAccount ? businessInput : null, tax_residency: taxInput };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, 10) : []);
const answer = (value: unknown): YesNo => (value === 'yes' || value === 'no' ? value : '');

function readDate(value: unknown): DateParts {
  const parts = record(value);
  return { day: text(parts['day']), month: text(parts['month']), year: text(parts['year']) };
}

function readOwner(value: unknown): OwnerValues {
  const owner = record(value);
  return {
    full_name: text(owner['full_name']),
    date_of_birth: readDate(owner['date_of_birth']),
    address_line1: text(owner['address_line1']),
    address_line2: text(owner['address_line2']),
    city: text(owner['city']),
    state: text(owner['state']),
    postal_code: text(owner['postal_code']),
    role: text(owner['role']),
    ownership_percent: text(owner['ownership_percent']),
  };
}

function readResidency(value: unknown): ResidencyValues {
  const residency = record(value);
  return {
    country: text(residency['country']),
    tin: text(residency['tin']),
    no_tin_reason: text(residency['no_tin_reason']),
    no_tin_explanation: text(residency['no_tin_explanation']),
  };
}

/**
 * Reads stored details back, keeping only what has the right shape (as `readValues` does for
 * the application's own), so a stale or edited entry can never break the form.
 */
export function readDetails(stored: unknown): DetailsValues {
  const details = record(stored);
  const business = record(details['business']);
  const tax = record(details['tax']);
  const empty = emptyDetails();
  const businessText = (key: Exclude<keyof BusinessValues, 'owners' | 'applicant_authorised'>) => text(business[key]);
  return {
    business: {
      entity_type: businessText('entity_type'),
      legal_name: businessText('legal_name'),
      trading_name: businessText('trading_name'),
      abn: businessText('abn'),
      acn: businessText('acn'),
      address_line1: businessText('address_line1'),
      address_line2: businessText('address_line2'),
      city: businessText('city'),
      state: businessText('state'),
      postal_code: businessText('postal_code'),
      nature_of_business: businessText('nature_of_business'),
      owners: list(business['owners']).map(readOwner),
      applicant_role: businessText('applicant_role'),
      applicant_authorised: business['applicant_authorised'] === true,
    },
    tax: {
      ...empty.tax,
      foreign_resident: answer(tax['foreign_resident']),
      countries: list(tax['countries']).map(readResidency),
      tfn: text(tax['tfn']),
      business_foreign_resident: answer(tax['business_foreign_resident']),
      business_countries: list(tax['business_countries']).map(readResidency),
    },
  };
}

/**
 * The customer-details WebAssembly package: a chunk of its own, fetched when first imported
 * (the browser's module map makes every later import the same one).
 */
export function loadCustomerDetails(): Promise<typeof import('banksia-core/customer-details')> {
  return import('banksia-core/customer-details');
}
