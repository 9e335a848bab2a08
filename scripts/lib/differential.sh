# Shared by the differential scripts that compare tessera-opt with mlir-opt 19 (sourced, not
# run): finds mlir-opt, builds tessera-opt in release mode, and counts what agrees.
# Sets: here (the repository), mlir_opt, include, tessera, tmp (removed at exit), pass, fail.
# Defines: check NAME EXPECTED ACTUAL (files equal), status NAME COMMAND... (command
# succeeds), summary (prints "N passed, M failed" and returns whether nothing failed).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
include=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
[ -x "$mlir_opt" ] || { echo "mlir-opt not found at $mlir_opt" >&2; exit 2; }
cargo build --release -q -p tessera-cli --manifest-path "$here/Cargo.toml" || exit 2
tessera="$here/target/release/tessera-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
check() { # name, expected file, actual file
  if cmp -s "$2" "$3"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "differs: $1"; diff "$2" "$3" | head -10
  fi
}
status() { # name, command...
  local name=$1; shift
  if "$@" >/dev/null 2>"$tmp/err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "fails: $name"; head -10 "$tmp/err"
  fi
}
summary() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
