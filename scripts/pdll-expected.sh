#!/usr/bin/env bash
# Regenerates (or, with --check, verifies) the expected outputs of tessera-pdll's file tests
# from mlir-pdll 19: for each crates/tessera-pdll/tests/{ast,errors}/NAME.pdll, NAME.ast is
# the -x=ast dump with node addresses renumbered (scripts/pdll-normalize.py) and NAME.err the
# diagnostics, both as `mlir-pdll --split-input-file` prints them from the crate directory;
# for each crates/tessera-pdll/tests/mlir/NAME.pdll, NAME.mlir is the -x=mlir output (PDL with
# locations) and NAME.err the diagnostics.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
UPSTREAM=${MLIR_PDLL:-/usr/lib/llvm-19/bin/mlir-pdll}
check=0
[ "${1:-}" = "--check" ] && check=1
cd "$root/crates/tessera-pdll"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stale=0
for dir in ast errors; do
  for f in tests/$dir/*.pdll; do
    base=${f%.pdll}
    "$UPSTREAM" -x=ast -I "tests/$dir" --split-input-file "$f" 2>"$tmp/err" | "$root/scripts/pdll-normalize.py" >"$tmp/ast" || true
    for kind in ast err; do
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
  done
done
for f in tests/mlir/*.pdll; do
  base=${f%.pdll}
  "$UPSTREAM" -x=mlir -I tests/mlir --split-input-file "$f" >"$tmp/mlir" 2>"$tmp/err" || true
  for kind in mlir err; do
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
done
[ $stale = 0 ]
