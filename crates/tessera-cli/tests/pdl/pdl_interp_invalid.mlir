// Invalid pdl_interp, one mistake per split, with the diagnostics mlir-opt 19 gives.

pdl_interp.func @matcher(%root: !pdl.operation) {
  // expected-error@below {{'pdl_interp.switch_operation_name' op expected number of cases to match the number of case values, got 1 but expected 2}}
  pdl_interp.switch_operation_name of %root to ["test.a", "test.b"](^end) -> ^end
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%root: !pdl.operation) {
  // expected-error@below {{'pdl_interp.switch_operand_count' op expected number of cases to match the number of case values, got 2 but expected 1}}
  pdl_interp.switch_operand_count of %root to dense<[1]> : vector<1xi32>(^end, ^end) -> ^end
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%types: !pdl.range<type>) {
  // expected-error@below {{'pdl_interp.switch_types' op expected number of cases to match the number of case values, got 0 but expected 1}}
  pdl_interp.switch_types %types to [[i32]]() -> ^end
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%ops: !pdl.range<operation>) {
  // expected-error@below {{'pdl_interp.foreach' op requires exactly one argument}}
  "pdl_interp.foreach"(%ops)[^end] ({
  ^bb0(%a: !pdl.operation, %b: !pdl.operation):
    pdl_interp.continue
  }) : (!pdl.range<operation>) -> ()
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%ops: !pdl.range<operation>) {
  // expected-error@below {{'pdl_interp.foreach' op operand must be a range of loop variable type}}
  "pdl_interp.foreach"(%ops)[^end] ({
  ^bb0(%a: !pdl.value):
    pdl_interp.continue
  }) : (!pdl.range<operation>) -> ()
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%values: !pdl.range<value>) {
  // expected-error@below {{'pdl_interp.extract' op failed to verify that `range` is a PDL range whose element type matches type of `result`}}
  %x = "pdl_interp.extract"(%values) <{index = 0 : i32}> : (!pdl.range<value>) -> !pdl.type
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%values: !pdl.range<value>) {
  // expected-error@below {{'pdl_interp.get_value_type' op failed to verify that `value` type matches arity of `result`}}
  %x = "pdl_interp.get_value_type"(%values) : (!pdl.range<value>) -> !pdl.type
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%root: !pdl.operation) {
  // expected-error@below {{'pdl_interp.check_operand_count' op attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  pdl_interp.check_operand_count of %root is -1 -> ^end, ^end
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%a: !pdl.value, %t: !pdl.type) {
  // expected-error@below {{'pdl_interp.are_equal' op requires all operands to have the same type}}
  "pdl_interp.are_equal"(%a, %t)[^end, ^end] : (!pdl.value, !pdl.type) -> ()
^end:
  pdl_interp.finalize
}

// -----

pdl_interp.func @rewriter() {
  // expected-error@below {{'pdl_interp.continue' op expects parent op 'pdl_interp.foreach'}}
  pdl_interp.continue
}

// -----

pdl_interp.func @rewriter() {
  // expected-error@below {{'pdl_interp.create_operation' op has inferred results, but the created operation 'func.func' does not support result type inference}}
  %op = pdl_interp.create_operation "func.func" -> <inferred>
  pdl_interp.finalize
}

// -----

pdl_interp.func @rewriter(%value: !pdl.value, %types: !pdl.range<type>) {
  // expected-error@below {{'pdl_interp.create_range' op expected operand to have element type '!pdl.type', but got '!pdl.value'}}
  %r = "pdl_interp.create_range"(%types, %value) : (!pdl.range<type>, !pdl.value) -> !pdl.range<type>
  pdl_interp.finalize
}

// -----

pdl_interp.func @rewriter() {
  // expected-error@below {{custom op 'pdl_interp.create_operation' expected 'inferred'}}
  %op = pdl_interp.create_operation "test.op" -> <guessed>
  pdl_interp.finalize
}

// -----

pdl_interp.func @matcher(%ops: !pdl.range<operation>) {
  // expected-error@below {{custom op 'pdl_interp.foreach' expected 'in' after loop variable}}
  pdl_interp.foreach %op : !pdl.operation %ops {
    pdl_interp.continue
  } -> ^end
^end:
  pdl_interp.finalize
}

// -----

// One attribute dictionary per argument and per result, in the properties or in the custom
// form's attribute dictionary.
// expected-error@below {{'pdl_interp.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"pdl_interp.func"() <{arg_attrs = [{}, {}], function_type = (!pdl.operation) -> (), sym_name = "matcher"}> ({
^bb0(%root: !pdl.operation):
  pdl_interp.finalize
}) : () -> ()

// -----

// expected-error@below {{'pdl_interp.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 0, but expected 1}}
pdl_interp.func @matcher(%root: !pdl.operation) attributes {arg_attrs = []} {
  pdl_interp.finalize
}

// -----

// expected-error@below {{'pdl_interp.func' op expects result attribute array to have the same number of elements as the number of function results, got 1, but expected 0}}
"pdl_interp.func"() <{function_type = (!pdl.operation) -> (), res_attrs = [{}], sym_name = "matcher"}> ({
^bb0(%root: !pdl.operation):
  pdl_interp.finalize
}) : () -> ()

// -----

// expected-error@below {{'pdl_interp.func' op arguments may only have dialect attributes}}
pdl_interp.func @matcher(%root: !pdl.operation {unprefixed}) {
  pdl_interp.finalize
}

// -----

// expected-error@below {{'pdl_interp.func' op results may only have dialect attributes}}
pdl_interp.func @rewriter() -> (!pdl.operation {unprefixed}) {
  pdl_interp.finalize
}
