//! Instantiation: the parser's semantic actions. Fields are added and set, superclasses and
//! multiclasses instantiated with their arguments, `foreach` bodies and multiclass entries
//! resolved, and finished defs checked and added, in upstream's order.

use rustc_hash::FxHashSet;

use super::*;

impl Parser<'_> {
    pub(super) fn cur_or_mc(&self, cur: Option<RecId>) -> RecId {
        cur.unwrap_or_else(|| self.multiclasses[self.cur_mc.expect("in a multiclass")].rec)
    }

    pub(super) fn add_value(&mut self, cur: Option<RecId>, loc: Loc, rv: RecordVal) -> PResult<()> {
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
    pub(super) fn set_value(
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

    pub(super) fn add_subclass(&mut self, cur: RecId, sc: &SubClassRef) -> PResult<()> {
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
        // The superclass brings its own superclasses along, each of which must be new here.
        // A set makes the check linear in the list (a deep chain of classes repeats ever
        // longer lists, and scanning them for every entry made such chains cubic).
        let scs = self.rk.record(scr).superclasses.clone();
        let mut seen: FxHashSet<RecId> = self
            .rk
            .record(cur)
            .superclasses
            .iter()
            .map(|&(c, _)| c)
            .collect();
        self.rk.record_mut(cur).superclasses.reserve(scs.len() + 1);
        for (c, l) in scs.into_iter().chain([(scr, sc.loc)]) {
            if !seen.insert(c) {
                let msg = format!("Already subclass of '{}'!\n", self.rk.record_name(c));
                return self.error(sc.loc, msg);
            }
            self.rk.record_mut(cur).superclasses.push((c, l));
        }
        Ok(())
    }

    pub(super) fn add_subclass_entry(&mut self, e: &mut Entry, sc: &SubClassRef) -> PResult<()> {
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

    pub(super) fn resolve_arguments(
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

    pub(super) fn add_entry(&mut self, e: Entry) -> PResult<()> {
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

    pub(super) fn resolve_loop(
        &mut self,
        l: &ForeachLoop,
        substs: &mut Vec<(InitId, InitId)>,
        final_: bool,
        dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        let mut r = substitutions(substs);
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

    pub(super) fn resolve_entries(
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
                    let mut r = substitutions(substs);
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
                    let mut r = substitutions(substs);
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

    pub(super) fn add_def_one(&mut self, rec: RecId) -> PResult<()> {
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

    pub(super) fn check_template_arg_values(
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
}

/// A resolver that replaces each loop variable of `substs` with its value.
fn substitutions(substs: &[(InitId, InitId)]) -> MapResolver {
    let mut r = MapResolver::new(None);
    for &(k, v) in substs {
        r.set(k, v);
    }
    r
}
