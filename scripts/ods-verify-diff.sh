#!/usr/bin/env bash
# Differential check of runtime registration: every invalid generic-form input under
# scripts/ods-verify-diff/ (one file per dialect, chunks split by `// -----`, each with
# `expected-error` annotations) must pass `--verify-diagnostics` both with mlir-opt 19 and
# with `tessera-opt --load-dialect=<the dialect's .td>`. The annotations were written from
# mlir-opt's output; tessera-opt must produce the same messages at the same places. Valid
# inputs (valid/*.mlir, custom form) must verify and print as mlir-opt prints them.
# Usage: scripts/ods-verify-diff.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
llvm=${LLVM_DIR:-/usr/lib/llvm-19}
inc="$llvm/include"
[ -x "$llvm/bin/mlir-opt" ] || { echo "mlir-opt not found under $llvm" >&2; exit 2; }
cargo build --release -q -p tessera-cli --bin tessera-opt --manifest-path "$here/Cargo.toml" || exit 2
opt="${CARGO_TARGET_DIR:-$here/target}/release/tessera-opt"
# input file -> the .td file defining its dialect
declare -A td=(
  [arith]="$inc/mlir/Dialect/Arith/IR/ArithOps.td"
  [cf]="$inc/mlir/Dialect/ControlFlow/IR/ControlFlowOps.td"
  [func]="$inc/mlir/Dialect/Func/IR/FuncOps.td"
  [pdl]="$inc/mlir/Dialect/PDL/IR/PDLOps.td"
  [pdl_interp]="$inc/mlir/Dialect/PDLInterp/IR/PDLInterpOps.td"
  [scf]="$inc/mlir/Dialect/SCF/IR/SCFOps.td"
)
flags=(--allow-unregistered-dialect --split-input-file --verify-diagnostics)
status=0; pass=0; total=0
for name in $(printf '%s\n' "${!td[@]}" | sort); do
  f="$here/scripts/ods-verify-diff/$name.mlir"
  total=$((total + 1))
  ok=1
  if ! "$llvm/bin/mlir-opt" "${flags[@]}" "$f" > /dev/null 2> "/tmp/ods-verify-diff.$$"; then
    echo "mlir-opt disagrees with the annotations of $name.mlir:"; cat "/tmp/ods-verify-diff.$$"; ok=0
  fi
  # Loading warns about what it cannot verify; only the verification result matters here.
  if ! "$opt" --load-dialect="${td[$name]}" -I "$inc" "${flags[@]}" "$f" > /dev/null \
       2> "/tmp/ods-verify-diff.$$"; then
    echo "tessera-opt disagrees with the annotations of $name.mlir:"
    grep -v 'warning: \|^def \|^ *^\|^class \|^$' "/tmp/ods-verify-diff.$$"; ok=0
  fi
  [ $ok = 1 ] && pass=$((pass + 1)) || status=1
done
# Valid IR: mlir-opt prints the custom-form sources under valid/ in generic form; tessera-opt,
# with every dialect above loaded, must verify that and print it as mlir-opt does.
loads=(-I "$inc")
for name in "${!td[@]}"; do loads+=(--load-dialect="${td[$name]}"); done
for f in "$here"/scripts/ods-verify-diff/valid/*.mlir; do
  name=$(basename "$f" .mlir)
  total=$((total + 1))
  if ! "$llvm/bin/mlir-opt" --allow-unregistered-dialect --mlir-print-op-generic "$f" \
       -o "/tmp/ods-verify-diff.$$.generic" 2> "/tmp/ods-verify-diff.$$"; then
    echo "mlir-opt rejects valid/$name.mlir:"; cat "/tmp/ods-verify-diff.$$"; status=1; continue
  fi
  "$llvm/bin/mlir-opt" --allow-unregistered-dialect --mlir-print-op-generic \
    "/tmp/ods-verify-diff.$$.generic" -o "/tmp/ods-verify-diff.$$.want"
  if "$opt" "${loads[@]}" --allow-unregistered-dialect --mlir-print-op-generic \
       "/tmp/ods-verify-diff.$$.generic" -o "/tmp/ods-verify-diff.$$.got" \
       2> "/tmp/ods-verify-diff.$$" \
     && cmp -s "/tmp/ods-verify-diff.$$.want" "/tmp/ods-verify-diff.$$.got"; then
    pass=$((pass + 1))
  else
    echo "tessera-opt differs on valid/$name.mlir:"
    grep -v 'warning: \|^def \|^ *^\|^class \|^$' "/tmp/ods-verify-diff.$$"
    diff "/tmp/ods-verify-diff.$$.want" "/tmp/ods-verify-diff.$$.got" | head -20
    status=1
  fi
done
rm -f "/tmp/ods-verify-diff.$$"*
echo "ods-verify-diff: $pass/$total files agree"
exit $status
