//! Types, ranges, bit lists and slices.

use super::*;

impl Parser<'_> {
    pub(super) fn parse_type(&mut self) -> PResult<TyId> {
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
                self.enter()?;
                let sub = self.parse_type();
                self.depth -= 1;
                let sub = sub?;
                if !self.consume(Tok::Greater) {
                    return self.tok_error("expected '>' at end of list<ty> type");
                }
                Ok(self.rk.list_ty(sub))
            }
            _ => self.tok_error("Unknown token when expecting a type"),
        }
    }

    pub(super) fn parse_operator_type(&mut self) -> PResult<TyId> {
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

    pub(super) fn parse_range_piece(&mut self, first: Option<InitId>) -> PResult<Vec<i64>> {
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

    pub(super) fn parse_range_list(&mut self) -> PResult<Vec<i64>> {
        let mut out = self.parse_range_piece(None)?;
        while self.consume(Tok::Comma) {
            out.extend(self.parse_range_piece(None)?);
        }
        Ok(out)
    }

    pub(super) fn parse_optional_range_list(&mut self) -> PResult<Vec<u32>> {
        self.parse_optional_delimited_list(Tok::Less, Tok::Greater, "range list", "<", ">")
    }

    pub(super) fn parse_optional_bit_list(&mut self) -> PResult<Vec<u32>> {
        self.parse_optional_delimited_list(Tok::LBrace, Tok::RBrace, "bit list", "{", "}")
    }

    /// A range list between `open` and `close` if the current token is `open`, else nothing.
    fn parse_optional_delimited_list(
        &mut self,
        open: Tok,
        close: Tok,
        what: &str,
        open_text: &str,
        close_text: &str,
    ) -> PResult<Vec<u32>> {
        let start = self.lex.loc();
        if !self.consume(open) {
            return Ok(Vec::new());
        }
        let r = self.parse_range_list()?;
        if !self.consume(close) {
            self.tok_report(format!("expected '{close_text}' at end of {what}"));
            return self.error(start, format!("to match this '{open_text}'"));
        }
        Ok(r.into_iter().map(|x| x as u32).collect())
    }

    pub(super) fn parse_slice_element(&mut self, cur: Option<RecId>) -> PResult<InitId> {
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

    pub(super) fn parse_slice_elements(
        &mut self,
        cur: Option<RecId>,
        mut single: bool,
    ) -> PResult<InitId> {
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
}
