//! The greedy-driver benchmark (see `bench/rewrite/`): applies, to `module @ir` of the
//! input, four Rust patterns equivalent to the PDL patterns of its `module @patterns`, and
//! reports the driver's time per op. The patterns module is dropped so the printed result
//! can be diffed against `mlir-opt --test-pdl-bytecode-pass --mlir-print-op-generic`.
//!
//! usage: greedy_bench FILE.mlir [-o OUT.mlir]

use std::process::ExitCode;
use std::time::Instant;
use tessera_asm::{parse, print_module, PrintOptions};
use tessera_ir::{Context, OpId, OperationState};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, MatchResult, PatternInfo,
    PatternRewriter, RewritePatternSet,
};

/// One operand, one result: what `pdl.operation "name"(%x) -> (%t)` requires.
fn unary(rw: &PatternRewriter<'_>, op: OpId) -> bool {
    rw.body().num_operands(op) == 1 && rw.body().num_results(op) == 1
}

fn rename(rw: &mut PatternRewriter<'_>, op: OpId, to: &str) -> MatchResult {
    if !unary(rw, op) {
        return rw.notify_match_failure(op, "not unary");
    }
    let name = rw.ctx_mut().ident(to);
    let body = rw.body();
    let mut state = OperationState::new(rw.ctx(), name, body.op_loc(op));
    state.operands.push(body.operand(op, 0));
    state.result_types.push(body.value_type(body.result(op, 0)));
    rw.replace_op_with_new_op(op, state);
    Ok(())
}

fn patterns(ctx: &mut Context) -> RewritePatternSet {
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(ctx, "bench.a", 1).with_debug_name("rename_a"),
        |op, rw| rename(rw, op, "bench.a2"),
    );
    let c = ctx.ident("bench.c");
    set.add_fn(
        PatternInfo::for_op(ctx, "bench.b", 1).with_debug_name("b_of_c"),
        move |op, rw| {
            if !unary(rw, op) {
                return rw.notify_match_failure(op, "not unary");
            }
            let body = rw.body();
            let def = body.defining_op(body.operand(op, 0));
            match def {
                Some(d) if body.op_name(d) == c && body.num_operands(d) == 1 => {
                    rename(rw, op, "bench.d")
                }
                _ => rw.notify_match_failure(op, "operand not defined by bench.c"),
            }
        },
    );
    set.add_fn(
        PatternInfo::for_op(ctx, "bench.f", 1).with_debug_name("forward_f"),
        |op, rw| {
            if !unary(rw, op) {
                return rw.notify_match_failure(op, "not unary");
            }
            let x = rw.body().operand(op, 0);
            rw.replace_op(op, &[x]);
            Ok(())
        },
    );
    set.add_fn(
        PatternInfo::for_op(ctx, "bench.h", 1).with_debug_name("rename_h"),
        |op, rw| rename(rw, op, "bench.h2"),
    );
    set
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(input) = args.get(1) else {
        eprintln!("usage: greedy_bench FILE.mlir [-o OUT.mlir]");
        return ExitCode::FAILURE;
    };
    let output = args
        .iter()
        .position(|a| a == "-o")
        .and_then(|i| args.get(i + 1));
    let text = match std::fs::read_to_string(input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let t0 = Instant::now();
    let mut m = match parse(&mut ctx, &text, input) {
        Ok(m) => m,
        Err(d) => {
            eprintln!("error: {}", d.message);
            return ExitCode::FAILURE;
        }
    };
    let parse_time = t0.elapsed();
    // Find the two nested modules by symbol name.
    let top = m
        .body
        .first_block(m.body.region(m.module, 0))
        .expect("module body");
    let sym = |ctx: &Context, body: &tessera_ir::Body, op: OpId| -> Option<String> {
        let props = body.op_props(op)?;
        let name = ctx.dict_get(props, "sym_name")?;
        match ctx.attr_kind(name) {
            tessera_ir::AttrKind::String { value, .. } => {
                Some(String::from_utf8_lossy(value).into_owned())
            }
            _ => None,
        }
    };
    let ops: Vec<OpId> = m.body.block_ops(top).collect();
    let mut ir = None;
    for op in ops {
        match sym(&ctx, &m.body, op).as_deref() {
            Some("patterns") => {
                let _ = m.body.erase_op(op);
            }
            Some("ir") => ir = Some(op),
            _ => {}
        }
    }
    let Some(ir) = ir else {
        eprintln!("error: no `module @ir` in {input}");
        return ExitCode::FAILURE;
    };
    let num_ops = m
        .body
        .block_ops(m.body.first_block(m.body.region(ir, 0)).unwrap())
        .count();
    let set = patterns(&mut ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let t1 = Instant::now();
    let outcome =
        apply_patterns_greedily(&mut ctx, &mut m.body, ir, &frozen, GreedyConfig::default());
    let driver_time = t1.elapsed();
    if !outcome.succeeded() {
        eprintln!("error: driver did not converge");
        return ExitCode::FAILURE;
    }
    if let Some(out) = output {
        let text = print_module(
            &ctx,
            &m.body,
            m.module,
            &m.resources,
            PrintOptions {
                generic: true,
                ..PrintOptions::default()
            },
        );
        if let Err(e) = std::fs::write(out, text + "\n") {
            eprintln!("error: cannot write {out}: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!(
        "ops {num_ops} rewrites {} parse_s {:.3} driver_s {:.3} us_per_op {:.3}",
        outcome.counts.rewrites,
        parse_time.as_secs_f64(),
        driver_time.as_secs_f64(),
        driver_time.as_secs_f64() * 1e6 / num_ops as f64
    );
    ExitCode::SUCCESS
}
