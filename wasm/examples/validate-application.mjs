// What another team's Node program does with @banksia/core-application: check an account
// application exactly as the bank's server will, and read the record it would store.
//   node wasm/examples/validate-application.mjs [application.json]
import { readFileSync } from "node:fs";
import { initSync, normaliseApplication } from "../pkg-application/banksia_wasm.js";

initSync({ module: readFileSync(new URL("../pkg-application/banksia_wasm_bg.wasm", import.meta.url)) });

const file = process.argv[2];
const application = file
  ? readFileSync(file, "utf8")
  : {
      application_type: "checking",
      first_name: "Jane",
      last_name: "Citizen",
      email: "jane.citizen@example.com.au",
      phone: "0412 345 678",
      date_of_birth: "1990-07-15",
      address_line1: "1 George Street",
      address_line2: null,
      city: "Sydney",
      state: "NSW",
      postal_code: "2000",
      employment_status: "full_time",
      employer_name: "Acme Pty Ltd",
      annual_income: "$85,000",
      identification_type: "drivers_license",
      identification_number: "12345678",
      initial_deposit_amount: 25,
      terms_accepted: true,
      marketing_consent: false,
      user_id: null,
    };
// The bank judges a date of birth on the day in Sydney.
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
const report = normaliseApplication(application, today);
if (report.application) {
  console.log(`Valid. Stored as: ${JSON.stringify(report.application)}`);
} else {
  for (const [field, messages] of Object.entries(report.errors ?? {})) console.log(`${field}: ${messages.join(" ")}`);
  process.exitCode = 1;
}
