#!/usr/bin/env bash
# Differential check of the PDL executor: `tessera-opt --test-pdl-bytecode-pass` and
# mlir-opt 19's, on every committed input of crates/tessera-cli/tests/pdl-exec/, must print
# the same IR (generic form, chunk by chunk). The committed *.expected files must still be
# what mlir-opt prints (they are what `cargo test` compares against).
#
# With --upstream-test FILE (upstream's mlir/test/Rewrite/pdl-bytecode.mlir, fetched by hand;
# never committed), also runs that file's cases one by one through tessera-opt and FileCheck
# and reports how many pass.
#
# Usage: scripts/pdl-bytecode-diff.sh [--upstream-test FILE]
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
llvm=${LLVM_DIR:-/usr/lib/llvm-19}
[ -x "$llvm/bin/mlir-opt" ] || { echo "mlir-opt not found under $llvm" >&2; exit 2; }
cargo build --release -q -p tessera-cli --bin tessera-opt --manifest-path "$here/Cargo.toml" || exit 2
opt="${CARGO_TARGET_DIR:-$here/target}/release/tessera-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(--allow-unregistered-dialect --test-pdl-bytecode-pass -split-input-file --mlir-print-op-generic)
status=0; pass=0; total=0
for f in "$here"/crates/tessera-cli/tests/pdl-exec/*.mlir; do
  name=$(basename "$f" .mlir)
  total=$((total + 1))
  "$llvm/bin/mlir-opt" "${flags[@]}" "$f" > "$tmp/up" 2>&1
  "$opt" "${flags[@]}" "$f" > "$tmp/ours" 2>&1
  if ! cmp -s "$tmp/up" "$tmp/ours"; then
    echo "== $name.mlir: tessera-opt and mlir-opt differ"; diff "$tmp/up" "$tmp/ours" | head -20
    status=1
  elif ! cmp -s "$tmp/up" "${f%.mlir}.expected"; then
    echo "== $name.expected is stale: run crates/tessera-cli/tests/pdl-exec/regen.sh"
    status=1
  else
    pass=$((pass + 1))
  fi
done
echo "pdl-bytecode-diff: $pass of $total committed inputs print the same IR as mlir-opt"

if [ "${1:-}" = --upstream-test ]; then
  test_file=$2
  # Split at upstream's marker; each case is FileChecked against its own output.
  awk -v dir="$tmp" 'BEGIN {n = 0; f = dir "/case0.mlir"}
    /^\/\/ -----/ {n++; f = dir "/case" n ".mlir"; next} {print > f}' "$test_file"
  cases=0; ok=0; failed=()
  for c in "$tmp"/case*.mlir; do
    grep -q 'CHECK' "$c" || continue
    cases=$((cases + 1))
    # mlir-opt knows every dialect; arith (one case builds arith.constant) comes from its .td.
    if "$opt" --test-pdl-bytecode-pass --allow-unregistered-dialect \
         --load-dialect="$llvm/include/mlir/Dialect/Arith/IR/ArithOps.td" -I "$llvm/include" \
         "$c" 2> "$tmp/err" | "$llvm/bin/FileCheck" "$c" > /dev/null 2>&1; then
      ok=$((ok + 1))
    else
      failed+=("$(grep -m1 -o 'CHECK-LABEL: [a-z_.0-9]*' "$c" | cut -d' ' -f2)")
    fi
  done
  echo "upstream pdl-bytecode.mlir: $ok of $cases cases pass; failing: ${failed[*]:-none}"
fi
exit $status
