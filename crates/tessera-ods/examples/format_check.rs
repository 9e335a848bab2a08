//! Parses and checks every op, attribute and type assembly format defined in a `.td` file and
//! prints the errors as `mlir-tblgen` would report them, or with `--dump` the parsed formats.
//!
//! `cargo run -p tessera-ods --example format_check -- [--dump] FILE.td [-I DIR]...`

use tessera_ods::format;

fn main() {
    let mut includes = Vec::new();
    let mut file = None;
    let mut dump = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "-I" {
            includes.extend(args.next());
        } else if let Some(dir) = arg.strip_prefix("-I") {
            includes.push(dir.to_string());
        } else if arg == "--dump" {
            dump = true;
        } else {
            file = Some(arg);
        }
    }
    let Some(file) = file else {
        eprintln!("usage: format_check [--dump] FILE.td [-I DIR]...");
        std::process::exit(2);
    };
    let opts = tessera_tablegen::Options {
        include_dirs: includes,
        ..Default::default()
    };
    let parsed = match tessera_tablegen::parse_file(&file, &opts) {
        Ok(parsed) => parsed,
        Err(failure) => {
            eprint!("{}", failure.render());
            std::process::exit(1);
        }
    };
    let loaded = tessera_ods::load(&parsed.records);
    let reports = format::check_all(&loaded.model);
    let mut failed = 0;
    for report in &reports {
        match &report.result {
            Ok(dumped) if dump => print!("// {}\n{dumped}", report.name),
            Ok(_) => {}
            Err(diags) => {
                failed += 1;
                for d in diags {
                    eprint!("{}", d.render(&loaded.sources, None));
                }
            }
        }
    }
    eprintln!("{} formats checked, {failed} rejected", reports.len());
    if failed > 0 {
        std::process::exit(1);
    }
}
