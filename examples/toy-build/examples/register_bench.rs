//! What registering Toy costs at start-up: `toy::register`, which fills the registry from the
//! tables `tessera-build` computed at build time, against `toy::register_with_engine`, which
//! decodes the embedded ODS model and compiles it with the engine first (what every generated
//! `register` did before; it did so once per process, then registered the compiled result
//! into each context). See `bench/ods-verify/README.md`.
//!
//! ```sh
//! cargo run --release -p toy-build --example register_bench -- 2000
//! ```
//! registers Toy into 2000 fresh contexts each way and prints the mean time per context; with
//! a second argument (`tables` or `engine`) it registers one way only, once, for a profiler or
//! `perf stat`.

use std::time::{Duration, Instant};
use tessera_ir::Context;
use toy_build::toy;

fn per_context(n: usize, register: impl Fn(&mut Context)) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        let mut ctx = Context::new();
        register(&mut ctx);
        std::hint::black_box(&ctx);
    }
    start.elapsed() / n.max(1) as u32
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map(|a| a.parse().map_err(|e| format!("count: {e}")))
        .transpose()?
        .unwrap_or(2000);
    let options = tessera_ods::dialect_hooks::options();
    let tables = |ctx: &mut Context| toy::register(ctx).expect("toy registers");
    let engine = |ctx: &mut Context| {
        toy::register_with_engine(ctx, &options).expect("toy registers through the engine")
    };
    match args.next().as_deref() {
        Some("tables") => tables(&mut Context::new()),
        Some("engine") => engine(&mut Context::new()),
        Some(other) => return Err(format!("unknown side '{other}' (tables or engine)")),
        None => {
            // The first call of each side pays for what a process initialises once.
            let first_tables = per_context(1, tables);
            let first_engine = per_context(1, engine);
            println!("first registration in the process: tables {first_tables:?}, engine {first_engine:?}");
            let tables = per_context(n, tables);
            let engine = per_context(n, engine);
            println!(
                "mean of {n} contexts: tables {tables:?}, engine (model decoded and compiled each time) {engine:?}"
            );
        }
    }
    Ok(())
}
