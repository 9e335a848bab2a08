//! Ahead-of-time output (`tessera-pdll -x=rust`): a Rust module holding a PDLL file's
//! patterns and its native constraints and rewrites whose code blocks (`[{ ... }]`) are
//! written in Rust, compiled in place.
//!
//! [`to_rust_compiled`] (the default): the patterns compiled to Rust by
//! `tessera_pdl::aot` (the merged matcher as Rust control flow, rewriters as straight-line
//! Rust); `load(ctx)` only resolves constants. Natives with code blocks are called directly;
//! natives the file only declares are called as `super::natives::Name(rewriter, args...)`
//! with the same typed signature, so one nobody wrote is a Rust compile error naming it.
//!
//! [`to_rust`] (`--rust-interpreted`): the module embeds the PDL; `load(ctx, natives)`
//! parses it, adds the file's own natives to the caller's (which supply the natives the file
//! only declares) and compiles the patterns into one matcher the executor interprets.
//!
//! A code block is the body of a Rust function whose parameters are the native's arguments,
//! typed after their PDLL types, with `rewriter` (`&mut PatternRewriter`) beside them:
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
use crate::Lowered;
use std::fmt::Write;
use tessera_ir::{Context, Diagnostic};
use tessera_ods::rust_gen::byte_string_literal;
use tessera_pdl::aot::{EmitOptions, LocalNative};
use tessera_pdl::rust_module::{push_body, rust_ident, write_arg, write_header, write_load};
use tessera_pdl::NativeKind;

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
    tessera_ods::rust_gen::rust_name(name)
}

/// One native with a code block.
struct Native<'a> {
    rewrite: bool,
    callable: &'a Callable,
    code: &'a str,
    fn_name: String,
}

/// The natives of `ast` with code blocks. Natives whose argument or result types have no
/// Rust counterpart, and two code blocks under one name, are errors.
fn collect_natives(ast: &Ast) -> Result<Vec<Native<'_>>, Vec<Diagnostic>> {
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
        // Constraints imported from ODS carry C++ predicates, not Rust: the caller registers
        // them (`with_ods_natives` evaluates them at run time).
        if callable.native_type.is_some() {
            continue;
        }
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
    Ok(natives)
}

/// The Rust module for `ast` with its patterns compiled ahead of time (`tessera-pdll
/// -x=rust`): the natives' code blocks as functions, then what [`tessera_pdl::aot::emit`]
/// writes for `lowered` (the file's PDL, in `ctx`; compiled in place), whose matcher calls
/// those functions directly and the natives the file only declares as
/// `super::natives::Name(rewriter, args...)`, typed as code blocks are (a missing one is a
/// Rust compile error naming it). `source` names the PDLL file; the rewriters create the ops
/// of `typed_builders` through their typed builders.
pub fn to_rust_compiled(
    ast: &Ast,
    ctx: &mut Context,
    lowered: &mut Lowered,
    source: &str,
    typed_builders: &[tessera_pdl::aot::TypedBuilder],
) -> Result<String, Vec<Diagnostic>> {
    let natives = collect_natives(ast)?;
    let mut items = String::new();
    for n in &natives {
        write_native_fn(&mut items, ast, n);
    }
    let mut local_natives: Vec<LocalNative> = natives
        .iter()
        .map(|n| LocalNative {
            kind: if n.rewrite {
                NativeKind::Rewrite
            } else {
                NativeKind::Constraint
            },
            name: ast.names.str(n.callable.name.sym).to_string(),
            function: n.fn_name.clone(),
        })
        .collect();
    let used = constraints_called(ctx, lowered);
    local_natives.extend(write_ods_natives(&mut items, ast, &used, &local_natives));
    let options = EmitOptions {
        source: source.to_string(),
        natives_path: "super::natives".to_string(),
        local_natives,
        extra_items: items,
        unbounded: lowered.unbounded.clone(),
        typed_builders: typed_builders.to_vec(),
        // Formatted, typed natives, no inner doc (the module may be `include!`d).
        ..EmitOptions::default()
    };
    tessera_pdl::aot::emit(ctx, &mut lowered.body, lowered.module, &options)
}

/// The native constraints the lowered patterns call, by name, in order of first call.
fn constraints_called(ctx: &Context, lowered: &Lowered) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (_, constraint, name) in
        tessera_pdl::natives::native_calls(ctx, &lowered.body, lowered.module)
    {
        if constraint && !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    names
}

/// For every constraint in `used` that the file's `.td` includes define (and no code block
/// of the file does), a function checking its ODS predicate, with the predicate and the
/// include's model embedded as bytes: the compiled module then checks `Value<_: I32>` as
/// ODS says, with no `.td` at run time. Returns them as the natives the matcher calls.
fn write_ods_natives(
    out: &mut String,
    ast: &Ast,
    used: &[String],
    written: &[LocalNative],
) -> Vec<LocalNative> {
    use tessera_ods::eval::SelfKind;
    let mut models: Vec<&std::sync::Arc<tessera_ods::Model>> = Vec::new();
    let mut natives = Vec::new();
    for name in used {
        if written.iter().any(|n| &n.name == name) {
            continue;
        }
        let Some(predicate) = ast.ods.native_predicate(name) else {
            continue;
        };
        // The Rust type of the subject, and its `Bound` and `SelfKind` variant alike.
        let kind = match predicate.subject {
            SelfKind::Type => "Type",
            SelfKind::Attr => "Attr",
            // Imported constraints are attribute and type defs only.
            _ => continue,
        };
        let function = rust_ident("ods_constraint_", name);
        // The predicate as Rust where every node of it has a Rust form, else embedded for
        // the evaluator.
        let compiled = predicate.pred.as_ref().and_then(|pred| {
            tessera_ods::typed::predicate_rust(
                name,
                &predicate.model,
                pred,
                predicate.subject,
                &format!("{function}_holds"),
            )
        });
        if let Some(items) = &compiled {
            let _ = writeln!(
                out,
                "\n/// The predicate of ODS constraint `{name}`, compiled to Rust."
            );
            out.push_str(items);
        }
        let how = if compiled.is_some() {
            "compiled"
        } else {
            "evaluated"
        };
        let _ = writeln!(
            out,
            "\n/// ODS constraint `{name}` of the file's `.td` includes: its predicate, {how}."
        );
        out.push_str("#[allow(unused_variables)]\n");
        let _ = writeln!(
            out,
            "pub fn {function}(rewriter: &mut PatternRewriter<'_>, subject: {kind}) -> Result<(), NativeFailure> {{"
        );
        match &predicate.pred {
            // No predicate: every subject satisfies it.
            None => out.push_str("    Ok(())\n"),
            Some(_) if compiled.is_some() => {
                let _ = writeln!(
                    out,
                    "    match {function}_holds(rewriter.ctx(), subject) {{\n        Ok(true) => Ok(()),\n        Ok(false) => Err(None),\n        Err(e) => Err(Some(format!(\"{name}: cannot evaluate `{{}}`: {{}}\", e.leaf, e.message).into())),\n    }}"
                );
            }
            Some(pred) => {
                let index = match models
                    .iter()
                    .position(|m| std::sync::Arc::ptr_eq(m, &predicate.model))
                {
                    Some(i) => i,
                    None => {
                        models.push(&predicate.model);
                        models.len() - 1
                    }
                };
                let _ = writeln!(
                    out,
                    "    static PREDICATE: ::tessera_ods::typed::EmbeddedPredicate = ::tessera_ods::typed::EmbeddedPredicate::new({name:?}, &ODS_MODEL_{index}, {}, ::tessera_ods::eval::SelfKind::{kind});",
                    byte_string_literal(&tessera_ods::blob::encode_pred(pred))
                );
                let _ = writeln!(
                    out,
                    "    match PREDICATE.holds(rewriter.ctx(), &::tessera_ods::eval::Bound::{kind}(subject)) {{\n        Ok(true) => Ok(()),\n        Ok(false) => Err(None),\n        Err(message) => Err(Some(message.into())),\n    }}"
                );
            }
        }
        out.push_str("}\n");
        natives.push(LocalNative {
            kind: NativeKind::Constraint,
            name: name.clone(),
            function,
        });
    }
    for (i, model) in models.iter().enumerate() {
        let _ = writeln!(
            out,
            "\n/// The ODS model of a `.td` include, for its constraints' predicates.\nstatic ODS_MODEL_{i}: ::tessera_ods::typed::EmbeddedModel = ::tessera_ods::typed::EmbeddedModel::new({});",
            byte_string_literal(&tessera_ods::blob::encode(model, &[]))
        );
    }
    natives
}

/// The Rust module for `ast`, whose patterns lowered to `pdl` (PDL in custom form), to be
/// compiled and interpreted when loaded (`tessera-pdll -x=rust --rust-interpreted`). `source`
/// names the PDLL file in the module's documentation. Natives whose argument or result
/// types have no Rust counterpart, and two code blocks under one name, are errors.
pub fn to_rust(ast: &Ast, pdl: &str, source: &str) -> Result<String, Vec<Diagnostic>> {
    let natives = collect_natives(ast)?;

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
