//! The PDLL grammar: declarations, statements and expressions, read by recursive descent.
//!
//! Parsing and semantic analysis run together, as in upstream's front end: each construct is
//! checked (types inferred, conversions inserted, names resolved in the current scope) when
//! its syntax is complete, so every diagnostic has upstream's wording and position. The checks
//! themselves live in `sema.rs`; this file only reads syntax and calls them.
//!
//! A construct that fails returns `Err(Reported)` (the diagnostic is already recorded) and the
//! failure unwinds to the top-level declaration. There the parser recovers: it skips to the next
//! declaration keyword that starts a line and goes on, so one run reports an error per broken
//! declaration instead of only the first, and the caller always gets a tree.

use crate::ast::*;
use crate::lexer::{Lexer, TokKind, Token};
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use std::path::{Path, PathBuf};
use tessera_ir::source::FileId;
use tessera_ir::{Diagnostic, Diagnostics, Reported, SourceMap};

/// What a failing step returns: proof that it reported why.
pub(crate) type PResult<T> = Result<T, Reported>;

/// Which construct the parser is inside; decides what a statement or call may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ctx {
    /// Between top-level declarations.
    Global,
    /// A `Constraint` body: no rewrites.
    Constraint,
    /// The match section of a `Pattern`.
    PatternMatch,
    /// A `Rewrite` body or the rewrite part of a pattern: no constraint calls, named ops only.
    Rewrite,
}

/// How the result types of an operation expression are known.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ResultTypes {
    /// Written out (or not known to be inferred).
    Explicit,
    /// Taken from the operation a `replace` replaces.
    Replacement,
    /// Inferred by the operation itself (`InferTypeOpInterface`).
    Interface,
}

/// Which kind of body a `=>` lambda is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Lambda {
    Pattern,
    Constraint,
    Rewrite,
}

/// Names the parser and sema make nodes with, over and over.
pub(crate) struct CommonSyms {
    /// The empty name (unlabelled tuple elements, unnamed results).
    pub(crate) empty: Sym,
    /// `_`, the implicit operand and result ranges.
    pub(crate) underscore: Sym,
    /// `$results`, the implicit all-results access.
    pub(crate) results: Sym,
    /// `unit`, the value of an attribute given without one.
    pub(crate) unit: Sym,
}

/// Parser state: the lexer, the tree being built, scopes and diagnostics.
pub(crate) struct Parser<'a> {
    pub(crate) sources: &'a mut SourceMap,
    pub(crate) include_dirs: &'a [PathBuf],
    lexer: Lexer,
    pub(crate) tok: Token,
    pub(crate) ast: Ast,
    pub(crate) diags: Diagnostics,
    /// Per name (indexed by symbol), 1 + the declaration it names in the open scopes (0:
    /// none): resolving a name is one array read, whatever the nesting.
    visible: Vec<u32>,
    /// The names the open scopes above the module's defined, innermost last, each with the
    /// entry of `visible` it replaced, so closing a scope restores the enclosing view.
    defined: Vec<(Sym, u32)>,
    /// Per open scope above the module's, where its names start in `defined`.
    marks: Vec<u32>,
    pub(crate) ctx: Ctx,
    anon_counter: u32,
    depth: u32,
    /// Names the parser itself puts in the tree, interned once.
    pub(crate) syms: CommonSyms,
    /// Set when an inline native declaration took the `;` that ends its statement (the
    /// specification's `Constraint Local(v: Value) [{ ... }];`): the statement then needs no
    /// second one (mlir-pdll 19 wants `;;`, also accepted).
    native_decl_took_semicolon: bool,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(
        sources: &'a mut SourceMap,
        file: FileId,
        include_dirs: &'a [PathBuf],
    ) -> Self {
        let source_len = sources.file(file).text().len();
        let mut lexer = Lexer::new(sources, file);
        let mut diags = Diagnostics::new();
        let tok = lexer.next(&mut diags);
        let mut ast = Ast::with_capacity(source_len);
        let syms = CommonSyms {
            empty: ast.names.intern(""),
            underscore: ast.names.intern("_"),
            results: ast.names.intern("$results"),
            unit: ast.names.intern("unit"),
        };
        Parser {
            sources,
            include_dirs,
            lexer,
            tok,
            ast,
            syms,
            diags,
            visible: Vec::new(),
            defined: Vec::new(),
            marks: Vec::new(),
            ctx: Ctx::Global,
            anon_counter: 0,
            native_decl_took_semicolon: false,
            depth: 0,
        }
    }

    // ----- token helpers -------------------------------------------------------------------

    pub(crate) fn at(&self, kind: TokKind) -> bool {
        self.tok.kind == kind
    }

    pub(crate) fn bump(&mut self) {
        self.lexer.advance(&mut self.diags, &mut self.tok);
    }

    fn eat(&mut self, kind: TokKind) -> bool {
        if self.at(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn tok_span(&self) -> Span {
        self.lexer.span(&self.tok)
    }

    fn spelling(&self) -> &str {
        self.lexer.spelling(&self.tok)
    }

    fn reset_to(&mut self, tok: Token) {
        self.lexer.reset_to(&tok);
        self.bump();
    }

    fn expect(&mut self, kind: TokKind, msg: &str) -> PResult<()> {
        if self.at(kind) {
            self.bump();
            Ok(())
        } else {
            self.err_here(msg)
        }
    }

    /// One or more `item`s separated by commas.
    fn comma_list<A: smallvec::Array>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> PResult<A::Item>,
    ) -> PResult<SmallVec<A>> {
        let mut items = SmallVec::new();
        loop {
            items.push(item(self)?);
            if !self.eat(TokKind::Comma) {
                return Ok(items);
            }
        }
    }

    pub(crate) fn err<T>(&mut self, span: Span, msg: impl Into<String>) -> PResult<T> {
        Err(self.diags.error(span.lo, msg))
    }

    fn err_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let span = self.tok_span();
        self.err(span, msg)
    }

    pub(crate) fn err_note<T>(
        &mut self,
        span: Span,
        msg: impl Into<String>,
        note_span: Span,
        note: impl Into<String>,
    ) -> PResult<T> {
        Err(self
            .diags
            .report_error(Diagnostic::error(span.lo, msg).with_note(note_span.lo, note)))
    }

    fn name_here(&mut self) -> Name {
        let sym = self.ast.names.intern(self.lexer.spelling(&self.tok));
        Name {
            sym,
            span: self.tok_span(),
        }
    }

    /// Runs one level of nested parsing, refusing to go deeper than [`crate::MAX_NESTING`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= crate::MAX_NESTING {
            return self.err_here("nesting too deep");
        }
        self.depth += 1;
        let result = crate::with_stack_every(self.depth, || f(self));
        self.depth -= 1;
        result
    }

    // ----- scopes --------------------------------------------------------------------------

    pub(crate) fn push_scope(&mut self) {
        self.marks.push(self.defined.len() as u32);
    }

    /// Closes the innermost scope (the module's stays open).
    pub(crate) fn pop_scope(&mut self) {
        if let Some(mark) = self.marks.pop() {
            for (sym, old) in self.defined.drain(mark as usize..).rev() {
                self.visible[sym.index()] = old;
            }
        }
    }

    /// Closes the innermost scope and returns what it defined, to open it again later
    /// ([`Parser::reopen_scope`]): a signature's arguments are out of scope while its
    /// results are read, and in scope again in its body.
    fn pop_scope_keeping(&mut self) -> SmallVec<[(Sym, DeclId); 4]> {
        let start = self
            .marks
            .last()
            .map_or(self.defined.len(), |&m| m as usize);
        let kept = self.defined[start..]
            .iter()
            .filter_map(|&(sym, _)| Some((sym, self.lookup(sym)?)))
            .collect();
        self.pop_scope();
        kept
    }

    /// Opens a scope defining `names` (what [`Parser::pop_scope_keeping`] returned).
    fn reopen_scope(&mut self, names: &[(Sym, DeclId)]) {
        self.push_scope();
        for &(sym, decl) in names {
            self.add_to_scope(sym, decl);
        }
    }

    /// Closes every scope but the module's.
    fn close_scopes(&mut self) {
        while !self.marks.is_empty() {
            self.pop_scope();
        }
    }

    pub(crate) fn lookup(&self, sym: Sym) -> Option<DeclId> {
        let entry = self.visible.get(sym.index())?.checked_sub(1)?;
        Some(DeclId::from_u32(entry))
    }

    pub(crate) fn add_to_scope(&mut self, sym: Sym, decl: DeclId) {
        if sym.index() >= self.visible.len() {
            // Room for every symbol interned so far: the table grows with the names.
            self.visible
                .resize(self.ast.names.len().max(sym.index() + 1), 0);
        }
        let old = std::mem::replace(&mut self.visible[sym.index()], decl.as_u32() + 1);
        if !self.marks.is_empty() {
            self.defined.push((sym, old));
        }
    }

    // ----- module --------------------------------------------------------------------------

    /// Parses the whole input; never fails (errors are in `diags`).
    pub(crate) fn parse_module(&mut self) {
        while !self.at(TokKind::Eof) {
            let start = self.tok;
            let mut decls = Ids::new();
            let result = if self.at(TokKind::Directive) {
                self.parse_directive(&mut decls)
            } else {
                self.parse_top_level_decl().map(|d| decls.push(d))
            };
            self.ast.top_level.extend(decls);
            if result.is_err() {
                self.recover(start);
            }
            // A declaration leaves no scope open; one that failed may have.
            self.close_scopes();
        }
    }

    /// Skips to the next top-level keyword that starts a line, resetting scope and context.
    /// At least one token is skipped when the failed declaration consumed none, so the module
    /// loop always makes progress. Lexer errors met while skipping are not reported: they
    /// would only echo the error being recovered from.
    fn recover(&mut self, start: Token) {
        self.close_scopes();
        self.ctx = Ctx::Global;
        let mut quiet = Diagnostics::new();
        if self.tok == start || self.at(TokKind::Error) {
            self.tok = self.lexer.next(&mut quiet);
        }
        while !self.at(TokKind::Eof) {
            let starts_decl = matches!(
                self.tok.kind,
                TokKind::KwPattern
                    | TokKind::KwConstraint
                    | TokKind::KwRewriteC
                    | TokKind::Directive
            );
            if starts_decl && self.starts_line() {
                return;
            }
            self.tok = self.lexer.next(&mut quiet);
        }
    }

    fn starts_line(&self) -> bool {
        let Some((file, offset)) = self.sources.find(self.tok_span().lo) else {
            return false;
        };
        let text = self.sources.file(file).text();
        offset == 0 || text.as_bytes().get(offset - 1) == Some(&b'\n')
    }

    fn parse_module_body(&mut self, decls: &mut Ids<DeclId>) -> PResult<()> {
        while !self.at(TokKind::Eof) {
            if self.at(TokKind::Directive) {
                self.parse_directive(decls)?;
                continue;
            }
            decls.push(self.parse_top_level_decl()?);
        }
        Ok(())
    }

    fn parse_directive(&mut self, decls: &mut Ids<DeclId>) -> PResult<()> {
        if self.spelling() == "#include" {
            return self.parse_include(decls);
        }
        let msg = format!("unknown directive `{}`", self.spelling());
        self.err_here(msg)
    }

    fn parse_include(&mut self, decls: &mut Ids<DeclId>) -> PResult<()> {
        let loc = self.tok_span();
        self.bump();
        if !self.tok.is_string() {
            return self.err(loc, "expected string file name after `include` directive");
        }
        let file_loc = self.tok_span();
        let file_tok = self.tok;
        let filename = self.lexer.string_value(&self.tok).into_owned();
        self.bump();

        let is_pdll = filename.ends_with(".pdll");
        if !is_pdll && !filename.ends_with(".td") {
            return self.err(
                file_loc,
                "expected include filename to end with `.pdll` or `.td`",
            );
        }
        let Some((path, text)) = self.open_include(&filename) else {
            return self.err(
                file_loc,
                format!("unable to open include file `{filename}`"),
            );
        };
        if !is_pdll {
            return self.parse_td_include(&filename, path, text, file_loc, decls);
        }
        let file = self.sources.add_included(path, text, file_loc.hi);
        self.lexer.push_include(self.sources, file, &file_tok);
        self.bump();
        let result = self.parse_module_body(decls);
        // The included buffer's end handed the lexer back to the includer; read on from there.
        self.bump();
        result
    }

    /// Finds an include as upstream's source manager does: the name as given, then under each
    /// include directory in order. Returns the name the buffer is known by and its text.
    fn open_include(&self, filename: &str) -> Option<(String, String)> {
        let candidates = std::iter::once(PathBuf::from(filename))
            .chain(self.include_dirs.iter().map(|d| d.join(filename)));
        for path in candidates {
            if let Ok(bytes) = std::fs::read(&path) {
                let name = display_path(&path);
                return Some((name, String::from_utf8_lossy(&bytes).into_owned()));
            }
        }
        None
    }

    // ----- declarations --------------------------------------------------------------------

    fn parse_top_level_decl(&mut self) -> PResult<DeclId> {
        let decl = match self.tok.kind {
            TokKind::KwConstraint => self.parse_user_decl(false, false)?,
            TokKind::KwPattern => self.parse_pattern_decl()?,
            TokKind::KwRewriteC => self.parse_user_decl(true, false)?,
            _ => return self.err_here("expected top-level declaration, such as a `Pattern`"),
        };
        if let Some(name) = self.ast.decls[decl].name() {
            self.check_define_named_decl(name)?;
            self.add_to_scope(name.sym, decl);
        }
        Ok(decl)
    }

    fn parse_named_attribute_decl(&mut self) -> PResult<DeclId> {
        let sym = if self.tok.is_string() {
            self.ast.names.intern(&self.lexer.string_value(&self.tok))
        } else if self.at(TokKind::Identifier) || self.tok.kind.is_keyword() {
            self.ast.names.intern(self.lexer.spelling(&self.tok))
        } else {
            return self.err_here("expected identifier or string attribute name");
        };
        let name = Name {
            sym,
            span: self.tok_span(),
        };
        self.bump();
        let value = if self.eat(TokKind::Equal) {
            self.parse_expr()?
        } else {
            // An attribute without a value is a unit attribute.
            let unit = self.syms.unit;
            let attr = self.ast.types.attr;
            self.ast.expr(ExprKind::Attribute(unit), name.span, attr)
        };
        Ok(self
            .ast
            .decl(DeclKind::NamedAttribute { name, value }, name.span))
    }

    fn parse_lambda_body(&mut self, kind: Lambda, expect_semicolon: bool) -> PResult<StmtId> {
        self.bump(); // `=>`
        let body_start = self.tok_span().lo;
        self.push_scope();
        let mut stmt = self.parse_stmt(expect_semicolon)?;
        let span = self.ast.stmt_span(stmt);
        // Whether the body is an operation rewrite, or else the expression it is, if any.
        let body = &self.ast.stmts[stmt].kind;
        let is_rewrite = body.is_op_rewrite();
        let expr = match *body {
            StmtKind::Expr(e) => Some(e),
            _ => None,
        };
        match (kind, expr) {
            (Lambda::Pattern, _) if is_rewrite => {}
            (Lambda::Pattern, _) => {
                return self.err(
                    span,
                    "expected Pattern lambda body to contain a single operation rewrite \
                     statement, such as `erase`, `replace`, or `rewrite`",
                )
            }
            (Lambda::Rewrite, _) if is_rewrite => {}
            (_, Some(e)) => {
                stmt = self.ast.stmt(StmtKind::Return(e), span);
            }
            (Lambda::Constraint, _) => {
                return self.err(
                    span,
                    "expected `Constraint` lambda body to contain a single expression",
                )
            }
            (Lambda::Rewrite, _) => {
                return self.err(
                    span,
                    "expected `Rewrite` lambda body to contain a single expression or an \
                     operation rewrite statement; such as `erase`, `replace`, or `rewrite`",
                )
            }
        }
        self.pop_scope();
        let body_span = Span {
            lo: body_start,
            hi: self.tok_span().lo,
        };
        Ok(self
            .ast
            .stmt(StmtKind::Compound(smallvec![stmt]), body_span))
    }

    fn parse_argument_decl(&mut self) -> PResult<DeclId> {
        if !self.at(TokKind::Identifier) && !self.tok.kind.is_dependent_keyword() {
            return self.err_here("expected identifier argument name");
        }
        let name = self.name_here();
        self.bump();
        self.expect(TokKind::Colon, "expected `:` before argument constraint")?;
        let cst = self.parse_arg_or_result_constraint()?;
        self.create_arg_or_result_variable_decl(name, cst)
    }

    fn parse_result_decl(&mut self) -> PResult<DeclId> {
        if self.at(TokKind::Identifier) || self.tok.kind.is_dependent_keyword() {
            let sym = self.ast.names.intern(self.lexer.spelling(&self.tok));
            let names_constraint = self
                .lookup(sym)
                .is_some_and(|d| self.ast.decls[d].is_constraint());
            if !names_constraint {
                let name = self.name_here();
                self.bump();
                self.expect(TokKind::Colon, "expected `:` before result constraint")?;
                let cst = self.parse_arg_or_result_constraint()?;
                return self.create_arg_or_result_variable_decl(name, cst);
            }
        }
        let cst = self.parse_arg_or_result_constraint()?;
        let name = Name {
            sym: self.syms.empty,
            span: cst.span,
        };
        self.create_arg_or_result_variable_decl(name, cst)
    }

    /// `Constraint …` or `Rewrite …`, at global scope or inline.
    fn parse_user_decl(&mut self, rewrite: bool, inline: bool) -> PResult<DeclId> {
        let loc = self.tok_span();
        self.bump();
        let saved = self.ctx;
        self.ctx = if rewrite {
            Ctx::Rewrite
        } else {
            Ctx::Constraint
        };

        let name = if !self.at(TokKind::Identifier) {
            if !inline {
                return self.err_here("expected identifier name");
            }
            // Inline declarations may be anonymous, like lambdas.
            let prefix = if rewrite { "rewrite" } else { "constraint" };
            let anon = format!("<anonymous_{prefix}_{}>", self.anon_counter);
            self.anon_counter += 1;
            Name {
                sym: self.ast.names.intern(&anon),
                span: loc,
            }
        } else {
            let name = self.name_here();
            self.bump();
            name
        };

        let sig = self.parse_signature()?;
        let decl = if self.at(TokKind::LBrace) || self.at(TokKind::EqualArrow) {
            self.parse_user_pdll_body(rewrite, name, inline, sig)?
        } else {
            self.parse_user_native_decl(rewrite, name, inline, sig)?
        };
        self.ctx = saved;
        Ok(decl)
    }

    fn parse_inline_user_decl(&mut self, rewrite: bool) -> PResult<DeclId> {
        let decl = self.parse_user_decl(rewrite, true)?;
        let name = self.ast.callable(decl).map(|c| c.name);
        if let Some(name) = name {
            self.check_define_named_decl(name)?;
            self.add_to_scope(name.sym, decl);
        }
        Ok(decl)
    }

    fn parse_user_pdll_body(
        &mut self,
        rewrite: bool,
        name: Name,
        inline: bool,
        mut sig: Signature,
    ) -> PResult<DeclId> {
        self.reopen_scope(&sig.arg_names);
        let kind = if rewrite {
            Lambda::Rewrite
        } else {
            Lambda::Constraint
        };
        let decl_type = if rewrite { "Rewrite" } else { "Constraint" };
        let lambda = self.at(TokKind::EqualArrow);
        let body = if lambda {
            self.parse_lambda_body(kind, !inline)?
        } else {
            self.parse_compound_stmt()?
        };
        self.pop_scope();
        // Constraint lambdas end in their expression by construction; everything else must
        // end at its `return`, if it has one.
        if rewrite || !lambda {
            self.validate_return(decl_type, body, &sig)?;
        }
        self.create_user_pdll_decl(rewrite, name, &mut sig, body)
    }

    fn parse_user_native_decl(
        &mut self,
        rewrite: bool,
        name: Name,
        inline: bool,
        sig: Signature,
    ) -> PResult<DeclId> {
        let code = if self.tok.is_string() {
            let code: Box<str> = self.lexer.string_value(&self.tok).into();
            self.bump();
            Some(code)
        } else if inline {
            return self.err(
                name.span,
                "external declarations must be declared in global scope",
            );
        } else if self.at(TokKind::Error) {
            return Err(self.already_reported());
        } else {
            None
        };
        // Inline, a native may be called where it is declared (the specification's
        // `Constraint(v: Value) [{ ... }](arg)`); mlir-pdll 19 always wants the `;`.
        if !(inline && code.is_some() && self.at(TokKind::LParen)) {
            self.expect(TokKind::Semicolon, "expected `;` after native declaration")?;
            self.native_decl_took_semicolon = inline;
        }
        let callable = Box::new(Callable {
            name,
            inputs: sig.args,
            results: sig.results,
            result_type: sig.result_type,
            body: None,
            code,
            native_type: None,
        });
        let kind = if rewrite {
            DeclKind::UserRewrite(callable)
        } else {
            DeclKind::UserConstraint(callable)
        };
        Ok(self.ast.decl(kind, name.span))
    }

    fn already_reported(&mut self) -> Reported {
        match self.diags.has_errors() {
            Some(r) => r,
            None => {
                let span = self.tok_span();
                self.diags.error(span.lo, "invalid token")
            }
        }
    }

    fn parse_signature(&mut self) -> PResult<Signature> {
        self.expect(TokKind::LParen, "expected `(` to start argument list")?;
        self.push_scope();
        let mut args = SmallVec::new();
        if !self.at(TokKind::RParen) {
            args = self.comma_list(|p| p.parse_argument_decl())?;
        }
        let arg_names = self.pop_scope_keeping();
        self.expect(TokKind::RParen, "expected `)` to end argument list")?;

        self.push_scope();
        let mut results = SmallVec::new();
        if self.eat(TokKind::Arrow) {
            if self.eat(TokKind::LParen) {
                results = self.comma_list(|p| p.parse_result_decl())?;
                self.expect(TokKind::RParen, "expected `)` to end result list")?;
            } else {
                results.push(self.parse_result_decl()?);
            }
        }
        self.pop_scope();

        let result_type = self.result_type_of(&results);
        if let [only] = results[..] {
            if let DeclKind::Variable { name, .. } = self.ast.decls[only].kind {
                if !self.ast.names.str(name.sym).is_empty() {
                    return self.err(
                        name.span,
                        "cannot create a single-element tuple with an element label",
                    );
                }
            }
        }
        Ok(Signature {
            args,
            results,
            arg_names,
            result_type,
        })
    }

    fn parse_pattern_decl(&mut self) -> PResult<DeclId> {
        let loc = self.tok_span();
        self.bump();
        let saved = self.ctx;
        self.ctx = Ctx::PatternMatch;

        let name = if self.at(TokKind::Identifier) {
            let name = self.name_here();
            self.bump();
            Some(name)
        } else {
            None
        };
        let mut benefit = None;
        let mut recursion = false;
        if self.eat(TokKind::KwWith) {
            self.parse_pattern_metadata(&mut benefit, &mut recursion)?;
        }

        let body = if self.at(TokKind::EqualArrow) {
            self.parse_lambda_body(Lambda::Pattern, true)?
        } else {
            if !self.at(TokKind::LBrace) {
                return self.err_here("expected `{` or `=>` to start pattern body");
            }
            let body = self.parse_compound_stmt()?;
            let StmtKind::Compound(children) = &self.ast.stmts[body].kind else {
                unreachable!("a compound statement parses as one")
            };
            let mut rewrite_at = None;
            let mut misplaced_return = None;
            for (i, &s) in children.iter().enumerate() {
                let kind = &self.ast.stmts[s].kind;
                if matches!(kind, StmtKind::Return(_)) {
                    misplaced_return = Some(s);
                    break;
                }
                if kind.is_op_rewrite() {
                    rewrite_at = Some(i);
                    break;
                }
            }
            let trailing = rewrite_at.and_then(|i| children.get(i + 1).copied());
            if let Some(s) = misplaced_return {
                let span = self.ast.stmt_span(s);
                return self.err(
                    span,
                    "`return` statements are only permitted within a `Constraint` or `Rewrite` \
                     body",
                );
            }
            if rewrite_at.is_none() {
                return self.err(
                    loc,
                    "expected Pattern body to terminate with an operation rewrite statement, \
                     such as `erase`",
                );
            }
            if let Some(next) = trailing {
                let span = self.ast.stmt_span(next);
                return self.err(
                    span,
                    "Pattern body was terminated by an operation rewrite statement, but found \
                     trailing statements",
                );
            }
            body
        };
        self.ctx = saved;
        Ok(self.ast.decl(
            DeclKind::Pattern {
                name,
                benefit,
                recursion,
                body,
            },
            loc,
        ))
    }

    fn parse_pattern_metadata(
        &mut self,
        benefit: &mut Option<u16>,
        recursion: &mut bool,
    ) -> PResult<()> {
        let mut benefit_loc: Option<Span> = None;
        let mut recursion_loc: Option<Span> = None;
        loop {
            if !self.at(TokKind::Identifier) {
                return self.err_here("expected pattern metadata identifier");
            }
            /// The metadata a pattern may have.
            enum Word {
                Benefit,
                Recursion,
                Unknown,
            }
            let word = match self.spelling() {
                "benefit" => Word::Benefit,
                "recursion" => Word::Recursion,
                _ => Word::Unknown,
            };
            let loc = self.tok_span();
            self.bump();
            match word {
                Word::Benefit => {
                    if let Some(prev) = benefit_loc {
                        return self.err_note(
                            loc,
                            "pattern benefit has already been specified",
                            prev,
                            "see previous definition here",
                        );
                    }
                    self.expect(TokKind::LParen, "expected `(` before pattern benefit")?;
                    if !self.at(TokKind::Integer) {
                        return self.err_here("expected integral pattern benefit");
                    }
                    let Ok(value) = self.spelling().parse::<u16>() else {
                        return self
                            .err_here("expected pattern benefit to fit within a 16-bit integer");
                    };
                    self.bump();
                    *benefit = Some(value);
                    benefit_loc = Some(loc);
                    self.expect(TokKind::RParen, "expected `)` after pattern benefit")?;
                }
                Word::Recursion => {
                    if let Some(prev) = recursion_loc {
                        return self.err_note(
                            loc,
                            "pattern recursion metadata has already been specified",
                            prev,
                            "see previous definition here",
                        );
                    }
                    *recursion = true;
                    recursion_loc = Some(loc);
                }
                Word::Unknown => return self.err(loc, "unknown pattern metadata"),
            }
            if !self.eat(TokKind::Comma) {
                return Ok(());
            }
        }
    }

    fn parse_type_constraint_expr(&mut self) -> PResult<ExprId> {
        self.bump(); // `<`
        let expr = self.parse_expr()?;
        self.expect(
            TokKind::Greater,
            "expected `>` after variable type constraint",
        )?;
        Ok(expr)
    }

    fn parse_variable_constraint_list(&mut self) -> PResult<Constraints> {
        let mut type_constraint = None;
        if !self.eat(TokKind::LSquare) {
            // Most variables have one constraint: a list of exactly one (a growing list
            // would take room for four), as every variable keeps its list in the tree.
            return Ok(smallvec![self.parse_constraint(&mut type_constraint, true)?]);
        }
        let constraints = self.comma_list(|p| p.parse_constraint(&mut type_constraint, true))?;
        self.expect(TokKind::RSquare, "expected `]` after constraint list")?;
        Ok(constraints)
    }

    fn parse_optional_type_constraint(
        &mut self,
        type_constraint: &mut Option<Span>,
        allow_inline: bool,
    ) -> PResult<Option<ExprId>> {
        if !self.at(TokKind::Less) {
            return Ok(None);
        }
        if !allow_inline {
            return self.err_here(
                "inline `Attr`, `Value`, and `ValueRange` type constraints are not permitted on \
                 arguments or results",
            );
        }
        if let Some(prev) = *type_constraint {
            let here = self.tok_span();
            return self.err_note(
                here,
                "the type of this variable has already been constrained",
                prev,
                "see previous constraint location here",
            );
        }
        let expr = self.parse_type_constraint_expr()?;
        *type_constraint = Some(self.ast.exprs[expr].span);
        Ok(Some(expr))
    }

    fn parse_constraint(
        &mut self,
        type_constraint: &mut Option<Span>,
        allow_inline: bool,
    ) -> PResult<ConstraintRef> {
        self.nested(|p| p.parse_constraint_inner(type_constraint, allow_inline))
    }

    fn parse_constraint_inner(
        &mut self,
        type_constraint: &mut Option<Span>,
        allow_inline: bool,
    ) -> PResult<ConstraintRef> {
        let loc = self.tok_span();
        let kind = match self.tok.kind {
            TokKind::KwAttrC => {
                self.bump();
                DeclKind::AttrConstraint(
                    self.parse_optional_type_constraint(type_constraint, allow_inline)?,
                )
            }
            TokKind::KwOpC => {
                self.bump();
                DeclKind::OpConstraint(self.parse_wrapped_operation_name(true)?)
            }
            TokKind::KwTypeC => {
                self.bump();
                DeclKind::TypeConstraint
            }
            TokKind::KwTypeRange => {
                self.bump();
                DeclKind::TypeRangeConstraint
            }
            TokKind::KwValue => {
                self.bump();
                DeclKind::ValueConstraint(
                    self.parse_optional_type_constraint(type_constraint, allow_inline)?,
                )
            }
            TokKind::KwValueRange => {
                self.bump();
                DeclKind::ValueRangeConstraint(
                    self.parse_optional_type_constraint(type_constraint, allow_inline)?,
                )
            }
            TokKind::KwConstraint => {
                let decl = self.parse_inline_user_decl(false)?;
                return Ok(ConstraintRef {
                    constraint: decl,
                    span: loc,
                });
            }
            TokKind::Identifier => {
                let name = self.name_here();
                self.bump();
                let Some(decl) = self.lookup(name.sym) else {
                    let msg = format!(
                        "unknown reference to constraint `{}`",
                        self.ast.names.str(name.sym)
                    );
                    return self.err(loc, msg);
                };
                if self.ast.decls[decl].is_constraint() {
                    return Ok(ConstraintRef {
                        constraint: decl,
                        span: loc,
                    });
                }
                let def = self.ast.decls[decl].span;
                let note = format!(
                    "see the definition of `{}` here",
                    self.ast.names.str(name.sym)
                );
                return self.err_note(loc, "invalid reference to non-constraint", def, note);
            }
            _ => return self.err(loc, "expected identifier constraint"),
        };
        Ok(ConstraintRef {
            constraint: self.ast.decl(kind, loc),
            span: loc,
        })
    }

    fn parse_arg_or_result_constraint(&mut self) -> PResult<ConstraintRef> {
        self.parse_constraint(&mut None, false)
    }

    // ----- expressions ---------------------------------------------------------------------

    pub(crate) fn parse_expr(&mut self) -> PResult<ExprId> {
        self.nested(Self::parse_expr_inner)
    }

    fn parse_expr_inner(&mut self) -> PResult<ExprId> {
        if self.at(TokKind::Underscore) {
            return self.parse_underscore_expr();
        }
        let mut lhs = match self.tok.kind {
            TokKind::KwAttr => self.parse_literal_expr(false)?,
            TokKind::KwConstraint => self.parse_inline_lambda_expr(false)?,
            TokKind::KwNot => self.parse_negated_expr()?,
            TokKind::Identifier => self.parse_identifier_expr()?,
            TokKind::KwOp => self.parse_operation_expr(ResultTypes::Explicit)?,
            TokKind::KwRewriteC => self.parse_inline_lambda_expr(true)?,
            TokKind::KwType => self.parse_literal_expr(true)?,
            TokKind::LParen => self.parse_tuple_expr()?,
            _ => return self.err_here("expected expression"),
        };
        loop {
            lhs = match self.tok.kind {
                TokKind::Dot => self.parse_member_access_expr(lhs)?,
                TokKind::LParen => self.parse_call_expr(lhs, false)?,
                _ => return Ok(lhs),
            };
        }
    }

    /// `attr<"…">` or `type<"…">`; without the `<` the keyword is an ordinary name.
    fn parse_literal_expr(&mut self, is_type: bool) -> PResult<ExprId> {
        let kw = self.tok;
        let mut loc = self.tok_span();
        self.bump();
        if !self.eat(TokKind::Less) {
            self.reset_to(kw);
            return self.parse_identifier_expr();
        }
        if !self.tok.is_string() {
            return self.err_here(if is_type {
                "expected string literal containing MLIR type"
            } else {
                "expected string literal containing MLIR attribute"
            });
        }
        let sym = self.ast.names.intern(&self.lexer.string_value(&self.tok));
        self.bump();
        loc.hi = self.tok_span().hi;
        self.expect(
            TokKind::Greater,
            if is_type {
                "expected `>` after type literal"
            } else {
                "expected `>` after attribute literal"
            },
        )?;
        Ok(if is_type {
            let ty = self.ast.types.type_;
            self.ast.expr(ExprKind::Type(sym), loc, ty)
        } else {
            let ty = self.ast.types.attr;
            self.ast.expr(ExprKind::Attribute(sym), loc, ty)
        })
    }

    fn parse_call_expr(&mut self, callee: ExprId, negated: bool) -> PResult<ExprId> {
        self.bump(); // `(`
        let mut args = SmallVec::new();
        if !self.at(TokKind::RParen) {
            args = self.comma_list(|p| p.parse_expr())?;
        }
        let loc = self.ast.exprs[callee].span.to(self.tok_span());
        self.expect(TokKind::RParen, "expected `)` after argument list")?;
        self.create_call_expr(loc, callee, args, negated)
    }

    fn parse_identifier_expr(&mut self) -> PResult<ExprId> {
        let name = self.name_here();
        self.bump();
        if self.eat(TokKind::Colon) {
            let constraints = self.parse_variable_constraint_list()?;
            let ty = self.validate_variable_constraints(&constraints)?;
            return self.create_inline_variable_expr(ty, name, constraints);
        }
        let Some(decl) = self.lookup(name.sym) else {
            let msg = format!("undefined reference to `{}`", self.ast.names.str(name.sym));
            return self.err(name.span, msg);
        };
        self.create_decl_ref_expr(name.span, decl)
    }

    fn parse_inline_lambda_expr(&mut self, rewrite: bool) -> PResult<ExprId> {
        let decl = self.parse_inline_user_decl(rewrite)?;
        let span = self.ast.decls[decl].span;
        let ty = if rewrite {
            self.ast.types.rewrite
        } else {
            self.ast.types.constraint
        };
        Ok(self.ast.expr(ExprKind::DeclRef(decl), span, ty))
    }

    fn parse_member_access_expr(&mut self, parent: ExprId) -> PResult<ExprId> {
        let dot = self.tok_span();
        self.bump();
        let member_ok = matches!(self.tok.kind, TokKind::Identifier | TokKind::Integer)
            || self.tok.kind.is_keyword();
        if !member_ok {
            return self.err(dot, "expected identifier or numeric member name");
        }
        let member = self.ast.names.intern(self.lexer.spelling(&self.tok));
        let loc = self.ast.exprs[parent].span.to(self.tok_span());
        self.bump();
        self.create_member_access_expr(parent, member, loc)
    }

    fn parse_negated_expr(&mut self) -> PResult<ExprId> {
        self.bump(); // `not`
        if !self.at(TokKind::Identifier) {
            return self.err_here("expected native constraint");
        }
        let callee = self.parse_identifier_expr()?;
        if !self.at(TokKind::LParen) {
            return self.err_here("expected `(` after function name");
        }
        self.parse_call_expr(callee, true)
    }

    fn parse_operation_name(&mut self, allow_empty: bool) -> PResult<DeclId> {
        let mut loc = self.tok_span();
        let is_word = |k: TokKind| k == TokKind::Identifier || k.is_keyword();
        if !is_word(self.tok.kind) {
            if allow_empty {
                return Ok(self.ast.decl(DeclKind::OpName(None), loc));
            }
            return self.err_here("expected dialect namespace");
        }
        let first = self.tok;
        let mut len = self.spelling().len() + 1;
        self.bump();
        self.expect(TokKind::Dot, "expected `.` after dialect namespace")?;
        if !is_word(self.tok.kind) {
            return self.err_here("expected operation name after dialect namespace");
        }
        loop {
            len += self.spelling().len();
            loc.hi = self.tok_span().hi;
            self.bump();
            if !(is_word(self.tok.kind) || self.at(TokKind::Dot)) {
                break;
            }
        }
        // Upstream takes the name as that many bytes from the dialect's first byte.
        let name = Name {
            sym: self.ast.names.intern(self.lexer.text_from(&first, len)),
            span: loc,
        };
        Ok(self.ast.decl(DeclKind::OpName(Some(name)), loc))
    }

    fn parse_wrapped_operation_name(&mut self, allow_empty: bool) -> PResult<DeclId> {
        if !self.eat(TokKind::Less) {
            let loc = self.tok_span();
            return Ok(self.ast.decl(DeclKind::OpName(None), loc));
        }
        let name = self.parse_operation_name(allow_empty)?;
        self.expect(TokKind::Greater, "expected `>` after operation name")?;
        Ok(name)
    }

    pub(crate) fn parse_operation_expr(&mut self, input_ctx: ResultTypes) -> PResult<ExprId> {
        let kw = self.tok;
        let loc = self.tok_span();
        self.bump();
        if !self.at(TokKind::Less) {
            self.reset_to(kw);
            return self.parse_identifier_expr();
        }
        let allow_empty = self.ctx != Ctx::Rewrite;
        let name = self.parse_wrapped_operation_name(allow_empty)?;

        let mut operands = SmallVec::new();
        if !self.eat(TokKind::LParen) {
            // In a match, an absent operand list means "any operands", not "no operands".
            if self.ctx != Ctx::Rewrite {
                let range = self.ast.types.value_range;
                operands.push(self.implicit_range_var(loc, range, false));
            }
        } else if !self.eat(TokKind::RParen) {
            operands = self.comma_list(|p| p.parse_expr())?;
            self.expect(TokKind::RParen, "expected `)` after operation operand list")?;
        }

        let mut attrs = SmallVec::new();
        if self.eat(TokKind::LBrace) {
            attrs = self.comma_list(|p| p.parse_named_attribute_decl())?;
            self.expect(
                TokKind::RBrace,
                "expected `}` after operation attribute list",
            )?;
        }

        let mut results = SmallVec::new();
        let mut result_ctx = input_ctx;
        if self.eat(TokKind::Arrow) {
            self.expect(
                TokKind::LParen,
                "expected `(` before operation result type list",
            )?;
            result_ctx = ResultTypes::Explicit;
            if !self.eat(TokKind::RParen) {
                results = self.comma_list(|p| p.parse_expr())?;
                self.expect(
                    TokKind::RParen,
                    "expected `)` after operation result type list",
                )?;
            }
        } else if self.ctx != Ctx::Rewrite {
            let range = self.ast.types.type_range;
            results.push(self.implicit_range_var(loc, range, true));
        } else if result_ctx == ResultTypes::Explicit {
            result_ctx = ResultTypes::Interface;
        }
        self.create_operation_expr(loc, name, result_ctx, operands, attrs, results)
    }

    /// The unconstrained `_` range standing for all operands or all result types.
    fn implicit_range_var(&mut self, loc: Span, ty: TypeId, types: bool) -> ExprId {
        let kind = if types {
            DeclKind::TypeRangeConstraint
        } else {
            DeclKind::ValueRangeConstraint(None)
        };
        let cst = self.ast.decl(kind, loc);
        let name = Name {
            sym: self.syms.underscore,
            span: loc,
        };
        let constraints = self.ast.constraint_list(&[ConstraintRef {
            constraint: cst,
            span: loc,
        }]);
        let var = self.ast.decl(
            DeclKind::Variable {
                name,
                ty,
                init: None.into(),
                constraints,
            },
            loc,
        );
        self.ast.expr(ExprKind::DeclRef(var), loc, ty)
    }

    fn parse_tuple_expr(&mut self) -> PResult<ExprId> {
        let mut loc = self.tok_span();
        self.bump();
        let mut used: FxHashMap<Sym, Span> = FxHashMap::default();
        let mut names = SmallVec::new();
        let mut elems = SmallVec::new();
        let empty = self.syms.empty;
        if !self.at(TokKind::RParen) {
            loop {
                let mut label = empty;
                if self.at(TokKind::Identifier) || self.tok.kind.is_dependent_keyword() {
                    let name_tok = self.tok;
                    let name = self.name_here();
                    self.bump();
                    if self.eat(TokKind::Equal) {
                        label = name.sym;
                        if let Some(&prev) = used.get(&label) {
                            let msg = format!(
                                "duplicate tuple element label `{}`",
                                self.ast.names.str(label)
                            );
                            return self.err_note(
                                name.span,
                                msg,
                                prev,
                                "see previous label use here",
                            );
                        }
                        used.insert(label, name.span);
                    } else {
                        self.reset_to(name_tok);
                    }
                }
                names.push(label);
                elems.push(self.parse_expr()?);
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
        }
        loc.hi = self.tok_span().hi;
        self.expect(TokKind::RParen, "expected `)` after tuple element list")?;
        self.create_tuple_expr(loc, elems, names)
    }

    fn parse_underscore_expr(&mut self) -> PResult<ExprId> {
        let name = self.name_here();
        self.bump();
        self.expect(TokKind::Colon, "expected `:` after `_` variable")?;
        let constraints = self.parse_variable_constraint_list()?;
        let ty = self.validate_variable_constraints(&constraints)?;
        self.create_inline_variable_expr(ty, name, constraints)
    }

    // ----- statements ----------------------------------------------------------------------

    fn parse_stmt(&mut self, expect_semicolon: bool) -> PResult<StmtId> {
        self.nested(|p| p.parse_stmt_inner(expect_semicolon))
    }

    fn parse_stmt_inner(&mut self, expect_semicolon: bool) -> PResult<StmtId> {
        self.native_decl_took_semicolon = false;
        let stmt = match self.tok.kind {
            TokKind::KwErase => self.parse_erase_stmt()?,
            TokKind::KwLet => self.parse_let_stmt()?,
            TokKind::KwReplace => self.parse_replace_stmt()?,
            TokKind::KwReturn => {
                let loc = self.tok_span();
                self.bump();
                let expr = self.parse_expr()?;
                self.ast.stmt(StmtKind::Return(expr), loc)
            }
            TokKind::KwRewrite => self.parse_rewrite_stmt()?,
            _ => {
                let expr = self.parse_expr()?;
                let span = self.ast.exprs[expr].span;
                self.ast.stmt(StmtKind::Expr(expr), span)
            }
        };
        if std::mem::take(&mut self.native_decl_took_semicolon) {
            // The declaration's `;` ended the statement; a second one is upstream's form.
            self.eat(TokKind::Semicolon);
        } else if expect_semicolon {
            self.expect(TokKind::Semicolon, "expected `;` after statement")?;
        }
        Ok(stmt)
    }

    fn parse_compound_stmt(&mut self) -> PResult<StmtId> {
        let start = self.tok_span().lo;
        self.bump(); // `{`
        self.push_scope();
        let mut stmts = SmallVec::new();
        while !self.at(TokKind::RBrace) {
            stmts.push(self.parse_stmt(true)?);
        }
        self.pop_scope();
        let span = Span {
            lo: start,
            hi: self.tok_span().hi,
        };
        self.bump();
        Ok(self.ast.stmt(StmtKind::Compound(stmts), span))
    }

    /// The start of `erase`, `replace` and `rewrite` (named `keyword`): refused inside a
    /// constraint, then the keyword and the root operation.
    fn parse_rewrite_root(&mut self, keyword: &str) -> PResult<(Span, ExprId)> {
        if self.ctx == Ctx::Constraint {
            return self.err_here(format!("`{keyword}` cannot be used within a Constraint"));
        }
        let loc = self.tok_span();
        self.bump();
        let root = self.parse_expr()?;
        Ok((loc, root))
    }

    fn parse_erase_stmt(&mut self) -> PResult<StmtId> {
        let (loc, root) = self.parse_rewrite_root("erase")?;
        self.create_erase_stmt(loc, root)
    }

    fn parse_let_stmt(&mut self) -> PResult<StmtId> {
        let loc = self.tok_span();
        self.bump();
        let var_loc = self.tok_span();
        if !self.at(TokKind::Identifier) && !self.tok.kind.is_dependent_keyword() {
            if self.at(TokKind::Underscore) {
                return self.err(
                    var_loc,
                    "`_` may only be used to define \"inline\" variables",
                );
            }
            return self.err(
                var_loc,
                "expected identifier after `let` to name a new variable",
            );
        }
        let name = self.name_here();
        self.bump();

        let constraints = if self.eat(TokKind::Colon) {
            self.parse_variable_constraint_list()?
        } else {
            SmallVec::new()
        };
        let mut init = None;
        if self.eat(TokKind::Equal) {
            init = Some(self.parse_expr()?);
            // Type constraints say what to match; an initializer already says what it is.
            for c in &constraints {
                let has_type_expr = matches!(
                    self.ast.decls[c.constraint].kind,
                    DeclKind::AttrConstraint(Some(_))
                        | DeclKind::ValueConstraint(Some(_))
                        | DeclKind::ValueRangeConstraint(Some(_))
                );
                if has_type_expr {
                    return self.err(
                        c.span,
                        "type constraints are not permitted on variables with initializers",
                    );
                }
            }
        }
        let var = self.create_variable_decl(name, init, constraints)?;
        Ok(self.ast.stmt(StmtKind::Let(var), loc))
    }

    fn parse_replace_stmt(&mut self) -> PResult<StmtId> {
        let (loc, root) = self.parse_rewrite_root("replace")?;
        self.expect(TokKind::KwWith, "expected `with` after root operation")?;

        let saved = self.ctx;
        self.ctx = Ctx::Rewrite;
        let mut with = SmallVec::new();
        if self.eat(TokKind::LParen) {
            if self.eat(TokKind::RParen) {
                return self.err(
                    loc,
                    "expected at least one replacement value, consider using `erase` if no \
                     replacement values are desired",
                );
            }
            with = self.comma_list(|p| p.parse_expr())?;
            self.expect(TokKind::RParen, "expected `)` after replacement values")?;
        } else if self.at(TokKind::KwOp) {
            // A replacement operation may take its result types from the replaced one.
            with.push(self.parse_operation_expr(ResultTypes::Replacement)?);
        } else {
            with.push(self.parse_expr()?);
        }
        let stmt = self.create_replace_stmt(loc, root, with);
        self.ctx = saved;
        stmt
    }

    fn parse_rewrite_stmt(&mut self) -> PResult<StmtId> {
        let (loc, root) = self.parse_rewrite_root("rewrite")?;
        self.expect(TokKind::KwWith, "expected `with` before rewrite body")?;
        if !self.at(TokKind::LBrace) {
            return self.err_here("expected `{` to start rewrite body");
        }
        let saved = self.ctx;
        self.ctx = Ctx::Rewrite;
        let body = self.parse_compound_stmt()?;
        if let StmtKind::Compound(children) = &self.ast.stmts[body].kind {
            let ret = children
                .iter()
                .find(|&&s| matches!(self.ast.stmts[s].kind, StmtKind::Return(_)));
            if let Some(&ret) = ret {
                let span = self.ast.stmt_span(ret);
                return self.err(
                    span,
                    "`return` statements are only permitted within a `Constraint` or `Rewrite` \
                     body",
                );
            }
        }
        let stmt = self.create_rewrite_stmt(loc, root, body);
        self.ctx = saved;
        stmt
    }
}

/// The signature of a user constraint or rewrite, as parsed.
pub(crate) struct Signature {
    pub(crate) args: Ids<DeclId>,
    pub(crate) results: Ids<DeclId>,
    /// The names the arguments are known by in the body.
    pub(crate) arg_names: SmallVec<[(Sym, DeclId); 4]>,
    pub(crate) result_type: TypeId,
}

fn display_path(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
