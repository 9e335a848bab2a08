//! `toy-build`: the Toy combine patterns, compiled by `build.rs`, applied to an MLIR file (see
//! the library's documentation for the flags).

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    let out = toy_build::run_cli(&argv);
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    let _ = std::io::stdout().flush();
    if out.success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
