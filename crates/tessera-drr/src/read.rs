//! Reading `Pattern` records into [`Rule`]s, with the checks `mlir-tblgen -gen-rewriters`
//! makes (in its words where it has them): unknown operators, argument counts, symbols bound
//! twice or never, misused directives, too few values to replace the root.
//!
//! Every check runs here, so lowering meets only rules that make sense; a rule with a
//! mistake is reported at its record (as upstream reports it) and left out, and the other
//! rules are still read.

use crate::rule::*;
use std::collections::HashMap;
use std::sync::Arc;
use tessera_ir::{Diagnostic, SourceLoc, SourceMap};
use tessera_ods::{Argument, Arity, Model};
use tessera_tablegen::query::DagView;
use tessera_tablegen::{Init, InitId, RecId, RecordKeeper};

/// What a bound symbol stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymKind {
    /// One value (an operand, or a result of a one-result op).
    Value,
    /// A range of values (a variable-length operand group).
    Values,
    /// An attribute.
    Attr,
    /// An op: its results.
    Op(OpIndex),
    /// `(variadic:$name a, b)`: the group's values, one by one.
    Pack(usize),
}

/// A constraint the rules use, under the name of the native that checks it.
#[derive(Clone, Debug)]
pub struct ConstraintDef {
    /// The name of the `pdl.apply_native_constraint` calls that check it: `drr.` and the
    /// constraint's record name (for an anonymous record, a hash of its predicate), plus
    /// `.N` when the same constraint is applied to symbols of different kinds.
    pub native: String,
    /// The constraint as ODS reads it.
    pub constraint: tessera_ods::Constraint,
    /// What the native receives.
    pub shape: Shape,
}

impl ConstraintDef {
    /// A constraint checked by native `native`, read from record `record` with predicate
    /// `pred` (`None`: always holds), applied as `shape`: how a module written by
    /// [`crate::to_rust`] carries the constraints without the `.td` file.
    pub fn new(native: &str, record: &str, shape: Shape, pred: Option<tessera_ods::Pred>) -> Self {
        let kind = match shape {
            Shape::Type => tessera_ods::ConstraintKind::Type,
            Shape::Attr => tessera_ods::ConstraintKind::Attr,
            Shape::Args { .. } => tessera_ods::ConstraintKind::Other,
        };
        ConstraintDef {
            native: native.to_string(),
            constraint: tessera_ods::Constraint {
                record: record.to_string(),
                kind,
                summary: String::new(),
                description: String::new(),
                pred,
                cpp_class: None,
                builder_call: None,
            },
            shape,
        }
    }
}

/// What a constraint native receives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A type constraint on a value (or each value of a range): `$_self` is its type.
    Type,
    /// An attribute constraint: `$_self` is the attribute.
    Attr,
    /// A constraint over bound symbols: `$_self` (if the first argument is it) and `$0`...
    Args {
        /// The first argument is `$_self`, of this kind.
        self_kind: Option<SymKind>,
        /// The kinds of `$0`, `$1`, ...
        args: Vec<SymKind>,
    },
}

/// The rules of a `.td` file, checked, with what lowering and the natives need.
pub struct DrrFile {
    /// The ODS model of the file's ops.
    pub model: Arc<Model>,
    /// The rules, in upstream's order: by record name (which rule of two with equal benefit
    /// is tried first).
    pub rules: Vec<Rule>,
    /// The constraints the rules check with natives.
    pub constraints: Vec<ConstraintDef>,
    /// The `.td` buffers diagnostics point into.
    pub sources: SourceMap,
}

impl std::fmt::Debug for DrrFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DrrFile")
            .field("rules", &self.rules.len())
            .field("constraints", &self.constraints.len())
            .finish_non_exhaustive()
    }
}

/// Reads every `Pattern` record of `records` against `model` (the ODS model of the same
/// records), in upstream's order (by record name). Rules with mistakes are reported and
/// left out.
pub fn read(records: &RecordKeeper, model: Arc<Model>) -> (DrrFile, Vec<Diagnostic>) {
    let mut reader = Reader {
        rk: records,
        model: &model,
        constraints: Vec::new(),
        by_key: HashMap::new(),
        pred_cache: HashMap::new(),
        ops_by_record: model
            .ops
            .iter()
            .enumerate()
            .map(|(i, op)| (op.record.as_str(), i))
            .collect(),
    };
    let mut rules = Vec::new();
    let mut diags = Vec::new();
    // Upstream's generator takes the records sorted by name (its record map's order) and
    // adds the patterns in that order, which decides between rules of equal benefit.
    let mut recs = records.all_derived_definitions("Pattern");
    recs.sort_by_cached_key(|&rec| records.record_name(rec));
    for rec in recs {
        let loc = records.record(rec).loc();
        match reader.rule(rec, loc) {
            Ok(rule) => rules.push(rule),
            Err(message) => diags.push(Diagnostic::error(loc, message)),
        }
    }
    let constraints = reader.constraints;
    let file = DrrFile {
        model: model.clone(),
        rules,
        constraints,
        sources: copy_sources(records.sources()),
    };
    (file, diags)
}

/// A copy of the record keeper's buffers, added in the same order, so record locations mean
/// the same in it.
fn copy_sources(sources: &SourceMap) -> SourceMap {
    let mut out = SourceMap::new();
    for (_, file) in sources.files() {
        out.add_included(file.name(), file.text().clone(), file.included_from());
    }
    out
}

type R<T> = Result<T, String>;

struct Reader<'a> {
    rk: &'a RecordKeeper,
    model: &'a Model,
    constraints: Vec<ConstraintDef>,
    by_key: HashMap<(String, Shape), usize>,
    pred_cache: HashMap<RecId, Result<tessera_ods::Constraint, String>>,
    /// The model's ops by record name, as dag operators name them.
    ops_by_record: HashMap<&'a str, OpIndex>,
}

/// The state of one rule being read.
struct RuleCx {
    syms: HashMap<String, SymKind>,
    /// How deep the source op being read is (the root: 0), as upstream numbers the
    /// variables it names in messages.
    depth: usize,
    /// The symbols bound to operands, which later operands may repeat.
    operand_syms: std::collections::HashSet<String>,
    /// Dag nodes of the source pattern, the default benefit.
    nodes: u32,
}

/// Splits `name__N` into the symbol and the result group `N`, as upstream reads value pack
/// names.
pub fn split_index(symbol: &str) -> (&str, Option<usize>) {
    if let Some((name, index)) = symbol.rsplit_once("__") {
        if !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(i) = index.parse() {
                return (name, Some(i));
            }
        }
    }
    (symbol, None)
}

impl<'a> Reader<'a> {
    fn name_of(&self, init: Option<InitId>) -> Option<String> {
        init.and_then(|i| self.rk.as_str(i)).map(str::to_string)
    }

    fn def_of(&self, init: InitId) -> Option<RecId> {
        match self.rk.init(init) {
            Init::Def(r) => Some(*r),
            _ => None,
        }
    }

    fn is_a(&self, rec: RecId, class: &str) -> bool {
        self.rk.is_subclass_of_named(rec, class)
    }

    fn dag(&self, init: InitId) -> Option<DagView> {
        self.rk.dag_view(init)
    }

    fn op_of(&self, rec: RecId) -> Option<OpIndex> {
        if !self.is_a(rec, "Op") {
            return None;
        }
        let name = self.rk.record_name(rec);
        self.ops_by_record.get(name.as_str()).copied()
    }

    fn rule(&mut self, rec: RecId, loc: SourceLoc) -> R<Rule> {
        let rk = self.rk;
        let field = |name: &str| rk.field_value(rec, name).map_err(|e| e.to_string());
        let source = field("sourcePattern")?;
        let results = rk
            .value_as_list(rec, "resultPatterns")
            .map_err(|e| e.to_string())?;
        let constraints = rk
            .value_as_list(rec, "constraints")
            .map_err(|e| e.to_string())?;
        let supplemental = rk
            .value_as_list(rec, "supplementalPatterns")
            .unwrap_or_default();
        let mut cx = RuleCx {
            syms: HashMap::new(),
            depth: 0,
            operand_syms: Default::default(),
            nodes: 0,
        };
        let Some(view) = self.dag(source) else {
            return Err("the source pattern must be a dag".to_string());
        };
        let root = self.src_op(&mut cx, &view)?;
        let mut applied = Vec::new();
        for c in constraints {
            applied.push(self.applied(&cx, c)?);
        }
        let mut res = Vec::new();
        for r in &results {
            let node = match self.dag(*r) {
                Some(view) => match self.res_dag(&mut cx, &view, Yield::Values)? {
                    ResNode::Pack(_) => {
                        return Err("the variadic directive cannot be used here".to_string())
                    }
                    node => node,
                },
                None => return Err("a result pattern must be a dag".to_string()),
            };
            res.push(node);
        }
        let mut supplemental_calls = Vec::new();
        for s in &supplemental {
            let view = self.dag(*s).ok_or("a supplemental pattern must be a dag")?;
            let rec = self
                .def_of(view.operator)
                .ok_or("the operator of a dag must be a def")?;
            if !self.is_a(rec, "NativeCodeCall") {
                return Err(format!(
                    "a supplemental pattern must be a NativeCodeCall, not '{}'",
                    rk.record_name(rec)
                ));
            }
            supplemental_calls.push(self.native_call(&mut cx, rec, &view, Yield::Values)?);
        }
        let replacement = self.replacement(&root, &res)?;
        let delta = match rk
            .value_as_dag(rec, "benefitDelta")
            .ok()
            .and_then(|d| d.args.first().and_then(|a| rk.as_int(a.value)))
        {
            Some(d) => d,
            None => return Err("expected `(addBenefit N)` as the benefit adjustment".to_string()),
        };
        let benefit = i64::from(cx.nodes) + delta;
        let benefit = u16::try_from(benefit)
            .map_err(|_| format!("benefit {benefit} is outside 0..=65535"))?;
        let record = rk.record_name(rec);
        Ok(Rule {
            named: !rk.record(rec).is_anonymous(),
            record,
            loc,
            root,
            results: res,
            constraints: applied,
            supplemental: supplemental_calls,
            benefit,
            replacement,
        })
    }

    fn bind(&self, cx: &mut RuleCx, name: &str, kind: SymKind) -> R<()> {
        if name.is_empty() || name == "_" {
            return Ok(());
        }
        if cx.syms.insert(name.to_string(), kind).is_some() {
            return Err(format!("symbol '{name}' bound more than once"));
        }
        Ok(())
    }

    /// A source op node `(Op args...)`.
    fn src_op(&mut self, cx: &mut RuleCx, view: &DagView) -> R<SrcOp> {
        cx.nodes += 1;
        let rec = self
            .def_of(view.operator)
            .ok_or("the operator of a dag must be a def")?;
        let Some(op_index) = self.op_of(rec) else {
            return Err(self.not_an_op(rec, true));
        };
        let model = self.model;
        let op = &model.ops[op_index];
        // `(either a, b)` stands for two arguments, a and b in either order.
        let mut flat: Vec<tessera_tablegen::query::DagArg> = Vec::new();
        let mut either = Vec::new();
        for a in &view.args {
            let d = self.dag(a.value);
            let is_either = d
                .as_ref()
                .and_then(|d| self.def_of(d.operator))
                .is_some_and(|r| self.rk.record_name(r) == "either");
            match d {
                Some(d) if is_either => {
                    if d.args.len() != 2 {
                        return Err("either directive must take exactly two arguments".into());
                    }
                    cx.nodes += 1;
                    either.push(flat.len());
                    flat.extend(d.args.iter().copied());
                }
                _ => flat.push(*a),
            }
        }
        let view = DagView {
            operator: view.operator,
            operator_name: view.operator_name,
            args: flat,
        };
        if view.args.len() != op.arguments.len() {
            return Err(format!(
                "op '{}' argument number mismatch: {} in pattern vs. {} in definition",
                op.name,
                view.args.len(),
                op.arguments.len()
            ));
        }
        for &i in &either {
            let pair = &op.arguments[i..i + 2];
            if !pair.iter().all(|a| matches!(a, Argument::Operand(_))) {
                return Err("either can only be applied on operand".into());
            }
        }
        let mut args = Vec::with_capacity(view.args.len());
        for (arg, ods) in view.args.iter().zip(&op.arguments) {
            let bind = self.name_of(arg.name);
            match ods {
                Argument::Operand(i) => {
                    let range = op.operands[*i].arity.is_variable_length();
                    let v = self.src_value(cx, arg.value, bind, range, (op_index, *i))?;
                    args.push(SrcArg::Operand(v));
                }
                Argument::Attribute(i) => {
                    let attr = &op.attributes[*i];
                    let (constraint, constant) = match self.def_of(arg.value) {
                        Some(c) if self.is_a(c, "ConstantAttr") => {
                            (None, Some(self.const_attr(c)?))
                        }
                        Some(c) if self.is_a(c, "AttrConstraint") => {
                            (Some(self.constraint(c, Shape::Attr)?), None)
                        }
                        Some(c) => {
                            return Err(format!(
                                "'{}' is not an attribute constraint (argument '{}' of op '{}')",
                                self.rk.record_name(c),
                                attr.name,
                                op.name
                            ))
                        }
                        None if matches!(self.rk.init(arg.value), Init::Unset) => (None, None),
                        None => {
                            return Err(format!(
                                "unsupported attribute matcher for argument '{}' of op '{}'",
                                attr.name, op.name
                            ))
                        }
                    };
                    let optional = attr.attr.optional || attr.attr.default_value.is_some();
                    let default = match (&attr.attr.default_value, &attr.attr.const_builder_call) {
                        (Some(value), Some(builder)) => Some(ConstAttr {
                            builder: builder.clone(),
                            value: value.clone(),
                        }),
                        (Some(_), None) => {
                            return Err(format!(
                                "the default of attribute '{}' of op '{}' cannot be built (no constBuilderCall)",
                                attr.name, op.name
                            ))
                        }
                        (None, _) => None,
                    };
                    if let Some(b) = &bind {
                        self.bind(cx, b, SymKind::Attr)?;
                    }
                    args.push(SrcArg::Attr {
                        name: attr.name.clone(),
                        bind,
                        constraint,
                        constant,
                        optional,
                        default,
                    });
                }
                // Upstream's matcher has no case for properties either.
                Argument::Property(_) => return Err("unhandled case when matching op".into()),
            }
        }
        let either = self.either_choices(op, either, &args)?;
        let bind = self.name_of(view.operator_name);
        if let Some(b) = &bind {
            if split_index(b).1.is_some() {
                return Err(format!(
                    "binding a source op to a result ('{b}') is not supported yet"
                ));
            }
            self.bind(cx, b, SymKind::Op(op_index))?;
        }
        Ok(SrcOp {
            op: op_index,
            bind,
            args,
            either,
            results: op.results.len(),
        })
    }

    /// The `either` pairs of `op` (matched by `args`) whose order can change what matches.
    /// Upstream tries the written order first, so a pair of matchers that cannot fail
    /// (unconstrained leaves, all a variable-length operand takes) is always matched in
    /// it: no choice. A pair with a variable-length operand whose other matcher can fail
    /// is matched the other way as upstream's code does it: that matcher on the first value
    /// of the group (upstream reads it without checking the group is not empty; here an
    /// empty group does not match), which needs the op's only variable-length group.
    fn either_choices(
        &self,
        op: &tessera_ods::Op,
        either: Vec<usize>,
        args: &[SrcArg],
    ) -> R<Vec<usize>> {
        let variable = |i: usize| matches!(op.arguments[i], Argument::Operand(o) if op.operands[o].arity.is_variable_length());
        let mut choices = Vec::new();
        for i in either {
            let pair = [&args[i], &args[i + 1]];
            if pair
                .iter()
                .any(|a| matches!(a, SrcArg::Operand(SrcValue::Variadic { .. })))
            {
                return Err("encountered non-op, non-NativeCodeCall match.".into());
            }
            if !variable(i) && !variable(i + 1) {
                choices.push(i);
                continue;
            }
            let cannot_fail = pair.iter().all(|a| {
                matches!(
                    a,
                    SrcArg::Operand(SrcValue::Leaf {
                        constraint: None,
                        ..
                    })
                )
            });
            if cannot_fail {
                continue;
            }
            let groups = op
                .operands
                .iter()
                .filter(|o| o.arity.is_variable_length())
                .count();
            if (variable(i) && variable(i + 1)) || groups > 1 {
                return Err(format!(
                    "either on a variable-length operand of op '{}', which has several variable-length operand groups, is not supported yet",
                    op.name
                ));
            }
            choices.push(i);
        }
        Ok(choices)
    }

    /// What matches one operand group.
    /// `at` is the op and operand (group) matched, for messages.
    fn src_value(
        &mut self,
        cx: &mut RuleCx,
        value: InitId,
        bind: Option<String>,
        range: bool,
        at: (OpIndex, usize),
    ) -> R<SrcValue> {
        let (op_of_operand, operand) = at;
        if let Some(view) = self.dag(value) {
            let rec = self
                .def_of(view.operator)
                .ok_or("the operator of a dag must be a def")?;
            let name = self.rk.record_name(rec);
            if name == "variadic" {
                cx.nodes += 1;
                if !range {
                    return Err(format!(
                        "variadic DAG construct can't match op {}'s non-variadic operand #{operand}",
                        self.model.ops[op_of_operand].name
                    ));
                }
                let mut elems = Vec::new();
                for a in &view.args {
                    let b = self.name_of(a.name);
                    elems.push(self.src_value(cx, a.value, b, false, at)?);
                }
                let bind = self.name_of(view.operator_name);
                if let Some(b) = &bind {
                    self.bind(cx, b, SymKind::Pack(elems.len()))?;
                }
                return Ok(SrcValue::Variadic { bind, elems });
            }
            if name == "either" {
                return Err("either can only be applied on operand".to_string());
            }
            if self.is_a(rec, "NativeCodeCall") {
                if range {
                    return Err(format!(
                        "use nested DAG construct to match op {}'s variadic operand #{operand} unsupported now",
                        self.model.ops[op_of_operand].name
                    ));
                }
                if let Some(b) = &bind {
                    return Err(format!(
                        "cannot bind '{b}' to an argument that is a NativeCodeCall: bind its outputs"
                    ));
                }
                cx.depth += 1;
                let native = self.src_native(cx, rec, &view);
                cx.depth -= 1;
                return Ok(SrcValue::Native(Box::new(native?)));
            }
            if range {
                return Err(
                    "matching a variadic operand with a nested op is not supported yet".to_string(),
                );
            }
            cx.depth += 1;
            let op = self.src_op(cx, &view);
            cx.depth -= 1;
            let op = op?;
            let ods = &self.model.ops[op.op];
            if ods.results.iter().any(|r| r.arity.is_variable_length()) {
                return Err(format!(
                    "matching op '{}' (with a variable-length result) in a nested pattern is not supported yet",
                    ods.name
                ));
            }
            if let Some(b) = &bind {
                return Err(format!(
                    "cannot bind '{b}' to an argument that is a nested op: bind the op itself"
                ));
            }
            return Ok(SrcValue::Op(Box::new(op)));
        }
        let constraint = match self.def_of(value) {
            Some(_) if range => {
                return Err(format!(
                    "further constrain op {}'s variadic operand #{operand} unsupported now",
                    self.model.ops[op_of_operand].name
                ))
            }
            Some(c) if self.is_a(c, "TypeConstraint") => Some(self.constraint(c, Shape::Type)?),
            Some(c) if self.is_a(c, "NativeCodeCall") => {
                return Err("NativeCodeCall in a source pattern is not supported yet".to_string())
            }
            Some(c) => {
                return Err(format!(
                    "'{}' is not a type constraint, but matches an operand",
                    self.rk.record_name(c)
                ))
            }
            None if matches!(self.rk.init(value), Init::Unset) => None,
            None => return Err("unsupported operand matcher".to_string()),
        };
        if let Some(b) = &bind {
            let kind = if range {
                SymKind::Values
            } else {
                SymKind::Value
            };
            // Operands may share a name: the first binds it, the others must equal it (as
            // upstream's symbol table allows for operands only).
            let again =
                cx.operand_syms.contains(b.as_str()) && cx.syms.get(b.as_str()) == Some(&kind);
            if !again {
                self.bind(cx, b, kind)?;
                cx.operand_syms.insert(b.clone());
            }
        }
        Ok(SrcValue::Leaf {
            bind,
            constraint,
            range,
        })
    }

    /// `(Call args...)` matching an operand: a native constraint on the op defining it,
    /// with upstream's checks (`$_self` once, leaves only, no directives but `location`).
    fn src_native(&mut self, cx: &mut RuleCx, rec: RecId, view: &DagView) -> R<SrcNative> {
        let (name, expression, _) = self.native_def(rec)?;
        if let Some(b) = self.name_of(view.operator_name) {
            return Err(format!(
                "binding symbol '{b}' to NativecodeCall in MatchPattern is not supported"
            ));
        }
        if expression.matches("$_self").count() != 1 {
            return Err(
                "NativeCodeCall must have $_self as argument for passing the defining Operation"
                    .into(),
            );
        }
        let mut outs = Vec::new();
        for (i, a) in view.args.iter().enumerate() {
            if let Some(d) = self.dag(a.value) {
                let directive = self.def_of(d.operator).map(|r| self.rk.record_name(r));
                return Err(match directive.as_deref() {
                    Some("either") => "NativeCodeCall cannot have `either` operands".into(),
                    Some("variadic") => "NativeCodeCall cannot have `variadic` operands".into(),
                    Some("returnType") => {
                        "`NativeCodeCall` cannot have return type specifier".into()
                    }
                    Some("location") => {
                        "a location directive on a NativeCodeCall ($_loc) is not supported yet"
                            .into()
                    }
                    _ => format!(
                        "Matching nested tree in NativeCodecall not support for arg{}_{i} as arg {i}",
                        cx.depth
                    ),
                });
            }
            let bind = self.name_of(a.name).filter(|b| b != "_");
            let (attr, constraint) = match self.def_of(a.value) {
                None if matches!(self.rk.init(a.value), Init::Unset) => (false, None),
                Some(c) if self.is_a(c, "AttrConstraint") => {
                    (true, Some(self.constraint(c, Shape::Attr)?))
                }
                Some(c) if self.is_a(c, "TypeConstraint") => {
                    (false, Some(self.constraint(c, Shape::Type)?))
                }
                Some(c) => {
                    return Err(format!(
                        "'{}' cannot be an argument of a NativeCodeCall in a source pattern (only attribute and type constraints)",
                        self.rk.record_name(c)
                    ))
                }
                None => {
                    return Err(
                        "an argument of a NativeCodeCall in a source pattern must be a symbol, possibly constrained"
                            .into(),
                    )
                }
            };
            if let Some(b) = &bind {
                let kind = if attr { SymKind::Attr } else { SymKind::Value };
                self.bind(cx, b, kind)?;
            }
            outs.push(NativeOut {
                bind,
                attr,
                constraint,
            });
        }
        Ok(SrcNative {
            name,
            expression,
            outs,
        })
    }

    fn not_an_op(&self, rec: RecId, source: bool) -> String {
        let name = self.rk.record_name(rec);
        match name.as_str() {
            "replaceWithValue" | "location" | "returnType" | "either" | "variadic" => {
                format!("the {name} directive cannot be used here")
            }
            _ if self.is_a(rec, "NativeCodeCall") => {
                "NativeCodeCall in a source pattern is not supported yet".into()
            }
            _ if self.is_a(rec, "Op") => format!("op '{name}' is not in the ODS model"),
            _ if source => format!("'{name}' is not an op (source pattern)"),
            _ => format!("'{name}' is not an op"),
        }
    }

    /// `ConstantAttr<Attr, "value">`.
    fn const_attr(&self, rec: RecId) -> R<ConstAttr> {
        let rk = self.rk;
        let attr = rk.value_as_def(rec, "attr").map_err(|e| e.to_string())?;
        let value = rk
            .value_as_string(rec, "value")
            .map_err(|e| e.to_string())?;
        let builder = rk
            .value_as_optional_string(attr, "constBuilderCall")
            .ok()
            .flatten()
            .filter(|b| !b.is_empty())
            .ok_or_else(|| {
                format!(
                    "attribute '{}' has no constBuilderCall, so no constant of it can be made",
                    rk.record_name(attr)
                )
            })?;
        Ok(ConstAttr { builder, value })
    }

    /// The index of constraint `rec` used as `shape`.
    fn constraint(&mut self, rec: RecId, shape: Shape) -> R<ConstraintIndex> {
        let constraint = self
            .pred_cache
            .entry(rec)
            .or_insert_with(|| tessera_ods::read_constraint(self.rk, rec).map_err(|m| m.join("; ")))
            .clone()?;
        let base = if self.rk.record(rec).is_anonymous() {
            format!("anonymous_{:016x}", fnv(&format!("{:?}", constraint.pred)))
        } else {
            constraint.record.clone()
        };
        if let Some(&i) = self.by_key.get(&(base.clone(), shape.clone())) {
            return Ok(i);
        }
        let same_base = self.by_key.keys().filter(|(b, _)| *b == base).count();
        let native = if same_base == 0 {
            format!("drr.{base}")
        } else {
            format!("drr.{base}.{same_base}")
        };
        let i = self.constraints.len();
        self.constraints.push(ConstraintDef {
            native,
            constraint,
            shape: shape.clone(),
        });
        self.by_key.insert((base, shape), i);
        Ok(i)
    }

    /// The kind of a reference `$name` or `$name__N`, which must be bound.
    fn reference(&self, cx: &RuleCx, symbol: &str) -> R<SymKind> {
        let (name, index) = split_index(symbol);
        let Some(&kind) = cx.syms.get(name) else {
            return Err(format!("referencing unbound symbol '{symbol}'"));
        };
        match (kind, index) {
            (kind, None) => Ok(kind),
            (SymKind::Op(op), Some(i)) => {
                let ods = &self.model.ops[op];
                match ods.results.get(i) {
                    Some(r) if r.arity.is_variable_length() => Ok(SymKind::Values),
                    Some(_) => Ok(SymKind::Value),
                    None => Err(format!(
                        "symbol '{symbol}': op '{}' has only {} results",
                        ods.name,
                        ods.results.len()
                    )),
                }
            }
            (SymKind::Pack(n), Some(i)) if i < n => Ok(SymKind::Value),
            _ => Err(format!(
                "symbol '{symbol}' has no value {}",
                index.unwrap_or(0)
            )),
        }
    }

    /// One additional constraint `(C $a, $b)` or `(C:$x)`.
    fn applied(&mut self, cx: &RuleCx, init: InitId) -> R<Applied> {
        let view = self
            .dag(init)
            .ok_or("an additional constraint must be a dag")?;
        let rec = self
            .def_of(view.operator)
            .ok_or("the operator of a dag must be a def")?;
        if !self.is_a(rec, "Constraint") {
            return Err(format!(
                "'{}' is not a constraint",
                self.rk.record_name(rec)
            ));
        }
        if self.is_a(rec, "AttrConstraint") {
            return Err("cannot use AttrConstraint in Pattern multi-entity constraints".into());
        }
        let self_sym = self.name_of(view.operator_name);
        let mut args = Vec::new();
        for a in &view.args {
            match self.name_of(a.name) {
                Some(n) if matches!(self.rk.init(a.value), Init::Unset) => args.push(n),
                _ => return Err("the arguments of a constraint must be bound symbols".into()),
            }
        }
        if args.len() > 4 {
            return Err("only support up to 4-entity constraints now".into());
        }
        let self_kind = match &self_sym {
            Some(s) => Some(self.reference(cx, s)?),
            None => None,
        };
        let mut kinds = Vec::new();
        for a in &args {
            kinds.push(self.reference(cx, a)?);
        }
        let shape = if self.is_a(rec, "TypeConstraint") {
            let Some(first) = args.first().or(self_sym.as_ref()) else {
                return Err("a type constraint needs the value it constrains".into());
            };
            let kind = self.reference(cx, first)?;
            if matches!(kind, SymKind::Attr) {
                return Err(format!("type constraint on attribute '{first}'"));
            }
            let first = first.clone();
            let constraint = self.constraint(rec, Shape::Type)?;
            return Ok(Applied {
                constraint,
                self_sym: None,
                args: vec![first],
            });
        } else {
            Shape::Args {
                self_kind,
                args: kinds,
            }
        };
        let constraint = self.constraint(rec, shape)?;
        Ok(Applied {
            constraint,
            self_sym,
            args,
        })
    }

    /// A result dag: an op to build, `replaceWithValue`, or (nested) a reference.
    /// `yields` is what a `NativeCodeCall` gives here.
    fn res_dag(&mut self, cx: &mut RuleCx, view: &DagView, yields: Yield) -> R<ResNode> {
        let rec = self
            .def_of(view.operator)
            .ok_or("the operator of a dag must be a def")?;
        let name = self.rk.record_name(rec);
        if name == "replaceWithValue" {
            let [arg] = view.args.as_slice() else {
                return Err("replaceWithValue directive must take exactly one argument".into());
            };
            let Some(sym) = self.name_of(arg.name) else {
                return Err("replaceWithValue directive must take a bound symbol".into());
            };
            self.reference(cx, &sym)?;
            return Ok(ResNode::Ref(sym));
        }
        if self.is_a(rec, "NativeCodeCall") {
            return self.native_call(cx, rec, view, yields);
        }
        if name == "variadic" {
            // The values of a variable-length operand of the op this is an argument of (which
            // checks the position).
            if self.name_of(view.operator_name).is_some() {
                return Err(
                    "cannot bind a symbol to a variadic directive of a result pattern".into(),
                );
            }
            let mut elems = Vec::new();
            for a in &view.args {
                let node = match (self.dag(a.value), self.name_of(a.name)) {
                    (Some(d), _) => self.res_dag(cx, &d, Yield::Values)?,
                    (None, Some(sym)) if matches!(self.rk.init(a.value), Init::Unset) => {
                        if self.reference(cx, &sym)? == SymKind::Attr {
                            return Err(format!(
                                "'{sym}' is an attribute, used in a variadic directive"
                            ));
                        }
                        ResNode::Ref(sym)
                    }
                    _ => return Err(
                        "the variadic directive of a result pattern takes bound symbols and dags"
                            .into(),
                    ),
                };
                elems.push(node);
            }
            return Ok(ResNode::Pack(elems));
        }
        let Some(op_index) = self.op_of(rec) else {
            return Err(self.not_an_op(rec, false));
        };
        let model = self.model;
        let op = &model.ops[op_index];
        // Trailing directives are not arguments.
        let mut n = view.args.len();
        let mut return_types = Vec::new();
        let mut location = None;
        while n > 0 {
            let Some(d) = self.dag(view.args[n - 1].value) else {
                break;
            };
            let Some(drec) = self.def_of(d.operator) else {
                break;
            };
            match self.rk.record_name(drec).as_str() {
                "location" => {
                    if location.is_some() {
                        return Err("more than one location directive".into());
                    }
                    location = Some(self.location_spec(cx, &d)?);
                }
                "returnType" => {
                    if !return_types.is_empty() {
                        return Err("more than one returnType directive".into());
                    }
                    for a in &d.args {
                        let native = self
                            .dag(a.value)
                            .and_then(|nd| Some((self.def_of(nd.operator)?, nd)))
                            .filter(|(r, _)| self.is_a(*r, "NativeCodeCall"));
                        match (self.rk.init(a.value), self.name_of(a.name)) {
                            (Init::Unset, Some(s)) => {
                                self.reference(cx, &s)?;
                                return_types.push(TypeRef::Symbol(s));
                            }
                            (Init::Str(text, _), None) => {
                                return_types.push(TypeRef::Cpp(text.to_string()));
                            }
                            _ if native.is_some() => {
                                let (r, nd) = native.expect("checked");
                                let call = self.native_call(cx, r, &nd, Yield::Type)?;
                                if !matches!(call, ResNode::Native { returns: 1, .. }) {
                                    return Err("a NativeCodeCall in returnType must return one type".into());
                                }
                                return_types.push(TypeRef::Native(call));
                            }
                            _ => {
                                return Err("returnType takes bound symbols, strings of C++ and NativeCodeCalls".into())
                            }
                        }
                    }
                    if return_types.is_empty() {
                        return Err("returnType directive must take at least one argument".into());
                    }
                }
                _ => break,
            }
            n -= 1;
        }
        if n != op.arguments.len() {
            return Err(format!(
                "op '{}' argument number mismatch: {} in pattern vs. {} in definition",
                op.name,
                n,
                op.arguments.len()
            ));
        }
        let mut args = Vec::with_capacity(n);
        for (arg, ods) in view.args[..n].iter().zip(&op.arguments) {
            let is_attr = matches!(ods, Argument::Attribute(_) | Argument::Property(_));
            if let Argument::Property(_) = ods {
                return Err(format!(
                    "building properties (op '{}') is not supported yet",
                    op.name
                ));
            }
            let node = if let Some(d) = self.dag(arg.value) {
                if self.name_of(arg.name).is_some() {
                    return Err(
                        "cannot bind a symbol to an argument of a result op: bind the op".into(),
                    );
                }
                let yields = if is_attr { Yield::Attr } else { Yield::Values };
                self.res_dag(cx, &d, yields)?
            } else if let Some(c) = self.def_of(arg.value) {
                if is_attr && self.is_a(c, "ConstantAttr") {
                    ResNode::Const(self.const_attr(c)?)
                } else if self.is_a(c, "NativeCodeCall") {
                    // A call without arguments written as a leaf.
                    let view = DagView {
                        operator: arg.value,
                        operator_name: None,
                        args: Vec::new(),
                    };
                    let yields = if is_attr { Yield::Attr } else { Yield::Values };
                    self.native_call(cx, c, &view, yields)?
                } else {
                    return Err(format!(
                        "'{}' cannot be an argument of a result op",
                        self.rk.record_name(c)
                    ));
                }
            } else {
                let Some(sym) = self.name_of(arg.name) else {
                    return Err(format!(
                        "argument {} of result op '{}' is neither a bound symbol nor a dag",
                        args.len(),
                        op.name
                    ));
                };
                self.reference(cx, &sym)?;
                ResNode::Ref(sym)
            };
            if let ResNode::Pack(_) = &node {
                let variable = matches!(ods, Argument::Operand(o) if op.operands[*o].arity.is_variable_length());
                if !variable {
                    return Err(format!(
                        "the variadic directive builds a variable-length operand, not argument {} of op '{}'",
                        args.len(),
                        op.name
                    ));
                }
            }
            let kind = match &node {
                ResNode::Ref(s) => Some(self.reference(cx, s)?),
                _ => None,
            };
            match (is_attr, kind) {
                (true, Some(k)) if k != SymKind::Attr => {
                    return Err(format!(
                        "'{}' is a value, used as attribute '{}' of op '{}'",
                        ref_name(&node),
                        self.attr_name(op_index, ods),
                        op.name
                    ))
                }
                (false, Some(SymKind::Attr)) => {
                    return Err(format!(
                        "'{}' is an attribute, used as an operand of op '{}'",
                        ref_name(&node),
                        op.name
                    ))
                }
                (false, None) if matches!(node, ResNode::Const(_)) => {
                    return Err("a constant attribute cannot be an operand".into())
                }
                (_, None) if matches!(&node, ResNode::Native { returns, bound_result: None, .. } if *returns != 1) => {
                    return Err(format!(
                        "a NativeCodeCall used as an argument of op '{}' must return one value",
                        op.name
                    ))
                }
                (true, None) if matches!(node, ResNode::Op(_)) => {
                    return Err(
                        "only NativeCodeCall allowed in nested dag node for creating attribute"
                            .into(),
                    )
                }
                _ => {}
            }
            args.push(node);
        }
        let (bind, bound_result) = match self.name_of(view.operator_name) {
            Some(b) => {
                let (name, index) = split_index(&b);
                if let Some(i) = index {
                    if i >= op.results.len() {
                        return Err(format!(
                            "symbol '{b}': op '{}' has only {} results",
                            op.name,
                            op.results.len()
                        ));
                    }
                }
                let name = name.to_string();
                self.bind(cx, &name, SymKind::Op(op_index))?;
                (Some(name), index)
            }
            None => (None, None),
        };
        Ok(ResNode::Op(Box::new(ResOp {
            op: op_index,
            bind,
            bound_result,
            args,
            return_types,
            location,
        })))
    }

    /// `(Native args...)` in a result pattern: a native rewrite called by name, giving
    /// `yields` (what its use needs).
    fn native_call(
        &mut self,
        cx: &mut RuleCx,
        rec: RecId,
        view: &DagView,
        yields: Yield,
    ) -> R<ResNode> {
        let rk = self.rk;
        let (name, expression, returns) = self.native_def(rec)?;
        let mut n = view.args.len();
        let mut location = None;
        if let Some(last) = view.args.last() {
            if let Some(d) = self.dag(last.value) {
                match self
                    .def_of(d.operator)
                    .map(|r| rk.record_name(r))
                    .as_deref()
                {
                    Some("returnType") => {
                        return Err("`NativeCodeCall` cannot have return type specifier".into())
                    }
                    Some("location") => {
                        location = Some(self.location_spec(cx, &d)?);
                        n -= 1;
                    }
                    _ => {}
                }
            }
        }
        // `$_loc`: the location directive's, else the matched ops' fused location, passed
        // as trailing arguments.
        let loc = expression.contains("$_loc").then(|| {
            location.unwrap_or(LocSpec {
                symbols: Vec::new(),
                name: None,
            })
        });
        let mut args = Vec::new();
        for a in &view.args[..n] {
            let node = if let Some(d) = self.dag(a.value) {
                match self.res_dag(cx, &d, Yield::Values)? {
                    ResNode::Pack(_) => {
                        return Err("the variadic directive cannot be used here".into())
                    }
                    node => node,
                }
            } else if let Some(c) = self.def_of(a.value) {
                if self.is_a(c, "ConstantAttr") {
                    ResNode::Const(self.const_attr(c)?)
                } else {
                    return Err(format!(
                        "'{}' cannot be an argument of a NativeCodeCall",
                        rk.record_name(c)
                    ));
                }
            } else {
                match self.name_of(a.name) {
                    Some(sym) => {
                        self.reference(cx, &sym)?;
                        ResNode::Ref(sym)
                    }
                    None => {
                        return Err(
                            "an argument of a NativeCodeCall must be a bound symbol or a dag"
                                .into(),
                        )
                    }
                }
            };
            args.push(node);
        }
        n = args.len();
        let mut arg_kinds = Vec::with_capacity(n);
        for a in &args {
            self.arg_kinds(cx, a, &mut arg_kinds)?;
        }
        // `(Call:$res ...)` binds its results (`$res__N` the N-th); the node itself is
        // result N when the bound name has the suffix, as upstream reads it.
        let (bind, bound_result) = match self.name_of(view.operator_name) {
            Some(b) => {
                let (base, index) = split_index(&b);
                if returns == 0 {
                    return Err(format!(
                        "cannot bind '{b}' to a NativeCodeCall that returns no value"
                    ));
                }
                if let Some(i) = index {
                    if i >= returns {
                        return Err(format!(
                            "symbol '{b}': the NativeCodeCall returns only {returns} values"
                        ));
                    }
                }
                let kind = match (returns, yields) {
                    (1, Yield::Attr) => SymKind::Attr,
                    (1, Yield::Values) => SymKind::Value,
                    (_, Yield::Values) => SymKind::Pack(returns),
                    _ => {
                        return Err(format!(
                            "cannot bind '{b}' to a NativeCodeCall giving an attribute or a type"
                        ))
                    }
                };
                self.bind(cx, base, kind)?;
                (Some(base.to_string()), index)
            }
            None => (None, None),
        };
        Ok(ResNode::Native {
            name,
            expression,
            args,
            arg_kinds,
            returns,
            yields,
            bind,
            bound_result,
            loc,
        })
    }

    /// `(location $a, ..., "name")`: bound symbols and at most one string.
    fn location_spec(&self, cx: &RuleCx, d: &DagView) -> R<LocSpec> {
        let mut spec = LocSpec {
            symbols: Vec::new(),
            name: None,
        };
        for a in &d.args {
            match (self.rk.init(a.value), self.name_of(a.name)) {
                (Init::Unset, Some(sym)) => {
                    self.reference(cx, &sym)?;
                    spec.symbols.push(sym);
                }
                (Init::Str(_, _), None) if spec.name.is_some() => {
                    return Err("Only one string attribute may be specified".into())
                }
                (Init::Str(text, _), None) => {
                    spec.name = Some(text.to_string());
                }
                _ => {
                    return Err(
                        "location directive takes bound symbols and at most one string".into(),
                    )
                }
            }
        }
        if spec.symbols.is_empty() && spec.name.is_none() {
            return Err("location directive must take at least one argument".into());
        }
        Ok(spec)
    }

    /// A `NativeCodeCall` def: the name its native is registered under (the def's, or the
    /// expression of an inline one), the expression, and `numReturns`.
    fn native_def(&self, rec: RecId) -> R<(String, String, usize)> {
        let rk = self.rk;
        let expression = rk
            .value_as_string(rec, "expression")
            .map_err(|e| e.to_string())?;
        let returns = rk
            .value_as_int(rec, "numReturns")
            .map_err(|e| e.to_string())?;
        let returns = usize::try_from(returns)
            .map_err(|_| format!("NativeCodeCall returning {returns} values"))?;
        let name = if rk.record(rec).is_anonymous() {
            expression.clone()
        } else {
            rk.record_name(rec)
        };
        Ok((name, expression, returns))
    }

    /// What a native receives for argument `node`, appended to `out` (a multi-result op or
    /// a pack spreads into one argument per value group, as lowering passes them).
    fn arg_kinds(&self, cx: &RuleCx, node: &ResNode, out: &mut Vec<ArgKind>) -> R<()> {
        let groups = |op: OpIndex, out: &mut Vec<ArgKind>| {
            for r in &self.model.ops[op].results {
                out.push(if r.arity.is_variable_length() {
                    ArgKind::Values
                } else {
                    ArgKind::Value
                });
            }
        };
        match node {
            ResNode::Ref(s) => {
                let (name, index) = split_index(s);
                match (cx.syms.get(name).copied(), index) {
                    (Some(SymKind::Op(op)), None) if self.model.ops[op].results.is_empty() => {
                        out.push(ArgKind::Op)
                    }
                    (Some(SymKind::Op(op)), None) => groups(op, out),
                    (Some(SymKind::Pack(n)), None) => out.extend((0..n).map(|_| ArgKind::Value)),
                    _ => out.push(match self.reference(cx, s)? {
                        SymKind::Attr => ArgKind::Attr,
                        SymKind::Values => ArgKind::Values,
                        _ => ArgKind::Value,
                    }),
                }
            }
            ResNode::Const(_) => out.push(ArgKind::Attr),
            ResNode::Pack(elems) => {
                for e in elems {
                    self.arg_kinds(cx, e, out)?;
                }
            }
            ResNode::Native {
                returns,
                yields,
                bound_result,
                ..
            } => {
                let kind = match yields {
                    Yield::Values => ArgKind::Value,
                    Yield::Attr => ArgKind::Attr,
                    Yield::Type => ArgKind::Type,
                };
                let n = if bound_result.is_some() { 1 } else { *returns };
                out.extend((0..n).map(|_| kind));
            }
            ResNode::Op(op) => match op.bound_result {
                Some(i) => out.push(
                    if self.model.ops[op.op].results[i].arity.is_variable_length() {
                        ArgKind::Values
                    } else {
                        ArgKind::Value
                    },
                ),
                None => groups(op.op, out),
            },
        }
        Ok(())
    }

    fn attr_name(&self, op: OpIndex, arg: &Argument) -> String {
        match arg {
            Argument::Attribute(i) => self.model.ops[op].attributes[*i].name.clone(),
            _ => String::new(),
        }
    }

    /// Which result patterns replace the root's results.
    fn replacement(&self, root: &SrcOp, results: &[ResNode]) -> R<Replacement> {
        let needed = self.model.ops[root.op].results.len();
        if needed == 0 {
            return Ok(Replacement::Erase);
        }
        let mut have = 0;
        for (i, node) in results.iter().enumerate().rev() {
            let count = self.value_count(node);
            have += count;
            if have == needed {
                for node in &results[i..] {
                    if matches!(node, ResNode::Op(op) if !op.return_types.is_empty()) {
                        return Err("Cannot specify explicit return types in an op whose return values replace the source pattern's root op".into());
                    }
                }
                return Ok(Replacement::From { first: i });
            }
            if have > needed {
                // Upstream names the op by its symbol (empty when unbound).
                let name = match node {
                    ResNode::Op(op) => op.bind.clone().unwrap_or_default(),
                    _ => String::new(),
                };
                return Err(format!(
                    "cannot use the same multi-result op '{name}' to generate both auxiliary values and values to be used for replacing the matched op"
                ));
            }
        }
        Err("not enough values generated to replace the matched op".into())
    }

    /// The declared values a top-level result node produces.
    fn value_count(&self, node: &ResNode) -> usize {
        match node {
            ResNode::Op(op) if op.bound_result.is_some() => 1,
            ResNode::Op(op) => self.model.ops[op.op].results.len(),
            ResNode::Native {
                bound_result: Some(_),
                ..
            } => 1,
            ResNode::Native { returns, .. } => *returns,
            ResNode::Ref(_) | ResNode::Const(_) | ResNode::Pack(_) => 1,
        }
    }
}

fn ref_name(node: &ResNode) -> &str {
    match node {
        ResNode::Ref(s) => s,
        _ => "",
    }
}

/// FNV-1a, for names of anonymous constraints that do not change with record numbering.
fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Whether every result group of `op` before `group` is single (then a group is a result).
pub(crate) fn simple_results_before(model: &Model, op: OpIndex, group: usize) -> bool {
    model.ops[op].results[..group.min(model.ops[op].results.len())]
        .iter()
        .all(|r| r.arity == Arity::Single)
}
