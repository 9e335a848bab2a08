// Invalid cf ops in generic form (successors, groups of operand groups): mlir-opt 19 and
// tessera-opt --load-dialect ControlFlowOps.td must report the same errors
// (scripts/ods-verify-diff.sh).
"test.f"() ({
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%c: i1):
  // expected-error@+1 {{'cf.cond_br' op requires 2 successors but found 1}}
  "cf.cond_br"(%c)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%c: i32):
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%f: i32, %x: i64):
  // expected-error@+1 {{'cf.switch' op caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%f, %x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i64) -> ()
^bb1:
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%f: i32, %x: i64):
  // expected-error@+1 {{'cf.switch' op requires attribute 'case_operand_segments'}}
  "cf.switch"(%f)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%c: i1, %x: i64):
  "cf.cond_br"(%c, %x, %x)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i64, i64) -> ()
^bb1(%y: i64):
  "cf.br"(%y)[^bb2] : (i64) -> ()
^bb2(%z: i64):
  "test.t"() : () -> ()
}) : () -> ()
