#!/usr/bin/env bash
# Load-independent companion of run.sh: instruction counts under callgrind for llvm-tblgen 19 and
# tessera-tblgen --print-records on the same files (the standalone Dialect/*/IR/*Ops.td files).
# Both tools run on one thread, so the counts compare their whole work.
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

# Instructions of one run of a tool, as callgrind counts them.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" -o /dev/null 2>&1 |
    awk '/Collected/ { print $4 }'
}

cd "$MLIR_INCLUDE/mlir"
printf '%-52s %14s %14s\n' file llvm-tblgen tessera-tblgen
for f in Dialect/*/IR/*Ops.td; do
  echo "$f" | grep -qE "$FILTER" || continue
  "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null 2>/dev/null || continue
  l=$(count "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f")
  m=$(count "$MINE" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f")
  printf '%-52s %14d %14d\n' "$f" "$l" "$m"
done | tee "$TMP/table"
awk '{ l += $2; m += $3 } END {
  printf "total: llvm-tblgen %.0f, tessera-tblgen %.0f (%.3f)\n", l, m, m / l }' "$TMP/table"
