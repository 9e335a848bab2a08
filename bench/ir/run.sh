#!/usr/bin/env bash
# Parse + print benchmark: tessera-opt vs mlir-opt 19 on generated generic-form files of
# unregistered ops (bench/ir/gen.py), every kind of file at every size, both tools in the
# same run:
#   TOOL --allow-unregistered-dialect --mlir-print-op-generic FILE -o /dev/null
# Reports wall time, CPU time (user + sys) and peak RSS (/usr/bin/time; best of ROUNDS, the
# rounds interleave the two tools) and the ratios tessera / upstream; first checks that both
# tools print identical output for the file.
#   KINDS     file kinds (default "mixed chain nested dense"; see gen.py)
#   SIZES     op counts (default "100000 1000000")
#   ROUNDS    rounds per tool, kind and size (default 3)
#   MLIR_OPT  upstream binary (default /usr/lib/llvm-19/bin/mlir-opt)
set -eu
cd "$(dirname "$0")/../.."
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
KINDS=${KINDS:-"mixed chain nested dense"}
SIZES=${SIZES:-"100000 1000000"}
ROUNDS=${ROUNDS:-3}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --release -q -p tessera-cli
MINE="$CARGO_TARGET_DIR/release/tessera-opt"
OUT=bench/out/ir
mkdir -p "$OUT"
FLAGS=(--allow-unregistered-dialect --mlir-print-op-generic)

# measure TOOL FILE -> "wall cpu kib"
measure() {
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/time.txt" "$1" "${FLAGS[@]}" "$2" -o /dev/null
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$OUT/time.txt"
}
# best A B -> smaller of two numbers (empty A means none yet)
best() { if [ -z "$1" ] || awk -v a="$2" -v b="$1" 'BEGIN { exit !(a < b) }'; then echo "$2"; else echo "$1"; fi; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-7s %8s %9s %9s %9s %9s %9s %9s %7s %7s %7s\n" kind ops "tes wall" "mlir wall" \
  "tes cpu" "mlir cpu" "tes MiB" "mlir MiB" "wall x" "cpu x" "mem x"
for kind in $KINDS; do
  for n in $SIZES; do
    f="$OUT/$kind-$n.mlir"
    [ -s "$f" ] || python3 bench/ir/gen.py --kind "$kind" "$n" "$f" 2>/dev/null
    "$MINE" "${FLAGS[@]}" "$f" -o "$OUT/$kind-$n.tessera.mlir"
    "$MLIR_OPT" "${FLAGS[@]}" "$f" -o "$OUT/$kind-$n.upstream.mlir"
    if ! cmp -s "$OUT/$kind-$n.tessera.mlir" "$OUT/$kind-$n.upstream.mlir"; then
      echo "OUTPUTS DIFFER for $f:" >&2
      diff "$OUT/$kind-$n.tessera.mlir" "$OUT/$kind-$n.upstream.mlir" | head -20 >&2
      exit 1
    fi
    rm -f "$OUT/$kind-$n.tessera.mlir" "$OUT/$kind-$n.upstream.mlir"
    mw="" mc="" mm="" uw="" uc="" um=""
    for ((r = 0; r < ROUNDS; r++)); do
      read -r w c m < <(measure "$MINE" "$f")
      mw=$(best "$mw" "$w"); mc=$(best "$mc" "$c"); mm=$(best "$mm" "$m")
      read -r w c m < <(measure "$MLIR_OPT" "$f")
      uw=$(best "$uw" "$w"); uc=$(best "$uc" "$c"); um=$(best "$um" "$m")
    done
    awk -v k="$kind" -v n="$n" -v mw="$mw" -v uw="$uw" -v mc="$mc" -v uc="$uc" -v mm="$mm" \
      -v um="$um" 'BEGIN {
      printf "%-7s %8d %9.2f %9.2f %9.2f %9.2f %9.1f %9.1f %7.3f %7.3f %7.3f\n", k, n, mw, uw,
        mc, uc, mm / 1024, um / 1024, (uw > 0 ? mw / uw : 0), (uc > 0 ? mc / uc : 0), mm / um }'
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "outputs identical; ratios are tessera / mlir-opt (goal <= 0.5, aim 0.25)"
