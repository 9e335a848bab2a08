#!/usr/bin/env bash
# Regenerates (or, with --check, verifies) the expected outputs of tessera-pdll's file tests
# from mlir-pdll 19: for each crates/tessera-pdll/tests/{ast,errors}/NAME.pdll, NAME.ast is
# the -x=ast dump with node addresses renumbered (scripts/pdll-normalize.py) and NAME.err the
# diagnostics, both as `mlir-pdll --split-input-file` prints them from the crate directory;
# for each crates/tessera-pdll/tests/mlir/NAME.pdll, NAME.mlir is the -x=mlir output (PDL with
# locations) and NAME.err the diagnostics.
# Tests with `.td` includes build on Tessera's own `tessera/OpBase.td`, which mlir-pdll reads
# from crates/tessera-ods/td (Tessera finds it embedded); for those in tests/ast, NAME.ods is
# the standard error of a `--dump-ods` run (warnings and each chunk's ODS context).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
UPSTREAM=${MLIR_PDLL:-/usr/lib/llvm-19/bin/mlir-pdll}
check=0
[ "${1:-}" = "--check" ] && check=1
cd "$root/crates/tessera-pdll"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stale=0
# Compares (--check) or updates $1.KIND with $tmp/KIND for each KIND after $1.
sync() {
  local base=$1; shift
  for kind in "$@"; do
    if [ $check = 1 ]; then
      if ! cmp -s "$tmp/$kind" "$base.$kind" 2>/dev/null && { [ -s "$tmp/$kind" ] || [ -e "$base.$kind" ]; }; then
        echo "stale: $base.$kind"; stale=1
      fi
    elif [ -s "$tmp/$kind" ]; then
      cp "$tmp/$kind" "$base.$kind"
    else
      rm -f "$base.$kind"
    fi
  done
}
for dir in ast errors; do
  for f in tests/$dir/*.pdll; do
    base=${f%.pdll}
    "$UPSTREAM" -x=ast -I "tests/$dir" -I ../tessera-ods/td --split-input-file "$f" 2>"$tmp/err" | "$root/scripts/pdll-normalize.py" >"$tmp/ast" || true
    rm -f "$tmp/ods"
    if [ $dir = ast ] && grep -q '^#include ".*\.td"' "$f"; then
      "$UPSTREAM" -x=ast -I "tests/$dir" -I ../tessera-ods/td --split-input-file --dump-ods "$f" 2>"$tmp/ods" >/dev/null || true
    fi
    sync "$base" ast err ods
  done
done
for f in tests/mlir/*.pdll; do
  base=${f%.pdll}
  "$UPSTREAM" -x=mlir -I tests/mlir -I ../tessera-ods/td --split-input-file "$f" >"$tmp/mlir" 2>"$tmp/err" || true
  sync "$base" mlir err
done
[ $stale = 0 ]
