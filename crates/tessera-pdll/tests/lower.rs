//! Lowering to PDL: every `tests/mlir/*.pdll` is split at `// -----` as `mlir-pdll
//! --split-input-file` splits it, each chunk is parsed and lowered with mlir-pdll's default
//! benefit, and the PDL (custom form with locations) and diagnostics must equal the committed
//! `.mlir` and `.err` files, which are mlir-pdll 19's own output (`scripts/pdll-expected.sh`).
//! Errors of the PDL verifier are compared in the form mlir-pdll prints them
//! (`loc("file":L:C): error: ...`); tessera-pdll renders them with the source line.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use tessera_ir::source::{split_chunks, SPLIT_MARKER};
use tessera_ir::{AttrKind, Context, DiagLoc, SourceMap};
use tessera_pdll::{lower_to_pdl, parse, DefaultBenefit, LowerOptions, Options};

struct Lowered {
    mlir: String,
    err: String,
}

fn print(ctx: &Context, lowered: &tessera_pdll::Lowered) -> String {
    let options = tessera_asm::PrintOptions {
        debug_info: true,
        ..Default::default()
    };
    let resources = tessera_asm::Resources::default();
    tessera_asm::print_module(ctx, &lowered.body, lowered.module, &resources, options)
}

/// Runs a file as `tessera-pdll -x=mlir --default-benefit=zero -I tests/mlir
/// --split-input-file` would, from the crate root.
fn run(path: &Path) -> Lowered {
    let src = std::fs::read_to_string(path).expect("test input is readable");
    let name = format!("tests/mlir/{}", path.file_name().unwrap().to_string_lossy());
    let options = Options {
        include_dirs: vec![PathBuf::from("tests/mlir")],
    };
    let lower = LowerOptions {
        default_benefit: DefaultBenefit::Zero,
        ..LowerOptions::default()
    };
    let mut outputs = Vec::new();
    let mut err = String::new();
    let mut failed = false;
    for (line, text) in split_chunks(&src) {
        let mut sources = SourceMap::new();
        let file = sources.add(format!("within split at {name}:{line} offset "), text);
        let parsed = parse(&mut sources, file, &options);
        err.push_str(&parsed.diagnostics.render(&sources, None));
        if parsed.diagnostics.has_errors().is_some() {
            failed = true;
            continue;
        }
        let mut ctx = Context::new();
        match lower_to_pdl(&mut ctx, &parsed.ast, &sources, file, &lower) {
            Ok(lowered) => outputs.push(print(&ctx, &lowered)),
            Err(diags) => {
                failed = true;
                for d in diags {
                    let DiagLoc::Ir(loc) = d.loc else {
                        err.push_str(&d.render(&sources, Some(&ctx)));
                        continue;
                    };
                    let (file, line, col) = ctx.file_line_col(loc).expect("a file location");
                    let file = ctx.str(file);
                    let _ = writeln!(err, "loc(\"{file}\":{line}:{col}): error: {}", d.message);
                }
            }
        }
    }
    // Like mlir-pdll, nothing is written when a chunk failed.
    let mlir = if failed {
        String::new()
    } else {
        outputs.join(&format!("{SPLIT_MARKER}\n"))
    };
    Lowered { mlir, err }
}

fn inputs() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/mlir")
        .expect("test directory exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdll"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in tests/mlir");
    files
}

#[test]
fn pdl_matches_mlir_pdll() {
    for path in inputs() {
        let run = run(&path);
        let expected = |ext| std::fs::read_to_string(path.with_extension(ext)).unwrap_or_default();
        assert_eq!(run.mlir, expected("mlir"), "PDL of {}", path.display());
        assert_eq!(
            run.err,
            expected("err"),
            "diagnostics of {}",
            path.display()
        );
    }
}

/// Parses `src` (which must have no errors) and lowers it with the default options.
fn lower_clean(src: String) -> (Context, tessera_pdll::Lowered) {
    let mut sources = SourceMap::new();
    let file = sources.add("test.pdll", src);
    let parsed = parse(&mut sources, file, &Options::default());
    assert!(
        parsed.diagnostics.has_errors().is_none(),
        "{}",
        parsed.diagnostics
    );
    let mut ctx = Context::new();
    let lowered = lower_to_pdl(
        &mut ctx,
        &parsed.ast,
        &sources,
        file,
        &LowerOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    (ctx, lowered)
}

/// Lowers `src` with the default options and returns each pattern's benefit.
fn benefits(src: &str) -> Vec<i128> {
    let (mut ctx, lowered) = lower_clean(src.to_string());
    let body = &lowered.body;
    let block = body.first_block(body.region(lowered.module, 0)).unwrap();
    let benefit = ctx.ident("benefit");
    body.block_ops(block)
        .map(|op| {
            let props = body.op_props(op).expect("a pattern has properties");
            let AttrKind::Dictionary(entries) = ctx.attr_kind(props) else {
                panic!("properties are a dictionary")
            };
            let (_, value) = entries.iter().find(|(n, _)| *n == benefit).unwrap();
            match ctx.attr_kind(*value) {
                AttrKind::Integer { value, .. } => value.as_i64(16).unwrap() as i128,
                other => panic!("benefit is {other:?}"),
            }
        })
        .collect()
}

/// The specification's default: a pattern without `benefit(N)` is worth the operations its
/// match section names (expressions and `Op` variables, inlined constraints' included, the
/// rewrite's own not), and an explicit benefit wins.
#[test]
fn default_benefit_counts_matched_operations() {
    let src = r#"
Pattern => erase op<t.a>;
Pattern => replace op<t.a>(op<t.b>(op<t.c>)) with op<t.d>;
Pattern {
  let producer: Op<t.p>;
  let root = op<t.r>(producer);
  rewrite root with {
    let made = op<t.new>;
    replace root with made;
  };
}
Constraint TwoMore(v: Value) -> Value => op<t.x>(op<t.y>(v));
Pattern => erase op<t.root>(TwoMore(op<t.z>));
Pattern with benefit(7) => replace op<t.a>(op<t.b>) with op<t.c>;
"#;
    assert_eq!(benefits(src), [1, 3, 2, 4, 7]);
}

/// An inline `Constraint` declared as a statement makes no IR until it is called (mlir-pdll
/// 19 crashes on this input).
#[test]
fn inline_declarations_as_statements_are_lowered() {
    let src = r#"
Constraint Native(value: Value);
Pattern {
  let root = op<t.root>(arg: Value);
  Constraint Local(value: Value) { Native(value); };
  Local(arg);
  erase root;
}
"#;
    assert_eq!(benefits(src), [1]);
}

/// Every prefix of every input that parses cleanly lowers to verified PDL or to diagnostics,
/// never a panic. (Inputs with `.td` includes are left out: each prefix would evaluate the
/// `.td` again; truncated includes have tests of their own.)
#[test]
fn every_prefix_lowers_without_panicking() {
    for path in inputs() {
        let src = std::fs::read_to_string(&path).unwrap();
        if src.contains("#include") {
            continue;
        }
        for end in (0..=src.len()).filter(|&i| src.is_char_boundary(i)) {
            let mut sources = SourceMap::new();
            let file = sources.add("prefix.pdll", &src[..end]);
            let parsed = parse(&mut sources, file, &Options::default());
            if parsed.diagnostics.has_errors().is_some() {
                continue;
            }
            let mut ctx = Context::new();
            let _ = lower_to_pdl(
                &mut ctx,
                &parsed.ast,
                &sources,
                file,
                &LowerOptions::default(),
            );
        }
    }
}

/// Deep nesting lowers on a test thread's small stack.
#[test]
fn deep_nesting_lowers() {
    let depth = tessera_pdll::MAX_NESTING as usize - 10;
    let src = format!(
        "Pattern => erase {}{};",
        "op<a.b>(".repeat(depth),
        ")".repeat(depth)
    );
    let (ctx, lowered) = lower_clean(src);
    let text = print(&ctx, &lowered);
    assert_eq!(text.matches("operation \"a.b\"").count(), depth);
}

/// The specification's inline native forms, which mlir-pdll 19 refuses: a native declared in a
/// body with one `;`, and one called where it is declared. Upstream's `;;` is accepted too.
#[test]
fn inline_natives_in_the_specification_forms_are_lowered() {
    for src in [
        "Pattern {\n  let root = op<t.a>(arg: Value);\n  Constraint Local(v: Value) [{ x }];\n  Local(arg);\n  erase root;\n}\n",
        "Pattern {\n  let root = op<t.a>(arg: Value);\n  Constraint Local(v: Value) [{ x }];;\n  Local(arg);\n  erase root;\n}\n",
        "Pattern {\n  let root = op<t.a>(arg: Value);\n  Constraint(v: Value) [{ x }](arg);\n  erase root;\n}\n",
    ] {
        let (ctx, lowered) = lower_clean(src.to_string());
        let text = print(&ctx, &lowered);
        assert_eq!(text.matches("apply_native_constraint").count(), 1, "{text}");
    }
}
