//! Fuzz target: arbitrary bytes through the MLIR parser; whatever parses and verifies is
//! printed, parsed again and printed again, and the printouts must settle: the second
//! printout must print back unchanged. (The first may differ once, exactly where upstream's
//! does: decimal float literals are read through `double`, so an f80/f128 value outside
//! double's range prints in decimal and reads back as 0 or infinity, as in `mlir-opt`; and
//! a dialect body ending in `-` prints in a form neither parser reads back.) Any panic, stack overflow, hang or runaway allocation is a bug:
//! hostile input must become a diagnostic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Mutex, OnceLock};
use tessera_asm::PrintOptions;
use tessera_ir::Context;

/// The parser recurses once per nesting level (bounded by `MAX_NESTING`), like `tessera-opt`,
/// which runs it on a big stack too.
const STACK: usize = 256 << 20;

fn print(src: &str, debug_info: bool) -> Option<String> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let parsed = tessera_asm::parse(&mut ctx, src, "fuzz.mlir").ok()?;
    tessera_ir::verify(&ctx, &parsed.body, parsed.module).ok()?;
    let opts = PrintOptions { debug_info };
    Some(tessera_asm::print_module(
        &ctx,
        &parsed.body,
        parsed.module,
        &parsed.resources,
        opts,
    ))
}

fn check(src: &str) {
    for debug_info in [false, true] {
        let Some(first) = print(src, debug_info) else {
            return;
        };
        let Some(second) = print(&first, debug_info) else {
            // Upstream prints a dialect body ending in `-` (`!foo.ptr-`) as `!foo<ptr->`,
            // which its own parser reads as an arrow and rejects; Tessera prints the same.
            let upstream_quirk = ["->>", "->}", "->)", "->]"].iter().any(|q| first.contains(q));
            assert!(upstream_quirk, "printed output does not parse back:\n{first}");
            return;
        };
        if first == second {
            continue;
        }
        assert!(
            first.contains("f80") || first.contains("f128"),
            "printing is not a fixpoint:\n{first}\n---\n{second}"
        );
        let third = print(&second, debug_info)
            .unwrap_or_else(|| panic!("printed output does not parse back:\n{second}"));
        assert_eq!(second, third, "printing does not settle");
    }
}

/// One long-lived worker thread with a big stack (spawning one per input would cost more
/// than most inputs take to parse). A panic there aborts through libfuzzer-sys's panic hook,
/// and a stack overflow is a deadly signal, so crashes are reported as usual.
struct Worker {
    inputs: SyncSender<String>,
    done: Receiver<()>,
}

fn worker() -> &'static Mutex<Worker> {
    static WORKER: OnceLock<Mutex<Worker>> = OnceLock::new();
    WORKER.get_or_init(|| {
        let (inputs, input_rx) = sync_channel::<String>(0);
        let (done_tx, done) = sync_channel(0);
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn(move || {
                for src in input_rx {
                    check(&src);
                    let _ = done_tx.send(());
                }
            })
            .expect("cannot spawn the fuzz worker");
        Mutex::new(Worker { inputs, done })
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let w = worker().lock().unwrap();
    w.inputs.send(src.to_string()).unwrap();
    w.done.recv().unwrap();
});
