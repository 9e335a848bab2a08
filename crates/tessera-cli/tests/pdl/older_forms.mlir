// The older forms of pdl.operation, pdl.replace and pdl.attribute that earlier releases
// printed: operands and result types without their type lists, replacement values without
// theirs, a constant attribute without `=`. tessera-opt reads them and prints what mlir-opt
// 19 prints for the same patterns written the current way (older_forms.upstream.mlir).

pdl.pattern @spec_example : benefit(1) {
  %resultType = pdl.type
  %inputOperand = pdl.operand
  %root = pdl.operation "foo.op"(%inputOperand) -> %resultType
  pdl.rewrite %root {
    pdl.replace %root with (%inputOperand)
  }
}

pdl.pattern @ranges_and_lists : benefit(2) {
  %vs = operands
  %t0 = type
  %t1 = type : i32
  %ts = types
  %a = attribute
  %root = operation "foo.op"(%vs, %vs) {"a" = %a} -> %t0, %ts
  %r = result 0 of %root
  rewrite %root {
    %c = attribute "hello"
    %n = attribute 42 : i64 attributes {kept}
    %new = operation "bar.op"(%r) {"c" = %c, "n" = %n} -> %t1
    %none = operation "baz.op"()
    replace %root with (%r, %vs)
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
