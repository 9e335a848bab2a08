//! `tessera-tblgen`: a drop-in for `llvm-tblgen`'s front-end actions (`--print-records`, the
//! default, and `--dump-json`) and for `mlir-tblgen`'s documentation actions (`--gen-op-doc`,
//! `--gen-dialect-doc`), plus `--gen-pdl` (the DRR rules of the file lowered to PDL) and `--gen-rust-rewriters` (a Rust module of them), with the same `-I`, `-D`, `-o`, `-d` and `--write-if-changed`,
//! spelled with one dash or two as LLVM's option parser allows.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use tessera_cli::args::{io_message, llvm_style, stdout_was_closed};

#[global_allocator]
static GLOBAL: tessera_cli::alloc::SizeClasses = tessera_cli::alloc::SizeClasses;

/// The upstream tool whose behaviour this one follows, named by `--version`.
const UPSTREAM: &str = "llvm-tblgen 19";

/// Exit status of a write to a closed pipe: upstream's tools end quietly with `EX_IOERR`.
const EX_IOERR: u8 = 74;

#[derive(Parser, Debug)]
#[command(
    name = "tessera-tblgen",
    about = "Evaluate TableGen files like llvm-tblgen 19",
    disable_version_flag = true
)]
struct Cli {
    /// Directory of include files.
    #[arg(short = 'I', value_name = "directory")]
    include: Vec<String>,
    /// Define a macro for `#ifdef`.
    #[arg(short = 'D', value_name = "macro name")]
    defines: Vec<String>,
    /// Output filename (`-` for stdout).
    #[arg(short = 'o', value_name = "filename", default_value = "-")]
    output: String,
    /// Dependency filename to write.
    #[arg(short = 'd', value_name = "filename")]
    depfile: Option<String>,
    /// Only write the output file if it changed.
    #[arg(long)]
    write_if_changed: bool,
    /// Print all records to stdout (the default action). The last action given wins.
    #[arg(long, overrides_with_all = ["dump_json", "gen_op_doc", "gen_dialect_doc", "gen_pdl", "gen_rust_rewriters"])]
    print_records: bool,
    /// Dump all records as machine-readable JSON. The last action given wins.
    #[arg(long, overrides_with_all = ["print_records", "gen_op_doc", "gen_dialect_doc", "gen_pdl", "gen_rust_rewriters"])]
    dump_json: bool,
    /// Generate op documentation (markdown), as `mlir-tblgen -gen-op-doc`.
    #[arg(long, overrides_with_all = ["print_records", "dump_json", "gen_dialect_doc", "gen_pdl", "gen_rust_rewriters"])]
    gen_op_doc: bool,
    /// Generate dialect documentation (markdown), as `mlir-tblgen -gen-dialect-doc`.
    #[arg(long, overrides_with_all = ["print_records", "dump_json", "gen_op_doc", "gen_pdl", "gen_rust_rewriters"])]
    gen_dialect_doc: bool,
    /// Print the PDL the file's DRR rules (`Pat`/`Pattern` records) lower to.
    #[arg(long, overrides_with_all = ["print_records", "dump_json", "gen_op_doc", "gen_dialect_doc", "gen_rust_rewriters"])]
    gen_pdl: bool,
    /// Write a Rust module of the file's DRR rules for a `build.rs`: their matcher and
    /// rewriters compiled to Rust, each NativeCodeCall's Rust expression as a function,
    /// `register_natives` and `load`.
    #[arg(long, overrides_with_all = ["print_records", "dump_json", "gen_op_doc", "gen_dialect_doc", "gen_pdl"])]
    gen_rust_rewriters: bool,
    /// With `--gen-rust-rewriters`: hold the rules' PDL, compiled and interpreted at `load`,
    /// instead of the matcher compiled ahead of time.
    #[arg(long)]
    rust_interpreted: bool,
    /// The dialect to document with `--gen-dialect-doc`, when the file defines several.
    #[arg(long, value_name = "name")]
    dialect: Option<String>,
    /// Disable unused template argument warnings.
    #[arg(long)]
    no_warn_on_unused_template_args: bool,
    /// Print the version and the llvm-tblgen version this one follows.
    #[arg(long)]
    version: bool,
    /// Input file (`-` or nothing for stdin).
    #[arg(default_value = "-")]
    input: String,
}

/// Writes `msg` to stderr, prefixed with the tool's name; a failing stderr is ignored (there
/// is nowhere left to report it), as upstream does.
fn complain(msg: &str) {
    let _ = write!(std::io::stderr(), "tessera-tblgen: {msg}");
}

/// Reports `msg` and gives the failing exit status.
fn report(msg: &str) -> ExitCode {
    complain(msg);
    ExitCode::from(1)
}

/// Writes the output to stdout. A closed pipe (`| head`) ends the run quietly with upstream's
/// status; any other failure (a closed descriptor, a full disk) is an error.
fn write_stdout(out: &str) -> Result<(), ExitCode> {
    if stdout_was_closed() {
        return Err(report("error writing to stdout: Bad file descriptor\n"));
    }
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    match lock.write_all(out.as_bytes()).and_then(|()| lock.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ExitCode::from(EX_IOERR)),
        Err(e) => Err(report(&format!(
            "error writing to stdout: {}\n",
            io_message(&e)
        ))),
    }
}

/// Reads the input: a file, or stdin for `-`. Both are decoded alike: invalid UTF-8 becomes
/// U+FFFD, as llvm-tblgen reads bytes.
fn read_input(input: &str) -> Result<String, String> {
    let bytes = if input == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .map_err(|e| format!("Could not open input file '-': {}\n", io_message(&e)))?
    } else {
        std::fs::read(input)
            .map_err(|e| format!("Could not open input file '{input}': {}\n", io_message(&e)))?
    };
    Ok(tessera_tablegen::lexer::bytes_to_string(bytes))
}

/// The op or dialect documentation of the records, read through the ODS model; malformed
/// definitions are reported as `mlir-tblgen` reports them.
fn documentation(cli: &Cli, records: &tessera_tablegen::RecordKeeper) -> Result<String, ExitCode> {
    let loaded = tessera_ods::load(records);
    if !loaded.diagnostics.is_empty() {
        let _ = write!(std::io::stderr(), "{}", loaded.render_diagnostics());
        return Err(ExitCode::from(1));
    }
    if cli.gen_op_doc {
        return Ok(tessera_ods::docs::op_doc(&loaded.model, &cli.input));
    }
    tessera_ods::docs::dialect_doc(&loaded.model, &cli.input, cli.dialect.as_deref())
        .map_err(|e| report(&format!("{e}\n")))
}

/// `--gen-pdl`: the DRR rules lowered to PDL (Tessera's `.td` library includable), or the
/// located diagnostics of the rules' mistakes; `--gen-rust-rewriters`: the Rust module of
/// the rules.
fn gen_pdl(cli: &Cli) -> ExitCode {
    let flag = if cli.gen_pdl {
        "--gen-pdl"
    } else {
        "--gen-rust-rewriters"
    };
    if cli.input == "-" {
        return report(&format!("{flag} reads a file, not standard input\n"));
    }
    let generated = if cli.gen_pdl {
        tessera_drr::gen_pdl(&cli.input, &cli.include)
    } else {
        // The module names the file as given, without the directories before it, so it
        // does not change with where it is generated.
        let source = std::path::Path::new(&cli.input)
            .file_name()
            .map_or(cli.input.clone(), |n| n.to_string_lossy().into_owned());
        tessera_drr::gen_rust_rewriters(&cli.input, &source, &cli.include, cli.rust_interpreted)
    };
    let text = match generated {
        Ok((text, warnings)) => {
            let _ = write!(std::io::stderr(), "{warnings}");
            text
        }
        Err(rendered) => {
            let _ = write!(std::io::stderr(), "{rendered}");
            return ExitCode::from(1);
        }
    };
    if cli.output == "-" {
        return match write_stdout(&text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        };
    }
    match std::fs::write(&cli.output, text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => report(&format!(
            "error opening {}: {}\n",
            cli.output,
            io_message(&e)
        )),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(llvm_style(&Cli::command(), std::env::args_os())) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // Help is not an error; a bad command line is status 1, as upstream's.
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    if cli.version {
        let text = format!(
            "tessera-tblgen {}\n  follows {UPSTREAM}\n",
            env!("CARGO_PKG_VERSION")
        );
        return match write_stdout(&text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        };
    }
    if cli.gen_pdl || cli.gen_rust_rewriters {
        return gen_pdl(&cli);
    }
    let opts = tessera_tablegen::Options {
        include_dirs: cli.include.clone(),
        macros: cli.defines.clone(),
        no_warn_unused_template_args: cli.no_warn_on_unused_template_args,
        ..Default::default()
    };
    let text = match read_input(&cli.input) {
        Ok(text) => text,
        Err(msg) => return report(&msg),
    };
    let parsed = match tessera_tablegen::parse_source(&cli.input, &text, &opts) {
        Ok(p) => p,
        Err(f) => {
            let _ = write!(std::io::stderr(), "{}", f.render());
            return ExitCode::from(1);
        }
    };
    let rendered = parsed.render_messages();
    if !rendered.is_empty() {
        let _ = write!(std::io::stderr(), "{rendered}");
    }
    let out = if cli.gen_op_doc || cli.gen_dialect_doc {
        match documentation(&cli, &parsed.records) {
            Ok(text) => text,
            Err(code) => return code,
        }
    } else if cli.dump_json {
        parsed.records.dump_json()
    } else {
        parsed.records.print_records()
    };
    if let Some(dep) = &cli.depfile {
        if cli.output == "-" {
            return report("the option -d must be used together with -o\n");
        }
        let mut text = format!("{}:", cli.output);
        for d in &parsed.dependencies {
            text.push(' ');
            text.push_str(d);
        }
        text.push('\n');
        if let Err(e) = std::fs::write(dep, text) {
            return report(&format!("error opening {dep}: {}\n", io_message(&e)));
        }
    }
    let errors = parsed.error_count();
    let unchanged = cli.write_if_changed
        && cli.output != "-"
        && std::fs::read(&cli.output).is_ok_and(|old| old == out.as_bytes());
    if cli.output == "-" {
        if let Err(code) = write_stdout(&out) {
            return code;
        }
    } else if errors == 0 && !unchanged {
        if let Err(e) = std::fs::write(&cli.output, &out) {
            return report(&format!(
                "error opening {}: {}\n",
                cli.output,
                io_message(&e)
            ));
        }
    }
    // Freeing every record one by one at exit is pure overhead for a one-shot tool.
    std::mem::forget(parsed);
    if errors > 0 {
        return report(&format!("{errors} errors.\n"));
    }
    ExitCode::SUCCESS
}
