//! Ahead-of-time output (`tessera-tblgen --gen-rust-rewriters`): a Rust module holding a
//! rules file's patterns, lowered to PDL, every `NativeCodeCall` expression as a Rust
//! function registered under the name the patterns call, and the ODS constraints the rules
//! apply, so a `build.rs` can compile the rules into a program without reading `.td` files at
//! run time. The module's shape is PDLL's `-x=rust` (`tessera_pdl::rust_module`): `PDL`,
//! `register_natives(&mut Natives)` and `load(ctx, natives)`.
//!
//! A `NativeCodeCall`'s expression is Rust. Its placeholders become:
//!
//! | placeholder | in a result pattern | in a source pattern |
//! | --- | --- | --- |
//! | `$_builder` | `rewriter`: `&mut PatternRewriter` | the same |
//! | `$_self` | (refused) | `self_`: the `OpId` defining the matched operand |
//! | `$N` | `argN`, the N-th argument | `outN`: `&mut Option<Attr>` (an argument with an attribute constraint) or `&mut Option<ValueId>` |
//! | `$N...` | `argN, argN+1, ...` to the last argument | `outN, ...` likewise |
//! | `$_loc` | `loc`: the `Location` (below) | (refused) |
//!
//! An argument of a result call is typed after what is passed: `Attr`, `ValueId`,
//! `&[ValueId]` (a variable-length group), `OpId` (an op without results) or `Type`. A result
//! call evaluates to what its use needs: `Attr` in an attribute position, `Type` in
//! `returnType`, else `()`, `ValueId` or `[ValueId; N]` for `numReturns` 0, 1 or N. A source
//! call evaluates to `bool` (`true`: matched; every output must then be set), as upstream's
//! evaluates to a `LogicalResult`. `$_loc` in a result call is `loc`, a `Location` parameter
//! after the arguments: the call's `location` directive's, else the matched ops' fused location
//! (upstream's default, the root first); the native receives what it is made from after its
//! arguments ([`crate::location_of`]). A source call has no `$_loc`.
//!
//! The constraint natives are compiled from the predicates written into the module
//! ([`crate::constraint_natives`]) without the ODS model: a predicate naming a dialect's own
//! attribute or type class fails the match that reaches it. `load` needs the rules' dialects
//! registered in the context (the PDL verifier asks which ops infer their result types). The
//! module names `tessera_ir`, `tessera_pdl`, `tessera_rewrite`, `tessera_asm`, `tessera_ods` and
//! `tessera_drr` (for [`crate::constraint_natives`]): the crate including it depends on them.

use crate::read::{ConstraintDef, DrrFile, Shape, SymKind};
use crate::rule::*;
use std::fmt::Write;
use tessera_ir::{Diagnostic, SourceLoc};
use tessera_ods::Pred;
use tessera_pdl::rust_module::{push_body, rust_ident, write_arg, write_header, write_load};

/// What a native is called with and gives, which its Rust function's signature follows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sig {
    /// A result-pattern call: its arguments, `numReturns`, and what its results are.
    Rewrite {
        args: Vec<ArgKind>,
        returns: usize,
        yields: Yield,
        /// `$_loc` is used: the native's trailing arguments make it.
        loc: bool,
    },
    /// A source-pattern call: one output per argument, an attribute or a value.
    Constraint { outs: Vec<bool> },
}

/// One native of the file, with the signature of its first use.
struct Native<'a> {
    name: &'a str,
    expression: &'a str,
    sig: Sig,
    fn_name: String,
}

/// The Rust module for `file`, whose rules lowered to `pdl` (PDL in custom form); `source`
/// names the `.td` file in the module. A native used with two signatures, an argument that
/// stands for several values, and placeholders without a Rust counterpart are errors at the
/// rule.
pub fn to_rust(file: &DrrFile, pdl: &str, source: &str) -> Result<String, Vec<Diagnostic>> {
    let natives = natives_of(file)?;
    let mut out = String::new();
    write_header(&mut out, "tessera-tblgen --gen-rust-rewriters", source, pdl);
    write_natives(&mut out, file, &natives, source)?;
    write_load(&mut out, source);
    Ok(out)
}

/// The Rust module for `file` with its rules compiled ahead of time (`tessera_pdl::aot`):
/// the same `NativeCodeCall` functions, constraint checks and `register_natives` as
/// [`to_rust`]'s, then the matcher and rewriters of `lowered` (the rules' PDL, in `ctx`) as
/// Rust, calling every native through the registry `load(ctx, natives)` fills (the module's
/// own natives added to the caller's).
pub fn to_rust_compiled(
    file: &DrrFile,
    ctx: &mut tessera_ir::Context,
    lowered: &mut crate::Lowered,
    source: &str,
    typed_builders: &[tessera_pdl::aot::TypedBuilder],
) -> Result<String, Vec<Diagnostic>> {
    let natives = natives_of(file)?;
    let mut items = String::from(
        "#[allow(unused_imports)]\nuse ::tessera_pdl::natives::{NativeKind, Natives};\n",
    );
    write_natives(&mut items, file, &natives, source)?;
    let options = tessera_pdl::aot::EmitOptions {
        source: source.to_string(),
        natives_path: String::new(),
        native_calls: tessera_pdl::aot::NativeCalls::Registry,
        register_natives: Some("register_natives".to_string()),
        extra_items: items,
        typed_builders: typed_builders.to_vec(),
        ..tessera_pdl::aot::EmitOptions::default()
    };
    tessera_pdl::aot::emit(ctx, &mut lowered.body, lowered.module, &options)
}

/// Every native of `file`'s rules, each with the signature of its first use; a use with
/// another signature, or one the module cannot write, is an error at its rule.
fn natives_of(file: &DrrFile) -> Result<Vec<Native<'_>>, Vec<Diagnostic>> {
    let mut natives: Vec<Native> = Vec::new();
    let mut errors = Vec::new();
    for rule in &file.rules {
        let mut uses = Vec::new();
        collect_rule(rule, &mut uses);
        for (name, expression, sig, dag_args) in uses {
            let rewrite = matches!(sig, Sig::Rewrite { .. });
            if let Err(message) = check_use(name, expression, &sig, dag_args) {
                errors.push(Diagnostic::error(rule.loc, message));
                continue;
            }
            let same = natives
                .iter()
                .find(|n| n.name == name && matches!(n.sig, Sig::Rewrite { .. }) == rewrite);
            match same {
                Some(n) if n.sig != sig => errors.push(Diagnostic::error(
                    rule.loc,
                    format!(
                        "NativeCodeCall '{name}' is used here as {} and elsewhere as {}: its Rust function has one signature",
                        describe(&sig),
                        describe(&n.sig)
                    ),
                )),
                Some(_) => {}
                None => {
                    let prefix = if rewrite { "rewrite_" } else { "constraint_" };
                    let mut fn_name = rust_ident(prefix, name);
                    if natives.iter().any(|n| n.fn_name == fn_name) {
                        fn_name = format!("{fn_name}_{}", natives.len());
                    }
                    natives.push(Native {
                        name,
                        expression,
                        sig,
                        fn_name,
                    });
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(natives)
}

/// The natives' functions, the constraint checks and `register_natives`.
fn write_natives(
    out: &mut String,
    file: &DrrFile,
    natives: &[Native<'_>],
    source: &str,
) -> Result<(), Vec<Diagnostic>> {
    for n in natives {
        write_native_fn(out, n)?;
    }
    let mut compiled_fns = String::new();
    let (compiled, replaced) = write_compiled_constraints(&mut compiled_fns, file);
    write_constraints(out, &file.constraints, &replaced);
    out.push_str(&compiled_fns);
    let _ = writeln!(
        out,
        "\n/// Adds to `natives` the natives of `{source}`: its NativeCodeCalls and the checks of the\n/// ODS constraints its rules apply."
    );
    out.push_str("#[allow(unused_variables)]\npub fn register_natives(natives: &mut Natives) {\n");
    out.push_str(
        "    let _ = ::tessera_drr::constraint_natives(\n        &constraints(),\n        None,\n        &::tessera_ods::eval::Natives::new(),\n        natives,\n    );\n",
    );
    out.push_str(&compiled);
    for n in natives {
        write_registration(out, n);
    }
    out.push_str("}\n");
    Ok(())
}

/// `(name, expression, signature, dag arguments)` of every native call of `rule`.
fn collect_rule<'a>(rule: &'a Rule, out: &mut Vec<(&'a str, &'a str, Sig, usize)>) {
    fn src_op<'a>(op: &'a SrcOp, out: &mut Vec<(&'a str, &'a str, Sig, usize)>) {
        for a in &op.args {
            if let SrcArg::Operand(v) = a {
                src_value(v, out);
            }
        }
    }
    fn src_value<'a>(v: &'a SrcValue, out: &mut Vec<(&'a str, &'a str, Sig, usize)>) {
        match v {
            SrcValue::Op(op) => src_op(op, out),
            SrcValue::Variadic { elems, .. } => elems.iter().for_each(|e| src_value(e, out)),
            SrcValue::Native(n) => out.push((
                &n.name,
                &n.expression,
                Sig::Constraint {
                    outs: n.outs.iter().map(|o| o.attr).collect(),
                },
                n.outs.len(),
            )),
            SrcValue::Leaf { .. } => {}
        }
    }
    fn res<'a>(node: &'a ResNode, out: &mut Vec<(&'a str, &'a str, Sig, usize)>) {
        match node {
            ResNode::Native {
                name,
                expression,
                args,
                arg_kinds,
                returns,
                yields,
                loc,
                ..
            } => {
                args.iter().for_each(|a| res(a, out));
                out.push((
                    name,
                    expression,
                    Sig::Rewrite {
                        args: arg_kinds.clone(),
                        returns: *returns,
                        yields: *yields,
                        loc: loc.is_some(),
                    },
                    args.len(),
                ));
            }
            ResNode::Op(op) => {
                op.args.iter().for_each(|a| res(a, out));
                for t in &op.return_types {
                    if let TypeRef::Native(call) = t {
                        res(call, out);
                    }
                }
            }
            ResNode::Pack(elems) => elems.iter().for_each(|e| res(e, out)),
            ResNode::Ref(_) | ResNode::Const(_) => {}
        }
    }
    src_op(&rule.root, out);
    rule.results.iter().for_each(|r| res(r, out));
    rule.supplemental.iter().for_each(|r| res(r, out));
}

fn describe(sig: &Sig) -> String {
    match sig {
        Sig::Rewrite {
            args,
            returns,
            yields,
            ..
        } => format!(
            "({}) -> {}",
            args.iter()
                .map(|&k| rust_arg(k))
                .collect::<Vec<_>>()
                .join(", "),
            rust_result(*returns, *yields)
        ),
        Sig::Constraint { outs } => format!(
            "a matcher with outputs ({})",
            outs.iter()
                .map(|&a| if a { "Attr" } else { "ValueId" })
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Refuses what a use cannot be in Rust: several values behind one argument, placeholders
/// without a counterpart.
fn check_use(name: &str, expression: &str, sig: &Sig, dag_args: usize) -> Result<(), String> {
    if let Sig::Rewrite { args, .. } = sig {
        if args.len() != dag_args {
            return Err(format!(
                "an argument of NativeCodeCall '{name}' stands for several values (a multi-result op or a variadic pack): its Rust function takes one value per argument"
            ));
        }
    }
    substitute(expression, sig, dag_args)
        .map(|_| ())
        .map_err(|e| format!("NativeCodeCall '{name}': {e}"))
}

/// `expression` with its placeholders replaced by the Rust names of the function's
/// parameters (see the module documentation).
fn substitute(expression: &str, sig: &Sig, n: usize) -> Result<String, String> {
    let source = matches!(sig, Sig::Constraint { .. });
    let prefix = if source { "out" } else { "arg" };
    let mut out = String::with_capacity(expression.len());
    let mut rest = expression;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(r) = after.strip_prefix("_builder") {
            out.push_str("rewriter");
            rest = r;
        } else if let Some(r) = after.strip_prefix("_self") {
            if !source {
                return Err("$_self has no meaning in a result pattern".into());
            }
            out.push_str("self_");
            rest = r;
        } else if let Some(r) = after.strip_prefix("_loc") {
            if !matches!(sig, Sig::Rewrite { loc: true, .. }) {
                return Err("$_loc has no meaning in a source pattern".into());
            }
            out.push_str("loc");
            rest = r;
        } else if after.starts_with(|c: char| c.is_ascii_digit()) {
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            let index: usize = after[..digits]
                .parse()
                .map_err(|_| format!("placeholder ${} is too large", &after[..digits]))?;
            let r = &after[digits..];
            if let Some(r) = r.strip_prefix("...") {
                if index > n {
                    return Err(format!(
                        "placeholder ${index}... is past the call's {n} arguments"
                    ));
                }
                let names: Vec<String> = (index..n).map(|i| format!("{prefix}{i}")).collect();
                out.push_str(&names.join(", "));
                rest = r;
            } else {
                if index >= n {
                    return Err(format!(
                        "placeholder ${index} is past the call's {n} arguments"
                    ));
                }
                let _ = write!(out, "{prefix}{index}");
                rest = r;
            }
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    Ok(out)
}

fn rust_arg(kind: ArgKind) -> &'static str {
    match kind {
        ArgKind::Attr => "Attr",
        ArgKind::Value => "ValueId",
        ArgKind::Values => "&[ValueId]",
        ArgKind::Op => "OpId",
        ArgKind::Type => "Type",
    }
}

/// The `PdlValue` variant, whether it is a range, and how a message names it.
fn pdl_variant(kind: ArgKind) -> (&'static str, bool, &'static str) {
    match kind {
        ArgKind::Attr => ("Attr", false, "an attribute"),
        ArgKind::Value => ("Value", false, "a value"),
        ArgKind::Values => ("Values", true, "a range of values"),
        ArgKind::Op => ("Op", false, "an op"),
        ArgKind::Type => ("Type", false, "a type"),
    }
}

fn rust_result(returns: usize, yields: Yield) -> String {
    match (yields, returns) {
        (Yield::Attr, _) => "Attr".into(),
        (Yield::Type, _) => "Type".into(),
        (Yield::Values, 0) => "()".into(),
        (Yield::Values, 1) => "ValueId".into(),
        (Yield::Values, n) => format!("[ValueId; {n}]"),
    }
}

fn write_native_fn(out: &mut String, n: &Native) -> Result<(), Vec<Diagnostic>> {
    let internal = |e: String| vec![Diagnostic::error(SourceLoc::NONE, e)];
    match &n.sig {
        Sig::Rewrite {
            args,
            returns,
            yields,
            loc,
        } => {
            let body = substitute(n.expression, &n.sig, args.len()).map_err(internal)?;
            let _ = writeln!(
                out,
                "\n/// NativeCodeCall `{}` of a result pattern.",
                n.name.replace('`', "'")
            );
            out.push_str("#[allow(unused_variables, clippy::ptr_arg)]\n");
            let _ = writeln!(out, "pub fn {}(", n.fn_name);
            out.push_str("    rewriter: &mut PatternRewriter<'_>,\n");
            for (i, &k) in args.iter().enumerate() {
                let _ = writeln!(out, "    arg{i}: {},", rust_arg(k));
            }
            if *loc {
                out.push_str("    loc: ::tessera_ir::Location,\n");
            }
            match rust_result(*returns, *yields).as_str() {
                "()" => out.push_str(") {\n"),
                result => {
                    let _ = writeln!(out, ") -> {result} {{");
                }
            }
            push_body(out, &body);
            out.push_str("}\n");
        }
        Sig::Constraint { outs } => {
            let body = substitute(n.expression, &n.sig, outs.len()).map_err(internal)?;
            let _ = writeln!(
                out,
                "\n/// NativeCodeCall `{}` of a source pattern: `self_` defines the matched operand;\n/// `true` with every output set is a match.",
                n.name.replace('`', "'")
            );
            out.push_str("#[allow(unused_variables)]\n");
            let _ = writeln!(out, "pub fn {}(", n.fn_name);
            out.push_str("    rewriter: &mut PatternRewriter<'_>,\n    self_: OpId,\n");
            for (i, &attr) in outs.iter().enumerate() {
                let ty = if attr { "Attr" } else { "ValueId" };
                let _ = writeln!(out, "    out{i}: &mut Option<{ty}>,");
            }
            out.push_str(") -> bool {\n");
            push_body(out, &body);
            out.push_str("}\n");
        }
    }
    Ok(())
}

fn write_registration(out: &mut String, n: &Native) {
    let name = n.name;
    match &n.sig {
        Sig::Rewrite {
            args,
            returns,
            yields,
            loc,
        } => {
            let _ = writeln!(
                out,
                "    natives.register(NativeKind::Rewrite, {name:?}, |rewriter, args, _params, results| {{"
            );
            let mut call = vec!["rewriter".to_string()];
            for (i, &k) in args.iter().enumerate() {
                let (variant, range, expected) = pdl_variant(k);
                write_arg(out, name, i, variant, range, expected);
                call.push(format!("arg{i}"));
            }
            if *loc {
                // The arguments after the call's own make `$_loc`.
                let _ = writeln!(
                    out,
                    "        let loc = ::tessera_drr::location_of(rewriter, args.get({}..).unwrap_or(&[]))?;",
                    args.len()
                );
                call.push("loc".to_string());
            }
            let call = format!("{}({})", n.fn_name, call.join(", "));
            match (yields, returns) {
                (Yield::Values, 0) => {
                    let _ = writeln!(out, "        {call};");
                }
                (Yield::Values, 1) => {
                    let _ = writeln!(out, "        results.push(PdlValue::Value({call}));");
                }
                (Yield::Values, _) => {
                    let _ = writeln!(
                        out,
                        "        results.extend({call}.into_iter().map(PdlValue::Value));"
                    );
                }
                (Yield::Attr, _) => {
                    let _ = writeln!(out, "        results.push(PdlValue::Attr({call}));");
                }
                (Yield::Type, _) => {
                    let _ = writeln!(out, "        results.push(PdlValue::Type({call}));");
                }
            }
        }
        Sig::Constraint { outs } => {
            let _ = writeln!(
                out,
                "    natives.register(NativeKind::Constraint, {name:?}, |rewriter, args, _params, results| {{"
            );
            let message = format!("{name}: no operation defines the operand");
            let _ = writeln!(
                out,
                "        let defining = match args.first() {{\n            Some(PdlValue::Value(v)) => rewriter.body().defining_op(*v),\n            _ => None,\n        }};\n        let Some(self_) = defining else {{\n            return Err(Some({message:?}.into()));\n        }};"
            );
            let mut call = vec!["rewriter".to_string(), "self_".to_string()];
            for (i, &attr) in outs.iter().enumerate() {
                let ty = if attr { "Attr" } else { "ValueId" };
                let _ = writeln!(out, "        let mut out{i}: Option<{ty}> = None;");
                call.push(format!("&mut out{i}"));
            }
            let _ = writeln!(
                out,
                "        if !{}({}) {{\n            return Err(None);\n        }}",
                n.fn_name,
                call.join(", ")
            );
            for (i, &attr) in outs.iter().enumerate() {
                let variant = if attr { "Attr" } else { "Value" };
                let message = format!("{name}: output {i} was not set");
                let _ = writeln!(
                    out,
                    "        match out{i} {{\n            Some(v) => results.push(PdlValue::{variant}(v)),\n            None => return Err(Some({message:?}.into())),\n        }}"
                );
            }
        }
    }
    out.push_str("        Ok(())\n    });\n");
}

/// `fn constraints()`: the constraints the rules apply, as [`ConstraintDef::new`] calls, but
/// those `replaced` marks (checked by compiled functions alone).
fn write_constraints(out: &mut String, defs: &[ConstraintDef], replaced: &[bool]) {
    out.push_str(
        "\n/// The ODS constraints the rules apply, checked by natives evaluating their predicates.\nfn constraints() -> Vec<::tessera_drr::ConstraintDef> {\n    #[allow(unused_imports)]\n    use ::tessera_drr::{ConstraintDef, Shape, SymKind};\n    #[allow(unused_imports)]\n    use ::tessera_ods::Pred;\n    vec![\n",
    );
    for (def, _) in defs.iter().zip(replaced).filter(|(_, &r)| !r) {
        let pred = match &def.constraint.pred {
            Some(p) => format!("Some({})", pred_rust(p)),
            None => "None".into(),
        };
        let _ = writeln!(
            out,
            "        ConstraintDef::new(\n            {:?},\n            {:?},\n            {},\n            {pred},\n        ),",
            def.native,
            def.constraint.record,
            shape_rust(&def.shape)
        );
    }
    out.push_str("    ]\n}\n");
}

/// The predicates of the type and attribute constraints that have a Rust form, as functions
/// (`tessera_ods::typed::predicate_rust`, compiled against the file's model); returns the
/// lines of `register_natives` putting them in place of the evaluated checks, and which
/// constraints need no evaluated check at all (type constraints; an attribute constraint's
/// stays for an absent attribute).
fn write_compiled_constraints(out: &mut String, file: &DrrFile) -> (String, Vec<bool>) {
    let mut register = String::new();
    let mut replaced = vec![false; file.constraints.len()];
    for (i, def) in file.constraints.iter().enumerate() {
        let (subject, install) = match def.shape {
            Shape::Type => (
                tessera_ods::eval::SelfKind::Type,
                "compiled_type_constraint",
            ),
            Shape::Attr => (
                tessera_ods::eval::SelfKind::Attr,
                "compiled_attr_constraint",
            ),
            Shape::Args { .. } => continue,
        };
        let Some(pred) = &def.constraint.pred else {
            continue;
        };
        let function = format!("constraint_{i}_holds");
        let Some(items) = tessera_ods::typed::predicate_rust(
            &def.constraint.record,
            &file.model,
            pred,
            subject,
            &function,
        ) else {
            continue;
        };
        let _ = writeln!(
            out,
            "\n/// The predicate of constraint `{}` (native `{}`), compiled to Rust.",
            def.constraint.record, def.native
        );
        out.push_str(&items);
        let _ = writeln!(
            register,
            "    ::tessera_drr::{install}(natives, {:?}, {function});",
            def.native
        );
        replaced[i] = def.shape == Shape::Type;
    }
    (register, replaced)
}

fn shape_rust(shape: &Shape) -> String {
    fn kind(k: &SymKind) -> String {
        match k {
            SymKind::Value => "SymKind::Value".into(),
            SymKind::Values => "SymKind::Values".into(),
            SymKind::Attr => "SymKind::Attr".into(),
            SymKind::Op(i) => format!("SymKind::Op({i})"),
            SymKind::Pack(n) => format!("SymKind::Pack({n})"),
        }
    }
    match shape {
        Shape::Type => "Shape::Type".into(),
        Shape::Attr => "Shape::Attr".into(),
        Shape::Args { self_kind, args } => format!(
            "Shape::Args {{ self_kind: {}, args: vec![{}] }}",
            match self_kind {
                Some(k) => format!("Some({})", kind(k)),
                None => "None".into(),
            },
            args.iter().map(kind).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// `pred` as the Rust expression that builds it.
fn pred_rust(pred: &Pred) -> String {
    let list = |ps: &[Pred]| ps.iter().map(pred_rust).collect::<Vec<_>>().join(", ");
    match pred {
        Pred::Leaf(text) => format!("Pred::Leaf({text:?}.into())"),
        Pred::And(ps) => format!("Pred::And(vec![{}])", list(ps)),
        Pred::Or(ps) => format!("Pred::Or(vec![{}])", list(ps)),
        Pred::Not(p) => format!("Pred::Not(Box::new({}))", pred_rust(p)),
        Pred::SubstLeaves {
            pattern,
            replacement,
            child,
        } => format!(
            "Pred::SubstLeaves {{ pattern: {pattern:?}.into(), replacement: {replacement:?}.into(), child: Box::new({}) }}",
            pred_rust(child)
        ),
        Pred::Concat {
            prefix,
            suffix,
            child,
        } => format!(
            "Pred::Concat {{ prefix: {prefix:?}.into(), suffix: {suffix:?}.into(), child: Box::new({}) }}",
            pred_rust(child)
        ),
    }
}
