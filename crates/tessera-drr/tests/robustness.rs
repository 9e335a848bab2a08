//! Mistaken rules never panic: every rule of the test corpus is mutated (ops swapped for ops
//! of other shapes, symbols renamed to unbound or out-of-range ones, arguments dropped) and
//! each variant is read and, if reading accepts it, lowered and verified. Every outcome must
//! be rules or diagnostics.

use std::path::Path;
use tessera_ir::Context;

const OPS: &[&str] = &[
    "AOp",
    "BOp",
    "PairOp",
    "ConcatOp",
    "SinkOp",
    "ThreeResultOp",
    "SameOp",
    "StrOp",
    "TwoVarOp",
    "MixedVarOp",
    "SameVarOp",
    "PropOp",
];

/// Variants of one rule line.
fn variants(rule: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Each op name replaced by each other op.
    for &from in OPS
        .iter()
        .chain(["COp", "DOp", "EOp", "FOp", "TwoResultOp"].iter())
    {
        let mut start = 0;
        while let Some(i) = rule[start..].find(from) {
            let at = start + i;
            let before_ok = at == 0 || !rule.as_bytes()[at - 1].is_ascii_alphanumeric();
            if before_ok {
                for &to in OPS {
                    if to != from {
                        out.push(format!("{}{to}{}", &rule[..at], &rule[at + from.len()..]));
                    }
                }
            }
            start = at + from.len();
        }
    }
    // Each `$name` renamed, indexed past its results, or dropped with its comma.
    let bytes = rule.as_bytes();
    for (at, _) in rule.match_indices('$') {
        let end = at
            + 1
            + bytes[at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
        for replacement in ["$nope", "$x__7", "$_"] {
            out.push(format!("{}{replacement}{}", &rule[..at], &rule[end..]));
        }
        out.push(format!(
            "{}{}__1{}",
            &rule[..at],
            &rule[at..end],
            &rule[end..]
        ));
        if rule[..at].ends_with(", ") {
            out.push(format!("{}{}", &rule[..at - 2], &rule[end..]));
        }
    }
    out
}

#[test]
fn mutated_rules_are_read_or_reported() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr");
    let include = vec![dir.to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let mut tried = 0;
    let mut lowered = 0;
    let mut refused = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "td"))
        .filter(|p| p.file_name().is_some_and(|n| n != "test_dialect.td"))
        .collect();
    entries.sort();
    for td in entries {
        let text = std::fs::read_to_string(&td).unwrap();
        // Rules on one line only; the others are covered by the file tests.
        for rule in text
            .lines()
            .filter(|l| l.starts_with("def ") && l.ends_with(">;"))
        {
            for variant in variants(rule) {
                let source = format!("include \"test_dialect.td\"\n{variant}\n");
                tried += 1;
                let Ok(loaded) = tessera_drr::load_source("v.td", &source, &include, &hooks) else {
                    continue;
                };
                let mut ctx = Context::new();
                tessera_ods::core_dialects::register_core_dialects(&mut ctx);
                match loaded.lower(&mut ctx) {
                    Ok(_) => lowered += 1,
                    Err(d) => {
                        // Lowering may refuse what it cannot express, in its own words; the
                        // PDL it makes never fails the pdl dialect's verifier.
                        let rendered = loaded.render(&d, &ctx);
                        assert!(
                            d.iter().all(|d| !d.message.contains("'pdl.")),
                            "{variant}\n{rendered}"
                        );
                        refused.push(rendered);
                    }
                }
                let mut natives = tessera_pdl::Natives::new();
                loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
            }
        }
    }
    assert!(tried > 500, "only {tried} variants");
    assert!(lowered > 50, "only {lowered} variants lowered");
    eprintln!(
        "{tried} variants, {lowered} lowered, {} refused by lowering",
        refused.len()
    );
    assert!(
        refused.iter().all(|r| r.contains("v.td:2:")),
        "{}",
        refused.join("")
    );
}
