//! Runs the Toy tutorial's combine patterns over an MLIR file (generic form) with the greedy
//! driver and prints the result.
//!
//! ```text
//! cargo run -p tessera-rewrite --example toy_combine -- FILE.mlir [--top-down] [--trace]
//!     [--disable-patterns=NAME,...] [--enable-patterns=NAME,...] [--no-fold]
//!     [--max-iterations=N] [--stats]
//! ```

mod toy;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    let out = toy::run_cli(&argv);
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    let _ = std::io::stdout().flush();
    if out.success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
