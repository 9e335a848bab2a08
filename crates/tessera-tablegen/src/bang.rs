//! Folding of bang operators, field accesses and anonymous class instantiations once their
//! operands are known, with upstream's semantics and error texts.

use crate::eval::{MapResolver, TrackUnresolvedResolver};
use crate::evaluator::Evaluator;
use crate::record::{
    ArgKey, BinOp, Init, InitId, RecId, RecTy, Record, RecordKind, TernOp, TyId, UnOp, MAX_LIST_LEN,
};
use tessera_ir::source::SourceLoc as Loc;

impl Evaluator {
    /// All locations of the record being resolved, for error messages.
    fn rec_loc(&self, cur: Option<RecId>) -> Vec<Loc> {
        cur.map(|c| self.record(c).locs.clone())
            .unwrap_or_else(|| vec![Loc::NONE])
    }

    /// The fatal error of a `!cast` whose result has type `got` where `want` was asked for.
    fn cast_type_mismatch(&mut self, cur: Option<RecId>, want: TyId, got: TyId, cast: InitId) {
        let loc = self.rec_loc(cur);
        let msg = format!(
            "Expected type '{}', got '{}' in: {}\n",
            self.ty_string(want),
            self.ty_string(got),
            self.as_string(cast)
        );
        self.fatal(loc, msg);
    }

    fn as_int_conv(&mut self, i: InitId) -> Option<i64> {
        let t = self.int_ty;
        let c = self.convert(i, t)?;
        self.as_int(c)
    }

    /// Whether `name` is how the record `cur` refers to itself by name.
    fn is_self_name(&mut self, cur: RecId, name: InitId) -> bool {
        let cur_name = self.record(cur).name;
        if name == cur_name {
            return true;
        }
        if let Init::AnonName(n) = *self.init(cur_name) {
            let s = format!("anonymous_{n}");
            let si = self.str_init(&s);
            return si == name;
        }
        false
    }

    /// Folds a unary operation (`u` must be an `Init::Un`).
    pub(crate) fn fold_unop(&mut self, u: InitId, cur: Option<RecId>, is_final: bool) -> InitId {
        let Init::Un(op, lhs, ty) = self.init(u).clone() else {
            return u;
        };
        match op {
            UnOp::Repr => {
                if self.is_concrete(lhs) {
                    let s = if let Init::Def(r) = *self.init(lhs) {
                        let mut out = String::new();
                        self.print_record(&mut out, r);
                        out
                    } else {
                        self.as_string(lhs)
                    };
                    return self.str_init(&s);
                }
            }
            UnOp::ToLower | UnOp::ToUpper => {
                if let Init::Str(s, _) = self.init(lhs) {
                    let out = if op == UnOp::ToLower {
                        s.to_ascii_lowercase()
                    } else {
                        s.to_ascii_uppercase()
                    };
                    return self.str_init(&out);
                }
            }
            UnOp::Cast => {
                if ty == self.string_ty {
                    match self.init(lhs).clone() {
                        Init::Str(..) => return lhs,
                        Init::Def(r) => {
                            let n = self.record_name(r);
                            return self.str_init(&n);
                        }
                        _ => {
                            if let Some(v) = self.as_int_conv(lhs) {
                                return self.str_init(&v.to_string());
                            }
                        }
                    }
                } else if matches!(self.ty_data(ty), RecTy::Record(_)) {
                    if let Init::Str(name, _) = self.init(lhs).clone() {
                        let mut d = self.def(&name);
                        if d.is_none() {
                            if let Some(c) = cur {
                                if self.is_self_name(c, lhs) {
                                    if !is_final {
                                        return u;
                                    }
                                    d = Some(c);
                                }
                            }
                        }
                        let Some(d) = d else {
                            if is_final {
                                let loc = self.rec_loc(cur);
                                self.fatal(
                                    loc,
                                    format!("Undefined reference to record: '{name}'\n"),
                                );
                            }
                            return u;
                        };
                        let di = self.def_init(d);
                        let dt = self.record_type(d);
                        if !self.ty_is_a(dt, ty) {
                            self.cast_type_mismatch(cur, ty, dt, u);
                        }
                        return di;
                    }
                }
                if let Some(c) = self.convert(lhs, ty) {
                    return c;
                }
            }
            UnOp::Not => {
                if let Some(v) = self.as_int_conv(lhs) {
                    return self.int_init(if v != 0 { 0 } else { 1 });
                }
            }
            UnOp::Head => {
                if let Init::List(e, _) = self.init(lhs) {
                    if let Some(&first) = e.first() {
                        return first;
                    }
                    let loc = self.rec_loc(cur);
                    self.fatal(loc, "empty list argument in unary operator");
                }
            }
            UnOp::Tail => {
                if let Init::List(e, elt) = self.init(lhs).clone() {
                    if e.is_empty() {
                        let loc = self.rec_loc(cur);
                        self.fatal(loc, "empty list argument in unary operator");
                        return u;
                    }
                    return self.list_init(e[1..].to_vec(), elt);
                }
            }
            UnOp::Size | UnOp::Empty => {
                let n = match self.init(lhs) {
                    Init::List(e, _) => Some(e.len()),
                    Init::Dag(_, _, a, _) => Some(a.len()),
                    Init::Str(s, _) => Some(s.len()),
                    _ => None,
                };
                if let Some(n) = n {
                    let v = if op == UnOp::Size {
                        n as i64
                    } else {
                        (n == 0) as i64
                    };
                    return self.int_init(v);
                }
            }
            UnOp::GetDagOp => {
                if let Init::Dag(dop, ..) = *self.init(lhs) {
                    // The operator need not be a def yet (late resolution in multiclasses),
                    // but it is typed, and its type must fit.
                    let Some(ot) = self.type_of(dop) else {
                        return u;
                    };
                    if !self.ty_is_a(ot, ty) {
                        self.cast_type_mismatch(cur, ty, ot, u);
                        return u;
                    }
                    return dop;
                }
            }
            UnOp::LogTwo => {
                if let Some(v) = self.as_int_conv(lhs) {
                    if v <= 0 {
                        let loc = self.rec_loc(cur);
                        self.fatal(
                            loc,
                            "Illegal operation: logtwo is undefined on arguments less than or equal to 0",
                        );
                        return u;
                    }
                    return self.int_init(63 - v.leading_zeros() as i64);
                }
            }
        }
        u
    }

    /// Upstream's comparison helper for `!eq` and friends.
    fn compare_inits(&mut self, op: BinOp, l: InitId, r: InitId) -> Option<bool> {
        let li = self.as_int_conv(l);
        let ri = self.as_int_conv(r);
        if let (Some(a), Some(b)) = (li, ri) {
            return Some(match op {
                BinOp::Eq => a == b,
                BinOp::Ne => a != b,
                BinOp::Le => a <= b,
                BinOp::Lt => a < b,
                BinOp::Ge => a >= b,
                _ => a > b,
            });
        }
        if let (Init::Str(a, _), Init::Str(b, _)) = (self.init(l), self.init(r)) {
            let (a, b) = (a.as_bytes(), b.as_bytes());
            return Some(match op {
                BinOp::Eq => a == b,
                BinOp::Ne => a != b,
                BinOp::Le => a <= b,
                BinOp::Lt => a < b,
                BinOp::Ge => a >= b,
                _ => a > b,
            });
        }
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            if let (Init::Def(_), Init::Def(_)) = (self.init(l), self.init(r)) {
                return Some((l == r) == (op == BinOp::Eq));
            }
        }
        None
    }

    fn dag_arg_no(&self, dag: InitId, key: InitId) -> Result<usize, String> {
        let Init::Dag(_, _, args, names) = self.init(dag) else {
            return Err("not a dag".into());
        };
        match self.init(key) {
            Init::Int(pos) => {
                let pos = *pos;
                if pos < 0 {
                    return Err(format!("index {pos} is negative"));
                }
                if pos as usize >= args.len() {
                    return Err(format!(
                        "index {pos} is out of range (dag has {} arguments)",
                        args.len()
                    ));
                }
                Ok(pos as usize)
            }
            Init::Str(name, _) => {
                for (k, n) in names.iter().enumerate() {
                    if let Some(n) = n {
                        if self.as_str(*n) == Some(name) {
                            return Ok(k);
                        }
                    }
                }
                Err(format!("key '{name}' is not found"))
            }
            _ => Err("bad key".into()),
        }
    }

    fn concat_strs(&mut self, a: InitId, b: InitId) -> Option<InitId> {
        if let Some(&r) = self.concat_cache.get(&(a, b)) {
            return Some(r);
        }
        let (Init::Str(x, _), Init::Str(y, _)) = (self.init(a), self.init(b)) else {
            return None;
        };
        if !self.affordable((x.len() + y.len()) as u64) {
            return Some(self.unset);
        }
        let (Init::Str(x, cx), Init::Str(y, cy)) = (self.init(a), self.init(b)) else {
            unreachable!("matched above")
        };
        let mut s = String::with_capacity(x.len() + y.len());
        s.push_str(x);
        s.push_str(y);
        // Either side being a code fragment makes the result one.
        let code = *cx || *cy;
        let r = self.str_init_fmt(&s, code);
        self.concat_cache.insert((a, b), r);
        Some(r)
    }

    /// `!strconcat` of two values, folded right away when both are strings.
    pub(crate) fn str_concat(&mut self, a: InitId, b: InitId) -> InitId {
        if let Some(s) = self.concat_strs(a, b) {
            return s;
        }
        let t = self.string_ty;
        self.intern(Init::Bin(BinOp::StrConcat, a, b, t))
    }

    /// `!listconcat` of two values, folded right away when both are lists.
    pub(crate) fn list_concat(&mut self, a: InitId, b: InitId) -> InitId {
        if let (Init::List(x, _), Init::List(y, _)) = (self.init(a), self.init(b)) {
            if !self.affordable(4 * (x.len() + y.len()) as u64) {
                return self.unset;
            }
        }
        if let (Init::List(x, elt), Init::List(y, _)) = (self.init(a), self.init(b)) {
            let mut v = x.to_vec();
            v.extend_from_slice(y);
            let elt = *elt;
            return self.list_init(v, elt);
        }
        let t = self.type_of(a).unwrap_or(self.string_ty);
        self.intern(Init::Bin(BinOp::ListConcat, a, b, t))
    }

    fn check_len(&mut self, n: i64, cur: Option<RecId>) -> bool {
        if !(0..=MAX_LIST_LEN).contains(&n) {
            let loc = self.rec_loc(cur);
            self.fatal(loc, format!("list of {n} elements is too large"));
            return false;
        }
        true
    }

    /// Folds a binary operation (`u` must be an `Init::Bin`).
    pub(crate) fn fold_binop(&mut self, u: InitId, cur: Option<RecId>) -> InitId {
        let Init::Bin(op, lhs, rhs, ty) = self.init(u).clone() else {
            return u;
        };
        match op {
            BinOp::Concat => {
                let (Init::Dag(lop, _, la, ln), Init::Dag(rop, _, ra, rn)) =
                    (self.init(lhs).clone(), self.init(rhs).clone())
                else {
                    return u;
                };
                let l_def = matches!(self.init(lop), Init::Def(_));
                let r_def = matches!(self.init(rop), Init::Def(_));
                if (!l_def && lop != self.unset) || (!r_def && rop != self.unset) {
                    return u;
                }
                if l_def && r_def && lop != rop {
                    let msg = format!(
                        "Concatenated Dag operators do not match: '{}' vs. '{}'",
                        self.as_string(lhs),
                        self.as_string(rhs)
                    );
                    self.fatal(Loc::NONE, msg);
                    return u;
                }
                let new_op = if l_def {
                    lop
                } else if r_def {
                    rop
                } else {
                    self.unset
                };
                let mut args = la.to_vec();
                args.extend_from_slice(&ra);
                let mut names = ln.to_vec();
                names.extend_from_slice(&rn);
                self.dag_init(new_op, None, args, names)
            }
            BinOp::ListConcat => {
                if let (Init::List(..), Init::List(..)) = (self.init(lhs), self.init(rhs)) {
                    return self.list_concat(lhs, rhs);
                }
                u
            }
            BinOp::ListSplat => {
                let Some(n) = self.as_int(rhs) else { return u };
                let Some(t) = self.type_of(lhs) else { return u };
                if !self.check_len(n, cur) || !self.affordable(4 * n as u64) {
                    return u;
                }
                self.list_init(vec![lhs; n as usize], t)
            }
            BinOp::ListRemove => {
                let (Init::List(l, elt), Init::List(r, _)) =
                    (self.init(lhs).clone(), self.init(rhs).clone())
                else {
                    return u;
                };
                let mut out = Vec::new();
                for &e in l.iter() {
                    let mut found = false;
                    for &x in r.iter() {
                        if self.compare_inits(BinOp::Eq, e, x) == Some(true) {
                            found = true;
                            break;
                        }
                    }
                    if !found {
                        out.push(e);
                    }
                }
                self.list_init(out, elt)
            }
            BinOp::ListElem => {
                let (Init::List(l, _), Init::Int(k)) = (self.init(lhs), self.init(rhs)) else {
                    return u;
                };
                if *k < 0 || *k as usize >= l.len() {
                    return u;
                }
                l[*k as usize]
            }
            BinOp::ListSlice => {
                let (Init::List(l, elt), Init::List(idx, _)) =
                    (self.init(lhs).clone(), self.init(rhs).clone())
                else {
                    return u;
                };
                let mut out = Vec::with_capacity(idx.len());
                for &k in idx.iter() {
                    let Some(k) = self.as_int(k) else { return u };
                    if k < 0 || k as usize >= l.len() {
                        return u;
                    }
                    out.push(l[k as usize]);
                }
                self.list_init(out, elt)
            }
            BinOp::RangeC => {
                let (Some(a), Some(b)) = (self.as_int(lhs), self.as_int(rhs)) else {
                    return u;
                };
                let len = (a as i128 - b as i128).abs() + 1;
                if !self.check_len(len.min(i64::MAX as i128) as i64, cur) {
                    return u;
                }
                let vals: Vec<i64> = if a <= b {
                    (a..=b).collect()
                } else {
                    (b..=a).rev().collect()
                };
                let elems: Vec<InitId> = vals.into_iter().map(|v| self.int_init(v)).collect();
                let t = self.int_ty;
                self.list_init(elems, t)
            }
            BinOp::StrConcat => self.concat_strs(lhs, rhs).unwrap_or(u),
            BinOp::Interleave => {
                let (Init::List(l, elt), Init::Str(delim, _)) =
                    (self.init(lhs).clone(), self.init(rhs).clone())
                else {
                    return u;
                };
                if l.is_empty() {
                    return self.str_init("");
                }
                if !self.affordable((l.len() as u64).saturating_mul(delim.len() as u64 + 20)) {
                    return u;
                }
                let mut out = String::new();
                if elt == self.string_ty {
                    let mut code = false;
                    for (k, &e) in l.iter().enumerate() {
                        if k > 0 {
                            out.push_str(&delim);
                        }
                        let Init::Str(s, c) = self.init(e) else {
                            return u;
                        };
                        out.push_str(s);
                        if k > 0 {
                            code = code || *c;
                        }
                    }
                    self.str_init_fmt(&out, code)
                } else {
                    for (k, &e) in l.iter().enumerate() {
                        if k > 0 {
                            out.push_str(&delim);
                        }
                        let Some(v) = self.as_int_conv(e) else {
                            return u;
                        };
                        out.push_str(&v.to_string());
                    }
                    self.str_init(&out)
                }
            }
            BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
                match self.compare_inits(op, lhs, rhs) {
                    Some(b) => self.bit_init(b),
                    None => u,
                }
            }
            BinOp::GetDagArg => {
                if !matches!(self.init(lhs), Init::Dag(..))
                    || !matches!(self.init(rhs), Init::Int(_) | Init::Str(..))
                {
                    return u;
                }
                match self.dag_arg_no(lhs, rhs) {
                    Err(e) => {
                        let loc = self.rec_loc(cur);
                        self.fatal(loc, format!("!getdagarg {e}"));
                        u
                    }
                    Ok(k) => {
                        let Init::Dag(_, _, args, _) = self.init(lhs) else {
                            return u;
                        };
                        let arg = args[k];
                        if let Some(at) = self.type_of(arg) {
                            if !self.ty_convertible(at, ty) {
                                return self.unset;
                            }
                        }
                        arg
                    }
                }
            }
            BinOp::GetDagName => {
                let (Init::Dag(_, _, args, names), Init::Int(k)) =
                    (self.init(lhs).clone(), self.init(rhs).clone())
                else {
                    return u;
                };
                if k < 0 || k as usize >= args.len() {
                    let loc = self.rec_loc(cur);
                    let msg = format!(
                        "!getdagname index is out of range 0...{}: {k}",
                        args.len() as i64 - 1
                    );
                    self.fatal(loc, msg);
                    return u;
                }
                names[k as usize].unwrap_or(self.unset)
            }
            BinOp::SetDagOp => {
                let (Init::Dag(_, _, args, names), Init::Def(_)) =
                    (self.init(lhs).clone(), self.init(rhs))
                else {
                    return u;
                };
                self.dag_init(rhs, None, args.to_vec(), names.to_vec())
            }
            BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Div
            | BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Shl
            | BinOp::Sra
            | BinOp::Srl => {
                let (Some(a), Some(b)) = (self.as_int_conv(lhs), self.as_int_conv(rhs)) else {
                    return u;
                };
                let v = match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::Div => {
                        if b == 0 {
                            let loc = self.rec_loc(cur);
                            self.fatal(loc, "Illegal operation: division by zero");
                            return u;
                        }
                        if a == i64::MIN && b == -1 {
                            let loc = self.rec_loc(cur);
                            self.fatal(loc, "Illegal operation: INT64_MIN / -1");
                            return u;
                        }
                        a / b
                    }
                    BinOp::And => a & b,
                    BinOp::Or => a | b,
                    BinOp::Xor => a ^ b,
                    BinOp::Shl => (a as u64).wrapping_shl(b as u32) as i64,
                    BinOp::Sra => a.wrapping_shr(b as u32),
                    _ => (a as u64).wrapping_shr(b as u32) as i64,
                };
                self.int_init(v)
            }
        }
    }

    /// Substitutes `item` for variable `var` in `expr` (one `!foreach` step).
    fn item_apply(
        &mut self,
        var: InitId,
        item: InitId,
        expr: InitId,
        cur: Option<RecId>,
    ) -> InitId {
        let mut r = MapResolver::new(cur);
        r.set(var, item);
        self.resolve(expr, &mut r)
    }

    fn foreach_dag_apply(
        &mut self,
        var: InitId,
        dag: InitId,
        expr: InitId,
        cur: Option<RecId>,
    ) -> InitId {
        let Init::Dag(op, _, args, names) = self.init(dag).clone() else {
            return dag;
        };
        let mut change = false;
        let new_op = self.item_apply(var, op, expr, cur);
        if new_op != op {
            change = true;
        }
        let mut new_args = Vec::with_capacity(args.len());
        for &a in args.iter() {
            let n = if matches!(self.init(a), Init::Dag(..)) {
                self.foreach_dag_apply(var, a, expr, cur)
            } else {
                self.item_apply(var, a, expr, cur)
            };
            if n != a {
                change = true;
            }
            new_args.push(n);
        }
        if change {
            self.dag_init(new_op, None, new_args, names.to_vec())
        } else {
            dag
        }
    }

    /// Folds a ternary operation (`u` must be an `Init::Tern`).
    pub(crate) fn fold_ternop(&mut self, u: InitId, cur: Option<RecId>) -> InitId {
        let Init::Tern(op, lhs, mhs, rhs, ty) = self.init(u).clone() else {
            return u;
        };
        match op {
            TernOp::Subst => {
                match (
                    self.init(lhs).clone(),
                    self.init(mhs).clone(),
                    self.init(rhs).clone(),
                ) {
                    (Init::Def(_), Init::Def(_), Init::Def(_)) => {
                        let (ls, rs) = (self.as_string(lhs), self.as_string(rhs));
                        if ls == rs {
                            mhs
                        } else {
                            rhs
                        }
                    }
                    (Init::Var(ln, _), Init::Var(mn, _), Init::Var(rn, _)) => {
                        let name = if self.unquoted(ln) == self.unquoted(rn) {
                            mn
                        } else {
                            rn
                        };
                        let s = self.unquoted(name);
                        let si = self.str_init(&s);
                        self.var_init(si, ty)
                    }
                    (Init::Str(from, _), Init::Str(to, _), Init::Str(text, _)) => {
                        if from.is_empty() {
                            // An empty string occurs everywhere: llvm-tblgen 19 never finishes
                            // (it keeps inserting the replacement); refuse instead.
                            let loc = self.rec_loc(cur);
                            self.error(loc, "!subst: the string to replace is empty");
                            return u;
                        }
                        let mut val = text.to_string();
                        let mut idx = 0usize;
                        while let Some(found) = find_from(&val, &from, idx) {
                            val.replace_range(found..found + from.len(), &to);
                            idx = found + to.len();
                        }
                        self.str_init(&val)
                    }
                    _ => u,
                }
            }
            TernOp::Foreach => {
                if matches!(self.init(mhs), Init::Dag(..)) {
                    return self.foreach_dag_apply(lhs, mhs, rhs, cur);
                }
                if let Init::List(items, _) = self.init(mhs).clone() {
                    let mut out = Vec::with_capacity(items.len());
                    for &it in items.iter() {
                        out.push(self.item_apply(lhs, it, rhs, cur));
                    }
                    let elt = self.list_elt(ty).unwrap_or(self.string_ty);
                    return self.list_init(out, elt);
                }
                u
            }
            TernOp::Filter => {
                if let Init::List(items, _) = self.init(mhs).clone() {
                    let mut out = Vec::new();
                    for &it in items.iter() {
                        let inc = self.item_apply(lhs, it, rhs, cur);
                        match self.as_int_conv(inc) {
                            Some(v) => {
                                if v != 0 {
                                    out.push(it);
                                }
                            }
                            None => return u,
                        }
                    }
                    let elt = self.list_elt(ty).unwrap_or(self.string_ty);
                    return self.list_init(out, elt);
                }
                u
            }
            TernOp::If => {
                if let Some(v) = self.as_int_conv(lhs) {
                    return if v != 0 { mhs } else { rhs };
                }
                u
            }
            TernOp::Dag => {
                let ml = match self.init(mhs) {
                    Init::List(e, _) => Some(e.clone()),
                    _ => None,
                };
                let rl = match self.init(rhs) {
                    Init::List(e, _) => Some(e.clone()),
                    _ => None,
                };
                let m_ok = ml.is_some() || mhs == self.unset;
                let r_ok = rl.is_some() || rhs == self.unset;
                if mhs == self.unset && rhs == self.unset {
                    return u;
                }
                if m_ok && r_ok {
                    if let (Some(m), Some(r)) = (&ml, &rl) {
                        if m.len() != r.len() {
                            return u;
                        }
                    }
                    let size = ml
                        .as_ref()
                        .map(|m| m.len())
                        .or(rl.as_ref().map(|r| r.len()))
                        .unwrap_or(0);
                    let mut args = Vec::with_capacity(size);
                    let mut names = Vec::with_capacity(size);
                    for k in 0..size {
                        let node = ml.as_ref().map(|m| m[k]).unwrap_or(self.unset);
                        let name = rl.as_ref().map(|r| r[k]).unwrap_or(self.unset);
                        match self.init(name) {
                            Init::Str(..) => names.push(Some(name)),
                            Init::Unset => names.push(None),
                            _ => return u,
                        }
                        args.push(node);
                    }
                    return self.dag_init(lhs, None, args, names);
                }
                u
            }
            TernOp::Range => {
                let (Some(start), Some(end), Some(step)) =
                    (self.as_int(lhs), self.as_int(mhs), self.as_int(rhs))
                else {
                    return u;
                };
                if step == 0 {
                    let loc = self.rec_loc(cur);
                    self.error(loc, "Step of !range can't be 0");
                }
                let mut vals = Vec::new();
                let count = if start < end && step > 0 {
                    ((end as i128 - start as i128 + step as i128 - 1) / step as i128) as i64
                } else if start > end && step < 0 {
                    ((start as i128 - end as i128 + (-(step as i128)) - 1) / -(step as i128)) as i64
                } else {
                    0
                };
                if !self.check_len(count, cur) {
                    return u;
                }
                let mut k = start;
                for _ in 0..count {
                    vals.push(self.int_init(k));
                    k = k.wrapping_add(step);
                }
                let t = self.int_ty;
                self.list_init(vals, t)
            }
            TernOp::Substr => {
                let (Init::Str(s, code), Some(start), Some(len)) =
                    (self.init(lhs).clone(), self.as_int(mhs), self.as_int(rhs))
                else {
                    return u;
                };
                let size = s.len() as i64;
                if start < 0 || start > size {
                    let loc = self.rec_loc(cur);
                    self.error(
                        loc,
                        format!("!substr start position is out of range 0...{size}: {start}"),
                    );
                }
                if len < 0 {
                    let loc = self.rec_loc(cur);
                    self.error(loc, "!substr length must be nonnegative");
                }
                // Upstream slices a StringRef, which clamps both ends.
                let begin = if start < 0 { size } else { start.min(size) } as usize;
                let len = if len < 0 { size } else { len };
                let end = (begin as i64).saturating_add(len).min(size) as usize;
                let sub = String::from_utf8_lossy(&s.as_bytes()[begin..end]).into_owned();
                self.str_init_fmt(&sub, code)
            }
            TernOp::Find => {
                let (Init::Str(s, _), Init::Str(pat, _), Some(start)) = (
                    self.init(lhs).clone(),
                    self.init(mhs).clone(),
                    self.as_int(rhs),
                ) else {
                    return u;
                };
                let size = s.len() as i64;
                if start < 0 || start > size {
                    let loc = self.rec_loc(cur);
                    self.error(
                        loc,
                        format!("!find start position is out of range 0...{size}: {start}"),
                    );
                }
                let start = if start < 0 {
                    usize::MAX
                } else {
                    start as usize
                };
                match find_from(&s, &pat, start) {
                    Some(k) => self.int_init(k as i64),
                    None => self.int_init(-1),
                }
            }
            TernOp::SetDagArg | TernOp::SetDagName => {
                if !matches!(self.init(lhs), Init::Dag(..))
                    || !matches!(self.init(mhs), Init::Int(_) | Init::Str(..))
                {
                    return u;
                }
                let what = if op == TernOp::SetDagArg {
                    "!setdagarg"
                } else {
                    "!setdagname"
                };
                match self.dag_arg_no(lhs, mhs) {
                    Err(e) => {
                        let loc = self.rec_loc(cur);
                        self.fatal(loc, format!("{what} {e}"));
                        u
                    }
                    Ok(k) => {
                        let Init::Dag(dop, dname, args, names) = self.init(lhs).clone() else {
                            return u;
                        };
                        let mut args = args.to_vec();
                        let mut names = names.to_vec();
                        if op == TernOp::SetDagArg {
                            args[k] = rhs;
                        } else {
                            names[k] = match self.init(rhs) {
                                Init::Str(..) => Some(rhs),
                                _ => None,
                            };
                        }
                        self.dag_init(dop, dname, args, names)
                    }
                }
            }
        }
    }

    /// Folds `!cond`.
    pub(crate) fn fold_cond(&mut self, u: InitId, cur: Option<RecId>) -> InitId {
        let Init::Cond(conds, vals, ty) = self.init(u).clone() else {
            return u;
        };
        for (k, &c) in conds.iter().enumerate() {
            match self.as_int_conv(c) {
                Some(v) => {
                    if v != 0 {
                        return self.convert(vals[k], ty).unwrap_or(vals[k]);
                    }
                }
                None => return u,
            }
        }
        let loc = self.rec_loc(cur);
        let name = cur.map(|c| self.record_name(c)).unwrap_or_default();
        let msg = format!(
            "{name} does not have any true condition in:{}",
            self.as_string(u)
        );
        self.fatal(loc, msg);
        u
    }

    /// Folds `!foldl` once its list is known.
    pub(crate) fn fold_foldl(&mut self, u: InitId, cur: Option<RecId>) -> InitId {
        let Init::Foldl([start, list, a, b, expr], _) = self.init(u).clone() else {
            return u;
        };
        let Init::List(items, _) = self.init(list).clone() else {
            return u;
        };
        let mut acc = start;
        for &e in items.iter() {
            let mut r = MapResolver::new(cur);
            r.set(a, acc);
            r.set(b, e);
            acc = self.resolve(expr, &mut r);
        }
        acc
    }

    /// Folds `!isa`.
    pub(crate) fn fold_isa(&mut self, u: InitId) -> InitId {
        let Init::IsA(check, expr) = *self.init(u) else {
            return u;
        };
        let Some(t) = self.type_of(expr) else {
            return u;
        };
        if self.ty_convertible(t, check) {
            return self.int_init(1);
        }
        if matches!(self.ty_data(check), RecTy::Record(_)) {
            if !self.ty_convertible(check, t) || matches!(self.init(expr), Init::Def(_)) {
                return self.int_init(0);
            }
        } else {
            return self.int_init(0);
        }
        u
    }

    /// Folds `!exists`.
    pub(crate) fn fold_exists(&mut self, u: InitId, cur: Option<RecId>, is_final: bool) -> InitId {
        let Init::Exists(check, expr) = *self.init(u) else {
            return u;
        };
        let Init::Str(name, _) = self.init(expr).clone() else {
            return u;
        };
        if let Some(d) = self.def(&name) {
            let dt = self.record_type(d);
            let ok = self.ty_is_a(dt, check);
            return self.int_init(ok as i64);
        }
        if let Some(c) = cur {
            if self.is_self_name(c, expr) {
                if !is_final {
                    return u;
                }
                let ct = self.record_type(c);
                let ok = self.ty_is_a(ct, check);
                return self.int_init(ok as i64);
            }
        }
        if is_final {
            return self.int_init(0);
        }
        u
    }

    /// Folds `rec.field` once `rec` is a def whose field is concrete.
    pub(crate) fn fold_field(&mut self, f: InitId, cur: Option<RecId>) -> InitId {
        let Init::Field(rec, name, _) = *self.init(f) else {
            return f;
        };
        if let Init::Def(d) = *self.init(rec) {
            if Some(d) == cur {
                let loc = self.rec_loc(cur);
                let msg = format!(
                    "Attempting to access field '{}' of '{}' is a forbidden self-reference",
                    self.unquoted(name),
                    self.as_string(rec)
                );
                self.fatal(loc, msg);
                return f;
            }
            let Some(v) = self.record(d).value(name).map(|v| v.value) else {
                let msg = format!(
                    "Cannot access field '{}' of value '{}'",
                    self.unquoted(name),
                    self.as_string(rec)
                );
                let loc = self.rec_loc(cur);
                self.fatal(loc, msg);
                return f;
            };
            if self.is_concrete(v) {
                return v;
            }
        }
        f
    }

    /// Instantiates `Class<args>` right away if all arguments are known.
    pub(crate) fn fold_vardef(&mut self, v: InitId) -> InitId {
        if let Some(&d) = self.vardef_cache.get(&v) {
            return d;
        }
        let Init::VarDef(_, args) = self.init(v).clone() else {
            return v;
        };
        let mut r = TrackUnresolvedResolver::new(None);
        for &a in args.iter() {
            self.resolve(a, &mut r);
        }
        if !r.found_unresolved {
            return self.instantiate(v);
        }
        v
    }

    /// Creates (once) the anonymous def for `Class<args>`.
    pub(crate) fn instantiate(&mut self, v: InitId) -> InitId {
        if let Some(&d) = self.vardef_cache.get(&v) {
            return d;
        }
        let Init::VarDef(class, args) = self.init(v).clone() else {
            return v;
        };
        let name = self.new_anonymous_name();
        let class_rec = self.record(class);
        let class_loc = *class_rec.locs.last().unwrap_or(&Loc::NONE);
        let mut rec = Record::new(name, class_rec.loc(), RecordKind::AnonymousDef);
        rec.locs = class_rec.locs.clone();
        rec.values = class_rec.values.clone();
        rec.assertions = class_rec.assertions.clone();
        rec.dumps = class_rec.dumps.clone();
        let template_args = class_rec.template_args.clone();
        let class_supers = class_rec.superclasses.clone();
        let new_rec = self.add_record(rec);
        let mut r = MapResolver::new(Some(new_rec));
        for &ta in template_args.iter() {
            let dv = self
                .record(new_rec)
                .value(ta)
                .map(|x| x.value)
                .unwrap_or(self.unset);
            r.set(ta, dv);
            self.record_mut(new_rec).remove_value(ta);
        }
        for &a in args.iter() {
            if let Init::Arg(val, key) = *self.init(a) {
                match key {
                    ArgKey::Pos(k) => {
                        if let Some(&ta) = template_args.get(k as usize) {
                            r.set(ta, val);
                        }
                    }
                    ArgKey::Named(n) => r.set(n, val),
                }
            }
        }
        self.resolve_record(new_rec, &mut r, None);
        let mut scs = class_supers;
        scs.push((class, class_loc));
        self.record_mut(new_rec).superclasses = scs;
        self.resolve_record_self(new_rec);
        self.add_def(new_rec);
        self.check_record_assertions(new_rec);
        self.emit_record_dumps(new_rec);
        let d = self.def_init(new_rec);
        self.vardef_cache.insert(v, d);
        d
    }
}

/// `std::string::find(pat, from)` on bytes.
fn find_from(s: &str, pat: &str, from: usize) -> Option<usize> {
    if from > s.len() {
        return None;
    }
    let hay = &s.as_bytes()[from..];
    let p = pat.as_bytes();
    if p.is_empty() {
        return Some(from);
    }
    hay.windows(p.len()).position(|w| w == p).map(|k| k + from)
}
