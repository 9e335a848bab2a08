//! The matcher compiler against mlir-opt 19: each `tests/compiler/NAME.mlir` is split at
//! `// -----` like `--split-input-file`, every chunk is parsed, verified, converted with
//! `convert_pdl_to_pdl_interp`, verified again and printed, and the text must equal the chunk
//! of `NAME.out`, which `mlir-opt --split-input-file --convert-pdl-to-pdl-interp` 19 printed
//! (`scripts/pdl-compiler-diff.sh` regenerates and compares them).

use std::path::Path;
use tessera_asm::PrintOptions;
use tessera_ir::Context;

/// The chunk separator `--split-input-file` reads and `mlir-opt` prints between outputs.
const SPLIT: &str = "// -----";

fn convert_chunk(src: &str, name: &str, generic: bool) -> Result<String, String> {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    tessera_pdl::dialect::register_pdl_dialects(&mut ctx)?;
    let mut parsed = tessera_asm::parse(&mut ctx, src, name).map_err(|d| d.message.clone())?;
    let show = |ds: Vec<tessera_ir::Diagnostic>| {
        ds.iter()
            .map(|d| d.message.clone())
            .collect::<Vec<_>>()
            .join("\n")
    };
    tessera_ir::verify(&ctx, &parsed.body, parsed.module).map_err(show)?;
    tessera_pdl::convert_pdl_to_pdl_interp(&mut ctx, &mut parsed.body, parsed.module)
        .map_err(show)?;
    tessera_ir::verify(&ctx, &parsed.body, parsed.module).map_err(show)?;
    let opts = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    Ok(tessera_asm::print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        &parsed.resources,
        opts,
    ))
}

/// Splits `text` at separator lines.
fn chunks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.starts_with(SPLIT) {
            out.push(String::new());
        } else if let Some(last) = out.last_mut() {
            last.push_str(line);
        }
    }
    out
}

fn check(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compiler");
    let input = std::fs::read_to_string(dir.join(format!("{name}.mlir"))).unwrap();
    let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
    let inputs = chunks(&input);
    let outputs = chunks(&expected);
    assert_eq!(inputs.len(), outputs.len(), "{name}: chunk counts differ");
    for (i, (src, want)) in inputs.iter().zip(&outputs).enumerate() {
        let got = convert_chunk(src, &format!("{name}.mlir"), false)
            .unwrap_or_else(|e| panic!("{name} chunk {i}: {e}"));
        assert_eq!(
            got.trim_end(),
            want.trim_end(),
            "{name} chunk {i} differs from mlir-opt's output"
        );
    }
}

#[test]
fn matcher_basic() {
    check("matcher-basic");
}

#[test]
fn matcher_shared() {
    check("matcher-shared");
}

#[test]
fn matcher_constraints() {
    check("matcher-constraints");
}

#[test]
fn matcher_multiroot() {
    check("matcher-multiroot");
}

#[test]
fn rewriter() {
    check("rewriter");
}

/// Converting twice gives the same text: nothing depends on hash-map order or addresses.
#[test]
fn deterministic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compiler");
    let input = std::fs::read_to_string(dir.join("matcher-multiroot.mlir")).unwrap();
    for src in chunks(&input) {
        let a = convert_chunk(&src, "a.mlir", true).unwrap();
        let b = convert_chunk(&src, "a.mlir", true).unwrap();
        assert_eq!(a, b);
        assert!(a.contains("pdl_interp.record_match"), "{a}");
    }
}

/// A pattern upstream 19 crashes on (its second root is reached only through a constraint's
/// result, which the traversal does not follow) is an error here.
#[test]
fn unreachable_root_is_an_error() {
    let src = r#"module {
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %root = pdl.operation "test.op"(%x : !pdl.value)
    %t = pdl.apply_native_constraint "type_of"(%x : !pdl.value) : !pdl.type
    %y = pdl.operand : %t
    %other = pdl.operation "test.user"(%y : !pdl.value)
    pdl.rewrite %root with "rw"(%t, %other : !pdl.type, !pdl.operation)
  }
}"#;
    let err = convert_chunk(src, "t.mlir", false).unwrap_err();
    assert!(err.contains("the matcher does not provide"), "{err}");
}
