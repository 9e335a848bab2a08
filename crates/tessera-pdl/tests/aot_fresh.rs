//! The generated modules `tests/aot.rs` compiles are what `tessera_pdl::aot::emit` writes
//! today; `UPDATE_EXPECT=1 cargo test -p tessera-pdl --test aot_fresh` rewrites them. This
//! test does not compile the modules, so it can regenerate one that no longer compiles.

use tessera_pdl::aot;

/// The pattern sets.
#[allow(dead_code)]
#[path = "aot/cases.rs"]
mod cases;
use cases::{context, path, Case, CASES};

fn generate(case: &Case) -> String {
    let mut ctx = context();
    let mut p = case.patterns(&mut ctx);
    aot::emit(&mut ctx, &mut p.parsed.body, p.op, &case.options())
        .unwrap_or_else(|ds| panic!("{}: {ds:?}", case.name()))
}

#[test]
fn generated_modules_are_up_to_date() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut stale = Vec::new();
    for case in CASES {
        let fresh = generate(case);
        let committed = std::fs::read_to_string(path(case.generated)).unwrap_or_default();
        if fresh != committed {
            if update {
                std::fs::write(path(case.generated), &fresh).unwrap();
            } else {
                stale.push(case.generated);
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
    // Only meaningful where rustfmt runs (it does wherever cargo fmt does); not while the
    // other test is rewriting the modules.
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        return;
    }
    for case in CASES {
        let text = std::fs::read_to_string(path(case.generated)).unwrap();
        if let Some(formatted) = aot::rustfmt(&text) {
            assert_eq!(formatted, text, "{} is not rustfmt-clean", case.generated);
        }
    }
}
