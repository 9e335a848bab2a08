// End-to-end runs of hand-written pdl_interp matchers: every op of the dialect executes.
// Expected output: mlir-opt 19 --test-pdl-bytecode-pass on this file (see README.md).

// Name switch, operand identity, a created attribute, benefits and root kinds.
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.switch_operation_name of %root to ["demo.add", "demo.mul"](^add, ^mul) -> ^end
  ^add:
    pdl_interp.check_operand_count of %root is 2 -> ^add2, ^end
  ^add2:
    %lhs = pdl_interp.get_operand 0 of %root
    %rhs = pdl_interp.get_operand 1 of %root
    pdl_interp.are_equal %lhs, %rhs : !pdl.value -> ^double, ^end
  ^double:
    %t = pdl_interp.get_value_type of %lhs : !pdl.type
    pdl_interp.record_match @rewriters::@add_to_scale(%root, %lhs, %t : !pdl.operation, !pdl.value, !pdl.type) : benefit(2), loc([%root]), root("demo.add") -> ^end
  ^mul:
    pdl_interp.record_match @rewriters::@mul_to_shl(%root : !pdl.operation) : benefit(1), loc([%root]), root("demo.mul") -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @add_to_scale(%root : !pdl.operation, %x : !pdl.value, %t : !pdl.type) {
      %two = pdl_interp.create_attribute 2 : i64
      %op = pdl_interp.create_operation "demo.scale"(%x : !pdl.value) {"factor" = %two} -> (%t : !pdl.type)
      %r = pdl_interp.get_results of %op : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
    pdl_interp.func @mul_to_shl(%root : !pdl.operation) {
      %ins = pdl_interp.get_operands of %root : !pdl.range<value>
      %res = pdl_interp.get_results of %root : !pdl.range<value>
      %types = pdl_interp.get_value_type of %res : !pdl.range<type>
      %op = pdl_interp.create_operation "demo.shl"(%ins : !pdl.range<value>) -> (%types : !pdl.range<type>)
      %r = pdl_interp.get_results of %op : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.switch_and_equal } {
  %a = "demo.src"() : () -> i32
  %b = "demo.add"(%a, %a) : (i32, i32) -> i32
  %c = "demo.add"(%a, %b) : (i32, i32) -> i32
  %d = "demo.mul"(%c, %b) : (i32, i32) -> i32
  "demo.sink"(%d) : (i32) -> ()
}

// -----

// Attributes and their types: get, check, switch, compare with created ones.
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "demo.const" -> ^has, ^end
  ^has:
    %v = pdl_interp.get_attribute "value" of %root
    pdl_interp.is_not_null %v : !pdl.attribute -> ^typed, ^end
  ^typed:
    %vt = pdl_interp.get_attribute_type of %v
    pdl_interp.switch_type %vt to [i8, i16, i64](^small, ^small, ^wide) -> ^end
  ^small:
    %tag = pdl_interp.get_attribute "tag" of %root
    pdl_interp.switch_attribute %tag to ["keep", unit](^end, ^tagged) -> ^untagged
  ^tagged:
    pdl_interp.check_attribute %v is 7 : i8 -> ^seven, ^end
  ^seven:
    pdl_interp.record_match @rewriters::@retag(%root, %v : !pdl.operation, !pdl.attribute) : benefit(3), loc([%root]) -> ^end
  ^untagged:
    %i16 = pdl_interp.create_type i16
    pdl_interp.are_equal %vt, %i16 : !pdl.type -> ^end, ^retype
  ^retype:
    pdl_interp.check_type %vt is i8 -> ^small8, ^end
  ^small8:
    pdl_interp.record_match @rewriters::@widen(%root, %v : !pdl.operation, !pdl.attribute) : benefit(1), loc([%root]) -> ^end
  ^wide:
    pdl_interp.record_match @rewriters::@mark_wide(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @retag(%root : !pdl.operation, %v : !pdl.attribute) {
      %tag = pdl_interp.create_attribute "seven"
      %t = pdl_interp.create_type i8
      %op = pdl_interp.create_operation "demo.const"  {"tag" = %tag, "value" = %v} -> (%t : !pdl.type)
      %r = pdl_interp.get_results of %op : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
    pdl_interp.func @widen(%root : !pdl.operation, %v : !pdl.attribute) {
      %t = pdl_interp.create_type i32
      %keep = pdl_interp.create_attribute "keep"
      %op = pdl_interp.create_operation "demo.const"  {"tag" = %keep, "value" = %v} -> (%t : !pdl.type)
      %r = pdl_interp.get_result 0 of %op
      pdl_interp.replace %root with (%r : !pdl.value)
      pdl_interp.finalize
    }
    pdl_interp.func @mark_wide(%root : !pdl.operation) {
      %res = pdl_interp.get_results of %root : !pdl.range<value>
      %types = pdl_interp.get_value_type of %res : !pdl.range<type>
      %op = pdl_interp.create_operation "demo.wide" -> (%types : !pdl.range<type>)
      %r = pdl_interp.get_results of %op : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.attributes } {
  %0 = "demo.const"() {value = 7 : i8, tag} : () -> i8
  %1 = "demo.const"() {value = 3 : i8} : () -> i8
  %2 = "demo.const"() {value = 3 : i16} : () -> i16
  %3 = "demo.const"() {value = 9 : i64} : () -> i64
  %4 = "demo.const"() {value = 5 : i8, tag = "keep"} : () -> i8
  %5 = "demo.const"() : () -> i8
  "demo.sink"(%0, %1, %2, %3, %4, %5) : (i8, i8, i16, i64, i8, i8) -> ()
}

// -----

// Counts, type lists and ranges built from pieces.
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "demo.pair" -> ^counted, ^end
  ^counted:
    pdl_interp.switch_result_count of %root to dense<[1, 2]> : vector<2xi32>(^one, ^two) -> ^end
  ^one:
    pdl_interp.switch_operand_count of %root to dense<[0, 3]> : vector<2xi32>(^end, ^three) -> ^end
  ^three:
    %res = pdl_interp.get_results of %root : !pdl.range<value>
    %rt = pdl_interp.get_value_type of %res : !pdl.range<type>
    pdl_interp.check_types %rt are [f32] -> ^f32, ^end
  ^f32:
    pdl_interp.record_match @rewriters::@split(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^end
  ^two:
    pdl_interp.check_result_count of %root is 2 -> ^two2, ^end
  ^two2:
    %res2 = pdl_interp.get_results of %root : !pdl.range<value>
    %rt2 = pdl_interp.get_value_type of %res2 : !pdl.range<type>
    pdl_interp.switch_types %rt2 to [[f32, f32], [i32, f32]](^end, ^mixed) -> ^end
  ^mixed:
    %want = pdl_interp.create_types [i32, f32]
    pdl_interp.are_equal %rt2, %want : !pdl.range<type> -> ^swap, ^end
  ^swap:
    pdl_interp.record_match @rewriters::@swap(%root, %rt2 : !pdl.operation, !pdl.range<type>) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @split(%root : !pdl.operation) {
      %first = pdl_interp.get_operand 0 of %root
      %all = pdl_interp.get_operands of %root : !pdl.range<value>
      %both = pdl_interp.create_range %first, %all : !pdl.value, !pdl.range<value>
      %ft = pdl_interp.get_value_type of %first : !pdl.type
      %ts = pdl_interp.get_value_type of %all : !pdl.range<type>
      %types = pdl_interp.create_range %ts, %ft : !pdl.range<type>, !pdl.type
      %op = pdl_interp.create_operation "demo.wide_pair"(%both : !pdl.range<value>) -> (%types : !pdl.range<type>)
      %last = pdl_interp.get_result 3 of %op
      pdl_interp.replace %root with (%last : !pdl.value)
      pdl_interp.finalize
    }
    pdl_interp.func @swap(%root : !pdl.operation, %types : !pdl.range<type>) {
      %t1 = pdl_interp.extract 1 of %types : !pdl.type
      %t0 = pdl_interp.extract 0 of %types : !pdl.type
      %op = pdl_interp.create_operation "demo.swapped" -> (%t1, %t0 : !pdl.type, !pdl.type)
      %r1 = pdl_interp.get_result 1 of %op
      %r0 = pdl_interp.get_result 0 of %op
      pdl_interp.replace %root with (%r1, %r0 : !pdl.value, !pdl.value)
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.counts_and_ranges } {
  %a = "demo.src"() : () -> f32
  %b = "demo.src"() : () -> i32
  %p = "demo.pair"(%a, %b, %a) : (f32, i32, f32) -> f32
  %q:2 = "demo.pair"(%p) : (f32) -> (i32, f32)
  %r:2 = "demo.pair"(%p) : (f32) -> (f32, f32)
  %s = "demo.pair"(%a) : (f32) -> f32
  "demo.sink"(%q#0, %q#1, %r#0, %r#1, %s) : (i32, f32, f32, f32, f32) -> ()
}

// -----

// Walking from a value to its users and back to their definitions; branches.
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "demo.load" -> ^go, ^end
  ^go:
    pdl_interp.branch ^users
  ^users:
    %r = pdl_interp.get_result 0 of %root
    %users = pdl_interp.get_users of %r : !pdl.value
    %second = pdl_interp.extract 1 of %users : !pdl.operation
    pdl_interp.is_not_null %second : !pdl.operation -> ^shared, ^end
  ^shared:
    %in = pdl_interp.get_operand 0 of %second
    %def = pdl_interp.get_defining_op of %in : !pdl.value
    pdl_interp.are_equal %def, %root : !pdl.operation -> ^dup, ^end
  ^dup:
    %t = pdl_interp.get_value_type of %r : !pdl.type
    pdl_interp.record_match @rewriters::@duplicate(%root, %t : !pdl.operation, !pdl.type) : benefit(1), loc([%root, %second]), root("demo.load") -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @duplicate(%root : !pdl.operation, %t : !pdl.type) {
      %ins = pdl_interp.get_operands of %root : !pdl.range<value>
      %op = pdl_interp.create_operation "demo.load_once"(%ins : !pdl.range<value>) -> (%t : !pdl.type)
      %r = pdl_interp.get_results of %op : !pdl.range<value>
      pdl_interp.replace %root with (%r : !pdl.range<value>)
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.users } {
  %p = "demo.src"() : () -> i64
  %a = "demo.load"(%p) : (i64) -> i32
  %b = "demo.load"(%p) : (i64) -> i32
  "demo.use"(%a) : (i32) -> ()
  "demo.use"(%a, %b) : (i32, i32) -> ()
  "demo.use"(%b) : (i32) -> ()
}

// -----

// A loop over operands: the first operand defined by a matching op wins, and the
// rewrite erases the op it found (not the root).
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "demo.consumer" -> ^scan, ^end
  ^scan:
    %ins = pdl_interp.get_operands of %root : !pdl.range<value>
    %defs = pdl_interp.get_users of %ins : !pdl.range<value>
    pdl_interp.foreach %user : !pdl.operation in %defs {
      pdl_interp.check_operation_name of %user is "demo.dead" -> ^hit, ^next
    ^hit:
      pdl_interp.record_match @rewriters::@drop(%user : !pdl.operation) : benefit(1), loc([%root]) -> ^next
    ^next:
      pdl_interp.continue
    } -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @drop(%dead : !pdl.operation) {
      pdl_interp.erase %dead
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.foreach_erase } {
  %x = "demo.src"() : () -> i32
  %y = "demo.src"() : () -> i32
  "demo.dead"(%x) : (i32) -> ()
  "demo.dead"(%y) : (i32) -> ()
  "demo.consumer"(%x, %y) : (i32, i32) -> ()
}

// -----

// Equal benefits: the pattern the matcher records first applies.
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "demo.op" -> ^first, ^end
  ^first:
    pdl_interp.record_match @rewriters::@to_b(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^second
  ^second:
    pdl_interp.record_match @rewriters::@to_a(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @to_a(%root : !pdl.operation) {
      %op = pdl_interp.create_operation "demo.a"
      pdl_interp.erase %root
      pdl_interp.finalize
    }
    pdl_interp.func @to_b(%root : !pdl.operation) {
      %op = pdl_interp.create_operation "demo.b"
      pdl_interp.erase %root
      pdl_interp.finalize
    }
  }
}

module @ir attributes { test.equal_benefit } {
  "demo.op"() : () -> ()
}
