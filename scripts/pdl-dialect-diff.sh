#!/usr/bin/env bash
# Differential check of the pdl and pdl_interp dialects tessera-opt registers by itself:
# for every crates/tessera-cli/tests/pdl/*_ops.mlir, tessera-opt must print exactly what
# mlir-opt 19 prints (custom and generic form), also from mlir-opt's generic output and when
# reading mlir-opt's custom output back; every *_invalid.mlir must pass
# --verify-diagnostics with both tools. Prints "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
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
verify() { # name, tool...
  local name=$1; shift
  if "$@" -split-input-file -verify-diagnostics "$name" >/dev/null 2>"$tmp/err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "fails --verify-diagnostics with $1: $name"; head -10 "$tmp/err"
  fi
}
cd "$here/crates/tessera-cli/tests/pdl" || exit 2
for f in *_ops.mlir; do
  "$mlir_opt" "$f" >"$tmp/up.custom" 2>&1
  "$mlir_opt" --mlir-print-op-generic "$f" >"$tmp/up.generic" 2>&1
  "$tessera" "$f" >"$tmp/ours.custom" 2>&1
  check "$f (custom form)" "$tmp/up.custom" "$tmp/ours.custom"
  "$tessera" --mlir-print-op-generic "$f" >"$tmp/ours.generic" 2>&1
  check "$f (generic form)" "$tmp/up.generic" "$tmp/ours.generic"
  "$tessera" "$tmp/up.generic" >"$tmp/ours.from-generic" 2>&1
  check "$f (custom form of mlir-opt's generic output)" "$tmp/up.custom" "$tmp/ours.from-generic"
  "$tessera" "$tmp/up.custom" >"$tmp/ours.again" 2>&1
  check "$f (mlir-opt's custom output read back)" "$tmp/up.custom" "$tmp/ours.again"
done
for f in *_invalid.mlir; do
  verify "$f" "$mlir_opt"
  verify "$f" "$tessera"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
