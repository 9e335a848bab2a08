//! `tessera-opt`: read an MLIR file, verify it, print it (flags follow upstream `mlir-opt`).

use clap::{CommandFactory, FromArgMatches, Parser};

// Loading a dialect runs TableGen, whose many small allocations this allocator serves at about
// half the cost of the system's (bench/ods/README.md); big IR buffers still go to the system.
#[global_allocator]
static GLOBAL: tessera_cli::alloc::SizeClasses = tessera_cli::alloc::SizeClasses;
use std::io::{ErrorKind, Write};
use std::process::ExitCode;
use std::sync::Arc;
use tessera_cli::args::{io_message, llvm_style, stdout_was_closed, InputOutput};
use tessera_cli::canonicalize::Canonicalize;
use tessera_cli::load_dialect::load_dialect;
use tessera_cli::opt::{run_to, OptOptions, Pass};
use tessera_cli::pdl::{ConvertPdlToPdlInterpPass, DriverFlags, PatternsPass, TestPdlBytecodePass};
use tessera_pdl::Natives;

#[derive(Parser)]
#[command(
    name = "tessera-opt",
    version,
    about = "Tessera modular optimizer driver (mlir-opt compatible flags)"
)]
struct Args {
    #[command(flatten)]
    io: InputOutput,
    /// Print operations in the generic form.
    #[arg(long = "mlir-print-op-generic")]
    generic: bool,
    /// Print locations.
    #[arg(long = "mlir-print-debuginfo")]
    debug_info: bool,
    /// Print types, attributes and locations where they are used, without aliases.
    #[arg(long = "mlir-print-local-scope")]
    local_scope: bool,
    /// Accept operations of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered: bool,
    /// Process chunks separated by `// -----` independently.
    #[arg(long = "split-input-file")]
    split_input: bool,
    /// Check diagnostics against `expected-*` annotations in the input.
    #[arg(long = "verify-diagnostics")]
    verify_diagnostics: bool,
    /// Report parse / verify / print times on standard error.
    #[arg(long = "mlir-timing")]
    timing: bool,
    /// Run the canonicalizer (`--canonicalize="test-convergence"` fails when it does not
    /// converge).
    #[arg(
        long = "canonicalize",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "",
        value_name = "OPTIONS"
    )]
    canonicalize: Option<String>,
    /// Register the dialects an ODS `.td` file defines (repeatable).
    #[arg(long = "load-dialect", value_name = "FILE.td")]
    load_dialect: Vec<String>,
    /// Directory searched by the `.td` files' includes (repeatable).
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<String>,
    /// Pass: compile the module's PDL patterns into a `pdl_interp` matcher and rewriters.
    #[arg(long = "convert-pdl-to-pdl-interp")]
    convert_pdl_to_pdl_interp: bool,
    /// Pass: apply `module @patterns` to `module @ir` (upstream's PDL bytecode test).
    #[arg(long = "test-pdl-bytecode-pass")]
    test_pdl_bytecode: bool,
    /// Pass: apply the patterns of FILE to the input with the greedy driver: PDL (FILE.mlir),
    /// PDLL (FILE.pdll) or DRR rules (FILE.td), includes searched in the -I directories.
    #[arg(long = "patterns", value_name = "FILE")]
    patterns: Option<String>,
    /// --patterns: seed the driver's worklist top-down.
    #[arg(long = "top-down")]
    top_down: bool,
    /// --patterns: cap on passes over the IR.
    #[arg(long = "max-iterations", value_name = "N", default_value_t = 10)]
    max_iterations: u32,
    /// --patterns: patterns to use (debug names); all others are left out.
    #[arg(long = "enable-patterns", value_delimiter = ',', value_name = "NAMES")]
    enable_patterns: Vec<String>,
    /// --patterns: patterns to leave out (debug names).
    #[arg(long = "disable-patterns", value_delimiter = ',', value_name = "NAMES")]
    disable_patterns: Vec<String>,
    /// --patterns: report what the driver did on standard error.
    #[arg(long = "trace")]
    trace: bool,
    /// --patterns: report per-pattern statistics on standard error.
    #[arg(long = "stats")]
    stats: bool,
}

/// The dialects DRR rules of `--patterns=FILE.td` use: the input is parsed with them.
type RuleDialects = Vec<Arc<tessera_ods::register::Registration>>;

/// The passes the flags ask for, in the order the flags were given.
/// The passes the flags ask for, in flag order, and the dialects their patterns bring (those of
/// DRR rules' ops, those of the `.td` files a PDLL file includes).
type Passes = (Vec<Arc<dyn Pass>>, RuleDialects);

fn passes(args: &Args, matches: &clap::ArgMatches) -> Result<Passes, String> {
    let mut passes: Vec<(usize, Arc<dyn Pass>)> = Vec::new();
    let mut rule_dialects = Vec::new();
    if let Some(options) = &args.canonicalize {
        let pass =
            Canonicalize::from_options(options).map_err(|e| format!("<unknown>:0: error: {e}"))?;
        let at = matches.index_of("canonicalize").unwrap_or(0);
        passes.push((at, Arc::new(pass)));
    }
    if args.convert_pdl_to_pdl_interp {
        let at = matches.index_of("convert_pdl_to_pdl_interp").unwrap_or(0);
        passes.push((at, Arc::new(ConvertPdlToPdlInterpPass)));
    }
    if args.test_pdl_bytecode {
        let at = matches.index_of("test_pdl_bytecode").unwrap_or(0);
        passes.push((at, Arc::new(TestPdlBytecodePass)));
    }
    if let Some(file) = &args.patterns {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot open patterns file '{file}': {}", io_message(&e)))?;
        let flags = DriverFlags {
            top_down: args.top_down,
            max_iterations: args.max_iterations,
            enabled: args.enable_patterns.clone(),
            disabled: args.disable_patterns.clone(),
            trace: args.trace,
            stats: args.stats,
        };
        let at = matches.index_of("patterns").unwrap_or(0);
        let pass = if file.ends_with(".td") {
            let (pass, warnings) =
                PatternsPass::from_drr(file, &args.include, flags, Natives::new())?;
            eprint!("{warnings}");
            rule_dialects.extend(pass.registrations());
            pass
        } else if file.ends_with(".pdll") {
            let include: Vec<std::path::PathBuf> = args.include.iter().map(Into::into).collect();
            let (pass, warnings) =
                PatternsPass::from_pdll(file, text, &include, flags, Natives::new())?;
            eprint!("{warnings}");
            rule_dialects.extend(pass.registrations());
            pass
        } else {
            PatternsPass::new(file, text, flags, Natives::new())
        };
        passes.push((at, Arc::new(pass)));
    }
    passes.sort_by_key(|(at, _)| *at);
    Ok((passes.into_iter().map(|(_, p)| p).collect(), rule_dialects))
}

/// Exit status when the output pipe was closed by its reader, as `mlir-opt`'s.
const EX_IOERR: i32 = 74;

fn main() -> ExitCode {
    let matches =
        Args::command().get_matches_from(llvm_style(&Args::command(), std::env::args_os()));
    let args = match Args::from_arg_matches(&matches) {
        Ok(a) => a,
        Err(e) => e.exit(),
    };
    let (passes, rule_dialects) = match passes(&args, &matches) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    if args.io.output == "-" && stdout_was_closed() {
        eprintln!("error: cannot write output: standard output is closed");
        return ExitCode::FAILURE;
    }
    // Dialects come first: the input is parsed with their ops registered.
    let mut dialects = Vec::new();
    // Patterns bring the dialects of their ops (DRR rules', a PDLL file's `.td` includes'),
    // which the input is parsed with.
    dialects.extend(rule_dialects);
    // What upstream writes in C++ for the dialects Tessera knows comes with them.
    let hooks = tessera_ods::dialect_hooks::options();
    for file in &args.load_dialect {
        match load_dialect(file, &args.include, &hooks) {
            Ok(loaded) => {
                eprint!("{}", loaded.warnings);
                dialects.push(loaded.registration);
            }
            Err(rendered) => {
                eprint!("{rendered}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (input, name) = match args.io.read_input() {
        Ok(read) => read,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let src = match input.as_str() {
        Ok(s) => s,
        Err(offset) => {
            let bytes = input.bytes();
            let line = bytes[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
            let col = offset
                - bytes[..offset]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            eprintln!("{name}:{line}:{col}: error: invalid UTF-8 in input");
            return ExitCode::FAILURE;
        }
    };
    let opts = OptOptions {
        debug_info: args.debug_info,
        generic: args.generic,
        local_scope: args.local_scope,
        allow_unregistered: args.allow_unregistered,
        dialects,
        split_input: args.split_input,
        verify_diagnostics: args.verify_diagnostics,
        timing: args.timing,
        passes,
        skip_teardown: true,
        // The process is ours: a big module may be printed by two workers.
        print_workers: if std::thread::available_parallelism().is_ok_and(|n| n.get() > 1) {
            2
        } else {
            0
        },
    };
    // A named output is written beside its final path and moved there only when the run
    // succeeds: the output may be the input itself (`-o in.mlir`), which is still being read
    // (and may be mapped), and a failed run must not leave half a file behind.
    let (mut sink, staged): (Box<dyn Write + Send>, _) = if args.io.output == "-" {
        (Box::new(std::io::stdout()), None)
    } else {
        match open_output(&args.io.output) {
            Ok((file, staged)) => (Box::new(file), staged),
            Err(e) => {
                eprintln!(
                    "cannot open output file '{}': {}",
                    args.io.output,
                    io_message(&e)
                );
                return ExitCode::FAILURE;
            }
        }
    };
    // The printer hands over 64 KiB at a time, so the sink needs no buffering of its own.
    // Give back input pages the parser is done with (it never looks far behind).
    let release = |offset: usize| input.release_before(offset.saturating_sub(1 << 16));
    let mut stderr_stream = std::io::stderr();
    let out = run_to(
        src,
        &name,
        &opts,
        &mut *sink,
        &mut stderr_stream,
        Some(&release),
    );
    let mut status = out.status;
    let mut stderr = out.stderr;
    match out.write_error {
        // A reader that stopped early (`| head`) wanted no more: end quietly, with the status
        // LLVM's tools give then (EX_IOERR, from their SIGPIPE handler).
        Some(e) if e.kind() == ErrorKind::BrokenPipe => status = EX_IOERR,
        Some(e) => stderr.push_str(&format!("error: cannot write output: {}\n", io_message(&e))),
        None => {}
    }
    drop(sink);
    if let Some(path) = staged {
        if status == 0 {
            if let Err(e) = std::fs::rename(&path, &args.io.output) {
                let _ = std::fs::remove_file(&path);
                stderr.push_str(&format!(
                    "cannot open output file '{}': {}\n",
                    args.io.output,
                    io_message(&e)
                ));
                status = 1;
            }
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
    if std::io::stderr().write_all(stderr.as_bytes()).is_err() && status == 0 {
        status = 1;
    }
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}

/// The file to write a named output to, and the staged path to rename over `output` once the
/// run succeeds. Only a regular file (or a new one) is staged: `/dev/null`, a pipe or a
/// terminal is written in place, since renaming over it would replace it with a file.
fn open_output(output: &str) -> std::io::Result<(std::fs::File, Option<std::path::PathBuf>)> {
    if std::fs::metadata(output).is_ok_and(|m| !m.is_file()) {
        let file = std::fs::OpenOptions::new().write(true).open(output)?;
        return Ok((file, None));
    }
    let (path, file) = staging_file(output)?;
    Ok((file, Some(path)))
}

/// A new file in the directory of `output`, to be renamed over it once the run succeeds.
fn staging_file(output: &str) -> std::io::Result<(std::path::PathBuf, std::fs::File)> {
    let target = std::path::Path::new(output);
    let name = target
        .file_name()
        .ok_or_else(|| std::io::Error::new(ErrorKind::InvalidInput, "not a file name"))?;
    let mut staged_name = std::ffi::OsString::from(".");
    staged_name.push(name);
    staged_name.push(format!(".tessera-{}", std::process::id()));
    let path = target.with_file_name(staged_name);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    Ok((path, file))
}
