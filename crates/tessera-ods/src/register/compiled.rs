//! Registration from tables that `rust_gen` generates: what [`super::Registration`] computes
//! from the ODS model at start-up (traits, inherent attributes, defaults, derived result
//! inference, the C++ expressions a format evaluates), computed once at build time and written
//! as Rust, so a generated dialect registers without decoding or compiling its model.
//!
//! The tables hold only what the generator could write as Rust; a generated module whose ops
//! need more (a type transformer the emitter does not compile, a constant of a kind it does
//! not write) keeps registering through the engine, and says why in its `register`'s doc
//! comment. [`register`] installs the same hooks, under the same
//! conditions, as `Registration::register` followed by the generated `install_verifiers` and
//! `install_assembly` (`tests/compiled_registration.rs` compares the two registries).

use super::Options;
use crate::assembly::def::CompiledDef;
use crate::assembly::{DefAssembly, DialectDefs, Exprs, FormatHooks, TypeBuilder};
use crate::dialect::DialectId;
use crate::eval::{Building, ReadOnly, Store};
use crate::typed::EmbeddedModel;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use tessera_asm::custom::{DialectAssembly, OpAsmParser, OpAssembly, ParseResult};
use tessera_ir::{
    Attr, Body, Context, Diagnostic, DialectInfo, Ident, OpId, OpInfo, OpTraits, Type,
};

/// Makes (through a [`Building`] store) or finds (through a [`ReadOnly`] one) a constant type
/// the generator evaluated at build time.
pub type ConstType = fn(&mut dyn Store) -> Option<Type>;

/// Makes or finds a constant attribute the generator evaluated at build time.
pub type ConstAttr = fn(&mut dyn Store) -> Option<Attr>;

/// An op's verifier compiled to Rust.
pub type Verify = fn(&Context, &Body, OpId) -> Result<(), Diagnostic>;

/// An op's check of its inherent attributes, given as properties (`true`) or in the
/// attribute dictionary.
pub type Inherent = fn(&Context, Attr, bool) -> Result<(), String>;

/// A row of a generated module's verifier table: the op's name, verifier, inherent-attribute
/// check (ops keeping their inherent attributes as properties) and the predicate leaves a
/// native could override.
pub type VerifierRow = (
    &'static str,
    Verify,
    Option<Inherent>,
    &'static [&'static str],
);

/// A type as a function of another (`TypesMatchWith`'s transformer): one type for a single
/// value, several for a variadic one.
pub type Transform = fn(&mut Context, Type) -> Result<Vec<Type>, String>;

/// The identity [`Transform`] (`$_self`).
pub fn same_type(_: &mut Context, ty: Type) -> Result<Vec<Type>, String> {
    Ok(vec![ty])
}

/// An op's custom form compiled from its assembly format, with the C++ expressions the format
/// evaluates compiled too.
pub struct FormRow {
    /// Makes the compiled form from its hooks.
    pub make: fn(Arc<FormatHooks>) -> Arc<dyn OpAssembly>,
    /// The format's buildable types, by their C++ text.
    pub builders: &'static [(&'static str, ConstType)],
    /// The format's type transformers, by their C++ text.
    pub transformers: &'static [(&'static str, Transform)],
    /// Per attribute of the op (in declaration order, derived ones included), its default
    /// value if it has one: an attribute equal to it is left out of `attr-dict`.
    pub defaults: &'static [Option<ConstAttr>],
    /// The names of the format's `custom<Name>` directives, whose Rust hooks come from the
    /// registration options.
    pub directives: &'static [&'static str],
}

/// Where one result's type comes from, when ODS fixes it.
#[derive(Clone, Copy)]
pub enum ResultSource {
    /// The type of operand `i`.
    Operand(usize),
    /// The type of the attribute named so.
    Attribute(&'static str),
    /// A constant type (a buildable result constraint).
    Built(ConstType),
}

/// An op's result types derived from ODS (`AllTypesMatch`, `SameOperandsAndResultType`,
/// buildable result constraints): the registry's `infer_result_types`.
pub struct InferRow {
    /// The number of operands the op has when all its operands are single (then checked).
    pub operand_count: Option<usize>,
    /// One source per result, with the transformer applied to its type (`TypesMatchWith`).
    pub results: &'static [(ResultSource, Option<Transform>)],
}

impl InferRow {
    /// The result types for `operands` and `attrs`, in the engine's words when they cannot be
    /// had.
    pub fn infer(
        &self,
        ctx: &mut Context,
        operands: &[Type],
        attrs: &[(Ident, Attr)],
    ) -> Result<Vec<Type>, String> {
        if let Some(count) = self.operand_count {
            if operands.len() != count {
                return Err(format!(
                    "expected {count} operands to infer result types, got {}",
                    operands.len()
                ));
            }
        }
        let mut types = Vec::with_capacity(self.results.len());
        for &(source, transform) in self.results {
            let ty = match source {
                ResultSource::Operand(i) => *operands.get(i).ok_or_else(|| {
                    format!("expected an operand #{i} to infer result types from")
                })?,
                ResultSource::Attribute(name) => attrs
                    .iter()
                    .find(|(n, _)| ctx.str(*n) == name)
                    .and_then(|&(_, a)| ctx.attr_type(a))
                    .ok_or_else(|| format!("requires a typed attribute '{name}'"))?,
                ResultSource::Built(make) => {
                    make(&mut Building(ctx)).ok_or("a constant type could not be made")?
                }
            };
            types.push(match transform {
                None => ty,
                // The generator only compiles transformers of one type for inference.
                Some(f) => match f(ctx, ty)?[..] {
                    [t] => t,
                    _ => return Err("a transformer made no single type".to_string()),
                },
            });
        }
        Ok(types)
    }
}

/// One op's registration, as the generator computed it.
pub struct OpRow {
    /// The op's full name.
    pub name: &'static str,
    /// The registry traits its ODS traits amount to.
    pub traits: OpTraits,
    /// Its inherent attribute names, for ops keeping them as properties (empty otherwise).
    pub inherent: &'static [&'static str],
    /// Its default-valued attributes and their defaults.
    pub defaults: &'static [(&'static str, ConstAttr)],
    /// Its result types when ODS fixes them all.
    pub infer: Option<InferRow>,
    /// Its compiled custom form, if it has an assembly format.
    pub form: Option<FormRow>,
}

/// A dialect's attribute and type definitions, read by readers compiled to Rust
/// (`rust_gen::defs`), by mnemonic in the model's order.
pub struct DefsRow {
    /// The dialect.
    pub dialect: &'static str,
    /// Whether an unknown attribute mnemonic is an error (`useDefaultAttributePrinterParser`).
    pub closed_attrs: bool,
    /// Whether an unknown type mnemonic is an error (`useDefaultTypePrinterParser`).
    pub closed_types: bool,
    /// The attribute definitions.
    pub attrs: &'static [CompiledDef],
    /// The type definitions.
    pub types: &'static [CompiledDef],
}

/// A generated module's registration tables.
pub struct Tables {
    /// The dialects registered.
    pub dialects: &'static [&'static str],
    /// The ops, in the order of `verifiers`.
    pub ops: &'static [OpRow],
    /// The generated verifier table.
    pub verifiers: &'static [VerifierRow],
    /// The dialects whose attribute and type definitions were all compiled to Rust.
    pub def_readers: &'static [DefsRow],
    /// The other dialects with attribute or type definitions: those are read by the format
    /// engine, which compiles them from `model` when a context first reads one.
    pub defs: &'static [&'static str],
    /// The module's embedded model.
    pub model: &'static EmbeddedModel,
}

/// An op's registered verifier: the generated `verify`, then the Rust verifier `rust` the
/// registration options give for the op (what upstream writes in C++), as the engine orders
/// them. Generated `install_verifiers` and [`register`] both install this.
pub fn chained_verifier(
    verify: Verify,
    rust: Option<tessera_ir::VerifyHook>,
) -> tessera_ir::VerifyHook {
    Arc::new(move |ctx, body, op| {
        verify(ctx, body, op)?;
        match &rust {
            Some(hook) => hook(ctx, body, op),
            None => Ok(()),
        }
    })
}

/// Whether tables compiled without `options` describe what the engine would register with
/// them: natives change how predicates and builders evaluate, so a caller with natives needs
/// the engine.
pub fn applies(options: &Options) -> bool {
    options.natives.is_empty()
}

/// Registers the dialects and ops of `tables` into `ctx`, with the Rust hooks of `options`
/// (verifiers, symbol checks, custom forms, result names and inference, directives, default
/// dialects, definition readers) as the engine would add them. Only meaningful when
/// [`applies`] holds for `options`.
pub fn register(ctx: &mut Context, options: &Options, tables: &'static Tables) {
    for d in tables.dialects {
        let name = ctx.ident(d);
        ctx.register_dialect(DialectInfo::new(name));
    }
    for row in tables.def_readers {
        let defs = DialectDefs::from_compiled(
            row.dialect,
            row.closed_attrs,
            row.closed_types,
            row.attrs,
            row.types,
            &options.def_assembly,
        );
        tessera_asm::custom::set_dialect_assembly(ctx, row.dialect, Arc::new(defs));
    }
    for &dialect in tables.defs {
        let defs = LazyDefs {
            model: tables.model,
            dialect,
            hooks: options.def_assembly.clone(),
            defs: OnceLock::new(),
        };
        tessera_asm::custom::set_dialect_assembly(ctx, dialect, Arc::new(defs));
    }
    debug_assert_eq!(
        tables.ops.len(),
        tables.verifiers.len(),
        "tables of different modules"
    );
    for (row, &(verifier_name, verify, inherent_check, _)) in
        tables.ops.iter().zip(tables.verifiers)
    {
        debug_assert_eq!(row.name, verifier_name, "tables out of order");
        let name = ctx.ident(row.name);
        let mut info = OpInfo::new(name, row.traits);
        if let Some(check) = inherent_check {
            info.inherent_attrs = row.inherent.iter().map(|n| ctx.ident(n)).collect();
            info.verify_inherent_attrs = Some(Arc::new(check));
        }
        for &(attr, make) in row.defaults {
            if let Some(value) = make(&mut Building(ctx)) {
                let attr = ctx.ident(attr);
                info.default_attrs.push((attr, value));
            }
        }
        info.verify = Some(chained_verifier(
            verify,
            options.verifiers.get(row.name).cloned(),
        ));
        info.verify_symbol_uses = options.symbol_verifiers.get(row.name).cloned();
        info.infer_result_types = options.result_inference.get(row.name).cloned().or_else(|| {
            row.infer.as_ref().map(|rule| {
                let rule: &'static InferRow = rule;
                Arc::new(
                    move |ctx: &mut Context, operands: &[Type], attrs: &[(Ident, Attr)]| {
                        rule.infer(ctx, operands, attrs)
                    },
                ) as tessera_ir::InferResultTypesHook
            })
        });
        ctx.register_op(info);
        let form = match (options.assembly.get(row.name), &row.form) {
            (Some(rust), _) => Some(rust.clone()),
            (None, Some(form)) => Some((form.make)(Arc::new(hooks(row.name, form, options)))),
            (None, None) => None,
        };
        if let Some(form) = form {
            tessera_asm::custom::set_op_assembly(ctx, row.name, form);
        }
    }
}

/// A dialect's attribute and type definitions, read by the format engine compiled from the
/// embedded model when the context first reads one: a program that reads none never decodes
/// the model.
struct LazyDefs {
    model: &'static EmbeddedModel,
    dialect: &'static str,
    hooks: HashMap<String, Arc<dyn DefAssembly>>,
    defs: OnceLock<Result<DialectDefs, String>>,
}

impl LazyDefs {
    fn defs(&self, p: &mut OpAsmParser<'_, '_, '_>, at: u32) -> ParseResult<&DialectDefs> {
        let defs = self.defs.get_or_init(|| {
            let model = self.model.model()?;
            let id = (0..model.dialects.len() as u32)
                .map(DialectId)
                .find(|&d| model.dialect(d).name == self.dialect)
                .ok_or_else(|| format!("the embedded model has no dialect '{}'", self.dialect))?;
            Ok(DialectDefs::compile(model, id, &self.hooks))
        });
        defs.as_ref().map_err(|e| p.error_at(at, e.clone()))
    }
}

impl DialectAssembly for LazyDefs {
    fn parse_attribute(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>> {
        self.defs(p, mnemonic_pos)?
            .parse_attribute(p, mnemonic, mnemonic_pos)
    }

    fn parse_type(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>> {
        self.defs(p, mnemonic_pos)?
            .parse_type(p, mnemonic, mnemonic_pos)
    }
}

/// What a compiled form runs besides its format, as the engine assembles it for op `name`.
fn hooks(name: &str, form: &FormRow, options: &Options) -> FormatHooks {
    let builders = form
        .builders
        .iter()
        .map(|&(text, make)| {
            let build: TypeBuilder = Arc::new(move |ctx: &mut Context| {
                make(&mut Building(ctx))
                    .ok_or_else(|| format!("'{text}' does not make a type in this context"))
            });
            (text.to_string(), build)
        })
        .collect();
    let defaults = form
        .defaults
        .iter()
        .map(|d| {
            d.map(|find| {
                Arc::new(move |ctx: &Context| find(&mut ReadOnly(ctx)))
                    as crate::assembly::DefaultAttr
            })
        })
        .collect();
    let directives: crate::assembly::Directives = form
        .directives
        .iter()
        .filter_map(|d| Some((d.to_string(), options.directives.get(*d)?.clone())))
        .collect();
    FormatHooks {
        exprs: Exprs {
            builders,
            transformers: form
                .transformers
                .iter()
                .map(|&(text, f)| {
                    (
                        text.to_string(),
                        Arc::new(f) as crate::assembly::TypeTransformer,
                    )
                })
                .collect(),
            defaults,
        },
        directives,
        default_dialect: options
            .default_dialects
            .get(name)
            .cloned()
            .unwrap_or_default(),
        result_names: options.result_names.get(name).cloned(),
        infer_results: options.result_inference.get(name).cloned(),
    }
}
