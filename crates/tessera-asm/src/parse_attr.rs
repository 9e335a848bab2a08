//! Parsing of builtin attributes: scalars, containers, elements attributes, affine maps and
//! sets, strided layouts, locations, and aliases/opaque dialect attributes.

use crate::custom::dialect::SymbolKind;
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::syntax::unescape;
use tessera_ir::{
    AffineExpr, AffineMap, AffineOp, Attr, AttrKind, FloatKind, IntValue, IntegerSet, Signedness,
    Type, TypeKind, DYNAMIC,
};

/// What kind of token an elements-literal scalar is.
#[derive(Copy, Clone, PartialEq, Eq)]
enum ElemKind {
    Int,
    Float,
    True,
    False,
    Str,
}

/// One scalar token of an elements literal: its kind, whether a `-` preceded it, and its span.
#[derive(Copy, Clone)]
struct Elem {
    kind: ElemKind,
    negative: bool,
    start: u32,
    end: u32,
}

/// An elements literal before its type is known: scalar tokens in order (complex pairs as
/// two), the shape of the `[...]` nesting (empty for a single element), or a hex string.
#[derive(Default)]
struct TensorLit {
    shape: Vec<i64>,
    elems: Vec<Elem>,
    hex: Option<Elem>,
}

impl<'a> Parser<'a, '_> {
    /// Parses an attribute; `ty` is a type the context already gives (a number or string then
    /// takes no `: type` suffix, as in upstream's `parseAttribute(type)`).
    pub(crate) fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        self.enter()?;
        let r = crate::with_stack(|| self.parse_attribute_inner(ty));
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self, known: Option<Type>) -> PResult<Attr> {
        match self.tok.kind {
            Tok::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                self.comma_list(Tok::RSquare, "']'", |p| {
                    elems.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(self.ctx.array_attr(&elems))
            }
            Tok::LBrace => self.parse_attr_dict(),
            Tok::AtIdent => self.parse_symbol_ref(),
            Tok::String => {
                let raw = unescape(self.cur_text().as_bytes());
                self.bump();
                // A string "of type none" is a plain string (upstream's untyped strings
                // have the none type).
                let ty = if let Some(k) = known {
                    (!matches!(self.ctx.type_kind(k), TypeKind::None)).then_some(k)
                } else if self.eat(Tok::Colon) {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                Ok(self.ctx.attr(AttrKind::String {
                    value: raw.into(),
                    ty,
                }))
            }
            Tok::Integer | Tok::Float | Tok::Minus => self.parse_number_attr(known),
            Tok::HashIdent => self.parse_hash_attr(),
            Tok::BareIdent => match self.cur_text() {
                "true" | "false" => {
                    let v = self.cur_text() == "true";
                    self.bump();
                    Ok(self.ctx.bool_attr(v))
                }
                "unit" => {
                    self.bump();
                    Ok(self.ctx.unit_attr())
                }
                "affine_map" => {
                    self.bump();
                    self.expect(Tok::Less, "'<' in affine map")?;
                    let m = self.parse_affine_map_or_set()?;
                    self.expect(Tok::Greater, "'>' in affine map")?;
                    match m {
                        Ok(map) => Ok(self.ctx.affine_map_attr(map)),
                        Err(_) => Err(self.error_here("expected AffineMap, but got IntegerSet")),
                    }
                }
                "affine_set" => {
                    self.bump();
                    self.expect(Tok::Less, "'<' in integer set")?;
                    let m = self.parse_affine_map_or_set()?;
                    self.expect(Tok::Greater, "'>' in integer set")?;
                    match m {
                        Err(set) => Ok(self.ctx.integer_set_attr(set)),
                        Ok(_) => Err(self.error_here("expected IntegerSet, but got AffineMap")),
                    }
                }
                "dense" => self.parse_dense(),
                "dense_resource" => self.parse_dense_resource(),
                "sparse" => self.parse_sparse(),
                "array" => self.parse_dense_array(),
                "strided" => self.parse_strided(),
                "distinct" => self.parse_distinct(),
                "loc" => {
                    self.bump();
                    self.expect(Tok::LParen, "'(' in inline location")?;
                    let loc = self.parse_location_body()?;
                    self.expect(Tok::RParen, "')' in inline location")?;
                    Ok(loc.attr())
                }
                _ if self.at_type() => {
                    let ty = self.parse_type()?;
                    Ok(self.ctx.type_attr(ty))
                }
                _ => Err(self.error_wrong_token("expected attribute value")),
            },
            _ if self.at_type() => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            _ => Err(self.error_wrong_token("expected attribute value")),
        }
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attr> {
        let root = self.parse_symbol_text();
        let root = self.ctx.ident(&root);
        let mut nested = Vec::new();
        // `::` lexes as two colons with no space between them.
        while self.is(Tok::Colon) && self.src.as_bytes().get(self.tok.end as usize) == Some(&b':') {
            self.bump();
            self.bump();
            if !self.is(Tok::AtIdent) {
                return Err(self.error_here("expected nested symbol reference identifier"));
            }
            let n = self.parse_symbol_text();
            nested.push(self.ctx.ident(&n));
        }
        Ok(self.ctx.attr(AttrKind::SymbolRef {
            root,
            nested: nested.into(),
        }))
    }

    fn parse_symbol_text(&mut self) -> String {
        let text = &self.cur_text()[1..];
        let s = if text.starts_with('"') {
            String::from_utf8_lossy(&unescape(text.as_bytes())).into_owned()
        } else {
            text.to_string()
        };
        self.bump();
        s
    }

    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let t = self.tok;
        let text = &self.text(t)[1..];
        if !text.contains('.') && !self.src[t.end as usize..].starts_with('<') {
            self.bump();
            return match self.attr_aliases.get(text) {
                Some(&a) => Ok(a),
                None => Err(self.error_wrong_token(format!("undefined symbol alias id '{text}'"))),
            };
        }
        let (dialect, body) = self.parse_dialect_symbol_body(SymbolKind::Attribute)?;
        let dialect = self.ctx.ident(dialect);
        let ty = if self.is(Tok::Colon) && !self.colon_starts_symbol_nesting() {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        Ok(self.ctx.attr(AttrKind::Opaque {
            dialect,
            body: body.into(),
            ty,
        }))
    }

    fn colon_starts_symbol_nesting(&self) -> bool {
        self.src.as_bytes().get(self.tok.end as usize) == Some(&b':')
    }

    /// A number, typed by `known` (a type the context gives, as in a custom form) or by its
    /// `: type` suffix, `i64`/`f64` by default.
    fn parse_number_attr(&mut self, known: Option<Type>) -> PResult<Attr> {
        let negative = self.eat(Tok::Minus);
        let t = self.tok;
        if !matches!(t.kind, Tok::Integer | Tok::Float) {
            return Err(self.error_here("expected constant integer or floating point value"));
        }
        let text = self.text(t);
        self.bump();
        let ty = if known.is_some() {
            known
        } else if self.eat(Tok::Colon) {
            Some(self.parse_type()?)
        } else {
            None
        };
        if t.kind == Tok::Float {
            let ty = match ty {
                Some(ty) => ty,
                None => self.ctx.float_type(FloatKind::F64),
            };
            let TypeKind::Float(kind) = *self.ctx.type_kind(ty) else {
                return Err(self.error_here("floating point value not valid for specified type"));
            };
            let bits = self.float_from_literal(kind, negative, text, t.start)?;
            return Ok(self.ctx.attr(AttrKind::Float {
                ty,
                bits: [bits as u64, (bits >> 64) as u64],
            }));
        }
        let ty = match ty {
            Some(ty) => ty,
            None => self.ctx.int_type(64),
        };
        match *self.ctx.type_kind(ty) {
            TypeKind::Float(kind) => {
                let bits = self.float_from_int_literal(kind, negative, text, t.start)?;
                Ok(self.ctx.attr(AttrKind::Float {
                    ty,
                    bits: [bits as u64, (bits >> 64) as u64],
                }))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                let value = self.int_value(ty, negative, text, t.start)?;
                Ok(self.ctx.attr(AttrKind::Integer { ty, value }))
            }
            _ => Err(self.error_at(t.start, "integer literal not valid for specified type")),
        }
    }

    /// A float literal's bits in `kind`: through `double`, as upstream's parser does.
    fn float_from_literal(
        &mut self,
        kind: FloatKind,
        negative: bool,
        text: &str,
        pos: u32,
    ) -> PResult<u128> {
        let full = if negative {
            format!("-{text}")
        } else {
            text.to_string()
        };
        match kind.parse_literal(&full) {
            Some(bits) => Ok(bits),
            None => Err(self.error_at(pos, "floating point value too large")),
        }
    }

    /// An integer literal used as a float: only hexadecimal bit patterns are allowed.
    fn float_from_int_literal(
        &mut self,
        kind: FloatKind,
        negative: bool,
        text: &str,
        pos: u32,
    ) -> PResult<u128> {
        let Some(hex) = text.strip_prefix("0x") else {
            let loc = self.loc_at(pos);
            return Err(Box::new(
                tessera_ir::Diagnostic::error(
                    loc,
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(loc, "add a trailing dot to make the literal a float"),
            ));
        };
        if negative {
            return Err(self.error_at(
                pos,
                "hexadecimal float literal should not have a leading minus",
            ));
        }
        let (words, bits) = tessera_ir::num::hex_to_words(hex);
        if bits > kind.bit_width() as u64 {
            return Err(self.error_at(pos, "hexadecimal float constant out of range for type"));
        }
        Ok(words[0] as u128 | ((*words.get(1).unwrap_or(&0) as u128) << 64))
    }

    /// Converts integer literal text to a value of type `ty`, checking the range.
    fn int_value(&mut self, ty: Type, negative: bool, text: &str, pos: u32) -> PResult<IntValue> {
        let (width, signedness) = match *self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (width, signedness),
            _ => (64, Signedness::Signless),
        };
        if negative && signedness == Signedness::Unsigned {
            return Err(self.error_at(
                pos,
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        if width <= 64 && text.len() <= 19 && !text.starts_with("0x") {
            // Fast path: the magnitude fits a u64; same checks as below on one word.
            let magnitude = text
                .bytes()
                .fold(0u64, |acc, c| acc * 10 + u64::from(c - b'0'));
            let bits = u64::from(64 - magnitude.leading_zeros());
            let fits = if width == 0 {
                bits == 0
            } else if negative {
                // `-0` too: upstream negates and then finds the sign bit clear.
                magnitude != 0
                    && (bits < width as u64
                        || (bits == width as u64 && magnitude.is_power_of_two()))
            } else if signedness == Signedness::Signed {
                bits < width as u64
            } else {
                bits <= width as u64
            };
            if !fits {
                return Err(self.error_at(pos, "integer constant out of range for attribute"));
            }
            let mask = if width >= 64 {
                u64::MAX
            } else {
                (1u64 << width.max(1)) - 1
            };
            let v = if negative {
                magnitude.wrapping_neg()
            } else {
                magnitude
            };
            return Ok(IntValue::Small(if width == 0 { 0 } else { v & mask }));
        }
        let (words, bits) = if let Some(hex) = text.strip_prefix("0x") {
            tessera_ir::num::hex_to_words(hex)
        } else {
            let (w, _) = tessera_ir::num::decimal_to_words(text, width.max(1) + 65);
            let bits = significant_bits(&w);
            (w, bits)
        };
        // Range: signless accepts both signed and unsigned interpretations.
        let fits = if width == 0 {
            bits == 0
        } else if negative {
            // 0 < magnitude <= 2^(width-1)
            bits > 0 && (bits < width as u64 || (bits == width as u64 && is_power_of_two(&words)))
        } else if signedness == Signedness::Signed {
            bits < width as u64
        } else {
            bits <= width as u64
        };
        if !fits {
            return Err(self.error_at(pos, "integer constant out of range for attribute"));
        }
        let mut value = IntValue::from_words(&words, width.max(1));
        if negative {
            let n = width.max(1).div_ceil(64) as usize;
            let mut w: Vec<u64> = (0..n)
                .map(|i| !value.words().get(i).copied().unwrap_or(0))
                .collect();
            for x in w.iter_mut() {
                let (v, o) = x.overflowing_add(1);
                *x = v;
                if !o {
                    break;
                }
            }
            value = IntValue::from_words(&w, width.max(1));
        }
        if width == 0 {
            value = IntValue::from_words(&[0], 0);
        }
        Ok(value)
    }

    // ----- elements attributes -------------------------------------------------------------
    //
    // As upstream's `TensorLiteralParser`: the literal is parsed into a flat list of scalar
    // tokens (a complex `(a, b)` contributes two) and the shape of its nesting; only once the
    // type is known are the tokens interpreted for the element type.

    /// Parses a tensor literal; with `allow_hex` a string at the top is kept as hex storage.
    fn parse_tensor_literal(&mut self, allow_hex: bool) -> PResult<TensorLit> {
        let mut lit = TensorLit::default();
        if allow_hex && self.is(Tok::String) {
            lit.hex = Some(self.literal_elem(false, ElemKind::Str));
            self.bump();
            return Ok(lit);
        }
        if self.is(Tok::LSquare) {
            let mut shape = Vec::new();
            self.parse_literal_list(&mut lit.elems, &mut shape)?;
            lit.shape = shape;
        } else {
            self.parse_literal_element(&mut lit.elems)?;
        }
        Ok(lit)
    }

    fn literal_elem(&self, negative: bool, kind: ElemKind) -> Elem {
        Elem {
            kind,
            negative,
            start: self.tok.start,
            end: self.tok.end,
        }
    }

    fn parse_literal_element(&mut self, out: &mut Vec<Elem>) -> PResult<()> {
        let kind = match self.tok.kind {
            Tok::Integer => ElemKind::Int,
            Tok::Float => ElemKind::Float,
            Tok::String => ElemKind::Str,
            Tok::BareIdent if self.cur_text() == "true" => ElemKind::True,
            Tok::BareIdent if self.cur_text() == "false" => ElemKind::False,
            Tok::Minus => {
                self.bump();
                let kind = match self.tok.kind {
                    Tok::Integer => ElemKind::Int,
                    Tok::Float => ElemKind::Float,
                    _ => return Err(self.error_here("expected integer or floating point literal")),
                };
                out.push(self.literal_elem(true, kind));
                self.bump();
                return Ok(());
            }
            Tok::LParen => {
                self.bump();
                self.parse_literal_element(out)?;
                self.expect_msg(Tok::Comma, "expected ',' between complex elements")?;
                self.parse_literal_element(out)?;
                return self.expect_msg(Tok::RParen, "expected ')' after complex elements");
            }
            _ => return Err(self.error_here("expected element literal of primitive type")),
        };
        out.push(self.literal_elem(false, kind));
        self.bump();
        Ok(())
    }

    /// Parses `[...]`, setting `dims` to the shape of the list.
    fn parse_literal_list(&mut self, out: &mut Vec<Elem>, dims: &mut Vec<i64>) -> PResult<()> {
        crate::with_stack(|| self.parse_literal_list_inner(out, dims))
    }

    fn parse_literal_list_inner(
        &mut self,
        out: &mut Vec<Elem>,
        dims: &mut Vec<i64>,
    ) -> PResult<()> {
        self.enter()?;
        self.bump();
        let mut size = 0i64;
        let mut inner: Option<Vec<i64>> = None;
        if !self.eat(Tok::RSquare) {
            loop {
                let mut this = Vec::new();
                if self.is(Tok::LSquare) {
                    self.parse_literal_list(out, &mut this)?;
                } else {
                    self.parse_literal_element(out)?;
                }
                size += 1;
                match &inner {
                    None => inner = Some(this),
                    Some(prev) if *prev != this => {
                        return Err(self.error_here(
                            "tensor literal is invalid; ranks are not consistent between elements",
                        ))
                    }
                    _ => {}
                }
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect_msg(Tok::RSquare, "expected ']'")?;
        }
        self.leave();
        dims.clear();
        dims.push(size);
        dims.extend(inner.unwrap_or_default());
        Ok(())
    }

    /// Parses `: type` after an elements literal; the type must be shaped with a static shape.
    /// Returns where the `:` is (upstream reports shape mismatches there) and the type.
    fn parse_elements_literal_type(&mut self) -> PResult<(u32, Type)> {
        let pos = self.tok.start;
        self.expect_msg(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. }
            | TypeKind::Vector { .. }
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. } => {}
            _ => return Err(self.error_here("elements literal must be a shaped type")),
        }
        if !self.ctx.type_kind(ty).has_static_shape() {
            return Err(self.error_here("elements literal type must have static shape"));
        }
        Ok((pos, ty))
    }

    fn parse_dense(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect_msg(Tok::Less, "expected '<' after 'dense'")?;
        let lit = if self.is(Tok::Greater) {
            TensorLit::default()
        } else {
            self.parse_tensor_literal(true)?
        };
        self.expect_msg(Tok::Greater, "expected '>'")?;
        let (type_pos, ty) = self.parse_elements_literal_type()?;
        self.tensor_literal_attr(&lit, type_pos, ty)
    }

    /// Builds the attribute for a parsed literal and its type (`TensorLiteralParser::getAttr`).
    fn tensor_literal_attr(&mut self, lit: &TensorLit, type_pos: u32, ty: Type) -> PResult<Attr> {
        let elem = self.ctx.type_kind(ty).element_type().unwrap();
        let shape: Vec<i64> = self.ctx.type_kind(ty).shape().unwrap().to_vec();
        // A count beyond `u64` is static all the same; only a splat can match it.
        let num = self.ctx.num_elements(ty).unwrap_or(u64::MAX);
        let numeric = self.is_numeric_elem(elem);
        if let Some(hex) = lit.hex {
            if numeric {
                return self.dense_from_hex(ty, elem, num, hex, type_pos);
            }
        }
        if !lit.shape.is_empty() && lit.shape != shape {
            return Err(self.error_at(
                type_pos,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join_dims(&lit.shape),
                    join_dims(&shape)
                ),
            ));
        }
        if lit.hex.is_none() && lit.elems.is_empty() && num != 0 {
            let t = self.type_text(ty);
            return Err(self.error_at(
                type_pos,
                format!("parsed zero elements, but type ('{t}') expected at least 1"),
            ));
        }
        if !numeric {
            return self.dense_strings(ty, num, lit, type_pos);
        }
        let (scalar, per) = match *self.ctx.type_kind(elem) {
            TypeKind::Complex(inner) => (inner, 2usize),
            _ => (elem, 1),
        };
        let count = lit.elems.len();
        if per == 2 {
            let splat = lit.shape.is_empty() && num != 0;
            if splat && count != 2 {
                let t = self.type_text(elem);
                return Err(self.error_at(
                    type_pos,
                    format!("parsed {count} elements, but type ('{t}') expected 2 elements"),
                ));
            }
            if !lit.shape.is_empty() && count as u64 != num.saturating_mul(2) {
                let t = self.type_text(ty);
                return Err(self.error_at(
                    type_pos,
                    format!(
                        "parsed {count} elements, but type ('{t}') expected {} elements",
                        num.saturating_mul(2)
                    ),
                ));
            }
        }
        let mut bytes = Vec::new();
        for e in &lit.elems {
            self.encode_scalar(scalar, *e, &mut bytes)?;
        }
        let values = count / per;
        if values != 1 && (values as u64) < num {
            // Upstream reads past its buffer here (a literal of complex pairs for a real type).
            return Err(self.error_at(
                type_pos,
                format!("parsed {values} elements, but type expected {num}"),
            ));
        }
        let width = self.ctx.dense_element_bytes(elem).unwrap_or(0);
        if values != 1 {
            // More values than elements (pairs for a real type): the extra ones are unused.
            bytes.truncate(width * num as usize);
        }
        Ok(self.make_dense(ty, elem, bytes, values == 1 || num == 1))
    }

    /// Dense strings: every token's text between its first and last character, unescaped (as
    /// upstream reads non-string tokens too).
    fn dense_strings(
        &mut self,
        ty: Type,
        num: u64,
        lit: &TensorLit,
        type_pos: u32,
    ) -> PResult<Attr> {
        let toks: Vec<Elem> = match lit.hex {
            Some(h) => vec![h],
            None => lit.elems.clone(),
        };
        let data: Vec<Box<[u8]>> = toks
            .iter()
            .map(|e| {
                let text = &self.src.as_bytes()[e.start as usize..e.end as usize];
                if text.len() >= 2 {
                    unescape(text).into_boxed_slice()
                } else {
                    Box::default()
                }
            })
            .collect();
        if data.len() != 1 && data.len() as u64 != num {
            return Err(self.error_at(
                type_pos,
                format!("parsed {} elements, but type expected {num}", data.len()),
            ));
        }
        let splat = data.len() == 1 || (!data.is_empty() && data.windows(2).all(|w| w[0] == w[1]));
        let data = if splat { vec![data[0].clone()] } else { data };
        Ok(self.ctx.attr(AttrKind::DenseStrings {
            ty,
            data: data.into(),
            splat,
        }))
    }

    fn is_numeric_elem(&self, elem: Type) -> bool {
        match self.ctx.type_kind(elem) {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => true,
            TypeKind::Complex(inner) => matches!(
                self.ctx.type_kind(*inner),
                TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
            ),
            _ => false,
        }
    }

    fn empty_dense(&mut self, ty: Type, elem: Type) -> Attr {
        if self.is_numeric_elem(elem) {
            self.ctx.attr(AttrKind::DenseElements {
                ty,
                data: Box::new([]),
                splat: false,
            })
        } else {
            self.ctx.attr(AttrKind::DenseStrings {
                ty,
                data: Box::new([]),
                splat: false,
            })
        }
    }

    /// Builds a dense attribute, detecting splats so equal contents intern equally.
    fn make_dense(&mut self, ty: Type, elem: Type, bytes: Vec<u8>, splat_literal: bool) -> Attr {
        let width = self.ctx.dense_element_bytes(elem).unwrap_or(0);
        let n = bytes.len().checked_div(width).unwrap_or(0);
        let all_same = width > 0 && n > 0 && bytes.chunks(width).all(|c| c == &bytes[..width]);
        let (data, splat) = if splat_literal || (all_same && n > 0) {
            (bytes[..width.min(bytes.len())].to_vec(), true)
        } else {
            (bytes, false)
        };
        self.ctx.attr(AttrKind::DenseElements {
            ty,
            data: data.into(),
            splat,
        })
    }

    fn dense_from_hex(
        &mut self,
        ty: Type,
        elem: Type,
        num: u64,
        tok: Elem,
        type_pos: u32,
    ) -> PResult<Attr> {
        let text = &self.src.as_bytes()[tok.start as usize..tok.end as usize];
        let hex = text
            .strip_prefix(b"\"0x")
            .and_then(|t| t.strip_suffix(b"\""))
            .filter(|h| h.len().is_multiple_of(2) && h.iter().all(|c| c.is_ascii_hexdigit()));
        let Some(hex) = hex else {
            return Err(self.error_at(
                tok.start,
                "expected string containing hex digits starting with `0x`",
            ));
        };
        let mut raw: Vec<u8> = hex
            .chunks(2)
            .map(|c| u8::from_str_radix(std::str::from_utf8(c).unwrap(), 16).unwrap())
            .collect();
        let width = self.ctx.dense_element_bytes(elem).unwrap_or(0);
        let is_bool = matches!(self.ctx.type_kind(elem), TypeKind::Integer { width: 1, .. });
        let bad_size = |p: &mut Self| {
            let t = p.type_text(ty);
            Err(p.error_at(
                type_pos,
                format!("elements hex data size is invalid for provided type: '{t}'"),
            ))
        };
        let splat;
        if is_bool {
            // Booleans are bit-packed in the hex form; one all-zeros/all-ones byte is a splat.
            if raw.len() == 1 && (raw[0] == 0 || raw[0] == 0xFF) {
                raw = vec![(raw[0] != 0) as u8];
                splat = true;
            } else if raw.len() as u64 == num.div_ceil(8) {
                raw = (0..num as usize)
                    .map(|i| (raw[i / 8] >> (i % 8)) & 1)
                    .collect();
                splat = num == 1;
            } else {
                return bad_size(self);
            }
        } else if raw.len() == width {
            splat = true;
        } else if (width as u64).checked_mul(num) == Some(raw.len() as u64) {
            splat = num == 1;
        } else {
            return bad_size(self);
        }
        Ok(self.make_dense(ty, elem, raw, splat))
    }

    /// Appends the storage of one scalar token interpreted as `elem` (not complex).
    fn encode_scalar(&mut self, elem: Type, e: Elem, out: &mut Vec<u8>) -> PResult<()> {
        let text = &self.src[e.start as usize..e.end as usize];
        let width = self.ctx.dense_element_bytes(elem).unwrap_or(0);
        match *self.ctx.type_kind(elem) {
            TypeKind::Float(kind) => {
                let bits = match e.kind {
                    ElemKind::Int if text.starts_with("0x") => {
                        let text = text.to_string();
                        self.float_from_int_literal(kind, e.negative, &text, e.start)?
                    }
                    ElemKind::Float => {
                        let text = text.to_string();
                        self.float_from_literal(kind, e.negative, &text, e.start)?
                    }
                    _ => {
                        return Err(
                            self.error_here("expected floating-point elements, but parsed integer")
                        )
                    }
                };
                out.extend_from_slice(&bits.to_le_bytes()[..width]);
                Ok(())
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                let (w, unsigned) = match *self.ctx.type_kind(elem) {
                    TypeKind::Integer { width, signedness } => {
                        (width, signedness == Signedness::Unsigned)
                    }
                    _ => (64, false),
                };
                if e.negative && unsigned {
                    return Err(self.error_at(
                        e.start,
                        "expected unsigned integer elements, but parsed negative value",
                    ));
                }
                let value = match e.kind {
                    ElemKind::Float => {
                        return Err(self.error_at(
                            e.start,
                            "expected integer elements, but parsed floating-point",
                        ))
                    }
                    ElemKind::True | ElemKind::False => {
                        if w != 1 {
                            return Err(self.error_at(
                                e.start,
                                "expected i1 type for 'true' or 'false' values",
                            ));
                        }
                        IntValue::Small((e.kind == ElemKind::True) as u64)
                    }
                    ElemKind::Int => {
                        let text = text.to_string();
                        self.int_value(elem, e.negative, &text, e.start)
                            .map_err(|mut d| {
                                d.message = "integer constant out of range for type".into();
                                d
                            })?
                    }
                    ElemKind::Str => {
                        return Err(
                            self.error_at(e.start, "expected integer elements, but parsed string")
                        )
                    }
                };
                let n = width;
                let mut bytes = Vec::with_capacity(n);
                for word in value.words() {
                    bytes.extend_from_slice(&word.to_le_bytes());
                }
                bytes.resize(n.max(bytes.len()), 0);
                out.extend_from_slice(&bytes[..n]);
                Ok(())
            }
            _ => Err(self.error_at(e.start, "invalid element type")),
        }
    }

    fn parse_dense_resource(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        let handle = self.parse_resource_key()?;
        self.expect(Tok::Greater, "'>'")?;
        self.expect(Tok::Colon, "':'")?;
        let ty = self.parse_type()?;
        let handle = self.ctx.ident(handle);
        Ok(self.ctx.attr(AttrKind::DenseResource { ty, handle }))
    }

    fn parse_sparse(&mut self) -> PResult<Attr> {
        let kw = self.tok.start;
        self.bump();
        self.expect_msg(Tok::Less, "Expected '<' after 'sparse'")?;
        let i64t = self.ctx.int_type(64);
        if self.eat(Tok::Greater) {
            // All elements are zero: empty indices and values.
            let (_, ty) = self.parse_elements_literal_type()?;
            let elem = self.ctx.type_kind(ty).element_type().unwrap();
            let rank = self.ctx.type_kind(ty).shape().unwrap().len() as i64;
            let it = self.tensor_type(vec![0, rank], i64t);
            let vt = self.tensor_type(vec![0], elem);
            let indices = self.empty_dense(it, i64t);
            let values = self.empty_dense(vt, elem);
            return Ok(self.ctx.attr(AttrKind::Sparse {
                ty,
                indices,
                values,
            }));
        }
        let ip = self.tok.start;
        let idx = self.parse_tensor_literal(false)?;
        self.expect_msg(Tok::Comma, "expected ','")?;
        let vp = self.tok.start;
        let vals = self.parse_tensor_literal(true)?;
        self.expect_msg(Tok::Greater, "expected '>'")?;
        let (_, ty) = self.parse_elements_literal_type()?;
        let elem = self.ctx.type_kind(ty).element_type().unwrap();
        let shape: Vec<i64> = self.ctx.type_kind(ty).shape().unwrap().to_vec();
        let rank = shape.len() as i64;
        // A single index (no list) is one index for every dimension.
        let ishape = if idx.shape.is_empty() {
            vec![1, rank]
        } else {
            idx.shape.clone()
        };
        let it = self.tensor_type(ishape.clone(), i64t);
        let indices = self.tensor_literal_attr(&idx, ip, it)?;
        let vshape = if vals.shape.is_empty() {
            vec![ishape[0]]
        } else {
            vals.shape.clone()
        };
        let vt = self.tensor_type(vshape.clone(), elem);
        let values = self.tensor_literal_attr(&vals, vp, vt)?;
        // SparseElementsAttr::verify.
        if vshape.len() != 1 {
            return Err(self.error_at(kw, "expected 1-d tensor for sparse element values"));
        }
        let shape_ok = match ishape.len() {
            2 => ishape[1] == rank,
            1 => rank == 1,
            _ => false,
        } && ishape[0] == vshape[0];
        if !shape_ok {
            return Err(self.error_at(
                kw,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred \
                     shape of values literal ([{}])",
                    join_dims(&shape),
                    join_dims(&ishape),
                    join_dims(&vshape)
                ),
            ));
        }
        if let AttrKind::DenseElements { data, splat, .. } = self.ctx.attr_kind(indices) {
            let words: Vec<u64> = data
                .chunks(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let rank = rank as usize;
            let (splat, count) = (*splat, ishape[0] as usize);
            for i in 0..if splat { 1 } else { count } {
                let index: Vec<u64> = if splat {
                    vec![words[0]; rank]
                } else {
                    words[i * rank..(i + 1) * rank].to_vec()
                };
                if !index.iter().zip(&shape).all(|(&x, &d)| x < d as u64) {
                    let t = self.type_text(ty);
                    let list = index
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Err(self.error_at(
                        kw,
                        format!(
                            "sparse index #{i} is not contained within the value shape, with \
                             index=[{list}], and type='{t}'"
                        ),
                    ));
                }
            }
        }
        Ok(self.ctx.attr(AttrKind::Sparse {
            ty,
            indices,
            values,
        }))
    }

    fn tensor_type(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.ctx.ty(TypeKind::RankedTensor {
            shape: shape.into(),
            element,
            encoding: None,
        })
    }

    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let pos = self.tok.start;
        let element = self.parse_type()?;
        let width = match self.ctx.type_kind(element) {
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Float(kind) => kind.bit_width(),
            _ => {
                return Err(self.error_at(
                    pos,
                    "expected integer or float type, got: ".to_string()
                        + &crate::printer::type_to_string(self.ctx, element),
                ))
            }
        };
        // Array elements are whole bytes (booleans one byte each), as upstream requires.
        if width % 8 != 0 && width != 1 {
            return Err(self.error_at(pos, "element type bitwidth must be a multiple of 8"));
        }
        let mut bytes = Vec::new();
        let mut len = 0u32;
        let elem_bytes = self.ctx.dense_element_bytes(element).unwrap_or(0);
        let int_width = match *self.ctx.type_kind(element) {
            TypeKind::Integer { width, .. } => Some(width),
            _ => None,
        };
        if self.eat(Tok::Colon) {
            loop {
                let lp = self.tok.start;
                if int_width.is_some() && self.at_integer_literal() {
                    // What parse_lit + encode_element do for `-?N`, without the temporaries.
                    let negative = self.eat(Tok::Minus);
                    let text = self.cur_text();
                    self.bump();
                    let value = self.int_value(element, negative, text, lp)?;
                    let n = elem_bytes;
                    let start = bytes.len();
                    for word in value.words() {
                        bytes.extend_from_slice(&word.to_le_bytes());
                    }
                    bytes.resize(start + n.max(bytes.len() - start), 0);
                    bytes.truncate(start + n);
                    len += 1;
                    if !self.eat(Tok::Comma) {
                        break;
                    }
                    continue;
                }
                let negative = self.eat(Tok::Minus);
                let (t, text) = (self.tok, self.cur_text());
                let float_kind = match self.ctx.type_kind(element) {
                    TypeKind::Float(kind) => Some(*kind),
                    _ => None,
                };
                match (float_kind, t.kind) {
                    (Some(kind), Tok::Integer | Tok::Float) => {
                        self.bump();
                        let bits = if t.kind == Tok::Integer {
                            self.float_from_int_literal(kind, negative, text, t.start)?
                        } else {
                            self.float_from_literal(kind, negative, text, t.start)?
                        };
                        bytes.extend_from_slice(&bits.to_le_bytes()[..elem_bytes]);
                    }
                    (None, Tok::BareIdent) if !negative && matches!(text, "true" | "false") => {
                        if int_width != Some(1) {
                            return Err(
                                self.error_here("expected i1 type for 'true' or 'false' values")
                            );
                        }
                        bytes.push((text == "true") as u8);
                        self.bump();
                    }
                    (Some(_), _) => {
                        return Err(self.error_here("expected integer or floating point literal"))
                    }
                    _ => return Err(self.error_here("expected integer literal")),
                }
                len += 1;
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, "'>' to close an array attribute")?;
        Ok(self.ctx.attr(AttrKind::DenseArray {
            element,
            len,
            data: bytes.into(),
        }))
    }

    /// True at `N` or `-N` (an integer token, not a float).
    fn at_integer_literal(&self) -> bool {
        match self.tok.kind {
            Tok::Integer => true,
            Tok::Minus => {
                let mut look = crate::lexer::Lexer::new(self.src);
                look.reset(self.tok.end as usize);
                look.next().kind == Tok::Integer
            }
            _ => false,
        }
    }

    fn parse_int_or_question(&mut self) -> PResult<i64> {
        if self.eat(Tok::Question) {
            return Ok(DYNAMIC);
        }
        let negative = self.eat(Tok::Minus);
        if !self.is(Tok::Integer) {
            return Err(self.error_here("expected a 64-bit signed integer or '?'"));
        }
        let v: i64 = self
            .cur_text()
            .parse()
            .map_err(|_| self.error_here("expected a 64-bit signed integer or '?'"))?;
        self.bump();
        Ok(if negative { -v } else { v })
    }

    fn parse_strided(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        self.expect(Tok::LSquare, "'['")?;
        let mut strides = Vec::new();
        self.comma_list(Tok::RSquare, "']'", |p| {
            strides.push(p.parse_int_or_question()?);
            Ok(())
        })?;
        let mut offset = 0;
        if self.eat(Tok::Comma) {
            if !self.eat_keyword("offset") {
                return Err(self.error_here("expected 'offset' after comma"));
            }
            self.expect(Tok::Colon, "':' after 'offset'")?;
            offset = self.parse_int_or_question()?;
        }
        self.expect(Tok::Greater, "'>'")?;
        Ok(self.ctx.attr(AttrKind::Strided {
            offset,
            strides: strides.into(),
        }))
    }

    fn parse_distinct(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::LSquare, "'['")?;
        if !self.is(Tok::Integer) {
            return Err(self.error_here("expected distinct ID"));
        }
        let id: u64 = self
            .cur_text()
            .parse()
            .map_err(|_| self.error_here("expected an unsigned 64-bit integer"))?;
        let id_pos = self.tok.start;
        self.bump();
        self.expect(Tok::RSquare, "']'")?;
        self.expect(Tok::Less, "'<'")?;
        let referenced = if self.is(Tok::Greater) {
            self.ctx.unit_attr()
        } else {
            self.parse_attribute(None)?
        };
        self.expect(Tok::Greater, "'>'")?;
        if let Some(&existing) = self.distinct_ids.get(&id) {
            if let AttrKind::Distinct { referenced: r, .. } = self.ctx.attr_kind(existing) {
                if *r != referenced {
                    return Err(self.error_at(
                        id_pos,
                        "referenced attribute does not match previous definition",
                    ));
                }
            }
            return Ok(existing);
        }
        let attr = self.ctx.distinct_attr(referenced);
        self.distinct_ids.insert(id, attr);
        Ok(attr)
    }

    // ----- affine ------------------------------------------------------------------------------

    /// The dimension or symbol identifiers of an affine map or set, up to `close`: each must
    /// be new, and gets `make(position)`. Returns how many there were.
    fn affine_ident_list(
        &mut self,
        close: Tok,
        what: &str,
        names: &mut Vec<(String, AffineExpr)>,
        make: fn(u32) -> AffineExpr,
    ) -> PResult<u32> {
        let mut count = 0u32;
        self.comma_list(close, what, |p| {
            if !p.is(Tok::BareIdent) {
                return Err(p.error_here("expected bare identifier"));
            }
            let n = p.cur_text().to_string();
            if names.iter().any(|(x, _)| *x == n) {
                return Err(p.error_here("redefinition of identifier '".to_string() + &n + "'"));
            }
            names.push((n, make(count)));
            count += 1;
            p.bump();
            Ok(())
        })?;
        Ok(count)
    }

    /// `(dims)[syms] -> (exprs)` or `(dims)[syms] : (constraints)`.
    fn parse_affine_map_or_set(&mut self) -> PResult<Result<AffineMap, IntegerSet>> {
        let mut names: Vec<(String, AffineExpr)> = Vec::new();
        self.expect(Tok::LParen, "'(' at start of dimensional identifiers list")?;
        let num_dims = self.affine_ident_list(Tok::RParen, "')'", &mut names, AffineExpr::Dim)?;
        let mut num_symbols = 0u32;
        if self.eat(Tok::LSquare) {
            num_symbols =
                self.affine_ident_list(Tok::RSquare, "']'", &mut names, AffineExpr::Symbol)?;
        }
        if self.eat(Tok::Arrow) {
            self.expect(Tok::LParen, "'(' at start of affine map range")?;
            let mut results = Vec::new();
            self.comma_list(Tok::RParen, "')'", |p| {
                p.affine_ops = 0;
                results.push(p.parse_affine_expr(&names)?);
                Ok(())
            })?;
            return Ok(Ok(AffineMap {
                num_dims,
                num_symbols,
                results: results.into(),
            }));
        }
        if self.eat(Tok::Colon) {
            self.expect(Tok::LParen, "'(' at start of integer set constraint list")?;
            let mut constraints = Vec::new();
            self.comma_list(Tok::RParen, "')'", |p| {
                p.affine_ops = 0;
                let lhs = p.parse_affine_expr(&names)?;
                let (is_eq, flip) = if p.eat(Tok::Greater) {
                    p.expect(Tok::Equal, "'>='")?;
                    (false, false)
                } else if p.eat(Tok::Less) {
                    p.expect(Tok::Equal, "'<='")?;
                    (false, true)
                } else if p.eat(Tok::Equal) {
                    p.expect(Tok::Equal, "'=='")?;
                    (true, false)
                } else {
                    return Err(p.error_here(
                        "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
                    ));
                };
                p.affine_ops = 0;
                let rhs = p.parse_affine_expr(&names)?;
                let neg =
                    |e: AffineExpr| AffineExpr::binary(AffineOp::Mul, e, AffineExpr::Constant(-1));
                let expr = if flip {
                    AffineExpr::binary(AffineOp::Add, rhs, neg(lhs))
                } else if rhs.as_constant() == Some(0) {
                    lhs
                } else {
                    AffineExpr::binary(AffineOp::Add, lhs, neg(rhs))
                };
                constraints.push((expr, is_eq));
                Ok(())
            })?;
            if constraints.is_empty() {
                // `()` means "always true": upstream builds the set `0 == 0`.
                constraints.push((AffineExpr::Constant(0), true));
            }
            return Ok(Err(IntegerSet {
                num_dims,
                num_symbols,
                constraints: constraints.into(),
            }));
        }
        Err(self.error_here("expected '->' or ':'"))
    }

    fn parse_affine_expr(&mut self, names: &[(String, AffineExpr)]) -> PResult<AffineExpr> {
        crate::with_stack(|| self.parse_affine_expr_inner(names))
    }

    fn parse_affine_expr_inner(&mut self, names: &[(String, AffineExpr)]) -> PResult<AffineExpr> {
        self.enter()?;
        let mut lhs = self.parse_affine_term(names)?;
        loop {
            if self.eat(Tok::Plus) {
                self.count_affine_op()?;
                let rhs = self.parse_affine_term(names)?;
                lhs = AffineExpr::binary(AffineOp::Add, lhs, rhs);
            } else if self.is(Tok::Minus) {
                self.count_affine_op()?;
                self.bump();
                let rhs = self.parse_affine_term(names)?;
                let neg = AffineExpr::binary(AffineOp::Mul, rhs, AffineExpr::Constant(-1));
                lhs = AffineExpr::binary(AffineOp::Add, lhs, neg);
            } else {
                break;
            }
        }
        self.leave();
        Ok(lhs)
    }

    /// Counts one more operation of the affine expression being parsed, refusing more than
    /// `MAX_AFFINE_OPS` with a diagnostic at the operator.
    fn count_affine_op(&mut self) -> PResult<()> {
        self.affine_ops += 1;
        if self.affine_ops > crate::parser::MAX_AFFINE_OPS {
            return Err(self.error_here(format!(
                "affine expression has more than {} operations",
                crate::parser::MAX_AFFINE_OPS
            )));
        }
        Ok(())
    }

    fn parse_affine_term(&mut self, names: &[(String, AffineExpr)]) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_unary(names)?;
        loop {
            let op = if self.eat(Tok::Star) {
                AffineOp::Mul
            } else if self.eat_keyword("floordiv") {
                AffineOp::FloorDiv
            } else if self.eat_keyword("ceildiv") {
                AffineOp::CeilDiv
            } else if self.eat_keyword("mod") {
                AffineOp::Mod
            } else {
                return Ok(lhs);
            };
            self.count_affine_op()?;
            let pos = self.tok.start;
            let rhs = self.parse_affine_unary(names)?;
            if op == AffineOp::Mul
                && !lhs.is_symbolic_or_constant()
                && !rhs.is_symbolic_or_constant()
            {
                return Err(self.error_at(pos, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"));
            }
            if op != AffineOp::Mul && !rhs.is_symbolic_or_constant() {
                return Err(self.error_at(pos, "non-affine expression: right operand of floordiv, ceildiv, and mod has to be either a constant or symbolic"));
            }
            lhs = AffineExpr::binary(op, lhs, rhs);
        }
    }

    fn parse_affine_unary(&mut self, names: &[(String, AffineExpr)]) -> PResult<AffineExpr> {
        match self.tok.kind {
            Tok::Minus => {
                self.count_affine_op()?;
                self.bump();
                self.enter()?;
                let e = crate::with_stack(|| self.parse_affine_unary(names))?;
                self.leave();
                Ok(match e {
                    AffineExpr::Constant(c) => AffineExpr::Constant(-c),
                    e => AffineExpr::binary(AffineOp::Mul, e, AffineExpr::Constant(-1)),
                })
            }
            Tok::LParen => {
                self.bump();
                let e = self.parse_affine_expr(names)?;
                self.expect(Tok::RParen, "')'")?;
                Ok(e)
            }
            Tok::Integer => {
                let v: i64 = self
                    .cur_text()
                    .parse()
                    .map_err(|_| self.error_here("constant too large for index"))?;
                self.bump();
                Ok(AffineExpr::Constant(v))
            }
            Tok::BareIdent => {
                let n = self.cur_text();
                match names.iter().find(|(x, _)| x == n) {
                    Some((_, e)) => {
                        let e = e.clone();
                        self.bump();
                        Ok(e)
                    }
                    None => Err(self.error_here(format!("use of undeclared identifier '{n}'"))),
                }
            }
            _ => Err(self.error_here("expected affine expression")),
        }
    }
}

fn join_dims(d: &[i64]) -> String {
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn significant_bits(words: &[u64]) -> u64 {
    for (i, &w) in words.iter().enumerate().rev() {
        if w != 0 {
            return i as u64 * 64 + (64 - w.leading_zeros() as u64);
        }
    }
    0
}

fn is_power_of_two(words: &[u64]) -> bool {
    words.iter().map(|w| w.count_ones()).sum::<u32>() == 1
}
