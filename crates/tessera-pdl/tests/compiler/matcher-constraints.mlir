// Native constraints: placement at the deepest argument, negation, results and their uses.

module @constraint_args {
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %y = pdl.operand
    %root = pdl.operation "test.op"(%x, %y : !pdl.value, !pdl.value)
    %r = pdl.result 0 of %root
    pdl.apply_native_constraint "pair"(%x, %y, %r : !pdl.value, !pdl.value, !pdl.value)
    pdl.apply_native_constraint "root_only"(%root : !pdl.operation)
    pdl.rewrite %root with "rw"
  }
}

// -----

module @negated {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.op"
    pdl.apply_native_constraint "c"(%root : !pdl.operation) {isNegated = true}
    pdl.rewrite %root with "rw"
  }
  pdl.pattern : benefit(2) {
    %root = pdl.operation "test.op"
    pdl.apply_native_constraint "c"(%root : !pdl.operation)
    pdl.rewrite %root with "rw2"
  }
}

// -----

module @constraint_results {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.op"
    %attr, %ty = pdl.apply_native_constraint "get"(%root : !pdl.operation) : !pdl.attribute, !pdl.type
    pdl.apply_native_constraint "use"(%attr, %ty : !pdl.attribute, !pdl.type)
    pdl.rewrite %root with "rw"(%attr : !pdl.attribute)
  }
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.op"
    %attr, %ty = pdl.apply_native_constraint "get"(%root : !pdl.operation) : !pdl.attribute, !pdl.type
    pdl.apply_native_constraint "other"(%ty, %root : !pdl.type, !pdl.operation)
    pdl.rewrite %root with "rw"(%ty : !pdl.type)
  }
}

// -----

module @literal_arguments {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.op"
    %a = pdl.attribute = 7 : i8
    %t = pdl.type : bf16
    %ts = pdl.types : [i1, i2]
    pdl.apply_native_constraint "literals"(%root, %a, %t, %ts : !pdl.operation, !pdl.attribute, !pdl.type, !pdl.range<type>)
    pdl.rewrite %root with "rw"
  }
}

// -----

module @constraint_results_in_the_tree {
  pdl.pattern : benefit(1) {
    %lhs = pdl.attribute = 2 : i8
    %v = pdl.apply_native_constraint "make_value"(%lhs : !pdl.attribute) : !pdl.value
    %t = pdl.apply_native_constraint "make_type"(%lhs : !pdl.attribute) : !pdl.type
    %ts = pdl.apply_native_constraint "make_types"(%lhs : !pdl.attribute) : !pdl.range<type>
    %root = pdl.operation "test.op"(%v : !pdl.value) -> (%t, %ts : !pdl.type, !pdl.range<type>)
    pdl.rewrite %root with "rw"
  }
  pdl.pattern : benefit(2) {
    %def = pdl.operation "test.def"
    %r = pdl.result 0 of %def
    %a = pdl.apply_native_constraint "attr_of"(%def : !pdl.operation) : !pdl.attribute
    %root = pdl.operation "test.op"(%r : !pdl.value) {"k" = %a}
    pdl.rewrite %root with "rw"(%a : !pdl.attribute)
  }
}
