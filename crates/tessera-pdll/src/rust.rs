//! Ahead-of-time output (`tessera-pdll -x=rust`): a Rust module holding a PDLL file's
//! patterns, lowered to PDL, and its native constraints and rewrites whose code blocks
//! (`[{ ... }]`) are written in Rust, compiled in place.
//!
//! The module needs no PDLL at run time: `load(ctx, natives)` parses the embedded PDL, adds
//! the file's own natives to the caller's (which supply the natives the file only declares)
//! and compiles the patterns into one matcher. A code block is the body of a Rust function
//! whose parameters are the native's arguments, typed after their PDLL types, with `rewriter`
//! (`&mut PatternRewriter`) beside them:
//!
//! | PDLL | Rust parameter | Rust result |
//! | --- | --- | --- |
//! | `Attr` | `Attr` | `Attr` |
//! | `Type` | `Type` | `Type` |
//! | `Value` | `ValueId` | `ValueId` |
//! | `Op`, `Op<name>` | `OpId` | `OpId` |
//! | `TypeRange` | `&[Type]` | `Vec<Type>` |
//! | `ValueRange` | `&[ValueId]` | `Vec<ValueId>` |
//!
//! A block evaluates to `Result<R, NativeFailure>`, where `R` is `()`, the native's one result,
//! or a tuple of its results; `Err` fails the match (a constraint) or the rewrite.

use crate::ast::{Ast, Callable, DeclKind, TypeId, TypeKind};
use std::fmt::Write;
use tessera_ir::Diagnostic;
use tessera_pdl::rust_module::{push_body, rust_ident, write_arg, write_header, write_load};

/// How a PDLL type crosses into Rust.
struct RustType {
    /// The parameter type.
    param: &'static str,
    /// The result type.
    result: &'static str,
    /// The `PdlValue` variant.
    variant: &'static str,
    /// Whether the value is a range (borrowed as a slice, returned as a `Vec`).
    range: bool,
}

fn rust_type(ast: &Ast, ty: TypeId) -> Option<RustType> {
    let (param, result, variant, range) = match ast.types.kind(ty) {
        TypeKind::Attr => ("Attr", "Attr", "Attr", false),
        TypeKind::Type => ("Type", "Type", "Type", false),
        TypeKind::Value => ("ValueId", "ValueId", "Value", false),
        TypeKind::Op(_) => ("OpId", "OpId", "Op", false),
        TypeKind::Range(elt) => match ast.types.kind(*elt) {
            TypeKind::Type => ("&[Type]", "Vec<Type>", "Types", true),
            TypeKind::Value => ("&[ValueId]", "Vec<ValueId>", "Values", true),
            _ => return None,
        },
        _ => return None,
    };
    Some(RustType {
        param,
        result,
        variant,
        range,
    })
}

/// A PDLL argument name as a Rust parameter: itself, or `r#name` for a Rust keyword (`type`),
/// or `name_` for the keywords that cannot be raw.
fn param_name(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "box", "break", "const", "continue", "do", "dyn", "else", "enum",
        "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro",
        "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return", "static",
        "struct", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use", "virtual",
        "where", "while", "yield", "abstract", "become",
    ];
    match name {
        "self" | "Self" | "super" | "crate" | "_" => format!("{name}_"),
        _ if KEYWORDS.contains(&name) => format!("r#{name}"),
        _ => name.to_string(),
    }
}

/// One native with a code block.
struct Native<'a> {
    rewrite: bool,
    callable: &'a Callable,
    code: &'a str,
    fn_name: String,
}

/// The Rust module for `ast`, whose patterns lowered to `pdl` (PDL in custom form). `source`
/// names the PDLL file in the module's documentation. Natives whose argument or result
/// types have no Rust counterpart, and two code blocks under one name, are errors.
pub fn to_rust(ast: &Ast, pdl: &str, source: &str) -> Result<String, Vec<Diagnostic>> {
    let mut natives: Vec<Native> = Vec::new();
    let mut errors = Vec::new();
    for (_, decl) in ast.decls.iter() {
        let (rewrite, callable) = match &decl.kind {
            DeclKind::UserConstraint(c) => (false, c.as_ref()),
            DeclKind::UserRewrite(c) => (true, c.as_ref()),
            _ => continue,
        };
        let (None, Some(code)) = (callable.body, callable.code.as_deref()) else {
            continue;
        };
        let name = ast.names.str(callable.name.sym);
        let kind = if rewrite { "rewrite" } else { "constraint" };
        if natives
            .iter()
            .any(|n| n.rewrite == rewrite && ast.names.str(n.callable.name.sym) == name)
        {
            errors.push(Diagnostic::error(
                callable.name.span.lo,
                format!("a second native {kind} named `{name}` with a code block"),
            ));
            continue;
        }
        let unmapped = callable
            .inputs
            .iter()
            .map(|&d| ast.var_type(d))
            .chain(ast.result_types(callable))
            .find(|&t| rust_type(ast, t).is_none());
        if let Some(t) = unmapped {
            errors.push(Diagnostic::error(
                callable.name.span.lo,
                format!(
                    "native {kind} `{name}` uses `{}`, which has no Rust counterpart",
                    ast.type_str(t)
                ),
            ));
            continue;
        }
        let mut fn_name = rust_ident(if rewrite { "rewrite_" } else { "constraint_" }, name);
        // Distinct PDLL names may meet in one snake-case name.
        if natives.iter().any(|n| n.fn_name == fn_name) {
            fn_name = format!("{fn_name}_{}", natives.len());
        }
        natives.push(Native {
            rewrite,
            callable,
            code,
            fn_name,
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    let mut out = String::new();
    write_header(&mut out, "tessera-pdll -x=rust", source, pdl);

    for n in &natives {
        write_native_fn(&mut out, ast, n);
    }

    let _ = writeln!(
        out,
        "\n/// Adds the natives `{source}` defines in Rust to `natives`."
    );
    out.push_str("#[allow(unused_variables)]\npub fn register_natives(natives: &mut Natives) {\n");
    for n in &natives {
        write_registration(&mut out, ast, n);
    }
    out.push_str("}\n");

    write_load(&mut out, source);
    Ok(out)
}

fn write_native_fn(out: &mut String, ast: &Ast, n: &Native) {
    let c = n.callable;
    let name = ast.names.str(c.name.sym);
    let kind = if n.rewrite { "Rewrite" } else { "Constraint" };
    let _ = writeln!(out, "\n/// The code block of native {kind} `{name}`.");
    out.push_str("#[allow(unused_variables, clippy::ptr_arg)]\n");
    let _ = writeln!(out, "pub fn {}(", n.fn_name);
    out.push_str("    rewriter: &mut PatternRewriter<'_>,\n");
    for &input in &c.inputs {
        let DeclKind::Variable { name, .. } = &ast.decls[input].kind else {
            continue;
        };
        let ty = rust_type(ast, ast.var_type(input)).expect("checked above");
        // The code block names the argument as PDLL does (a Rust keyword as a raw name).
        let _ = writeln!(
            out,
            "    {}: {},",
            param_name(ast.names.str(name.sym)),
            ty.param
        );
    }
    let result = rust_result(ast, c);
    let _ = writeln!(out, ") -> Result<{result}, NativeFailure> {{");
    push_body(out, n.code);
    out.push_str("}\n");
}

/// The Rust result type of rewrite `c`.
fn rust_result(ast: &Ast, c: &Callable) -> String {
    let types: Vec<&str> = ast
        .result_types(c)
        .into_iter()
        .map(|t| rust_type(ast, t).expect("checked").result)
        .collect();
    match types.as_slice() {
        [] => "()".to_string(),
        [one] => one.to_string(),
        many => format!("({})", many.join(", ")),
    }
}

fn write_registration(out: &mut String, ast: &Ast, n: &Native) {
    let c = n.callable;
    let name = ast.names.str(c.name.sym);
    let kind = if n.rewrite { "Rewrite" } else { "Constraint" };
    let _ = writeln!(
        out,
        "    natives.register(NativeKind::{kind}, {name:?}, |rewriter, args, _params, results| {{"
    );
    let mut call_args = vec!["rewriter".to_string()];
    for (i, &input) in c.inputs.iter().enumerate() {
        let ty = rust_type(ast, ast.var_type(input)).expect("checked above");
        let expected = format!("of type `{}`", ast.type_str(ast.var_type(input)));
        write_arg(out, name, i, ty.variant, ty.range, &expected);
        call_args.push(format!("arg{i}"));
    }
    let call = format!("{}({})", n.fn_name, call_args.join(", "));
    let types = ast.result_types(c);
    let push = |out: &mut String, t: TypeId, expr: &str| {
        let ty = rust_type(ast, t).expect("checked");
        let value = if ty.range {
            format!("{expr}.into()")
        } else {
            expr.to_string()
        };
        let _ = writeln!(
            out,
            "        results.push(PdlValue::{}({value}));",
            ty.variant
        );
    };
    match types.as_slice() {
        [] => {
            let _ = writeln!(out, "        {call}?;");
        }
        [one] => {
            let _ = writeln!(out, "        let result = {call}?;");
            push(out, *one, "result");
        }
        many => {
            let _ = writeln!(out, "        let result = {call}?;");
            for (i, &t) in many.iter().enumerate() {
                push(out, t, &format!("result.{i}"));
            }
        }
    }
    out.push_str("        Ok(())\n    });\n");
}
