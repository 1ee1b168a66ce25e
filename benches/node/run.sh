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
# Every package of wasm/packages.json built (scripts/test's own check), or build them all.
source "$ROOT/scripts/lib/setup.sh"
if ! wasm_packages_built; then
  WASM_OPT="$ROOT/site/node_modules/.bin/wasm-opt" NODE="$NODE" "$ROOT/wasm/scripts/build.sh"
fi
exec "$NODE" "$HERE/bench.mjs"
