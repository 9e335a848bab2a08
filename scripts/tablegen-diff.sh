#!/usr/bin/env bash
# Conformance check: runs llvm-tblgen 19 and tessera-tblgen --print-records on every MLIR .td
# file that llvm-tblgen accepts and compares the outputs byte for byte.
#
# Usage: scripts/tablegen-diff.sh [--json] [--keep DIR] [FILTER-REGEX]
#   --json        compare --dump-json output instead (as parsed JSON values)
#   LLVM_TBLGEN   upstream binary (default /usr/lib/llvm-19/bin/llvm-tblgen)
#   MLIR_INCLUDE  include root     (default /usr/lib/llvm-19/include)
#   STATIC        1 (default): check the static build of bench/tablegen/build.sh; 0: dynamic
set -u
cd "$(dirname "$0")/.."
LLVM_TBLGEN=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen}
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-tblgen}
KEEP=""
MODE=print-records
if [ "${1:-}" = "--json" ]; then MODE=dump-json; shift; fi
if [ "${1:-}" = "--keep" ]; then KEEP=$2; shift 2; fi
FILTER=${1:-.}

if [ ! -x "$LLVM_TBLGEN" ]; then
  echo "error: $LLVM_TBLGEN not found (apt-get install llvm-19 libmlir-19-dev)" >&2
  exit 2
fi
# The binary the benchmark times (static on x86_64 Linux; STATIC=0 for the dynamic one).
MINE=$(bench/tablegen/build.sh) || exit 2

WORK=${KEEP:-$(mktemp -d)}
mkdir -p "$WORK"
export LLVM_TBLGEN MLIR_INCLUDE MINE WORK MODE

compare_one() {
  f=$1
  key=$(echo "$f" | sed "s|$MLIR_INCLUDE/||; s|/|__|g")
  dir=$(dirname "$f")
  if ! "$LLVM_TBLGEN" "--$MODE" -I "$MLIR_INCLUDE" -I "$dir" "$f" -o "$WORK/$key.ref" 2>/dev/null; then
    echo "SKIP $f"
    return
  fi
  timeout 60 "$MINE" "--$MODE" -I "$MLIR_INCLUDE" -I "$dir" "$f" -o "$WORK/$key.mine" 2>"$WORK/$key.err"
  if cmp -s "$WORK/$key.ref" "$WORK/$key.mine"; then
    echo "PASS $f"
  elif [ "$MODE" = dump-json ] && python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$WORK/$key.ref" "$WORK/$key.mine" 2>/dev/null; then
    echo "PASS $f"
  else
    echo "FAIL $f"
  fi
}
export -f compare_one

find "$MLIR_INCLUDE/mlir" -name '*.td' | grep -E "$FILTER" | sort |
  xargs -P "$(nproc)" -I{} bash -c 'compare_one "$@"' _ {} > "$WORK/results.txt"

pass=$(grep -c '^PASS' "$WORK/results.txt")
fail=$(grep -c '^FAIL' "$WORK/results.txt")
skip=$(grep -c '^SKIP' "$WORK/results.txt")
grep '^FAIL' "$WORK/results.txt" | sort | sed 's/^FAIL /failed: /'
echo "($skip files rejected by llvm-tblgen itself were skipped; outputs in $WORK)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
