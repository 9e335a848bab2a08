#!/usr/bin/env bash
# Compiled (ahead-of-time) PDL patterns against the interpreter and upstream's bytecode, on
# the executor benchmark's workload (see README.md, "Compiled patterns").
#
# The patterns (exec_gen.py: 4, and 10 of which 6 only fail) are compiled to pdl_interp by
# mlir-opt; Tessera's interpreter loads that file, `tessera_pdl::aot` emits it as Rust
# (crates/tessera-pdl/examples/pdl_aot_bench/benchK.rs, checked here to be up to date,
# rewritten with UPDATE=1), and examples/pdl_aot_bench runs either. Per pattern set, on a
# chain of N ops (default 200,000), medians of ROUNDS runs, interleaved:
#
#  1. matching alone: the matcher run once on every op, nothing rewritten (interpreted and
#     compiled; upstream has no such mode), time per op, wall and thread CPU;
#  2. the greedy driver applying the patterns: Tessera's driver time per op (wall and thread
#     CPU) against upstream's `--test-pdl-bytecode-pass` pass time per op (`--mlir-timing`,
#     wall only), and whole-process CPU (user+sys) of all three. The interpreted and compiled
#     runs must print the same IR.
#  3. with IR=1, matching alone under callgrind on 20,000 ops: instructions in
#     `count_matches` (the whole matching loop), which the machine's load does not change.
#
# usage: bench/pdl/aot.sh [N]      env: ROUNDS (5), MLIR_OPT, UPDATE, IR
set -euo pipefail
cd "$(dirname "$0")/../.."
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
N=${1:-200000}
ROUNDS=${ROUNDS:-5}
OUT=bench/out/pdl-aot
mkdir -p "$OUT"
GEN="python3 bench/pdl/exec_gen.py"
MODS=crates/tessera-pdl/examples/pdl_aot_bench

cargo build --release -q -p tessera-pdl --example pdl_aot
EMIT=target/release/examples/pdl_aot
stale=0
for k in 4 10; do
  $GEN patterns "$k" > "$OUT/p$k.mlir"
  "$MLIR_OPT" --convert-pdl-to-pdl-interp "$OUT/p$k.mlir" > "$OUT/p$k.interp.mlir"
  "$EMIT" "$OUT/p$k.interp.mlir" "bench/pdl: exec_gen.py patterns $k, mlir-opt --convert-pdl-to-pdl-interp" > "$OUT/bench$k.rs"
  if ! cmp -s "$OUT/bench$k.rs" "$MODS/bench$k.rs"; then
    if [ -n "${UPDATE:-}" ]; then cp "$OUT/bench$k.rs" "$MODS/bench$k.rs"; else stale=1; fi
  fi
  [ -f "$OUT/ir$N.mlir" ] || $GEN ir "$N" > "$OUT/ir$N.mlir"
  $GEN combine "$OUT/p$k.interp.mlir" "$OUT/ir$N.mlir" > "$OUT/$k-$N.mlir"
done
if [ "$stale" = 1 ]; then
  echo "$MODS/bench*.rs are stale: rerun with UPDATE=1" >&2
  exit 1
fi
cargo build --release -q -p tessera-pdl --example pdl_aot_bench
BENCH=target/release/examples/pdl_aot_bench

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
field() { sed -E "s/.* $1 ([0-9.]+).*/\1/"; }
ratio() { bc -l <<<"$1/$2"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for k in 4 10; do
  f="$OUT/$k-$N.mlir"
  rm -f "$OUT"/k$k.*
  for _ in $(seq "$ROUNDS"); do
    for m in interp aot; do
      mode=$m; [ "$m" = aot ] && mode=aot$k
      r=$("$BENCH" "$f" "match-$mode")
      field us_per_op <<<"$r" >> "$OUT/k$k.match.$m.wall"
      field cpu_us_per_op <<<"$r" >> "$OUT/k$k.match.$m.cpu"
      r=$(/usr/bin/time -f "%U %S" -o "$OUT/k$k.time" "$BENCH" "$f" "$mode" -o "$OUT/k$k.$m.out")
      field us_per_op <<<"$r" >> "$OUT/k$k.drive.$m.wall"
      field cpu_us_per_op <<<"$r" >> "$OUT/k$k.drive.$m.cpu"
      awk '{print $1 + $2}' "$OUT/k$k.time" >> "$OUT/k$k.proc.$m"
    done
    /usr/bin/time -f "%U %S" -o "$OUT/k$k.time" "$MLIR_OPT" --allow-unregistered-dialect \
      --test-pdl-bytecode-pass --mlir-timing "$f" -o /dev/null 2> "$OUT/k$k.timing"
    awk -v n="$N" '/TestPDLByteCodePass/ {print $1 * 1e6 / n; exit}' "$OUT/k$k.timing" >> "$OUT/k$k.drive.up.wall"
    tail -n 1 "$OUT/k$k.time" | awk '{print $1 + $2}' >> "$OUT/k$k.proc.up"
  done
  cmp -s "$OUT/k$k.interp.out" "$OUT/k$k.aot.out" || { echo "k=$k: interpreted and compiled outputs DIFFER" >&2; exit 1; }
  m() { median < "$OUT/k$k.$1"; }
  mi=$(m match.interp.wall); ma=$(m match.aot.wall); mic=$(m match.interp.cpu); mac=$(m match.aot.cpu)
  di=$(m drive.interp.wall); da=$(m drive.aot.wall); dic=$(m drive.interp.cpu); dac=$(m drive.aot.cpu)
  du=$(m drive.up.wall); pi=$(m proc.interp); pa=$(m proc.aot); pu=$(m proc.up)
  printf '\n%s patterns, %s ops (median of %s; interpreted and compiled outputs identical)\n' "$k" "$N" "$ROUNDS"
  printf '%-34s %10s %10s %10s %12s\n' "" interpreted compiled upstream "interp/comp"
  printf '%-34s %10.4f %10.4f %10s %12.2f\n' "matching alone, us/op wall" "$mi" "$ma" - "$(ratio "$mi" "$ma")"
  printf '%-34s %10.4f %10.4f %10s %12.2f\n' "matching alone, us/op thread CPU" "$mic" "$mac" - "$(ratio "$mic" "$mac")"
  printf '%-34s %10.4f %10.4f %10.4f %12.2f\n' "driver, us/op wall" "$di" "$da" "$du" "$(ratio "$di" "$da")"
  printf '%-34s %10.4f %10.4f %10s %12.2f\n' "driver, us/op thread CPU" "$dic" "$dac" - "$(ratio "$dic" "$dac")"
  printf '%-34s %10.2f %10.2f %10.2f %12.2f\n' "whole process, s CPU" "$pi" "$pa" "$pu" "$(ratio "$pi" "$pa")"
  printf 'driver wall against upstream pass: interpreted %.3f, compiled %.3f\n' "$(ratio "$di" "$du")" "$(ratio "$da" "$du")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ -n "${IR:-}" ]; then
  [ -f "$OUT/ir20000.mlir" ] || $GEN ir 20000 > "$OUT/ir20000.mlir"
  printf '\nmatching alone under callgrind, 20,000 ops: instructions in count_matches\n'
  printf '%-12s %14s %14s %8s\n' patterns interpreted compiled ratio
  for k in 4 10; do
    $GEN combine "$OUT/p$k.interp.mlir" "$OUT/ir20000.mlir" > "$OUT/$k-20000.mlir"
    for m in interp aot; do
      mode=$m; [ "$m" = aot ] && mode=aot$k
      valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.$k.$m" "$BENCH" "$OUT/$k-20000.mlir" "match-$mode" > /dev/null 2>&1
      callgrind_annotate --inclusive=yes "$OUT/cg.$k.$m" 2>/dev/null \
        | awk '/count_matches/ && !done {gsub(",", "", $1); print $1; done = 1}' > "$OUT/cg.$k.$m.n"
    done
    ni=$(cat "$OUT/cg.$k.interp.n"); na=$(cat "$OUT/cg.$k.aot.n")
    printf '%-12s %14s %14s %8.2f\n' "$k" "$ni" "$na" "$(ratio "$ni" "$na")"
  done
fi
