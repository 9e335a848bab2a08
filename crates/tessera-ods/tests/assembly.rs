//! The core dialects (`builtin`, `func`) from Tessera's own `.td` library, registered
//! through ODS: their ops read and written in custom form by the format engine (and the
//! Rust signature form of `func.func`), checked against `mlir-opt` 19's output on the same
//! input (committed beside it).

use tessera_asm::PrintOptions;
use tessera_ir::Context;

fn context() -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

fn print(src: &str, generic: bool) -> String {
    let mut ctx = context();
    let m = tessera_asm::parse(&mut ctx, src, "func.mlir")
        .unwrap_or_else(|d| panic!("{}", d.render(&Default::default(), Some(&ctx))));
    if let Err(errors) = tessera_ir::verify(&ctx, &m.body, m.module) {
        panic!("{errors:?}");
    }
    let opts = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts)
}

#[test]
fn the_core_dialects_compile_without_warnings() {
    if let Err(e) = tessera_ods::core_dialects::core_registration() {
        panic!("{e}");
    }
}

#[test]
fn core_ops_print_as_mlir_opt_and_read_back() {
    let input = include_str!("assembly/func.mlir");
    let expected = include_str!("assembly/func.mlir.expected");
    let custom = print(input, false);
    // mlir-opt ends its output with one more newline.
    assert_eq!(custom.clone() + "\n", expected);
    // The custom form reads back into the same IR.
    assert_eq!(print(&custom, false), custom);
    assert_eq!(print(&custom, true), print(input, true));
}
