#!/usr/bin/env bash
# PDL executor benchmark, Tessera against upstream mlir-opt 19 in the same run (see README.md).
#
#  1. whole process: `--test-pdl-bytecode-pass` on N ops (default 1,000,000), four patterns,
#     40% of the ops rewritten; wall and CPU (user+sys) time and peak RSS of both tools,
#     interleaved, medians of ROUNDS runs; the outputs must be identical;
#  2. scaling: the time to match an op at 1,000 patterns (990 decoys on op names the IR does
#     not use) against 10, on SCALE_OPS ops: Tessera's driver time per op (examples/pdl_bench)
#     and upstream's pass time per op (--mlir-timing).
#
# The patterns are compiled to pdl_interp by mlir-opt's --convert-pdl-to-pdl-interp and both
# tools get that same file (upstream's test pass takes compiled patterns unchanged).
#
# usage: bench/pdl/exec.sh [N]      env: ROUNDS (3), SCALE_OPS (200000), MLIR_OPT
set -euo pipefail
cd "$(dirname "$0")/../.."
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
N=${1:-1000000}
ROUNDS=${ROUNDS:-3}
SCALE_OPS=${SCALE_OPS:-200000}
OUT=bench/out/pdl-exec
mkdir -p "$OUT"
GEN="python3 bench/pdl/exec_gen.py"

cargo build --release -q -p tessera-cli --bin tessera-opt
cargo build --release -q -p tessera-pdl --example pdl_bench
TOOL=target/release/tessera-opt
BENCH=target/release/examples/pdl_bench

# Prepares $OUT/K-OPS.mlir: K patterns, compiled, applied to an OPS-op chain.
prepare() {
  local k=$1 ops=$2 f="$OUT/$1-$2.mlir"
  if [ ! -f "$f" ]; then
    $GEN patterns "$k" > "$OUT/p$k.mlir"
    "$MLIR_OPT" --convert-pdl-to-pdl-interp "$OUT/p$k.mlir" > "$OUT/p$k.interp.mlir"
    [ -f "$OUT/ir$ops.mlir" ] || $GEN ir "$ops" > "$OUT/ir$ops.mlir"
    $GEN combine "$OUT/p$k.interp.mlir" "$OUT/ir$ops.mlir" > "$f"
  fi
  echo "$f"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
input=$(prepare 4 "$N")
: > "$OUT/t.times"; : > "$OUT/u.times"
for _ in $(seq "$ROUNDS"); do
  /usr/bin/time -f "%e %U %S %M" -a -o "$OUT/t.times" "$TOOL" --allow-unregistered-dialect \
    --test-pdl-bytecode-pass --mlir-print-op-generic "$input" -o "$OUT/t.out"
  /usr/bin/time -f "%e %U %S %M" -a -o "$OUT/u.times" "$MLIR_OPT" --allow-unregistered-dialect \
    --test-pdl-bytecode-pass --mlir-print-op-generic "$input" -o "$OUT/u.out"
done
if cmp -s "$OUT/t.out" "$OUT/u.out"; then same=identical; else same=DIFFER; fi
stats() { # file -> "wall cpu rss_mb"
  local wall cpu rss
  wall=$(awk '{print $1}' "$1" | median)
  cpu=$(awk '{print $2 + $3}' "$1" | median)
  rss=$(awk '{print $4 / 1024}' "$1" | median)
  echo "$wall $cpu $rss"
}
read -r tw tc tr <<<"$(stats "$OUT/t.times")"
read -r uw uc ur <<<"$(stats "$OUT/u.times")"
printf '\nwhole process, %s ops, 4 patterns (median of %s; outputs %s)\n' "$N" "$ROUNDS" "$same"
printf '%-9s %9s %9s %9s\n' "" "wall s" "cpu s" "peak MB"
printf '%-9s %9.2f %9.2f %9.0f\n' tessera "$tw" "$tc" "$tr" upstream "$uw" "$uc" "$ur"
printf '%-9s %9.3f %9.3f %9.3f\n' ratio "$(bc -l <<<"$tw/$uw")" "$(bc -l <<<"$tc/$uc")" "$(bc -l <<<"$tr/$ur")"

printf '\nscaling, %s ops: time per op at 10 and 1000 patterns (median of %s)\n' "$SCALE_OPS" "$ROUNDS"
f10=$(prepare 10 "$SCALE_OPS"); f1000=$(prepare 1000 "$SCALE_OPS")
: > "$OUT/s.t10"; : > "$OUT/s.t1000"; : > "$OUT/s.u10"; : > "$OUT/s.u1000"
for _ in $(seq "$ROUNDS"); do
  for k in 10 1000; do
    f="$OUT/$k-$SCALE_OPS.mlir"
    "$BENCH" "$f" | sed -E 's/.*us_per_op ([0-9.]+).*/\1/' >> "$OUT/s.t$k"
    "$MLIR_OPT" --allow-unregistered-dialect --test-pdl-bytecode-pass --mlir-timing "$f" \
      -o /dev/null 2>&1 | awk -v n="$SCALE_OPS" '/TestPDLByteCodePass/ {print $1 * 1e6 / n; exit}' >> "$OUT/s.u$k"
  done
done
t10=$(median < "$OUT/s.t10"); t1000=$(median < "$OUT/s.t1000")
u10=$(median < "$OUT/s.u10"); u1000=$(median < "$OUT/s.u1000")
printf '%-9s %12s %12s %9s\n' "" "us/op @10" "us/op @1000" "growth"
printf '%-9s %12.3f %12.3f %9.2f\n' tessera "$t10" "$t1000" "$(bc -l <<<"$t1000/$t10")"
printf '%-9s %12.3f %12.3f %9.2f\n' upstream "$u10" "$u1000" "$(bc -l <<<"$u1000/$u10")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$same" = identical ]
