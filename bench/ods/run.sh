#!/usr/bin/env bash
# Benchmark: what `--load-dialect` costs tessera-opt. Runs, interleaved, tessera-opt on a
# one-op input with and without `--load-dialect=FILE.td -I INCLUDE` (and mlir-opt 19 on the
# same input, for scale), RUNS times each; prints each variant's median wall time and median
# CPU time (user+sys) per run, and the load average before and after.
#   usage: bench/ods/run.sh [FILE.td]   (default: MLIR's Arith/IR/ArithOps.td)
#   RUNS          runs per variant (default 41)
#   MLIR_INCLUDE  include root (default /usr/lib/llvm-19/include)
#   MLIR_OPT      upstream binary (default /usr/lib/llvm-19/bin/mlir-opt)
set -eu
cd "$(dirname "$0")/../.."
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
RUNS=${RUNS:-41}
TD=${1:-$MLIR_INCLUDE/mlir/Dialect/Arith/IR/ArithOps.td}
cargo build --release -q -p tessera-cli --bin tessera-opt
OPT=${CARGO_TARGET_DIR:-target}/release/tessera-opt
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
# One registered op between two unregistered ones; verified, printed.
printf '%%a = "test.c"() : () -> i32\n%%b = "arith.addi"(%%a, %%a) : (i32, i32) -> i32\n"test.use"(%%b) : (i32) -> ()\n' > "$dir/one.mlir"
if ! "$OPT" --load-dialect="$TD" -I "$MLIR_INCLUDE" --allow-unregistered-dialect "$dir/one.mlir" \
  > /dev/null 2> "$dir/errors"; then
  echo "note: tessera-opt --load-dialect fails on the input (timed all the same):"
  grep ' error: ' "$dir/errors" || cat "$dir/errors"
fi

# Bash's `time` keyword reads the child's wall clock and rusage itself.
TIMEFORMAT='%3R %3U %3S'
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < RUNS; i++)); do
  { time "$OPT" --allow-unregistered-dialect "$dir/one.mlir" > /dev/null 2>&1; } 2>> "$dir/plain"
  { time "$OPT" --load-dialect="$TD" -I "$MLIR_INCLUDE" --allow-unregistered-dialect \
      "$dir/one.mlir" > /dev/null 2>&1 || true; } 2>> "$dir/loaded"
  { time "$MLIR_OPT" --allow-unregistered-dialect "$dir/one.mlir" > /dev/null 2>&1; } \
      2>> "$dir/upstream"
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", 1000 * v[int((NR + 1) / 2)] }'; }
printf '%-36s %12s %12s\n' variant "wall ms" "CPU ms"
for v in plain loaded upstream; do
  wall=$(awk '{ print $1 }' "$dir/$v" | median)
  cpu=$(awk '{ print $2 + $3 }' "$dir/$v" | median)
  case $v in
    plain) name="tessera-opt";;
    loaded) name="tessera-opt --load-dialect ${TD##*/}";;
    upstream) name="mlir-opt 19";;
  esac
  printf '%-36s %12s %12s\n' "$name" "$wall" "$cpu"
done
