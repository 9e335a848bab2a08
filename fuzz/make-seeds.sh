#!/usr/bin/env bash
# Rebuilds the committed seed corpora from the repository's own test files, so that a fuzz run
# starts from real inputs: every `.mlir` test chunk (split at `// -----`, as the tools split
# them) for parse_mlir, every TableGen fixture for tablegen, every `[{...}]` format of the
# assembly format tests for ods_format, every C++ predicate and builder string of the ODS
# predicate tests for ods_pred, every PDLL test chunk for pdll, every PDL test chunk for pdl,
# every DRR rules file (without its include of the test dialect) for drr, every dialect
# `tessera-build` tests and examples compile (without its OpBase.td include) for ods_rust; files over 8 KiB are
# left out. Seeds are named after their
# source, so a crashing seed says where it came from.
set -euo pipefail
# The byte order of file names and lines, so seed names are the same on every machine.
export LC_ALL=C
cd "$(dirname "$0")/.."

# split_chunks FILE DIR EXT: one seed per `// -----` chunk of FILE, named DIR/<dir>-<name>-<n>.
split_chunks() {
  local base
  base=$(basename "$(dirname "$1")")-$(basename "$1" "$3")
  awk -v out="$2/$base" '
    BEGIN { n = 0; file = out "-" n }
    /^\/\/ -----/ { close(file); n++; file = out "-" n; next }
    { print > file }
  ' "$1"
}
rm -rf fuzz/seeds/parse_mlir fuzz/seeds/tablegen fuzz/seeds/ods_format fuzz/seeds/ods_pred fuzz/seeds/pdll fuzz/seeds/pdl \
  fuzz/seeds/drr fuzz/seeds/ods_rust
mkdir -p fuzz/seeds/parse_mlir fuzz/seeds/tablegen fuzz/seeds/ods_format fuzz/seeds/ods_pred fuzz/seeds/pdll \
  fuzz/seeds/pdl fuzz/seeds/drr fuzz/seeds/ods_rust
for f in crates/tessera-asm/tests/roundtrip/*.mlir crates/tessera-asm/tests/invalid/*.mlir \
         examples/toy-build/tests/toy/*.mlir crates/tessera-cli/tests/defs/*.mlir \
         crates/tessera-cli/tests/pdl/*.mlir tests/ods-custom/*.mlir examples/*.mlir; do
  split_chunks "$f" fuzz/seeds/parse_mlir .mlir
done
cp crates/tessera-tablegen/tests/fixtures/*.td fuzz/seeds/tablegen/
# Every assembly format of the format tests, one seed each (the text between `[{` and `}]`).
for f in crates/tessera-ods/tests/format/*/*.td; do
  awk -v out="fuzz/seeds/ods_format/$(basename "$f" .td)" '
    { text = text $0 "\n" }
    END {
      n = 0
      while ((i = index(text, "[{")) > 0) {
        text = substr(text, i + 2); j = index(text, "}]")
        if (j == 0) break
        printf "%s", substr(text, 1, j - 1) > (out "-" n); close(out "-" n); n++
        text = substr(text, j + 2)
      }
    }' "$f"
done
# Every C++ string of the predicate tests' constraints and builders, one seed each.
n=0
grep -ohE '(CPred<|[bB]uilderCall = )"[^"]*"' crates/tessera-ods/tests/pred/inputs/*.td |
  sed -E 's/^[^"]*"(.*)"$/\1/' | sort -u | while IFS= read -r text; do
    printf '%s' "$text" > "fuzz/seeds/ods_pred/pred-$n"
    n=$((n + 1))
  done
# Every PDLL test chunk.
for f in crates/tessera-pdll/tests/*/*.pdll crates/tessera-pdll/tests/*/inc/*.pdll; do
  split_chunks "$f" fuzz/seeds/pdll .pdll
done
# Every PDL pattern test chunk: the dialect tests, the matcher compiler's and the executor's inputs.
for f in crates/tessera-cli/tests/pdl/*.mlir crates/tessera-pdl/tests/compiler/*.mlir \
         crates/tessera-cli/tests/pdl-exec/*.mlir examples/pdl/*.mlir; do
  split_chunks "$f" fuzz/seeds/pdl .mlir
done
# Every DRR rules file; the target supplies the dialect, so its include is left out.
for f in crates/tessera-drr/tests/drr/*.td crates/tessera-drr/tests/drr/errors/*.td; do
  [ "$(basename "$f")" = test_dialect.td ] && continue
  grep -v '^include' "$f" > "fuzz/seeds/drr/$(basename "$(dirname "$f")")-$(basename "$f" .td)"
done
# Every dialect of tessera-build's tests and the examples; the target supplies OpBase.td.
for f in crates/tessera-build/tests/typed/ops.td examples/toy-build/td/toy.td examples/pdll-ods/calc.td; do
  grep -v 'include "tessera/OpBase.td"' "$f" > "fuzz/seeds/ods_rust/$(basename "$f")"
done
# Small inputs mutate fast and keep the corpus small; the big test files add little coverage.
find fuzz/seeds -type f \( -size +8k -o -empty \) -delete
echo "parse_mlir: $(ls fuzz/seeds/parse_mlir | wc -l) seeds, tablegen: $(ls fuzz/seeds/tablegen | wc -l) seeds," \
  "ods_format: $(ls fuzz/seeds/ods_format | wc -l) seeds, ods_pred: $(ls fuzz/seeds/ods_pred | wc -l) seeds," \
  "pdll: $(ls fuzz/seeds/pdll | wc -l) seeds, pdl: $(ls fuzz/seeds/pdl | wc -l) seeds," \
  "drr: $(ls fuzz/seeds/drr | wc -l) seeds, ods_rust: $(ls fuzz/seeds/ods_rust | wc -l) seeds"
