//! Custom forms compiled to Rust against the format engine they replace: `tests/asm/fmt.rs` is
//! what `tessera-build` writes for `tests/asm/fmt.td` (`typed_ops_current.rs` checks it is
//! current); its `register` installs the compiled forms, and the same embedded model
//! registered alone runs the engine. Both must read `tests/asm/fmt.mlir` into the same IR and
//! print it the same way (committed as `fmt.mlir.expected`, `UPDATE_EXPECT=1` rewrites it),
//! and reject each chunk of `fmt-invalid.mlir` with the same diagnostic. The built-in
//! library's dialects (`tessera-ods/src/core_dialects/builtin_func.rs`: builtin and func; `tests/asm/pdl.rs` and
//! `pdl_interp.rs`, whose formats call custom directives) are compiled too, their forms installed
//! over the engine's with the registrations Tessera itself uses, and run against the
//! committed inputs of their own tests.

use tessera_asm::PrintOptions;
use tessera_ir::Context;

#[allow(dead_code)]
mod fmt {
    include!("asm/fmt.rs");
}

#[allow(dead_code)]
mod core {
    include!("../../tessera-ods/src/core_dialects/builtin_func.rs");
}

#[allow(dead_code)]
mod pdl {
    include!("asm/pdl.rs");
}

#[allow(dead_code)]
mod pdl_interp {
    include!("asm/pdl_interp.rs");
}

/// A context with builtin, func, pdl and pdl_interp registered with the engine's forms (pdl's
/// interpreted backend), and with this crate's compiled forms installed over them if
/// `compiled`.
fn library(compiled: bool) -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects_with(
        &mut ctx,
        tessera_ods::register::Backend::Interpreted,
    );
    tessera_pdl::dialect::register_pdl_dialects_with(
        &mut ctx,
        tessera_pdl::dialect::Backend::Interpreted,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    ctx.set_allow_unregistered_dialects(true);
    if compiled {
        let core_registration = tessera_ods::core_dialects::core_registration();
        core::install_assembly(&mut ctx, core_registration.as_ref().unwrap());
        let pdl_registration = tessera_pdl::dialect::registration();
        pdl::install_assembly(&mut ctx, pdl_registration.as_ref().unwrap());
        pdl_interp::install_assembly(&mut ctx, pdl_registration.as_ref().unwrap());
    }
    ctx
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
        native_paths: &[],
    };
    let (_, skipped) = tessera_ods::rust_gen::generate_with_report(&model, &dialects, &options);
    assert_eq!(skipped, Vec::<(String, String)>::new());
    let with_format = model.ops.iter().filter(|op| op.assembly_format.is_some());
    assert_eq!(with_format.count(), 19);
}

#[test]
fn compiled_forms_read_and_print_as_the_engine() {
    let src = std::fs::read_to_string(path("fmt.mlir")).unwrap();
    // Every op of the dialect is in the input, in custom form.
    let (model, _) = tessera_ods::blob::decode(fmt::MODEL).unwrap();
    for op in &model.ops {
        assert!(
            src.contains(&format!(" {} ", op.name)),
            "{} is not in fmt.mlir",
            op.name
        );
    }
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

/// Every chunk of `file` read and printed (or rejected) alike by the library's compiled forms
/// and by the engine.
fn library_file_agrees(file: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(file);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    for (i, chunk) in src.split("// -----\n").enumerate() {
        let engine = run(&mut library(false), chunk);
        let compiled = run(&mut library(true), chunk);
        assert_eq!(compiled, engine, "{file}, chunk {i}");
        if let Ok((custom, generic)) = compiled {
            let again = run(&mut library(true), &custom);
            assert_eq!(again, Ok((custom, generic)), "{file}, chunk {i}, read back");
        }
    }
}

#[test]
fn library_forms_agree_with_the_engine() {
    for file in [
        "tessera-ods/tests/assembly/func.mlir",
        "../tests/ods-custom/func.mlir",
        "tessera-cli/tests/pdl/pdl_ops.mlir",
        "tessera-cli/tests/pdl/pdl_interp_ops.mlir",
        "tessera-cli/tests/pdl/older_forms.mlir",
        "tessera-cli/tests/pdl/pdl_invalid.mlir",
        "tessera-cli/tests/pdl/pdl_interp_invalid.mlir",
    ] {
        library_file_agrees(file);
    }
}

#[test]
fn library_formats_are_all_compiled() {
    for (bytes, with_format) in [(core::MODEL, 6), (pdl::MODEL, 15), (pdl_interp::MODEL, 37)] {
        let (model, dialects) = tessera_ods::blob::decode(bytes).unwrap();
        let options = tessera_ods::rust_gen::GenOptions {
            main_file: "",
            native_paths: &[],
        };
        let (_, skipped) = tessera_ods::rust_gen::generate_with_report(&model, &dialects, &options);
        assert_eq!(skipped, Vec::<(String, String)>::new());
        let ops = model.ops.iter().filter(|op| dialects.contains(&op.dialect));
        let count = ops.filter(|op| op.assembly_format.is_some()).count();
        assert_eq!(count, with_format);
    }
}

/// MLIR 19's dialects that `scripts/typed-ops-upstream.sh` compiles.
const UPSTREAM: [&str; 10] = [
    "Arith/IR/ArithOps",
    "Func/IR/FuncOps",
    "SCF/IR/SCFOps",
    "Tensor/IR/TensorOps",
    "MemRef/IR/MemRefOps",
    "LLVMIR/LLVMOps",
    "Vector/IR/VectorOps",
    "Linalg/IR/LinalgOps",
    "ControlFlow/IR/ControlFlowOps",
    "Math/IR/MathOps",
];

#[test]
fn upstream_formats_are_all_compiled_when_installed() {
    let include = "/usr/lib/llvm-19/include";
    if !std::path::Path::new(include).join("mlir").is_dir() {
        eprintln!("{include} not installed: MLIR 19's dialects not surveyed");
        return;
    }
    let mut total = 0;
    for stem in UPSTREAM {
        let file = format!("{include}/mlir/Dialect/{stem}.td");
        let opts = tessera_ods::library::options(vec![include.to_string()]);
        let parsed =
            tessera_tablegen::parse_file(&file, &opts).unwrap_or_else(|f| panic!("{}", f.render()));
        let loaded = tessera_ods::load(&parsed.records);
        let dialects = tessera_ods::register::dialects_of_main_file(&loaded.model, &loaded.sources);
        let options = tessera_ods::rust_gen::GenOptions {
            main_file: stem,
            native_paths: &[],
        };
        let (_, skipped) =
            tessera_ods::rust_gen::generate_with_report(&loaded.model, &dialects, &options);
        assert_eq!(skipped, Vec::<(String, String)>::new(), "{stem}");
        let ops = loaded
            .model
            .ops
            .iter()
            .filter(|op| dialects.contains(&op.dialect));
        total += ops.filter(|op| op.assembly_format.is_some()).count();
    }
    // Every op with a format in the ten dialects (a count that changes only with them).
    assert_eq!(total, 257);
}
