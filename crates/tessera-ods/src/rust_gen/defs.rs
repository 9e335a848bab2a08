//! Attribute and type definitions' formats compiled to Rust: per definition with a mnemonic
//! whose format the engine ([`crate::assembly::def`]) can run, a function reading what follows
//! the mnemonic, its format's elements unrolled into straight lines of calls to the steps the
//! engine takes too ([`crate::assembly::def::DefReading`] and
//! [`crate::assembly::def::DefPrinter`]), so both read, fail and print alike; the control flow
//! of optional groups and which parameters each element names are decided here.
//!
//! Per dialect, a row of `register::compiled::DefsRow` lists them by mnemonic, with `None` for
//! a definition the engine keeps as written (no format it can run: a `custom<…>` directive, a
//! parameter of a C++ type it cannot read). A dialect with a definition whose format uses a
//! construct this generator does not unroll keeps the engine (read lazily from the embedded
//! model) for all its definitions, with the reason written in the generated module.

use crate::assembly::def::{
    anchor_params, param_indices, parsed_branches, qualified_params, DefSpec, ParamKind,
};
use crate::attr_type_def::DefKind;
use crate::dialect::DialectId;
use crate::format::{Element, ElementKind, Variable, Whitespace};
use crate::Model;
use std::fmt::Write;

/// The compiled definitions of a module's dialects.
pub(crate) struct DefTables {
    /// The reader functions, at the indentation of the module they go in.
    pub(crate) code: String,
    /// One `c::DefsRow` per dialect whose definitions all compiled.
    pub(crate) rows: Vec<String>,
    /// Per such dialect, how many of its definitions have a compiled reader and how many are
    /// kept as written: `arith (3 compiled, 0 kept as written)`.
    pub(crate) counts: Vec<String>,
    /// The dialects whose definitions stay with the engine, each with why.
    pub(crate) engine: Vec<(String, String)>,
}

/// The definitions of `dialects` (those with a mnemonic, the ones a dialect reads), compiled.
pub(crate) fn generate(model: &Model, dialects: &[DialectId]) -> DefTables {
    let mut tables = DefTables {
        code: String::new(),
        rows: Vec::new(),
        counts: Vec::new(),
        engine: Vec::new(),
    };
    let mut names_used: Vec<String> = Vec::new();
    for &dialect in dialects {
        let info = model.dialect(dialect);
        if info.name.is_empty() {
            continue;
        }
        let mut code = String::new();
        let (mut attrs, mut types) = (Vec::new(), Vec::new());
        let mut failure = None;
        for def in model.attr_defs.iter().chain(&model.type_defs) {
            let Some(mnemonic) = def.mnemonic.as_deref().filter(|_| def.dialect == dialect) else {
                continue;
            };
            let reader = match DefSpec::compile(model, def) {
                None => "None".to_string(),
                Some(spec) => {
                    let kind = match def.kind {
                        DefKind::Attr => "attr",
                        DefKind::Type => "type",
                    };
                    let base = format!("read_{kind}_{}_{}", ident(&info.name), ident(mnemonic));
                    let mut name = base.clone();
                    let mut n = 1;
                    while names_used.contains(&name) {
                        n += 1;
                        name = format!("{base}_{n}");
                    }
                    names_used.push(name.clone());
                    match reader_fn(&spec, &name, &info.name, mnemonic, def.kind) {
                        Ok(f) => {
                            code.push_str(&f);
                            format!("Some({name})")
                        }
                        Err(why) => {
                            failure = Some(format!("{} ({}): {why}", def.record, mnemonic));
                            break;
                        }
                    }
                }
            };
            let entry = format!("({mnemonic:?}, {reader})");
            match def.kind {
                DefKind::Attr => attrs.push(entry),
                DefKind::Type => types.push(entry),
            }
        }
        if let Some(why) = failure {
            tables.engine.push((info.name.clone(), why));
            continue;
        }
        if attrs.is_empty() && types.is_empty() {
            continue;
        }
        let kept = attrs
            .iter()
            .chain(&types)
            .filter(|e| e.ends_with("None)"))
            .count();
        tables.counts.push(format!(
            "`{}` ({} compiled, {kept} kept as written)",
            info.name,
            attrs.len() + types.len() - kept
        ));
        tables.code.push_str(&code);
        tables.rows.push(format!(
            "c::DefsRow {{ dialect: {:?}, closed_attrs: {}, closed_types: {}, attrs: &[{}], types: &[{}] }},",
            info.name,
            info.use_default_attribute_printer_parser,
            info.use_default_type_printer_parser,
            attrs.join(", "),
            types.join(", ")
        ));
    }
    tables
}

/// A name fit for a Rust function.
fn ident(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// The reader function `name` of `spec`.
fn reader_fn(
    spec: &DefSpec,
    name: &str,
    dialect: &str,
    mnemonic: &str,
    kind: DefKind,
) -> Result<String, String> {
    let mut parse = Lines::default();
    parse_elements(&mut parse, &spec.elements)?;
    let mut print = Lines::default();
    print_elements(&mut print, &spec.elements)?;
    let sigil = match kind {
        DefKind::Attr => '#',
        DefKind::Type => '!',
    };
    let mut f = String::new();
    let _ = writeln!(
        f,
        "/// `{sigil}{dialect}.{mnemonic}`, read by `{}`'s format.",
        spec.record
    );
    if spec.elements.is_empty() {
        // Just the mnemonic: nothing to read, nothing to print.
        let _ = writeln!(
            f,
            "fn {name}(_: &mut d::Parser<'_, '_, '_>) -> d::ReadResult {{\n    Ok(String::new())\n}}\n"
        );
        return Ok(f);
    }
    let _ = writeln!(
        f,
        "fn {name}(p: &mut d::Parser<'_, '_, '_>) -> d::ReadResult {{"
    );
    let _ = writeln!(
        f,
        "    static PARAMS: ::std::sync::OnceLock<Vec<d::ParamSpec>> = ::std::sync::OnceLock::new();"
    );
    if spec.params.is_empty() {
        f.push_str("    let params = PARAMS.get_or_init(Vec::new);\n");
    } else {
        f.push_str("    let params = PARAMS.get_or_init(|| {\n        vec![\n");
        for param in &spec.params {
            let _ = writeln!(
                f,
                "            d::ParamSpec::new({:?}, {:?}, {}, {}, {:?}),",
                param.name(),
                param.cpp_type(),
                kind_rust(param.kind()),
                param.optional(),
                param.default_text()
            );
        }
        f.push_str("        ]\n    });\n");
    }
    let mutable = if parse.uses_reading { "mut " } else { "" };
    let _ = writeln!(
        f,
        "    let {mutable}r = d::DefReading::new({:?}, params);",
        spec.record
    );
    for line in parse.text.lines() {
        let _ = writeln!(f, "    {line}");
    }
    let mutable = if print.text.is_empty() { "" } else { "mut " };
    let _ = writeln!(f, "    let {mutable}w = r.printer();");
    for line in print.text.lines() {
        let _ = writeln!(f, "    {line}");
    }
    f.push_str("    Ok(w.finish())\n}\n\n");
    Ok(f)
}

/// Generated statements, nested by four spaces per block.
#[derive(Default)]
struct Lines {
    text: String,
    depth: usize,
    /// Whether a statement changes the `DefReading` (so it is declared `mut`).
    uses_reading: bool,
}

impl Lines {
    fn line(&mut self, line: &str) {
        let _ = writeln!(self.text, "{}{line}", "    ".repeat(self.depth));
    }
}

/// The Rust expression of a parameter kind.
fn kind_rust(kind: &ParamKind) -> String {
    match kind {
        ParamKind::Type => "d::ParamKind::Type".to_string(),
        ParamKind::Attribute => "d::ParamKind::Attribute".to_string(),
        ParamKind::Integer => "d::ParamKind::Integer".to_string(),
        ParamKind::String => "d::ParamKind::String".to_string(),
        ParamKind::Stripped {
            kind,
            dialect,
            mnemonic,
        } => format!(
            "d::ParamKind::Stripped {{ kind: ::tessera_ods::DefKind::{kind:?}, dialect: {dialect:?}.to_string(), mnemonic: {mnemonic:?}.to_string() }}"
        ),
        ParamKind::Enum(spec) => format!("d::ParamKind::Enum({})", spec.rust()),
        ParamKind::Array(inner) => format!("d::ParamKind::Array(Box::new({}))", kind_rust(inner)),
    }
}

fn list(indices: &[usize]) -> String {
    let items: Vec<String> = indices.iter().map(usize::to_string).collect();
    format!("&[{}]", items.join(", "))
}

fn qualified_list(list: &[(usize, bool)]) -> String {
    let items: Vec<String> = list.iter().map(|(i, q)| format!("({i}, {q})")).collect();
    format!("&[{}]", items.join(", "))
}

/// The parse of `elements`, as the engine's `DefSpec::parse_element` walks them.
fn parse_elements(out: &mut Lines, elements: &[Element]) -> Result<(), String> {
    for e in elements {
        parse_element(out, e)?;
    }
    Ok(())
}

fn parse_element(out: &mut Lines, e: &Element) -> Result<(), String> {
    match &e.kind {
        ElementKind::Literal(text) => out.line(&format!("s::literal(p, {text:?})?;")),
        ElementKind::Whitespace(_) => {}
        ElementKind::Variable(Variable::Param { index, .. }) => {
            out.uses_reading = true;
            out.line(&format!("r.param(p, {index})?;"));
        }
        ElementKind::Params(l) => {
            out.uses_reading = true;
            out.line(&format!("r.params(p, {})?;", list(&param_indices(l))));
        }
        ElementKind::Struct(l) => {
            out.uses_reading = true;
            out.line(&format!(
                "r.struct_params(p, {})?;",
                list(&param_indices(l))
            ));
        }
        ElementKind::Optional(group) => {
            let (then_rest, else_rest) = parsed_branches(group);
            let Some(first) = then_rest.first() else {
                return Err("an optional group with nothing to parse".to_string());
            };
            let test = match &first.kind {
                ElementKind::Literal(text) => format!("s::optional_literal(p, {text:?})"),
                ElementKind::Variable(Variable::Param { index, .. }) => {
                    out.uses_reading = true;
                    format!("r.optional_anchor(p, {index})?")
                }
                ElementKind::Params(l) | ElementKind::Struct(l) => {
                    out.uses_reading = true;
                    let indices = list(&param_indices(l));
                    let read = if matches!(first.kind, ElementKind::Params(_)) {
                        "params"
                    } else {
                        "struct_params"
                    };
                    format!("{{\n    r.{read}(p, {indices})?;\n    r.any_read({indices})\n}}")
                }
                _ => {
                    return Err(
                        "an optional group whose first element is no literal or parameter"
                            .to_string(),
                    )
                }
            };
            let mut then_branch = Lines {
                depth: out.depth + 1,
                ..Lines::default()
            };
            parse_elements(&mut then_branch, &then_rest[1..])?;
            let mut else_branch = Lines {
                depth: out.depth + 1,
                ..Lines::default()
            };
            parse_elements(&mut else_branch, else_rest)?;
            out.uses_reading |= then_branch.uses_reading || else_branch.uses_reading;
            let test = test.replace('\n', &format!("\n{}", "    ".repeat(out.depth)));
            match (then_branch.text.is_empty(), else_branch.text.is_empty()) {
                (true, true) => out.line(&format!("let _ = {test};")),
                (false, true) => {
                    out.line(&format!("if {test} {{"));
                    out.text.push_str(&then_branch.text);
                    out.line("}");
                }
                (true, false) => {
                    out.line(&format!("if !{test} {{"));
                    out.text.push_str(&else_branch.text);
                    out.line("}");
                }
                (false, false) => {
                    out.line(&format!("if {test} {{"));
                    out.text.push_str(&then_branch.text);
                    out.line("} else {");
                    out.text.push_str(&else_branch.text);
                    out.line("}");
                }
            }
        }
        other => {
            return Err(format!(
                "its format has an element the generator does not read ({other:?})"
            ))
        }
    }
    Ok(())
}

/// The print of `elements`, as the engine's `print_elements` walks them.
fn print_elements(out: &mut Lines, elements: &[Element]) -> Result<(), String> {
    for e in elements {
        match &e.kind {
            ElementKind::Literal(text) => out.line(&format!("w.literal({text:?});")),
            ElementKind::Whitespace(Whitespace::Newline) => out.line("w.newline();"),
            ElementKind::Whitespace(Whitespace::Space) => out.line("w.space();"),
            ElementKind::Whitespace(Whitespace::None) => out.line("w.no_space();"),
            ElementKind::Variable(Variable::Param { index, qualified }) => {
                out.line(&format!("w.param({index}, {qualified});"))
            }
            ElementKind::Params(l) => out.line(&format!(
                "w.params({});",
                qualified_list(&qualified_params(l))
            )),
            ElementKind::Struct(l) => out.line(&format!(
                "w.struct_params({});",
                qualified_list(&qualified_params(l))
            )),
            ElementKind::Optional(group) => {
                let anchor = anchor_params(group);
                let mut then_branch = Lines {
                    depth: out.depth + 1,
                    ..Lines::default()
                };
                then_branch.line("let saved = w.save();");
                print_elements(&mut then_branch, &group.then_elements)?;
                then_branch.line("w.restore(saved);");
                let mut else_branch = Lines {
                    depth: out.depth + 1,
                    ..Lines::default()
                };
                print_elements(&mut else_branch, &group.else_elements)?;
                if anchor.is_empty() {
                    // A literal anchor is never printed as present: the branch is known here.
                    let branch = if group.anchor.in_else {
                        then_branch
                    } else {
                        else_branch
                    };
                    if !branch.text.is_empty() {
                        out.line("{");
                        out.text.push_str(&branch.text);
                        out.line("}");
                    }
                    continue;
                }
                let not = if group.anchor.in_else { "!" } else { "" };
                out.line(&format!("if {not}w.anchored({}) {{", list(&anchor)));
                out.text.push_str(&then_branch.text);
                if else_branch.text.is_empty() {
                    out.line("}");
                } else {
                    out.line("} else {");
                    out.text.push_str(&else_branch.text);
                    out.line("}");
                }
            }
            other => {
                return Err(format!(
                    "its format has an element the generator does not print ({other:?})"
                ))
            }
        }
    }
    Ok(())
}
