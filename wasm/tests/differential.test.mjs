// The differential test: every vector file of core/tests/vectors and a set of hostile bodies go
// through each WASM export (the built packages, in Node) and through the same export's body run
// natively (`cargo run -p banksia-wasm --bin boundary`: `serde_json::from_str`, the server's
// reader), and the answers must be identical, for enum and number fields included. Inputs are
// handed over as JSON text, as the wizard hands over the body it will post; a text that is JSON
// is also handed over as the parsed object, which must answer the same.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { application, borrowingPower, customerDetails, homeLoan, homeLoanTools, keyFacts, offset, packages, stampDuty, termDeposits, vectors } from "./packages.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TODAY = "2026-03-01";

/** Each export that reads an input, with the package that holds it. */
const EXPORTS = {
  repayment: homeLoan.repayment,
  loanSchedule: homeLoan.loanSchedule,
  termDeposit: termDeposits.termDeposit,
  borrowingPower: borrowingPower.borrowingPower,
  stampDuty: stampDuty.stampDuty,
  offsetSavings: offset.offsetSavings,
  loanRateRises: homeLoanTools.loanRateRises,
  compareLoans: homeLoanTools.compareLoans,
  loanScheduleCsv: homeLoanTools.loanScheduleCsv,
  keyFactsSheet: keyFacts.keyFactsSheet,
  validateStep: application.validateStep,
  validateApplication: application.validateApplication,
  normaliseApplication: application.normaliseApplication,
  answerSummary: application.answerSummary,
  readNumber: customerDetails.readNumber,
  validateDetails: customerDetails.validateDetails,
  detailsSummary: customerDetails.detailsSummary,
  detailsErrorSummary: customerDetails.detailsErrorSummary,
  wizardPages: application.wizardPages,
};

const text = (value) => JSON.stringify(value);

/** The calls of each vector file: its inputs, as the exports take them. */
const FROM_VECTORS = {
  loan_repayment: (input) => [["repayment", [text(input)]]],
  loan_schedule: (input) => [["loanSchedule", [text(input)]]],
  loan_schedule_view: (input) => [["loanSchedule", [text(input)]]],
  term_deposit: (input) => [["termDeposit", [text(input)]]],
  term_deposit_entries: (input) => [["termDeposit", [text(input)]]],
  term_deposit_reinvested: (input) => [["termDeposit", [text(input)]]],
  borrowing_power: (input) => [["borrowingPower", [text(input.entries), input.today]]],
  stamp_duty: (input) => [["stampDuty", [text(input.entries), input.today]]],
  offset_savings: (input) => [["offsetSavings", [text(input)]]],
  loan_rate_rises: (input) => [["loanRateRises", [text(input)]]],
  loan_comparison: (input) => [["compareLoans", [text(input.first), text(input.second)]]],
  loan_schedule_csv: (input) => [["loanScheduleCsv", [text(input.entries), input.start]]],
  key_facts_sheet: (input) => [["keyFactsSheet", [input.product, text(input.entries)]]],
  validate_step: (input) => [["validateStep", [input.step, text(input.application), input.today]]],
  validate_application: (input) => [
    ["validateApplication", [text(input.application), input.today]],
    ["normaliseApplication", [text(input.application), input.today]],
  ],
  application_bodies: (input) => [
    ["validateApplication", [input.body, input.today]],
    ["normaliseApplication", [input.body, input.today]],
  ],
  answer_summary: (input) => [["answerSummary", [text(input)]]],
  registered_numbers: (input) => [["readNumber", [input.kind, input.text]]],
  details_summary: (input) => [["detailsSummary", [text(input.application), text(input.details)]]],
  customer_details: (input) => [["validateDetails", [text(input.application), text(input.details), input.today]]],
  details_error_summary: (input) => [["detailsErrorSummary", [text(input)]]],
  wizard_pages: (input) => [["wizardPages", [input.account_type]]],
  // Not inputs read from JSON (a number, 16 bytes, a string): nothing to compare.
  term_deposit_options: () => [],
  reference_generate: () => [],
  reference_validate: () => [],
  text_rules: () => [],
};

/** Bodies no page sends: each goes to every export that reads an input. */
const HOSTILE = [
  "[]",
  '["500000", "6.45", "30"]',
  '[{"principal": "500000"}]',
  '{"principal": "1e5", "annual_rate_percent": "6.45", "term_years": "30"}',
  '{"principal": 1e5, "annual_rate_percent": 6.45, "term_years": 30}',
  '{"amount": "1e5", "annual_rate_percent": "4.5", "term_months": "12"}',
  '{"income": "1e5", "term_years": "30", "annual_rate_percent": "6.45"}',
  '{"principal": "500000", "annual_rate_percent": "6.45", "term_years": "30", "frequency": {"t": "weekly"}}',
  '{"principal": "500000", "annual_rate_percent": "6.45", "term_years": "30", "frequency": "yearly"}',
  '{"principal": "500000", "annual_rate_percent": "6.45", "term_years": "30", "frequency": ["weekly"]}',
  '{"amount": "50000", "annual_rate_percent": "4.5", "term_months": "24", "frequency": {"monthly": null}}',
  '{"principal": 500000.5, "annual_rate_percent": 6.4512345678901234567890123456789, "term_years": 30.0}',
  '{"principal": 0.1, "annual_rate_percent": 1e-7, "term_years": 2.5}',
  '{"principal": 123456789012345678901234567890123456789, "annual_rate_percent": 6, "term_years": 30}',
  '{"principal": -0, "annual_rate_percent": 6, "term_years": 1e400}',
  '{"principal": "\\ud800", "annual_rate_percent": "6.45\\udfff", "term_years": "30"}',
  '{"first_name": "\\ud83d", "last_name": "\\udc00x"}',
  '{"principal": "NaN", "annual_rate_percent": "Infinity", "term_years": "-Infinity"}',
  '{"principal": NaN}',
  '{"principal": "500000", "principal": "400000"}',
  '{"income": "1", "income": "2"}',
  '{"principal": {"principal": {"principal": "500000"}}}',
  '{"principal": [[[["500000"]]]]}',
  '{"$serde_json::private::Number": "5"}',
  '{"principal": {"$serde_json::private::Number": "500000"}, "annual_rate_percent": "6", "term_years": "30"}',
  '{"applicants": "2", "income": "90000", "partner_income": "lots", "term_years": "30", "annual_rate_percent": "6.45"}',
  '{"applicants": "1", "income": "90000", "partner_income": "lots", "term_years": "30", "annual_rate_percent": "6.45"}',
  '{"applicants": 2.5, "income": true, "term_years": null}',
  '{"state": "NSW", "price": "$1e9"}',
  '{"state": "Atlantis", "price": "-5", "contract_date": "1999-01-01"}',
  '{"state": "QLD", "price": 365400, "purpose": "invest", "contract_date": "2025-04-30"}',
  '{"state": ["NSW"], "price": "500000"}',
  '{"state": "NSW", "price": "500000", "first_home_buyer": true}',
  '{"principal": "500000", "annual_rate_percent": "6.45", "term_years": "30", "offset_balance": "1e5", "monthly_addition": "-0"}',
  "null",
  "true",
  '"500000"',
  "42",
  "",
  "{",
  '{"principal": "500000",}',
  "{} trailing",
  "\u0000",
];

/** Every call: the vector files' inputs, then each hostile body in each input position. */
function calls() {
  const list = [];
  const dir = new URL("../../core/tests/vectors/", import.meta.url);
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    const name = file.replace(/\.json$/, "");
    const toCalls = FROM_VECTORS[name];
    assert.ok(toCalls, `vector file ${file} has no calls in differential.test.mjs`);
    for (const vector of vectors(name)) {
      for (const [exported, args] of toCalls(vector.input)) list.push({ name: `${name}: ${vector.name}`, export: exported, args });
    }
  }
  for (const body of HOSTILE) {
    const hostile = [
      ["repayment", [body]],
      ["loanSchedule", [body]],
      ["termDeposit", [body]],
      ["borrowingPower", [body, TODAY]],
      ["borrowingPower", ['{"income": "100000", "term_years": "30", "annual_rate_percent": "6.45"}', body]],
      ["stampDuty", [body, TODAY]],
      ["stampDuty", ['{"state": "NSW", "price": "500000"}', body]],
      ["offsetSavings", [body]],
      ["loanRateRises", [body]],
      ["compareLoans", [body, body]],
      ["compareLoans", ['{"principal": "500000", "annual_rate_percent": "6.45", "term_years": "30"}', body]],
      ["loanScheduleCsv", [body, TODAY]],
      ["keyFactsSheet", ["variable", body]],
      ["keyFactsSheet", [body, '{"principal": "500000", "term_years": "30"}']],
      ["validateStep", [1, body, TODAY]],
      ["validateApplication", [body, TODAY]],
      ["normaliseApplication", [body, TODAY]],
      ["answerSummary", [body]],
      ["validateDetails", [body, "{}", TODAY]],
      ["validateDetails", ['{"application_type": "business_checking"}', body, TODAY]],
      ["detailsSummary", [body, "{}"]],
      ["detailsSummary", ['{"application_type": "business_checking"}', body]],
      ["detailsErrorSummary", [body]],
      ["wizardPages", [body]],
    ];
    for (const [exported, args] of hostile) list.push({ name: `hostile ${JSON.stringify(body)}`, export: exported, args });
  }
  return list;
}

/** The native answers, in order, from the same export bodies compiled for this machine. */
function native(list) {
  const out = execFileSync(
    "cargo",
    ["run", "--quiet", "--locked", "-p", "banksia-wasm", "--bin", "boundary"],
    { cwd: ROOT, input: JSON.stringify(list.map(({ export: e, args }) => ({ export: e, args }))), maxBuffer: 1 << 30 },
  );
  return JSON.parse(out.toString("utf8"));
}

/** Plain data, as JSON would carry it (drops nothing the native side could have). */
const plain = (value) => JSON.parse(JSON.stringify(value));

describe("the WASM exports and the native reader answer alike", () => {
  const list = calls();
  const answers = native(list);

  it("covers every vector file and many hostile bodies", () => {
    assert.equal(answers.length, list.length);
    assert.ok(list.length > 600, `${list.length} calls`);
  });

  it("gives identical answers for every call", () => {
    const differences = [];
    list.forEach((call, index) => {
      const fn = EXPORTS[call.export];
      const actual = plain(fn(...call.args));
      if (JSON.stringify(sorted(actual)) !== JSON.stringify(sorted(answers[index]))) {
        differences.push(`${call.name} (${call.export})\n  wasm   ${JSON.stringify(actual)}\n  native ${JSON.stringify(answers[index])}`);
      }
      // A JSON text handed over as the object it describes answers the same, when JavaScript
      // keeps every value of it (JSON.stringify writes it back unchanged: no number beyond a
      // double's digits, no repeated key).
      const objects = call.args.map((arg) => {
        if (typeof arg !== "string") return arg;
        try {
          const value = JSON.parse(arg);
          const kept = JSON.stringify(value) === arg;
          return kept && value !== null && typeof value === "object" ? value : arg;
        } catch {
          return arg;
        }
      });
      if (objects.some((arg, i) => arg !== call.args[i])) {
        const fromObjects = plain(fn(...objects));
        // Only a repeated key differs on purpose: an object keeps the last one, as JSON.parse does.
        if (!call.args.some(repeatsAKey)) {
          assert.deepEqual(sorted(fromObjects), sorted(actual), `${call.name} (${call.export}) as an object`);
        }
      }
    });
    assert.deepEqual(differences, [], differences.slice(0, 5).join("\n"));
  });

  it("refuses an array and \"1e5\" in every calculator, with core's message, on both sides", () => {
    const find = (exported, body) => list.findIndex((call) => call.export === exported && call.args[0] === body);
    for (const exported of ["repayment", "termDeposit", "borrowingPower", "stampDuty", "offsetSavings", "loanRateRises", "loanScheduleCsv"]) {
      const index = find(exported, '["500000", "6.45", "30"]');
      const answer = answers[index];
      assert.equal(answer.ok, false, exported);
      assert.match(answer.errors.input[0], /must be one JSON object/, exported);
      assert.deepEqual(plain(EXPORTS[exported](...list[index].args)), answer);
    }
    const loan = answers[find("repayment", '{"principal": "1e5", "annual_rate_percent": "6.45", "term_years": "30"}')];
    assert.deepEqual(loan.errors, { principal: ["Enter the loan amount in dollars, like 500,000"] });
    const deposit = answers[find("termDeposit", '{"amount": "1e5", "annual_rate_percent": "4.5", "term_months": "12"}')];
    assert.deepEqual(deposit.errors, { amount: ["Enter the deposit amount in dollars, like 50,000"] });
    const income = answers[find("borrowingPower", '{"income": "1e5", "term_years": "30", "annual_rate_percent": "6.45"}')];
    assert.deepEqual(income.errors, { income: ["Enter your income in dollars a year, like 95,000"] });
  });
});

/** Whether JSON text names a key twice (a plain check over every `"name":`, enough for these bodies). */
function repeatsAKey(arg) {
  if (typeof arg !== "string") return false;
  const keys = [...arg.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)].map((match) => match[1]);
  return new Set(keys).size !== keys.length;
}

/** A value with every object's keys in order, so key order never counts as a difference. */
function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key])]));
}
