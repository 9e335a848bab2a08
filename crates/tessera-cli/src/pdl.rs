//! `tessera-opt`'s PDL passes: `--convert-pdl-to-pdl-interp` (the matcher compiler),
//! `--test-pdl-bytecode-pass` (upstream's test conventions:
//! `module @patterns` applied to `module @ir`, with upstream's test natives) and
//! `--patterns=FILE` (a user's PDL patterns, or PDLL patterns lowered to PDL, applied to the
//! whole input with the greedy driver and its flags).

use crate::opt::Pass;
use std::fmt::Write as _;
use tessera_asm::{op_to_string, PrintOptions};
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, Diagnostic, OpId};
use tessera_pdl::{Natives, PdlPatterns};
use tessera_rewrite::{
    apply_patterns_greedily, format_stats, FrozenRewritePatternSet, GreedyConfig, PatternFilter,
    Recording, RewritePatternSet, Traversal,
};

/// The child of `module`'s body that is a `builtin.module` named `name` (upstream's
/// `lookupSymbol<ModuleOp>`).
fn nested_module(ctx: &Context, body: &Body, module: OpId, name: &str) -> Option<OpId> {
    let block = body
        .regions(module)
        .next()
        .and_then(|r| body.first_block(r))?;
    body.block_ops(block).find(|&op| {
        ctx.str(body.op_name(op)) == "builtin.module"
            && inherent_attr(ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a))
                == Some(name)
    })
}

/// `--convert-pdl-to-pdl-interp`: the module's `pdl.pattern`s compiled into one
/// `pdl_interp.func @matcher` and `module @rewriters` (upstream's pass of that name).
#[derive(Debug, Default)]
pub struct ConvertPdlToPdlInterpPass;

impl Pass for ConvertPdlToPdlInterpPass {
    fn name(&self) -> &str {
        "convert-pdl-to-pdl-interp"
    }

    fn timing_name(&self) -> &str {
        // Upstream's pass class name, as its --mlir-timing lists it.
        "ConvertPDLToPDLInterp"
    }

    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>> {
        tessera_pdl::convert_pdl_to_pdl_interp(ctx, body, module)
    }
}

/// `--test-pdl-bytecode-pass`: the patterns of `module @patterns` (taken out of the IR, as
/// upstream does) applied greedily to the body of `module @ir`, with the natives of
/// upstream's test pass. A module lacking either is left alone.
#[derive(Debug, Default)]
pub struct TestPdlBytecodePass;

impl Pass for TestPdlBytecodePass {
    fn name(&self) -> &str {
        "test-pdl-bytecode-pass"
    }

    fn timing_name(&self) -> &str {
        // Upstream's pass class name, as its --mlir-timing lists it.
        "(anonymous namespace)::TestPDLByteCodePass"
    }

    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>> {
        let (Some(patterns), Some(ir)) = (
            nested_module(ctx, body, module, "patterns"),
            nested_module(ctx, body, module, "ir"),
        ) else {
            return Ok(());
        };
        body.detach_op(patterns);
        let natives = tessera_pdl::executor::test_natives::natives();
        // Patterns written in pdl are compiled first, as upstream's PDLPatternModule does.
        let loaded = PdlPatterns::compile_and_load(ctx, body, patterns, &natives)?;
        let mut set = RewritePatternSet::new();
        loaded.add_to(ctx, &mut set);
        let frozen = FrozenRewritePatternSet::new(set);
        apply_patterns_greedily(ctx, body, ir, &frozen, GreedyConfig::default());
        Ok(())
    }
}

/// How `--patterns` runs the greedy driver: the flags it shares with upstream's driver
/// options.
#[derive(Clone, Debug)]
pub struct DriverFlags {
    /// `--top-down`: seed the worklist in pre-order.
    pub top_down: bool,
    /// `--max-iterations=N`.
    pub max_iterations: u32,
    /// `--enable-patterns=`: keep only these patterns (debug names).
    pub enabled: Vec<String>,
    /// `--disable-patterns=`: drop these patterns.
    pub disabled: Vec<String>,
    /// `--trace`: report what the driver did.
    pub trace: bool,
    /// `--stats`: report per-pattern statistics.
    pub stats: bool,
}

impl Default for DriverFlags {
    fn default() -> Self {
        DriverFlags {
            top_down: false,
            max_iterations: GreedyConfig::default().max_iterations.unwrap_or(10),
            enabled: Vec::new(),
            disabled: Vec::new(),
            trace: false,
            stats: false,
        }
    }
}

/// `--patterns=FILE`: the patterns of FILE applied greedily to the whole input.
///
/// A `.td` FILE holds DRR rules (`Pat`/`Pattern` records over ODS ops), read and checked
/// once and lowered to PDL in each chunk's context, their constraints checked by the natives
/// `tessera_drr` makes from the ODS predicates.
///
/// A `.pdll` FILE holds PDLL patterns, lowered to PDL in each chunk's context (so attribute and
/// type literals are read with the dialects the input uses). Any other FILE holds
/// `pdl.pattern`s (compiled by Tessera's matcher compiler) or their compiled form
/// (`pdl_interp.func @matcher` and `module @rewriters`), at its top level or inside
/// `module @patterns`. Natives come from `natives`; a pattern calling one that is not there
/// is refused with a diagnostic naming it.
#[derive(Debug)]
pub struct PatternsPass {
    file: String,
    source: PatternSource,
    flags: DriverFlags,
    natives: Natives,
}

/// What a patterns file holds.
#[derive(Debug)]
enum PatternSource {
    /// PDL (or its compiled form) as MLIR text.
    Pdl(String),
    /// Checked PDLL, with the buffers it was read from (the file and its includes), which
    /// diagnostics of its lowering point into.
    Pdll(Box<CheckedPdll>),
    /// DRR rules of a `.td` file, checked.
    Drr(Box<tessera_drr::LoadedRules>),
}

/// A PDLL file read and checked, kept for lowering into each chunk's context.
#[derive(Debug)]
struct CheckedPdll {
    ast: tessera_pdll::Ast,
    sources: tessera_ir::SourceMap,
    main: tessera_ir::source::FileId,
}

impl PatternsPass {
    /// The pass for the PDL patterns file `file` whose contents are `text`.
    pub fn new(file: &str, text: String, flags: DriverFlags, natives: Natives) -> Self {
        PatternsPass {
            file: file.to_string(),
            source: PatternSource::Pdl(text),
            flags,
            natives,
        }
    }

    /// The pass for the PDLL file `file` whose contents are `text`, its includes searched in
    /// `include_dirs`. The file is read and checked now, once for every chunk of the input:
    /// its errors (and warnings) come back rendered, with their source lines.
    pub fn from_pdll(
        file: &str,
        text: String,
        include_dirs: &[std::path::PathBuf],
        flags: DriverFlags,
        natives: Natives,
    ) -> Result<(Self, String), String> {
        let mut sources = tessera_ir::SourceMap::new();
        let main = sources.add(file, text);
        let options = tessera_pdll::Options {
            include_dirs: include_dirs.to_vec(),
        };
        let parsed = tessera_pdll::parse(&mut sources, main, &options);
        let rendered = parsed.diagnostics.render(&sources, None);
        if parsed.diagnostics.has_errors().is_some() {
            return Err(rendered);
        }
        // The constraints the `.td` includes imported evaluate their ODS predicates.
        let natives = tessera_pdll::with_ods_natives(&parsed.ast, natives);
        let pass = PatternsPass {
            file: file.to_string(),
            source: PatternSource::Pdll(Box::new(CheckedPdll {
                ast: parsed.ast,
                sources,
                main,
            })),
            flags,
            natives,
        };
        Ok((pass, rendered))
    }

    /// The pass for the DRR rules of the `.td` file `file`, its includes searched in
    /// `include_dirs`. The file is read and checked now; its errors (and warnings) come back
    /// rendered. The rules' constraints are checked by natives made from their ODS
    /// predicates (added to `natives`).
    pub fn from_drr(
        file: &str,
        include_dirs: &[String],
        flags: DriverFlags,
        mut natives: Natives,
    ) -> Result<(Self, String), String> {
        let hooks = tessera_ods::dialect_hooks::options();
        let loaded = tessera_drr::load_file(file, include_dirs, &hooks)?;
        let mut warnings = loaded.warnings.clone();
        let leaves = tessera_ods::eval::Natives::new();
        warnings.push_str(&loaded.add_natives(&leaves, &mut natives));
        let pass = PatternsPass {
            file: file.to_string(),
            source: PatternSource::Drr(Box::new(loaded)),
            flags,
            natives,
        };
        Ok((pass, warnings))
    }

    /// The dialects the input must be parsed with for these patterns: those of DRR rules'
    /// ops, and those the `.td` files a PDLL file includes define (compiled from the models
    /// its includes read, not read again), as `--load-dialect` would register them.
    pub fn registrations(&self) -> Vec<std::sync::Arc<tessera_ods::register::Registration>> {
        match &self.source {
            PatternSource::Drr(d) => vec![d.registration.clone()],
            PatternSource::Pdll(pdll) => {
                let hooks = tessera_ods::dialect_hooks::options();
                pdll.ast
                    .ods
                    .defined_dialects()
                    .filter(|(_, dialects)| !dialects.is_empty())
                    .map(|(model, dialects)| {
                        // What cannot be verified was reported when the file was read.
                        let (registration, _warnings) =
                            tessera_ods::register::Registration::compile(model, dialects, &hooks);
                        std::sync::Arc::new(registration)
                    })
                    .collect()
            }
            PatternSource::Pdl(_) => Vec::new(),
        }
    }

    /// Parses (or lowers) and loads the patterns into `ctx` (each chunk has its own context).
    fn load(&self, ctx: &mut Context) -> Result<PdlPatterns, Vec<Diagnostic>> {
        // PDLL patterns without `with recursion` must not apply to what they produced.
        let (mut body, module, unbounded) = match &self.source {
            PatternSource::Pdl(text) => {
                let parsed = tessera_asm::parse(ctx, text, &self.file).map_err(|d| vec![*d])?;
                tessera_ir::verify(ctx, &parsed.body, parsed.module)?;
                (parsed.body, parsed.module, Vec::new())
            }
            PatternSource::Pdll(pdll) => {
                // The lowering verifies what it made.
                let options = tessera_pdll::LowerOptions::default();
                let lowered =
                    tessera_pdll::lower_to_pdl(ctx, &pdll.ast, &pdll.sources, pdll.main, &options)?;
                (lowered.body, lowered.module, lowered.unbounded)
            }
            PatternSource::Drr(drr) => {
                let lowered = drr.lower(ctx)?;
                (lowered.body, lowered.module, Vec::new())
            }
        };
        let holder = nested_module(ctx, &body, module, "patterns").unwrap_or(module);
        // The patterns' code refers to the context only; the parsed file can go after.
        PdlPatterns::compile_and_load_guarded(ctx, &mut body, holder, &self.natives, &unbounded)
    }
}

impl Pass for PatternsPass {
    fn name(&self) -> &str {
        "patterns"
    }

    fn sources(&self) -> Option<&tessera_ir::SourceMap> {
        match &self.source {
            PatternSource::Pdll(pdll) => Some(&pdll.sources),
            PatternSource::Drr(drr) => Some(&drr.file.sources),
            PatternSource::Pdl(_) => None,
        }
    }

    fn timing_name(&self) -> &str {
        "ApplyPatterns"
    }

    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>> {
        self.run_reporting(ctx, body, module, &mut String::new())
    }

    fn run_reporting(
        &self,
        ctx: &mut Context,
        body: &mut Body,
        module: OpId,
        report: &mut String,
    ) -> Result<(), Vec<Diagnostic>> {
        let loaded = self.load(ctx)?;
        let mut set = RewritePatternSet::new();
        loaded.add_to(ctx, &mut set);
        let filter = PatternFilter {
            disabled: self.flags.disabled.clone(),
            enabled: self.flags.enabled.clone(),
        };
        let frozen = FrozenRewritePatternSet::with_filter(set, &filter);
        let config = GreedyConfig {
            traversal: if self.flags.top_down {
                Traversal::TopDown
            } else {
                Traversal::BottomUp
            },
            max_iterations: Some(self.flags.max_iterations),
            recording: if self.flags.trace {
                Recording::trace(|ctx: &Context, body: &Body, op: OpId| {
                    op_to_string(ctx, body, op, PrintOptions::default())
                })
            } else if self.flags.stats {
                Recording::Statistics
            } else {
                Recording::Nothing
            },
            ..GreedyConfig::default()
        };
        let outcome = apply_patterns_greedily(ctx, body, module, &frozen, config);
        if let Some(trace) = &outcome.trace {
            report.push_str(trace);
        }
        if self.flags.trace || self.flags.stats {
            report.push_str(&format_stats(&outcome.stats));
        }
        if let Some(nc) = outcome.non_convergence() {
            let _ = writeln!(report, "warning: {nc}");
        }
        Ok(())
    }
}
