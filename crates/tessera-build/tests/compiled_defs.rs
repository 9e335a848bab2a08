//! Attribute and type definitions read by readers compiled to Rust (`rust_gen::defs`, in the
//! registration tables of `tests/asm/fmt.rs`) against the format engine they replace
//! (`assembly::def`, as `tessera-opt --load-dialect` runs it from the same embedded model):
//! every chunk of `tests/asm/defs.mlir` must be read into the same IR and printed the same way
//! (committed as `defs.mlir.expected`; `UPDATE_EXPECT=1` rewrites it), and every chunk of
//! `defs-invalid.mlir` rejected with the same diagnostic. Rust hooks for a definition
//! (`Options::def_assembly`) must take precedence in both. The same for tessera-cli's corpus
//! of definitions shaped like upstream's `test` dialect (`tests/defs/TestDefs.td`, generated
//! as `tests/asm/test_defs.rs`), whose committed expected output is what `mlir-opt` 19 prints.

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

#[allow(dead_code)]
mod test_defs {
    include!("asm/test_defs.rs");
}

/// A generated module: its embedded model and `register_with`.
type Module = (
    &'static [u8],
    fn(&mut Context, &Options) -> Result<(), String>,
);

const FMT: Module = (fmt::MODEL, fmt::register_with);
const TEST_DEFS: Module = (test_defs::MODEL, test_defs::register_with);

/// The engine's readers, compiled from `module`'s embedded model with `options`.
fn engine(module: Module, options: &Options) -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let registration =
        tessera_ods::typed::compile_model(module.0, options).unwrap_or_else(|e| panic!("{e}"));
    registration.register(&mut ctx);
    ctx
}

/// The compiled readers, registered from `module`'s generated tables with `options`.
fn compiled(module: Module, options: &Options) -> Context {
    assert!(tessera_ods::register::compiled::applies(options));
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    (module.1)(&mut ctx, options).unwrap_or_else(|e| panic!("{e}"));
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

/// Each chunk of `file` run by the engine and by the compiled readers of `module`, which must
/// agree.
fn both(
    module: Module,
    file: &std::path::Path,
    options: &Options,
) -> Vec<Result<(String, String), String>> {
    let name = file.display();
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{name}: {e}"));
    tessera_ir::source::split_chunks(&text)
        .into_iter()
        .map(|(_, chunk)| {
            let by_engine = run(&mut engine(module, options), chunk);
            let by_compiled = run(&mut compiled(module, options), chunk);
            assert_eq!(by_compiled, by_engine, "{name}:\n{chunk}");
            by_compiled
        })
        .collect()
}

#[test]
fn compiled_readers_read_and_print_as_the_engine() {
    let options = tessera_ods::dialect_hooks::options();
    let results = both(FMT, &path("defs.mlir"), &options);
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
    let results = both(FMT, &path("defs-invalid.mlir"), &options);
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
    let by_engine = run(&mut engine(FMT, &options), src);
    let by_compiled = run(&mut compiled(FMT, &options), src);
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

/// tessera-cli's corpus of `test`-dialect-shaped definitions.
fn cli_defs(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tessera-cli/tests/defs")
        .join(name)
}

#[test]
fn compiled_readers_print_the_test_dialect_as_upstream() {
    let options = tessera_ods::dialect_hooks::options();
    let results = both(TEST_DEFS, &cli_defs("attrs.mlir"), &options);
    assert_eq!(results.len(), 1);
    let (custom, _) = results[0].clone().unwrap_or_else(|e| panic!("{e}"));
    // What mlir-opt 19 prints for the same input (which ends with an empty line more).
    let upstream = std::fs::read_to_string(cli_defs("attrs.mlir.expected")).unwrap();
    assert_eq!(custom.trim_end(), upstream.trim_end());
    let invalid = both(TEST_DEFS, &cli_defs("attrs-invalid.mlir"), &options);
    assert_eq!(invalid.len(), 7);
    for (n, result) in invalid.iter().enumerate() {
        assert!(result.is_err(), "chunk {n} of attrs-invalid.mlir was read");
    }
}

#[test]
fn unknown_mnemonics_of_an_open_kind_are_kept_as_written() {
    // `test` reads its attributes only through its definitions, but not its types (it has
    // none): an unknown type mnemonic is kept, an unknown attribute one refused, by both.
    let options = tessera_ods::dialect_hooks::options();
    let src = r#""t.o"() : () -> !test.anything<1,2>"#;
    let by_engine = run(&mut engine(TEST_DEFS, &options), src);
    let by_compiled = run(&mut compiled(TEST_DEFS, &options), src);
    assert_eq!(by_compiled, by_engine);
    let (custom, _) = by_compiled.unwrap_or_else(|e| panic!("{e}"));
    assert!(custom.contains("!test.anything<1,2>"), "{custom}");
    let src = r#""t.o"() {a = #test.anything<1>} : () -> ()"#;
    let by_engine = run(&mut engine(TEST_DEFS, &options), src);
    let by_compiled = run(&mut compiled(TEST_DEFS, &options), src);
    assert_eq!(by_compiled, by_engine);
    let error = by_compiled.expect_err("an unknown attribute of a closed dialect was read");
    assert!(
        error.contains("unknown attribute `anything` in dialect `test`"),
        "{error}"
    );
}
