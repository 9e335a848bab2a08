#!/usr/bin/env bash
# Differential check: tessera-opt vs upstream mlir-opt on every round-trip corpus input, in
# generic form with and without debug info. Prints "N passed, M failed".
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
[ -x "$mlir_opt" ] || { echo "mlir-opt not found at $mlir_opt" >&2; exit 2; }
cargo build --release -q -p tessera-cli --manifest-path "$here/Cargo.toml" || exit 2
tessera="$here/target/release/tessera-opt"
cd "$here/crates/tessera-asm/tests/roundtrip" || exit 2
pass=0; fail=0
for f in *.mlir; do
  flags="--allow-unregistered-dialect --mlir-print-op-generic"
  case "$f" in *.split.mlir) flags="$flags --split-input-file" ;; esac
  for extra in "" "--mlir-print-debuginfo"; do
    if cmp -s <("$mlir_opt" $flags $extra "$f" 2>&1) <("$tessera" $flags $extra "$f" 2>&1); then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "differs: $f $extra"
    fi
  done
done
echo "$pass passed, $fail failed"
