#!/usr/bin/env bash
# tessera-pdll against mlir-pdll 19, one `// -----` chunk at a time: the exit status, then for
# valid chunks the output (-x=ast: the dump with node addresses renumbered by first appearance
# on both sides; -x=mlir: the PDL with its locations) and for invalid ones the first
# diagnostic (message, source line and caret; for errors the PDL verifier reports, mlir-pdll
# prints `loc("file":L:C): error: ...` and only that line is compared, as `file:L:C: ...`).
#
# Usage: scripts/pdll-ast-diff.sh [-x mlir] [--full] [FILE_OR_DIR...]
#   (default: crates/tessera-pdll/tests/ast and crates/tessera-pdll/tests/errors, or
#   crates/tessera-pdll/tests/mlir with -x mlir)
#   --full  compare every diagnostic, not only the first.
set -euo pipefail
cd "$(dirname "$0")/.."
UPSTREAM=${MLIR_PDLL:-/usr/lib/llvm-19/bin/mlir-pdll}
full=0
kind=ast
if [ "${1:-}" = "-x" ]; then kind=$2; shift 2; fi
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  if [ $kind = mlir ]; then
    targets=(crates/tessera-pdll/tests/mlir)
  else
    targets=(crates/tessera-pdll/tests/ast crates/tessera-pdll/tests/errors)
  fi
fi
# mlir-pdll 19 gives patterns without `benefit(N)` a benefit of 0; the specification (and
# tessera-pdll by default) the number of matched operations.
ours_flags=()
[ $kind = mlir ] && ours_flags=(--default-benefit=zero)
[ -n "${TESSERA_PDLL:-}" ] || cargo build -q --release -p tessera-cli --bin tessera-pdll
OURS=${TESSERA_PDLL:-target/release/tessera-pdll}

NORM=scripts/pdll-normalize.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

files=()
for t in "${targets[@]}"; do
  if [ -d "$t" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$t" -name '*.pdll' | sort)
  else
    files+=("$t")
  fi
done

pass=0
fail=0
for f in "${files[@]}"; do
  dir=$(dirname "$f")
  # One file per chunk, beside nothing else, so both tools see identical input.
  python3 - "$f" "$work/chunk" <<'PY'
import sys
text = open(sys.argv[1]).read()
chunks, cur = [], []
for line in text.splitlines(keepends=True):
    if line.startswith("// -----"):
        chunks.append("".join(cur)); cur = []
    else:
        cur.append(line)
chunks.append("".join(cur))
for i, c in enumerate(chunks):
    open("%s%03d.pdll" % (sys.argv[2], i), "w").write(c)
PY
  for c in "$work"/chunk*.pdll; do
    set +e
    # `.td` includes build on Tessera's `tessera/OpBase.td`, embedded in tessera-pdll.
    "$UPSTREAM" -x=$kind -I "$dir" -I crates/tessera-ods/td "$c" >"$work/up.out" 2>"$work/up.err"; up=$?
    "$OURS" -x=$kind "${ours_flags[@]}" -I "$dir" "$c" >"$work/our.out" 2>"$work/our.err"; our=$?
    if grep -q '^loc(' "$work/up.err"; then
      # A verifier error: mlir-pdll prints the IR location and no source line.
      sed -E -n '1s/^loc\("([^"]*)":([0-9]+):([0-9]+)\): /\1:\2:\3: /p' "$work/up.err" >"$work/up.1"
      head -1 "$work/our.err" >"$work/our.1"
      mv "$work/up.1" "$work/up.err"; mv "$work/our.1" "$work/our.err"
    fi
    set -e
    if [ $full = 1 ]; then
      cp "$work/up.err" "$work/up.diag"; cp "$work/our.err" "$work/our.diag"
    else
      head -3 "$work/up.err" >"$work/up.diag"; head -3 "$work/our.err" >"$work/our.diag"
    fi
    "$NORM" <"$work/up.out" >"$work/up.norm"; "$NORM" <"$work/our.out" >"$work/our.norm"
    if [ $up = $our ] && cmp -s "$work/up.norm" "$work/our.norm" && cmp -s "$work/up.diag" "$work/our.diag"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "MISMATCH: $f, chunk $(basename "$c") (mlir-pdll exit $up, tessera-pdll exit $our)"
      diff "$work/up.diag" "$work/our.diag" | head -10 || true
      diff "$work/up.norm" "$work/our.norm" | head -10 || true
    fi
  done
  rm -f "$work"/chunk*.pdll
done
echo "pdll-$kind-diff: $pass passed, $fail failed"
[ $fail = 0 ]
