//! `ods-doc`: op or dialect documentation for a `.td` file, as `mlir-tblgen -gen-op-doc` /
//! `-gen-dialect-doc` write it. Used by `scripts/ods-doc-diff.sh` to compare the two.
//!
//! Usage: `ods-doc (--gen-op-doc | --gen-dialect-doc) [--dialect NAME] [-I DIR]... FILE.td`

use std::process::ExitCode;

enum Mode {
    Ops,
    Dialect,
}

fn main() -> ExitCode {
    let mut mode = None;
    let mut dialect = None;
    let mut opts = tessera_tablegen::Options::default();
    let mut input = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--gen-op-doc" | "-gen-op-doc" => mode = Some(Mode::Ops),
            "--gen-dialect-doc" | "-gen-dialect-doc" => mode = Some(Mode::Dialect),
            "--dialect" | "-dialect" => dialect = args.next(),
            "-I" => opts.include_dirs.extend(args.next()),
            s if s.starts_with("-I") => opts.include_dirs.push(s[2..].to_string()),
            s if s.starts_with("--dialect=") || s.starts_with("-dialect=") => {
                dialect = s.split_once('=').map(|(_, d)| d.to_string());
            }
            _ => input = Some(arg),
        }
    }
    let (Some(mode), Some(input)) = (mode, input) else {
        eprintln!("usage: ods-doc (--gen-op-doc | --gen-dialect-doc) [--dialect NAME] [-I DIR]... FILE.td");
        return ExitCode::from(2);
    };
    let parsed = match tessera_tablegen::parse_file(&input, &opts) {
        Ok(parsed) => parsed,
        Err(failure) => {
            eprint!("{}", failure.render());
            return ExitCode::FAILURE;
        }
    };
    if parsed.error_count() > 0 {
        eprint!("{}", parsed.render_messages());
        return ExitCode::FAILURE;
    }
    let loaded = tessera_ods::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        eprint!("{}", loaded.render_diagnostics());
        return ExitCode::FAILURE;
    }
    let text = match mode {
        Mode::Ops => tessera_ods::docs::op_doc(&loaded.model, &input),
        Mode::Dialect => {
            match tessera_ods::docs::dialect_doc(&loaded.model, &input, dialect.as_deref()) {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    print!("{text}");
    ExitCode::SUCCESS
}
