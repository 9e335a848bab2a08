//! TableGen front end: evaluates `.td` files exactly as llvm-tblgen 19 does and exposes the
//! resulting records through [`RecordKeeper`].
//!
//! The phases live in their own modules: [`lexer`] (tokens, comments, `include`) with the
//! preprocessor beside it, run on another thread ahead of the parser (the token stream
//! hands tokens over in batches, each with the messages it produced, so output and diagnostics
//! are those of a sequential run), the parser (declarations, classes, multiclasses, `foreach`, `if`,
//! `let`, `defset`, `defvar`, `deftype`, `assert`, `dump`), [`record`] (types, interned
//! values, records), the evaluator (late binding through resolvers) and the bang-operator
//! folds, then the printers: `--print-records` ([`RecordKeeper::print_records`]) and
//! `--dump-json` ([`RecordKeeper::dump_json`]). Evaluation follows upstream step by step, so
//! anonymous records get the same `anonymous_N` numbers and unresolved values print the same.
//!
//! A run is a few milliseconds on two threads, so where and when they run matters as much as
//! the work: the `placement` module starts the evaluating thread on another CPU and keeps
//! waiting threads from being queued behind the thread that wakes them, and [`parse_source`]
//! can render the output itself ([`Options::render`]), the two threads sharing the pieces of
//! a [`PrintPlan`].
//!
//! Errors are values: [`parse_file`] and [`parse_source`] return a [`Failure`] holding
//! [`Diagnostic`]s (rendered in upstream's `file:line:col: error: ...` shape with the source
//! line, a caret and `Included from` lines) instead of panicking, and hostile input (deep
//! recursion, huge ranges, absurd nesting, self-inclusion, runaway growth past [`Limits`]) is
//! refused with an error.
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
pub mod diag;
mod eval;
pub mod json;
pub mod lexer;
mod parser;
mod placement;
mod preprocessor;
mod print;
pub mod query;
pub mod record;
mod tokens;

use std::collections::BTreeSet;
use std::sync::Arc;

pub use diag::{Diagnostic, Loc, Message, Severity, SourceMgr};
pub use print::{Pieces, PrintPlan};
pub use record::{
    ArgKey, BinOp, FieldKind, Init, InitId, RecId, RecTy, Record, RecordKeeper, RecordKind,
    RecordVal, TernOp, TyId, UnOp,
};

/// Bounds on one evaluation, so hostile input (a loop over millions of elements, lists doubled
/// over and over) ends with an error instead of exhausting time or memory. Upstream has no
/// such bounds; the defaults are far above what real `.td` files need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Approximate bytes of values and records evaluation may create.
    pub max_bytes: u64,
    /// Evaluation steps (values rebuilt by resolution, `foreach` iterations).
    pub max_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 1 << 30,
            max_steps: 1 << 32,
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
    /// Output to render as part of the run, into [`Parsed::output`].
    pub render: Render,
}

/// Output that [`parse_source`] renders once evaluation is done (see [`Options::render`]).
///
/// Rendering there rather than afterwards lets the evaluating thread, which has the records
/// in its cache and is already running, render one half of `--print-records` while the
/// calling thread renders the other: no thread has to be started for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Render {
    /// Nothing; the caller prints what it needs from [`Parsed::records`].
    #[default]
    Nothing,
    /// `--print-records` ([`RecordKeeper::print_records`]).
    PrintRecords,
    /// `--dump-json` ([`RecordKeeper::dump_json`]).
    DumpJson,
}

impl Render {
    /// The rendering of `rk` in pieces, without help from another thread.
    fn all(self, rk: &RecordKeeper) -> Vec<String> {
        match self {
            Render::Nothing => Vec::new(),
            Render::PrintRecords => rk.print_records_parts(),
            Render::DumpJson => vec![rk.dump_json()],
        }
    }
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
    pub messages: Vec<Message>,
    /// The output [`Options::render`] asked for, in pieces to be written one after the other
    /// (empty for [`Render::Nothing`]).
    pub output: Vec<String>,
}

impl Parsed {
    /// Number of error messages among [`Parsed::messages`].
    pub fn error_count(&self) -> usize {
        self.messages
            .iter()
            .filter(|m| m.severity == Severity::Error)
            .count()
    }

    /// The messages rendered as llvm-tblgen prints them.
    pub fn render_messages(&self) -> String {
        Diagnostic {
            messages: self.messages.clone(),
        }
        .render(self.records.sources())
    }
}

/// A failed parse: the diagnostics plus the buffers needed to render them.
pub struct Failure {
    /// What went wrong.
    pub diagnostic: Diagnostic,
    /// The source buffers.
    pub sources: SourceMgr,
    /// Files included before the failure.
    pub dependencies: BTreeSet<String>,
}

impl Failure {
    /// The diagnostics rendered as llvm-tblgen prints them.
    pub fn render(&self) -> String {
        self.diagnostic.render(&self.sources)
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

/// Sets work for threads that wait for each other during a run (once per process): called
/// between polls, it returns whether it found any. `tessera-tblgen` faults in the memory its
/// allocator hands out next with it.
pub fn set_idle_work(work: fn() -> bool) {
    let _ = placement::IDLE_WORK.set(work);
}

/// Reads and evaluates a file.
pub fn parse_file(path: &str, opts: &Options) -> Result<Parsed, Failure> {
    match std::fs::read(path) {
        Ok(bytes) => parse_source(path, &lexer::bytes_to_string(bytes), opts),
        Err(e) => Err(Failure {
            diagnostic: Diagnostic::error(
                Loc::NONE,
                format!("Could not open input file '{path}': {e}"),
            ),
            sources: SourceMgr::default(),
            dependencies: BTreeSet::new(),
        }),
    }
}

/// Evaluates source text; `name` is used in diagnostics (`-` for stdin, as upstream prints
/// `<stdin>`).
///
/// Evaluation runs on a thread of its own with a large stack (deeply nested input recurses
/// deeply), started on another CPU, while the calling thread lexes ahead of it. When it is
/// done it shares the records with the calling thread and renders its part of
/// [`Options::render`]; the calling thread renders the rest.
pub fn parse_source(name: &str, text: &str, opts: &Options) -> Result<Parsed, Failure> {
    let lex = new_lexer(name, text, opts)?;
    let (producer, tokens) = tokens::TokenStream::channel();
    let (share, shared) = std::sync::mpsc::sync_channel::<Arc<Evaluated>>(1);
    let opts_for_worker = opts.clone();
    let builder = std::thread::Builder::new()
        .name("tblgen-eval".into())
        .stack_size(512 << 20);
    let spawned = placement::spawn_beside(builder, move || {
        let opts = opts_for_worker;
        let parsed = evaluate(tokens, &opts)?;
        let plan = (opts.render == Render::PrintRecords).then(|| parsed.records.print_plan());
        let evaluated = Arc::new(Evaluated { parsed, plan });
        let _ = share.send(evaluated.clone());
        let records = &evaluated.parsed.records;
        Ok(match &evaluated.plan {
            Some(plan) => Rendered::Pieces(plan.render_pieces(records)),
            None => Rendered::Whole(opts.render.all(records)),
        })
    });
    let Ok(handle) = spawned else {
        return Err(internal_failure("could not start evaluation thread"));
    };
    producer.run(lex);
    // Polling first: the evaluation usually ends within the polling budget (see `placement`).
    let evaluated = placement::receive(&shared);
    let here = evaluated.as_ref().ok().and_then(|e| {
        let plan = e.plan.as_ref()?;
        Some(plan.render_pieces(&e.parsed.records))
    });
    placement::poll_for(|| handle.is_finished().then_some(()));
    let rest = match placement::wait_here(|| handle.join()) {
        Ok(Ok(rest)) => rest,
        Ok(Err(failure)) => return Err(failure),
        Err(_) => return Err(internal_failure("internal error while evaluating input")),
    };
    // The evaluation thread has ended, so this is the last reference.
    let Some(Evaluated { mut parsed, plan }) = evaluated.ok().and_then(Arc::into_inner) else {
        return Err(internal_failure("internal error while evaluating input"));
    };
    parsed.output = match rest {
        Rendered::Pieces(there) => plan
            .map(|plan| plan.assemble(here.into_iter().chain([there])))
            .unwrap_or_default(),
        Rendered::Whole(output) => output,
    };
    Ok(parsed)
}

/// What the evaluation thread shares with the calling thread of [`parse_source`].
struct Evaluated {
    parsed: Parsed,
    /// The pieces of `--print-records` the two threads share, when that is rendered.
    plan: Option<PrintPlan>,
}

/// What the evaluation thread rendered.
enum Rendered {
    /// Its share of the pieces of the print plan.
    Pieces(Pieces),
    /// The whole output.
    Whole(Vec<String>),
}

/// A failure without a source location.
fn internal_failure(message: &str) -> Failure {
    Failure {
        diagnostic: Diagnostic::error(Loc::NONE, message),
        sources: SourceMgr::default(),
        dependencies: BTreeSet::new(),
    }
}

/// Like [`parse_source`] but evaluating on the calling thread (callers with their own big
/// stack, such as fuzz targets, can use this directly); lexing gets a thread of its own.
pub fn parse_on_this_thread(name: &str, text: &str, opts: &Options) -> Result<Parsed, Failure> {
    let lex = new_lexer(name, text, opts)?;
    let mut parsed = evaluate(tokens::TokenStream::spawn(lex), opts)?;
    parsed.output = opts.render.all(&parsed.records);
    Ok(parsed)
}

/// The lexer for the main buffer.
fn new_lexer(name: &str, text: &str, opts: &Options) -> Result<lexer::Lexer, Failure> {
    let mut sm = SourceMgr::default();
    sm.include_dirs = opts.include_dirs.clone();
    let shown = if name == "-" { "<stdin>" } else { name };
    let main = sm.add_buffer(shown.to_string(), text.to_string(), Loc::NONE);
    lexer::Lexer::new(sm, main, &opts.macros).map_err(|msg| Failure {
        diagnostic: Diagnostic::error(Loc::NONE, msg),
        sources: SourceMgr::default(),
        dependencies: BTreeSet::new(),
    })
}

/// Parses and evaluates the token stream into records.
fn evaluate(tokens: tokens::TokenStream, opts: &Options) -> Result<Parsed, Failure> {
    let mut rk = RecordKeeper::new();
    rk.bytes_left = opts.limits.max_bytes;
    rk.steps_left = opts.limits.max_steps;
    let mut p = parser::Parser::new(tokens, &mut rk);
    p.warn_unused_template_args = !opts.no_warn_unused_template_args;
    let ok = p.parse_file().is_ok();
    let lex = p.lex;
    let deps = lex.dependencies.clone();
    let (sources, mut msgs) = lex.into_parts();
    msgs.append(&mut rk.notes);
    if !ok {
        return Err(Failure {
            diagnostic: Diagnostic { messages: msgs },
            sources,
            dependencies: deps,
        });
    }
    rk.sources = sources;
    Ok(Parsed {
        records: rk,
        dependencies: deps,
        messages: msgs,
        output: Vec::new(),
    })
}

/// Entry point for fuzzing: evaluates arbitrary bytes (on a thread with a large stack, like
/// [`parse_source`]) and prints the records; it must never panic or overflow the stack.
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
