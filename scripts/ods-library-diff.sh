#!/usr/bin/env bash
# Checks that Tessera's own .td declarations of upstream dialects (crates/tessera-ods/td)
# say what upstream's do: mlir-tblgen 19 must derive the same C++ trait lists
# (-gen-op-decls) and the same verifier messages, parsers and printers (-gen-op-defs) from
# both, up to C++ namespace spelling. Prints "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
llvm=${LLVM_DIR:-/usr/lib/llvm-19}
tblgen="$llvm/bin/mlir-tblgen"
inc="$llvm/include"
[ -x "$tblgen" ] || { echo "mlir-tblgen not found under $llvm" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
# ours upstream
pairs=(
  "tessera/Builtin.td mlir/IR/BuiltinOps.td"
  "tessera/Func.td mlir/Dialect/Func/IR/FuncOps.td"
  "tessera/PDL.td mlir/Dialect/PDL/IR/PDLOps.td"
  "tessera/PDLInterp.td mlir/Dialect/PDLInterp/IR/PDLInterpOps.td"
)
# What must agree: trait lists, verifier messages, and the parse/print bodies.
extract() { # decls defs
  grep -o 'class [A-Za-z]*Op : public ::mlir::Op<.*' "$1"
  grep -o 'failed to satisfy constraint: [^"]*\|must be [^"]*\|failed to verify that [^"]*\|requires attribute [^"]*' "$2" | sort -u
  sed -n '/::mlir::ParseResult [A-Za-z]*Op::parse/,/^}/p;/void [A-Za-z]*Op::print/,/^}/p' "$2"
}
for pair in "${pairs[@]}"; do
  set -- $pair
  ok=1
  for side in ours up; do
    if [ $side = ours ]; then args=(-I "$here/crates/tessera-ods/td" "$here/crates/tessera-ods/td/$1"); else args=(-I "$inc" "$inc/$2"); fi
    "$tblgen" -gen-op-decls "${args[@]}" > "$tmp/$side.h" 2> "$tmp/$side.err" || ok=0
    "$tblgen" -gen-op-defs "${args[@]}" > "$tmp/$side.cpp" 2>> "$tmp/$side.err" || ok=0
    extract "$tmp/$side.h" "$tmp/$side.cpp" | sed 's/::mlir::func:://g; s/::mlir::pdl_interp:://g; s/::mlir::pdl:://g; s/::mlir::FunctionType/FunctionType/g' > "$tmp/$side.txt"
  done
  if [ $ok = 1 ] && cmp -s "$tmp/ours.txt" "$tmp/up.txt"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "differs: $1 vs $2"; cat "$tmp/ours.err"; diff "$tmp/up.txt" "$tmp/ours.txt" | head -20
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
