//! Semantic analysis: building checked nodes once their syntax is read.
//!
//! Each `create_*` function takes parsed pieces, checks them against PDLL's type rules and
//! returns the node with its type, or reports upstream's diagnostic at upstream's position.
//! Conversions the language makes implicitly become explicit nodes here, as upstream builds
//! them: an operation used as values is a `$results` member access, a tuple converted to
//! another tuple is rebuilt from member accesses, and a tuple used as a range in a rewrite is
//! a range expression.
//!
//! Operations defined by a `.td` include are checked against their ODS definition (looked up
//! by name in the AST's [`crate::ods::Context`]): operand and result group counts, results by
//! name, conversion of a single-result operation to a `Value`, result type inference. Any
//! other operation is unregistered: operand and result groups are accepted as written, numeric
//! result access yields a `Value`, and interface result inference warns that the operation is
//! unknown.

use crate::ast::*;
use crate::ods;
use crate::parser::{Ctx, PResult, Parser, ResultTypes, Signature};
use smallvec::{smallvec, SmallVec};
use tessera_ir::{Diagnostic, Severity};

/// A note to attach to a conversion error (at the error's own position when `span` is none).
/// Conversions that succeed (nearly all) never show their notes, so a note says what it
/// will print and is worded only when an error is reported.
#[derive(Clone)]
pub(crate) struct Note {
    text: NoteText,
    span: Option<Span>,
}

/// What a [`Note`] says.
#[derive(Clone)]
enum NoteText {
    /// Worded already.
    Text(String),
    /// "when converting element #`index` of `tuple`".
    Element { index: usize, tuple: TypeId },
    /// "see the definition of `name` here".
    Definition(Sym),
}

impl Parser<'_> {
    // ----- conversions ---------------------------------------------------------------------

    /// Converts `expr` to `ty` in place, inserting the implicit conversion nodes.
    pub(crate) fn convert_expr_to(
        &mut self,
        expr: &mut ExprId,
        ty: TypeId,
        notes: &[Note],
    ) -> PResult<()> {
        let expr_ty = self.ast.ty(*expr);
        if expr_ty == ty {
            return Ok(());
        }
        let t = &self.ast.types;
        if t.is_op(expr_ty) {
            return self.convert_op_expr_to(expr, ty, notes);
        }
        // Single and range forms of values and of types convert to each other.
        let values = [t.value, t.value_range];
        let types = [t.type_, t.type_range];
        if (values.contains(&expr_ty) && values.contains(&ty))
            || (types.contains(&expr_ty) && types.contains(&ty))
        {
            return Ok(());
        }
        if matches!(self.ast.types.kind(expr_ty), TypeKind::Tuple(..)) {
            return self.convert_tuple_expr_to(expr, ty, notes);
        }
        Err(self.conversion_error(*expr, ty, notes))
    }

    fn conversion_error(
        &mut self,
        expr: ExprId,
        ty: TypeId,
        notes: &[Note],
    ) -> tessera_ir::Reported {
        let span = self.ast.exprs[expr].span;
        let msg = format!(
            "unable to convert expression of type `{}` to the expected type of `{}`",
            self.ast.type_str(self.ast.ty(expr)),
            self.ast.type_str(ty)
        );
        let mut diag = Diagnostic::error(span.lo, msg);
        for note in notes {
            let text = match &note.text {
                NoteText::Text(text) => text.clone(),
                NoteText::Element { index, tuple } => format!(
                    "when converting element #{index} of `{}`",
                    self.ast.type_str(*tuple)
                ),
                NoteText::Definition(name) => {
                    format!("see the definition of `{}` here", self.ast.names.str(*name))
                }
            };
            diag = diag.with_note(note.span.unwrap_or(span).lo, text);
        }
        self.diags.report_error(diag)
    }

    fn convert_op_expr_to(&mut self, expr: &mut ExprId, ty: TypeId, notes: &[Note]) -> PResult<()> {
        let t = &self.ast.types;
        if let TypeKind::Op(name) = t.kind(ty) {
            // Only to a more general operation type.
            if name.is_some() {
                return Err(self.conversion_error(*expr, ty, notes));
            }
            return Ok(());
        }
        if ty == t.value_range {
            *expr = self.all_results(*expr, ty);
            return Ok(());
        }
        if ty == t.value {
            // A registered operation must be able to have exactly one result.
            if let Some(op) = self.ast.ods_operation(self.ast.ty(*expr)) {
                let singles = op
                    .results
                    .iter()
                    .filter(|r| !r.is_variable_length())
                    .count();
                let why = if op.results.is_empty() {
                    Some("with zero results".to_string())
                } else if singles > 1 {
                    Some(format!("with at least {singles} results"))
                } else {
                    None
                };
                if let Some(why) = why {
                    let mut notes = notes.to_vec();
                    notes.push(Note {
                        text: NoteText::Text(format!(
                            "see the definition of `{}`, which was defined {why}",
                            op.name
                        )),
                        span: Some(point(op.loc)),
                    });
                    return Err(self.conversion_error(*expr, ty, &notes));
                }
            }
            *expr = self.all_results(*expr, ty);
            return Ok(());
        }
        Err(self.conversion_error(*expr, ty, notes))
    }

    /// `expr.$results` typed `ty` (a `Value` or `ValueRange`).
    pub(crate) fn all_results(&mut self, expr: ExprId, ty: TypeId) -> ExprId {
        let span = self.ast.exprs[expr].span;
        let member = self.syms.results;
        self.ast.expr(
            ExprKind::MemberAccess {
                parent: expr,
                member,
            },
            span,
            ty,
        )
    }

    /// The member name of tuple element `i` (its decimal index).
    fn index_name(&mut self, i: usize) -> Sym {
        const SMALL: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
        match SMALL.get(i) {
            Some(digit) => self.ast.names.intern(digit),
            None => self.ast.names.intern(&i.to_string()),
        }
    }

    fn tuple_element_accesses(&mut self, expr: ExprId, elems: &[TypeId]) -> Ids<ExprId> {
        let span = self.ast.exprs[expr].span;
        (0..elems.len())
            .map(|i| {
                let member = self.index_name(i);
                self.ast.expr(
                    ExprKind::MemberAccess {
                        parent: expr,
                        member,
                    },
                    span,
                    elems[i],
                )
            })
            .collect()
    }

    fn convert_tuple_expr_to(
        &mut self,
        expr: &mut ExprId,
        ty: TypeId,
        notes: &[Note],
    ) -> PResult<()> {
        let expr_ty = self.ast.ty(*expr);
        let TypeKind::Tuple(elems, _) = self.ast.types.kind(expr_ty).clone() else {
            return Err(self.conversion_error(*expr, ty, notes));
        };
        if let TypeKind::Tuple(target, target_names) = self.ast.types.kind(ty).clone() {
            if target.len() != elems.len() {
                return Err(self.conversion_error(*expr, ty, notes));
            }
            let mut new_elems = self.tuple_element_accesses(*expr, &elems);
            for (i, elem) in new_elems.iter_mut().enumerate() {
                let mut elem_notes: SmallVec<[Note; 4]> = smallvec![Note {
                    text: NoteText::Element {
                        index: i,
                        tuple: expr_ty,
                    },
                    span: None,
                }];
                elem_notes.extend(notes.iter().cloned());
                self.convert_expr_to(elem, target[i], &elem_notes)?;
            }
            let span = self.ast.exprs[*expr].span;
            *expr = self.tuple_expr(span, new_elems, target_names.iter().copied().collect());
            return Ok(());
        }

        let t = &self.ast.types;
        let (allowed, range) = if ty == t.value_range {
            ([t.value, t.value_range], t.value_range)
        } else if ty == t.type_range {
            ([t.type_, t.type_range], t.type_range)
        } else {
            return Err(self.conversion_error(*expr, ty, notes));
        };
        // Tuples become ranges only where a rewrite builds them.
        if self.ctx != Ctx::Rewrite {
            let mut with_ctx = notes.to_vec();
            with_ctx.push(Note {
                text: NoteText::Text(
                    "Tuple to Range conversion is currently only allowed within a rewrite \
                     context"
                        .into(),
                ),
                span: None,
            });
            return Err(self.conversion_error(*expr, ty, &with_ctx));
        }
        if elems.iter().any(|e| !allowed.contains(e)) {
            return Err(self.conversion_error(*expr, ty, notes));
        }
        let accesses = self.tuple_element_accesses(*expr, &elems);
        let span = self.ast.exprs[*expr].span;
        *expr = self
            .ast
            .expr(ExprKind::Range(Box::new(accesses)), span, range);
        Ok(())
    }

    // ----- declarations --------------------------------------------------------------------

    /// Reports a redefinition of `name` visible from the current scope.
    pub(crate) fn check_define_named_decl(&mut self, name: Name) -> PResult<()> {
        let Some(prev) = self.lookup(name.sym) else {
            return Ok(());
        };
        let prev_span = self.ast.decls[prev]
            .name()
            .map_or(self.ast.decls[prev].span, |n| n.span);
        let msg = format!(
            "`{}` has already been defined",
            self.ast.names.str(name.sym)
        );
        self.err_note(name.span, msg, prev_span, "see previous definition here")
    }

    /// Adds a variable; `_` and unnamed ones are local to where they stand and enter no scope.
    pub(crate) fn define_variable_decl(
        &mut self,
        name: Name,
        ty: TypeId,
        init: Option<ExprId>,
        constraints: Constraints,
    ) -> PResult<DeclId> {
        let text = self.ast.names.str(name.sym);
        let scoped = !(text.is_empty() || text == "_");
        if scoped {
            self.check_define_named_decl(name)?;
        }
        let constraints = self.ast.constraint_list(&constraints);
        let decl = self.ast.decl(
            DeclKind::Variable {
                name,
                ty,
                init: init.into(),
                constraints,
            },
            name.span,
        );
        if scoped {
            self.add_to_scope(name.sym, decl);
        }
        Ok(decl)
    }

    /// A `let` variable: its type comes from the constraints, the initializer, or both.
    pub(crate) fn create_variable_decl(
        &mut self,
        name: Name,
        mut init: Option<ExprId>,
        constraints: Constraints,
    ) -> PResult<DeclId> {
        let mut ty = self.infer_constraints_type(&constraints)?;
        if let Some(init) = init.as_mut() {
            let init_ty = self.ast.ty(*init);
            ty = Some(match ty {
                None => init_ty,
                Some(t) => match self.ast.types.refine(t, init_ty) {
                    Some(merged) => merged,
                    None => {
                        self.convert_expr_to(init, t, &[])?;
                        t
                    }
                },
            });
        }
        let Some(ty) = ty else {
            let text = self.ast.names.str(name.sym);
            return self.err_note(
                name.span,
                format!("unable to infer type for variable `{text}`"),
                name.span,
                "the type of a variable must be inferable from the constraint list or the \
                 initializer",
            );
        };
        if matches!(
            self.ast.types.kind(ty),
            TypeKind::Constraint | TypeKind::Rewrite
        ) {
            let msg = format!(
                "unable to define variable of `{}` type",
                self.ast.type_str(ty)
            );
            return self.err(name.span, msg);
        }
        self.define_variable_decl(name, ty, init, constraints)
    }

    pub(crate) fn create_arg_or_result_variable_decl(
        &mut self,
        name: Name,
        cst: ConstraintRef,
    ) -> PResult<DeclId> {
        let mut ty = None;
        self.validate_variable_constraint(cst, &mut ty)?;
        let ty = ty.unwrap_or(self.ast.types.empty_tuple);
        self.define_variable_decl(name, ty, None, smallvec![cst])
    }

    /// The type a constraint list gives a variable; `None` for an empty list.
    fn infer_constraints_type(&mut self, constraints: &[ConstraintRef]) -> PResult<Option<TypeId>> {
        let mut ty = None;
        for &c in constraints {
            self.validate_variable_constraint(c, &mut ty)?;
        }
        Ok(ty)
    }

    /// The type of an inline variable's constraint list (never empty).
    pub(crate) fn validate_variable_constraints(
        &mut self,
        constraints: &[ConstraintRef],
    ) -> PResult<TypeId> {
        Ok(self
            .infer_constraints_type(constraints)?
            .unwrap_or(self.ast.types.empty_tuple))
    }

    fn validate_variable_constraint(
        &mut self,
        r: ConstraintRef,
        inferred: &mut Option<TypeId>,
    ) -> PResult<()> {
        let t = &self.ast.types;
        let (value, value_range, type_, type_range, attr) =
            (t.value, t.value_range, t.type_, t.type_range, t.attr);
        let cst_ty = match self.ast.decls[r.constraint].kind {
            DeclKind::AttrConstraint(type_expr) => {
                self.check_type_expr(type_expr, type_, "Type")?;
                attr
            }
            DeclKind::OpConstraint(name) => {
                let name = match self.ast.decls[name].kind {
                    DeclKind::OpName(n) => n.map(|n| n.sym),
                    _ => None,
                };
                self.ast.types.get(TypeKind::Op(name))
            }
            DeclKind::TypeConstraint => type_,
            DeclKind::TypeRangeConstraint => type_range,
            DeclKind::ValueConstraint(type_expr) => {
                self.check_type_expr(type_expr, type_, "Type")?;
                value
            }
            DeclKind::ValueRangeConstraint(type_expr) => {
                self.check_type_expr(type_expr, type_range, "TypeRange")?;
                value_range
            }
            DeclKind::UserConstraint(ref c) => {
                let (inputs, first) = (c.inputs.len(), c.inputs.first().copied());
                if let (1, Some(first)) = (inputs, first) {
                    self.ast.var_type(first)
                } else {
                    let def = self.ast.decls[r.constraint].span;
                    return self.err_note(
                        r.span,
                        format!(
                            "`Constraint`s applied via a variable constraint list must take a \
                             single input, but got {inputs}"
                        ),
                        def,
                        "see definition of constraint here",
                    );
                }
            }
            _ => unreachable!("constraint lists hold constraints only"),
        };
        match *inferred {
            None => *inferred = Some(cst_ty),
            Some(prev) => match self.ast.types.refine(prev, cst_ty) {
                Some(merged) => *inferred = Some(merged),
                None => {
                    let msg = format!(
                        "constraint type `{}` is incompatible with the previously inferred type \
                         `{}`",
                        self.ast.type_str(cst_ty),
                        self.ast.type_str(prev)
                    );
                    return self.err(r.span, msg);
                }
            },
        }
        Ok(())
    }

    /// Checks the type expression of `Attr<…>`, `Value<…>` or `ValueRange<…>`, if there is one.
    fn check_type_expr(&mut self, e: Option<ExprId>, ty: TypeId, what: &str) -> PResult<()> {
        match e {
            Some(e) if self.ast.ty(e) != ty => {
                let span = self.ast.exprs[e].span;
                self.err(
                    span,
                    format!("expected expression of `{what}` in type constraint"),
                )
            }
            _ => Ok(()),
        }
    }

    /// The result type of a signature: the single result's, or a tuple of all of them.
    pub(crate) fn result_type_of(&mut self, results: &[DeclId]) -> TypeId {
        if let [only] = results {
            return self.ast.var_type(*only);
        }
        let types: Vec<TypeId> = results.iter().map(|&r| self.ast.var_type(r)).collect();
        let names: Ids<Sym> = results
            .iter()
            .map(|&r| match self.ast.decls[r].kind {
                DeclKind::Variable { name, .. } => name.sym,
                _ => unreachable!("results are variables"),
            })
            .collect();
        self.ast
            .types
            .get(TypeKind::Tuple(types.into(), names.as_slice().into()))
    }

    /// Checks where a body's `return` stands and that a body expected to return does.
    pub(crate) fn validate_return(
        &mut self,
        decl_type: &str,
        body: StmtId,
        sig: &Signature,
    ) -> PResult<()> {
        let StmtKind::Compound(children) = &self.ast.stmts[body].kind else {
            return Ok(());
        };
        let stmts = &self.ast.stmts;
        let ret = children
            .iter()
            .position(|&s| matches!(stmts[s].kind, StmtKind::Return(_)));
        // Whether there is a `return`, and the statement after it, if any.
        let trailing = ret.map(|i| children.get(i + 1).copied());
        match trailing {
            Some(Some(next)) => {
                let span = self.ast.stmt_span(next);
                return self.err(
                    span,
                    format!(
                        "`return` terminated the `{decl_type}` body, but found trailing \
                         statements afterwards"
                    ),
                );
            }
            Some(None) => {}
            None if !sig.results.is_empty() => {
                let end = self.ast.stmt_span(body).hi;
                let msg = format!(
                    "missing return in a `{decl_type}` expected to return `{}`",
                    self.ast.type_str(sig.result_type)
                );
                return self.err(Span { lo: end, hi: end }, msg);
            }
            None => {}
        }
        Ok(())
    }

    /// A PDLL-bodied constraint or rewrite; its result type is inferred from the `return`
    /// when the signature names none.
    pub(crate) fn create_user_pdll_decl(
        &mut self,
        rewrite: bool,
        name: Name,
        sig: &mut Signature,
        body: StmtId,
    ) -> PResult<DeclId> {
        let last = match &self.ast.stmts[body].kind {
            StmtKind::Compound(children) => children.last().copied(),
            _ => None,
        };
        if let Some(last) = last {
            if let StmtKind::Return(mut result) = self.ast.stmts[last].kind {
                if sig.results.is_empty() {
                    sig.result_type = self.ast.ty(result);
                } else {
                    self.convert_expr_to(&mut result, sig.result_type, &[])?;
                    self.ast.stmts[last].kind = StmtKind::Return(result);
                }
            }
        }
        let callable = Box::new(Callable {
            name,
            inputs: std::mem::take(&mut sig.args),
            results: std::mem::take(&mut sig.results),
            result_type: sig.result_type,
            body: Some(body),
            code: None,
            native_type: None,
        });
        let kind = if rewrite {
            DeclKind::UserRewrite(callable)
        } else {
            DeclKind::UserConstraint(callable)
        };
        Ok(self.ast.decl(kind, name.span))
    }

    // ----- expressions ---------------------------------------------------------------------

    pub(crate) fn create_call_expr(
        &mut self,
        loc: Span,
        callee: ExprId,
        mut args: Ids<ExprId>,
        negated: bool,
    ) -> PResult<ExprId> {
        let callee_ty = self.ast.ty(callee);
        let decl = match self.ast.exprs[callee].kind {
            ExprKind::DeclRef(d) if self.ast.callable(d).is_some() => d,
            _ => {
                let msg = format!(
                    "expected a reference to a callable `Constraint` or `Rewrite`, but got: `{}`",
                    self.ast.type_str(callee_ty)
                );
                return self.err(loc, msg);
            }
        };
        let is_rewrite = matches!(self.ast.decls[decl].kind, DeclKind::UserRewrite(_));
        // What the checks need of the callee, copied out (the tree is added to meanwhile).
        let Some((callee_name, has_body, result_type, inputs)) = self.ast.callable(decl).map(|c| {
            let inputs: SmallVec<[DeclId; 4]> = c.inputs.iter().copied().collect();
            (c.name.sym, c.body.is_some(), c.result_type, inputs)
        }) else {
            unreachable!("checked above")
        };
        if self.ctx == Ctx::Rewrite {
            if !is_rewrite {
                return self.err(
                    loc,
                    "unable to invoke `Constraint` within a rewrite section",
                );
            }
            if negated {
                return self.err(loc, "unable to negate a Rewrite");
            }
        } else {
            if is_rewrite {
                return self.err(loc, "unable to invoke `Rewrite` within a match section");
            }
            if negated && has_body {
                return self.err(loc, "unable to negate non native constraints");
            }
        }

        let def = self.ast.decls[decl].span;
        if inputs.len() != args.len() {
            let what = if is_rewrite { "rewrite" } else { "constraint" };
            let name = self.ast.names.str(callee_name);
            let note = format!("see the definition of {name} here");
            return self.err_note(
                loc,
                format!(
                    "invalid number of arguments for {what} call; expected {}, but got {}",
                    inputs.len(),
                    args.len()
                ),
                def,
                note,
            );
        }
        let notes = [Note {
            text: NoteText::Definition(callee_name),
            span: Some(def),
        }];
        for (arg, &input) in args.iter_mut().zip(&inputs) {
            let ty = self.ast.var_type(input);
            self.convert_expr_to(arg, ty, &notes)?;
        }
        Ok(self.ast.expr(
            ExprKind::Call(Box::new(CallExpr {
                callee,
                args,
                negated,
            })),
            loc,
            result_type,
        ))
    }

    pub(crate) fn create_decl_ref_expr(&mut self, loc: Span, decl: DeclId) -> PResult<ExprId> {
        let d = &self.ast.decls[decl];
        let ty = if d.is_constraint() {
            self.ast.types.constraint
        } else {
            match &d.kind {
                DeclKind::UserRewrite(_) => self.ast.types.rewrite,
                DeclKind::Variable { ty, .. } => *ty,
                _ => {
                    let name = d.name().map_or("", |n| self.ast.names.str(n.sym));
                    let msg = format!("invalid reference to `{name}`");
                    return self.err(loc, msg);
                }
            }
        };
        Ok(self.ast.expr(ExprKind::DeclRef(decl), loc, ty))
    }

    pub(crate) fn create_inline_variable_expr(
        &mut self,
        ty: TypeId,
        name: Name,
        constraints: Constraints,
    ) -> PResult<ExprId> {
        let decl = self.define_variable_decl(name, ty, None, constraints)?;
        Ok(self.ast.expr(ExprKind::DeclRef(decl), name.span, ty))
    }

    pub(crate) fn create_member_access_expr(
        &mut self,
        parent: ExprId,
        member: Sym,
        loc: Span,
    ) -> PResult<ExprId> {
        let ty = self.validate_member_access(parent, member, loc)?;
        Ok(self
            .ast
            .expr(ExprKind::MemberAccess { parent, member }, loc, ty))
    }

    fn validate_member_access(
        &mut self,
        parent: ExprId,
        member: Sym,
        loc: Span,
    ) -> PResult<TypeId> {
        let parent_ty = self.ast.ty(parent);
        let name = self.ast.names.str(member);
        let starts_with_digit = name.as_bytes().first().is_some_and(u8::is_ascii_digit);
        match self.ast.types.kind(parent_ty) {
            TypeKind::Op(_) => {
                if name == "$results" {
                    return Ok(self.ast.types.value_range);
                }
                let t = &self.ast.types;
                let of = |r: &ods::OperandOrResult| match r.is_variadic() {
                    true => t.value_range,
                    false => t.value,
                };
                if let Some(op) = self.ast.ods_operation(parent_ty) {
                    if let Some(i) = op.result_index(name) {
                        return Ok(of(&op.results[i]));
                    }
                } else if starts_with_digit {
                    // Unregistered operations allow numeric access to single results.
                    return Ok(self.ast.types.value);
                }
            }
            TypeKind::Tuple(elems, names) => {
                if starts_with_digit {
                    if let Ok(i) = name.parse::<u32>() {
                        if let Some(&t) = elems.get(i as usize) {
                            return Ok(t);
                        }
                    }
                }
                if let Some(i) = names.iter().position(|&n| n == member) {
                    return Ok(elems[i]);
                }
            }
            _ => {}
        }
        let msg = format!(
            "invalid member access `{name}` on expression of type `{}`",
            self.ast.type_str(parent_ty)
        );
        self.err(loc, msg)
    }

    pub(crate) fn create_operation_expr(
        &mut self,
        loc: Span,
        name: DeclId,
        result_ctx: ResultTypes,
        mut operands: Ids<ExprId>,
        attrs: Ids<DeclId>,
        mut results: Ids<ExprId>,
    ) -> PResult<ExprId> {
        let op_name = match self.ast.decls[name].kind {
            DeclKind::OpName(n) => n.map(|n| n.sym),
            _ => None,
        };
        let t = &self.ast.types;
        let (value, value_range, type_, type_range) =
            (t.value, t.value_range, t.type_, t.type_range);
        let ods_op = op_name.and_then(|n| self.ast.ods.operation(self.ast.names.str(n)).cloned());
        let groups = |values: fn(&ods::Operation) -> &[ods::OperandOrResult]| {
            ods_op.as_ref().map(|op| (op, values(op)))
        };
        self.validate_groups(
            "operand",
            loc,
            groups(|op| &op.operands),
            &mut operands,
            value,
            value_range,
        )?;

        for &attr in &attrs {
            let DeclKind::NamedAttribute { value: v, .. } = self.ast.decls[attr].kind else {
                continue;
            };
            let attr_ty = self.ast.ty(v);
            if attr_ty != self.ast.types.attr {
                let span = self.ast.exprs[v].span;
                let msg = format!(
                    "expected `Attr` expression, but got `{}`",
                    self.ast.type_str(attr_ty)
                );
                return self.err(span, msg);
            }
        }

        match result_ctx {
            ResultTypes::Explicit => self.validate_groups(
                "result",
                loc,
                groups(|op| &op.results),
                &mut results,
                type_,
                type_range,
            )?,
            ResultTypes::Interface => {
                if let Some(op) = op_name {
                    let op = self.ast.names.str(op).to_string();
                    self.check_result_type_inference(loc, &op, ods_op.as_ref());
                }
            }
            ResultTypes::Replacement => {}
        }

        let ty = self.ast.types.get(TypeKind::Op(op_name));
        Ok(self.ast.expr(
            ExprKind::Operation(Box::new(OperationExpr {
                name,
                operands,
                results,
                attrs,
            })),
            loc,
            ty,
        ))
    }

    /// Warns where a rewrite leaves result types to an operation that may not infer them: one
    /// ODS does not know, or one that has results but not `InferTypeOpInterface`. Not an
    /// error, since the interface may be attached at run time.
    fn check_result_type_inference(
        &mut self,
        loc: Span,
        op: &str,
        ods_op: Option<&ods::Operation>,
    ) {
        let Some(ods_op) = ods_op else {
            self.diags.report(Diagnostic::new(
                Severity::Warning,
                loc.lo,
                format!(
                    "operation result types are marked to be inferred, but `{op}` is \
                     unknown. Ensure that `{op}` supports zero results or implements \
                     `InferTypeOpInterface`. Include the ODS definition of this \
                     operation to remove this warning."
                ),
            ));
            return;
        };
        // Elided results may mean "no results": warn only if some result must exist.
        let requires = ods_op.results.iter().any(|r| !r.is_variable_length());
        if requires && !ods_op.supports_result_type_inference {
            self.diags.report(
                Diagnostic::new(
                    Severity::Warning,
                    loc.lo,
                    format!(
                        "operation result types are marked to be inferred, but `{op}` does \
                         not provide an implementation of `InferTypeOpInterface`. Ensure that \
                         `{op}` attaches `InferTypeOpInterface` at runtime, or add support to \
                         the ODS definition to remove this warning."
                    ),
                )
                .with_note(ods_op.loc, format!("see the definition of `{op}` here")),
            );
        }
    }

    /// Operand or result-type groups of an operation. One group stands for all of them. With
    /// an ODS definition (`ods`: the operation and its declared operands or results) the
    /// count must match the declaration (in a rewrite, missing groups of an operation with
    /// several variable-length ones are filled with empty ranges) and each group converts to
    /// a single or a range as declared; otherwise each must be a single or a range.
    fn validate_groups(
        &mut self,
        group_name: &str,
        loc: Span,
        ods: Option<(&ods::Operation, &[ods::OperandOrResult])>,
        values: &mut Ids<ExprId>,
        single: TypeId,
        range: TypeId,
    ) -> PResult<()> {
        if let [only] = values.as_mut_slice() {
            return self.convert_expr_to(only, range, &[]);
        }
        if let Some((op, declared)) = ods {
            let see = format!("see the definition of `{}` here", op.name);
            let mismatch = |p: &mut Self, got: usize| -> PResult<()> {
                p.err_note(
                    loc,
                    format!(
                        "invalid number of {group_name} groups for `{}`; expected {}, but got \
                         {got}",
                        op.name,
                        declared.len()
                    ),
                    point(op.loc),
                    see.clone(),
                )
            };
            if values.is_empty() {
                if declared.iter().any(|d| !d.is_variable_length()) {
                    return mismatch(self, 0);
                }
                // Zero groups constrain nothing in a match; a rewrite building the operation
                // needs one per declared group, unless a single variadic one takes them all.
                if self.ctx == Ctx::Rewrite && declared.len() > 1 {
                    for _ in declared {
                        values.push(self.ast.expr(ExprKind::Range(Box::default()), loc, range));
                    }
                }
                return Ok(());
            }
            if declared.len() != values.len() {
                return mismatch(self, values.len());
            }
            let notes = [Note {
                text: NoteText::Text(see.clone()),
                span: Some(point(op.loc)),
            }];
            for (v, d) in values.iter_mut().zip(declared) {
                let ty = if d.is_variadic() { range } else { single };
                self.convert_expr_to(v, ty, &notes)?;
            }
            return Ok(());
        }
        for v in values.iter_mut() {
            let ty = self.ast.ty(*v);
            if ty == single || ty == range {
                continue;
            }
            if single == self.ast.types.value && self.ast.types.is_op(ty) {
                *v = self.all_results(*v, self.ast.types.value_range);
                continue;
            }
            if self.convert_expr_to(v, range, &[]).is_ok() {
                continue;
            }
            let span = self.ast.exprs[*v].span;
            let msg = format!(
                "expected `{}` or `{}` convertible expression, but got `{}`",
                self.ast.type_str(single),
                self.ast.type_str(range),
                self.ast.type_str(ty)
            );
            return self.err(span, msg);
        }
        Ok(())
    }

    /// A tuple expression; its type is built from its elements' types and labels.
    pub(crate) fn tuple_expr(&mut self, span: Span, elems: Ids<ExprId>, names: Ids<Sym>) -> ExprId {
        let types: Vec<TypeId> = elems.iter().map(|&e| self.ast.ty(e)).collect();
        let ty = self
            .ast
            .types
            .get(TypeKind::Tuple(types.into(), names.as_slice().into()));
        self.ast.expr(
            ExprKind::Tuple(Box::new(TupleExpr { elems, names })),
            span,
            ty,
        )
    }

    pub(crate) fn create_tuple_expr(
        &mut self,
        loc: Span,
        elems: Ids<ExprId>,
        names: Ids<Sym>,
    ) -> PResult<ExprId> {
        for &e in &elems {
            let ty = self.ast.ty(e);
            if matches!(
                self.ast.types.kind(ty),
                TypeKind::Constraint | TypeKind::Rewrite | TypeKind::Tuple(..)
            ) {
                let span = self.ast.exprs[e].span;
                let msg = format!(
                    "unable to build a tuple with `{}` element",
                    self.ast.type_str(ty)
                );
                return self.err(span, msg);
            }
        }
        Ok(self.tuple_expr(loc, elems, names))
    }

    // ----- statements ----------------------------------------------------------------------

    pub(crate) fn create_erase_stmt(&mut self, loc: Span, root: ExprId) -> PResult<StmtId> {
        if !self.ast.types.is_op(self.ast.ty(root)) {
            let span = self.ast.exprs[root].span;
            return self.err(span, "expected `Op` expression");
        }
        Ok(self.ast.stmt(StmtKind::Erase(root), loc))
    }

    fn check_root(&mut self, root: ExprId) -> PResult<()> {
        let ty = self.ast.ty(root);
        if !self.ast.types.is_op(ty) {
            let span = self.ast.exprs[root].span;
            let msg = format!(
                "expected `Op` expression, but got `{}`",
                self.ast.type_str(ty)
            );
            return self.err(span, msg);
        }
        Ok(())
    }

    pub(crate) fn create_replace_stmt(
        &mut self,
        loc: Span,
        root: ExprId,
        mut with: Ids<ExprId>,
    ) -> PResult<StmtId> {
        self.check_root(root)?;
        // Several replacements are values; an operation among them stands for its results.
        let to_values = with.len() > 1;
        for r in with.iter_mut() {
            let ty = self.ast.ty(*r);
            if self.ast.types.is_op(ty) {
                if to_values {
                    *r = self.all_results(*r, self.ast.types.value_range);
                }
                continue;
            }
            if ty != self.ast.types.value && ty != self.ast.types.value_range {
                let span = self.ast.exprs[*r].span;
                let msg = format!(
                    "expected `Op`, `Value` or `ValueRange` expression, but got `{}`",
                    self.ast.type_str(ty)
                );
                return self.err(span, msg);
            }
        }
        Ok(self.ast.stmt(StmtKind::Replace { root, with }, loc))
    }

    pub(crate) fn create_rewrite_stmt(
        &mut self,
        loc: Span,
        root: ExprId,
        body: StmtId,
    ) -> PResult<StmtId> {
        self.check_root(root)?;
        Ok(self.ast.stmt(StmtKind::Rewrite { root, body }, loc))
    }
}

/// The span of a single location (where a note points).
fn point(loc: tessera_ir::SourceLoc) -> Span {
    Span { lo: loc, hi: loc }
}
