//! Input nested as deep as the parser accepts (`MAX_NESTING`) parses and prints on an ordinary
//! 2 MiB thread, for every construct that nests: the parser and printer move to a fresh stack
//! segment when theirs runs low instead of asking callers for a big stack. One level deeper is
//! a diagnostic.

use tessera_asm::{PrintOptions, MAX_AFFINE_OPS, MAX_NESTING};
use tessera_ir::Context;

/// Parses and prints `src` on a 2 MiB thread; the first error's message, or "ok".
fn run_on_small_stack(src: String) -> String {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut ctx = Context::new();
            ctx.set_allow_unregistered_dialects(true);
            match tessera_asm::parse(&mut ctx, &src, "deep.mlir") {
                Ok(m) => {
                    let opts = PrintOptions {
                        debug_info: true,
                        ..PrintOptions::default()
                    };
                    let text =
                        tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts);
                    assert!(!text.is_empty());
                    "ok".to_string()
                }
                Err(d) => d.message.clone(),
            }
        })
        .expect("spawn")
        .join()
        .expect("no stack overflow or panic")
}

/// Each nesting construct at `depth` levels, with room for the levels around it.
fn cases(depth: usize) -> Vec<(&'static str, String)> {
    let n = depth - 4;
    vec![
        (
            "regions",
            format!(
                "{}{}",
                "\"foo.a\"() ({\n".repeat(n),
                "}) : () -> ()\n".repeat(n)
            ),
        ),
        (
            "types",
            format!(
                "\"foo.a\"() {{x = {}i32{}}} : () -> ()",
                "tuple<".repeat(n),
                ">".repeat(n)
            ),
        ),
        (
            "arrays",
            format!(
                "\"foo.a\"() {{x = {}1{}}} : () -> ()",
                "[".repeat(n),
                "]".repeat(n)
            ),
        ),
        (
            "locations",
            format!(
                "\"foo.a\"() : () -> () loc({}\"a\"{})",
                "callsite(".repeat(n),
                " at \"b\")".repeat(n)
            ),
        ),
        (
            "affine",
            format!(
                "\"foo.a\"() {{x = affine_map<(d0) -> ({}d0{})>}} : () -> ()",
                "(".repeat(n),
                ")".repeat(n)
            ),
        ),
    ]
}

/// An affine sum as long as accepted, or `extra` operations longer: parsed in a loop, but a
/// tree as deep as it is long. Alternating symbols and dimensions keep it from folding.
fn long_affine_sum(extra: u32) -> String {
    let terms: Vec<&str> = ["d0", "s0", "d1", "s1"]
        .into_iter()
        .cycle()
        .take((MAX_AFFINE_OPS + extra) as usize + 1)
        .collect();
    format!(
        "\"foo.a\"() {{x = affine_map<(d0, d1)[s0, s1] -> ({})>}} : () -> ()",
        terms.join(" + ")
    )
}

#[test]
fn the_longest_accepted_affine_sum_fits_a_small_stack() {
    assert_eq!(run_on_small_stack(long_affine_sum(0)), "ok");
    let message = run_on_small_stack(long_affine_sum(1));
    assert!(
        message.contains("affine expression has more than 2000 operations"),
        "{message}"
    );
}

#[test]
fn the_deepest_accepted_input_fits_a_small_stack() {
    for (what, src) in cases(MAX_NESTING as usize) {
        assert_eq!(run_on_small_stack(src), "ok", "{what}");
    }
}

#[test]
fn deeper_input_is_a_diagnostic() {
    for (what, src) in cases(MAX_NESTING as usize + 10) {
        let message = run_on_small_stack(src);
        assert!(
            message.contains("nesting is deeper than the supported maximum"),
            "{what}: {message}"
        );
    }
}
