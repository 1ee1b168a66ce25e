// Each built package is an npm package another team can take: `npm pack` accepts it and it
// carries its module, its WebAssembly, its TypeScript declarations and a README.
import { execFileSync } from "node:child_process";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { MANIFEST } from "./packages.mjs";

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
    });
  }
});
