#!/usr/bin/env bash
# Runs every fuzz target for a while, starting from the committed seeds (fuzz/seeds/TARGET) plus
# whatever an earlier run kept in fuzz/corpus/TARGET (gitignored), and fails on the first crash.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default: 60 seconds, every target
#
# Works on the stable toolchain: cargo-fuzz is installed from crates.io if missing, and the
# targets are built without a sanitizer (`-s none`); on nightly, FUZZ_SANITIZER=address turns
# AddressSanitizer on. A crash leaves its input in fuzz/artifacts/TARGET/; make it a regression
# test (crates/tessera-asm/tests/fuzz_regressions.rs, crates/tessera-tablegen/tests/robustness.rs).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(parse_mlir tablegen)
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked --quiet
fi
sanitizer=${FUZZ_SANITIZER:-none}
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  log=$(mktemp)
  echo "== fuzz $target for ${seconds}s (sanitizer: $sanitizer)"
  if ! cargo fuzz run -s "$sanitizer" "$target" "corpus/$target" "seeds/$target" -- \
      -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=30 -print_final_stats=1 \
      >"$log" 2>&1; then
    grep -v '^#' "$log" | tail -60
    echo "fuzz $target: CRASH (input in fuzz/artifacts/$target/)"
    rm -f "$log"
    exit 1
  fi
  runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  echo "fuzz $target: ${runs:-?} runs, no crash"
  rm -f "$log"
done
