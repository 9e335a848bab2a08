//! The "see current operation" note of a verifier error prints the op as upstream prints an op
//! alone: numbered in the scope of the closest enclosing op isolated from above (the op itself
//! if it is), blocks labelled within their region, values from outside the scope unnamed, and
//! an op spanning lines started on a line of its own. Every expected text below is what
//! `mlir-opt` 19 prints for the same input.

use tessera_cli::opt::{run, OptOptions};

fn stderr_of(src: &str) -> String {
    let opts = OptOptions {
        allow_unregistered: true,
        ..Default::default()
    };
    let out = run(src, "t.mlir", &opts);
    assert_eq!(out.status, 1, "{}", out.stdout);
    out.stderr
}

#[test]
fn an_op_inside_a_region_is_numbered_in_the_enclosing_module() {
    let src = r#"%a = "foo.a"() : () -> i32
"foo.r"() ({
  %b = "foo.b"() : () -> i32
  "foo.t"(%a, %b)[^bb1] : (i32, i32) -> ()
  "foo.x"() : () -> ()
^bb1:
  "foo.y"() : () -> ()
}) : () -> ()
"#;
    assert_eq!(
        stderr_of(src),
        r#"t.mlir:4:3: error: operation with block successors must terminate its parent block
  "foo.t"(%a, %b)[^bb1] : (i32, i32) -> ()
  ^
t.mlir:4:3: note: see current operation: "foo.t"(%0, %1)[^bb1] : (i32, i32) -> ()
"#
    );
}

#[test]
fn an_isolated_op_is_its_own_scope_and_blocks_get_valid_labels() {
    let src = r#"%a = "foo.a"() : () -> i32
%r = "builtin.module"(%a) ({
  %b = "foo.b"() : () -> i32
  "foo.c"() ({
  ^bb0(%z: i32):
    "foo.d"(%b, %z)[^bb1] : (i32, i32) -> ()
  ^bb1:
    "foo.e"() : () -> ()
  }) : () -> ()
^bb2:
  "foo.y"() : () -> ()
}) : (i32) -> i32
"#;
    assert_eq!(
        stderr_of(src),
        r#"t.mlir:2:6: error: 'builtin.module' op requires zero results
%r = "builtin.module"(%a) ({
     ^
t.mlir:2:6: note: see current operation: 
%0 = "builtin.module"(<<UNKNOWN SSA VALUE>>) ({
  %1 = "foo.b"() : () -> i32
  "foo.c"() ({
  ^bb0(%arg0: i32):
    "foo.d"(%1, %arg0)[^bb1] : (i32, i32) -> ()
  ^bb1:  // pred: ^bb0
    "foo.e"() : () -> ()
  }) : () -> ()
^bb1:  // no predecessors
  "foo.y"() : () -> ()
}) : (i32) -> i32
"#
    );
}
