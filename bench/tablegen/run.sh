#!/usr/bin/env bash
# Wall-time benchmark: llvm-tblgen 19 vs tessera-tblgen --print-records on the standalone
# Dialect/*/IR/*Ops.td files of MLIR (those llvm-tblgen accepts), one process per file, both
# tools in the same run. Prints the total of each (best of ROUNDS) and the ratio.
#   ROUNDS        rounds per tool (default 5)
#   LLVM_TBLGEN   upstream binary (default /usr/lib/llvm-19/bin/llvm-tblgen)
#   MLIR_INCLUDE  include root     (default /usr/lib/llvm-19/include)
#   STATIC        1 (default): time the static build of bench/tablegen/build.sh; 0: dynamic
set -eu
cd "$(dirname "$0")/../.."
LLVM_TBLGEN=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen}
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
ROUNDS=${ROUNDS:-5}
MINE=$(bench/tablegen/build.sh)

cd "$MLIR_INCLUDE/mlir"
FILES=()
for f in Dialect/*/IR/*Ops.td; do
  if "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null 2>/dev/null; then
    FILES+=("$f")
  fi
done

# Bash's own clock, in microseconds: forking `date` (or a command substitution) around every
# run would add the harness's own millisecond to each measurement, for both tools alike.
now_us() { now=${EPOCHREALTIME/[.,]/}; }

# Each round runs both tools file by file, interleaved, so that machine noise hits both alike;
# the reported total for each tool is its best round.
best_llvm=""
best_mine=""
for ((r = 0; r < ROUNDS; r++)); do
  l=0
  m=0
  for f in "${FILES[@]}"; do
    now_us; t0=$now
    "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null
    now_us; t1=$now
    "$MINE" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null
    now_us; t2=$now
    l=$((l + t1 - t0))
    m=$((m + t2 - t1))
  done
  l=$((l / 1000))
  m=$((m / 1000))
  if [ -z "$best_llvm" ] || [ "$l" -lt "$best_llvm" ]; then best_llvm=$l; fi
  if [ -z "$best_mine" ] || [ "$m" -lt "$best_mine" ]; then best_mine=$m; fi
done

echo "files:          ${#FILES[@]}"
echo "llvm-tblgen:    ${best_llvm} ms (best of $ROUNDS)"
echo "tessera-tblgen: ${best_mine} ms (best of $ROUNDS)"
awk -v a="$best_mine" -v b="$best_llvm" 'BEGIN { printf "ratio:          %.3f (tessera / llvm; goal <= 0.5)\n", a / b }'
