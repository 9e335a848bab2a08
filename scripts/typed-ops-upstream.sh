#!/usr/bin/env bash
# Generates typed Rust ops (tessera-build) for MLIR 19's own dialect .td files and compiles
# them in a scratch crate under `clippy -D warnings` (the compiled verifiers and assembly
# formats included; tessera-build's warnings name the ops whose format stays interpreted),
# then registers arith, cf, scf and math from their embedded models and reads, verifies and
# prints the arith corpus of tests/ods-custom and the inputs of scripts/ods-verify-diff
# (valid and invalid, chunk by chunk) with the compiled forms and with the format engine,
# which must agree (same output or same error): the generator must cope with real dialects
# (names, keywords, every arity). Last it prints how many verifier predicates of each were
# compiled to Rust. It also reads scripts/typed-ops-upstream/defs*.mlir (attributes and
# types of those dialects) with the ten dialects registered from their tables (definitions
# read by the readers compiled to Rust) and through the engine: the same output or the same
# error, chunk by chunk. Needs /usr/lib/llvm-19/include (Debian's libmlir-19-dev). Nothing
# generated here is kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
inc=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
dialects=(Arith/IR/ArithOps Func/IR/FuncOps SCF/IR/SCFOps Tensor/IR/TensorOps
  MemRef/IR/MemRefOps LLVMIR/LLVMOps Vector/IR/VectorOps Linalg/IR/LinalgOps
  ControlFlow/IR/ControlFlowOps Math/IR/MathOps)
source "$root/scripts/lib/scratch-crate.sh"
scratch_crate typed-ops-upstream
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
/// `src` read and printed in a context with builtin, func, arith, cf, scf and math: compiled
/// forms or the engine's.
fn print(compiled: bool, src: &str) -> Result<String, String> {
    let mut ctx = tessera_ir::Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let models = [
        arithops::MODEL,
        controlflowops::MODEL,
        scfops::MODEL,
        mathops::MODEL,
    ];
    if compiled {
        arithops::register(&mut ctx)?;
        controlflowops::register(&mut ctx)?;
        scfops::register(&mut ctx)?;
        mathops::register(&mut ctx)?;
    } else {
        let options = tessera_ods::dialect_hooks::options();
        for model in models {
            tessera_ods::typed::compile_model(model, &options)?.register(&mut ctx);
        }
    }
    let m = tessera_asm::parse(&mut ctx, src, "input")
        .map_err(|d| d.render(&Default::default(), Some(&ctx)))?;
    if let Err(errors) = tessera_ir::verify(&ctx, &m.body, m.module) {
        return Err(format!("{errors:?}"));
    }
    let opts = tessera_asm::PrintOptions::default();
    let custom = tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts);
    let generic = tessera_asm::PrintOptions {
        generic: true,
        ..opts
    };
    Ok(custom + &tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, generic))
}

/// A generated module's `register`.
type Register = fn(&mut tessera_ir::Context) -> Result<(), String>;

/// `src` read and printed (ops unverified: they are unregistered) with the ten dialects
/// registered: from their build-time tables (definitions read by compiled readers), or
/// through the engine.
fn read_defs(compiled: bool, src: &str) -> Result<String, String> {
    let mut ctx = tessera_ir::Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let options = tessera_ods::dialect_hooks::options();
    let modules: [(&[u8], Register); 9] = [
        (arithops::MODEL, arithops::register),
        (scfops::MODEL, scfops::register),
        (tensorops::MODEL, tensorops::register),
        (memrefops::MODEL, memrefops::register),
        (llvmops::MODEL, llvmops::register),
        (vectorops::MODEL, vectorops::register),
        (linalgops::MODEL, linalgops::register),
        (controlflowops::MODEL, controlflowops::register),
        (mathops::MODEL, mathops::register),
    ];
    for (model, register) in modules {
        if compiled {
            register(&mut ctx)?;
        } else {
            tessera_ods::typed::compile_model(model, &options)?.register(&mut ctx);
        }
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
    let (mut def_chunks, mut def_read) = (0, 0);
    let (mut chunks, mut read) = (0, 0);
    for file in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        if file.contains("typed-ops-upstream/defs") {
            for (i, chunk) in src.split("// -----\n").enumerate() {
                let (compiled, engine) = (read_defs(true, chunk), read_defs(false, chunk));
                assert_eq!(compiled, engine, "{file}, chunk {i}: the compiled definitions and the engine differ");
                def_chunks += 1;
                def_read += usize::from(engine.is_ok());
            }
            continue;
        }
        for (i, chunk) in src.split("// -----\n").enumerate() {
            let (compiled, engine) = (print(true, chunk), print(false, chunk));
            assert_eq!(compiled, engine, "{file}, chunk {i}: the compiled forms and the engine differ");
            chunks += 1;
            read += usize::from(engine.is_ok());
        }
    }
END
  cat <<'END'
    // What a context's first definition read of a dialect cost before definitions were
    // compiled (and still costs a dialect left to the engine): decoding the embedded model
    // and compiling the dialect's readers (`LazyDefs`), per dialect with definitions.
    let options = tessera_ods::dialect_hooks::options();
    for (name, model) in [("arith", arithops::MODEL), ("llvm", llvmops::MODEL), ("linalg", linalgops::MODEL), ("vector", vectorops::MODEL)] {
        let start = std::time::Instant::now();
        let (decoded, dialects) = tessera_ods::blob::decode(model).unwrap_or_else(|e| panic!("{e}"));
        let id = dialects.into_iter().find(|&d| decoded.dialect(d).name == name).unwrap_or_else(|| panic!("no {name}"));
        let defs = tessera_ods::assembly::DialectDefs::compile(&decoded, id, &options.def_assembly);
        assert!(!defs.is_empty());
        println!("{name}: the engine's definition readers take {:.2} ms to decode and compile on first use (unoptimized build); a compiled reader only builds its parameter specs on first use", start.elapsed().as_secs_f64() * 1e3);
    }
END
  echo "    println!(\"typed ops of ${#dialects[@]} dialects compiled; arith registered ({add}); compiled forms agree with the engine on {chunks} chunks ({read} read and printed, the others rejected alike); definitions read alike by the compiled readers and the engine on {def_chunks} chunks ({def_read} read)\");"
  echo '}'
} > "$work/src/main.rs"
cd "$work"
export CARGO_TARGET_DIR="$root/target"
cargo clippy -q -- -D warnings
cargo run -q -- "$root"/tests/ods-custom/arith*.mlir "$root"/scripts/ods-verify-diff/{arith,cf,scf}.mlir \
  "$root"/scripts/ods-verify-diff/valid/*.mlir "$root"/scripts/typed-ops-upstream/defs*.mlir
# How much of each dialect's verification is compiled Rust (the rest runs on the embedded
# engine), and whether it registers from tables computed at build time or through the engine
# (and why): the generated files state it.
out=$(ls -td "$CARGO_TARGET_DIR"/debug/build/typed-ops-upstream-*/out | head -1)
for f in "$out"/*.rs; do
  echo "$(basename "$f" .rs): $(grep -o 'Verifier predicates of .* embedded engine' "$f")"
  if grep -q '^mod registration' "$f"; then
    echo "  registered from build-time tables"
  else
    echo "  registered through the engine: $(grep -o 'once per process: .*' "$f" | cut -c20-400)"
  fi
  # Which dialects' definitions are read by compiled readers (how many compiled, how many
  # kept as written), and which keep the engine and why.
  grep -o 'Definitions read by compiled readers: .*' "$f" | sed 's/^/  /' || true
  grep -o 'keeps the format engine for its definitions: .*' "$f" | sed 's/^/  /' || true
done
