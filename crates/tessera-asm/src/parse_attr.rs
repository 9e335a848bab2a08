//! Parsing of builtin attributes: scalars, containers, elements attributes, affine maps and
//! sets, strided layouts, locations, and aliases/opaque dialect attributes.

use crate::lexer::{unescape, Tok};
use crate::parser::{PResult, Parser};
use tessera_ir::{
    AffineExpr, AffineMap, AffineOp, Attr, AttrKind, FloatKind, IntValue, IntegerSet, Signedness,
    Type, TypeKind, DYNAMIC,
};

/// An elements literal before its type is known.
enum Lit {
    Int {
        negative: bool,
        text: String,
        pos: u32,
    },
    Float {
        text: String,
        pos: u32,
    },
    Bool(bool),
    Str(Vec<u8>),
    Complex(Box<Lit>, Box<Lit>),
    List(Vec<Lit>),
}

impl<'a> Parser<'a, '_> {
    /// Parses an attribute; `ty` is a type already known from context (unused by most forms).
    pub(crate) fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_attribute_inner(ty);
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self, _ty: Option<Type>) -> PResult<Attr> {
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
                let ty = if self.eat(Tok::Colon) {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                Ok(self.ctx.attr(AttrKind::String {
                    value: raw.into(),
                    ty,
                }))
            }
            Tok::Integer | Tok::Float | Tok::Minus => self.parse_number_attr(),
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
                _ => Err(self.error_here("expected attribute value")),
            },
            _ if self.at_type() => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            _ => Err(self.error_here("expected attribute value")),
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
                None => Err(self.error_at(t.start, format!("undefined symbol alias id '{text}'"))),
            };
        }
        let (dialect, body) = self.parse_dialect_symbol_body()?;
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

    fn parse_number_attr(&mut self) -> PResult<Attr> {
        let start = self.tok.start;
        let negative = self.eat(Tok::Minus);
        let t = self.tok;
        if !matches!(t.kind, Tok::Integer | Tok::Float) {
            return Err(self.error_here("expected constant integer or floating point value"));
        }
        let text = self.text(t);
        self.bump();
        let ty = if self.eat(Tok::Colon) {
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
                return Err(
                    self.error_at(start, "floating point value not valid for specified type")
                );
            };
            let full = if negative {
                format!("-{text}")
            } else {
                text.to_string()
            };
            let Some(bits) = kind.parse_decimal(&full) else {
                return Err(self.error_at(start, "invalid floating point value"));
            };
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
                if let Some(hex) = text.strip_prefix("0x") {
                    if negative {
                        return Err(self.error_at(
                            start,
                            "hexadecimal float literal should not have a leading minus",
                        ));
                    }
                    let (words, bits) = tessera_ir::num::hex_to_words(hex);
                    if bits > kind.bit_width() as u64 {
                        return Err(self
                            .error_at(start, "hexadecimal float constant out of range for type"));
                    }
                    let v = words[0] as u128 | ((*words.get(1).unwrap_or(&0) as u128) << 64);
                    return Ok(self.ctx.attr(AttrKind::Float {
                        ty,
                        bits: [v as u64, (v >> 64) as u64],
                    }));
                }
                let full = if negative {
                    format!("-{text}")
                } else {
                    text.to_string()
                };
                let bits = kind.parse_decimal(&full).unwrap_or(0);
                Ok(self.ctx.attr(AttrKind::Float {
                    ty,
                    bits: [bits as u64, (bits >> 64) as u64],
                }))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                let value = self.int_value(ty, negative, text, start)?;
                Ok(self.ctx.attr(AttrKind::Integer { ty, value }))
            }
            _ => Err(self.error_at(start, "integer literal not valid for specified type")),
        }
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
                bits < width as u64 || (bits == width as u64 && magnitude.is_power_of_two())
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
            // magnitude <= 2^(width-1)
            bits < width as u64 || (bits == width as u64 && is_power_of_two(&words))
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

    fn parse_lit(&mut self) -> PResult<Lit> {
        self.enter()?;
        let r = self.parse_lit_inner();
        self.leave();
        r
    }

    fn parse_lit_inner(&mut self) -> PResult<Lit> {
        match self.tok.kind {
            Tok::LSquare => {
                self.bump();
                let mut items = Vec::new();
                self.comma_list(Tok::RSquare, "']'", |p| {
                    items.push(p.parse_lit()?);
                    Ok(())
                })?;
                Ok(Lit::List(items))
            }
            Tok::LParen => {
                self.bump();
                let re = self.parse_lit()?;
                self.expect(Tok::Comma, "',' between complex parts")?;
                let im = self.parse_lit()?;
                self.expect(Tok::RParen, "')' after complex parts")?;
                Ok(Lit::Complex(Box::new(re), Box::new(im)))
            }
            Tok::String => {
                let s = unescape(self.cur_text().as_bytes());
                self.bump();
                Ok(Lit::Str(s))
            }
            Tok::BareIdent if matches!(self.cur_text(), "true" | "false") => {
                let v = self.cur_text() == "true";
                self.bump();
                Ok(Lit::Bool(v))
            }
            Tok::Minus | Tok::Integer | Tok::Float => {
                let pos = self.tok.start;
                let negative = self.eat(Tok::Minus);
                let t = self.tok;
                let text = self.text(t).to_string();
                match t.kind {
                    Tok::Integer => {
                        self.bump();
                        Ok(Lit::Int {
                            negative,
                            text,
                            pos,
                        })
                    }
                    Tok::Float => {
                        self.bump();
                        let text = if negative { format!("-{text}") } else { text };
                        Ok(Lit::Float { text, pos })
                    }
                    _ => Err(self.error_here("expected integer or floating point literal")),
                }
            }
            _ => Err(self.error_here("expected element literal of primitive type")),
        }
    }

    fn parse_shaped_type_suffix(&mut self) -> PResult<Type> {
        self.expect(Tok::Colon, "':'")?;
        let pos = self.tok.start;
        let ty = self.parse_type()?;
        match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { .. } | TypeKind::Vector { .. } => {}
            _ => return Err(self.error_at(pos, "elements literal must be a shaped type")),
        }
        if self.ctx.num_elements(ty).is_none() {
            return Err(self.error_at(pos, "elements literal type must have static shape"));
        }
        Ok(ty)
    }

    fn parse_dense(&mut self) -> PResult<Attr> {
        let kw = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "'<' after 'dense'")?;
        // Hex form: dense<"0x...">.
        let lit = if self.is(Tok::Greater) {
            None
        } else {
            Some((self.tok.start, self.parse_lit()?))
        };
        self.expect(Tok::Greater, "'>'")?;
        let ty = self.parse_shaped_type_suffix()?;
        let shape: Vec<i64> = self.ctx.type_kind(ty).shape().unwrap().to_vec();
        let elem = self.ctx.type_kind(ty).element_type().unwrap();
        let num = self.ctx.num_elements(ty).unwrap();
        let Some((lit_pos, lit)) = lit else {
            if num != 0 {
                return Err(self.error_at(kw, "expected non-empty elements literal"));
            }
            return Ok(self.empty_dense(ty, elem));
        };
        if let Lit::Str(s) = &lit {
            if s.starts_with(b"0x")
                && !matches!(self.ctx.type_kind(elem), TypeKind::Opaque { .. })
                && self.is_numeric_elem(elem)
            {
                return self.dense_from_hex(ty, elem, num, s.clone(), lit_pos);
            }
        }
        // Collect the literal's shape and leaves.
        let mut leaves = Vec::new();
        let lit_shape = literal_shape(&lit, &mut leaves).map_err(|m| self.error_at(lit_pos, m))?;
        let splat = lit_shape.is_empty();
        if !splat && lit_shape != shape {
            return Err(self.error_at(
                lit_pos,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join_dims(&lit_shape),
                    join_dims(&shape)
                ),
            ));
        }
        if !self.is_numeric_elem(elem) {
            // Strings.
            let mut data = Vec::new();
            for leaf in leaves {
                match leaf {
                    Lit::Str(s) => data.push(s.clone().into_boxed_slice()),
                    _ => return Err(self.error_at(lit_pos, "expected string elements")),
                }
            }
            let splat = data.len() == 1 && num != 1 || (data.len() == 1);
            let all_same = data.windows(2).all(|w| w[0] == w[1]);
            let (data, splat) = if !splat && all_same && !data.is_empty() {
                (vec![data[0].clone()], true)
            } else {
                (data, splat)
            };
            return Ok(self.ctx.attr(AttrKind::DenseStrings {
                ty,
                data: data.into(),
                splat,
            }));
        }
        let mut bytes = Vec::new();
        for leaf in &leaves {
            self.encode_element(elem, leaf, &mut bytes, lit_pos)?;
        }
        Ok(self.make_dense(ty, elem, bytes, leaves.len() == 1))
    }

    fn is_numeric_elem(&self, elem: Type) -> bool {
        match self.ctx.type_kind(elem) {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => true,
            TypeKind::Complex(inner) => matches!(
                self.ctx.type_kind(*inner),
                TypeKind::Integer { .. } | TypeKind::Float(_)
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
        let width = element_storage_bytes(self.ctx, elem);
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
        s: Vec<u8>,
        pos: u32,
    ) -> PResult<Attr> {
        let hex = &s[2..];
        if !hex.len().is_multiple_of(2) || !hex.iter().all(|c| c.is_ascii_hexdigit()) {
            return Err(self.error_at(
                pos,
                "expected string containing hex digits starting with `0x`",
            ));
        }
        let mut raw: Vec<u8> = hex
            .chunks(2)
            .map(|c| u8::from_str_radix(std::str::from_utf8(c).unwrap(), 16).unwrap())
            .collect();
        let width = element_storage_bytes(self.ctx, elem);
        let is_bool = matches!(self.ctx.type_kind(elem), TypeKind::Integer { width: 1, .. });
        if is_bool {
            // Booleans are bit-packed in the hex form.
            let expect = num.div_ceil(8) as usize;
            if raw.len() != expect && raw.len() != 1 {
                return Err(
                    self.error_at(pos, "elements hex data size is invalid for provided type")
                );
            }
            let count = if raw.len() == 1 && num != 1 && expect != 1 {
                1
            } else {
                num as usize
            };
            raw = (0..count).map(|i| (raw[i / 8] >> (i % 8)) & 1).collect();
        } else if raw.len() != width * num as usize && raw.len() != width {
            return Err(self.error_at(pos, "elements hex data size is invalid for provided type"));
        }
        let splat = raw.len() == width;
        Ok(self.make_dense(ty, elem, raw, splat))
    }

    fn encode_element(
        &mut self,
        elem: Type,
        lit: &Lit,
        out: &mut Vec<u8>,
        pos: u32,
    ) -> PResult<()> {
        match *self.ctx.type_kind(elem) {
            TypeKind::Complex(inner) => match lit {
                Lit::Complex(re, im) => {
                    self.encode_element(inner, re, out, pos)?;
                    self.encode_element(inner, im, out, pos)
                }
                _ => Err(self.error_at(pos, "expected complex element")),
            },
            TypeKind::Float(kind) => {
                let bits = match lit {
                    Lit::Float { text, .. } => kind.parse_decimal(text).unwrap_or(0),
                    Lit::Int {
                        negative,
                        text,
                        pos,
                    } => {
                        if let Some(hex) = text.strip_prefix("0x") {
                            let (w, _) = tessera_ir::num::hex_to_words(hex);
                            w[0] as u128 | ((*w.get(1).unwrap_or(&0) as u128) << 64)
                        } else {
                            let full = if *negative {
                                format!("-{text}")
                            } else {
                                text.clone()
                            };
                            let _ = pos;
                            kind.parse_decimal(&full).unwrap_or(0)
                        }
                    }
                    Lit::Bool(b) => kind.from_f64(*b as u8 as f64),
                    _ => return Err(self.error_at(pos, "expected floating point element")),
                };
                let n = kind.bit_width().div_ceil(8) as usize;
                out.extend_from_slice(&bits.to_le_bytes()[..n]);
                Ok(())
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                let w = match *self.ctx.type_kind(elem) {
                    TypeKind::Integer { width, .. } => width,
                    _ => 64,
                };
                let value = match lit {
                    Lit::Bool(b) => {
                        if w != 1 {
                            return Err(
                                self.error_at(pos, "expected integer elements, but parsed boolean")
                            );
                        }
                        IntValue::Small(*b as u64)
                    }
                    Lit::Int {
                        negative,
                        text,
                        pos,
                    } => self.int_value(elem, *negative, text, *pos)?,
                    Lit::Float { pos, .. } => {
                        return Err(self.error_at(
                            *pos,
                            "expected integer elements, but parsed floating-point",
                        ))
                    }
                    _ => return Err(self.error_at(pos, "expected integer elements")),
                };
                let n = (w.max(1).div_ceil(8)) as usize;
                let mut bytes = Vec::with_capacity(n);
                for word in value.words() {
                    bytes.extend_from_slice(&word.to_le_bytes());
                }
                bytes.resize(n.max(bytes.len()), 0);
                out.extend_from_slice(&bytes[..n]);
                Ok(())
            }
            _ => Err(self.error_at(pos, "invalid element type")),
        }
    }

    fn parse_dense_resource(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        let handle = match self.tok.kind {
            Tok::BareIdent => self.cur_text().to_string(),
            Tok::String => {
                String::from_utf8_lossy(&unescape(self.cur_text().as_bytes())).into_owned()
            }
            _ => return Err(self.error_here("expected resource handle")),
        };
        self.bump();
        self.expect(Tok::Greater, "'>'")?;
        self.expect(Tok::Colon, "':'")?;
        let ty = self.parse_type()?;
        let handle = self.ctx.ident(&handle);
        Ok(self.ctx.attr(AttrKind::DenseResource { ty, handle }))
    }

    fn parse_sparse(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        let mut parts = None;
        if !self.is(Tok::Greater) {
            let ip = self.tok.start;
            let idx = self.parse_lit()?;
            self.expect(Tok::Comma, "','")?;
            let vp = self.tok.start;
            let vals = self.parse_lit()?;
            parts = Some((ip, idx, vp, vals));
        }
        self.expect(Tok::Greater, "'>'")?;
        let ty = self.parse_shaped_type_suffix()?;
        let elem = self.ctx.type_kind(ty).element_type().unwrap();
        let rank = self.ctx.type_kind(ty).shape().unwrap().len() as i64;
        let i64t = self.ctx.int_type(64);
        let (indices, values) = match parts {
            None => {
                let it = self.ctx.ty(TypeKind::RankedTensor {
                    shape: Box::new([0, rank]),
                    element: i64t,
                    encoding: None,
                });
                let vt = self.ctx.ty(TypeKind::RankedTensor {
                    shape: Box::new([0]),
                    element: elem,
                    encoding: None,
                });
                (self.empty_dense(it, i64t), self.empty_dense(vt, elem))
            }
            Some((ip, idx, vp, vals)) => {
                let mut leaves = Vec::new();
                let ishape = literal_shape(&idx, &mut leaves).map_err(|m| self.error_at(ip, m))?;
                let ishape: Vec<i64> = if ishape.len() == 1 {
                    vec![1, ishape[0]]
                } else {
                    ishape
                };
                let it = self.ctx.ty(TypeKind::RankedTensor {
                    shape: ishape.into(),
                    element: i64t,
                    encoding: None,
                });
                let mut bytes = Vec::new();
                for l in &leaves {
                    self.encode_element(i64t, l, &mut bytes, ip)?;
                }
                let indices = self.make_dense(
                    it,
                    i64t,
                    bytes,
                    leaves.len() == 1 && self.ctx.num_elements(it) != Some(1),
                );
                let mut vleaves = Vec::new();
                let vshape =
                    literal_shape(&vals, &mut vleaves).map_err(|m| self.error_at(vp, m))?;
                let vt = self.ctx.ty(TypeKind::RankedTensor {
                    shape: vshape.into(),
                    element: elem,
                    encoding: None,
                });
                let mut vbytes = Vec::new();
                for l in &vleaves {
                    self.encode_element(elem, l, &mut vbytes, vp)?;
                }
                let values = self.make_dense(vt, elem, vbytes, vleaves.len() == 1);
                (indices, values)
            }
        };
        Ok(self.ctx.attr(AttrKind::Sparse {
            ty,
            indices,
            values,
        }))
    }

    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let pos = self.tok.start;
        let element = self.parse_type()?;
        let is_num = matches!(
            self.ctx.type_kind(element),
            TypeKind::Integer { .. } | TypeKind::Float(_)
        );
        if !is_num {
            return Err(self.error_at(
                pos,
                "expected integer or float type, got: ".to_string()
                    + &crate::printer::type_to_string(self.ctx, element),
            ));
        }
        let mut bytes = Vec::new();
        let mut len = 0u32;
        let int_width = match *self.ctx.type_kind(element) {
            TypeKind::Integer { width, .. } => Some(width),
            _ => None,
        };
        if self.eat(Tok::Colon) {
            loop {
                let lp = self.tok.start;
                if let Some(width) = int_width.filter(|_| self.at_integer_literal()) {
                    // What parse_lit + encode_element do for `-?N`, without the temporaries.
                    let negative = self.eat(Tok::Minus);
                    let text = self.cur_text();
                    self.bump();
                    let value = self.int_value(element, negative, text, lp)?;
                    let n = width.max(1).div_ceil(8) as usize;
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
                let lit = self.parse_lit()?;
                if matches!(lit, Lit::List(_) | Lit::Str(_) | Lit::Complex(..)) {
                    return Err(self.error_at(lp, "expected integer or floating point literal"));
                }
                self.encode_element(element, &lit, &mut bytes, lp)?;
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

    /// `(dims)[syms] -> (exprs)` or `(dims)[syms] : (constraints)`.
    fn parse_affine_map_or_set(&mut self) -> PResult<Result<AffineMap, IntegerSet>> {
        let mut names: Vec<(String, AffineExpr)> = Vec::new();
        self.expect(Tok::LParen, "'(' at start of dimensional identifiers list")?;
        let mut num_dims = 0u32;
        self.comma_list(Tok::RParen, "')'", |p| {
            if !p.is(Tok::BareIdent) {
                return Err(p.error_here("expected bare identifier"));
            }
            let n = p.cur_text().to_string();
            if names.iter().any(|(x, _)| *x == n) {
                return Err(p.error_here("redefinition of identifier '".to_string() + &n + "'"));
            }
            names.push((n, AffineExpr::Dim(num_dims)));
            num_dims += 1;
            p.bump();
            Ok(())
        })?;
        let mut num_symbols = 0u32;
        if self.eat(Tok::LSquare) {
            self.comma_list(Tok::RSquare, "']'", |p| {
                if !p.is(Tok::BareIdent) {
                    return Err(p.error_here("expected bare identifier"));
                }
                let n = p.cur_text().to_string();
                if names.iter().any(|(x, _)| *x == n) {
                    return Err(p.error_here("redefinition of identifier '".to_string() + &n + "'"));
                }
                names.push((n, AffineExpr::Symbol(num_symbols)));
                num_symbols += 1;
                p.bump();
                Ok(())
            })?;
        }
        if self.eat(Tok::Arrow) {
            self.expect(Tok::LParen, "'(' at start of affine map range")?;
            let mut results = Vec::new();
            self.comma_list(Tok::RParen, "')'", |p| {
                results.push(p.parse_affine_expr(&names)?);
                Ok(())
            })?;
            return Ok(Ok(AffineMap {
                num_dims,
                num_symbols,
                results,
            }));
        }
        if self.eat(Tok::Colon) {
            self.expect(Tok::LParen, "'(' at start of integer set constraint list")?;
            let mut constraints = Vec::new();
            self.comma_list(Tok::RParen, "')'", |p| {
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
            return Ok(Err(IntegerSet {
                num_dims,
                num_symbols,
                constraints,
            }));
        }
        Err(self.error_here("expected '->' or ':'"))
    }

    fn parse_affine_expr(&mut self, names: &[(String, AffineExpr)]) -> PResult<AffineExpr> {
        self.enter()?;
        let mut lhs = self.parse_affine_term(names)?;
        loop {
            if self.eat(Tok::Plus) {
                let rhs = self.parse_affine_term(names)?;
                lhs = AffineExpr::binary(AffineOp::Add, lhs, rhs);
            } else if self.is(Tok::Minus) {
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
                self.bump();
                self.enter()?;
                let e = self.parse_affine_unary(names)?;
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

fn literal_shape<'l>(lit: &'l Lit, leaves: &mut Vec<&'l Lit>) -> Result<Vec<i64>, String> {
    match lit {
        Lit::List(items) => {
            let mut inner: Option<Vec<i64>> = None;
            for item in items {
                let s = literal_shape(item, leaves)?;
                match &inner {
                    None => inner = Some(s),
                    Some(prev) if *prev != s => {
                        return Err(
                            "tensor literal is invalid; ranks are not consistent between elements"
                                .to_string(),
                        )
                    }
                    _ => {}
                }
            }
            let mut shape = vec![items.len() as i64];
            shape.extend(inner.unwrap_or_default());
            Ok(shape)
        }
        other => {
            leaves.push(other);
            Ok(Vec::new())
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

/// Bytes per scalar element in dense storage (complex counts both parts).
pub(crate) fn element_storage_bytes(ctx: &tessera_ir::Context, elem: Type) -> usize {
    match ctx.type_kind(elem) {
        TypeKind::Integer { width, .. } => (*width).max(1).div_ceil(8) as usize,
        TypeKind::Index => 8,
        TypeKind::Float(k) => k.bit_width().div_ceil(8) as usize,
        TypeKind::Complex(inner) => 2 * element_storage_bytes(ctx, *inner),
        _ => 0,
    }
}
