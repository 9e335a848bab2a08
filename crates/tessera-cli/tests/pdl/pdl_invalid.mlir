// Invalid pdl, one mistake per split, with the diagnostics mlir-opt 19 gives.

pdl.pattern : benefit(1) {
  %root = operation "test.op"
  // expected-error@below {{'pdl.apply_native_constraint' op returning an operation from a constraint is not supported}}
  %op = apply_native_constraint "Find"(%root : !pdl.operation) : !pdl.operation
  rewrite %root with "rewriter"
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "test.op"
  rewrite %root {
    // expected-error@below {{'pdl.apply_native_rewrite' op expected at least one argument or result}}
    apply_native_rewrite "Nothing"
  }
}

// -----

// expected-error@below {{'pdl.pattern' op attribute 'benefit' failed to satisfy constraint: 16-bit signless integer attribute whose value is non-negative}}
pdl.pattern : benefit(65535) {
  %root = operation "test.op"
  rewrite %root with "rewriter"
}

// -----

// expected-error@below {{'pdl.pattern' op attribute 'benefit' failed to satisfy constraint: 16-bit signless integer attribute whose value is non-negative}}
"pdl.pattern"() <{benefit = -3 : i16}> ({
  %root = pdl.operation "test.op"
  pdl.rewrite %root with "rewriter"
}) : () -> ()

// -----

// expected-error@below {{'pdl.operand' op expects parent op 'pdl.pattern'}}
%x = pdl.operand

// -----

pdl.pattern : benefit(1) {
  %root = operation "test.op"
  // expected-error@below {{'pdl.erase' op expects parent op 'pdl.rewrite'}}
  erase %root
  rewrite %root with "rewriter"
}

// -----

pdl.pattern : benefit(1) {
  %t = type
  // expected-error@below {{'pdl.operation' op operand #0 must be variadic of single element or range of PDL handle for an `mlir::Value`, but got '!pdl.type'}}
  %root = "pdl.operation"(%t) <{attributeValueNames = [], operandSegmentSizes = array<i32: 1, 0, 0>}> : (!pdl.type) -> !pdl.operation
  rewrite %root with "rewriter"
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "test.op"
  // expected-error@below {{'pdl.results' op expected `pdl.range<value>` result type when no index is specified, but got: '!pdl.value'}}
  %r = "pdl.results"(%root) : (!pdl.operation) -> !pdl.value
  rewrite %root with "rewriter"(%r : !pdl.value)
}

// -----

pdl.pattern : benefit(1) {
  %types = types
  %root = operation -> (%types : !pdl.range<type>)
  rewrite %root {
    // expected-error@below {{'pdl.range' op expected operand to have element type '!pdl.value', but got '!pdl.type'}}
    %r = "pdl.range"(%types) : (!pdl.range<type>) -> !pdl.range<value>
  }
}

// -----

pdl.pattern : benefit(1) {
  // expected-error@below {{'pdl.types' op result #0 must be range of PDL handle to an `mlir::Type` values, but got '!pdl.range<value>'}}
  %types = "pdl.types"() : () -> !pdl.range<value>
  %root = operation "test.op"
  rewrite %root with "rewriter"(%types : !pdl.range<value>)
}

// -----

pdl.pattern : benefit(1) {
  %root = operation "test.op"
  rewrite %root {
    // expected-error@below {{'pdl.operation' op must have an operation name when nested within a `pdl.rewrite`}}
    %new = operation
  }
}

// -----

// expected-error@below {{'pdl.pattern' op the operations must form a connected component}}
pdl.pattern : benefit(1) {
  %a = operand
  %b = operand
  %ta = operation "test.a"(%a : !pdl.value)
  // expected-note@below {{see a disconnected value / operation here}}
  %tb = operation "test.b"(%b : !pdl.value)
  rewrite with "both"(%ta, %tb : !pdl.operation, !pdl.operation)
}

// -----

// expected-error@below {{element of pdl.range cannot be another range, but got'!pdl.range<value>'}}
func.func private @nested() -> !pdl.range<range<value>>

// -----

// expected-error@below {{invalid 'pdl' type: `i32'}}
func.func private @foreign() -> !pdl.range<i32>

// -----

// expected-error@below {{expected valid keyword}}
func.func private @prefixed() -> !pdl.range<!pdl.value>

// -----

// expected-error@below {{unknown  type `handle` in dialect `pdl`}}
func.func private @unknown() -> !pdl.handle

// -----

pdl.pattern : benefit(1) {
  %root = operation "test.op"
  // expected-error@below {{custom op 'pdl.result' expected 'of'}}
  %r = result 0 %root
  rewrite %root with "rewriter"(%r : !pdl.value)
}

// -----

pdl.pattern : benefit(1) {
  %a = attribute
  // expected-error@below {{custom op 'pdl.operation' invalid kind of attribute specified}}
  %root = operation "test.op" {1 = %a}
  rewrite %root with "rewriter"
}

// -----

pdl.pattern : benefit(1) {
  %a = attribute
  // expected-error@below {{'pdl.operation' op expected the same number of attribute values and attribute names, got 0 names and 1 values}}
  %op = "pdl.operation"(%a) {attributeValueNames = [], operandSegmentSizes = array<i32: 0, 1, 0>} : (!pdl.attribute) -> !pdl.operation
  rewrite %op with "rewriter"
}

// -----

pdl.pattern : benefit(1) {
  %v = operand
  %op = operation "foo.op"(%v : !pdl.value)
  rewrite %op {
    %r = operation "bar.op"
    // expected-error@below {{'pdl.replace' op expected no replacement values to be provided when the replacement operation is present}}
    "pdl.replace"(%op, %r, %v) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!pdl.operation, !pdl.operation, !pdl.value) -> ()
  }
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  // expected-error@below {{'pdl.rewrite' op expected no external arguments when the rewrite is specified inline}}
  "pdl.rewrite"(%op, %op) ({
    erase %op
  }) {operandSegmentSizes = array<i32: 1, 1>} : (!pdl.operation, !pdl.operation) -> ()
}
