//! Dialect attributes and types read from their `AttrDef`/`TypeDef` assembly formats
//! (`#arith.fastmath<nnan,ninf>`), as the parsers and printers `mlir-tblgen` 19 generates
//! from the same formats.
//!
//! The IR keeps a dialect attribute or type as text (see `tessera_asm::custom::dialect`), so
//! this engine reads a body with the format and writes it back in the spelling upstream's
//! printer would produce: one value, one interned object. [`DialectDefs`] gathers a dialect's
//! definitions by mnemonic and is the dialect's [`DialectAssembly`].
//!
//! A parameter is read as its C++ type says (upstream's `FieldParser`): types, attributes,
//! integers, strings, enums, arrays of those, and attributes or types of the dialect's own
//! definitions in their stripped form. A definition whose format needs something else (a
//! `custom<…>` directive, a parameter kind with a C++ parser) is kept as written unless a Rust
//! [`DefAssembly`] reads it.
//!
//! What a format's elements do is split into steps ([`DefReading`] reads, [`DefPrinter`]
//! writes) that the engine's walk over the elements calls and that readers compiled to Rust
//! by `rust_gen` call in straight lines ([`DialectDefs::from_compiled`] installs those), so
//! both read, fail and print alike.

use super::steps::{literal, optional_literal, space_before};
use super::EnumAttrSpec;
use crate::attr_type_def::{AttrOrTypeDef, DefKind, Parameter};
use crate::format::{Element, ElementKind, OptionalGroup, Variable, Whitespace};
use crate::Model;
use std::collections::HashMap;
use std::sync::Arc;
use tessera_asm::custom::{DialectAssembly, OpAsmParser, ParseResult, Punct};
use tessera_ir::{Diagnostic, Severity};

/// A Rust reader for one attribute or type definition (for those upstream parses in C++,
/// `hasCustomAssemblyFormat`).
pub trait DefAssembly: Send + Sync {
    /// Reads what follows the mnemonic and returns it as upstream prints it (`<value>`).
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>) -> ParseResult<String>;
}

/// How one definition is read.
#[derive(Clone)]
enum Reader {
    /// From its declarative format.
    Format(Arc<DefSpec>),
    /// By a Rust hook.
    Hook(Arc<dyn DefAssembly>),
    /// By a function `rust_gen` compiled from its format.
    Compiled(CompiledReader),
    /// Not at all: kept as written.
    Verbatim,
}

/// A definition's reader compiled to Rust from its format (by `rust_gen`): reads what follows
/// the mnemonic and returns it as upstream prints it, as the engine's reader of the same
/// format does.
pub type CompiledReader = fn(&mut OpAsmParser<'_, '_, '_>) -> ParseResult<String>;

/// The parser a compiled reader reads from (named here so generated code needs no direct
/// dependency on `tessera-asm`).
pub use tessera_asm::custom::OpAsmParser as Parser;

/// What a compiled reader returns: the body as upstream prints it, or the error.
pub type ReadResult = ParseResult<String>;

/// A definition of a compiled table: its mnemonic and its compiled reader (`None`: kept as
/// written, as the engine keeps a definition whose format it cannot run).
pub type CompiledDef = (&'static str, Option<CompiledReader>);

/// The attributes and types of one dialect, by mnemonic.
#[derive(Clone)]
pub struct DialectDefs {
    dialect: String,
    attrs: HashMap<String, Reader>,
    types: HashMap<String, Reader>,
    /// The dialect reads its attributes / types only through the generated parser
    /// (`useDefaultAttributePrinterParser`, `useDefaultTypePrinterParser`), so an unknown
    /// mnemonic is an error; otherwise hand-written C++ may know more names than the `.td`.
    closed_attrs: bool,
    closed_types: bool,
}

impl DialectDefs {
    /// The definitions of dialect `dialect` of `model`; `hooks` read definitions by
    /// `dialect.mnemonic` (they take precedence over a format).
    pub fn compile(
        model: &Model,
        dialect: crate::DialectId,
        hooks: &HashMap<String, Arc<dyn DefAssembly>>,
    ) -> DialectDefs {
        let info = model.dialect(dialect);
        let mut defs = DialectDefs {
            dialect: info.name.clone(),
            attrs: HashMap::new(),
            types: HashMap::new(),
            closed_attrs: info.use_default_attribute_printer_parser,
            closed_types: info.use_default_type_printer_parser,
        };
        for def in model.attr_defs.iter().chain(&model.type_defs) {
            if def.dialect != dialect {
                continue;
            }
            let Some(mnemonic) = def.mnemonic.clone() else {
                continue;
            };
            let reader = match hooks.get(&format!("{}.{mnemonic}", info.name)) {
                Some(hook) => Reader::Hook(hook.clone()),
                None => DefSpec::compile(model, def)
                    .map_or(Reader::Verbatim, |spec| Reader::Format(Arc::new(spec))),
            };
            match def.kind {
                DefKind::Attr => defs.attrs.insert(mnemonic, reader),
                DefKind::Type => defs.types.insert(mnemonic, reader),
            };
        }
        defs
    }

    /// The definitions of dialect `dialect` from readers compiled at build time, in the
    /// order of the model's definitions (a later mnemonic replaces an earlier one, as in
    /// [`DialectDefs::compile`]); `hooks` take precedence as there. `closed_attrs` and
    /// `closed_types` are the dialect's `useDefault{Attribute,Type}PrinterParser`.
    pub fn from_compiled(
        dialect: &str,
        closed_attrs: bool,
        closed_types: bool,
        attrs: &[CompiledDef],
        types: &[CompiledDef],
        hooks: &HashMap<String, Arc<dyn DefAssembly>>,
    ) -> DialectDefs {
        let readers = |defs: &[CompiledDef]| {
            defs.iter()
                .map(|&(mnemonic, compiled)| {
                    let reader = match hooks.get(&format!("{dialect}.{mnemonic}")) {
                        Some(hook) => Reader::Hook(hook.clone()),
                        None => compiled.map_or(Reader::Verbatim, Reader::Compiled),
                    };
                    (mnemonic.to_string(), reader)
                })
                .collect()
        };
        DialectDefs {
            dialect: dialect.to_string(),
            attrs: readers(attrs),
            types: readers(types),
            closed_attrs,
            closed_types,
        }
    }

    /// Whether the dialect has any attribute or type definition to read.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty() && self.types.is_empty()
    }

    fn read(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
        kind: DefKind,
    ) -> ParseResult<Option<String>> {
        let (readers, closed) = match kind {
            DefKind::Attr => (&self.attrs, self.closed_attrs),
            DefKind::Type => (&self.types, self.closed_types),
        };
        match readers.get(mnemonic) {
            Some(Reader::Format(spec)) => spec.parse(p).map(Some),
            Some(Reader::Hook(hook)) => hook.parse(p).map(Some),
            Some(Reader::Compiled(read)) => read(p).map(Some),
            Some(Reader::Verbatim) => Ok(None),
            None if closed && !readers.is_empty() => {
                // Upstream's generated type parser has two spaces here.
                let what = match kind {
                    DefKind::Attr => "attribute",
                    DefKind::Type => " type",
                };
                Err(p.error_at(
                    mnemonic_pos,
                    format!("unknown {what} `{mnemonic}` in dialect `{}`", self.dialect),
                ))
            }
            None => Ok(None),
        }
    }
}

impl DialectAssembly for DialectDefs {
    fn parse_attribute(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>> {
        self.read(p, mnemonic, mnemonic_pos, DefKind::Attr)
    }

    fn parse_type(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        mnemonic: &str,
        mnemonic_pos: u32,
    ) -> ParseResult<Option<String>> {
        self.read(p, mnemonic, mnemonic_pos, DefKind::Type)
    }
}

/// What a parameter holds, as its C++ type says.
#[derive(Clone, Debug)]
pub enum ParamKind {
    /// Any type, written in full.
    Type,
    /// Any attribute, written in full.
    Attribute,
    /// An attribute or type of a definition with a mnemonic, written without its
    /// `#dialect.mnemonic` / `!dialect.mnemonic` prefix (which is accepted too).
    Stripped {
        /// Attribute or type.
        kind: DefKind,
        /// The definition's dialect.
        dialect: String,
        /// The definition's mnemonic.
        mnemonic: String,
    },
    /// An integer.
    Integer,
    /// A quoted string (`StringRefParameter`).
    String,
    /// An enum, by its case keywords.
    Enum(EnumAttrSpec),
    /// A comma-separated list (`ArrayRefParameter`).
    Array(Box<ParamKind>),
}

/// One parameter of a definition, as its reader needs it.
#[derive(Clone, Debug)]
pub struct ParamSpec {
    name: String,
    cpp_type: String,
    kind: ParamKind,
    optional: bool,
    /// The default value as printed, when it is known; a value equal to it is not printed.
    default: Option<String>,
}

impl ParamSpec {
    /// Parameter `name` of C++ type `cpp_type` (named in errors), read as `kind`; an
    /// `optional` one equal to `default` (its printed form) is left out when printing.
    pub fn new(
        name: &str,
        cpp_type: &str,
        kind: ParamKind,
        optional: bool,
        default: Option<&str>,
    ) -> ParamSpec {
        ParamSpec {
            name: name.to_string(),
            cpp_type: cpp_type.to_string(),
            kind,
            optional,
            default: default.map(str::to_string),
        }
    }

    /// The parameter's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its C++ type, as the `.td` spells it.
    pub fn cpp_type(&self) -> &str {
        &self.cpp_type
    }

    /// How it is read.
    pub fn kind(&self) -> &ParamKind {
        &self.kind
    }

    /// Whether it may be left out.
    pub fn optional(&self) -> bool {
        self.optional
    }

    /// Its default value as printed, when known.
    pub fn default_text(&self) -> Option<&str> {
        self.default.as_deref()
    }
}

/// A parsed parameter value.
#[derive(Clone, Debug, PartialEq)]
struct Value {
    /// As the default printer writes it (stripped for definitions' attributes and types).
    text: String,
    /// As `qualified($param)` writes it.
    full: String,
}

impl Value {
    fn plain(text: String) -> Value {
        Value {
            full: text.clone(),
            text,
        }
    }
}

/// A definition read by its format, as the engine runs it: its elements, walked at run time
/// into the steps of [`DefReading`] and [`DefPrinter`].
#[derive(Clone, Debug)]
pub(crate) struct DefSpec {
    pub(crate) record: String,
    pub(crate) elements: Vec<Element>,
    pub(crate) params: Vec<ParamSpec>,
}

impl DefSpec {
    /// The reader of `def`, if its format is one this engine can run.
    pub(crate) fn compile(model: &Model, def: &AttrOrTypeDef) -> Option<DefSpec> {
        let elements = match crate::format::parse_def_format(def) {
            Some(Ok(format)) => format.elements,
            Some(Err(_)) => return None,
            // A definition without parameters needs no format: it is just its mnemonic.
            None if def.parameters.iter().all(|p| p.self_type)
                && !def.has_custom_assembly_format =>
            {
                Vec::new()
            }
            None => return None,
        };
        let params = def
            .parameters
            .iter()
            .map(|p| param_spec(model, def, p))
            .collect::<Vec<_>>();
        let mut supported = true;
        for e in &elements {
            e.walk(&mut |e| match &e.kind {
                ElementKind::Custom { .. } => supported = false,
                ElementKind::Variable(Variable::Param { index, .. }) => {
                    supported &= params[*index].is_some();
                }
                _ => {}
            });
        }
        if !supported {
            return None;
        }
        Some(DefSpec {
            record: def.record.clone(),
            elements,
            params: params
                .into_iter()
                // A parameter the format does not name is never read nor printed.
                .map(|p| {
                    p.unwrap_or_else(|| ParamSpec::new("", "", ParamKind::Attribute, true, None))
                })
                .collect(),
        })
    }

    /// Reads the body after the mnemonic and returns its canonical text.
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>) -> ParseResult<String> {
        let mut r = DefReading::new(&self.record, &self.params);
        self.parse_elements(p, &self.elements, &mut r)?;
        let mut w = r.printer();
        print_elements(&mut w, &self.elements);
        Ok(w.finish())
    }

    fn parse_elements(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        elements: &[Element],
        r: &mut DefReading<'_>,
    ) -> ParseResult<()> {
        for e in elements {
            self.parse_element(p, e, r)?;
        }
        Ok(())
    }

    fn parse_element(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        e: &Element,
        r: &mut DefReading<'_>,
    ) -> ParseResult<()> {
        match &e.kind {
            ElementKind::Literal(text) => literal(p, text),
            ElementKind::Variable(Variable::Param { index, .. }) => r.param(p, *index),
            ElementKind::Params(list) => r.params(p, &param_indices(list)),
            ElementKind::Struct(list) => r.struct_params(p, &param_indices(list)),
            ElementKind::Optional(group) => {
                let (then_rest, else_rest) = parsed_branches(group);
                let present = match then_rest.first().map(|e| &e.kind) {
                    Some(ElementKind::Literal(text)) => optional_literal(p, text),
                    Some(ElementKind::Variable(Variable::Param { index, .. })) => {
                        r.optional_anchor(p, *index)?
                    }
                    Some(ElementKind::Params(list)) | Some(ElementKind::Struct(list)) => {
                        self.parse_element(p, &then_rest[0], r)?;
                        r.any_read(&param_indices(list))
                    }
                    _ => false,
                };
                if present {
                    self.parse_elements(p, &then_rest[1.min(then_rest.len())..], r)
                } else {
                    self.parse_elements(p, else_rest, r)
                }
            }
            _ => Ok(()),
        }
    }
}

/// The elements of an optional group the parser runs: from the first non-whitespace one of
/// the then branch (its first tells whether the group is there), and the else branch's.
pub(crate) fn parsed_branches(group: &OptionalGroup) -> (&[Element], &[Element]) {
    let then_rest = &group.then_elements[group.then_parse_start..];
    let else_rest = &group.else_elements[group.else_parse_start.min(group.else_elements.len())..];
    (then_rest, else_rest)
}

/// The parameters a `params` or `struct` list names, by index.
pub(crate) fn param_indices(list: &[Element]) -> Vec<usize> {
    list.iter().filter_map(param_index).collect()
}

/// The parameters a `params` or `struct` list names, with whether each is `qualified`.
pub(crate) fn qualified_params(list: &[Element]) -> Vec<(usize, bool)> {
    list.iter()
        .filter_map(|e| match e.kind {
            ElementKind::Variable(Variable::Param { index, qualified }) => Some((index, qualified)),
            _ => None,
        })
        .collect()
}

/// The parameters an optional group's anchor stands for: its own, or those of a `params` or
/// `struct` anchor (none for a literal, which is never printed as present).
pub(crate) fn anchor_params(group: &OptionalGroup) -> Vec<usize> {
    let anchor = group.anchor_element();
    match &anchor.kind {
        ElementKind::Params(list) | ElementKind::Struct(list) => param_indices(list),
        _ => param_index(anchor).into_iter().collect(),
    }
}

/// The printer's walk over a definition's elements (the engine's; generated readers make
/// the same calls in straight lines).
fn print_elements(w: &mut DefPrinter<'_>, elements: &[Element]) {
    for e in elements {
        match &e.kind {
            ElementKind::Literal(text) => w.literal(text),
            ElementKind::Whitespace(Whitespace::Newline) => w.newline(),
            ElementKind::Whitespace(Whitespace::Space) => w.space(),
            ElementKind::Whitespace(Whitespace::None) => w.no_space(),
            ElementKind::Variable(Variable::Param { index, qualified }) => {
                w.param(*index, *qualified)
            }
            ElementKind::Params(list) => w.params(&qualified_params(list)),
            ElementKind::Struct(list) => w.struct_params(&qualified_params(list)),
            ElementKind::Optional(group) => {
                if w.anchored(&anchor_params(group)) != group.anchor.in_else {
                    let saved = w.save();
                    print_elements(w, &group.then_elements);
                    w.restore(saved);
                } else {
                    print_elements(w, &group.else_elements);
                }
            }
            _ => {}
        }
    }
}

/// The parameters of one definition being read: the steps its format's elements take, shared
/// by the engine ([`DefSpec`]) and the readers `rust_gen` generates, so both read alike (the
/// same errors at the same positions).
pub struct DefReading<'s> {
    record: &'s str,
    params: &'s [ParamSpec],
    values: Vec<Option<Value>>,
}

impl<'s> DefReading<'s> {
    /// Reading definition `record` (named in errors), whose parameters are `params`.
    pub fn new(record: &'s str, params: &'s [ParamSpec]) -> DefReading<'s> {
        DefReading {
            record,
            params,
            values: vec![None; params.len()],
        }
    }

    /// A `$param` element: parameter `i`. An optional parameter reads as upstream's
    /// `FieldParser<std::optional<T>>`: nothing if what is next cannot start one.
    pub fn param(&mut self, p: &mut OpAsmParser<'_, '_, '_>, i: usize) -> ParseResult<()> {
        self.values[i] = if self.params[i].optional {
            self.optional_param(p, i)?
        } else {
            Some(self.required_param(p, i)?)
        };
        Ok(())
    }

    /// An optional group anchored on parameter `i`: reads it if something that can start it
    /// is next, and returns whether it did.
    pub fn optional_anchor(
        &mut self,
        p: &mut OpAsmParser<'_, '_, '_>,
        i: usize,
    ) -> ParseResult<bool> {
        self.values[i] = self.optional_param(p, i)?;
        Ok(self.values[i].is_some())
    }

    /// Whether any of parameters `indices` was read (a `params` or `struct` anchor).
    pub fn any_read(&self, indices: &[usize]) -> bool {
        indices.iter().any(|&i| self.values[i].is_some())
    }

    /// `params`: the parameters `indices` comma-separated; after the last required one, a
    /// parameter (and its comma) may be left out.
    pub fn params(
        &mut self,
        p: &mut OpAsmParser<'_, '_, '_>,
        indices: &[usize],
    ) -> ParseResult<()> {
        let last_required = indices.iter().rposition(|&i| !self.params[i].optional);
        for (n, &i) in indices.iter().enumerate() {
            if n > 0 {
                let previous = indices[n - 1];
                if self.params[previous].optional && self.values[previous].is_none() {
                    // Nothing was written for the previous one, so no comma either.
                } else if last_required.is_some_and(|last| n <= last) {
                    p.parse_punct(Punct::Comma)?;
                } else if !p.parse_optional_punct(Punct::Comma) {
                    break;
                }
            }
            self.param(p, i)?;
        }
        Ok(())
    }

    /// `struct(...)`: `name = value` pairs of parameters `indices`, in any order.
    pub fn struct_params(
        &mut self,
        p: &mut OpAsmParser<'_, '_, '_>,
        indices: &[usize],
    ) -> ParseResult<()> {
        let optional = indices.iter().filter(|&&i| self.params[i].optional).count();
        let mut seen = vec![false; indices.len()];
        let key = |p: &mut OpAsmParser<'_, '_, '_>| -> ParseResult<String> {
            match p.parse_optional_any_keyword() {
                Some(k) => Ok(k.to_string()),
                None => Err(p.error_here("expected a parameter name in struct")),
            }
        };
        if optional == 0 {
            for n in 0..indices.len() {
                let k = key(p)?;
                self.struct_entry(p, indices, &mut seen, k)?;
                if n + 1 != indices.len() {
                    p.parse_punct(Punct::Comma)?;
                }
            }
            return Ok(());
        }
        if optional == indices.len() {
            let Some(k) = p.parse_optional_any_keyword().map(str::to_string) else {
                return Ok(());
            };
            self.struct_entry(p, indices, &mut seen, k)?;
            while p.parse_optional_punct(Punct::Comma) {
                let k = key(p)?;
                self.struct_entry(p, indices, &mut seen, k)?;
            }
            return Ok(());
        }
        loop {
            let k = key(p)?;
            self.struct_entry(p, indices, &mut seen, k)?;
            if !p.parse_optional_punct(Punct::Comma) {
                break;
            }
        }
        for &i in indices {
            if !self.params[i].optional && self.values[i].is_none() {
                return Err(p.error_here(format!(
                    "struct is missing required parameter: {}",
                    self.params[i].name
                )));
            }
        }
        Ok(())
    }

    /// `key = value` of a struct, once its key is read.
    fn struct_entry(
        &mut self,
        p: &mut OpAsmParser<'_, '_, '_>,
        indices: &[usize],
        seen: &mut [bool],
        key: String,
    ) -> ParseResult<()> {
        p.parse_punct(Punct::Equal)?;
        let found = indices
            .iter()
            .position(|&i| self.params[i].name == key)
            .filter(|&n| !seen[n]);
        let Some(n) = found else {
            return Err(p.error_here(format!("duplicate or unknown struct parameter name: {key}")));
        };
        seen[n] = true;
        self.values[indices[n]] = Some(self.required_param(p, indices[n])?);
        Ok(())
    }

    /// Parameter `i`, which must be there.
    fn required_param(&self, p: &mut OpAsmParser<'_, '_, '_>, i: usize) -> ParseResult<Value> {
        let param = &self.params[i];
        match read_value(p, &param.kind, false) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(self.failed(p, i, None)),
            Err(inner) => Err(self.failed(p, i, Some(inner))),
        }
    }

    /// Parameter `i` if something that can start it is next.
    fn optional_param(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        i: usize,
    ) -> ParseResult<Option<Value>> {
        read_value(p, &self.params[i].kind, true).map_err(|inner| self.failed(p, i, Some(inner)))
    }

    /// Upstream's two errors when a parameter does not parse: what went wrong, then which
    /// parameter it was (kept as a second error of the same diagnostic).
    fn failed(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        i: usize,
        inner: Option<Box<Diagnostic>>,
    ) -> Box<Diagnostic> {
        let param = &self.params[i];
        let message = format!(
            "failed to parse {} parameter '{}' which is to be a `{}`",
            self.record, param.name, param.cpp_type
        );
        let outer = p.error_here(message);
        match inner {
            Some(mut inner) => {
                inner
                    .notes
                    .push(Diagnostic::new(Severity::Error, outer.loc, outer.message));
                inner
            }
            None => outer,
        }
    }

    /// The printer of what was read.
    pub fn printer(&self) -> DefPrinter<'_> {
        DefPrinter {
            params: self.params,
            values: &self.values,
            out: String::new(),
            emit_space: true,
            last_was_punct: false,
        }
    }
}

/// Reads one value of `kind`; with `optional`, nothing (`None`) if what is next cannot start
/// one.
fn read_value(
    p: &mut OpAsmParser<'_, '_, '_>,
    kind: &ParamKind,
    optional: bool,
) -> ParseResult<Option<Value>> {
    let value = match kind {
        ParamKind::Type => {
            if optional && !p.at_type() {
                return Ok(None);
            }
            let ty = p.parse_type()?;
            Value::plain(tessera_asm::type_to_string(p.ctx(), ty))
        }
        ParamKind::Attribute => {
            if optional && !p.at_attribute() {
                return Ok(None);
            }
            let attr = p.parse_attribute(None)?;
            Value::plain(tessera_asm::attr_to_string(p.ctx(), attr))
        }
        ParamKind::Stripped {
            kind,
            dialect,
            mnemonic,
        } => match read_stripped(p, *kind, dialect, mnemonic)? {
            Some(full) => stripped_value(full, *kind, dialect, mnemonic),
            None if optional => return Ok(None),
            None => {
                let noun = match kind {
                    DefKind::Attr => "attribute",
                    DefKind::Type => "type",
                };
                let sigil = sigil(*kind);
                return Err(p.error_here(format!("expected '{sigil}{dialect}.{mnemonic}' {noun}")));
            }
        },
        ParamKind::Integer => match p.parse_optional_integer()? {
            Some(v) => Value::plain(v.to_string()),
            None if optional => return Ok(None),
            None => return Err(p.error_here("expected integer value")),
        },
        ParamKind::String => match p.parse_optional_string() {
            Some(s) => {
                let mut text = String::from("\"");
                tessera_asm::escape_into(s.as_bytes(), &mut text);
                text.push('"');
                Value::plain(text)
            }
            None if optional => return Ok(None),
            None => return Err(p.error_here("expected string")),
        },
        ParamKind::Enum(spec) => {
            if optional && !p.at_any_keyword() {
                return Ok(None);
            }
            Value::plain(read_enum(p, spec)?)
        }
        ParamKind::Array(element) => {
            let Some(first) = read_value(p, element, optional)? else {
                return Ok(None);
            };
            let mut text = first.text;
            while p.parse_optional_punct(Punct::Comma) {
                match read_value(p, element, false)? {
                    Some(v) => {
                        text.push_str(", ");
                        text.push_str(&v.text);
                    }
                    None => return Err(p.error_here("expected a list element")),
                }
            }
            Value::plain(text)
        }
    };
    Ok(Some(value))
}

/// A definition's attribute or type, written in full (`#dialect.mnemonic<…>`, as upstream's
/// parser falls back to) or stripped: its full text, `None` if neither form is next.
fn read_stripped(
    p: &mut OpAsmParser<'_, '_, '_>,
    kind: DefKind,
    dialect: &str,
    mnemonic: &str,
) -> ParseResult<Option<String>> {
    let full = match kind {
        DefKind::Attr => match p.parse_optional_attribute_if_qualified()? {
            Some(attr) => Some(attr),
            None => p.parse_stripped_attribute(dialect, mnemonic)?,
        }
        .map(|attr| tessera_asm::attr_to_string(p.ctx(), attr)),
        DefKind::Type => match p.parse_optional_type_if_qualified()? {
            Some(ty) => Some(ty),
            None => p.parse_stripped_type(dialect, mnemonic)?,
        }
        .map(|ty| tessera_asm::type_to_string(p.ctx(), ty)),
    };
    Ok(full)
}

/// What starts an attribute (`#`) or a type (`!`) of a dialect.
fn sigil(kind: DefKind) -> char {
    match kind {
        DefKind::Attr => '#',
        DefKind::Type => '!',
    }
}

/// The value of a definition's attribute or type from its full text: its stripped text is
/// what follows the mnemonic.
fn stripped_value(full: String, kind: DefKind, dialect: &str, mnemonic: &str) -> Value {
    let prefix = format!("{}{dialect}.{mnemonic}", sigil(kind));
    let text = full
        .strip_prefix(&prefix)
        .map_or_else(|| full.clone(), str::to_string);
    Value { text, full }
}

/// An enum parameter: one case keyword, or for a bit enum cases joined by its separator.
/// Returns the canonical spelling.
fn read_enum(p: &mut OpAsmParser<'_, '_, '_>, spec: &EnumAttrSpec) -> ParseResult<String> {
    let start = p.pos();
    let mut value = 0i64;
    loop {
        let Some(keyword) = p.parse_optional_any_keyword().map(str::to_string) else {
            return Err(p.error_here("expected valid keyword"));
        };
        let Some(&(_, v)) = spec.cases.iter().find(|(s, _)| *s == keyword) else {
            let names: Vec<&str> = spec.cases.iter().map(|(s, _)| s.as_str()).collect();
            return Err(p.error_at(
                start,
                format!(
                    "expected {} to be one of: {}",
                    spec.qualified_name(),
                    names.join(", ")
                ),
            ));
        };
        value |= v;
        let more = spec.bit
            && if spec.separator.trim() == "|" {
                p.parse_optional_vertical_bar()
            } else {
                p.parse_optional_punct(Punct::Comma)
            };
        if !more {
            break;
        }
    }
    match spec.spell(value) {
        Some(text) => Ok(text),
        None => Err(p.error_at(start, "invalid enum value")),
    }
}

fn param_index(e: &Element) -> Option<usize> {
    match e.kind {
        ElementKind::Variable(Variable::Param { index, .. }) => Some(index),
        _ => None,
    }
}

/// How a parameter of `def` is read, if this engine can read it.
fn param_spec(model: &Model, def: &AttrOrTypeDef, param: &Parameter) -> Option<ParamSpec> {
    let kind = param_kind(model, def, &param.cpp_type)?;
    let default = default_text(&kind, &param.default_value);
    Some(ParamSpec {
        name: param.name.clone(),
        cpp_type: param.cpp_type.clone(),
        kind,
        optional: param.optional,
        default,
    })
}

fn param_kind(model: &Model, def: &AttrOrTypeDef, cpp_type: &str) -> Option<ParamKind> {
    let ty = cpp_type.trim().trim_start_matches("::");
    let ty = ty.strip_prefix("mlir::").unwrap_or(ty);
    // `std::optional<T>` reads as `T` (its absence is the parameter's default).
    if let Some(inner) = ty
        .strip_prefix("std::optional<")
        .and_then(|s| s.strip_suffix('>'))
    {
        return param_kind(model, def, inner);
    }
    if let Some(inner) = ty
        .strip_prefix("llvm::ArrayRef<")
        .or_else(|| ty.strip_prefix("ArrayRef<"))
        .and_then(|s| s.strip_suffix('>'))
    {
        return Some(ParamKind::Array(Box::new(param_kind(model, def, inner)?)));
    }
    match ty {
        "Type" => return Some(ParamKind::Type),
        "Attribute" => return Some(ParamKind::Attribute),
        "llvm::StringRef" | "StringRef" => return Some(ParamKind::String),
        "int64_t" | "uint64_t" | "int32_t" | "uint32_t" | "int16_t" | "uint16_t" | "int8_t"
        | "uint8_t" | "unsigned" | "int" | "unsigned int" | "size_t" => {
            return Some(ParamKind::Integer)
        }
        _ => {}
    }
    // The enum of an `EnumAttr`, or any enum class of the model named by the C++ type.
    let class = ty.rsplit("::").next().unwrap_or(ty);
    if let Some(info) = model.enums.iter().find(|e| {
        e.class_name == class
            && (def.enum_info.as_deref() == Some(e.record.as_str())
                || ty == format!("{}::{}", e.cpp_namespace.trim_start_matches("::"), class))
    }) {
        return Some(ParamKind::Enum(EnumAttrSpec::of(info)));
    }
    // A definition of some dialect with a mnemonic: read stripped.
    let named = |d: &&AttrOrTypeDef| {
        let ns = &model.dialect(d.dialect).cpp_namespace;
        d.cpp_class_name == class
            && (ty == class || ty == format!("{}::{class}", ns.trim_start_matches("::")))
    };
    if let Some(d) = model.attr_defs.iter().chain(&model.type_defs).find(named) {
        let dialect = model.dialect(d.dialect).name.clone();
        let mnemonic = d.mnemonic.clone()?;
        return Some(ParamKind::Stripped {
            kind: d.kind,
            dialect,
            mnemonic,
        });
    }
    // Builtin attribute and type classes print in full.
    if class.ends_with("Type") && !class.contains('<') {
        return Some(ParamKind::Type);
    }
    if class.ends_with("Attr") && !class.contains('<') {
        return Some(ParamKind::Attribute);
    }
    None
}

/// The printed form of a C++ default value, when it is one this engine understands (an
/// integer, a string literal, an enum case); `None` for a null default (`T()`) or C++ it
/// cannot read, where only an absent parameter is left out.
fn default_text(kind: &ParamKind, default: &str) -> Option<String> {
    let default = default.trim();
    if default.is_empty() || default.ends_with("()") {
        return None;
    }
    match kind {
        ParamKind::Integer => default.parse::<i64>().ok().map(|v| v.to_string()),
        ParamKind::String => {
            (default.starts_with('"') && default.ends_with('"')).then(|| default.to_string())
        }
        ParamKind::Enum(spec) => {
            let symbol = default.rsplit("::").next()?;
            spec.symbols
                .iter()
                .find(|(s, _)| s == symbol)
                .and_then(|(_, v)| spec.spell(*v))
        }
        _ => None,
    }
}

/// Writes a definition's parameters in upstream's spelling (its generated printer): the
/// steps of the engine's walk over the format, which generated readers call in straight
/// lines. Spacing follows what was written last, as upstream's printer does.
pub struct DefPrinter<'s> {
    params: &'s [ParamSpec],
    values: &'s [Option<Value>],
    out: String,
    emit_space: bool,
    last_was_punct: bool,
}

/// What [`DefPrinter::save`] keeps of the printer's spacing.
#[derive(Clone, Copy, Debug)]
pub struct Spacing(bool, bool);

impl DefPrinter<'_> {
    fn present(&self, i: usize) -> bool {
        let param = &self.params[i];
        match &self.values[i] {
            None => false,
            Some(v) => !(param.optional && param.default.as_ref() == Some(&v.text)),
        }
    }

    /// Whether an optional group anchored on parameters `anchor` (any of them) is printed as
    /// present: read, and not equal to its default.
    pub fn anchored(&self, anchor: &[usize]) -> bool {
        anchor.iter().any(|&i| self.present(i))
    }

    /// The spacing state, before printing a then branch (which does not change it).
    pub fn save(&self) -> Spacing {
        Spacing(self.emit_space, self.last_was_punct)
    }

    /// Back to the spacing `saved`.
    pub fn restore(&mut self, saved: Spacing) {
        Spacing(self.emit_space, self.last_was_punct) = saved;
    }

    /// A literal.
    pub fn literal(&mut self, text: &str) {
        if self.emit_space && space_before(text, self.last_was_punct) {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.emit_space = !(text.len() == 1 && "<({[".contains(text));
        self.last_was_punct = !text.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic());
    }

    /// The `` `\n` `` directive.
    pub fn newline(&mut self) {
        self.out.push('\n');
        self.emit_space = false;
    }

    /// The `` ` ` `` directive.
    pub fn space(&mut self) {
        self.out.push(' ');
        self.emit_space = false;
    }

    /// The ``` `` ``` directive: no space before what follows.
    pub fn no_space(&mut self) {
        self.last_was_punct = true;
        self.emit_space = false;
    }

    /// `$param` (`qualified($param)` if `qualified`): left out if optional and not present.
    pub fn param(&mut self, index: usize, qualified: bool) {
        if self.params[index].optional && !self.present(index) {
            return;
        }
        self.variable(index, qualified);
    }

    /// `params` of these parameters (each with whether it is qualified).
    pub fn params(&mut self, list: &[(usize, bool)]) {
        self.comma_separated(list, false)
    }

    /// `struct(...)` of these parameters.
    pub fn struct_params(&mut self, list: &[(usize, bool)]) {
        self.comma_separated(list, true)
    }

    /// What was printed.
    pub fn finish(self) -> String {
        self.out
    }

    fn variable(&mut self, index: usize, qualified: bool) {
        if self.emit_space || !self.last_was_punct {
            self.out.push(' ');
        }
        self.emit_space = true;
        self.last_was_punct = false;
        if let Some(v) = &self.values[index] {
            self.out.push_str(if qualified { &v.full } else { &v.text });
        }
    }

    fn comma_separated(&mut self, list: &[(usize, bool)], with_names: bool) {
        if self.emit_space || !self.last_was_punct {
            let all_optional = list.iter().all(|&(i, _)| self.params[i].optional);
            if !all_optional || list.iter().any(|&(i, _)| self.present(i)) {
                self.out.push(' ');
            }
        }
        let mut first = true;
        for &(i, qualified) in list {
            if self.params[i].optional && !self.present(i) {
                continue;
            }
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            if with_names {
                self.out.push_str(&self.params[i].name);
                self.out.push_str(" = ");
            }
            self.emit_space = false;
            self.last_was_punct = true;
            self.variable(i, qualified);
        }
    }
}
