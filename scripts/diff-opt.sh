#!/usr/bin/env bash
# Differential check: tessera-opt vs upstream mlir-opt on every round-trip corpus input, in
# generic form and in the default (custom) form, with and without debug info. Prints
# "N passed, M failed".
#
# The custom form is compared only on inputs without ops of dialects mlir-opt loads and
# tessera-opt does not load by default (their ops print in custom form upstream):
# NEEDS_DIALECTS lists them.
NEEDS_DIALECTS=" aliases_properties.mlir "
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
  modes=("" "--mlir-print-debuginfo")
  case "$NEEDS_DIALECTS" in
    *" $f "*) ;;
    *) modes+=("--mlir-print-op-custom" "--mlir-print-op-custom --mlir-print-debuginfo") ;;
  esac
  for extra in "${modes[@]}"; do
    f_flags=$flags
    case "$extra" in
      --mlir-print-op-custom*) f_flags=${flags/ --mlir-print-op-generic/}; extra=${extra#--mlir-print-op-custom} ;;
    esac
    if cmp -s <("$mlir_opt" $f_flags $extra "$f" 2>&1) <("$tessera" $f_flags $extra "$f" 2>&1); then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "differs: $f $f_flags $extra"
    fi
  done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
