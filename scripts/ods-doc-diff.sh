#!/usr/bin/env bash
# Differential check of ODS documentation: for every dialect .td file under the installed
# MLIR include tree that mlir-tblgen 19 accepts on its own, compare `mlir-tblgen -gen-op-doc`
# and `-gen-dialect-doc` with `tessera-tblgen --gen-op-doc` / `--gen-dialect-doc`, byte for byte.
# Prints each differing file and "op-doc: N/M matching", "dialect-doc: N/M matching"; fails
# if any file differs.
# Usage: scripts/ods-doc-diff.sh [FILE.td...]   (default: every .td under Dialect/)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
llvm=${LLVM_DIR:-/usr/lib/llvm-19}
tblgen="$llvm/bin/mlir-tblgen"
inc="$llvm/include"
[ -x "$tblgen" ] || { echo "mlir-tblgen not found at $tblgen" >&2; exit 2; }
cargo build --release -q -p tessera-cli --bin tessera-tblgen --manifest-path "$here/Cargo.toml" || exit 2
ods="${CARGO_TARGET_DIR:-$here/target}/release/tessera-tblgen"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(find "$inc/mlir/Dialect" -name '*.td' | sort); fi
status=0
for mode in op-doc dialect-doc; do
  match=0; total=0
  for f in "${files[@]}"; do
    "$tblgen" "-gen-$mode" -I "$inc" "$f" > "$tmp/want" 2>/dev/null || continue
    total=$((total + 1))
    if "$ods" "--gen-$mode" -I "$inc" "$f" > "$tmp/got" 2> "$tmp/err" && cmp -s "$tmp/want" "$tmp/got"; then
      match=$((match + 1))
    else
      echo "differs ($mode): ${f#$inc/}"
    fi
  done
  echo "$mode: $match/$total matching"
  [ "$match" -eq "$total" ] || status=1
done
exit $status
