//! `tessera-pdll`: read a PDLL file, check it, and print its AST (flags follow `mlir-pdll`).

use clap::{CommandFactory, Parser, ValueEnum};

// The trees and the PDL of a big file are millions of small objects made once and never
// freed (the process exits): tessera-opt's size-class allocator serves them from bump pages.
#[global_allocator]
static GLOBAL: tessera_cli::alloc::SizeClasses = tessera_cli::alloc::SizeClasses;
use std::process::ExitCode;
use tessera_cli::args::{io_message, llvm_style, InputOutput};
use tessera_cli::pdll::{run_pdll_to, OutputKind, PdllOptions};
use tessera_pdll::DefaultBenefit;

/// The outputs `mlir-pdll` knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Kind {
    /// The AST.
    Ast,
    /// PDL as MLIR.
    Mlir,
    /// A Rust module: the patterns compiled to Rust and their native code blocks (written
    /// in Rust).
    Rust,
    /// C++ (upstream's; Tessera's counterpart is Rust).
    Cpp,
}

/// `--default-benefit`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum BenefitArg {
    /// The number of operations the pattern matches.
    MatchedOps,
    /// Zero.
    Zero,
}

#[derive(Parser)]
#[command(
    name = "tessera-pdll",
    version,
    about = "PDLL front end (mlir-pdll compatible flags)"
)]
struct Args {
    #[command(flatten)]
    io: InputOutput,
    /// The output to produce.
    #[arg(short = 'x', value_enum, default_value = "ast")]
    kind: Kind,
    /// Directory searched by includes (repeatable).
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<String>,
    /// Process chunks separated by `// -----` independently.
    #[arg(long = "split-input-file")]
    split_input: bool,
    /// The benefit of a pattern without `benefit(N)`: the number of operations it matches
    /// (the PDLL specification), or zero (mlir-pdll 19).
    #[arg(long = "default-benefit", value_enum, default_value = "matched-ops")]
    default_benefit: BenefitArg,
    /// Write a Makefile dependency file here: the output, then every file the input
    /// included (needs -o).
    #[arg(short = 'd', value_name = "FILE")]
    depfile: Option<String>,
    /// Print the ODS information the input's `.td` includes defined (to standard error).
    #[arg(long = "dump-ods")]
    dump_ods: bool,
    /// With -x=rust: embed the PDL, compiled and interpreted when the module loads (natives
    /// registered at run time), instead of the patterns compiled to Rust.
    #[arg(long = "rust-interpreted")]
    rust_interpreted: bool,
    /// Only write the output file if its contents would change.
    #[arg(long = "write-if-changed")]
    write_if_changed: bool,
    /// Worker threads that verify and print a big `-x=mlir` module (0: the calling thread
    /// only). Off by default: on 10,000 patterns two workers saved 3% of the wall time and
    /// cost 8% more CPU time (bench/pdll/threads.py).
    #[arg(long = "workers", value_name = "N", default_value_t = 0)]
    workers: usize,
}

fn main() -> ExitCode {
    let args = Args::parse_from(llvm_style(&Args::command(), std::env::args_os()));
    let output = match args.kind {
        Kind::Ast => OutputKind::Ast,
        Kind::Mlir => OutputKind::Mlir,
        Kind::Rust => OutputKind::Rust,
        Kind::Cpp => {
            eprintln!(
                "tessera-pdll: -x=cpp is upstream's C++ output; Tessera writes Rust (-x=rust)"
            );
            return ExitCode::FAILURE;
        }
    };
    if args.depfile.is_some() && args.io.output == "-" {
        eprintln!("error: the option -d must be used together with -o");
        return ExitCode::FAILURE;
    }
    let (input, name) = match args.io.read_input() {
        Ok(read) => read,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    // Valid UTF-8 (the usual case) is checked by the fast validator; only other input pays
    // for the replacement of bad sequences.
    let src = match std::str::from_utf8(input.bytes()) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(input.bytes()),
    };
    let opts = PdllOptions {
        output,
        include_dirs: args.include.iter().map(Into::into).collect(),
        split_input: args.split_input,
        default_benefit: match args.default_benefit {
            BenefitArg::MatchedOps => DefaultBenefit::MatchedOps,
            BenefitArg::Zero => DefaultBenefit::Zero,
        },
        dump_ods: args.dump_ods,
        rust_interpreted: args.rust_interpreted,
        // The process ends right after the run: freeing the trees would only cost time.
        skip_teardown: true,
        workers: args.workers,
    };
    if args.io.output == "-" {
        // Written in pieces of 64 KiB (each taking the lock), so the text is never held whole.
        let run = run_pdll_to(&src, &name, &opts, &mut std::io::stdout());
        eprint!("{}", run.stderr);
        return match run.write_error {
            // A reader that stopped early (`| head`) wanted no more: end quietly, with the
            // status LLVM's tools give then.
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(74),
            Some(e) => {
                eprintln!("error: cannot write output: {}", io_message(&e));
                ExitCode::FAILURE
            }
            None if run.status != 0 => ExitCode::FAILURE,
            None => ExitCode::SUCCESS,
        };
    }
    // The output is kept as bytes: it is compared and written as is.
    let mut text = Vec::new();
    let run = run_pdll_to(&src, &name, &opts, &mut text);
    eprint!("{}", run.stderr);
    if run.status != 0 {
        return ExitCode::FAILURE;
    }
    let unchanged =
        args.write_if_changed && std::fs::read(&args.io.output).is_ok_and(|old| old == text);
    if !unchanged {
        if let Err(e) = std::fs::write(&args.io.output, &text) {
            eprintln!(
                "cannot open output file '{}': {}",
                args.io.output,
                io_message(&e)
            );
            return ExitCode::FAILURE;
        }
    }
    // Written even when the output was unchanged: a build tool takes a missing dependency
    // file as a stale output.
    if let Some(depfile) = &args.depfile {
        let mut text = args.io.output.clone();
        text.push(':');
        for file in &run.included {
            text.push(' ');
            text.push_str(file);
        }
        text.push('\n');
        if let Err(e) = std::fs::write(depfile, text) {
            eprintln!("cannot open output file '{depfile}': {}", io_message(&e));
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
