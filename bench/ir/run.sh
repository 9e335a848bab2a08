#!/usr/bin/env bash
# Parse + print benchmark: tessera-opt vs mlir-opt 19 on generated generic-form files of
# unregistered ops (bench/ir/gen.py) at 10k, 100k and 1M ops, both tools in the same run:
#   TOOL --allow-unregistered-dialect --mlir-print-op-generic FILE -o /dev/null
# Reports wall time and peak RSS (/usr/bin/time -f "%e %M"; best of ROUNDS, rounds interleave
# the two tools) and the ratios tessera / upstream; also checks both outputs are identical.
#   SIZES     op counts (default "10000 100000 1000000")
#   ROUNDS    rounds per tool and size (default 3)
#   MLIR_OPT  upstream binary (default /usr/lib/llvm-19/bin/mlir-opt)
set -eu
cd "$(dirname "$0")/../.."
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
SIZES=${SIZES:-"10000 100000 1000000"}
ROUNDS=${ROUNDS:-3}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/main/target-ir}
cargo build --release -q -p tessera-cli
MINE="$CARGO_TARGET_DIR/release/tessera-opt"
OUT=bench/out/ir
mkdir -p "$OUT"
FLAGS=(--allow-unregistered-dialect --mlir-print-op-generic)

# measure TOOL FILE -> "seconds kib"
measure() {
  /usr/bin/time -f "%e %M" -o "$OUT/time.txt" "$1" "${FLAGS[@]}" "$2" -o /dev/null
  cat "$OUT/time.txt"
}
# best A B -> smaller of two numbers (empty A means none yet)
best() { if [ -z "$1" ] || awk -v a="$2" -v b="$1" 'BEGIN { exit !(a < b) }'; then echo "$2"; else echo "$1"; fi; }

printf "%9s %12s %12s %11s %11s %8s %8s\n" ops "tessera s" "mlir-opt s" "tessera MiB" "mlir MiB" "time x" "mem x"
for n in $SIZES; do
  f="$OUT/gen-$n.mlir"
  [ -s "$f" ] || python3 bench/ir/gen.py "$n" "$f" 2>/dev/null
  "$MINE" "${FLAGS[@]}" "$f" -o "$OUT/gen-$n.tessera.mlir"
  "$MLIR_OPT" "${FLAGS[@]}" "$f" -o "$OUT/gen-$n.upstream.mlir"
  if ! cmp -s "$OUT/gen-$n.tessera.mlir" "$OUT/gen-$n.upstream.mlir"; then
    echo "OUTPUTS DIFFER for $f:" >&2
    diff "$OUT/gen-$n.tessera.mlir" "$OUT/gen-$n.upstream.mlir" | head -20 >&2
    exit 1
  fi
  mt="" mm="" ut="" um=""
  for ((r = 0; r < ROUNDS; r++)); do
    read -r t m < <(measure "$MINE" "$f")
    mt=$(best "$mt" "$t"); mm=$(best "$mm" "$m")
    read -r t m < <(measure "$MLIR_OPT" "$f")
    ut=$(best "$ut" "$t"); um=$(best "$um" "$m")
  done
  awk -v n="$n" -v mt="$mt" -v ut="$ut" -v mm="$mm" -v um="$um" 'BEGIN {
    printf "%9d %12.2f %12.2f %11.1f %11.1f %8.3f %8.3f\n", n, mt, ut, mm / 1024, um / 1024,
      (ut > 0 ? mt / ut : 0), mm / um }'
done
echo "outputs identical; ratios are tessera / mlir-opt (goal <= 0.5, aim 0.25)"
