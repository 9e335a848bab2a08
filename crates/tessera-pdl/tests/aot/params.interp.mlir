// A compiled (pdl_interp) pattern module written by hand: a native constraint with a
// constant parameter and a result, a rewrite taking the operands as a range.
module {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "t.op" -> ^arity, ^end
  ^arity:
    %n = pdl_interp.apply_constraint "arity_at_least"(%root : !pdl.operation) : !pdl.attribute {constParams = [2 : i32]} -> ^rec, ^end
  ^rec:
    pdl_interp.record_match @rewriters::@tag(%root, %n : !pdl.operation, !pdl.attribute) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @tag(%root : !pdl.operation, %n : !pdl.attribute) {
      %ins = pdl_interp.get_operands of %root : !pdl.range<value>
      %op = pdl_interp.create_operation "t.tagged"(%ins : !pdl.range<value>) {"arity" = %n}
      pdl_interp.erase %root
      pdl_interp.finalize
    }
  }
}
