//! Times the matcher compiler alone: parses a file of `pdl.pattern`s, then converts fresh
//! copies of it `REPS` times, printing the best and median wall time of the conversion (the
//! phase `mlir-opt --mlir-timing` reports as `ConvertPDLToPDLInterp`). Used by
//! `bench/pdl/run.sh`.
//!
//! Usage: `compile_time FILE.mlir [REPS]`.

use std::time::Instant;
use tessera_ir::Context;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let file = args.next().ok_or("usage: compile_time FILE.mlir [REPS]")?;
    let reps: usize = args
        .next()
        .map(|r| r.parse().map_err(|e| format!("bad REPS: {e}")))
        .transpose()?
        .unwrap_or(10);
    let src = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps.max(1) {
        let mut ctx = Context::new();
        tessera_ods::core_dialects::register_core_dialects(&mut ctx);
        tessera_pdl::dialect::register_pdl_dialects(&mut ctx)?;
        let mut parsed =
            tessera_asm::parse(&mut ctx, &src, &file).map_err(|d| d.message.clone())?;
        let start = Instant::now();
        tessera_pdl::convert_pdl_to_pdl_interp(&mut ctx, &mut parsed.body, parsed.module).map_err(
            |ds| {
                ds.iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
                    .join("\n")
            },
        )?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "convert ms: best {:.3} median {:.3}",
        times[0],
        times[times.len() / 2]
    );
    Ok(())
}
