//! Command lines as users of LLVM's tools type them.
//!
//! LLVM's option parser accepts every long option with one dash or two (`-split-input-file`,
//! `--split-input-file`), and upstream's tests and scripts mostly use one. clap wants two, so
//! the tools rewrite a single-dash word that names one of their long options before clap sees
//! it. Short options (`-o`) and anything after a bare `--` are left alone.

use std::ffi::OsString;

/// `args` rewritten from LLVM's spellings to clap's: `-name[=value]`, where `name` is a long
/// option of `command` (`help` and `version` included), becomes `--name[=value]`, and
/// `--X[=value]`, where `X` is a one-letter option, becomes `-X[=value]`. Anything after a
/// bare `--` is an operand and stays as it is.
pub fn llvm_style(
    command: &clap::Command,
    args: impl IntoIterator<Item = OsString>,
) -> Vec<OsString> {
    let longs: Vec<&str> = command
        .get_arguments()
        .filter_map(|a| a.get_long())
        .chain(["help", "version"])
        .collect();
    let shorts: Vec<char> = command
        .get_arguments()
        .filter_map(|a| a.get_short())
        .collect();
    let mut options_done = false;
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            if i == 0 || options_done {
                return arg;
            }
            let Some(text) = arg.to_str() else {
                return arg;
            };
            if text == "--" {
                options_done = true;
                return arg;
            }
            if let Some(rest) = text.strip_prefix("--") {
                let name = rest.split('=').next().unwrap_or(rest);
                let mut chars = name.chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    if shorts.contains(&c) {
                        return OsString::from(&text[1..]);
                    }
                }
                return arg;
            }
            match text.strip_prefix('-') {
                Some(rest) => {
                    let name = rest.split('=').next().unwrap_or(rest);
                    if name.len() > 1 && longs.contains(&name) {
                        return OsString::from(format!("-{text}"));
                    }
                    arg
                }
                None => arg,
            }
        })
        .collect()
}

/// The input and output operands every tool takes, as LLVM's tools spell them.
#[derive(clap::Args, Debug)]
pub struct InputOutput {
    /// Input file (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file.
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
}

impl InputOutput {
    /// Reads the input (standard input for `-`) and the name diagnostics call it by, or the
    /// message to print when it cannot be read, worded as LLVM's tools word it.
    pub fn read_input(&self) -> Result<(crate::input::Input, String), String> {
        if self.input == "-" {
            let mut buf = Vec::new();
            return match std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf) {
                Ok(_) => Ok((crate::input::Input::from_vec(buf), "<stdin>".to_string())),
                Err(e) => Err(format!("error: cannot read standard input: {e}")),
            };
        }
        match crate::input::Input::read_file(&self.input) {
            Ok(input) => Ok((input, self.input.clone())),
            Err(e) => Err(format!(
                "cannot open input file '{}': {}",
                self.input,
                io_message(&e)
            )),
        }
    }
}

/// An I/O error's message without Rust's ` (os error N)` suffix, as LLVM's tools print it.
pub fn io_message(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// Whether the tool was started with standard output closed (`>&-`).
///
/// Rust's runtime opens `/dev/null` on a standard descriptor it finds closed at start-up, so
/// writes to a closed stdout would vanish and succeed, where upstream's tools fail. The state
/// of descriptor 1 is therefore recorded by a constructor that runs before the runtime's
/// start-up code (`.init_array`), when the descriptor is still as the parent left it.
#[cfg(target_os = "linux")]
pub fn stdout_was_closed() -> bool {
    startup::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

#[cfg(target_os = "linux")]
mod startup {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub(super) static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn record_stdout() {
        // SAFETY: F_GETFD only asks whether descriptor 1 is open; it touches no memory. This
        // runs before `main`, on the only thread.
        let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
        STDOUT_CLOSED.store(closed, Ordering::Relaxed);
    }

    /// Run by the C runtime before Rust's `main` machinery starts.
    #[used]
    #[link_section = ".init_array"]
    static RECORD_STDOUT: extern "C" fn() = record_stdout;
}

/// Whether the tool was started with standard output closed (never known here).
#[cfg(not(target_os = "linux"))]
pub fn stdout_was_closed() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction, Command};

    fn command() -> Command {
        Command::new("tool")
            .arg(Arg::new("input"))
            .arg(Arg::new("output").short('o'))
            .arg(
                Arg::new("split")
                    .long("split-input-file")
                    .action(ArgAction::SetTrue),
            )
            .arg(Arg::new("include").short('I').long("include-dir"))
    }

    fn rewrite(args: &[&str]) -> Vec<String> {
        llvm_style(&command(), args.iter().map(OsString::from))
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn single_dash_long_options_get_a_second_dash() {
        assert_eq!(
            rewrite(&[
                "tool",
                "-split-input-file",
                "-include-dir=x",
                "-o",
                "out",
                "-version"
            ]),
            [
                "tool",
                "--split-input-file",
                "--include-dir=x",
                "-o",
                "out",
                "--version"
            ]
        );
    }

    #[test]
    fn one_letter_options_take_two_dashes_too() {
        assert_eq!(
            rewrite(&["tool", "--I=dir", "--o", "out", "--include-dir", "x"]),
            ["tool", "-I=dir", "-o", "out", "--include-dir", "x"]
        );
    }

    #[test]
    fn short_options_unknown_words_and_operands_stay() {
        // The first word is the program's name; after `--` everything is an operand.
        let args = [
            "-split-input-file",
            "-Ifoo",
            "-unknown",
            "-",
            "--",
            "-split-input-file",
        ];
        assert_eq!(rewrite(&args), args);
        let parsed = command()
            .try_get_matches_from(llvm_style(
                &command(),
                ["tool", "-split-input-file", "in.mlir"].map(OsString::from),
            ))
            .unwrap();
        assert!(parsed.get_flag("split"));
    }

    #[test]
    fn io_messages_read_like_llvms() {
        let e = std::io::Error::from_raw_os_error(2);
        assert_eq!(io_message(&e), "No such file or directory");
    }
}
