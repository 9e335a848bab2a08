//! The program behind `bench/ods-pred/`: what compiling a dialect's predicates costs once, and
//! what evaluating a compiled predicate costs each time a verifier runs it.
//!
//! `cargo run --release -p tessera-ods --example pred_bench -- FILE.td INCLUDE_DIR [N]`
//! loads FILE.td, compiles every constraint and predicate trait of its model (best of 5), then
//! evaluates every compiled type constraint on a mix of types, N rounds (default 100000), and
//! prints the times.

use std::time::Instant;
use tessera_ods::eval::{Bound, Compiler, Natives, NoNames, OpNames, SelfKind};
use tessera_ods::{ConstraintKind, TraitKind};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, include, rest @ ..] = args.as_slice() else {
        eprintln!("usage: pred_bench FILE.td INCLUDE_DIR [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = rest.first().and_then(|r| r.parse().ok()).unwrap_or(100_000);
    let opts = tessera_tablegen::Options {
        include_dirs: vec![include.clone()],
        ..Default::default()
    };
    let parsed = match tessera_tablegen::parse_file(file, &opts) {
        Ok(p) => p,
        Err(f) => {
            eprintln!("{}", f.render());
            std::process::exit(1);
        }
    };
    let model = tessera_ods::load(&parsed.records).model;
    let natives = Natives::new();
    let compiler = Compiler::new(Some(&model), &natives);

    let mut best = f64::MAX;
    let mut compiled = Vec::new();
    let mut preds = 0;
    for _ in 0..5 {
        let start = Instant::now();
        compiled.clear();
        preds = 0;
        for c in &model.constraints {
            preds += 1;
            if let Ok(Some(p)) = compiler.constraint(c) {
                if c.kind == ConstraintKind::Type {
                    compiled.push(p);
                }
            }
        }
        for op in &model.ops {
            let names = OpNames::new(op);
            for t in &op.traits {
                if let TraitKind::Predicate { pred, .. } = &t.kind {
                    preds += 1;
                    let _ = compiler.pred(pred, SelfKind::None, &|n| names.lookup(n));
                }
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{file}: {} ops, {preds} predicates compiled in {:.3} ms (best of 5)",
        model.ops.len(),
        best * 1e3
    );

    let mut ctx = tessera_ir::Context::new();
    let kinds = [
        tessera_ir::TypeKind::Integer {
            width: 32,
            signedness: tessera_ir::Signedness::Signless,
        },
        tessera_ir::TypeKind::Index,
        tessera_ir::TypeKind::Float(tessera_ir::FloatKind::F32),
    ];
    let scalars: Vec<_> = kinds.into_iter().map(|k| ctx.ty(k)).collect();
    let mut types = scalars.clone();
    for &e in &scalars {
        types.push(ctx.ty(tessera_ir::TypeKind::RankedTensor {
            shape: Box::new([4, tessera_ir::DYNAMIC]),
            element: e,
            encoding: None,
        }));
        types.push(ctx.ty(tessera_ir::TypeKind::Vector {
            shape: Box::new([8]),
            scalable: Box::new([]),
            element: e,
        }));
    }
    let subjects: Vec<Bound> = types.into_iter().map(Bound::Type).collect();
    let start = Instant::now();
    let (mut holds, mut evals) = (0u64, 0u64);
    for _ in 0..rounds {
        for p in &compiled {
            for s in &subjects {
                evals += 1;
                if p.eval(&ctx, s, &NoNames) == Ok(true) {
                    holds += 1;
                }
            }
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{evals} evaluations of {} type constraints on {} types in {:.3} s: {:.1} ns each ({holds} held)",
        compiled.len(),
        subjects.len(),
        t,
        t * 1e9 / evals.max(1) as f64
    );
}
