//! Custom forms compiled to Rust against the format engine they replace: `tests/asm/fmt.rs` is
//! what `tessera-build` writes for `tests/asm/fmt.td` (`typed_ops_current.rs` checks it is
//! current); its `register` installs the compiled forms, and the same embedded model
//! registered alone runs the engine. Both must read `tests/asm/fmt.mlir` into the same IR and
//! print it the same way (committed as `fmt.mlir.expected`, `UPDATE_EXPECT=1` rewrites it),
//! and reject each chunk of `fmt-invalid.mlir` with the same diagnostic.

use tessera_asm::PrintOptions;
use tessera_ir::Context;

#[allow(dead_code)]
mod fmt {
    include!("asm/fmt.rs");
}

/// The format engine's forms, as `tessera-opt --load-dialect` runs them.
fn engine() -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let registration =
        tessera_ods::typed::compile_model(fmt::MODEL, &tessera_ods::dialect_hooks::options())
            .unwrap_or_else(|e| panic!("{e}"));
    registration.register(&mut ctx);
    ctx
}

/// The compiled forms, as a crate using `tessera-build` registers them.
fn compiled() -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    fmt::register(&mut ctx).unwrap_or_else(|e| panic!("{e}"));
    ctx
}

/// The custom and generic forms `src` prints as in `ctx`, or the rendered error.
fn run(ctx: &mut Context, src: &str) -> Result<(String, String), String> {
    let m = tessera_asm::parse(ctx, src, "fmt.mlir")
        .map_err(|d| d.render(&Default::default(), Some(ctx)))?;
    if let Err(errors) = tessera_ir::verify(ctx, &m.body, m.module) {
        return Err(format!("{errors:?}"));
    }
    let print = |generic| {
        let opts = PrintOptions {
            generic,
            ..PrintOptions::default()
        };
        tessera_asm::print_module(ctx, &m.body, m.module, &m.resources, opts)
    };
    Ok((print(false), print(true)))
}

fn path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/asm")
        .join(name)
}

#[test]
fn every_format_of_the_dialect_is_compiled() {
    let (model, dialects) = tessera_ods::blob::decode(fmt::MODEL).unwrap();
    let options = tessera_ods::rust_gen::GenOptions {
        main_file: "fmt.td",
    };
    let (_, skipped) = tessera_ods::rust_gen::generate_with_report(&model, &dialects, &options);
    assert_eq!(skipped, Vec::<(String, String)>::new());
    let with_format = model.ops.iter().filter(|op| op.assembly_format.is_some());
    assert_eq!(with_format.count(), 19);
}

#[test]
fn compiled_forms_read_and_print_as_the_engine() {
    let src = std::fs::read_to_string(path("fmt.mlir")).unwrap();
    let (custom, generic) = run(&mut engine(), &src).unwrap_or_else(|e| panic!("engine: {e}"));
    let (custom2, generic2) =
        run(&mut compiled(), &src).unwrap_or_else(|e| panic!("compiled: {e}"));
    assert_eq!(custom2, custom, "custom forms differ");
    assert_eq!(generic2, generic, "the IR read differs");
    let expected = path("fmt.mlir.expected");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected, &custom2).unwrap();
    }
    assert_eq!(
        custom2,
        std::fs::read_to_string(&expected).unwrap_or_default(),
        "UPDATE_EXPECT=1 rewrites tests/asm/fmt.mlir.expected"
    );
    // What the compiled forms print, they read back into the same IR.
    let (again, generic3) =
        run(&mut compiled(), &custom2).unwrap_or_else(|e| panic!("read back: {e}"));
    assert_eq!(again, custom2);
    assert_eq!(generic3, generic);
}

#[test]
fn compiled_forms_reject_as_the_engine() {
    let src = std::fs::read_to_string(path("fmt-invalid.mlir")).unwrap();
    let chunks: Vec<&str> = src.split("// -----\n").collect();
    assert!(chunks.len() > 5);
    for (i, chunk) in chunks.iter().enumerate() {
        let engine = run(&mut engine(), chunk);
        let compiled = run(&mut compiled(), chunk);
        assert!(engine.is_err(), "chunk {i} is accepted by the engine");
        assert_eq!(compiled, engine, "chunk {i}");
    }
}
