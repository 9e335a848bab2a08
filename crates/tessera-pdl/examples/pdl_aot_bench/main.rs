//! The ahead-of-time side of `bench/pdl/aot.sh`: like `pdl_bench`, applies the patterns of
//! `module @patterns` in FILE greedily to `module @ir` and reports the driver's time per op,
//! either interpreted (`interp`: the executor loads `module @patterns`) or compiled (`aot4`,
//! `aot10`: the generated modules next to this file, emitted from the same compiled
//! patterns by `bench/pdl/aot.sh`). With `-o OUT` it prints `module @ir` afterwards, so runs
//! can be checked to agree.
//!
//! `match-interp`, `match-aot4`, `match-aot10` time matching alone: the matcher runs once
//! on every op of `module @ir` (nothing is rewritten) and the time per op and the number of
//! matches found are reported.
//!
//! usage: pdl_aot_bench FILE.mlir [match-]interp|aot4|aot10 [-o OUT]

use std::time::Instant;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, OpId};
use tessera_pdl::{Natives, PdlPatterns};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, NoopListener, PatternRewriter,
    RewritePatternSet,
};

/// The ten patterns of `exec_gen.py patterns 10`, compiled ahead of time.
mod bench10;
/// The four patterns of `exec_gen.py patterns 4`, compiled ahead of time.
mod bench4;

fn child(ctx: &Context, body: &Body, module: OpId, name: &str) -> Option<OpId> {
    let block = body.first_block(body.region(module, 0))?;
    body.block_ops(block).find(|&op| {
        inherent_attr(ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a)) == Some(name)
    })
}

/// The CPU time this thread has run, in nanoseconds (Linux's schedstat; 0 elsewhere): wall
/// time on a shared machine counts the time other processes ran.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("{message}");
    std::process::exit(1);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(mode)) = (args.first(), args.get(1)) else {
        eprintln!("usage: pdl_aot_bench FILE.mlir interp|aot4|aot10 [-o OUT]");
        std::process::exit(2);
    };
    let out = match args.get(2).map(String::as_str) {
        Some("-o") => args.get(3).cloned(),
        _ => None,
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(e));
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_pdl::dialect::register_pdl_dialects(&mut ctx).unwrap_or_else(|e| fail(e));
    let mut parsed = tessera_asm::parse(&mut ctx, &text, path).unwrap_or_else(|d| fail(d.message));
    let (Some(patterns), Some(ir)) = (
        child(&ctx, &parsed.body, parsed.module, "patterns"),
        child(&ctx, &parsed.body, parsed.module, "ir"),
    ) else {
        fail(format!("{path} needs `module @patterns` and `module @ir`"));
    };
    if let Some(mode) = mode.strip_prefix("match-") {
        match_only(&mut ctx, &mut parsed.body, patterns, ir, mode);
        std::mem::forget(parsed);
        return;
    }
    let start = Instant::now();
    let mut set = RewritePatternSet::new();
    let count = match mode.as_str() {
        "interp" => {
            let loaded = PdlPatterns::load(&mut ctx, &parsed.body, patterns, &Natives::new())
                .unwrap_or_else(|ds| fail(&ds[0].message));
            loaded.add_to(&mut ctx, &mut set);
            loaded.len()
        }
        "aot4" | "aot10" => {
            let load = if mode == "aot4" {
                bench4::load
            } else {
                bench10::load
            };
            let loaded = load(&mut ctx).unwrap_or_else(|d| fail(d.message));
            loaded.add_to(&mut ctx, &mut set);
            loaded.len()
        }
        _ => fail(format!("unknown mode {mode}")),
    };
    let frozen = FrozenRewritePatternSet::new(set);
    let load = start.elapsed();
    let ops = parsed
        .body
        .block_ops(parsed.body.first_block(parsed.body.region(ir, 0)).unwrap())
        .count();
    let start = Instant::now();
    let cpu = cpu_ns();
    let outcome = apply_patterns_greedily(
        &mut ctx,
        &mut parsed.body,
        ir,
        &frozen,
        GreedyConfig::default(),
    );
    let cpu = cpu_ns() - cpu;
    let run = start.elapsed();
    println!(
        "patterns {count} load_ms {:.3} ops {ops} rewrites {} us_per_op {:.4} cpu_us_per_op {:.4}",
        load.as_secs_f64() * 1e3,
        outcome.counts.rewrites,
        run.as_secs_f64() * 1e6 / ops as f64,
        cpu as f64 / 1e3 / ops as f64
    );
    if let Some(out) = out {
        let opts = tessera_asm::PrintOptions {
            generic: true,
            ..Default::default()
        };
        let printed = tessera_asm::op_to_string(&ctx, &parsed.body, ir, opts);
        std::fs::write(&out, printed).unwrap_or_else(|e| fail(e));
    }
    // The process ends here: freeing the IR would only cost time.
    std::mem::forget(parsed);
}

/// Runs the matcher of the patterns once on every op of `ir`, timing only that.
fn match_only(ctx: &mut Context, body: &mut Body, patterns: OpId, ir: OpId, mode: &str) {
    let block = body.first_block(body.region(ir, 0)).unwrap();
    let ops: Vec<OpId> = body.block_ops(block).collect();
    let interp = (mode == "interp").then(|| {
        PdlPatterns::load(ctx, body, patterns, &Natives::new())
            .unwrap_or_else(|ds| fail(&ds[0].message))
    });
    let compiled = match mode {
        "interp" => None,
        "aot4" => Some(bench4::load(ctx).unwrap_or_else(|d| fail(d.message))),
        "aot10" => Some(bench10::load(ctx).unwrap_or_else(|d| fail(d.message))),
        _ => fail(format!("unknown mode {mode}")),
    };
    let mut listener = NoopListener;
    let mut rw = PatternRewriter::new(ctx, body, &mut listener);
    let start = Instant::now();
    let cpu = cpu_ns();
    let mut found = 0;
    for &op in &ops {
        found += match (&interp, &compiled) {
            (Some(p), _) => p.count_matches(&mut rw, op),
            (_, Some(p)) => p.count_matches(&mut rw, op),
            _ => unreachable!("one of the two is loaded"),
        }
        .unwrap_or_else(|e| fail(e));
    }
    let cpu = cpu_ns() - cpu;
    let run = start.elapsed();
    println!(
        "ops {} matches {found} us_per_op {:.4} cpu_us_per_op {:.4}",
        ops.len(),
        run.as_secs_f64() * 1e6 / ops.len() as f64,
        cpu as f64 / 1e3 / ops.len() as f64
    );
}
