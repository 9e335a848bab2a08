// Every op of the pdl_interp dialect, in custom form: a matcher and its rewriters, as
// --convert-pdl-to-pdl-interp lays them out, plus the ops it rarely emits.

module @patterns {
  pdl_interp.func @matcher(%root: !pdl.operation) {
    pdl_interp.check_operation_name of %root is "test.op" -> ^names, ^end
  ^names:
    pdl_interp.switch_operation_name of %root to ["test.a", "test.b"](^counts, ^counts) -> ^end
  ^counts:
    pdl_interp.check_operand_count of %root is 2 -> ^at_least, ^end
  ^at_least:
    pdl_interp.check_result_count of %root is at_least 1 -> ^switch_counts, ^end
  ^switch_counts:
    pdl_interp.switch_operand_count of %root to dense<[0, 1]> : vector<2xi32>(^results, ^results) -> ^end
  ^results:
    pdl_interp.switch_result_count of %root to dense<1> : vector<1xi32>(^operands) -> ^end
  ^operands:
    %operand = pdl_interp.get_operand 0 of %root
    %operands = pdl_interp.get_operands of %root : !pdl.range<value>
    %group = pdl_interp.get_operands 1 of %root : !pdl.value
    %def = pdl_interp.get_defining_op of %operand : !pdl.value
    %defs = pdl_interp.get_defining_op of %operands : !pdl.range<value>
    pdl_interp.is_not_null %def : !pdl.operation -> ^values, ^end
  ^values:
    pdl_interp.are_equal %operand, %group : !pdl.value -> ^attrs, ^end
  ^attrs:
    %attr = pdl_interp.get_attribute "value" of %root
    pdl_interp.check_attribute %attr is 42 : i64 -> ^attr_switch, ^end
  ^attr_switch:
    pdl_interp.switch_attribute %attr to [10, unit, "s"](^types, ^types, ^end) -> ^end
  ^types:
    %attr_type = pdl_interp.get_attribute_type of %attr
    %result = pdl_interp.get_result 0 of %root
    %results = pdl_interp.get_results of %root : !pdl.range<value>
    %result_group = pdl_interp.get_results 0 of %root : !pdl.range<value>
    %type = pdl_interp.get_value_type of %result : !pdl.type
    %types = pdl_interp.get_value_type of %results : !pdl.range<type>
    pdl_interp.check_type %type is i32 -> ^check_types, ^end
  ^check_types:
    pdl_interp.check_types %types are [i32, i64] -> ^switch_type, ^end
  ^switch_type:
    pdl_interp.switch_type %attr_type to [i32, f32](^switch_types, ^switch_types) -> ^end
  ^switch_types:
    pdl_interp.switch_types %types to [[i32], [i64, i64]](^constraint, ^constraint) -> ^end
  ^constraint:
    pdl_interp.apply_constraint "Positive"(%attr : !pdl.attribute) -> ^negated, ^end
  ^negated:
    pdl_interp.apply_constraint "Negative"(%attr, %type : !pdl.attribute, !pdl.type) {isNegated = true} -> ^producing, ^end
  ^producing:
    %made, %made_types = pdl_interp.apply_constraint "Make"(%root : !pdl.operation) : !pdl.value, !pdl.range<type> -> ^users, ^end
  ^users:
    %users = pdl_interp.get_users of %result : !pdl.value
    %all_users = pdl_interp.get_users of %results : !pdl.range<value>
    %first = pdl_interp.extract 0 of %all_users : !pdl.operation
    pdl_interp.foreach %user : !pdl.operation in %users {
      %user_result = pdl_interp.get_result 0 of %user
      pdl_interp.continue
    } -> ^record
  ^record:
    pdl_interp.record_match @rewriters::@rewrite(%root, %operand : !pdl.operation, !pdl.value) : benefit(2), generatedOps(["test.new"]), loc([%root, %def]), root("test.op") -> ^plain
  ^plain:
    pdl_interp.record_match @rewriters::@rewrite_plain : benefit(0), loc([]) -> ^next
  ^next:
    pdl_interp.branch ^end
  ^end:
    pdl_interp.finalize
  }

  module @rewriters {
    pdl_interp.func @rewrite(%root: !pdl.operation, %value: !pdl.value) {
      %attr = pdl_interp.create_attribute 7 : i32
      %unit = pdl_interp.create_attribute unit
      %type = pdl_interp.create_type i64
      %types = pdl_interp.create_types [i1, i8]
      %range = pdl_interp.create_range %type, %types : !pdl.type, !pdl.range<type>
      %no_values = pdl_interp.create_range : !pdl.range<value>
      %values = pdl_interp.create_range %value, %no_values : !pdl.value, !pdl.range<value>
      %op = pdl_interp.create_operation "test.new"(%value, %values : !pdl.value, !pdl.range<value>) {"a" = %attr, "b" = %unit} -> (%range : !pdl.range<type>)
      %bare = pdl_interp.create_operation "test.bare"
      %results = pdl_interp.get_results of %op : !pdl.range<value>
      %made = pdl_interp.apply_rewrite "Make"(%op, %attr : !pdl.operation, !pdl.attribute) : !pdl.value
      pdl_interp.apply_rewrite "Log"(%op : !pdl.operation)
      %nothing = pdl_interp.apply_rewrite "Nothing" : !pdl.range<value>
      pdl_interp.replace %root with (%results : !pdl.range<value>)
      pdl_interp.replace %bare with ()
      pdl_interp.erase %op
      pdl_interp.finalize
    }
    pdl_interp.func private @rewrite_plain(%root: !pdl.operation {pdl.arg}) attributes {pdl.note} {
      pdl_interp.finalize
    }
  }
}
