//! The registration of a generated module, computed at build time: each op's registry
//! traits, inherent attributes, default attribute values, derived result inference and the
//! C++ expressions its compiled format evaluates, written as tables for
//! [`crate::register::compiled`], so `register` needs neither the ODS engine nor the decoded
//! model. Constants (defaults, buildable types) are evaluated here, in a scratch context, and
//! written as the Rust that makes the same type or attribute.
//!
//! What cannot be written so keeps the whole module on the engine, with the reason in the
//! doc comment of the generated `register`: a `TypesMatchWith` transformer that is neither a
//! native with a Rust path, `$_self`, nor within the emitter's vocabulary
//! (`eval::emit::transformer`), and constants of kinds [`Consts`] does not write. Attribute and type definitions are read by readers compiled to
//! Rust (`super::defs`), listed per dialect in `DEF_READERS`; a dialect whose definitions did
//! not all compile is listed in the tables' `defs` and read by the format engine, compiled
//! from the embedded model on first use.

use super::format::directive_names;
use crate::dialect::DialectId;
use crate::eval::emit::NativePaths;
use crate::format::{AttrStyle, TypeResolution};
use crate::op::Op;
use crate::register::compile::Compiler;
use crate::register::infer::{rules, Source};
use crate::Model;
use std::collections::HashMap;
use std::fmt::Write;
use tessera_ir::{Attr, AttrKind, Context, IntValue, OpTraits, Type, TypeKind};

/// The generated registration: the tables (when everything compiled) and the `register`
/// functions.
pub(crate) struct Generated {
    pub(crate) code: String,
}

/// The registry traits by the names of their constants.
const TRAITS: [(&str, OpTraits); 13] = [
    ("TERMINATOR", OpTraits::TERMINATOR),
    ("NO_TERMINATOR", OpTraits::NO_TERMINATOR),
    ("PURE", OpTraits::PURE),
    ("ISOLATED_FROM_ABOVE", OpTraits::ISOLATED_FROM_ABOVE),
    ("CONSTANT_LIKE", OpTraits::CONSTANT_LIKE),
    ("GRAPH_REGIONS", OpTraits::GRAPH_REGIONS),
    ("COMMUTATIVE", OpTraits::COMMUTATIVE),
    ("SINGLE_BLOCK", OpTraits::SINGLE_BLOCK),
    ("SYMBOL_TABLE", OpTraits::SYMBOL_TABLE),
    ("RETURN_LIKE", OpTraits::RETURN_LIKE),
    ("INFER_RESULT_TYPES", OpTraits::INFER_RESULT_TYPES),
    ("ZERO_RESULTS", OpTraits::ZERO_RESULTS),
    ("VARIADIC_RESULTS", OpTraits::VARIADIC_RESULTS),
];

const IR: &str = "::tessera_ir";

/// Generates the registration of `ops` (the ops of `dialects`); `forms` are the compiled
/// forms (op name, type in `compiled_forms`). A type builder or transformer whose text
/// `paths` maps to a Rust path is that function (`ConstType` or `Transform` of
/// `register::compiled`), as a registered native stands for the text in the engine.
pub(crate) fn generate(
    model: &Model,
    dialects: &[DialectId],
    ops: &[&Op],
    forms: &[(String, String)],
    paths: NativePaths<'_>,
) -> Generated {
    // Stand-ins for the natives the paths name, so that what uses them compiles here as it
    // does in the engine; the generator writes the paths and never runs these.
    let mut natives = crate::eval::Natives::new();
    for &(text, _) in paths {
        natives.register(text, |_, _, _| Err("a native stand-in".to_string()));
        natives.register_type(text, |_, _| Err("a native stand-in".to_string()));
    }
    let mut compiler = Compiler::new(model, &natives);
    let mut consts = Consts {
        paths: paths.to_vec(),
        ..Consts::default()
    };
    let mut rows = String::new();
    let mut makers = String::new();
    let mut reasons: Vec<String> = Vec::new();
    // Definitions compiled to Rust; a dialect with one that did not compile keeps the format
    // engine, compiled from the embedded model when first used.
    let defs = super::defs::generate(model, dialects);
    let lazy_defs: Vec<&str> = defs.engine.iter().map(|(d, _)| d.as_str()).collect();
    for op in ops {
        let c = compiler.op(op, None);
        match op_row(
            model,
            op,
            &c,
            compiler.eval(),
            forms,
            &mut consts,
            &mut makers,
        ) {
            Ok(row) => {
                rows.push_str(&row);
                rows.push('\n');
            }
            Err(why) => reasons.push(format!("'{}': {why}", op.name)),
        }
    }
    let names: Vec<String> = dialects
        .iter()
        .map(|&d| model.dialect(d).name.clone())
        .filter(|n| !n.is_empty())
        .collect();
    let mut code = String::new();
    let engine_needed = if reasons.is_empty() {
        let _ = writeln!(
            code,
            "/// The registration computed at build time (`tessera_ods::rust_gen::register`): \
             every op's\n/// registry entry, defaults, result inference and custom form, \
             without the ODS engine."
        );
        code.push_str("mod registration {\n");
        code.push_str("    use ::tessera_ods::register::compiled as c;\n\n");
        let _ = writeln!(
            code,
            "    /// The dialects registered.\n    const DIALECTS: &[&str] = &{names:?};\n"
        );
        for line in consts.code.lines().chain(makers.lines()) {
            push_line(&mut code, line);
        }
        if !defs.code.is_empty() {
            push_line(&mut code, "use ::tessera_ods::assembly::def as d;");
            if defs.code.contains("s::") {
                push_line(&mut code, "use ::tessera_ods::assembly::steps as s;");
            }
            code.push('\n');
            for line in defs.code.lines() {
                push_line(&mut code, line);
            }
        }
        code.push_str("    /// The dialects whose attribute and type definitions are read by compiled readers.\n");
        if !defs.counts.is_empty() {
            let _ = writeln!(
                code,
                "    /// Definitions read by compiled readers: {}.",
                defs.counts.join(", ")
            );
        }
        for (dialect, why) in &defs.engine {
            let _ = writeln!(
                code,
                "    /// `{dialect}` keeps the format engine for its definitions: {}.",
                why.replace('\n', " ")
            );
        }
        code.push_str("    static DEF_READERS: &[c::DefsRow] = &[\n");
        for row in &defs.rows {
            let _ = writeln!(code, "        {row}");
        }
        code.push_str("    ];\n\n");
        code.push_str("    /// Each op's registration, in the order of `verifiers::TABLE`.\n");
        code.push_str("    static OPS: &[c::OpRow] = &[\n");
        for line in rows.lines() {
            let _ = writeln!(code, "        {line}");
        }
        code.push_str("    ];\n\n");
        let _ = writeln!(
            code,
            "    /// What `register` registers.\n    pub(super) static TABLES: c::Tables = c::Tables {{\n        dialects: DIALECTS,\n        ops: OPS,\n        verifiers: super::verifiers::TABLE,\n        def_readers: DEF_READERS,\n        defs: &{lazy_defs:?},\n        model: &super::verifiers::EMBEDDED,\n    }};\n}}\n"
        );
        code.push_str(REGISTER_COMPILED);
        None
    } else {
        Some(reasons.join("; "))
    };
    if let Some(why) = &engine_needed {
        let _ = writeln!(
            code,
            "/// Registration runs the ODS engine over the embedded model once per process: {}.",
            why.replace('\n', " ")
        );
        code.push_str(REGISTER_ENGINE);
    }
    code.push_str(REGISTER_WITH_ENGINE);
    Generated { code }
}

fn push_line(code: &mut String, line: &str) {
    if line.is_empty() {
        code.push('\n');
    } else {
        let _ = writeln!(code, "    {line}");
    }
}

/// `op`'s row of `OPS` (one line), adding the functions it names to `consts` and `makers`.
fn op_row(
    model: &Model,
    op: &Op,
    c: &crate::register::compile::CompiledOp,
    eval: &crate::eval::Compiler<'_>,
    forms: &[(String, String)],
    consts: &mut Consts<'_>,
    makers: &mut String,
) -> Result<String, String> {
    let mut traits = TRAITS
        .iter()
        .filter(|(_, t)| c.traits.contains(*t))
        .map(|(name, _)| format!("{IR}::OpTraits::{name}"));
    let mut traits_expr = traits
        .next()
        .unwrap_or_else(|| format!("{IR}::OpTraits::NONE"));
    for t in traits {
        traits_expr = format!("{traits_expr}.union({t})");
    }
    let inherent: Vec<&str> = if c.uses_properties {
        c.inherent.iter().map(String::as_str).collect()
    } else {
        Vec::new()
    };
    // Each attribute's default, as the engine makes it (a builder that does not compile or
    // build is left out there too): registered for the declared attributes, compared with by
    // the format for all.
    let attr_defaults = op
        .attributes
        .iter()
        .map(|a| default_const(model, eval, &a.attr, consts))
        .collect::<Result<Vec<_>, _>>()?;
    let mut defaults = Vec::new();
    for (a, f) in op.attributes.iter().zip(&attr_defaults) {
        if let (false, Some(f)) = (a.attr.derived, f) {
            defaults.push(format!("({:?}, {f})", a.name));
        }
    }
    let infer = match rules(model, op, eval) {
        None => "None".to_string(),
        Some((rules, fixed_operands)) => {
            let mut sources = Vec::new();
            for rule in &rules {
                let transform = match rule.transformer.as_ref().filter(|t| !t.is_identity()) {
                    None => "None".to_string(),
                    Some(t) => match consts.transformer(t, true) {
                        Some(f) => format!("Some({f})"),
                        None => {
                            return Err(format!(
                                "its result type is a function of another type that is not compiled to Rust (`{}`)",
                                t.text()
                            ))
                        }
                    },
                };
                let source = match &rule.source {
                    Source::Operand(i) => format!("c::ResultSource::Operand({i})"),
                    Source::Attribute(name) => format!("c::ResultSource::Attribute({name:?})"),
                    Source::Built(expr) if consts.path(expr.text()).is_some() => {
                        let path = consts.path(expr.text()).unwrap_or_default();
                        format!("c::ResultSource::Built({path})")
                    }
                    Source::Built(expr) => {
                        let mut scratch = Context::new();
                        let ty = expr
                            .build_type(&mut scratch, None)
                            .map_err(|e| format!("its result type does not build: {e}"))?;
                        format!("c::ResultSource::Built({})", consts.ty(&scratch, ty)?)
                    }
                };
                sources.push(format!("({source}, {transform})"));
            }
            let count = if fixed_operands {
                format!("Some({})", op.operands.len())
            } else {
                "None".to_string()
            };
            format!(
                "Some(c::InferRow {{ operand_count: {count}, results: &[{}] }})",
                sources.join(", ")
            )
        }
    };
    let form = form_row(model, op, eval, forms, &attr_defaults, consts, makers)?;
    Ok(format!(
        "c::OpRow {{ name: {:?}, traits: {traits_expr}, inherent: &{inherent:?}, defaults: &[{}], infer: {infer}, form: {form} }},",
        op.name,
        defaults.join(", ")
    ))
}

/// The constant making `attr`'s default value (enum defaults included), if the engine's
/// registration would make one.
fn default_const(
    model: &Model,
    eval: &crate::eval::Compiler<'_>,
    attr: &crate::AttrInfo,
    consts: &mut Consts<'_>,
) -> Result<Option<String>, String> {
    let Some(value) = &attr.default_value else {
        return Ok(None);
    };
    let mut scratch = Context::new();
    if let Some((dialect, body)) = crate::assembly::enum_attr_default_text(model, attr) {
        let dialect = scratch.ident(&dialect);
        let a = scratch.attr(AttrKind::Opaque {
            dialect,
            body: body.as_str().into(),
            ty: None,
        });
        return consts.attr(&scratch, a).map(Some);
    }
    let Some(builder) = &attr.const_builder_call else {
        return Ok(None);
    };
    let Ok(expr) = eval.attr_builder(builder, value) else {
        return Ok(None);
    };
    match expr.build_attr(&mut scratch) {
        Ok(a) => consts.attr(&scratch, a).map(Some),
        Err(_) => Ok(None),
    }
}

/// `op`'s `FormRow` expression (`None` without a format), adding its maker to `makers`;
/// `attr_defaults` are the functions making each attribute's default.
fn form_row(
    model: &Model,
    op: &Op,
    eval: &crate::eval::Compiler<'_>,
    forms: &[(String, String)],
    attr_defaults: &[Option<String>],
    consts: &mut Consts<'_>,
    makers: &mut String,
) -> Result<String, String> {
    let format = match crate::format::parse_op_format(model, op) {
        // The engine registers no custom form for a malformed format either.
        None | Some(Err(_)) => return Ok("None".to_string()),
        Some(Ok(format)) => format,
    };
    let Some((_, ty)) = forms.iter().find(|(name, _)| *name == op.name) else {
        return Err("its assembly format is not compiled to Rust".to_string());
    };
    let mut transformers: Vec<(&str, String)> = Vec::new();
    for resolution in format.operand_types.iter().chain(&format.result_types) {
        let TypeResolution::FromVariable {
            transformer: Some(text),
            ..
        } = resolution
        else {
            continue;
        };
        if transformers.iter().any(|(t, _)| t == text) {
            continue;
        }
        // One that does not compile is left out, as the engine leaves it out.
        let Ok(expr) = eval.type_transformer(text) else {
            continue;
        };
        let Some(f) = consts.transformer(&expr, false) else {
            return Err(format!(
                "its format takes a type as a function of another that is not compiled to Rust (`{text}`)"
            ));
        };
        transformers.push((text, f));
    }
    let mut builder_texts: Vec<&str> = format.buildable_types.iter().map(String::as_str).collect();
    for printing in &format.attributes {
        if let AttrStyle::ElidedType { builder } = &printing.style {
            builder_texts.push(builder);
        }
    }
    let mut builders = Vec::new();
    for text in builder_texts {
        if builders.iter().any(|(t, _): &(&str, String)| *t == text) {
            continue;
        }
        if let Some(path) = consts.path(text) {
            builders.push((text, path.to_string()));
            continue;
        }
        // A builder that does not compile is left out, as the engine leaves it out.
        let Ok(expr) = eval.type_builder(text) else {
            continue;
        };
        let mut scratch = Context::new();
        let ty = expr
            .build_type(&mut scratch, None)
            .map_err(|e| format!("its format's type `{text}` does not build: {e}"))?;
        builders.push((text, consts.ty(&scratch, ty)?));
    }
    let defaults: Vec<String> = attr_defaults
        .iter()
        .map(|d| {
            d.as_ref()
                .map_or("None".to_string(), |f| format!("Some({f})"))
        })
        .collect();
    let maker = format!(
        "form_{}",
        op.name
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
            .to_lowercase()
    );
    let _ = writeln!(
        makers,
        "fn {maker}(hooks: ::std::sync::Arc<::tessera_ods::assembly::FormatHooks>) -> ::std::sync::Arc<dyn ::tessera_ods::assembly::steps::OpAssembly> {{\n    ::std::sync::Arc::new(super::compiled_forms::{ty} {{ hooks }})\n}}\n"
    );
    let builders: Vec<String> = builders
        .iter()
        .map(|(text, f)| format!("({text:?}, {f})"))
        .collect();
    let transformers: Vec<String> = transformers
        .iter()
        .map(|(text, f)| format!("({text:?}, {f})"))
        .collect();
    Ok(format!(
        "Some(c::FormRow {{ make: {maker}, builders: &[{}], transformers: &[{}], defaults: &[{}], directives: &{:?} }})",
        builders.join(", "),
        transformers.join(", "),
        defaults.join(", "),
        directive_names(&format)
    ))
}

/// Constant types and attributes written as Rust functions over a `Store`, each once; and
/// type transformers.
#[derive(Default)]
struct Consts<'p> {
    /// The natives' Rust paths by the C++ text they stand for.
    paths: Vec<(&'p str, &'p str)>,
    code: String,
    /// Function name by body.
    by_body: HashMap<String, String>,
}

impl<'p> Consts<'p> {
    /// The function making `ty` (of `ctx`).
    fn ty(&mut self, ctx: &Context, ty: Type) -> Result<String, String> {
        let mut body = Body::default();
        let last = body.ty(ctx, ty)?;
        Ok(self.function(body, last, "Type", "type"))
    }

    /// The function making `attr` (of `ctx`).
    fn attr(&mut self, ctx: &Context, attr: Attr) -> Result<String, String> {
        let mut body = Body::default();
        let last = body.attr(ctx, attr)?;
        Ok(self.function(body, last, "Attr", "attr"))
    }

    /// The Rust path of the native standing for the C++ `text`, if any.
    fn path(&self, text: &str) -> Option<&'p str> {
        self.paths.iter().find(|(t, _)| *t == text).map(|&(_, p)| p)
    }

    /// The `Transform` function for the transformer `expr`: its native's path, `$_self`
    /// itself, or the Rust the emitter writes for it (one making a single type if `single`);
    /// `None` when it is none of those.
    fn transformer(&mut self, expr: &crate::eval::CompiledExpr, single: bool) -> Option<String> {
        let text = expr.text();
        if let Some(path) = self.path(text) {
            return Some(self.transform(text, &format!("{path}(ctx, s)?")));
        }
        if expr.is_identity() {
            return Some("c::same_type".to_string());
        }
        match expr.transformer_rust()? {
            (code, list) if !(single && list) => Some(self.transform(text, &code)),
            _ => None,
        }
    }

    /// The `Transform` function for the transformer `text` compiled to `code` (a `Vec<Type>`
    /// expression over `ctx` and `s`, see `eval::emit::transformer`).
    fn transform(&mut self, text: &str, code: &str) -> String {
        let ctx = if code.contains("ctx") { "ctx" } else { "_ctx" };
        let body = format!(
            "    fn types({ctx}: &mut {IR}::Context, s: {IR}::Type) -> Result<Vec<{IR}::Type>, String> {{\n        let types = {code};\n        Ok(types)\n    }}\n    types(ctx, s).map_err(|m| format!(\"cannot evaluate '{{}}': {{m}}\", {text:?}))\n"
        );
        if let Some(name) = self.by_body.get(&body) {
            return name.clone();
        }
        let name = format!("transform_{}", self.by_body.len());
        let _ = writeln!(
            self.code,
            "fn {name}(ctx: &mut {IR}::Context, s: {IR}::Type) -> Result<Vec<{IR}::Type>, String> {{\n{body}}}\n"
        );
        self.by_body.insert(body, name.clone());
        name
    }

    fn function(&mut self, body: Body, last: String, ret: &str, prefix: &str) -> String {
        let mut text = String::new();
        for l in &body.lines {
            let _ = writeln!(text, "    {l}");
        }
        let _ = writeln!(text, "    Some({last})");
        if let Some(name) = self.by_body.get(&text) {
            return name.clone();
        }
        let name = format!("{prefix}_{}", self.by_body.len());
        let _ = writeln!(
            self.code,
            "fn {name}(s: &mut dyn ::tessera_ods::eval::Store) -> Option<{IR}::{ret}> {{\n{text}}}\n"
        );
        self.by_body.insert(text, name.clone());
        name
    }
}

/// The statements of one constant function: each makes one handle into a local.
#[derive(Default)]
struct Body {
    lines: Vec<String>,
}

impl Body {
    fn bind(&mut self, prefix: &str, expr: String) -> String {
        let name = format!("{prefix}{}", self.lines.len());
        self.lines.push(format!("let {name} = {expr}?;"));
        name
    }

    fn ty(&mut self, ctx: &Context, ty: Type) -> Result<String, String> {
        let kind = match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => format!(
                "{IR}::TypeKind::Integer {{ width: {width}, signedness: {IR}::Signedness::{signedness:?} }}"
            ),
            TypeKind::Index => format!("{IR}::TypeKind::Index"),
            TypeKind::None => format!("{IR}::TypeKind::None"),
            TypeKind::Float(k) => format!("{IR}::TypeKind::Float({IR}::FloatKind::{k:?})"),
            TypeKind::Complex(e) => {
                let e = self.ty(ctx, *e)?;
                format!("{IR}::TypeKind::Complex({e})")
            }
            TypeKind::Tuple(types) => {
                let types = self.types(ctx, types)?;
                format!("{IR}::TypeKind::Tuple({})", boxed(&types))
            }
            TypeKind::Function { inputs, results } => {
                let inputs = self.types(ctx, inputs)?;
                let results = self.types(ctx, results)?;
                format!(
                    "{IR}::TypeKind::Function {{ inputs: {}, results: {} }}",
                    boxed(&inputs),
                    boxed(&results)
                )
            }
            TypeKind::Opaque { dialect, body } => {
                let dialect = self.bind("i", format!("s.ident({:?})", ctx.str(*dialect)));
                format!("{IR}::TypeKind::Opaque {{ dialect: {dialect}, body: {body:?}.into() }}")
            }
            other => return Err(format!("a constant type of kind {other:?} is not written as Rust")),
        };
        Ok(self.bind("t", format!("s.ty({kind})")))
    }

    fn types(&mut self, ctx: &Context, types: &[Type]) -> Result<String, String> {
        let names = types
            .iter()
            .map(|&t| self.ty(ctx, t))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(names.join(", "))
    }

    fn attr(&mut self, ctx: &Context, attr: Attr) -> Result<String, String> {
        let kind = match ctx.attr_kind(attr) {
            AttrKind::Unit => format!("{IR}::AttrKind::Unit"),
            AttrKind::Integer { ty, value } => {
                let ty = self.ty(ctx, *ty)?;
                let value = match value {
                    IntValue::Small(v) => format!("{IR}::IntValue::Small({v})"),
                    IntValue::Wide(words) => {
                        let words: Vec<String> = words.iter().map(|w| format!("{w}u64")).collect();
                        format!("{IR}::IntValue::Wide(Box::new([{}]))", words.join(", "))
                    }
                };
                format!("{IR}::AttrKind::Integer {{ ty: {ty}, value: {value} }}")
            }
            AttrKind::Float { ty, bits } => {
                let ty = self.ty(ctx, *ty)?;
                format!("{IR}::AttrKind::Float {{ ty: {ty}, bits: {bits:?} }}")
            }
            AttrKind::String { value, ty } => {
                let ty = match ty {
                    Some(t) => format!("Some({})", self.ty(ctx, *t)?),
                    None => "None".to_string(),
                };
                format!(
                    "{IR}::AttrKind::String {{ value: {}, ty: {ty} }}",
                    bytes(value)
                )
            }
            AttrKind::Array(items) => {
                let items = items
                    .iter()
                    .map(|&a| self.attr(ctx, a))
                    .collect::<Result<Vec<_>, _>>()?;
                format!("{IR}::AttrKind::Array({})", boxed(&items.join(", ")))
            }
            AttrKind::Dictionary(entries) => {
                let mut parts = Vec::new();
                for &(name, value) in entries.iter() {
                    let name = self.bind("i", format!("s.ident({:?})", ctx.str(name)));
                    let value = self.attr(ctx, value)?;
                    parts.push(format!("({name}, {value})"));
                }
                format!("{IR}::AttrKind::Dictionary({})", boxed(&parts.join(", ")))
            }
            AttrKind::Type(t) => {
                let t = self.ty(ctx, *t)?;
                format!("{IR}::AttrKind::Type({t})")
            }
            AttrKind::SymbolRef { root, nested } => {
                let root = self.bind("i", format!("s.ident({:?})", ctx.str(*root)));
                let nested: Vec<String> = nested
                    .iter()
                    .map(|&n| self.bind("i", format!("s.ident({:?})", ctx.str(n))))
                    .collect();
                format!(
                    "{IR}::AttrKind::SymbolRef {{ root: {root}, nested: {} }}",
                    boxed(&nested.join(", "))
                )
            }
            AttrKind::DenseArray { element, len, data } => {
                let element = self.ty(ctx, *element)?;
                format!(
                    "{IR}::AttrKind::DenseArray {{ element: {element}, len: {len}, data: {} }}",
                    bytes(data)
                )
            }
            AttrKind::Opaque { dialect, body, ty } => {
                let dialect = self.bind("i", format!("s.ident({:?})", ctx.str(*dialect)));
                let ty = match ty {
                    Some(t) => format!("Some({})", self.ty(ctx, *t)?),
                    None => "None".to_string(),
                };
                format!(
                    "{IR}::AttrKind::Opaque {{ dialect: {dialect}, body: {body:?}.into(), ty: {ty} }}"
                )
            }
            other => {
                return Err(format!(
                    "a constant attribute of kind {other:?} is not written as Rust"
                ))
            }
        };
        Ok(self.bind("a", format!("s.attr({kind})")))
    }
}

/// `data` as a `Box<[u8]>` expression: text when it is UTF-8.
fn bytes(data: &[u8]) -> String {
    match std::str::from_utf8(data) {
        Ok(text) => format!("Box::from({text:?}.as_bytes())"),
        Err(_) => {
            let items: Vec<String> = data.iter().map(|b| format!("{b}u8")).collect();
            format!("Box::from(&[{}][..])", items.join(", "))
        }
    }
}

/// `items` as a `Box<[T]>` expression.
fn boxed(items: &str) -> String {
    if items.is_empty() {
        "Box::default()".to_string()
    } else {
        format!("Box::new([{items}])")
    }
}

/// The registration functions of a module whose registration compiled.
const REGISTER_COMPILED: &str = r#"/// Registers the dialects into `ctx` from the tables computed at build time: their ops are
/// verified by the compiled verifiers, and read and printed in their compiled custom forms,
/// with the Rust hooks of `tessera_ods::dialect_hooks::options()`.
pub fn register(ctx: &mut ::tessera_ir::Context) -> Result<(), String> {
    static OPTIONS: ::std::sync::OnceLock<::tessera_ods::register::Options> =
        ::std::sync::OnceLock::new();
    register_with(ctx, OPTIONS.get_or_init(::tessera_ods::dialect_hooks::options))
}

/// Registers the dialects into `ctx` with `options` (Rust verifiers, custom forms,
/// directives): from the tables computed at build time, unless `options` has natives, which
/// change how predicates evaluate (the embedded model is then compiled with them).
pub fn register_with(
    ctx: &mut ::tessera_ir::Context,
    options: &::tessera_ods::register::Options,
) -> Result<(), String> {
    if ::tessera_ods::register::compiled::applies(options) {
        ::tessera_ods::register::compiled::register(ctx, options, &registration::TABLES);
        return Ok(());
    }
    register_with_engine(ctx, options)
}

"#;

/// `register_with_engine`, which every module has.
const REGISTER_WITH_ENGINE: &str = r#"/// Registers the dialects into `ctx` with `options` through the ODS engine, compiling the
/// embedded model anew: the reference the tables computed at build time (if the module has
/// them) are checked against, and what registration with natives runs.
pub fn register_with_engine(
    ctx: &mut ::tessera_ir::Context,
    options: &::tessera_ods::register::Options,
) -> Result<(), String> {
    let compiled = ::tessera_ods::typed::compile_model(MODEL, options)?;
    compiled.register(ctx);
    install_verifiers(ctx, options);
    install_assembly(ctx, &compiled);
    Ok(())
}

"#;

/// The registration functions of a module that registers through the engine.
const REGISTER_ENGINE: &str = r#"/// Registers the dialects into `ctx`: their ops are then verified (by the compiled
/// verifiers, `install_verifiers`), and read and printed in their custom forms. The embedded
/// model is compiled once per process; an error says why it could not be (a model another
/// version of `tessera-ods` wrote).
pub fn register(ctx: &mut ::tessera_ir::Context) -> Result<(), String> {
    static COMPILED: ::std::sync::OnceLock<
        Result<
            (
                ::std::sync::Arc<::tessera_ods::register::Registration>,
                ::tessera_ods::register::Options,
            ),
            String,
        >,
    > = ::std::sync::OnceLock::new();
    let compiled = COMPILED.get_or_init(|| {
        let options = ::tessera_ods::dialect_hooks::options();
        ::tessera_ods::typed::compile_model(MODEL, &options).map(|r| (r, options))
    });
    let (registration, options) = compiled.as_ref().map_err(Clone::clone)?;
    registration.register(ctx);
    install_verifiers(ctx, options);
    install_assembly(ctx, registration);
    Ok(())
}

/// Registers the dialects into `ctx` with `options` (Rust verifiers, natives, custom
/// directives), compiling the embedded model anew.
pub fn register_with(
    ctx: &mut ::tessera_ir::Context,
    options: &::tessera_ods::register::Options,
) -> Result<(), String> {
    register_with_engine(ctx, options)
}

"#;
