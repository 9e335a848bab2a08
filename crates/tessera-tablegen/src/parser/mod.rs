//! The parser: turns tokens into classes, defs and multiclasses, evaluating as it goes exactly
//! in upstream's order (which fixes anonymous record numbering and late binding).
//!
//! One module per phase: [`objects`] parses statements and record bodies, [`types`] types and
//! ranges, [`values`] values, [`operators`] bang operators, and [`instantiate`] holds the
//! semantic actions they trigger. This module has the parser's state, its diagnostics helpers
//! and variable scopes.

mod instantiate;
mod objects;
mod operators;
mod types;
mod values;

use rustc_hash::FxHashMap;

use crate::eval::{HasReferenceResolver, MapResolver};
use crate::evaluator::Evaluator;
use crate::lexer::Lexer;
use crate::lexer::{BangOp, Tok};
use crate::record::{
    ArgKey, Assertion, BinOp, DumpInfo, FieldKind, Init, InitId, RecId, RecTy, Record,
    RecordKeeper, RecordKind, RecordVal, TernOp, TyId, UnOp, MAX_LIST_LEN,
};
use tessera_ir::source::SourceLoc as Loc;
use tessera_ir::{DiagLoc, Diagnostic, Reported, Severity};

/// Parse failure: the token proves the error is already in the lexer's diagnostics.
pub(crate) type PResult<T> = Result<T, Reported>;

#[derive(Clone, Debug)]
pub(crate) enum Entry {
    Rec(RecId),
    Loop(Box<ForeachLoop>),
    Assert(Assertion),
    Dump(DumpInfo),
}

#[derive(Clone, Debug)]
pub(crate) struct ForeachLoop {
    loc: Loc,
    iter_var: Option<InitId>,
    list: InitId,
    entries: Vec<Entry>,
}

struct MultiClass {
    rec: RecId,
    entries: Vec<Entry>,
}

struct LetRecord {
    name: InitId,
    bits: Vec<u32>,
    value: InitId,
    loc: Loc,
}

struct DefsetRecord {
    loc: Loc,
    elt_ty: TyId,
    elements: Vec<InitId>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Local,
    Record(RecId),
    Foreach(Option<InitId>),
    MultiClass(usize),
}

struct Scope {
    kind: ScopeKind,
    vars: FxHashMap<InitId, InitId>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Value,
    Name,
}

struct SubClassRef {
    loc: Loc,
    rec: RecId,
    args: Vec<InitId>,
}

/// Parser state for one run.
pub(crate) struct Parser<'a> {
    pub(crate) lex: Lexer,
    rk: &'a mut Evaluator,
    multiclasses: Vec<MultiClass>,
    mc_by_name: FxHashMap<String, usize>,
    cur_mc: Option<usize>,
    loops: Vec<ForeachLoop>,
    let_stack: Vec<Vec<LetRecord>>,
    defsets: Vec<DefsetRecord>,
    scopes: Vec<Scope>,
    type_aliases: FxHashMap<String, TyId>,
    depth: u32,
    qualified: FxHashMap<(RecId, InitId, u8), InitId>,
    /// Set once a fatal error was reported: upstream exits there, so nothing may continue.
    fatal_seen: bool,
    /// Whether to warn about template arguments a class or multiclass never uses.
    pub(crate) warn_unused_template_args: bool,
}

/// Deepest nesting of values, types and objects (inside `let`/`foreach`/`if` blocks) accepted: parsing
/// recurses once per level, and together with the resolution depth (`record::MAX_DEPTH`) this
/// has to fit a spawned thread's 2 MiB stack in a debug build. Real files nest a few dozen deep.
pub(crate) const MAX_PARSE_DEPTH: u32 = 128;

impl<'a> Parser<'a> {
    pub(crate) fn new(lex: Lexer, rk: &'a mut Evaluator) -> Self {
        Parser {
            lex,
            rk,
            multiclasses: Vec::new(),
            mc_by_name: FxHashMap::default(),
            cur_mc: None,
            loops: Vec::new(),
            let_stack: Vec::new(),
            defsets: Vec::new(),
            scopes: Vec::new(),
            type_aliases: FxHashMap::default(),
            depth: 0,
            qualified: FxHashMap::default(),
            fatal_seen: false,
            warn_unused_template_args: true,
        }
    }

    // ----- diagnostics helpers ----------------------------------------------------------

    /// Reports an error; the token it returns is what a failing parse function propagates.
    fn report(&mut self, loc: Loc, msg: impl Into<String>) -> Reported {
        self.lex.diags.error(loc, msg)
    }

    /// Reports an error at the current token.
    fn tok_report(&mut self, msg: impl Into<String>) -> Reported {
        let loc = self.lex.loc();
        self.report(loc, msg)
    }

    fn error<T>(&mut self, loc: Loc, msg: impl Into<String>) -> PResult<T> {
        Err(self.report(loc, msg))
    }

    fn tok_error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        Err(self.tok_report(msg))
    }

    /// The token for a failure whose error was reported elsewhere (by the lexer, say). Should
    /// nothing have been reported, that is a bug here, and it is reported as one rather than
    /// letting the run fail silently.
    fn reported(&mut self) -> Reported {
        match self.lex.diags.has_errors() {
            Some(reported) => reported,
            None => self.tok_report("internal error: a failure was not reported"),
        }
    }

    /// Attaches a note to the latest message.
    fn note(&mut self, loc: Loc, msg: impl Into<String>) {
        if let Some(last) = self.lex.diags.last_mut() {
            last.notes.push(Diagnostic::new(Severity::Note, loc, msg));
        }
    }

    /// An error against a record: primary location plus multiclass instantiation notes.
    fn record_error(&mut self, locs: Vec<Loc>, msg: String) -> Reported {
        let diag = crate::record::located(Severity::Error, locs, msg);
        self.lex.diags.report_error(diag)
    }

    /// A note against a record, attached to the latest message with its instantiation notes.
    fn record_note(&mut self, locs: Vec<Loc>, msg: String) {
        let mut diag = crate::record::located(Severity::Note, locs, msg);
        let rest = std::mem::take(&mut diag.notes);
        if let Some(last) = self.lex.diags.last_mut() {
            last.notes.push(diag);
            last.notes.extend(rest);
        }
    }

    fn warning(&mut self, loc: Loc, msg: impl Into<String>) {
        self.lex
            .diags
            .report(Diagnostic::new(Severity::Warning, loc, msg));
    }

    /// Enters one more level of nesting (a nested object, value or type); the caller leaves
    /// it with `self.depth -= 1` once the nested part is parsed, whatever the result. Parsing
    /// recurses once per level, so past [`MAX_PARSE_DEPTH`] this is one fatal error: recovering
    /// at every level on the way out would report a follow-up error per level. (A helper
    /// taking the nested parse as a closure would cost a stack frame per level.)
    pub(super) fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_PARSE_DEPTH {
            self.fatal_seen = true;
            return self.tok_error(format!(
                "nesting is too deep: more than {MAX_PARSE_DEPTH} levels of objects, values and types"
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Turns a pending evaluation failure into a parse failure.
    fn check_fatal(&mut self) -> PResult<()> {
        self.rk.check_limits();
        if let Some(mut d) = self.rk.fatal.take() {
            self.flush_notes();
            // Folding outside any record (a `defvar`, a `foreach` range) has no record to
            // point at: the error goes where parsing noticed it.
            if d.loc == DiagLoc::Unknown {
                d.loc = self.lex.loc().into();
            }
            self.fatal_seen = true;
            return Err(self.lex.diags.report_error(d));
        }
        if self.fatal_seen {
            return Err(self.reported());
        }
        Ok(())
    }

    /// Moves evaluation-time messages (dumps, assertion failures) into the ordered list.
    fn flush_notes(&mut self) {
        if !self.rk.notes.is_empty() {
            self.lex.diags.append(&mut self.rk.notes);
        }
    }

    fn consume(&mut self, t: Tok) -> bool {
        if self.lex.code() == t {
            self.lex.lex();
            true
        } else {
            false
        }
    }

    fn code(&self) -> Tok {
        self.lex.code()
    }

    fn str_init(&mut self, s: &str) -> InitId {
        self.rk.str_init(s)
    }

    // ----- scopes ---------------------------------------------------------------------

    fn push_scope(&mut self, kind: ScopeKind) {
        self.scopes.push(Scope {
            kind,
            vars: FxHashMap::default(),
        });
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn is_outermost_scope(&self) -> bool {
        self.scopes.len() == 1 && self.scopes[0].kind == ScopeKind::Local
    }

    fn var_already_defined(&self, name: InitId) -> bool {
        self.scopes
            .last()
            .map(|s| s.vars.contains_key(&name))
            .unwrap_or(false)
    }

    fn qualify_name(&mut self, rec: RecId, name: InitId, scoper: &str) -> InitId {
        // Every identifier looked up inside a class or multiclass body is qualified, so the
        // results are memoized.
        let key = (rec, name, scoper.len() as u8);
        if let Some(&q) = self.qualified.get(&key) {
            return q;
        }
        let q = self.qualify_name_uncached(rec, name, scoper);
        self.qualified.insert(key, q);
        q
    }

    fn qualify_name_uncached(&mut self, rec: RecId, name: InitId, scoper: &str) -> InitId {
        let rn = self.rk.record(rec).name;
        // Usually both parts are plain strings: one concatenation, interned once.
        if let (Init::Str(r, false), Init::Str(n, code)) = (self.rk.init(rn), self.rk.init(name)) {
            let mut s = String::with_capacity(r.len() + scoper.len() + n.len());
            s.push_str(r);
            s.push_str(scoper);
            s.push_str(n);
            let code = *code;
            return self.rk.str_init_fmt(&s, code);
        }
        let sc = self.str_init(scoper);
        let a = self.rk.str_concat(rn, sc);
        let b = self.rk.str_concat(a, name);
        if let Init::Bin(..) = self.rk.init(b) {
            return self.rk.fold_binop(b, Some(rec));
        }
        b
    }

    fn implicit_name(&mut self, rec: RecId, is_mc: bool) -> InitId {
        let n = self.str_init("NAME");
        self.qualify_name(rec, n, if is_mc { "::" } else { ":" })
    }

    fn find_value_in_args(&mut self, rec: RecId, name: InitId, scoper: &str) -> Option<InitId> {
        let arg_name = self.qualify_name(rec, name, scoper);
        if self.rk.record(rec).is_template_arg(arg_name) {
            let rv = self.rk.record_mut(rec).value_mut(arg_name)?;
            rv.used = true;
            let ty = rv.ty;
            return Some(self.rk.var_init(arg_name, ty));
        }
        if self.rk.as_str(name) == Some("NAME") {
            let st = self.rk.string_ty;
            return Some(self.rk.var_init(arg_name, st));
        }
        None
    }

    fn get_var(&mut self, name: InitId) -> Option<InitId> {
        for k in (0..self.scopes.len()).rev() {
            if let Some(&v) = self.scopes[k].vars.get(&name) {
                return Some(v);
            }
            match self.scopes[k].kind {
                ScopeKind::Local => {}
                ScopeKind::Record(r) => {
                    if let Some(rv) = self.rk.record(r).value(name) {
                        let ty = rv.ty;
                        return Some(self.rk.var_init(name, ty));
                    }
                    if self.rk.record(r).is_class() {
                        if let Some(v) = self.find_value_in_args(r, name, ":") {
                            return Some(v);
                        }
                    }
                }
                ScopeKind::Foreach(iter) => {
                    if let Some(iv) = iter {
                        if let Init::Var(n, _) = self.rk.init(iv) {
                            if *n == name {
                                return Some(iv);
                            }
                        }
                    }
                }
                ScopeKind::MultiClass(mc) => {
                    let rec = self.multiclasses[mc].rec;
                    if let Some(v) = self.find_value_in_args(rec, name, "::") {
                        return Some(v);
                    }
                }
            }
        }
        None
    }
}
