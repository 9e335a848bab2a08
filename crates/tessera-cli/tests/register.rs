//! Runtime registration of an ODS dialect of our own (`tests/register/reg.td`): every check
//! registration performs, through `tessera-opt`'s pipeline with `--verify-diagnostics`
//! (`tests/register/*.mlir`, one file per area), plus the warnings loading gives and the way
//! inherent attributes of old generic input become properties.
//!
//! The dialect's predicate leaves are answered by natives registered here, as a user with
//! their own C++ predicates would.

use std::sync::Arc;
use tessera_cli::load_dialect::{load_dialect, LoadedDialects};
use tessera_cli::opt::{run, OptOptions};
use tessera_ir::{Body, Context, Diagnostic, FloatKind, TypeKind};
use tessera_ods::eval::{Bound, Natives};
use tessera_ods::register::Options;

const DIR: &str = "tests/register";
const ODS_BASE: &str = "../tessera-ods/tests/docs/include";

/// The evaluator understands every leaf of `reg.td` but two: `isMysterious` stays unknown,
/// `isFancy` is answered here.
fn options() -> Options {
    let mut natives = Natives::new();
    natives.register(
        "($_self.isFancy())",
        |ctx: &Context, subject: &Bound, _: &_| match subject {
            Bound::Type(t) => Ok(matches!(ctx.type_kind(*t), TypeKind::Float(FloatKind::F32))),
            other => Err(format!("not a type: {other:?}")),
        },
    );
    let mut options = Options {
        natives,
        ..Default::default()
    };
    options.verifiers.insert(
        "reg.checked".to_string(),
        Arc::new(|ctx: &Context, body: &Body, op| {
            Err(Diagnostic::error(
                body.op_loc(op),
                format!("'{}' op the Rust verifier ran", ctx.str(body.op_name(op))),
            )
            .with_op(op))
        }),
    );
    options
}

fn load(options: &Options) -> LoadedDialects {
    load_dialect(&format!("{DIR}/reg.td"), &[ODS_BASE.to_string()], options)
        .unwrap_or_else(|e| panic!("reg.td does not load:\n{e}"))
}

fn opt_options(loaded: &LoadedDialects) -> OptOptions {
    OptOptions {
        allow_unregistered: true,
        split_input: true,
        verify_diagnostics: true,
        dialects: vec![loaded.registration.clone()],
        ..Default::default()
    }
}

#[test]
fn every_check_reports_what_upstream_reports() {
    let loaded = load(&options());
    let mut files: Vec<_> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "{files:?}");
    let mut failures = String::new();
    for path in &files {
        let src = std::fs::read_to_string(path).unwrap();
        let name = path.display().to_string();
        let out = run(&src, &name, &opt_options(&loaded));
        if out.status != 0 {
            failures.push_str(&format!("{name}:\n{}\n", out.stderr));
        }
    }
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn loading_names_every_gap_once() {
    let loaded = load(&options());
    let w = &loaded.warnings;
    // Leaves neither the evaluator nor a native answers: only the mysterious one.
    assert_eq!(w.matches("cannot be evaluated").count(), 1, "{w}");
    assert!(
        w.contains("warning: predicate `($_self.isMysterious())` cannot be evaluated (the type method 'isMysterious' is not understood); ops needing it fail verification unless a native is registered for it; used by 'F32OrMystery' (32-bit float or mysterious type), 'Mystery' (mysterious type)"),
        "{w}"
    );
    assert!(
        w.contains("warning: trait ::mlir::OpTrait::SomethingNew is not verified; ops with it: reg.new_trait"),
        "{w}"
    );
    // One line for all ops whose C++ verifier has no Rust counterpart.
    assert_eq!(w.matches("declare a C++ verifier").count(), 1, "{w}");
    assert!(
        w.contains("1 ops declare a C++ verifier and no Rust verifier was registered for them; only what ODS states is verified: reg.unchecked"),
        "{w}"
    );
    // Every warning points into the .td file.
    assert!(
        w.lines()
            .filter(|l| l.contains("warning:"))
            .all(|l| l.starts_with("tests/register/reg.td:")),
        "{w}"
    );
}

#[test]
fn a_leaf_left_without_its_native_is_reported_and_fails_verification() {
    let loaded = load(&Options::default());
    assert!(
        loaded
            .warnings
            .contains("predicate `($_self.isFancy())` cannot be evaluated"),
        "{}",
        loaded.warnings
    );
    let src = "%f = \"test.f32\"() : () -> f32\n\"reg.fancy\"(%f) : (f32) -> ()\n";
    let opts = OptOptions {
        verify_diagnostics: false,
        split_input: false,
        ..opt_options(&loaded)
    };
    let out = run(src, "t.mlir", &opts);
    assert_eq!(out.status, 1);
    assert!(out.stderr.contains("t.mlir:2:1: error: 'reg.fancy' op cannot verify operand #0: constraint 'Fancy' (fancy type) needs `($_self.isFancy())`, which cannot be evaluated (the type method 'isFancy' is not understood); register a native for it"), "{}", out.stderr);
}

#[test]
fn inherent_attributes_of_old_generic_input_become_properties() {
    let loaded = load(&options());
    let src = "\"reg.attrs\"() {a = \"x\", b = 1 : i32, other = 2} : () -> ()\n\"reg.sized\"() {operandSegmentSizes = array<i32: 0, 0>} : () -> ()\n\"test.op\"() {a = \"x\"} : () -> ()\n";
    let opts = OptOptions {
        verify_diagnostics: false,
        split_input: false,
        generic: true,
        ..opt_options(&loaded)
    };
    let out = run(src, "t.mlir", &opts);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "\"builtin.module\"() ({\n  \"reg.attrs\"() <{a = \"x\", b = 1 : i32}> {other = 2 : i64} : () -> ()\n  \"reg.sized\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()\n  \"test.op\"() {a = \"x\"} : () -> ()\n}) : () -> ()\n\n"
    );
}

#[test]
fn registered_ops_carry_their_traits() {
    let loaded = load(&options());
    let mut ctx = Context::new();
    loaded.registration.register(&mut ctx);
    let traits = |name: &str| {
        let id = ctx.lookup_ident(name).expect("registered");
        ctx.op_info(id).expect("registered").traits
    };
    use tessera_ir::OpTraits as T;
    assert!(traits("reg.map").contains(T::PURE | T::COMMUTATIVE));
    assert!(!traits("reg.same").contains(T::PURE));
    assert!(traits("reg.br").contains(T::TERMINATOR));
    assert!(traits("reg.container").contains(T::SINGLE_BLOCK));
    assert!(traits("reg.isolated").contains(T::ISOLATED_FROM_ABOVE | T::NO_TERMINATOR));
    assert!(ctx.dialect("reg").is_some());
    assert_eq!(loaded.registration.dialects(), ["reg"]);
}
