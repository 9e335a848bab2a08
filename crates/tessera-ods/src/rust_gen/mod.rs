//! Rust generated from the ODS model: for each op of the chosen dialects a typed handle with
//! named accessors (operands, attributes, results, regions, successors) and a builder, the
//! enums its attributes use as Rust enums, each op's verifier ([`verify`]) and assembly
//! format ([`mod@format`]) compiled to Rust, and the dialect's registration. `tessera-build`
//! writes this into `OUT_DIR` for a crate's `build.rs`; the code calls [`crate::typed`].
//!
//! The output is a list of items meant for `include!` inside a module of the user's choosing,
//! so it holds no inner attributes or inner doc comments. Every public item is documented
//! from the op's summary and description; the text is laid out as `rustfmt` would.

mod defs;
pub mod format;
mod register;

use crate::dialect::DialectId;
use crate::enums::{EnumInfo, EnumKind};
use crate::op::{NamedAttr, Op, Segments};
use crate::typed::Count;
use crate::Model;
use std::collections::HashSet;
use std::fmt::Write;

pub mod verify;

/// What the generated code is told about its origin and about Rust it may call.
pub struct GenOptions<'a> {
    /// The name of the main `.td` file, for the header comment.
    pub main_file: &'a str,
    /// Natives written in Rust that generated verifiers call by path: `(leaf, path)` pairs,
    /// `leaf` the exact text a registration's `Natives` knows the native by, `path` a
    /// function `fn(&::tessera_ir::Context, S) -> Result<bool, String>` reachable from where
    /// the code is included, `S` the leaf's subject (`::tessera_ir::Type`,
    /// `::tessera_ir::Attr`, a region's block count as `usize`, or
    /// `&::tessera_ods::register::rt::Names<'_>` for an op-level predicate). The function must
    /// answer as the registered native does; leaves not listed keep the engine wherever a
    /// registration has a native for them.
    pub native_paths: &'a [(&'a str, &'a str)],
}

/// The Rust source for the ops of `dialects` in `model`.
pub fn generate(model: &Model, dialects: &[DialectId], options: &GenOptions<'_>) -> String {
    generate_with_report(model, dialects, options).0
}

/// [`generate`], with the ops whose assembly format could not be compiled to Rust (they keep
/// the format engine), each with the reason.
pub fn generate_with_report(
    model: &Model,
    dialects: &[DialectId],
    options: &GenOptions<'_>,
) -> (String, Vec<(String, String)>) {
    let mut g = Gen {
        model,
        out: String::new(),
    };
    g.header(dialects, options);
    let ops: Vec<&Op> = model
        .ops
        .iter()
        .filter(|op| dialects.contains(&op.dialect))
        .collect();
    let mut enums_done = HashSet::new();
    for op in &ops {
        for attr in &op.attributes {
            if let AttrType::Enum(e) = g.attr_type(attr) {
                if enums_done.insert(e.record.clone()) {
                    g.enum_type(e);
                }
            }
        }
    }
    for op in &ops {
        g.op(op);
    }
    verify::generate(model, &ops, options.native_paths, &mut g.out);
    let compiled = format::compile(model, &ops);
    g.out.push_str(&compiled.code);
    let registration =
        register::generate(model, dialects, &ops, &compiled.forms, options.native_paths);
    g.out.push_str(&registration.code);
    (g.out, compiled.skipped)
}

/// One parameter of a typed op's builder (`state`, `state_inferred`), in the order the
/// builder takes them after `ctx` (and `body`) and `loc`: what compiled rewriters need to call
/// it ([`builder_signature`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuilderParam {
    /// An operand group: a `ValueId`, an `Option<ValueId>` or a `&[ValueId]`.
    Operand(Count),
    /// An attribute the op declares.
    Attr {
        /// Its name.
        name: String,
        /// How the builder takes it.
        form: AttrForm,
        /// Optional or default-valued: the builder takes an `Option` (but for
        /// [`AttrForm::Unit`], always a `bool`).
        optional: bool,
    },
    /// A result group's types: a `Type`, an `Option<Type>` or a `&[Type]`.
    ResultType(Count),
    /// A property, as an `Option<Attr>`.
    Property {
        /// Its name.
        name: String,
    },
    /// How many regions the variadic region group has (`usize`).
    NumRegions,
    /// A successor group: a `BlockId` or a `&[BlockId]`.
    Successor(Count),
}

/// How a typed builder takes an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrForm {
    /// As the attribute handle (`Attr`).
    Handle,
    /// As a `bool` (a `UnitAttr`: set or not).
    Unit,
    /// As a Rust value it converts (`i64`, `&str`, an enum, ...).
    Typed,
}

/// A typed op's builders as compiled rewriters call them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuilderSignature {
    /// The op's Rust type name in the generated module (`AddOp`).
    pub rust_type: String,
    /// The parameters of `state`.
    pub params: Vec<BuilderParam>,
    /// The parameters of `state_inferred` (the result types left out), when ODS infers the
    /// op's result types and the module has that builder.
    pub inferred_params: Option<Vec<BuilderParam>>,
    /// The builder computes `operandSegmentSizes` or `resultSegmentSizes`.
    pub sizes_attrs: bool,
    /// Regions the op is created with.
    pub regions: bool,
}

/// How `op`'s typed builder `state` is called (see [`generate`]).
pub fn builder_signature(model: &Model, op: &Op) -> BuilderSignature {
    let g = Gen {
        model,
        out: String::new(),
    };
    let attrs: Vec<&NamedAttr> = op.attributes.iter().filter(|a| !a.attr.derived).collect();
    BuilderSignature {
        rust_type: rust_type_name(&op.cpp_class_name),
        params: g.signature(op, &attrs, false),
        inferred_params: op
            .infers_result_types
            .then(|| g.signature(op, &attrs, true)),
        sizes_attrs: op.operand_segments() == Segments::AttrSized
            || op.result_segments() == Segments::AttrSized,
        regions: !op.regions.is_empty(),
    }
}

struct Gen<'a> {
    model: &'a Model,
    out: String,
}

/// How a typed accessor presents an attribute.
enum AttrType<'a> {
    /// An integer attribute as `i64`: width (0 for `index`) and signedness.
    Int(u32, &'static str),
    Bool,
    /// A float attribute as `f64`, of this format.
    Float(&'static str),
    Str,
    /// Present or absent (`UnitAttr`).
    Unit,
    Type,
    /// A flat symbol reference, by name.
    Symbol,
    Enum(&'a EnumInfo),
    /// Anything else: the attribute handle.
    Raw,
}

impl AttrType<'_> {
    /// The Rust type an accessor returns.
    fn rust(&self) -> String {
        match self {
            AttrType::Int(..) => "i64".into(),
            AttrType::Bool | AttrType::Unit => "bool".into(),
            AttrType::Float(_) => "f64".into(),
            AttrType::Str | AttrType::Symbol => "&'c str".into(),
            AttrType::Type => "::tessera_ir::Type".into(),
            AttrType::Enum(e) => rust_type_name(&e.class_name),
            AttrType::Raw => "::tessera_ir::Attr".into(),
        }
    }

    /// The Rust type a builder takes.
    fn param(&self) -> String {
        match self {
            AttrType::Str | AttrType::Symbol => "&str".into(),
            other => other.rust(),
        }
    }

    /// An expression reading `attr` (an `Attr`) as an `Option` of the Rust type.
    fn read(&self, attr: &str) -> String {
        let rt = "::tessera_ods::typed";
        match self {
            AttrType::Int(..) => format!("{rt}::int_value(ctx, {attr})"),
            AttrType::Bool => format!("{rt}::bool_value(ctx, {attr})"),
            AttrType::Float(_) => format!("{rt}::float_value(ctx, {attr})"),
            AttrType::Str => format!("{rt}::str_value(ctx, {attr})"),
            AttrType::Symbol => format!("{rt}::symbol_value(ctx, {attr})"),
            AttrType::Type => format!("{rt}::type_value(ctx, {attr})"),
            AttrType::Enum(e) => {
                format!("{}::from_attr(ctx, {attr})", rust_type_name(&e.class_name))
            }
            AttrType::Unit | AttrType::Raw => format!("Some({attr})"),
        }
    }

    /// An expression making the attribute from `value` (of the builder's parameter type).
    fn make(&self, value: &str) -> String {
        let rt = "::tessera_ods::typed";
        match self {
            AttrType::Int(width, sign) => {
                format!("{rt}::int_attr(ctx, {width}, ::tessera_ir::Signedness::{sign}, {value})")
            }
            AttrType::Bool => format!("ctx.bool_attr({value})"),
            AttrType::Float(kind) => {
                format!("{rt}::float_attr(ctx, ::tessera_ir::FloatKind::{kind}, {value})")
            }
            AttrType::Str => format!("ctx.string_attr({value})"),
            AttrType::Symbol => format!("ctx.symbol_ref({value})"),
            AttrType::Type => format!("ctx.type_attr({value})"),
            AttrType::Enum(_) => format!("{value}.to_attr(ctx)"),
            AttrType::Unit => "ctx.unit_attr()".into(),
            AttrType::Raw => value.into(),
        }
    }

    /// The Rust literal of a C++ default value, when this type can state it.
    fn default_literal(&self, cpp: &str) -> Option<String> {
        let cpp = cpp.trim();
        match self {
            AttrType::Int(..) => cpp.parse::<i64>().ok().map(|v| v.to_string()),
            AttrType::Bool => matches!(cpp, "true" | "false").then(|| cpp.to_string()),
            AttrType::Float(_) => cpp
                .trim_end_matches(['f', 'F'])
                .parse::<f64>()
                .ok()
                .map(|v| format!("{v:?}")),
            AttrType::Str => {
                let inner = cpp.strip_prefix('"')?.strip_suffix('"')?;
                (!inner.contains(['"', '\\'])).then(|| cpp.to_string())
            }
            AttrType::Enum(e) => {
                let symbol = cpp.rsplit("::").next()?;
                let case = e.cases.iter().find(|c| c.symbol == symbol)?;
                let case_name = if e.kind == EnumKind::Bit {
                    const_name(&case.symbol)
                } else {
                    variant_name(&case.symbol)
                };
                Some(format!("{}::{case_name}", rust_type_name(&e.class_name)))
            }
            _ => None,
        }
    }
}

impl<'a> Gen<'a> {
    fn line(&mut self, indent: usize, text: &str) {
        if text.is_empty() {
            self.out.push('\n');
            return;
        }
        for _ in 0..indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Doc comment lines: `summary`, then `description` laid out as upstream's docs do.
    fn doc(&mut self, indent: usize, summary: &str, description: &str) {
        let mut text = summary.trim().to_string();
        if !description.trim().is_empty() {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            text.push_str(&fenced(description));
        }
        for line in text.trim_end().lines() {
            let line = line.trim_end();
            if line.is_empty() {
                self.line(indent, "///");
            } else {
                self.line(indent, &format!("/// {line}"));
            }
        }
    }

    fn header(&mut self, dialects: &[DialectId], options: &GenOptions<'_>) {
        let _ = writeln!(
            self.out,
            "// Generated by tessera-build from {}: do not edit.\n",
            options.main_file
        );
        for &d in dialects {
            let dialect = self.model.dialect(d);
            let name = dialect.name.clone();
            let summary = if dialect.summary.trim().is_empty() {
                format!("The `{name}` dialect.")
            } else {
                format!("The `{name}` dialect: {}", dialect.summary.trim())
            };
            self.doc(0, &summary, &dialect.description);
            let constant = format!("{}_DIALECT", name.to_uppercase().replace(['.', '-'], "_"));
            self.line(0, &format!("pub const {constant}: &str = {name:?};"));
            self.line(0, "");
        }
        self.line(
            0,
            "/// The ODS model of the dialects (`tessera_ods::blob`), written at build time.",
        );
        let blob = crate::blob::encode(self.model, dialects);
        let _ = write!(
            self.out,
            "pub static MODEL: &[u8] = {};\n\n",
            byte_string_literal(&blob)
        );
    }

    fn attr_type(&self, attr: &NamedAttr) -> AttrType<'a> {
        let info = &attr.attr;
        // An integer enum (`I32EnumAttr`, `I64EnumAttr`) is stored as its case's number, a bit
        // enum as its bits.
        if let Some(e) = self
            .model
            .enums
            .iter()
            .find(|e| e.record == info.root_base)
            .filter(|e| match e.kind {
                EnumKind::I32 | EnumKind::I64 => true,
                EnumKind::Bit => e.bit_width().is_some(),
                EnumKind::Plain => false,
            })
        {
            return AttrType::Enum(e);
        }
        let int = |name: &str| -> Option<AttrType<'a>> {
            let (sign, rest) = if let Some(r) = name.strip_prefix("SI") {
                ("Signed", r)
            } else if let Some(r) = name.strip_prefix("UI") {
                ("Unsigned", r)
            } else {
                ("Signless", name.strip_prefix('I')?)
            };
            let width: u32 = rest.strip_suffix("Attr")?.parse().ok()?;
            (width > 1 && width <= 64).then_some(AttrType::Int(width, sign))
        };
        match info.root_base.as_str() {
            "BoolAttr" | "I1Attr" => AttrType::Bool,
            "IndexAttr" => AttrType::Int(0, "Signless"),
            "F16Attr" => AttrType::Float("F16"),
            "F32Attr" => AttrType::Float("F32"),
            "F64Attr" => AttrType::Float("F64"),
            "StrAttr" | "SymbolNameAttr" => AttrType::Str,
            "UnitAttr" => AttrType::Unit,
            "TypeAttr" => AttrType::Type,
            "FlatSymbolRefAttr" => AttrType::Symbol,
            name => match int(name) {
                Some(t) => t,
                None => match info.storage_type.as_str() {
                    "::mlir::StringAttr" => AttrType::Str,
                    "::mlir::UnitAttr" => AttrType::Unit,
                    "::mlir::TypeAttr" => AttrType::Type,
                    "::mlir::FlatSymbolRefAttr" => AttrType::Symbol,
                    "::mlir::BoolAttr" => AttrType::Bool,
                    _ => AttrType::Raw,
                },
            },
        }
    }

    /// A bit enum: a set of bits, each case a constant (a case may be several bits, or none).
    fn bit_enum_type(&mut self, e: &EnumInfo) {
        let name = rust_type_name(&e.class_name);
        let width = e.bit_width().unwrap_or(32);
        self.doc(0, &e.summary, "");
        self.line(
            0,
            "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]",
        );
        self.line(0, &format!("pub struct {name}(pub u64);"));
        self.line(0, "");
        self.line(0, &format!("impl {name} {{"));
        for case in &e.cases {
            self.line(1, &format!("/// `{}` ({:#x}).", case.str, case.value));
            self.line(
                1,
                &format!(
                    "pub const {}: Self = Self({:#x});",
                    const_name(&case.symbol),
                    case.value
                ),
            );
        }
        self.line(0, "");
        self.line(
            1,
            "/// Every case, in declaration order, with its spelling in the IR.",
        );
        let all: Vec<String> = e
            .cases
            .iter()
            .map(|c| format!("(Self::{}, {:?})", const_name(&c.symbol), c.str))
            .collect();
        self.line(
            1,
            &format!(
                "pub const ALL: &'static [(Self, &'static str)] = &[{}];",
                all.join(", ")
            ),
        );
        self.line(0, "");
        self.line(1, "/// Whether every bit of `other` is set here.");
        self.line(1, "pub fn contains(self, other: Self) -> bool {");
        self.line(2, "self.0 & other.0 == other.0");
        self.line(1, "}");
        self.line(0, "");
        self.line(
            1,
            &format!("/// The attribute storing the bits (an `i{width}` integer)."),
        );
        self.line(
            1,
            "pub fn to_attr(self, ctx: &mut ::tessera_ir::Context) -> ::tessera_ir::Attr {",
        );
        self.line(
            2,
            &format!(
                "::tessera_ods::typed::int_attr(ctx, {width}, ::tessera_ir::Signedness::Signless, self.0 as i64)"
            ),
        );
        self.line(1, "}");
        self.line(0, "");
        self.line(1, "/// The bits an attribute stores, if it is an integer.");
        self.line(
            1,
            "pub fn from_attr(ctx: &::tessera_ir::Context, attr: ::tessera_ir::Attr) -> Option<Self> {",
        );
        let mask = if width >= 64 {
            "u64::MAX".to_string()
        } else {
            format!("{:#x}", (1u64 << width) - 1)
        };
        self.line(
            2,
            &format!("::tessera_ods::typed::int_value(ctx, attr).map(|v| Self(v as u64 & {mask}))"),
        );
        self.line(1, "}");
        self.line(0, "}");
        self.line(0, "");
        self.line(0, &format!("impl ::std::ops::BitOr for {name} {{"));
        self.line(1, "type Output = Self;");
        self.line(1, "fn bitor(self, other: Self) -> Self {");
        self.line(2, "Self(self.0 | other.0)");
        self.line(1, "}");
        self.line(0, "}");
        self.line(0, "");
    }

    fn enum_type(&mut self, e: &EnumInfo) {
        if e.kind == EnumKind::Bit {
            return self.bit_enum_type(e);
        }
        let name = rust_type_name(&e.class_name);
        self.doc(0, &e.summary, "");
        self.line(0, "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]");
        self.line(0, &format!("pub enum {name} {{"));
        for case in &e.cases {
            self.line(1, &format!("/// `{}` ({}).", case.str, case.value));
            self.line(1, &format!("{},", variant_name(&case.symbol)));
        }
        self.line(0, "}");
        self.line(0, "");
        self.line(0, &format!("impl {name} {{"));
        self.line(1, "/// Every case, in declaration order.");
        let all: Vec<String> = e
            .cases
            .iter()
            .map(|c| format!("Self::{}", variant_name(&c.symbol)))
            .collect();
        self.line(
            1,
            &format!("pub const ALL: &'static [Self] = &[{}];", all.join(", ")),
        );
        self.line(0, "");
        self.line(1, "/// The case's number.");
        self.line(1, "pub fn value(self) -> i64 {");
        self.line(2, "match self {");
        for c in &e.cases {
            self.line(
                3,
                &format!("Self::{} => {},", variant_name(&c.symbol), c.value),
            );
        }
        self.line(2, "}");
        self.line(1, "}");
        self.line(0, "");
        self.line(1, "/// The case numbered `value`.");
        self.line(1, "pub fn from_value(value: i64) -> Option<Self> {");
        self.line(2, "Self::ALL.iter().copied().find(|c| c.value() == value)");
        self.line(1, "}");
        self.line(0, "");
        self.line(1, "/// How the case is spelled in the IR.");
        self.line(1, "pub fn as_str(self) -> &'static str {");
        self.line(2, "match self {");
        for c in &e.cases {
            self.line(
                3,
                &format!("Self::{} => {:?},", variant_name(&c.symbol), c.str),
            );
        }
        self.line(2, "}");
        self.line(1, "}");
        self.line(0, "");
        self.line(1, "/// The case spelled `text` in the IR.");
        self.line(1, "pub fn from_ir_str(text: &str) -> Option<Self> {");
        self.line(2, "Self::ALL.iter().copied().find(|c| c.as_str() == text)");
        self.line(1, "}");
        self.line(0, "");
        let width = if e.kind == EnumKind::I64 { 64 } else { 32 };
        self.line(
            1,
            &format!("/// The attribute storing the case (an `i{width}` integer)."),
        );
        self.line(
            1,
            "pub fn to_attr(self, ctx: &mut ::tessera_ir::Context) -> ::tessera_ir::Attr {",
        );
        self.line(
            2,
            &format!(
                "::tessera_ods::typed::int_attr(ctx, {width}, ::tessera_ir::Signedness::Signless, self.value())"
            ),
        );
        self.line(1, "}");
        self.line(0, "");
        self.line(1, "/// The case an attribute stores, if it stores one.");
        self.line(
            1,
            "pub fn from_attr(ctx: &::tessera_ir::Context, attr: ::tessera_ir::Attr) -> Option<Self> {",
        );
        self.line(
            2,
            "::tessera_ods::typed::int_value(ctx, attr).and_then(Self::from_value)",
        );
        self.line(1, "}");
        self.line(0, "}");
        self.line(0, "");
        self.line(0, &format!("impl ::std::fmt::Display for {name} {{"));
        self.line(
            1,
            "fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {",
        );
        self.line(2, "f.write_str(self.as_str())");
        self.line(1, "}");
        self.line(0, "}");
        self.line(0, "");
    }

    fn op(&mut self, op: &Op) {
        let ty = rust_type_name(&op.cpp_class_name);
        let summary = if op.summary.trim().is_empty() {
            format!("`{}`.", op.name)
        } else {
            format!("`{}`: {}", op.name, op.summary.trim())
        };
        self.doc(0, &summary, &op.description);
        self.line(0, "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]");
        self.line(0, &format!("pub struct {ty}(pub ::tessera_ir::OpId);"));
        self.line(0, "");
        self.line(0, &format!("impl From<{ty}> for ::tessera_ir::OpId {{"));
        self.line(1, &format!("fn from(op: {ty}) -> Self {{"));
        self.line(2, "op.0");
        self.line(1, "}");
        self.line(0, "}");
        self.line(0, "");
        self.line(0, &format!("impl {ty} {{"));
        self.line(1, "/// The op's full name.");
        self.line(1, &format!("pub const NAME: &'static str = {:?};", op.name));
        let layout = |groups: &[crate::NamedConstraint], segments: Segments, attr: &str| {
            let counts: Vec<String> = groups
                .iter()
                .map(|g| format!("::tessera_ods::typed::Count::{:?}", g.arity.count()))
                .collect();
            let sizes = if segments == Segments::AttrSized {
                format!("Some({attr:?})")
            } else {
                "None".into()
            };
            format!(
                "::tessera_ods::typed::Layout {{ groups: &[{}], sizes_attr: {sizes} }}",
                counts.join(", ")
            )
        };
        let operand_layout = layout(&op.operands, op.operand_segments(), "operandSegmentSizes");
        let result_layout = layout(&op.results, op.result_segments(), "resultSegmentSizes");
        self.line(1, "/// How the operands split into the declared groups.");
        self.line(
            1,
            &format!("pub const OPERANDS: ::tessera_ods::typed::Layout = {operand_layout};"),
        );
        self.line(1, "/// How the results split into the declared groups.");
        self.line(
            1,
            &format!("pub const RESULTS: ::tessera_ods::typed::Layout = {result_layout};"),
        );
        self.line(0, "");
        self.line(
            1,
            &format!(
                "/// `op` as a `{}`, if it is one and its operands and results fit the declaration.",
                op.name
            ),
        );
        self.line(
            1,
            "pub fn from_op(ctx: &::tessera_ir::Context, body: &::tessera_ir::Body, op: ::tessera_ir::OpId) -> Option<Self> {",
        );
        self.line(
            2,
            "::tessera_ods::typed::fits(ctx, body, op, Self::NAME, &Self::OPERANDS, &Self::RESULTS).then_some(Self(op))",
        );
        self.line(1, "}");
        let mut names = Names::default();
        for n in [
            "NAME",
            "OPERANDS",
            "RESULTS",
            "from_op",
            "state",
            "state_inferred",
            "op",
        ] {
            names.taken.insert(n.to_string());
        }
        self.values(op, &mut names, true);
        self.values(op, &mut names, false);
        for (i, region) in op.regions.iter().enumerate() {
            if region.name.is_empty() {
                continue;
            }
            let name = names.fresh(&region.name);
            self.line(0, "");
            if region.arity.count() == Count::Variadic {
                self.line(1, &format!("/// The regions `{}`.", region.name));
                self.line(1, &format!("pub fn {name}(self, body: &::tessera_ir::Body) -> impl ExactSizeIterator<Item = ::tessera_ir::RegionId> + Clone + '_ {{"));
                if i == 0 {
                    self.line(2, "body.regions(self.0)");
                } else {
                    self.line(2, &format!("body.regions(self.0).skip({i})"));
                }
            } else {
                self.line(1, &format!("/// The region `{}`.", region.name));
                self.line(
                    1,
                    &format!(
                        "pub fn {name}(self, body: &::tessera_ir::Body) -> ::tessera_ir::RegionId {{"
                    ),
                );
                self.line(2, &format!("body.region(self.0, {i})"));
            }
            self.line(1, "}");
        }
        for (i, succ) in op.successors.iter().enumerate() {
            if succ.name.is_empty() {
                continue;
            }
            let name = names.fresh(&succ.name);
            self.line(0, "");
            if succ.arity.count() == Count::Variadic {
                self.line(1, &format!("/// The successors `{}`.", succ.name));
                self.line(1, &format!("pub fn {name}(self, body: &::tessera_ir::Body) -> &[::tessera_ir::BlockId] {{"));
                self.line(2, &format!("&body.successors(self.0)[{i}..]"));
            } else {
                self.line(1, &format!("/// The successor `{}`.", succ.name));
                self.line(1, &format!("pub fn {name}(self, body: &::tessera_ir::Body) -> ::tessera_ir::BlockId {{"));
                self.line(2, &format!("body.successors(self.0)[{i}]"));
            }
            self.line(1, "}");
        }
        let attrs: Vec<&NamedAttr> = op.attributes.iter().filter(|a| !a.attr.derived).collect();
        for attr in &attrs {
            self.attr_accessor(attr, &mut names);
        }
        for prop in &op.properties {
            // A property's C++ type has no Rust counterpart here: it is the attribute the
            // op's properties hold under its name.
            let name = names.fresh(&prop.name);
            self.line(0, "");
            self.line(
                1,
                &format!(
                    "/// The property `{}` (C++ `{}`), if it is set.",
                    prop.name,
                    prop.prop.interface_type.trim()
                ),
            );
            self.line(1, &format!("pub fn {name}(self, ctx: &::tessera_ir::Context, body: &::tessera_ir::Body) -> Option<::tessera_ir::Attr> {{"));
            self.line(
                2,
                &format!(
                    "::tessera_ods::typed::attr(ctx, body, self.0, {:?})",
                    prop.name
                ),
            );
            self.line(1, "}");
        }
        self.builder(op, &attrs, false);
        if op.infers_result_types {
            self.builder(op, &attrs, true);
        }
        self.line(0, "}");
        self.line(0, "");
    }

    /// Accessors of the operand (or result) groups.
    fn values(&mut self, op: &Op, names: &mut Names, operands: bool) {
        let (groups, layout, total, one, all, what) = if operands {
            (
                &op.operands,
                "OPERANDS",
                "num_operands",
                "operand",
                "operands",
                "operand",
            )
        } else {
            (
                &op.results,
                "RESULTS",
                "num_results",
                "result",
                "results",
                "result",
            )
        };
        let fixed = groups.iter().all(|g| g.arity.count() == Count::Single);
        for (i, group) in groups.iter().enumerate() {
            if group.name.is_empty() {
                continue;
            }
            let name = names.fresh(&group.name);
            let range =
                format!("Self::{layout}.group(ctx, body, self.0, body.{total}(self.0), {i})");
            let ctx = if fixed { "_ctx" } else { "ctx" };
            self.line(0, "");
            match group.arity.count() {
                Count::Single => {
                    self.line(1, &format!("/// The {what} `{}`.", group.name));
                    self.line(1, &format!("pub fn {name}(self, {ctx}: &::tessera_ir::Context, body: &::tessera_ir::Body) -> ::tessera_ir::ValueId {{"));
                    if fixed {
                        self.line(2, &format!("body.{one}(self.0, {i})"));
                    } else {
                        self.line(2, &format!("body.{one}(self.0, {range}.start)"));
                    }
                }
                Count::Optional => {
                    self.line(1, &format!("/// The {what} `{}`, if present.", group.name));
                    self.line(1, &format!("pub fn {name}(self, ctx: &::tessera_ir::Context, body: &::tessera_ir::Body) -> Option<::tessera_ir::ValueId> {{"));
                    self.line(2, &format!("let range = {range};"));
                    self.line(
                        2,
                        &format!("(!range.is_empty()).then(|| body.{one}(self.0, range.start))"),
                    );
                }
                Count::Variadic => {
                    self.line(1, &format!("/// The {what}s `{}`.", group.name));
                    self.line(1, &format!("pub fn {name}<'b>(self, ctx: &::tessera_ir::Context, body: &'b ::tessera_ir::Body) -> impl ExactSizeIterator<Item = ::tessera_ir::ValueId> + 'b {{"));
                    self.line(2, &format!("let range = {range};"));
                    self.line(
                        2,
                        &format!("body.{all}(self.0).skip(range.start).take(range.len())"),
                    );
                }
            }
            self.line(1, "}");
        }
    }

    fn attr_accessor(&mut self, attr: &NamedAttr, names: &mut Names) {
        let ty = self.attr_type(attr);
        let name = names.fresh(&attr.name);
        let key = &attr.name;
        self.line(0, "");
        let default = attr
            .attr
            .default_value
            .as_deref()
            .and_then(|d| ty.default_literal(d));
        let lifetime = matches!(ty, AttrType::Str | AttrType::Symbol);
        let (generics, ctx_ty) = if lifetime {
            ("<'c>", "&'c ::tessera_ir::Context")
        } else {
            ("", "&::tessera_ir::Context")
        };
        let get = format!("::tessera_ods::typed::attr(ctx, body, self.0, {key:?})");
        match (&ty, &default) {
            (AttrType::Unit, _) => {
                self.line(
                    1,
                    &format!("/// Whether the unit attribute `{key}` is set."),
                );
                self.line(1, &format!("pub fn {name}(self, ctx: &::tessera_ir::Context, body: &::tessera_ir::Body) -> bool {{"));
                self.line(2, &format!("{get}.is_some()"));
            }
            (_, Some(default)) => {
                self.line(
                    1,
                    &format!(
                        "/// The attribute `{key}`, or its default `{}`.",
                        attr.attr.default_value.as_deref().unwrap_or("").trim()
                    ),
                );
                self.line(1, &format!("pub fn {name}{generics}(self, ctx: {ctx_ty}, body: &::tessera_ir::Body) -> {} {{", ty.rust()));
                self.line(
                    2,
                    &format!(
                        "{get}.and_then(|attr| {}).unwrap_or({default})",
                        ty.read("attr")
                    ),
                );
            }
            _ => {
                let absent = if attr.attr.optional || attr.attr.default_value.is_some() {
                    "if it is set"
                } else {
                    "(set on every verified op)"
                };
                self.line(1, &format!("/// The attribute `{key}`, {absent}."));
                self.line(1, &format!("pub fn {name}{generics}(self, ctx: {ctx_ty}, body: &::tessera_ir::Body) -> Option<{}> {{", ty.rust()));
                match ty {
                    AttrType::Raw => self.line(2, &get),
                    _ => self.line(2, &format!("{get}.and_then(|attr| {})", ty.read("attr"))),
                }
            }
        }
        self.line(1, "}");
    }

    /// The parameters of `state` (`inferred` false) or `state_inferred`, in order.
    fn signature(&self, op: &Op, attrs: &[&NamedAttr], inferred: bool) -> Vec<BuilderParam> {
        let mut params = Vec::new();
        for operand in &op.operands {
            params.push(BuilderParam::Operand(operand.arity.count()));
        }
        for attr in attrs {
            let form = match self.attr_type(attr) {
                AttrType::Unit => AttrForm::Unit,
                AttrType::Raw => AttrForm::Handle,
                _ => AttrForm::Typed,
            };
            params.push(BuilderParam::Attr {
                name: attr.name.clone(),
                form,
                optional: attr.attr.optional || attr.attr.default_value.is_some(),
            });
        }
        if !inferred {
            for result in &op.results {
                params.push(BuilderParam::ResultType(result.arity.count()));
            }
        }
        for prop in &op.properties {
            params.push(BuilderParam::Property {
                name: prop.name.clone(),
            });
        }
        if op
            .regions
            .iter()
            .any(|r| r.arity.count() == Count::Variadic)
        {
            params.push(BuilderParam::NumRegions);
        }
        for succ in &op.successors {
            params.push(BuilderParam::Successor(succ.arity.count()));
        }
        params
    }

    /// `state` (result types given) or `state_inferred` (result types inferred by the
    /// registered dialect), with the parameters [`Gen::signature`] lists.
    fn builder(&mut self, op: &Op, attrs: &[&NamedAttr], inferred: bool) {
        let mut params: Vec<String> = vec!["ctx: &mut ::tessera_ir::Context".into()];
        if inferred {
            params.push("body: &::tessera_ir::Body".into());
        }
        params.push("loc: ::tessera_ir::Location".into());
        let mut body: Vec<String> = Vec::new();
        let mut names = Names::default();
        for n in [
            "ctx", "body", "loc", "state", "attrs", "name", "types", "props",
        ] {
            names.taken.insert(n.to_string());
        }
        let dialect = self.model.dialect(op.dialect);
        let mut segment_sizes = Vec::new();
        let mut result_sizes = Vec::new();
        // Attributes always set go into the initial list, optional ones are pushed after.
        let mut always: Vec<String> = Vec::new();
        let mut attr_lines = Vec::new();
        // Properties live in the properties whatever the dialect does with attributes.
        let mut prop_lines = Vec::new();
        let fixed_regions = op
            .regions
            .iter()
            .filter(|r| r.arity.count() != Count::Variadic)
            .count();
        let mut region_param = None;
        let (mut operand_i, mut attr_i, mut result_i, mut succ_i) = (0, 0, 0, 0);
        for param in self.signature(op, attrs, inferred) {
            match param {
                BuilderParam::Operand(count) => {
                    let i = operand_i;
                    operand_i += 1;
                    let p = names.fresh(&param_name(&op.operands[i].name, "operand", i));
                    let (ty, push, size) = group_param(count, &p, "ValueId", "operands");
                    params.push(format!("{p}: {ty}"));
                    body.push(push);
                    segment_sizes.push(size);
                }
                BuilderParam::Attr { form, optional, .. } => {
                    let attr = attrs[attr_i];
                    attr_i += 1;
                    let ty = self.attr_type(attr);
                    let p = names.fresh(&attr.name);
                    let key = &attr.name;
                    match form {
                        AttrForm::Unit => {
                            params.push(format!("{p}: bool"));
                            attr_lines.push(format!(
                                "if {p} {{ attrs.push((ctx.ident({key:?}), ctx.unit_attr())); }}"
                            ));
                        }
                        _ if optional => {
                            params.push(format!("{p}: Option<{}>", ty.param()));
                            attr_lines.push(format!(
                                "if let Some({p}) = {p} {{ attrs.push((ctx.ident({key:?}), {})); }}",
                                ty.make(&p)
                            ));
                        }
                        _ => {
                            params.push(format!("{p}: {}", ty.param()));
                            always.push(format!("(ctx.ident({key:?}), {})", ty.make(&p)));
                        }
                    }
                }
                BuilderParam::ResultType(count) => {
                    let i = result_i;
                    result_i += 1;
                    let p = names.fresh(&format!(
                        "{}_type",
                        param_name(&op.results[i].name, "result", i)
                    ));
                    let (ty, push, size) = group_param(count, &p, "Type", "result_types");
                    params.push(format!("{p}: {ty}"));
                    body.push(push);
                    result_sizes.push(size);
                }
                BuilderParam::Property { name } => {
                    let p = names.fresh(&name);
                    params.push(format!("{p}: Option<::tessera_ir::Attr>"));
                    let target = if dialect.use_properties_for_attributes {
                        "attrs"
                    } else {
                        "props"
                    };
                    let line = format!(
                        "if let Some({p}) = {p} {{ {target}.push((ctx.ident({name:?}), {p})); }}"
                    );
                    if dialect.use_properties_for_attributes {
                        attr_lines.push(line);
                    } else {
                        prop_lines.push(line);
                    }
                }
                BuilderParam::NumRegions => {
                    let region = op
                        .regions
                        .iter()
                        .find(|r| r.arity.count() == Count::Variadic)
                        .map_or("", |r| r.name.as_str());
                    let p = names.fresh(&format!("num_{}", param_name(region, "regions", 0)));
                    params.push(format!("{p}: usize"));
                    region_param = Some(p);
                }
                BuilderParam::Successor(count) => {
                    let i = succ_i;
                    succ_i += 1;
                    let p = names.fresh(&param_name(&op.successors[i].name, "successor", i));
                    if count == Count::Variadic {
                        params.push(format!("{p}: &[::tessera_ir::BlockId]"));
                        body.push(format!("state.successors.extend_from_slice({p});"));
                    } else {
                        params.push(format!("{p}: ::tessera_ir::BlockId"));
                        body.push(format!("state.successors.push({p});"));
                    }
                }
            }
        }
        if op.operand_segments() == Segments::AttrSized {
            always.push(format!(
                "(ctx.ident(\"operandSegmentSizes\"), ctx.dense_i32_array(&[{}]))",
                segment_sizes.join(", ")
            ));
        }
        if !inferred && op.result_segments() == Segments::AttrSized {
            always.push(format!(
                "(ctx.ident(\"resultSegmentSizes\"), ctx.dense_i32_array(&[{}]))",
                result_sizes.join(", ")
            ));
        }
        self.line(0, "");
        let ret = if inferred {
            self.line(1, &format!("/// A `{}` to create, its result types inferred by the registered dialect (`register` first); the error says why they could not be.", op.name));
            "Result<::tessera_ir::OperationState, String>"
        } else {
            self.line(1, &format!("/// A `{}` to create (with `Body::create_op`, a `Builder` or a `PatternRewriter`).", op.name));
            "::tessera_ir::OperationState"
        };
        if params.len() > 7 {
            self.line(1, "#[allow(clippy::too_many_arguments)]");
        }
        let fname = if inferred { "state_inferred" } else { "state" };
        self.line(
            1,
            &format!("pub fn {fname}({}) -> {ret} {{", params.join(", ")),
        );
        self.line(2, "let name = ctx.ident(Self::NAME);");
        let mutates = inferred
            || !prop_lines.is_empty()
            || !body.is_empty()
            || !always.is_empty()
            || !attr_lines.is_empty()
            || fixed_regions > 0
            || region_param.is_some();
        if !mutates {
            self.line(2, "::tessera_ir::OperationState::new(ctx, name, loc)");
            self.line(1, "}");
            return;
        }
        self.line(
            2,
            "let mut state = ::tessera_ir::OperationState::new(ctx, name, loc);",
        );
        for l in &body {
            self.line(2, l);
        }
        if !always.is_empty() || !attr_lines.is_empty() {
            let mutable = if attr_lines.is_empty() { "" } else { "mut " };
            self.line(
                2,
                &format!(
                    "let {mutable}attrs: Vec<(::tessera_ir::Ident, ::tessera_ir::Attr)> = vec![{}];",
                    always.join(", ")
                ),
            );
            for l in &attr_lines {
                self.line(2, l);
            }
            // No inherent attribute set: no properties, as the parser leaves such an op.
            let target = if dialect.use_properties_for_attributes {
                "state.props = Some(ctx.dictionary(attrs));"
            } else {
                "state.attrs = ctx.dictionary(attrs);"
            };
            if always.is_empty() {
                self.line(2, &format!("if !attrs.is_empty() {{ {target} }}"));
            } else {
                self.line(2, target);
            }
        }
        if !prop_lines.is_empty() {
            self.line(
                2,
                "let mut props: Vec<(::tessera_ir::Ident, ::tessera_ir::Attr)> = Vec::new();",
            );
            for l in &prop_lines {
                self.line(2, l);
            }
            self.line(
                2,
                "if !props.is_empty() { state.props = Some(ctx.dictionary(props)); }",
            );
        }
        match region_param {
            Some(p) if fixed_regions == 0 => {
                self.line(2, &format!("state.num_regions = {p} as u32;"))
            }
            Some(p) => self.line(
                2,
                &format!("state.num_regions = ({fixed_regions} + {p}) as u32;"),
            ),
            None if fixed_regions > 0 => {
                self.line(2, &format!("state.num_regions = {fixed_regions};"))
            }
            None => {}
        }
        if inferred {
            self.line(2, "let types: Vec<::tessera_ir::Type> = state.operands.iter().map(|&v| body.value_type(v)).collect();");
            self.line(2, "let mut attrs: Vec<(::tessera_ir::Ident, ::tessera_ir::Attr)> = ctx.dict_entries(state.attrs).to_vec();");
            self.line(2, "if let Some(props) = state.props { attrs.extend_from_slice(ctx.dict_entries(props)); }");
            self.line(2, "let infer = ctx.op_info(name).and_then(|info| info.infer_result_types.clone()).ok_or_else(|| format!(\"'{}' is not registered with result type inference\", Self::NAME))?;");
            self.line(2, "state.result_types.extend(infer(ctx, &types, &attrs)?);");
            self.line(2, "Ok(state)");
        } else {
            self.line(2, "state");
        }
        self.line(1, "}");
    }
}

/// `bytes` as a byte string literal (`b"\` then the bytes), in lines of at most about 100
/// characters joined by `\` continuations (which skip the line break and the next line's
/// indentation): how generated Rust embeds the ODS model and predicates.
pub fn byte_string_literal(bytes: &[u8]) -> String {
    let mut out = String::from("b\"\\\n");
    let mut width = 0;
    for &b in bytes {
        if width >= 96 {
            out.push_str("\\\n");
            width = 0;
        }
        let before = out.len();
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            // A space first on a line would be skipped by the continuation.
            b' ' if width == 0 => out.push_str("\\x20"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
        width += out.len() - before;
    }
    out.push('"');
    out
}

/// Names handed out within one scope, each once.
#[derive(Default)]
struct Names {
    taken: HashSet<String>,
}

impl Names {
    /// The Rust identifier for ODS name `name`, made unique in the scope.
    fn fresh(&mut self, name: &str) -> String {
        let mut base = snake_case(name);
        if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            base = format!("v{base}");
        }
        let mut candidate = base.clone();
        while self.taken.contains(&candidate) || UNRAW.contains(&candidate.as_str()) {
            candidate.push('_');
        }
        self.taken.insert(candidate.clone());
        rust_name(&candidate)
    }
}

/// `name`, an identifier, as generated Rust may write it: a keyword raw (`r#type`), one of
/// the names that cannot be raw (`self`, `Self`, `super`, `crate`, `_`) followed by `_`.
/// Every Rust generator of the project (typed ops, compiled patterns, natives' parameters)
/// spells names through this.
pub fn rust_name(name: &str) -> String {
    if UNRAW.contains(&name) {
        format!("{name}_")
    } else if RUST_KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// Rust's strict and reserved keywords (2021 edition, and 2024's `gen`).
pub const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false",
    "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
    "return", "static", "struct", "trait", "true", "type", "unsafe", "use", "where", "while",
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield", "try", "gen",
];

/// Keywords that cannot be raw identifiers.
const UNRAW: &[&str] = &["self", "super", "crate", "Self", "_"];

/// A builder parameter for one operand or result group: its Rust type, the line adding it
/// to the state's `field`, and its size as an expression.
fn group_param(count: Count, p: &str, ir_type: &str, field: &str) -> (String, String, String) {
    match count {
        Count::Single => (
            format!("::tessera_ir::{ir_type}"),
            format!("state.{field}.push({p});"),
            "1".to_string(),
        ),
        Count::Optional => (
            format!("Option<::tessera_ir::{ir_type}>"),
            format!("state.{field}.extend({p});"),
            format!("{p}.is_some() as i32"),
        ),
        Count::Variadic => (
            format!("&[::tessera_ir::{ir_type}]"),
            format!("state.{field}.extend_from_slice({p});"),
            format!("{p}.len() as i32"),
        ),
    }
}

/// A parameter name for a group that may be unnamed.
fn param_name(name: &str, what: &str, i: usize) -> String {
    if name.is_empty() {
        format!("{what}{i}")
    } else {
        name.to_string()
    }
}

/// `fooBar`, `FooBar`, `foo_bar` → `foo_bar`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev_lower =
                i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let prev_upper = i > 0 && chars[i - 1].is_ascii_uppercase();
            if i > 0 && !out.ends_with('_') && (prev_lower || (prev_upper && next_lower)) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else {
            out.push('_');
        }
    }
    out
}

/// A C++ class or enum name as a Rust type name (its last path segment).
fn rust_type_name(cpp: &str) -> String {
    let last = cpp.rsplit("::").next().unwrap_or(cpp);
    let mut name = upper_camel(last);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'T');
    }
    name
}

/// An enumerator as a Rust constant name: `none` → `NONE`, `allowReassoc` → `ALLOW_REASSOC`.
fn const_name(symbol: &str) -> String {
    let mut name = snake_case(symbol).to_ascii_uppercase();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'V');
    }
    if name == "SELF" {
        name.push('_');
    }
    name
}

/// An enumerator as a Rust variant name: `eq` → `Eq`, `OEQ` → `Oeq`, `AlwaysFalse` stays.
fn variant_name(symbol: &str) -> String {
    let mut name = upper_camel(symbol);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'V');
    }
    if name == "Self" {
        name.push('_');
    }
    name
}

/// `foo_bar` → `FooBar`; a part written in one case only (`OEQ`, `eq`) is capitalised, a
/// mixed-case part (`AlwaysFalse`) kept.
fn upper_camel(text: &str) -> String {
    let mut out = String::new();
    for part in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if part.is_empty() {
            continue;
        }
        let mixed = part.chars().any(|c| c.is_ascii_lowercase())
            && part.chars().any(|c| c.is_ascii_uppercase());
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            if mixed {
                out.extend(chars);
            } else {
                out.extend(chars.map(|c| c.to_ascii_lowercase()));
            }
        }
    }
    out
}

/// A description as a preformatted block: ODS descriptions are markdown written for
/// `mlir-tblgen`'s docs, and their code blocks and list layouts are not what rustdoc and
/// clippy's doc lints expect (untagged blocks would even run as doctests). The fence is longer
/// than any backtick run inside, so the description's own fences stay text.
fn fenced(description: &str) -> String {
    let mut text = String::new();
    crate::reindent::push_description(&mut text, description);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}text\n{}\n{fence}\n", text.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_rust_identifiers() {
        assert_eq!(snake_case("operandSegmentSizes"), "operand_segment_sizes");
        assert_eq!(snake_case("sym_name"), "sym_name");
        assert_eq!(snake_case("HTTPServer"), "http_server");
        assert_eq!(variant_name("eq"), "Eq");
        assert_eq!(variant_name("OEQ"), "Oeq");
        assert_eq!(variant_name("AlwaysFalse"), "AlwaysFalse");
        assert_eq!(variant_name("none"), "None");
        assert_eq!(
            rust_type_name("::mlir::arith::CmpIPredicate"),
            "CmpIPredicate"
        );
        let mut names = Names::default();
        assert_eq!(names.fresh("type"), "r#type");
        assert_eq!(names.fresh("self"), "self_");
        assert_eq!(names.fresh("value"), "value");
        assert_eq!(names.fresh("value"), "value_");
    }

    #[test]
    fn descriptions_are_preformatted_and_never_doctests() {
        assert_eq!(
            fenced("  Example:\n\n      %0 = foo.bar\n"),
            "```text\nExample:\n\n    %0 = foo.bar\n```\n"
        );
        assert_eq!(
            fenced("A:\n```mlir\nx\n```\n"),
            "````text\nA:\n```mlir\nx\n```\n````\n"
        );
    }
}
