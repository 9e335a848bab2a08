#!/usr/bin/env bash
# Greedy-driver benchmark: the same input and the same four patterns (40% of ops rewritten),
# run by Tessera (Rust patterns, greedy driver) and by upstream mlir-opt 19
# (--test-pdl-bytecode-pass: PDL bytecode, greedy driver) in one run. Reports the driver's
# time per op for both (upstream's from --mlir-timing), their ratio, and diffs the outputs
# (exit status 1 if they differ, so CI can run it on a small size as a differential test).
#
# usage: bench/rewrite/run.sh [SIZES...]   (default: 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
OUT=bench/out/rewrite
mkdir -p "$OUT"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(100000 1000000)

cargo build --release -q -p tessera-rewrite --example greedy_bench
BIN=target/release/examples/greedy_bench

status=0
printf '%-9s %14s %14s %8s  %s\n' ops "tessera us/op" "upstream us/op" ratio outputs
for n in "${sizes[@]}"; do
  input="$OUT/chain-$n.mlir"
  [ -f "$input" ] || python3 bench/rewrite/gen.py "$n" > "$input"
  t_line=$("$BIN" "$input" -o "$OUT/chain-$n.tessera.mlir")
  t_us=$(sed -E 's/.*us_per_op ([0-9.]+).*/\1/' <<<"$t_line")
  timing=$("$MLIR_OPT" --allow-unregistered-dialect --test-pdl-bytecode-pass \
    --mlir-print-op-generic --mlir-timing "$input" -o "$OUT/chain-$n.upstream.mlir" 2>&1)
  u_s=$(awk '/TestPDLByteCodePass/ {print $1; exit}' <<<"$timing")
  u_us=$(python3 -c "print(f'{$u_s * 1e6 / $n:.3f}')")
  ratio=$(python3 -c "print(f'{$t_us / $u_us:.3f}')")
  if cmp -s "$OUT/chain-$n.tessera.mlir" "$OUT/chain-$n.upstream.mlir"; then same=identical; else same=DIFFER; status=1; fi
  printf '%-9s %14s %14s %8s  %s\n' "$n" "$t_us" "$u_us" "$ratio" "$same"
done
exit $status
