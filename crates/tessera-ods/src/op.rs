//! Operations (`Op` records): name, docs, arguments (operands, attributes, properties),
//! results, regions, successors, traits, builders, flags and assembly format, read with
//! upstream's checks and their messages.

use crate::attr::{read_attr, read_property, AttrInfo, PropertyInfo};
use crate::build::Build;
use crate::constraint::{Arity, ConstraintId};
use crate::dialect::DialectId;
use crate::traits::{read_trait, read_traits, Trait, TraitKind, TypeRelation};
use std::collections::HashMap;
use tessera_ir::SourceLoc;
use tessera_tablegen::RecId;

/// Index of a documentation group in [`crate::Model::doc_groups`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DocGroupId(pub u32);

/// A group of ops documented under one heading (`OpDocGroup`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocGroup {
    /// The heading.
    pub summary: String,
    /// Text under the heading.
    pub description: String,
}

/// One operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// The record's name, e.g. `Arith_AddIOp`.
    pub record: String,
    /// Where it is defined.
    pub loc: SourceLoc,
    /// Its dialect.
    pub dialect: DialectId,
    /// The name without the dialect (`opName`), e.g. `addi`.
    pub op_name: String,
    /// The full name, e.g. `arith.addi`.
    pub name: String,
    /// The C++ namespace of the op class (`cppNamespace`).
    pub cpp_namespace: String,
    /// The C++ class name: the record name after the first `_` (the dialect prefix).
    pub cpp_class_name: String,
    /// One-line summary (empty if none).
    pub summary: String,
    /// Description (empty if none).
    pub description: String,
    /// The `arguments` dag in order, each pointing into `operands`, `attributes` or
    /// `properties`.
    pub arguments: Vec<Argument>,
    /// Operands.
    pub operands: Vec<NamedConstraint>,
    /// Attributes: those in `arguments`, then derived ones (fields of the op).
    pub attributes: Vec<NamedAttr>,
    /// Properties.
    pub properties: Vec<NamedProperty>,
    /// Results.
    pub results: Vec<NamedConstraint>,
    /// Regions.
    pub regions: Vec<NamedConstraint>,
    /// Successors.
    pub successors: Vec<NamedConstraint>,
    /// Traits, flattened and deduplicated in declaration order, plus `InferTypeOpInterface`
    /// when ODS infers the result types (see [`Op::infers_result_types`]).
    pub traits: Vec<Trait>,
    /// Whether ODS can infer every result type from the operands, attributes and buildable
    /// types (and so adds `InferTypeOpInterface`).
    pub infers_result_types: bool,
    /// Builders.
    pub builders: Builders,
    /// Hooks the op implements in C++ (Rust, for Tessera).
    pub flags: OpFlags,
    /// The declarative assembly format, as written (parsed by [`crate::format`]).
    pub assembly_format: Option<String>,
    /// Where the format's first character is in the `.td` file, when the file spells it
    /// verbatim (`SourceLoc::NONE` otherwise): format errors point inside it.
    pub assembly_format_loc: SourceLoc,
    /// The documentation group, if any.
    pub doc_group: Option<DocGroupId>,
}

/// What an entry of the `arguments` dag is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument {
    /// `operands[i]`.
    Operand(usize),
    /// `attributes[i]`.
    Attribute(usize),
    /// `properties[i]`.
    Property(usize),
}

/// An operand, result, region or successor: its name, constraint and arity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedConstraint {
    /// The `$name` (empty when unnamed).
    pub name: String,
    /// The constraint.
    pub constraint: ConstraintId,
    /// How many it stands for.
    pub arity: Arity,
}

/// A named attribute argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedAttr {
    /// The attribute name.
    pub name: String,
    /// The attribute definition.
    pub attr: AttrInfo,
}

/// A named property argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedProperty {
    /// The property name.
    pub name: String,
    /// The property definition.
    pub prop: PropertyInfo,
}

/// An op's builders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Builders {
    /// Custom builders declared in `builders`.
    pub custom: usize,
    /// Whether the default builders are suppressed (`skipDefaultBuilders`).
    pub skip_default: bool,
}

/// The hooks an op declares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpFlags {
    /// `hasVerifier`: a verifier beyond the declarative checks.
    pub has_verifier: bool,
    /// `hasRegionVerifier`: a verifier run after the regions are verified.
    pub has_region_verifier: bool,
    /// `hasFolder`.
    pub has_folder: bool,
    /// `hasCanonicalizer`: canonicalization patterns.
    pub has_canonicalizer: bool,
    /// `hasCanonicalizeMethod`: a single canonicalization function.
    pub has_canonicalize_method: bool,
    /// `hasCustomAssemblyFormat`: a hand-written parser and printer.
    pub has_custom_assembly_format: bool,
}

/// How the values of a variable-length operand or result list are split among the declared
/// entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segments {
    /// Every entry is exactly one value.
    Fixed,
    /// One entry is variable-length; it takes whatever the others leave.
    OneVariable,
    /// Several are; they share the rest equally (`SameVariadicOperandSize`,
    /// `SameVariadicResultSize`).
    SameSize,
    /// Several are; an attribute holds every entry's size (`AttrSizedOperandSegments`,
    /// `AttrSizedResultSegments`).
    AttrSized,
    /// Several are, and no trait says how to split them: such an op cannot be built or
    /// parsed from a flat list (upstream rejects its definition).
    Ambiguous,
}

/// C++ names of the traits that decide [`Segments`].
const ATTR_SIZED_OPERANDS: &str = "::mlir::OpTrait::AttrSizedOperandSegments";
const SAME_SIZE_OPERANDS: &str = "::mlir::OpTrait::SameVariadicOperandSize";
const ATTR_SIZED_RESULTS: &str = "::mlir::OpTrait::AttrSizedResultSegments";
const SAME_SIZE_RESULTS: &str = "::mlir::OpTrait::SameVariadicResultSize";
const SAME_OPERANDS_AND_RESULT_TYPE: &str = "::mlir::OpTrait::SameOperandsAndResultType";

/// The record whose presence enables result type inference, and which inference adds.
const INFER_TYPE_INTERFACE: &str = "InferTypeOpInterface";

impl Op {
    /// Whether the op has the trait whose C++ name is `cpp`.
    pub fn has_trait(&self, cpp: &str) -> bool {
        self.traits.iter().any(|t| t.is(cpp))
    }

    /// How operand values map to the declared operands.
    pub fn operand_segments(&self) -> Segments {
        segments(
            &self.operands,
            self.has_trait(ATTR_SIZED_OPERANDS),
            self.has_trait(SAME_SIZE_OPERANDS),
        )
    }

    /// How result values map to the declared results.
    pub fn result_segments(&self) -> Segments {
        segments(
            &self.results,
            self.has_trait(ATTR_SIZED_RESULTS),
            self.has_trait(SAME_SIZE_RESULTS),
        )
    }
}

fn segments(list: &[NamedConstraint], attr_sized: bool, same_size: bool) -> Segments {
    let variable = list.iter().filter(|v| v.arity.is_variable_length()).count();
    // The traits win even for a single variable entry: they decide what the op's
    // attributes and verifier expect.
    if attr_sized {
        Segments::AttrSized
    } else if same_size && variable > 0 {
        Segments::SameSize
    } else {
        match variable {
            0 => Segments::Fixed,
            1 => Segments::OneVariable,
            _ => Segments::Ambiguous,
        }
    }
}

/// The structural lists of an op besides its arguments, each a dag with its own operator.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ListKind {
    Results,
    Regions,
    Successors,
}

impl ListKind {
    /// The field holding the dag.
    fn field(self) -> &'static str {
        match self {
            ListKind::Results => "results",
            ListKind::Regions => "regions",
            ListKind::Successors => "successors",
        }
    }

    /// The def the dag must use as its operator.
    fn operator(self) -> &'static str {
        match self {
            ListKind::Results => "outs",
            ListKind::Regions => "region",
            ListKind::Successors => "successor",
        }
    }

    /// An entry, in messages.
    fn entry(self) -> &'static str {
        match self {
            ListKind::Results => "result",
            ListKind::Regions => "region",
            ListKind::Successors => "successor",
        }
    }
}

/// Reads the entries of a results, regions or successors dag, after checking its operator as
/// upstream does (`None` when the dag is missing or has the wrong operator, after reporting).
fn read_list(b: &mut Build, rec: RecId, kind: ListKind) -> Option<Vec<NamedConstraint>> {
    let (field, operator) = (kind.field(), kind.operator());
    let dag = b.r.dag(rec, field)?;
    if b.r.as_def(dag.operator).map(|d| b.r.name(d)).as_deref() != Some(operator) {
        b.r.error(rec, format!("'{field}' must have '{operator}' directive"));
        return None;
    }
    let mut out = Vec::with_capacity(dag.args.len());
    for (i, arg) in dag.args.iter().enumerate() {
        let name = b.r.arg_name(arg.name);
        let Some(def) = b.r.as_def(arg.value) else {
            let noun = if kind == ListKind::Results {
                "type"
            } else {
                "kind"
            };
            b.r.error(rec, format!("undefined {noun} for {} #{i}", kind.entry()));
            continue;
        };
        let def = if kind == ListKind::Results {
            match unwrap_variable(b, def) {
                Some(def) => def,
                None => continue,
            }
        } else {
            def
        };
        let arity = match kind {
            ListKind::Results => Arity::of_type(&mut b.r, def),
            ListKind::Regions if b.r.is_a(def, "VariadicRegion") => Arity::Variadic,
            ListKind::Successors if b.r.is_a(def, "VariadicSuccessor") => Arity::Variadic,
            _ => Arity::Single,
        };
        let constraint = b.constraints.get(&mut b.r, def);
        out.push(NamedConstraint {
            name,
            constraint,
            arity,
        });
    }
    Some(out)
}

/// The constraint of an argument or result: an `OpVariable` (a constraint with a description
/// and decorators) stands for the constraint it wraps. `None` after reporting a broken one.
fn unwrap_variable(b: &mut Build, def: RecId) -> Option<RecId> {
    if b.r.is_a(def, "OpVariable") {
        b.r.def(def, "constraint")
    } else {
        Some(def)
    }
}

/// Reads the op record `rec`.
pub(crate) fn read_op(b: &mut Build, rec: RecId) -> Op {
    let record = b.r.name(rec);
    let dialect_rec = b.r.def(rec, "opDialect");
    let dialect = match dialect_rec {
        Some(d) => b.dialect(d),
        None => b.missing_dialect(),
    };
    let op_name = b.r.string(rec, "opName");
    let prefix = &b.model.dialects[dialect.0 as usize].name;
    let name = if prefix.is_empty() {
        op_name.clone()
    } else {
        format!("{prefix}.{op_name}")
    };
    let mut op = Op {
        cpp_class_name: class_name(&record),
        record,
        loc: b.r.loc(rec),
        dialect,
        op_name,
        name,
        cpp_namespace: b.r.string_or_empty(rec, "cppNamespace"),
        summary: b.r.string_or_empty(rec, "summary"),
        description: b.r.string_or_empty(rec, "description"),
        arguments: Vec::new(),
        operands: Vec::new(),
        attributes: Vec::new(),
        properties: Vec::new(),
        results: Vec::new(),
        regions: Vec::new(),
        successors: Vec::new(),
        traits: Vec::new(),
        infers_result_types: false,
        builders: Builders::default(),
        flags: OpFlags {
            has_verifier: b.r.bit(rec, "hasVerifier"),
            has_region_verifier: b.r.bit(rec, "hasRegionVerifier"),
            has_folder: b.r.bit(rec, "hasFolder"),
            has_canonicalizer: b.r.bit(rec, "hasCanonicalizer"),
            has_canonicalize_method: b.r.bit(rec, "hasCanonicalizeMethod"),
            has_custom_assembly_format: b.r.bit(rec, "hasCustomAssemblyFormat"),
        },
        assembly_format: b.r.opt_string(rec, "assemblyFormat"),
        assembly_format_loc: SourceLoc::NONE,
        doc_group: None,
    };
    if let Some(format) = &op.assembly_format {
        op.assembly_format_loc = b.r.value_loc(rec, "assemblyFormat", format);
    }
    // Names of arguments (by dag position) and results (as -1 - index), for type inference.
    let mut index_of: HashMap<String, i64> = HashMap::new();
    read_arguments(b, rec, &mut op, &mut index_of);
    read_derived_attrs(b, rec, &mut op);
    if let Some(results) = read_list(b, rec, ListKind::Results) {
        op.results = results;
        for (i, res) in op.results.iter().enumerate() {
            if !res.name.is_empty() {
                index_of.insert(res.name.clone(), -1 - i as i64);
            }
            if matches!(res.arity, Arity::VariadicOfVariadic { .. }) {
                b.r.error(
                    rec,
                    "'VariadicOfVariadic' results are currently not supported",
                );
            }
        }
    }
    if let Some(successors) = read_list(b, rec, ListKind::Successors) {
        op.successors = successors;
        let n = op.successors.len();
        if op.successors[..n.saturating_sub(1)]
            .iter()
            .any(|s| s.arity.is_variable_length())
        {
            b.r.error(rec, "only the last successor can be variadic");
        }
    }
    let traits = read_traits(&mut b.r, rec);
    op.traits = traits.iter().map(|(_, t)| t.clone()).collect();
    infer_result_types(b, &mut op, &traits, &index_of);
    if let Some(regions) = read_list(b, rec, ListKind::Regions) {
        op.regions = regions;
        let n = op.regions.len();
        for (i, region) in op.regions.iter().enumerate() {
            if region.arity.is_variable_length() {
                if i + 1 != n {
                    b.r.error(rec, "only the last region can be variadic");
                }
                if region.name.is_empty() {
                    b.r.error(rec, "variadic regions must be named");
                }
            }
        }
    }
    op.builders = read_builders(b, rec);
    op.doc_group = b.r.opt_def(rec, "opDocGroup").map(|g| b.doc_group(g));
    op
}

/// The C++ class name: the record name after its first `_`, which separates the dialect
/// prefix (a leading `_`, or none at all, keeps the whole name).
fn class_name(record: &str) -> String {
    match record.split_once('_') {
        Some(("", _)) | None => record.to_string(),
        Some((prefix, "")) => prefix.to_string(),
        Some((_, rest)) => rest.to_string(),
    }
}

fn read_arguments(b: &mut Build, rec: RecId, op: &mut Op, index_of: &mut HashMap<String, i64>) {
    let Some(args) = b.r.dag(rec, "arguments") else {
        return;
    };
    for (i, arg) in args.args.iter().enumerate() {
        let name = b.r.arg_name(arg.name);
        let Some(def) = b.r.as_def(arg.value) else {
            b.r.error(rec, format!("undefined type for argument #{i}"));
            continue;
        };
        let Some(def) = unwrap_variable(b, def) else {
            continue;
        };
        if b.r.is_a(def, "TypeConstraint") {
            op.arguments.push(Argument::Operand(op.operands.len()));
            let arity = Arity::of_type(&mut b.r, def);
            let constraint = b.constraints.get(&mut b.r, def);
            op.operands.push(NamedConstraint {
                name: name.clone(),
                constraint,
                arity,
            });
        } else if b.r.is_a(def, "Attr") {
            if name.is_empty() {
                b.r.error(def, "attributes must be named");
            }
            if b.r.is_a(def, "DerivedAttr") {
                b.r.error(def, "derived attributes not allowed in argument list");
            }
            op.arguments.push(Argument::Attribute(op.attributes.len()));
            let attr = read_attr(&mut b.r, &mut b.constraints, def);
            op.attributes.push(NamedAttr {
                name: name.clone(),
                attr,
            });
        } else if b.r.is_a(def, "Property") {
            if name.is_empty() {
                b.r.error(def, "properties must be named");
            }
            op.arguments.push(Argument::Property(op.properties.len()));
            let prop = read_property(&mut b.r, def);
            op.properties.push(NamedProperty {
                name: name.clone(),
                prop,
            });
        } else {
            b.r.error(
                rec,
                "unexpected def type; only defs deriving from TypeConstraint or Attr or Property are allowed",
            );
            continue;
        }
        if !name.is_empty() {
            index_of.insert(name, i as i64);
        }
    }
}

/// Fields of the op record holding a `DerivedAttr` are attributes too (computed, not stored).
fn read_derived_attrs(b: &mut Build, rec: RecId, op: &mut Op) {
    let rk = b.r.rk;
    let Some(attr_class) = rk.class("Attr") else {
        return;
    };
    let derived_class = rk.class("DerivedAttr");
    for val in rk.record(rec).values() {
        let tessera_tablegen::RecTy::Record(classes) = rk.ty_data(val.ty) else {
            continue;
        };
        let derives = |c: RecId, class: RecId| c == class || rk.record(c).is_subclass_of(class);
        if !classes.iter().any(|&c| derives(c, attr_class)) {
            continue;
        }
        let is_derived = derived_class.is_some_and(|d| classes.iter().any(|&c| derives(c, d)));
        if !is_derived {
            b.r.error(rec, "unexpected Attr where only DerivedAttr is allowed");
            continue;
        }
        if classes.len() != 1 {
            b.r.error(
                rec,
                "unsupported attribute modelling, only single class expected",
            );
            continue;
        }
        let Some(def) = b.r.as_def(val.value) else {
            continue;
        };
        let name = b.r.as_str(val.name).unwrap_or_default().to_string();
        let attr = read_attr(&mut b.r, &mut b.constraints, def);
        op.attributes.push(NamedAttr { name, attr });
    }
}

fn read_builders(b: &mut Build, rec: RecId) -> Builders {
    let skip_default = b.r.bit(rec, "skipDefaultBuilders");
    let custom = match b.r.rk.value_as_list(rec, "builders") {
        Ok(list) => list.len(),
        Err(_) => 0,
    };
    if custom == 0 && skip_default {
        b.r.error(
            rec,
            "default builders are skipped and no custom builders provided",
        );
    }
    Builders {
        custom,
        skip_default,
    }
}

/// Decides, as ODS does, whether every result type follows from the operands, attributes or
/// buildable types, and if so adds `InferTypeOpInterface` to the traits.
///
/// A result's type is known if its constraint can build it, or if an `AllTypesMatch` or
/// `TypesMatchWith` trait ties it to an argument or to a result whose type is known;
/// `SameOperandsAndResultType` ties every result to the first single operand. An op that
/// declares `InferTypeOpInterface` itself is left alone.
fn infer_result_types(
    b: &mut Build,
    op: &mut Op,
    traits: &[(RecId, Trait)],
    index_of: &HashMap<String, i64>,
) {
    let Some(infer) = b.r.rk.def(INFER_TYPE_INTERFACE) else {
        return;
    };
    if op.results.is_empty() || op.results.iter().any(|r| r.arity.is_variable_length()) {
        return;
    }
    let inferred = if op.has_trait(SAME_OPERANDS_AND_RESULT_TYPE) {
        op.arguments.iter().any(|a| match a {
            Argument::Operand(i) => !op.operands[*i].arity.is_variable_length(),
            _ => false,
        })
    } else {
        if traits.iter().any(|(rec, _)| *rec == infer) {
            return;
        }
        let sources = type_sources(op.results.len(), traits, index_of);
        let mut known: Vec<bool> = op
            .results
            .iter()
            .map(|r| {
                b.constraints.list[r.constraint.0 as usize]
                    .builder_call
                    .is_some()
            })
            .collect();
        // Each round settles at least one more result, or nothing changes any more.
        loop {
            let mut changed = false;
            for i in 0..known.len() {
                if !known[i] && sources[i].iter().any(|&s| s >= 0 || known[result_slot(s)]) {
                    known[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        known.iter().all(|&k| k)
    };
    if inferred {
        op.infers_result_types = true;
        if !traits.iter().any(|(r, _)| *r == infer) {
            let t = read_trait(&mut b.r, infer);
            op.traits.push(t);
        }
    }
}

/// The result list position of a result index (`-1 - position`).
fn result_slot(index: i64) -> usize {
    (-1 - index) as usize
}

/// For every result, the argument (`>= 0`) and result (`< 0`) indices its type can be taken
/// from, as the type relations of the traits state them.
fn type_sources(
    results: usize,
    traits: &[(RecId, Trait)],
    index_of: &HashMap<String, i64>,
) -> Vec<Vec<i64>> {
    // An unknown name counts as argument 0, as upstream's lookup defaults it.
    let idx = |n: &str| index_of.get(n).copied().unwrap_or(0);
    let in_range = |i: i64| i < 0 && result_slot(i) < results;
    let mut sources: Vec<Vec<i64>> = vec![Vec::new(); results];
    for (_, t) in traits {
        let TraitKind::Predicate {
            types: Some(relation),
            ..
        } = &t.kind
        else {
            continue;
        };
        match relation {
            TypeRelation::AllMatch(names) => {
                let all: Vec<i64> = names.iter().map(|n| idx(n)).collect();
                for &target in all.iter().filter(|&&i| in_range(i)) {
                    let others = all.iter().copied().filter(|&s| s != target);
                    sources[result_slot(target)].extend(others);
                }
            }
            TypeRelation::MatchWith { lhs, rhs, .. } => {
                let target = idx(rhs);
                if in_range(target) {
                    sources[result_slot(target)].push(idx(lhs));
                }
            }
        }
    }
    sources
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_names_drop_the_dialect_prefix() {
        assert_eq!(class_name("Arith_AddIOp"), "AddIOp");
        assert_eq!(class_name("Test_Two_Parts"), "Two_Parts");
        assert_eq!(class_name("_LeadingOp"), "_LeadingOp");
        assert_eq!(class_name("PlainOp"), "PlainOp");
        assert_eq!(class_name("TrailingOp_"), "TrailingOp");
    }
}
