//! Lowering a checked PDLL module to PDL: one `pdl.pattern` per `Pattern`, as `mlir-pdll
//! -x=mlir` produces it.
//!
//! The walk follows the tree in source order and emits ops as it meets expressions, so the
//! PDL reads in the order the pattern was written. PDLL `Constraint`s and `Rewrite`s with a
//! body are inlined at every call (their variables scoped to the call); native ones become
//! `pdl.apply_native_constraint` / `pdl.apply_native_rewrite` calls by name. A variable is
//! lowered once, where it is first used, and its values are reused after that; a variable of
//! an inlined body is lowered again by the next call, because its scope ended.
//!
//! Upstream asserts where the tree is not what sema guarantees; here every such case is a
//! diagnostic ("internal error"), so a gap in sema cannot crash a tool.

use crate::ast::{Ast, Callable, DeclId, DeclKind, ExprId, ExprKind, Span, StmtId, StmtKind};
use crate::ast::{Sym, TypeId, TypeKind};
use cranelift_entity::SecondaryMap;
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use tessera_ir::source::FileId;
use tessera_ir::{
    Attr, BlockId, Body, Context, Diagnostic, Ident, LocKind, Location, OpId, OpParts,
    OperationState, SourceLoc, SourceMap, Type, ValueId,
};
use tessera_pdl::build::{PdlNames, PdlTypes};

/// Values of one variable or expression (tuples have several).
type Values = SmallVec<[ValueId; 2]>;

/// The operands of one `pdl.operation` (operands, attribute values and result types).
type OperationValues = SmallVec<[ValueId; 8]>;

/// How a pattern without `benefit(N)` is weighted.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum DefaultBenefit {
    /// The number of operations the pattern matches (the PDLL specification): larger matches
    /// are tried first, so a smaller pattern cannot consume the root a larger one needs.
    #[default]
    MatchedOps,
    /// Zero, as `mlir-pdll` 19 does.
    Zero,
}

/// How to lower.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// The benefit of patterns that do not state one.
    pub default_benefit: DefaultBenefit,
    /// Worker threads the verifier of the result may use for a big module (0: the calling
    /// thread only; see `tessera_ir::verify_with`).
    pub verify_workers: usize,
}

/// A module of `pdl.pattern`s: the IR and its `builtin.module`.
pub struct Lowered {
    /// The ops.
    pub body: Body,
    /// The top-level `builtin.module`.
    pub module: OpId,
    /// The `pdl.pattern`s of PDLL patterns without `with recursion`, which must not be
    /// applied to what they produced (PDL cannot say so: pass them to
    /// `PdlPatterns::compile_and_load_guarded`).
    pub unbounded: Vec<OpId>,
}

/// Lowers `ast`, read from buffer `main` of `sources` (checked: no errors were reported for it) to PDL in `ctx`, registering the
/// `pdl` dialect there if needed, and verifies the result. Positions in the IR are the PDLL
/// source's (`sources` resolves them).
pub fn lower_to_pdl(
    ctx: &mut Context,
    ast: &Ast,
    sources: &SourceMap,
    main: FileId,
    options: &LowerOptions,
) -> Result<Lowered, Vec<Diagnostic>> {
    tessera_pdl::dialect::ensure_pdl_dialects(ctx)
        .map_err(|e| vec![Diagnostic::error(SourceLoc::NONE, e)])?;
    let mut gen = Gen::new(ctx, ast, sources, options);
    // The module is placed at the first token of the main file, as upstream places it.
    let start = sources.loc(main, first_token_offset(sources.file(main).text()));
    let module_loc = gen.loc(Span {
        lo: start,
        hi: start,
    });
    let module_name = gen.names.module;
    let mut state = OperationState::new(gen.ctx, module_name, module_loc);
    state.num_regions = 1;
    let module = gen.body.create_op(state);
    let block = gen.body.create_block();
    let region = gen.body.region(module, 0);
    gen.body.append_block(region, block);
    gen.block = block;
    for &decl in &ast.top_level {
        gen.decl(decl).map_err(|d| vec![*d])?;
    }
    let (body, unbounded) = (gen.body, gen.unbounded);
    tessera_ir::verify_with(ctx, &body, module, options.verify_workers)?;
    Ok(Lowered {
        body,
        module,
        unbounded,
    })
}

type GResult<T> = Result<T, Box<Diagnostic>>;

/// Operand segment sizes of up to three groups, the groups not there `usize::MAX`.
type SegmentSizes = [usize; 3];

/// Where the last location was: lowering meets positions mostly in source order, a few
/// lines apart, so the next one is found by stepping on from here through the buffer's line
/// starts instead of searching them all each time.
#[derive(Copy, Clone)]
struct LineCursor<'a> {
    file: FileId,
    /// The buffer's name, interned for locations.
    name: Ident,
    /// The buffer's line starts, kept here: fetching them goes through a lazily filled
    /// cell, which cost as much per location as stepping the cursor.
    starts: &'a [u32],
    /// 0-based line, an index into the buffer's line starts.
    line: usize,
}

impl LineCursor<'_> {
    /// How many lines on the cursor steps before a search is cheaper.
    const STEPS: usize = 16;

    /// Moves the cursor to the line holding `offset`, if
    /// that is this line or one shortly after it; `false` when it is not.
    fn advance_to(&mut self, offset: u32) -> bool {
        let starts = self.starts;
        if starts.get(self.line).is_none_or(|&s| offset < s) {
            return false;
        }
        for _ in 0..Self::STEPS {
            match starts.get(self.line + 1) {
                Some(&next) if next <= offset => self.line += 1,
                _ => return true,
            }
        }
        false
    }
}

struct Gen<'a> {
    ctx: &'a mut Context,
    ast: &'a Ast,
    sources: &'a SourceMap,
    options: &'a LowerOptions,
    body: Body,
    /// Where ops go: always appended to the end of this block.
    block: BlockId,
    names: PdlNames,
    types: PdlTypes,
    /// Per variable, 1 + the index in `bindings` of its values in the open scopes (0: not
    /// lowered there). Indexed by declaration: a lookup per variable use is an array read.
    var_slots: SecondaryMap<DeclId, u32>,
    /// The values bound in the open scopes, innermost last: a scope's bindings are dropped
    /// together when it closes.
    bindings: Vec<Values>,
    /// Per open scope: the length of `bindings` and of `undo` when it opened.
    scopes: Vec<(u32, u32)>,
    /// What the open scopes changed in `var_slots` (the variable and its previous slot), so
    /// closing one restores the enclosing scopes' view.
    undo: Vec<(DeclId, u32)>,
    /// The source line the last location fell on (see [`LineCursor`]).
    line: Option<LineCursor<'a>>,
    /// The patterns without `with recursion`.
    unbounded: Vec<OpId>,
    /// The last location made, by source position: an op and the ops its operands need
    /// are often placed at one position, and this spares resolving its line and interning
    /// it again.
    last_loc: Option<(tessera_ir::SourceLoc, Location)>,
    /// The empty attribute dictionary every op made here has.
    empty_dict: Attr,
    /// The empty array: the attribute names of most `pdl.operation`s.
    no_names: Attr,
    /// `false` and `true`.
    bools: [Attr; 2],
    /// The `i32` attributes made so far, by value.
    i32_attrs: FxHashMap<u32, Attr>,
    /// The string attributes of names made so far, indexed by symbol (symbols are dense):
    /// most names are met once or twice, so a hash lookup and insertion for each cost more
    /// than the slot.
    sym_attrs: Vec<Option<Attr>>,
    /// The `attr<...>` (`false`) and `type<...>` (`true`) literals read so far, by text.
    literals: FxHashMap<(Sym, bool), Attr>,
    /// The one-entry property dictionaries made so far.
    single_props: FxHashMap<(Ident, Attr), Attr>,
    /// The properties of native calls made so far, by name and negation (2 for rewrites).
    native_props: FxHashMap<(Attr, u8), Attr>,
    /// The segment-size properties made so far, by sizes: few distinct ones, each
    /// made (allocated and interned) once.
    segment_attrs: FxHashMap<SegmentSizes, (Ident, Attr)>,
    /// The segment-size properties of two groups `[a, b]` (at `a * 8 + b`) and of three
    /// `[a, b, c]` (at `64 + a * 64 + b * 8 + c`) of fewer than eight values each.
    small_segments: Box<[Option<(Ident, Attr)>; 64 + 512]>,
    /// The `i16` benefit attributes made so far, by value (patterns share a few).
    benefits: FxHashMap<u16, Attr>,
    /// Whether the property names of each kind of dictionary made here come in name order
    /// as written (checked once in [`Gen::new`]): then dictionaries are made without
    /// comparing names per op.
    names_in_order: bool,
    /// How deeply statements and expressions nest at the moment: the stack is checked
    /// every few levels (see [`crate::with_stack_every`]).
    depth: u32,
}

impl<'a> Gen<'a> {
    fn new(
        ctx: &'a mut Context,
        ast: &'a Ast,
        sources: &'a SourceMap,
        options: &'a LowerOptions,
    ) -> Self {
        let names = PdlNames::new(ctx);
        let types = PdlTypes::new(ctx);
        // Lowering makes fewer ops than the tree has expressions and statements: room for
        // that many spares growing the flat arenas step by step (each step a copy into
        // fresh memory).
        let mut body = Body::with_capacity(ast.exprs.len() + ast.stmts.len());
        // Each op gets about a location and a property dictionary of its own.
        ctx.reserve_attrs(ast.exprs.len() + ast.stmts.len());
        let block = body.create_block();
        let empty_dict = ctx.empty_dict();
        let no_names = ctx.array_attr(&[]);
        let bools = [ctx.bool_attr(false), ctx.bool_attr(true)];
        // Sized for every declaration now: growing on first write, slot by slot, showed in
        // profiles.
        let mut var_slots = SecondaryMap::with_capacity(ast.decls.len());
        var_slots.resize(ast.decls.len());
        // The dictionaries made here, by their names in the order they are pushed.
        let orders = [
            [names.attribute_value_names, names.op_name, names.segments],
            [names.benefit, names.sym_name, names.sym_name],
            [names.is_negated, names.name, names.name],
        ];
        let names_in_order = orders.iter().all(|order| {
            order
                .windows(2)
                .all(|w| w[0] == w[1] || ctx.str(w[0]) < ctx.str(w[1]))
        });
        Gen {
            ctx,
            ast,
            sources,
            options,
            body,
            block,
            names,
            types,
            var_slots,
            bindings: Vec::new(),
            scopes: Vec::new(),
            undo: Vec::new(),
            line: None,
            unbounded: Vec::new(),
            last_loc: None,
            segment_attrs: FxHashMap::default(),
            small_segments: Box::new([None; 64 + 512]),
            empty_dict,
            no_names,
            bools,
            i32_attrs: FxHashMap::default(),
            sym_attrs: vec![None; ast.names.len()],
            literals: FxHashMap::default(),
            single_props: FxHashMap::default(),
            native_props: FxHashMap::default(),
            benefits: FxHashMap::default(),
            names_in_order,
            depth: 0,
        }
    }

    // ----- locations, errors, types -------------------------------------------------------

    /// The IR location of the start of `span`: file, line and column, as upstream's
    /// `FileLineColLoc` of the PDLL source.
    fn loc(&mut self, span: Span) -> Location {
        let key = span.lo;
        if let Some((last, loc)) = self.last_loc {
            if last == key {
                return loc;
            }
        }
        let loc = self.new_loc(span);
        self.last_loc = Some((key, loc));
        loc
    }

    fn new_loc(&mut self, span: Span) -> Location {
        let Some((buffer, offset)) = self.sources.find(span.lo) else {
            return self.unknown_file_loc();
        };
        let offset = offset as u32;
        let near = self
            .line
            .filter(|c| c.file == buffer)
            .and_then(|mut c| c.advance_to(offset).then_some(c));
        let cursor = match near {
            Some(c) => c,
            None => {
                let sources = self.sources;
                let (name, starts) = match self.line {
                    Some(c) if c.file == buffer => (c.name, c.starts),
                    _ => {
                        let file = sources.file(buffer);
                        (self.ctx.ident(file.name()), file.line_starts())
                    }
                };
                // The last line starting at or before `offset` (line 0 starts at 0).
                let line = starts.partition_point(|&s| s <= offset).saturating_sub(1);
                LineCursor {
                    file: buffer,
                    name,
                    starts,
                    line,
                }
            }
        };
        self.line = Some(cursor);
        self.ctx.loc(LocKind::FileLineCol {
            file: cursor.name,
            line: cursor.line as u32 + 1,
            col: offset - cursor.starts.get(cursor.line).copied().unwrap_or(0) + 1,
        })
    }

    fn unknown_file_loc(&mut self) -> Location {
        let file = self.ctx.ident("-");
        self.ctx.loc(LocKind::FileLineCol {
            file,
            line: 0,
            col: 0,
        })
    }

    /// An error at `span`, located by its IR location: a caller may render it with a source
    /// map of its own, where this one's `SourceLoc`s would mean nothing.
    fn error<T>(&mut self, span: Span, message: String) -> GResult<T> {
        let loc = self.loc(span);
        Err(Box::new(Diagnostic::error(loc, message)))
    }

    fn internal<T>(&mut self, span: Span, what: &str) -> GResult<T> {
        self.error(
            span,
            format!("internal error: {what} (please report this input)"),
        )
    }

    /// The pdl type of an AST type (`Op` → `!pdl.operation`, ranges → `!pdl.range<...>`).
    fn pdl_type(&mut self, ty: TypeId, span: Span) -> GResult<Type> {
        let t = &self.types;
        Ok(match self.ast.types.kind(ty) {
            TypeKind::Attr => t.attribute,
            TypeKind::Op(_) => t.operation,
            TypeKind::Type => t.ty,
            TypeKind::Value => t.value,
            TypeKind::Range(elt) => match self.ast.types.kind(*elt) {
                TypeKind::Value => t.values,
                TypeKind::Type => t.types,
                _ => return self.internal(span, "a range of neither values nor types"),
            },
            _ => {
                let shown = self.ast.type_str(ty);
                return self.internal(span, &format!("no PDL type for `{shown}`"));
            }
        })
    }

    // ----- making ops ---------------------------------------------------------------------

    /// Appends an op to the current block.
    fn op(
        &mut self,
        name: Ident,
        loc: Location,
        operands: &[ValueId],
        results: &[Type],
        props: Option<Attr>,
        regions: u32,
    ) -> OpId {
        // Made from the borrowed slices directly: an `OperationState` would copy operands
        // and result types into vectors of its own first.
        let op = self.body.create_op_from(&OpParts {
            name,
            loc,
            attrs: self.empty_dict,
            props,
            operands,
            result_types: results,
            successors: &[],
            num_regions: regions,
        });
        self.body.append_op(self.block, op);
        op
    }

    /// Appends a one-result op and returns its result.
    fn value_op(
        &mut self,
        name: Ident,
        loc: Location,
        operands: &[ValueId],
        result: Type,
        props: Option<Attr>,
    ) -> ValueId {
        let op = self.op(name, loc, operands, &[result], props, 0);
        self.body.result(op, 0)
    }

    /// An `i32` attribute (result indices: a few small ones, each made once).
    fn i32(&mut self, v: u32) -> Attr {
        if let Some(&attr) = self.i32_attrs.get(&v) {
            return attr;
        }
        let i32 = self.ctx.int_type(32);
        let attr = self.ctx.integer_attr(i32, v as i128);
        self.i32_attrs.insert(v, attr);
        attr
    }

    /// The string attribute of a name (operation, attribute and callee names recur across
    /// patterns: each is made once).
    fn sym_attr(&mut self, sym: Sym) -> Attr {
        if let Some(&Some(attr)) = self.sym_attrs.get(sym.index()) {
            return attr;
        }
        let attr = self.ctx.string_attr(self.ast.names.str(sym));
        // The table covers every symbol of the tree; a symbol beyond it is only not cached.
        if let Some(slot) = self.sym_attrs.get_mut(sym.index()) {
            *slot = Some(attr);
        }
        attr
    }

    fn segments(&mut self, sizes: &[usize]) -> (Ident, Attr) {
        // Nearly every op has two or three groups of fewer than eight values: those are
        // found by position in a small table, without hashing.
        let small = match *sizes {
            [a, b] if a < 8 && b < 8 => Some(a * 8 + b),
            [a, b, c] if a < 8 && b < 8 && c < 8 => Some(64 + a * 64 + b * 8 + c),
            _ => None,
        };
        if let Some(i) = small {
            if let Some(made) = self.small_segments[i] {
                return made;
            }
            let made = self.names.segments(self.ctx, sizes);
            self.small_segments[i] = Some(made);
            return made;
        }
        // Others keyed by value (no allocation).
        let mut key = [usize::MAX; 3];
        let short = sizes.len() <= key.len();
        if short {
            key[..sizes.len()].copy_from_slice(sizes);
            if let Some(&made) = self.segment_attrs.get(&key) {
                return made;
            }
        }
        let made = self.names.segments(self.ctx, sizes);
        if short {
            self.segment_attrs.insert(key, made);
        }
        made
    }

    /// The properties `{name = value}`. Ops with a single property mostly repeat a few
    /// (segment sizes of `pdl.rewrite` and `pdl.replace`, result indices, common types):
    /// each dictionary is made once.
    fn prop(&mut self, name: Ident, value: Attr) -> Option<Attr> {
        if let Some(&dict) = self.single_props.get(&(name, value)) {
            return Some(dict);
        }
        let dict = self.ctx.dictionary_sorted(&[(name, value)]);
        self.single_props.insert((name, value), dict);
        Some(dict)
    }

    /// A dictionary of `entries`, pushed in the name order [`Gen::new`] checked: made
    /// directly when that order holds, sorted by the general constructor otherwise.
    fn dict(&mut self, entries: &[(Ident, Attr)]) -> Attr {
        if self.names_in_order {
            self.ctx.dictionary_sorted(entries)
        } else {
            self.ctx.dictionary(entries.to_vec())
        }
    }

    // ----- scopes -------------------------------------------------------------------------

    fn push_scope(&mut self) {
        self.scopes
            .push((self.bindings.len() as u32, self.undo.len() as u32));
    }

    fn pop_scope(&mut self) {
        let Some((bindings, undo)) = self.scopes.pop() else {
            return;
        };
        for (decl, old) in self.undo.drain(undo as usize..).rev() {
            self.var_slots[decl] = old;
        }
        // Only the slots just restored named the bindings made in this scope.
        self.bindings.truncate(bindings as usize);
    }

    fn bind(&mut self, decl: DeclId, values: Values) {
        self.bindings.push(values);
        let old = std::mem::replace(&mut self.var_slots[decl], self.bindings.len() as u32);
        if !self.scopes.is_empty() {
            self.undo.push((decl, old));
        }
    }

    // ----- declarations -------------------------------------------------------------------

    fn decl(&mut self, decl: DeclId) -> GResult<()> {
        let ast = self.ast;
        // Constraints and rewrites are lowered where they are called; nothing else makes IR
        // at the top level.
        let DeclKind::Pattern {
            name,
            benefit,
            recursion,
            body,
        } = &ast.decls[decl].kind
        else {
            return Ok(());
        };
        let loc = self.loc(ast.decls[decl].span);
        let pattern = self.op(self.names.pattern, loc, &[], &[], None, 1);
        if !recursion {
            self.unbounded.push(pattern);
        }
        let block = self.body.create_block();
        let region = self.body.region(pattern, 0);
        self.body.append_block(region, block);
        let outer = std::mem::replace(&mut self.block, block);
        let lowered = self.stmt(*body);
        self.block = outer;
        lowered?;

        let benefit = match (benefit, self.options.default_benefit) {
            (Some(b), _) => *b,
            (None, DefaultBenefit::Zero) => 0,
            (None, DefaultBenefit::MatchedOps) => {
                // The match section is what lies outside the `pdl.rewrite`: each operation
                // expression or `Op` variable there became one `pdl.operation`.
                let matched = self
                    .body
                    .block_ops(block)
                    .filter(|&op| self.body.op_name(op) == self.names.operation)
                    .count();
                matched.min(u16::MAX as usize) as u16
            }
        };
        let benefit = match self.benefits.get(&benefit) {
            Some(&attr) => attr,
            None => {
                let i16 = self.ctx.int_type(16);
                let attr = self.ctx.integer_attr(i16, benefit as i128);
                self.benefits.insert(benefit, attr);
                attr
            }
        };
        let mut props: SmallVec<[(Ident, Attr); 2]> = SmallVec::new();
        props.push((self.names.benefit, benefit));
        if let Some(name) = name {
            let sym = self.sym_attr(name.sym);
            props.push((self.names.sym_name, sym));
        }
        let props = self.dict(&props);
        self.body.set_op_props(pattern, Some(props));
        Ok(())
    }

    // ----- statements ---------------------------------------------------------------------

    fn stmt(&mut self, stmt: StmtId) -> GResult<()> {
        self.depth += 1;
        let lowered = crate::with_stack_every(self.depth, || self.stmt_inner(stmt));
        self.depth -= 1;
        lowered
    }

    fn stmt_inner(&mut self, stmt: StmtId) -> GResult<()> {
        let ast = self.ast;
        let span = ast.stmts[stmt].span;
        match &ast.stmts[stmt].kind {
            StmtKind::Compound(children) => {
                self.push_scope();
                let lowered = children.iter().try_for_each(|&s| self.stmt(s));
                self.pop_scope();
                lowered
            }
            StmtKind::Erase(root) => {
                let root = self.single(*root)?;
                let loc = self.loc(span);
                let outer = self.nest_under_rewrite(root, loc);
                self.op(self.names.erase, loc, &[root], &[], None, 0);
                self.block = outer;
                Ok(())
            }
            StmtKind::Let(var) => self.var(*var).map(drop),
            StmtKind::Replace { root, with } => {
                let root = self.single(*root)?;
                let loc = self.loc(span);
                let outer = self.nest_under_rewrite(root, loc);
                let lowered = self.replace(root, with, loc);
                self.block = outer;
                lowered
            }
            StmtKind::Rewrite { root, body } => {
                let root = self.single(*root)?;
                let loc = self.loc(span);
                let outer = self.nest_under_rewrite(root, loc);
                let lowered = self.stmt(*body);
                self.block = outer;
                lowered
            }
            // A `return` is read by the call that inlines its body.
            StmtKind::Return(_) => Ok(()),
            StmtKind::Expr(e) => self.expr(*e).map(drop),
        }
    }

    /// Directly inside a pattern, an operation rewrite statement starts the rewrite: its ops
    /// go into a new `pdl.rewrite` of `root`. Returns the block to go back to.
    fn nest_under_rewrite(&mut self, root: ValueId, loc: Location) -> BlockId {
        let outer = self.block;
        let in_pattern = self
            .body
            .block_parent_op(outer)
            .is_some_and(|op| self.body.op_name(op) == self.names.pattern);
        if in_pattern {
            let (name, segments) = self.segments(&[1, 0]);
            let props = self.prop(name, segments);
            let rewrite = self.op(self.names.rewrite, loc, &[root], &[], props, 1);
            let block = self.body.create_block();
            let region = self.body.region(rewrite, 0);
            self.body.append_block(region, block);
            self.block = block;
        }
        outer
    }

    fn replace(&mut self, root: ValueId, with: &[ExprId], loc: Location) -> GResult<()> {
        let mut values: Values = SmallVec::with_capacity(with.len());
        for &e in with {
            values.push(self.single(e)?);
        }
        // One operation replaces the root's results with its own; anything else is the list
        // of replacement values.
        let by_op = values.len() == 1 && self.body.value_type(values[0]) == self.types.operation;
        let mut operands: Values = smallvec![root];
        operands.extend_from_slice(&values);
        let segments = if by_op {
            self.segments(&[1, 1, 0])
        } else {
            self.segments(&[1, 0, values.len()])
        };
        let props = self.prop(segments.0, segments.1);
        self.op(self.names.replace, loc, &operands, &[], props, 0);
        Ok(())
    }

    // ----- variables ----------------------------------------------------------------------

    /// The values of variable `var`, lowering it (initializer or constraints, then its
    /// constraint calls) on first use.
    fn var(&mut self, var: DeclId) -> GResult<Values> {
        if let Some(slot) = self.var_slots[var].checked_sub(1) {
            return Ok(Values::from_slice(&self.bindings[slot as usize]));
        }
        let ast = self.ast;
        let decl = &ast.decls[var];
        let DeclKind::Variable { init, .. } = &decl.kind else {
            return self.internal(
                decl.span,
                "a reference to a declaration that is not a variable",
            );
        };
        let values = match init.expand() {
            Some(e) => self.expr(e)?,
            None => smallvec![self.uninitialized_var(var)?],
        };
        self.apply_var_constraints(var, &values)?;
        self.bind(var, values.clone());
        Ok(values)
    }

    /// A variable without initializer stands for whatever its type and constraints allow:
    /// a fresh `pdl.operand`, `pdl.type`, `pdl.attribute`, `pdl.operation`, ...
    fn uninitialized_var(&mut self, var: DeclId) -> GResult<ValueId> {
        let ast = self.ast;
        let decl = &ast.decls[var];
        let DeclKind::Variable {
            ty, constraints, ..
        } = &decl.kind
        else {
            return self.internal(decl.span, "not a variable");
        };
        let loc = self.loc(decl.span);
        // The type (or types) the first core constraint with one requires.
        let mut type_value = None;
        for c in ast.constraints(*constraints) {
            let type_expr = match &ast.decls[c.constraint].kind {
                DeclKind::AttrConstraint(t)
                | DeclKind::ValueConstraint(t)
                | DeclKind::ValueRangeConstraint(t) => *t,
                _ => None,
            };
            if let Some(t) = type_expr {
                type_value = Some(self.single(t)?);
                break;
            }
        }
        let typed: Values = type_value.into_iter().collect();
        let n = &self.names;
        let t = &self.types;
        let (operand, operands, types, attribute, type_) =
            (n.operand, n.operands, n.types, n.attribute, n.type_);
        let (value_ty, values_ty, ty_ty, types_ty, attr_ty, op_ty) =
            (t.value, t.values, t.ty, t.types, t.attribute, t.operation);
        Ok(match ast.types.kind(*ty) {
            TypeKind::Value => self.value_op(operand, loc, &typed, value_ty, None),
            TypeKind::Type => self.value_op(type_, loc, &[], ty_ty, None),
            TypeKind::Attr => self.value_op(attribute, loc, &typed, attr_ty, None),
            TypeKind::Op(name) => {
                let all_operands = self.value_op(operands, loc, &[], values_ty, None);
                let all_types = self.value_op(types, loc, &[], types_ty, None);
                let all = [all_operands, all_types];
                self.operation(loc, *name, &all, [1, 0, 1], &[], op_ty)
            }
            TypeKind::Range(elt) => match ast.types.kind(*elt) {
                TypeKind::Value => self.value_op(operands, loc, &typed, values_ty, None),
                TypeKind::Type => self.value_op(types, loc, &[], types_ty, None),
                _ => return self.internal(decl.span, "a variable of an unexpected range type"),
            },
            _ => {
                let shown = ast.type_str(*ty);
                return self.internal(decl.span, &format!("a variable of type `{shown}`"));
            }
        })
    }

    /// Calls the user constraints in `var`'s constraint list on its values (core constraints
    /// were used for its type and its creation).
    fn apply_var_constraints(&mut self, var: DeclId, values: &[ValueId]) -> GResult<()> {
        let ast = self.ast;
        let DeclKind::Variable { constraints, .. } = &ast.decls[var].kind else {
            return Ok(());
        };
        for c in ast.constraints(*constraints) {
            if let DeclKind::UserConstraint(callable) = &ast.decls[c.constraint].kind {
                let loc = self.loc(c.span);
                self.constraint_call(callable, loc, values, false, c.span)?;
            }
        }
        Ok(())
    }

    // ----- expressions --------------------------------------------------------------------

    /// The one value of `e`.
    fn single(&mut self, e: ExprId) -> GResult<ValueId> {
        // Most operands name a variable lowered already: its value is read from its slot,
        // without the general walk (a stack check, a dispatch and a copied value list).
        if let ExprKind::DeclRef(decl) = self.ast.exprs[e].kind {
            if let Some(slot) = self.var_slots[decl].checked_sub(1) {
                if let [v] = self.bindings[slot as usize][..] {
                    return Ok(v);
                }
            }
        }
        let values = self.expr(e)?;
        match values.as_slice() {
            [v] => Ok(*v),
            _ => self.internal(
                self.ast.exprs[e].span,
                &format!("an expression with {} values used as one", values.len()),
            ),
        }
    }

    /// The values of `e` (tuples and calls may have several).
    fn expr(&mut self, e: ExprId) -> GResult<Values> {
        self.depth += 1;
        let lowered = crate::with_stack_every(self.depth, || self.expr_inner(e));
        self.depth -= 1;
        lowered
    }

    fn expr_inner(&mut self, e: ExprId) -> GResult<Values> {
        let ast = self.ast;
        let expr = &ast.exprs[e];
        let span = expr.span;
        match &expr.kind {
            ExprKind::Attribute(text) => {
                let attr = self.parse_literal(*text, span, false)?;
                let loc = self.loc(span);
                let props = self.prop(self.names.value, attr);
                let attr_ty = self.types.attribute;
                Ok(smallvec![self.value_op(
                    self.names.attribute,
                    loc,
                    &[],
                    attr_ty,
                    props
                )])
            }
            ExprKind::Type(text) => {
                let ty = self.parse_literal(*text, span, true)?;
                let loc = self.loc(span);
                let props = self.prop(self.names.constant_type, ty);
                let ty_ty = self.types.ty;
                Ok(smallvec![self.value_op(
                    self.names.type_,
                    loc,
                    &[],
                    ty_ty,
                    props
                )])
            }
            ExprKind::Call(call) => {
                let (callee, args, negated) = (&call.callee, &call.args, &call.negated);
                let loc = self.loc(span);
                let mut inputs: Values = SmallVec::with_capacity(args.len());
                for &a in args {
                    inputs.push(self.single(a)?);
                }
                let ExprKind::DeclRef(callee) = ast.exprs[*callee].kind else {
                    return self.internal(span, "a call of something other than a declaration");
                };
                match &ast.decls[callee].kind {
                    DeclKind::UserConstraint(c) => {
                        self.constraint_call(c, loc, &inputs, *negated, span)
                    }
                    DeclKind::UserRewrite(c) => self.rewrite_call(c, loc, &inputs, span),
                    _ => self.internal(span, "a call of neither a constraint nor a rewrite"),
                }
            }
            ExprKind::DeclRef(decl) => match &ast.decls[*decl].kind {
                // An inline `Constraint`/`Rewrite` declared as a statement makes no IR until
                // it is called (mlir-pdll 19 crashes on it).
                DeclKind::UserConstraint(_) | DeclKind::UserRewrite(_) => Ok(Values::new()),
                _ => self.var(*decl),
            },
            ExprKind::MemberAccess { parent, member } => {
                Ok(smallvec![self.member_access(e, *parent, *member)?])
            }
            ExprKind::Operation(op) => {
                let (name, operands, results, attrs) =
                    (&op.name, &op.operands, &op.results, &op.attrs);
                let loc = self.loc(span);
                // The op's operands (operands, attribute values, result types) are gathered
                // in one list, in the order `pdl.operation` takes them: no list per group
                // copied into it afterwards.
                let mut all: OperationValues =
                    SmallVec::with_capacity(operands.len() + attrs.len() + results.len());
                for &o in operands {
                    all.push(self.single(o)?);
                }
                let mut attr_names: SmallVec<[Sym; 4]> = SmallVec::with_capacity(attrs.len());
                for &a in attrs {
                    let DeclKind::NamedAttribute { name, value } = &ast.decls[a].kind else {
                        return self.internal(span, "an attribute entry that is not one");
                    };
                    attr_names.push(name.sym);
                    all.push(self.single(*value)?);
                }
                for &r in results {
                    all.push(self.single(r)?);
                }
                let op_name = match &ast.decls[*name].kind {
                    DeclKind::OpName(n) => n.map(|n| n.sym),
                    _ => return self.internal(span, "an operation without a name declaration"),
                };
                let op_ty = self.types.operation;
                let groups = [operands.len(), attrs.len(), results.len()];
                Ok(smallvec![self.operation(
                    loc,
                    op_name,
                    &all,
                    groups,
                    &attr_names,
                    op_ty
                )])
            }
            ExprKind::Tuple(tuple) => {
                let elems = &tuple.elems;
                let mut values: Values = SmallVec::with_capacity(elems.len());
                for &el in elems {
                    values.push(self.single(el)?);
                }
                Ok(values)
            }
            ExprKind::Range(elems) => {
                let mut values: Values = SmallVec::with_capacity(elems.len());
                for &el in elems.iter() {
                    let el = self.expr(el)?;
                    values.extend_from_slice(&el);
                }
                let ty = self.pdl_type(expr.ty, span)?;
                let loc = self.loc(span);
                Ok(smallvec![self.value_op(
                    self.names.range,
                    loc,
                    &values,
                    ty,
                    None
                )])
            }
        }
    }

    /// `pdl.operation` of the values `all`: `groups[0]` operands, then `groups[1]` attribute
    /// values (named by `attr_names`), then `groups[2]` result types.
    fn operation(
        &mut self,
        loc: Location,
        name: Option<Sym>,
        all: &[ValueId],
        groups: [usize; 3],
        attr_names: &[Sym],
        op_ty: Type,
    ) -> ValueId {
        let names = if attr_names.is_empty() {
            self.no_names
        } else {
            let names: SmallVec<[Attr; 4]> = attr_names.iter().map(|&n| self.sym_attr(n)).collect();
            self.ctx.array_attr(&names)
        };
        let mut props: SmallVec<[(Ident, Attr); 3]> = SmallVec::new();
        props.push((self.names.attribute_value_names, names));
        if let Some(name) = name {
            let name = self.sym_attr(name);
            props.push((self.names.op_name, name));
        }
        props.push(self.segments(&groups));
        let props = self.dict(&props);
        self.value_op(self.names.operation, loc, all, op_ty, Some(props))
    }

    /// `parent.member`: a result (group) of an operation, or an element of a tuple.
    fn member_access(
        &mut self,
        e: ExprId,
        parent: ExprId,
        member: crate::ast::Sym,
    ) -> GResult<ValueId> {
        let ast = self.ast;
        let span = ast.exprs[e].span;
        let parent_values = self.expr(parent)?;
        let member = ast.names.str(member);
        let parent_ty = ast.exprs[parent].ty;
        let index: Option<u32> = member.parse().ok();
        match ast.types.kind(parent_ty) {
            TypeKind::Op(_) => {
                let Some(&op) = parent_values.first() else {
                    return self.internal(span, "an operation without a value");
                };
                let loc = self.loc(span);
                let result_ty = self.pdl_type(ast.exprs[e].ty, span)?;
                if member == "$results" {
                    // All results: one value when sema typed the access as a `Value`.
                    if result_ty == self.types.value {
                        let zero = self.i32(0);
                        let props = self.prop(self.names.index, zero);
                        return Ok(self.value_op(self.names.result, loc, &[op], result_ty, props));
                    }
                    return Ok(self.value_op(self.names.results, loc, &[op], result_ty, None));
                }
                let Some(ods) = ast.ods_operation(parent_ty) else {
                    // Without ODS the index is a single result's.
                    let Some(index) = index else {
                        return self.internal(span, "a named result of an unregistered operation");
                    };
                    let index = self.i32(index);
                    let props = self.prop(self.names.index, index);
                    return Ok(self.value_op(self.names.result, loc, &[op], result_ty, props));
                };
                // With ODS, a result group by index or by name (the one sema checked).
                let Some(group) = ods.result_index(member) else {
                    return self.internal(span, "a result group the operation does not have");
                };
                let index = self.i32(group as u32);
                let props = self.prop(self.names.index, index);
                Ok(self.value_op(self.names.results, loc, &[op], result_ty, props))
            }
            TypeKind::Tuple(_, labels) => {
                let i = match index {
                    Some(i) => i as usize,
                    None => labels
                        .iter()
                        .position(|&l| ast.names.str(l) == member)
                        .unwrap_or(usize::MAX),
                };
                match parent_values.get(i) {
                    Some(&v) => Ok(v),
                    None => self.internal(span, "a tuple element the tuple does not have"),
                }
            }
            _ => self.internal(span, "member access on a value that has no members"),
        }
    }

    /// `attr<"...">` / `type<"...">`: the text read by the MLIR parser in `ctx`, so dialect
    /// attributes and types are checked by their dialects (upstream asserts on bad text).
    fn parse_literal(&mut self, sym: crate::ast::Sym, span: Span, is_type: bool) -> GResult<Attr> {
        // The same text reads as the same attribute: each is read once.
        if let Some(&attr) = self.literals.get(&(sym, is_type)) {
            return Ok(attr);
        }
        let text = self.ast.names.str(sym);
        let parsed = if is_type {
            tessera_asm::parse_type_text(self.ctx, text, "<literal>").map(|t| self.ctx.type_attr(t))
        } else {
            tessera_asm::parse_attribute_text(self.ctx, text, "<literal>")
        };
        match parsed {
            Ok(attr) => {
                self.literals.insert((sym, is_type), attr);
                Ok(attr)
            }
            Err(d) => {
                let what = if is_type { "type" } else { "attribute" };
                self.error(
                    span,
                    format!("invalid {what} literal `{text}`: {}", d.message),
                )
            }
        }
    }

    // ----- calls --------------------------------------------------------------------------

    fn constraint_call(
        &mut self,
        callee: &Callable,
        loc: Location,
        inputs: &[ValueId],
        negated: bool,
        span: Span,
    ) -> GResult<Values> {
        // The constraints on the arguments apply to what is passed.
        for (&arg, &input) in callee.inputs.iter().zip(inputs) {
            self.apply_var_constraints(arg, &[input])?;
        }
        let results = self.call(callee, loc, inputs, Some(negated), span)?;
        for (&result, &value) in callee.results.iter().zip(results.iter()) {
            self.apply_var_constraints(result, &[value])?;
        }
        Ok(results)
    }

    fn rewrite_call(
        &mut self,
        callee: &Callable,
        loc: Location,
        inputs: &[ValueId],
        span: Span,
    ) -> GResult<Values> {
        self.call(callee, loc, inputs, None, span)
    }

    /// A call of a native (`negated` is `Some` for constraints) or the inlined body of a PDLL
    /// constraint or rewrite.
    fn call(
        &mut self,
        callee: &Callable,
        loc: Location,
        inputs: &[ValueId],
        negated: Option<bool>,
        span: Span,
    ) -> GResult<Values> {
        let ast = self.ast;
        let Some(body) = callee.body else {
            let mut result_types = Vec::new();
            for t in ast.result_types(callee) {
                result_types.push(self.pdl_type(t, span)?);
            }
            let name = self.sym_attr(callee.name.sym);
            let op_name = match negated {
                Some(_) => self.names.constraint,
                None => self.names.native_rewrite,
            };
            // A native is called with the same properties every time: made once.
            let key = (name, negated.map_or(2, u8::from));
            let props = match self.native_props.get(&key) {
                Some(&props) => props,
                None => {
                    let mut props: SmallVec<[(Ident, Attr); 2]> = SmallVec::new();
                    if let Some(negated) = negated {
                        props.push((self.names.is_negated, self.bools[negated as usize]));
                    }
                    props.push((self.names.name, name));
                    let props = self.dict(&props);
                    self.native_props.insert(key, props);
                    props
                }
            };
            let op = self.op(op_name, loc, inputs, &result_types, Some(props), 0);
            return Ok(self.body.results(op).collect());
        };
        // Inlined: the arguments are bound to what is passed, for this call only.
        self.push_scope();
        for (&arg, &input) in callee.inputs.iter().zip(inputs) {
            self.bind(arg, smallvec![input]);
        }
        let lowered = self.stmt(body).and_then(|()| {
            let StmtKind::Compound(children) = &ast.stmts[body].kind else {
                return Ok(Values::new());
            };
            match children.last().map(|&s| &ast.stmts[s].kind) {
                // The returned expression is lowered after the body's scope has closed (as
                // upstream does), so the body's variables it names are lowered again here.
                Some(StmtKind::Return(e)) => self.expr(*e),
                _ => Ok(Values::new()),
            }
        });
        self.pop_scope();
        lowered
    }
}

/// Where the first token of `text` starts: after whitespace and `//` comments (the end of
/// the text if there is none).
fn first_token_offset(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            _ => return i,
        }
    }
    bytes.len()
}
