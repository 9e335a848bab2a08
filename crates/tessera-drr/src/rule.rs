//! The rules of a `.td` file as plain data: what reading checked and lowering consumes. No
//! record ids and no context handles, so a file read once can be lowered into any number of
//! contexts (each chunk of `tessera-opt`'s input has its own).

use tessera_ir::SourceLoc;

/// Index of an op in the ODS model the rules were read against.
pub type OpIndex = usize;

/// Index of a constraint in [`crate::DrrFile::constraints`].
pub type ConstraintIndex = usize;

/// One `Pat`/`Pattern` record.
#[derive(Clone, Debug)]
pub struct Rule {
    /// The record's name (`anonymous_N` for `def : Pat<...>`).
    pub record: String,
    /// Whether the record was named by its author (then it names the `pdl.pattern`).
    pub named: bool,
    /// Where the record is defined: every diagnostic about the rule points here, as
    /// `mlir-tblgen` reports them.
    pub loc: SourceLoc,
    /// The source pattern's root.
    pub root: SrcOp,
    /// The result patterns, in order.
    pub results: Vec<ResNode>,
    /// Additional constraints over bound symbols.
    pub constraints: Vec<Applied>,
    /// Supplemental patterns: native calls made after the result patterns are built, before
    /// the root is replaced.
    pub supplemental: Vec<ResNode>,
    /// The benefit: matched ops plus `addBenefit`.
    pub benefit: u16,
    /// How the root's results are replaced, worked out when the rule was read.
    pub replacement: Replacement,
}

/// An op in a source pattern.
#[derive(Clone, Debug)]
pub struct SrcOp {
    /// The op in the ODS model.
    pub op: OpIndex,
    /// `(Op:$name ...)`.
    pub bind: Option<String>,
    /// One entry per ODS argument, in ODS order.
    pub args: Vec<SrcArg>,
    /// `(either a, b)`: the first of two operand positions whose matchers may be swapped.
    pub either: Vec<usize>,
    /// How many results the op declares (all single when it is nested: upstream matches the
    /// op defining the operand whichever of its results the operand is).
    pub results: usize,
}

/// One ODS argument of a source op.
#[derive(Clone, Debug)]
pub enum SrcArg {
    /// An operand (group): what matches it.
    Operand(SrcValue),
    /// An attribute.
    Attr {
        /// Its ODS name.
        name: String,
        /// `$name`.
        bind: Option<String>,
        /// A constraint beyond the op's own.
        constraint: Option<ConstraintIndex>,
        /// `ConstantAttr<...>`: the attribute must equal this one.
        constant: Option<ConstAttr>,
        /// The ODS attribute may be absent (`OptionalAttr`, `DefaultValuedAttr`).
        optional: bool,
        /// A `DefaultValuedAttr`'s default: what the argument is when the op lacks it.
        default: Option<ConstAttr>,
    },
}

/// What matches one operand group.
#[derive(Clone, Debug)]
pub enum SrcValue {
    /// Any value (or values, for a variable-length group), possibly constrained and bound.
    Leaf {
        /// `$name`.
        bind: Option<String>,
        /// A type constraint beyond the op's own.
        constraint: Option<ConstraintIndex>,
        /// The group is variadic or optional: it matches a range.
        range: bool,
    },
    /// A value defined by a nested op.
    Op(Box<SrcOp>),
    /// A value defined by an op a `NativeCodeCall` matches (`$_self`), which binds its
    /// outputs.
    Native(Box<SrcNative>),
    /// `(variadic ...)`: a variable-length group of exactly these values.
    Variadic {
        /// `(variadic:$name ...)`: the whole group.
        bind: Option<String>,
        /// One entry per value.
        elems: Vec<SrcValue>,
    },
}

/// A `NativeCodeCall` in a source pattern, `(Call args...)` as an operand's matcher: the
/// native constraint `name` receives the op defining the operand (`$_self`) and gives one
/// value per argument (`$0`, `$1`, ...: outputs, as upstream's `&$0`), each bound and checked
/// as its argument says.
#[derive(Clone, Debug)]
pub struct SrcNative {
    /// The native's name: the def's, or the expression of an inline call.
    pub name: String,
    /// The Rust expression (`NativeCodeCall`'s `expression`).
    pub expression: String,
    /// One output per argument.
    pub outs: Vec<NativeOut>,
}

/// One output of a source-pattern `NativeCodeCall`.
#[derive(Clone, Debug)]
pub struct NativeOut {
    /// `$name`.
    pub bind: Option<String>,
    /// An attribute (the argument is an attribute constraint); otherwise a value.
    pub attr: bool,
    /// The constraint the output must satisfy.
    pub constraint: Option<ConstraintIndex>,
}

/// What a `NativeCodeCall` of a result pattern gives: decided by where it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Yield {
    /// Values (an operand, a replacement, an argument of another call, a supplemental call).
    Values,
    /// An attribute (an attribute argument of a result op).
    Attr,
    /// A type (in `returnType`).
    Type,
}

/// What one argument a native receives is (after spreading multi-result ops and packs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// An attribute.
    Attr,
    /// One value.
    Value,
    /// A range of values.
    Values,
    /// An op (a result op without results).
    Op,
    /// A type.
    Type,
}

/// A constant attribute: `ConstantAttr<Attr, "value">`'s builder and value.
#[derive(Clone, Debug)]
pub struct ConstAttr {
    /// The attribute's `constBuilderCall`.
    pub builder: String,
    /// The C++ value substituted for `$0`.
    pub value: String,
}

/// A constraint applied to bound symbols (the third argument of `Pattern`).
#[derive(Clone, Debug)]
pub struct Applied {
    /// The constraint.
    pub constraint: ConstraintIndex,
    /// `(C:$self ...)`: what `$_self` is.
    pub self_sym: Option<String>,
    /// `$0`, `$1`, ...: the arguments.
    pub args: Vec<String>,
}

/// A node of a result pattern.
#[derive(Clone, Debug)]
pub enum ResNode {
    /// An op to build.
    Op(Box<ResOp>),
    /// `(replaceWithValue $x)` or a bare reference: an existing value.
    Ref(String),
    /// A constant attribute (`ConstantAttr<...>` in an attribute position).
    Const(ConstAttr),
    /// `(variadic a, b, ...)` for a variable-length operand: the elements' values, in order.
    Pack(Vec<ResNode>),
    /// A `NativeCodeCall`: the native rewrite registered under `name` (the def's name, or
    /// the expression text of an inline one), given the arguments' values.
    Native {
        /// The native's name.
        name: String,
        /// The Rust expression (`NativeCodeCall`'s `expression`).
        expression: String,
        /// Its arguments.
        args: Vec<ResNode>,
        /// What the native receives, one entry per argument it is passed.
        arg_kinds: Vec<ArgKind>,
        /// How many values it returns (`numReturns`).
        returns: usize,
        /// What its results are.
        yields: Yield,
        /// `(Call:$name ...)`: the symbol its results are bound to (without `__N`).
        bind: Option<String>,
        /// `(Call:$name__N ...)`: only result N is this node's value.
        bound_result: Option<usize>,
        /// The expression names `$_loc`: the location the native receives after its
        /// arguments, from a `location` directive's symbols and name, or (an empty spec) the
        /// matched ops' fused location.
        loc: Option<LocSpec>,
    },
}

/// An op a result pattern builds.
#[derive(Clone, Debug)]
pub struct ResOp {
    /// The op in the ODS model.
    pub op: OpIndex,
    /// `(Op:$name ...)` (without any `__N` suffix).
    pub bind: Option<String>,
    /// `(Op:$name__N ...)`: only result group N is this node's value.
    pub bound_result: Option<usize>,
    /// One entry per ODS argument, in ODS order.
    pub args: Vec<ResNode>,
    /// `(returnType ...)`: the types of the results.
    pub return_types: Vec<TypeRef>,
    /// `(location ...)`: where the op is, instead of the matched ops' fused location.
    pub location: Option<LocSpec>,
}

/// One type of a `returnType` directive.
#[derive(Clone, Debug)]
pub enum TypeRef {
    /// `$x`: the type of a bound value (an operand, or a one-result op's result).
    Symbol(String),
    /// `"$_builder.getI32Type()"`: C++ that builds a type, evaluated by `tessera_ods::eval`.
    Cpp(String),
    /// `(NativeCodeCall<...> $x)`: a native rewrite returning the type.
    Native(ResNode),
}

/// A `location` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocSpec {
    /// The bound symbols whose locations are fused (one: that location).
    pub symbols: Vec<String>,
    /// A string: the name of a `NameLoc` (without symbols) or the fused location's
    /// metadata.
    pub name: Option<String>,
}

/// Which values replace the root's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replacement {
    /// The root has no results: it is erased after the result patterns are built.
    Erase,
    /// The values of the result patterns from `first` on, in order, replace the root's
    /// results (the earlier patterns build auxiliary ops).
    From {
        /// The first result pattern whose values are used.
        first: usize,
    },
}

/// How many two-way choices a source tree has: `either` pairs (which order) and optional
/// attributes it binds or constrains (present or absent). A rule is lowered once per
/// combination.
pub fn variant_count(op: &SrcOp) -> u32 {
    fn value(v: &SrcValue) -> u32 {
        match v {
            // A nested op with several results: which of them the operand is, a choice of
            // as many bits as that takes.
            SrcValue::Op(op) => variant_count(op) + result_choice_bits(op.results),
            SrcValue::Variadic { elems, .. } => elems.iter().map(value).sum(),
            SrcValue::Leaf { .. } | SrcValue::Native(_) => 0,
        }
    }
    let args: u32 = op
        .args
        .iter()
        .map(|a| match a {
            SrcArg::Operand(v) => value(v),
            SrcArg::Attr { .. } => u32::from(a.is_optional_choice()),
        })
        .sum();
    op.either.len() as u32 + args
}

/// The two-way choices that pick one of `results` results of a nested op.
pub fn result_choice_bits(results: usize) -> u32 {
    match results {
        0 | 1 => 0,
        n => usize::BITS - (n - 1).leading_zeros(),
    }
}

impl SrcArg {
    /// An optional attribute the rule needs one pattern for ops that have it and one for ops
    /// that do not: a default-valued one it binds or constrains (the default is checked when
    /// absent), an optional one it binds without constraining (a constrained one must be
    /// present, as upstream's generated matcher requires).
    pub fn is_optional_choice(&self) -> bool {
        let SrcArg::Attr {
            optional: true,
            bind,
            constraint,
            constant,
            default,
            ..
        } = self
        else {
            return false;
        };
        let constrained = constraint.is_some() || constant.is_some();
        match default {
            Some(_) => bind.is_some() || constrained,
            None => bind.is_some() && !constrained,
        }
    }
}

/// Every op a rule names, source and results.
pub fn ops_of_rule(rule: &Rule, out: &mut Vec<OpIndex>) {
    fn src(op: &SrcOp, out: &mut Vec<OpIndex>) {
        out.push(op.op);
        for a in &op.args {
            if let SrcArg::Operand(v) = a {
                value(v, out);
            }
        }
    }
    fn value(v: &SrcValue, out: &mut Vec<OpIndex>) {
        match v {
            SrcValue::Op(op) => src(op, out),
            SrcValue::Variadic { elems, .. } => elems.iter().for_each(|e| value(e, out)),
            SrcValue::Leaf { .. } | SrcValue::Native(_) => {}
        }
    }
    fn res(n: &ResNode, out: &mut Vec<OpIndex>) {
        match n {
            ResNode::Op(op) => {
                out.push(op.op);
                op.args.iter().for_each(|a| res(a, out));
            }
            ResNode::Native { args, .. } | ResNode::Pack(args) => {
                args.iter().for_each(|a| res(a, out))
            }
            ResNode::Ref(_) | ResNode::Const(_) => {}
        }
    }
    src(&rule.root, out);
    rule.results.iter().for_each(|r| res(r, out));
}
