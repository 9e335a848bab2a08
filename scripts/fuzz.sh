#!/usr/bin/env bash
# Runs every fuzz target, starting from the committed seeds (fuzz/seeds/TARGET), and fails on
# the first crash.
#
#   scripts/fuzz.sh SECONDS [TARGET...]      explore: also keeps and reuses fuzz/corpus/TARGET
#   scripts/fuzz.sh --runs N [TARGET...]     bounded: N inputs from the seeds alone, with a
#                                            fixed random seed (what CI runs). The mutations
#                                            still follow coverage, which differs between
#                                            builds and machines: before submitting, explore
#                                            (the first form) for longer than CI runs.
#
# Without targets, every target runs. Works on the stable toolchain: cargo-fuzz is installed
# from crates.io if missing, and the targets are built without a sanitizer (`-s none`); on
# nightly, FUZZ_SANITIZER=address turns AddressSanitizer on. A crash leaves its input in
# fuzz/artifacts/TARGET/; make it a regression test (crates/tessera-asm/tests/fuzz_regressions.rs,
# the invalid corpus, crates/tessera-tablegen/tests/robustness.rs, or the format unit tests in
# crates/tessera-ods/src/format/).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
if [ "${1:-}" = "--runs" ]; then
  limit=(-runs="$2" -seed=1)
  what="$2 runs"
  shift 2
else
  limit=(-max_total_time="${1:-60}")
  what="${1:-60}s"
  shift || true
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(parse_mlir tablegen ods_format ods_pred pdll pdl drr ods_rust)
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked --quiet
fi
sanitizer=${FUZZ_SANITIZER:-none}
for target in "${targets[@]}"; do
  if [ "${limit[1]:-}" = "-seed=1" ]; then
    # A fresh corpus: only the committed seeds, not what exploring kept.
    corpus=$(mktemp -d)
  else
    corpus="corpus/$target"
    mkdir -p "$corpus"
  fi
  log=$(mktemp)
  echo "== fuzz $target: $what (sanitizer: $sanitizer)"
  if ! cargo fuzz run -s "$sanitizer" "$target" "$corpus" "seeds/$target" -- \
      "${limit[@]}" -rss_limit_mb=4096 -timeout=30 -print_final_stats=1 \
      >"$log" 2>&1; then
    grep -v '^#' "$log" | tail -60
    echo "fuzz $target: CRASH (input in fuzz/artifacts/$target/)"
    rm -f "$log"
    exit 1
  fi
  runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  echo "fuzz $target: ${runs:-?} runs, no crash"
  rm -f "$log"
  [ "$corpus" = "corpus/$target" ] || rm -rf "$corpus"
done
