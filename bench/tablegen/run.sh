#!/usr/bin/env bash
# Benchmark: llvm-tblgen 19 vs tessera-tblgen --print-records on the standalone
# Dialect/*/IR/*Ops.td files of MLIR (those llvm-tblgen accepts), one process per file, all tools
# in the same run. Prints each tool's wall time and CPU time (user+sys), best of ROUNDS, and
# the ratios to llvm-tblgen.
#   usage: bench/tablegen/run.sh [BINARY...]   (default: the build of bench/tablegen/build.sh)
#   ROUNDS        rounds (default 5)
#   LLVM_TBLGEN   upstream binary (default /usr/lib/llvm-19/bin/llvm-tblgen)
#   MLIR_INCLUDE  include root     (default /usr/lib/llvm-19/include)
#   STATIC        1 (default): time the static build of bench/tablegen/build.sh; 0: dynamic
set -eu
cd "$(dirname "$0")/../.."
LLVM_TBLGEN=${LLVM_TBLGEN:-/usr/lib/llvm-19/bin/llvm-tblgen}
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
ROUNDS=${ROUNDS:-5}
if [ $# -gt 0 ]; then
  TOOLS=("$LLVM_TBLGEN")
  for b in "$@"; do TOOLS+=("$(realpath "$b")"); done
else
  TOOLS=("$LLVM_TBLGEN" "$(bench/tablegen/build.sh)")
fi

cd "$MLIR_INCLUDE/mlir"
FILES=()
for f in Dialect/*/IR/*Ops.td; do
  if "$LLVM_TBLGEN" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null 2>/dev/null; then
    FILES+=("$f")
  fi
done

# Bash's `time` keyword reads the child's wall clock and rusage itself (no extra process
# around each run, which would add its own millisecond to every measurement).
TIMEFORMAT='%3R %3U %3S'
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT

# Each round runs the tools file by file, interleaved, so that machine noise hits all alike;
# each tool's wall and CPU totals are its best round (taken separately).
declare -a best_wall best_cpu
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 0; r < ROUNDS; r++)); do
  : >"$times_file"
  for f in "${FILES[@]}"; do
    for t in "${!TOOLS[@]}"; do
      { time "${TOOLS[$t]}" -I "$MLIR_INCLUDE" -I "${f%/*}" "$f" -o /dev/null; } 2>>"$times_file.$t"
    done
  done
  for t in "${!TOOLS[@]}"; do
    read -r wall cpu < <(awk '{ w += $1; c += $2 + $3 } END { printf "%d %d\n", w * 1000, c * 1000 }' "$times_file.$t")
    rm -f "$times_file.$t"
    if [ -z "${best_wall[$t]:-}" ] || [ "$wall" -lt "${best_wall[$t]}" ]; then best_wall[$t]=$wall; fi
    if [ -z "${best_cpu[$t]:-}" ] || [ "$cpu" -lt "${best_cpu[$t]}" ]; then best_cpu[$t]=$cpu; fi
  done
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "files: ${#FILES[@]}, best of $ROUNDS rounds"
for t in "${!TOOLS[@]}"; do
  awk -v n="${TOOLS[$t]}" -v w="${best_wall[$t]}" -v c="${best_cpu[$t]}" \
    -v lw="${best_wall[0]}" -v lc="${best_cpu[0]}" \
    'BEGIN { printf "%-60s wall %5d ms (%.3f)  cpu %5d ms (%.3f)\n", n, w, w / lw, c, c / lc }'
done
echo "(ratios to llvm-tblgen; the goal is <= 0.5 in both)"
