//! `tessera-opt`: parse, verify and print MLIR files, with `mlir-opt`'s flags.

use std::fmt::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tessera_asm::PrintOptions;
use tessera_ir::{Body, Context, Diagnostic, OpId, Severity, SourceMap};

/// A transformation `tessera-opt` runs on a parsed and verified module, like one pass of
/// mlir-opt's pipeline. Passes run in the order their flags were given; the module is verified
/// again after each one, as mlir-opt does.
pub trait Pass: Send + Sync + std::fmt::Debug {
    /// The pass's flag without dashes (`convert-pdl-to-pdl-interp`).
    fn name(&self) -> &str;
    /// The pass's name in `--mlir-timing` reports: upstream's pass class name
    /// (`ConvertPDLToPDLInterp`) where there is one.
    fn timing_name(&self) -> &str {
        self.name()
    }
    /// Transforms `module` in `body`. A failure carries the diagnostics to report; the chunk
    /// then prints nothing and the tool exits with status 1.
    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>>;
    /// Source buffers of the pass's own (a patterns file and its includes) that its
    /// diagnostics may point into, so they can be shown with their lines.
    fn sources(&self) -> Option<&SourceMap> {
        None
    }
    /// `run`, for a pass that also reports on its work (a trace, statistics): what it
    /// appends to `report` goes to standard error after the chunk, failed or not.
    fn run_reporting(
        &self,
        ctx: &mut Context,
        body: &mut Body,
        module: OpId,
        report: &mut String,
    ) -> Result<(), Vec<Diagnostic>> {
        let _ = report;
        self.run(ctx, body, module)
    }
}

/// What the tool was asked to do.
#[derive(Clone, Debug, Default)]
pub struct OptOptions {
    /// `--mlir-print-debuginfo`.
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: no aliases, everything printed where it is used.
    pub local_scope: bool,
    /// `--mlir-print-op-generic`: print every op in the generic form (otherwise ops with
    /// a registered custom form use it).
    pub generic: bool,
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// Dialects loaded with `--load-dialect`, registered in every chunk's context.
    pub dialects: Vec<Arc<tessera_ods::register::Registration>>,
    /// `--split-input-file`.
    pub split_input: bool,
    /// `--verify-diagnostics`.
    pub verify_diagnostics: bool,
    /// `--mlir-timing`.
    pub timing: bool,
    /// Passes to run on each verified chunk, in order.
    pub passes: Vec<Arc<dyn Pass>>,
    /// Worker threads the printer may use for a big module (0: the calling thread only).
    pub print_workers: usize,
    /// Leak the IR instead of freeing it once printed: for a process that exits right after,
    /// where freeing millions of objects would only cost time.
    pub skip_teardown: bool,
}

/// The outcome of a run: what to print and the exit status.
#[derive(Debug, Default)]
pub struct OptOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit status.
    pub status: i32,
    /// Why writing the output failed, if it did (the run stopped there).
    pub write_error: Option<std::io::Error>,
}

// Splitting is shared with every tool that reads `--split-input-file` input.
pub use tessera_ir::source::{split_chunks, SPLIT_MARKER};

/// A parsed-and-verified chunk, or its diagnostics.
pub struct ChunkResult {
    /// Printed output (if the chunk was valid).
    pub output: Option<String>,
    /// Diagnostics, with "see current operation" notes for verifier errors.
    pub diagnostics: Vec<Diagnostic>,
    /// The context the chunk was parsed in (for rendering diagnostics).
    pub ctx: Context,
    /// Where the time went, as `--mlir-timing` lists it: `Parser`, each pass that ran (by
    /// its timing name), `Output`, and `Rest` (verification and everything else).
    pub times: Vec<(String, Duration)>,
    /// The error writing to the sink of `process_buffer_to`, if any.
    pub io_error: Option<std::io::Error>,
    /// What the passes reported on their work (`Pass::run_reporting`).
    pub report: String,
}

/// Parses, verifies and prints one buffer named `file_name`.
pub fn process_buffer(src: &str, file_name: &str, opts: &OptOptions) -> ChunkResult {
    process_buffer_to(src, file_name, opts, None, None)
}

/// `process_buffer`, streaming the printed text to `sink` if one is given (the result's
/// `output` is then empty; a write error is returned as a diagnostic-free `output: None`
/// with the error text in `io_error`).
pub fn process_buffer_to(
    src: &str,
    file_name: &str,
    opts: &OptOptions,
    sink: Option<&mut (dyn std::io::Write + Send)>,
    progress: Option<&dyn Fn(usize)>,
) -> ChunkResult {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(opts.allow_unregistered);
    // Like mlir-opt, the tool knows the builtin and func dialects without being asked.
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    // ... and every dialect it has, among them pdl and pdl_interp, registered when first used.
    tessera_pdl::dialect::add_pdl_dialect_loaders(&mut ctx);
    for dialects in &opts.dialects {
        dialects.register(&mut ctx);
    }
    let print_opts = PrintOptions {
        debug_info: opts.debug_info,
        generic: opts.generic,
        local_scope: opts.local_scope,
        workers: opts.print_workers,
    };
    let t0 = Instant::now();
    let parser = tessera_asm::Parser::new(&mut ctx, src, file_name, 0);
    let parsed = match progress {
        Some(p) => parser.with_progress(p).parse_module(),
        None => parser.parse_module(),
    };
    let t1 = Instant::now();
    let mut parsed = match parsed {
        Ok(p) => p,
        Err(d) => {
            return ChunkResult {
                output: None,
                diagnostics: vec![*d],
                ctx,
                times: timing_rows(t0, vec![("Parser".into(), t1 - t0)]),
                io_error: None,
                report: String::new(),
            }
        }
    };
    let mut failure = verify_chunk(&ctx, &parsed, print_opts);
    let mut report = String::new();
    let mut rows = vec![("Parser".to_string(), t1 - t0)];
    for pass in &opts.passes {
        if failure.is_some() {
            break;
        }
        let started = Instant::now();
        let ran = pass.run_reporting(&mut ctx, &mut parsed.body, parsed.module, &mut report);
        rows.push((pass.timing_name().to_string(), started.elapsed()));
        failure = match ran {
            Ok(()) => verify_chunk(&ctx, &parsed, print_opts),
            Err(diagnostics) => Some(diagnostics),
        };
    }
    if let Some(diagnostics) = failure {
        return ChunkResult {
            output: None,
            diagnostics,
            ctx,
            times: timing_rows(t0, rows),
            io_error: None,
            report,
        };
    }
    let t2 = Instant::now();
    let mut io_error = None;
    let text = match sink {
        Some(sink) => {
            if let Err(e) = tessera_asm::print_module_to(
                &ctx,
                &parsed.body,
                parsed.module,
                &parsed.resources,
                print_opts,
                sink,
            )
            .and_then(|()| sink.write_all(b"\n"))
            {
                io_error = Some(e);
            }
            String::new()
        }
        None => tessera_asm::print_module(
            &ctx,
            &parsed.body,
            parsed.module,
            &parsed.resources,
            print_opts,
        ),
    };
    if opts.skip_teardown {
        std::mem::forget(parsed);
    }
    rows.push(("Output".to_string(), t2.elapsed()));
    ChunkResult {
        output: Some(text),
        diagnostics: Vec::new(),
        ctx,
        times: timing_rows(t0, rows),
        io_error,
        report,
    }
}

/// `rows` and `Rest`: the time since `start` that no row accounts for.
fn timing_rows(start: Instant, mut rows: Vec<(String, Duration)>) -> Vec<(String, Duration)> {
    let listed: Duration = rows.iter().map(|(_, t)| *t).sum();
    rows.push(("Rest".to_string(), start.elapsed().saturating_sub(listed)));
    rows
}

/// Verifies a chunk's module; on failure, its diagnostics with the "see current operation" note
/// upstream attaches to verifier errors.
fn verify_chunk(
    ctx: &Context,
    parsed: &tessera_asm::ParsedModule,
    print_opts: PrintOptions,
) -> Option<Vec<Diagnostic>> {
    let errors = tessera_ir::verify(ctx, &parsed.body, parsed.module).err()?;
    let diagnostics = errors
        .into_iter()
        .map(|mut d| {
            if let Some(op) = d.op {
                let text = tessera_asm::op_to_string(ctx, &parsed.body, op, print_opts);
                d.notes.insert(
                    0,
                    Diagnostic::new(
                        Severity::Note,
                        d.loc,
                        // Upstream starts an op that spans lines on a line of its own.
                        if text.contains('\n') {
                            format!("see current operation: \n{text}")
                        } else {
                            format!("see current operation: {text}")
                        },
                    ),
                );
            }
            d
        })
        .collect();
    Some(diagnostics)
}

/// Runs the whole tool on `src` read from `file_name`, on the calling thread (the parser and
/// printer need no big stack, see `tessera_asm`).
pub fn run(src: &str, file_name: &str, opts: &OptOptions) -> OptOutput {
    let mut buffer = Vec::new();
    let mut diagnostics = Vec::new();
    let mut out = run_on_current_thread(src, file_name, opts, &mut buffer, &mut diagnostics, None);
    out.stderr = String::from_utf8(diagnostics)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    // The printer writes only text, so the buffer is UTF-8.
    out.stdout = String::from_utf8(buffer)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    out
}

/// `run`, writing standard output to `sink` and each chunk's diagnostics to `diagnostics` as
/// they are produced instead of returning them (`stdout` and `stderr` stay empty), so neither a
/// huge module nor the output or errors of many split chunks are ever held as text. A write
/// error on `sink` ends the run: it is returned in `write_error` with status 1, and the caller
/// words it; one on `diagnostics` is ignored, as upstream's tools ignore a failing stderr.
/// `progress` is passed to the parser of an unsplit buffer (see
/// `tessera_asm::Parser::with_progress`).
pub fn run_to(
    src: &str,
    file_name: &str,
    opts: &OptOptions,
    sink: &mut (dyn std::io::Write + Send),
    diagnostics: &mut dyn std::io::Write,
    progress: Option<&(dyn Fn(usize) + Sync)>,
) -> OptOutput {
    let mut out = run_on_current_thread(src, file_name, opts, &mut *sink, diagnostics, progress);
    if out.write_error.is_none() {
        if let Err(e) = sink.flush() {
            out.write_error = Some(e);
            out.status = 1;
        }
    }
    out
}

fn run_on_current_thread(
    src: &str,
    file_name: &str,
    opts: &OptOptions,
    sink: &mut (dyn std::io::Write + Send),
    diagnostics: &mut dyn std::io::Write,
    progress: Option<&(dyn Fn(usize) + Sync)>,
) -> OptOutput {
    let mut out = OptOutput::default();
    let chunks: Vec<(u32, &str)> = if opts.split_input {
        split_chunks(src)
    } else {
        vec![(1, src)]
    };
    // Progress offsets are relative to the buffer parsed, so they mean something to the caller
    // only when the buffer is the whole input.
    let progress = progress.filter(|_| chunks.len() == 1);
    // Rows summed over the chunks, in the order they first appear.
    let mut times: Vec<(String, Duration)> = Vec::new();
    let last = chunks.len() - 1;
    for (index, &(line, text)) in chunks.iter().enumerate() {
        let name = if opts.split_input {
            format!("within split at {file_name}:{line} offset ")
        } else {
            file_name.to_string()
        };
        // Upstream separates every chunk's output from the previous one, even an empty one.
        if index > 0 {
            if let Err(e) = writeln!(sink, "{SPLIT_MARKER}") {
                out.write_error = Some(e);
                out.status = 1;
                break;
            }
        }
        // Only the last chunk may skip its teardown: the others' memory is needed again.
        let chunk_opts = OptOptions {
            skip_teardown: opts.skip_teardown && index == last,
            ..opts.clone()
        };
        let mut result = process_buffer_to(
            text,
            &name,
            &chunk_opts,
            Some(&mut *sink),
            progress.map(|p| p as &dyn Fn(usize)),
        );
        for (name, t) in &result.times {
            match times.iter_mut().find(|(n, _)| n == name) {
                Some((_, sum)) => *sum += *t,
                None => times.push((name.clone(), *t)),
            }
        }
        if let Some(e) = result.io_error.take() {
            out.write_error = Some(e);
            out.status = 1;
            break;
        }
        out.stderr.push_str(&result.report);
        // Only diagnostics need the text (a copy of it): skip that for clean inputs.
        let mut sources = SourceMap::new();
        if opts.verify_diagnostics || !result.diagnostics.is_empty() {
            sources.add(name.as_str(), text);
            for pass_sources in opts.passes.iter().filter_map(|p| p.sources()) {
                for (_, file) in pass_sources.files() {
                    sources.add(file.name(), file.text().clone());
                }
            }
        }
        if opts.verify_diagnostics {
            let problems =
                crate::verify_diagnostics::check(text, &mut result.ctx, &name, &result.diagnostics);
            if !problems.is_empty() {
                out.status = 1;
                for p in problems {
                    p.render_to(&mut out.stderr, &sources, Some(&result.ctx));
                }
            }
        } else {
            for d in &result.diagnostics {
                d.render_to(&mut out.stderr, &sources, Some(&result.ctx));
            }
            if result.output.is_none() {
                out.status = 1;
            }
        }
        // Each chunk's diagnostics go out before the next chunk is read, as upstream's do.
        let _ = diagnostics.write_all(out.stderr.as_bytes());
        out.stderr.clear();
        if chunk_opts.skip_teardown {
            std::mem::forget(result.ctx);
        }
    }
    if opts.timing {
        // `Rest` goes last, as upstream lists it.
        if let Some(at) = times.iter().position(|(n, _)| n == "Rest") {
            let rest = times.remove(at);
            times.push(rest);
        }
        let total: Duration = times.iter().map(|(_, t)| *t).sum();
        let mut report = String::new();
        let rule = "===".to_string() + &"-".repeat(73) + "===";
        let _ = writeln!(report, "{rule}");
        let _ = writeln!(report, "{:>50}", "... Execution time report ...");
        let _ = writeln!(report, "{rule}");
        let _ = writeln!(
            report,
            "  Total Execution Time: {:.4} seconds\n",
            total.as_secs_f64()
        );
        let _ = writeln!(report, "  ----Wall Time----  ----Name----");
        for (name, t) in times.iter().map(|(n, t)| (n.as_str(), *t)) {
            let pct = if total.is_zero() {
                0.0
            } else {
                100.0 * t.as_secs_f64() / total.as_secs_f64()
            };
            let _ = writeln!(report, "  {:>8.4} ({:>5.1}%)  {name}", t.as_secs_f64(), pct);
        }
        let _ = writeln!(report, "  {:>8.4} (100.0%)  Total", total.as_secs_f64());
        let _ = diagnostics.write_all(report.as_bytes());
    }
    out
}
