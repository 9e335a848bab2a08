//! `to_rust` on small inputs: names and parameters the generated Rust spells, and the natives
//! it refuses. (The whole path, compiled and run, is tessera-cli's `tests/pdll_rust.rs`.)

use tessera_ir::SourceMap;
use tessera_pdll::{parse, to_rust, Options};

fn generate(src: &str) -> Result<String, Vec<String>> {
    let mut sources = SourceMap::new();
    let file = sources.add("t.pdll", src);
    let parsed = parse(&mut sources, file, &Options::default());
    assert!(
        parsed.diagnostics.has_errors().is_none(),
        "{}",
        parsed.diagnostics
    );
    to_rust(&parsed.ast, "module {\n}\n", "t.pdll")
        .map_err(|d| d.into_iter().map(|d| d.message).collect())
}

#[test]
fn natives_become_snake_case_functions_with_typed_parameters() {
    let text = generate(
        "Constraint IsI32(type: Type, values: ValueRange) [{ Ok(()) }];\n\
         Rewrite MakeTwo(op: Op<t.a>) -> (Op, types: TypeRange) [{ Ok((op, Vec::new())) }];\n\
         Rewrite Declared(op: Op);\n",
    )
    .unwrap();
    assert!(text.contains("pub fn constraint_is_i32(\n    rewriter: &mut PatternRewriter<'_>,\n    r#type: Type,\n    values: &[ValueId],\n) -> Result<(), NativeFailure> {\n    Ok(())\n}"), "{text}");
    assert!(
        text.contains(") -> Result<(OpId, Vec<Type>), NativeFailure> {"),
        "{text}"
    );
    assert!(
        text.contains("natives.register(NativeKind::Rewrite, \"MakeTwo\""),
        "{text}"
    );
    // A native without a code block is the caller's to register.
    assert!(!text.contains("Declared\""), "{text}");
    assert!(
        text.contains("pub const PDL: &str = r#\"module {\n}\n\"#;"),
        "{text}"
    );
}

#[test]
fn constraints_may_return_values() {
    let text = generate("Constraint Split(v: Value) -> (Type, Attr) [{ Err(None) }];\n").unwrap();
    assert!(
        text.contains(") -> Result<(Type, Attr), NativeFailure> {\n    Err(None)\n}"),
        "{text}"
    );
    assert!(
        text.contains("results.push(PdlValue::Type(result.0));\n        results.push(PdlValue::Attr(result.1));"),
        "{text}"
    );
}
