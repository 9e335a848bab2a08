//! File-driven tests: each `tests/pred/inputs/*.td` defines constraints and ops on the test
//! ODS base and states what evaluating them gives, in checked annotations:
//!
//! - `// CHECK: Record VALUE => true|false|error: TEXT` evaluates the constraint record's
//!   predicate on VALUE: MLIR type or attribute text, `absent` (no attribute) or `blocks=N`
//!   (a region); `error:` expects an error whose message contains TEXT.
//! - `// BUILD: Record => TYPE|error: TEXT` builds the record's `builderCall`.
//! - `// DEFAULT: op.name attr => ATTR|absent|error: TEXT` builds the default value of the
//!   op's attribute through its `constBuilderCall`.
//! - `// UNEVALUABLE: LEAF` lists, exactly and in order, the leaves of the file's model
//!   that [`unevaluable_leaves`] reports; `// UNBUILDABLE: TEXT` the same for
//!   [`unbuildable_exprs`].

use crate::common::{attr, context, ty};
use std::collections::HashMap;
use tessera_ods::eval::{
    unbuildable_exprs, unevaluable_leaves, Bound, Compiler, Natives, NoNames, SelfKind,
};
use tessera_ods::Pred;

const INCLUDES: [&str; 2] = ["tests/docs/include", "tests/pred/inputs"];

/// An expected outcome: a value's text, or an error containing some text.
fn expect(outcome: &str) -> Result<&str, &str> {
    let outcome = outcome.trim();
    match outcome.strip_prefix("error:") {
        Some(e) => Err(e.trim()),
        None => Ok(outcome),
    }
}

/// Compares an outcome with the annotation's expectation; `same` checks a value.
fn assert_outcome<T: std::fmt::Debug>(
    at: &str,
    outcome: &str,
    got: Result<T, String>,
    same: impl FnOnce(&str, T),
) {
    match (expect(outcome), got) {
        (Ok(want), Ok(got)) => same(want, got),
        (Err(want), Err(got)) => assert!(got.contains(want), "{at}: {got}"),
        (want, got) => panic!("{at}: expected {want:?}, got {got:?}"),
    }
}

fn check_file(path: &std::path::Path) {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let opts = tessera_tablegen::Options {
        include_dirs: INCLUDES.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let parsed = tessera_tablegen::parse_source(&name, &text, &opts)
        .unwrap_or_else(|f| panic!("{name} does not evaluate:\n{}", f.render()));
    let loaded = tessera_ods::load(&parsed.records);
    assert!(
        loaded.diagnostics.is_empty(),
        "{}",
        loaded.render_diagnostics()
    );
    let model = &loaded.model;
    let mut records: HashMap<String, (SelfKind, Pred)> = HashMap::new();
    for (class, kind) in [
        ("TypeConstraint", SelfKind::Type),
        ("AttrConstraint", SelfKind::Attr),
        ("RegionConstraint", SelfKind::Region),
    ] {
        for (rec, pred) in tessera_ods::pred::predicates_of_class(&parsed.records, class) {
            records.entry(rec).or_insert((kind, pred));
        }
    }
    let natives = Natives::new();
    let compiler = Compiler::new(Some(model), &natives);
    let mut ctx = context();
    let mut checks = 0;
    let mut unevaluable = Vec::new();
    let mut unbuildable = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("// CHECK:") {
            let (subject, outcome) = rest
                .split_once("=>")
                .unwrap_or_else(|| panic!("{at}: no '=>'"));
            let (record, value) = subject
                .trim()
                .split_once(' ')
                .unwrap_or((subject.trim(), ""));
            let (kind, pred) = records
                .get(record)
                .unwrap_or_else(|| panic!("{at}: no constraint '{record}'"));
            let value = value.trim();
            let bound = match (kind, value) {
                (SelfKind::Attr, "absent") => Bound::Absent,
                (SelfKind::Attr, v) => Bound::Attr(attr(&mut ctx, v)),
                (SelfKind::Region, v) => Bound::Region {
                    blocks: v
                        .strip_prefix("blocks=")
                        .and_then(|n| n.parse().ok())
                        .unwrap_or_else(|| panic!("{at}: blocks=N")),
                },
                (_, v) => Bound::Type(ty(&mut ctx, v)),
            };
            let got = compiler
                .pred(pred, *kind, &|_| None)
                .map_err(|e| e[0].to_string())
                .and_then(|c| c.eval(&ctx, &bound, &NoNames).map_err(|e| e.to_string()));
            assert_outcome(&at, outcome, got, |want, got| {
                assert_eq!(want, got.to_string(), "{at}")
            });
            checks += 1;
        } else if let Some(rest) = line.strip_prefix("// BUILD:") {
            let (record, outcome) = rest
                .split_once("=>")
                .unwrap_or_else(|| panic!("{at}: no '=>'"));
            let rec = parsed
                .records
                .def(record.trim())
                .unwrap_or_else(|| panic!("{at}: no record"));
            let call = parsed
                .records
                .value_as_string(rec, "builderCall")
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            let got = compiler
                .type_builder(&call)
                .and_then(|b| b.build_type(&mut ctx, None))
                .map_err(|e| e.to_string());
            assert_outcome(&at, outcome, got, |want, got| {
                assert_eq!(ty(&mut ctx, want), got, "{at}")
            });
            checks += 1;
        } else if let Some(rest) = line.strip_prefix("// DEFAULT:") {
            let (subject, outcome) = rest
                .split_once("=>")
                .unwrap_or_else(|| panic!("{at}: no '=>'"));
            let (op, attr_name) = subject
                .trim()
                .split_once(' ')
                .unwrap_or_else(|| panic!("{at}: op attr"));
            let op = model.op(op).unwrap_or_else(|| panic!("{at}: no op '{op}'"));
            let a = op
                .attributes
                .iter()
                .find(|a| a.name == attr_name.trim())
                .unwrap_or_else(|| panic!("{at}: no attribute '{attr_name}'"));
            let (Some(call), Some(value)) = (&a.attr.const_builder_call, &a.attr.default_value)
            else {
                panic!("{at}: the attribute has no default built by a constBuilderCall");
            };
            let got = compiler
                .attr_builder(call, value)
                .and_then(|b| b.build(&mut ctx, None))
                .map_err(|e| e.to_string());
            assert_outcome(&at, outcome, got, |want, got| {
                let want = match want {
                    "absent" => Bound::Absent,
                    text => Bound::Attr(attr(&mut ctx, text)),
                };
                assert_eq!(want, got, "{at}")
            });
            checks += 1;
        } else if let Some(leaf) = line.strip_prefix("// UNEVALUABLE:") {
            unevaluable.push(leaf.trim().to_string());
        } else if let Some(text) = line.strip_prefix("// UNBUILDABLE:") {
            unbuildable.push(text.trim().to_string());
        }
    }
    let got: Vec<String> = unevaluable_leaves(model, &natives)
        .into_iter()
        .map(|u| u.leaf)
        .collect();
    assert_eq!(got, unevaluable, "{name}: unevaluable leaves");
    let got: Vec<String> = unbuildable_exprs(model, &natives)
        .into_iter()
        .map(|u| u.leaf)
        .collect();
    assert_eq!(got, unbuildable, "{name}: unbuildable expressions");
    assert!(checks > 0, "{name} checks nothing");
}

#[test]
fn annotated_inputs() {
    let mut files: Vec<_> = std::fs::read_dir("tests/pred/inputs")
        .expect("tests/pred/inputs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "td"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        check_file(&f);
    }
}
