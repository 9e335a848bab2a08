#!/usr/bin/env bash
# Differential check of the pdl and pdl_interp dialects tessera-opt registers by itself:
# for every crates/tessera-cli/tests/pdl/*_ops.mlir, tessera-opt must print exactly what
# mlir-opt 19 prints (custom and generic form), also from mlir-opt's generic output and when
# reading mlir-opt's custom output back; every *_invalid.mlir must pass
# --verify-diagnostics with both tools; older_forms.mlir (pdl syntax of earlier releases)
# must print as mlir-opt prints older_forms.upstream.mlir; the committed expected outputs (*.custom.out,
# *.generic.out, which tests/pdl_dialect.rs compares with) must still be mlir-opt's.
# Prints "N passed, M failed".
set -u
source "$(dirname "$0")/lib/differential.sh"
cd "$here/crates/tessera-cli/tests/pdl" || exit 2
for f in *_ops.mlir; do
  "$mlir_opt" "$f" >"$tmp/up.custom" 2>&1
  "$mlir_opt" --mlir-print-op-generic "$f" >"$tmp/up.generic" 2>&1
  check "$f (committed custom output)" "$tmp/up.custom" "${f%.mlir}.custom.out"
  check "$f (committed generic output)" "$tmp/up.generic" "${f%.mlir}.generic.out"
  "$tessera" "$f" >"$tmp/ours.custom" 2>&1
  check "$f (custom form)" "$tmp/up.custom" "$tmp/ours.custom"
  "$tessera" --mlir-print-op-generic "$f" >"$tmp/ours.generic" 2>&1
  check "$f (generic form)" "$tmp/up.generic" "$tmp/ours.generic"
  "$tessera" "$tmp/up.generic" >"$tmp/ours.from-generic" 2>&1
  check "$f (custom form of mlir-opt's generic output)" "$tmp/up.custom" "$tmp/ours.from-generic"
  "$tessera" "$tmp/up.custom" >"$tmp/ours.again" 2>&1
  check "$f (mlir-opt's custom output read back)" "$tmp/up.custom" "$tmp/ours.again"
done
# Older forms: tessera-opt reads them, and prints what mlir-opt prints for the current ones.
"$mlir_opt" older_forms.upstream.mlir >"$tmp/up.older" 2>&1
check "older_forms.upstream.mlir (committed custom output)" "$tmp/up.older" older_forms.custom.out
"$tessera" older_forms.mlir >"$tmp/ours.older" 2>&1
check "older_forms.mlir (custom form)" "$tmp/up.older" "$tmp/ours.older"
for f in *_invalid.mlir; do
  status "$f (mlir-opt)" "$mlir_opt" --split-input-file --verify-diagnostics "$f"
  status "$f (tessera-opt)" "$tessera" --split-input-file --verify-diagnostics "$f"
done
summary
