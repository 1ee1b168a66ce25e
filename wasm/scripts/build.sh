#!/usr/bin/env bash
# Builds banksia-core's WebAssembly packages for the site, as listed once in wasm/packages.json
# (each: its directory, its cargo features, and an opt-level where it wants its own), then prints
# their sizes. Each is compiled by cargo for wasm32 (size-optimised, LTO, panic=abort: Cargo.toml's
# `wasm-release` profile) with only its own features, given its JavaScript glue and TypeScript declarations by
# wasm-bindgen's library (wasm/bindgen, built here first), then shrunk by wasm-opt -Oz from the npm
# package binaryen. report-size.mjs prints their sizes (budgets are per route: benches/README.md).
# Usage: wasm/scripts/build.sh [dir]...   (default: every package of wasm/packages.json)
set -euo pipefail
WASM="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WASM_OPT="${WASM_OPT:-$WASM/../site/node_modules/.bin/wasm-opt}"
NODE="${NODE:-node}"
TARGET="${CARGO_TARGET_DIR:-$WASM/../target}"
# The bindgen step must be the exact wasm-bindgen the workspace links: the two share a schema,
# wasm-bindgen-shared's, at the same version in both lock files.
locked_version() { awk '/^name = "wasm-bindgen-shared"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$1"; }
if [ "$(locked_version "$WASM/../Cargo.lock")" != "$(locked_version "$WASM/bindgen/Cargo.lock")" ]; then
  echo "wasm/bindgen/Cargo.lock and Cargo.lock lock different wasm-bindgen versions" >&2
  exit 1
fi
cargo build --release --locked --quiet --manifest-path "$WASM/bindgen/Cargo.toml" --target-dir "$TARGET/bindgen"
BINDGEN="$TARGET/bindgen/release/banksia-wasm-bindgen"

# Every package shares one profile, so its dependencies (core among them) compile once for all of
# them. A package's own opt-level goes to banksia-wasm alone (`cargo rustc`), the crate whose
# link runs the whole-program LTO, so it sets how the whole package is optimised (benches/README.md,
# "CI time": one build of the dependencies instead of two).
PROFILE=wasm-release
build_package() {
  local out="$1" opt_level="$2" features="$3"
  local own_flags=()
  [ "$opt_level" = - ] || own_flags=(-- -C "opt-level=$opt_level")
  (cd "$WASM" && cargo rustc --locked --lib --target wasm32-unknown-unknown --profile "$PROFILE" \
    --no-default-features --features "$features" "${own_flags[@]}")
  rm -rf "${WASM:?}/$out" && mkdir -p "$WASM/$out"
  "$BINDGEN" "$TARGET/wasm32-unknown-unknown/$PROFILE/banksia_wasm.wasm" "$WASM/$out"
  "$WASM_OPT" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$WASM/$out/banksia_wasm_bg.wasm" -o "$WASM/$out/banksia_wasm_bg.wasm"
  # Its package.json (@banksia/core-<name>, core's version) and a README of its exports.
  "$NODE" "$WASM/scripts/package-manifest.mjs" "$out"
}

# One line per package: "dir opt-level feature,feature", the opt-level "-" for the profile's own.
manifest="$("$NODE" -e '
  const { packages } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const p of packages) console.log(`${p.dir} ${p["opt-level"] ?? "-"} ${p.features.join(",")}`);
' "$WASM/packages.json")"

wanted=("$@")
built=0
while read -r dir opt_level features; do
  if [ ${#wanted[@]} -eq 0 ] || printf '%s\n' "${wanted[@]}" | grep -qx "$dir"; then
    build_package "$dir" "$opt_level" "$features"
    built=$((built + 1))
  fi
done <<<"$manifest"
if [ ${#wanted[@]} -gt 0 ] && [ "$built" -ne ${#wanted[@]} ]; then
  echo "unknown package among: ${wanted[*]} (see wasm/packages.json)" >&2
  exit 2
fi
"$NODE" "$WASM/scripts/report-size.mjs"
