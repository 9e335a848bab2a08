//! Declarative assembly formats compiled to Rust: per op with a format, a type implementing
//! `OpAssembly` whose `parse` and `print` are the format's elements unrolled into straight
//! lines of calls to [`crate::assembly::steps`] (the steps the format engine takes too, so
//! both agree by construction on everything but the control flow, which is generated here).
//!
//! What the generated code decides at generation time: the order of elements, the printer's
//! spacing (static in upstream's generated printer too: [`Spacing`] is evaluated here, both
//! branches of an optional group included), which group or attribute each element reads and
//! writes, how each left-out type is resolved, which attributes `attr-dict` leaves out. What
//! it takes at run time from the registration ([`crate::assembly::FormatHooks`]): the C++ the
//! format relies on, evaluated (type builders, transformers, defaults), result names and
//! result type inference written in Rust.
//!
//! `custom<Name>(...)` directives call the hook registered under `Name` (the registration
//! hands the compiled form the same hooks the engine gets), with their arguments built and
//! stored by generated code. An op whose format the compiler cannot handle (today: one that
//! does not parse) is left to the engine; [`Compiled::skipped`] says which ops and why, so
//! `tessera-build` can warn and tests can assert coverage.

use super::rust_type_name;
use crate::assembly::steps::{AttrStart, Group, Spacing};
use crate::assembly::{
    elided_by_format, implicit_terminator, printed_region_elements, AttrSlot, RegionElement,
};
use crate::constraint::Arity;
use crate::format::{
    AttrStyle, Element, ElementKind, OpFormat, OptionalGroup, TypeResolution, TypeSource, Variable,
    Whitespace,
};
use crate::op::{Op, Segments};
use crate::Model;
use std::fmt::Write;

/// The compiled custom forms of a list of ops.
pub struct Compiled {
    /// The generated items: one type per compiled op in a module `compiled_forms`, and
    /// `install_assembly`.
    pub code: String,
    /// The ops with a format left to the engine, by full name, with the reason.
    pub skipped: Vec<(String, String)>,
    /// The compiled forms: each op's full name and its type in `compiled_forms`.
    pub forms: Vec<(String, String)>,
}

/// Compiles the formats of `ops` (of `model`); ops without a format are neither covered nor
/// skipped.
pub fn compile(model: &Model, ops: &[&Op]) -> Compiled {
    let mut out = String::new();
    let mut skipped = Vec::new();
    let mut installs = Vec::new();
    for op in ops {
        let format = match crate::format::parse_op_format(model, op) {
            None => continue,
            Some(Err(errors)) => {
                let why = errors.first().map(|e| e.message.as_str()).unwrap_or("");
                skipped.push((op.name.clone(), format!("its format does not parse: {why}")));
                continue;
            }
            Some(Ok(format)) => format,
        };
        let ty = format!("{}Assembly", rust_type_name(&op.cpp_class_name));
        OpGen::new(model, op, &format, &ty).emit(&mut out);
        installs.push((op.name.clone(), ty));
    }
    let mut code = String::new();
    code.push_str(
        "/// Installs the custom forms compiled from the ops' assembly formats into `ctx`, over the\n\
         /// format engine's that `registration` registered: each with what the registration\n\
         /// evaluated for it (C++ expressions, Rust hooks). An op whose form the registration's\n\
         /// options replaced by one written in Rust keeps that one. `registration` must be\n\
         /// compiled from this module's `MODEL` (as `register` and `register_with` do).\n",
    );
    code.push_str(
        "pub fn install_assembly(\n    ctx: &mut ::tessera_ir::Context,\n    registration: &::tessera_ods::register::Registration,\n) {\n",
    );
    if installs.is_empty() {
        code.push_str("    let _ = (ctx, registration);\n");
    }
    for (name, ty) in &installs {
        let _ = writeln!(
            code,
            "    if let Some(hooks) = registration.format_hooks({name:?}) {{\n        \
             ::tessera_ods::assembly::steps::set_op_assembly(\n            ctx,\n            {name:?},\n            \
             ::std::sync::Arc::new(compiled_forms::{ty} {{ hooks }}),\n        );\n    }}"
        );
    }
    code.push_str("}\n\n");
    code.push_str("/// The ops' custom forms compiled from their assembly formats.\n");
    code.push_str("pub mod compiled_forms {\n");
    for line in out.lines() {
        if line.is_empty() {
            code.push('\n');
        } else {
            code.push_str("    ");
            code.push_str(line);
            code.push('\n');
        }
    }
    code.push_str("}\n");
    Compiled {
        code,
        skipped,
        forms: installs,
    }
}

/// The names of the `custom<Name>` directives of `format`, each once, in format order.
pub(crate) fn directive_names(format: &OpFormat) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for e in &format.elements {
        e.walk(&mut |e| {
            if let ElementKind::Custom { name, .. } = &e.kind {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        });
    }
    names
}

/// The generator of one op's form.
struct OpGen<'a> {
    op: &'a Op,
    format: &'a OpFormat,
    /// The generated type's name.
    ty: String,
    /// The op's typed handle (its `OPERANDS`/`RESULTS` layouts).
    handle: String,
    attrs: Vec<AttrSlot>,
    implicit_terminator: bool,
    /// The format's directive names, as a Rust array expression (empty if none).
    directives: String,
}

/// Lines of generated code at an indentation. Text the printer writes is collected and
/// written by one `p.write` per run of literals and spaces.
struct Lines {
    out: String,
    indent: usize,
    pending: String,
}

impl Lines {
    fn new(indent: usize) -> Lines {
        Lines {
            out: String::new(),
            indent,
            pending: String::new(),
        }
    }

    /// Text for the printer to write.
    fn write(&mut self, text: &str) {
        self.pending.push_str(text);
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let text = std::mem::take(&mut self.pending);
            self.line(&format!("p.write({text:?});"));
        }
    }

    /// The code, pending text written.
    fn finish(mut self) -> String {
        self.flush();
        self.out
    }

    fn line(&mut self, text: &str) {
        self.flush();
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn open(&mut self, text: &str) {
        self.line(text);
        self.indent += 1;
    }

    fn close(&mut self, text: &str) {
        self.indent -= 1;
        self.line(text);
    }
}

/// A Rust expression for a `Group`.
fn group_expr(group: Group<'_>) -> String {
    match group {
        Group::Single => "s::Group::Single".into(),
        Group::Optional => "s::Group::Optional".into(),
        Group::Variadic => "s::Group::Variadic".into(),
        Group::Nested(attr) => format!("s::Group::Nested({attr:?})"),
    }
}

impl<'a> OpGen<'a> {
    fn new(model: &'a Model, op: &'a Op, format: &'a OpFormat, ty: &str) -> OpGen<'a> {
        let attrs = (0..op.attributes.len())
            .map(|i| AttrSlot::of(model, op, format, i))
            .collect();
        let implicit_terminator = implicit_terminator(op).is_some();
        let names = directive_names(format);
        let directives = if names.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
            format!("[{}]", list.join(", "))
        };
        OpGen {
            directives,
            op,
            format,
            ty: ty.to_string(),
            handle: rust_type_name(&op.cpp_class_name),
            attrs,
            implicit_terminator,
        }
    }

    fn emit(&self, out: &mut String) {
        let op = self.op;
        let ty = &self.ty;
        let _ = writeln!(
            out,
            "/// The custom form of `{}`, compiled from its assembly format.",
            op.name
        );
        out.push_str(&format!(
            "pub struct {ty} {{\n    /// What the registration evaluated for the op.\n    pub hooks: ::std::sync::Arc<::tessera_ods::assembly::FormatHooks>,\n}}\n\n"
        ));
        let _ = writeln!(
            out,
            "impl ::tessera_ods::assembly::steps::OpAssembly for {ty} {{"
        );
        out.push_str(&self.parse());
        out.push('\n');
        out.push_str(&self.print());
        out.push('\n');
        out.push_str(&self.can_print());
        out.push_str(
            "\n    fn default_dialect(&self) -> &str {\n        &self.hooks.default_dialect\n    }\n",
        );
        // Decided here as if every directive's hook printed only its arguments; the generated
        // code asks the hooks it gets.
        if let Some(regions) = printed_region_elements(self.format, &|_| true) {
            out.push('\n');
            out.push_str(&self.printed_regions(&regions));
        }
        out.push_str(
            "\n    fn result_names(\n        &self,\n        ctx: &::tessera_ir::Context,\n        body: &::tessera_ir::Body,\n        op: ::tessera_ir::OpId,\n        names: &mut ::tessera_ods::assembly::steps::ResultNames,\n    ) {\n        if let Some(namer) = &self.hooks.result_names {\n            namer(ctx, body, op, names);\n        }\n    }\n",
        );
        out.push_str("}\n\n");
    }

    // -----------------------------------------------------------------------------------
    // Parsing.

    fn parse(&self) -> String {
        let op = self.op;
        let mut l = Lines::new(2);
        l.line("use ::tessera_ods::assembly::steps as s;");
        l.line(&format!(
            "let mut st = s::ParseState::new({}, {}, {}, {});",
            op.operands.len(),
            op.results.len(),
            op.regions.len(),
            op.successors.len()
        ));
        let mut body = Lines::new(2);
        if !self.directives.is_empty() {
            body.open(&format!(
                "if let Some(missing) = s::missing_directive(p, &self.hooks, &{}) {{",
                self.directives
            ));
            body.line("return Err(missing);");
            body.close("}");
        }
        for e in &self.format.elements {
            self.parse_element(&mut body, e);
        }
        let finish = self.finish();
        if finish.contains("op_pos") {
            l.line("let op_pos = p.pos();");
        }
        let mut text = String::from(
            "    fn parse(\n        &self,\n        p: &mut ::tessera_ods::assembly::steps::OpAsmParser<'_, '_, '_>,\n        out: &mut ::tessera_ods::assembly::steps::CustomOpState,\n    ) -> ::tessera_ods::assembly::steps::ParseResult<()> {\n",
        );
        text.push_str(&l.out);
        text.push_str(&body.out);
        text.push_str(&finish);
        text.push_str("    }\n");
        text
    }

    fn parse_element(&self, l: &mut Lines, e: &Element) {
        let op = self.op;
        match &e.kind {
            ElementKind::Literal(text) => l.line(&format!("s::literal(p, {text:?})?;")),
            ElementKind::Whitespace(_) => {}
            ElementKind::Optional(group) => self.parse_optional(l, group),
            ElementKind::OIList(clauses) => {
                l.open("loop {");
                l.line("let mut any = false;");
                for clause in clauses {
                    let ElementKind::Literal(kw) = &clause.keyword.kind else {
                        continue;
                    };
                    l.open(&format!("if p.parse_optional_keyword({kw:?}) {{"));
                    l.line("any = true;");
                    for e in &clause.elements {
                        self.parse_element(l, e);
                    }
                    l.close("}");
                }
                l.open("if !any {");
                l.line("break;");
                l.close("}");
                l.close("}");
            }
            ElementKind::AttrDict { with_keyword: true } => {
                l.line("p.parse_optional_attr_dict_with_keyword(&mut out.attrs)?;")
            }
            ElementKind::AttrDict {
                with_keyword: false,
            } => l.line("p.parse_optional_attr_dict(&mut out.attrs)?;"),
            ElementKind::PropDict => l.line("s::parse_prop_dict(p, &mut out.attrs)?;"),
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                let value = self.parse_attr_expr(*index, *qualified);
                l.line(
                    &format!(
                        "let value = {value};\ns::push_attr(p, out, {:?}, value);",
                        self.attrs[*index].name
                    )
                    .replace('\n', &format!("\n{}", "    ".repeat(l.indent))),
                );
            }
            ElementKind::Variable(Variable::Operand(i)) => l.line(&format!(
                "st.operand(p, {i}, {})?;",
                group_expr(Group::of(&op.operands[*i].arity))
            )),
            ElementKind::Variable(Variable::Region(i)) => l.line(&format!(
                "st.regions[{i}] = s::regions(p, {})?;",
                op.regions[*i].arity != Arity::Single
            )),
            ElementKind::Variable(Variable::Successor(i)) => l.line(&format!(
                "st.successors[{i}] = s::successors(p, {})?;",
                op.successors[*i].arity != Arity::Single
            )),
            ElementKind::Operands => l.line("st.all_operands(p)?;"),
            ElementKind::Regions => l.line("st.all_regions = Some(s::regions(p, true)?);"),
            ElementKind::Successors => l.line("st.all_successors = Some(s::successors(p, true)?);"),
            ElementKind::Type { arg, .. } => {
                let group = match arg.kind {
                    ElementKind::Variable(Variable::Operand(i)) => Group::of(&op.operands[i].arity),
                    ElementKind::Variable(Variable::Result(i)) => Group::of(&op.results[i].arity),
                    _ => Group::Variadic,
                };
                if let Some(place) = type_place(arg) {
                    l.line(&format!(
                        "{place} = Some(s::parse_types(p, {})?);",
                        group_expr(group)
                    ));
                } else {
                    l.line(&format!("s::parse_types(p, {})?;", group_expr(group)));
                }
            }
            ElementKind::FunctionalType { inputs, results } => {
                l.line("let (inputs, results) = s::parse_functional_type(p)?;");
                match type_place(inputs) {
                    Some(place) => l.line(&format!("{place} = Some(inputs);")),
                    None => l.line("let _ = inputs;"),
                }
                match type_place(results) {
                    Some(place) => l.line(&format!("{place} = Some(results);")),
                    None => l.line("let _ = results;"),
                }
            }
            ElementKind::Custom { name, args } => self.parse_custom(l, name, args),
            // Found only inside directives.
            _ => {}
        }
    }

    /// A `custom<Name>(args)` directive: its hook fills the arguments (`ref(...)` ones
    /// carry what was read before), which are then stored where the variables go.
    fn parse_custom(&self, l: &mut Lines, name: &str, args: &[Element]) {
        l.open("{");
        l.open(&format!(
            "let Some(hook) = self.hooks.directives.get({name:?}).cloned() else {{"
        ));
        l.line(&format!("return Err(s::directive_missing(p, {name:?}));"));
        l.close("};");
        let inits: Vec<String> = args.iter().map(|a| self.parse_arg_init(a)).collect();
        l.line(&format!("let mut args = [{}];", inits.join(", ")));
        l.line("hook.parse(p, &mut args)?;");
        let names: Vec<String> = (0..args.len()).map(|i| format!("a{i}")).collect();
        l.line(&format!("let [{}] = args;", names.join(", ")));
        if args
            .iter()
            .any(|a| matches!(a.kind, ElementKind::Variable(Variable::Operand(_))))
        {
            l.line("let pos = p.pos();");
        }
        let op = self.op;
        for (i, arg) in args.iter().enumerate() {
            let v = format!("a{i}");
            match &arg.kind {
                ElementKind::Variable(Variable::Attribute { index, .. }) => l.line(&format!(
                    "s::store_attr_arg(p, out, {:?}, {v});",
                    self.attrs[*index].name
                )),
                ElementKind::Variable(Variable::Property(index)) => l.line(&format!(
                    "s::store_attr_arg(p, out, {:?}, {v});",
                    op.properties[*index].name
                )),
                ElementKind::Variable(Variable::Operand(k)) => {
                    l.line(&format!("s::store_operand_arg(&mut st, {k}, {v}, pos);"))
                }
                ElementKind::Variable(Variable::Region(k)) => {
                    l.line(&format!("s::store_region_arg(&mut st, {k}, {v});"))
                }
                ElementKind::Variable(Variable::Successor(k)) => {
                    l.line(&format!("s::store_successor_arg(&mut st, {k}, {v});"))
                }
                ElementKind::Type { arg, .. } => match type_place(arg) {
                    Some(place) => {
                        l.open(&format!("if let Some(types) = s::types_of_arg({v}) {{"));
                        l.line(&format!("{place} = Some(types);"));
                        l.close("}");
                    }
                    None => l.line(&format!("let _ = {v};")),
                },
                ElementKind::AttrDict { .. } => {
                    l.line(&format!("s::store_attr_dict_arg(out, {v});"))
                }
                // `ref(...)` and strings are read-only.
                _ => l.line(&format!("let _ = {v};")),
            }
        }
        l.close("}");
    }

    /// Whether a directive receives the value group `arg` stands for as a list.
    fn arg_is_list(&self, arg: &Element) -> bool {
        let op = self.op;
        match arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => {
                Group::of(&op.operands[i].arity).is_list()
            }
            ElementKind::Variable(Variable::Result(i)) => Group::of(&op.results[i].arity).is_list(),
            ElementKind::Variable(Variable::Region(i)) => Group::of(&op.regions[i].arity).is_list(),
            ElementKind::Variable(Variable::Successor(i)) => {
                Group::of(&op.successors[i].arity).is_list()
            }
            _ => true,
        }
    }

    /// The value a directive argument starts from when parsing.
    fn parse_arg_init(&self, arg: &Element) -> String {
        let list = self.arg_is_list(arg);
        match &arg.kind {
            ElementKind::Ref(inner) => match &inner.kind {
                ElementKind::Variable(Variable::Attribute { index, .. }) => format!(
                    "s::DirectiveArg::Attr(s::find_attr(p.ctx(), &out.attrs, {:?}))",
                    self.attrs[*index].name
                ),
                ElementKind::Variable(Variable::Operand(i)) if self.arg_is_list(inner) => {
                    format!("s::DirectiveArg::Operands(st.operands[{i}].0.clone())")
                }
                ElementKind::Variable(Variable::Operand(i)) => {
                    format!("s::DirectiveArg::Operand(st.operands[{i}].0.first().copied())")
                }
                ElementKind::Type { arg, .. } => {
                    let types = match arg.kind {
                        ElementKind::Variable(Variable::Operand(i)) => {
                            format!("st.operand_types[{i}].clone().unwrap_or_default()")
                        }
                        ElementKind::Variable(Variable::Result(i)) => {
                            format!("st.result_types[{i}].clone().unwrap_or_default()")
                        }
                        _ => "Vec::new()".into(),
                    };
                    format!("s::types_arg({}, {types})", self.arg_is_list(arg))
                }
                ElementKind::AttrDict { .. } => {
                    "s::DirectiveArg::AttrDict(out.attrs.clone())".into()
                }
                _ => "s::DirectiveArg::Attr(None)".into(),
            },
            ElementKind::Variable(Variable::Operand(_)) if list => {
                "s::DirectiveArg::Operands(Vec::new())".into()
            }
            ElementKind::Variable(Variable::Operand(_)) => "s::DirectiveArg::Operand(None)".into(),
            ElementKind::Variable(Variable::Region(_)) if list => {
                "s::DirectiveArg::Regions(Vec::new())".into()
            }
            ElementKind::Variable(Variable::Region(_)) => "s::DirectiveArg::Region(None)".into(),
            ElementKind::Variable(Variable::Successor(_)) if list => {
                "s::DirectiveArg::Successors(Vec::new())".into()
            }
            ElementKind::Variable(Variable::Successor(_)) => {
                "s::DirectiveArg::Successor(None)".into()
            }
            ElementKind::Type { arg, .. } => {
                format!("s::types_arg({}, Vec::new())", self.arg_is_list(arg))
            }
            ElementKind::AttrDict { .. } => "s::DirectiveArg::AttrDict(Vec::new())".into(),
            ElementKind::String(text) => format!("s::DirectiveArg::Str({text:?}.to_string())"),
            _ => "s::DirectiveArg::Attr(None)".into(),
        }
    }

    /// What a directive argument stands for on the op printed.
    fn print_arg(&self, arg: &Element) -> String {
        let op = self.op;
        let list = self.arg_is_list(arg);
        match &arg.kind {
            ElementKind::Ref(inner) => self.print_arg(inner),
            ElementKind::Variable(Variable::Attribute { index, .. }) => format!(
                "s::DirectiveArg::Attr(s::find_attr(ctx, &attrs, {:?}))",
                self.attrs[*index].name
            ),
            ElementKind::Variable(Variable::Property(index)) => format!(
                "s::DirectiveArg::Attr(s::find_attr(ctx, &attrs, {:?}))",
                op.properties[*index].name
            ),
            ElementKind::Variable(Variable::Operand(i)) if list => format!(
                "s::DirectiveArg::Values(operands[{i}].clone().map(|k| body.operand(op, k)).collect())"
            ),
            ElementKind::Variable(Variable::Operand(i)) => format!(
                "s::DirectiveArg::Value(operands[{i}].clone().next().map(|k| body.operand(op, k)))"
            ),
            ElementKind::Variable(Variable::Region(i)) => {
                let group = format!(
                    "s::region_group(body, op, {i}, {})",
                    op.regions[*i].arity == Arity::Single
                );
                if list {
                    format!("s::DirectiveArg::Regions({group}.into_vec())")
                } else {
                    format!("s::DirectiveArg::Region({group}.first().copied())")
                }
            }
            ElementKind::Variable(Variable::Successor(i)) if list => format!(
                "s::DirectiveArg::Successors(body.successors(op).get({i}..).map(<[_]>::to_vec).unwrap_or_default())"
            ),
            ElementKind::Variable(Variable::Successor(i)) => {
                format!(
                    "s::DirectiveArg::Successor(body.successors(op).{}.copied())",
                    nth(*i)
                )
            }
            ElementKind::Type { arg, .. } => format!(
                "s::types_arg({}, {}.into_vec())",
                self.arg_is_list(arg),
                types_expr(arg)
            ),
            ElementKind::AttrDict { .. } => "s::DirectiveArg::AttrDict(attrs.to_vec())".into(),
            ElementKind::String(text) => format!("s::DirectiveArg::Str({text:?}.to_string())"),
            _ => "s::DirectiveArg::Attr(None)".into(),
        }
    }

    /// An expression reading attribute `index` (a `ParseResult`, `?` applied).
    fn parse_attr_expr(&self, index: usize, qualified: bool) -> String {
        let slot = &self.attrs[index];
        if slot.unit {
            return "p.ctx().unit_attr()".into();
        }
        match (&slot.style, qualified) {
            (AttrStyle::EnumKeyword, false) => {
                let cases: Vec<String> = slot
                    .enum_cases
                    .iter()
                    .map(|(s, v)| format!("({s:?}, {v})"))
                    .collect();
                format!(
                    "s::parse_enum_keyword(p, {:?}, {}, &[{}])?",
                    slot.name,
                    slot.enum_width,
                    cases.join(", ")
                )
            }
            (AttrStyle::SymbolName, false) => "s::parse_symbol_name_attr(p)?".into(),
            (AttrStyle::ElidedType { builder }, false) => format!(
                "s::parse_attr_elided_type(p, {:?}, &self.hooks.exprs, {builder:?})?",
                self.op.name
            ),
            (AttrStyle::Stripped, false) => format!(
                "s::parse_stripped_attr(p, {})?",
                definition_expr(&slot.stripped)
            ),
            _ => "p.parse_attribute(None)?".into(),
        }
    }

    fn parse_optional(&self, l: &mut Lines, group: &OptionalGroup) {
        let Some(first) = group.then_elements.get(group.then_parse_start) else {
            return;
        };
        let test = match &first.kind {
            ElementKind::Literal(text) => format!("s::optional_literal(p, {text:?})"),
            ElementKind::Variable(Variable::Operand(_)) | ElementKind::Operands => {
                "p.at_operand()".into()
            }
            ElementKind::Variable(Variable::Region(_)) | ElementKind::Regions => {
                "p.at(s::Punct::LBrace)".into()
            }
            ElementKind::Variable(Variable::Successor(_)) | ElementKind::Successors => {
                "p.at_successor()".into()
            }
            ElementKind::Variable(Variable::Attribute { index, .. }) => {
                format!(
                    "s::AttrStart::{}.at(p)",
                    start_name(self.attrs[*index].start)
                )
            }
            ElementKind::Type { .. } | ElementKind::FunctionalType { .. } => "p.at_type()".into(),
            _ => "true".into(),
        };
        let literal_first = matches!(first.kind, ElementKind::Literal(_));
        let unit_anchor = match group.anchor_element().variable() {
            Some(Variable::Attribute { index, .. })
                if !group.anchor.in_else
                    && group.anchor.index != group.then_parse_start
                    && self.attrs[index].unit =>
            {
                Some(index)
            }
            _ => None,
        };
        l.open(&format!("if {test} {{"));
        if !literal_first {
            self.parse_element(l, first);
        }
        for (i, e) in group
            .then_elements
            .iter()
            .enumerate()
            .skip(group.then_parse_start + 1)
        {
            if unit_anchor.is_none() || i != group.anchor.index {
                self.parse_element(l, e);
            }
        }
        if let Some(index) = unit_anchor {
            l.line("let unit = p.ctx().unit_attr();");
            l.line(&format!(
                "s::push_attr(p, out, {:?}, unit);",
                self.attrs[index].name
            ));
        }
        let mut else_branch = Lines::new(l.indent);
        for e in &group.else_elements {
            self.parse_element(&mut else_branch, e);
        }
        if else_branch.out.is_empty() {
            l.close("}");
        } else {
            l.indent -= 1;
            l.line("} else {");
            l.out.push_str(&else_branch.out);
            l.line("}");
        }
    }

    /// The resolution of left-out types, then the shared last steps.
    fn finish(&self) -> String {
        let op = self.op;
        let format = self.format;
        let mut l = Lines::new(2);
        let name = &op.name;
        let inferred = format.result_types.contains(&TypeResolution::Inferred);
        if inferred {
            l.line("let mut inferred = false;");
        }
        l.line(&format!(
            "let {}results: s::InlineVec<[Vec<::tessera_ir::Type>; 4]> = s::InlineVec::new();",
            if op.results.is_empty() { "" } else { "mut " }
        ));
        // A result group's read types are taken, not copied: later groups and the operands
        // read the resolved ones, earlier groups only later groups' read ones.
        for (i, resolution) in format.result_types.iter().enumerate() {
            if *resolution == TypeResolution::InFormat {
                l.line(&format!(
                    "results.push(st.result_types[{i}].take().unwrap_or_default());"
                ));
                continue;
            }
            l.open(&format!("let types = match st.result_types[{i}].take() {{"));
            l.line("Some(t) => t,");
            match resolution {
                TypeResolution::InFormat => l.line("None => Vec::new(),"),
                TypeResolution::Inferred => {
                    l.open("None if self.hooks.infer_results.is_some() => {");
                    l.line("inferred = true;");
                    l.line("Vec::new()");
                    l.close("}");
                    l.line("None => return Err(s::no_inference(p, op_pos)),");
                }
                other => {
                    let expr = self.resolve_expr(other, name, i);
                    l.line(&format!("None => {expr},"));
                }
            }
            l.close("};");
            l.line("results.push(types);");
        }
        let groups: Vec<String> = op
            .operands
            .iter()
            .map(|o| group_expr(Group::of(&o.arity)))
            .collect();
        let singles: Vec<String> = op
            .regions
            .iter()
            .map(|r| (r.arity == Arity::Single).to_string())
            .collect();
        let terminator = match implicit_terminator(op) {
            Some(t) => format!("Some({t:?})"),
            None => "None".into(),
        };
        l.open("let tail = s::Finish {");
        l.line(&format!("operands: &[{}],", groups.join(", ")));
        l.line(&format!(
            "operands_attr_sized: {},",
            op.operand_segments() == Segments::AttrSized
        ));
        l.line(&format!(
            "results_attr_sized: {},",
            op.result_segments() == Segments::AttrSized
        ));
        l.line(&format!("single_regions: &[{}],", singles.join(", ")));
        l.line(&format!("implicit_terminator: {terminator},"));
        l.line(&format!(
            "single_block: {},",
            op.has_trait("::mlir::OpTrait::SingleBlock")
        ));
        l.close("};");
        l.line("s::finish_results(p, &mut st, out, &results, &tail);");
        l.line(&format!(
            "let {}operand_types: s::InlineVec<[Vec<::tessera_ir::Type>; 4]> = s::InlineVec::new();",
            if op.operands.is_empty() { "" } else { "mut " }
        ));
        // An operand group's read types are copied only when another type is resolved from
        // them; otherwise they are taken.
        let sources: Vec<usize> = format
            .result_types
            .iter()
            .chain(&format.operand_types)
            .filter_map(|r| match r {
                TypeResolution::FromVariable {
                    source: TypeSource::Operand(i),
                    ..
                } => Some(*i),
                _ => None,
            })
            .collect();
        for (i, resolution) in format.operand_types.iter().enumerate() {
            let read = if sources.contains(&i) {
                "clone"
            } else {
                "take"
            };
            if *resolution == TypeResolution::InFormat {
                l.line(&format!(
                    "operand_types.push(st.operand_types[{i}].{read}().unwrap_or_default());"
                ));
                continue;
            }
            l.open(&format!(
                "let types = match st.operand_types[{i}].{read}() {{"
            ));
            l.line("Some(t) => t,");
            match resolution {
                TypeResolution::InFormat => l.line("None => Vec::new(),"),
                TypeResolution::Buildable(k) => {
                    let builder = &format.buildable_types[*k];
                    l.open("None => {");
                    l.line(&format!(
                        "let ty = s::build_type(p, {name:?}, &self.hooks.exprs, {builder:?})?;"
                    ));
                    l.line(&format!("vec![ty; st.operands[{i}].0.len()]"));
                    l.close("}");
                }
                TypeResolution::Inferred => {
                    l.line("None => return Err(s::no_inference(p, op_pos)),")
                }
                other => {
                    let expr = self.resolve_expr(other, name, op.results.len());
                    l.line(&format!("None => s::spread_types(&st, {i}, {expr}),"));
                }
            }
            l.close("};");
            l.line("operand_types.push(types);");
        }
        if inferred {
            l.open("let infer = if inferred {");
            l.line("self.hooks.infer_results.as_ref()");
            l.indent -= 1;
            l.line("} else {");
            l.indent += 1;
            l.line("None");
            l.close("};");
        } else {
            l.line("let infer = None;");
        }
        l.line("s::finish_rest(p, st, out, &operand_types, infer, &tail)");
        l.out
    }

    /// An expression for the types a resolution gives (`?` applied).
    /// `resolved`: how many result groups are resolved at this point.
    fn resolve_expr(&self, resolution: &TypeResolution, name: &str, resolved: usize) -> String {
        match resolution {
            TypeResolution::InFormat => "Vec::new()".into(),
            TypeResolution::Buildable(k) => format!(
                "vec![s::build_type(p, {name:?}, &self.hooks.exprs, {:?})?]",
                self.format.buildable_types[*k]
            ),
            TypeResolution::FromVariable {
                source,
                transformer,
            } => {
                let source = match *source {
                    TypeSource::Operand(i) => {
                        format!("st.operand_types[{i}].clone().unwrap_or_default()")
                    }
                    // Results before `resolved` are resolved already (the engine looks there
                    // first); later ones only have what the format read.
                    TypeSource::Result(i) if i < resolved => format!("results[{i}].clone()"),
                    TypeSource::Result(i) => {
                        format!("st.result_types[{i}].clone().unwrap_or_default()")
                    }
                    TypeSource::Attribute(i) => format!(
                        "s::attr_type_of(p.ctx(), &out.attrs, {:?})",
                        self.attrs[i].name
                    ),
                };
                match transformer {
                    None => source,
                    Some(t) => format!(
                        "{{\n    let source = {source};\n    s::transform_types(p, {name:?}, &self.hooks.exprs, source, Some({t:?}), op_pos)?\n}}"
                    ),
                }
            }
            TypeResolution::Inferred => "return Err(s::no_inference(p, op_pos))".into(),
        }
    }

    // -----------------------------------------------------------------------------------
    // Printing.

    fn print(&self) -> String {
        let mut l = Lines::new(2);
        l.line("let (ctx, body) = (p.ctx(), p.body());");
        for (list, layout, count) in [
            ("operands", "OPERANDS", self.singles(true)),
            ("results", "RESULTS", self.singles(false)),
        ] {
            match count {
                // Single values only: the groups are known, the count must fit.
                Some(n) => {
                    l.open(&format!("if body.num_{list}(op) != {n} {{"));
                    l.line("return;");
                    l.close("}");
                    // Spelled as structs: clippy reads `[0..1]` as a mistaken `vec![0; 1]`.
                    let ranges: Vec<String> = (0..n)
                        .map(|k| format!("::std::ops::Range {{ start: {k}, end: {} }}", k + 1))
                        .collect();
                    l.line(&format!(
                        "let {list}: [::std::ops::Range<usize>; {n}] = [{}];",
                        ranges.join(", ")
                    ));
                }
                None => {
                    l.open(&format!(
                        "let Some({list}) = super::{}::{layout}.split(ctx, body, op, body.num_{list}(op)) else {{",
                        self.handle
                    ));
                    l.line("return;");
                    l.close("};");
                }
            }
        }
        l.line("let attrs = p.op_attrs_and_props(op);");
        let mut spacing = Spacing::default();
        let mut body = Lines::new(2);
        for e in &self.format.elements {
            self.print_element(&mut body, &mut spacing, e, true);
        }
        let mut text = String::from(
            "    fn print(\n        &self,\n        p: &mut ::tessera_ods::assembly::steps::OpAsmPrinter<'_, '_>,\n        op: ::tessera_ir::OpId,\n    ) {\n",
        );
        let body = body.finish();
        if body.contains("s::") {
            text.push_str("        use ::tessera_ods::assembly::steps as s;\n");
        }
        text.push_str(&l.finish());
        text.push_str(&body);
        // Every binding is used by some formats only.
        text.push_str("        let _ = (ctx, body, &operands, &results, &attrs);\n");
        text.push_str("    }\n");
        text
    }

    /// Prints `e` when `emit` (it is in a branch that is printed); the spacing evolves
    /// either way.
    fn print_element(&self, l: &mut Lines, sp: &mut Spacing, e: &Element, emit: bool) {
        match &e.kind {
            ElementKind::Literal(value) => {
                let spaced = sp.literal(value);
                if emit {
                    if spaced {
                        l.write(" ");
                    }
                    l.write(value);
                }
            }
            ElementKind::Whitespace(Whitespace::Newline) => {
                if emit {
                    l.line("p.print_newline();");
                }
            }
            ElementKind::Whitespace(Whitespace::Space) => {
                if emit {
                    l.write(" ");
                }
                sp.explicit_space();
            }
            ElementKind::Whitespace(Whitespace::None) => sp.no_space(),
            ElementKind::Optional(group) => self.print_optional(l, sp, group, emit),
            ElementKind::OIList(clauses) => {
                // Each clause's keyword is a literal with the usual spacing, as in the engine.
                for clause in clauses {
                    // Literals are never present: they add nothing to the test.
                    let tests: Vec<String> = clause
                        .elements
                        .iter()
                        .map(|e| self.present_expr(e))
                        .filter(|t| t != "false")
                        .collect();
                    let test = if tests.is_empty() {
                        "false".to_string()
                    } else {
                        tests.join(" || ")
                    };
                    if emit {
                        l.open(&format!("if {test} {{"));
                    }
                    if let ElementKind::Literal(kw) = &clause.keyword.kind {
                        let spaced = sp.literal(kw);
                        if emit {
                            if spaced {
                                l.write(" ");
                            }
                            l.write(kw);
                        }
                    }
                    for e in &clause.elements {
                        self.print_element(l, sp, e, emit);
                    }
                    if emit {
                        l.close("}");
                    }
                }
            }
            ElementKind::AttrDict { with_keyword } => {
                if emit {
                    self.print_attr_dict(l, *with_keyword);
                }
                sp.dictionary();
            }
            ElementKind::PropDict => {
                if emit {
                    l.line("s::print_prop_dict(p, op);");
                }
                sp.dictionary();
            }
            _ => {
                let spaced = sp.value();
                if emit {
                    if spaced {
                        l.write(" ");
                    }
                    self.print_value(l, e);
                }
            }
        }
    }

    fn print_attr_dict(&self, l: &mut Lines, with_keyword: bool) {
        let elided = elided_by_format(self.op, self.format);
        let defaulted: Vec<usize> = self
            .op
            .attributes
            .iter()
            .enumerate()
            // Those the format prints elsewhere are left out whatever their value.
            .filter(|(_, a)| a.attr.default_value.is_some() && !elided.contains(&a.name))
            .map(|(i, _)| i)
            .collect();
        let list: Vec<String> = elided.iter().map(|n| format!("{n:?}")).collect();
        let defaulted_any = !defaulted.is_empty();
        l.open("{");
        if defaulted.is_empty() {
            l.line(&format!("let elided: &[&str] = &[{}];", list.join(", ")));
        } else {
            l.line(&format!(
                "let mut elided: s::InlineVec<[&str; 8]> = s::InlineVec::from_slice(&[{}]);",
                list.join(", ")
            ));
            for i in defaulted {
                let name = &self.attrs[i].name;
                l.open(&format!(
                    "if let Some(default) = self.hooks.exprs.defaults.{}.and_then(Option::as_ref) {{",
                    nth(i)
                ));
                l.open(&format!(
                    "if s::equals_default(ctx, s::find_attr(ctx, &attrs, {name:?}), default) {{"
                ));
                l.line(&format!("elided.push({name:?});"));
                l.close("}");
                l.close("}");
            }
        }
        // A list with no defaults to test is the same static list for every op: the
        // printer may remember its answers by its address.
        let (elided, fixed) = if defaulted_any {
            ("&elided", "")
        } else {
            ("elided", "_static")
        };
        if with_keyword {
            l.line(&format!(
                "p.print_optional_attr_dict_with_keyword{fixed}(&attrs, {elided});"
            ));
        } else {
            l.line(&format!(
                "p.print_optional_attr_dict{fixed}(&attrs, {elided});"
            ));
        }
        l.close("}");
    }

    fn print_optional(&self, l: &mut Lines, sp: &mut Spacing, group: &OptionalGroup, emit: bool) {
        let anchor = group.anchor_element();
        let present = self.present_expr(anchor);
        let elided = match anchor.variable() {
            Some(Variable::Attribute { index, .. })
                if !group.anchor.in_else
                    && group.anchor.index != group.then_parse_start
                    && self.attrs[index].unit =>
            {
                Some(group.anchor.index)
            }
            _ => None,
        };
        let mut then_branch = Lines::new(l.indent + 1);
        for (i, e) in group.then_elements.iter().enumerate() {
            if Some(i) != elided {
                self.print_element(&mut then_branch, sp, e, emit);
            }
        }
        let mut else_branch = Lines::new(l.indent + 1);
        for e in &group.else_elements {
            self.print_element(&mut else_branch, sp, e, emit);
        }
        if !emit {
            return;
        }
        // The then-branch is printed when the anchor's presence differs from `in_else`.
        let (first, second) = if group.anchor.in_else {
            (else_branch, then_branch)
        } else {
            (then_branch, else_branch)
        };
        let (first, second) = (first.finish(), second.finish());
        match (first.is_empty(), second.is_empty()) {
            (true, true) => {}
            (false, true) => {
                l.line(&format!("if {present} {{"));
                l.out.push_str(&first);
                l.line("}");
            }
            (true, false) => {
                l.line(&format!("if {} {{", negate(&present)));
                l.out.push_str(&second);
                l.line("}");
            }
            (false, false) => {
                l.line(&format!("if {present} {{"));
                l.out.push_str(&first);
                l.line("} else {");
                l.out.push_str(&second);
                l.line("}");
            }
        }
    }

    /// An expression: whether the element anchoring a group (or in an `oilist` clause) is
    /// present on the op.
    fn present_expr(&self, e: &Element) -> String {
        let op = self.op;
        match &e.kind {
            ElementKind::Variable(v) => match *v {
                Variable::Operand(i) => format!("!operands[{i}].is_empty()"),
                Variable::Result(i) => format!("!results[{i}].is_empty()"),
                Variable::Region(i) => format!(
                    "s::region_group(body, op, {i}, {}).iter().any(|&r| !body.region_is_empty(r))",
                    op.regions[i].arity == Arity::Single
                ),
                Variable::Successor(_) => "!body.successors(op).is_empty()".into(),
                Variable::Attribute { index, .. } => format!(
                    "s::attr_present(ctx, s::find_attr(ctx, &attrs, {:?}), self.hooks.exprs.defaults.{}.and_then(Option::as_ref))",
                    self.attrs[index].name,
                    nth(index)
                ),
                _ => "true".into(),
            },
            ElementKind::Type { arg, .. } => self.present_expr(arg),
            ElementKind::FunctionalType { inputs, .. } => self.present_expr(inputs),
            ElementKind::Operands => "body.num_operands(op) > 0".into(),
            ElementKind::Regions => "body.num_regions(op) > 0".into(),
            ElementKind::Successors => "!body.successors(op).is_empty()".into(),
            ElementKind::Literal(_) | ElementKind::Whitespace(_) => "false".into(),
            _ => "true".into(),
        }
    }

    fn print_value(&self, l: &mut Lines, e: &Element) {
        let op = self.op;
        match &e.kind {
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                let slot = &self.attrs[*index];
                l.open(&format!(
                    "if let Some(value) = s::find_attr(ctx, &attrs, {:?}) {{",
                    slot.name
                ));
                let call = match (&slot.style, qualified) {
                    (AttrStyle::EnumKeyword, false) => {
                        let cases: Vec<String> = slot
                            .enum_cases
                            .iter()
                            .map(|(s, v)| format!("({s:?}, {v})"))
                            .collect();
                        format!(
                            "s::print_enum_keyword(p, value, {}, &[{}]);",
                            slot.enum_width,
                            cases.join(", ")
                        )
                    }
                    (AttrStyle::SymbolName, false) => "s::print_symbol_name_attr(p, value);".into(),
                    (AttrStyle::ElidedType { .. }, false) => {
                        "p.print_attribute_without_type(value);".into()
                    }
                    (AttrStyle::Stripped, false) => format!(
                        "s::print_stripped_attr(p, value, {});",
                        definition_expr(&slot.stripped)
                    ),
                    _ => "p.print_attribute(value);".into(),
                };
                l.line(&call);
                l.close("}");
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                let nested = match &op.operands[*i].arity {
                    Arity::VariadicOfVariadic { segment_attr } => {
                        format!("Some(s::find_attr(ctx, &attrs, {segment_attr:?}))")
                    }
                    _ => "None".into(),
                };
                l.line(&format!(
                    "s::print_operand_group(p, op, operands[{i}].clone(), {nested});"
                ));
            }
            ElementKind::Variable(Variable::Region(i)) => l.line(&format!(
                "s::print_regions(p, s::region_group(body, op, {i}, {}), {});",
                op.regions[*i].arity == Arity::Single,
                self.implicit_terminator
            )),
            ElementKind::Variable(Variable::Successor(i)) => l.line(&format!(
                "s::print_successors(p, s::successor_group(body, op, {i}, {}));",
                op.successors[*i].arity == Arity::Single
            )),
            ElementKind::Operands => l.line("p.print_operands(body.operands(op));"),
            ElementKind::Regions => l.line(&format!(
                "s::print_regions(p, body.regions(op), {});",
                self.implicit_terminator
            )),
            ElementKind::Successors => l.line("s::print_successors(p, body.successors(op));"),
            ElementKind::Type { arg, .. } => {
                let types = types_expr(arg);
                l.line(&format!("p.print_types({types});"));
            }
            ElementKind::FunctionalType { inputs, results } => {
                l.line(&format!(
                    "p.print_functional_type(&{}, &{});",
                    types_expr(inputs),
                    types_expr(results)
                ));
            }
            ElementKind::Custom { name, args } => {
                l.open(&format!(
                    "if let Some(hook) = self.hooks.directives.get({name:?}) {{"
                ));
                let values: Vec<String> = args.iter().map(|a| self.print_arg(a)).collect();
                l.line(&format!("let args = [{}];", values.join(", ")));
                l.line("hook.print(p, op, &args);");
                l.close("}");
            }
            _ => {}
        }
    }

    fn can_print(&self) -> String {
        // An op whose directives are not all implemented prints generically, as with the
        // engine.
        let hooks = if self.directives.is_empty() {
            String::new()
        } else {
            format!(
                "\n            && {}\n                .iter()\n                .all(|n| self.hooks.directives.contains_key(n))",
                self.directives
            )
        };
        // Single values only (most ops): the counts alone decide, as in the engine. Asked
        // of every op printed, so the groups are checked without building their ranges.
        let fits = |list: &str, layout: &str, count: Option<usize>| match count {
            Some(n) => format!("body.num_{list}(op) == {n}"),
            None => format!(
                "super::{}::{layout}.fits(ctx, body, op, body.num_{list}(op))",
                self.handle
            ),
        };
        let operands = fits("operands", "OPERANDS", self.singles(true));
        let results = fits("results", "RESULTS", self.singles(false));
        let uses_ctx = !(operands.starts_with("body") && results.starts_with("body"));
        format!(
            "    fn can_print(\n        &self,\n        {}: &::tessera_ir::Context,\n        body: &::tessera_ir::Body,\n        op: ::tessera_ir::OpId,\n    ) -> bool {{\n        \
             {operands}\n            && {results}{hooks}\n    }}\n",
            if uses_ctx { "ctx" } else { "_ctx" }
        )
    }

    /// How many groups the op's operands (or results) have, if every one is a single value
    /// and no attribute sizes them: the groups are then known statically.
    fn singles(&self, operands: bool) -> Option<usize> {
        let (groups, segments) = if operands {
            (&self.op.operands, self.op.operand_segments())
        } else {
            (&self.op.results, self.op.result_segments())
        };
        (segments != Segments::AttrSized && groups.iter().all(|g| g.arity == Arity::Single))
            .then_some(groups.len())
    }

    fn printed_regions(&self, regions: &[RegionElement]) -> String {
        let mut l = Lines::new(1);
        l.open("fn printed_regions(");
        l.line("&self,");
        l.line("ctx: &::tessera_ir::Context,");
        l.line("body: &::tessera_ir::Body,");
        l.line("op: ::tessera_ir::OpId,");
        l.indent -= 1;
        l.open(") -> Option<::tessera_ods::assembly::steps::InlineVec<[::tessera_ods::assembly::steps::RegionPrinting; 2]>> {");
        l.line("use ::tessera_ods::assembly::steps as s;");
        if !self.directives.is_empty() {
            l.open(&format!(
                "if !{}.iter().all(|n| self.hooks.directives.get(n).is_some_and(|h| h.prints_only_args())) {{",
                self.directives
            ));
            l.line("return None;");
            l.close("}");
        }
        if regions.is_empty() {
            l.line("let _ = (ctx, body, op);");
            l.line("Some(s::InlineVec::new())");
            l.close("}");
            return l.out;
        }
        l.line("let mut out = s::InlineVec::new();");
        for region in regions {
            let list = match *region {
                RegionElement::All => "body.regions(op)".to_string(),
                RegionElement::Variable(i) => format!(
                    "s::region_group(body, op, {i}, {})",
                    self.op.regions[i].arity == Arity::Single
                ),
            };
            l.open(&format!("for region in {list} {{"));
            l.open("out.push(s::RegionPrinting {");
            l.line("region,");
            l.line("entry_args: true,");
            l.line(&format!(
                "terminators: s::prints_terminators({}, ctx, body, region),",
                self.implicit_terminator
            ));
            l.line("empty_block: false,");
            l.close("});");
            l.close("}");
        }
        l.line("Some(out)");
        l.close("}");
        l.out
    }
}

/// The slice method giving element `i` (`first()` for the first, as clippy wants it).
fn nth(i: usize) -> String {
    if i == 0 {
        "first()".into()
    } else {
        format!("get({i})")
    }
}

/// The negation of a generated condition, written as clippy wants it.
fn negate(expr: &str) -> String {
    if let Some(rest) = expr.strip_prefix('!') {
        if !rest.contains("||") {
            return rest.to_string();
        }
    }
    if let Some(rest) = expr.strip_suffix(" > 0") {
        return format!("{rest} == 0");
    }
    match expr {
        "true" => "false".into(),
        "false" => "true".into(),
        _ if expr.contains("||") => format!("!({expr})"),
        _ => format!("!{expr}"),
    }
}

/// Where a `type(...)` argument's types are stored while parsing.
fn type_place(arg: &Element) -> Option<String> {
    match arg.kind {
        ElementKind::Variable(Variable::Operand(i)) => Some(format!("st.operand_types[{i}]")),
        ElementKind::Variable(Variable::Result(i)) => Some(format!("st.result_types[{i}]")),
        ElementKind::Operands => Some("st.all_operand_types".into()),
        ElementKind::Results => Some("st.all_result_types".into()),
        _ => None,
    }
}

/// An expression for the types a `type(...)` argument stands for on the op printed.
fn types_expr(arg: &Element) -> String {
    match arg.kind {
        ElementKind::Variable(Variable::Operand(i)) => {
            format!("s::operand_types(body, op, operands[{i}].clone())")
        }
        ElementKind::Variable(Variable::Result(i)) => {
            format!("s::result_types(body, op, results[{i}].clone())")
        }
        ElementKind::Operands => "s::operand_types(body, op, 0..body.num_operands(op))".into(),
        ElementKind::Results => "s::result_types(body, op, 0..body.num_results(op))".into(),
        _ => "s::InlineVec::<[::tessera_ir::Type; 4]>::new()".into(),
    }
}

/// A Rust expression for an attribute definition `(dialect, mnemonic)`.
fn definition_expr(definition: &Option<(String, String)>) -> String {
    match definition {
        Some((d, m)) => format!("Some(({d:?}, {m:?}))"),
        None => "None".into(),
    }
}

/// The Rust name of an `AttrStart` variant.
fn start_name(start: AttrStart) -> &'static str {
    match start {
        AttrStart::Unit => "Unit",
        AttrStart::Keyword => "Keyword",
        AttrStart::String => "String",
        AttrStart::Array => "Array",
        AttrStart::Symbol => "Symbol",
        AttrStart::Any => "Any",
    }
}
