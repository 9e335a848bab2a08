//! `tessera-pdll -x=rust --rust-interpreted`: `tests/pdll-rust/natives.pdll` (natives written in Rust inside
//! PDLL) becomes the committed module `natives.rs`, included and compiled here. The compiled
//! module must rewrite `natives.input.mlir` into `natives.expected`, exactly as the same
//! patterns do when the PDLL file is lowered at run time with the same natives.
//! `UPDATE_EXPECT=1` rewrites the committed module and output.

use std::path::{Path, PathBuf};
use std::process::Command;
use tessera_ir::Context;
use tessera_pdl::natives::{NativeKind, Natives, PdlValue};
use tessera_pdl::PdlPatterns;
use tessera_rewrite::{apply_patterns_greedily, FrozenRewritePatternSet, RewritePatternSet};

#[allow(dead_code)]
mod natives {
    include!("pdll-rust/natives.rs");
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pdll-rust")
}

fn update() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some()
}

/// The committed module is what `tessera-pdll -x=rust` writes today.
#[test]
fn the_committed_module_is_current() {
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-pdll"))
        .current_dir(dir())
        .args(["-x=rust", "--rust-interpreted", "natives.pdll"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = dir().join("natives.rs");
    if update() {
        std::fs::write(&path, &out.stdout).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        committed,
        "natives.rs is stale: UPDATE_EXPECT=1 cargo test -p tessera-cli --test pdll_rust"
    );
}

/// What the caller provides: the native the file only declares (holds for ops with three
/// operands).
fn caller_natives() -> Natives {
    let mut natives = Natives::new();
    natives.register(
        NativeKind::Constraint,
        "FromCaller",
        |rw, args, _, _| match args.first() {
            Some(PdlValue::Op(op)) if rw.body().num_operands(*op) == 3 => Ok(()),
            _ => Err(None),
        },
    );
    natives
}

/// Applies `load`'s patterns to the input and prints the result.
fn apply(load: impl FnOnce(&mut Context) -> PdlPatterns) -> String {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    let input = std::fs::read_to_string(dir().join("natives.input.mlir")).unwrap();
    let mut module = tessera_asm::parse(&mut ctx, &input, "natives.input.mlir").unwrap();
    let patterns = load(&mut ctx);
    let mut set = RewritePatternSet::new();
    patterns.add_to(&mut ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    let outcome = apply_patterns_greedily(
        &mut ctx,
        &mut module.body,
        module.module,
        &frozen,
        Default::default(),
    );
    assert!(outcome.succeeded());
    tessera_asm::print_module(
        &ctx,
        &module.body,
        module.module,
        &module.resources,
        Default::default(),
    )
}

#[test]
fn the_compiled_module_rewrites_as_the_lowered_file_does() {
    let compiled =
        apply(|ctx| natives::load(ctx, &caller_natives()).unwrap_or_else(|d| panic!("{d:?}")));
    let expected_path = dir().join("natives.expected");
    if update() {
        std::fs::write(&expected_path, &compiled).unwrap();
    }
    assert_eq!(compiled, std::fs::read_to_string(&expected_path).unwrap());

    // The same file lowered at run time, with the compiled natives registered by hand.
    let interpreted = apply(|ctx| {
        let mut sources = tessera_ir::SourceMap::new();
        let text = std::fs::read_to_string(dir().join("natives.pdll")).unwrap();
        let file = sources.add("natives.pdll", text);
        let parsed = tessera_pdll::parse(&mut sources, file, &Default::default());
        assert!(parsed.diagnostics.has_errors().is_none());
        let mut lowered =
            tessera_pdll::lower_to_pdl(ctx, &parsed.ast, &sources, file, &Default::default())
                .unwrap_or_else(|d| panic!("{d:?}"));
        let mut all = caller_natives();
        natives::register_natives(&mut all);
        PdlPatterns::compile_and_load(ctx, &mut lowered.body, lowered.module, &all)
            .unwrap_or_else(|d| panic!("{d:?}"))
    });
    assert_eq!(compiled, interpreted);
}

/// Without the caller's native, loading names it.
#[test]
fn a_native_nobody_provides_is_named() {
    let mut ctx = Context::new();
    let err = natives::load(&mut ctx, &Natives::new()).unwrap_err();
    assert!(
        err[0]
            .message
            .contains("'FromCaller', which is not registered"),
        "{err:?}"
    );
}
