#!/usr/bin/env bash
# The banksia-wasm Node bench in one command (see benches/README.md): installs zod if needed,
# builds the WASM packages if any is missing, and prints the comparison table.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# Node 24 from the site's devDependencies when installed, like scripts/test; else the PATH's.
NODE="$ROOT/site/node_modules/.bin/node"
[ -x "$NODE" ] || NODE="$(command -v node)"
[ -d "$HERE/node_modules/zod" ] || (cd "$HERE" && npm ci --no-audit --no-fund)
# Every package of wasm/packages.json built, or build them all.
if ! "$NODE" -e 'const fs = require("fs"); const root = process.argv[1];
  const { packages } = JSON.parse(fs.readFileSync(`${root}/wasm/packages.json`, "utf8"));
  process.exit(packages.every((pkg) => fs.existsSync(`${root}/wasm/${pkg.dir}/banksia_wasm_bg.wasm`)) ? 0 : 1);' "$ROOT"; then
  WASM_OPT="$ROOT/site/node_modules/.bin/wasm-opt" NODE="$NODE" "$ROOT/wasm/scripts/build.sh"
fi
exec "$NODE" "$HERE/bench.mjs"
