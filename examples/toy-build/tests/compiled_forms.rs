//! Toy's ops read and print through the forms `tessera-build` compiled from their assembly
//! formats (`toy::register` installs them): every format is compiled, and the compiled forms
//! and the format engine (the same embedded model registered alone) read the bundled input
//! and the test inputs into the same IR and print it the same way.

use tessera_asm::PrintOptions;
use tessera_ir::Context;
use toy_build::toy;

#[test]
fn every_toy_format_is_compiled() {
    let (model, dialects) = tessera_ods::blob::decode(toy::MODEL).unwrap();
    let options = tessera_ods::rust_gen::GenOptions {
        main_file: "toy.td",
        native_paths: &[],
    };
    let (_, skipped) = tessera_ods::rust_gen::generate_with_report(&model, &dialects, &options);
    assert_eq!(skipped, Vec::<(String, String)>::new());
    let formats = model.ops.iter().filter(|op| op.assembly_format.is_some());
    assert_eq!(formats.count(), 7);
}

/// The custom and generic forms of `src`, read with Toy's compiled forms or the engine's.
fn print(compiled: bool, src: &str) -> Result<(String, String), String> {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    if compiled {
        toy::register(&mut ctx)?;
    } else {
        let options = tessera_ods::dialect_hooks::options();
        tessera_ods::typed::compile_model(toy::MODEL, &options)?.register(&mut ctx);
    }
    let m = tessera_asm::parse(&mut ctx, src, "input.mlir")
        .map_err(|d| d.render(&Default::default(), Some(&ctx)))?;
    let form = |generic| {
        let opts = PrintOptions {
            generic,
            ..PrintOptions::default()
        };
        tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts)
    };
    Ok((form(false), form(true)))
}

#[test]
fn compiled_forms_agree_with_the_engine() {
    let dir = env!("CARGO_MANIFEST_DIR");
    for file in [
        "input.mlir",
        "tests/toy/combine.mlir",
        "tests/toy/recursion.mlir",
    ] {
        let src = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let engine = print(false, &src);
        assert!(engine.is_ok(), "{file}: {engine:?}");
        assert_eq!(print(true, &src), engine, "{file}");
    }
}
