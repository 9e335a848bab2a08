//! Parser for MLIR's generic operation form, builtin types and attributes, aliases,
//! locations and resource sections.
//!
//! The first error stops parsing (as upstream does) and is returned as a `Diagnostic` with a
//! `file:line:col` location; nesting depth is bounded so hostile input cannot exhaust the
//! stack.

use crate::lexer::{Lexer, Tok, Token};
use crate::resources::{BlobError, ResourceSection, ResourceValue, Resources};
use crate::ssa_names::{SsaNames, ValueSlot};
use crate::syntax::unescape;
use crate::upstream;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tessera_ir::{
    Attr, BlockId, Body, Context, Diagnostic, Ident, LocKind, Location, OpId, OperationState,
    RegionId, Type, ValueId,
};

/// Deepest nesting of regions, types or attributes accepted.
pub const MAX_NESTING: u32 = 2000;

/// Most operations (`+`, `-`, `*`, `floordiv`, `ceildiv`, `mod`) one affine expression may
/// hold. A sum is parsed in a loop but becomes a tree as deep as it is long, and hashing,
/// comparing and dropping it recurse once per level: this keeps them within any stack. Real
/// maps hold a few dozen.
pub const MAX_AFFINE_OPS: u32 = MAX_NESTING;

/// A parsed file: its IR and the top-level module op.
pub struct ParsedModule {
    /// The IR.
    pub body: Body,
    /// The top-level `builtin.module`.
    pub module: OpId,
    /// File-level resources (`{-# ... #-}`).
    pub resources: Resources,
}

pub(crate) type PResult<T> = Result<T, Box<Diagnostic>>;

#[derive(Default)]
struct IsolatedScope {
    values: SsaNames,
    forward_refs: usize,
    /// Slots allocated so far for forward references by result number (bounded by the
    /// input's size, see `resolve_value`).
    forward_slots: usize,
}

struct BlockScope<'a> {
    blocks: FxHashMap<&'a str, (BlockId, bool, u32)>,
}

/// Where a location alias used before its definition must be patched in.
enum LocUse {
    Op(OpId),
    Value(ValueId),
}

/// Parser state for one buffer.
pub struct Parser<'a, 'c> {
    pub(crate) ctx: &'c mut Context,
    pub(crate) body: Body,
    lex: Lexer<'a>,
    pub(crate) tok: Token,
    pub(crate) src: &'a str,
    file_name: &'a str,
    file: Ident,
    /// `(offset, 0-based line, offset of that line's start)` of the last location made:
    /// parsing moves forward, so lines are counted incrementally from there.
    line_cursor: (u32, u32, u32),
    /// Lines before this buffer in the file (for `--split-input-file` chunks).
    line_offset: u32,
    pub(crate) type_aliases: FxHashMap<&'a str, Type>,
    pub(crate) attr_aliases: FxHashMap<&'a str, Attr>,
    pending_loc_aliases: Vec<(LocUse, &'a str, u32)>,
    pub(crate) distinct_ids: FxHashMap<u64, Attr>,
    scopes: Vec<IsolatedScope>,
    block_scopes: Vec<BlockScope<'a>>,
    pub(crate) depth: u32,
    /// Operations in the affine expression being parsed (see `MAX_AFFINE_OPS`).
    pub(crate) affine_ops: u32,
    pub(crate) resources: Resources,
    progress: Option<&'c dyn Fn(usize)>,
    next_progress: usize,
    /// The dialect whose prefix op names may leave out, per enclosing custom-form op
    /// (`builtin` at the top level, as upstream).
    default_dialects: Vec<Box<str>>,
}

/// How far apart (in bytes) a progress callback is called.
const PROGRESS_STEP: usize = 1 << 20;

impl<'a, 'c> Parser<'a, 'c> {
    /// A parser over `src`, whose locations name `file_name`; `line_offset` is added to every
    /// line number (the chunk's first line within the file, minus one).
    pub fn new(ctx: &'c mut Context, src: &'a str, file_name: &'a str, line_offset: u32) -> Self {
        let file = ctx.ident(file_name);
        let mut lex = Lexer::new(src);
        let tok = lex.next();
        Parser {
            ctx,
            body: Body::new(),
            lex,
            tok,
            src,
            file_name,
            file,
            line_cursor: (0, 0, 0),
            line_offset,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            pending_loc_aliases: Vec::new(),
            distinct_ids: FxHashMap::default(),
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            depth: 0,
            affine_ops: 0,
            resources: Resources::default(),
            progress: None,
            next_progress: PROGRESS_STEP,
            default_dialects: vec!["builtin".into()],
        }
    }

    /// Calls `progress(offset)` now and then while parsing: the parser has read everything
    /// before `offset` and will look at it again only for diagnostics or for names it already
    /// holds (a caller that maps the input can let those pages go).
    pub fn with_progress(mut self, progress: &'c dyn Fn(usize)) -> Self {
        self.progress = Some(progress);
        self
    }

    // ----- tokens and errors ------------------------------------------------------------------

    pub(crate) fn lex_reset(&mut self, pos: usize) {
        self.lex.reset(pos);
    }

    pub(crate) fn bump(&mut self) {
        self.tok = self.lex.next();
    }

    pub(crate) fn text(&self, t: Token) -> &'a str {
        // Tokens end on character boundaries; an empty text is the safe answer otherwise.
        self.src
            .get(t.start as usize..t.end as usize)
            .unwrap_or_default()
    }

    pub(crate) fn cur_text(&self) -> &'a str {
        self.text(self.tok)
    }

    pub(crate) fn is(&self, kind: Tok) -> bool {
        self.tok.kind == kind
    }

    pub(crate) fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareIdent && self.cur_text() == kw
    }

    pub(crate) fn eat(&mut self, kind: Tok) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Location of a byte offset.
    pub(crate) fn loc_at(&mut self, pos: u32) -> Location {
        let pos = pos.min(self.src.len() as u32);
        let (mut from, mut line, mut line_start) = self.line_cursor;
        if pos < from {
            (from, line, line_start) = (0, 0, 0);
        }
        for (i, &b) in self.src.as_bytes()[from as usize..pos as usize]
            .iter()
            .enumerate()
        {
            if b == b'\n' {
                line += 1;
                line_start = from + i as u32 + 1;
            }
        }
        self.line_cursor = (pos, line, line_start);
        let col = pos - line_start + 1;
        let file = self.file;
        self.ctx.loc(LocKind::FileLineCol {
            file,
            line: line + 1 + self.line_offset,
            col,
        })
    }

    pub(crate) fn error_at(&mut self, pos: u32, msg: impl Into<String>) -> Box<Diagnostic> {
        let loc = self.loc_at(pos);
        Box::new(Diagnostic::error(loc, msg))
    }

    /// An error at the current token (one character back at the end of the input), as
    /// upstream's `emitError()`.
    pub(crate) fn error_here(&mut self, msg: impl Into<String>) -> Box<Diagnostic> {
        if self.tok.kind == Tok::Error {
            let why = self.lex.error;
            return self.error_at(self.tok.start, why);
        }
        let mut pos = self.tok.start;
        if self.tok.kind == Tok::Eof {
            pos = pos.saturating_sub(1);
        }
        self.error_at(pos, msg)
    }

    /// An error about the current token not being the expected one, placed as upstream's
    /// `emitWrongTokenError`: right after the previous token when only spaces separate them,
    /// or at the end of the last earlier line with code (before a `//` comment on it), so that
    /// "expected ..." points at where the missing token belongs.
    pub(crate) fn error_wrong_token(&mut self, msg: impl Into<String>) -> Box<Diagnostic> {
        if self.tok.kind == Tok::Error {
            let why = self.lex.error;
            return self.error_at(self.tok.start, why);
        }
        let bytes = self.src.as_bytes();
        let mut orig = self.tok.start as usize;
        if self.tok.kind == Tok::Eof {
            orig = orig.saturating_sub(1);
        }
        let mut end = orig;
        loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return self.error_at(orig as u32, msg);
            }
            if !matches!(bytes[end - 1], b'\n' | b'\r') {
                return self.error_at(end as u32, msg);
            }
            end -= 1;
            // Drop a `//` comment on the line before.
            let line_start = bytes[..end]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(0);
            if let Some(c) = bytes[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + c;
            }
        }
    }

    pub(crate) fn expect(&mut self, kind: Tok, what: &str) -> PResult<()> {
        if self.eat(kind) {
            Ok(())
        } else {
            Err(self.error_wrong_token(format!("expected {what}")))
        }
    }

    /// Consumes `kind` or reports `msg` as upstream's `parseToken` does.
    pub(crate) fn expect_msg(&mut self, kind: Tok, msg: &str) -> PResult<()> {
        if self.eat(kind) {
            Ok(())
        } else {
            Err(self.error_wrong_token(msg))
        }
    }

    /// A type as diagnostics quote it.
    pub(crate) fn type_text(&self, ty: Type) -> String {
        crate::printer::type_to_string(self.ctx, ty)
    }

    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_here(format!(
                "nesting is deeper than the supported maximum of {MAX_NESTING} levels"
            )));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `elem (, elem)*` up to `close`, consuming it.
    pub(crate) fn comma_list(
        &mut self,
        close: Tok,
        what: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.eat(close) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if self.eat(close) {
                return Ok(());
            }
            if !self.eat(Tok::Comma) {
                return Err(self.error_wrong_token(format!("expected ',' or {what}")));
            }
        }
    }

    /// Parses `elem (, elem)*` up to `close` as upstream's `parseCommaSeparatedList` with a
    /// delimiter: a missing `close` is reported as `msg` (not "expected ',' or ...").
    pub(crate) fn delimited_list(
        &mut self,
        close: Tok,
        msg: &str,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.eat(close) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if !self.eat(Tok::Comma) {
                break;
            }
        }
        self.expect_msg(close, msg)
    }

    // ----- top level ----------------------------------------------------------------------------

    /// Parses the whole buffer as one attribute, as upstream's `parseAttribute(text, ctx)`
    /// does for attribute literals written inside other languages (PDLL's `attr<"...">`):
    /// anything after the attribute is an error.
    pub fn parse_attribute_text(mut self) -> PResult<Attr> {
        let attr = self.parse_attribute(None)?;
        self.expect_text_end()?;
        Ok(attr)
    }

    /// Parses the whole buffer as one type (PDLL's `type<"...">`).
    pub fn parse_type_text(mut self) -> PResult<Type> {
        let ty = self.parse_type()?;
        self.expect_text_end()?;
        Ok(ty)
    }

    fn expect_text_end(&mut self) -> PResult<()> {
        if self.is(Tok::Eof) {
            return Ok(());
        }
        let rest = self.src.get(self.tok.start as usize..).unwrap_or_default();
        Err(self.error_here(format!("found trailing characters: '{rest}'")))
    }

    /// Parses a whole buffer.
    pub fn parse_module(mut self) -> PResult<ParsedModule> {
        let top_block = self.body.create_block();
        self.scopes.push(IsolatedScope::default());
        self.push_region_scope();
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::HashIdent | Tok::BangIdent if self.is_alias_definition() => {
                    self.parse_alias_definition()?
                }
                Tok::FileMetadataBegin => self.parse_file_metadata()?,
                Tok::Error => return Err(self.error_here("")),
                _ => {
                    let op = self.parse_operation()?;
                    self.body.append_op(top_block, op);
                }
            }
        }
        self.pop_region_scope()?;
        self.finish_isolated_scope()?;
        self.resolve_pending_loc_aliases()?;
        let ops: Vec<OpId> = self.body.block_ops(top_block).collect();
        let module_name = self.ctx.ident("builtin.module");
        let module = if ops.len() == 1 && self.body.op_name(ops[0]) == module_name {
            self.body.detach_op(ops[0]);
            ops[0]
        } else {
            let file = self.file;
            let loc = self.ctx.loc(LocKind::FileLineCol {
                file,
                line: 0,
                col: 0,
            });
            let mut state = OperationState::new(self.ctx, module_name, loc);
            state.num_regions = 1;
            let module = self.body.create_op(state);
            let region = self.body.region(module, 0);
            self.body.append_block(region, top_block);
            module
        };
        Ok(ParsedModule {
            body: self.body,
            module,
            resources: self.resources,
        })
    }

    fn is_alias_definition(&self) -> bool {
        // `#name =` / `!name =` at top level; dialect symbols contain a '.'.
        let mut look = Lexer::new(self.src);
        look.reset(self.tok.end as usize);
        !self.cur_text().contains('.') && look.next().kind == Tok::Equal
    }

    fn parse_alias_definition(&mut self) -> PResult<()> {
        let name_tok = self.tok;
        let name = &self.text(name_tok)[1..];
        let is_type = name_tok.kind == Tok::BangIdent;
        self.bump();
        self.expect(Tok::Equal, "'='")?;
        if is_type {
            if self.type_aliases.contains_key(name) {
                return Err(self.error_at(
                    name_tok.start,
                    format!("redefinition of type alias id '{name}'"),
                ));
            }
            let ty = self.parse_type()?;
            self.type_aliases.insert(name, ty);
        } else {
            if self.attr_aliases.contains_key(name) {
                return Err(self.error_at(
                    name_tok.start,
                    format!("redefinition of attribute alias id '{name}'"),
                ));
            }
            let attr = self.parse_attribute(None)?;
            self.attr_aliases.insert(name, attr);
        }
        Ok(())
    }

    fn resolve_pending_loc_aliases(&mut self) -> PResult<()> {
        for (user, name, pos) in std::mem::take(&mut self.pending_loc_aliases) {
            let Some(&attr) = self.attr_aliases.get(name) else {
                return Err(self.error_at(pos, "operation location alias was never defined"));
            };
            let Some(loc) = self.ctx.as_location(attr) else {
                return Err(self.error_at(
                    pos,
                    format!(
                        "expected location, but found '{}'",
                        crate::printer::attr_to_string(self.ctx, attr)
                    ),
                ));
            };
            match user {
                LocUse::Op(op) => self.body.set_op_loc(op, loc),
                LocUse::Value(v) => self.body.set_value_loc(v, loc),
            }
        }
        Ok(())
    }

    // ----- SSA scopes ---------------------------------------------------------------------------

    fn push_region_scope(&mut self) {
        self.scopes.last_mut().unwrap().values.open_region();
        self.block_scopes.push(BlockScope {
            blocks: FxHashMap::default(),
        });
    }

    fn pop_region_scope(&mut self) -> PResult<()> {
        self.scopes.last_mut().unwrap().values.close_region();
        let blocks = self.block_scopes.pop().unwrap();
        let mut undefined: Vec<(u32, &str)> = blocks
            .blocks
            .iter()
            .filter(|(_, (_, defined, _))| !defined)
            .map(|(name, (_, _, pos))| (*pos, *name))
            .collect();
        undefined.sort();
        if let Some((pos, _)) = undefined.first() {
            return Err(self.error_at(*pos, "reference to an undefined block"));
        }
        Ok(())
    }

    fn finish_isolated_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().unwrap();
        if scope.forward_refs > 0 {
            let mut pending: Vec<u32> = scope
                .values
                .all_slots()
                .filter(|s| s.forward)
                .map(|s| s.pos)
                .collect();
            pending.sort();
            if let Some(&pos) = pending.first() {
                return Err(self.error_at(pos, "use of undeclared SSA value name"));
            }
        }
        Ok(())
    }

    /// Resolves a use `%name#index` of type `ty` at `pos`.
    /// The value `%name#index` if it is defined already in the current scope.
    pub(crate) fn defined_value(&self, name: &str, index: u32) -> Option<ValueId> {
        let scope = self.scopes.last()?;
        let slots = scope.values.get(name).unwrap_or_default();
        slots.get(index as usize).and_then(|slot| slot.value)
    }

    pub(crate) fn resolve_value(
        &mut self,
        name: &'a str,
        index: u32,
        ty: Type,
        pos: u32,
    ) -> PResult<ValueId> {
        let scope = self.scopes.last_mut().unwrap();
        let slots = scope.values.get(name).unwrap_or_default();
        if let Some(slot) = slots.get(index as usize).copied() {
            if let Some(value) = slot.value {
                let found = self.body.value_type(value);
                if found != ty {
                    let msg = format!(
                        "use of value '%{name}' expects different type than prior uses: '{}' vs '{}'",
                        crate::printer::type_to_string(self.ctx, ty),
                        crate::printer::type_to_string(self.ctx, found)
                    );
                    let mut d = self.error_at(pos, msg);
                    let prior = self.loc_at(slot.pos);
                    d.notes.push(Diagnostic::new(
                        tessera_ir::Severity::Note,
                        prior,
                        "prior use here",
                    ));
                    return Err(d);
                }
                return Ok(value);
            }
        }
        if !slots.is_empty() && !slots[0].forward {
            return Err(self.error_at(pos, "reference to invalid result number"));
        }
        // A forward reference keeps a slot for every result number up to its own. An op
        // spells each result's type, so no input defines more results than it has bytes:
        // a larger number can never be valid, and its slots would only exhaust memory
        // (`%x#1000000000` took 16 GB in mlir-opt 19). The slots of all forward references
        // together are bounded the same way, far above what valid input needs.
        let budget = 16 * self.src.len() + 4096;
        let scope = self.scopes.last().unwrap();
        let needed = scope.forward_slots + index as usize + 1;
        if index as usize >= self.src.len() || needed > budget {
            return Err(self.error_at(
                pos,
                format!("result number {index} is more than this input can define"),
            ));
        }
        let loc = self.ctx.unknown_loc();
        let placeholder = self.body.create_placeholder(ty, loc);
        let scope = self.scopes.last_mut().unwrap();
        let slot = ValueSlot {
            value: Some(placeholder),
            forward: true,
            pos,
        };
        match scope.values.get_mut(name) {
            Some(slots) if (index as usize) < slots.len() => slots[index as usize] = slot,
            slots => {
                let mut grown: SmallVec<[ValueSlot; 4]> = slots
                    .map(|s| s.iter().copied().collect())
                    .unwrap_or_default();
                grown.resize(
                    index as usize,
                    ValueSlot {
                        value: None,
                        forward: true,
                        pos,
                    },
                );
                grown.push(slot);
                scope.forward_slots += grown.len();
                scope.values.set(name, grown);
            }
        }
        scope.forward_refs += 1;
        Ok(placeholder)
    }

    /// Binds `%name` (a group of `values`) defined at `pos`.
    pub(crate) fn define_values(
        &mut self,
        name: &'a str,
        values: &[ValueId],
        pos: u32,
    ) -> PResult<()> {
        let scope = self.scopes.last_mut().unwrap();
        let existing: SmallVec<[ValueSlot; 4]> = scope
            .values
            .get(name)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default();
        if existing.iter().any(|s| !s.forward && s.value.is_some()) {
            let prev = existing[0].pos;
            let mut d = self.error_at(pos, format!("redefinition of SSA value '%{name}'"));
            let prev_loc = self.loc_at(prev);
            d.notes.push(Diagnostic::new(
                tessera_ir::Severity::Note,
                prev_loc,
                "previously defined here",
            ));
            return Err(d);
        }
        for (i, slot) in existing.iter().enumerate() {
            let Some(placeholder) = slot.value.filter(|_| slot.forward) else {
                continue;
            };
            let Some(&real) = values.get(i) else {
                return Err(self.error_at(slot.pos, "reference to invalid result number"));
            };
            let (want, got) = (
                self.body.value_type(placeholder),
                self.body.value_type(real),
            );
            if want != got {
                let msg = format!(
                    "definition of SSA value '%{name}#{i}' has type '{}'",
                    crate::printer::type_to_string(self.ctx, got)
                );
                let mut d = self.error_at(pos, msg);
                let used = self.loc_at(slot.pos);
                let note = format!(
                    "previously used here with type '{}'",
                    crate::printer::type_to_string(self.ctx, want)
                );
                d.notes
                    .push(Diagnostic::new(tessera_ir::Severity::Note, used, note));
                return Err(d);
            }
            self.body.replace_all_uses_with(placeholder, real);
            self.scopes.last_mut().unwrap().forward_refs -= 1;
        }
        let scope = self.scopes.last_mut().unwrap();
        scope.values.define(
            name,
            values.iter().map(|&value| ValueSlot {
                value: Some(value),
                forward: false,
                pos,
            }),
        );
        Ok(())
    }

    pub(crate) fn block_ref(&mut self, name: &'a str, pos: u32) -> BlockId {
        let scope = self.block_scopes.last_mut().unwrap();
        if let Some(&(b, _, _)) = scope.blocks.get(name) {
            return b;
        }
        let b = self.body.create_block();
        self.block_scopes
            .last_mut()
            .unwrap()
            .blocks
            .insert(name, (b, false, pos));
        b
    }

    // ----- operations -----------------------------------------------------------------------

    /// Parses one operation (with its results bound), returning it detached.
    pub(crate) fn parse_operation(&mut self) -> PResult<OpId> {
        if self.tok.start as usize >= self.next_progress {
            if let Some(progress) = self.progress {
                progress(self.tok.start as usize);
            }
            self.next_progress = self.tok.start as usize + PROGRESS_STEP;
        }
        let mut result_groups: SmallVec<[(&'a str, u32, u32); 2]> = SmallVec::new();
        if self.is(Tok::PercentIdent) {
            loop {
                let t = self.tok;
                if t.kind != Tok::PercentIdent {
                    return Err(self.error_here("expected valid ssa identifier"));
                }
                self.bump();
                let mut count = 1;
                if self.eat(Tok::Colon) {
                    if !self.is(Tok::Integer) {
                        return Err(self.error_here("expected integer number of results"));
                    }
                    count = match self.cur_text().parse::<u32>() {
                        Ok(n) if n >= 1 => n,
                        _ => {
                            return Err(self
                                .error_here("expected named operation to have at least 1 result"))
                        }
                    };
                    self.bump();
                }
                result_groups.push((&self.text(t)[1..], count, t.start));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "'=' after SSA name")?;
        }
        let op = match self.tok.kind {
            Tok::String => self.parse_generic_op()?,
            Tok::BareIdent => self.parse_custom_op()?,
            _ => return Err(self.error_wrong_token("expected operation name in quotes")),
        };
        if !result_groups.is_empty() {
            let expected: u32 = result_groups.iter().map(|g| g.1).sum();
            let actual = self.body.num_results(op) as u32;
            if actual == 0 {
                return Err(self.error_at(
                    result_groups[0].2,
                    "cannot name an operation with no results",
                ));
            }
            if expected != actual {
                return Err(self.error_at(
                    result_groups[0].2,
                    format!(
                        "operation defines {actual} results but was provided {expected} to bind"
                    ),
                ));
            }
            let mut next = 0usize;
            for (name, count, pos) in result_groups {
                let values: SmallVec<[ValueId; 2]> = (next..next + count as usize)
                    .map(|i| self.body.result(op, i))
                    .collect();
                next += count as usize;
                self.define_values(name, &values, pos)?;
            }
        }
        Ok(op)
    }

    fn parse_generic_op(&mut self) -> PResult<OpId> {
        let name_tok = self.tok;
        let quoted = self.text(name_tok);
        let unescaped;
        let name_str: &str = if quoted.contains('\\') {
            unescaped = String::from_utf8(unescape(quoted.as_bytes()));
            match &unescaped {
                Ok(s) => s,
                Err(_) => return Err(self.error_here("operation name must be valid UTF-8")),
            }
        } else {
            &quoted[1..quoted.len() - 1]
        };
        if name_str.is_empty() {
            return Err(self.error_here("empty operation name is invalid"));
        }
        if name_str.contains('\0') {
            return Err(self.error_here("null character not allowed in operation name"));
        }
        // A dialect the context knows but has not registered yet is registered on first use.
        self.ctx
            .ensure_dialect(name_str.split('.').next().unwrap_or(""));
        self.check_op_name_allowed(name_str, name_tok.start)?;
        let name = self.ctx.ident(name_str);
        self.bump();
        let loc = self.loc_at(name_tok.start);
        // Operands.
        self.expect(Tok::LParen, "'(' to start operand list")?;
        let mut operand_refs: SmallVec<[(&'a str, u32, u32); 4]> = SmallVec::new();
        self.comma_list(Tok::RParen, "')'", |p| {
            let r = p.parse_value_ref()?;
            operand_refs.push(r);
            Ok(())
        })?;
        // Successors.
        let mut successors: SmallVec<[BlockId; 2]> = SmallVec::new();
        if self.is(Tok::LSquare) {
            // Only a terminator may have successors; upstream's parser knows registered ops.
            let terminator = self
                .ctx
                .op_info(name)
                .map(|info| info.traits.contains(tessera_ir::OpTraits::TERMINATOR));
            if terminator == Some(false) {
                return Err(self.error_here("successors in non-terminator"));
            }
            self.bump();
            self.comma_list(Tok::RSquare, "']'", |p| {
                if !p.is(Tok::CaretIdent) {
                    return Err(p.error_here("expected block name"));
                }
                let t = p.tok;
                p.bump();
                let b = p.block_ref(p.text(t), t.start);
                successors.push(b);
                Ok(())
            })?;
        }
        // Properties.
        let mut props = None;
        if self.eat(Tok::Less) {
            props = Some(self.parse_attribute(None)?);
            self.expect(Tok::Greater, "'>' to close properties")?;
        }
        // Regions: parsed into detached regions of a scratch op, moved after creation.
        let mut region_bodies: SmallVec<[RegionId; 2]> = SmallVec::new();
        if self.is(Tok::LParen) {
            self.bump();
            let isolated = self
                .ctx
                .op_info(name)
                .is_some_and(|i| i.traits.contains(tessera_ir::OpTraits::ISOLATED_FROM_ABOVE));
            self.comma_list(Tok::RParen, "')' to end region list", |p| {
                let r = p.parse_region(isolated)?;
                region_bodies.push(r);
                Ok(())
            })?;
        }
        // Attributes.
        let attrs = if self.is(Tok::LBrace) {
            self.parse_attr_dict()?
        } else {
            self.ctx.empty_dict()
        };
        // Type.
        self.expect(Tok::Colon, "':' followed by operation type")?;
        let type_pos = self.tok.start;
        let fn_ty = self.parse_type()?;
        let (inputs, results): (SmallVec<[Type; 4]>, SmallVec<[Type; 2]>) =
            match self.ctx.type_kind(fn_ty) {
                tessera_ir::TypeKind::Function { inputs, results } => (
                    inputs.iter().copied().collect(),
                    results.iter().copied().collect(),
                ),
                _ => return Err(self.error_at(type_pos, "expected function type")),
            };
        if inputs.len() != operand_refs.len() {
            return Err(self.error_at(
                type_pos,
                format!(
                    "expected {} operand type{} but had {}",
                    operand_refs.len(),
                    if operand_refs.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            ));
        }
        let mut operands: SmallVec<[ValueId; 4]> = SmallVec::new();
        for (&(vname, index, pos), &ty) in operand_refs.iter().zip(inputs.iter()) {
            operands.push(self.resolve_value(vname, index, ty, pos)?);
        }
        let state = OperationState {
            name,
            loc,
            operands,
            result_types: results,
            attrs,
            props,
            successors,
            num_regions: region_bodies.len() as u32,
        };
        let mut state = state;
        self.move_inherent_attrs(&mut state)?;
        let op = self.body.create_op(state);
        for (i, r) in region_bodies.into_iter().enumerate() {
            let target = self.body.region(op, i);
            self.body.take_region_body(r, target);
        }
        self.parse_trailing_loc(LocUse::Op(op))?;
        Ok(op)
    }

    /// Moves a registered op's inherent attributes from the attribute dictionary of old
    /// generic input into its properties, as upstream stores them; a value already given as a
    /// property wins. The op's hook checks them first, as upstream checks them while parsing.
    fn move_inherent_attrs(&mut self, state: &mut OperationState) -> PResult<()> {
        // Upstream 19 still reads segment sizes under their old names from a dictionary.
        if state.props.is_none() {
            for (old, new) in [
                ("operand_segment_sizes", "operandSegmentSizes"),
                ("result_segment_sizes", "resultSegmentSizes"),
            ] {
                let (Some(old), Some(new)) =
                    (self.ctx.lookup_ident(old), self.ctx.lookup_ident(new))
                else {
                    continue;
                };
                let entries = self.ctx.dict_entries(state.attrs);
                let inherent = self
                    .ctx
                    .op_info(state.name)
                    .is_some_and(|i| i.inherent_attrs.contains(&new));
                if !inherent || entries.iter().any(|e| e.0 == new) {
                    continue;
                }
                let renamed: Vec<(Ident, Attr)> = entries
                    .iter()
                    .map(|&(n, v)| (if n == old { new } else { n }, v))
                    .collect();
                state.attrs = self.ctx.dictionary(renamed);
            }
        }
        let info = match self.ctx.op_info(state.name) {
            Some(info) if !info.inherent_attrs.is_empty() => info,
            _ => return Ok(()),
        };
        if let Some(check) = &info.verify_inherent_attrs {
            let (given, as_properties) = match state.props {
                Some(props) => (props, true),
                None => (state.attrs, false),
            };
            if let Err(message) = check(self.ctx, given, as_properties) {
                return Err(Box::new(Diagnostic::error(state.loc, message)));
            }
        }
        let inherent = &info.inherent_attrs;
        let mut props: Vec<(Ident, Attr)> = state
            .props
            .map(|p| self.ctx.dict_entries(p).to_vec())
            .unwrap_or_default();
        let mut rest = Vec::new();
        for &(n, v) in self.ctx.dict_entries(state.attrs) {
            if inherent.contains(&n) {
                if !props.iter().any(|p| p.0 == n) {
                    props.push((n, v));
                }
            } else {
                rest.push((n, v));
            }
        }
        add_default_attrs(info, &mut props);
        if !props.is_empty() {
            state.props = Some(self.ctx.dictionary(props));
            state.attrs = self.ctx.dictionary(rest);
        } else if state
            .props
            .is_some_and(|p| self.ctx.dict_entries(p).is_empty())
        {
            state.props = None;
        }
        Ok(())
    }

    /// A custom form's attributes as the op stores them: inherent ones (with the defaults
    /// of those left out) as properties, the rest as its dictionary. Upstream's generated
    /// parsers put the attributes a format binds straight into the properties, unchecked
    /// until verification.
    fn split_inherent(&mut self, name: Ident, attrs: Vec<(Ident, Attr)>) -> (Attr, Option<Attr>) {
        let Some(info) = self
            .ctx
            .op_info(name)
            .filter(|i| !i.inherent_attrs.is_empty())
        else {
            return (self.ctx.dictionary(attrs), None);
        };
        let (mut props, rest): (Vec<_>, Vec<_>) = attrs
            .into_iter()
            .partition(|(n, _)| info.inherent_attrs.contains(n));
        add_default_attrs(info, &mut props);
        let props = (!props.is_empty()).then(|| self.ctx.dictionary(props));
        (self.ctx.dictionary(rest), props)
    }

    fn check_op_name_allowed(&mut self, name: &str, pos: u32) -> PResult<()> {
        if self.ctx.allows_unregistered_dialects() {
            return Ok(());
        }
        let name_id = self.ctx.lookup_ident(name);
        if name_id.is_some_and(|n| self.ctx.op_info(n).is_some()) {
            return Ok(());
        }
        let dialect = name.split('.').next().unwrap_or("");
        if self.ctx.dialect(dialect).is_some() {
            return Err(self.error_at(
                pos,
                format!(
                    "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                ),
            ));
        }
        Err(self.error_at(
            pos + 1,
            "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
        ))
    }

    /// An op in custom form: its name (with the default dialect's prefix or `builtin.` left
    /// out where that is unambiguous), then whatever its registered hooks read.
    fn parse_custom_op(&mut self) -> PResult<OpId> {
        let name_tok = self.tok;
        let text = self.cur_text();
        let Some((name, hooks)) = self.custom_op_hooks(text) else {
            let msg = if text.contains('.') {
                format!("custom op '{text}' is unknown")
            } else {
                format!("custom op '{text}' is unknown (tried 'builtin.{text}' as well)")
            };
            return Err(self.error_here(msg));
        };
        self.bump();
        let loc = self.loc_at(name_tok.start);
        let isolated = self
            .ctx
            .op_info(name)
            .is_some_and(|i| i.traits.contains(tessera_ir::OpTraits::ISOLATED_FROM_ABOVE));
        let mut state = crate::custom::CustomOpState::new(name, loc);
        self.default_dialects.push(hooks.default_dialect().into());
        let op_name: Box<str> = self.ctx.str(name).into();
        let parsed = hooks.parse(
            &mut crate::custom::OpAsmParser::new(self, isolated).for_op(op_name),
            &mut state,
        );
        self.default_dialects.pop();
        parsed?;
        if let Some(dup) = self.ctx.find_duplicate_name(&state.attrs) {
            let n = self.ctx.str(dup).to_string();
            return Err(self.error_here(format!("duplicate key '{n}' in dictionary attribute")));
        }
        let regions = std::mem::take(&mut state.regions);
        let (attrs, props) = self.split_inherent(name, std::mem::take(&mut state.attrs));
        let op_state = OperationState {
            name,
            loc,
            operands: state.operands,
            result_types: state.result_types,
            attrs,
            props,
            successors: state.successors,
            num_regions: regions.len() as u32,
        };
        let op = self.body.create_op(op_state);
        for (i, r) in regions.into_iter().enumerate() {
            let target = self.body.region(op, i);
            self.body.take_region_body(r, target);
        }
        self.parse_trailing_loc(LocUse::Op(op))?;
        Ok(op)
    }

    /// The registered op a custom-form name stands for, and its hooks: the name as written
    /// if it has a dialect prefix, else in the default dialect of the enclosing op, else in
    /// `builtin`.
    fn custom_op_hooks(
        &mut self,
        text: &str,
    ) -> Option<(Ident, std::sync::Arc<dyn crate::custom::OpAssembly>)> {
        let lookup = |p: &mut Self, full: &str| {
            let name = p.ctx.lookup_ident(full)?;
            let hooks = crate::custom::op_assembly(p.ctx, name)?;
            Some((name, hooks))
        };
        if let Some((namespace, _)) = text.split_once('.') {
            self.ctx.ensure_dialect(namespace);
            return lookup(self, text);
        }
        let default = self.default_dialects.last().cloned().unwrap_or_default();
        if !default.is_empty() {
            if let Some(found) = lookup(self, &format!("{default}.{text}")) {
                return Some(found);
            }
        }
        lookup(self, &format!("builtin.{text}"))
    }

    pub(crate) fn parse_symbol_name(&mut self) -> PResult<String> {
        let text = &self.cur_text()[1..];
        let name = if text.starts_with('"') {
            String::from_utf8_lossy(&unescape(text.as_bytes())).into_owned()
        } else {
            text.to_string()
        };
        self.bump();
        Ok(name)
    }

    /// `%name` or `%name#N`.
    pub(crate) fn parse_value_ref(&mut self) -> PResult<(&'a str, u32, u32)> {
        if !self.is(Tok::PercentIdent) {
            return Err(self.error_here("expected SSA operand"));
        }
        let t = self.tok;
        let text = &self.text(t)[1..];
        self.bump();
        // `#N` is lexed as a hash identifier glued to the name.
        if self.is(Tok::HashIdent) && self.tok.start == t.end {
            let idx_text = &self.cur_text()[1..];
            let Ok(idx) = idx_text.parse::<u32>() else {
                return Err(self.error_here("invalid SSA value result number"));
            };
            self.bump();
            return Ok((text, idx, t.start));
        }
        Ok((text, 0, t.start))
    }

    fn parse_trailing_loc(&mut self, user: LocUse) -> PResult<()> {
        if !self.is_keyword("loc") {
            return Ok(());
        }
        self.bump();
        self.expect(Tok::LParen, "'(' in location")?;
        if self.is(Tok::HashIdent) {
            let t = self.tok;
            let name = &self.text(t)[1..];
            self.bump();
            match self.attr_aliases.get(name).copied() {
                Some(attr) => {
                    let Some(loc) = self.ctx.as_location(attr) else {
                        return Err(self.error_at(
                            t.start,
                            format!(
                                "expected location, but found '{}'",
                                crate::printer::attr_to_string(self.ctx, attr)
                            ),
                        ));
                    };
                    match user {
                        LocUse::Op(op) => self.body.set_op_loc(op, loc),
                        LocUse::Value(v) => self.body.set_value_loc(v, loc),
                    }
                }
                None => self.pending_loc_aliases.push((user, name, t.start)),
            }
        } else {
            let loc = self.parse_location_body()?;
            match user {
                LocUse::Op(op) => self.body.set_op_loc(op, loc),
                LocUse::Value(v) => self.body.set_value_loc(v, loc),
            }
        }
        self.expect(Tok::RParen, "')' in location")
    }

    // ----- regions and blocks --------------------------------------------------------------

    /// Parses `{ blocks }` into a fresh, ownerless region.
    fn parse_region(&mut self, isolated: bool) -> PResult<RegionId> {
        crate::with_stack(|| self.parse_region_inner(isolated, &[]))
    }

    /// Parses `{ blocks }` whose entry block has the arguments a custom form declared
    /// before it (a function's signature), bound in the region's scope.
    pub(crate) fn parse_region_with_args(
        &mut self,
        isolated: bool,
        entry_args: &[crate::custom::Argument<'a>],
    ) -> PResult<RegionId> {
        crate::with_stack(|| self.parse_region_inner(isolated, entry_args))
    }

    fn parse_region_inner(
        &mut self,
        isolated: bool,
        entry_args: &[crate::custom::Argument<'a>],
    ) -> PResult<RegionId> {
        self.enter()?;
        let region = self.scratch_region();
        self.expect(Tok::LBrace, "'{' to begin a region")?;
        if isolated {
            self.scopes.push(IsolatedScope::default());
        }
        self.push_region_scope();
        if !entry_args.is_empty() {
            if self.is(Tok::CaretIdent) {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            let b = self.body.create_block();
            self.body.append_block(region, b);
            for arg in entry_args {
                let loc = match arg.loc {
                    Some(loc) => loc,
                    None => self.loc_at(arg.name.pos),
                };
                let value = self.body.add_block_arg(b, arg.ty, loc);
                self.define_values(arg.name.name, &[value], arg.name.pos)?;
            }
        }
        if !self.is(Tok::RBrace) || !entry_args.is_empty() {
            // Entry block: explicit label, implicit, or the one holding the declared
            // arguments.
            let mut block = if let Some(b) = self.body.first_block(region) {
                Some(b)
            } else if self.is(Tok::CaretIdent) {
                None
            } else {
                let b = self.body.create_block();
                self.body.append_block(region, b);
                Some(b)
            };
            loop {
                if self.is(Tok::CaretIdent) {
                    block = Some(self.parse_block_header(region)?);
                    continue;
                }
                if self.eat(Tok::RBrace) {
                    break;
                }
                if self.is(Tok::Eof) {
                    return Err(self.error_here("expected '}' to end region"));
                }
                let op = self.parse_operation()?;
                self.body.append_op(block.unwrap(), op);
            }
        } else {
            self.bump();
        }
        self.pop_region_scope()?;
        if isolated {
            self.finish_isolated_scope()?;
        }
        self.leave();
        Ok(region)
    }

    fn scratch_region(&mut self) -> RegionId {
        // The op does not exist yet: parse into a detached region, move the blocks later.
        self.body.create_detached_region()
    }

    fn parse_block_header(&mut self, region: RegionId) -> PResult<BlockId> {
        let t = self.tok;
        let name = self.text(t);
        self.bump();
        let scope = self.block_scopes.last_mut().unwrap();
        let block = match scope.blocks.get(name).copied() {
            Some((_, true, _)) => {
                return Err(self.error_at(t.start, format!("redefinition of block '{name}'")))
            }
            Some((b, false, _)) => b,
            None => self.body.create_block(),
        };
        self.block_scopes
            .last_mut()
            .unwrap()
            .blocks
            .insert(name, (block, true, t.start));
        self.body.append_block(region, block);
        if self.eat(Tok::LParen) {
            self.comma_list(Tok::RParen, "')' to end argument list", |p| {
                if !p.is(Tok::PercentIdent) {
                    return Err(p.error_here("expected SSA operand"));
                }
                let at = p.tok;
                p.bump();
                p.expect(Tok::Colon, "':' and type for SSA operand")?;
                let ty = p.parse_type()?;
                let loc = p.loc_at(at.start);
                let arg = p.body.add_block_arg(block, ty, loc);
                p.define_values(&p.text(at)[1..], &[arg], at.start)?;
                p.parse_trailing_loc(LocUse::Value(arg))
            })?;
        }
        self.expect(Tok::Colon, "':' after block name")?;
        Ok(block)
    }

    // ----- attribute dictionaries -------------------------------------------------------------

    /// `{name = attr, unit_name, "quoted" = attr}`.
    pub(crate) fn parse_attr_dict(&mut self) -> PResult<Attr> {
        self.expect(Tok::LBrace, "'{' in attribute dictionary")?;
        let mut entries: Vec<(Ident, Attr)> = Vec::new();
        let mut positions: SmallVec<[u32; 8]> = SmallVec::new();
        self.delimited_list(Tok::RBrace, "expected '}' in attribute dictionary", |p| {
            let t = p.tok;
            let unescaped;
            let name: &str = match t.kind {
                Tok::BareIdent => p.text(t),
                Tok::String => {
                    unescaped =
                        String::from_utf8_lossy(&unescape(p.text(t).as_bytes())).into_owned();
                    &unescaped
                }
                _ if p
                    .cur_text()
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic()) =>
                {
                    p.text(t)
                }
                _ => return Err(p.error_here("expected attribute name")),
            };
            if name.is_empty() {
                return Err(p.error_here("expected valid attribute name"));
            }
            let name = p.ctx.ident(name);
            p.bump();
            let value = if p.eat(Tok::Equal) {
                p.parse_attribute(None)?
            } else {
                p.ctx.unit_attr()
            };
            entries.push((name, value));
            positions.push(t.start);
            Ok(())
        })?;
        if let Some(dup) = self.ctx.find_duplicate_name(&entries) {
            let pos = positions[entries.iter().rposition(|e| e.0 == dup).unwrap()];
            let n = self.ctx.str(dup).to_string();
            return Err(self.error_at(pos, format!("duplicate key '{n}' in dictionary attribute")));
        }
        Ok(self.ctx.dictionary(entries))
    }

    // ----- locations ------------------------------------------------------------------------

    /// The inside of `loc(...)`.
    pub(crate) fn parse_location_body(&mut self) -> PResult<Location> {
        self.enter()?;
        let loc = crate::with_stack(|| self.parse_location_inner());
        self.leave();
        loc
    }

    fn parse_location_inner(&mut self) -> PResult<Location> {
        match self.tok.kind {
            Tok::HashIdent => {
                let t = self.tok;
                let name = &self.text(t)[1..];
                self.bump();
                let Some(&attr) = self.attr_aliases.get(name) else {
                    return Err(
                        self.error_wrong_token(format!("undefined symbol alias id '{name}'"))
                    );
                };
                self.ctx.as_location(attr).ok_or_else(|| {
                    self.error_at(
                        t.start,
                        format!(
                            "expected location, but found '{}'",
                            crate::printer::attr_to_string(self.ctx, attr)
                        ),
                    )
                })
            }
            Tok::String => {
                let t = self.tok;
                let text = String::from_utf8_lossy(&unescape(self.text(t).as_bytes())).into_owned();
                self.bump();
                if self.eat(Tok::Colon) {
                    let line = self.parse_u32("expected integer line number in FileLineColLoc")?;
                    self.expect(Tok::Colon, "':' in FileLineColLoc")?;
                    let col = self.parse_u32("expected integer column number in FileLineColLoc")?;
                    let file = self.ctx.ident(&text);
                    return Ok(self.ctx.loc(LocKind::FileLineCol { file, line, col }));
                }
                let name = self.ctx.ident(&text);
                let child = if self.eat(Tok::LParen) {
                    // Upstream 19 accepts a NameLoc child that is itself a NameLoc.
                    let c = self.parse_location_body()?;
                    self.expect(Tok::RParen, "')' after child location of NameLoc")?;
                    c
                } else {
                    self.ctx.unknown_loc()
                };
                Ok(self.ctx.loc(LocKind::Name { name, child }))
            }
            Tok::BareIdent => match self.cur_text() {
                "unknown" => {
                    self.bump();
                    Ok(self.ctx.unknown_loc())
                }
                "callsite" => {
                    self.bump();
                    self.expect(Tok::LParen, "'(' in callsite location")?;
                    let callee = self.parse_location_body()?;
                    if !self.eat_keyword("at") {
                        return Err(self.error_wrong_token("expected 'at' in callsite location"));
                    }
                    let caller = self.parse_location_body()?;
                    self.expect(Tok::RParen, "')' in callsite location")?;
                    Ok(self.ctx.loc(LocKind::CallSite { callee, caller }))
                }
                "fused" => {
                    self.bump();
                    let metadata = if self.eat(Tok::Less) {
                        let m = self.parse_attribute(None)?;
                        self.expect(Tok::Greater, "'>' after fused location metadata")?;
                        Some(m)
                    } else {
                        None
                    };
                    self.expect(Tok::LSquare, "'[' in fused location")?;
                    let mut locs = Vec::new();
                    self.comma_list(Tok::RSquare, "']'", |p| {
                        locs.push(p.parse_location_body()?);
                        Ok(())
                    })?;
                    Ok(self.fused_loc(locs, metadata))
                }
                _ => Err(self.error_here("expected location instance")),
            },
            _ => Err(self.error_here("expected location instance")),
        }
    }

    /// Builds a fused location as upstream canonicalises it: nested fused locations with the
    /// same metadata are flattened, duplicates and unknowns dropped, trivial fusions unwrapped.
    fn fused_loc(&mut self, locs: Vec<Location>, metadata: Option<Attr>) -> Location {
        let mut flat: Vec<Location> = Vec::new();
        for l in locs {
            match self.ctx.loc_kind(l).clone() {
                LocKind::Fused {
                    locs: inner,
                    metadata: m,
                } if m == metadata => {
                    for i in inner.iter() {
                        if !flat.contains(i) {
                            flat.push(*i);
                        }
                    }
                }
                LocKind::Unknown => {}
                _ => {
                    if !flat.contains(&l) {
                        flat.push(l);
                    }
                }
            }
        }
        if flat.is_empty() {
            if metadata.is_none() {
                return self.ctx.unknown_loc();
            }
            flat.push(self.ctx.unknown_loc());
        }
        if flat.len() == 1 && metadata.is_none() {
            return flat[0];
        }
        self.ctx.loc(LocKind::Fused {
            locs: flat.into(),
            metadata,
        })
    }

    pub(crate) fn parse_u32(&mut self, msg: &str) -> PResult<u32> {
        if !self.is(Tok::Integer) {
            return Err(self.error_here(msg));
        }
        let v = self
            .cur_text()
            .parse::<u32>()
            .map_err(|_| self.error_here(msg))?;
        self.bump();
        Ok(v)
    }

    // ----- file metadata -----------------------------------------------------------------------

    fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        self.comma_list(Tok::FileMetadataEnd, "'#-}'", |p| {
            if !p.is(Tok::BareIdent) {
                return Err(p.error_here("expected identifier key in file metadata dictionary"));
            }
            let section = p.cur_text();
            let section_pos = p.tok.start;
            p.bump();
            p.expect(Tok::Colon, "':'")?;
            let section = match section {
                "dialect_resources" => ResourceSection::Dialect,
                "external_resources" => ResourceSection::External,
                _ => {
                    return Err(p.error_at(
                        section_pos,
                        format!("unknown key '{section}' in file metadata dictionary"),
                    ))
                }
            };
            p.expect(Tok::LBrace, "'{'")?;
            p.comma_list(Tok::RBrace, "'}'", |p| p.parse_resource_group(section))
        })
    }

    /// `name: { key: value, ... }` in a resource section, checked as upstream's handlers
    /// check it: the builtin dialect takes blobs only, other upstream dialects take none,
    /// external tools take blobs, bools and strings.
    fn parse_resource_group(&mut self, section: ResourceSection) -> PResult<()> {
        let name_pos = self.tok.start;
        let group = self.parse_resource_key()?;
        self.expect(Tok::Colon, "':'")?;
        self.expect(Tok::LBrace, "'{'")?;
        if section == ResourceSection::Dialect {
            if !upstream::loads_dialect(group) {
                return Err(self.error_at(name_pos, format!("dialect '{group}' is unknown")));
            }
            if !upstream::has_resource_handler(group) {
                return Err(self.error_here(format!(
                    "unexpected 'resource' section for dialect '{group}'"
                )));
            }
        }
        // Names are identifiers, which `Resources` accepts.
        let _ = self.resources.add_group(section, group);
        self.comma_list(Tok::RBrace, "'}'", |p| {
            let key = match (section, p.tok.kind) {
                (_, Tok::BareIdent) => p.cur_text(),
                (ResourceSection::Dialect, _) => {
                    return Err(p.error_here("expected identifier key for 'resource' entry"))
                }
                (ResourceSection::External, _) => {
                    return Err(
                        p.error_here("expected identifier key for 'external_resources' entry")
                    )
                }
            };
            p.bump();
            p.expect(Tok::Colon, "':'")?;
            let value = p.parse_resource_value(section, key)?;
            let _ = p.resources.insert(section, group, key, value);
            Ok(())
        })
    }

    /// One resource value token, as upstream classifies it: `true`/`false` is a bool, a
    /// string starting with `0x` a blob, anything else a string.
    fn parse_resource_value(
        &mut self,
        section: ResourceSection,
        key: &str,
    ) -> PResult<ResourceValue> {
        let tok = self.tok;
        let text = self.cur_text();
        self.bump();
        let blob_expected = |p: &mut Self, detail: String| {
            Err(p.error_at(
                tok.start,
                format!("expected hex string blob for key '{key}'{detail}"),
            ))
        };
        let is_bool = tok.kind == Tok::BareIdent && matches!(text, "true" | "false");
        let is_blob = text.starts_with("\"0x");
        if is_blob || section == ResourceSection::Dialect {
            let hex = (tok.kind == Tok::String)
                .then(|| text.as_bytes().strip_prefix(b"\"0x"))
                .flatten()
                .map(|t| &t[..t.len() - 1]);
            let Some(hex) = hex else {
                return blob_expected(self, String::new());
            };
            return match ResourceValue::blob_from_hex(hex) {
                Ok(v) => Ok(v),
                Err(BlobError::NotHex) => blob_expected(self, String::new()),
                Err(BlobError::NoAlignment) => {
                    blob_expected(self, " to encode alignment in first 4 bytes".into())
                }
                Err(BlobError::BadAlignment(a)) => blob_expected(
                    self,
                    format!(
                        " to encode alignment in first 4 bytes, but got non-power-of-2 value: {a}"
                    ),
                ),
            };
        }
        if is_bool {
            return Ok(ResourceValue::Bool(text == "true"));
        }
        if tok.kind != Tok::String {
            return Err(self.error_at(tok.start, format!("expected string value for key '{key}'")));
        }
        Ok(ResourceValue::String(unescape(text.as_bytes())))
    }

    /// A resource group name or a `dense_resource` handle: a bare identifier.
    pub(crate) fn parse_resource_key(&mut self) -> PResult<&'a str> {
        if !self.is(Tok::BareIdent) {
            return Err(self.error_here("expected identifier key for 'resource' entry"));
        }
        let key = self.cur_text();
        self.bump();
        Ok(key)
    }

    /// The file name locations refer to.
    pub fn file_name(&self) -> &str {
        self.file_name
    }
}

/// Gives an op's properties the default of each default-valued attribute they lack, as
/// upstream's op creation fills default-valued properties.
fn add_default_attrs(info: &tessera_ir::OpInfo, props: &mut Vec<(Ident, Attr)>) {
    for &(n, v) in &info.default_attrs {
        if !props.iter().any(|p| p.0 == n) {
            props.push((n, v));
        }
    }
}
