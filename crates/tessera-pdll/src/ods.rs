//! PDLL's own view of ODS: the dialects, operations and value/attribute constraints that
//! `.td` includes brought in, as much as pattern checking and lowering need of them.
//!
//! The view is built from `tessera-ods`'s [`Model`] (itself read from `tessera-tablegen`'s
//! records) and deliberately keeps only what upstream's PDLL keeps in its `ods::Context`:
//! operations with their operand, result and attribute declarations (name, variadicity,
//! constraint), and the constraints by their unique name, summary and C++ class. It is plain
//! data with locations in the PDLL run's own [`tessera_ir::SourceMap`] (the `.td` buffers are
//! copied into it), so it outlives the TableGen records and diagnostics can point into the
//! `.td` files.
//!
//! Names are kept in sorted maps: upstream prints and iterates its hash maps sorted by name,
//! so sorted storage gives the same order with no sorting at print time.

use std::collections::BTreeMap;
use std::fmt::Write;
use tessera_ir::SourceLoc;
use tessera_ods::{Arity, Model, Pred};
use tessera_tablegen::{RecId, RecordKeeper};

/// How many values one declared operand or result stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VariableLength {
    /// Exactly one.
    Single,
    /// Zero or one (`Optional<...>`).
    Optional,
    /// Any number (`Variadic<...>`, including variadic-of-variadic).
    Variadic,
}

/// A declared operand or result of an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperandOrResult {
    /// The `$name` (empty when unnamed).
    pub name: String,
    /// How many values it stands for.
    pub variable_length: VariableLength,
    /// The unique name of its type constraint (a key of [`Context::type_constraint`]).
    pub constraint: String,
}

impl OperandOrResult {
    /// Whether it may stand for other than exactly one value (optional or variadic).
    pub fn is_variable_length(&self) -> bool {
        self.variable_length != VariableLength::Single
    }

    /// Whether it is variadic; an optional one is not: PDLL gives it a single `Value`.
    pub fn is_variadic(&self) -> bool {
        self.variable_length == VariableLength::Variadic
    }
}

/// A declared attribute of an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// Whether the operation may lack it.
    pub optional: bool,
    /// The unique name of its constraint (a key of [`Context::attribute_constraint`]).
    pub constraint: String,
}

/// An attribute or type constraint as PDLL records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    /// The unique name: the def's name, or for an anonymous def (`Variadic<I32>`) the name of
    /// the def it wraps followed by its own in parentheses, `I32(anonymous_12)`.
    pub name: String,
    /// The one-line summary (the def's name when it has none).
    pub summary: String,
    /// The C++ class of a value satisfying it (the attribute storage type, or the type class).
    pub cpp_class: String,
}

impl Constraint {
    /// The name without the part that only makes it unique (`I32` for `I32(anonymous_12)`).
    pub fn demangled_name(&self) -> &str {
        match self.name.find("(anonymous_") {
            Some(at) => &self.name[..at],
            None => &self.name,
        }
    }
}

/// An operation defined in ODS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The full name, `dialect.op`.
    pub name: String,
    /// The one-line summary.
    pub summary: String,
    /// The description.
    pub description: String,
    /// The qualified C++ class of the operation (`::ns::FooOp`).
    pub cpp_class: String,
    /// Whether it implements `InferTypeOpInterface`, so a rewrite may leave its result
    /// types out.
    pub supports_result_type_inference: bool,
    /// Where its def stands, in the PDLL run's source map.
    pub loc: SourceLoc,
    /// Attributes in declaration order.
    pub attributes: Vec<Attribute>,
    /// Operands in declaration order.
    pub operands: Vec<OperandOrResult>,
    /// Results in declaration order.
    pub results: Vec<OperandOrResult>,
}

impl Operation {
    /// The index of the result a member access names: a number below the result count, or a
    /// result's name (what `op.0` and `op.result` select, for lowering to `results N of`).
    pub fn result_index(&self, member: &str) -> Option<usize> {
        let numeric = member.as_bytes().first().is_some_and(u8::is_ascii_digit);
        if let Some(i) = member.parse::<usize>().ok().filter(|_| numeric) {
            if i < self.results.len() {
                return Some(i);
            }
        }
        self.results.iter().position(|r| r.name == member)
    }
}

/// A dialect, known by the operations defined in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// The dialect namespace.
    pub name: String,
    /// Its operations' full names, sorted, each mapped to its index in the context.
    operations: BTreeMap<String, usize>,
}

impl Dialect {
    /// Full names of the dialect's operations, sorted.
    pub fn operation_names(&self) -> impl Iterator<Item = &str> {
        self.operations.keys().map(String::as_str)
    }
}

/// Everything the `.td` includes of one PDLL module defined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    dialects: BTreeMap<String, Dialect>,
    operations: Vec<Operation>,
    attribute_constraints: BTreeMap<String, Constraint>,
    type_constraints: BTreeMap<String, Constraint>,
    native_predicates: BTreeMap<String, NativePredicate>,
    defined_dialects: Vec<(std::sync::Arc<Model>, Vec<tessera_ods::DialectId>)>,
}

/// The predicate of an attribute or type def that a `.td` include imported as a native PDLL
/// constraint: what evaluating it where the patterns run needs (upstream keeps only its C++
/// condition, for generated code; Tessera evaluates it with `tessera_ods::eval`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativePredicate {
    /// The predicate; `None` when the def has none (it always holds).
    pub pred: Option<Pred>,
    /// What `$_self` is: an attribute or a type.
    pub subject: tessera_ods::eval::SelfKind,
    /// The model of the include that defined it: its dialects' classes and enums, which the
    /// predicate may name.
    pub model: std::sync::Arc<Model>,
}

impl Context {
    /// The predicate of the native constraint `name` imported from an attribute or type def.
    pub fn native_predicate(&self, name: &str) -> Option<&NativePredicate> {
        self.native_predicates.get(name)
    }

    /// Every imported native constraint with a predicate, by name.
    pub fn native_predicates(&self) -> impl Iterator<Item = (&str, &NativePredicate)> {
        self.native_predicates.iter().map(|(n, p)| (n.as_str(), p))
    }

    /// For each `.td` include, its model and the dialects the included file itself defines
    /// (what `--load-dialect` of that file would register), in include order.
    pub fn defined_dialects(
        &self,
    ) -> impl Iterator<Item = (&std::sync::Arc<Model>, &[tessera_ods::DialectId])> {
        self.defined_dialects.iter().map(|(m, d)| (m, d.as_slice()))
    }

    /// Records the dialects an included `.td` file defines.
    pub(crate) fn add_defined_dialects(
        &mut self,
        model: std::sync::Arc<Model>,
        dialects: Vec<tessera_ods::DialectId>,
    ) {
        self.defined_dialects.push((model, dialects));
    }

    /// Records the predicate of the native constraint `name`.
    pub(crate) fn add_native_predicate(&mut self, name: &str, predicate: NativePredicate) {
        self.native_predicates.insert(name.to_string(), predicate);
    }

    /// Whether nothing was imported.
    pub fn is_empty(&self) -> bool {
        self.operations.is_empty()
    }

    /// The operation called `name` (`dialect.op`), if an include defined it.
    pub fn operation(&self, name: &str) -> Option<&Operation> {
        // Without `.td` includes (most files) every operation is unregistered.
        if self.operations.is_empty() {
            return None;
        }
        let dialect = name.split('.').next().unwrap_or(name);
        let index = *self.dialects.get(dialect)?.operations.get(name)?;
        Some(&self.operations[index])
    }

    /// Every operation, in the order the includes defined them.
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The dialect called `name`, if some included operation belongs to it.
    pub fn dialect(&self, name: &str) -> Option<&Dialect> {
        self.dialects.get(name)
    }

    /// Every dialect, sorted by name.
    pub fn dialects(&self) -> impl Iterator<Item = &Dialect> {
        self.dialects.values()
    }

    /// An attribute constraint by unique name.
    pub fn attribute_constraint(&self, name: &str) -> Option<&Constraint> {
        self.attribute_constraints.get(name)
    }

    /// A type constraint by unique name.
    pub fn type_constraint(&self, name: &str) -> Option<&Constraint> {
        self.type_constraints.get(name)
    }

    /// The context as `mlir-pdll --dump-ods` prints it.
    pub fn print(&self) -> String {
        let mut out = String::from("ODSContext {\n");
        for dialect in self.dialects.values() {
            let _ = writeln!(out, "  Dialect `{}` {{", dialect.name);
            for &index in dialect.operations.values() {
                let op = &self.operations[index];
                let _ = writeln!(out, "    Operation `{}` {{", op.name);
                if !op.attributes.is_empty() {
                    out.push_str("      Attributes { ");
                    for (i, attr) in op.attributes.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let kind = match attr.optional {
                            true => VariableLength::Optional,
                            false => VariableLength::Single,
                        };
                        let cst = self.demangled(&self.attribute_constraints, &attr.constraint);
                        let _ = write!(out, "{} : ", attr.name);
                        print_variable_length(&mut out, cst, kind);
                    }
                    out.push_str(" }\n");
                }
                for (label, values) in [("Operands", &op.operands), ("Results", &op.results)] {
                    if values.is_empty() {
                        continue;
                    }
                    let _ = write!(out, "      {label} {{ ");
                    for (i, value) in values.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let cst = self.demangled(&self.type_constraints, &value.constraint);
                        let _ = write!(out, "{} : ", value.name);
                        print_variable_length(&mut out, cst, value.variable_length);
                    }
                    out.push_str(" }\n");
                }
                out.push_str("    }\n");
            }
            out.push_str("  }\n");
        }
        for (what, map) in [
            ("AttributeConstraint", &self.attribute_constraints),
            ("TypeConstraint", &self.type_constraints),
        ] {
            for cst in map.values() {
                let _ = writeln!(out, "  {what} `{}` {{", cst.demangled_name());
                let _ = writeln!(out, "    Summary: {}", cst.summary);
                let _ = writeln!(out, "    CppClass: {}", cst.cpp_class);
                out.push_str("  }\n");
            }
        }
        // Upstream closes the dictionary scope twice (an explicit end and the scope's own).
        out.push_str("}\n}\n");
        out
    }

    fn demangled<'a>(&self, map: &'a BTreeMap<String, Constraint>, name: &'a str) -> &'a str {
        map.get(name).map_or(name, Constraint::demangled_name)
    }

    /// Adds the operations of `model` not already known, with their constraints. `records`
    /// is what `model` was read from (for what the model does not keep: unique names and
    /// unset summaries); `loc` translates the model's locations into the PDLL source map.
    pub(crate) fn import(
        &mut self,
        model: &Model,
        records: &RecordKeeper,
        loc: &dyn Fn(SourceLoc) -> SourceLoc,
    ) {
        for op in &model.ops {
            let dialect_name = op.name.split('.').next().unwrap_or(&op.name).to_string();
            let dialect = self
                .dialects
                .entry(dialect_name.clone())
                .or_insert_with(|| Dialect {
                    name: dialect_name,
                    operations: BTreeMap::new(),
                });
            // The first definition of a name wins, as in upstream.
            if dialect.operations.contains_key(&op.name) {
                continue;
            }
            dialect
                .operations
                .insert(op.name.clone(), self.operations.len());

            let mut attributes = Vec::new();
            for attr in &op.attributes {
                let cst = model.constraint(attr.attr.constraint);
                let name = self.insert_constraint(
                    records,
                    &cst.record,
                    "baseAttr",
                    attr.attr.storage_type.clone(),
                    true,
                );
                attributes.push(Attribute {
                    name: attr.name.clone(),
                    optional: attr.attr.optional,
                    constraint: name,
                });
            }
            let mut values = |list: &[tessera_ods::NamedConstraint]| -> Vec<OperandOrResult> {
                list.iter()
                    .map(|v| {
                        let cst = model.constraint(v.constraint);
                        let cpp = cst
                            .cpp_class
                            .clone()
                            .unwrap_or_else(|| "::mlir::Type".to_string());
                        let name =
                            self.insert_constraint(records, &cst.record, "baseType", cpp, false);
                        let variable_length = match v.arity {
                            Arity::Single => VariableLength::Single,
                            Arity::Optional => VariableLength::Optional,
                            Arity::Variadic | Arity::VariadicOfVariadic { .. } => {
                                VariableLength::Variadic
                            }
                        };
                        OperandOrResult {
                            name: v.name.clone(),
                            variable_length,
                            constraint: name,
                        }
                    })
                    .collect()
            };
            let operands = values(&op.operands);
            let results = values(&op.results);
            let cpp_class = if op.cpp_namespace.is_empty() {
                op.cpp_class_name.clone()
            } else {
                format!("{}::{}", op.cpp_namespace, op.cpp_class_name)
            };
            self.operations.push(Operation {
                name: op.name.clone(),
                summary: op.summary.clone(),
                description: op.description.clone(),
                cpp_class,
                supports_result_type_inference: op.has_trait("::mlir::InferTypeOpInterface::Trait"),
                loc: loc(op.loc),
                attributes,
                operands,
                results,
            });
        }
    }

    /// Records constraint def `record` under its unique name (the first record of a name is
    /// kept) and returns that name.
    fn insert_constraint(
        &mut self,
        records: &RecordKeeper,
        record: &str,
        base_field: &str,
        cpp_class: String,
        attr: bool,
    ) -> String {
        let rec = records.def(record);
        let name = match rec {
            Some(rec) => unique_def_name(records, rec, base_field),
            None => record.to_string(),
        };
        let map = match attr {
            true => &mut self.attribute_constraints,
            false => &mut self.type_constraints,
        };
        map.entry(name.clone()).or_insert_with(|| Constraint {
            name: name.clone(),
            summary: rec.map_or_else(|| record.to_string(), |r| summary(records, r)),
            cpp_class,
        });
        name
    }
}

fn print_variable_length(out: &mut String, cst: &str, kind: VariableLength) {
    match kind {
        VariableLength::Single => out.push_str(cst),
        VariableLength::Optional => {
            let _ = write!(out, "Optional<{cst}>");
        }
        VariableLength::Variadic => {
            let _ = write!(out, "Variadic<{cst}>");
        }
    }
}

/// How many anonymous wrappers are followed to find a base def's name; TableGen cannot build
/// a cycle, but hostile input can nest deeply.
const MAX_BASE_DEPTH: u32 = 64;

/// The def's name, or for an anonymous def wrapping another through `base_field` (`baseType`,
/// `baseAttr`) that def's name with its own in parentheses: the name upstream files the
/// constraint under.
pub(crate) fn unique_def_name(records: &RecordKeeper, rec: RecId, base_field: &str) -> String {
    let own = records.record_name(rec);
    if !records.record(rec).is_anonymous() {
        return own;
    }
    match base_def_name(records, rec, base_field, 0) {
        Some(base) => format!("{base}({own})"),
        None => own,
    }
}

/// The name of the def an anonymous def wraps (itself anonymous wrappers resolved).
fn base_def_name(records: &RecordKeeper, rec: RecId, field: &str, depth: u32) -> Option<String> {
    if depth > MAX_BASE_DEPTH || !records.record(rec).is_anonymous() {
        return None;
    }
    let base = records.value_as_optional_def(rec, field).ok().flatten()?;
    Some(
        base_def_name(records, base, field, depth + 1).unwrap_or_else(|| records.record_name(base)),
    )
}

/// The `summary` of a constraint def; the def's name when the field is unset, as upstream
/// reads it.
pub(crate) fn summary(records: &RecordKeeper, rec: RecId) -> String {
    match records.value_as_optional_string(rec, "summary") {
        Ok(Some(s)) => s,
        _ => records.record_name(rec),
    }
}

/// The C++ condition of a predicate with `$_self` standing for `self`: what a native PDLL
/// constraint imported from an attribute or type def tests. Combinators print as upstream's
/// ODS prints them (`(a) && (b)`, `!(a)`, empty conjunctions `true`), leaf substitutions
/// applied innermost first.
pub fn condition(pred: &Pred) -> String {
    let mut substs = Vec::new();
    let text = combined(pred, &mut substs, 0);
    format_self(&text)
}

/// Predicates nested deeper than this print as `true` rather than recursing further.
const MAX_PRED_DEPTH: u32 = 256;

fn combined<'a>(pred: &'a Pred, substs: &mut Vec<(&'a str, &'a str)>, depth: u32) -> String {
    if depth > MAX_PRED_DEPTH {
        return "true".to_string();
    }
    match pred {
        Pred::Leaf(text) => substitute(text, substs),
        Pred::And(children) => binary(children, substs, "&&", "true", depth),
        Pred::Or(children) => binary(children, substs, "||", "false", depth),
        Pred::Not(child) => format!("!({})", combined(child, substs, depth + 1)),
        Pred::SubstLeaves {
            pattern,
            replacement,
            child,
        } => {
            substs.push((pattern, replacement));
            let s = combined(child, substs, depth + 1);
            substs.pop();
            s
        }
        Pred::Concat {
            prefix,
            suffix,
            child,
        } => {
            let inner = combined(child, substs, depth + 1);
            format!(
                "{}{inner}{}",
                substitute(prefix, substs),
                substitute(suffix, substs)
            )
        }
    }
}

/// Children joined by `op`, each parenthesized; one child stands alone, none is `init`.
fn binary<'a>(
    children: &'a [Pred],
    substs: &mut Vec<(&'a str, &'a str)>,
    op: &str,
    init: &str,
    depth: u32,
) -> String {
    let parts: Vec<String> = children
        .iter()
        .map(|c| combined(c, substs, depth + 1))
        .collect();
    match parts.as_slice() {
        [] => init.to_string(),
        [only] => only.clone(),
        [first, rest @ ..] => {
            let mut s = format!("({first})");
            for p in rest {
                let _ = write!(s, " {op} ({p})");
            }
            s
        }
    }
}

/// Applies the enclosing substitutions, innermost first; text a replacement inserted is not
/// searched again by the same substitution.
fn substitute(text: &str, substs: &[(&str, &str)]) -> String {
    let mut s = text.to_string();
    for &(pattern, replacement) in substs.iter().rev() {
        if pattern.is_empty() {
            continue;
        }
        let mut out = String::with_capacity(s.len());
        let mut rest = s.as_str();
        while let Some(at) = rest.find(pattern) {
            out.push_str(&rest[..at]);
            out.push_str(replacement);
            rest = &rest[at + pattern.len()..];
        }
        out.push_str(rest);
        s = out;
    }
    s
}

/// TableGen's format substitution with only `$_self` bound (to `self`): `$$` is a `$`, other
/// placeholders stay as written.
fn format_self(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'$' {
            let next = text[i..].find('$').map_or(text.len(), |n| i + n);
            out.push_str(&text[i..next]);
            i = next;
            continue;
        }
        if bytes.get(i + 1) == Some(&b'$') {
            out.push('$');
            i += 2;
            continue;
        }
        let end = text[i + 1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |n| i + 1 + n);
        let name = &text[i + 1..end];
        if name == "_self" {
            out.push_str("self");
        } else {
            out.push_str(&text[i..end]);
        }
        i = end.max(i + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_print_as_upstream_combines_them() {
        let leaf = |s: &str| Pred::Leaf(format!("({s})"));
        let p = Pred::And(vec![leaf("$_self.isa()"), Pred::Not(Box::new(leaf("b")))]);
        assert_eq!(condition(&p), "((self.isa())) && (!((b)))");
        assert_eq!(condition(&Pred::Or(vec![])), "false");
        assert_eq!(condition(&Pred::And(vec![leaf("x")])), "(x)");
        let sub = Pred::SubstLeaves {
            pattern: "$_self".into(),
            replacement: "$_self.getType()".into(),
            child: Box::new(Pred::Concat {
                prefix: "f($_self, ".into(),
                suffix: ")".into(),
                child: Box::new(leaf("$_self")),
            }),
        };
        assert_eq!(condition(&sub), "f(self.getType(), (self.getType()))");
        assert_eq!(
            condition(&leaf("$$ $0 $_selfish $_op")),
            "($ $0 $_selfish $_op)"
        );
    }

    #[test]
    fn anonymous_constraints_demangle_to_their_base() {
        let c = Constraint {
            name: "I32(anonymous_7)".into(),
            summary: String::new(),
            cpp_class: String::new(),
        };
        assert_eq!(c.demangled_name(), "I32");
    }
}
