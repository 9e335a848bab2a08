// More pdl ops, valid and invalid, in generic form: verify_diff.rs checks that the generated
// verifiers and the engine's agree on each.
"pdl.pattern"() <{benefit = 1 : i16, sym_name = "p"}> ({
  %t = "pdl.type"() : () -> !pdl.type
  %v = "pdl.operand"(%t) : (!pdl.type) -> !pdl.value
  %a = "pdl.attribute"() <{value = 3 : i32}> : () -> !pdl.attribute
  %op = "pdl.operation"(%v, %a, %t) <{attributeValueNames = ["x"], opName = "test.op", operandSegmentSizes = array<i32: 1, 1, 1>}> : (!pdl.value, !pdl.attribute, !pdl.type) -> !pdl.operation
  %r = "pdl.result"(%op) <{index = 0 : i32}> : (!pdl.operation) -> !pdl.value
  "pdl.rewrite"(%op) <{operandSegmentSizes = array<i32: 1, 0>}> ({
    "pdl.erase"(%op) : (!pdl.operation) -> ()
  }) : (!pdl.operation) -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %t = "pdl.type"() : () -> !pdl.type
  %v = "pdl.operand"(%t) : (!pdl.type) -> !pdl.type
  "pdl.rewrite"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  }) : () -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %op = "pdl.operation"() <{attributeValueNames = [], operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pdl.operation
  %r = "pdl.result"(%op) <{index = -1 : i32}> : (!pdl.operation) -> !pdl.value
  "pdl.rewrite"(%op) <{operandSegmentSizes = array<i32: 1, 0>}> ({
  }) : (!pdl.operation) -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %op = "pdl.operation"() <{attributeValueNames = [1], operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pdl.operation
  "pdl.rewrite"(%op) <{operandSegmentSizes = array<i32: 1, 0>}> ({
  }) : (!pdl.operation) -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %a = "pdl.attribute"() <{value = 3 : i32}> : () -> !pdl.value
  "pdl.rewrite"() <{operandSegmentSizes = array<i32: 0, 0>, name = 5 : i32}> ({
  }) : () -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %op = "pdl.operation"() <{attributeValueNames = [], operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pdl.operation
  "pdl.rewrite"(%op) <{operandSegmentSizes = array<i32: 1, 0>}> ({
  ^bb0:
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "test.end"() : () -> ()
  }) : (!pdl.operation) -> ()
}) : () -> ()

// -----
"pdl.pattern"() <{benefit = 1 : i16}> ({
  %op = "pdl.operation"() <{attributeValueNames = [], operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pdl.operation
  "test.br"()[^bb1] : () -> ()
^bb1:
  "pdl.rewrite"(%op) <{operandSegmentSizes = array<i32: 1, 0>}> ({
  }) : (!pdl.operation) -> ()
}) : () -> ()
