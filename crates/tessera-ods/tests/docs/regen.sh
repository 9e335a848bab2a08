#!/usr/bin/env bash
# Regenerates the expected documentation beside each input here from mlir-tblgen 19 (the
# oracle); the tests then check that tessera-ods writes the same. A `// DIALECT: name` line
# selects the dialect for -gen-dialect-doc.
set -eu
cd "$(dirname "$0")"
tblgen=${MLIR_TBLGEN:-/usr/lib/llvm-19/bin/mlir-tblgen}
for f in *.td; do
  base=${f%.td}
  "$tblgen" -gen-op-doc -I include "$f" > "$base.op.md"
  dialect=$(sed -n 's|^// DIALECT: *||p' "$f")
  "$tblgen" -gen-dialect-doc ${dialect:+-dialect "$dialect"} -I include "$f" > "$base.dialect.md"
done
