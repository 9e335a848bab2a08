//! Toy, built with `tessera-build`: `build.rs` turned `td/toy.td` into typed Rust ops
//! ([`toy`]) and `patterns/combine.pdll` into patterns compiled to Rust ([`combine`]: the
//! matcher and rewriters are Rust code, the natives' code blocks called in place), and
//! `patterns/transpose.td`'s DRR rule into a module of its own ([`transpose`]). The
//! `toy-build` program reads a `.mlir` file, applies the combine patterns and one pattern
//! written in Rust against the typed ops ([`AddToMulByTwo`]) with the greedy driver, and prints
//! the result; its flags are the driver's.
//!
//! ```sh
//! cargo run -p toy-build -- examples/toy-build/input.mlir [--top-down] [--trace] [--stats]
//!     [--disable-patterns=NAME,...] [--enable-patterns=NAME,...] [--no-fold]
//!     [--max-iterations=N] [--mlir-print-op-generic] [--mlir-print-debuginfo]
//! ```

use clap::Parser;
use tessera_asm::{op_to_string, print_module, PrintOptions};
use tessera_ir::{AttrKind, Body, Context, OpId, SourceMap};
use tessera_rewrite::{
    apply_patterns_greedily, format_stats, FrozenRewritePatternSet, GreedyConfig, MatchResult,
    PatternFilter, PatternInfo, PatternRewriter, Recording, RewritePattern, RewritePatternSet,
    Traversal,
};

/// The Toy dialect's typed ops, generated from `td/toy.td`.
#[allow(dead_code, missing_docs)]
pub mod toy {
    include!(concat!(env!("OUT_DIR"), "/toy.rs"));
}

/// The combine patterns, generated from `patterns/combine.pdll`.
#[allow(dead_code, missing_docs)]
pub mod combine {
    include!(concat!(env!("OUT_DIR"), "/combine.rs"));
}

/// The DRR rule, generated from `patterns/transpose.td`.
#[allow(dead_code, missing_docs)]
pub mod transpose {
    include!(concat!(env!("OUT_DIR"), "/transpose.rs"));
}

/// The label every Toy pattern carries (`--enable-patterns=ToyCombine`).
pub const LABEL: &str = "ToyCombine";

/// `add(x, x) -> mul(x, 2)`, written in Rust with the typed accessors and builders.
pub struct AddToMulByTwo;

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
        if rw.ctx().num_elements(ty).is_none() {
            return rw.notify_match_failure(op, "the shape is not static");
        }
        let loc = rw.body().op_loc(op);
        // A splat of 2.0: one f64, little endian.
        let twos = rw.ctx_mut().attr(AttrKind::DenseElements {
            ty,
            data: 2.0f64.to_le_bytes().into(),
            splat: true,
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

/// A context knowing func and the Toy dialect.
pub fn context() -> Result<Context, String> {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    toy::register(&mut ctx)?;
    Ok(ctx)
}

/// Every Toy pattern, labelled [`LABEL`]: the compiled PDLL ones, the DRR rule, then
/// [`AddToMulByTwo`].
pub fn patterns(ctx: &mut Context) -> Result<RewritePatternSet, String> {
    let compiled = combine::load(ctx).map_err(|d| format!("error: {}\n", d.message))?;
    let rules =
        transpose::load(ctx, &Default::default()).map_err(|d| format!("error: {}\n", d.message))?;
    let mut set = RewritePatternSet::new();
    compiled.add_to_with_labels(ctx, &mut set, &[LABEL]);
    rules.add_to_with_labels(ctx, &mut set, &[LABEL]);
    set.add_with_labels(ctx, &[LABEL], AddToMulByTwo);
    Ok(set)
}

#[derive(Parser)]
#[command(about = "Apply the Toy combine patterns greedily to an MLIR file")]
struct Args {
    /// Input file (`-` for stdin).
    input: String,
    /// Seed the worklist top-down instead of bottom-up.
    #[arg(long)]
    top_down: bool,
    /// Print the driver's work to stderr.
    #[arg(long)]
    trace: bool,
    /// Print per-pattern statistics to stderr.
    #[arg(long)]
    stats: bool,
    /// Patterns (debug names or labels) to leave out.
    #[arg(long, value_delimiter = ',')]
    disable_patterns: Vec<String>,
    /// Patterns (debug names or labels) to use; all others are left out.
    #[arg(long, value_delimiter = ',')]
    enable_patterns: Vec<String>,
    /// Do not run fold hooks.
    #[arg(long)]
    no_fold: bool,
    /// Cap on passes over the IR.
    #[arg(long, default_value_t = 10)]
    max_iterations: u32,
    /// Print the generic form.
    #[arg(long = "mlir-print-op-generic")]
    generic: bool,
    /// Print locations.
    #[arg(long = "mlir-print-debuginfo")]
    debug_info: bool,
}

/// What one run of the tool printed, and whether it succeeded.
pub struct CliOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit status 0.
    pub success: bool,
}

impl CliOutput {
    fn failure(stderr: String) -> Self {
        CliOutput {
            stdout: String::new(),
            stderr,
            success: false,
        }
    }
}

/// Runs the `toy-build` tool with command-line arguments `argv` (program name first).
pub fn run_cli(argv: &[String]) -> CliOutput {
    let args = match Args::try_parse_from(argv) {
        Ok(a) => a,
        Err(e) => {
            let text = e.render().to_string();
            return if e.use_stderr() {
                CliOutput::failure(text)
            } else {
                CliOutput {
                    stdout: text,
                    stderr: String::new(),
                    success: true,
                }
            };
        }
    };
    let text = if args.input == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            return CliOutput::failure(format!("error: cannot read stdin: {e}\n"));
        }
        s
    } else {
        match std::fs::read(&args.input) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                return CliOutput::failure(format!("error: cannot read {}: {e}\n", args.input))
            }
        }
    };
    let name = if args.input == "-" {
        "<stdin>"
    } else {
        &args.input
    };
    let mut ctx = match context() {
        Ok(ctx) => ctx,
        Err(e) => return CliOutput::failure(e),
    };
    let mut sources = SourceMap::default();
    sources.add(name, text.as_str());
    let mut parsed = match tessera_asm::parse(&mut ctx, &text, name) {
        Ok(p) => p,
        Err(d) => return CliOutput::failure(d.render(&sources, Some(&ctx))),
    };
    if let Err(errors) = tessera_ir::verify(&ctx, &parsed.body, parsed.module) {
        let mut stderr = String::new();
        for d in &errors {
            d.render_to(&mut stderr, &sources, Some(&ctx));
        }
        return CliOutput::failure(stderr);
    }
    let set = match patterns(&mut ctx) {
        Ok(set) => set,
        Err(e) => return CliOutput::failure(e),
    };
    let filter = PatternFilter {
        disabled: args.disable_patterns,
        enabled: args.enable_patterns,
    };
    let frozen = FrozenRewritePatternSet::with_filter(set, &filter);
    let config = GreedyConfig {
        traversal: if args.top_down {
            Traversal::TopDown
        } else {
            Traversal::BottomUp
        },
        max_iterations: Some(args.max_iterations),
        fold: !args.no_fold,
        recording: if args.trace {
            Recording::trace(|ctx: &Context, body: &Body, op: OpId| {
                op_to_string(ctx, body, op, PrintOptions::default())
            })
        } else if args.stats {
            Recording::Statistics
        } else {
            Recording::Nothing
        },
        ..GreedyConfig::default()
    };
    let outcome =
        apply_patterns_greedily(&mut ctx, &mut parsed.body, parsed.module, &frozen, config);
    let mut stderr = String::new();
    if let Some(trace) = &outcome.trace {
        stderr.push_str(trace);
    }
    if args.trace || args.stats {
        stderr.push_str(&format_stats(&outcome.stats));
    }
    let opts = PrintOptions {
        debug_info: args.debug_info,
        generic: args.generic,
        ..PrintOptions::default()
    };
    let stdout = print_module(&ctx, &parsed.body, parsed.module, &parsed.resources, opts);
    for r in &outcome.recursion {
        stderr.push_str(&format!(
            "warning: pattern {} was not applied to '{}' ({}), which it produced itself; \
             mark it as having bounded recursion if that is intended\n",
            r.pattern, r.op_name, r.op
        ));
    }
    let non_convergence = outcome.non_convergence();
    if let Some(nc) = &non_convergence {
        stderr.push_str(&format!("error: {nc}\n"));
    }
    CliOutput {
        stdout,
        stderr,
        success: non_convergence.is_none(),
    }
}
