//! Fuzz target: arbitrary bytes through the MLIR parser; whatever parses and verifies is
//! printed, parsed again and printed again, and the printouts must settle: the second
//! printout must print back unchanged. (The first may differ once, exactly where upstream's
//! does: decimal float literals are read through `double`, so an f80/f128 value outside
//! double's range prints in decimal and reads back as 0 or infinity, as in `mlir-opt`; and
//! a dialect body ending in `-` prints in a form neither parser reads back, see
//! `has_dialect_body_ending_in_dash`.) Any panic, stack overflow, hang or runaway allocation
//! is a bug: hostile input must become a diagnostic.
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
            assert!(
                has_dialect_body_ending_in_dash(&first),
                "printed output does not parse back:\n{first}"
            );
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

/// The one printout upstream cannot read back either: a dialect type or attribute whose body
/// ends in `-` (`!foo.ptr-`, `#foo.-`, `!foo<ptr->`). Whatever follows it, the `-` and the next
/// character lex as one token (`->`, or a number's sign), so the body no longer ends where it
/// did. Tessera prints such bodies exactly as upstream does, so this is not a defect of ours.
fn has_dialect_body_ending_in_dash(text: &str) -> bool {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'!' && bytes[i] != b'#' {
            i += 1;
            continue;
        }
        // The dialect namespace.
        let mut j = i + 1;
        while j < bytes.len() && is_ident(bytes[j]) {
            j += 1;
        }
        if j == i + 1 || j >= bytes.len() {
            i = j.max(i + 1);
            continue;
        }
        match bytes[j] {
            // Pretty form: `!foo.body`, the body made of identifier characters, `.` and `-`.
            b'.' => {
                let mut k = j + 1;
                while k < bytes.len() && (is_ident(bytes[k]) || bytes[k] == b'.' || bytes[k] == b'-')
                {
                    k += 1;
                }
                if bytes[k - 1] == b'-' {
                    return true;
                }
                i = k;
            }
            // Verbose form: `!foo<body>`, where a body ending in `-` reads as `->`.
            b'<' => {
                let mut depth = 0usize;
                let mut k = j;
                while k < bytes.len() {
                    match bytes[k] {
                        b'<' => depth += 1,
                        // A function type's arrow inside the body is printed ` -> `.
                        b'>' if bytes[k - 1] == b'-'
                            && depth == 1
                            && bytes.get(k + 1) != Some(&b' ') =>
                        {
                            return true
                        }
                        b'>' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                i = k;
            }
            _ => i = j,
        }
    }
    false
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
