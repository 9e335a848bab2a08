#!/usr/bin/env bash
# tessera-pdll against mlir-pdll 19 on N generated patterns (default 10,000), interleaved in
# the same run: wall and CPU (user+sys) time and peak memory of `-x=ast` and `-x=mlir` for
# both; then the two AST dumps are compared after renumbering node addresses, and the two PDL
# outputs byte for byte (tessera-pdll with upstream's default benefit, 0).
# Usage: bench/pdll/run.sh [N] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-10000}
rounds=${2:-3}
UPSTREAM=${MLIR_PDLL:-/usr/lib/llvm-19/bin/mlir-pdll}
cargo build -q --release -p tessera-cli --bin tessera-pdll
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/pdll/gen.py "$n" >"$work/in.pdll"
echo "input: $n patterns, $(wc -c <"$work/in.pdll") bytes; load: $(cut -d' ' -f1-3 /proc/loadavg)"
measure() {
  local label=$1; shift
  /usr/bin/time -f "$label %e %U %S %M" "$@" 2>>"$work/times" >"$work/$label.out" || true
}
for _ in $(seq "$rounds"); do
  measure upstream-ast "$UPSTREAM" -x=ast "$work/in.pdll"
  measure tessera-ast target/release/tessera-pdll -x=ast "$work/in.pdll"
  measure upstream-mlir "$UPSTREAM" -x=mlir "$work/in.pdll"
  measure tessera-mlir target/release/tessera-pdll -x=mlir --default-benefit=zero "$work/in.pdll"
done
awk '{ wall[$1] += $2; cpu[$1] += $3 + $4; if ($5 > mem[$1]) mem[$1] = $5; n[$1]++ }
  END {
    printf "%-14s %9s %9s %9s\n", "run", "wall s", "cpu s", "peak MiB"
    for (k in n) printf "%-14s %9.3f %9.3f %9.1f\n", k, wall[k] / n[k], cpu[k] / n[k], mem[k] / 1024
    printf "tessera/upstream -x=ast: wall %.2f, cpu %.2f, memory %.2f\n",
      wall["tessera-ast"] / wall["upstream-ast"], cpu["tessera-ast"] / cpu["upstream-ast"],
      mem["tessera-ast"] / mem["upstream-ast"]
    printf "tessera/upstream -x=mlir: wall %.2f, cpu %.2f, memory %.2f\n",
      wall["tessera-mlir"] / wall["upstream-mlir"], cpu["tessera-mlir"] / cpu["upstream-mlir"],
      mem["tessera-mlir"] / mem["upstream-mlir"]
  }' "$work/times"
if cmp -s "$work/upstream-mlir.out" "$work/tessera-mlir.out"; then
  echo "PDL: identical ($(wc -l <"$work/tessera-mlir.out") lines)"
else
  echo "PDL differs"; diff "$work/upstream-mlir.out" "$work/tessera-mlir.out" | head -20; exit 1
fi
if cmp -s <(scripts/pdll-normalize.py <"$work/upstream-ast.out") <(scripts/pdll-normalize.py <"$work/tessera-ast.out"); then
  echo "AST dumps: identical after renumbering ($(wc -l <"$work/tessera-ast.out") lines)"
else
  echo "AST dumps differ"; exit 1
fi
