//! Parsing of objects: classes, defs, multiclasses, `defm`, `defset`, `deftype`, `defvar`,
//! `foreach`, `if`, `let`, `assert` and `dump` statements, record bodies, and references to
//! classes and multiclasses.

use super::*;

impl Parser<'_> {
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

    pub(super) fn parse_object_list(&mut self, mc: Option<usize>) -> PResult<()> {
        while self.code().is_object_start() {
            self.parse_object(mc)?;
            self.check_fatal()?;
        }
        Ok(())
    }

    pub(super) fn parse_object(&mut self, mc: Option<usize>) -> PResult<()> {
        self.enter()?;
        let r = self.parse_object_inner(mc);
        self.depth -= 1;
        r
    }

    pub(super) fn parse_object_inner(&mut self, mc: Option<usize>) -> PResult<()> {
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

    pub(super) fn parse_class(&mut self) -> PResult<()> {
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

    pub(super) fn check_unused_template_args(&mut self, rec: RecId) {
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

    pub(super) fn parse_multiclass(&mut self) -> PResult<()> {
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
            self.reject_semicolon_after_body("A multiclass body");
        }
        self.check_unused_template_args(rec);
        self.pop_scope();
        self.cur_mc = None;
        Ok(())
    }

    pub(super) fn add_submulticlass(&mut self, cur_mc: usize, sub: &SubClassRef) -> PResult<()> {
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

    pub(super) fn mc_index_of(&self, rec: RecId) -> usize {
        self.multiclasses
            .iter()
            .position(|m| m.rec == rec)
            .expect("multiclass record")
    }

    pub(super) fn resolve_mc_arguments(
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

    pub(super) fn parse_def(&mut self) -> PResult<()> {
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

    pub(super) fn parse_object_name(&mut self) -> PResult<InitId> {
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

    pub(super) fn parse_defm(&mut self) -> PResult<()> {
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

    pub(super) fn parse_defset(&mut self) -> PResult<()> {
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

    pub(super) fn parse_deftype(&mut self) -> PResult<()> {
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

    pub(super) fn parse_defvar(&mut self, cur: Option<RecId>) -> PResult<()> {
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

    pub(super) fn parse_foreach(&mut self) -> PResult<()> {
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
        self.parse_object_or_block("foreach command")?;
        self.pop_scope();
        let l = self.loops.pop().expect("pushed above");
        self.add_entry(Entry::Loop(Box::new(l)))
    }

    pub(super) fn parse_if(&mut self) -> PResult<()> {
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
        self.parse_if_branch(loc, then_list, "then")?;
        if self.consume(Tok::ElseKw) {
            let else_list = self
                .rk
                .intern(Init::Tern(TernOp::If, cond, empty, single, blt));
            let else_list = self.rk.fold_ternop(else_list, None);
            self.parse_if_branch(loc, else_list, "else")?;
        }
        Ok(())
    }

    /// One branch of an `if`: a loop over `list` (one element when the branch is taken, none
    /// otherwise) around the branch's body.
    fn parse_if_branch(&mut self, loc: Loc, list: InitId, kind: &str) -> PResult<()> {
        self.loops.push(ForeachLoop {
            loc,
            iter_var: None,
            list,
            entries: Vec::new(),
        });
        self.parse_if_body(kind)?;
        let l = self.loops.pop().unwrap();
        self.add_entry(Entry::Loop(Box::new(l)))
    }

    pub(super) fn parse_if_body(&mut self, kind: &str) -> PResult<()> {
        self.push_scope(ScopeKind::Local);
        self.parse_object_or_block(&format!("'{kind}' clause"))?;
        self.pop_scope();
        Ok(())
    }

    /// The body of a `foreach` or an `if` branch: one object, or objects in braces (`what`
    /// names the statement in the error for a missing `}`).
    fn parse_object_or_block(&mut self, what: &str) -> PResult<()> {
        if self.code() != Tok::LBrace {
            return self.parse_object(self.cur_mc);
        }
        let brace_loc = self.lex.loc();
        self.lex.lex();
        self.parse_object_list(self.cur_mc)?;
        if !self.consume(Tok::RBrace) {
            self.tok_report(format!("expected '}}' at end of {what}"));
            return self.error(brace_loc, "to match this '{'");
        }
        Ok(())
    }

    pub(super) fn parse_assert(&mut self, cur: Option<RecId>) -> PResult<()> {
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

    pub(super) fn parse_dump(&mut self, cur: Option<RecId>) -> PResult<()> {
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

    pub(super) fn parse_top_level_let(&mut self) -> PResult<()> {
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

    pub(super) fn parse_let_list(&mut self) -> PResult<Vec<LetRecord>> {
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

    pub(super) fn apply_let_stack(&mut self, rec: RecId) -> PResult<()> {
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

    pub(super) fn apply_let_stack_entry(&mut self, e: &mut Entry) -> PResult<()> {
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

    pub(super) fn parse_object_body(&mut self, rec: RecId) -> PResult<()> {
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

    pub(super) fn parse_body(&mut self, rec: RecId) -> PResult<()> {
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
        self.reject_semicolon_after_body("A class or def body");
        Ok(())
    }

    /// Upstream's error for a `;` after a body's closing brace: reported, then parsing goes on.
    fn reject_semicolon_after_body(&mut self, body: &str) {
        let semi_loc = self.lex.loc();
        if self.consume(Tok::Semi) {
            self.report(semi_loc, format!("{body} should not end with a semicolon"));
            self.note(
                Loc::NONE,
                "Semicolon ignored; remove to eliminate this error",
            );
        }
    }

    pub(super) fn parse_body_item(&mut self, rec: RecId) -> PResult<()> {
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

    pub(super) fn parse_declaration(
        &mut self,
        cur: Option<RecId>,
        template_args: bool,
    ) -> PResult<InitId> {
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

    pub(super) fn parse_template_arg_list(&mut self, cur: Option<RecId>) -> PResult<()> {
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

    pub(super) fn parse_foreach_declaration(&mut self) -> PResult<(InitId, InitId)> {
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

    pub(super) fn parse_class_id(&mut self) -> PResult<RecId> {
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

    pub(super) fn parse_multiclass_id(&mut self) -> PResult<RecId> {
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

    pub(super) fn parse_subclass_ref(
        &mut self,
        cur: Option<RecId>,
        is_defm: bool,
    ) -> PResult<SubClassRef> {
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

    pub(super) fn parse_submulticlass_ref(&mut self, cur_mc: usize) -> PResult<SubClassRef> {
        let loc = self.lex.loc();
        let rec = self.parse_multiclass_id()?;
        let mut args = Vec::new();
        if self.consume(Tok::Less) {
            let cr = self.multiclasses[cur_mc].rec;
            args = self.parse_template_arg_value_list(Some(cr), rec, true)?;
        }
        Ok(SubClassRef { loc, rec, args })
    }

    pub(super) fn parse_template_arg_value_list(
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
}
