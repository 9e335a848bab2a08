#!/usr/bin/env bash
# Wall-time benchmark: llvm-tblgen 19 vs tessera-tblgen --print-records on the standalone
# Dialect/*/IR/*Ops.td files of MLIR (those llvm-tblgen accepts), one process per file, both
# tools in the same run. Prints the total of each (best of ROUNDS) and the ratio.
#   ROUNDS        rounds per tool (default 5)
#   LLVM_TBLGEN   upstream binary (default /usr/lib/llvm-19/bin/llvm-tblgen)
#   MLIR_INCLUDE  include root     (default /usr/lib/llvm-19/include)
set -eu
cd "$(dirname "$0")/../.."
LLVM_TBLGEN=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen}
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
ROUNDS=${ROUNDS:-5}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-tblgen}
cargo build --release -q -p tessera-tblgen
MINE="$CARGO_TARGET_DIR/release/tessera-tblgen"

cd "$MLIR_INCLUDE/mlir"
FILES=()
for f in Dialect/*/IR/*Ops.td; do
  if "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null 2>/dev/null; then
    FILES+=("$f")
  fi
done

run_all() {
  local bin=$1
  for f in "${FILES[@]}"; do
    "$bin" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null
  done
}

now_ns() { date +%s%N; }

best_llvm=""
best_mine=""
for ((r = 0; r < ROUNDS; r++)); do
  t0=$(now_ns); run_all "$LLVM_TBLGEN"; t1=$(now_ns)
  run_all "$MINE"; t2=$(now_ns)
  l=$(( (t1 - t0) / 1000000 )); m=$(( (t2 - t1) / 1000000 ))
  if [ -z "$best_llvm" ] || [ "$l" -lt "$best_llvm" ]; then best_llvm=$l; fi
  if [ -z "$best_mine" ] || [ "$m" -lt "$best_mine" ]; then best_mine=$m; fi
done

echo "files:          ${#FILES[@]}"
echo "llvm-tblgen:    ${best_llvm} ms (best of $ROUNDS)"
echo "tessera-tblgen: ${best_mine} ms (best of $ROUNDS)"
awk -v a="$best_mine" -v b="$best_llvm" 'BEGIN { printf "ratio:          %.3f (tessera / llvm; goal <= 0.5)\n", a / b }'
