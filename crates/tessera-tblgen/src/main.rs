//! `tessera-tblgen`: a drop-in for `llvm-tblgen`'s front-end actions (`--print-records`, the
//! default, and `--dump-json`), with the same `-I`, `-D`, `-o`, `-d` and `--write-if-changed`,
//! spelled with one dash or two as LLVM's option parser allows.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::Parser;

mod alloc;

#[global_allocator]
static GLOBAL: alloc::SizeClasses = alloc::SizeClasses;

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
    #[arg(long, overrides_with = "dump_json")]
    print_records: bool,
    /// Dump all records as machine-readable JSON. The last action given wins.
    #[arg(long, overrides_with = "print_records")]
    dump_json: bool,
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

/// Options LLVM's parser accepts after one dash as well as two (`-print-records`).
const LONG: [&str; 6] = [
    "print-records",
    "dump-json",
    "write-if-changed",
    "no-warn-on-unused-template-args",
    "help",
    "version",
];
/// Options with a value, which LLVM also accepts after two dashes (`--I=dir`, `--o out`).
const SHORT: [&str; 4] = ["I", "D", "o", "d"];

/// Maps LLVM's spellings of the options onto clap's: `-long[=v]` becomes `--long[=v]` and
/// `--X[=v]` becomes `-X[=v]` for the one-letter options. Everything after `--` is an input.
fn normalize_args(args: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut rest_positional = false;
    args.into_iter()
        .map(|a| {
            if rest_positional || a == "-" || !a.starts_with('-') {
                return a;
            }
            if a == "--" {
                rest_positional = true;
                return a;
            }
            let dashes = if a.starts_with("--") { 2 } else { 1 };
            let word = a[dashes..].split('=').next().unwrap_or("");
            match dashes {
                1 if LONG.contains(&word) => format!("-{a}"),
                2 if SHORT.contains(&word) => a[1..].to_string(),
                _ => a,
            }
        })
        .collect()
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

/// The message of an I/O error without Rust's "(os error N)", as upstream words them.
fn os_message(e: &std::io::Error) -> String {
    let msg = e.to_string();
    msg.split(" (os error").next().unwrap_or(&msg).to_string()
}

/// Whether stdout was closed when the process started. Rust's runtime puts `/dev/null` opened
/// for reading and writing on a closed standard descriptor before `main`, so the output would
/// vanish with success; a shell redirection to `/dev/null` opens it for writing only.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: F_GETFL only reads the descriptor's flags.
    let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) };
    if flags < 0 || flags & libc::O_ACCMODE != libc::O_RDWR {
        return false;
    }
    let Ok(null) = std::fs::metadata("/dev/null") else {
        return false;
    };
    // SAFETY: fstat writes into the zeroed struct it is given and nothing else.
    let out = unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        (libc::fstat(libc::STDOUT_FILENO, &mut st) == 0).then_some(st)
    };
    out.is_some_and(|st| st.st_rdev == null.rdev() && st.st_ino == null.ino())
}

#[cfg(not(unix))]
fn stdout_was_closed() -> bool {
    false
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
            os_message(&e)
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
            .map_err(|e| format!("Could not open input file '-': {}\n", os_message(&e)))?
    } else {
        std::fs::read(input)
            .map_err(|e| format!("Could not open input file '{input}': {}\n", os_message(&e)))?
    };
    Ok(tessera_tablegen::lexer::bytes_to_string(bytes))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(normalize_args(std::env::args())) {
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
    let out = if cli.dump_json {
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
            return report(&format!("error opening {dep}: {}\n", os_message(&e)));
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
                os_message(&e)
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
