//! `tessera-opt` knows pdl and pdl_interp but registers them only when an input uses them, as
//! mlir-opt loads its dialects on first use.

use tessera_cli::opt::{process_buffer, OptOptions};

#[test]
fn dialects_are_registered_when_first_used() {
    let opts = OptOptions::default();
    let plain = process_buffer("func.func @f() { return }\n", "f.mlir", &opts);
    assert!(plain.output.is_some());
    assert!(plain.ctx.dialect("func").is_some());
    assert!(plain.ctx.dialect("pdl").is_none());
    assert!(plain.ctx.dialect("pdl_interp").is_none());

    let pattern =
        "pdl.pattern : benefit(1) {\n  %op = operation \"foo.op\"\n  rewrite %op {\n    erase %op\n  }\n}\n";
    let pdl = process_buffer(pattern, "p.mlir", &opts);
    assert!(pdl.output.is_some(), "{:?}", pdl.diagnostics);
    assert!(pdl.ctx.dialect("pdl").is_some());

    // A generic op name and a dialect type load them too.
    let generic = "\"test.op\"() : () -> !pdl.value\n";
    let typed = process_buffer(
        generic,
        "t.mlir",
        &OptOptions {
            allow_unregistered: true,
            ..OptOptions::default()
        },
    );
    assert!(typed.output.is_some(), "{:?}", typed.diagnostics);
    assert!(typed.ctx.dialect("pdl").is_some());
}

#[test]
fn a_loader_runs_once_and_not_for_a_dialect_already_registered() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use tessera_ir::{Context, DialectInfo};
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let mut ctx = Context::new();
    let loader: tessera_ir::DialectLoader = Arc::new(|ctx: &mut Context| {
        RUNS.fetch_add(1, Ordering::SeqCst);
        let name = ctx.ident("lazy");
        ctx.register_dialect(DialectInfo::new(name));
    });
    ctx.add_dialect_loader("lazy", loader.clone());
    ctx.ensure_dialect("other");
    assert_eq!(RUNS.load(Ordering::SeqCst), 0);
    ctx.ensure_dialect("lazy");
    ctx.ensure_dialect("lazy");
    assert_eq!(RUNS.load(Ordering::SeqCst), 1);
    assert!(ctx.dialect("lazy").is_some());

    let mut ctx = Context::new();
    let name = ctx.ident("lazy");
    ctx.register_dialect(DialectInfo::new(name));
    ctx.add_dialect_loader("lazy", loader);
    ctx.ensure_dialect("lazy");
    assert_eq!(RUNS.load(Ordering::SeqCst), 1);
}
