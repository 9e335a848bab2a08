//! Dialect attributes and types (`#dialect.mnemonic<…>`, `!dialect.mnemonic<…>`) read through
//! the hooks of their registered dialect, as upstream's `Dialect::parseAttribute`/`parseType`.
//!
//! The IR keeps a dialect attribute or type as its text (`AttrKind::Opaque`,
//! `TypeKind::Opaque`). A dialect that registers a [`DialectAssembly`] reads that text when it
//! is parsed and gives back the spelling upstream prints, which is what the IR stores: two
//! spellings of one value (`fastmath<nnan, ninf>`, `fastmath<nnan,ninf>`) become one
//! interned object, printing needs no hook, and a malformed body is refused where it is
//! written. A dialect without hooks keeps its attributes and types as written.

use super::{OpAsmParser, ParseResult};
use crate::lexer::Tok;
use crate::parser::Parser;
use std::sync::Arc;
use tessera_ir::{Attr, AttrKind, Context, Type};

/// How one registered dialect reads its attributes and types.
pub trait DialectAssembly: Send + Sync {
    /// Reads what follows `mnemonic` in `#dialect.mnemonic…` (or in `#dialect<mnemonic…>`),
    /// the parser positioned right after the mnemonic (at `mnemonic_pos`), and returns it
    /// in the spelling upstream prints (`<nnan,ninf>`). `Ok(None)` keeps the text as written,
    /// for an attribute the dialect cannot read (e.g. one upstream parses in C++ that has no
    /// Rust hook).
    fn parse_attribute(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>>;

    /// [`DialectAssembly::parse_attribute`] for `!dialect.mnemonic…`.
    fn parse_type(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>>;
}

/// The type stored (type-erased) in `DialectInfo::assembly`.
struct DialectHooks(Arc<dyn DialectAssembly>);

/// Makes `hooks` read the attributes and types of the registered dialect `namespace`.
/// Returns false (and changes nothing) if no such dialect is registered.
pub fn set_dialect_assembly(
    ctx: &mut Context,
    namespace: &str,
    hooks: Arc<dyn DialectAssembly>,
) -> bool {
    let Some(mut info) = ctx.dialect(namespace).cloned() else {
        return false;
    };
    info.assembly = Some(Arc::new(DialectHooks(hooks)));
    ctx.register_dialect(info);
    true
}

/// The hooks of dialect `namespace`, if it registered some.
pub fn dialect_assembly(ctx: &Context, namespace: &str) -> Option<Arc<dyn DialectAssembly>> {
    ctx.dialect(namespace)?
        .assembly
        .as_ref()?
        .downcast_ref::<DialectHooks>()
        .map(|h| h.0.clone())
}

/// Whether a dialect symbol is an attribute or a type (they differ in their hook and words).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SymbolKind {
    Attribute,
    Type,
}

impl SymbolKind {
    /// Reads a symbol of this kind through `hooks`.
    fn read(
        self,
        hooks: &dyn DialectAssembly,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>> {
        match self {
            SymbolKind::Attribute => hooks.parse_attribute(p, mnemonic, mnemonic_pos),
            SymbolKind::Type => hooks.parse_type(p, mnemonic, mnemonic_pos),
        }
    }
}

impl<'a> Parser<'a, '_> {
    /// Reads the body of a dialect symbol through its dialect's hooks, if it has some: the
    /// body spans `start..end` of the source (the mnemonic and what follows). Returns the
    /// canonical body, or `None` to keep the text as written. The parser is left wherever
    /// the hook stopped; the caller moves on past the symbol.
    pub(crate) fn parse_dialect_body_with_hooks(
        &mut self,
        dialect: &str,
        kind: SymbolKind,
        start: usize,
        end: usize,
    ) -> crate::parser::PResult<Option<String>> {
        self.ctx.ensure_dialect(dialect);
        let Some(hooks) = dialect_assembly(self.ctx, dialect) else {
            return Ok(None);
        };
        self.reset_to(start);
        if !self.is(Tok::BareIdent) {
            return Err(self.error_here("expected valid keyword"));
        }
        let mnemonic_pos = self.tok.start;
        let mnemonic = self.cur_text();
        self.bump();
        let mut p = OpAsmParser::new(self, false);
        let rest = kind.read(&*hooks, &mut p, mnemonic, mnemonic_pos)?;
        let Some(rest) = rest else {
            return Ok(None);
        };
        // Upstream ignores what its dialect parser left unread; Tessera refuses it rather
        // than drop text silently (docs/compatibility.md).
        if (self.tok.start as usize) < end {
            let what = match kind {
                SymbolKind::Attribute => "attribute",
                SymbolKind::Type => "type",
            };
            return Err(self.error_here(format!(
                "unexpected trailing characters in dialect {what} '{dialect}.{mnemonic}'"
            )));
        }
        Ok(Some(format!("{mnemonic}{rest}")))
    }
}

impl OpAsmParser<'_, '_, '_> {
    /// An attribute of `dialect` written without its `#dialect.mnemonic` prefix (as op
    /// formats print attributes of a known kind, e.g. `fastmath<nnan>`), the parser being
    /// where the prefix would have ended. Read through the dialect's hooks if it has some,
    /// else a balanced `<…>` kept verbatim (nothing if no `<` is next).
    pub fn parse_stripped_attribute(
        &mut self,
        dialect: &str,
        mnemonic: &str,
    ) -> ParseResult<Option<Attr>> {
        let Some(body) = self.stripped_body(SymbolKind::Attribute, dialect, mnemonic)? else {
            return Ok(None);
        };
        let ctx = self.ctx();
        let dialect = ctx.ident(dialect);
        Ok(Some(ctx.attr(AttrKind::Opaque {
            dialect,
            body: body.into(),
            ty: None,
        })))
    }

    /// A type of `dialect` written without its `!dialect.mnemonic` prefix; see
    /// [`OpAsmParser::parse_stripped_attribute`].
    pub fn parse_stripped_type(
        &mut self,
        dialect: &str,
        mnemonic: &str,
    ) -> ParseResult<Option<Type>> {
        let Some(body) = self.stripped_body(SymbolKind::Type, dialect, mnemonic)? else {
            return Ok(None);
        };
        let ctx = self.ctx();
        let dialect = ctx.ident(dialect);
        Ok(Some(ctx.ty(tessera_ir::TypeKind::Opaque {
            dialect,
            body: body.into(),
        })))
    }

    /// The body (`mnemonic` and what follows) of a stripped attribute or type: read by the
    /// dialect's hooks, else a balanced `<…>` taken verbatim; `None` if neither is next.
    fn stripped_body(
        &mut self,
        kind: SymbolKind,
        dialect: &str,
        mnemonic: &str,
    ) -> ParseResult<Option<String>> {
        let read = match dialect_assembly(self.ctx(), dialect) {
            Some(hooks) => {
                let pos = self.pos();
                kind.read(&*hooks, self, mnemonic, pos)?
            }
            None => None,
        };
        let rest = match read {
            Some(rest) => Some(rest),
            None => self.parse_optional_angle_body()?,
        };
        Ok(rest.map(|rest| format!("{mnemonic}{rest}")))
    }
}
