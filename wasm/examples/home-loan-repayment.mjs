// What another team's Node program does with @banksia/core-home-loan: the monthly repayment of a
// loan, from entries as a person typed them, or the messages to show when they are wrong.
//   node wasm/examples/home-loan-repayment.mjs [amount] [rate %] [years]
import { readFileSync } from "node:fs";
import { initSync, loanSchedule } from "../pkg-home-loan/banksia_wasm.js";

initSync({ module: readFileSync(new URL("../pkg-home-loan/banksia_wasm_bg.wasm", import.meta.url)) });

const [principal = "500,000", rate = "6.45", years = "30"] = process.argv.slice(2);
const answer = loanSchedule({ principal, annual_rate_percent: rate, term_years: years });
if (answer.ok) {
  const { repayment, total_interest } = answer.value;
  console.log(`Monthly repayment ${repayment.display} (exactly ${repayment.amount}); total interest ${total_interest.display}`);
} else {
  for (const [field, messages] of Object.entries(answer.errors)) console.log(`${field}: ${messages.join(" ")}`);
  process.exitCode = 1;
}
