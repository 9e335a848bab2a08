#!/usr/bin/env bash
# Regenerate the expected outputs of the round-trip corpus with upstream mlir-opt,
# and check that upstream itself round-trips them; also check the invalid/ corpus.
#
# Usage: scripts/make-expected.sh [--check] [NAME.mlir ...]
#   --check   do not write anything; fail if an expected file is out of date.
#   NAME...   only these inputs (bare names inside tests/roundtrip/); default: all.
#
# Environment:
#   MLIR_OPT  path to upstream mlir-opt (default: mlir-opt from LLVM 19).
#
# For every crates/tessera-asm/tests/roundtrip/NAME.mlir it writes
#   NAME.mlir.generic    mlir-opt --allow-unregistered-dialect --mlir-print-op-generic NAME.mlir
#   NAME.mlir.debuginfo  ... plus --mlir-print-debuginfo
# run from inside that directory with the bare file name, so file locations
# read "NAME.mlir". Inputs named NAME.split.mlir also get --split-input-file.
# Then it feeds each output back through mlir-opt with the same flags and
# requires a byte-identical result.
set -euo pipefail

die() { echo "make-expected.sh: error: $*" >&2; exit 1; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rt="$root/crates/tessera-asm/tests/roundtrip"
inv="$root/crates/tessera-asm/tests/invalid"

if [[ -z "${MLIR_OPT:-}" ]]; then
  if [[ -x /usr/lib/llvm-19/bin/mlir-opt ]]; then
    MLIR_OPT=/usr/lib/llvm-19/bin/mlir-opt
  elif command -v mlir-opt-19 >/dev/null 2>&1; then
    MLIR_OPT="$(command -v mlir-opt-19)"
  elif command -v mlir-opt >/dev/null 2>&1; then
    MLIR_OPT="$(command -v mlir-opt)"
  else
    die "mlir-opt not found (install MLIR 19, e.g. the Debian package mlir-19-tools, or set MLIR_OPT)"
  fi
fi
[[ -x "$MLIR_OPT" ]] || die "MLIR_OPT=$MLIR_OPT is not executable"
ver="$("$MLIR_OPT" --version 2>&1 || true)"
if ! grep -q 'version 19\.' <<<"$ver"; then
  echo "make-expected.sh: warning: expected outputs were made with MLIR 19; $MLIR_OPT reports:" >&2
  echo "$ver" >&2
fi

check=0
if [[ "${1:-}" == "--check" ]]; then check=1; shift; fi

cd "$rt"
if [[ $# -gt 0 ]]; then
  inputs=("$@")
else
  shopt -s nullglob
  inputs=(*.mlir)
fi
[[ ${#inputs[@]} -gt 0 ]] || die "no inputs in $rt"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fail=0
for name in "${inputs[@]}"; do
  name="$(basename "$name")"
  [[ -f "$name" ]] || die "no such input: $rt/$name"
  flags=(--allow-unregistered-dialect --mlir-print-op-generic)
  [[ "$name" == *.split.mlir ]] && flags+=(--split-input-file)

  for kind in generic debuginfo; do
    extra=()
    [[ $kind == debuginfo ]] && extra=(--mlir-print-debuginfo)
    out="$tmp/$name.$kind"
    if ! "$MLIR_OPT" "${flags[@]}" "${extra[@]}" "$name" >"$out" 2>"$tmp/err"; then
      cat "$tmp/err" >&2
      die "mlir-opt rejected $name ($kind)"
    fi
    [[ -s "$tmp/err" ]] && { echo "--- stderr for $name ($kind):" >&2; cat "$tmp/err" >&2; }
    # Upstream must reproduce its own output byte for byte.
    # (Copy into tmp so that the fed-back file name does not matter.)
    cp "$out" "$tmp/again.mlir"
    if ! (cd "$tmp" && "$MLIR_OPT" "${flags[@]}" "${extra[@]}" again.mlir >again.out 2>"$tmp/err"); then
      cat "$tmp/err" >&2
      echo "FAIL: $name.$kind is not accepted by mlir-opt" >&2; fail=1
    elif ! cmp -s "$out" "$tmp/again.out"; then
      echo "FAIL: $name.$kind does not round-trip in upstream:" >&2
      diff -u "$out" "$tmp/again.out" >&2 || true
      fail=1
    fi
    if [[ $check == 1 ]]; then
      if ! cmp -s "$out" "$name.$kind"; then
        echo "STALE: $name.$kind" >&2
        diff -u "$name.$kind" "$out" >&2 || true
        fail=1
      fi
    else
      cp "$out" "$name.$kind"
    fi
  done
done

# The invalid corpus must pass upstream's --verify-diagnostics.
if [[ $# -eq 0 && -d "$inv" ]]; then
  cd "$inv"
  for f in *.mlir; do
    if ! "$MLIR_OPT" --allow-unregistered-dialect --split-input-file --verify-diagnostics "$f" >/dev/null 2>"$tmp/err"; then
      echo "FAIL: invalid/$f does not pass --verify-diagnostics:" >&2
      cat "$tmp/err" >&2
      fail=1
    fi
  done
fi

# Remove expected files whose input is gone.
if [[ $# -eq 0 && $check == 0 ]]; then
  cd "$rt"
  for f in *.mlir.generic *.mlir.debuginfo; do
    [[ -e "$f" ]] || continue
    [[ -f "${f%.*}" ]] || { echo "removing orphan $f"; rm -f "$f"; }
  done
fi

[[ $fail == 0 ]] || die "some cases failed (see above)"
echo "make-expected.sh: ${#inputs[@]} round-trip inputs OK"
