#!/usr/bin/env node
// Writes core/src/application/countries.txt: every country and territory of ISO 3166-1, one a
// line, `code<TAB>name`, sorted by name. Core's `application::Country` reads this file at
// compile time (`include_str!`), so the tax residency's country list is ISO's, not one typed
// here.
//
// Source: Debian's iso-codes package (/usr/share/iso-codes/json/iso_3166-1.json, ISO 3166-1 as
// maintained by the Debian iso-codes project); the short common name where ISO gives one
// ("Bolivia", not "Bolivia, Plurinational State of").
//
// Usage: node scripts/data/derive-countries.mjs   (apt-get install iso-codes if it is missing)
import { readFileSync, writeFileSync } from "node:fs";

const SOURCE = "/usr/share/iso-codes/json/iso_3166-1.json";
const countries = JSON.parse(readFileSync(SOURCE, "utf8"))["3166-1"]
  .map((entry) => ({ code: entry.alpha_2, name: entry.common_name ?? entry.name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));
const lines = countries.map(({ code, name }) => `${code}\t${name}`);
writeFileSync(new URL("../../core/src/application/countries.txt", import.meta.url), `${lines.join("\n")}\n`);
console.log(`${countries.length} countries`);
