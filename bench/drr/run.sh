#!/usr/bin/env bash
# DRR costs what PDL costs: the greedy-driver benchmark's four patterns applied by
# `tessera-opt --patterns=` once as the hand-written PDL of bench/rewrite/gen.py and once as
# the DRR rules of bench.td (lowered to PDL at load), to the same generated input, with the
# ops registered from bench.td in both runs. Prints the pattern pass's time (--mlir-timing)
# and the whole process's, and checks that both outputs are identical.
# usage: bench/drr/run.sh [SIZES...]   (default 100000)
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release -q -p tessera-cli --bin tessera-opt --manifest-path "$here/Cargo.toml"
opt="$here/target/release/tessera-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -c "import sys; sys.path.insert(0, '$here/bench/rewrite'); import gen; print(gen.PATTERNS)" > "$tmp/patterns.mlir"
pass_ms() { grep -i 'ApplyPatterns' "$1" | awk '{print $1}' | head -1; }
printf '%10s  %14s  %14s  %10s  %10s\n' ops "PDL pass (s)" "DRR pass (s)" "PDL (s)" "DRR (s)"
for n in "${@:-100000}"; do
  python3 "$here/bench/rewrite/gen.py" "$n" > "$tmp/in.mlir"
  start=$(date +%s.%N)
  "$opt" --mlir-timing --load-dialect="$here/bench/drr/bench.td" --patterns="$tmp/patterns.mlir" \
    "$tmp/in.mlir" > "$tmp/pdl.out" 2> "$tmp/pdl.err"
  mid=$(date +%s.%N)
  "$opt" --mlir-timing --patterns="$here/bench/drr/bench.td" "$tmp/in.mlir" > "$tmp/drr.out" 2> "$tmp/drr.err"
  end=$(date +%s.%N)
  cmp -s "$tmp/pdl.out" "$tmp/drr.out" || { echo "outputs differ at $n ops" >&2; exit 1; }
  printf '%10s  %14s  %14s  %10.2f  %10.2f\n' "$n" "$(pass_ms "$tmp/pdl.err")" "$(pass_ms "$tmp/drr.err")" \
    "$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
done
