//! A readable rendering of a parsed format, one element per line with its byte range, for
//! snapshot tests and for people reading what a format means.

use super::ast::{Element, ElementKind, Variable, Whitespace};
use super::def::DefFormat;
use super::op::{OpFormat, TypeResolution, TypeSource};
use crate::attr_type_def::AttrOrTypeDef;
use crate::op::Op;
use std::fmt::Write;

/// Renders an op format: the elements, then how every operand and result type is obtained.
pub fn dump_op_format(op: &Op, format: &OpFormat) -> String {
    let name = |v: Variable| -> String {
        match v {
            Variable::Attribute { index, .. } => {
                format!("attribute ${}", op.attributes[index].name)
            }
            Variable::Operand(i) => format!("operand ${}", op.operands[i].name),
            Variable::Result(i) => format!("result ${}", op.results[i].name),
            Variable::Region(i) => format!("region ${}", op.regions[i].name),
            Variable::Successor(i) => format!("successor ${}", op.successors[i].name),
            Variable::Property(i) => format!("property ${}", op.properties[i].name),
            Variable::Param { index, .. } => format!("param #{index}"),
        }
    };
    let mut out = String::new();
    for element in &format.elements {
        element_lines(&mut out, element, 0, &name);
    }
    let source = |s: TypeSource| match s {
        TypeSource::Operand(i) => format!("operand ${}", op.operands[i].name),
        TypeSource::Result(i) => format!("result ${}", op.results[i].name),
        TypeSource::Attribute(i) => format!("attribute ${}", op.attributes[i].name),
    };
    let lists = [
        ("operand", &op.operands, &format.operand_types),
        ("result", &op.results, &format.result_types),
    ];
    for (what, values, types) in lists {
        for (value, resolution) in values.iter().zip(types) {
            let how = match resolution {
                TypeResolution::InFormat => "in format".to_string(),
                TypeResolution::Buildable(i) => {
                    format!("built by {}", format.buildable_types[*i])
                }
                TypeResolution::FromVariable {
                    source: s,
                    transformer: None,
                } => format!("same as {}", source(*s)),
                TypeResolution::FromVariable {
                    source: s,
                    transformer: Some(t),
                } => format!("from {} through {t}", source(*s)),
                TypeResolution::Inferred => "inferred".to_string(),
            };
            let _ = writeln!(out, "type of {what} ${}: {how}", value.name);
        }
    }
    for &i in &format.used_attributes {
        let printing = &format.attributes[i];
        let unit = if printing.unit { " (unit)" } else { "" };
        let _ = writeln!(
            out,
            "attribute ${}: {:?}{unit}",
            op.attributes[i].name, printing.style
        );
    }
    for attr in &format.inferred_attributes {
        let _ = writeln!(out, "inferred attribute {attr}");
    }
    out
}

/// Renders an attribute or type format.
pub fn dump_def_format(def: &AttrOrTypeDef, format: &DefFormat) -> String {
    let name = |v: Variable| -> String {
        match v {
            Variable::Param { index, .. } => format!("param ${}", def.parameters[index].name),
            _ => format!("{v:?}"),
        }
    };
    let mut out = String::new();
    for element in &format.elements {
        element_lines(&mut out, element, 0, &name);
    }
    out
}

fn element_lines(out: &mut String, e: &Element, depth: usize, name: &dyn Fn(Variable) -> String) {
    let pad = "  ".repeat(depth);
    let span = format!("@{}..{}", e.span.start, e.span.end);
    let head = match &e.kind {
        ElementKind::Literal(l) => format!("literal `{l}`"),
        ElementKind::Whitespace(Whitespace::None) => "whitespace none".to_string(),
        ElementKind::Whitespace(Whitespace::Space) => "whitespace space".to_string(),
        ElementKind::Whitespace(Whitespace::Newline) => "whitespace newline".to_string(),
        ElementKind::String(s) => format!("string {s:?}"),
        ElementKind::Variable(v) => {
            let qualified = matches!(
                v,
                Variable::Attribute {
                    qualified: true,
                    ..
                } | Variable::Param {
                    qualified: true,
                    ..
                }
            );
            format!("{}{}", name(*v), if qualified { " qualified" } else { "" })
        }
        ElementKind::AttrDict { with_keyword } => if *with_keyword {
            "attr-dict-with-keyword"
        } else {
            "attr-dict"
        }
        .to_string(),
        ElementKind::PropDict => "prop-dict".to_string(),
        ElementKind::Operands => "operands".to_string(),
        ElementKind::Results => "results".to_string(),
        ElementKind::Regions => "regions".to_string(),
        ElementKind::Successors => "successors".to_string(),
        ElementKind::Type { qualified, .. } => {
            format!("type{}", if *qualified { " qualified" } else { "" })
        }
        ElementKind::FunctionalType { .. } => "functional-type".to_string(),
        ElementKind::Ref(_) => "ref".to_string(),
        ElementKind::Custom { name, .. } => format!("custom<{name}>"),
        ElementKind::Optional(g) => format!(
            "optional anchor={}#{} parse-start={}/{}",
            if g.anchor.in_else { "else" } else { "then" },
            g.anchor.index,
            g.then_parse_start,
            g.else_parse_start
        ),
        ElementKind::OIList(_) => "oilist".to_string(),
        ElementKind::Params(_) => "params".to_string(),
        ElementKind::Struct(_) => "struct".to_string(),
    };
    let _ = writeln!(out, "{pad}{head} {span}");
    let mut children = |list: &[Element], label: Option<&str>| {
        if let Some(label) = label {
            let _ = writeln!(out, "{pad}  {label}:");
        }
        let extra = usize::from(label.is_some());
        for c in list {
            element_lines(out, c, depth + 1 + extra, name);
        }
    };
    match &e.kind {
        ElementKind::Type { arg, .. } | ElementKind::Ref(arg) => {
            children(std::slice::from_ref(arg), None)
        }
        ElementKind::FunctionalType { inputs, results } => {
            children(std::slice::from_ref(inputs), None);
            children(std::slice::from_ref(results), None);
        }
        ElementKind::Custom { args: list, .. } | ElementKind::Struct(list) => children(list, None),
        ElementKind::Optional(g) => {
            children(&g.then_elements, Some("then"));
            if !g.else_elements.is_empty() {
                children(&g.else_elements, Some("else"));
            }
        }
        ElementKind::OIList(clauses) => {
            for clause in clauses {
                let keyword = match &clause.keyword.kind {
                    ElementKind::Literal(l) => l.clone(),
                    _ => String::new(),
                };
                children(&clause.elements, Some(&format!("clause `{keyword}`")));
            }
        }
        _ => {}
    }
}
