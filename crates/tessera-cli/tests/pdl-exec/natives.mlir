// Native constraints and rewrites: the natives of upstream's test pass, called with
// arguments of every kind, returning results of every kind, negated, and failing.
// Expected output: mlir-opt 19 --test-pdl-bytecode-pass on this file (see README.md).

module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.apply_constraint "single_entity_constraint"(%root : !pdl.operation) {isNegated = true} -> ^other, ^end
  ^other:
    %attr = pdl_interp.apply_constraint "op_constr_return_attr"(%root : !pdl.operation) : !pdl.attribute -> ^got, ^end
  ^got:
    %ty = pdl_interp.apply_constraint "op_constr_return_type"(%root : !pdl.operation) : !pdl.type -> ^both, ^end
  ^both:
    %three = pdl_interp.create_attribute 3 : i32
    %types = pdl_interp.apply_constraint "op_constr_return_type_range"(%root, %three : !pdl.operation, !pdl.attribute) : !pdl.range<type> -> ^vals, ^end
  ^vals:
    %vals = pdl_interp.get_operands of %root : !pdl.range<value>
    pdl_interp.branch ^rec
  ^rec:
    pdl_interp.record_match @rewriters::@rebuild(%root, %attr, %ty, %types, %vals : !pdl.operation, !pdl.attribute, !pdl.type, !pdl.range<type>, !pdl.range<value>) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @rebuild(%root : !pdl.operation, %attr : !pdl.attribute, %ty : !pdl.type, %types : !pdl.range<type>, %vals : !pdl.range<value>) {
      %str = pdl_interp.apply_rewrite "str_creator" : !pdl.attribute
      %f = pdl_interp.apply_rewrite "type_creator" : !pdl.type
      %op = pdl_interp.create_operation "test.rebuilt"(%vals : !pdl.range<value>) {"from" = %attr, "str" = %str} -> (%types, %ty, %f : !pdl.range<type>, !pdl.type, !pdl.type)
      pdl_interp.erase %root
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.constraint_results } {
  %a = "test.src"() : () -> i32
  "test.success_op"(%a, %a) : (i32, i32) -> ()
  "test.op"(%a) : (i32) -> ()
  "test.other_op"() : () -> ()
}

// -----

module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "test.op" -> ^pair, ^end
  ^pair:
    %ins = pdl_interp.get_operands of %root : !pdl.range<value>
    %tys = pdl_interp.get_value_type of %ins : !pdl.range<type>
    pdl_interp.apply_constraint "multi_entity_var_constraint"(%ins, %tys : !pdl.range<value>, !pdl.range<type>) -> ^twice, ^single
  ^twice:
    pdl_interp.apply_constraint "multi_entity_constraint"(%root, %root : !pdl.operation, !pdl.operation) -> ^rec2, ^end
  ^rec2:
    pdl_interp.record_match @rewriters::@forward(%root : !pdl.operation) : benefit(2), loc([%root]) -> ^end
  ^single:
    pdl_interp.apply_constraint "single_entity_constraint"(%root : !pdl.operation) {isNegated = true} -> ^end, ^rec1
  ^rec1:
    pdl_interp.record_match @rewriters::@native(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @forward(%root : !pdl.operation) {
      %ins, %tys = pdl_interp.apply_rewrite "var_creator"(%root : !pdl.operation) : !pdl.range<value>, !pdl.range<type>
      %op = pdl_interp.create_operation "test.forwarded"(%ins : !pdl.range<value>) -> (%tys : !pdl.range<type>)
      %r = pdl_interp.get_results of %op : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
    pdl_interp.func @native(%root : !pdl.operation) {
      %in = pdl_interp.get_operand 0 of %root
      pdl_interp.apply_rewrite "rewriter"(%root, %in : !pdl.operation, !pdl.value)
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.rewrite_natives } {
  %a = "test.src"() : () -> i32
  %b = "test.src"() : () -> i64
  %p:2 = "test.op"(%a, %b) : (i32, i64) -> (i32, i64)
  "test.op"(%a) : (i32) -> ()
  "test.sink"(%p#0, %p#1) : (i32, i64) -> ()
}

// -----

module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "test.op" -> ^make, ^end
  ^make:
    pdl_interp.record_match @rewriters::@make(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @make(%root : !pdl.operation) {
      %new = pdl_interp.apply_rewrite "creator"(%root : !pdl.operation) : !pdl.operation
      %r = pdl_interp.get_results of %new : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.created_op } {
  "test.op"() : () -> ()
}
