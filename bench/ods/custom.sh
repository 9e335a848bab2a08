#!/usr/bin/env bash
# Benchmark: parse + verify + print of a function of N arith ops in custom form
# (bench/ods/gen_arith.py), tessera-opt --load-dialect=ArithOps.td against mlir-opt 19,
# interleaved, ROUNDS times each; prints the median wall time, CPU time (user+sys) and peak
# RSS of each tool, the ratios, and whether the outputs are identical.
#   usage: bench/ods/custom.sh [N]   (default 1000000)
#   ROUNDS        rounds (default 3)
#   MLIR_INCLUDE  include root (default /usr/lib/llvm-19/include)
#   MLIR_OPT      upstream binary (default /usr/lib/llvm-19/bin/mlir-opt)
set -eu
cd "$(dirname "$0")/../.."
N=${1:-1000000}
ROUNDS=${ROUNDS:-3}
MLIR_INCLUDE=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
cargo build --release -q -p tessera-cli --bin tessera-opt
OPT=${CARGO_TARGET_DIR:-target}/release/tessera-opt
TD=$MLIR_INCLUDE/mlir/Dialect/Arith/IR/ArithOps.td
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
python3 bench/ods/gen_arith.py "$N" > "$dir/in.mlir"
echo "input: $N ops, $(wc -c < "$dir/in.mlir") bytes; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < ROUNDS; i++)); do
  /usr/bin/time -f '%e %U %S %M' -a -o "$dir/ours.t" \
    "$OPT" --load-dialect="$TD" -I "$MLIR_INCLUDE" "$dir/in.mlir" -o "$dir/ours.mlir" 2>/dev/null
  /usr/bin/time -f '%e %U %S %M' -a -o "$dir/up.t" \
    "$MLIR_OPT" "$dir/in.mlir" -o "$dir/up.mlir"
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
stat() { # file column-expression
  awk "{ print $2 }" "$1" | median
}
for t in ours up; do
  wall=$(stat "$dir/$t.t" '$1'); cpu=$(stat "$dir/$t.t" '$2 + $3'); rss=$(stat "$dir/$t.t" '$4')
  eval "${t}_wall=$wall ${t}_cpu=$cpu ${t}_rss=$rss"
  printf '%-12s wall %7.2f s  CPU %7.2f s  peak RSS %8d KB\n' "$t" "$wall" "$cpu" "$rss"
done
awk -v a="$ours_wall" -v b="$up_wall" -v c="$ours_cpu" -v d="$up_cpu" -v e="$ours_rss" -v f="$up_rss" \
  'BEGIN { printf "ratio (tessera / mlir-opt): wall %.2f  CPU %.2f  memory %.2f\n", a / b, c / d, e / f }'
if cmp -s "$dir/ours.mlir" "$dir/up.mlir"; then echo "outputs identical"; else echo "OUTPUTS DIFFER"; exit 1; fi
