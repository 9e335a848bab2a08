#!/usr/bin/env bash
# Differential check of the matcher compiler: `tessera-opt --convert-pdl-to-pdl-interp` must
# print exactly what `mlir-opt` 19 prints for every crates/tessera-pdl/tests/compiler/*.mlir
# (custom form, generic form, with locations), the checked-in *.out files must still be
# mlir-opt's output, and generated pattern sets (bench/pdl/gen.py, several sizes and seeds)
# must convert identically. Prints "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
[ -x "$mlir_opt" ] || { echo "mlir-opt not found at $mlir_opt" >&2; exit 2; }
cargo build --release -q -p tessera-cli --manifest-path "$here/Cargo.toml" || exit 2
tessera="$here/target/release/tessera-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
check() { # name, expected file, actual file
  if cmp -s "$2" "$3"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "differs: $1"; diff "$2" "$3" | head -10
  fi
}
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
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
