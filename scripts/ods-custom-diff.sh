#!/usr/bin/env bash
# Differential check of custom forms: for every tests/ods-custom/*.mlir, tessera-opt with the
# dialects named on its `// LOAD:` line (paths under the installed MLIR include directory)
# must print exactly what mlir-opt 19 prints, from the file itself, from mlir-opt's generic
# form of it, and from mlir-opt's custom form of it (reading back); and the generic form
# must match too. Prints "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
include=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
[ -x "$mlir_opt" ] || { echo "mlir-opt not found at $mlir_opt" >&2; exit 2; }
cargo build --release -q -p tessera-cli --manifest-path "$here/Cargo.toml" || exit 2
tessera="$here/target/release/tessera-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
check() { # name, expected file, actual file
  if cmp -s "$2" "$3"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "differs: $1"; diff "$2" "$3" | head -10
  fi
}
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
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
