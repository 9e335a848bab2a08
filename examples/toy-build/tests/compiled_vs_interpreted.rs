//! The compiled patterns (`build.rs`'s `combine.rs` and `transpose.rs`, whose rewriters
//! create Toy ops through the typed builders) against the same files run by the
//! interpreter: `patterns/combine.pdll` through `tessera-pdll`'s lowering and
//! `patterns/transpose.td` through DRR's, both loaded into `tessera-pdl`'s executor. Each
//! input is rewritten by both with the greedy driver, and the results must print the same,
//! as must a run's trace (the same patterns applied to the same ops in the same order).

use std::path::{Path, PathBuf};
use tessera_asm::{op_to_string, print_module, PrintOptions};
use tessera_ir::{Body, Context, OpId, SourceMap};
use tessera_pdl::{NativeKind, Natives, PdlPatterns, PdlValue};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, Recording, RewritePatternSet,
};
use toy_build::{combine, transpose};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The compiled modules' patterns.
fn compiled(ctx: &mut Context) -> RewritePatternSet {
    let mut set = RewritePatternSet::new();
    combine::load(ctx)
        .expect("combine loads")
        .add_to_with_labels(ctx, &mut set, &[]);
    transpose::load(ctx, &Natives::new())
        .expect("transpose loads")
        .add_to_with_labels(ctx, &mut set, &[]);
    set
}

/// The natives of `combine.pdll`, as the interpreter calls them: the compiled module's
/// functions for the code blocks, adapted to the registry's signature.
fn combine_natives() -> Natives {
    let mut natives = Natives::new();
    natives.register(
        NativeKind::Constraint,
        "HasElementCountOf",
        |rw, args, _, _| match args {
            [PdlValue::Attr(value), PdlValue::Type(ty)] => {
                combine::constraint_has_element_count_of(rw, *value, *ty)
            }
            _ => Err(Some("unexpected arguments".into())),
        },
    );
    natives.register(
        NativeKind::Rewrite,
        "Reshaped",
        |rw, args, _, results| match args {
            [PdlValue::Attr(value), PdlValue::Type(ty)] => {
                results.push(PdlValue::Attr(combine::rewrite_reshaped(rw, *value, *ty)?));
                Ok(())
            }
            _ => Err(Some("unexpected arguments".into())),
        },
    );
    natives
}

/// The same files' patterns, interpreted.
fn interpreted(ctx: &mut Context) -> RewritePatternSet {
    let mut set = RewritePatternSet::new();
    // PDLL: parsed against toy.td, lowered to PDL, loaded into the executor.
    let file = root().join("patterns/combine.pdll");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut sources = SourceMap::new();
    let main = sources.add(file.to_string_lossy().into_owned(), text.as_str());
    let options = tessera_pdll::Options {
        include_dirs: vec![root().join("td")],
    };
    let parsed = tessera_pdll::parse(&mut sources, main, &options);
    assert!(
        parsed.diagnostics.has_errors().is_none(),
        "combine.pdll parses"
    );
    let natives = tessera_pdll::with_ods_natives(&parsed.ast, combine_natives());
    let lowered = tessera_pdll::lower_to_pdl(
        ctx,
        &parsed.ast,
        &sources,
        main,
        &tessera_pdll::LowerOptions::default(),
    )
    .expect("combine.pdll lowers");
    let (mut body, module) = (lowered.body, lowered.module);
    PdlPatterns::compile_and_load_guarded(ctx, &mut body, module, &natives, &lowered.unbounded)
        .expect("combine.pdll loads")
        .add_to_with_labels(ctx, &mut set, &[]);
    // DRR: the rules lowered to PDL, their constraints as natives.
    let hooks = tessera_ods::dialect_hooks::options();
    let td = root().join("patterns/transpose.td");
    let rules = tessera_drr::load_file(
        &td.to_string_lossy(),
        &[root().join("td").to_string_lossy().into_owned()],
        &hooks,
    )
    .expect("transpose.td loads");
    let mut natives = Natives::new();
    rules.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
    let lowered = rules.lower(ctx).expect("transpose.td lowers");
    let (mut body, module) = (lowered.body, lowered.module);
    PdlPatterns::compile_and_load(ctx, &mut body, module, &natives)
        .expect("transpose.td loads")
        .add_to_with_labels(ctx, &mut set, &[]);
    set
}

/// `input` rewritten by the patterns `make` gives: the printed result and the trace.
fn run(input: &Path, make: fn(&mut Context) -> RewritePatternSet) -> (String, String) {
    let mut ctx = toy_build::context().expect("toy registers");
    let text = std::fs::read_to_string(input).unwrap();
    let mut parsed =
        tessera_asm::parse(&mut ctx, &text, &input.to_string_lossy()).expect("input parses");
    let set = make(&mut ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let config = GreedyConfig {
        recording: Recording::trace(|ctx: &Context, body: &Body, op: OpId| {
            op_to_string(ctx, body, op, PrintOptions::default())
        }),
        ..GreedyConfig::default()
    };
    let outcome =
        apply_patterns_greedily(&mut ctx, &mut parsed.body, parsed.module, &frozen, config);
    let printed = print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        &parsed.resources,
        PrintOptions::default(),
    );
    (printed, outcome.trace.unwrap_or_default())
}

#[test]
fn compiled_and_interpreted_patterns_rewrite_alike() {
    let inputs = [
        root().join("input.mlir"),
        root().join("tests/toy/combine.mlir"),
        root().join("tests/toy/recursion.mlir"),
    ];
    for input in &inputs {
        let (compiled_ir, compiled_trace) = run(input, compiled);
        let (interpreted_ir, interpreted_trace) = run(input, interpreted);
        assert_eq!(
            compiled_ir,
            interpreted_ir,
            "{}: the compiled and interpreted patterns rewrite differently",
            input.display()
        );
        assert_eq!(
            compiled_trace,
            interpreted_trace,
            "{}: traces differ",
            input.display()
        );
        assert!(
            compiled_trace.contains("toy."),
            "{}: no pattern applied, so nothing was compared",
            input.display()
        );
    }
}
