#!/usr/bin/env bash
# Builds banksia-core's WebAssembly packages for the site, as listed once in wasm/packages.json
# (each: its directory, its cargo features and its profile), then prints their sizes.
# Each is built by wasm-pack (size-optimised, LTO, panic=abort; see Cargo.toml's profiles) with
# only its own features, then shrunk by wasm-opt -Oz from the npm package binaryen (wasm-pack's
# own download of it fails offline). report-size.mjs prints their sizes (budgets are per route:
# benches/README.md).
# Usage: wasm/scripts/build.sh [dir]...   (default: every package of wasm/packages.json)
set -euo pipefail
WASM="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WASM_OPT="${WASM_OPT:-$WASM/../site/node_modules/.bin/wasm-opt}"
NODE="${NODE:-node}"

build_package() {
  local out="$1" profile="$2" features="$3"
  (cd "$WASM" && wasm-pack build --profile "$profile" --no-opt --target web --out-dir "$out" -- \
    --no-default-features --features "$features")
  "$WASM_OPT" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$WASM/$out/banksia_wasm_bg.wasm" -o "$WASM/$out/banksia_wasm_bg.wasm"
  # Its own npm name (@banksia/core-<name>), core's version and a README of its exports.
  "$NODE" "$WASM/scripts/package-manifest.mjs" "$out"
}

# One line per package: "dir profile feature,feature".
manifest="$("$NODE" -e '
  const { packages } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const p of packages) console.log(`${p.dir} ${p.profile} ${p.features.join(",")}`);
' "$WASM/packages.json")"

wanted=("$@")
built=0
while read -r dir profile features; do
  if [ ${#wanted[@]} -eq 0 ] || printf '%s\n' "${wanted[@]}" | grep -qx "$dir"; then
    build_package "$dir" "$profile" "$features"
    built=$((built + 1))
  fi
done <<<"$manifest"
if [ ${#wanted[@]} -gt 0 ] && [ "$built" -ne ${#wanted[@]} ]; then
  echo "unknown package among: ${wanted[*]} (see wasm/packages.json)" >&2
  exit 2
fi
"$NODE" "$WASM/scripts/report-size.mjs"
