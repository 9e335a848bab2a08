#!/usr/bin/env bash
# Times the matcher compiler against mlir-opt 19 on generated pattern sets (bench/pdl/gen.py),
# both tools in the same run, interleaved. Usage: bench/pdl/run.sh [N ...] (default 1000).
#
# For each N it reports
#   - the whole tool (`--convert-pdl-to-pdl-interp FILE -o /dev/null`): best wall, user and
#     system CPU over RUNS runs of each, interleaved;
#   - the conversion alone: mlir-opt's `--mlir-timing` line for ConvertPDLToPDLInterp (best
#     of RUNS) against the `compile_time` example (best of RUNS conversions of fresh copies),
#     and against tessera-opt's own `--mlir-timing` line (the pass in the tool, with its
#     allocator);
#   - with IR=1, instructions under callgrind, which the machine's load does not change:
#     upstream's mlir::PassManager::run without its verifier, ours
#     convert_pdl_to_pdl_interp, both inside the tools themselves;
#   - with BASELINE=path/to/an/older/tessera-opt, that binary too (same output required),
#     interleaved with the others: a before/after comparison measured in the same run.
# The machine is shared: the load average is printed before each size.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
runs=${RUNS:-7}
cargo build --release -q -p tessera-cli --manifest-path "$here/Cargo.toml" || exit 2
cargo build --release -q -p tessera-pdl --example compile_time --manifest-path "$here/Cargo.toml" || exit 2
tessera="$here/target/release/tessera-opt"
compile_time="$here/target/release/examples/compile_time"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

best() { sort -g | head -1; }
for n in "${@:-1000}"; do
  python3 "$here/bench/pdl/gen.py" "$n" >"$tmp/p.mlir"
  "$mlir_opt" --convert-pdl-to-pdl-interp "$tmp/p.mlir" >"$tmp/up.out"
  "$tessera" --convert-pdl-to-pdl-interp "$tmp/p.mlir" >"$tmp/ours.out"
  cmp -s "$tmp/up.out" "$tmp/ours.out" || { echo "outputs differ for $n patterns" >&2; exit 1; }
  tools="up ours"
  if [ -n "${BASELINE:-}" ]; then
    "$BASELINE" --convert-pdl-to-pdl-interp "$tmp/p.mlir" >"$tmp/base.out"
    cmp -s "$tmp/up.out" "$tmp/base.out" || { echo "baseline output differs for $n patterns" >&2; exit 1; }
    tools="up ours base"
  fi
  echo "== $n patterns ($(wc -l <"$tmp/up.out") lines out), load $(cut -d' ' -f1-3 /proc/loadavg)"
  : >"$tmp/up.t"; : >"$tmp/ours.t"; : >"$tmp/up.pass"; : >"$tmp/ours.pass"
  : >"$tmp/base.t"; : >"$tmp/base.pass"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -a -o "$tmp/up.t" "$mlir_opt" --convert-pdl-to-pdl-interp "$tmp/p.mlir" -o /dev/null
    /usr/bin/time -f "%e %U %S" -a -o "$tmp/ours.t" "$tessera" --convert-pdl-to-pdl-interp "$tmp/p.mlir" -o /dev/null
    "$mlir_opt" --convert-pdl-to-pdl-interp --mlir-timing "$tmp/p.mlir" -o /dev/null 2>&1 |
      awk '/ConvertPDLToPDLInterp/ { print $1 * 1000 }' >>"$tmp/up.pass"
    "$tessera" --convert-pdl-to-pdl-interp --mlir-timing "$tmp/p.mlir" -o /dev/null 2>&1 |
      awk '/ConvertPDLToPDLInterp/ { print $1 * 1000 }' >>"$tmp/ours.pass"
    if [ -n "${BASELINE:-}" ]; then
      /usr/bin/time -f "%e %U %S" -a -o "$tmp/base.t" "$BASELINE" --convert-pdl-to-pdl-interp "$tmp/p.mlir" -o /dev/null
      "$BASELINE" --convert-pdl-to-pdl-interp --mlir-timing "$tmp/p.mlir" -o /dev/null 2>&1 |
        awk '/ConvertPDLToPDLInterp/ { print $1 * 1000 }' >>"$tmp/base.pass"
    fi
  done
  for tool in $tools; do
    printf '%-8s whole tool: wall %s s, user %s s, sys %s s (best of %s)\n' "$tool" \
      "$(cut -d' ' -f1 "$tmp/$tool.t" | best)" "$(cut -d' ' -f2 "$tmp/$tool.t" | best)" \
      "$(cut -d' ' -f3 "$tmp/$tool.t" | best)" "$runs"
  done
  printf 'conversion alone: mlir-opt %.2f ms, tessera %s\n' "$(best <"$tmp/up.pass")" \
    "$("$compile_time" "$tmp/p.mlir" "$runs")"
  printf 'the pass in each tool (--mlir-timing, best of %s): mlir-opt %.2f ms, tessera-opt %.2f ms\n' \
    "$runs" "$(best <"$tmp/up.pass")" "$(best <"$tmp/ours.pass")"
  if [ -n "${BASELINE:-}" ]; then
    printf 'baseline tessera-opt pass: %.2f ms (best of %s)\n' "$(best <"$tmp/base.pass")" "$runs"
  fi
  if [ "${IR:-0}" = 1 ]; then
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.up" \
      --toggle-collect='mlir::PassManager::run*' \
      "$mlir_opt" --convert-pdl-to-pdl-interp "$tmp/p.mlir" -o /dev/null 2>/dev/null
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.ours" \
      --toggle-collect='*convert_pdl_to_pdl_interp*' \
      "$tessera" --convert-pdl-to-pdl-interp "$tmp/p.mlir" -o /dev/null 2>/dev/null
    up_all=$(callgrind_annotate "$tmp/cg.up" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    up_verify=$(callgrind_annotate --inclusive=yes "$tmp/cg.up" 2>/dev/null |
      awk '/mlir::verify\(mlir::Operation\*, bool\)/ { gsub(",", "", $1); print $1; exit }')
    ours=$(callgrind_annotate "$tmp/cg.ours" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    up=$((up_all - ${up_verify:-0}))
    echo "instructions: mlir-opt pass $up (its verifier excluded), tessera $ours, ratio $(echo "scale=2; $up / $ours" | bc)"
    if [ -n "${BASELINE:-}" ]; then
      valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.base" \
        --toggle-collect='*convert_pdl_to_pdl_interp*' \
        "$BASELINE" --convert-pdl-to-pdl-interp "$tmp/p.mlir" -o /dev/null 2>/dev/null
      base=$(callgrind_annotate "$tmp/cg.base" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
      echo "instructions: baseline tessera $base"
    fi
  fi
done
