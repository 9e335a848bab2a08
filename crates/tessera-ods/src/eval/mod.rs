//! Predicates and builder calls of ODS evaluated in Rust.
//!
//! A constraint's predicate is a tree whose leaves are C++ text. This module applies the
//! tree's substitutions as upstream does ([`leaves`]), parses each leaf as C++ ([`syntax`]),
//! and compiles it against what the C++ means ([`Compiler`]): `isa<IntegerType>`, widths and
//! signedness, shapes, ranks and element types, attribute kinds and values, enum cases,
//! lambdas over array elements, comparisons of named values' types. The compiled form
//! ([`CompiledPred`]) is evaluated many times against a `tessera_ir::Context` without parsing
//! or string work.
//!
//! A leaf is understood or it is an error naming its text: nothing is silently taken as true
//! or false. A user can give such a leaf meaning by registering a Rust closure for its exact
//! text in [`Natives`]; [`unevaluable_leaves`] lists what a loaded model still lacks.
//!
//! The same machinery builds types and attributes from C++ builder calls ([`CompiledExpr`]):
//! a type constraint's `builderCall`, a `TypesMatchWith` transformer, an attribute's
//! `constBuilderCall` with its default value. Values `tessera-ir` keeps as opaque dialect
//! text cannot be built; the error says so.
//!
//! ```
//! use tessera_ods::eval::{Bound, Compiler, NoNames, Natives, SelfKind};
//! use tessera_ods::Pred;
//! let natives = Natives::new();
//! let compiler = Compiler::new(None, &natives);
//! let pred = Pred::Leaf("$_self.isSignlessInteger(32)".into());
//! let check = compiler.pred(&pred, SelfKind::Type, &|_| None).unwrap();
//! let mut ctx = tessera_ir::Context::new();
//! let i32 = ctx.int_type(32);
//! assert_eq!(check.eval(&ctx, &Bound::Type(i32), &NoNames), Ok(true));
//! ```

mod classes;
mod compile;
pub(crate) mod emit;
pub mod emitted;
pub mod leaves;
mod names;
mod run;
pub mod syntax;

pub use compile::NameKind;
pub use leaves::Cond;
pub use names::{OpNames, OpValue};

use crate::{Constraint, ConstraintKind, Model, Pred, TraitKind};
use classes::Tables;
use compile::{compile, Env, Node, St};
use run::Run;
pub use run::{Building, ReadOnly, Store};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use tessera_ir::{Attr, Context, Type};

/// What `$_self` or a `$name` stands for when a predicate is evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A type (type constraints, transformers).
    Type(Type),
    /// An attribute (attribute constraints).
    Attr(Attr),
    /// An attribute that is absent (an optional attribute not set): C++'s null attribute.
    Absent,
    /// One SSA value: its type, and whether it has no uses.
    Value {
        /// The value's type.
        ty: Type,
        /// Whether nothing uses it.
        use_empty: bool,
    },
    /// A variadic or optional group of values, by their types.
    Values(Vec<Type>),
    /// A region, by its number of blocks.
    Region {
        /// Blocks in the region.
        blocks: usize,
    },
    /// The op (`$_op`), by the types of its operands and results in order.
    Op {
        /// Operand types, all groups flattened.
        operands: Vec<Type>,
        /// Result types, all groups flattened.
        results: Vec<Type>,
    },
}

/// Maps the keys a compiled predicate was given for its `$name`s (see
/// [`Compiler::pred`]) to what they stand for on the op being verified.
pub trait Resolver {
    /// The binding of `key`, `None` if there is none.
    fn resolve(&self, key: u32) -> Option<Bound>;
}

impl<F: Fn(u32) -> Option<Bound>> Resolver for F {
    fn resolve(&self, key: u32) -> Option<Bound> {
        self(key)
    }
}

/// The resolver of predicates without `$name`s.
pub struct NoNames;

impl Resolver for NoNames {
    fn resolve(&self, _: u32) -> Option<Bound> {
        None
    }
}

/// A Rust builder standing for one builder expression (a `builderCall` or a
/// `TypesMatchWith` transformer) of a type the evaluator cannot build itself, such as a
/// dialect type with parameters kept as opaque text: given where to make (or only look up)
/// types and `$_self`, the type, or `None` when a read-only store does not hold it.
pub type NativeTypeFn =
    Arc<dyn Fn(&mut dyn Store, Option<&Bound>) -> Result<Option<Type>, String> + Send + Sync>;

/// A Rust predicate standing for one leaf: given the context, `$_self` (or
/// [`Bound::Absent`] where there is none) and the op's names, it decides the leaf or says why
/// it cannot.
pub type NativeFn =
    Arc<dyn Fn(&Context, &Bound, &dyn Resolver) -> Result<bool, String> + Send + Sync>;

/// Rust predicates registered by the exact text of the leaf they stand for (after
/// substitution, with `$_self` and `$name`s as they are; the text [`EvalError::leaf`] and
/// [`unevaluable_leaves`] report). A registered leaf is never parsed: natives also override
/// leaves the evaluator understands.
#[derive(Clone, Default)]
pub struct Natives {
    by_leaf: HashMap<String, NativeFn>,
    types_by_text: HashMap<String, NativeTypeFn>,
}

impl Natives {
    /// No natives.
    pub fn new() -> Natives {
        Natives::default()
    }

    /// Whether none is registered.
    pub fn is_empty(&self) -> bool {
        self.by_leaf.is_empty() && self.types_by_text.is_empty()
    }

    /// Registers `f` for the leaf whose text is `leaf`, replacing an earlier registration.
    pub fn register(
        &mut self,
        leaf: impl Into<String>,
        f: impl Fn(&Context, &Bound, &dyn Resolver) -> Result<bool, String> + Send + Sync + 'static,
    ) {
        self.by_leaf.insert(leaf.into(), Arc::new(f));
    }

    /// Registers `f` for the type builder expression whose text is `text` (a
    /// `builderCall`, or a transformer with `$_self` as written), replacing an earlier
    /// registration. A registered expression is never parsed.
    pub fn register_type(
        &mut self,
        text: impl Into<String>,
        f: impl Fn(&mut dyn Store, Option<&Bound>) -> Result<Option<Type>, String>
            + Send
            + Sync
            + 'static,
    ) {
        self.types_by_text.insert(text.into(), Arc::new(f));
    }

    /// Whether a native is registered for `leaf`.
    pub fn contains(&self, leaf: &str) -> bool {
        self.by_leaf.contains_key(leaf)
    }

    fn get(&self, leaf: &str) -> Option<&NativeFn> {
        self.by_leaf.get(leaf)
    }
}

impl fmt::Debug for Natives {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut keys: Vec<&String> = self.by_leaf.keys().collect();
        keys.sort();
        let mut types: Vec<&String> = self.types_by_text.keys().collect();
        types.sort();
        f.debug_struct("Natives")
            .field("leaves", &keys)
            .field("types", &types)
            .finish()
    }
}

/// What `$_self` is in a predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfKind {
    /// A type (type constraints).
    Type,
    /// An attribute, possibly absent (attribute constraints).
    Attr,
    /// An SSA value.
    Value,
    /// A region (region constraints).
    Region,
    /// Nothing (op-level predicates, which name values with `$name`s).
    None,
}

impl SelfKind {
    fn st(self) -> Option<St> {
        match self {
            SelfKind::Type => Some(St::Type(classes::TypeClass::Any)),
            SelfKind::Attr => Some(St::Attr(classes::AttrClass::Any)),
            SelfKind::Value => Some(St::Value),
            SelfKind::Region => Some(St::Region),
            SelfKind::None => None,
        }
    }

    /// What `$_self` is in a constraint of kind `kind`; `None` for successor and other
    /// constraints, whose predicates have no subject Tessera can give.
    pub fn of(kind: ConstraintKind) -> Option<SelfKind> {
        match kind {
            ConstraintKind::Type => Some(SelfKind::Type),
            ConstraintKind::Attr => Some(SelfKind::Attr),
            ConstraintKind::Region => Some(SelfKind::Region),
            ConstraintKind::Successor | ConstraintKind::Other => None,
        }
    }
}

/// A leaf that could not be compiled or evaluated, by its text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// The leaf's C++ text after substitution (the key to register a native under), or the
    /// whole builder expression.
    pub leaf: String,
    /// Why it could not be understood or evaluated.
    pub message: String,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot evaluate '{}': {}", self.leaf, self.message)
    }
}

impl std::error::Error for EvalError {}

/// A predicate's `And`/`Or`/`Not` structure over compiled leaves.
#[derive(Clone, Debug)]
enum Tree {
    Leaf(u32, Node),
    /// A leaf that could not be compiled (index into the leaves), with the reason: evaluating
    /// it is that error.
    Unknown(u32, String),
    And(Vec<Tree>),
    Or(Vec<Tree>),
    Not(Box<Tree>),
}

/// A compiled predicate: evaluate it with [`CompiledPred::eval`].
#[derive(Clone)]
pub struct CompiledPred {
    tree: Tree,
    leaves: Vec<String>,
    tables: Tables,
    natives: Vec<NativeFn>,
    uses_names: bool,
}

impl fmt::Debug for CompiledPred {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompiledPred")
            .field("leaves", &self.leaves)
            .finish_non_exhaustive()
    }
}

impl CompiledPred {
    /// Whether the predicate holds for `subject` (`$_self`) and the op's `names`. An error
    /// names the leaf that could not be decided (say, a `cast` that fails, or a question
    /// about a value the IR keeps as opaque text).
    pub fn eval(
        &self,
        ctx: &Context,
        subject: &Bound,
        names: &dyn Resolver,
    ) -> Result<bool, EvalError> {
        let mut run = Run {
            store: ReadOnly(ctx),
            tables: &self.tables,
            subject: Some(subject),
            names,
            natives: &self.natives,
            locals: Vec::new(),
        };
        self.eval_tree(&mut run, &self.tree)
    }

    fn eval_tree(&self, run: &mut Run<ReadOnly>, t: &Tree) -> Result<bool, EvalError> {
        match t {
            Tree::Leaf(i, node) => run.truth(node).map_err(|message| EvalError {
                leaf: self.leaves[*i as usize].clone(),
                message,
            }),
            Tree::And(children) => {
                for c in children {
                    if !self.eval_tree(run, c)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Tree::Or(children) => {
                for c in children {
                    if self.eval_tree(run, c)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Tree::Not(c) => Ok(!self.eval_tree(run, c)?),
            Tree::Unknown(i, message) => Err(EvalError {
                leaf: self.leaves[*i as usize].clone(),
                message: message.clone(),
            }),
        }
    }

    /// The leaves' texts, left to right.
    pub fn leaves(&self) -> &[String] {
        &self.leaves
    }

    /// Whether the result depends on `$_self` alone: no `$name`s and no natives. For such a
    /// predicate over a type or attribute, the result is a function of the handle (and of
    /// which dialects the context registers), so a verifier may remember it per handle
    /// instead of evaluating again: evaluating costs a tree walk, a cached answer a lookup.
    pub fn depends_only_on_self(&self) -> bool {
        !self.uses_names && self.natives.is_empty()
    }
}

/// What a builder expression produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Produces {
    /// One type.
    Type,
    /// A list of types (`cast<FunctionType>($_self).getInputs()`).
    Types,
    /// An attribute.
    Attr,
}

/// A compiled expression that produces a type or an attribute: a `builderCall`, a
/// `TypesMatchWith` transformer, an attribute's `constBuilderCall` with a value.
#[derive(Clone, Debug)]
pub struct CompiledExpr {
    text: String,
    node: Node,
    tables: Tables,
    produces: Produces,
    /// The Rust builder registered for the text, which stands for `node`.
    native: Option<NativeType>,
}

/// A registered [`NativeTypeFn`], shown by nothing but its presence.
#[derive(Clone)]
struct NativeType(NativeTypeFn);

impl fmt::Debug for NativeType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NativeType")
    }
}

impl CompiledExpr {
    /// What the expression produces.
    pub fn produces(&self) -> Produces {
        self.produces
    }

    /// The C++ text it was compiled from (after `$0` substitution).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The expression as Rust, when it is a transformer that only asks questions of its
    /// type, and whether it makes a list ([`emit::transformer`]).
    pub(crate) fn transformer_rust(&self) -> Option<(String, bool)> {
        emit::transformer(self)
    }

    /// Whether the expression is `$_self` itself (a transformer that keeps its type).
    pub(crate) fn is_identity(&self) -> bool {
        self.native.is_none() && matches!(self.node, Node::Subject)
    }

    /// Builds the value, interning what it makes: [`Bound::Type`], [`Bound::Values`] (a
    /// type list) or [`Bound::Attr`]. `subject` is `$_self` (a transformer's source type).
    pub fn build(&self, ctx: &mut Context, subject: Option<&Bound>) -> Result<Bound, EvalError> {
        let v = self.run(Building(ctx), subject)?;
        self.to_bound(v)?
            .ok_or_else(|| self.error("built nothing".to_string()))
    }

    /// Like [`CompiledExpr::build`] without interning: `Ok(None)` when the value does not
    /// exist in the context yet (so it equals nothing there).
    pub fn lookup(
        &self,
        ctx: &Context,
        subject: Option<&Bound>,
    ) -> Result<Option<Bound>, EvalError> {
        let v = self.run(ReadOnly(ctx), subject)?;
        self.to_bound(v)
    }

    /// [`CompiledExpr::build`] for an expression that produces one type.
    pub fn build_type(&self, ctx: &mut Context, subject: Option<Type>) -> Result<Type, EvalError> {
        match self.build(ctx, subject.map(Bound::Type).as_ref())? {
            Bound::Type(t) => Ok(t),
            other => Err(self.error(format!("produced {other:?}, not a type"))),
        }
    }

    /// [`CompiledExpr::build`] for an expression that produces an attribute.
    pub fn build_attr(&self, ctx: &mut Context) -> Result<Attr, EvalError> {
        match self.build(ctx, None)? {
            Bound::Attr(a) => Ok(a),
            other => Err(self.error(format!("produced {other:?}, not an attribute"))),
        }
    }

    fn run<S: Store>(&self, mut store: S, subject: Option<&Bound>) -> Result<run::Val, EvalError> {
        if let Some(NativeType(f)) = &self.native {
            return match f(&mut store, subject).map_err(|m| self.error(m))? {
                Some(t) => Ok(run::Val::Type(t)),
                None => Ok(run::Val::Missing),
            };
        }
        let mut run = Run {
            store,
            tables: &self.tables,
            subject,
            names: &NoNames,
            natives: &[],
            locals: Vec::new(),
        };
        run.eval(&self.node).map_err(|m| self.error(m))
    }

    fn to_bound(&self, v: run::Val) -> Result<Option<Bound>, EvalError> {
        Ok(match v {
            run::Val::Type(t) => Some(Bound::Type(t)),
            run::Val::Types(t) => Some(Bound::Values(t)),
            run::Val::Attr(a) => Some(Bound::Attr(a)),
            run::Val::Null => Some(Bound::Absent),
            run::Val::Missing => None,
            other => return Err(self.error(format!("produced {other:?}"))),
        })
    }

    fn error(&self, message: String) -> EvalError {
        EvalError {
            leaf: self.text.clone(),
            message,
        }
    }
}

/// Compiles predicates and builder expressions against a model (for the classes and enums its
/// dialects define) and a set of natives.
#[derive(Clone, Copy)]
pub struct Compiler<'a> {
    model: Option<&'a Model>,
    natives: &'a Natives,
}

/// The `$name`s of an op-level predicate: for each name, what it is and the key the
/// [`Resolver`] will be asked for.
pub type Names<'n> = dyn Fn(&str) -> Option<(NameKind, u32)> + 'n;

impl<'a> Compiler<'a> {
    /// A compiler; `model` supplies dialect classes and enums (`None`: builtins only).
    pub fn new(model: Option<&'a Model>, natives: &'a Natives) -> Compiler<'a> {
        Compiler { model, natives }
    }

    /// Compiles `pred` with `$_self` of kind `subject` and the `$name`s `names` knows. Every
    /// leaf that is neither registered as a native nor understood is reported.
    pub fn pred(
        &self,
        pred: &Pred,
        subject: SelfKind,
        names: &Names,
    ) -> Result<CompiledPred, Vec<EvalError>> {
        let (compiled, errors) = self.pred_partial(pred, subject, names);
        if errors.is_empty() {
            Ok(compiled)
        } else {
            Err(errors)
        }
    }

    /// Like [`Compiler::pred`], but a leaf that cannot be compiled stays in the predicate as
    /// that error instead of failing it: evaluating reaches the error only when the other
    /// leaves do not decide first (`Or` stops at a child that holds, `And` at one that does
    /// not), so `isa<IntegerType>($_self) || <unknown>` still holds for `i32`, and fails
    /// with the unknown leaf's error for `f32`. Returns the compiled predicate and the leaves
    /// that could not be compiled (empty when it is complete).
    pub fn pred_partial(
        &self,
        pred: &Pred,
        subject: SelfKind,
        names: &Names,
    ) -> (CompiledPred, Vec<EvalError>) {
        let cond = Cond::of(pred);
        let mut out = CompiledPred {
            tree: Tree::And(Vec::new()),
            leaves: Vec::new(),
            tables: Tables::default(),
            natives: Vec::new(),
            uses_names: false,
        };
        let mut errors = Vec::new();
        let mut env = Env::new(self.model, subject.st(), names);
        out.tree = self.tree(&cond, &mut env, &mut out, &mut errors);
        out.tables = env.tables;
        out.uses_names = env.uses_names;
        (out, errors)
    }

    fn tree(
        &self,
        c: &Cond,
        env: &mut Env,
        out: &mut CompiledPred,
        errors: &mut Vec<EvalError>,
    ) -> Tree {
        match c {
            Cond::Leaf(text) => {
                let index = out.leaves.len() as u32;
                out.leaves.push(text.clone());
                match self.leaf(text, env, out) {
                    Ok(node) => Tree::Leaf(index, node),
                    Err(message) => {
                        errors.push(EvalError {
                            leaf: text.clone(),
                            message: message.clone(),
                        });
                        Tree::Unknown(index, message)
                    }
                }
            }
            Cond::And(cs) => Tree::And(cs.iter().map(|c| self.tree(c, env, out, errors)).collect()),
            Cond::Or(cs) => Tree::Or(cs.iter().map(|c| self.tree(c, env, out, errors)).collect()),
            Cond::Not(c) => Tree::Not(Box::new(self.tree(c, env, out, errors))),
        }
    }

    fn leaf(&self, text: &str, env: &mut Env, out: &mut CompiledPred) -> Result<Node, String> {
        if let Some(f) = self.natives.get(text) {
            out.natives.push(f.clone());
            return Ok(Node::Native(out.natives.len() as u32 - 1));
        }
        let expr =
            syntax::parse(text).map_err(|e| format!("{} at offset {}", e.message, e.offset))?;
        let (node, st) = compile(env, &expr)?;
        match st {
            St::Bool => Ok(node),
            St::Type(_) | St::Attr(_) => Ok(Node::NonNull(Box::new(node))),
            other => Err(format!("the leaf is a {other:?}, not a condition")),
        }
    }

    /// Compiles the predicate of constraint `c`: `Ok(None)` when it has none (it always
    /// holds), an error for constraints whose `$_self` Tessera cannot bind (successors).
    pub fn constraint(&self, c: &Constraint) -> Result<Option<CompiledPred>, Vec<EvalError>> {
        let Some(pred) = &c.pred else {
            return Ok(None);
        };
        let Some(subject) = SelfKind::of(c.kind) else {
            let cond = Cond::of(pred);
            return Err(cond
                .leaves()
                .into_iter()
                .map(|l| EvalError {
                    leaf: l.to_string(),
                    message: format!("'$_self' of a {:?} constraint has no binding", c.kind),
                })
                .collect());
        };
        self.pred(pred, subject, &|_| None).map(Some)
    }

    fn expr(&self, text: &str, subject: Option<St>) -> Result<CompiledExpr, EvalError> {
        let error = |message: String| EvalError {
            leaf: text.to_string(),
            message,
        };
        if let Some(f) = self.natives.types_by_text.get(text) {
            return Ok(CompiledExpr {
                text: text.to_string(),
                node: Node::Null,
                tables: Tables::default(),
                produces: Produces::Type,
                native: Some(NativeType(f.clone())),
            });
        }
        let expr = syntax::parse(text)
            .map_err(|e| error(format!("{} at offset {}", e.message, e.offset)))?;
        let mut env = Env::new(self.model, subject, &|_| None);
        let (node, st) = compile(&mut env, &expr).map_err(error)?;
        let produces = match st {
            St::Type(_) => Produces::Type,
            St::Types => Produces::Types,
            St::Attr(_) | St::Null => Produces::Attr,
            other => {
                return Err(error(format!(
                    "produces a {other:?}, not a type or attribute"
                )))
            }
        };
        Ok(CompiledExpr {
            text: text.to_string(),
            node,
            tables: env.tables,
            produces,
            native: None,
        })
    }

    /// Compiles a type constraint's `builderCall` (`$_builder.getIntegerType(32)`).
    pub fn type_builder(&self, builder_call: &str) -> Result<CompiledExpr, EvalError> {
        self.expr(builder_call, None)
    }

    /// Compiles a `TypesMatchWith` transformer: `$_self` is the source value's type.
    pub fn type_transformer(&self, transformer: &str) -> Result<CompiledExpr, EvalError> {
        self.expr(transformer, Some(St::Type(classes::TypeClass::Any)))
    }

    /// Compiles an attribute's `constBuilderCall` with `value` (C++ text, such as a default
    /// value) substituted for `$0`, as upstream's generator does.
    pub fn attr_builder(
        &self,
        const_builder_call: &str,
        value: &str,
    ) -> Result<CompiledExpr, EvalError> {
        self.expr(&const_builder_call.replace("$0", value), None)
    }
}

/// A leaf of a model that cannot be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unevaluable {
    /// The leaf's text (register a native under it).
    pub leaf: String,
    /// Why it is not understood.
    pub message: String,
    /// What uses it: constraint records and `op-name: trait` entries, sorted.
    pub users: Vec<String>,
}

/// Errors gathered over a model, one entry per text, with everything that uses it.
#[derive(Default)]
struct Gather {
    by_text: std::collections::BTreeMap<String, Unevaluable>,
}

impl Gather {
    fn note(&mut self, errors: Vec<EvalError>, user: String) {
        for e in errors {
            let entry = self
                .by_text
                .entry(e.leaf.clone())
                .or_insert_with(|| Unevaluable {
                    leaf: e.leaf,
                    message: e.message,
                    users: Vec::new(),
                });
            if !entry.users.contains(&user) {
                entry.users.push(user.clone());
            }
        }
    }

    fn finish(self) -> Vec<Unevaluable> {
        let mut out: Vec<Unevaluable> = self.by_text.into_values().collect();
        for u in &mut out {
            u.users.sort();
        }
        out
    }
}

/// Every leaf of `model` that neither the evaluator understands nor `natives` covers: the
/// constraints' predicates and the predicate traits of its ops, sorted by leaf text. An empty
/// list means every predicate of the model can be evaluated.
pub fn unevaluable_leaves(model: &Model, natives: &Natives) -> Vec<Unevaluable> {
    let compiler = Compiler::new(Some(model), natives);
    let mut gather = Gather::default();
    for c in &model.constraints {
        if let Err(errors) = compiler.constraint(c) {
            gather.note(errors, c.record.clone());
        }
    }
    for op in &model.ops {
        let names = OpNames::new(op);
        for t in &op.traits {
            if let TraitKind::Predicate { pred, .. } = &t.kind {
                if let Err(errors) = compiler.pred(pred, SelfKind::None, &|n| names.lookup(n)) {
                    gather.note(errors, format!("{}: {}", op.name, t.record));
                }
            }
        }
    }
    gather.finish()
}

/// Every builder expression of `model` that cannot be compiled: type constraints'
/// `builderCall`s, `TypesMatchWith` transformers, and the default values of attributes
/// (`constBuilderCall` with `defaultValue`), sorted by text. What is listed cannot be used to
/// infer a type or to elide an attribute equal to its default: say, a dialect attribute that
/// `tessera-ir` keeps as opaque text.
pub fn unbuildable_exprs(model: &Model, natives: &Natives) -> Vec<Unevaluable> {
    let compiler = Compiler::new(Some(model), natives);
    let mut gather = Gather::default();
    for c in &model.constraints {
        if let Some(call) = &c.builder_call {
            if let Err(e) = compiler.type_builder(call) {
                gather.note(vec![e], c.record.clone());
            }
        }
    }
    for op in &model.ops {
        for t in &op.traits {
            if let TraitKind::Predicate {
                types: Some(crate::TypeRelation::MatchWith { transformer, .. }),
                ..
            } = &t.kind
            {
                if let Err(e) = compiler.type_transformer(transformer) {
                    gather.note(vec![e], format!("{}: {}", op.name, t.record));
                }
            }
        }
        for a in &op.attributes {
            if let (Some(call), Some(value)) = (&a.attr.const_builder_call, &a.attr.default_value) {
                if let Err(e) = compiler.attr_builder(call, value) {
                    gather.note(vec![e], format!("{}: {}", op.name, a.name));
                }
            }
        }
    }
    gather.finish()
}

/// Entry point for fuzzing: arbitrary bytes as a predicate leaf (with `$_self` of every kind
/// and any `$name`) and as a builder expression, compiled and evaluated on a few values.
/// Every outcome must be a value or an error: never a panic, a stack overflow or a runaway.
pub fn fuzz_entry(data: &[u8]) {
    use tessera_ir::{FloatKind, TypeKind, DYNAMIC};
    let text = String::from_utf8_lossy(data);
    let natives = Natives::new();
    let compiler = Compiler::new(None, &natives);
    let mut ctx = Context::new();
    let i32 = ctx.int_type(32);
    let f32 = ctx.float_type(FloatKind::F32);
    let tensor = ctx.ty(TypeKind::RankedTensor {
        shape: Box::new([2, DYNAMIC]),
        element: f32,
        encoding: None,
    });
    let one = ctx.integer_attr(i32, 1);
    let array = ctx.array_attr(&[one]);
    let value = Bound::Value {
        ty: tensor,
        use_empty: true,
    };
    let subjects = [
        (SelfKind::Type, Bound::Type(tensor)),
        (SelfKind::Attr, Bound::Attr(array)),
        (SelfKind::Attr, Bound::Absent),
        (SelfKind::Region, Bound::Region { blocks: 1 }),
        (SelfKind::Value, value.clone()),
        (SelfKind::None, Bound::Absent),
    ];
    // Every name is something; which thing depends on the name.
    let kinds = [
        NameKind::Value,
        NameKind::Values,
        NameKind::Attr,
        NameKind::Op,
    ];
    let names = |n: &str| Some((kinds[n.len() % kinds.len()], (n.len() % kinds.len()) as u32));
    let resolve = |key: u32| match key {
        0 => Some(value.clone()),
        1 => Some(Bound::Values(vec![i32, tensor])),
        2 => Some(Bound::Attr(one)),
        _ => Some(Bound::Op {
            operands: vec![tensor],
            results: vec![i32],
        }),
    };
    for (kind, subject) in &subjects {
        if let Ok(c) = compiler.pred(&Pred::Leaf(text.to_string()), *kind, &names) {
            let _ = c.eval(&ctx, subject, &resolve);
        }
    }
    if let Ok(e) = compiler.type_transformer(&text) {
        let _ = e.lookup(&ctx, Some(&Bound::Type(tensor)));
        let _ = e.build(&mut ctx, Some(&Bound::Type(tensor)));
    }
    if let Ok(e) = compiler.attr_builder(&text, "1") {
        let _ = e.build(&mut ctx, None);
    }
}
