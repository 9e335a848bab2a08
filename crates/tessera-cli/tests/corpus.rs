//! File-driven tests over the committed corpora: every round-trip input printed by
//! `tessera-opt` must equal the output upstream `mlir-opt` 19 produced for it (committed
//! beside it), and the invalid inputs must produce exactly their `expected-*` diagnostics.
//!
//! Files that do not match yet are listed in `KNOWN_*`; the test fails if any of them starts
//! matching too, so the lists can only shrink.

use std::path::{Path, PathBuf};
use tessera_cli::opt::{run, OptOptions};

fn corpus_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tessera-asm/tests")
        .join(name)
}

fn inputs(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    v.sort();
    v
}

/// Round-trip comparisons that still differ from upstream (input file, mode).
const KNOWN_ROUNDTRIP: &[&str] = &[];

/// Invalid-input files whose diagnostics do not all match upstream's yet.
const KNOWN_INVALID: &[&str] = &[
    "affine.mlir",
    "aliases.mlir",
    "attributes.mlir",
    "blocks.mlir",
    "lexer.mlir",
    "punctuation.mlir",
    "resources.mlir",
    "types.mlir",
    "undefined_value.mlir",
];

fn opts(split: bool, debug_info: bool) -> OptOptions {
    OptOptions {
        debug_info,
        generic: true,
        allow_unregistered: true,
        split_input: split,
        ..Default::default()
    }
}

#[test]
fn roundtrip_corpus_matches_upstream() {
    let dir = corpus_dir("roundtrip");
    let mut failures = Vec::new();
    let mut unexpected_passes = Vec::new();
    let mut checked = 0;
    for input in inputs(&dir, ".mlir") {
        let name = input.file_name().unwrap().to_string_lossy().to_string();
        let split = name.ends_with(".split.mlir");
        let src = std::fs::read_to_string(&input).unwrap();
        let mut ok = true;
        for (mode, debug) in [("generic", false), ("debuginfo", true)] {
            let expected = std::fs::read_to_string(dir.join(format!("{name}.{mode}"))).unwrap();
            // From the hand-written input, and from upstream's own output (a fixed point).
            for (label, text) in [("input", src.as_str()), ("fixpoint", expected.as_str())] {
                let out = run(text, &name, &opts(split, debug));
                checked += 1;
                if out.stdout != expected {
                    ok = false;
                    if !KNOWN_ROUNDTRIP.contains(&name.as_str()) {
                        failures.push(format!(
                            "{name} ({mode}, {label}):\n--- got\n{}{}\n--- expected\n{expected}",
                            out.stdout, out.stderr
                        ));
                    }
                }
            }
        }
        if ok && KNOWN_ROUNDTRIP.contains(&name.as_str()) {
            unexpected_passes.push(name);
        }
    }
    assert!(
        checked >= 100,
        "corpus went missing: only {checked} comparisons"
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        unexpected_passes.is_empty(),
        "now matching upstream, remove from KNOWN_ROUNDTRIP: {unexpected_passes:?}"
    );
}

#[test]
fn invalid_corpus_reports_upstream_diagnostics() {
    let dir = corpus_dir("invalid");
    let mut failures = Vec::new();
    let mut unexpected_passes = Vec::new();
    let mut checked = 0;
    for input in inputs(&dir, ".mlir") {
        let name = input.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&input).unwrap();
        let o = OptOptions {
            verify_diagnostics: true,
            ..opts(true, false)
        };
        let out = run(&src, &name, &o);
        checked += 1;
        let known = KNOWN_INVALID.contains(&name.as_str());
        match (out.status == 0, known) {
            (false, false) => failures.push(format!("{name}:\n{}", out.stderr)),
            (true, true) => unexpected_passes.push(name),
            _ => {}
        }
    }
    assert!(checked >= 10, "invalid corpus went missing");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        unexpected_passes.is_empty(),
        "now matching upstream, remove from KNOWN_INVALID: {unexpected_passes:?}"
    );
}

#[test]
fn hostile_inputs_give_diagnostics_not_panics() {
    let deep = "\"foo.a\"() ({\n".repeat(10_000);
    let cases: Vec<(String, &str)> = vec![
        (deep, "nesting is deeper"),
        ("%0 = \"foo.a\"(".to_string(), "error"),
        (
            "\"foo.a\"() {s = \"unterminated} : () -> ()".to_string(),
            "expected '\"' in string literal",
        ),
        (
            "\"foo.a\"(%x) : (i32) -> ()".to_string(),
            "use of undeclared SSA value name",
        ),
        (
            "%x = \"foo.a\"() : () -> i32\n%x = \"foo.b\"() : () -> i32".to_string(),
            "redefinition of SSA value '%x'",
        ),
        (
            "%x = \"foo.a\"() : () -> i32\n\"foo.b\"(%x) : (i64) -> ()".to_string(),
            "expects different type than prior uses: 'i64' vs 'i32'",
        ),
    ];
    for (src, want) in cases {
        let out = run(&src, "t.mlir", &opts(false, false));
        assert_eq!(out.status, 1, "{src:.60}");
        assert!(out.stderr.contains(want), "{:.60}: {}", src, out.stderr);
        assert!(out.stderr.starts_with("t.mlir:"), "{}", out.stderr);
    }
}
