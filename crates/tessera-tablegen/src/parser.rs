//! The parser: turns tokens into classes, defs and multiclasses, evaluating as it goes exactly
//! in upstream's order (which fixes anonymous record numbering and late binding).

use rustc_hash::FxHashMap;

use crate::eval::{HasReferenceResolver, MapResolver};
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
    rk: &'a mut RecordKeeper,
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

/// Deepest nesting of values and objects (inside `let`/`foreach`/`if` blocks) accepted: parsing
/// recurses once per level, and together with the resolution depth (`record::MAX_DEPTH`) this
/// has to fit a spawned thread's 2 MiB stack in a debug build. Real files nest a few dozen deep.
pub(crate) const MAX_PARSE_DEPTH: u32 = 128;

impl<'a> Parser<'a> {
    pub(crate) fn new(lex: Lexer, rk: &'a mut RecordKeeper) -> Self {
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

    /// Reports nesting past [`MAX_PARSE_DEPTH`]. The error is fatal: recovering at every level
    /// on the way out would report a follow-up error per level.
    #[cold]
    fn too_deep<T>(&mut self) -> PResult<T> {
        self.fatal_seen = true;
        self.tok_error(format!(
            "nesting is too deep: more than {MAX_PARSE_DEPTH} levels of objects and values"
        ))
    }

    /// Turns a pending evaluation failure into a parse failure.
    fn check_fatal(&mut self) -> PResult<()> {
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

    // ----- semantic actions -------------------------------------------------------------

    fn cur_or_mc(&self, cur: Option<RecId>) -> RecId {
        cur.unwrap_or_else(|| self.multiclasses[self.cur_mc.expect("in a multiclass")].rec)
    }

    fn add_value(&mut self, cur: Option<RecId>, loc: Loc, rv: RecordVal) -> PResult<()> {
        let rec = self.cur_or_mc(cur);
        if let Some(idx) = self.rk.record(rec).value_index(rv.name) {
            if !self.rk.set_field_value(rec, idx, rv.value) {
                let ety = self.rk.record(rec).values[idx].ty;
                let msg = format!(
                    "New definition of '{}' of type '{}' is incompatible with previous definition of type '{}'",
                    self.rk.unquoted(rv.name),
                    self.rk.ty_string(rv.ty),
                    self.rk.ty_string(ety)
                );
                return self.error(loc, msg);
            }
        } else {
            self.rk.record_mut(rec).values.push(rv);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn set_value(
        &mut self,
        cur: Option<RecId>,
        loc: Loc,
        name: InitId,
        bits: &[u32],
        v: InitId,
        allow_self: bool,
        override_loc: bool,
    ) -> PResult<()> {
        let rec = self.cur_or_mc(cur);
        let Some(idx) = self.rk.record(rec).value_index(name) else {
            let msg = format!("Value '{}' unknown!", self.rk.unquoted(name));
            return self.error(loc, msg);
        };
        if bits.is_empty() && !allow_self {
            if let Init::Var(n, _) = self.rk.init(v) {
                if *n == name {
                    return self.error(loc, "Recursion / self-assignment forbidden");
                }
            }
        }
        let mut v = v;
        if !bits.is_empty() {
            let cur_val = self.rk.record(rec).values[idx].value;
            let Init::Bits(cur_bits) = self.rk.init(cur_val).clone() else {
                let msg = format!("Value '{}' is not a bits type", self.rk.unquoted(name));
                return self.error(loc, msg);
            };
            let bt = self.rk.bits_ty(bits.len() as u32);
            let Some(bi) = self.rk.cast_to(v, bt) else {
                return self.error(loc, "Initializer is not compatible with bit range");
            };
            let mut new_bits: Vec<Option<InitId>> = vec![None; cur_bits.len()];
            for (k, &bit) in bits.iter().enumerate() {
                let bit = bit as usize;
                if bit >= new_bits.len() {
                    return self.error(loc, "Initializer is not compatible with bit range");
                }
                if new_bits[bit].is_some() {
                    let msg = format!(
                        "Cannot set bit #{bit} of value '{}' more than once",
                        self.rk.unquoted(name)
                    );
                    return self.error(loc, msg);
                }
                new_bits[bit] = Some(self.rk.get_bit(bi, k as u32));
            }
            let merged: Vec<InitId> = new_bits
                .iter()
                .enumerate()
                .map(|(k, b)| b.unwrap_or(cur_bits[k]))
                .collect();
            v = self.rk.bits_init(merged);
        }
        if override_loc {
            self.rk.record_mut(rec).values[idx].loc = loc;
        }
        if !self.rk.set_field_value(rec, idx, v) {
            self.rk.record_mut(rec).values[idx].cleared = true;
            let rv_ty = self.rk.record(rec).values[idx].ty;
            let init_type = match self.rk.init(v) {
                Init::Bits(b) => format!("' of type bit initializer with length {}", b.len()),
                _ => match self.rk.type_of(v) {
                    Some(t) => format!("' of type '{}", self.rk.ty_string(t)),
                    None => String::new(),
                },
            };
            let msg = format!(
                "Field '{}' of type '{}' is incompatible with value '{}{}'",
                self.rk.unquoted(name),
                self.rk.ty_string(rv_ty),
                self.rk.as_string(v),
                init_type
            );
            return self.error(loc, msg);
        }
        Ok(())
    }

    fn add_subclass(&mut self, cur: RecId, sc: &SubClassRef) -> PResult<()> {
        let scr = sc.rec;
        let mut r = MapResolver::new(Some(cur));
        let fields: Vec<RecordVal> = self
            .rk
            .record(scr)
            .values
            .iter()
            .filter(|v| v.kind != FieldKind::TemplateArg)
            .cloned()
            .collect();
        if self.rk.record(cur).values.is_empty() {
            // First superclass of a fresh record: its fields are unique, no merging needed.
            self.rk.record_mut(cur).values = fields;
        } else {
            for f in fields {
                self.add_value(Some(cur), sc.loc, f)?;
            }
        }
        self.resolve_arguments(scr, &sc.args, sc.loc, &mut |_, n, v| r.set(n, v))?;
        let asserts = self.rk.record(scr).assertions.clone();
        self.rk.record_mut(cur).assertions.extend(asserts);
        let dumps = self.rk.record(scr).dumps.clone();
        self.rk.record_mut(cur).dumps.extend(dumps);
        let name = if self.rk.record(cur).is_class() {
            let q = self.implicit_name(cur, false);
            let st = self.rk.string_ty;
            self.rk.var_init(q, st)
        } else {
            self.rk.record(cur).name
        };
        let sc_name = self.implicit_name(scr, false);
        r.set(sc_name, name);
        self.rk.resolve_record(cur, &mut r, None);
        self.check_fatal()?;
        let scs = self.rk.record(scr).superclasses.clone();
        for (c, l) in scs {
            if self.rk.record(cur).is_subclass_of(c) {
                let msg = format!("Already subclass of '{}'!\n", self.rk.record_name(c));
                return self.error(sc.loc, msg);
            }
            self.rk.record_mut(cur).superclasses.push((c, l));
        }
        if self.rk.record(cur).is_subclass_of(scr) {
            let msg = format!("Already subclass of '{}'!\n", self.rk.record_name(scr));
            return self.error(sc.loc, msg);
        }
        self.rk.record_mut(cur).superclasses.push((scr, sc.loc));
        Ok(())
    }

    fn add_subclass_entry(&mut self, e: &mut Entry, sc: &SubClassRef) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.add_subclass(*r, sc),
            Entry::Assert(_) | Entry::Dump(_) => Ok(()),
            Entry::Loop(l) => {
                for e in l.entries.iter_mut() {
                    self.add_subclass_entry(e, sc)?;
                }
                Ok(())
            }
        }
    }

    fn resolve_arguments(
        &mut self,
        rec: RecId,
        args: &[InitId],
        loc: Loc,
        handler: &mut dyn FnMut(&mut RecordKeeper, InitId, InitId),
    ) -> PResult<()> {
        let targs = self.rk.record(rec).template_args.clone();
        let mut unsolved = targs.clone();
        for &a in args {
            let Init::Arg(val, key) = *self.rk.init(a) else {
                continue;
            };
            let name = match key {
                ArgKey::Pos(k) => targs[k as usize],
                ArgKey::Named(n) => n,
            };
            let Some(pos) = unsolved.iter().position(|&u| u == name) else {
                let msg = format!(
                    "We can only specify the template argument '{}' once",
                    self.rk.unquoted(name)
                );
                return self.error(loc, msg);
            };
            handler(self.rk, name, val);
            unsolved.remove(pos);
        }
        for u in unsolved {
            let (default, floc) = {
                let rv = self
                    .rk
                    .record(rec)
                    .value(u)
                    .expect("template arg has a field");
                (rv.value, rv.loc)
            };
            if !self.rk.is_complete(default) {
                let msg = format!(
                    "value not specified for template argument '{}'",
                    self.rk.unquoted(u)
                );
                let reported = self.report(loc, msg);
                let rn = self.rk.record_name(rec);
                self.note(floc, format!("declared in '{rn}'"));
                return Err(reported);
            }
            handler(self.rk, u, default);
        }
        Ok(())
    }

    fn add_entry(&mut self, e: Entry) -> PResult<()> {
        if let Some(l) = self.loops.last_mut() {
            l.entries.push(e);
            return Ok(());
        }
        match e {
            Entry::Loop(l) => {
                let mut substs = Vec::new();
                if let Some(mc) = self.cur_mc {
                    let mut dest = std::mem::take(&mut self.multiclasses[mc].entries);
                    let r = self.resolve_loop(&l, &mut substs, false, Some(&mut dest), None);
                    self.multiclasses[mc].entries = dest;
                    r
                } else {
                    self.resolve_loop(&l, &mut substs, true, None, None)
                }
            }
            e if self.cur_mc.is_some() => {
                let mc = self.cur_mc.unwrap();
                self.multiclasses[mc].entries.push(e);
                Ok(())
            }
            Entry::Assert(a) => {
                self.rk.check_assert(a.loc, a.cond, a.msg);
                self.flush_notes();
                Ok(())
            }
            Entry::Dump(d) => {
                self.rk.check_dump(d.loc, d.msg);
                self.flush_notes();
                Ok(())
            }
            Entry::Rec(r) => self.add_def_one(r),
        }
    }

    fn resolve_loop(
        &mut self,
        l: &ForeachLoop,
        substs: &mut Vec<(InitId, InitId)>,
        final_: bool,
        dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        let mut r = MapResolver::new(None);
        for &(k, v) in substs.iter() {
            r.set(k, v);
        }
        let mut list = self.rk.resolve(l.list, &mut r);
        self.check_fatal()?;
        if let Init::Tern(TernOp::If, lhs, mhs, rhs, ty) = *self.rk.init(list) {
            if final_ {
                r.final_ = true;
                let new_lhs = self.rk.resolve(lhs, &mut r);
                if new_lhs == lhs {
                    let s = self.rk.as_string(lhs);
                    return self.error(
                        l.loc,
                        format!("unable to resolve if condition '{s}' at end of containing scope"),
                    );
                }
                let t = self
                    .rk
                    .intern(Init::Tern(TernOp::If, new_lhs, mhs, rhs, ty));
                list = self.rk.fold_ternop(t, None);
            }
        }
        let Init::List(items, _) = self.rk.init(list).clone() else {
            if !final_ {
                let dest = dest.expect("non-final loops have a destination");
                let mut new_loop = ForeachLoop {
                    loc: l.loc,
                    iter_var: l.iter_var,
                    list,
                    entries: Vec::new(),
                };
                let res = self.resolve_entries(
                    &l.entries,
                    substs,
                    final_,
                    Some(&mut new_loop.entries),
                    loc,
                );
                dest.push(Entry::Loop(Box::new(new_loop)));
                return res;
            }
            let s = self.rk.as_string(list);
            return self.error(
                l.loc,
                format!("attempting to loop over '{s}', expected a list"),
            );
        };
        let mut dest = dest;
        for &elt in items.iter() {
            self.rk.charge_step(l.loc);
            self.check_fatal()?;
            if let Some(iv) = l.iter_var {
                let Init::Var(n, _) = *self.rk.init(iv) else {
                    continue;
                };
                substs.push((n, elt));
            }
            let res = self.resolve_entries(&l.entries, substs, final_, dest.as_deref_mut(), None);
            if l.iter_var.is_some() {
                substs.pop();
            }
            res?;
        }
        Ok(())
    }

    fn resolve_entries(
        &mut self,
        source: &[Entry],
        substs: &mut Vec<(InitId, InitId)>,
        final_: bool,
        mut dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        for e in source {
            match e {
                Entry::Loop(l) => {
                    self.resolve_loop(l, substs, final_, dest.as_deref_mut(), None)?;
                }
                Entry::Assert(a) => {
                    let mut r = MapResolver::new(None);
                    for &(k, v) in substs.iter() {
                        r.set(k, v);
                    }
                    let c = self.rk.resolve(a.cond, &mut r);
                    let m = self.rk.resolve(a.msg, &mut r);
                    self.check_fatal()?;
                    if let Some(d) = dest.as_deref_mut() {
                        d.push(Entry::Assert(Assertion {
                            loc: a.loc,
                            cond: c,
                            msg: m,
                        }));
                    } else {
                        self.rk.check_assert(a.loc, c, m);
                        self.flush_notes();
                    }
                }
                Entry::Dump(dm) => {
                    let mut r = MapResolver::new(None);
                    for &(k, v) in substs.iter() {
                        r.set(k, v);
                    }
                    let m = self.rk.resolve(dm.msg, &mut r);
                    self.check_fatal()?;
                    if let Some(d) = dest.as_deref_mut() {
                        d.push(Entry::Dump(DumpInfo {
                            loc: dm.loc,
                            msg: m,
                        }));
                    } else {
                        self.rk.check_dump(dm.loc, m);
                        self.flush_notes();
                    }
                }
                Entry::Rec(src) => {
                    let mut rec = self.rk.record(*src).clone();
                    rec.ty_cache = Default::default();
                    if let Some(l) = loc {
                        rec.locs.push(l);
                    }
                    let nr = self.rk.add_record(rec);
                    let mut r = MapResolver::new(Some(nr));
                    for &(k, v) in substs.iter() {
                        r.set(k, v);
                    }
                    self.rk.resolve_record(nr, &mut r, None);
                    self.check_fatal()?;
                    if let Some(d) = dest.as_deref_mut() {
                        d.push(Entry::Rec(nr));
                    } else {
                        self.add_def_one(nr)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn add_def_one(&mut self, rec: RecId) -> PResult<()> {
        let mut new_name = None;
        let name = self.rk.record_name(rec);
        if let Some(prev) = self.rk.def(&name) {
            if !self.rk.record(rec).is_anonymous() {
                let locs = self.rk.record(rec).locs.clone();
                let reported = self.record_error(locs, format!("def already exists: {name}"));
                let plocs = self.rk.record(prev).locs.clone();
                self.record_note(plocs, "location of previous definition".into());
                return Err(reported);
            }
            new_name = Some(self.rk.new_anonymous_name());
        }
        self.rk.resolve_record_final(rec, new_name);
        self.check_fatal()?;
        self.rk.check_concrete(rec);
        self.flush_notes();
        let name_init = self.rk.record(rec).name;
        if !matches!(self.rk.init(name_init), Init::Str(..)) {
            let locs = self.rk.record(rec).locs.clone();
            let s = self.rk.as_string(name_init);
            let reported = self.record_error(
                locs,
                format!("record name '{s}' could not be fully resolved"),
            );
            return Err(reported);
        }
        self.rk.check_record_assertions(rec);
        self.rk.emit_record_dumps(rec);
        self.check_fatal()?;
        self.flush_notes();
        if !self.defsets.is_empty() {
            let di = self.rk.def_init(rec);
            let t = self.rk.record_type(rec);
            for k in 0..self.defsets.len() {
                let elt = self.defsets[k].elt_ty;
                if !self.rk.ty_is_a(t, elt) {
                    let locs = self.rk.record(rec).locs.clone();
                    let ts = self.rk.ty_string(t);
                    let reported = self.record_error(
                        locs,
                        format!("adding record of incompatible type '{ts}' to defset"),
                    );
                    let dl = self.defsets[k].loc;
                    self.note(dl, "location of defset declaration");
                    return Err(reported);
                }
                self.defsets[k].elements.push(di);
            }
        }
        self.rk.add_def(rec);
        Ok(())
    }

    fn check_template_arg_values(
        &mut self,
        values: &mut [InitId],
        loc: Loc,
        args_rec: RecId,
    ) -> PResult<()> {
        let targs = self.rk.record(args_rec).template_args.clone();
        for v in values.iter_mut() {
            let Init::Arg(val, key) = *self.rk.init(*v) else {
                continue;
            };
            let name = match key {
                ArgKey::Pos(k) => targs[k as usize],
                ArgKey::Named(n) => n,
            };
            let arg_ty = self.rk.record(args_rec).value(name).map(|x| x.ty).unwrap();
            if let Some(vt) = self.rk.type_of(val) {
                match self.rk.cast_to(val, arg_ty) {
                    Some(c) => *v = self.rk.intern(Init::Arg(c, key)),
                    None => {
                        let msg = format!(
                            "Value specified for template argument '{}' is of type {}; expected type {}: {}",
                            self.rk.unquoted(name),
                            self.rk.ty_string(vt),
                            self.rk.ty_string(arg_ty),
                            self.rk.as_string(val)
                        );
                        // A fatal error upstream: it exits here, with no follow-on errors.
                        self.rk.fatal(loc, msg);
                        return self.check_fatal();
                    }
                }
            }
        }
        Ok(())
    }

    // ----- top level ------------------------------------------------------------------

    pub(crate) fn parse_file(&mut self) -> PResult<()> {
        self.lex.lex();
        self.push_scope(ScopeKind::Local);
        self.parse_object_list(None)?;
        self.pop_scope();
        if self.code() == Tok::Eof {
            return Ok(());
        }
        self.tok_error("Unexpected token at top level")
    }

    fn parse_object_list(&mut self, mc: Option<usize>) -> PResult<()> {
        while self.code().is_object_start() {
            self.parse_object(mc)?;
            self.check_fatal()?;
        }
        Ok(())
    }

    fn parse_object(&mut self, mc: Option<usize>) -> PResult<()> {
        self.depth += 1;
        let r = if self.depth > MAX_PARSE_DEPTH {
            self.too_deep()
        } else {
            self.parse_object_inner(mc)
        };
        self.depth -= 1;
        r
    }

    fn parse_object_inner(&mut self, mc: Option<usize>) -> PResult<()> {
        match self.code() {
            Tok::Assert => self.parse_assert(None),
            Tok::Def => self.parse_def(),
            Tok::Defm => self.parse_defm(),
            Tok::Defvar => self.parse_defvar(None),
            Tok::Deftype => self.parse_deftype(),
            Tok::Dump => self.parse_dump(None),
            Tok::Foreach => self.parse_foreach(),
            Tok::If => self.parse_if(),
            Tok::Let => self.parse_top_level_let(),
            Tok::Defset => {
                if mc.is_some() {
                    return self.tok_error("defset is not allowed inside multiclass");
                }
                self.parse_defset()
            }
            Tok::Class => {
                if mc.is_some() {
                    return self.tok_error("class is not allowed inside multiclass");
                }
                if !self.loops.is_empty() {
                    return self.tok_error("class is not allowed inside foreach loop");
                }
                self.parse_class()
            }
            Tok::MultiClass => {
                if !self.loops.is_empty() {
                    return self.tok_error("multiclass is not allowed inside foreach loop");
                }
                self.parse_multiclass()
            }
            _ => self
                .tok_error("Expected assert, class, def, defm, defset, dump, foreach, if, or let"),
        }
    }

    fn parse_class(&mut self) -> PResult<()> {
        self.lex.lex();
        if self.code() != Tok::Id {
            return self.tok_error("expected class name after 'class' keyword");
        }
        let name = self.lex.cur_str.clone();
        let cur = if let Some(c) = self.rk.class(&name) {
            let r = self.rk.record(c);
            if !r.values.is_empty() || !r.superclasses.is_empty() || !r.template_args.is_empty() {
                return self.tok_error(format!("Class '{name}' already defined"));
            }
            let loc = self.lex.loc();
            self.rk.record_mut(c).locs = vec![loc];
            c
        } else {
            let n = self.str_init(&name);
            let loc = self.lex.loc();
            let r = self.rk.add_record(Record::new(n, loc, RecordKind::Class));
            self.rk.add_class(r);
            r
        };
        self.lex.lex();
        self.push_scope(ScopeKind::Record(cur));
        if self.code() == Tok::Less {
            self.parse_template_arg_list(Some(cur))?;
        }
        self.parse_object_body(cur)?;
        self.check_unused_template_args(cur);
        self.pop_scope();
        Ok(())
    }

    fn check_unused_template_args(&mut self, rec: RecId) {
        if !self.warn_unused_template_args {
            return;
        }
        let targs = self.rk.record(rec).template_args.clone();
        for ta in targs {
            let rv = self.rk.record(rec).value(ta).cloned();
            if let Some(rv) = rv {
                if !rv.used {
                    let n = self.rk.unquoted(rv.name);
                    self.warning(rv.loc, format!("unused template argument: {n}"));
                }
            }
        }
    }

    fn parse_multiclass(&mut self) -> PResult<()> {
        self.lex.lex();
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier after multiclass for name");
        }
        let name = self.lex.cur_str.clone();
        if self.mc_by_name.contains_key(&name) {
            return self.tok_error(format!("multiclass '{name}' already defined"));
        }
        let n = self.str_init(&name);
        let loc = self.lex.loc();
        let rec = self
            .rk
            .add_record(Record::new(n, loc, RecordKind::MultiClass));
        let mc = self.multiclasses.len();
        self.multiclasses.push(MultiClass {
            rec,
            entries: Vec::new(),
        });
        self.mc_by_name.insert(name, mc);
        self.cur_mc = Some(mc);
        self.lex.lex();
        self.push_scope(ScopeKind::MultiClass(mc));
        if self.code() == Tok::Less {
            self.parse_template_arg_list(None)?;
        }
        let mut inherits = false;
        if self.consume(Tok::Colon) {
            inherits = true;
            loop {
                let sub = self.parse_submulticlass_ref(mc)?;
                self.add_submulticlass(mc, &sub)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        if self.code() != Tok::LBrace {
            if !inherits {
                return self.tok_error("expected '{' in multiclass definition");
            }
            if !self.consume(Tok::Semi) {
                return self.tok_error("expected ';' in multiclass definition");
            }
        } else {
            if self.lex.lex() == Tok::RBrace {
                return self.tok_error("multiclass must contain at least one def");
            }
            while self.code() != Tok::RBrace {
                match self.code() {
                    Tok::Assert
                    | Tok::Def
                    | Tok::Defm
                    | Tok::Defvar
                    | Tok::Dump
                    | Tok::Foreach
                    | Tok::If
                    | Tok::Let => {
                        self.parse_object(Some(mc))?;
                        self.check_fatal()?;
                    }
                    _ => {
                        return self.tok_error(
                            "expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body",
                        )
                    }
                }
            }
            self.lex.lex();
            let semi_loc = self.lex.loc();
            if self.consume(Tok::Semi) {
                self.report(
                    semi_loc,
                    "A multiclass body should not end with a semicolon",
                );
                self.note(
                    Loc::NONE,
                    "Semicolon ignored; remove to eliminate this error",
                );
            }
        }
        self.check_unused_template_args(rec);
        self.pop_scope();
        self.cur_mc = None;
        Ok(())
    }

    fn add_submulticlass(&mut self, cur_mc: usize, sub: &SubClassRef) -> PResult<()> {
        let smc = self.mc_index_of(sub.rec);
        let mut substs = Vec::new();
        let cur_rec = self.multiclasses[cur_mc].rec;
        let q = self.implicit_name(cur_rec, true);
        let st = self.rk.string_ty;
        let defm_name = self.rk.var_init(q, st);
        self.resolve_mc_arguments(&mut substs, smc, &sub.args, defm_name, sub.loc)?;
        let src = std::mem::take(&mut self.multiclasses[smc].entries);
        let mut dest = std::mem::take(&mut self.multiclasses[cur_mc].entries);
        let res = self.resolve_entries(&src, &mut substs, false, Some(&mut dest), None);
        self.multiclasses[smc].entries = src;
        self.multiclasses[cur_mc].entries = dest;
        res
    }

    fn mc_index_of(&self, rec: RecId) -> usize {
        self.multiclasses
            .iter()
            .position(|m| m.rec == rec)
            .expect("multiclass record")
    }

    fn resolve_mc_arguments(
        &mut self,
        substs: &mut Vec<(InitId, InitId)>,
        mc: usize,
        args: &[InitId],
        defm_name: InitId,
        loc: Loc,
    ) -> PResult<()> {
        let rec = self.multiclasses[mc].rec;
        let q = self.implicit_name(rec, true);
        substs.push((q, defm_name));
        let mut collected = Vec::new();
        self.resolve_arguments(rec, args, loc, &mut |_, n, v| collected.push((n, v)))?;
        substs.extend(collected);
        Ok(())
    }

    fn parse_def(&mut self) -> PResult<()> {
        let def_loc = self.lex.loc();
        self.lex.lex();
        let name_loc = if self.code() == Tok::Id {
            self.lex.loc()
        } else {
            def_loc
        };
        let name = self.parse_object_name()?;
        let rec = if name == self.rk.unset {
            let an = self.rk.new_anonymous_name();
            self.rk
                .add_record(Record::new(an, def_loc, RecordKind::AnonymousDef))
        } else {
            if self.rk.type_of(name) != Some(self.rk.string_ty) {
                let s = self.rk.as_string(name);
                self.rk
                    .fatal(name_loc, format!("Record name '{s}' is not a string!"));
                self.check_fatal()?;
            }
            self.rk
                .add_record(Record::new(name, name_loc, RecordKind::Def))
        };
        self.parse_object_body(rec)?;
        self.add_entry(Entry::Rec(rec))
    }

    fn parse_object_name(&mut self) -> PResult<InitId> {
        match self.code() {
            Tok::Colon | Tok::Semi | Tok::LBrace => return Ok(self.rk.unset),
            _ => {}
        }
        let cur = self.cur_mc.map(|m| self.multiclasses[m].rec);
        let st = self.rk.string_ty;
        let name = self.parse_value(cur, Some(st), Mode::Name)?;
        if let Some(mc) = self.cur_mc {
            let mrec = self.multiclasses[mc].rec;
            let name_str = self.implicit_name(mrec, true);
            let mut hr = HasReferenceResolver::new(name_str);
            self.rk.resolve(name, &mut hr);
            if !hr.found {
                let v = self.rk.var_init(name_str, st);
                return Ok(self.rk.intern(Init::Bin(BinOp::StrConcat, v, name, st)));
            }
        }
        Ok(name)
    }

    fn parse_defm(&mut self) -> PResult<()> {
        self.lex.lex();
        let mut defm_name = self.parse_object_name()?;
        if defm_name == self.rk.unset {
            defm_name = self.rk.new_anonymous_name();
            if let Some(mc) = self.cur_mc {
                let mrec = self.multiclasses[mc].rec;
                let q = self.implicit_name(mrec, true);
                let st = self.rk.string_ty;
                let v = self.rk.var_init(q, st);
                defm_name = self.rk.str_concat(v, defm_name);
            }
        }
        if self.code() != Tok::Colon {
            return self.tok_error("expected ':' after defm identifier");
        }
        let mut new_entries: Vec<Entry> = Vec::new();
        let mut inherit_from_class = false;
        self.lex.lex();
        let mut sub_loc = self.lex.loc();
        let mut sref = self.parse_subclass_ref(None, true)?;
        loop {
            let mc = self.mc_index_of(sref.rec);
            let mut substs = Vec::new();
            self.resolve_mc_arguments(&mut substs, mc, &sref.args, defm_name, sub_loc)?;
            let final_ = self.cur_mc.is_none() && self.loops.is_empty();
            let src = std::mem::take(&mut self.multiclasses[mc].entries);
            let res = self.resolve_entries(
                &src,
                &mut substs,
                final_,
                Some(&mut new_entries),
                Some(sub_loc),
            );
            self.multiclasses[mc].entries = src;
            res?;
            if !self.consume(Tok::Comma) {
                break;
            }
            if self.code() != Tok::Id {
                return self.tok_error("expected identifier");
            }
            sub_loc = self.lex.loc();
            inherit_from_class = self.rk.class(&self.lex.cur_str).is_some();
            if inherit_from_class {
                break;
            }
            sref = self.parse_subclass_ref(None, true)?;
        }
        if inherit_from_class {
            loop {
                let sc = self.parse_subclass_ref(None, false)?;
                for e in new_entries.iter_mut() {
                    let mut e2 = std::mem::replace(
                        e,
                        Entry::Dump(DumpInfo {
                            loc: Loc::NONE,
                            msg: self.rk.unset,
                        }),
                    );
                    let r = self.add_subclass_entry(&mut e2, &sc);
                    *e = e2;
                    r?;
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        for mut e in new_entries {
            self.apply_let_stack_entry(&mut e)?;
            // Upstream ignores a failure to add one of the new records (e.g. a duplicate name)
            // and goes on with the statement; only fatal errors stop it.
            let _ = self.add_entry(e);
            self.check_fatal()?;
        }
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';' at end of defm");
        }
        Ok(())
    }

    fn parse_defset(&mut self) -> PResult<()> {
        self.lex.lex();
        let loc = self.lex.loc();
        let ty = self.parse_type()?;
        let RecTy::List(elt) = *self.rk.ty_data(ty) else {
            return self.error(loc, "expected list type");
        };
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier");
        }
        let name = self.lex.cur_str.clone();
        if self.rk.global(&name).is_some() {
            return self.tok_error("def or global variable of this name already exists");
        }
        if self.lex.lex() != Tok::Equal {
            return self.tok_error("expected '='");
        }
        if self.lex.lex() != Tok::LBrace {
            return self.tok_error("expected '{'");
        }
        let brace_loc = self.lex.loc();
        self.lex.lex();
        self.defsets.push(DefsetRecord {
            loc,
            elt_ty: elt,
            elements: Vec::new(),
        });
        let res = self.parse_object_list(None);
        let ds = self.defsets.pop().expect("pushed above");
        res?;
        if !self.consume(Tok::RBrace) {
            self.tok_report("expected '}' at end of defset");
            return self.error(brace_loc, "to match this '{'");
        }
        let li = self.rk.list_init(ds.elements, ds.elt_ty);
        self.rk
            .globals
            .insert(std::sync::Arc::from(name.as_str()), li);
        Ok(())
    }

    fn parse_deftype(&mut self) -> PResult<()> {
        self.lex.lex();
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier");
        }
        let name = self.lex.cur_str.clone();
        if self.type_aliases.contains_key(&name) || self.rk.class(&name).is_some() {
            return self.tok_error(format!("type of this name '{name}' already exists"));
        }
        self.lex.lex();
        if !self.consume(Tok::Equal) {
            return self.tok_error("expected '='");
        }
        let loc = self.lex.loc();
        let ty = self.parse_type()?;
        if let RecTy::Record(_) = self.rk.ty_data(ty) {
            let s = self.rk.ty_string(ty);
            return self.error(
                loc,
                format!("cannot define type alias for class type '{s}'"),
            );
        }
        self.type_aliases.insert(name, ty);
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        Ok(())
    }

    fn parse_defvar(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.lex.lex();
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier");
        }
        let name_s = self.lex.cur_str.clone();
        let name = self.str_init(&name_s);
        if self.var_already_defined(name) {
            return self.tok_error("local variable of this name already exists");
        }
        if let Some(r) = cur {
            if let Some(v) = self.rk.record(r).value(name) {
                if v.kind != FieldKind::TemplateArg {
                    return self.tok_error("field of this name already exists");
                }
            }
        }
        if self.is_outermost_scope() && self.rk.global(&name_s).is_some() {
            return self.tok_error("def or global variable of this name already exists");
        }
        self.lex.lex();
        if !self.consume(Tok::Equal) {
            return self.tok_error("expected '='");
        }
        let value = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        if !self.is_outermost_scope() {
            self.scopes.last_mut().unwrap().vars.insert(name, value);
        } else {
            self.rk
                .globals
                .insert(std::sync::Arc::from(name_s.as_str()), value);
        }
        Ok(())
    }

    fn parse_foreach(&mut self) -> PResult<()> {
        let loc = self.lex.loc();
        self.lex.lex();
        let (iter, list) = match self.parse_foreach_declaration() {
            Ok(x) => x,
            Err(_) => return self.tok_error("expected declaration in for"),
        };
        if !self.consume(Tok::In) {
            return self.tok_error("Unknown tok");
        }
        self.loops.push(ForeachLoop {
            loc,
            iter_var: Some(iter),
            list,
            entries: Vec::new(),
        });
        self.push_scope(ScopeKind::Foreach(Some(iter)));
        if self.code() != Tok::LBrace {
            self.parse_object(self.cur_mc)?;
        } else {
            let brace_loc = self.lex.loc();
            self.lex.lex();
            self.parse_object_list(self.cur_mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_report("expected '}' at end of foreach command");
                return self.error(brace_loc, "to match this '{'");
            }
        }
        self.pop_scope();
        let l = self.loops.pop().expect("pushed above");
        self.add_entry(Entry::Loop(Box::new(l)))
    }

    fn parse_if(&mut self) -> PResult<()> {
        let loc = self.lex.loc();
        self.lex.lex();
        let cond = self.parse_value(None, None, Mode::Value)?;
        if !self.consume(Tok::Then) {
            return self.tok_error("Unknown tok");
        }
        let bt = self.rk.bit_ty;
        let empty = self.rk.list_init(vec![], bt);
        let one = self.rk.true_bit;
        let single = self.rk.list_init(vec![one], bt);
        let blt = self.rk.list_ty(bt);
        let then_list = self
            .rk
            .intern(Init::Tern(TernOp::If, cond, single, empty, blt));
        let then_list = self.rk.fold_ternop(then_list, None);
        self.loops.push(ForeachLoop {
            loc,
            iter_var: None,
            list: then_list,
            entries: Vec::new(),
        });
        self.parse_if_body("then")?;
        let l = self.loops.pop().unwrap();
        self.add_entry(Entry::Loop(Box::new(l)))?;
        if self.consume(Tok::ElseKw) {
            let else_list = self
                .rk
                .intern(Init::Tern(TernOp::If, cond, empty, single, blt));
            let else_list = self.rk.fold_ternop(else_list, None);
            self.loops.push(ForeachLoop {
                loc,
                iter_var: None,
                list: else_list,
                entries: Vec::new(),
            });
            self.parse_if_body("else")?;
            let l = self.loops.pop().unwrap();
            self.add_entry(Entry::Loop(Box::new(l)))?;
        }
        Ok(())
    }

    fn parse_if_body(&mut self, kind: &str) -> PResult<()> {
        self.push_scope(ScopeKind::Local);
        if self.code() != Tok::LBrace {
            self.parse_object(self.cur_mc)?;
        } else {
            let brace_loc = self.lex.loc();
            self.lex.lex();
            self.parse_object_list(self.cur_mc)?;
            if !self.consume(Tok::RBrace) {
                let _: PResult<()> =
                    self.tok_error(format!("expected '}}' at end of '{kind}' clause"));
                return self.error(brace_loc, "to match this '{'");
            }
        }
        self.pop_scope();
        Ok(())
    }

    fn parse_assert(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.lex.lex();
        let cond_loc = self.lex.loc();
        let cond = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in assert statement");
        }
        let msg = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        let a = Assertion {
            loc: cond_loc,
            cond,
            msg,
        };
        if let Some(r) = cur {
            self.rk.record_mut(r).assertions.push(a);
            Ok(())
        } else {
            self.add_entry(Entry::Assert(a))
        }
    }

    fn parse_dump(&mut self, cur: Option<RecId>) -> PResult<()> {
        let loc = self.lex.loc();
        self.lex.lex();
        let mut msg = self.parse_value(cur, None, Mode::Value)?;
        if let Some(t) = self.rk.type_of(msg) {
            if t != self.rk.string_ty {
                let st = self.rk.string_ty;
                let u = self.rk.intern(Init::Un(UnOp::Repr, msg, st));
                msg = self.rk.fold_unop(u, cur, false);
            }
        }
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        let d = DumpInfo { loc, msg };
        if let Some(r) = cur {
            self.rk.record_mut(r).dumps.push(d);
            Ok(())
        } else {
            self.add_entry(Entry::Dump(d))
        }
    }

    fn parse_top_level_let(&mut self) -> PResult<()> {
        self.lex.lex();
        let lets = self.parse_let_list()?;
        self.let_stack.push(lets);
        if !self.consume(Tok::In) {
            return self.tok_error("expected 'in' at end of top-level 'let'");
        }
        if self.code() != Tok::LBrace {
            self.parse_object(self.cur_mc)?;
        } else {
            let brace_loc = self.lex.loc();
            self.lex.lex();
            self.push_scope(ScopeKind::Local);
            self.parse_object_list(self.cur_mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_report("expected '}' at end of top level let command");
                return self.error(brace_loc, "to match this '{'");
            }
            self.pop_scope();
        }
        self.let_stack.pop();
        Ok(())
    }

    fn parse_let_list(&mut self) -> PResult<Vec<LetRecord>> {
        let mut out = Vec::new();
        loop {
            if self.code() != Tok::Id {
                return self.tok_error("expected identifier in let definition");
            }
            let name = self.rk.str_init(&self.lex.cur_str);
            let loc = self.lex.loc();
            self.lex.lex();
            let mut bits = self.parse_optional_range_list()?;
            bits.reverse();
            if !self.consume(Tok::Equal) {
                return self.tok_error("expected '=' in let expression");
            }
            let value = self.parse_value(None, None, Mode::Value)?;
            out.push(LetRecord {
                name,
                bits,
                value,
                loc,
            });
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        Ok(out)
    }

    fn apply_let_stack(&mut self, rec: RecId) -> PResult<()> {
        for k in 0..self.let_stack.len() {
            for j in 0..self.let_stack[k].len() {
                let (loc, name, value, bits) = {
                    let l = &self.let_stack[k][j];
                    (l.loc, l.name, l.value, l.bits.clone())
                };
                self.set_value(Some(rec), loc, name, &bits, value, false, true)?;
            }
        }
        Ok(())
    }

    fn apply_let_stack_entry(&mut self, e: &mut Entry) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.apply_let_stack(*r),
            Entry::Assert(_) | Entry::Dump(_) => Ok(()),
            Entry::Loop(l) => {
                for e in l.entries.iter_mut() {
                    self.apply_let_stack_entry(e)?;
                }
                Ok(())
            }
        }
    }

    // ----- records bodies ----------------------------------------------------------------

    fn parse_object_body(&mut self, rec: RecId) -> PResult<()> {
        self.push_scope(ScopeKind::Record(rec));
        if self.consume(Tok::Colon) {
            loop {
                let sc = self.parse_subclass_ref(Some(rec), false)?;
                self.add_subclass(rec, &sc)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        self.apply_let_stack(rec)?;
        self.parse_body(rec)?;
        self.pop_scope();
        Ok(())
    }

    fn parse_body(&mut self, rec: RecId) -> PResult<()> {
        if self.consume(Tok::Semi) {
            return Ok(());
        }
        if !self.consume(Tok::LBrace) {
            return self.tok_error("Expected '{' to start body or ';' for declaration only");
        }
        while self.code() != Tok::RBrace {
            self.parse_body_item(rec)?;
            self.check_fatal()?;
        }
        self.lex.lex();
        let semi_loc = self.lex.loc();
        if self.consume(Tok::Semi) {
            self.report(
                semi_loc,
                "A class or def body should not end with a semicolon",
            );
            self.note(
                Loc::NONE,
                "Semicolon ignored; remove to eliminate this error",
            );
        }
        Ok(())
    }

    fn parse_body_item(&mut self, rec: RecId) -> PResult<()> {
        match self.code() {
            Tok::Assert => return self.parse_assert(Some(rec)),
            Tok::Defvar => return self.parse_defvar(Some(rec)),
            Tok::Dump => return self.parse_dump(Some(rec)),
            Tok::Let => {}
            _ => {
                self.parse_declaration(Some(rec), false)?;
                if !self.consume(Tok::Semi) {
                    return self.tok_error("expected ';' after declaration");
                }
                return Ok(());
            }
        }
        if self.lex.lex() != Tok::Id {
            return self.tok_error("expected field identifier after let");
        }
        let id_loc = self.lex.loc();
        let field = self.rk.str_init(&self.lex.cur_str);
        self.lex.lex();
        let mut bits = self.parse_optional_bit_list()?;
        bits.reverse();
        if !self.consume(Tok::Equal) {
            return self.tok_error("expected '=' in let expression");
        }
        let Some(fty) = self.rk.record(rec).value(field).map(|v| v.ty) else {
            let n = self.rk.unquoted(field);
            return self.tok_error(format!("Value '{n}' unknown!"));
        };
        let mut ty = fty;
        if !bits.is_empty() {
            if let RecTy::Bits(_) = self.rk.ty_data(fty) {
                ty = self.rk.bits_ty(bits.len() as u32);
            }
        }
        let val = self.parse_value(Some(rec), Some(ty), Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';' after let expression");
        }
        self.set_value(Some(rec), id_loc, field, &bits, val, false, true)
    }

    fn parse_declaration(&mut self, cur: Option<RecId>, template_args: bool) -> PResult<InitId> {
        let has_field = self.consume(Tok::Field);
        let ty = self.parse_type()?;
        if self.code() != Tok::Id {
            return self.tok_error("Expected identifier in declaration");
        }
        let s = self.lex.cur_str.clone();
        if s == "NAME" {
            return self.tok_error(format!("'{s}' is a reserved variable name"));
        }
        let mut decl = self.str_init(&s);
        if !template_args && self.var_already_defined(decl) {
            return self.tok_error("local variable of this name already exists");
        }
        let id_loc = self.lex.loc();
        self.lex.lex();
        let unset = self.rk.initial_value(ty);
        let mk = |name, kind| RecordVal {
            name,
            ty,
            kind,
            value: unset,
            loc: id_loc,
            used: false,
            cleared: false,
        };
        if !template_args {
            let kind = if has_field {
                FieldKind::NonconcreteOk
            } else {
                FieldKind::Normal
            };
            self.add_value(cur, id_loc, mk(decl, kind))?;
        } else if let Some(r) = cur {
            decl = self.qualify_name(r, decl, ":");
            self.add_value(cur, id_loc, mk(decl, FieldKind::TemplateArg))?;
        } else {
            let mrec = self.multiclasses[self.cur_mc.expect("multiclass")].rec;
            decl = self.qualify_name(mrec, decl, "::");
            self.add_value(None, id_loc, mk(decl, FieldKind::TemplateArg))?;
        }
        if self.consume(Tok::Equal) {
            let val_loc = self.lex.loc();
            // Upstream keeps going after a bad initializer; so do we, to report the same errors
            // (unless the failure was fatal, where upstream stops at once).
            if let Ok(val) = self.parse_value(cur, Some(ty), Mode::Value) {
                let _ = self.set_value(cur, val_loc, decl, &[], val, false, false);
            }
            self.check_fatal()?;
        }
        Ok(decl)
    }

    fn parse_template_arg_list(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.lex.lex();
        let target = self.cur_or_mc(cur);
        let a = self.parse_declaration(cur, true)?;
        self.rk.record_mut(target).template_args.push(a);
        while self.consume(Tok::Comma) {
            let loc = self.lex.loc();
            let a = self.parse_declaration(cur, true)?;
            if self.rk.record(target).template_args.contains(&a) {
                return self.error(
                    loc,
                    "template argument with the same name has already been defined",
                );
            }
            self.rk.record_mut(target).template_args.push(a);
        }
        if !self.consume(Tok::Greater) {
            return self.tok_error("expected '>' at end of template argument list");
        }
        Ok(())
    }

    fn parse_foreach_declaration(&mut self) -> PResult<(InitId, InitId)> {
        if self.code() != Tok::Id {
            return self.tok_error("Expected identifier in foreach declaration");
        }
        let decl = self.rk.str_init(&self.lex.cur_str);
        self.lex.lex();
        if !self.consume(Tok::Equal) {
            return self.tok_error("Expected '=' in foreach declaration");
        }
        let mut iter_ty = None;
        let mut list = None;
        let mut ranges = Vec::new();
        if self.code() == Tok::LBrace {
            self.lex.lex();
            // Like upstream, a bad range still gets the closing-brace check.
            let parsed = self.parse_range_list();
            self.check_fatal()?;
            if !self.consume(Tok::RBrace) {
                return self.tok_error("expected '}' at end of bit range list");
            }
            ranges = parsed.unwrap_or_default();
        } else {
            let vloc = self.lex.loc();
            let i = self.parse_value(None, None, Mode::Value)?;
            match self.rk.type_of(i) {
                Some(t) if matches!(self.rk.ty_data(t), RecTy::List(_)) => {
                    list = Some(i);
                    iter_ty = self.rk.list_elt(t);
                }
                Some(_) => {
                    ranges = self.parse_range_piece(Some(i))?;
                }
                None => {
                    let s = self.rk.as_string(i);
                    let reported = self.report(vloc, format!("expected a list, got '{s}'"));
                    if self.cur_mc.is_some() {
                        self.note(
                            Loc::NONE,
                            "references to multiclass template arguments cannot be resolved at this time",
                        );
                    }
                    return Err(reported);
                }
            }
        }
        if !ranges.is_empty() {
            let it = self.rk.int_ty;
            iter_ty = Some(it);
            let vals: Vec<InitId> = ranges.iter().map(|&r| self.rk.int_init(r)).collect();
            list = Some(self.rk.list_init(vals, it));
        }
        let (Some(t), Some(l)) = (iter_ty, list) else {
            return Err(self.reported());
        };
        Ok((self.rk.var_init(decl, t), l))
    }

    // ----- references ----------------------------------------------------------------

    fn parse_class_id(&mut self) -> PResult<RecId> {
        if self.code() != Tok::Id {
            return self.tok_error("expected name for ClassID");
        }
        let name = self.lex.cur_str.clone();
        let Some(r) = self.rk.class(&name) else {
            let mut msg = format!("Couldn't find class '{name}'");
            if self.mc_by_name.contains_key(&name) {
                msg.push_str(&format!(
                    ". Use 'defm' if you meant to use multiclass '{name}'"
                ));
            }
            let reported = self.tok_report(msg);
            // Upstream consumes the name even when it is not a class.
            self.lex.lex();
            return Err(reported);
        };
        self.lex.lex();
        Ok(r)
    }

    fn parse_multiclass_id(&mut self) -> PResult<RecId> {
        if self.code() != Tok::Id {
            return self.tok_error("expected name for MultiClassID");
        }
        let name = self.lex.cur_str.clone();
        let Some(&mc) = self.mc_by_name.get(&name) else {
            let reported = self.tok_report(format!("Couldn't find multiclass '{name}'"));
            self.lex.lex();
            return Err(reported);
        };
        self.lex.lex();
        Ok(self.multiclasses[mc].rec)
    }

    fn parse_subclass_ref(&mut self, cur: Option<RecId>, is_defm: bool) -> PResult<SubClassRef> {
        let loc = self.lex.loc();
        let rec = if is_defm {
            self.parse_multiclass_id()?
        } else {
            self.parse_class_id()?
        };
        let mut args = Vec::new();
        if self.consume(Tok::Less) {
            args = self.parse_template_arg_value_list(cur, rec, is_defm)?;
            self.check_template_arg_values(&mut args, loc, rec)?;
        }
        Ok(SubClassRef { loc, rec, args })
    }

    fn parse_submulticlass_ref(&mut self, cur_mc: usize) -> PResult<SubClassRef> {
        let loc = self.lex.loc();
        let rec = self.parse_multiclass_id()?;
        let mut args = Vec::new();
        if self.consume(Tok::Less) {
            let cr = self.multiclasses[cur_mc].rec;
            args = self.parse_template_arg_value_list(Some(cr), rec, true)?;
        }
        Ok(SubClassRef { loc, rec, args })
    }

    fn parse_template_arg_value_list(
        &mut self,
        cur: Option<RecId>,
        args_rec: RecId,
        is_defm: bool,
    ) -> PResult<Vec<InitId>> {
        let mut out = Vec::new();
        let targs = self.rk.record(args_rec).template_args.clone();
        if self.consume(Tok::Greater) {
            return Ok(out);
        }
        let mut has_named = false;
        let mut idx = 0usize;
        loop {
            if idx >= targs.len() {
                return self.tok_error(format!("Too many template arguments: {}", idx + 1));
            }
            let mut vloc = self.lex.loc();
            let ity = if has_named {
                None
            } else {
                self.rk.record(args_rec).value(targs[idx]).map(|v| v.ty)
            };
            let mut value = self.parse_value(cur, ity, Mode::Value)?;
            if self.code() == Tok::Equal {
                if !matches!(self.rk.init(value), Init::Str(..)) {
                    return self.error(
                        vloc,
                        "The name of named argument should be a valid identifier",
                    );
                }
                let q = self.qualify_name(args_rec, value, if is_defm { "::" } else { ":" });
                let Some(aty) = self.rk.record(args_rec).value(q).map(|v| v.ty) else {
                    let s = self.rk.as_string(value);
                    return self.error(vloc, format!("Argument {s} doesn't exist"));
                };
                self.lex.lex();
                vloc = self.lex.loc();
                value = self.parse_value(cur, Some(aty), Mode::Value)?;
                if value == self.rk.unset {
                    let s = self.rk.as_string(value);
                    return self.error(
                        vloc,
                        format!(
                            "The value of named argument should be initialized, but we got '{s}'"
                        ),
                    );
                }
                out.push(self.rk.intern(Init::Arg(value, ArgKey::Named(q))));
                has_named = true;
            } else {
                if has_named {
                    return self.error(
                        vloc,
                        "Positional argument should be put before named argument",
                    );
                }
                out.push(self.rk.intern(Init::Arg(value, ArgKey::Pos(idx as u32))));
            }
            if self.consume(Tok::Greater) {
                return Ok(out);
            }
            if !self.consume(Tok::Comma) {
                return self.tok_error("Expected comma before next argument");
            }
            idx += 1;
        }
    }

    // ----- types and ranges ----------------------------------------------------------

    fn parse_type(&mut self) -> PResult<TyId> {
        match self.code() {
            Tok::String | Tok::Code => {
                self.lex.lex();
                Ok(self.rk.string_ty)
            }
            Tok::Bit => {
                self.lex.lex();
                Ok(self.rk.bit_ty)
            }
            Tok::Int => {
                self.lex.lex();
                Ok(self.rk.int_ty)
            }
            Tok::Dag => {
                self.lex.lex();
                Ok(self.rk.dag_ty)
            }
            Tok::Id => {
                if let Some(&t) = self.type_aliases.get(&self.lex.cur_str) {
                    self.lex.lex();
                    return Ok(t);
                }
                match self.parse_class_id() {
                    Ok(r) => Ok(self.rk.class_ty(r)),
                    Err(_) => self.tok_error("unknown class name"),
                }
            }
            Tok::Bits => {
                if self.lex.lex() != Tok::Less {
                    return self.tok_error("expected '<' after bits type");
                }
                if self.lex.lex() != Tok::IntVal {
                    return self.tok_error("expected integer in bits<n> type");
                }
                let n = self.lex.cur_int;
                if self.lex.lex() != Tok::Greater {
                    return self.tok_error("expected '>' at end of bits<n> type");
                }
                self.lex.lex();
                if !(0..=(1 << 20)).contains(&n) {
                    return self.tok_error("bits<n> type is too large");
                }
                Ok(self.rk.bits_ty(n as u32))
            }
            Tok::List => {
                if self.lex.lex() != Tok::Less {
                    return self.tok_error("expected '<' after list type");
                }
                self.lex.lex();
                let sub = self.parse_type()?;
                if !self.consume(Tok::Greater) {
                    return self.tok_error("expected '>' at end of list<ty> type");
                }
                Ok(self.rk.list_ty(sub))
            }
            _ => self.tok_error("Unknown token when expecting a type"),
        }
    }

    fn parse_operator_type(&mut self) -> PResult<TyId> {
        if !self.consume(Tok::Less) {
            return self.tok_error("expected type name for operator");
        }
        if self.code() == Tok::Code {
            let _: PResult<()> =
                self.tok_error("the 'code' type is not allowed in bang operators; use 'string'");
        }
        let t = match self.parse_type() {
            Ok(t) => t,
            Err(_) => return self.tok_error("expected type name for operator"),
        };
        if !self.consume(Tok::Greater) {
            return self.tok_error("expected type name for operator");
        }
        Ok(t)
    }

    fn parse_range_piece(&mut self, first: Option<InitId>) -> PResult<Vec<i64>> {
        let cur = match first {
            Some(f) => Some(f),
            None => self.parse_value(None, None, Mode::Value).ok(),
        };
        self.check_fatal()?;
        let Some(start) = cur.and_then(|c| self.rk.as_int(c)) else {
            return self.tok_error("expected integer or bitrange");
        };
        if start < 0 {
            return self.tok_error("invalid range, cannot be negative");
        }
        let end = match self.code() {
            Tok::DotDotDot | Tok::Minus => {
                self.lex.lex();
                let e = self.parse_value(None, None, Mode::Value).ok();
                self.check_fatal()?;
                let Some(e) = e.and_then(|e| self.rk.as_int(e)) else {
                    return self.tok_error("expected integer value as end of range");
                };
                e
            }
            Tok::IntVal => {
                let e = self.lex.cur_int.wrapping_neg();
                self.lex.lex();
                e
            }
            _ => return Ok(vec![start]),
        };
        if end < 0 {
            return self.tok_error("invalid range, cannot be negative");
        }
        if (start - end).abs() > MAX_LIST_LEN {
            return self.tok_error("range is too large");
        }
        Ok(if start < end {
            (start..=end).collect()
        } else {
            (end..=start).rev().collect()
        })
    }

    fn parse_range_list(&mut self) -> PResult<Vec<i64>> {
        let mut out = self.parse_range_piece(None)?;
        while self.consume(Tok::Comma) {
            out.extend(self.parse_range_piece(None)?);
        }
        Ok(out)
    }

    fn parse_optional_range_list(&mut self) -> PResult<Vec<u32>> {
        let start = self.lex.loc();
        if !self.consume(Tok::Less) {
            return Ok(Vec::new());
        }
        let r = self.parse_range_list()?;
        if !self.consume(Tok::Greater) {
            self.tok_report("expected '>' at end of range list");
            return self.error(start, "to match this '<'");
        }
        Ok(r.into_iter().map(|x| x as u32).collect())
    }

    fn parse_optional_bit_list(&mut self) -> PResult<Vec<u32>> {
        let start = self.lex.loc();
        if !self.consume(Tok::LBrace) {
            return Ok(Vec::new());
        }
        let r = self.parse_range_list()?;
        if !self.consume(Tok::RBrace) {
            self.tok_report("expected '}' at end of bit list");
            return self.error(start, "to match this '{'");
        }
        Ok(r.into_iter().map(|x| x as u32).collect())
    }

    fn parse_slice_element(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        let lhs_loc = self.lex.loc();
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let rhs = match self.code() {
            Tok::DotDotDot | Tok::Minus => {
                self.lex.lex();
                let rloc = self.lex.loc();
                let r = self.parse_value(cur, None, Mode::Value)?;
                let rt = self.rk.type_of(r);
                if rt != Some(self.rk.int_ty) {
                    let s = rt.map(|t| self.rk.ty_string(t)).unwrap_or_default();
                    return self.error(rloc, format!("expected int...int, got {s}"));
                }
                r
            }
            Tok::IntVal => {
                let i = self.lex.cur_int.wrapping_neg();
                if i < 0 {
                    return self.tok_error("invalid range, cannot be negative");
                }
                self.lex.lex();
                self.rk.int_init(i)
            }
            _ => return Ok(lhs),
        };
        let lt = self.rk.type_of(lhs);
        if lt != Some(self.rk.int_ty) {
            let s = lt.map(|t| self.rk.ty_string(t)).unwrap_or_default();
            return self.error(lhs_loc, format!("expected int...int, got {s}"));
        }
        let it = self.rk.int_ty;
        let lt = self.rk.list_ty(it);
        let b = self.rk.intern(Init::Bin(BinOp::RangeC, lhs, rhs, lt));
        Ok(self.rk.fold_binop(b, cur))
    }

    fn parse_slice_elements(&mut self, cur: Option<RecId>, mut single: bool) -> PResult<InitId> {
        let mut elems: Vec<InitId> = Vec::new();
        let mut slices: Vec<InitId> = Vec::new();
        let it = self.rk.int_ty;
        let mut cur_val;
        loop {
            let lhs_loc = self.lex.loc();
            cur_val = Some(self.parse_slice_element(cur)?);
            let v = cur_val.unwrap();
            let vt = self.rk.type_of(v);
            match vt.map(|t| self.rk.ty_data(t).clone()) {
                Some(RecTy::List(e)) => {
                    if e != it {
                        let s = self.rk.ty_string(vt.unwrap());
                        return self.error(lhs_loc, format!("expected list<int>, got {s}"));
                    }
                    if !elems.is_empty() {
                        let l = self.rk.list_init(std::mem::take(&mut elems), it);
                        slices.push(l);
                    }
                    slices.push(v);
                    single = false;
                    cur_val = None;
                }
                Some(RecTy::Int) => {}
                _ => {
                    let s = vt.map(|t| self.rk.ty_string(t)).unwrap_or_default();
                    return self.error(lhs_loc, format!("unhandled type {s} in range"));
                }
            }
            if self.code() != Tok::Comma {
                break;
            }
            self.lex.lex();
            single = false;
            if let Some(v) = cur_val {
                elems.push(v);
            }
            cur_val = None;
            if self.code() == Tok::RSquare {
                break;
            }
        }
        if let Some(v) = cur_val {
            if single {
                return Ok(v);
            }
            elems.push(v);
        }
        if !elems.is_empty() {
            let l = self.rk.list_init(elems, it);
            slices.push(l);
        }
        let mut result: Option<InitId> = None;
        for s in slices {
            result = Some(match result {
                None => s,
                Some(r) => self.rk.list_concat(r, s),
            });
        }
        match result {
            Some(r) => Ok(r),
            None => self.tok_error("expected slice"),
        }
    }

    // ----- values ---------------------------------------------------------------------

    fn parse_id_value(
        &mut self,
        cur: Option<RecId>,
        name: InitId,
        loc: Loc,
        mode: Mode,
    ) -> PResult<InitId> {
        if let Some(v) = self.get_var(name) {
            return Ok(v);
        }
        if mode == Mode::Name {
            return Ok(name);
        }
        let s = self.rk.unquoted(name);
        if let Some(g) = self.rk.global(&s) {
            return Ok(g);
        }
        if let Some(r) = cur {
            if !self.rk.record(r).is_class()
                && self.cur_mc.is_none()
                && self.rk.record(r).name == name
            {
                let t = self.rk.record_type(r);
                return Ok(self.rk.intern(Init::Un(UnOp::Cast, name, t)));
            }
        }
        self.error(loc, format!("Variable not defined: '{s}'"))
    }

    fn parse_value(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        // Bound the recursion of nested values so hostile input cannot overflow the stack.
        self.depth += 1;
        let r = if self.depth > MAX_PARSE_DEPTH {
            self.too_deep()
        } else {
            self.parse_value_inner(cur, item_ty, mode)
        };
        self.depth -= 1;
        r
    }

    fn parse_value_inner(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        let lhs_loc = self.lex.loc();
        let mut result = self.parse_simple_value(cur, item_ty, mode)?;
        loop {
            match self.code() {
                Tok::LBrace => {
                    if mode == Mode::Name {
                        return Ok(result);
                    }
                    let curly = self.lex.loc();
                    self.lex.lex();
                    let mut ranges = self.parse_range_list()?;
                    ranges.reverse();
                    let bits: Vec<u32> = ranges.iter().map(|&x| x as u32).collect();
                    match self.rk.bit_range(result, &bits) {
                        Some(r) => result = r,
                        None => return self.error(curly, "Invalid bit range for value"),
                    }
                    if !self.consume(Tok::RBrace) {
                        return self.tok_error("expected '}' at end of bit range list");
                    }
                }
                Tok::LSquare => {
                    let lt = self.rk.type_of(result);
                    let Some(lt) = lt else {
                        return self.error(lhs_loc, "Invalid value, list expected");
                    };
                    let Some(elt) = self.rk.list_elt(lt) else {
                        let s = self.rk.ty_string(lt);
                        return self
                            .error(lhs_loc, format!("Type '{s}' is invalid, list expected"));
                    };
                    self.lex.lex();
                    let rhs = self.parse_slice_elements(cur, true)?;
                    let rt = self.rk.type_of(rhs);
                    let is_list = rt
                        .map(|t| matches!(self.rk.ty_data(t), RecTy::List(_)))
                        .unwrap_or(false);
                    let b = if is_list {
                        self.rk.intern(Init::Bin(BinOp::ListSlice, result, rhs, lt))
                    } else {
                        self.rk.intern(Init::Bin(BinOp::ListElem, result, rhs, elt))
                    };
                    result = self.rk.fold_binop(b, cur);
                    if !self.consume(Tok::RSquare) {
                        return self.tok_error("expected ']' at end of list slice");
                    }
                }
                Tok::Dot => {
                    if self.lex.lex() != Tok::Id {
                        return self.tok_error("expected field identifier after '.'");
                    }
                    let fname = self.rk.str_init(&self.lex.cur_str);
                    if self.rk.field_type(result, fname).is_none() {
                        let s = self.rk.as_string(result);
                        let f = self.lex.cur_str.clone();
                        return self.tok_error(format!("Cannot access field '{f}' of value '{s}'"));
                    }
                    let f = self.rk.field_init(result, fname);
                    result = self.rk.fold_field(f, cur);
                    self.check_fatal()?;
                    self.lex.lex();
                }
                Tok::Paste => {
                    let paste_loc = self.lex.loc();
                    let Some(lt) = self.rk.type_of(result) else {
                        return self.error(paste_loc, "LHS of paste is not typed!");
                    };
                    if let RecTy::List(_) = self.rk.ty_data(lt) {
                        self.lex.lex();
                        match self.code() {
                            Tok::Colon | Tok::Semi | Tok::LBrace => {}
                            _ => {
                                let rhs = self.parse_value(cur, item_ty, Mode::Value)?;
                                result = self.rk.list_concat(result, rhs);
                            }
                        }
                        continue;
                    }
                    let st = self.rk.string_ty;
                    let mut lhs = result;
                    if lt != st {
                        let u = self.rk.intern(Init::Un(UnOp::Cast, lhs, st));
                        let c = self.rk.fold_unop(u, cur, false);
                        if self.rk.type_of(c).is_none() {
                            let s = self.rk.as_string(lhs);
                            return self.error(paste_loc, format!("can't cast '{s}' to string"));
                        }
                        lhs = c;
                    }
                    self.lex.lex();
                    let rhs = match self.code() {
                        Tok::Colon | Tok::Semi | Tok::LBrace => self.str_init(""),
                        _ => {
                            let r = self.parse_value(cur, None, Mode::Name)?;
                            let Some(rt) = self.rk.type_of(r) else {
                                return self.error(paste_loc, "RHS of paste is not typed!");
                            };
                            if rt != st {
                                let u = self.rk.intern(Init::Un(UnOp::Cast, r, st));
                                let c = self.rk.fold_unop(u, cur, false);
                                if self.rk.type_of(c).is_none() {
                                    let s = self.rk.as_string(r);
                                    return self
                                        .error(paste_loc, format!("can't cast '{s}' to string"));
                                }
                                c
                            } else {
                                r
                            }
                        }
                    };
                    result = self.rk.str_concat(lhs, rhs);
                }
                _ => return Ok(result),
            }
        }
    }

    fn parse_value_list(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
    ) -> PResult<Vec<InitId>> {
        let mut out = vec![self.parse_value(cur, item_ty, Mode::Value)?];
        while self.consume(Tok::Comma) {
            if self.code() == Tok::RSquare {
                return Ok(out);
            }
            out.push(self.parse_value(cur, item_ty, Mode::Value)?);
        }
        Ok(out)
    }

    fn parse_dag_arg_list(
        &mut self,
        cur: Option<RecId>,
    ) -> PResult<(Vec<InitId>, Vec<Option<InitId>>)> {
        let mut args = Vec::new();
        let mut names = Vec::new();
        loop {
            if self.code() == Tok::VarName {
                let n = self.rk.str_init(&self.lex.cur_str);
                args.push(self.rk.unset);
                names.push(Some(n));
                self.lex.lex();
            } else {
                let v = self.parse_value(cur, None, Mode::Value)?;
                let mut name = None;
                if self.code() == Tok::Colon {
                    if self.lex.lex() != Tok::VarName {
                        return self.tok_error("expected variable name in dag literal");
                    }
                    name = Some(self.rk.str_init(&self.lex.cur_str));
                    self.lex.lex();
                }
                args.push(v);
                names.push(name);
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        Ok((args, names))
    }

    fn parse_simple_value(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        let code = self.code();
        if let Tok::Bang(op) = code {
            return self.parse_operation(cur, item_ty, op);
        }
        match code {
            Tok::True => {
                self.lex.lex();
                Ok(self.rk.int_init(1))
            }
            Tok::False => {
                self.lex.lex();
                Ok(self.rk.int_init(0))
            }
            Tok::IntVal => {
                let v = self.lex.cur_int;
                self.lex.lex();
                Ok(self.rk.int_init(v))
            }
            Tok::BinaryIntVal => {
                let v = self.lex.cur_int;
                let n = self.lex.cur_bin_bits;
                let bits: Vec<InitId> = (0..n)
                    .map(|k| self.rk.bit_init(k < 64 && (v >> k) & 1 == 1))
                    .collect();
                self.lex.lex();
                Ok(self.rk.bits_init(bits))
            }
            Tok::StrVal => {
                let mut s = self.lex.cur_str.clone();
                self.lex.lex();
                while self.code() == Tok::StrVal {
                    s.push_str(&self.lex.cur_str);
                    self.lex.lex();
                }
                Ok(self.str_init(&s))
            }
            Tok::CodeFragment => {
                let v = self.rk.str_init_fmt(&self.lex.cur_str, true);
                self.lex.lex();
                Ok(v)
            }
            Tok::Question => {
                self.lex.lex();
                Ok(self.rk.unset)
            }
            Tok::Id => {
                let loc = self.lex.loc();
                let name_s = self.lex.cur_str.clone();
                let name = self.str_init(&name_s);
                let next = self.lex.lex();
                if next == Tok::Equal {
                    return Ok(name);
                }
                if next != Tok::Less {
                    return self.parse_id_value(cur, name, loc, mode);
                }
                let Some(class) = self.rk.class(&name_s) else {
                    return self.error(loc, format!("Expected a class name, got '{name_s}'"));
                };
                self.lex.lex();
                let mut args = self.parse_template_arg_value_list(cur, class, false)?;
                self.check_template_arg_values(&mut args, loc, class)?;
                self.resolve_arguments(class, &args, loc, &mut |_, _, _| {})?;
                let v = self.rk.intern(Init::VarDef(class, args.into()));
                let r = self.rk.fold_vardef(v);
                self.check_fatal()?;
                self.flush_notes();
                Ok(r)
            }
            Tok::LBrace => {
                let brace_loc = self.lex.loc();
                self.lex.lex();
                let mut vals = Vec::new();
                if self.code() != Tok::RBrace {
                    vals = self.parse_value_list(cur, None)?;
                }
                if !self.consume(Tok::RBrace) {
                    return self.tok_error("expected '}' at end of bit list value");
                }
                let mut new_bits = Vec::new();
                let bt = self.rk.bit_ty;
                for (k, &v) in vals.iter().enumerate() {
                    if let Init::Bits(b) = self.rk.init(v) {
                        new_bits.extend(b.iter().rev().copied());
                        continue;
                    }
                    if let Init::Var(_, t) = *self.rk.init(v) {
                        if let RecTy::Bits(n) = *self.rk.ty_data(t) {
                            for j in (0..n).rev() {
                                let b = self.rk.get_bit(v, j);
                                new_bits.push(b);
                            }
                            continue;
                        }
                    }
                    let Some(b) = self.rk.cast_to(v, bt) else {
                        let s = self.rk.as_string(v);
                        return self.error(
                            brace_loc,
                            format!("Element #{k} ({s}) is not convertable to a bit"),
                        );
                    };
                    new_bits.push(b);
                }
                new_bits.reverse();
                Ok(self.rk.bits_init(new_bits))
            }
            Tok::LSquare => {
                self.lex.lex();
                let mut given_list_ty = None;
                if let Some(it) = item_ty {
                    let Some(e) = self.rk.list_elt(it) else {
                        let s = self.rk.ty_string(it);
                        return self.tok_error(format!("Encountered a list when expecting a {s}"));
                    };
                    given_list_ty = Some(e);
                }
                let mut vals = Vec::new();
                if self.code() != Tok::RSquare {
                    vals = self.parse_value_list(cur, given_list_ty)?;
                }
                if !self.consume(Tok::RSquare) {
                    return self.tok_error("expected ']' at end of list value");
                }
                let mut given_elt = None;
                if self.consume(Tok::Less) {
                    given_elt = Some(self.parse_type()?);
                    if !self.consume(Tok::Greater) {
                        return self.tok_error("expected '>' at end of list element type");
                    }
                }
                let mut elt: Option<TyId> = None;
                for &v in &vals {
                    if let Some(t) = self.rk.type_of(v) {
                        elt = match elt {
                            Some(e) => match self.rk.resolve_types(e, t) {
                                Some(x) => Some(x),
                                None => {
                                    return self.tok_error("Incompatible types in list elements")
                                }
                            },
                            None => Some(t),
                        };
                    }
                }
                if let Some(g) = given_elt {
                    if let Some(e) = elt {
                        if !self.rk.ty_convertible(e, g) {
                            return self.tok_error("Incompatible types in list elements");
                        }
                    }
                    elt = Some(g);
                }
                let deduced = match elt {
                    None => match given_list_ty {
                        Some(g) => g,
                        None => return self.tok_error("No type for list"),
                    },
                    Some(e) => {
                        if let Some(g) = given_list_ty {
                            if !self.rk.ty_convertible(e, g) {
                                let msg = format!(
                                    "Element type mismatch for list: element type '{}' not convertible to '{}",
                                    self.rk.ty_string(e),
                                    self.rk.ty_string(g)
                                );
                                return self.tok_error(msg);
                            }
                        }
                        e
                    }
                };
                Ok(self.rk.list_init(vals, deduced))
            }
            Tok::LParen => {
                self.lex.lex();
                if !matches!(
                    self.code(),
                    Tok::Id | Tok::Bang(BangOp::Cast) | Tok::Question | Tok::Bang(BangOp::GetDagOp)
                ) {
                    return self.tok_error("expected identifier in dag init");
                }
                let op = self.parse_value(cur, None, Mode::Value)?;
                let mut op_name = None;
                if self.consume(Tok::Colon) {
                    if self.code() != Tok::VarName {
                        return self.tok_error("expected variable name in dag operator");
                    }
                    op_name = Some(self.rk.str_init(&self.lex.cur_str));
                    self.lex.lex();
                }
                let (mut args, mut names) = (Vec::new(), Vec::new());
                if self.code() != Tok::RParen {
                    (args, names) = self.parse_dag_arg_list(cur)?;
                }
                if !self.consume(Tok::RParen) {
                    return self.tok_error("expected ')' in dag init");
                }
                Ok(self.rk.dag_init(op, op_name, args, names))
            }
            _ => self.tok_error("Unknown or reserved token when parsing a value"),
        }
    }

    // ----- bang operators ------------------------------------------------------------

    fn expect_lparen(&mut self, msg: &str) -> PResult<()> {
        if !self.consume(Tok::LParen) {
            return self.tok_error(msg.to_string());
        }
        Ok(())
    }

    fn parse_operation(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        op: BangOp,
    ) -> PResult<InitId> {
        use BangOp as B;
        match op {
            B::Not
            | B::ToLower
            | B::ToUpper
            | B::LogTwo
            | B::Head
            | B::Tail
            | B::Size
            | B::Empty
            | B::Cast
            | B::Repr
            | B::GetDagOp => self.parse_unary(cur, op),
            B::IsA => {
                self.lex.lex();
                let t = self.parse_operator_type()?;
                self.expect_lparen("expected '(' after type of !isa")?;
                let e = self.parse_value(cur, None, Mode::Value)?;
                if !self.consume(Tok::RParen) {
                    return self.tok_error("expected ')' in !isa");
                }
                let u = self.rk.intern(Init::IsA(t, e));
                Ok(self.rk.fold_isa(u))
            }
            B::Exists => {
                self.lex.lex();
                let t = self.parse_operator_type()?;
                self.expect_lparen("expected '(' after type of !exists")?;
                let eloc = self.lex.loc();
                let e = self.parse_value(cur, None, Mode::Value)?;
                let Some(et) = self.rk.type_of(e) else {
                    return self.error(eloc, "expected string type argument in !exists operator");
                };
                if let RecTy::Record(_) = self.rk.ty_data(et) {
                    return self.error(
                        eloc,
                        "expected string type argument in !exists operator, please use !isa instead",
                    );
                }
                if et != self.rk.string_ty {
                    return self.error(eloc, "expected string type argument in !exists operator");
                }
                if !self.consume(Tok::RParen) {
                    return self.tok_error("expected ')' in !exists");
                }
                let u = self.rk.intern(Init::Exists(t, e));
                Ok(self.rk.fold_exists(u, cur, false))
            }
            B::Con
            | B::Add
            | B::Sub
            | B::Mul
            | B::Div
            | B::And
            | B::Or
            | B::Xor
            | B::Sra
            | B::Srl
            | B::Shl
            | B::Eq
            | B::Ne
            | B::Le
            | B::Lt
            | B::Ge
            | B::Gt
            | B::ListConcat
            | B::ListSplat
            | B::ListRemove
            | B::StrConcat
            | B::Interleave
            | B::GetDagArg
            | B::GetDagName
            | B::SetDagOp => self.parse_binary(cur, item_ty, op),
            B::Foreach | B::Filter => self.parse_foreach_filter(cur, item_ty, op),
            B::Range => self.parse_range_op(cur),
            B::SetDagArg | B::SetDagName | B::Dag | B::If | B::Subst => {
                self.parse_ternary(cur, item_ty, op)
            }
            B::Substr => self.parse_substr_find(cur, item_ty, true),
            B::Find => self.parse_substr_find(cur, item_ty, false),
            B::Cond => self.parse_cond(cur, item_ty),
            B::Foldl => self.parse_foldl(cur),
        }
    }

    fn parse_unary(&mut self, cur: Option<RecId>, op: BangOp) -> PResult<InitId> {
        use BangOp as B;
        self.lex.lex();
        let (code, mut ty) = match op {
            B::Cast => {
                let t = match self.parse_operator_type() {
                    Ok(t) => t,
                    Err(_) => return self.tok_error("did not get type for unary operator"),
                };
                (UnOp::Cast, Some(t))
            }
            B::Repr => (UnOp::Repr, Some(self.rk.string_ty)),
            B::ToLower => (UnOp::ToLower, Some(self.rk.string_ty)),
            B::ToUpper => (UnOp::ToUpper, Some(self.rk.string_ty)),
            B::Not => (UnOp::Not, Some(self.rk.int_ty)),
            B::LogTwo => (UnOp::LogTwo, Some(self.rk.int_ty)),
            B::Head => (UnOp::Head, None),
            B::Tail => (UnOp::Tail, None),
            B::Size => (UnOp::Size, Some(self.rk.int_ty)),
            B::Empty => (UnOp::Empty, Some(self.rk.int_ty)),
            _ => {
                if self.code() == Tok::Less {
                    let t = match self.parse_operator_type() {
                        Ok(t) => t,
                        Err(_) => return self.tok_error("did not get type for unary operator"),
                    };
                    if !matches!(self.rk.ty_data(t), RecTy::Record(_)) {
                        let _: PResult<()> =
                            self.tok_error("type for !getdagop must be a record type");
                    }
                    (UnOp::GetDagOp, Some(t))
                } else {
                    (UnOp::GetDagOp, Some(self.rk.any_record_ty))
                }
            }
        };
        if !self.consume(Tok::LParen) {
            return self.tok_error("expected '(' after unary operator");
        }
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let lt = self.rk.type_of(lhs);
        if matches!(code, UnOp::Empty | UnOp::Size) {
            let ok = match (self.rk.init(lhs), lt) {
                (Init::List(..) | Init::Str(..) | Init::Dag(..), _) => true,
                (_, Some(t)) => matches!(
                    self.rk.ty_data(t),
                    RecTy::List(_) | RecTy::String | RecTy::Dag
                ),
                _ => false,
            };
            if !ok {
                return self
                    .tok_error("expected string, list, or dag type argument in unary operator");
            }
        }
        if matches!(code, UnOp::Head | UnOp::Tail) {
            let Some(t) = lt else {
                return self.tok_error("expected list type argument in unary operator");
            };
            let Some(elt) = self.rk.list_elt(t) else {
                return self.tok_error("expected list type argument in unary operator");
            };
            if let Init::List(e, _) = self.rk.init(lhs).clone() {
                if e.is_empty() {
                    return self.tok_error("empty list argument in unary operator");
                }
                let Some(it) = self.rk.type_of(e[0]) else {
                    return self.tok_error("untyped list element in unary operator");
                };
                ty = Some(if code == UnOp::Head {
                    it
                } else {
                    self.rk.list_ty(it)
                });
            } else {
                ty = Some(if code == UnOp::Head { elt } else { t });
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_error("expected ')' in unary operator");
        }
        let u = self
            .rk
            .intern(Init::Un(code, lhs, ty.expect("type set above")));
        let r = self.rk.fold_unop(u, cur, false);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_binary(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        op: BangOp,
    ) -> PResult<InitId> {
        use BangOp as B;
        let op_loc = self.lex.loc();
        self.lex.lex();
        let code = match op {
            B::Con => BinOp::Concat,
            B::Add => BinOp::Add,
            B::Sub => BinOp::Sub,
            B::Mul => BinOp::Mul,
            B::Div => BinOp::Div,
            B::And => BinOp::And,
            B::Or => BinOp::Or,
            B::Xor => BinOp::Xor,
            B::Sra => BinOp::Sra,
            B::Srl => BinOp::Srl,
            B::Shl => BinOp::Shl,
            B::Eq => BinOp::Eq,
            B::Ne => BinOp::Ne,
            B::Le => BinOp::Le,
            B::Lt => BinOp::Lt,
            B::Ge => BinOp::Ge,
            B::Gt => BinOp::Gt,
            B::ListConcat => BinOp::ListConcat,
            B::ListSplat => BinOp::ListSplat,
            B::ListRemove => BinOp::ListRemove,
            B::StrConcat => BinOp::StrConcat,
            B::Interleave => BinOp::Interleave,
            B::SetDagOp => BinOp::SetDagOp,
            B::GetDagArg => BinOp::GetDagArg,
            _ => BinOp::GetDagName,
        };
        let (mut ty, mut arg_ty): (Option<TyId>, Option<TyId>) = match code {
            BinOp::Concat | BinOp::SetDagOp => (Some(self.rk.dag_ty), Some(self.rk.dag_ty)),
            BinOp::GetDagArg => {
                let t = match self.parse_operator_type() {
                    Ok(t) => t,
                    Err(_) => return self.tok_error("did not get type for !getdagarg operator"),
                };
                (Some(t), Some(self.rk.dag_ty))
            }
            BinOp::GetDagName => (Some(self.rk.string_ty), Some(self.rk.dag_ty)),
            BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Sra
            | BinOp::Srl
            | BinOp::Shl
            | BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Div => (Some(self.rk.int_ty), Some(self.rk.int_ty)),
            BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
                (Some(self.rk.bit_ty), None)
            }
            BinOp::ListConcat | BinOp::ListRemove => (None, item_ty),
            BinOp::ListSplat => (None, None),
            BinOp::StrConcat => (Some(self.rk.string_ty), Some(self.rk.string_ty)),
            _ => (Some(self.rk.string_ty), None),
        };
        if let (Some(t), Some(it)) = (ty, item_ty) {
            if !self.rk.ty_convertible(t, it) {
                let msg = format!(
                    "expected value of type '{}', got '{}'",
                    self.rk.ty_string(it),
                    self.rk.ty_string(t)
                );
                return self.error(op_loc, msg);
            }
        }
        if !self.consume(Tok::LParen) {
            return self.tok_error("expected '(' after binary operator");
        }
        let mut list: Vec<InitId> = Vec::new();
        loop {
            let init_loc = self.lex.loc();
            let v = self.parse_value(cur, arg_ty, Mode::Value)?;
            list.push(v);
            let Some(lt) = self.rk.type_of(v) else {
                let s = self.rk.as_string(v);
                return self.error(
                    op_loc,
                    format!("expected value to be a typed value, got '{s}'"),
                );
            };
            match arg_ty {
                None => {
                    arg_ty = Some(lt);
                    let lts = self.rk.ty_string(lt);
                    match code {
                        BinOp::ListConcat | BinOp::ListRemove
                            if !matches!(self.rk.ty_data(lt), RecTy::List(_)) =>
                        {
                            return self.error(
                                init_loc,
                                format!("expected a list, got value of type '{lts}'"),
                            );
                        }
                        BinOp::ListSplat => {
                            if let (Some(it), 1) = (item_ty, list.len()) {
                                let Some(ie) = self.rk.list_elt(it) else {
                                    let s = self.rk.ty_string(it);
                                    return self.error(
                                        op_loc,
                                        format!(
                                            "expected output type to be a list, got type '{s}'"
                                        ),
                                    );
                                };
                                let llt = self.rk.list_ty(lt);
                                if !self.rk.ty_convertible(llt, it) {
                                    let s = self.rk.ty_string(ie);
                                    return self.error(
                                        op_loc,
                                        format!("expected first arg type to be '{lts}', got value of type '{s}'"),
                                    );
                                }
                            }
                            if list.len() == 2 && lt != self.rk.int_ty {
                                return self.error(
                                    init_loc,
                                    format!("expected second parameter to be an int, got value of type '{lts}'"),
                                );
                            }
                            arg_ty = None;
                        }
                        BinOp::Eq | BinOp::Ne => {
                            let (it, st, ar) =
                                (self.rk.int_ty, self.rk.string_ty, self.rk.any_record_ty);
                            if !self.rk.ty_convertible(lt, it)
                                && !self.rk.ty_convertible(lt, st)
                                && !self.rk.ty_convertible(lt, ar)
                            {
                                return self.error(
                                    init_loc,
                                    format!("expected bit, bits, int, string, or record; got value of type '{lts}'"),
                                );
                            }
                        }
                        BinOp::GetDagArg | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
                            let (it, st) = (self.rk.int_ty, self.rk.string_ty);
                            if !self.rk.ty_convertible(lt, it) && !self.rk.ty_convertible(lt, st) {
                                return self.error(
                                    init_loc,
                                    format!("expected bit, bits, int, or string; got value of type '{lts}'"),
                                );
                            }
                        }
                        BinOp::Interleave => {
                            match list.len() {
                                1 => {
                                    let st = self.rk.string_ty;
                                    let sl = self.rk.list_ty(st);
                                    let it = self.rk.int_ty;
                                    let il = self.rk.list_ty(it);
                                    if lt != sl && !self.rk.ty_convertible(lt, il) {
                                        return self.error(
                                            init_loc,
                                            format!(
                                                "expected list of string, int, bits, or bit; got value of type '{lts}'"
                                            ),
                                        );
                                    }
                                }
                                2 if lt != self.rk.string_ty => {
                                    return self.error(
                                        init_loc,
                                        format!(
                                            "expected second argument to be a string, got value of type '{lts}'"
                                        ),
                                    );
                                }
                                _ => {}
                            }
                            arg_ty = None;
                        }
                        _ => {}
                    }
                }
                Some(at) => {
                    let Some(resolved) = self.rk.resolve_types(at, lt) else {
                        let msg = format!(
                            "expected value of type '{}', got '{}'",
                            self.rk.ty_string(at),
                            self.rk.ty_string(lt)
                        );
                        return self.error(init_loc, msg);
                    };
                    if !matches!(
                        code,
                        BinOp::Add
                            | BinOp::Sub
                            | BinOp::And
                            | BinOp::Or
                            | BinOp::Xor
                            | BinOp::Sra
                            | BinOp::Srl
                            | BinOp::Shl
                            | BinOp::Mul
                            | BinOp::Div
                    ) {
                        arg_ty = Some(resolved);
                    }
                }
            }
            match code {
                BinOp::SetDagOp => arg_ty = Some(self.rk.any_record_ty),
                BinOp::GetDagArg => arg_ty = None,
                BinOp::GetDagName => arg_ty = Some(self.rk.int_ty),
                _ => {}
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_error("expected ')' in operator");
        }
        if matches!(code, BinOp::ListConcat | BinOp::ListRemove) {
            ty = arg_ty;
        }
        if code == BinOp::ListSplat {
            let t = self.rk.type_of(list[0]).unwrap();
            ty = Some(self.rk.list_ty(t));
        }
        let ty = ty.unwrap_or(self.rk.string_ty);
        if matches!(
            code,
            BinOp::StrConcat
                | BinOp::ListConcat
                | BinOp::Concat
                | BinOp::Add
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Mul
        ) {
            while list.len() > 2 {
                let rhs = list.pop().unwrap();
                let lhs = *list.last().unwrap();
                let b = self.rk.intern(Init::Bin(code, lhs, rhs, ty));
                let f = self.rk.fold_binop(b, cur);
                *list.last_mut().unwrap() = f;
            }
        }
        if list.len() == 2 {
            let b = self.rk.intern(Init::Bin(code, list[0], list[1], ty));
            let r = self.rk.fold_binop(b, cur);
            self.check_fatal()?;
            return Ok(r);
        }
        self.error(op_loc, "expected two operands to operator")
    }

    fn parse_range_op(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        let op_loc = self.lex.loc();
        self.lex.lex();
        if !self.consume(Tok::LParen) {
            return self.tok_error("expected '(' after !range operator");
        }
        let mut args = Vec::new();
        let mut first_is_list = false;
        loop {
            if args.len() >= 3 {
                return self.tok_error("expected at most three values of integer");
            }
            let init_loc = self.lex.loc();
            let v = self.parse_value(cur, None, Mode::Value)?;
            args.push(v);
            let Some(t) = self.rk.type_of(v) else {
                let s = self.rk.as_string(v);
                return self.error(
                    op_loc,
                    format!("expected value to be a typed value, got '{s}'"),
                );
            };
            let ts = self.rk.ty_string(t);
            if !first_is_list || args.len() == 1 {
                if args.len() == 1 && matches!(self.rk.ty_data(t), RecTy::List(_)) {
                    first_is_list = true;
                } else if t == self.rk.int_ty {
                } else if args.len() != 1 {
                    return self.error(
                        init_loc,
                        format!("expected value of type 'int', got '{ts}'"),
                    );
                } else {
                    return self.error(
                        init_loc,
                        format!("expected list or int, got value of type '{ts}'"),
                    );
                }
            } else {
                return self.error(
                    init_loc,
                    format!("expected one list, got extra value of type '{ts}'"),
                );
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_error("expected ')' in operator");
        }
        let zero = self.rk.int_init(0);
        let one = self.rk.int_init(1);
        let (l, m, r) = if args.len() == 1 {
            if first_is_list {
                let it = self.rk.int_ty;
                let u = self.rk.intern(Init::Un(UnOp::Size, args[0], it));
                let s = self.rk.fold_unop(u, cur, false);
                (zero, s, one)
            } else {
                (zero, args[0], one)
            }
        } else {
            (
                args[0],
                args[1],
                if args.len() == 3 { args[2] } else { one },
            )
        };
        let it = self.rk.int_ty;
        let lt = self.rk.list_ty(it);
        let t = self.rk.intern(Init::Tern(TernOp::Range, l, m, r, lt));
        let res = self.rk.fold_ternop(t, cur);
        self.check_fatal()?;
        self.flush_notes();
        Ok(res)
    }

    fn static_ty(&mut self, v: InitId) -> Option<TyId> {
        self.rk.type_of(v)
    }

    fn parse_ternary(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        op: BangOp,
    ) -> PResult<InitId> {
        use BangOp as B;
        self.lex.lex();
        let mut item_ty = item_ty;
        let (code, mut ty) = match op {
            B::Dag => {
                item_ty = None;
                (TernOp::Dag, Some(self.rk.dag_ty))
            }
            B::If => (TernOp::If, None),
            B::Subst => (TernOp::Subst, None),
            B::SetDagArg => {
                item_ty = None;
                (TernOp::SetDagArg, Some(self.rk.dag_ty))
            }
            _ => {
                item_ty = None;
                (TernOp::SetDagName, Some(self.rk.dag_ty))
            }
        };
        if !self.consume(Tok::LParen) {
            return self.tok_error("expected '(' after ternary operator");
        }
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in ternary operator");
        }
        let mloc = self.lex.loc();
        let mhs = self.parse_value(cur, item_ty, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in ternary operator");
        }
        let rloc = self.lex.loc();
        let rhs = self.parse_value(cur, item_ty, Mode::Value)?;
        if !self.consume(Tok::RParen) {
            return self.tok_error("expected ')' in binary operator");
        }
        let unset = self.rk.unset;
        match code {
            TernOp::Dag => {
                let mt = self.static_ty(mhs);
                if mt.is_none() && mhs != unset {
                    return self.error(mloc, "could not determine type of the child list in !dag");
                }
                if let Some(t) = mt {
                    if !matches!(self.rk.ty_data(t), RecTy::List(_)) {
                        let s = self.rk.ty_string(t);
                        return self
                            .error(mloc, format!("expected list of children, got type '{s}'"));
                    }
                }
                let rt = self.static_ty(rhs);
                if rt.is_none() && rhs != unset {
                    return self.error(rloc, "could not determine type of the name list in !dag");
                }
                if let Some(t) = rt {
                    let st = self.rk.string_ty;
                    let sl = self.rk.list_ty(st);
                    if t != sl {
                        let s = self.rk.ty_string(t);
                        return self.error(rloc, format!("expected list<string>, got type '{s}'"));
                    }
                }
                if mt.is_none() && rt.is_none() {
                    return self.error(
                        mloc,
                        "cannot have both unset children and unset names in !dag",
                    );
                }
            }
            TernOp::If => {
                let mut mt = self.static_ty(mhs);
                let mut rt = self.static_ty(rhs);
                if mhs == unset {
                    mt = rt;
                }
                if rhs == unset {
                    rt = mt;
                }
                let (Some(a), Some(b)) = (mt, rt) else {
                    return self.tok_error("could not get type for !if");
                };
                match self.rk.resolve_types(a, b) {
                    Some(t) => ty = Some(t),
                    None => {
                        let msg = format!(
                            "inconsistent types '{}' and '{}' for !if",
                            self.rk.ty_string(a),
                            self.rk.ty_string(b)
                        );
                        return self.tok_error(msg);
                    }
                }
            }
            TernOp::Subst => {
                let Some(t) = self.static_ty(rhs) else {
                    return self.tok_error("could not get type for !subst");
                };
                ty = Some(t);
            }
            TernOp::SetDagArg | TernOp::SetDagName => {
                let mt = self.static_ty(mhs);
                let ok = mt
                    .map(|t| t == self.rk.int_ty || t == self.rk.string_ty)
                    .unwrap_or(false);
                if !ok {
                    let what = match mt {
                        Some(t) => format!("type '{}", self.rk.ty_string(t)),
                        None => format!("'{}", self.rk.as_string(mhs)),
                    };
                    return self.error(
                        mloc,
                        format!("expected integer index or string name, got {what}'"),
                    );
                }
                if code == TernOp::SetDagName {
                    if let Some(t) = self.static_ty(rhs) {
                        if t != self.rk.string_ty {
                            let s = self.rk.ty_string(t);
                            return self.error(
                                rloc,
                                format!("expected string or unset name, got type '{s}'"),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
        let t = self.rk.intern(Init::Tern(code, lhs, mhs, rhs, ty.unwrap()));
        let r = self.rk.fold_ternop(t, cur);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_substr_find(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        is_substr: bool,
    ) -> PResult<InitId> {
        let (what, code, ty) = if is_substr {
            ("!substr", TernOp::Substr, self.rk.string_ty)
        } else {
            ("!find", TernOp::Find, self.rk.int_ty)
        };
        self.lex.lex();
        if !self.consume(Tok::LParen) {
            return self.tok_error(format!("expected '(' after {what} operator"));
        }
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_error(format!("expected ',' in {what} operator"));
        }
        let mloc = self.lex.loc();
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        let mut rloc = self.lex.loc();
        let rhs = if self.consume(Tok::Comma) {
            rloc = self.lex.loc();
            self.parse_value(cur, None, Mode::Value)?
        } else if is_substr {
            self.rk.int_init(i64::MAX)
        } else {
            self.rk.int_init(0)
        };
        if !self.consume(Tok::RParen) {
            return self.tok_error(format!("expected ')' in {what} operator"));
        }
        if let Some(it) = item_ty {
            if !self.rk.ty_convertible(ty, it) {
                let msg = format!(
                    "expected value of type '{}', got '{}'",
                    self.rk.ty_string(it),
                    self.rk.ty_string(ty)
                );
                self.report(rloc, msg);
            }
        }
        let unset = self.rk.unset;
        let lt = self.static_ty(lhs);
        if lt.is_none() && lhs != unset {
            let m = if is_substr {
                "could not determine type of the string in !substr"
            } else {
                "could not determine type of the source string in !find"
            };
            return self.tok_error(m);
        }
        if let Some(t) = lt {
            if t != self.rk.string_ty {
                let s = self.rk.ty_string(t);
                return self.tok_error(format!("expected string, got type '{s}'"));
            }
        }
        let mt = self.static_ty(mhs);
        if mt.is_none() && mhs != unset {
            let m = if is_substr {
                "could not determine type of the start position in !substr"
            } else {
                "could not determine type of the target string in !find"
            };
            return self.tok_error(m);
        }
        if let Some(t) = mt {
            let want = if is_substr {
                self.rk.int_ty
            } else {
                self.rk.string_ty
            };
            if t != want {
                let s = self.rk.ty_string(t);
                let w = if is_substr { "int" } else { "string" };
                return self.error(mloc, format!("expected {w}, got type '{s}'"));
            }
        }
        let rt = self.static_ty(rhs);
        if rt.is_none() && rhs != unset {
            let m = if is_substr {
                "could not determine type of the length in !substr"
            } else {
                "could not determine type of the start position in !find"
            };
            return self.tok_error(m);
        }
        if let Some(t) = rt {
            if t != self.rk.int_ty {
                let s = self.rk.ty_string(t);
                return self.tok_error(format!("expected int, got type '{s}'"));
            }
        }
        let t = self.rk.intern(Init::Tern(code, lhs, mhs, rhs, ty));
        let r = self.rk.fold_ternop(t, cur);
        self.check_fatal()?;
        self.flush_notes();
        Ok(r)
    }

    fn temp_scope_rec(&mut self, cur: Option<RecId>) -> RecId {
        match cur {
            Some(r) => r,
            None => {
                let n = self.str_init(".parse");
                self.rk
                    .add_record(Record::new(n, Loc::NONE, RecordKind::Def))
            }
        }
    }

    fn parse_foreach_filter(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        op: BangOp,
    ) -> PResult<InitId> {
        let op_loc = self.lex.loc();
        let is_foreach = op == BangOp::Foreach;
        self.lex.lex();
        if self.code() != Tok::LParen {
            return self.tok_error("expected '(' after !foreach/!filter");
        }
        if self.lex.lex() != Tok::Id {
            return self.tok_error("first argument of !foreach/!filter must be an identifier");
        }
        let lhs = self.rk.str_init(&self.lex.cur_str);
        self.lex.lex();
        if let Some(r) = cur {
            if self.rk.record(r).value(lhs).is_some() {
                let s = self.rk.as_string(lhs);
                return self.tok_error(format!("iteration variable '{s}' is already defined"));
            }
        }
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in !foreach/!filter");
        }
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in !foreach/!filter");
        }
        let Some(mt) = self.rk.type_of(mhs) else {
            return self.tok_error("could not get type of !foreach/!filter list or dag");
        };
        let mut expr_elt_ty = None;
        let in_elt_ty;
        let mut is_dag = false;
        match self.rk.ty_data(mt).clone() {
            RecTy::List(e) => {
                in_elt_ty = e;
                if let Some(it) = item_ty {
                    match self.rk.list_elt(it) {
                        Some(oe) => {
                            expr_elt_ty = Some(if is_foreach { oe } else { self.rk.int_ty });
                        }
                        None => {
                            let s = self.rk.ty_string(it);
                            return self.error(
                                op_loc,
                                format!("expected value of type '{s}', but got list type"),
                            );
                        }
                    }
                }
            }
            RecTy::Dag => {
                if !is_foreach {
                    return self.tok_error("!filter must have a list argument");
                }
                in_elt_ty = mt;
                if let Some(it) = item_ty {
                    if it != self.rk.dag_ty {
                        let s = self.rk.ty_string(it);
                        return self.error(
                            op_loc,
                            format!("expected value of type '{s}', but got dag type"),
                        );
                    }
                }
                is_dag = true;
            }
            _ => {
                if is_foreach {
                    return self.tok_error("!foreach must have a list or dag argument");
                }
                return self.tok_error("!filter must have a list argument");
            }
        }
        let prec = self.temp_scope_rec(cur);
        self.push_scope(ScopeKind::Record(prec));
        let unset = self.rk.initial_value(in_elt_ty);
        self.rk.record_mut(prec).values.push(RecordVal {
            name: lhs,
            ty: in_elt_ty,
            kind: FieldKind::Normal,
            value: unset,
            loc: Loc::NONE,
            used: false,
            cleared: false,
        });
        let rhs = self.parse_value(Some(prec), expr_elt_ty, Mode::Value);
        self.rk.record_mut(prec).remove_value(lhs);
        self.pop_scope();
        let rhs = rhs?;
        if !self.consume(Tok::RParen) {
            return self.tok_error("expected ')' in !foreach/!filter");
        }
        let mut out_ty = in_elt_ty;
        if is_foreach && !is_dag {
            let Some(rt) = self.rk.type_of(rhs) else {
                return self.tok_error("could not get type of !foreach result expression");
            };
            out_ty = self.rk.list_ty(rt);
        } else if !is_foreach {
            out_ty = self.rk.list_ty(in_elt_ty);
        }
        let code = if is_foreach {
            TernOp::Foreach
        } else {
            TernOp::Filter
        };
        let t = self.rk.intern(Init::Tern(code, lhs, mhs, rhs, out_ty));
        let r = self.rk.fold_ternop(t, cur);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_cond(&mut self, cur: Option<RecId>, item_ty: Option<TyId>) -> PResult<InitId> {
        self.lex.lex();
        if !self.consume(Tok::LParen) {
            return self.tok_error("expected '(' after !cond operator");
        }
        let mut cases = Vec::new();
        let mut vals = Vec::new();
        loop {
            if self.consume(Tok::RParen) {
                break;
            }
            cases.push(self.parse_value(cur, None, Mode::Value)?);
            if !self.consume(Tok::Colon) {
                return self.tok_error("expected ':'  following a condition in !cond operator");
            }
            vals.push(self.parse_value(cur, item_ty, Mode::Value)?);
            if self.consume(Tok::RParen) {
                break;
            }
            if !self.consume(Tok::Comma) {
                return self.tok_error("expected ',' or ')' following a value in !cond operator");
            }
        }
        if cases.is_empty() {
            return self
                .tok_error("there should be at least 1 'condition : value' in the !cond operator");
        }
        let mut ty: Option<TyId> = None;
        for &v in &vals {
            let vt = self.rk.type_of(v);
            if v == self.rk.unset {
                continue;
            }
            match ty {
                None => ty = vt,
                Some(t) => {
                    let Some(vt) = vt else { continue };
                    match self.rk.resolve_types(t, vt) {
                        Some(r) => ty = Some(r),
                        None => {
                            let msg = format!(
                                "inconsistent types '{}' and '{}' for !cond",
                                self.rk.ty_string(t),
                                self.rk.ty_string(vt)
                            );
                            return self.tok_error(msg);
                        }
                    }
                }
            }
        }
        let Some(ty) = ty else {
            return self.tok_error("could not determine type for !cond from its arguments");
        };
        let c = self.rk.intern(Init::Cond(cases.into(), vals.into(), ty));
        let r = self.rk.fold_cond(c, cur);
        self.check_fatal()?;
        Ok(r)
    }

    /// Lexes one of `!foldl`'s variable names (its `ordinal` argument, the `side` variable),
    /// which must not name a field of the record being defined.
    fn foldl_variable(&mut self, cur: Option<RecId>, ordinal: &str, side: &str) -> PResult<InitId> {
        if self.lex.lex() != Tok::Id {
            return self.tok_error(format!(
                "{ordinal} argument of !foldl must be an identifier"
            ));
        }
        let name = self.rk.str_init(&self.lex.cur_str);
        if let Some(r) = cur {
            if self.rk.record(r).value(name).is_some() {
                let s = self.rk.as_string(name);
                return self.tok_error(format!("{side} !foldl variable '{s}' already defined"));
            }
        }
        Ok(name)
    }

    fn parse_foldl(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        self.lex.lex();
        if !self.consume(Tok::LParen) {
            return self.tok_error("expected '(' after !foldl");
        }
        let start = self.parse_value(cur, None, Mode::Value)?;
        let Some(st) = self.rk.type_of(start) else {
            let s = self.rk.as_string(start);
            return self.tok_error(format!("could not get type of !foldl start: '{s}'"));
        };
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in !foldl");
        }
        let list = self.parse_value(cur, None, Mode::Value)?;
        let Some(lt) = self.rk.type_of(list) else {
            let s = self.rk.as_string(list);
            return self.tok_error(format!("could not get type of !foldl list: '{s}'"));
        };
        let Some(elt) = self.rk.list_elt(lt) else {
            let s = self.rk.ty_string(lt);
            return self.tok_error(format!("!foldl list must be a list, but is of type '{s}"));
        };
        if self.code() != Tok::Comma {
            return self.tok_error("expected ',' in !foldl");
        }
        let a = self.foldl_variable(cur, "third", "left")?;
        if self.lex.lex() != Tok::Comma {
            return self.tok_error("expected ',' in !foldl");
        }
        let b = self.foldl_variable(cur, "fourth", "right")?;
        if self.lex.lex() != Tok::Comma {
            return self.tok_error("expected ',' in !foldl");
        }
        self.lex.lex();
        let prec = self.temp_scope_rec(cur);
        self.push_scope(ScopeKind::Record(prec));
        for (n, t) in [(a, st), (b, elt)] {
            let unset = self.rk.initial_value(t);
            self.rk.record_mut(prec).values.push(RecordVal {
                name: n,
                ty: t,
                kind: FieldKind::Normal,
                value: unset,
                loc: Loc::NONE,
                used: false,
                cleared: false,
            });
        }
        let expr = self.parse_value(Some(prec), None, Mode::Value);
        self.rk.record_mut(prec).remove_value(a);
        self.rk.record_mut(prec).remove_value(b);
        self.pop_scope();
        let expr = expr?;
        let Some(et) = self.rk.type_of(expr) else {
            return self.tok_error("could not get type of !foldl expression");
        };
        if et != st {
            let msg = format!(
                "!foldl expression must be of same type as start ({}), but is of type {}",
                self.rk.ty_string(st),
                self.rk.ty_string(et)
            );
            return self.tok_error(msg);
        }
        if !self.consume(Tok::RParen) {
            return self.tok_error("expected ')' in fold operator");
        }
        let f = self.rk.intern(Init::Foldl([start, list, a, b, expr], st));
        let r = self.rk.fold_foldl(f, cur);
        self.check_fatal()?;
        Ok(r)
    }
}
