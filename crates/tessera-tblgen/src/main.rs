//! `tessera-tblgen`: a drop-in for `llvm-tblgen`'s front-end actions (`--print-records`, the
//! default, and `--dump-json`), with the same `-I`, `-D`, `-o`, `-d` and `--write-if-changed`.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::Parser;

mod alloc;

#[global_allocator]
static GLOBAL: alloc::SizeClasses = alloc::SizeClasses;

#[derive(Parser, Debug)]
#[command(
    name = "tessera-tblgen",
    about = "Evaluate TableGen files like llvm-tblgen 19",
    version
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
    #[arg(long, overrides_with = "dump_json")]
    print_records: bool,
    /// Dump all records as machine-readable JSON. The last action given wins.
    #[arg(long, overrides_with = "print_records")]
    dump_json: bool,
    /// Disable unused template argument warnings.
    #[arg(long)]
    no_warn_on_unused_template_args: bool,
    /// Input file (`-` or nothing for stdin).
    #[arg(default_value = "-")]
    input: String,
}

/// LLVM's option parser accepts single-dash long options; map them to clap's spelling.
fn normalize_args() -> Vec<String> {
    std::env::args()
        .map(|a| match a.as_str() {
            "-print-records"
            | "-dump-json"
            | "-write-if-changed"
            | "-no-warn-on-unused-template-args"
            | "-help"
            | "-version" => {
                format!("-{a}")
            }
            _ => a,
        })
        .collect()
}

/// Writes the output pieces in order.
fn write_parts(w: &mut impl Write, parts: &[String]) -> std::io::Result<()> {
    for p in parts {
        w.write_all(p.as_bytes())?;
    }
    w.flush()
}

/// Whether `bytes` equals the concatenation of `parts`.
fn same_bytes(bytes: &[u8], parts: &[String]) -> bool {
    let mut rest = bytes;
    for p in parts {
        match rest.strip_prefix(p.as_bytes()) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}

fn report(msg: &str) -> ExitCode {
    eprint!("tessera-tblgen: {msg}");
    ExitCode::from(1)
}

fn main() -> ExitCode {
    let t0 = std::time::Instant::now();
    let cli = match Cli::try_parse_from(normalize_args()) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // Help and version are not errors; a bad command line is status 1, as upstream's.
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    // Threads waiting for each other fault in the allocator's next huge page meanwhile, so
    // the thread that allocates there does not wait for the kernel (see `alloc.rs`).
    tessera_tablegen::set_idle_work(alloc::prefault_ahead);
    let opts = tessera_tablegen::Options {
        include_dirs: cli.include.clone(),
        macros: cli.defines.clone(),
        no_warn_unused_template_args: cli.no_warn_on_unused_template_args,
        render: if cli.dump_json {
            tessera_tablegen::Render::DumpJson
        } else {
            tessera_tablegen::Render::PrintRecords
        },
        ..Default::default()
    };
    let parsed = if cli.input == "-" {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            return report(&format!("Could not open input file '-': {e}\n"));
        }
        tessera_tablegen::parse_source("-", &text, &opts)
    } else {
        match std::fs::read(&cli.input) {
            Ok(bytes) => {
                let text = match String::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
                };
                tessera_tablegen::parse_source(&cli.input, &text, &opts)
            }
            Err(e) => {
                // Same wording as upstream: the OS message without Rust's "(os error N)".
                let msg = e.to_string();
                let msg = msg.split(" (os error").next().unwrap_or(&msg).to_string();
                return report(&format!(
                    "Could not open input file '{}': {msg}\n",
                    cli.input
                ));
            }
        }
    };
    let mut parsed = match parsed {
        Ok(p) => p,
        Err(f) => {
            eprint!("{}", f.render());
            return ExitCode::from(1);
        }
    };
    let stats = std::env::var_os("TESSERA_TBLGEN_STATS").is_some();
    let t_parsed = t0.elapsed();
    if stats {
        let (v, t, r) = parsed.records.stats();
        // parse_source renders the output too (Options::render), so this is the whole job.
        eprintln!("stats: {v} values, {t} types, {r} records; parsed and rendered in {t_parsed:?}");
    }
    let rendered = parsed.render_messages();
    if !rendered.is_empty() {
        eprint!("{rendered}");
    }
    // The output comes in pieces, written one after the other without joining them.
    let out = std::mem::take(&mut parsed.output);
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
            return report(&format!("error opening {dep}:{e}\n"));
        }
    }
    let errors = parsed.error_count();
    let mut write = true;
    if cli.write_if_changed && cli.output != "-" {
        if let Ok(existing) = std::fs::read(&cli.output) {
            if same_bytes(&existing, &out) {
                write = false;
            }
        }
    }
    if write {
        if cli.output == "-" {
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            if write_parts(&mut lock, &out).is_err() {
                return report("error writing to stdout\n");
            }
        } else if errors == 0 {
            let written =
                std::fs::File::create(&cli.output).and_then(|mut f| write_parts(&mut f, &out));
            if let Err(e) = written {
                return report(&format!("error opening {}: {e}\n", cli.output));
            }
        }
    }
    // Freeing every record one by one at exit is pure overhead for a one-shot tool.
    std::mem::forget(parsed);
    if errors > 0 {
        return report(&format!("{errors} errors.\n"));
    }
    ExitCode::SUCCESS
}
