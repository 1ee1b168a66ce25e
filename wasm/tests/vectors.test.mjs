// Replays every JSON test vector file of core/tests/vectors/ through the WASM packages and
// asserts the same results as the native run (`cargo test -p banksia-core --test integration vectors::`,
// which checks the same files): one source of truth, proven in both runtimes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { application, borrowingPower, customerDetails, homeLoan, homeLoanTools, keyFacts, offset, stampDuty, termDeposits, vectors } from "./packages.mjs";

/**
 * The matching rule of core/tests/vectors/README.md: an object `expected` matches when each of
 * its keys deep-equals the same key of `actual`; anything else must be equal.
 */
function assertMatches(actual, expected, name) {
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
    for (const key of Object.keys(expected)) {
      assert.deepEqual(actual?.[key], expected[key], `${name}: ${key}`);
    }
  } else {
    assert.deepEqual(actual, expected, name);
  }
}

/**
 * A view as core's plain result: each money value `{ amount, display }` becomes its exact
 * `amount`, and display-only keys (`*_display`, `*_label`) go. What is left is exactly what
 * core's own types serialise.
 */
function exact(value) {
  if (Array.isArray(value)) return value.map(exact);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && "amount" in value && "display" in value) return value.amount;
  return Object.fromEntries(
    keys.filter((key) => !/_(display|label)$/.test(key)).map((key) => [key, exact(value[key])]),
  );
}

/** An outcome as the native test writes it: the value mapped by `ok`, or `{ errors }`. */
const outcome = (result, ok) => (result.ok ? ok(result.value) : { errors: result.errors });

/** The schedule's CSV as the native test pins it: the heading lines, the row count, the column names, first and last rows. */
function csvSummary(csv) {
  const lines = csv.split("\r\n");
  assert.equal(lines.pop(), "", "the CSV ends with CRLF");
  const blank = lines.indexOf("");
  return {
    heading: lines.slice(0, blank),
    rows: lines.length - blank - 2,
    header: lines[blank + 1],
    first: lines[blank + 2],
    last: lines[lines.length - 1],
  };
}

/** How each vector file runs through the packages; every file in the directory must be here. */
const RUNNERS = {
  loan_repayment: [["home-loan", (input) => outcome(homeLoan.repayment(input), (v) => ({ repayment: v.amount }))]],
  loan_schedule: [["home-loan", (input) => outcome(homeLoan.loanSchedule(input), exact)]],
  loan_schedule_view: [["home-loan", (input) => outcome(homeLoan.loanSchedule(input), (view) => view)]],
  term_deposit: [["term-deposit", (input) => outcome(termDeposits.termDeposit(input), exact)]],
  term_deposit_entries: [["term-deposit", (input) => outcome(termDeposits.termDeposit(input), (v) => v)]],
  term_deposit_options: [["term-deposit", (input) => termDeposits.termDepositOptions(input.term_months).map((option) => option.value)]],
  borrowing_power: [["borrowing-power", (input) => outcome(borrowingPower.borrowingPower(input.entries, input.today), (v) => v)]],
  stamp_duty: [["stamp-duty", (input) => outcome(stampDuty.stampDuty(input.entries, input.today), (v) => v)]],
  offset_savings: [["offset", (input) => outcome(offset.offsetSavings(input), (v) => v)]],
  loan_rate_rises: [["home-loan-tools", (input) => outcome(homeLoanTools.loanRateRises(input), (rises) => ({ rises }))]],
  loan_comparison: [["home-loan-tools", (input) => outcome(homeLoanTools.compareLoans(input.first, input.second), (v) => v)]],
  loan_schedule_csv: [["home-loan-tools", (input) => outcome(homeLoanTools.loanScheduleCsv(input.entries, input.start), csvSummary)]],
  key_facts_sheet: [["key-facts-sheet", (input) => outcome(keyFacts.keyFactsSheet(input.product, input.entries), (sheet) => sheet)]],
  term_deposit_reinvested: [
    ["term-deposit", (input) => outcome(termDeposits.termDeposit(input), (v) => exact(v.reinvested))],
  ],
  validate_step: [
    ["application", (input) => application.validateStep(input.step, input.application, input.today)],
  ],
  validate_application: [
    [
      "application",
      (input) => {
        // The record comes from normaliseApplication; validateApplication must agree on the rest.
        const normalised = application.normaliseApplication(input.application, input.today);
        const checked = application.validateApplication(input.application, input.today);
        const { application: _record, ...rest } = normalised;
        assert.deepEqual(checked, rest);
        return normalised;
      },
    ],
  ],
  // The text rules: the record (NFC) or the errors, as normaliseApplication gives them.
  text_rules: [["application", (input) => application.normaliseApplication(input.application, input.today)]],
  // The very text the server's test posts (server/tests/api.rs), handed over as text.
  application_bodies: [
    ["application", (input) => ({ errors: application.validateApplication(input.body, input.today).errors })],
  ],
  answer_summary: [["application", (input) => outcome(application.answerSummary(input), (rows) => rows)]],
  registered_numbers: [["customer-details", (input) => customerDetails.readNumber(input.kind, input.text)]],
  details_summary: [["customer-details", (input) => customerDetails.detailsSummary(input.application, input.details)]],
  customer_details: [["customer-details", (input) => customerDetails.validateDetails(input.application, input.details, input.today)]],
  details_error_summary: [["customer-details", (input) => customerDetails.detailsErrorSummary(input)]],
  wizard_pages: [["application", (input) => application.wizardPages(input.account_type)]],
  reference_generate: [["application", (input) => application.referenceFromRandom(Uint8Array.from(input.random))]],
  reference_validate: [["application", (input) => application.isValidReference(input.candidate)]],
};

describe("core/tests/vectors replayed through WASM", () => {
  const files = readdirSync(new URL("../../core/tests/vectors/", import.meta.url))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""));

  it("has a runner for every vector file", () => {
    assert.deepEqual(files.filter((file) => !(file in RUNNERS)), []);
  });

  for (const file of files) {
    for (const [pkgName, run] of RUNNERS[file] ?? []) {
      it(`${file} (${pkgName})`, () => {
        const cases = vectors(file);
        assert.ok(cases.length > 0);
        for (const { name, input, expected } of cases) {
          assertMatches(run(input), expected, `${file}: ${name}`);
        }
      });
    }
  }
});
