// Invalid pdl ops in generic form: mlir-opt 19 and tessera-opt --load-dialect PDLOps.td must
// report the same errors (scripts/ods-verify-diff.sh).
// expected-error@+1 {{'pdl.pattern' op requires attribute 'benefit'}}
"pdl.pattern"() ({
  "pdl.rewrite"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  }) : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'pdl.pattern' op attribute 'benefit' failed to satisfy constraint: 16-bit signless integer attribute whose value is non-negative}}
"pdl.pattern"() ({
  "pdl.rewrite"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  }) : () -> ()
}) {benefit = -1 : i16} : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  // expected-error@+1 {{'pdl.type' op result #0 must be PDL handle to an `mlir::Type`, but got '!pdl.value'}}
  %0 = "pdl.type"() : () -> !pdl.value
  "pdl.rewrite"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  }) : () -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %0 = "pdl.type"() : () -> !pdl.type
  // expected-error@+1 {{'pdl.operation' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %1 = "pdl.operation"(%0) <{attributeValueNames = []}> : (!pdl.type) -> !pdl.operation
  "pdl.rewrite"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  }) : () -> ()
}) : () -> ()
