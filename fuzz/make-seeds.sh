#!/usr/bin/env bash
# Rebuilds the committed seed corpora from the repository's own test files, so that a fuzz run
# starts from real inputs: every `.mlir` test chunk (split at `// -----`, as the tools split
# them) for parse_mlir, every TableGen fixture for tablegen; files over 8 KiB are left out. Seeds are named after their
# source, so a crashing seed says where it came from.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf fuzz/seeds/parse_mlir fuzz/seeds/tablegen
mkdir -p fuzz/seeds/parse_mlir fuzz/seeds/tablegen
for f in crates/tessera-asm/tests/roundtrip/*.mlir crates/tessera-asm/tests/invalid/*.mlir \
         crates/tessera-rewrite/tests/toy/*.mlir examples/*.mlir; do
  base=$(basename "$(dirname "$f")")-$(basename "$f" .mlir)
  awk -v out="fuzz/seeds/parse_mlir/$base" '
    BEGIN { n = 0; file = out "-" n }
    /^\/\/ -----/ { close(file); n++; file = out "-" n; next }
    { print > file }
  ' "$f"
done
cp crates/tessera-tablegen/tests/fixtures/*.td fuzz/seeds/tablegen/
# Small inputs mutate fast and keep the corpus small; the big test files add little coverage.
find fuzz/seeds -type f \( -size +8k -o -empty \) -delete
echo "parse_mlir: $(ls fuzz/seeds/parse_mlir | wc -l) seeds, tablegen: $(ls fuzz/seeds/tablegen | wc -l) seeds"
