//! Registration from the tables computed at build time (`register_with`, which needs no ODS
//! engine) against registration through the engine from the same embedded model
//! (`register_with_engine`): for every op of the committed generated modules, the two
//! registries must hold the same entry — traits, inherent attributes and their check, default
//! attribute values, verifier, symbol check, result inference (and what it infers), custom
//! form — and every dialect the same attribute and type reader. What the hooks then do is
//! compared on real inputs by `compiled_forms.rs` and `verify_diff.rs`, and in toy-build's
//! tests, which all register through the tables now.

use tessera_asm::{attr_to_string, type_to_string};
use tessera_ir::{Context, Type, TypeKind};
use tessera_ods::register::Options;

#[allow(dead_code)]
mod gen {
    include!("typed/ops.rs");
}
#[allow(dead_code)]
mod fmt {
    include!("asm/fmt.rs");
}
#[allow(dead_code)]
mod pdl {
    include!("asm/pdl.rs");
}
#[allow(dead_code)]
mod pdl_interp {
    include!("asm/pdl_interp.rs");
}
#[allow(dead_code)]
mod toy {
    include!("verify/toy.rs");
}
/// `builtin` and `func`.
#[allow(dead_code)]
mod core {
    include!("../../tessera-ods/src/core_dialects/builtin_func.rs");
}

type Register = fn(&mut Context, &Options) -> Result<(), String>;

/// One op's registry entry, as text comparable across contexts.
#[derive(Debug, PartialEq)]
struct Entry {
    traits: tessera_ir::OpTraits,
    inherent: Vec<String>,
    inherent_check: bool,
    defaults: Vec<(String, String)>,
    verify: bool,
    symbol_check: bool,
    /// What the inference makes of operands of `i32` and the op's default attributes.
    infer: Option<Result<Vec<String>, String>>,
    form: bool,
}

/// Op `name`'s entry in `ctx`; inference is asked with `operand_count` operands (the op's
/// declared count, so that results typed like an operand have one).
fn entry(ctx: &mut Context, name: &str, operand_count: usize) -> Option<Entry> {
    let id = ctx.lookup_ident(name)?;
    let info = ctx.op_info(id)?.clone();
    let infer = info.infer_result_types.as_ref().map(|infer| {
        let i32 = ctx.ty(TypeKind::Integer {
            width: 32,
            signedness: tessera_ir::Signedness::Signless,
        });
        let operands: Vec<Type> = vec![i32; operand_count];
        let attrs = info.default_attrs.clone();
        infer(ctx, &operands, &attrs)
            .map(|types| types.into_iter().map(|t| type_to_string(ctx, t)).collect())
    });
    Some(Entry {
        traits: info.traits,
        inherent: info
            .inherent_attrs
            .iter()
            .map(|&n| ctx.str(n).to_string())
            .collect(),
        inherent_check: info.verify_inherent_attrs.is_some(),
        defaults: info
            .default_attrs
            .iter()
            .map(|&(n, a)| (ctx.str(n).to_string(), attr_to_string(ctx, a)))
            .collect(),
        verify: info.verify.is_some(),
        symbol_check: info.verify_symbol_uses.is_some(),
        infer,
        form: info.assembly.is_some(),
    })
}

fn compare(model: &'static [u8], tables: Register, engine: Register) -> usize {
    let (decoded, dialects) = tessera_ods::blob::decode(model).unwrap_or_else(|e| panic!("{e}"));
    let ops: Vec<_> = decoded
        .ops
        .iter()
        .filter(|op| dialects.contains(&op.dialect))
        .collect();
    let options = tessera_ods::dialect_hooks::options();
    assert!(tessera_ods::register::compiled::applies(&options));
    let (mut a, mut b) = (Context::new(), Context::new());
    tables(&mut a, &options).unwrap_or_else(|e| panic!("{e}"));
    engine(&mut b, &options).unwrap_or_else(|e| panic!("{e}"));
    for op in &ops {
        let n = op.operands.len();
        let (x, y) = (entry(&mut a, &op.name, n), entry(&mut b, &op.name, n));
        assert!(y.is_some(), "the engine did not register '{}'", op.name);
        assert_eq!(x, y, "'{}': tables (left) against engine (right)", op.name);
    }
    for d in &dialects {
        let name = &decoded.dialect(*d).name;
        if name.is_empty() {
            continue;
        }
        let readers = |ctx: &Context| ctx.dialect(name).map(|info| info.assembly.is_some());
        assert_eq!(readers(&a), readers(&b), "dialect '{name}'");
    }
    ops.len()
}

#[test]
fn tables_register_what_the_engine_registers() {
    let counts = [
        (
            "gen",
            compare(gen::MODEL, gen::register_with, gen::register_with_engine),
        ),
        (
            "fmt",
            compare(fmt::MODEL, fmt::register_with, fmt::register_with_engine),
        ),
        (
            "pdl",
            compare(pdl::MODEL, pdl::register_with, pdl::register_with_engine),
        ),
        (
            "pdl_interp",
            compare(
                pdl_interp::MODEL,
                pdl_interp::register_with,
                pdl_interp::register_with_engine,
            ),
        ),
        (
            "toy",
            compare(toy::MODEL, toy::register_with, toy::register_with_engine),
        ),
    ];
    for (module, ops) in counts {
        assert!(ops > 0, "{module}: no ops compared");
    }
}

/// Every chunk of `inputs` (repository paths) read, verified and printed (custom and generic
/// forms) in a context registered by `base` then `tables` and in one registered by `base`
/// then `engine`: the same text, or the same error. Returns how many chunks there were and
/// how many of them were read.
fn same_reading(
    base: Register,
    tables: Register,
    engine: Register,
    inputs: &[&str],
) -> (usize, usize) {
    let options = tessera_ods::dialect_hooks::options();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (mut chunks, mut read_ok) = (0, 0);
    for input in inputs {
        let text =
            std::fs::read_to_string(root.join(input)).unwrap_or_else(|e| panic!("{input}: {e}"));
        for (_, chunk) in tessera_ir::source::split_chunks(&text) {
            let run = |register: Register| {
                let mut ctx = Context::new();
                ctx.set_allow_unregistered_dialects(true);
                base(&mut ctx, &options).unwrap_or_else(|e| panic!("{e}"));
                register(&mut ctx, &options).unwrap_or_else(|e| panic!("{e}"));
                let m = tessera_asm::parse(&mut ctx, chunk, input)
                    .map_err(|d| d.render(&Default::default(), Some(&ctx)))?;
                if let Err(errors) = tessera_ir::verify(&ctx, &m.body, m.module) {
                    return Err(format!("{errors:?}"));
                }
                let print = |generic| {
                    let opts = tessera_asm::PrintOptions {
                        generic,
                        ..Default::default()
                    };
                    tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts)
                };
                Ok((print(false), print(true)))
            };
            let read = run(tables);
            assert_eq!(read, run(engine), "{input}:\n{chunk}");
            chunks += 1;
            read_ok += usize::from(read.is_ok());
        }
    }
    (chunks, read_ok)
}

#[test]
fn tables_and_engine_read_and_print_alike() {
    let chunks = same_reading(
        |_, _| Ok(()),
        core::register_with,
        core::register_with_engine,
        &[
            "tests/ods-custom/func.mlir",
            "crates/tessera-build/tests/verify/func.mlir",
            "crates/tessera-build/tests/asm/registration.mlir",
        ],
    );
    assert_eq!(chunks, (11, 6));
    // `gen`'s inputs are functions: builtin and func first, through their tables.
    let chunks = same_reading(
        core::register_with,
        gen::register_with,
        gen::register_with_engine,
        &["crates/tessera-build/tests/typed/registration.mlir"],
    );
    assert_eq!(chunks, (4, 2));
}
