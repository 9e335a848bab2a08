//! `tessera-opt`'s pass pipeline: passes run in order on the verified module, the module is
//! verified again after each one, and a failing pass stops the chunk with its diagnostics.

use std::sync::Arc;
use tessera_cli::opt::{run, OptOptions, Pass};
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{Body, Context, Diagnostic, OpId};

/// Makes every `test.user` use its first operand twice.
#[derive(Debug)]
struct SwapUses;

impl Pass for SwapUses {
    fn name(&self) -> &str {
        "swap-uses"
    }
    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>> {
        let mut users = Vec::new();
        walk(body, module, WalkOrder::PreOrder, |op| {
            if ctx.str(body.op_name(op)) == "test.user" {
                users.push(op);
            }
            WalkControl::Advance
        });
        for user in users {
            let first = body
                .operands(user)
                .next()
                .expect("test.user has an operand");
            body.set_operands(user, &[first, first]);
        }
        Ok(())
    }
}

/// Makes the first `test.user` use a value defined after it: invalid IR the verifier must catch.
#[derive(Debug)]
struct BreakDominance;

impl Pass for BreakDominance {
    fn name(&self) -> &str {
        "break-dominance"
    }
    fn run(&self, ctx: &mut Context, body: &mut Body, module: OpId) -> Result<(), Vec<Diagnostic>> {
        let mut ops = Vec::new();
        walk(body, module, WalkOrder::PreOrder, |op| {
            ops.push(op);
            WalkControl::Advance
        });
        let user = ops
            .iter()
            .copied()
            .find(|&op| ctx.str(body.op_name(op)) == "test.user")
            .expect("a test.user op");
        let later = ops
            .iter()
            .rev()
            .find_map(|&op| body.results(op).next())
            .expect("an op with a result");
        body.set_operand(user, 0, later);
        Ok(())
    }
}

/// Always fails with one error.
#[derive(Debug)]
struct Refuse;

impl Pass for Refuse {
    fn name(&self) -> &str {
        "refuse"
    }
    fn run(&self, _: &mut Context, _: &mut Body, _: OpId) -> Result<(), Vec<Diagnostic>> {
        Err(vec![Diagnostic::error(
            tessera_ir::DiagLoc::Unknown,
            "the pass refused",
        )])
    }
}

// A function body, not the module's: a module is a graph region, where dominance is not checked.
const INPUT: &str = r#"func.func @f() {
  %0 = "test.a"() : () -> i32
  %1 = "test.b"() : () -> i32
  "test.user"(%1, %0) : (i32, i32) -> ()
  %2 = "test.c"() : () -> i32
  return
}
"#;

fn with(passes: Vec<Arc<dyn Pass>>) -> OptOptions {
    OptOptions {
        generic: true,
        allow_unregistered: true,
        passes,
        ..Default::default()
    }
}

#[test]
fn a_pass_transforms_the_printed_module() {
    let out = run(INPUT, "in.mlir", &with(vec![Arc::new(SwapUses)]));
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(r#""test.user"(%1, %1)"#),
        "{}",
        out.stdout
    );
}

#[test]
fn the_module_is_verified_after_each_pass() {
    let out = run(INPUT, "in.mlir", &with(vec![Arc::new(BreakDominance)]));
    assert_eq!(out.status, 1);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(
        out.stderr.contains("operand #0 does not dominate this use"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_failing_pass_stops_the_pipeline_with_its_diagnostics() {
    let out = run(
        INPUT,
        "in.mlir",
        &with(vec![Arc::new(Refuse), Arc::new(BreakDominance)]),
    );
    assert_eq!(out.status, 1);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(out.stderr.contains("the pass refused"), "{}", out.stderr);
    assert!(!out.stderr.contains("dominate"), "{}", out.stderr);
}

#[test]
fn timing_lists_each_pass_between_the_parser_and_the_output() {
    let mut diagnostics = Vec::new();
    let mut sink = Vec::new();
    let opts = OptOptions {
        timing: true,
        ..with(vec![Arc::new(SwapUses)])
    };
    let out = tessera_cli::opt::run_to(INPUT, "in.mlir", &opts, &mut sink, &mut diagnostics, None);
    assert_eq!(out.status, 0);
    let report = String::from_utf8(diagnostics).unwrap();
    let names: Vec<&str> = report
        .lines()
        .filter_map(|l| l.split_once("%)  ").map(|(_, name)| name))
        .collect();
    assert_eq!(
        names,
        ["Parser", "swap-uses", "Output", "Rest", "Total"],
        "{report}"
    );
}
