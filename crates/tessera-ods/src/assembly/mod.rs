//! The one engine that reads and writes an op's custom form from its declarative assembly
//! format ([`crate::format::OpFormat`]), as the C++ that `mlir-tblgen` 19 generates from the
//! same format does: literals with upstream's spacing rules, variables, directives, optional
//! groups, `oilist`, types resolved from traits where the format leaves them out.
//!
//! [`FormatAssembly`] implements `tessera_asm`'s [`OpAssembly`] hooks. It is built once per
//! op, independent of any `Context`: what needs C++ evaluated (buildable types,
//! `TypesMatchWith` transformers, attribute defaults) comes in as closures ([`Exprs`]) from
//! whoever compiled those expressions.
//!
//! An op whose format uses a `custom<Name>` directive no Rust hook implements is printed in
//! the generic form, and reading its custom form fails with a diagnostic naming the
//! directive.

pub mod def;
mod directive;
mod parse;
mod print;
pub mod steps;

pub use def::{DefAssembly, DialectDefs};
pub use directive::{CustomDirective, DirectiveArg};

use crate::constraint::Arity;
use crate::format::{AttrStyle, ElementKind, OpFormat};
use crate::op::{Op, Segments};
use crate::Model;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;
use tessera_asm::custom::{
    CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, RegionPrinting, ResultNames,
};
use tessera_ir::{Attr, AttrKind, Body, Context, OpId, RegionId, Type};

/// Builds a type the format relies on (a buildable type's `builderCall`).
pub type TypeBuilder = Arc<dyn Fn(&mut Context) -> Result<Type, String> + Send + Sync>;

/// Computes types from another value's type (a `TypesMatchWith` transformer): one type for
/// a single value, several for a variadic one.
pub type TypeTransformer =
    Arc<dyn Fn(&mut Context, Type) -> Result<Vec<Type>, String> + Send + Sync>;

/// An attribute's default value as it exists in `ctx` (`None` if it was never made there,
/// so no attribute of the op can equal it).
pub type DefaultAttr = Arc<dyn Fn(&Context) -> Option<Attr> + Send + Sync>;

/// Names an op's results (upstream's `getAsmResultNames`, written in C++ there).
pub type ResultNamer = Arc<dyn Fn(&Context, &Body, OpId, &mut ResultNames) + Send + Sync>;

/// Computes an op's result types from its operands' types and its attributes, for ops whose
/// format leaves result types out and whose C++ infers them (`InferTypeOpInterface`'s
/// `inferReturnTypes`). An error is reported at the op. The registry's hook type: the same
/// function is the op's `OpInfo::infer_result_types`.
pub type ResultInference = tessera_ir::InferResultTypesHook;

/// The C++ expressions of a format, evaluated.
#[derive(Clone, Default)]
pub struct Exprs {
    /// Type builders by their C++ text: the format's buildable types
    /// (`OpFormat::buildable_types`) and the value types of attributes printed without
    /// their type.
    pub builders: HashMap<String, TypeBuilder>,
    /// Transformers by their C++ text.
    pub transformers: HashMap<String, TypeTransformer>,
    /// Per attribute of the op (by index), its default value, if it has one: an attribute
    /// equal to its default is left out of `attr-dict`.
    pub defaults: Vec<Option<DefaultAttr>>,
}

impl Exprs {
    /// Compiles the C++ expressions `format` relies on for `op` with `compiler`. An
    /// expression that does not compile is left out (reading a custom form that needs it
    /// then fails naming it) and returned with the reason.
    pub fn compile(
        model: &Model,
        op: &Op,
        format: &OpFormat,
        compiler: &crate::eval::Compiler<'_>,
    ) -> (Exprs, Vec<crate::eval::EvalError>) {
        use crate::eval::Bound;
        use crate::format::TypeResolution;
        let mut exprs = Exprs::default();
        let mut errors = Vec::new();
        let mut builder_texts: Vec<&str> =
            format.buildable_types.iter().map(String::as_str).collect();
        for printing in &format.attributes {
            if let AttrStyle::ElidedType { builder } = &printing.style {
                builder_texts.push(builder);
            }
        }
        for text in builder_texts {
            if exprs.builders.contains_key(text) {
                continue;
            }
            match compiler.type_builder(text) {
                Ok(expr) => {
                    let build: TypeBuilder =
                        Arc::new(move |ctx| expr.build_type(ctx, None).map_err(|e| e.to_string()));
                    exprs.builders.insert(text.to_string(), build);
                }
                Err(e) => errors.push(e),
            }
        }
        let transformers = format
            .operand_types
            .iter()
            .chain(&format.result_types)
            .filter_map(|r| match r {
                TypeResolution::FromVariable {
                    transformer: Some(t),
                    ..
                } => Some(t.as_str()),
                _ => None,
            });
        for text in transformers {
            if exprs.transformers.contains_key(text) {
                continue;
            }
            match compiler.type_transformer(text) {
                Ok(expr) => {
                    let apply: TypeTransformer =
                        Arc::new(
                            move |ctx, ty| match expr.build(ctx, Some(&Bound::Type(ty))) {
                                Ok(Bound::Type(t)) => Ok(vec![t]),
                                Ok(Bound::Values(types)) => Ok(types),
                                Ok(other) => Err(format!("'{}' produced {other:?}", expr.text())),
                                Err(e) => Err(e.to_string()),
                            },
                        );
                    exprs.transformers.insert(text.to_string(), apply);
                }
                Err(e) => errors.push(e),
            }
        }
        for a in &op.attributes {
            if let Some(default) = enum_attr_default(model, &a.attr) {
                exprs.defaults.push(Some(default));
                continue;
            }
            let default = match (&a.attr.default_value, &a.attr.const_builder_call) {
                (Some(value), Some(builder)) => match compiler.attr_builder(builder, value) {
                    Ok(expr) => Some(Arc::new(move |ctx: &Context| match expr.lookup(ctx, None) {
                        Ok(Some(Bound::Attr(attr))) => Some(attr),
                        _ => None,
                    }) as DefaultAttr),
                    Err(e) => {
                        errors.push(e);
                        None
                    }
                },
                _ => None,
            };
            exprs.defaults.push(default);
        }
        (exprs, errors)
    }
}

/// The default of an attribute defined by an `EnumAttr` printed as `<case>` (its usual
/// format), as `(dialect, body)`: the C++ default `ns::Enum::case` is the dialect attribute
/// `#dialect.mnemonic<case>`, which `tessera-ir` keeps as that text.
pub(crate) fn enum_attr_default_text(
    model: &Model,
    attr: &crate::AttrInfo,
) -> Option<(String, String)> {
    let value = attr.default_value.as_deref()?;
    let (def, info) = enum_attr_def(model, &attr.root_base)?;
    let mnemonic = def.mnemonic.as_deref()?;
    let symbol = value.trim().rsplit("::").next()?;
    let case = info.cases.iter().find(|c| c.symbol == symbol)?;
    let dialect = model.dialect(def.dialect).name.clone();
    Some((dialect, format!("{mnemonic}<{}>", case.str)))
}

/// The attribute definition `record` of `model`, if it is an `EnumAttr` printed as
/// `<case>` (its usual format), with its enum.
fn enum_attr_def<'m>(
    model: &'m Model,
    record: &str,
) -> Option<(&'m crate::AttrOrTypeDef, &'m crate::EnumInfo)> {
    let def = model.attr_defs.iter().find(|d| d.record == record)?;
    if def.assembly_format.as_deref().map(str::trim) != Some("`<` $value `>`") {
        return None;
    }
    let enum_record = def.enum_info.as_deref()?;
    let info = model.enums.iter().find(|e| e.record == enum_record)?;
    Some((def, info))
}

/// [`enum_attr_default_text`] as the attribute found in a context.
fn enum_attr_default(model: &Model, attr: &crate::AttrInfo) -> Option<DefaultAttr> {
    let (dialect, body) = enum_attr_default_text(model, attr)?;
    let body: Box<str> = body.into();
    Some(Arc::new(move |ctx: &Context| {
        let dialect = ctx.lookup_ident(&dialect)?;
        ctx.lookup_attr(&AttrKind::Opaque {
            dialect,
            body: body.clone(),
            ty: None,
        })
    }))
}

/// An operand, result, region or successor group of the op: how many values it holds.
#[derive(Clone, Debug)]
struct Slot {
    arity: Arity,
}

/// An attribute of the op as the format reads and writes it.
#[derive(Clone, Debug)]
pub(crate) struct AttrSlot {
    pub(crate) name: String,
    pub(crate) style: AttrStyle,
    /// A `UnitAttr` ([`crate::format::AttrPrinting::unit`]).
    pub(crate) unit: bool,
    /// For enum keywords: `(keyword, value)` per case, and the integer width.
    pub(crate) enum_cases: Vec<(String, i64)>,
    pub(crate) enum_width: u32,
    /// For attributes printed without their dialect prefix: the dialect and mnemonic
    /// that make the full attribute again.
    pub(crate) stripped: Option<(String, String)>,
    /// Which tokens can start it when it anchors an optional group: upstream's generated
    /// parser calls the `parseOptionalAttribute` overload of the storage class, and those of
    /// strings, arrays and symbol references look for their own token only.
    pub(crate) start: steps::AttrStart,
}

impl AttrSlot {
    /// Attribute `i` of `op` as `format` reads and writes it (the engine and the format
    /// compiler both ask this).
    pub(crate) fn of(model: &Model, op: &Op, format: &OpFormat, i: usize) -> AttrSlot {
        let a = &op.attributes[i];
        let (style, unit) = match format.attributes.get(i) {
            Some(a) => (a.style.clone(), a.unit),
            None => (AttrStyle::Generic, false),
        };
        let enum_info = model.enums.iter().find(|e| e.record == a.attr.root_base);
        let (enum_cases, enum_width) = match enum_info {
            Some(e) => (
                e.cases.iter().map(|c| (c.str.clone(), c.value)).collect(),
                match e.kind {
                    crate::enums::EnumKind::I64 => 64,
                    _ => 32,
                },
            ),
            None => (Vec::new(), 0),
        };
        let stripped = model
            .attr_defs
            .iter()
            .find(|d| d.record == a.attr.root_base)
            .and_then(|d| {
                let dialect = model.dialect(d.dialect).name.clone();
                d.mnemonic.clone().map(|m| (dialect, m))
            });
        AttrSlot {
            name: a.name.clone(),
            start: steps::AttrStart::of(unit, &style, &a.attr.storage_type),
            style,
            unit,
            enum_cases,
            enum_width,
            stripped,
        }
    }
}

/// The enum behind an `EnumAttr` or an enum parameter, as reading and printing its keywords
/// needs it.
#[derive(Clone, Debug)]
pub struct EnumAttrSpec {
    class_name: String,
    cpp_namespace: String,
    /// `(keyword, value)` per case.
    cases: Vec<(String, i64)>,
    /// `(C++ symbol, value)` per case.
    symbols: Vec<(String, i64)>,
    bit: bool,
    separator: String,
    primary_groups: bool,
}

impl EnumAttrSpec {
    /// Enum `class_name` of C++ namespace `cpp_namespace` (named in errors): its cases as
    /// `(keyword, value)` and `(C++ symbol, value)`, whether it is a bit enum, the separator
    /// of its bits and whether it prints groups of bits by their case.
    pub fn new(
        class_name: &str,
        cpp_namespace: &str,
        cases: &[(&str, i64)],
        symbols: &[(&str, i64)],
        bit: bool,
        separator: &str,
        primary_groups: bool,
    ) -> EnumAttrSpec {
        let owned = |list: &[(&str, i64)]| list.iter().map(|&(s, v)| (s.to_string(), v)).collect();
        EnumAttrSpec {
            class_name: class_name.to_string(),
            cpp_namespace: cpp_namespace.to_string(),
            cases: owned(cases),
            symbols: owned(symbols),
            bit,
            separator: separator.to_string(),
            primary_groups,
        }
    }

    /// The Rust expression making this spec, for generated code.
    pub(crate) fn rust(&self) -> String {
        format!(
            "::tessera_ods::assembly::EnumAttrSpec::new({:?}, {:?}, &{:?}, &{:?}, {}, {:?}, {})",
            self.class_name,
            self.cpp_namespace,
            self.cases,
            self.symbols,
            self.bit,
            self.separator,
            self.primary_groups
        )
    }

    fn of(e: &crate::EnumInfo) -> EnumAttrSpec {
        EnumAttrSpec {
            class_name: e.class_name.clone(),
            cpp_namespace: e.cpp_namespace.clone(),
            cases: e.cases.iter().map(|c| (c.str.clone(), c.value)).collect(),
            symbols: e
                .cases
                .iter()
                .map(|c| (c.symbol.clone(), c.value))
                .collect(),
            bit: e.kind == crate::enums::EnumKind::Bit,
            separator: e.separator.clone(),
            primary_groups: e.print_primary_groups,
        }
    }

    /// The C++ name upstream's messages use (`::mlir::arith::FastMathFlags`).
    fn qualified_name(&self) -> String {
        let ns = self.cpp_namespace.trim_start_matches("::");
        if ns.is_empty() {
            format!("::{}", self.class_name)
        } else {
            format!("::{ns}::{}", self.class_name)
        }
    }

    /// The canonical spelling of `value` (upstream's `stringify`), `None` if some bit has
    /// no case.
    fn spell(&self, value: i64) -> Option<String> {
        if !self.bit {
            return self
                .cases
                .iter()
                .find(|(_, v)| *v == value)
                .map(|(s, _)| s.clone());
        }
        if value == 0 {
            return self
                .cases
                .iter()
                .find(|(_, v)| *v == 0)
                .map(|(s, _)| s.clone());
        }
        let mut rest = value;
        let mut parts: Vec<&str> = Vec::new();
        if self.primary_groups {
            // The first group (of several bits) with all its bits present, in reverse
            // declaration order, stands for them.
            for (s, v) in self.cases.iter().rev() {
                if v.count_ones() > 1 && v & rest == *v {
                    parts.push(s);
                    rest &= !v;
                }
            }
            for (s, v) in &self.cases {
                if v.count_ones() == 1 && v & rest == *v {
                    parts.push(s);
                    rest &= !v;
                }
            }
        } else {
            for (s, v) in &self.cases {
                if *v != 0 && v & value == *v {
                    parts.push(s);
                    rest &= !v;
                }
            }
        }
        (rest == 0).then(|| parts.join(&self.separator))
    }
}

/// What the engine knows about one op.
#[derive(Clone)]
struct Spec {
    name: String,
    format: OpFormat,
    operands: Vec<Slot>,
    results: Vec<Slot>,
    regions: Vec<Slot>,
    successors: Vec<Slot>,
    attrs: Vec<AttrSlot>,
    /// The op's properties' names (custom directives may read and write them).
    property_names: Vec<String>,
    operand_segments: Segments,
    result_segments: Segments,
    /// The op given by `SingleBlockImplicitTerminator`, if any.
    implicit_terminator: Option<String>,
    /// Regions hold one block (`SingleBlock`): an empty one read from text gets a block.
    single_block: bool,
    /// What `attr-dict` always leaves out: attributes the format prints elsewhere, segment
    /// sizes, attributes the parser infers.
    elided: Vec<String>,
    exprs: Exprs,
    /// The hooks of the format's `custom<Name>` directives, by name.
    directives: Directives,
    /// The first `custom<Name>` directive no hook implements, if any: the op then has no
    /// custom form.
    custom_directive: Option<String>,
    default_dialect: String,
    /// The regions the format prints, in order, when it prints nothing else that the op
    /// does not hold (see [`printed_region_elements`]); `None` otherwise.
    printed_regions: Option<Vec<RegionElement>>,
    result_names: Option<ResultNamer>,
    infer_results: Option<ResultInference>,
}

/// What an op's custom form needs at run time besides its format: the C++ it relies on,
/// evaluated, and the Rust hooks registration gave it. The engine holds these; a format
/// compiled to Rust ([`crate::rust_gen`]) gets them from the registration
/// ([`crate::register::Registration::format_hooks`]), so both run the same closures.
#[derive(Clone, Default)]
pub struct FormatHooks {
    /// The format's C++ expressions, evaluated.
    pub exprs: Exprs,
    /// The hooks of the format's `custom<Name>` directives, by name (only those it uses).
    pub directives: Directives,
    /// The dialect whose prefix ops nested in this op may leave out (empty for none).
    pub default_dialect: String,
    /// Names the op's results.
    pub result_names: Option<ResultNamer>,
    /// Computes the result types the format leaves to C++.
    pub infer_results: Option<ResultInference>,
}

/// The hooks of a format's `custom<Name>` directives, by name. A format uses a handful at
/// most, and compiled forms look theirs up for every op they check or print: a short list
/// compared by name beats hashing the name (SipHash) each time.
#[derive(Clone, Default)]
pub struct Directives {
    hooks: Vec<(String, Arc<dyn CustomDirective>)>,
}

impl Directives {
    /// The hook of directive `name`, if there is one.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&Arc<dyn CustomDirective>> {
        self.hooks
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, hook)| hook)
    }

    /// Whether directive `name` has a hook.
    #[inline]
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Sets the hook of directive `name` (replacing an earlier one).
    pub fn insert(&mut self, name: String, hook: Arc<dyn CustomDirective>) {
        match self.hooks.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = hook,
            None => self.hooks.push((name, hook)),
        }
    }

    /// Whether no directive has a hook.
    pub fn is_empty(&self) -> bool {
        self.hooks.is_empty()
    }

    /// The names with a hook, in the order they were first set.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.hooks.iter().map(|(n, _)| n)
    }
}

impl FromIterator<(String, Arc<dyn CustomDirective>)> for Directives {
    fn from_iter<I: IntoIterator<Item = (String, Arc<dyn CustomDirective>)>>(iter: I) -> Self {
        let mut directives = Directives::default();
        for (name, hook) in iter {
            directives.insert(name, hook);
        }
        directives
    }
}

/// An op's custom form driven by its declarative assembly format.
#[derive(Clone)]
pub struct FormatAssembly {
    spec: Arc<Spec>,
}

/// The attribute holding operand group sizes (`AttrSizedOperandSegments`).
const OPERAND_SEGMENTS: &str = "operandSegmentSizes";
/// The attribute holding result group sizes (`AttrSizedResultSegments`).
const RESULT_SEGMENTS: &str = "resultSegmentSizes";

impl FormatAssembly {
    /// The engine for `op` (of `model`) with its checked `format`. `default_dialect` is the
    /// dialect whose prefix ops nested in this op may leave out (empty for none).
    pub fn new(
        model: &Model,
        op: &Op,
        format: OpFormat,
        exprs: Exprs,
        default_dialect: &str,
    ) -> FormatAssembly {
        FormatAssembly::with_directives(model, op, format, exprs, default_dialect, &HashMap::new())
    }

    /// [`FormatAssembly::new`] with the Rust hooks of `custom<Name>` directives, by name.
    pub fn with_directives(
        model: &Model,
        op: &Op,
        format: OpFormat,
        exprs: Exprs,
        default_dialect: &str,
        hooks: &HashMap<String, Arc<dyn CustomDirective>>,
    ) -> FormatAssembly {
        let slots = |list: &[crate::op::NamedConstraint]| -> Vec<Slot> {
            list.iter()
                .map(|c| Slot {
                    arity: c.arity.clone(),
                })
                .collect()
        };
        let attrs = (0..op.attributes.len())
            .map(|i| AttrSlot::of(model, op, &format, i))
            .collect();
        let mut custom_directive = None;
        let mut directives = Directives::default();
        for e in &format.elements {
            e.walk(&mut |e| {
                if let ElementKind::Custom { name, .. } = &e.kind {
                    match hooks.get(name) {
                        Some(hook) => {
                            directives.insert(name.clone(), hook.clone());
                        }
                        None => {
                            custom_directive.get_or_insert_with(|| name.clone());
                        }
                    }
                }
            });
        }
        let implicit_terminator = implicit_terminator(op);
        let printed_regions = printed_region_elements(&format, &|name| {
            directives
                .get(name)
                .is_some_and(|h: &Arc<dyn CustomDirective>| h.prints_only_args())
        });
        FormatAssembly {
            spec: Arc::new(Spec {
                name: op.name.clone(),
                operands: slots(&op.operands),
                results: slots(&op.results),
                regions: slots(&op.regions),
                successors: slots(&op.successors),
                attrs,
                property_names: op.properties.iter().map(|p| p.name.clone()).collect(),
                operand_segments: op.operand_segments(),
                result_segments: op.result_segments(),
                implicit_terminator,
                single_block: op.has_trait("::mlir::OpTrait::SingleBlock"),
                elided: elided_by_format(op, &format),
                exprs,
                directives,
                custom_directive,
                default_dialect: default_dialect.to_string(),
                printed_regions,
                result_names: None,
                infer_results: None,
                format,
            }),
        }
    }

    /// The same engine, naming results with `namer`.
    pub fn with_result_names(self, namer: ResultNamer) -> FormatAssembly {
        self.with_spec(|spec| spec.result_names = Some(namer))
    }

    /// The same engine, computing the result types its format leaves to C++ with `infer`.
    pub fn with_result_inference(self, infer: ResultInference) -> FormatAssembly {
        self.with_spec(|spec| spec.infer_results = Some(infer))
    }

    /// What this engine runs besides its format, for a compiled format of the same op.
    pub fn hooks(&self) -> FormatHooks {
        let spec = &self.spec;
        FormatHooks {
            exprs: spec.exprs.clone(),
            directives: spec.directives.clone(),
            default_dialect: spec.default_dialect.clone(),
            result_names: spec.result_names.clone(),
            infer_results: spec.infer_results.clone(),
        }
    }

    fn with_spec(self, change: impl FnOnce(&mut Spec)) -> FormatAssembly {
        let mut spec = Arc::try_unwrap(self.spec).unwrap_or_else(|shared| Spec::clone(&shared));
        change(&mut spec);
        FormatAssembly {
            spec: Arc::new(spec),
        }
    }
}

impl OpAssembly for FormatAssembly {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        if let Some(name) = &self.spec.custom_directive {
            return Err(steps::directive_missing(p, name));
        }
        parse::Parse::new(&self.spec).run(p, state)
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        print::Print::new(&self.spec).run(p, op)
    }

    fn can_print(&self, ctx: &Context, body: &Body, op: OpId) -> bool {
        let spec = &self.spec;
        if spec.custom_directive.is_some() {
            return false;
        }
        // Only single values declared (most ops): the counts alone decide.
        match (
            only_singles(&spec.operands, &spec.operand_segments),
            only_singles(&spec.results, &spec.result_segments),
        ) {
            (true, true) => {
                body.num_operands(op) == spec.operands.len()
                    && body.num_results(op) == spec.results.len()
            }
            _ => groups_of(spec, ctx, body, op).is_some(),
        }
    }

    fn default_dialect(&self) -> &str {
        &self.spec.default_dialect
    }

    fn printed_regions(
        &self,
        ctx: &Context,
        body: &Body,
        op: OpId,
    ) -> Option<SmallVec<[RegionPrinting; 2]>> {
        let elements = self.spec.printed_regions.as_ref()?;
        let mut out = SmallVec::new();
        for element in elements {
            let regions: SmallVec<[RegionId; 2]> = match *element {
                RegionElement::All => body.regions(op).collect(),
                RegionElement::Variable(i) => {
                    let all = body.regions(op);
                    if self.spec.regions[i].arity == Arity::Single {
                        all.skip(i).take(1).collect()
                    } else {
                        all.skip(i).collect()
                    }
                }
            };
            for region in regions {
                out.push(RegionPrinting {
                    region,
                    entry_args: true,
                    terminators: steps::prints_terminators(
                        self.spec.implicit_terminator.is_some(),
                        ctx,
                        body,
                        region,
                    ),
                    empty_block: false,
                });
            }
        }
        Some(out)
    }

    fn result_names(&self, ctx: &Context, body: &Body, op: OpId, names: &mut ResultNames) {
        if let Some(namer) = &self.spec.result_names {
            namer(ctx, body, op, names);
        }
    }
}

/// A region element of a format: `$name` (by region index) or `regions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RegionElement {
    /// `$name`: region group `i`.
    Variable(usize),
    /// `regions`.
    All,
}

/// The region elements `format` prints, in order, if everything else it prints is an
/// attribute or type the op holds, so that the alias pass may visit only these regions
/// (`OpAssembly::printed_regions`). That holds when every custom directive has a hook that
/// prints only its arguments (`prints_only_args` answers by directive name), no region is an argument of one, and each region element is
/// printed whenever its region is not empty: at the top level, or as the anchor of an
/// optional group (an empty region adds nothing to visit, so the group's absence needs no
/// test). `None` when the format does not qualify.
pub(crate) fn printed_region_elements(
    format: &OpFormat,
    prints_only_args: &dyn Fn(&str) -> bool,
) -> Option<Vec<RegionElement>> {
    use crate::format::{Element, Variable};
    fn region_of(e: &Element) -> Option<RegionElement> {
        match e.kind {
            ElementKind::Variable(Variable::Region(i)) => Some(RegionElement::Variable(i)),
            ElementKind::Regions => Some(RegionElement::All),
            _ => None,
        }
    }
    fn has_region(e: &Element) -> bool {
        let mut found = false;
        e.walk(&mut |e| found |= region_of(e).is_some());
        found
    }
    let mut ok = true;
    for e in &format.elements {
        e.walk(&mut |e| {
            if let ElementKind::Custom { name, args } = &e.kind {
                ok &= prints_only_args(name) && !args.iter().any(has_region);
            }
        });
    }
    if !ok {
        return None;
    }
    let mut regions = Vec::new();
    for e in &format.elements {
        if let Some(r) = region_of(e) {
            regions.push(r);
            continue;
        }
        let ElementKind::Optional(group) = &e.kind else {
            if has_region(e) {
                return None;
            }
            continue;
        };
        let anchor = (!group.anchor.in_else)
            .then(|| region_of(group.anchor_element()))
            .flatten();
        let others = group
            .then_elements
            .iter()
            .enumerate()
            .filter(|&(i, _)| anchor.is_none() || i != group.anchor.index)
            .map(|(_, e)| e)
            .chain(&group.else_elements);
        for other in others {
            if has_region(other) {
                return None;
            }
        }
        regions.extend(anchor);
    }
    Some(regions)
}

/// The op `SingleBlockImplicitTerminator` names, if `op` has the trait.
pub(crate) fn implicit_terminator(op: &Op) -> Option<String> {
    op.traits.iter().find_map(|t| {
        t.cpp
            .strip_prefix("SingleBlockImplicitTerminator<\"")
            .and_then(|rest| rest.split('"').next())
            .map(str::to_string)
    })
}

/// What `attr-dict` leaves out whatever the op holds.
pub(crate) fn elided_by_format(op: &Op, format: &OpFormat) -> Vec<String> {
    let mut elided = Vec::new();
    if !format.all_operands && op.operand_segments() == Segments::AttrSized {
        elided.push(OPERAND_SEGMENTS.to_string());
    }
    if !format.all_result_types && op.result_segments() == Segments::AttrSized {
        elided.push(RESULT_SEGMENTS.to_string());
    }
    elided.extend(format.inferred_attributes.iter().cloned());
    elided.extend(
        format
            .used_attributes
            .iter()
            .map(|&i| op.attributes[i].name.clone()),
    );
    elided
}

impl Spec {
    /// A custom directive's `type(arg)` argument holding `types`: a list for a variadic
    /// value (or `operands`/`results`), else at most one type.
    fn types_arg(&self, arg: &crate::format::Element, types: Vec<Type>) -> DirectiveArg<'static> {
        use crate::format::Variable;
        let list = match arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => {
                steps::Group::of(&self.operands[i].arity).is_list()
            }
            ElementKind::Variable(Variable::Result(i)) => {
                steps::Group::of(&self.results[i].arity).is_list()
            }
            _ => true,
        };
        steps::types_arg(list, types)
    }
}

/// How an op's operands and results split into the declared groups.
struct Groups {
    operands: Ranges,
    results: Ranges,
}

/// The values of each declared group, by position (few groups: kept inline).
type Ranges = SmallVec<[Range<usize>; 4]>;

/// The groups of `op`, or `None` if its operand or result counts do not fit its
/// declaration (such an op prints generically).
fn groups_of(spec: &Spec, ctx: &Context, body: &Body, op: OpId) -> Option<Groups> {
    let sizes_attr = |name: &str| {
        tessera_ir::op_queries::inherent_attr(ctx, body, op, name)
            .and_then(|a| ctx.dense_i32_iter(a))
            .map(Iterator::collect)
    };
    let operands = split(
        &spec.operands,
        &spec.operand_segments,
        body.num_operands(op),
        || sizes_attr(OPERAND_SEGMENTS),
    )?;
    let results = split(
        &spec.results,
        &spec.result_segments,
        body.num_results(op),
        || sizes_attr(RESULT_SEGMENTS),
    )?;
    Some(Groups { operands, results })
}

/// Whether every declared group of `slots` is a single value (so that the groups fit
/// exactly when there are as many values as slots).
fn only_singles(slots: &[Slot], segments: &Segments) -> bool {
    *segments != Segments::AttrSized && slots.iter().all(|s| s.arity == Arity::Single)
}

/// Splits `count` values into the declared groups.
fn split(
    slots: &[Slot],
    segments: &Segments,
    count: usize,
    sizes: impl FnOnce() -> Option<SmallVec<[i32; 4]>>,
) -> Option<Ranges> {
    let groups: SmallVec<[crate::typed::Count; 4]> =
        slots.iter().map(|s| s.arity.count()).collect();
    crate::typed::split_groups(&groups, *segments == Segments::AttrSized, count, sizes)
}
