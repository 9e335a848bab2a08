#!/usr/bin/env bash
# Generates typed Rust ops (tessera-build) for MLIR 19's own dialect .td files and compiles
# them in a scratch crate under `clippy -D warnings`, then registers arith from its embedded
# .td text: the generator must cope with real dialects (names, keywords, every arity), and
# prints how many verifier predicates of each were compiled to Rust. Needs
# /usr/lib/llvm-19/include (Debian's libmlir-19-dev). Nothing generated here is kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
inc=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
dialects=(Arith/IR/ArithOps Func/IR/FuncOps SCF/IR/SCFOps Tensor/IR/TensorOps
  MemRef/IR/MemRefOps LLVMIR/LLVMOps Vector/IR/VectorOps Linalg/IR/LinalgOps
  ControlFlow/IR/ControlFlowOps Math/IR/MathOps)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
cat > "$work/Cargo.toml" <<END
[package]
name = "typed-ops-upstream"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
tessera-ir = { path = "$root/crates/tessera-ir" }
tessera-ods = { path = "$root/crates/tessera-ods" }
[build-dependencies]
tessera-build = { path = "$root/crates/tessera-build" }
[workspace]
END
{
  echo 'fn main() -> Result<(), tessera_build::Error> {'
  echo "    let mut config = tessera_build::Config::new();"
  echo "    config.include_dir(\"$inc\");"
  for d in "${dialects[@]}"; do echo "    config.dialect(\"$inc/mlir/Dialect/$d.td\");"; done
  echo '    config.compile()?;'
  echo '    Ok(())'
  echo '}'
} > "$work/build.rs"
{
  for d in "${dialects[@]}"; do
    stem=$(basename "$d")
    echo "#[allow(dead_code)] mod $(echo "$stem" | tr 'A-Z' 'a-z') { include!(concat!(env!(\"OUT_DIR\"), \"/$stem.rs\")); }"
  done
  echo 'fn main() {'
  echo '    let mut ctx = tessera_ir::Context::new();'
  echo '    arithops::register(&mut ctx).unwrap_or_else(|e| panic!("{e}"));'
  echo '    let add = arithops::AddIOp::NAME;'
  echo "    println!(\"typed ops of ${#dialects[@]} dialects compiled; arith registered ({add})\");"
  echo '}'
} > "$work/src/main.rs"
cd "$work"
export CARGO_TARGET_DIR="$root/target"
cargo clippy -q -- -D warnings
cargo run -q
# How much of each dialect's verification is compiled Rust (the rest runs on the embedded
# engine): the generated files state it.
out=$(ls -td "$CARGO_TARGET_DIR"/debug/build/typed-ops-upstream-*/out | head -1)
for f in "$out"/*.rs; do
  echo "$(basename "$f" .rs): $(grep -o 'Verifier predicates of .* embedded engine' "$f")"
done
