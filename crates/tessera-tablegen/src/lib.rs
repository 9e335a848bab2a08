//! TableGen front end: evaluates `.td` files exactly as llvm-tblgen 19 does and exposes the
//! resulting records through [`RecordKeeper`].
//!
//! The phases live in their own modules: [`lexer`] (tokens, comments, `include`) with the
//! preprocessor beside it, the parser (declarations, classes, multiclasses, `foreach`, `if`,
//! `let`, `defset`, `defvar`, `deftype`, `assert`, `dump`), [`record`] (types, interned
//! values, records), the evaluator (late binding through resolvers) and the bang-operator
//! folds, then the printers: `--print-records` ([`RecordKeeper::print_records`]) and
//! `--dump-json` ([`RecordKeeper::dump_json`]). Evaluation follows upstream step by step, so
//! anonymous records get the same `anonymous_N` numbers and unresolved values print the same.
//!
//! Everything runs on the calling thread: the parser pulls tokens from the lexer on demand,
//! and no thread, global hook or machine-specific policy is involved. Recursion follows the
//! nesting of the input, so every recursive phase has an explicit depth limit (see
//! `docs/compatibility.md`) chosen so that it fits an ordinary thread's stack. While it runs,
//! the evaluator owns the [`RecordKeeper`] together with its working state (memo tables,
//! limits, pending messages), so the keeper a caller receives holds only the records.
//!
//! Errors are values: [`parse_file`] and [`parse_source`] return a [`Failure`] holding
//! [`Diagnostics`] (`tessera-ir`'s, rendered in upstream's `file:line:col: error: ...` shape
//! with the source line, a caret and `Included from` lines) instead of panicking, and hostile
//! input (deep recursion, huge ranges, absurd nesting, self-inclusion, runaway growth past
//! [`Limits`]) is refused with an error.
//!
//! ```no_run
//! let opts = tessera_tablegen::Options::default();
//! let parsed = tessera_tablegen::parse_file("Ops.td", &opts).expect("valid input");
//! let rk = &parsed.records;
//! for &def in rk.defs_in_order() {
//!     if rk.is_subclass_of_named(def, "Op") {
//!         let name = rk.value_as_string(def, "opName").unwrap_or_default();
//!         println!("{} -> {name}", rk.record_name(def));
//!     }
//! }
//! ```
#![deny(missing_docs)]

mod bang;
mod eval;
mod evaluator;
pub mod json;
pub mod lexer;
mod parser;
mod preprocessor;
mod print;
pub mod query;
pub mod record;

use std::collections::BTreeSet;

pub use record::{
    ArgKey, BinOp, FieldKind, Init, InitId, RecId, RecTy, Record, RecordKeeper, RecordKind,
    RecordVal, TernOp, TyId, UnOp,
};
pub use tessera_ir::source::{SourceLoc, SourceMap};
pub use tessera_ir::{DiagLoc, Diagnostic, Diagnostics, Reported, Severity};

/// Bounds on one evaluation, so hostile input (a loop over millions of elements, lists doubled
/// over and over) ends with an error instead of exhausting time or memory. Upstream has no
/// such bounds; the defaults are far above what real `.td` files need (MLIR's use at most
/// 17 MB and 89,000 steps) and are reached within seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of values and records evaluation may create, as estimated from their sizes (close
    /// to the resident size they take).
    pub max_bytes: u64,
    /// Evaluation steps (values rebuilt by resolution, `foreach` iterations).
    pub max_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 1 << 30,
            max_steps: 1 << 28,
        }
    }
}

/// Command-line style options of a run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-I` directories searched by `include`.
    pub include_dirs: Vec<String>,
    /// `-D` macros for `#ifdef`.
    pub macros: Vec<String>,
    /// `--no-warn-on-unused-template-args`: do not warn about unused template arguments.
    pub no_warn_unused_template_args: bool,
    /// Resource bounds of the evaluation.
    pub limits: Limits,
    /// Files `include` finds by name before searching the file system: a program's own
    /// `.td` library, built into it so it needs no installation. `(name, text)`; they are
    /// not reported as dependencies.
    pub embedded_files: Vec<(String, std::sync::Arc<str>)>,
}

/// A successful parse. It may still carry errors that upstream reports without stopping
/// (unresolved initializers, failed assertions); then [`Parsed::error_count`] is non-zero and
/// the run must fail after printing.
pub struct Parsed {
    /// All records.
    pub records: RecordKeeper,
    /// Included files, sorted, for `-d`.
    pub dependencies: BTreeSet<String>,
    /// Warnings, notes (from `dump`) and non-fatal errors in order.
    pub messages: Diagnostics,
}

impl Parsed {
    /// Number of errors among [`Parsed::messages`].
    pub fn error_count(&self) -> usize {
        self.messages.error_count()
    }

    /// The messages rendered as llvm-tblgen prints them.
    pub fn render_messages(&self) -> String {
        self.messages.render(self.records.sources(), None)
    }
}

/// A failed parse: the diagnostics plus the buffers needed to render them.
pub struct Failure {
    /// What went wrong, with the warnings and notes reported before it, in order.
    pub diagnostics: Diagnostics,
    /// The source buffers.
    pub sources: SourceMap,
    /// Files included before the failure.
    pub dependencies: BTreeSet<String>,
}

impl Failure {
    /// A failure before any source was read.
    fn without_sources(message: String) -> Failure {
        let mut diagnostics = Diagnostics::new();
        diagnostics.error(DiagLoc::Unknown, message);
        Failure {
            diagnostics,
            sources: SourceMap::default(),
            dependencies: BTreeSet::new(),
        }
    }

    /// The diagnostics rendered as llvm-tblgen prints them.
    pub fn render(&self) -> String {
        self.diagnostics.render(&self.sources, None)
    }
}

impl std::fmt::Debug for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::fmt::Debug for Parsed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Parsed({} messages)", self.messages.len())
    }
}

/// Reads and evaluates a file.
pub fn parse_file(path: &str, opts: &Options) -> Result<Parsed, Failure> {
    match std::fs::read(path) {
        Ok(bytes) => parse_source(path, &lexer::bytes_to_string(bytes), opts),
        Err(e) => Err(Failure::without_sources(format!(
            "Could not open input file '{path}': {e}"
        ))),
    }
}

/// Evaluates source text; `name` is used in diagnostics (`-` for stdin, as upstream prints
/// `<stdin>`). Runs entirely on the calling thread.
pub fn parse_source(name: &str, text: &str, opts: &Options) -> Result<Parsed, Failure> {
    evaluate(new_lexer(name, text, opts), opts)
}

/// The lexer for the main buffer.
fn new_lexer(name: &str, text: &str, opts: &Options) -> lexer::Lexer {
    let mut sm = SourceMap::default();
    let shown = if name == "-" { "<stdin>" } else { name };
    let main = sm.add(shown, text);
    let mut lexer = lexer::Lexer::new(sm, main, opts.include_dirs.clone(), &opts.macros);
    for (name, text) in &opts.embedded_files {
        lexer.embed(name, text.clone());
    }
    lexer
}

/// Parses and evaluates the token stream into records.
fn evaluate(tokens: lexer::Lexer, opts: &Options) -> Result<Parsed, Failure> {
    let mut ev = evaluator::Evaluator::new(opts.limits);
    let mut p = parser::Parser::new(tokens, &mut ev);
    p.warn_unused_template_args = !opts.no_warn_unused_template_args;
    let ok = p.parse_file().is_ok();
    let mut lex = p.lex;
    let deps = std::mem::take(&mut lex.dependencies);
    let (sources, mut msgs) = lex.into_parts();
    let (mut rk, mut notes) = ev.finish();
    msgs.append(&mut notes);
    if !ok {
        return Err(Failure {
            diagnostics: msgs,
            sources,
            dependencies: deps,
        });
    }
    rk.sources = sources;
    Ok(Parsed {
        records: rk,
        dependencies: deps,
        messages: msgs,
    })
}

/// Entry point for fuzzing: evaluates arbitrary bytes and prints the records; it must never
/// panic or overflow the stack.
pub fn fuzz_entry(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // Small bounds keep every input fast; hitting them is an ordinary error.
    let opts = Options {
        limits: Limits {
            max_bytes: 64 << 20,
            max_steps: 1 << 20,
        },
        ..Options::default()
    };
    if let Ok(parsed) = parse_source("fuzz.td", &text, &opts) {
        let _ = parsed.records.print_records();
        let _ = parsed.records.dump_json();
    }
}
