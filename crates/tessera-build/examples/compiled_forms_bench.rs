//! Parse + print time of a large file of custom-form ops, with the assembly formats run by the
//! format engine or compiled to Rust (`bench/ods/README.md` reports the numbers):
//!
//! ```sh
//! cargo run --release -p tessera-build --example compiled_forms_bench -- engine|compiled [fmt|pdl] [COPIES] [RUNS]
//! ```
//!
//! `fmt` repeats the function of `tests/asm/fmt.mlir` (the test dialect's ops), `pdl` the
//! patterns of `crates/tessera-cli/tests/pdl/pdl_ops.mlir` and `pdl_interp_ops.mlir`, COPIES
//! times (default 2000). The context is set up before timing; each of RUNS runs (default 5)
//! parses the whole text and prints it in custom form. Prints the median times.

use std::time::Instant;
use tessera_asm::PrintOptions;
use tessera_ir::Context;

#[allow(dead_code)]
mod fmt {
    include!("../tests/asm/fmt.rs");
}

#[allow(dead_code)]
mod pdl {
    include!("../tests/asm/pdl.rs");
}

#[allow(dead_code)]
mod pdl_interp {
    include!("../tests/asm/pdl_interp.rs");
}

fn context(dialect: &str, compiled: bool) -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects_with(
        &mut ctx,
        tessera_ods::register::Backend::Interpreted,
    );
    ctx.set_allow_unregistered_dialects(true);
    if dialect == "fmt" {
        if compiled {
            fmt::register(&mut ctx).unwrap_or_else(|e| panic!("{e}"));
        } else {
            let options = tessera_ods::dialect_hooks::options();
            tessera_ods::typed::compile_model(fmt::MODEL, &options)
                .unwrap_or_else(|e| panic!("{e}"))
                .register(&mut ctx);
        }
        return ctx;
    }
    tessera_pdl::dialect::register_pdl_dialects_with(
        &mut ctx,
        tessera_pdl::dialect::Backend::Interpreted,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    if compiled {
        let registration = tessera_pdl::dialect::registration().as_ref().unwrap();
        pdl::install_assembly(&mut ctx, registration);
        pdl_interp::install_assembly(&mut ctx, registration);
    }
    ctx
}

/// `copies` copies of the chosen input's ops, as one module.
fn input(dialect: &str, copies: usize) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read =
        |p: &str| std::fs::read_to_string(root.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let unit = if dialect == "fmt" {
        read("tests/asm/fmt.mlir")
    } else {
        read("../tessera-cli/tests/pdl/pdl_ops.mlir")
            + &read("../tessera-cli/tests/pdl/pdl_interp_ops.mlir")
    };
    let unit: String = unit
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    unit.repeat(copies)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let compiled = match args.first().map(String::as_str) {
        Some("engine") => false,
        Some("compiled") => true,
        _ => {
            eprintln!("usage: compiled_forms_bench engine|compiled [fmt|pdl] [COPIES] [RUNS]");
            std::process::exit(2);
        }
    };
    let dialect = args.get(1).map(String::as_str).unwrap_or("fmt");
    let copies = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let runs = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(5);
    let text = input(dialect, copies);
    let mut ctx = context(dialect, compiled);
    let (mut parse, mut print, mut total) = (Vec::new(), Vec::new(), Vec::new());
    let mut bytes = 0;
    let ms = |start: Instant| start.elapsed().as_secs_f64() * 1e3;
    for _ in 0..runs {
        let start = Instant::now();
        let m = tessera_asm::parse(&mut ctx, &text, "bench.mlir")
            .unwrap_or_else(|d| panic!("{}", d.render(&Default::default(), Some(&ctx))));
        parse.push(ms(start));
        let printing = Instant::now();
        let out = tessera_asm::print_module(
            &ctx,
            &m.body,
            m.module,
            &m.resources,
            PrintOptions::default(),
        );
        print.push(ms(printing));
        total.push(ms(start));
        bytes = out.len();
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "{} {dialect}: {} input bytes, {bytes} printed; medians over {runs} runs: parse {:.1} ms, print {:.1} ms, both {:.1} ms",
        if compiled { "compiled" } else { "engine" },
        text.len(),
        median(parse),
        median(print),
        median(total)
    );
}
