//! Parsing of builtin types, type aliases and opaque dialect types.

use crate::custom::dialect::SymbolKind;
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use tessera_ir::{AttrKind, FloatKind, Signedness, Type, TypeKind, DYNAMIC};

const MAX_INT_WIDTH: u32 = 16_777_215;

impl<'a> Parser<'a, '_> {
    /// True if the current token can start a type.
    pub(crate) fn at_type(&self) -> bool {
        match self.tok.kind {
            Tok::LParen => true,
            Tok::BangIdent => true,
            Tok::BareIdent => is_type_keyword(self.cur_text()),
            _ => false,
        }
    }

    /// Parses any type.
    pub(crate) fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = crate::with_stack(|| self.parse_type_inner());
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        match self.tok.kind {
            Tok::LParen => self.parse_function_type(),
            Tok::BangIdent => self.parse_dialect_type(),
            Tok::BareIdent => self.parse_builtin_type(),
            _ => Err(self.error_wrong_token("expected non-function type")),
        }
    }

    pub(crate) fn parse_type_list_in_parens(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen, "'('")?;
        let mut tys = Vec::new();
        self.comma_list(Tok::RParen, "')'", |p| {
            tys.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(tys)
    }

    fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs = self.parse_type_list_in_parens()?;
        self.expect(Tok::Arrow, "'->' in function type")?;
        let results = if self.is(Tok::LParen) {
            self.parse_type_list_in_parens()?
        } else {
            vec![self.parse_type()?]
        };
        Ok(self.ctx.function_type(&inputs, &results))
    }

    fn parse_dialect_type(&mut self) -> PResult<Type> {
        let t = self.tok;
        let text = &self.text(t)[1..];
        if !text.contains('.') && !self.src[t.end as usize..].starts_with('<') {
            self.bump();
            return match self.type_aliases.get(text) {
                Some(&ty) => Ok(ty),
                None => Err(self.error_wrong_token(format!("undefined symbol alias id '{text}'"))),
            };
        }
        let (dialect, body) = self.parse_dialect_symbol_body(SymbolKind::Type)?;
        let dialect = self.ctx.ident(dialect);
        Ok(self.ctx.ty(TypeKind::Opaque {
            dialect,
            body: body.into(),
        }))
    }

    /// Splits `!dialect.rest<...>` / `#dialect<...>` into the namespace and the body text,
    /// consuming the balanced `<...>` part directly from the source. A dialect with
    /// assembly hooks reads the body, which is then in the spelling upstream prints.
    pub(crate) fn parse_dialect_symbol_body(
        &mut self,
        kind: SymbolKind,
    ) -> PResult<(&'a str, String)> {
        let t = self.tok;
        let text = &self.text(t)[1..];
        let (dialect, mut body, pretty) = match text.split_once('.') {
            Some((d, rest)) => (d, rest.to_string(), true),
            None => (text, String::new(), false),
        };
        if dialect.is_empty() {
            // `#.x` / `!.x`: upstream points just past the dot.
            return Err(self.error_at(t.start + 2, "invalid dialect namespace '\"\"'"));
        }
        // A namespace is an identifier (`[A-Za-z_][A-Za-z0-9_$]*`); the token may hold more
        // (`-`, `.` in the body), which upstream rejects here.
        let valid_namespace = dialect.bytes().enumerate().all(|(i, b)| {
            b.is_ascii_alphabetic() || b == b'_' || (i > 0 && (b.is_ascii_digit() || b == b'$'))
        });
        if !valid_namespace {
            // Upstream points past the dot in the pretty form, at the symbol in the other.
            let at = if pretty {
                t.start + dialect.len() as u32 + 2
            } else {
                t.start
            };
            return Err(self.error_at(at, format!("invalid dialect namespace '\"{dialect}\"'")));
        }
        let src = self.src.as_bytes();
        let pos = t.end as usize;
        let angled = src.get(pos) == Some(&b'<');
        // Where the symbol ends, and where its body (mnemonic onwards) starts and ends.
        let (end, body_start, body_end) = if angled {
            let start = pos;
            let end = self.scan_angle_body(start, t.start)?;
            let inner = &self.src[start..end];
            if pretty {
                body.push_str(inner);
                (end, t.start as usize + dialect.len() + 2, end)
            } else {
                body = inner[1..inner.len() - 1].to_string();
                (end, start + 1, end - 1)
            }
        } else {
            (pos, t.start as usize + dialect.len() + 2, pos)
        };
        if !pretty && !angled {
            return Err(self.error_at(t.start, "expected '<' in dialect type"));
        }
        if let Some(canonical) =
            self.parse_dialect_body_with_hooks(dialect, kind, body_start, body_end)?
        {
            body = canonical;
        }
        self.reset_to(end);
        Ok((dialect, body))
    }

    /// The end of the balanced `<...>` starting at byte `start` (brackets must nest; `->`
    /// is an arrow; strings are string tokens). Errors point where upstream's lexer
    /// stands: at `symbol_start`, or at the last string inside the body.
    fn scan_angle_body(&mut self, start: usize, symbol_start: u32) -> PResult<usize> {
        use crate::syntax::{scan_group, GroupError};
        match scan_group(self.src.as_bytes(), start) {
            Ok(end) => Ok(end),
            Err(GroupError::BadString(bad, message)) => Err(self.error_at(bad as u32, message)),
            Err(GroupError::Unbalanced {
                innermost,
                last_string,
            }) => {
                let at = last_string.map_or(symbol_start, |p| p as u32);
                Err(match innermost {
                    None => self.error_at(at, "expected '<'"),
                    Some(open) => self.error_at(
                        at,
                        format!(
                            "unbalanced '{}' character in pretty dialect name",
                            open as char
                        ),
                    ),
                })
            }
        }
    }

    /// A balanced `<...>` (as a dialect attribute's body is written after its mnemonic),
    /// taken verbatim, if a `<` is next.
    pub(crate) fn parse_optional_angle_body(&mut self) -> PResult<Option<String>> {
        if !self.is(Tok::Less) {
            return Ok(None);
        }
        let start = self.tok.start as usize;
        let end = self.scan_angle_body(start, start as u32)?;
        let text = self.src[start..end].to_string();
        self.reset_to(end);
        Ok(Some(text))
    }

    pub(crate) fn reset_to(&mut self, pos: usize) {
        self.lex_reset(pos);
        self.bump();
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let text = self.cur_text();
        let start = self.tok.start;
        if let Some(kind) = FloatKind::from_keyword(text) {
            self.bump();
            return Ok(self.ctx.float_type(kind));
        }
        if let Some((signedness, digits)) = split_int_keyword(text) {
            let Ok(width) = digits.parse::<u64>() else {
                return Err(self.error_here("invalid integer width"));
            };
            if width > MAX_INT_WIDTH as u64 {
                return Err(self.error_here(format!(
                    "integer bitwidth is limited to {MAX_INT_WIDTH} bits"
                )));
            }
            self.bump();
            return Ok(self.ctx.integer_type(width as u32, signedness));
        }
        match text {
            "index" => {
                self.bump();
                Ok(self.ctx.index_type())
            }
            "none" => {
                self.bump();
                Ok(self.ctx.none_type())
            }
            "complex" => {
                self.bump();
                self.expect(Tok::Less, "'<' in complex type")?;
                let elem = self.parse_type()?;
                if !matches!(
                    self.ctx.type_kind(elem),
                    TypeKind::Integer { .. } | TypeKind::Float(_)
                ) {
                    return Err(self.error_at(start, "invalid element type for complex"));
                }
                self.expect(Tok::Greater, "'>' in complex type")?;
                Ok(self.ctx.ty(TypeKind::Complex(elem)))
            }
            "tuple" => {
                self.bump();
                self.expect(Tok::Less, "'<' in tuple type")?;
                let mut tys = Vec::new();
                self.comma_list(Tok::Greater, "'>' in tuple type", |p| {
                    tys.push(p.parse_type()?);
                    Ok(())
                })?;
                Ok(self.ctx.ty(TypeKind::Tuple(tys.into())))
            }
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            _ => Err(self.error_wrong_token("expected non-function type")),
        }
    }

    /// Parses `4x?x` dimension prefixes directly from the bytes (the lexer would see `4` then
    /// an identifier `x4xf32`). Returns dims and scalable flags; leaves the lexer on the element
    /// type.
    fn parse_dims(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> PResult<(Vec<i64>, Vec<bool>)> {
        let src = self.src.as_bytes();
        let mut pos = self.tok.start as usize;
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        loop {
            let save = pos;
            let mut is_scalable = false;
            if allow_scalable && src.get(pos) == Some(&b'[') {
                is_scalable = true;
                pos += 1;
            }
            let dim = if src.get(pos) == Some(&b'?') {
                if !allow_dynamic {
                    return Err(self.error_at(pos as u32, "expected static shape"));
                }
                pos += 1;
                DYNAMIC
            } else if src.get(pos).is_some_and(|c| c.is_ascii_digit()) {
                let s = pos;
                while src.get(pos).is_some_and(|c| c.is_ascii_digit()) {
                    pos += 1;
                }
                // `0x...` would be hex: a dimension list never contains it.
                match self.src[s..pos].parse::<i64>() {
                    Ok(v) => v,
                    Err(_) => return Err(self.error_at(s as u32, "invalid dimension")),
                }
            } else {
                pos = save;
                break;
            };
            if is_scalable {
                if src.get(pos) != Some(&b']') {
                    return Err(self.error_at(pos as u32, "missing ']' closing scalable dimension"));
                }
                pos += 1;
            }
            if src.get(pos) != Some(&b'x') {
                return Err(self.error_at(pos as u32, "expected 'x' in dimension list"));
            }
            pos += 1;
            dims.push(dim);
            scalable.push(is_scalable);
        }
        self.reset_to(pos);
        Ok((dims, scalable))
    }

    fn at_unranked(&self) -> bool {
        self.is(Tok::Star)
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(Tok::Less, "'<' in tensor type")?;
        if self.at_unranked() {
            self.bump();
            self.expect_x()?;
            let element = self.parse_tensor_element_type()?;
            self.expect(Tok::Greater, "'>' in tensor type")?;
            return Ok(self.ctx.ty(TypeKind::UnrankedTensor { element }));
        }
        let (shape, _) = self.parse_dims(true, false)?;
        let element = self.parse_tensor_element_type()?;
        // The encoding is optional even after the comma (`tensor<4xi32, >` has none).
        let encoding = if self.eat(Tok::Comma) && !self.is(Tok::Greater) {
            Some(self.parse_attribute(None)?)
        } else {
            None
        };
        self.expect(Tok::Greater, "'>' in tensor type")?;
        Ok(self.ctx.ty(TypeKind::RankedTensor {
            shape: shape.into(),
            element,
            encoding,
        }))
    }

    fn expect_x(&mut self) -> PResult<()> {
        // After `*`, the `x` is glued to the element type: `*xf32` lexes `*` then `xf32`.
        if self.is(Tok::BareIdent) && self.cur_text().starts_with('x') {
            let pos = self.tok.start as usize + 1;
            self.reset_to(pos);
            Ok(())
        } else {
            Err(self.error_here("expected 'x' in dimension list"))
        }
    }

    /// A tensor's element type: of the builtin types only scalars, complex numbers and vectors
    /// (upstream's `TensorType::isValidElementType`); any dialect type.
    fn parse_tensor_element_type(&mut self) -> PResult<Type> {
        let pos = self.tok.start;
        let ty = self.parse_element_type()?;
        let valid = matches!(
            self.ctx.type_kind(ty),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::Opaque { .. }
        );
        if !valid {
            return Err(self.error_at(pos, "invalid tensor element type"));
        }
        Ok(ty)
    }

    fn parse_element_type(&mut self) -> PResult<Type> {
        let pos = self.tok.start;
        let ty = self.parse_type()?;
        if matches!(self.ctx.type_kind(ty), TypeKind::Function { .. }) {
            return Err(self.error_at(pos, "invalid tensor element type"));
        }
        Ok(ty)
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(Tok::Less, "'<' in memref type")?;
        let unranked = self.at_unranked();
        let shape = if unranked {
            self.bump();
            self.expect_x()?;
            Vec::new()
        } else {
            self.parse_dims(true, false)?.0
        };
        let element = self.parse_element_type()?;
        let mut layout = None;
        let mut memory_space = None;
        while self.eat(Tok::Comma) {
            let attr = self.parse_attribute(None)?;
            let is_layout = matches!(
                self.ctx.attr_kind(attr),
                AttrKind::AffineMap(_) | AttrKind::Strided { .. }
            );
            if is_layout && !unranked && layout.is_none() && memory_space.is_none() {
                layout = Some(attr);
            } else if memory_space.is_none() {
                memory_space = Some(attr);
            } else {
                return Err(self.error_here("multiple memory spaces specified in memref type"));
            }
        }
        self.expect(Tok::Greater, "'>' in memref type")?;
        // Canonical forms: identity layouts and the integer memory space 0 are dropped.
        if let Some(l) = layout {
            if let AttrKind::AffineMap(m) = self.ctx.attr_kind(l) {
                let identity = m.num_symbols == 0
                    && m.num_dims as usize == shape.len()
                    && m.results
                        .iter()
                        .enumerate()
                        .all(|(i, e)| *e == tessera_ir::AffineExpr::Dim(i as u32));
                if identity {
                    layout = None;
                }
            }
        }
        if let Some(ms) = memory_space {
            if let AttrKind::Integer { value, .. } = self.ctx.attr_kind(ms) {
                if value.as_u64() == Some(0) {
                    memory_space = None;
                }
            }
        }
        Ok(if unranked {
            self.ctx.ty(TypeKind::UnrankedMemRef {
                element,
                memory_space,
            })
        } else {
            self.ctx.ty(TypeKind::MemRef {
                shape: shape.into(),
                element,
                layout,
                memory_space,
            })
        })
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(Tok::Less, "'<' in vector type")?;
        let (shape, scalable) = self.parse_dims(false, true)?;
        let element = self.parse_element_type()?;
        self.expect(Tok::Greater, "'>' in vector type")?;
        let scalable: Box<[bool]> = if scalable.iter().any(|&s| s) {
            scalable.into()
        } else {
            Box::new([])
        };
        Ok(self.ctx.ty(TypeKind::Vector {
            shape: shape.into(),
            scalable,
            element,
        }))
    }
}

fn split_int_keyword(text: &str) -> Option<(Signedness, &str)> {
    let (s, rest) = if let Some(r) = text.strip_prefix("si") {
        (Signedness::Signed, r)
    } else if let Some(r) = text.strip_prefix("ui") {
        (Signedness::Unsigned, r)
    } else if let Some(r) = text.strip_prefix('i') {
        (Signedness::Signless, r)
    } else {
        return None;
    };
    (!rest.is_empty() && rest.bytes().all(|c| c.is_ascii_digit())).then_some((s, rest))
}

/// True if `text` is a builtin type keyword.
pub(crate) fn is_type_keyword(text: &str) -> bool {
    FloatKind::from_keyword(text).is_some()
        || split_int_keyword(text).is_some()
        || matches!(
            text,
            "index" | "none" | "complex" | "tuple" | "tensor" | "memref" | "vector"
        )
}
