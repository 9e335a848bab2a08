#!/usr/bin/env bash
# Differential check of the matcher compiler: `tessera-opt --convert-pdl-to-pdl-interp` must
# print exactly what `mlir-opt` 19 prints for every crates/tessera-pdl/tests/compiler/*.mlir
# (custom form, generic form, with locations), the checked-in *.out files must still be
# mlir-opt's output, and generated pattern sets (bench/pdl/gen.py, several sizes and seeds)
# must convert identically. Prints "N passed, M failed".
set -u
. "$(dirname "$0")/lib/differential.sh"
both() { # name, input, flags...
  local name=$1 input=$2; shift 2
  "$mlir_opt" --convert-pdl-to-pdl-interp "$@" "$input" >"$tmp/up" 2>&1
  "$tessera" --convert-pdl-to-pdl-interp "$@" "$input" >"$tmp/ours" 2>&1
  check "$name" "$tmp/up" "$tmp/ours"
}
cd "$here/crates/tessera-pdl/tests/compiler" || exit 2
for f in *.mlir; do
  "$mlir_opt" --split-input-file --convert-pdl-to-pdl-interp "$f" >"$tmp/expected" 2>&1
  check "$f (checked-in output is mlir-opt's)" "$tmp/expected" "${f%.mlir}.out"
  both "$f (custom form)" "$f" --split-input-file
  both "$f (generic form)" "$f" --split-input-file --mlir-print-op-generic
  both "$f (with locations)" "$f" --split-input-file --mlir-print-debuginfo
done
for size in 10 100 400; do
  for seed in 1 2 3; do
    python3 "$here/bench/pdl/gen.py" "$size" "$seed" >"$tmp/gen.mlir"
    both "generated: $size patterns, seed $seed" "$tmp/gen.mlir"
  done
done
summary
