//! File-driven tests over the committed corpora: every round-trip input printed by
//! `tessera-opt` must equal the output upstream `mlir-opt` 19 produced for it (committed
//! beside it), and the invalid inputs must produce exactly their `expected-*` diagnostics.
//!
//! Files that do not match yet are listed in `KNOWN_*`; the test fails if any of them starts
//! matching too, so the lists can only shrink.

use std::path::{Path, PathBuf};
use tessera_cli::opt::{run, split_chunks, OptOptions};

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

/// Chunks of the invalid corpus (`file:first line`) whose diagnostics do not all match
/// upstream's yet. Each chunk is checked on its own, so a known difference in one chunk
/// cannot hide a regression in its neighbours.
const KNOWN_INVALID: &[&str] = &[
    "affine.mlir:11",
    "affine.mlir:21",
    "aliases.mlir:36",
    "aliases.mlir:46",
    "attributes.mlir:51",
    "attributes.mlir:56",
    "attributes.mlir:61",
    "attributes.mlir:66",
    "attributes.mlir:81",
    "attributes.mlir:86",
    "blocks.mlir:40",
    "lexer.mlir:11",
    "lexer.mlir:24",
    "punctuation.mlir:14",
    "punctuation.mlir:30",
    "punctuation.mlir:35",
    "types.mlir:11",
    "types.mlir:47",
    "types.mlir:57",
    "types.mlir:63",
    "types.mlir:68",
    "types.mlir:73",
    "undefined_value.mlir:41",
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
        for (line, chunk) in split_chunks(&src) {
            let id = format!("{name}:{line}");
            let o = OptOptions {
                verify_diagnostics: true,
                ..opts(false, false)
            };
            let out = run(chunk, &name, &o);
            checked += 1;
            let known = KNOWN_INVALID.contains(&id.as_str());
            match (out.status == 0, known) {
                (false, false) => failures.push(format!("{id}:\n{}", out.stderr)),
                (true, true) => unexpected_passes.push(id),
                _ => {}
            }
        }
    }
    assert!(
        checked >= 100,
        "invalid corpus went missing: {checked} chunks"
    );
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
