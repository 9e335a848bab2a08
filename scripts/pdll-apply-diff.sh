#!/usr/bin/env bash
# PDLL applied end to end, against upstream's route to the same result: for every
# crates/tessera-cli/tests/pdll-apply/NAME.pdll and its NAME.input.mlir,
#   upstream: mlir-pdll -x=mlir NAME.pdll, placed as `module @patterns` beside the input as
#             `module @ir`, then mlir-opt --test-pdl-bytecode-pass (the @ir module printed);
#   tessera:  tessera-opt --patterns=NAME.pdll NAME.input.mlir.
# Both must print the same IR, and it must be the committed NAME.expected (what `cargo test`
# compares against). The inputs give every pattern an explicit benefit: mlir-pdll 19's default
# is 0, the specification's (and tessera-pdll's) the number of matched operations.
#
# Usage: scripts/pdll-apply-diff.sh [--regen]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
llvm=${LLVM_DIR:-/usr/lib/llvm-19}
[ -x "$llvm/bin/mlir-pdll" ] || { echo "mlir-pdll not found under $llvm" >&2; exit 2; }
regen=0
[ "${1:-}" = --regen ] && regen=1
cargo build --release -q -p tessera-cli --bin tessera-opt --manifest-path "$here/Cargo.toml"
opt="${CARGO_TARGET_DIR:-$here/target}/release/tessera-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for pdll in "$here"/crates/tessera-cli/tests/pdll-apply/*.pdll; do
  base=${pdll%.pdll}
  name=$(basename "$base")
  # mlir-pdll prints locations; mlir-opt prints the patterns back without them.
  "$llvm/bin/mlir-pdll" -x=mlir "$pdll" | "$llvm/bin/mlir-opt" >"$tmp/patterns.mlir"
  python3 - "$tmp/patterns.mlir" "$base.input.mlir" >"$tmp/combined.mlir" <<'PY'
import sys
patterns = open(sys.argv[1]).read()
# The pattern module's body, without its `module {` line and closing brace.
body = patterns.rstrip().splitlines()[1:-1]
print("module @patterns {")
print("\n".join(body))
print("}")
print("module @ir {")
print(open(sys.argv[2]).read())
print("}")
PY
  "$llvm/bin/mlir-opt" --allow-unregistered-dialect --test-pdl-bytecode-pass "$tmp/combined.mlir" >"$tmp/applied.mlir"
  python3 - "$tmp/applied.mlir" >"$tmp/ir.mlir" <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index("module @ir {")
depth, i = 0, text.index("{", start)
while True:
    if text[i] == "{": depth += 1
    elif text[i] == "}":
        depth -= 1
        if depth == 0: break
    i += 1
print(text[text.index("{", start) + 1:i])
PY
  "$llvm/bin/mlir-opt" --allow-unregistered-dialect "$tmp/ir.mlir" >"$tmp/upstream"
  "$opt" --allow-unregistered-dialect --patterns="$pdll" "$base.input.mlir" >"$tmp/ours" 2>"$tmp/err" || true
  if [ $regen = 1 ]; then cp "$tmp/upstream" "$base.expected"; fi
  if ! cmp -s "$tmp/upstream" "$tmp/ours"; then
    fail=$((fail + 1)); echo "== $name: tessera-opt and the mlir-pdll + mlir-opt route differ"
    diff "$tmp/upstream" "$tmp/ours" | head -20 || true; head -5 "$tmp/err"
  elif ! cmp -s "$tmp/upstream" "$base.expected"; then
    fail=$((fail + 1)); echo "== $name.expected is stale: run scripts/pdll-apply-diff.sh --regen"
  else
    pass=$((pass + 1))
  fi
done
echo "pdll-apply-diff: $pass passed, $fail failed"
[ $fail = 0 ]
