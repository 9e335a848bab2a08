#!/usr/bin/env bash
# Generates typed Rust ops (tessera-build) for MLIR 19's own dialect .td files and compiles
# them in a scratch crate under `clippy -D warnings` (the compiled assembly formats included;
# tessera-build's warnings name the ops whose format stays interpreted), then registers arith
# from its embedded model and reads and prints tests/ods-custom/arith*.mlir with the compiled
# forms and with the format engine, which must agree: the generator must cope with real
# dialects (names, keywords, every arity). Needs /usr/lib/llvm-19/include (Debian's
# libmlir-19-dev). Nothing generated here is kept.
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
tessera-asm = { path = "$root/crates/tessera-asm" }
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
  cat <<'END'
/// `src` read and printed in a context with builtin, func and arith: compiled forms or the
/// engine's.
fn print(compiled: bool, src: &str) -> Result<String, String> {
    let mut ctx = tessera_ir::Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    if compiled {
        arithops::register(&mut ctx)?;
    } else {
        let options = tessera_ods::dialect_hooks::options();
        tessera_ods::typed::compile_model(arithops::MODEL, &options)?.register(&mut ctx);
    }
    let m = tessera_asm::parse(&mut ctx, src, "input")
        .map_err(|d| d.render(&Default::default(), Some(&ctx)))?;
    let opts = tessera_asm::PrintOptions::default();
    let custom = tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts);
    let generic = tessera_asm::PrintOptions {
        generic: true,
        ..opts
    };
    Ok(custom + &tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, generic))
}

fn main() {
    let add = arithops::AddIOp::NAME;
    let mut files = 0;
    for file in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (compiled, engine) = (print(true, &src), print(false, &src));
        assert!(engine.is_ok(), "{file}: {engine:?}");
        assert_eq!(compiled, engine, "{file}: the compiled forms and the engine differ");
        files += 1;
    }
END
  echo "    println!(\"typed ops of ${#dialects[@]} dialects compiled; arith registered ({add}); compiled forms agree with the engine on {files} files\");"
  echo '}'
} > "$work/src/main.rs"
cd "$work"
export CARGO_TARGET_DIR="$root/target"
cargo clippy -q -- -D warnings
cargo run -q -- "$root"/tests/ods-custom/arith*.mlir
