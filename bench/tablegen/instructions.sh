#!/usr/bin/env bash
# Load-independent companion of run.sh: instruction counts under callgrind for llvm-tblgen 19 and
# tessera-tblgen --print-records on the same files (the standalone Dialect/*/IR/*Ops.td files).
# For tessera-tblgen it reports the total over its threads and the busiest thread, which is
# close to the critical path (the evaluation thread).
#   FILTER        regex on the file list (default: all)
#   LLVM_TBLGEN   upstream binary (default /usr/lib/llvm-19/bin/llvm-tblgen)
#   MLIR_INCLUDE  include root     (default /usr/lib/llvm-19/include)
#   STATIC        1 (default): the static build of bench/tablegen/build.sh; 0: dynamic
set -eu
cd "$(dirname "$0")/../.."
LLVM_TBLGEN=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen}
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
FILTER=${FILTER:-.}
MINE=$(bench/tablegen/build.sh)
command -v valgrind >/dev/null || { echo "error: valgrind not installed" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

cd "$MLIR_INCLUDE/mlir"
printf '%-52s %14s %14s %14s\n' file llvm-tblgen tessera-total tessera-busiest
for f in Dialect/*/IR/*Ops.td; do
  echo "$f" | grep -qE "$FILTER" || continue
  "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null 2>/dev/null || continue
  l=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null 2>&1 |
    awk '/Collected/ { print $4 }')
  rm -f "$TMP"/cg.out*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$TMP/cg.out" \
    "$MINE" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null >/dev/null 2>&1
  read -r t m < <(cat "$TMP"/cg.out-* | awk '/^totals:/ { t += $2; if ($2 > m) m = $2 } END { printf "%d %d\n", t, m }')
  printf '%-52s %14d %14d %14d\n' "$f" "$l" "$t" "$m"
done | tee "$TMP/table"
awk 'NR > 0 { l += $2; t += $3; m += $4 } END {
  printf "total: llvm-tblgen %.0f, tessera-tblgen %.0f (%.3f), busiest thread %.0f (%.3f)\n", l, t, t / l, m, m / l }' "$TMP/table"
