//! Resource sections (`{-# ... #-}`): what upstream `mlir-opt` 19 rejects is rejected with
//! its message at its position, and what it accepts comes back as typed values and prints
//! as upstream prints it. (The invalid corpus's `resources.mlir` holds the same cases with
//! `expected-error` annotations for upstream's `--verify-diagnostics`.)

use tessera_asm::{PrintOptions, ResourceSection, ResourceValue};
use tessera_ir::{Context, DiagLoc, LocKind};

/// The first error's `line:col: message`.
fn error(src: &str) -> String {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let err = tessera_asm::parse(&mut ctx, src, "r.mlir")
        .err()
        .expect("an error");
    let DiagLoc::Ir(loc) = err.loc else {
        panic!("error without an IR location: {:?}", err.loc);
    };
    match ctx.loc_kind(loc) {
        LocKind::FileLineCol { line, col, .. } => format!("{line}:{col}: {}", err.message),
        other => panic!("error without a position: {other:?}"),
    }
}

#[test]
fn blobs_are_validated_as_upstream_validates_them() {
    // Each message and column is what mlir-opt 19 reports for the same input.
    let cases = [
        (
            r#"{-# dialect_resources: { builtin: { b: "0x01000000ZZ" } } #-}"#,
            "1:40: expected hex string blob for key 'b'",
        ),
        (
            r#"{-# dialect_resources: { builtin: { b: true } } #-}"#,
            "1:40: expected hex string blob for key 'b'",
        ),
        (
            r#"{-# dialect_resources: { builtin: { b: "0x010" } } #-}"#,
            "1:40: expected hex string blob for key 'b'",
        ),
        (
            r#"{-# external_resources: { t: { k: "0xZZ" } } #-}"#,
            "1:35: expected hex string blob for key 'k'",
        ),
        (
            r#"{-# external_resources: { t: { j: "0x0300000001"} } #-}"#,
            "1:35: expected hex string blob for key 'j' to encode alignment in first 4 bytes, \
             but got non-power-of-2 value: 3",
        ),
        (
            r#"{-# external_resources: { t: { l: "0x"} } #-}"#,
            "1:35: expected hex string blob for key 'l' to encode alignment in first 4 bytes",
        ),
        (
            r#"{-# external_resources: { t: { m: "0x01"} } #-}"#,
            "1:35: expected hex string blob for key 'm' to encode alignment in first 4 bytes",
        ),
        (
            r#"{-# external_resources: { t: { b: 0x12 } } #-}"#,
            "1:35: expected string value for key 'b'",
        ),
        (
            r#"{-# external_resources: { t: { b: @x } } #-}"#,
            "1:35: expected string value for key 'b'",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(error(src), want, "{src}");
    }
}

#[test]
fn groups_and_keys_are_identifiers_of_known_dialects() {
    let cases = [
        (
            r#"{-# dialect_resources: { nodialect: { b: "0x0100000001" } } #-}"#,
            "1:26: dialect 'nodialect' is unknown",
        ),
        (
            r#"{-# dialect_resources: { func: { } } #-}"#,
            "1:34: unexpected 'resource' section for dialect 'func'",
        ),
        (
            r#"{-# dialect_resources: { builtin: { "s": "0x0100000001" } } #-}"#,
            "1:37: expected identifier key for 'resource' entry",
        ),
        (
            r#"{-# external_resources: { "a b": { c: "x" } } #-}"#,
            "1:27: expected identifier key for 'resource' entry",
        ),
        (
            r#"{-# external_resources: { t: { c$d: "x", "e": "y" } } #-}"#,
            "1:42: expected identifier key for 'external_resources' entry",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(error(src), want, "{src}");
    }
}

#[test]
fn accepted_values_are_typed_and_print_as_upstream_prints_them() {
    let src = r#""foo.op"() {r = dense_resource<b> : tensor<1xi8>} : () -> ()
{-# dialect_resources: { builtin: { b: "0x0400000001", b: "0x10000000abcdef" } },
    external_resources: { t: { k: "a\"b\n", k: true, blob: "0x08000000ABCD" } } #-}
"#;
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let parsed = tessera_asm::parse(&mut ctx, src, "r.mlir").expect("parses");
    let r = &parsed.resources;
    assert_eq!(
        r.get(ResourceSection::Dialect, "builtin", "b"),
        Some(&ResourceValue::Blob {
            alignment: 16,
            data: vec![0xAB, 0xCD, 0xEF]
        })
    );
    let tool = &r.groups(ResourceSection::External)[0];
    assert_eq!(tool.entries.len(), 3, "repeated external keys are kept");
    assert_eq!(
        tool.entries[0].value,
        ResourceValue::String(b"a\"b\n".to_vec())
    );
    let text = tessera_asm::print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        r,
        PrintOptions::default(),
    );
    let tail = text.split_once("{-#").expect("a resource section").1;
    // What mlir-opt 19 prints for the same input.
    assert_eq!(
        tail,
        "\n  dialect_resources: {\n    builtin: {\n      b: \"0x10000000ABCDEF\"\n    }\n  },\n  \
         external_resources: {\n    t: {\n      k: \"a\\22b\\0A\",\n      k: true,\n      \
         blob: \"0x08000000ABCD\"\n    }\n  }\n#-}\n"
    );
}
