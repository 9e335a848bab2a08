//! Values: identifiers, literals, lists, dags, class instantiations, and the suffixes
//! (`{bits}`, `[slices]`, `.field`, `#` pastes) that follow them.

use super::*;

impl Parser<'_> {
    pub(super) fn parse_id_value(
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

    pub(super) fn parse_value(
        &mut self,
        cur: Option<RecId>,
        item_ty: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        self.enter()?;
        let r = self.parse_value_inner(cur, item_ty, mode);
        self.depth -= 1;
        r
    }

    pub(super) fn parse_value_inner(
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

    pub(super) fn parse_value_list(
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

    pub(super) fn parse_dag_arg_list(
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

    pub(super) fn parse_simple_value(
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
}
