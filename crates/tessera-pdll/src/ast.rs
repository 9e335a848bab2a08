//! The PDLL syntax tree: declarations, statements and expressions in typed arenas, interned
//! names, and the interned AST types that semantic analysis gives every expression.
//!
//! Nodes refer to each other by `u32` ids ([`DeclId`], [`StmtId`], [`ExprId`]) into the
//! [`Ast`]'s arenas, so the tree is cheap to build, to share between passes and to walk without
//! borrowing trouble; a `DeclRefExpr` is just an id of the declaration it names. Types are
//! interned in a [`TypeTable`] ([`TypeId`]), so comparing two types compares two integers, as
//! upstream's uniqued `ast::Type`s do. Every node carries a [`Span`].

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, PrimaryMap};
use smallvec::SmallVec;
use tessera_ir::SourceLoc;

/// A range of source: `lo` is where diagnostics point, `hi` one past the last byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub lo: SourceLoc,
    /// One past the last byte.
    pub hi: SourceLoc,
}

impl Span {
    /// The span from the start of `self` to the end of `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo,
            hi: other.hi,
        }
    }
}

/// An interned identifier or string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(u32);

impl Sym {
    /// The symbol's number: symbols are numbered densely from 0 in the order interned, so
    /// tables indexed by it stay small.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// The identifier table: each distinct string stored once, all of them back to back in one
/// buffer. The hash table holds only symbol numbers, and each symbol's hash is kept, so
/// growing the table reads no string (a big file interns tens of thousands of names, and
/// boxing each one twice, as a key and as a value, cost more than the lookups).
#[derive(Default)]
pub struct Interner {
    text: String,
    /// `(start, len)` of each symbol's text in `text`.
    spans: Vec<(u32, u32)>,
    /// The hash of each symbol's text.
    hashes: Vec<u64>,
    table: hashbrown::HashTable<u32>,
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries((0..self.spans.len()).map(|i| self.str(Sym(i as u32))))
            .finish()
    }
}

impl Interner {
    /// An empty table with room for about `names` symbols.
    pub fn with_capacity(names: usize) -> Interner {
        Interner {
            text: String::with_capacity(names * 8),
            spans: Vec::with_capacity(names),
            hashes: Vec::with_capacity(names),
            table: hashbrown::HashTable::with_capacity(names),
        }
    }

    /// The symbol for `s`, adding it if new.
    pub fn intern(&mut self, s: &str) -> Sym {
        let hash = {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(s)
        };
        // Compared as bytes: slicing the text as a `str` would check both ends for
        // character boundaries on every probe.
        let (text, spans) = (self.text.as_bytes(), &self.spans);
        let same = |&i: &u32| {
            let (start, len) = spans[i as usize];
            text.get(start as usize..(start + len) as usize) == Some(s.as_bytes())
        };
        if let Some(&sym) = self.table.find(hash, same) {
            return Sym(sym);
        }
        let sym = self.spans.len() as u32;
        self.spans.push((self.text.len() as u32, s.len() as u32));
        self.text.push_str(s);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.table.insert_unique(hash, sym, |&i| hashes[i as usize]);
        Sym(sym)
    }

    /// How many symbols there are.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether no symbol was interned yet.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The text of `sym`.
    pub fn str(&self, sym: Sym) -> &str {
        span_text(&self.text, self.spans[sym.0 as usize])
    }
}

/// The text a `(start, len)` span of [`Interner::text`] covers.
fn span_text(text: &str, (start, len): (u32, u32)) -> &str {
    &text[start as usize..(start + len) as usize]
}

/// An interned AST type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeId(u32);

/// What an AST type is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// `Attr`.
    Attr,
    /// The type of a reference to a constraint.
    Constraint,
    /// `Op`, optionally of a named operation.
    Op(Option<Sym>),
    /// A range of `Type` or `Value`.
    Range(TypeId),
    /// The type of a reference to a rewrite.
    Rewrite,
    /// A tuple; element names are empty symbols where unnamed.
    Tuple(Box<[TypeId]>, Box<[Sym]>),
    /// `Type`.
    Type,
    /// `Value`.
    Value,
}

/// The type table, with the types every pass needs ready.
#[derive(Debug)]
pub struct TypeTable {
    kinds: Vec<TypeKind>,
    /// The hash of each kind, so growing `table` hashes no kind again.
    hashes: Vec<u64>,
    /// Type numbers, found by their kinds (each kind is stored once, in `kinds`).
    table: hashbrown::HashTable<u32>,
    /// `Attr`.
    pub attr: TypeId,
    /// `Constraint`.
    pub constraint: TypeId,
    /// `Op` of any operation.
    pub op: TypeId,
    /// `Rewrite`.
    pub rewrite: TypeId,
    /// `Type`.
    pub type_: TypeId,
    /// `TypeRange`.
    pub type_range: TypeId,
    /// `Value`.
    pub value: TypeId,
    /// `ValueRange`.
    pub value_range: TypeId,
    /// `Tuple<>`.
    pub empty_tuple: TypeId,
}

impl TypeTable {
    fn new() -> TypeTable {
        TypeTable::with_capacity(0)
    }

    /// A table with room for about `types` types (each named operation is one), so a big
    /// file does not grow it step by step, rehashing and moving every type each time.
    fn with_capacity(types: usize) -> TypeTable {
        let placeholder = TypeId(0);
        let mut t = TypeTable {
            kinds: Vec::with_capacity(types),
            hashes: Vec::with_capacity(types),
            table: hashbrown::HashTable::with_capacity(types),
            attr: placeholder,
            constraint: placeholder,
            op: placeholder,
            rewrite: placeholder,
            type_: placeholder,
            type_range: placeholder,
            value: placeholder,
            value_range: placeholder,
            empty_tuple: placeholder,
        };
        t.attr = t.get(TypeKind::Attr);
        t.constraint = t.get(TypeKind::Constraint);
        t.op = t.get(TypeKind::Op(None));
        t.rewrite = t.get(TypeKind::Rewrite);
        t.type_ = t.get(TypeKind::Type);
        t.value = t.get(TypeKind::Value);
        t.type_range = t.get(TypeKind::Range(t.type_));
        t.value_range = t.get(TypeKind::Range(t.value));
        t.empty_tuple = t.get(TypeKind::Tuple(Box::new([]), Box::new([])));
        t
    }

    /// The id of `kind`, interning it if new.
    pub fn get(&mut self, kind: TypeKind) -> TypeId {
        let hash = {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(&kind)
        };
        let kinds = &self.kinds;
        if let Some(&id) = self.table.find(hash, |&i| kinds[i as usize] == kind) {
            return TypeId(id);
        }
        let id = self.kinds.len() as u32;
        self.kinds.push(kind);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.table.insert_unique(hash, id, |&i| hashes[i as usize]);
        TypeId(id)
    }

    /// What `ty` is.
    pub fn kind(&self, ty: TypeId) -> &TypeKind {
        &self.kinds[ty.0 as usize]
    }

    /// Whether `ty` is an operation type.
    pub fn is_op(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Op(_))
    }

    /// The most refined type compatible with both, if any (an unnamed `Op` refines to a named
    /// one; everything else must be equal).
    pub fn refine(&self, a: TypeId, b: TypeId) -> Option<TypeId> {
        if a == b {
            return Some(a);
        }
        match (self.kind(a), self.kind(b)) {
            (TypeKind::Op(_), TypeKind::Op(None)) => Some(a),
            (TypeKind::Op(None), TypeKind::Op(_)) => Some(b),
            _ => None,
        }
    }

    /// `ty` as upstream prints it (`Op<dialect.name>`, `ValueRange`, `Tuple<a: Value, Type>`).
    pub fn display(&self, ty: TypeId, names: &Interner) -> String {
        let mut out = String::new();
        self.write(&mut out, ty, names);
        out
    }

    /// Appends `ty` as upstream prints it to `out`.
    pub fn write<S: TextSink>(&self, out: &mut S, ty: TypeId, names: &Interner) {
        match self.kind(ty) {
            TypeKind::Attr => out.put("Attr"),
            TypeKind::Constraint => out.put("Constraint"),
            TypeKind::Op(name) => {
                out.put("Op");
                if let Some(name) = name {
                    out.put("<");
                    out.put(names.str(*name));
                    out.put(">");
                }
            }
            TypeKind::Range(elt) => {
                self.write(out, *elt, names);
                out.put("Range");
            }
            TypeKind::Rewrite => out.put("Rewrite"),
            TypeKind::Tuple(types, labels) => {
                out.put("Tuple<");
                for (i, (&t, &label)) in types.iter().zip(labels.iter()).enumerate() {
                    if i > 0 {
                        out.put(", ");
                    }
                    let label = names.str(label);
                    if !label.is_empty() {
                        out.put(label);
                        out.put(": ");
                    }
                    self.write(out, t, names);
                }
                out.put(">");
            }
            TypeKind::Type => out.put("Type"),
            TypeKind::Value => out.put("Value"),
        }
    }
}

/// Where text is written: a `String`, or the bytes the AST dump collects (which it hands
/// to its sink without checking them again).
pub trait TextSink {
    /// Appends `s`.
    fn put(&mut self, s: &str);
}

impl TextSink for String {
    fn put(&mut self, s: &str) {
        self.push_str(s);
    }
}

impl TextSink for Vec<u8> {
    fn put(&mut self, s: &str) {
        self.extend_from_slice(s.as_bytes());
    }
}

/// A list of node ids or names in a node: up to four are stored in place (nearly every list
/// is that short), so building the tree allocates nothing for them, and the list takes the
/// room a `Vec` would.
pub type Ids<T> = SmallVec<[T; 4]>;

/// A constraint list while it is built: nearly always one constraint, stored in place.
pub type Constraints = SmallVec<[ConstraintRef; 1]>;

/// A variable's constraint list, kept in the tree's one list of constraint uses
/// ([`Ast::constraints`]): 8 bytes in the variable, where a list of its own took 24 (and set
/// the size of every declaration).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ConstraintList {
    start: u32,
    len: u32,
}

/// A declaration.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeclId(u32);
entity_impl!(DeclId, "decl");

/// A statement (an expression used as a statement is a [`StmtKind::Expr`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId(u32);
entity_impl!(StmtId, "stmt");

/// An expression.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(u32);
entity_impl!(ExprId, "expr");

/// A name as written, with where it was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The text.
    pub sym: Sym,
    /// Where.
    pub span: Span,
}

/// A use of a constraint in a variable's constraint list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConstraintRef {
    /// The constraint declaration (core or user).
    pub constraint: DeclId,
    /// Where it was referenced.
    pub span: Span,
}

/// A user `Constraint` or `Rewrite`: signature and either a PDLL body or native code.
#[derive(Clone, Debug)]
pub struct Callable {
    /// Its name (`<anonymous_…>` for inline lambdas).
    pub name: Name,
    /// Argument variables.
    pub inputs: Ids<DeclId>,
    /// Result variables.
    pub results: Ids<DeclId>,
    /// The single result's type, a tuple of several, or `Tuple<>`.
    pub result_type: TypeId,
    /// The PDLL body, if any.
    pub body: Option<StmtId>,
    /// The native code block, if one was given.
    pub code: Option<Box<str>>,
    /// For a constraint imported from ODS, the C++ class its `self` argument is handled as in
    /// generated code (an attribute's storage type, a type constraint's class, the interface
    /// class); upstream's C++ output names it.
    pub native_type: Option<Box<str>>,
}

/// What a declaration is.
#[derive(Clone, Debug)]
pub enum DeclKind {
    /// A variable: `let`, inline `x: C`, an argument or a result.
    Variable {
        /// Its name (`_` or empty for anonymous ones).
        name: Name,
        /// Its type.
        ty: TypeId,
        /// Its initializer (packed: 4 bytes instead of 8).
        init: PackedOption<ExprId>,
        /// Its constraints ([`Ast::constraints`] reads them).
        constraints: ConstraintList,
    },
    /// `Constraint Name(…) …`.
    UserConstraint(Box<Callable>),
    /// `Rewrite Name(…) …`.
    UserRewrite(Box<Callable>),
    /// `Pattern …`.
    Pattern {
        /// The optional name.
        name: Option<Name>,
        /// `benefit(N)`.
        benefit: Option<u16>,
        /// `recursion`.
        recursion: bool,
        /// The body.
        body: StmtId,
    },
    /// The name of an operation, or none for "any operation".
    OpName(Option<Name>),
    /// `name = value` in an operation expression.
    NamedAttribute {
        /// The attribute name.
        name: Name,
        /// Its value.
        value: ExprId,
    },
    /// `Attr` with an optional type expression.
    AttrConstraint(Option<ExprId>),
    /// `Op` with its [`DeclKind::OpName`].
    OpConstraint(DeclId),
    /// `Type`.
    TypeConstraint,
    /// `TypeRange`.
    TypeRangeConstraint,
    /// `Value` with an optional type expression.
    ValueConstraint(Option<ExprId>),
    /// `ValueRange` with an optional type-range expression.
    ValueRangeConstraint(Option<ExprId>),
}

/// A declaration node.
#[derive(Clone, Debug)]
pub struct Decl {
    /// What it is.
    pub kind: DeclKind,
    /// Where it is (for named declarations, the name).
    pub span: Span,
}

impl Decl {
    /// The name scopes know the declaration by, if any.
    pub fn name(&self) -> Option<Name> {
        match &self.kind {
            DeclKind::Variable { name, .. } => Some(*name),
            DeclKind::UserConstraint(c) | DeclKind::UserRewrite(c) => Some(c.name),
            DeclKind::Pattern { name, .. } => *name,
            _ => None,
        }
    }

    /// Whether the declaration is a constraint (core or user), usable in a constraint list.
    pub fn is_constraint(&self) -> bool {
        !matches!(
            self.kind,
            DeclKind::Variable { .. }
                | DeclKind::UserRewrite(_)
                | DeclKind::Pattern { .. }
                | DeclKind::OpName(_)
                | DeclKind::NamedAttribute { .. }
        )
    }
}

/// What a statement is.
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `{ … }`.
    Compound(Ids<StmtId>),
    /// `erase root`.
    Erase(ExprId),
    /// `let …` (the variable).
    Let(DeclId),
    /// `replace root with …`.
    Replace {
        /// The replaced operation.
        root: ExprId,
        /// The replacement values or operation.
        with: Ids<ExprId>,
    },
    /// `return expr`.
    Return(ExprId),
    /// `rewrite root with { … }`.
    Rewrite {
        /// The rewritten operation.
        root: ExprId,
        /// The compound body.
        body: StmtId,
    },
    /// An expression evaluated for its effect.
    Expr(ExprId),
}

impl StmtKind {
    /// Whether this is `erase`, `replace` or `rewrite`.
    pub fn is_op_rewrite(&self) -> bool {
        matches!(
            self,
            StmtKind::Erase(_) | StmtKind::Replace { .. } | StmtKind::Rewrite { .. }
        )
    }
}

/// A statement node.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where it is.
    pub span: Span,
}

/// What an expression is.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// `attr<"…">` (also the implicit unit value of an attribute without one).
    Attribute(Sym),
    /// `callee(args)`, possibly negated with `not`.
    Call(Box<CallExpr>),
    /// A reference to a declaration.
    DeclRef(DeclId),
    /// `parent.member` (`$results` for the implicit all-results access).
    MemberAccess {
        /// The accessed expression.
        parent: ExprId,
        /// The member name or index.
        member: Sym,
    },
    /// `op<name>(operands) {attrs} -> (results)`.
    Operation(Box<OperationExpr>),
    /// `(a, name = b)`.
    Tuple(Box<TupleExpr>),
    /// `type<"…">`.
    Type(Sym),
    /// A range built from values or types (tuples converted in a rewrite, padding groups).
    Range(Box<Ids<ExprId>>),
}

/// The parts of a call. Boxed in [`ExprKind`], as an operation's, a tuple's and a range's
/// are: every kind then fits in 8 bytes, and an expression in 32 (48 with the call's parts
/// in place, 96 with all of them), which a large file's tree, mostly expressions, shows.
#[derive(Clone, Debug)]
pub struct CallExpr {
    /// The called constraint or rewrite reference.
    pub callee: ExprId,
    /// The arguments, after conversion to the parameter types.
    pub args: Ids<ExprId>,
    /// Whether `not` preceded the call.
    pub negated: bool,
}

/// The parts of an operation expression (boxed in [`ExprKind`], see [`CallExpr`]).
#[derive(Clone, Debug)]
pub struct OperationExpr {
    /// The [`DeclKind::OpName`].
    pub name: DeclId,
    /// Operand groups.
    pub operands: Ids<ExprId>,
    /// Result type groups.
    pub results: Ids<ExprId>,
    /// [`DeclKind::NamedAttribute`]s.
    pub attrs: Ids<DeclId>,
}

/// The parts of a tuple expression.
#[derive(Clone, Debug)]
pub struct TupleExpr {
    /// Elements.
    pub elems: Ids<ExprId>,
    /// Element labels (empty symbols where unnamed).
    pub names: Ids<Sym>,
}

/// An expression node.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
    /// Its type.
    pub ty: TypeId,
}

/// A parsed (and analysed) PDLL module with every node it owns.
#[derive(Debug)]
pub struct Ast {
    /// Declarations.
    pub decls: PrimaryMap<DeclId, Decl>,
    /// Statements.
    pub stmts: PrimaryMap<StmtId, Stmt>,
    /// Expressions.
    pub exprs: PrimaryMap<ExprId, Expr>,
    /// Interned names and strings.
    pub names: Interner,
    /// Interned types.
    pub types: TypeTable,
    /// The module's top-level declarations, in order (those of included files in place).
    pub top_level: Vec<DeclId>,
    /// The constraint uses of every variable, each variable's a [`ConstraintList`] range.
    constraint_uses: Vec<ConstraintRef>,
    /// What `.td` includes defined: operations (looked up by full name with
    /// [`crate::ods::Context::operation`], operands and results in declaration order) and
    /// their constraints. Empty when nothing was included.
    pub ods: crate::ods::Context,
}

impl Default for Ast {
    fn default() -> Self {
        Self::new()
    }
}

impl Ast {
    /// An empty tree.
    pub fn new() -> Ast {
        Ast {
            decls: PrimaryMap::new(),
            stmts: PrimaryMap::new(),
            exprs: PrimaryMap::new(),
            names: Interner::default(),
            types: TypeTable::new(),
            top_level: Vec::new(),
            constraint_uses: Vec::new(),
            ods: crate::ods::Context::default(),
        }
    }

    /// An empty tree with room for what a source of `source_len` bytes usually holds (from
    /// typical PDLL: about one declaration per 14 bytes and one expression per 13, one
    /// statement per 37, a distinct name per 32 at most; the expressions get a margin, as
    /// outgrowing their arena copies the largest one), so that parsing a large file does not grow
    /// the arenas step by step, each step copying them into fresh memory (and rehashing the
    /// names). Room not used is never touched, but for a byte per name-table slot.
    pub fn with_capacity(source_len: usize) -> Ast {
        let mut ast = Ast::new();
        ast.decls = PrimaryMap::with_capacity(source_len / 14);
        ast.stmts = PrimaryMap::with_capacity(source_len / 37);
        ast.exprs = PrimaryMap::with_capacity(source_len / 12);
        ast.names = Interner::with_capacity(source_len / 32);
        ast.types = TypeTable::with_capacity(source_len / 64);
        ast
    }

    /// The constraints of a variable's list.
    pub fn constraints(&self, list: ConstraintList) -> &[ConstraintRef] {
        let start = list.start as usize;
        self.constraint_uses
            .get(start..start + list.len as usize)
            .unwrap_or(&[])
    }

    /// Stores a variable's constraint list.
    pub fn constraint_list(&mut self, constraints: &[ConstraintRef]) -> ConstraintList {
        let list = ConstraintList {
            start: self.constraint_uses.len() as u32,
            len: constraints.len() as u32,
        };
        self.constraint_uses.extend_from_slice(constraints);
        list
    }

    /// Adds an expression.
    pub fn expr(&mut self, kind: ExprKind, span: Span, ty: TypeId) -> ExprId {
        self.exprs.push(Expr { kind, span, ty })
    }

    /// Adds a statement.
    pub fn stmt(&mut self, kind: StmtKind, span: Span) -> StmtId {
        self.stmts.push(Stmt { kind, span })
    }

    /// Adds a declaration.
    pub fn decl(&mut self, kind: DeclKind, span: Span) -> DeclId {
        self.decls.push(Decl { kind, span })
    }

    /// The type of `e`.
    pub fn ty(&self, e: ExprId) -> TypeId {
        self.exprs[e].ty
    }

    /// The span of statement `s` (of its expression for expression statements).
    pub fn stmt_span(&self, s: StmtId) -> Span {
        self.stmts[s].span
    }

    /// `ty` as upstream prints it.
    pub fn type_str(&self, ty: TypeId) -> String {
        self.types.display(ty, &self.names)
    }

    /// The callable data of a user constraint or rewrite.
    pub fn callable(&self, d: DeclId) -> Option<&Callable> {
        match &self.decls[d].kind {
            DeclKind::UserConstraint(c) | DeclKind::UserRewrite(c) => Some(c),
            _ => None,
        }
    }

    /// The ODS definition of the operation an `Op<name>` type names, if a `.td` include
    /// defined it (`None` for `Op`, other types and unregistered operations).
    pub fn ods_operation(&self, ty: TypeId) -> Option<&crate::ods::Operation> {
        match self.types.kind(ty) {
            TypeKind::Op(Some(name)) => self.ods.operation(self.names.str(*name)),
            _ => None,
        }
    }

    /// The types of what `c` returns: a tuple's elements, or its one result type.
    pub fn result_types(&self, c: &Callable) -> Vec<TypeId> {
        match self.types.kind(c.result_type) {
            TypeKind::Tuple(elements, _) => elements.to_vec(),
            _ => vec![c.result_type],
        }
    }

    /// The type of variable `d` (`Tuple<>` for anything else).
    pub fn var_type(&self, d: DeclId) -> TypeId {
        match &self.decls[d].kind {
            DeclKind::Variable { ty, .. } => *ty,
            _ => self.types.empty_tuple,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A large file's tree is mostly these nodes: their sizes set how much memory parsing
    /// touches (lists of ids held in place, the larger expression kinds boxed).
    #[test]
    fn node_sizes_stay_small() {
        assert_eq!(std::mem::size_of::<Expr>(), 32);
        assert_eq!(std::mem::size_of::<Stmt>(), 40);
        assert_eq!(std::mem::size_of::<Decl>(), 40);
    }
}
