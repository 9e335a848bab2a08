#!/usr/bin/env bash
# Differential check of custom forms: for every tests/ods-custom/*.mlir, tessera-opt with the
# dialects named on its `// LOAD:` line (paths under the installed MLIR include directory)
# must print exactly what mlir-opt 19 prints, from the file itself, from mlir-opt's generic
# form of it, and from mlir-opt's custom form of it (reading back); and the generic form
# must match too. Prints "N passed, M failed".
set -u
source "$(dirname "$0")/lib/differential.sh"
cd "$here/tests/ods-custom" || exit 2
for f in *.mlir; do
  load=()
  for td in $(sed -n 's|^// LOAD: *||p' "$f"); do load+=("--load-dialect=$include/mlir/$td"); done
  ours=("$tessera" "${load[@]}" -I "$include" --allow-unregistered-dialect)
  "$mlir_opt" --allow-unregistered-dialect "$f" >"$tmp/up.custom" 2>&1
  "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$f" >"$tmp/up.generic" 2>&1
  "${ours[@]}" "$f" >"$tmp/ours.custom" 2>/dev/null
  check "$f (custom form)" "$tmp/up.custom" "$tmp/ours.custom"
  "${ours[@]}" --mlir-print-op-generic "$f" >"$tmp/ours.generic" 2>/dev/null
  check "$f (generic form)" "$tmp/up.generic" "$tmp/ours.generic"
  "${ours[@]}" "$tmp/up.generic" >"$tmp/ours.from-generic" 2>/dev/null
  check "$f (custom form of mlir-opt's generic output)" "$tmp/up.custom" "$tmp/ours.from-generic"
  "${ours[@]}" "$tmp/up.custom" >"$tmp/ours.again" 2>/dev/null
  check "$f (mlir-opt's custom output read back)" "$tmp/up.custom" "$tmp/ours.again"
done
summary
