//! The executor side of `bench/pdl/`: loads the compiled patterns of `module @patterns` in
//! FILE, applies them greedily to `module @ir` (as `--test-pdl-bytecode-pass` does), and
//! reports the time to load the patterns and the driver's time per op of `module @ir`.
//!
//! usage: cargo run --release -p tessera-pdl --example pdl_bench -- FILE.mlir

use std::time::Instant;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, OpId};
use tessera_pdl::{Natives, PdlPatterns};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, RewritePatternSet,
};

fn child(ctx: &Context, body: &Body, module: OpId, name: &str) -> Option<OpId> {
    let block = body.first_block(body.region(module, 0))?;
    body.block_ops(block).find(|&op| {
        inherent_attr(ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a)) == Some(name)
    })
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pdl_bench FILE.mlir");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    if let Err(e) = tessera_pdl::dialect::register_pdl_dialects(&mut ctx) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let mut parsed = match tessera_asm::parse(&mut ctx, &text, &path) {
        Ok(p) => p,
        Err(d) => {
            eprintln!("{}", d.message);
            std::process::exit(1);
        }
    };
    let (Some(patterns), Some(ir)) = (
        child(&ctx, &parsed.body, parsed.module, "patterns"),
        child(&ctx, &parsed.body, parsed.module, "ir"),
    ) else {
        eprintln!("{path} needs `module @patterns` and `module @ir`");
        std::process::exit(1);
    };
    let start = Instant::now();
    let loaded = match PdlPatterns::load(&mut ctx, &parsed.body, patterns, &Natives::new()) {
        Ok(l) => l,
        Err(ds) => {
            for d in ds {
                eprintln!("{}", d.message);
            }
            std::process::exit(1);
        }
    };
    let mut set = RewritePatternSet::new();
    loaded.add_to(&mut ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    let load = start.elapsed();
    let ops = parsed
        .body
        .block_ops(parsed.body.first_block(parsed.body.region(ir, 0)).unwrap())
        .count();
    let start = Instant::now();
    let outcome = apply_patterns_greedily(
        &mut ctx,
        &mut parsed.body,
        ir,
        &frozen,
        GreedyConfig::default(),
    );
    let run = start.elapsed();
    println!(
        "patterns {} load_ms {:.3} ops {} rewrites {} us_per_op {:.4}",
        loaded.len(),
        load.as_secs_f64() * 1e3,
        ops,
        outcome.counts.rewrites,
        run.as_secs_f64() * 1e6 / ops as f64
    );
    // The process ends here: freeing the IR would only cost time.
    std::mem::forget(parsed);
}
