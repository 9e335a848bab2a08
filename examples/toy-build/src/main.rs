//! Toy, built with `tessera-build`: `build.rs` turned `td/toy.td` into typed Rust ops and
//! `patterns/combine.pdll` into a Rust module of patterns. This program reads a `.mlir` file,
//! applies the combine patterns greedily, folds `toy.add` of a value with itself into a
//! multiplication by two (a pattern written in Rust against the typed ops), and prints the
//! result.
//!
//! ```sh
//! cargo run -p toy-build -- examples/toy-build/input.mlir
//! ```

use std::process::ExitCode;
use tessera_ir::{AttrKind, Context, OpId, SourceMap};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, MatchResult, PatternInfo, PatternRewriter,
    RewritePattern, RewritePatternSet,
};

/// The Toy dialect's typed ops, generated from `td/toy.td`.
#[allow(dead_code)]
mod toy {
    include!(concat!(env!("OUT_DIR"), "/toy.rs"));
}

/// The combine patterns, generated from `patterns/combine.pdll`.
#[allow(dead_code)]
mod combine {
    include!(concat!(env!("OUT_DIR"), "/combine.rs"));
}

/// `add(x, x) -> mul(x, 2)`, written in Rust with the typed accessors and builders.
struct AddToMulByTwo;

impl RewritePattern for AddToMulByTwo {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, toy::AddOp::NAME, 1)
            .with_debug_name("AddToMulByTwo")
            .with_generated_ops(ctx, &[toy::ConstantOp::NAME, toy::MulOp::NAME])
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> MatchResult {
        let Some(add) = toy::AddOp::from_op(rw.ctx(), rw.body(), op) else {
            return rw.notify_match_failure(op, "not a well-formed toy.add");
        };
        let (x, y) = (add.lhs(rw.ctx(), rw.body()), add.rhs(rw.ctx(), rw.body()));
        if x != y {
            return rw.notify_match_failure(op, "the operands differ");
        }
        let ty = rw.body().value_type(add.result(rw.ctx(), rw.body()));
        let Some(count) = rw.ctx().num_elements(ty) else {
            return rw.notify_match_failure(op, "the shape is not static");
        };
        let loc = rw.body().op_loc(op);
        // A splat of 2.0: one f64, little endian.
        let twos = rw.ctx_mut().attr(AttrKind::DenseElements {
            ty,
            data: 2.0f64.to_le_bytes().into(),
            splat: count > 0,
        });
        let state = toy::ConstantOp::state(rw.ctx_mut(), loc, twos, ty);
        let two = toy::ConstantOp(rw.create(state));
        let two = two.result(rw.ctx(), rw.body());
        let state = toy::MulOp::state(rw.ctx_mut(), loc, x, two, ty);
        let mul = rw.create(state);
        rw.replace_op_with_op(op, mul);
        Ok(())
    }
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: toy-build INPUT.mlir");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    if let Err(e) = toy::register(&mut ctx) {
        eprint!("{e}");
        return ExitCode::FAILURE;
    }
    let mut sources = SourceMap::new();
    sources.add(path.clone(), text.as_str());
    let render = |d: &tessera_ir::Diagnostic, ctx: &Context| d.render(&sources, Some(ctx));
    let mut module = match tessera_asm::parse(&mut ctx, &text, &path) {
        Ok(module) => module,
        Err(d) => {
            eprint!("{}", render(&d, &ctx));
            return ExitCode::FAILURE;
        }
    };
    if let Err(diags) = tessera_ir::verify(&ctx, &module.body, module.module) {
        for d in diags {
            eprint!("{}", render(&d, &ctx));
        }
        return ExitCode::FAILURE;
    }
    let patterns = match combine::load(&mut ctx, &Default::default()) {
        Ok(patterns) => patterns,
        Err(diags) => {
            for d in diags {
                eprint!("{}", render(&d, &ctx));
            }
            return ExitCode::FAILURE;
        }
    };
    let mut set = RewritePatternSet::new();
    patterns.add_to(&mut ctx, &mut set);
    set.add(&mut ctx, AddToMulByTwo);
    let frozen = FrozenRewritePatternSet::new(set);
    let outcome = apply_patterns_greedily(
        &mut ctx,
        &mut module.body,
        module.module,
        &frozen,
        Default::default(),
    );
    if !outcome.succeeded() {
        eprintln!("error: the patterns did not converge");
        return ExitCode::FAILURE;
    }
    print!(
        "{}",
        tessera_asm::print_module(
            &ctx,
            &module.body,
            module.module,
            &module.resources,
            Default::default()
        )
    );
    ExitCode::SUCCESS
}
