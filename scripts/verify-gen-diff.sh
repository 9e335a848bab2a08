#!/usr/bin/env bash
# Differential check of the verifiers tessera-build compiles to Rust against the ODS engine,
# on MLIR 19's own dialects: a scratch crate generates arith, cf, func, scf, pdl and
# pdl_interp from their upstream .td files, then for every op of every chunk of the inputs
# of scripts/ods-verify-diff/ (valid and invalid) calls the engine's verifier and the
# generated one and requires the same result (Ok, or the identical diagnostic). Prints, per
# dialect, the ops compared and how many failed verification. Needs /usr/lib/llvm-19
# (include/ and bin/mlir-opt).
# Usage: scripts/verify-gen-diff.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
inc=${MLIR_INCLUDE:-/usr/lib/llvm-19/include}
source "$root/scripts/lib/scratch-crate.sh"
scratch_crate verify-gen-diff
# dialect module -> .td file (under $inc/mlir/Dialect) and input (under scripts/ods-verify-diff)
dialects=(arith:Arith/IR/ArithOps cf:ControlFlow/IR/ControlFlowOps func:Func/IR/FuncOps
  scf:SCF/IR/SCFOps pdl:PDL/IR/PDLOps pdl_interp:PDLInterp/IR/PDLInterpOps)
{
  echo 'fn main() -> Result<(), tessera_build::Error> {'
  echo "    let mut config = tessera_build::Config::new();"
  echo "    config.include_dir(\"$inc\");"
  for d in "${dialects[@]}"; do echo "    config.dialect(\"$inc/mlir/Dialect/${d#*:}.td\");"; done
  echo '    config.compile()?;'
  echo '    Ok(())'
  echo '}'
} > "$work/build.rs"
{
  for d in "${dialects[@]}"; do
    echo "#[allow(dead_code)] mod ${d%%:*} { include!(concat!(env!(\"OUT_DIR\"), \"/$(basename "${d#*:}").rs\")); }"
  done
  cat <<'END'
use std::collections::BTreeMap;
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{Context, VerifyHook};

type Install = fn(&mut Context, &tessera_ods::register::Options);

/// Every dialect registered through the engine; each op's engine and generated verifiers.
/// Also a second context reading with the generated checks of inherent attributes.
fn hooks(all: &[(&'static [u8], Install)]) -> (Context, Context, BTreeMap<String, (VerifyHook, VerifyHook)>) {
    let options = tessera_ods::dialect_hooks::options();
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let mut gctx = Context::new();
    gctx.set_allow_unregistered_dialects(true);
    let mut scratch = Context::new();
    let mut names = Vec::new();
    for (model, _) in all {
        let r = tessera_ods::typed::compile_model(model, &options).unwrap_or_else(|e| panic!("{e}"));
        r.register(&mut ctx);
        r.register(&mut gctx);
        r.register(&mut scratch);
        names.extend(r.op_names().map(str::to_string));
    }
    let hook = |ctx: &Context, n: &str| {
        let id = ctx.lookup_ident(n).unwrap();
        ctx.op_info(id).and_then(|i| i.verify.clone()).unwrap()
    };
    let engine: Vec<VerifyHook> = names.iter().map(|n| hook(&scratch, n)).collect();
    for (_, install) in all {
        install(&mut scratch, &options);
        install(&mut gctx, &options);
    }
    let map = names
        .iter()
        .zip(engine)
        .map(|(n, e)| (n.clone(), (e, hook(&scratch, n))))
        .collect();
    (ctx, gctx, map)
}

fn main() {
    let all: [(&'static [u8], Install); 6] = [
        (arith::MODEL, arith::install_verifiers),
        (cf::MODEL, cf::install_verifiers),
        (func::MODEL, func::install_verifiers),
        (scf::MODEL, scf::install_verifiers),
        (pdl::MODEL, pdl::install_verifiers),
        (pdl_interp::MODEL, pdl_interp::install_verifiers),
    ];
    let (mut ctx, mut gctx, hooks) = hooks(&all);
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (mut ops, mut errors, mut unread, mut differ) = (0, 0, 0, 0);
        for (i, chunk) in text.split("// -----").enumerate() {
            let parsed = match (
                tessera_asm::parse(&mut ctx, chunk, &path),
                tessera_asm::parse(&mut gctx, chunk, &path),
            ) {
                (Ok(parsed), Ok(_)) => parsed,
                // Input refused before any op exists (properties that do not convert):
                // both sides must refuse it in the same words.
                (Err(want), Err(got)) => {
                    unread += 1;
                    if want.message != got.message {
                        differ += 1;
                        eprintln!("{path}, chunk {i}: engine: {}\n  generated: {}", want.message, got.message);
                    }
                    continue;
                }
                (want, got) => {
                    differ += 1;
                    eprintln!("{path}, chunk {i}: read by one side only: engine {:?}, generated {:?}",
                        want.err().map(|d| d.message), got.err().map(|d| d.message));
                    continue;
                }
            };
            let body = &parsed.body;
            walk(body, parsed.module, WalkOrder::PreOrder, |op| {
                let name = ctx.str(body.op_name(op));
                if let Some((e, g)) = hooks.get(name) {
                    let (want, got) = (e(&ctx, body, op), g(&ctx, body, op));
                    ops += 1;
                    errors += want.is_err() as usize;
                    if want != got {
                        differ += 1;
                        eprintln!("{path}, chunk {i}, '{name}':\n  engine:    {want:?}\n  generated: {got:?}");
                    }
                }
                WalkControl::Advance
            });
        }
        failed |= differ > 0;
        println!("{path}: {ops} ops compared, {errors} failing verification, {differ} differing, {unread} chunks refused by both");
    }
    if failed {
        std::process::exit(1);
    }
}
END
} > "$work/src/main.rs"
cd "$work"
export CARGO_TARGET_DIR="$root/target"
cargo build -q 2>/dev/null || cargo build
# The valid inputs are in custom form, some needing hooks registered only by tessera-opt:
# mlir-opt 19 writes them in generic form first, as scripts/ods-verify-diff.sh does.
valid=()
for f in "$root"/scripts/ods-verify-diff/valid/*.mlir; do
  out="$work/valid-$(basename "$f")"
  "${LLVM_DIR:-/usr/lib/llvm-19}/bin/mlir-opt" --allow-unregistered-dialect \
    --mlir-print-op-generic "$f" -o "$out"
  valid+=("$out")
done
"$CARGO_TARGET_DIR/debug/verify-gen-diff" "$root"/scripts/ods-verify-diff/*.mlir "${valid[@]}"
