#!/usr/bin/env bash
# Differential check of DRR against MLIR 19 (in CI; needs mlir-tblgen 19, g++ and
# libmlir-19-dev). For every rules file in crates/tessera-drr/tests/drr with an input beside
# it, mlir-tblgen -gen-rewriters' C++ (with the test dialect's op definitions, read with
# -DUPSTREAM on MLIR's own OpBase.td) is compiled into a small driver and applied to the input
# with upstream's greedy driver; the result, reprinted by tessera-opt so SSA names agree, must
# equal what tessera-opt --patterns=FILE.td prints. Then every annotated mistake of
# errors/source.td and errors/result.td, one rule per file, must be reported by mlir-tblgen
# in the annotation's words.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
llvm=${LLVM_DIR:-/usr/lib/llvm-19}
tblgen="$llvm/bin/mlir-tblgen"
[ -x "$tblgen" ] || { echo "mlir-tblgen not found at $tblgen" >&2; exit 2; }
command -v g++ >/dev/null || { echo "g++ not found" >&2; exit 2; }
cargo build -q -p tessera-cli --bins --manifest-path "$here/Cargo.toml" || exit 2
opt="$here/target/debug/tessera-opt"
tessera_tblgen="$here/target/debug/tessera-tblgen"
dir="$here/crates/tessera-drr/tests/drr"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
up_tblgen() { "$tblgen" -DUPSTREAM -I "$llvm/include" -I "$dir" "$@"; }

for kind in dialect-decls:Dialect.h dialect-defs:Dialect.cpp op-decls:Ops.h op-defs:Ops.cpp; do
  up_tblgen "-gen-${kind%%:*}" "$dir/test_dialect.td" -o "$tmp/${kind#*:}.inc" || exit 2
done

for td in "$dir"/*.td; do
  name=$(basename "$td" .td)
  input="$dir/$name.mlir"
  [ -f "$input" ] || continue
  up_tblgen -gen-rewriters "$td" -o "$tmp/$name.rw.inc" || { fail=$((fail + 1)); continue; }
  g++ -std=c++17 -fno-rtti -w -I "$llvm/include" -I "$tmp" -DRULES_INC="\"$name.rw.inc\"" \
    "$here/scripts/drr-diff/drr-check.cpp" -o "$tmp/check-$name" \
    -L "$llvm/lib" -lMLIR -lLLVM -Wl,-rpath,"$llvm/lib" || { fail=$((fail + 1)); continue; }
  # Rules files that mention --mlir-print-debuginfo are compared with locations.
  flags=()
  grep -q -- '--mlir-print-debuginfo' "$td" && flags=(--mlir-print-debuginfo)
  "$tmp/check-$name" "$input" "${flags[@]}" > "$tmp/$name.up.mlir" || { echo "upstream failed: $name"; fail=$((fail + 1)); continue; }
  "$opt" "${flags[@]}" --load-dialect="$dir/test_dialect.td" -I "$dir" "$tmp/$name.up.mlir" > "$tmp/$name.up" 2>/dev/null
  "$opt" "${flags[@]}" --patterns="$td" -I "$dir" "$input" > "$tmp/$name.ours" 2>"$tmp/err"
  if cmp -s "$tmp/$name.up" "$tmp/$name.ours"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "differs: $name"; diff "$tmp/$name.up" "$tmp/$name.ours" | head -20
  fi
done

# Mistakes: each annotated rule alone, with what mlir-tblgen says about it.
for td in "$dir/errors/source.td" "$dir/errors/result.td"; do
  header=$(grep -m1 '^include' "$td")
  grep -n 'expected-error@+1' "$td" | while IFS=: read -r line _; do
    rule=$(sed -n "$((line + 1))p" "$td")
    want=$(sed -n "${line}p" "$td" | sed 's/.*{{\(.*\)}}.*/\1/')
    printf '%s\n%s\n' "$header" "$rule" > "$tmp/one.td"
    got=$(up_tblgen -gen-rewriters "$tmp/one.td" 2>&1 >/dev/null | grep -m1 'error:' | sed 's/.*error: //')
    ours=$("$tessera_tblgen" --gen-pdl -I "$dir" "$tmp/one.td" 2>&1 >/dev/null | grep -m1 'error:' | sed 's/.*error: //')
    if [ "$got" = "$want" ] && [ "$ours" = "$want" ]; then
      echo pass
    else
      echo "fail: $(basename "$td"):$((line + 1)): upstream '$got', tessera '$ours', annotated '$want'"
    fi
  done
done > "$tmp/errors"
grep '^fail' "$tmp/errors"
pass=$((pass + $(grep -c '^pass' "$tmp/errors")))
fail=$((fail + $(grep -c '^fail' "$tmp/errors")))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
