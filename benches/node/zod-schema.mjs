// The account application's rules as a zod 4 schema, for the bench only: the comparison a team
// would make before choosing WASM. It mirrors banksia-core's rule table
// (core/src/application/field.rs) with the same messages: trimmed text, blank as missing, the
// first failing rule of each field, every field at once, and the same normalised record on
// success (trimmed text, +61 phone, lower-case email domain, upper-case ID number, amounts with
// two decimals). The site never uses this: core is the one implementation of the rules.
import { z } from "zod";

// core's plain-text rule: no control, format, private-use, surrogate or unassigned character,
// and no separator but the ordinary space.
const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}]|(?! )\p{Z}/u;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const EMAIL_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const AMOUNT = /^(-)?\s*(?:AUD|A\$|\$)?\s*(-)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

const ACCOUNT_TYPES = ["checking", "savings", "business_checking", "business_savings"];
const STATES = {
  NSW: "New South Wales", VIC: "Victoria", QLD: "Queensland", WA: "Western Australia",
  SA: "South Australia", TAS: "Tasmania", ACT: "Australian Capital Territory", NT: "Northern Territory",
};
const EMPLOYMENT = ["full_time", "part_time", "casual", "self_employed", "retired", "student", "unemployed"];
const ID_TYPES = ["drivers_license", "passport", "proof_of_age_card"];

/** Trimmed text, blank as missing (`undefined`). */
const trimmed = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() || undefined : value ?? undefined),
  z.string().optional(),
);

/** A required text field: `checks` run in order, the first failure is the field's message. */
function text(required, checks) {
  return trimmed.superRefine((value, ctx) => {
    if (value === undefined) {
      if (required) ctx.addIssue({ code: "custom", message: required });
      return;
    }
    for (const [ok, message] of checks) {
      if (!ok(value)) {
        ctx.addIssue({ code: "custom", message });
        return;
      }
    }
  });
}

const chars = (value) => [...value].length;
const minChars = (min, message) => [(v) => chars(v) >= min, message];
const maxChars = (max, message) => [(v) => chars(v) <= max, message];
const noControl = (label) => [(v) => !CONTROL.test(v), `${label} contains a hidden, formatting or unsupported character. Please retype it.`];
const oneOf = (options, message) => [(v) => options.includes(v.toLowerCase()), message];

function isEmail(email) {
  if (email.length > 254) return false;
  const at = email.indexOf("@");
  if (at < 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!EMAIL_LOCAL.test(local) || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  if (domain.length > 253) return false;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => EMAIL_LABEL.test(label))) return false;
  const top = labels[labels.length - 1];
  return /^[A-Za-z]{2,}$/.test(top) || (top.length > 4 && top.toLowerCase().startsWith("xn--"));
}

function normalisePhone(phone) {
  const compact = phone.replace(/[ \-.()]/g, "");
  let national;
  if (compact.startsWith("+61")) national = compact.slice(3);
  else if (compact.startsWith("61") && compact.length === 11) national = compact.slice(2);
  else if (compact.startsWith("0")) national = compact.slice(1);
  else return undefined;
  return /^[23478]\d{8}$/.test(national) ? `+61${national}` : undefined;
}

function isoDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

function ageOn(born, today) {
  const before = today.month < born.month || (today.month === born.month && today.day < born.day);
  return today.year - born.year - (before ? 1 : 0);
}

const isBefore = (a, b) => a.year !== b.year ? a.year < b.year : a.month !== b.month ? a.month < b.month : a.day < b.day;

/** An amount as typed: `{ negative, whole, fraction }` or undefined. */
function amount(value) {
  if (typeof value === "number") return Number.isFinite(value) ? amount(String(value)) : undefined;
  const match = AMOUNT.exec(value.trim());
  if (!match || (match[3] === "" && (match[4] ?? "") === "")) return undefined;
  return { negative: Boolean(match[1] || match[2]), whole: match[3].replace(/,/g, "") || "0", fraction: match[4] ?? "" };
}

function amountField(required, label, max, maxMessage) {
  return z
    .union([z.number(), z.string()])
    .nullish()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
        ctx.addIssue({ code: "custom", message: required });
        return;
      }
      const read = amount(value);
      if (!read) return void ctx.addIssue({ code: "custom", message: `Please enter ${label} as a dollar amount` });
      const number = Number(`${read.whole}.${read.fraction || "0"}`);
      if (read.negative && number !== 0) return void ctx.addIssue({ code: "custom", message: `${label === "your annual income" ? "Annual income" : "Initial deposit"} can't be negative` });
      if (read.fraction.replace(/0+$/, "").length > 2) return void ctx.addIssue({ code: "custom", message: `${label === "your annual income" ? "Annual income" : "Initial deposit"} can't have more than 2 decimal places` });
      if (number > max) ctx.addIssue({ code: "custom", message: maxMessage });
    })
    .transform((value) => {
      const read = amount(value);
      return read ? Number(`${read.whole}.${read.fraction || "0"}`).toFixed(2) : value;
    });
}

/** Every field's schema, checked as of `today` (`{ year, month, day }`). */
function fields(today) {
  return {
      application_type: text("Please choose an account type", [oneOf(ACCOUNT_TYPES, "Please choose an account type")]),
      first_name: text("First name must be at least 2 characters", [
        minChars(2, "First name must be at least 2 characters"),
        maxChars(50, "First name must be at most 50 characters"),
        noControl("First name"),
      ]),
      last_name: text("Last name must be at least 2 characters", [
        minChars(2, "Last name must be at least 2 characters"),
        maxChars(50, "Last name must be at most 50 characters"),
        noControl("Last name"),
      ]),
      email: text("Please enter a valid email address", [
        maxChars(254, "Please enter a valid email address"),
        [isEmail, "Please enter a valid email address"],
      ]),
      phone: text("Please enter a valid phone number", [
        minChars(10, "Please enter a valid phone number"),
        maxChars(20, "Please enter a valid phone number"),
        [(v) => normalisePhone(v) !== undefined, "Please enter a valid phone number"],
      ]),
      date_of_birth: text("Date of birth is required", [
        [(v) => isoDate(v) !== undefined, "Please enter a valid date of birth"],
        [(v) => isBefore(isoDate(v), today), "Date of birth must be in the past"],
        [(v) => ageOn(isoDate(v), today) >= 18, "You must be at least 18 years old to open an account"],
        [(v) => ageOn(isoDate(v), today) <= 120, "Please enter a valid date of birth"],
      ]),
      address_line1: text("Please enter your full address", [
        minChars(5, "Please enter your full address"),
        maxChars(100, "Street address must be at most 100 characters"),
        noControl("Street address"),
      ]),
      address_line2: text(undefined, [maxChars(100, "Unit/apartment must be at most 100 characters"), noControl("Unit/apartment")]),
      city: text("City is required", [minChars(2, "City is required"), maxChars(50, "City must be at most 50 characters"), noControl("City")]),
      state: text("State is required", [
        [(v) => v.toUpperCase() in STATES || Object.values(STATES).some((name) => name.toLowerCase() === v.toLowerCase()), "Please choose a state or territory"],
      ]),
      postal_code: text("Please enter a valid postal code", [[(v) => /^\d{4}$/.test(v), "Please enter a valid postal code"]]),
      employment_status: text("Employment status is required", [oneOf(EMPLOYMENT, "Please choose an employment status")]),
      annual_income: amountField("Annual income is required", "your annual income", 100_000_000, "Annual income can't be more than $100,000,000"),
      employer_name: text(undefined, [maxChars(100, "Employer name must be at most 100 characters"), noControl("Employer name")]),
      identification_type: text("Identification type is required", [oneOf(ID_TYPES, "Please choose an identification type")]),
      identification_number: text("Identification number is required", [
        maxChars(30, "Identification number must be at most 30 characters"),
        [(v) => /^[A-Za-z0-9 -]*$/.test(v), "Identification number can only contain letters, numbers, spaces and hyphens"],
      ]),
      initial_deposit_amount: amountField("Initial deposit amount is required", "the initial deposit", 10_000_000, "Initial deposit can't be more than $10,000,000"),
      terms_accepted: z.literal(true, { error: "You must accept the terms and conditions" }),
      marketing_consent: z.boolean().nullish().transform((value) => value ?? false),
      user_id: z.null({ error: "Applications are submitted without signing in, so user_id must be null" }).optional(),
  };
}

/** The fields of one wizard step (other fields are ignored, as core's step check does). */
export function stepSchema(today, names) {
  const all = fields(today);
  return z.object(Object.fromEntries(names.map((name) => [name, all[name]])));
}

/** The whole application, checked as of `today`. */
export function applicationSchema(today) {
  return z.object(fields(today)).strict();
}

/** The whole application, checked as of `today` and normalised on success. */
export function normalisingSchema(today) {
  return applicationSchema(today).transform((a) => ({
      ...a,
      application_type: a.application_type.toLowerCase(),
      email: a.email.replace(/@(.*)$/, (_, domain) => `@${domain.toLowerCase()}`),
      phone: normalisePhone(a.phone),
      state: a.state.toUpperCase() in STATES ? a.state.toUpperCase() : Object.keys(STATES).find((code) => STATES[code].toLowerCase() === a.state.toLowerCase()),
      employment_status: a.employment_status.toLowerCase(),
      identification_type: a.identification_type.toLowerCase(),
      identification_number: a.identification_number.toUpperCase(),
      address_line2: a.address_line2 ?? null,
    employer_name: a.employer_name ?? null,
  }));
}

/** `today` as the schema wants it, from `YYYY-MM-DD`. */
export const todayOf = (text) => isoDate(text);

/** A zod result in core's report shape: `{ errors: { field: [first message] }, application }`. */
export function report(result) {
  if (result.success) return { errors: {}, application: result.data };
  const errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] ?? "input";
    errors[field] ??= [issue.message];
  }
  return { errors, application: null };
}
