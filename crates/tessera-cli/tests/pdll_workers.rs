//! `tessera-pdll --workers=N`: worker threads verify and print a big module; the output must
//! be one thread's (verification's findings on workers: tessera-ods `tests/parallel_verify.rs`).

use tessera_cli::pdll::{run_pdll_to, OutputKind, PdllOptions};
use tessera_pdll::DefaultBenefit;

/// `count` patterns of seven pdl ops each (above the size where workers start).
fn patterns(count: usize) -> String {
    let mut src = String::from("Constraint HasOneUse(value: Value);\n");
    for i in 0..count {
        src.push_str(&format!(
            "Pattern P{i} with benefit({b}) {{\n  let root = op<d{i}.op>(a: Value, b: ValueRange) \
             {{value = attr<\"{i} : i32\">}} -> (t: Type);\n  HasOneUse(a);\n  replace root with \
             a;\n}}\n",
            b = i % 7
        ));
    }
    src
}

fn run(src: &str, workers: usize) -> (String, String, i32) {
    let opts = PdllOptions {
        output: OutputKind::Mlir,
        include_dirs: Vec::new(),
        split_input: false,
        default_benefit: DefaultBenefit::Zero,
        dump_ods: false,
        rust_interpreted: false,
        skip_teardown: false,
        workers,
    };
    let mut out = Vec::new();
    let run = run_pdll_to(src, "big.pdll", &opts, &mut out);
    (String::from_utf8(out).unwrap(), run.stderr, run.status)
}

#[test]
fn two_workers_print_what_one_thread_prints() {
    let src = patterns(3_000);
    let one = run(&src, 0);
    assert_eq!(one.2, 0, "{}", one.1);
    assert_eq!(one.0.matches("pdl.pattern").count(), 3_000);
    assert_eq!(run(&src, 2), one);
}
