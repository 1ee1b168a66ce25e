// Each built package is an npm package another team can take: `npm pack` accepts it and it
// carries its module, its WebAssembly, its TypeScript declarations and a README, under a name of
// its own (`@banksia/core-<name>`) at banksia-core's version.
import { execFileSync } from "node:child_process";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { MANIFEST } from "./packages.mjs";

const CORE_VERSION = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(new URL("../../core/Cargo.toml", import.meta.url), "utf8"))[1];

describe("npm packages", () => {
  for (const { name, dir } of MANIFEST.packages) {
    it(`${name} (wasm/${dir}) packs with its module, WebAssembly, types and README`, () => {
      const cwd = fileURLToPath(new URL(`../${dir}/`, import.meta.url));
      const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd, encoding: "utf8" }));
      const files = packed.files.map((file) => file.path);
      for (const needed of ["package.json", "README.md", "banksia_wasm.js", "banksia_wasm_bg.wasm", "banksia_wasm.d.ts"]) {
        assert.ok(files.includes(needed), `${needed} in ${files.join(", ")}`);
      }
      const manifest = JSON.parse(execFileSync("npm", ["pkg", "get", "types", "--json"], { cwd, encoding: "utf8" }));
      assert.equal(manifest, "banksia_wasm.d.ts");
      // Its own name and banksia-core's version, so npm can take every package, not just one.
      assert.equal(packed.name, `@banksia/core-${name}`);
      assert.equal(packed.version, CORE_VERSION);
    });
  }

  it("no two packages share a name", () => {
    const names = MANIFEST.packages.map(({ dir }) => {
      const cwd = fileURLToPath(new URL(`../${dir}/`, import.meta.url));
      return JSON.parse(execFileSync("npm", ["pkg", "get", "name", "--json"], { cwd, encoding: "utf8" }));
    });
    assert.equal(new Set(names).size, names.length, names.join(", "));
  });
});
