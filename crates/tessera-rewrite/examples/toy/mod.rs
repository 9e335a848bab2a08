//! The Toy tutorial's dialect (the ops chapter 3 optimises) and its combine patterns,
//! written against Tessera's Rust API.

use clap::Parser;
use smallvec::smallvec;
use std::fmt::Write;
use std::sync::Arc;
use tessera_asm::{op_to_string, print_module, PrintOptions};
use tessera_ir::{
    AttrKind, Body, Context, Diagnostic, DialectInfo, FoldResult, OpFoldResult, OpId, OpInfo,
    OpTraits, OperationState, SourceMap, VerifyHook,
};
use tessera_rewrite::{
    apply_patterns_greedily, format_stats, FrozenRewritePatternSet, GreedyConfig, MatchFailure,
    MatchResult, PatternFilter, PatternInfo, PatternRewriter, Recording, RewritePattern,
    RewritePatternSet, Traversal,
};

/// A verifier checking operand and result counts (`None`: any number), so patterns can rely
/// on the shapes of the ops they match.
fn counts(operands: Option<usize>, results: usize) -> VerifyHook {
    Arc::new(move |ctx, body, op| {
        let name = ctx.str(body.op_name(op));
        if let Some(n) = operands {
            if body.num_operands(op) != n {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "'{name}' op requires {n} operand{}, but found {}",
                        if n == 1 { "" } else { "s" },
                        body.num_operands(op)
                    ),
                ));
            }
        } else if body.num_operands(op) > 1 {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("'{name}' op requires at most 1 operand"),
            ));
        }
        if body.num_results(op) != results {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "'{name}' op requires {results} result{}, but found {}",
                    if results == 1 { "" } else { "s" },
                    body.num_results(op)
                ),
            ));
        }
        Ok(())
    })
}

/// Registers the Toy ops: pure ops are side-effect free (dead ones are erased), constants
/// fold to their value, and the dialect materialises folded constants as `toy.constant`.
pub fn register(ctx: &mut Context) {
    let pure = OpTraits::PURE;
    for (name, traits, operands, results) in [
        ("toy.transpose", pure, Some(1), 1),
        ("toy.reshape", pure, Some(1), 1),
        ("toy.mul", pure | OpTraits::COMMUTATIVE, Some(2), 1),
        ("toy.add", pure | OpTraits::COMMUTATIVE, Some(2), 1),
        ("toy.print", OpTraits::NONE, Some(1), 0),
        (
            "toy.return",
            OpTraits::TERMINATOR | OpTraits::RETURN_LIKE,
            None,
            0,
        ),
    ] {
        let id = ctx.ident(name);
        let mut info = OpInfo::new(id, traits);
        info.verify = Some(counts(operands, results));
        ctx.register_op(info);
    }
    let func = ctx.ident("toy.func");
    ctx.register_op(OpInfo::new(func, OpTraits::ISOLATED_FROM_ABOVE));
    let constant = ctx.ident("toy.constant");
    let mut info = OpInfo::new(constant, pure | OpTraits::CONSTANT_LIKE);
    let count_check = counts(Some(0), 1);
    info.verify = Some(Arc::new(move |ctx, body, op| {
        count_check(ctx, body, op)?;
        match ctx.dict_get(body.op_attrs(op), "value") {
            Some(_) => Ok(()),
            None => Err(Diagnostic::error(
                body.op_loc(op),
                "'toy.constant' op requires attribute 'value'",
            )),
        }
    }));
    info.fold = Some(Arc::new(|ctx, body, op, _operands| {
        match ctx.dict_get(body.op_attrs(op), "value") {
            Some(v) => FoldResult::Results(smallvec![OpFoldResult::Attr(v)]),
            None => FoldResult::Failure,
        }
    }));
    ctx.register_op(info);
    let toy = ctx.ident("toy");
    ctx.register_dialect(DialectInfo {
        name: toy,
        materialize_constant: Some(Arc::new(|ctx, body, value, ty, loc| {
            let name = ctx.ident("toy.constant");
            let mut state = OperationState::new(ctx, name, loc);
            let key = ctx.ident("value");
            state.attrs = ctx.dictionary(vec![(key, value)]);
            state.result_types.push(ty);
            Some(body.create_op(state))
        })),
        allows_unknown_ops: false,
        assembly: None,
    });
}

/// The combine patterns, labelled `ToyCombine`.
pub fn patterns(ctx: &mut Context) -> RewritePatternSet {
    let mut set = RewritePatternSet::new();
    set.add_with_labels(ctx, &["ToyCombine"], TransposeTranspose)
        .add_with_labels(ctx, &["ToyCombine"], ReshapeReshape)
        .add_with_labels(ctx, &["ToyCombine"], RedundantReshape)
        .add_with_labels(ctx, &["ToyCombine"], FoldConstantReshape);
    set
}

/// The op defining operand 0 of `op`, if it is named `name`.
fn operand_def(rw: &PatternRewriter<'_>, op: OpId, name: &str) -> Option<OpId> {
    let body = rw.body();
    if body.num_operands(op) == 0 {
        return None;
    }
    let def = body.defining_op(body.operand(op, 0))?;
    (rw.ctx().str(body.op_name(def)) == name).then_some(def)
}

/// `transpose(transpose(x)) -> x`.
pub struct TransposeTranspose;

impl RewritePattern for TransposeTranspose {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, "toy.transpose", 1).with_debug_name("TransposeTransposeOptPattern")
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> MatchResult {
        let Some(inner) = operand_def(rw, op, "toy.transpose") else {
            return rw.notify_match_failure(op, "operand is not defined by a toy.transpose");
        };
        let x = rw.body().operand(inner, 0);
        let result = rw.body().result(op, 0);
        if rw.body().value_type(x) != rw.body().value_type(result) {
            return rw.notify_match_failure(op, "types differ");
        }
        rw.replace_op(op, &[x]);
        Ok(())
    }
}

/// `reshape(reshape(x)) -> reshape(x)`. Applying it to its own output is how a chain of
/// reshapes collapses, so it declares bounded recursion.
pub struct ReshapeReshape;

impl RewritePattern for ReshapeReshape {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, "toy.reshape", 1)
            .with_debug_name("ReshapeReshapeOptPattern")
            .with_bounded_recursion()
            .with_generated_ops(ctx, &["toy.reshape"])
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> MatchResult {
        let Some(inner) = operand_def(rw, op, "toy.reshape") else {
            return rw.notify_match_failure(op, "operand is not defined by a toy.reshape");
        };
        let x = rw.body().operand(inner, 0);
        let ty = rw.body().value_type(rw.body().result(op, 0));
        let loc = rw.body().op_loc(op);
        let new_op = rw.build("toy.reshape", &[x], &[ty], &[], loc);
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }
}

/// `reshape(x) -> x` when the reshape does not change the type.
pub struct RedundantReshape;

impl RewritePattern for RedundantReshape {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, "toy.reshape", 1).with_debug_name("RedundantReshapeOptPattern")
    }

    fn match_op(&self, op: OpId, rw: &PatternRewriter<'_>) -> MatchResult {
        let body = rw.body();
        if body.num_operands(op) != 1 {
            return Err(MatchFailure::because("expected one operand"));
        }
        let arg_ty = body.value_type(body.operand(op, 0));
        let res_ty = body.value_type(body.result(op, 0));
        if arg_ty == res_ty {
            Ok(())
        } else {
            Err(MatchFailure::because("reshape changes the type"))
        }
    }

    fn rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) {
        let x = rw.body().operand(op, 0);
        rw.replace_op(op, &[x]);
    }
}

/// `reshape(constant) -> constant` with the constant's elements under the new shape.
pub struct FoldConstantReshape;

impl RewritePattern for FoldConstantReshape {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, "toy.reshape", 1)
            .with_debug_name("FoldConstantReshapeOptPattern")
            .with_generated_ops(ctx, &["toy.constant"])
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> MatchResult {
        let Some(constant) = operand_def(rw, op, "toy.constant") else {
            return rw.notify_match_failure(op, "operand is not defined by a toy.constant");
        };
        let Some(value) = rw.ctx().dict_get(rw.body().op_attrs(constant), "value") else {
            return rw.notify_match_failure(op, "constant has no value");
        };
        let ty = rw.body().value_type(rw.body().result(op, 0));
        let reshaped = match rw.ctx().attr_kind(value).clone() {
            AttrKind::DenseElements {
                ty: old,
                data,
                splat,
            } => {
                if rw.ctx().num_elements(old) != rw.ctx().num_elements(ty)
                    || rw.ctx().num_elements(ty).is_none()
                {
                    return rw.notify_match_failure(op, "element counts differ");
                }
                rw.ctx_mut()
                    .attr(AttrKind::DenseElements { ty, data, splat })
            }
            _ => return rw.notify_match_failure(op, "constant value is not dense elements"),
        };
        let loc = rw.body().op_loc(op);
        let new_op = rw.build("toy.constant", &[], &[ty], &[("value", reshaped)], loc);
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }
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

/// Runs the `toy_combine` tool with command-line arguments `argv` (program name first).
pub fn run_cli(argv: &[String]) -> CliOutput {
    let mut stdout = String::new();
    let mut stderr = String::new();
    let args = match Args::try_parse_from(argv) {
        Ok(a) => a,
        Err(e) => {
            let success = !e.use_stderr();
            let text = e.render().to_string();
            return if success {
                CliOutput {
                    stdout: text,
                    stderr,
                    success,
                }
            } else {
                CliOutput {
                    stdout,
                    stderr: text,
                    success,
                }
            };
        }
    };
    let text = if args.input == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            let _ = writeln!(stderr, "error: cannot read stdin: {e}");
            return CliOutput {
                stdout,
                stderr,
                success: false,
            };
        }
        s
    } else {
        match std::fs::read(&args.input) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                let _ = writeln!(stderr, "error: cannot read {}: {e}", args.input);
                return CliOutput {
                    stdout,
                    stderr,
                    success: false,
                };
            }
        }
    };
    let name = if args.input == "-" {
        "<stdin>"
    } else {
        &args.input
    };
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    register(&mut ctx);
    let mut parsed = match tessera_asm::parse(&mut ctx, &text, name) {
        Ok(p) => p,
        Err(d) => {
            let mut sources = SourceMap::default();
            sources.add(name, text.as_str());
            d.render_to(&mut stderr, &sources, Some(&ctx));
            return CliOutput {
                stdout,
                stderr,
                success: false,
            };
        }
    };
    if let Err(errors) = tessera_ir::verify(&ctx, &parsed.body, parsed.module) {
        let mut sources = SourceMap::default();
        sources.add(name, text.as_str());
        for d in &errors {
            d.render_to(&mut stderr, &sources, Some(&ctx));
        }
        return CliOutput {
            stdout,
            stderr,
            success: false,
        };
    }
    let set = patterns(&mut ctx);
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
    if let Some(trace) = &outcome.trace {
        stderr.push_str(trace);
    }
    if args.trace || args.stats {
        stderr.push_str(&format_stats(&outcome.stats));
    }
    // Toy ops have no custom form yet; the whole module is printed generically, as the
    // committed expectations are.
    let opts = PrintOptions {
        debug_info: args.debug_info,
        generic: true,
        ..PrintOptions::default()
    };
    stdout.push_str(&print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        &parsed.resources,
        opts,
    ));
    stdout.push('\n');
    for r in &outcome.recursion {
        let _ = writeln!(
            stderr,
            "warning: pattern {} was not applied to '{}' ({}), which it produced itself; \
             mark it as having bounded recursion if that is intended",
            r.pattern, r.op_name, r.op
        );
    }
    if let Some(nc) = outcome.non_convergence() {
        let _ = writeln!(stderr, "error: {nc}");
        return CliOutput {
            stdout,
            stderr,
            success: false,
        };
    }
    CliOutput {
        stdout,
        stderr,
        success: true,
    }
}
