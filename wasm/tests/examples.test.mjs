// The examples in wasm/examples/ run as another team would run them, against the built packages.
import { spawnSync } from "node:child_process";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const example = (name) => fileURLToPath(new URL(`../examples/${name}`, import.meta.url));
const run = (name, ...args) => spawnSync(process.execPath, [example(name), ...args], { encoding: "utf8" });

describe("examples", () => {
  it("home-loan-repayment prints the spec's $3,144 for $500,000 at 6.45% over 30 years", () => {
    const { status, stdout } = run("home-loan-repayment.mjs");
    assert.equal(status, 0);
    assert.match(stdout, /^Monthly repayment \$3,144 \(exactly 3143\.\d\d\)/);
  });

  it("home-loan-repayment prints core's message for a bad amount and fails", () => {
    const { status, stdout } = run("home-loan-repayment.mjs", "abc");
    assert.equal(status, 1);
    assert.match(stdout, /^principal: \S/);
  });

  it("validate-application accepts the complete application and prints the stored record", () => {
    const { status, stdout } = run("validate-application.mjs");
    assert.equal(status, 0, stdout);
    assert.match(stdout, /"phone":"\+61412345678"/);
  });

  it("validate-application names each wrong field of an application read from a file", () => {
    const file = join(mkdtempSync(join(tmpdir(), "banksia-example-")), "application.json");
    writeFileSync(file, JSON.stringify({ application_type: "checking", email: "not an email" }));
    const { status, stdout } = run("validate-application.mjs", file);
    assert.equal(status, 1);
    assert.match(stdout, /^email: /m);
    assert.match(stdout, /^first_name: /m);
  });
});

