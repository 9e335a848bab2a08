#!/usr/bin/env bash
# tessera-pdll against mlir-pdll 19, one `// -----` chunk at a time: the exit status, then for
# valid chunks the -x=ast dump (node addresses renumbered by first appearance on both sides)
# and for invalid ones the first diagnostic (message, source line and caret).
#
# Usage: scripts/pdll-ast-diff.sh [--full] [FILE_OR_DIR...]
#   (default: crates/tessera-pdll/tests/ast and crates/tessera-pdll/tests/errors)
#   --full  compare every diagnostic, not only the first.
set -euo pipefail
cd "$(dirname "$0")/.."
UPSTREAM=${MLIR_PDLL:-/usr/lib/llvm-19/bin/mlir-pdll}
full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(crates/tessera-pdll/tests/ast crates/tessera-pdll/tests/errors)
cargo build -q --release -p tessera-cli --bin tessera-pdll
OURS=target/release/tessera-pdll
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
    "$UPSTREAM" -x=ast -I "$dir" -I crates/tessera-ods/td "$c" >"$work/up.out" 2>"$work/up.err"; up=$?
    "$OURS" -x=ast -I "$dir" "$c" >"$work/our.out" 2>"$work/our.err"; our=$?
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
echo "pdll-ast-diff: $pass passed, $fail failed"
[ $fail = 0 ]
