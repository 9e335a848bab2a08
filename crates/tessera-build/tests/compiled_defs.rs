//! Attribute and type definitions read by readers compiled to Rust (`rust_gen::defs`, in the
//! registration tables of `tests/asm/fmt.rs`) against the format engine they replace
//! (`assembly::def`, as `tessera-opt --load-dialect` runs it from the same embedded model):
//! every chunk of `tests/asm/defs.mlir` must be read into the same IR and printed the same way
//! (committed as `defs.mlir.expected`; `UPDATE_EXPECT=1` rewrites it), and every chunk of
//! `defs-invalid.mlir` rejected with the same diagnostic. Rust hooks for a definition
//! (`Options::def_assembly`) must take precedence in both.

use std::sync::Arc;
use tessera_asm::custom::{OpAsmParser, ParseResult, Punct};
use tessera_asm::PrintOptions;
use tessera_ir::Context;
use tessera_ods::assembly::DefAssembly;
use tessera_ods::register::Options;

#[allow(dead_code)]
mod fmt {
    include!("asm/fmt.rs");
}

/// The engine's readers, compiled from the embedded model with `options`.
fn engine(options: &Options) -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let registration =
        tessera_ods::typed::compile_model(fmt::MODEL, options).unwrap_or_else(|e| panic!("{e}"));
    registration.register(&mut ctx);
    ctx
}

/// The compiled readers, registered from the generated tables with `options`.
fn compiled(options: &Options) -> Context {
    assert!(tessera_ods::register::compiled::applies(options));
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    fmt::register_with(&mut ctx, options).unwrap_or_else(|e| panic!("{e}"));
    ctx
}

/// The custom and generic forms `src` prints as in `ctx`, or the rendered error.
fn run(ctx: &mut Context, src: &str) -> Result<(String, String), String> {
    let m = tessera_asm::parse(ctx, src, "defs.mlir")
        .map_err(|d| d.render(&Default::default(), Some(ctx)))?;
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

/// Each chunk of `name` run by the engine and by the compiled readers, which must agree.
fn both(name: &str, options: &Options) -> Vec<Result<(String, String), String>> {
    let text = std::fs::read_to_string(path(name)).unwrap();
    tessera_ir::source::split_chunks(&text)
        .into_iter()
        .map(|(_, chunk)| {
            let by_engine = run(&mut engine(options), chunk);
            let by_compiled = run(&mut compiled(options), chunk);
            assert_eq!(by_compiled, by_engine, "{name}:\n{chunk}");
            by_compiled
        })
        .collect()
}

#[test]
fn compiled_readers_read_and_print_as_the_engine() {
    let options = tessera_ods::dialect_hooks::options();
    let results = both("defs.mlir", &options);
    assert_eq!(results.len(), 14);
    let mut printed = String::new();
    for result in results {
        let (custom, _) = result.unwrap_or_else(|e| panic!("{e}"));
        printed.push_str(&custom);
        printed.push_str("// -----\n");
    }
    let expected = path("defs.mlir.expected");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected, &printed).unwrap();
    }
    assert_eq!(
        printed,
        std::fs::read_to_string(&expected).unwrap_or_default(),
        "defs.mlir.expected is stale (UPDATE_EXPECT=1 rewrites it)"
    );
}

#[test]
fn compiled_readers_reject_as_the_engine() {
    let options = tessera_ods::dialect_hooks::options();
    let results = both("defs-invalid.mlir", &options);
    assert_eq!(results.len(), 20);
    for (n, result) in results.iter().enumerate() {
        match result {
            Ok(_) => panic!("chunk {n} of defs-invalid.mlir was read"),
            Err(e) if std::env::var_os("SHOW_ERRORS").is_some() => eprintln!("{e}"),
            Err(_) => {}
        }
    }
}

/// Reads `<a, b>` and returns `<sum>`: not what the format says, so the hook is seen.
struct SumPair;

impl DefAssembly for SumPair {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>) -> ParseResult<String> {
        p.parse_punct(Punct::Less)?;
        let a = p.parse_optional_integer()?.unwrap_or_default();
        p.parse_punct(Punct::Comma)?;
        let b = p.parse_optional_integer()?.unwrap_or_default();
        p.parse_punct(Punct::Greater)?;
        Ok(format!("<{}>", a + b))
    }
}

#[test]
fn rust_hooks_take_precedence_over_compiled_readers() {
    let mut options = tessera_ods::dialect_hooks::options();
    options
        .def_assembly
        .insert("fmt.pair".to_string(), Arc::new(SumPair));
    let src = r#""test.op"() {a = #fmt.pair<1, 2>, b = #fmt.shape<2>} : () -> ()"#;
    let by_engine = run(&mut engine(&options), src);
    let by_compiled = run(&mut compiled(&options), src);
    assert_eq!(by_compiled, by_engine);
    let (custom, _) = by_compiled.unwrap_or_else(|e| panic!("{e}"));
    assert!(custom.contains("#fmt.pair<3>"), "{custom}");
    assert!(custom.contains("#fmt.shape<2>"), "{custom}");
}

#[test]
fn every_definition_with_a_runnable_format_is_compiled() {
    let (model, dialects) = tessera_ods::blob::decode(fmt::MODEL).unwrap();
    let options = tessera_ods::rust_gen::GenOptions {
        main_file: "fmt.td",
        native_paths: &[],
    };
    let code = tessera_ods::rust_gen::generate(&model, &dialects, &options);
    let row = code
        .lines()
        .find(|l| l.trim_start().starts_with("c::DefsRow { dialect: \"fmt\""))
        .unwrap_or_else(|| panic!("no compiled definitions for fmt"));
    let mnemonics = model.attr_defs.iter().chain(&model.type_defs);
    let mut compiled = 0;
    for def in mnemonics {
        let mnemonic = def.mnemonic.as_deref().unwrap();
        // Only `opaque` (a custom directive) is kept as written, by the engine too.
        let reader = if mnemonic == "opaque" {
            "None".to_string()
        } else {
            compiled += 1;
            "Some(read_".to_string()
        };
        assert!(
            row.contains(&format!("({mnemonic:?}, {reader}")),
            "{mnemonic}: {row}"
        );
    }
    assert_eq!(compiled, 11);
}
