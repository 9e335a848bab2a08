//! Bang operators (`!add`, `!if`, `!foreach`, `!foldl`, `!cond`, ...): parsed into values and
//! folded as soon as their operands allow.

use super::*;

impl Parser<'_> {
    pub(super) fn expect_lparen(&mut self, msg: &str) -> PResult<()> {
        if !self.consume(Tok::LParen) {
            return self.tok_error(msg.to_string());
        }
        Ok(())
    }

    pub(super) fn parse_operation(
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

    pub(super) fn parse_unary(&mut self, cur: Option<RecId>, op: BangOp) -> PResult<InitId> {
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

    pub(super) fn parse_binary(
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
            let lt = self.typed_operand(v, op_loc)?;
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

    pub(super) fn parse_range_op(&mut self, cur: Option<RecId>) -> PResult<InitId> {
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
            let t = self.typed_operand(v, op_loc)?;
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

    pub(super) fn static_ty(&mut self, v: InitId) -> Option<TyId> {
        self.rk.type_of(v)
    }

    pub(super) fn parse_ternary(
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
                ty = Some(self.common_type(a, b, "!if")?);
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

    /// Checks the type of an operand of `!substr` or `!find` as far as it is known when
    /// parsing: it must be known (or `?`) and be `want`. A type error points at `loc`, or at
    /// the current token.
    fn check_operand_type(
        &mut self,
        v: InitId,
        op: &str,
        what: &str,
        want: TyId,
        loc: Option<Loc>,
    ) -> PResult<()> {
        match self.static_ty(v) {
            None if v != self.rk.unset => {
                self.tok_error(format!("could not determine type of {what} in {op}"))
            }
            Some(t) if t != want => {
                let msg = format!(
                    "expected {}, got type '{}'",
                    self.rk.ty_string(want),
                    self.rk.ty_string(t)
                );
                match loc {
                    Some(loc) => self.error(loc, msg),
                    None => self.tok_error(msg),
                }
            }
            _ => Ok(()),
        }
    }

    pub(super) fn parse_substr_find(
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
        let (string_ty, int_ty) = (self.rk.string_ty, self.rk.int_ty);
        let (lhs_what, mhs_what, rhs_what) = if is_substr {
            ("the string", "the start position", "the length")
        } else {
            (
                "the source string",
                "the target string",
                "the start position",
            )
        };
        let mhs_ty = if is_substr { int_ty } else { string_ty };
        self.check_operand_type(lhs, what, lhs_what, string_ty, None)?;
        self.check_operand_type(mhs, what, mhs_what, mhs_ty, Some(mloc))?;
        self.check_operand_type(rhs, what, rhs_what, int_ty, None)?;
        let t = self.rk.intern(Init::Tern(code, lhs, mhs, rhs, ty));
        let r = self.rk.fold_ternop(t, cur);
        self.check_fatal()?;
        self.flush_notes();
        Ok(r)
    }

    /// Declares the variable `name` of type `ty` as an unset field of the scratch record
    /// `rec` of an operator's body.
    fn add_temp_field(&mut self, rec: RecId, name: InitId, ty: TyId) {
        let unset = self.rk.initial_value(ty);
        self.rk.record_mut(rec).values.push(RecordVal {
            name,
            ty,
            kind: FieldKind::Normal,
            value: unset,
            loc: Loc::NONE,
            used: false,
            cleared: false,
        });
    }

    /// The type of an operand of a bang operator at `op_loc`, which must have one.
    fn typed_operand(&mut self, v: InitId, op_loc: Loc) -> PResult<TyId> {
        match self.rk.type_of(v) {
            Some(t) => Ok(t),
            None => {
                let s = self.rk.as_string(v);
                self.error(
                    op_loc,
                    format!("expected value to be a typed value, got '{s}'"),
                )
            }
        }
    }

    /// The type both branches of `op` (`!if`, `!cond`) can have, or the error for two that
    /// have none.
    fn common_type(&mut self, a: TyId, b: TyId, op: &str) -> PResult<TyId> {
        match self.rk.resolve_types(a, b) {
            Some(t) => Ok(t),
            None => {
                let msg = format!(
                    "inconsistent types '{}' and '{}' for {op}",
                    self.rk.ty_string(a),
                    self.rk.ty_string(b)
                );
                self.tok_error(msg)
            }
        }
    }

    pub(super) fn temp_scope_rec(&mut self, cur: Option<RecId>) -> RecId {
        match cur {
            Some(r) => r,
            None => {
                let n = self.str_init(".parse");
                self.rk
                    .add_record(Record::new(n, Loc::NONE, RecordKind::Def))
            }
        }
    }

    pub(super) fn parse_foreach_filter(
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
        self.add_temp_field(prec, lhs, in_elt_ty);
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

    pub(super) fn parse_cond(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
    ) -> PResult<InitId> {
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
                    ty = Some(self.common_type(t, vt, "!cond")?);
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
    pub(super) fn foldl_variable(
        &mut self,
        cur: Option<RecId>,
        ordinal: &str,
        side: &str,
    ) -> PResult<InitId> {
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

    pub(super) fn parse_foldl(&mut self, cur: Option<RecId>) -> PResult<InitId> {
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
        self.add_temp_field(prec, a, st);
        self.add_temp_field(prec, b, elt);
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
