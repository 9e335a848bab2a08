//! Compiled rewriters creating ops through the typed builders of `tests/typed/ops.td`'s
//! module (`tests/typed/rules.rs` from `rules.pdll`: `state_inferred` for ops ODS infers the
//! results of, `state` with a result type matched out of the replaced op's at run time;
//! `tests/typed/inferred.rs` from `inferred.mlir`: `state_inferred` from PDL), against the same files interpreted: on `rewrites.mlir` both must
//! rewrite to the same IR. `typed_ops_current.rs` checks the committed modules are current.

use std::path::{Path, PathBuf};
use tessera_ir::{Context, SourceMap};
use tessera_pdl::{Natives, PdlPatterns};
use tessera_rewrite::{apply_patterns_greedily, FrozenRewritePatternSet, RewritePatternSet};

#[allow(dead_code)]
mod gen {
    include!("typed/ops.rs");
}
#[allow(dead_code)]
mod rules {
    include!("typed/rules.rs");
}
#[allow(dead_code)]
mod inferred {
    include!("typed/inferred.rs");
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/typed")
}

/// `rewrites.mlir` rewritten by the patterns `load` adds, printed.
fn rewrite(load: &dyn Fn(&mut Context, &mut RewritePatternSet)) -> String {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    gen::register(&mut ctx).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(dir().join("rewrites.mlir")).unwrap();
    let mut parsed =
        tessera_asm::parse(&mut ctx, &text, "rewrites.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let mut set = RewritePatternSet::new();
    load(&mut ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    apply_patterns_greedily(
        &mut ctx,
        &mut parsed.body,
        parsed.module,
        &frozen,
        Default::default(),
    );
    tessera_ir::verify(&ctx, &parsed.body, parsed.module).unwrap_or_else(|d| panic!("{d:?}"));
    tessera_asm::print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        &parsed.resources,
        Default::default(),
    )
}

#[test]
fn typed_creation_rewrites_as_the_interpreter() {
    let rules = std::fs::read_to_string(dir().join("rules.rs")).unwrap();
    for call in [
        "super::gen::AddOp::state_inferred(",
        "super::gen::SwapOp::state(",
    ] {
        assert!(rules.contains(call), "rules.rs does not call {call}");
    }
    let compiled = rewrite(&|ctx, set| {
        rules::load(ctx)
            .unwrap_or_else(|d| panic!("{}", d.message))
            .add_to_with_labels(ctx, set, &[]);
    });
    let interpreted = rewrite(&|ctx, set| {
        let file = dir().join("rules.pdll");
        let text = std::fs::read_to_string(&file).unwrap();
        let mut sources = SourceMap::new();
        let main = sources.add(file.to_string_lossy().into_owned(), text.as_str());
        let options = tessera_pdll::Options {
            include_dirs: vec![dir()],
        };
        let parsed = tessera_pdll::parse(&mut sources, main, &options);
        assert!(parsed.diagnostics.has_errors().is_none());
        let natives = tessera_pdll::with_ods_natives(&parsed.ast, Natives::new());
        let lowered = tessera_pdll::lower_to_pdl(
            ctx,
            &parsed.ast,
            &sources,
            main,
            &tessera_pdll::LowerOptions::default(),
        )
        .unwrap_or_else(|d| panic!("{d:?}"));
        let (mut body, module) = (lowered.body, lowered.module);
        PdlPatterns::compile_and_load_guarded(ctx, &mut body, module, &natives, &lowered.unbounded)
            .unwrap_or_else(|d| panic!("{d:?}"))
            .add_to_with_labels(ctx, set, &[]);
    });
    assert_eq!(compiled, interpreted);
    // The split became an add, the right-nested adds left-nested, the outer swap one of the
    // inner swap's operands turned round (the inner one, not pure, stays).
    assert!(!compiled.contains("gen.split"), "{compiled}");
    assert!(compiled.contains("\"gen.add\"(%1, %arg2)"), "{compiled}");
    assert!(
        compiled.contains("\"gen.swap\"(%arg2, %arg1)"),
        "{compiled}"
    );
}

#[test]
fn inferred_creation_rewrites_as_the_interpreter() {
    let module = std::fs::read_to_string(dir().join("inferred.rs")).unwrap();
    assert!(
        module.contains("super::gen::AddOp::state_inferred("),
        "inferred.rs calls no state_inferred"
    );
    let compiled = rewrite(&|ctx, set| {
        inferred::load(ctx)
            .unwrap_or_else(|d| panic!("{}", d.message))
            .add_to_with_labels(ctx, set, &[]);
    });
    let interpreted = rewrite(&|ctx, set| {
        let text = std::fs::read_to_string(dir().join("inferred.mlir")).unwrap();
        tessera_pdl::dialect::register_pdl_dialects(ctx).unwrap_or_else(|e| panic!("{e}"));
        let parsed =
            tessera_asm::parse(ctx, &text, "inferred.mlir").unwrap_or_else(|d| panic!("{d:?}"));
        let (mut body, module) = (parsed.body, parsed.module);
        PdlPatterns::compile_and_load(ctx, &mut body, module, &Natives::new())
            .unwrap_or_else(|d| panic!("{d:?}"))
            .add_to_with_labels(ctx, set, &[]);
    });
    assert_eq!(compiled, interpreted);
    assert!(!compiled.contains("gen.split"), "{compiled}");
}
