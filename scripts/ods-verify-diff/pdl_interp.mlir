// Invalid pdl_interp ops in generic form (attribute-sized operand segments): mlir-opt 19 and
// tessera-opt --load-dialect PDLInterpOps.td must report the same errors
// (scripts/ods-verify-diff.sh).
"test.f"() ({
^bb0(%a: !pdl.value):
  // expected-error@+1 {{invalid properties {inputAttributeNames = [], name = "foo", operandSegmentSizes = array<i32: 1, 0>} for op pdl_interp.create_operation: size mismatch in attribute conversion: 2 vs 3}}
  %0 = "pdl_interp.create_operation"(%a) <{name = "foo", inputAttributeNames = [], operandSegmentSizes = array<i32: 1, 0>}> : (!pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value):
  // expected-error@+1 {{'pdl_interp.create_operation' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "pdl_interp.create_operation"(%a) <{name = "foo", inputAttributeNames = []}> : (!pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value):
  // expected-error@+1 {{'pdl_interp.create_operation' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "pdl_interp.create_operation"(%a) {name = "foo", inputAttributeNames = [], operandSegmentSizes = array<i32: 1, -1, 1>} : (!pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value):
  // expected-error@+1 {{'pdl_interp.create_operation' op attribute 'name' failed to satisfy constraint: string attribute}}
  %0 = "pdl_interp.create_operation"(%a) {name = 3, inputAttributeNames = [], operandSegmentSizes = array<i32: 1, 0, 0>} : (!pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value, %t: !pdl.type):
  // expected-error@+1 {{'pdl_interp.create_operation' op operand #1 must be variadic of PDL handle to an `mlir::Attribute`, but got '!pdl.value'}}
  %0 = "pdl_interp.create_operation"(%a, %a) <{name = "foo", inputAttributeNames = [], operandSegmentSizes = array<i32: 1, 1, 0>}> : (!pdl.value, !pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value, %t: !pdl.type):
  // expected-error@+1 {{'pdl_interp.create_operation' op requires attribute 'inputAttributeNames'}}
  %0 = "pdl_interp.create_operation"() <{name = "foo", operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value, %t: !pdl.type):
  %0 = "pdl_interp.create_operation"(%a, %t) <{name = "foo", inputAttributeNames = [], operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value):
  // While parsing, inherent attributes are checked in name order (the op's own checks follow
  // declaration order, which would report 'name').
  // expected-error@+1 {{'pdl_interp.create_operation' op attribute 'inputAttributeNames' failed to satisfy constraint: string array attribute}}
  %0 = "pdl_interp.create_operation"(%a) {name = 3, inputAttributeNames = 4, operandSegmentSizes = array<i32: 1, 0, 0>} : (!pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()

// -----
"test.f"() ({
^bb0(%a: !pdl.value):
  // expected-error@+1 {{invalid properties {inputAttributeNames = [], name = 3 : i64, operandSegmentSizes = array<i32: 1, 0, 0>} for op pdl_interp.create_operation: Invalid attribute `name` in property conversion: 3 : i64}}
  %0 = "pdl_interp.create_operation"(%a) <{name = 3, inputAttributeNames = [], operandSegmentSizes = array<i32: 1, 0, 0>}> : (!pdl.value) -> !pdl.operation
  "test.t"() : () -> ()
}) : () -> ()
