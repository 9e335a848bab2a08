//! The generated modules `tests/aot.rs` compiles are what `tessera_pdl::aot::emit` writes
//! today; `UPDATE_EXPECT=1 cargo test -p tessera-pdl --test aot_fresh` rewrites them. This
//! test does not compile the modules, so it can regenerate one that no longer compiles.

use std::path::{Path, PathBuf};
use tessera_ir::Context;
use tessera_pdl::aot::{self, EmitOptions};

/// (patterns, generated module), relative to the crate.
const CASES: &[(&str, &str)] = &[
    (
        "../../examples/pdl/patterns.mlir",
        "tests/aot/examples_pdl.rs",
    ),
    ("tests/aot/features.pdl.mlir", "tests/aot/features.rs"),
    ("tests/aot/params.interp.mlir", "tests/aot/params.rs"),
];

fn path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn generate(patterns: &str) -> String {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_pdl::dialect::register_pdl_dialects(&mut ctx).expect("the pdl dialects load");
    let text = std::fs::read_to_string(path(patterns)).unwrap();
    let mut p = tessera_asm::parse(&mut ctx, &text, patterns).unwrap();
    let options = EmitOptions {
        source: patterns.trim_start_matches("../../").to_string(),
        ..EmitOptions::default()
    };
    aot::emit(&mut ctx, &mut p.body, p.module, &options)
        .unwrap_or_else(|ds| panic!("{patterns}: {ds:?}"))
}

#[test]
fn generated_modules_are_up_to_date() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut stale = Vec::new();
    for &(patterns, generated) in CASES {
        let fresh = generate(patterns);
        let committed = std::fs::read_to_string(path(generated)).unwrap_or_default();
        if fresh != committed {
            if update {
                std::fs::write(path(generated), &fresh).unwrap();
            } else {
                stale.push(generated);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated modules {stale:?}: rerun with UPDATE_EXPECT=1"
    );
}

#[test]
fn generated_modules_are_rustfmt_clean() {
    // Only meaningful where rustfmt runs (it does wherever cargo fmt does).
    for &(_, generated) in CASES {
        let text = std::fs::read_to_string(path(generated)).unwrap();
        if let Some(formatted) = aot::rustfmt(&text) {
            assert_eq!(formatted, text, "{generated} is not rustfmt-clean");
        }
    }
}
