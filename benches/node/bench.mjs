// banksia-wasm against plain JavaScript, side by side in one run (see benches/README.md):
//   (a) the home loan repayment: WASM `repayment` against the spec's formula in JavaScript;
//   (b) whole-application validation: WASM `validateApplication` against a zod 4 schema with
//       the same rules and messages (zod-schema.mjs), on a valid and on an invalid application;
//       then validation with the normalised record (`normaliseApplication` against the schema
//       with its transform), and one wizard step.
// Each pair is warmed up, then timed in 31 interleaved rounds of about 10 ms; the table shows
// the per-call time of each one's fastest round and the median of the per-round ratios (robust
// when other work shares the machine).
// Usage: npm run bench (in benches/node; wasm/scripts/build.sh must have built the packages).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { applicationSchema, normalisingSchema, report, stepSchema, todayOf } from "./zod-schema.mjs";

/** A package of wasm/packages.json by name, initialised from disk. */
async function load(name) {
  const manifest = JSON.parse(readFileSync(new URL("../../wasm/packages.json", import.meta.url), "utf8"));
  const pkg = manifest.packages.find((entry) => entry.name === name);
  assert.ok(pkg, `wasm/packages.json has no package named ${name}`);
  const base = new URL(`../../wasm/${pkg.dir}/`, import.meta.url);
  const bindings = await import(new URL("banksia_wasm.js", base).href);
  bindings.initSync({ module: readFileSync(new URL("banksia_wasm_bg.wasm", base)) });
  return bindings;
}
const calculators = await load("home-loan");
const application = await load("application");

const ROUNDS = 31;
const ROUND_NS = 10e6;
/** Results go here, so no engine can drop a call as unused. */
const sink = [];

/** Calls per round so that one round of `fn` takes about ROUND_NS, after a warm-up. */
function calibrate(fn) {
  let calls = 16;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) sink[i & 7] = fn();
    const elapsed = Number(process.hrtime.bigint() - start);
    if (elapsed > ROUND_NS) return Math.max(1, Math.round((calls * ROUND_NS) / elapsed));
    calls *= 2;
  }
}

function round(fn, calls) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) sink[i & 7] = fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Per-call nanoseconds of `a` and `b`, measured in interleaved rounds (a, b, b, a, ...) so that
 * whatever else the machine does weighs on both alike: each one's fastest round (the least
 * disturbed), and the median of the per-round ratios a/b.
 */
function compare(a, b) {
  const callsA = calibrate(a);
  const callsB = calibrate(b);
  const timesA = [];
  const timesB = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      timesA.push(round(a, callsA));
      timesB.push(round(b, callsB));
    } else {
      timesB.push(round(b, callsB));
      timesA.push(round(a, callsA));
    }
  }
  return { a: Math.min(...timesA), b: Math.min(...timesB), ratio: median(timesA.map((t, i) => t / timesB[i])) };
}

// (a) Repayment: the spec's formula, "monthly rate = rate/12, term x 12 payments", in floats.
function repaymentJs(principal, annualRatePercent, years) {
  const rate = annualRatePercent / 100 / 12;
  const n = years * 12;
  if (rate === 0) return principal / n;
  const growth = (1 + rate) ** n;
  return (principal * rate * growth) / (growth - 1);
}
const entries = { principal: "500000", annual_rate_percent: "6.45", term_years: "30" };
assert.deepEqual(calculators.repayment(entries).value, { amount: "3143.92", display: "$3,144" });
assert.equal(Math.round(repaymentJs(500000, 6.45, 30)), 3144);

// (b) Validation: the same application through both, with the same outcome asserted first.
const TODAY = "2026-03-01";
const schema = applicationSchema(todayOf(TODAY));
const normalising = normalisingSchema(todayOf(TODAY));
const valid = {
  application_type: "checking", first_name: "Jane", last_name: "Citizen", email: "jane.citizen@example.com.au",
  phone: "0412 345 678", date_of_birth: "1990-07-15", address_line1: "1 George Street", address_line2: "Unit 4",
  city: "Sydney", state: "NSW", postal_code: "2000", employment_status: "full_time", annual_income: "$85,000",
  employer_name: "Acme Pty Ltd", identification_type: "passport", identification_number: "pa1234567",
  initial_deposit_amount: "500", terms_accepted: true, marketing_consent: false, user_id: null,
};
const invalid = {
  ...valid, first_name: "J", email: "jane@localhost", phone: "1300 123 456", date_of_birth: "2015-02-30",
  postal_code: "30000", annual_income: "-5", terms_accepted: false,
};
for (const input of [valid, invalid]) {
  assert.deepEqual(report(schema.safeParse(input)).errors, application.validateApplication(input, TODAY).errors);
  const wasm = application.normaliseApplication(input, TODAY);
  const zod = report(normalising.safeParse(input));
  assert.deepEqual(zod.errors, wasm.errors, "zod and WASM report the same errors");
  if (wasm.application) {
    for (const [field, value] of Object.entries(wasm.application)) {
      assert.equal(String(zod.application[field]), String(value), `normalised ${field}`);
    }
  }
}
const step2 = stepSchema(todayOf(TODAY), ["first_name", "last_name", "email", "phone", "date_of_birth"]);
for (const input of [valid, invalid]) {
  assert.deepEqual(report(step2.safeParse(input)).errors, application.validateStep(2, input, TODAY).errors);
}

// Eight nearby loans in turn, so that no engine can fold the formula into a constant.
let call = 0;
const principals = Array.from({ length: 8 }, (_, i) => 500000 + i);
const principalTexts = principals.map(String);
const cases = [
  [
    "repayment: $500,000, 6.45%, 30 years",
    "WASM repayment",
    () => calculators.repayment({ principal: principalTexts[call++ & 7], annual_rate_percent: "6.45", term_years: "30" }),
    "JS formula",
    () => repaymentJs(principals[call++ & 7], 6.45, 30),
  ],
  ["validate whole application: valid", "WASM validateApplication", () => application.validateApplication(valid, TODAY), "zod 4 safeParse", () => report(schema.safeParse(valid))],
  ["validate whole application: 7 errors", "WASM validateApplication", () => application.validateApplication(invalid, TODAY), "zod 4 safeParse", () => report(schema.safeParse(invalid))],
  ["validate and normalise: valid", "WASM normaliseApplication", () => application.normaliseApplication(valid, TODAY), "zod 4 safeParse + transform", () => report(normalising.safeParse(valid))],
  ["validate step 2 (5 fields): valid", "WASM validateStep", () => application.validateStep(2, valid, TODAY), "zod 4 safeParse", () => report(step2.safeParse(valid))],
];

const rows = cases.map(([what, wasmName, wasmFn, jsName, jsFn]) => {
  const { a: wasm, b: js, ratio } = compare(wasmFn, jsFn);
  return { what, wasmName, wasm, jsName, js, ratio };
});

const us = (ns) => (ns < 1000 ? `${ns.toFixed(0)} ns` : `${(ns / 1000).toFixed(2)} µs`);
console.log(`banksia-wasm bench, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log("| Case | WASM | per call | JavaScript | per call | WASM ÷ JS |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(`| ${row.what} | ${row.wasmName} | ${us(row.wasm)} | ${row.jsName} | ${us(row.js)} | ${row.ratio.toFixed(2)}× |`);
}
