//! Late binding: the resolvers (variable substitution strategies) and the walk that rebuilds a
//! value with references replaced, folding operators whose operands became known.

use crate::evaluator::Evaluator;
use crate::record::{FieldKind, Init, InitId, RecId, RecTy, UnOp, MAX_DEPTH};
use tessera_ir::source::SourceLoc as Loc;
use tessera_ir::{Diagnostic, Severity};

/// A strategy for replacing variable references during resolution.
pub(crate) trait Resolver {
    /// The value for variable `var`, if this resolver knows one.
    fn resolve(&mut self, rk: &mut Evaluator, var: InitId) -> Option<InitId>;
    /// The record being resolved, used by folds for self-references and error locations.
    fn cur_rec(&self) -> Option<RecId>;
    /// Whether this is the final resolution of a def (unresolvable casts become errors).
    fn is_final(&self) -> bool {
        false
    }
    /// Whether `?` bits should keep their previous (unresolved) value.
    fn keep_unset_bits(&self) -> bool {
        false
    }
    /// Union of the name bits (see `record::name_bit`) of every variable this resolver may
    /// replace; values mentioning none of them are left alone without being walked.
    fn mask(&self) -> u64 {
        u64::MAX
    }
}

/// Substitutes a fixed set of variables (template arguments, loop variables).
pub(crate) struct MapResolver {
    map: Vec<(InitId, InitId, bool)>,
    cur: Option<RecId>,
    pub(crate) final_: bool,
    mask: u64,
}

impl MapResolver {
    pub(crate) fn new(cur: Option<RecId>) -> Self {
        MapResolver {
            map: Vec::new(),
            cur,
            final_: false,
            mask: 0,
        }
    }

    pub(crate) fn set(&mut self, key: InitId, value: InitId) {
        self.mask |= crate::record::name_bit(key);
        if let Some(e) = self.map.iter_mut().find(|e| e.0 == key) {
            e.1 = value;
            e.2 = false;
        } else {
            self.map.push((key, value, false));
        }
    }
}

impl Resolver for MapResolver {
    fn resolve(&mut self, rk: &mut Evaluator, var: InitId) -> Option<InitId> {
        let pos = self.map.iter().position(|e| e.0 == var)?;
        let (_, v, resolved) = self.map[pos];
        if !resolved && self.map.len() > 1 {
            // Resolve references among the mapped values, without letting a value see itself.
            self.map.remove(pos);
            let r = rk.resolve(v, self);
            self.map.push((var, r, true));
            return Some(r);
        }
        Some(v)
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.cur
    }
    fn is_final(&self) -> bool {
        self.final_
    }
    fn mask(&self) -> u64 {
        self.mask
    }
}

/// Resolves references to the fields of one record, recursively, with cycle protection.
pub(crate) struct RecordResolver {
    rec: RecId,
    cache: rustc_hash::FxHashMap<InitId, InitId>,
    stack: Vec<InitId>,
    name: Option<InitId>,
    final_: bool,
}

impl RecordResolver {
    pub(crate) fn new(rec: RecId, name: Option<InitId>, final_: bool) -> Self {
        RecordResolver {
            rec,
            cache: Default::default(),
            stack: Vec::new(),
            name,
            final_,
        }
    }
}

impl Resolver for RecordResolver {
    fn resolve(&mut self, rk: &mut Evaluator, var: InitId) -> Option<InitId> {
        if let Some(&v) = self.cache.get(&var) {
            return Some(v);
        }
        if self.stack.contains(&var) {
            return None;
        }
        let mut val = None;
        let rec = rk.record(self.rec);
        if let Some(rv) = rec.value(var) {
            let v = rv.value;
            if v != rk.unset {
                self.stack.push(var);
                let r = rk.resolve(v, self);
                self.stack.pop();
                val = Some(r);
            }
        } else if let (Some(name), true) = (self.name, var == rec.name) {
            self.stack.push(var);
            let r = rk.resolve(name, self);
            self.stack.pop();
            val = Some(r);
        }
        if let Some(v) = val {
            self.cache.insert(var, v);
        }
        val
    }
    fn cur_rec(&self) -> Option<RecId> {
        Some(self.rec)
    }
    fn is_final(&self) -> bool {
        self.final_
    }
    fn keep_unset_bits(&self) -> bool {
        true
    }
}

/// Delegates to another resolver but hides some names (the variables bound by `!foreach`,
/// `!filter` and `!foldl`).
pub(crate) struct ShadowResolver<'a> {
    inner: &'a mut dyn Resolver,
    shadowed: [Option<InitId>; 2],
}

impl<'a> ShadowResolver<'a> {
    pub(crate) fn new(inner: &'a mut dyn Resolver, a: InitId, b: Option<InitId>) -> Self {
        ShadowResolver {
            inner,
            shadowed: [Some(a), b],
        }
    }
}

impl Resolver for ShadowResolver<'_> {
    fn resolve(&mut self, rk: &mut Evaluator, var: InitId) -> Option<InitId> {
        if self.shadowed.contains(&Some(var)) {
            return None;
        }
        self.inner.resolve(rk, var)
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.inner.cur_rec()
    }
    fn is_final(&self) -> bool {
        self.inner.is_final()
    }
    fn mask(&self) -> u64 {
        self.inner.mask()
    }
}

/// Optionally delegates, and remembers whether any reference stayed unresolved.
pub(crate) struct TrackUnresolvedResolver<'a> {
    inner: Option<&'a mut dyn Resolver>,
    pub(crate) found_unresolved: bool,
}

impl<'a> TrackUnresolvedResolver<'a> {
    pub(crate) fn new(inner: Option<&'a mut dyn Resolver>) -> Self {
        TrackUnresolvedResolver {
            inner,
            found_unresolved: false,
        }
    }
}

impl Resolver for TrackUnresolvedResolver<'_> {
    fn resolve(&mut self, rk: &mut Evaluator, var: InitId) -> Option<InitId> {
        let mut out = None;
        if let Some(inner) = self.inner.as_mut() {
            out = inner.resolve(rk, var);
            if let Some(i) = out {
                if !self.found_unresolved {
                    let mut sub = TrackUnresolvedResolver::new(None);
                    rk.resolve(i, &mut sub);
                    self.found_unresolved |= sub.found_unresolved;
                }
            }
        }
        if out.is_none() {
            self.found_unresolved = true;
        }
        out
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.inner.as_ref().and_then(|r| r.cur_rec())
    }
}

/// Resolves nothing; notes whether one given name is referenced.
pub(crate) struct HasReferenceResolver {
    name: InitId,
    pub(crate) found: bool,
}

impl HasReferenceResolver {
    pub(crate) fn new(name: InitId) -> Self {
        HasReferenceResolver { name, found: false }
    }
}

impl Resolver for HasReferenceResolver {
    fn resolve(&mut self, _rk: &mut Evaluator, var: InitId) -> Option<InitId> {
        if var == self.name {
            self.found = true;
        }
        None
    }
    fn cur_rec(&self) -> Option<RecId> {
        None
    }
}

impl Evaluator {
    /// Rebuilds `i` with references replaced as `r` says, folding what became foldable.
    pub(crate) fn resolve(&mut self, i: InitId, r: &mut dyn Resolver) -> InitId {
        let (mask, flag) = self.meta(i);
        let r_mask = r.mask();
        // Nothing in `i` can be touched by this resolver: skip the walk. Final resolutions and
        // record resolvers also act on casts, `!exists` and anonymous names without variables.
        if mask & r_mask == 0 && (!flag || (!r.is_final() && r_mask != u64::MAX)) {
            return i;
        }
        if self.depth >= MAX_DEPTH {
            self.fatal(
                r.cur_rec()
                    .map(|c| self.record(c).locs.clone())
                    .unwrap_or_else(|| vec![Loc::NONE]),
                "maximum nesting depth exceeded while resolving values (infinitely recursive definition?)",
            );
            return i;
        }
        self.check_limits();
        if self.fatal.is_some() {
            return i;
        }
        if self.steps_left == 0 {
            let locs = r
                .cur_rec()
                .map(|c| self.record(c).locs.clone())
                .unwrap_or_else(|| vec![Loc::NONE]);
            self.charge_step(locs);
            return i;
        }
        self.steps_left -= 1;
        self.depth += 1;
        let out = self.resolve_inner(i, r);
        self.depth -= 1;
        out
    }

    fn resolve_inner(&mut self, i: InitId, r: &mut dyn Resolver) -> InitId {
        match self.init(i).clone() {
            Init::Unset | Init::Bit(_) | Init::Int(_) | Init::Str(..) | Init::Def(_) => i,
            Init::Var(name, _) => r.resolve(self, name).unwrap_or(i),
            Init::AnonName(_) => {
                let new = r.resolve(self, i).unwrap_or(i);
                if r.is_final() {
                    if let Init::AnonName(n) = self.init(new) {
                        let s = format!("anonymous_{n}");
                        return self.str_init(&s);
                    }
                }
                new
            }
            Init::VarBit(var, bit) => {
                let n = self.resolve(var, r);
                if n != var {
                    self.get_bit(n, bit)
                } else {
                    i
                }
            }
            Init::Bits(bits) => {
                let mut changed = false;
                let mut out = Vec::with_capacity(bits.len());
                let mut cached_var: Option<InitId> = None;
                let mut cached_resolved = i;
                for &cur in bits.iter() {
                    let new_bit = if let Init::VarBit(var, bit) = *self.init(cur) {
                        if cached_var != Some(var) {
                            cached_var = Some(var);
                            cached_resolved = self.resolve(var, r);
                        }
                        self.get_bit(cached_resolved, bit)
                    } else {
                        let x = self.resolve(cur, r);
                        self.get_bit(x, 0)
                    };
                    let new_bit = if new_bit == self.unset && r.keep_unset_bits() {
                        cur
                    } else {
                        new_bit
                    };
                    changed |= new_bit != cur;
                    out.push(new_bit);
                }
                if changed {
                    self.bits_init(out)
                } else {
                    i
                }
            }
            Init::List(elems, elt) => {
                let mut changed = false;
                let mut out = Vec::with_capacity(elems.len());
                for &e in elems.iter() {
                    let n = self.resolve(e, r);
                    changed |= n != e;
                    out.push(n);
                }
                if changed {
                    self.list_init(out, elt)
                } else {
                    i
                }
            }
            Init::Dag(op, op_name, args, names) => {
                let mut changed = false;
                let mut out = Vec::with_capacity(args.len());
                for &a in args.iter() {
                    let n = self.resolve(a, r);
                    changed |= n != a;
                    out.push(n);
                }
                let new_op = self.resolve(op, r);
                if new_op != op || changed {
                    self.intern(Init::Dag(new_op, op_name, out.into(), names))
                } else {
                    i
                }
            }
            Init::Arg(v, key) => {
                let n = self.resolve(v, r);
                if n != v {
                    self.intern(Init::Arg(n, key))
                } else {
                    i
                }
            }
            Init::Field(rec, name, _) => {
                let n = self.resolve(rec, r);
                if n != rec {
                    let f = self.field_init(n, name);
                    self.fold_field(f, r.cur_rec())
                } else {
                    i
                }
            }
            Init::Un(op, a, ty) => {
                let n = self.resolve(a, r);
                if n != a || (r.is_final() && op == UnOp::Cast) {
                    let u = self.intern(Init::Un(op, n, ty));
                    self.fold_unop(u, r.cur_rec(), r.is_final())
                } else {
                    i
                }
            }
            Init::Bin(op, a, b, ty) => {
                let na = self.resolve(a, r);
                let nb = self.resolve(b, r);
                if na != a || nb != b {
                    let u = self.intern(Init::Bin(op, na, nb, ty));
                    self.fold_binop(u, r.cur_rec())
                } else {
                    i
                }
            }
            Init::Tern(op, a, b, c, ty) => {
                use crate::record::TernOp;
                let na = self.resolve(a, r);
                if op == TernOp::If && na != a {
                    let int_ty = self.int_ty;
                    if let Some(v) = self.convert(na, int_ty) {
                        if let Init::Int(v) = *self.init(v) {
                            return if v != 0 {
                                self.resolve(b, r)
                            } else {
                                self.resolve(c, r)
                            };
                        }
                    }
                }
                let nb = self.resolve(b, r);
                let nc = if matches!(op, TernOp::Foreach | TernOp::Filter) {
                    let mut sr = ShadowResolver::new(r, na, None);
                    self.resolve(c, &mut sr)
                } else {
                    self.resolve(c, r)
                };
                if na != a || nb != b || nc != c {
                    let u = self.intern(Init::Tern(op, na, nb, nc, ty));
                    self.fold_ternop(u, r.cur_rec())
                } else {
                    i
                }
            }
            Init::Cond(conds, vals, ty) => {
                let mut changed = false;
                let mut nc = Vec::with_capacity(conds.len());
                for &c in conds.iter() {
                    let n = self.resolve(c, r);
                    changed |= n != c;
                    nc.push(n);
                }
                let mut nv = Vec::with_capacity(vals.len());
                for &v in vals.iter() {
                    let n = self.resolve(v, r);
                    changed |= n != v;
                    nv.push(n);
                }
                if changed {
                    let u = self.intern(Init::Cond(nc.into(), nv.into(), ty));
                    self.fold_cond(u, r.cur_rec())
                } else {
                    i
                }
            }
            Init::Foldl([start, list, a, b, expr], ty) => {
                let ns = self.resolve(start, r);
                let nl = self.resolve(list, r);
                let ne = {
                    let mut sr = ShadowResolver::new(r, a, Some(b));
                    self.resolve(expr, &mut sr)
                };
                if ns == start && nl == list && ne == expr {
                    return i;
                }
                let u = self.intern(Init::Foldl([ns, nl, a, b, ne], ty));
                self.fold_foldl(u, r.cur_rec())
            }
            Init::IsA(t, e) => {
                let n = self.resolve(e, r);
                if n != e {
                    let u = self.intern(Init::IsA(t, n));
                    self.fold_isa(u)
                } else {
                    i
                }
            }
            Init::Exists(t, e) => {
                let n = self.resolve(e, r);
                if n != e || r.is_final() {
                    let u = self.intern(Init::Exists(t, n));
                    self.fold_exists(u, r.cur_rec(), r.is_final())
                } else {
                    i
                }
            }
            Init::VarDef(class, args) => {
                let mut ur = TrackUnresolvedResolver::new(Some(r));
                let mut changed = false;
                let mut out = Vec::with_capacity(args.len());
                for &a in args.iter() {
                    let n = self.resolve(a, &mut ur);
                    changed |= n != a;
                    out.push(n);
                }
                if changed {
                    let unresolved = ur.found_unresolved;
                    let new = self.intern(Init::VarDef(class, out.into()));
                    if !unresolved {
                        return self.instantiate(new);
                    }
                    return new;
                }
                i
            }
        }
    }

    /// Makes a field access value, typed by the field.
    pub(crate) fn field_init(&mut self, rec: InitId, name: InitId) -> InitId {
        let ty = self
            .field_type(rec, name)
            .unwrap_or(self.unset_ty_placeholder());
        self.intern(Init::Field(rec, name, ty))
    }

    fn unset_ty_placeholder(&mut self) -> crate::record::TyId {
        self.string_ty
    }

    /// Sets a field, converting the value to the field type (bits fields always hold bits).
    /// Returns false if the value does not fit the type.
    pub(crate) fn set_field_value(&mut self, rec: RecId, idx: usize, v: InitId) -> bool {
        let ty = self.record(rec).values[idx].ty;
        let Some(mut c) = self.cast_to(v, ty) else {
            return false;
        };
        if let RecTy::Bits(n) = *self.ty_data(ty) {
            if !matches!(self.init(c), Init::Bits(_)) {
                let bits: Vec<InitId> = (0..n).map(|k| self.get_bit(c, k)).collect();
                c = self.bits_init(bits);
            }
        }
        let slot = &mut self.record_mut(rec).values[idx];
        slot.value = c;
        slot.cleared = false;
        true
    }

    /// Resolves every field (and the name, assertions and dumps) of a record with `r`.
    pub(crate) fn resolve_record(&mut self, rec: RecId, r: &mut dyn Resolver, skip: Option<usize>) {
        let old_name = self.record(rec).name;
        let new_name = self.resolve(old_name, r);
        if new_name != old_name {
            let ty = self.type_of(new_name);
            if ty != Some(self.string_ty) {
                let loc = self.record(rec).locs.clone();
                let s = self.as_string(new_name);
                self.fatal(loc, format!("Record name '{s}' is not a string!"));
                return;
            }
            self.record_mut(rec).name = new_name;
        }
        let n = self.record(rec).values.len();
        for idx in 0..n {
            if Some(idx) == skip {
                continue;
            }
            let v = self.record(rec).values[idx].value;
            let vr = self.resolve(v, r);
            if vr == v {
                continue;
            }
            if !self.set_field_value(rec, idx, vr) {
                let ty_str = match self.type_of(vr) {
                    Some(t) => format!("of type '{}' ", self.ty_string(t)),
                    None => String::new(),
                };
                let rv = &self.record(rec).values[idx];
                let (fname, fty) = (rv.name, rv.ty);
                let msg = format!(
                    "Invalid value {ty_str}found when setting field '{}' of type '{}' after resolving references: {}\n",
                    self.unquoted(fname),
                    self.ty_string(fty),
                    self.unquoted(vr)
                );
                let loc = self.record(rec).locs.clone();
                self.fatal(loc, msg);
                return;
            }
        }
        let na = self.record(rec).assertions.len();
        for k in 0..na {
            let a = self.record(rec).assertions[k].clone();
            let c = self.resolve(a.cond, r);
            let m = self.resolve(a.msg, r);
            let slot = &mut self.record_mut(rec).assertions[k];
            slot.cond = c;
            slot.msg = m;
        }
        let nd = self.record(rec).dumps.len();
        for k in 0..nd {
            let d = self.record(rec).dumps[k].msg;
            let m = self.resolve(d, r);
            self.record_mut(rec).dumps[k].msg = m;
        }
    }

    /// The final resolution of a def, optionally renaming it.
    pub(crate) fn resolve_record_final(&mut self, rec: RecId, new_name: Option<InitId>) {
        let mut r = RecordResolver::new(rec, new_name, true);
        self.resolve_record(rec, &mut r, None);
    }

    /// Resolves a record's internal references without finalizing (used for anonymous
    /// instantiations).
    pub(crate) fn resolve_record_self(&mut self, rec: RecId) {
        let mut r = RecordResolver::new(rec, None, false);
        self.resolve_record(rec, &mut r, None);
    }

    /// Runs the record's assertions; failures are reported as errors.
    pub(crate) fn check_record_assertions(&mut self, rec: RecId) {
        let asserts = self.record(rec).assertions.clone();
        if asserts.is_empty() {
            return;
        }
        let mut r = RecordResolver::new(rec, None, true);
        for a in asserts {
            let c = self.resolve(a.cond, &mut r);
            let m = self.resolve(a.msg, &mut r);
            self.check_assert(a.loc, c, m);
        }
    }

    /// Runs the record's dumps.
    pub(crate) fn emit_record_dumps(&mut self, rec: RecId) {
        let dumps = self.record(rec).dumps.clone();
        if dumps.is_empty() {
            return;
        }
        let mut r = RecordResolver::new(rec, None, true);
        for d in dumps {
            let m = self.resolve(d.msg, &mut r);
            self.check_dump(d.loc, m);
        }
    }

    /// Checks one assertion: the condition must fold to a true int.
    pub(crate) fn check_assert(&mut self, loc: Loc, cond: InitId, msg: InitId) {
        let int_ty = self.int_ty;
        let ci = self.convert(cond, int_ty);
        match ci.map(|c| self.init(c).clone()) {
            Some(Init::Int(v)) => {
                if v == 0 {
                    let text = match self.init(msg) {
                        Init::Str(s, _) => s.to_string(),
                        _ => "(assert message is not a string)".to_string(),
                    };
                    self.error(loc, "assertion failed");
                    self.note(Loc::NONE, text);
                }
            }
            _ => {
                self.error(loc, "assert condition must of type bit, bits, or int.");
            }
        }
    }

    /// Prints a `dump` message (as a note on stderr).
    pub(crate) fn check_dump(&mut self, loc: Loc, msg: InitId) {
        let text = match self.init(msg) {
            Init::Str(s, _) => s.to_string(),
            _ => {
                let s = self.as_string(msg);
                format!("Dump message is not a string: {s}")
            }
        };
        self.notes
            .report(Diagnostic::new(Severity::Note, loc, text));
    }

    /// Fields of a record that must be concrete but are not, as upstream's `checkConcrete`.
    pub(crate) fn check_concrete(&mut self, rec: RecId) {
        let n = self.record(rec).values.len();
        for idx in 0..n {
            let rv = self.record(rec).values[idx].clone();
            if rv.kind == FieldKind::NonconcreteOk {
                continue;
            }
            let ok = if let Init::Bits(bits) = self.init(rv.value) {
                bits.iter().all(|&b| {
                    let is_ref = match self.init(b) {
                        Init::VarBit(v, _) => match self.init(*v) {
                            Init::Var(name, _) => self.record(rec).value(*name).is_some(),
                            _ => false,
                        },
                        Init::Var(..) => true,
                        _ => false,
                    };
                    is_ref || self.is_concrete(b)
                })
            } else {
                self.is_concrete(rv.value)
            };
            if !ok {
                let loc = self.record(rec).locs.clone();
                let msg = format!(
                    "Initializer of '{}' in '{}' could not be fully resolved: {}",
                    self.unquoted(rv.name),
                    self.record_name(rec),
                    self.as_string(rv.value)
                );
                self.error(loc, msg);
            }
        }
    }
}
