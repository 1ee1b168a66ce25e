// The boundary itself: entries as typed, wrong shapes, hostile values. Every call returns data
// (field errors at worst) and never throws; no NaN or Infinity ever reaches the page.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { MANIFEST, application, borrowingPower, customerDetails, homeLoan, homeLoanTools, offset, packages, stampDuty, termDeposits } from "./packages.mjs";

const TODAY = "2026-03-01";
/** core's message for a value that is not one object of a calculator's entries. */
const NOT_ENTRIES =
  "The calculator's entries must be one JSON object of its fields, each at most once: each figure text, a number or null, and each choice one of its options.";
const EXACT = /^-?\d+\.\d{2}$/;
const DISPLAY = /^-?\$\d{1,3}(,\d{3})*(\.\d{2})?$/;

/** Every `{ amount, display }` in a value: exact to the cent and formatted in dollars. */
function assertMoneyEverywhere(value, path = "value") {
  assert.doesNotMatch(JSON.stringify(value), /NaN|Infinity/, path);
  if (Array.isArray(value)) return value.forEach((item, i) => assertMoneyEverywhere(item, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return;
  if ("amount" in value && "display" in value) {
    assert.match(value.amount, EXACT, `${path}.amount`);
    assert.match(value.display, DISPLAY, `${path}.display`);
    return;
  }
  for (const [key, item] of Object.entries(value)) assertMoneyEverywhere(item, `${path}.${key}`);
}

/**
 * `today` values no export reads: not a date, a moment as text (a moment is a number), and numbers
 * that aren't a whole millisecond in range (past chrono's ±262,000 years).
 */
const BAD_TODAYS = [
  "", "01/03/2026", "2026-02-30", undefined, null, "2026-03-01T13:59:59.123Z", "1772373599123",
  NaN, Infinity, -Infinity, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, new Date(0), {},
];

const TODAY_MESSAGE = "today must be a date written YYYY-MM-DD or a moment in milliseconds since 1970 (Date.now())";

const cyclic = {};
cyclic.self = cyclic;
/** Values of the wrong shape for any export's object argument. */
const BAD_SHAPES = [undefined, null, 42, "500000", true, [], [1, 2], { unknown: 1 }, { principal: 10n }, cyclic, () => 1];

describe("borrowing power's income year", () => {
  const entries = { income: "100000", term_years: "30", annual_rate_percent: "6.45" };
  it("is chosen by core from the Sydney date of the moment given: 1 July from midnight there", () => {
    // 1 July 2026 00:30 AEST is 30 June 14:30 UTC: a UTC date would still say 2025-26.
    for (const moment of ["2026-06-30T14:30:00.000Z", "2026-06-30T23:59:59.999Z", "2026-07-01T00:00:00.000Z"]) {
      assert.equal(borrowingPower.borrowingPower(entries, Date.parse(moment)).value.income_year, "2026-27", moment);
    }
    assert.equal(borrowingPower.borrowingPower(entries, Date.parse("2026-06-30T13:59:59.999Z")).value.income_year, "2025-26");
  });
});

describe("calculators", () => {
  const loan = (entries) => homeLoan.loanSchedule({ principal: "500000", annual_rate_percent: "6.45", term_years: "30", ...entries });

  it("reads entries as typed: dollar signs, commas, spaces, a % sign, numbers", () => {
    for (const entries of [
      { principal: "$500,000", annual_rate_percent: "6.45%", term_years: " 30 " },
      { principal: 500000, annual_rate_percent: 6.45, term_years: 30 },
      { principal: "AUD 500,000.00", annual_rate_percent: "6.450", term_years: "30", frequency: "monthly" },
    ]) {
      const result = homeLoan.repayment(entries);
      assert.deepEqual(result, { ok: true, value: { amount: "3143.92", display: "$3,144" } }, JSON.stringify(entries));
    }
  });

  it("shows a short message for empty, zero, negative, huge and non-numeric entries", () => {
    const cases = [
      [{ principal: "" }, "principal", "Enter a loan amount"],
      [{ principal: "0" }, "principal", "Enter a loan amount greater than $0"],
      [{ principal: "-$5" }, "principal", "Enter a loan amount greater than $0"],
      [{ principal: "1,000,000,000" }, "principal", "Loan amount can't be more than $100,000,000"],
      [{ principal: "9".repeat(40) }, "principal", "Enter the loan amount in dollars, like 500,000"],
      [{ principal: "lots" }, "principal", "Enter the loan amount in dollars, like 500,000"],
      [{ principal: NaN }, "principal", "Enter a loan amount"],
      [{ principal: Infinity }, "principal", "Enter a loan amount"],
      [{ annual_rate_percent: "abc" }, "annual_rate_percent", "Enter the interest rate as a number, like 6.45"],
      [{ annual_rate_percent: "31" }, "annual_rate_percent", "Interest rate can't be more than 30% p.a."],
      [{ term_years: "" }, "term_years", "Enter a loan term"],
      [{ term_years: "0" }, "term_years", "Loan term must be at least 1 year"],
      [{ term_years: "2.5" }, "term_years", "Enter the loan term in whole years"],
      [{ term_years: "1e9" }, "term_years", "Enter the loan term in whole years"],
      [{ term_years: 1e21 }, "term_years", "Enter the loan term in whole years"],
      // A repayment frequency is an enum end to end: anything but its values is refused with the input.
      [{ frequency: "yearly" }, "input", NOT_ENTRIES],
      [{ frequency: { t: "weekly" } }, "input", NOT_ENTRIES],
      [{ interest_only_years: "-1" }, "interest_only_years", "Interest-only period can't be negative"],
      [{ extra_repayment: "x" }, "extra_repayment", "Enter the extra repayment in dollars, like 200"],
    ];
    for (const [entries, field, message] of cases) {
      assert.deepEqual(loan(entries), { ok: false, errors: { [field]: [message] } }, JSON.stringify(entries));
    }
  });

  it("gives a 30-year weekly schedule with a year-by-year summary, all money exact", () => {
    const result = loan({ frequency: "weekly", extra_repayment: "50", interest_only_years: "2" });
    assert.equal(result.ok, true);
    const view = result.value;
    assertMoneyEverywhere(view);
    assert.equal(view.frequency, "weekly");
    assert.equal(view.frequency_label, "Weekly");
    assert.equal(view.period_label, "week");
    assert.ok(view.interest_only_repayment);
    assert.ok(view.savings && view.savings.payments_saved > 0);
    assert.equal(view.years[0].opening_balance.amount, "500000.00");
    assert.equal(view.years.at(-1).closing_balance.amount, "0.00");
    for (let i = 1; i < view.years.length; i++) {
      assert.equal(view.years[i].opening_balance.amount, view.years[i - 1].closing_balance.amount);
    }
  });

  it("works out term deposits, with a warning below the minimum deposit", () => {
    const result = termDeposits.termDeposit({
      amount: "$50,000", annual_rate_percent: "4.50", term_months: "24", frequency: "quarterly", minimum_deposit: "5000",
    });
    assert.equal(result.ok, true);
    assertMoneyEverywhere(result.value);
    assert.equal(result.value.total_interest.display, "$4,500");
    assert.equal(result.value.maturity_value.display, "$54,500");
    assert.equal(result.value.interest_per_payment.display, "$562.50");
    assert.equal(result.value.frequency_label, "Quarterly");
    assert.equal(result.value.minimum_deposit_warning, null);
    const small = termDeposits.termDeposit({ amount: "1000", annual_rate_percent: "4.50", term_months: "24", minimum_deposit: "5000" });
    assert.equal(small.value.minimum_deposit_warning, "The minimum deposit for this term is $5,000");
    assert.equal(small.value.frequency, "at_maturity");
    assert.deepEqual(termDeposits.termDeposit({ amount: "", annual_rate_percent: "4.5", term_months: "x" }), {
      ok: false,
      errors: { amount: ["Enter a deposit amount"], term_months: ["Enter the term in whole months"] },
    });
  });

  it("turns a value of the wrong shape into an input error, never an exception", () => {
    for (const fn of [homeLoan.repayment, homeLoan.loanSchedule, termDeposits.termDeposit]) {
      for (const bad of BAD_SHAPES) {
        const result = fn(bad);
        assert.equal(result.ok, false, `${fn.name}(${String(bad)})`);
        assert.ok(Array.isArray(result.errors.input) && result.errors.input[0].length > 0, `${fn.name}(${String(bad)})`);
      }
    }
    const typed = homeLoan.loanSchedule({ principal: { amount: 1 } });
    assert.equal(typed.ok, false);
    assert.deepEqual(typed.errors.input, [NOT_ENTRIES]);
  });

  it("reports every field's problem at once", () => {
    assert.deepEqual(loan({ principal: "abc", term_years: "100" }), {
      ok: false,
      errors: { principal: ["Enter the loan amount in dollars, like 500,000"], term_years: ["Loan term can't be more than 40 years"] },
    });
  });

  it("reads entries as JSON text too, numbers exactly as written", () => {
    const text = '{"principal": 72596.33, "annual_rate_percent": 6.2, "term_years": 30}';
    assert.deepEqual(homeLoan.repayment(text), { ok: true, value: { amount: "444.64", display: "$445" } });
    for (const principal of ["50000.000000000000000000000000000001", "1e5", '"1_000"']) {
      const result = homeLoan.repayment(`{"principal": ${principal}, "annual_rate_percent": 6, "term_years": 30}`);
      assert.deepEqual(result, { ok: false, errors: { principal: ["Enter the loan amount in dollars, like 500,000"] } }, principal);
    }
  });
});

describe("application", () => {
  it("checks one step with the spec's messages, in form order", () => {
    const report = application.validateStep(2, { first_name: "J" }, TODAY);
    assert.deepEqual(Object.keys(report.errors), ["first_name", "last_name", "email", "phone", "date_of_birth"]);
    assert.deepEqual(report.errors.first_name, ["First name must be at least 2 characters"]);
    assert.equal(report.first_error_step, 2);
    // core's ApplicationReport, the very envelope of the server's 422: no record unless one passed.
    assert.deepEqual(application.validateStep(1, { application_type: "savings" }, TODAY), {
      errors: {}, warnings: {}, first_error_step: null,
    });
  });

  it("returns the normalised record when the whole application passes, with warnings", () => {
    const report = application.normaliseApplication({
      application_type: "checking", first_name: " Jane ", last_name: "Citizen", email: "Jane@Example.COM",
      phone: "0412 345 678", date_of_birth: "1990-07-15", address_line1: "1 George Street", address_line2: "",
      city: "Sydney", state: "VIC", postal_code: "2000", employment_status: "full_time", annual_income: "$85,000",
      employer_name: null, identification_type: "passport", identification_number: "pa1234567",
      initial_deposit_amount: 25.5, terms_accepted: true, marketing_consent: false, user_id: null,
    }, TODAY);
    assert.deepEqual(report.errors, {});
    assert.equal(report.first_error_step, null);
    assert.deepEqual(Object.keys(report.warnings), ["postal_code"]);
    assert.equal(report.application.first_name, "Jane");
    assert.equal(report.application.email, "Jane@example.com");
    assert.equal(report.application.phone, "+61412345678");
    assert.equal(report.application.annual_income, "85000.00");
    assert.equal(report.application.initial_deposit_amount, "25.50");
    assert.equal(report.application.address_line2, null);
    const input = { application_type: "checking", first_name: "J" };
    assert.deepEqual(application.validateApplication(input, TODAY), application.normaliseApplication(input, TODAY));
    assert.equal("application" in application.normaliseApplication(input, TODAY), false);
  });

  it("judges the 18th birthday on the date in the applicant's own state, given the moment", () => {
    // Born 2 March 2008; at 2026-03-01T14:00Z it is 2 March in Brisbane, still 1 March in Perth.
    const moment = Date.parse("2026-03-01T14:00:00.000Z");
    const born = { date_of_birth: "2008-03-02" };
    assert.deepEqual(application.validateStep(2, { ...born, state: "QLD" }, moment).errors.date_of_birth, undefined);
    assert.deepEqual(application.validateStep(2, { ...born, state: "WA" }, moment).errors.date_of_birth, [
      "You must be at least 18 years old to open an account",
    ]);
    assert.deepEqual(application.validateStep(2, { ...born, state: "WA" }, Date.parse("2026-03-01T16:00:00.000Z")).errors.date_of_birth, undefined);
  });

  it("checks everything for a step outside 1 to 5, and refuses a signed-in user", () => {
    for (const step of [0, 6, -1, 2.5e9, NaN]) {
      assert.equal(Object.keys(application.validateStep(step, {}, TODAY).errors).length, 16, String(step));
    }
    const report = application.validateStep(5, { user_id: "abc" }, TODAY);
    assert.ok(report.errors.user_id);
  });

  it("turns a value of the wrong shape or a bad date into an input error, never an exception", () => {
    const shapes = [...BAD_SHAPES.filter((bad) => bad !== undefined && bad !== null), { first_name: 5 }, { nickname: "J" }, { terms_accepted: "yes" }];
    for (const fn of [
      (input) => application.validateStep(2, input, TODAY),
      (input) => application.validateApplication(input, TODAY),
      (input) => application.normaliseApplication(input, TODAY),
    ]) {
      for (const bad of shapes) {
        const report = fn(bad);
        assert.equal(report.first_error_step, null, String(bad));
        assert.ok(report.errors.input?.[0], `${JSON.stringify(report)} for ${String(bad)}`);
      }
      for (const today of BAD_TODAYS) {
        assert.deepEqual(application.validateStep(1, {}, today).errors, { input: ["today must be a date written YYYY-MM-DD or a moment in milliseconds since 1970 (Date.now())"] });
      }
    }
    // The whole report: core's one envelope, the message under `input`, no step, no record.
    assert.deepEqual(application.validateStep(2, { first_name: 5 }, TODAY), {
      errors: {
        input: ["The application must be one JSON object of the form's fields, each at most once, with text, a number, true or false, or null as the field takes."],
      },
      warnings: {},
      first_error_step: null,
    });
  });

  it("summarises the answers of steps 1 to 4 for a person; what it can't read is an input error", () => {
    const rows = application.answerSummary({ application_type: "savings", state: "qld", date_of_birth: "1990-03-14", annual_income: 85000 }).value;
    assert.equal(rows.length, 16);
    const byField = Object.fromEntries(rows.map((row) => [row.field, row]));
    assert.deepEqual(byField.application_type, { step: 1, field: "application_type", label: "Account type", value: "High Yield Savings" });
    assert.equal(byField.state.value, "Queensland");
    assert.equal(byField.date_of_birth.value, "14 March 1990");
    assert.equal(byField.annual_income.value, "$85,000");
    assert.equal(byField.employer_name.value, "Not provided");
    assert.equal(application.answerSummary('{"first_name": "Jo"}').value[1].value, "Jo");
    assert.deepEqual(application.answerSummary({ nickname: "J" }), {
      ok: false,
      errors: { input: ["The application must be one JSON object of the form's fields, each at most once, with text, a number, true or false, or null as the field takes."] },
    });
    assert.deepEqual(application.answerSummary("{").errors, { input: ["The application is not valid JSON."] });
  });

  it("summarises the details for a person: grouped, each with its page and path, the TFN masked", () => {
    const rows = customerDetails.detailsSummary(
      { application_type: "business_checking" },
      { business: { entity_type: "company", abn: "51824753556", owners: [{ full_name: "Sam Nguyen", ownership_percent: "30" }] }, tax_residency: { tfn: "123456782" } },
    ).value;
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    assert.deepEqual(byKey["business.abn"], { group: "Business", part: "business", step: 1, page: 2, key: "business.abn", label: "Australian Business Number (ABN)", value: "51 824 753 556" });
    assert.equal(byKey["business.owners.0.ownership_percent"].group, "Owner or controller 1: Sam Nguyen");
    assert.equal(byKey["business.owners.0.ownership_percent"].value, "30%");
    assert.equal(byKey["tax_residency.tfn"].value, "*** *** 782");
    assert.deepEqual(customerDetails.detailsSummary({}, { nickname: "J" }).errors, {
      input: ["The business and tax details must be one JSON object of the form's fields, each at most once."],
    });
    assert.equal(customerDetails.detailsOptions().labels.business.trading_name, "Trading name (optional)");
  });

  it("lists the form's options from core", () => {
    const options = application.formOptions();
    assert.deepEqual(options.account_types.map((a) => [a.value, a.label, a.minimum_deposit_hint]), [
      ["checking", "Essential Checking", "25"],
      ["savings", "High Yield Savings", "10"],
      ["business_checking", "Business Checking", "25"],
      ["business_savings", "Business Savings", "10"],
    ]);
    assert.equal(options.account_types[0].description, "Everyday banking with no monthly fees");
    assert.deepEqual(options.states.map((s) => s.value), ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"]);
    assert.equal(options.states[6].label, "Australian Capital Territory");
    assert.equal(options.employment_statuses.length, 7);
    assert.deepEqual(options.identification_types.map((t) => t.value), ["drivers_license", "passport", "proof_of_age_card"]);
    assert.equal(options.minimum_deposit_hint, "Suggested minimum deposit: $10 for savings accounts, $25 for checking accounts. You can start with less.");
  });
});

describe("bankToday", () => {
  it("is Sydney's date, daylight saving included, that the server checks against", () => {
    // AEDT (UTC+11) in March: midnight is 13:00 UTC.
    assert.equal(application.bankToday(Date.parse("2026-03-01T12:59:59Z")), "2026-03-01");
    assert.equal(application.bankToday(Date.parse("2026-03-01T13:00:00Z")), "2026-03-02");
    // 00:30 in Sydney in summer: the hour a fixed UTC+10 put a day early.
    assert.equal(application.bankToday(Date.parse("2026-03-01T13:30:00Z")), "2026-03-02");
    // AEST (UTC+10) in July: midnight is 14:00 UTC.
    assert.equal(application.bankToday(Date.parse("2026-07-01T13:59:59Z")), "2026-07-01");
    assert.equal(application.bankToday(Date.parse("2026-07-01T14:00:00Z")), "2026-07-02");
    assert.equal(application.bankToday(Date.parse("1999-12-31T23:00:00Z")), "2000-01-01");
  });
});

describe("one package per page", () => {
  // What each cargo feature exports; every package also has the shared utilities of lib.rs.
  const SHARED = ["formatAud", "repaymentFrequencies"];
  const BY_FEATURE = {
    "home-loan": ["loanSchedule", "repayment"],
    "home-loan-tools": ["compareLoans", "loanRateRises", "loanScheduleCsv"],
    "key-facts-sheet": ["keyFactsSheet"],
    "term-deposit": ["termDeposit", "termDepositOptions"],
    "borrowing-power": ["borrowingPower"],
    "stamp-duty": ["stampDuty"],
    offset: ["offsetSavings"],
    application: [
      "answerSummary", "bankToday", "contactDetails", "fieldLabel", "formOptions", "isValidReference", "nextSteps",
      "normaliseApplication", "referenceFromRandom", "stepFields", "stepInputs", "submittedNotice", "validateApplication",
      "validateStep", "wizardPages", "wizardSteps",
    ],
    "site-facts": ["calculatorDisclosure", "collectionNotice", "productCatalog", "productWords"],
    "customer-details": ["detailsErrorSummary", "detailsOptions", "detailsSummary", "readNumber", "validateDetails", "validateDetailsPart"],
  };
  for (const { name, features } of MANIFEST.packages) {
    it(`${name} exports exactly what its features give, and no other page's code`, () => {
      const exported = Object.keys(packages[name]).filter((key) => !["default", "initSync"].includes(key)).sort();
      const expected = [...SHARED, ...features.flatMap((feature) => BY_FEATURE[feature])].sort();
      assert.deepEqual(exported, expected);
    });
  }
});

describe("shared utilities (every package)", () => {
  for (const [name, pkg] of Object.entries(packages)) {
    it(`formats amounts (${name})`, () => {
      assert.equal(pkg.formatAud("3143.92", false), "$3,144");
      assert.equal(pkg.formatAud("$1,250.5", true), "$1,250.50");
      assert.equal(pkg.formatAud("-5", true), "-$5.00");
      for (const bad of ["", "abc", "NaN", "1e5"]) assert.equal(pkg.formatAud(bad, true), "");
    });
  }
});

describe("references (the application package: the wizard and its confirmation)", () => {
  it("generates and checks a reference", () => {
    const reference = application.referenceFromRandom(crypto.getRandomValues(new Uint8Array(16)));
    assert.match(reference, /^BKS-[0-9A-HJKMNP-TV-Z]{11}$/);
    assert.equal(application.isValidReference(reference), true);
    assert.equal(application.isValidReference(` ${reference.toLowerCase()} `), true);
    assert.equal(application.isValidReference(reference.slice(0, -1) + (reference.endsWith("0") ? "1" : "0")), false);
    assert.equal(application.referenceFromRandom(new Uint8Array(15)), "");
    assert.equal(application.isValidReference(""), false);
  });
});

describe("today, as every export that takes it reads it", () => {
  // Each export with its `today` argument last; a moment and the Sydney date it falls on agree.
  const loan = { principal: "500000", annual_rate_percent: "6.45", term_years: "30" };
  const TAKES_TODAY = {
    borrowingPower: (today) => borrowingPower.borrowingPower({ income: "100000", term_years: "30", annual_rate_percent: "6.45" }, today),
    stampDuty: (today) => stampDuty.stampDuty({ state: "NSW", price: "500000" }, today),
    loanScheduleCsv: (today) => homeLoanTools.loanScheduleCsv(loan, today),
    validateStep: (today) => application.validateStep(2, { date_of_birth: "2008-07-01" }, today),
    validateApplication: (today) => application.validateApplication({}, today),
    validateDetails: (today) => customerDetails.validateDetails({ application_type: "checking" }, {}, today),
  };
  // Those whose answer shows the date: the income year, the day the loan is drawn, an 18th birthday.
  const SHOWS_THE_DATE = new Set(["borrowingPower", "loanScheduleCsv", "validateStep"]);
  // 2026-06-30 14:30 UTC is 1 July, 00:30, in Sydney.
  const moment = Date.parse("2026-06-30T14:30:00Z");
  for (const [name, call] of Object.entries(TAKES_TODAY)) {
    it(`${name}: a moment in milliseconds is its Sydney date; anything else is refused with one message`, () => {
      assert.deepEqual(call(moment), call("2026-07-01"));
      if (SHOWS_THE_DATE.has(name)) assert.notDeepEqual(call(moment), call("2026-06-30"));
      for (const today of BAD_TODAYS) {
        const answer = call(today);
        assert.deepEqual(answer.errors, { input: [TODAY_MESSAGE] }, `${name}(${String(today)})`);
      }
    });
  }
});

describe("borrowing and tools", () => {
  const loan = { principal: "$500,000", annual_rate_percent: "6.45%", term_years: "30" };

  it("reads entries as typed and answers with core's figures", () => {
    const estimate = borrowingPower.borrowingPower({ income: "100,000", living_expenses: "2000", term_years: "30", annual_rate_percent: "6.45" }, "2026-11-23");
    assert.equal(estimate.ok && estimate.value.borrowing_power.display, "$532,000");
    const rises = homeLoanTools.loanRateRises(JSON.stringify(loan));
    assert.deepEqual(rises.ok && rises.value.map((rise) => rise.rise_percent), [1, 2, 3]);
    const csv = homeLoanTools.loanScheduleCsv(loan, Date.parse("2026-11-23T14:00:00Z"));
    // 12 heading lines, a blank, the column names, 360 rows and the final CRLF's empty tail;
    // the moment is already 24 November in Sydney, the day the loan is drawn.
    const lines = csv.ok ? csv.value.split("\r\n") : [];
    assert.equal(lines.length, 12 + 1 + 1 + 360 + 1);
    assert.ok(lines.includes("Loan drawn on,2026-11-24"));
    assert.equal(homeLoanTools.loanScheduleCsv(loan, "tomorrow").ok, false);
    assert.deepEqual(termDeposits.termDepositOptions(6), [{ value: "monthly", label: "Monthly" }, { value: "at_maturity", label: "At maturity" }]);
  });

  it("turns bad values into messages per field, never an exception", () => {
    for (const bad of [undefined, null, 5, "{", [], { salary: "1" }]) {
      const answer = borrowingPower.borrowingPower(bad, "2026-11-23");
      assert.equal(answer.ok, false);
      assert.ok(answer.errors.input?.length === 1, JSON.stringify(answer));
      assert.equal(homeLoanTools.loanRateRises(bad).ok, false);
      assert.equal(homeLoanTools.loanScheduleCsv(bad, "2026-11-23").ok, false);
      assert.equal(homeLoanTools.compareLoans(loan, bad).ok, false);
    }
    assert.deepEqual(borrowingPower.borrowingPower({ income: "1" }, "23/11/2026").errors, {
      input: ["today must be a date written YYYY-MM-DD or a moment in milliseconds since 1970 (Date.now())"],
    });
    assert.deepEqual(homeLoanTools.compareLoans({ ...loan, principal: "" }, { ...loan, term_years: "41" }).errors, {
      "first.principal": ["Enter a loan amount"],
      "second.term_years": ["Loan term can't be more than 40 years"],
    });
    for (const bad of [1.5, -1, "6", undefined, Number.NaN]) assert.deepEqual(termDeposits.termDepositOptions(bad), []);
  });
});

describe("stamp duty, the cash on the day and the offset", () => {
  it("answers with core's figures and its concessions", () => {
    const first = stampDuty.stampDuty({ state: "NSW", price: "900,000", first_home_buyer: "yes", deposit: "90,000", contract_date: "2026-03-02" }, "2026-12-01");
    // The First Home Buyers Assistance amount, worked from the 2025-26 general rates.
    assert.equal(first.ok && first.value.duty.display, "$19,706");
    assert.equal(first.value.concession.name, "First Home Buyers Assistance Scheme");
    assert.equal(first.value.cash.loan_amount.display, "$810,000");
    assert.equal(first.value.source_url, "https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty");
    // Today in the bank's home time is the contract date when none is entered.
    const qld = stampDuty.stampDuty({ state: "QLD", price: "$365,400", purpose: "invest" }, Date.parse("2026-12-01T13:30:00Z"));
    assert.equal(qld.ok && qld.value.duty.display, "$11,214");
    // The offset calculator on the same page has its own package.
    const saved = offset.offsetSavings({ principal: "500000", annual_rate_percent: "6.45", term_years: "30", offset_balance: "20000", monthly_addition: "200" });
    assert.ok(saved.ok && Number(saved.value.interest_saved.amount) > 100000);
  });

  it("turns bad values into messages per field, never an exception", () => {
    for (const bad of [undefined, null, 5, "{", [], { postcode: "2000" }]) {
      assert.equal(stampDuty.stampDuty(bad, "2026-12-01").errors.input.length, 1);
      assert.equal(offset.offsetSavings(bad).errors.input.length, 1);
    }
    assert.deepEqual(stampDuty.stampDuty({ state: "Atlantis", price: "abc" }, "2026-12-01").errors, {
      state: ["Choose one of NSW, VIC, QLD, WA, SA, TAS, ACT or NT"],
      price: ["Enter the price in dollars, like 650,000"],
    });
    assert.deepEqual(stampDuty.stampDuty({ state: "NSW", price: "500000" }, "tomorrow").errors, {
      input: ["today must be a date written YYYY-MM-DD or a moment in milliseconds since 1970 (Date.now())"],
    });
  });
});
