#!/usr/bin/env bash
# Builds tessera-tblgen for timing and prints the binary's path. On x86_64 Linux the binary is
# linked statically (static-pie, `+crt-static`), the way to build it for build systems that
# run it once per file: loading libc and libgcc_s and binding their symbols took about a
# tenth of a small file's run (see README.md). STATIC=0 builds the ordinary dynamic binary.
#   CARGO_TARGET_DIR   default /work/target-tblgen
set -eu
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-tblgen}
triple=x86_64-unknown-linux-gnu
if [ "${STATIC:-1}" = 1 ] && [ "$(uname -sm)" = "Linux x86_64" ]; then
  # With an explicit --target the flag reaches only the target's crates, not the host's proc
  # macros (which cannot be linked statically).
  cargo build --release -q -p tessera-cli --bin tessera-tblgen --target "$triple" \
    --config "target.$triple.rustflags=['-C', 'target-feature=+crt-static']" >&2
  echo "$CARGO_TARGET_DIR/$triple/release/tessera-tblgen"
else
  cargo build --release -q -p tessera-cli --bin tessera-tblgen >&2
  echo "$CARGO_TARGET_DIR/release/tessera-tblgen"
fi
