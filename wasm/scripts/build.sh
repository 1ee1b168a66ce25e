#!/usr/bin/env bash
# Builds banksia-core's two WebAssembly packages for the site and prints their sizes:
#   wasm/pkg/              the calculators (default features): home loan and term deposit pages
#   wasm/pkg-application/  the account application (feature "application"): the wizard
# Each is built by wasm-pack (profile wasm-release: size-optimised, LTO, panic=abort), then
# shrunk by wasm-opt -Oz from the npm package binaryen (wasm-pack's own download of it fails
# offline). report-size.mjs fails the build if either is over the 60 KB gzip budget.
# Usage: wasm/scripts/build.sh [pkg|pkg-application]...   (default: both)
set -euo pipefail
WASM="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WASM_OPT="${WASM_OPT:-$WASM/../site/node_modules/.bin/wasm-opt}"
NODE="${NODE:-node}"

build_package() {
  local out="$1"; shift
  (cd "$WASM" && wasm-pack build --profile wasm-release --no-opt --target web --out-dir "$out" -- "$@")
  "$WASM_OPT" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$WASM/$out/banksia_wasm_bg.wasm" -o "$WASM/$out/banksia_wasm_bg.wasm"
}

packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(pkg pkg-application)
for package in "${packages[@]}"; do
  case "$package" in
    pkg) build_package pkg ;;
    pkg-application) build_package pkg-application --no-default-features --features application ;;
    *) echo "unknown package: $package (pkg or pkg-application)" >&2; exit 2 ;;
  esac
done
"$NODE" "$WASM/scripts/report-size.mjs"
