#!/usr/bin/env bash
# Differential check of dialect attributes read through their AttrDef/TypeDef formats: for
# every crates/tessera-cli/tests/defs/*.mlir, tessera-opt with the `.td` files named on its
# `// LOAD:` line (relative to that directory) must print exactly what mlir-opt 19 prints
# (which has the dialects built in), in custom and generic form; files named *-invalid.mlir
# must pass --verify-diagnostics with both tools. Also the arith attributes, with MLIR's own
# ArithOps.td loaded. Prints "N passed, M failed".
set -u
source "$(dirname "$0")/lib/differential.sh"
cd "$here/crates/tessera-cli/tests/defs" || exit 2
for f in *.mlir; do
  load=()
  for td in $(sed -n 's|^// LOAD: *||p' "$f"); do load+=("--load-dialect=$td"); done
  ours=("$tessera" "${load[@]}" --allow-unregistered-dialect)
  case "$f" in
  *-invalid.mlir)
    status "$f (mlir-opt)" "$mlir_opt" --allow-unregistered-dialect --split-input-file --verify-diagnostics "$f"
    status "$f (tessera-opt)" "${ours[@]}" --split-input-file --verify-diagnostics "$f"
    ;;
  *)
    for form in "" --mlir-print-op-generic; do
      "$mlir_opt" --allow-unregistered-dialect $form "$f" >"$tmp/up" 2>&1
      "${ours[@]}" $form "$f" >"$tmp/ours" 2>&1
      check "$f ${form:-(custom form)}" "$tmp/up" "$tmp/ours"
    done
    ;;
  esac
done
# MLIR's own definitions: arith's enum attributes in and out of op formats.
cat >"$tmp/arith.mlir" <<'MLIR'
"t.o"() {a = #arith.fastmath<nnan, ninf>, b = #arith<fastmath<fast>>, c = #arith.fastmath<none>, d = #arith.overflow<nsw, nuw>, e = #arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>, f = #arith.overflow<none>} : () -> ()
func.func @f(%a: f32, %i: i32) -> f32 {
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<nnan, ninf>}> : (f32, f32) -> f32
  %1 = arith.mulf %0, %0 fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %2 = arith.addi %i, %i overflow<nuw, nsw> : i32
  return %1 : f32
}
MLIR
arith=("$tessera" "--load-dialect=$include/mlir/Dialect/Arith/IR/ArithOps.td" -I "$include" --allow-unregistered-dialect)
for form in "" --mlir-print-op-generic; do
  "$mlir_opt" --allow-unregistered-dialect $form "$tmp/arith.mlir" >"$tmp/up" 2>&1
  "${arith[@]}" $form "$tmp/arith.mlir" >"$tmp/ours" 2>/dev/null
  check "arith attributes ${form:-(custom form)}" "$tmp/up" "$tmp/ours"
done
summary
