//! `OpAsmParser`: what a custom-form parser hook may read, mirroring upstream's API (optional
//! and mandatory variants of each piece, operands read first and resolved against types
//! later).

use super::ParseResult;
use crate::lexer::Tok;
use crate::parser::Parser;
use smallvec::SmallVec;
use tessera_ir::{Attr, BlockId, Context, Diagnostic, Ident, Location, RegionId, Type, ValueId};

/// What a custom parser builds: everything the op is created from.
pub struct CustomOpState {
    /// The op's full name.
    pub name: Ident,
    /// Where the op's name was written.
    pub loc: Location,
    /// Resolved operands, in order.
    pub operands: SmallVec<[ValueId; 4]>,
    /// Result types, in order.
    pub result_types: SmallVec<[Type; 2]>,
    /// Attributes, inherent and discardable alike: the parser stores the op's inherent ones
    /// as properties once the op is known.
    pub attrs: Vec<(Ident, Attr)>,
    /// Parsed regions (detached until the op is created), in order.
    pub regions: SmallVec<[RegionId; 2]>,
    /// Successor blocks, in order.
    pub successors: SmallVec<[BlockId; 2]>,
}

impl CustomOpState {
    /// An empty state for the op `name` written at `loc`.
    pub fn new(name: Ident, loc: Location) -> Self {
        CustomOpState {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: Vec::new(),
            regions: SmallVec::new(),
            successors: SmallVec::new(),
        }
    }

    /// The attribute named `name`, if one was parsed.
    pub fn attr(&self, ctx: &Context, name: &str) -> Option<Attr> {
        self.attrs
            .iter()
            .find(|(n, _)| ctx.str(*n) == name)
            .map(|&(_, a)| a)
    }
}

/// An operand as written (`%name` or `%name#3`), before its type is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand<'a> {
    /// The name without `%`.
    pub name: &'a str,
    /// The result number (`#N`), 0 if none.
    pub number: u32,
    /// Byte offset of the `%`, for diagnostics.
    pub pos: u32,
}

/// An argument of a region's entry block declared before the region, as a function's
/// signature declares its body's arguments: `%name: type {attrs} loc(...)`.
#[derive(Clone, Debug)]
pub struct Argument<'a> {
    /// The name.
    pub name: UnresolvedOperand<'a>,
    /// Its type.
    pub ty: Type,
    /// Its attribute dictionary, if one was written.
    pub attrs: Option<Attr>,
    /// Its location, if one was written (else where its name is).
    pub loc: Option<Location>,
}

/// The bare keywords that start an attribute (upstream's `parseOptionalAttribute` takes
/// these, types, and punctuation; any other keyword is no attribute).
const ATTRIBUTE_KEYWORDS: [&str; 12] = [
    "affine_map",
    "affine_set",
    "array",
    "dense",
    "dense_resource",
    "distinct",
    "false",
    "loc",
    "sparse",
    "strided",
    "true",
    "unit",
];

/// Punctuation a custom form may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Punct {
    /// `:`
    Colon,
    /// `,`
    Comma,
    /// `=`
    Equal,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `->`
    Arrow,
    /// `?`
    Question,
    /// `+`
    Plus,
    /// `*`
    Star,
    /// `...`
    Ellipsis,
    /// `-`
    Minus,
}

impl Punct {
    fn tok(self) -> Tok {
        match self {
            Punct::Colon => Tok::Colon,
            Punct::Comma => Tok::Comma,
            Punct::Equal => Tok::Equal,
            Punct::Less => Tok::Less,
            Punct::Greater => Tok::Greater,
            Punct::LParen => Tok::LParen,
            Punct::RParen => Tok::RParen,
            Punct::LBrace => Tok::LBrace,
            Punct::RBrace => Tok::RBrace,
            Punct::LSquare => Tok::LSquare,
            Punct::RSquare => Tok::RSquare,
            Punct::Arrow => Tok::Arrow,
            Punct::Question => Tok::Question,
            Punct::Plus => Tok::Plus,
            Punct::Star => Tok::Star,
            Punct::Ellipsis => Tok::Ellipsis,
            Punct::Minus => Tok::Minus,
        }
    }

    /// The punctuation as written.
    pub fn spelling(self) -> &'static str {
        match self {
            Punct::Colon => ":",
            Punct::Comma => ",",
            Punct::Equal => "=",
            Punct::Less => "<",
            Punct::Greater => ">",
            Punct::LParen => "(",
            Punct::RParen => ")",
            Punct::LBrace => "{",
            Punct::RBrace => "}",
            Punct::LSquare => "[",
            Punct::RSquare => "]",
            Punct::Arrow => "->",
            Punct::Question => "?",
            Punct::Plus => "+",
            Punct::Star => "*",
            Punct::Ellipsis => "...",
            Punct::Minus => "-",
        }
    }

    /// The punctuation spelled `text`, if any.
    pub fn from_spelling(text: &str) -> Option<Punct> {
        const ALL: [Punct; 17] = [
            Punct::Colon,
            Punct::Comma,
            Punct::Equal,
            Punct::Less,
            Punct::Greater,
            Punct::LParen,
            Punct::RParen,
            Punct::LBrace,
            Punct::RBrace,
            Punct::LSquare,
            Punct::RSquare,
            Punct::Arrow,
            Punct::Question,
            Punct::Plus,
            Punct::Star,
            Punct::Ellipsis,
            Punct::Minus,
        ];
        ALL.into_iter().find(|p| p.spelling() == text)
    }
}

/// The parser a custom-form hook reads through. Every `parse_*` fails with upstream's
/// message when the input does not match; every `parse_optional_*` consumes nothing and
/// returns `None`/`false` when what it looks for is not next.
pub struct OpAsmParser<'p, 'a, 'c> {
    p: &'p mut Parser<'a, 'c>,
    isolated: bool,
    /// The op being read, when it is one: errors a hook raises name it, as upstream's
    /// "custom op 'name' …" does.
    op_name: Option<Box<str>>,
}

impl<'p, 'a, 'c> OpAsmParser<'p, 'a, 'c> {
    pub(crate) fn new(p: &'p mut Parser<'a, 'c>, isolated: bool) -> Self {
        OpAsmParser {
            p,
            isolated,
            op_name: None,
        }
    }

    /// The parser reads op `name`.
    pub(crate) fn for_op(mut self, name: Box<str>) -> Self {
        self.op_name = Some(name);
        self
    }

    /// A hook's message, with the op it is about when reading one.
    fn hook_message(&self, msg: impl Into<String>) -> String {
        match &self.op_name {
            Some(name) => format!("custom op '{name}' {}", msg.into()),
            None => msg.into(),
        }
    }

    /// The context (to build types and attributes).
    pub fn ctx(&mut self) -> &mut Context {
        self.p.ctx
    }

    /// Byte offset of the next token, for diagnostics about what follows.
    pub fn pos(&self) -> u32 {
        self.p.tok.start
    }

    /// An error at byte offset `pos` (naming the op being read, if any).
    pub fn error_at(&mut self, pos: u32, msg: impl Into<String>) -> Box<Diagnostic> {
        let msg = self.hook_message(msg);
        self.p.error_at(pos, msg)
    }

    /// An error at the next token (naming the op being read, if any).
    pub fn error_here(&mut self, msg: impl Into<String>) -> Box<Diagnostic> {
        let msg = self.hook_message(msg);
        self.p.error_here(msg)
    }

    /// An error saying what was expected instead of the next token, placed as upstream
    /// places such errors (after the previous token).
    pub fn error_expected(&mut self, what: &str) -> Box<Diagnostic> {
        self.p.error_wrong_token(format!("expected {what}"))
    }

    // ----- punctuation and keywords ---------------------------------------------------------

    /// Whether `punct` is next.
    pub fn at(&self, punct: Punct) -> bool {
        self.p.is(punct.tok())
    }

    /// Consumes `punct` or fails with "expected '<punct>'".
    pub fn parse_punct(&mut self, punct: Punct) -> ParseResult<()> {
        self.p
            .expect(punct.tok(), &format!("'{}'", punct.spelling()))
    }

    /// Consumes `punct` if it is next.
    pub fn parse_optional_punct(&mut self, punct: Punct) -> bool {
        self.p.eat(punct.tok())
    }

    /// Consumes `|` if it is next.
    pub fn parse_optional_vertical_bar(&mut self) -> bool {
        self.p.eat(Tok::VerticalBar)
    }

    /// Consumes the keyword `kw` or fails with "expected '<kw>'" at the next token, naming the
    /// op as upstream's `parseKeyword` does.
    pub fn parse_keyword(&mut self, kw: &str) -> ParseResult<()> {
        if self.p.eat_keyword(kw) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected '{kw}'")))
        }
    }

    /// Consumes the keyword `kw` if it is next.
    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        self.p.eat_keyword(kw)
    }

    /// Whether the keyword `kw` is next.
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.p.is_keyword(kw)
    }

    /// Consumes any bare identifier and returns it.
    pub fn parse_optional_any_keyword(&mut self) -> Option<&'a str> {
        if !self.p.is(Tok::BareIdent) {
            return None;
        }
        let text = self.p.cur_text();
        self.p.bump();
        Some(text)
    }

    /// Whether a bare identifier is next.
    pub fn at_any_keyword(&self) -> bool {
        self.p.is(Tok::BareIdent)
    }

    /// A bare keyword or a quoted string, as upstream's `parseKeywordOrString`.
    pub fn parse_keyword_or_string(&mut self) -> ParseResult<String> {
        if let Some(kw) = self.parse_optional_any_keyword() {
            return Ok(kw.to_string());
        }
        match self.parse_optional_string() {
            Some(s) => Ok(s),
            None => Err(self.error_here("expected valid keyword or string")),
        }
    }

    /// A quoted string's value, if a string is next.
    pub fn parse_optional_string(&mut self) -> Option<String> {
        if !self.p.is(Tok::String) {
            return None;
        }
        let raw = crate::syntax::unescape(self.p.cur_text().as_bytes());
        self.p.bump();
        Some(String::from_utf8_lossy(&raw).into_owned())
    }

    /// An integer literal (with an optional `-`), if one is next.
    pub fn parse_optional_integer(&mut self) -> ParseResult<Option<i64>> {
        let negative = self.p.is(Tok::Minus);
        if !(self.p.is(Tok::Integer) || negative) {
            return Ok(None);
        }
        let start = self.pos();
        if negative {
            self.p.bump();
            if !self.p.is(Tok::Integer) {
                return Err(self.p.error_here("expected integer value"));
            }
        }
        let text = self.p.cur_text();
        let value = if let Some(hex) = text.strip_prefix("0x") {
            i64::from_str_radix(hex, 16).ok()
        } else {
            text.parse::<i64>().ok()
        };
        self.p.bump();
        match value {
            Some(v) => Ok(Some(if negative { -v } else { v })),
            None => Err(self.p.error_at(start, "integer value too large")),
        }
    }

    // ----- operands -------------------------------------------------------------------------

    /// `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> ParseResult<UnresolvedOperand<'a>> {
        let (name, number, pos) = self.p.parse_value_ref()?;
        Ok(UnresolvedOperand { name, number, pos })
    }

    /// An operand, if one is next.
    pub fn parse_optional_operand(&mut self) -> ParseResult<Option<UnresolvedOperand<'a>>> {
        if self.p.is(Tok::PercentIdent) {
            self.parse_operand().map(Some)
        } else {
            Ok(None)
        }
    }

    /// A possibly empty comma-separated list of operands (no delimiters).
    pub fn parse_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand<'a>>> {
        let mut list = Vec::new();
        if let Some(first) = self.parse_optional_operand()? {
            list.push(first);
            while self.p.eat(Tok::Comma) {
                list.push(self.parse_operand()?);
            }
        }
        Ok(list)
    }

    /// The type of a value already read (an operand resolved by this parser).
    pub fn value_type(&self, value: ValueId) -> Type {
        self.p.body.value_type(value)
    }

    /// The type of the value `operand` names if it is already defined (`None` for a
    /// forward reference or an undefined name). For syntax that leaves operand types out
    /// where the values' own types are meant (older forms of some ops).
    pub fn defined_type(&self, operand: UnresolvedOperand<'a>) -> Option<Type> {
        self.p
            .defined_value(operand.name, operand.number)
            .map(|v| self.p.body.value_type(v))
    }

    /// The value `operand` names, which must have type `ty`.
    pub fn resolve_operand(
        &mut self,
        operand: UnresolvedOperand<'a>,
        ty: Type,
    ) -> ParseResult<ValueId> {
        self.p
            .resolve_value(operand.name, operand.number, ty, operand.pos)
    }

    /// Resolves `operands` against `types` (one each) into `out`; a count mismatch is
    /// reported at `pos` in upstream's words.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand<'a>],
        types: &[Type],
        pos: u32,
        out: &mut SmallVec<[ValueId; 4]>,
    ) -> ParseResult<()> {
        if operands.len() != types.len() {
            return Err(self.error_at(
                pos,
                format!(
                    "{} operands present, but expected {}",
                    operands.len(),
                    types.len()
                ),
            ));
        }
        for (&operand, &ty) in operands.iter().zip(types) {
            out.push(self.resolve_operand(operand, ty)?);
        }
        Ok(())
    }

    // ----- types ----------------------------------------------------------------------------

    /// Any type.
    pub fn parse_type(&mut self) -> ParseResult<Type> {
        self.p.parse_type()
    }

    /// A type, if one is next.
    pub fn parse_optional_type(&mut self) -> ParseResult<Option<Type>> {
        if self.p.at_type() {
            self.p.parse_type().map(Some)
        } else {
            Ok(None)
        }
    }

    /// A type written with its `!dialect` prefix, if one is next (where a type may also be
    /// written stripped, as upstream's `parseCustomTypeWithFallback` reads it).
    pub fn parse_optional_type_if_qualified(&mut self) -> ParseResult<Option<Type>> {
        if self.p.is(Tok::BangIdent) {
            self.p.parse_type().map(Some)
        } else {
            Ok(None)
        }
    }

    /// `: type`.
    pub fn parse_colon_type(&mut self) -> ParseResult<Type> {
        self.p.expect(Tok::Colon, "':'")?;
        self.parse_type()
    }

    /// A comma-separated list of types (at least one).
    pub fn parse_type_list(&mut self) -> ParseResult<Vec<Type>> {
        let mut list = vec![self.parse_type()?];
        while self.p.eat(Tok::Comma) {
            list.push(self.parse_type()?);
        }
        Ok(list)
    }

    /// `: type, type, ...`.
    pub fn parse_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.p.expect(Tok::Colon, "':'")?;
        self.parse_type_list()
    }

    /// A function result list: one type, or a parenthesized (possibly empty) list.
    pub fn parse_function_result_types(&mut self) -> ParseResult<Vec<Type>> {
        if self.p.is(Tok::LParen) {
            self.p.parse_type_list_in_parens()
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// `-> results`, if an arrow is next (no results otherwise).
    pub fn parse_optional_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        if self.p.eat(Tok::Arrow) {
            self.parse_function_result_types()
        } else {
            Ok(Vec::new())
        }
    }

    /// A parenthesized type list `(t, ...)`.
    pub fn parse_type_list_in_parens(&mut self) -> ParseResult<Vec<Type>> {
        self.p.parse_type_list_in_parens()
    }

    // ----- attributes -----------------------------------------------------------------------

    /// Any attribute; `ty`, if known, types a bare number or string.
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> ParseResult<Attr> {
        self.p.parse_attribute(ty)
    }

    /// An attribute written with its `#dialect` prefix, if one is next (see
    /// [`OpAsmParser::parse_optional_type_if_qualified`]).
    pub fn parse_optional_attribute_if_qualified(&mut self) -> ParseResult<Option<Attr>> {
        if self.p.is(Tok::HashIdent) {
            self.p.parse_attribute(None).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Whether an attribute can start here.
    pub fn at_attribute(&self) -> bool {
        matches!(
            self.p.tok.kind,
            Tok::LSquare
                | Tok::LBrace
                | Tok::AtIdent
                | Tok::String
                | Tok::Integer
                | Tok::Float
                | Tok::Minus
                | Tok::HashIdent
                | Tok::BangIdent
                | Tok::LParen
        ) || (self.p.is(Tok::BareIdent)
            && (ATTRIBUTE_KEYWORDS.contains(&self.p.cur_text()) || self.p.at_type()))
    }

    /// Whether a string is next.
    pub fn at_string(&self) -> bool {
        self.p.is(Tok::String)
    }

    /// `{name = value, ...}` appended to `attrs`, if a `{` is next.
    pub fn parse_optional_attr_dict(&mut self, attrs: &mut Vec<(Ident, Attr)>) -> ParseResult<()> {
        if !self.p.is(Tok::LBrace) {
            return Ok(());
        }
        let dict = self.p.parse_attr_dict()?;
        attrs.extend_from_slice(self.p.ctx.dict_entries(dict));
        Ok(())
    }

    /// `attributes {name = value, ...}`, if the keyword is next.
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &mut Vec<(Ident, Attr)>,
    ) -> ParseResult<()> {
        if self.p.eat_keyword("attributes") {
            let dict = self.p.parse_attr_dict()?;
            attrs.extend_from_slice(self.p.ctx.dict_entries(dict));
        }
        Ok(())
    }

    /// A balanced `<...>` taken verbatim (a dialect attribute's or type's body written
    /// without its `#dialect.mnemonic` prefix), if a `<` is next.
    pub fn parse_optional_angle_body(&mut self) -> ParseResult<Option<String>> {
        self.p.parse_optional_angle_body()
    }

    /// Whether a type can start here.
    pub fn at_type(&self) -> bool {
        self.p.at_type()
    }

    /// `@name` as a string attribute value, if a symbol is next.
    pub fn parse_optional_symbol_name(&mut self) -> ParseResult<Option<String>> {
        if self.p.is(Tok::AtIdent) {
            self.p.parse_symbol_name().map(Some)
        } else {
            Ok(None)
        }
    }

    /// `@name`.
    pub fn parse_symbol_name(&mut self) -> ParseResult<String> {
        match self.parse_optional_symbol_name()? {
            Some(s) => Ok(s),
            None => Err(self.error_here("expected valid '@'-identifier for symbol name")),
        }
    }

    /// `loc(...)` if it is next.
    pub fn parse_optional_location(&mut self) -> ParseResult<Option<Location>> {
        if !self.p.is_keyword("loc") {
            return Ok(None);
        }
        self.p.bump();
        self.p.expect(Tok::LParen, "'(' in location")?;
        let loc = self.p.parse_location_body()?;
        self.p.expect(Tok::RParen, "')' in location")?;
        Ok(Some(loc))
    }

    // ----- regions and successors -----------------------------------------------------------

    /// `{ ... }`, with entry-block arguments declared before it (names bound inside). A
    /// region of an op isolated from above gets its own value scope.
    pub fn parse_region(&mut self, args: &[Argument<'a>]) -> ParseResult<RegionId> {
        self.p.parse_region_with_args(self.isolated, args)
    }

    /// A region, if a `{` is next.
    pub fn parse_optional_region(
        &mut self,
        args: &[Argument<'a>],
    ) -> ParseResult<Option<RegionId>> {
        if self.p.is(Tok::LBrace) {
            self.parse_region(args).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Whether `region` (parsed by this parser) has no blocks.
    pub fn region_is_empty(&self, region: RegionId) -> bool {
        self.p.body.region_is_empty(region)
    }

    /// A new region with no blocks (an external function's body).
    pub fn empty_region(&mut self) -> RegionId {
        self.p.body.create_detached_region()
    }

    /// Whether a block name (`^bb0`) is next.
    pub fn at_successor(&self) -> bool {
        self.p.is(Tok::CaretIdent)
    }

    /// Whether a symbol name (`@name`) is next.
    pub fn at_symbol(&self) -> bool {
        self.p.is(Tok::AtIdent)
    }

    /// Whether a bare keyword or a string is next.
    pub fn at_keyword_or_string(&self) -> bool {
        self.p.is(Tok::BareIdent) || self.p.is(Tok::String)
    }

    /// Whether an operand (`%name`) is next.
    pub fn at_operand(&self) -> bool {
        self.p.is(Tok::PercentIdent)
    }

    /// Gives an empty region one empty block (ops whose region must have exactly one).
    pub fn ensure_entry_block(&mut self, region: RegionId) {
        if self.p.body.region_is_empty(region) {
            let b = self.p.body.create_block();
            self.p.body.append_block(region, b);
        }
    }

    /// Gives a single-block region its block and, unless its last op is already one, a
    /// `terminator` op without operands or results at `loc` (the terminator a region of an
    /// op with `SingleBlockImplicitTerminator` leaves out of its text).
    pub fn ensure_terminator(&mut self, region: RegionId, terminator: &str, loc: Location) {
        self.ensure_entry_block(region);
        let body = &mut self.p.body;
        let Some(block) = body.first_block(region) else {
            return;
        };
        let name = self.p.ctx.ident(terminator);
        if body
            .last_op(block)
            .is_some_and(|op| body.op_name(op) == name)
        {
            return;
        }
        let state = tessera_ir::OperationState::new(self.p.ctx, name, loc);
        let op = body.create_op(state);
        body.append_op(block, op);
    }

    /// `^name`, a block of the enclosing region (possibly defined later).
    pub fn parse_successor(&mut self) -> ParseResult<BlockId> {
        if !self.p.is(Tok::CaretIdent) {
            return Err(self.p.error_here("expected block name"));
        }
        let t = self.p.tok;
        self.p.bump();
        let name = self.p.text(t);
        Ok(self.p.block_ref(name, t.start))
    }

    /// A successor, if a block name is next.
    pub fn parse_optional_successor(&mut self) -> ParseResult<Option<BlockId>> {
        if self.p.is(Tok::CaretIdent) {
            self.parse_successor().map(Some)
        } else {
            Ok(None)
        }
    }

    /// `%name: type {attrs}? loc(...)?` — an entry-block argument declared in a signature.
    pub fn parse_argument(
        &mut self,
        with_type: bool,
        with_attrs: bool,
    ) -> ParseResult<Argument<'a>> {
        let name = self.parse_operand()?;
        let ty = if with_type {
            self.parse_colon_type()?
        } else {
            self.p.ctx.none_type()
        };
        let attrs = if with_attrs && self.p.is(Tok::LBrace) {
            Some(self.p.parse_attr_dict()?)
        } else {
            None
        };
        let loc = self.parse_optional_location()?;
        Ok(Argument {
            name,
            ty,
            attrs,
            loc,
        })
    }
}
