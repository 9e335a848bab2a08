// older_forms.mlir written the current way: what mlir-opt 19 reads.

pdl.pattern @spec_example : benefit(1) {
  %resultType = pdl.type
  %inputOperand = pdl.operand
  %root = pdl.operation "foo.op"(%inputOperand : !pdl.value) -> (%resultType : !pdl.type)
  pdl.rewrite %root {
    pdl.replace %root with (%inputOperand : !pdl.value)
  }
}

pdl.pattern @ranges_and_lists : benefit(2) {
  %vs = operands
  %t0 = type
  %t1 = type : i32
  %ts = types
  %a = attribute
  %root = operation "foo.op"(%vs, %vs : !pdl.range<value>, !pdl.range<value>) {"a" = %a} -> (%t0, %ts : !pdl.type, !pdl.range<type>)
  %r = result 0 of %root
  rewrite %root {
    %c = attribute = "hello"
    %n = attribute = 42 : i64 attributes {kept}
    %new = operation "bar.op"(%r : !pdl.value) {"c" = %c, "n" = %n} -> (%t1 : !pdl.type)
    %none = operation "baz.op"
    replace %root with (%r, %vs : !pdl.value, !pdl.range<value>)
  }
}

pdl.pattern @current_forms_still_read : benefit(3) {
  %t = type
  %v = operand : %t
  %root = operation "foo.op"(%v : !pdl.value) -> (%t : !pdl.type)
  rewrite %root {
    %c = attribute = "hello"
    %new = operation "bar.op"(%v : !pdl.value) {"c" = %c} -> (%t : !pdl.type)
    replace %root with %new
  }
}
