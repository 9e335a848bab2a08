//! `tessera-pdll -x=rust`, the patterns compiled ahead of time: `tests/pdll-rust/natives.pdll`
//! (natives written in Rust inside PDLL, one only declared) becomes the committed module
//! `natives_aot.rs`, included and compiled here. It must rewrite `natives.input.mlir` into
//! `natives.expected`, exactly as the interpreted module (`pdll_rust.rs`) and the file
//! lowered at run time do. `examples/pdll/patterns.pdll` is compiled the same way
//! (`examples_pdll_aot.rs`) and must rewrite `examples/pdll/input.mlir` into its `.expected`,
//! as the interpreter does. `examples/pdll-ods/patterns.pdll`, which includes its dialect's
//! `.td` and uses its ODS constraints, becomes `examples_pdll_ods_aot.rs`: the constraints'
//! predicates travel inside the module, so it must rewrite the example's input into its
//! `.expected` with no `.td` read and no native supplied. `UPDATE_EXPECT=1` rewrites the
//! committed modules.

use std::path::{Path, PathBuf};
use std::process::Command;
use tessera_ir::{Context, OpId};
use tessera_pdl::natives::{NativeFailure, NativeKind, Natives, PdlValue};
use tessera_pdl::PdlPatterns;
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, PatternRewriter, RewritePatternSet,
};

/// The generated module: it calls the natives the file only declares as
/// `super::natives::Name`.
mod compiled {
    include!("pdll-rust/natives_aot.rs");
}

/// The generated module of `examples/pdll/patterns.pdll`.
mod examples_pdll {
    include!("pdll-rust/examples_pdll_aot.rs");
}

/// The generated module of `examples/pdll-ods/patterns.pdll` (ODS constraints inside).
mod examples_pdll_ods {
    include!("pdll-rust/examples_pdll_ods_aot.rs");
}

/// What the caller provides: the native `natives.pdll` only declares.
mod natives {
    use super::*;

    /// Holds for ops with three operands.
    #[allow(non_snake_case)]
    pub fn FromCaller(rw: &mut PatternRewriter<'_>, op: OpId) -> Result<(), NativeFailure> {
        if rw.body().num_operands(op) == 3 {
            Ok(())
        } else {
            Err(None)
        }
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pdll-rust")
}

/// `tessera-pdll -x=rust FILE [ARGS]` run in `dir`.
fn generate(dir: &Path, file: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-pdll"))
        .current_dir(dir)
        .args(["-x=rust", file])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The committed modules are what `tessera-pdll -x=rust` writes today.
#[test]
fn the_committed_modules_are_current() {
    for (fresh, name) in [
        (generate(&dir(), "natives.pdll", &[]), "natives_aot.rs"),
        (
            generate(&root(), "examples/pdll/patterns.pdll", &[]),
            "examples_pdll_aot.rs",
        ),
        (
            generate(
                &root(),
                "examples/pdll-ods/patterns.pdll",
                &["-I", "examples/pdll-ods"],
            ),
            "examples_pdll_ods_aot.rs",
        ),
    ] {
        let path = dir().join(name);
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            fresh, committed,
            "{name} is stale: UPDATE_EXPECT=1 cargo test -p tessera-cli --test pdll_rust_aot"
        );
    }
}

/// Applies the patterns `add` puts in a set to `natives.input.mlir` and prints the result.
fn apply(add: impl FnOnce(&mut Context, &mut RewritePatternSet)) -> String {
    apply_to(&dir().join("natives.input.mlir"), add)
}

/// Applies the patterns `add` puts in a set to `input` and prints the result.
fn apply_to(input: &Path, add: impl FnOnce(&mut Context, &mut RewritePatternSet)) -> String {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    let text = std::fs::read_to_string(input).unwrap();
    let mut module = tessera_asm::parse(&mut ctx, &text, "input.mlir").unwrap();
    let mut set = RewritePatternSet::new();
    add(&mut ctx, &mut set);
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

fn op_arg(args: &[PdlValue]) -> Result<OpId, NativeFailure> {
    match args.first() {
        Some(PdlValue::Op(op)) => Ok(*op),
        _ => Err(Some("expects an operation".into())),
    }
}

/// The compiled module's natives, registered for the interpreter.
fn registry() -> Natives {
    let mut n = Natives::new();
    n.register(NativeKind::Constraint, "FromCaller", |rw, args, _, _| {
        natives::FromCaller(rw, op_arg(args)?)
    });
    n.register(
        NativeKind::Constraint,
        "HasOneUse",
        |rw, args, _, _| match args.first() {
            Some(PdlValue::Value(v)) => compiled::constraint_has_one_use(rw, *v),
            _ => Err(None),
        },
    );
    n.register(
        NativeKind::Rewrite,
        "FirstOperandType",
        |rw, args, _, out| {
            out.push(PdlValue::Type(compiled::rewrite_first_operand_type(
                rw,
                op_arg(args)?,
            )?));
            Ok(())
        },
    );
    n.register(NativeKind::Rewrite, "Reversed", |rw, args, _, out| {
        let (values, count) = compiled::rewrite_reversed(rw, op_arg(args)?)?;
        out.push(PdlValue::Values(values.into()));
        out.push(PdlValue::Attr(count));
        Ok(())
    });
    n
}

#[test]
fn the_compiled_module_rewrites_as_the_lowered_file_does() {
    let compiled = apply(|ctx, set| {
        compiled::load(ctx)
            .unwrap_or_else(|d| panic!("{d:?}"))
            .add_to(ctx, set)
    });
    let expected = std::fs::read_to_string(dir().join("natives.expected")).unwrap();
    assert_eq!(compiled, expected);

    // The same file lowered at run time and interpreted, with the same natives.
    let interpreted = apply(|ctx, set| {
        let mut sources = tessera_ir::SourceMap::new();
        let text = std::fs::read_to_string(dir().join("natives.pdll")).unwrap();
        let file = sources.add("natives.pdll", text);
        let parsed = tessera_pdll::parse(&mut sources, file, &Default::default());
        assert!(parsed.diagnostics.has_errors().is_none());
        let mut lowered =
            tessera_pdll::lower_to_pdl(ctx, &parsed.ast, &sources, file, &Default::default())
                .unwrap_or_else(|d| panic!("{d:?}"));
        PdlPatterns::compile_and_load_guarded(
            ctx,
            &mut lowered.body,
            lowered.module,
            &registry(),
            &lowered.unbounded,
        )
        .unwrap_or_else(|d| panic!("{d:?}"))
        .add_to(ctx, set)
    });
    assert_eq!(compiled, interpreted);
}

#[test]
fn the_compiled_example_rewrites_as_the_interpreter_does() {
    let input = root().join("examples/pdll/input.mlir");
    let compiled = apply_to(&input, |ctx, set| {
        examples_pdll::load(ctx)
            .unwrap_or_else(|d| panic!("{d:?}"))
            .add_to(ctx, set)
    });
    let interpreted = apply_to(&input, |ctx, set| {
        let mut sources = tessera_ir::SourceMap::new();
        let text = std::fs::read_to_string(root().join("examples/pdll/patterns.pdll")).unwrap();
        let file = sources.add("patterns.pdll", text);
        let parsed = tessera_pdll::parse(&mut sources, file, &Default::default());
        assert!(parsed.diagnostics.has_errors().is_none());
        let mut lowered =
            tessera_pdll::lower_to_pdl(ctx, &parsed.ast, &sources, file, &Default::default())
                .unwrap_or_else(|d| panic!("{d:?}"));
        PdlPatterns::compile_and_load_guarded(
            ctx,
            &mut lowered.body,
            lowered.module,
            &Natives::new(),
            &lowered.unbounded,
        )
        .unwrap_or_else(|d| panic!("{d:?}"))
        .add_to(ctx, set)
    });
    assert_eq!(compiled, interpreted);
    let expected =
        std::fs::read_to_string(root().join("examples/pdll/input.mlir.expected")).unwrap();
    // The tool's output ends with one more line break than the printed module.
    assert_eq!(compiled.trim_end(), expected.trim_end());
}

#[test]
fn the_compiled_ods_example_checks_its_constraints_without_the_td() {
    let dialect = root().join("examples/pdll-ods/calc.td");
    let loaded = tessera_cli::load_dialect::load_dialect(
        dialect.to_str().unwrap(),
        &[],
        &tessera_ods::dialect_hooks::options(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    loaded.registration.register(&mut ctx);
    let input = std::fs::read_to_string(root().join("examples/pdll-ods/input.mlir")).unwrap();
    let mut module = tessera_asm::parse(&mut ctx, &input, "input.mlir").unwrap();
    let mut set = RewritePatternSet::new();
    examples_pdll_ods::load(&mut ctx)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .add_to(&mut ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    let outcome = apply_patterns_greedily(
        &mut ctx,
        &mut module.body,
        module.module,
        &frozen,
        Default::default(),
    );
    assert!(outcome.succeeded());
    let printed = tessera_asm::print_module(
        &ctx,
        &module.body,
        module.module,
        &module.resources,
        Default::default(),
    );
    let expected =
        std::fs::read_to_string(root().join("examples/pdll-ods/input.mlir.expected")).unwrap();
    // `trunc %wide : i64` stays: its operand is not an `I32`, which only the ODS predicate
    // (compiled into the module) can tell.
    assert!(printed.contains("calc.trunc %arg1 : i64"), "{printed}");
    assert_eq!(printed.trim_end(), expected.trim_end());
}
