// Writes one built package's (wasm/<dir>/) package.json and README: each is an npm package of its
// own, `@banksia/core-<name>` (its name in wasm/packages.json) at banksia-core's version, an ES
// module with its TypeScript declarations, and a README saying what it is for and which functions
// it exports (read from its .d.ts).
//   node wasm/scripts/package-manifest.mjs <dir>
import { readFileSync, writeFileSync } from "node:fs";

const [dir] = process.argv.slice(2);
const wasm = new URL("../", import.meta.url);
const { packages } = JSON.parse(readFileSync(new URL("packages.json", wasm), "utf8"));
const entry = packages.find((p) => p.dir === dir);
if (!entry) throw new Error(`${dir} is not a package of wasm/packages.json`);

const coreToml = readFileSync(new URL("../core/Cargo.toml", wasm), "utf8");
const version = /^version\s*=\s*"([^"]+)"/m.exec(coreToml)?.[1];
if (!version) throw new Error("core/Cargo.toml has no version");

const base = new URL(`${dir}/`, wasm);
const manifestPath = new URL("package.json", base);
const name = `@banksia/core-${entry.name}`;
const declarations = readFileSync(new URL("banksia_wasm.d.ts", base), "utf8");
const exported = [...declarations.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]).filter((f) => f !== "initSync");

writeFileSync(
  manifestPath,
  `${JSON.stringify(
    {
      name,
      type: "module",
      description: `banksia-core compiled to WebAssembly: ${entry.for}.`,
      version,
      license: "UNLICENSED",
      files: ["banksia_wasm_bg.wasm", "banksia_wasm.js", "banksia_wasm.d.ts", "banksia_wasm_bg.wasm.d.ts"],
      main: "banksia_wasm.js",
      types: "banksia_wasm.d.ts",
      // Only wasm-bindgen's snippets (none today) run code on import: bundlers may drop the rest.
      sideEffects: ["./snippets/*"],
      keywords: ["banksia", "webassembly", entry.name],
    },
    null,
    2,
  )}\n`,
);

writeFileSync(
  new URL("README.md", base),
  `# ${name}

Banksia Bank's banksia-core (version ${version}) compiled to WebAssembly: ${entry.for}.
It is the code the bank's server runs natively, so a figure or a message worked out here is the
one the server gives. TypeScript declarations (\`banksia_wasm.d.ts\`) are generated from the Rust
types.

## Exports

${exported.map((f) => `- \`${f}\``).join("\n")}

Every function takes entries as typed (an object, or JSON text) and answers an outcome,
\`{ ok: true, value }\` or \`{ ok: false, errors }\` with a message per field; nothing throws
for bad input. Amounts are decimal strings, never floating point.

## Use

In a browser, \`await init()\` (the default export) fetches \`banksia_wasm_bg.wasm\` beside the
module. In Node, hand it the bytes:

\`\`\`js
import { readFileSync } from "node:fs";
import { initSync } from "${name}";

initSync({ module: readFileSync(new URL("banksia_wasm_bg.wasm", import.meta.resolve("${name}"))) });
\`\`\`

Runnable examples are in the bank's repository, \`wasm/examples/\`.
`,
);
