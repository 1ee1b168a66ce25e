/**
 * What the wizard's inputs hold, and how it becomes banksia-core's `ApplicationInput`.
 *
 * Values stay exactly as typed: core trims, reads amounts such as "$1,250.50", normalises the
 * phone number and decides what is valid. Nothing here checks a value; the only work is
 * putting the three date-of-birth boxes together as `YYYY-MM-DD`.
 */
import type { ApplicationInput } from 'banksia-core/application';

/** The date of birth as three boxes, the way GOV.UK asks for memorable dates. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** Every input of the five steps, keyed by core's field names. */
export interface ApplicationValues {
  application_type: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: DateParts;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  employment_status: string;
  annual_income: string;
  employer_name: string;
  identification_type: string;
  identification_number: string;
  initial_deposit_amount: string;
  terms_accepted: boolean;
  marketing_consent: boolean;
}

export const EMPTY_VALUES: ApplicationValues = {
  application_type: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  date_of_birth: { day: '', month: '', year: '' },
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  employment_status: '',
  annual_income: '',
  employer_name: '',
  identification_type: '',
  identification_number: '',
  initial_deposit_amount: '',
  terms_accepted: false,
  marketing_consent: false,
};

type TextKey = { [K in keyof ApplicationValues]: ApplicationValues[K] extends string ? K : never }[keyof ApplicationValues];
type FlagKey = { [K in keyof ApplicationValues]: ApplicationValues[K] extends boolean ? K : never }[keyof ApplicationValues];

const TEXT_KEYS = Object.keys(EMPTY_VALUES).filter(
  (key): key is TextKey => typeof EMPTY_VALUES[key as keyof ApplicationValues] === 'string',
);
const FLAG_KEYS = Object.keys(EMPTY_VALUES).filter(
  (key): key is FlagKey => typeof EMPTY_VALUES[key as keyof ApplicationValues] === 'boolean',
);

/**
 * The three boxes as one `YYYY-MM-DD` text: blank when all three are blank (so core reports
 * the date as missing), otherwise joined as typed, with a single-digit day or month given its
 * leading zero. Whether the result is a real date is core's call.
 */
export function composeDate({ day, month, year }: DateParts): string {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (!d && !m && !y) return '';
  const twoDigits = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);
  return `${y}-${twoDigits(m)}-${twoDigits(d)}`;
}

/** The wizard's values as core's input. Optional text left blank is sent as null. */
export function toApplicationInput(values: ApplicationValues): ApplicationInput {
  const optional = (text: string) => (text.trim() === '' ? null : text);
  return {
    application_type: values.application_type,
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    date_of_birth: composeDate(values.date_of_birth),
    address_line1: values.address_line1,
    address_line2: optional(values.address_line2),
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    employment_status: values.employment_status,
    annual_income: values.annual_income,
    employer_name: optional(values.employer_name),
    identification_type: values.identification_type,
    identification_number: values.identification_number,
    initial_deposit_amount: values.initial_deposit_amount,
    terms_accepted: values.terms_accepted,
    marketing_consent: values.marketing_consent,
    user_id: null,
  };
}

/**
 * Reads values back from storage, keeping only what has the right shape: unknown keys are
 * dropped and anything of the wrong type falls back to empty, so a stale or edited entry can
 * never break the form.
 */
export function readValues(stored: unknown): ApplicationValues {
  const values: ApplicationValues = { ...EMPTY_VALUES, date_of_birth: { ...EMPTY_VALUES.date_of_birth } };
  if (typeof stored !== 'object' || stored === null) return values;
  const record = stored as Record<string, unknown>;
  for (const key of TEXT_KEYS) {
    const value = record[key];
    if (typeof value === 'string') values[key] = value;
  }
  for (const key of FLAG_KEYS) {
    const value = record[key];
    if (typeof value === 'boolean') values[key] = value;
  }
  const date = record['date_of_birth'];
  if (typeof date === 'object' && date !== null) {
    const parts = date as Record<string, unknown>;
    for (const part of ['day', 'month', 'year'] as const) {
      const value = parts[part];
      if (typeof value === 'string') values.date_of_birth[part] = value;
    }
  }
  return values;
}

/** An input as a lookup key: the whole of it, so only the very input a table was made from matches. */
export function inputKey(input: ApplicationInput): string {
  return JSON.stringify(input);
}
