//! `tessera-pdll`: read a PDLL file, check it, and print its AST (flags follow `mlir-pdll`).

use clap::{CommandFactory, Parser, ValueEnum};
use std::process::ExitCode;
use tessera_cli::args::{io_message, llvm_style, InputOutput};
use tessera_cli::pdll::{run_pdll, run_pdll_to, OutputKind, PdllOptions};

/// The outputs `mlir-pdll` knows; only the AST is produced so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Kind {
    /// The AST.
    Ast,
    /// PDL as MLIR (not yet implemented).
    Mlir,
    /// C++ (upstream's; Tessera's counterpart will be Rust).
    Cpp,
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
    /// Print the ODS information the input's `.td` includes defined (to standard error).
    #[arg(long = "dump-ods")]
    dump_ods: bool,
    /// Only write the output file if its contents would change.
    #[arg(long = "write-if-changed")]
    write_if_changed: bool,
}

fn main() -> ExitCode {
    let args = Args::parse_from(llvm_style(&Args::command(), std::env::args_os()));
    let output = match args.kind {
        Kind::Ast => OutputKind::Ast,
        Kind::Mlir | Kind::Cpp => {
            eprintln!("tessera-pdll: only -x=ast is implemented so far");
            return ExitCode::FAILURE;
        }
    };
    let (input, name) = match args.io.read_input() {
        Ok(read) => read,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let src = String::from_utf8_lossy(input.bytes());
    let opts = PdllOptions {
        output,
        include_dirs: args.include.iter().map(Into::into).collect(),
        split_input: args.split_input,
        dump_ods: args.dump_ods,
        // The process ends right after the run: freeing the trees would only cost time.
        skip_teardown: true,
    };
    if args.io.output == "-" {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        let run = run_pdll_to(&src, &name, &opts, &mut lock);
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
    let (text, run) = run_pdll(&src, &name, &opts);
    eprint!("{}", run.stderr);
    if run.status != 0 {
        return ExitCode::FAILURE;
    }
    let unchanged = args.write_if_changed
        && std::fs::read(&args.io.output).is_ok_and(|old| old == text.as_bytes());
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
    ExitCode::SUCCESS
}
