// PDL patterns exercising what the ahead-of-time compiler must agree with the interpreter
// on: natives (constraints, a rewrite with a result, constant parameters), multiple roots
// (a foreach over users), variadic operands and result types as ranges, erase and replace,
// attributes and types created by the rewrite, attribute and type checks.
module {
  // A native constraint and a native rewrite whose result (an attribute) the new op gets.
  pdl.pattern @tag_wide : benefit(3) {
    %vals = pdl.operands
    %root = pdl.operation "t.wide"(%vals : !pdl.range<value>)
    pdl.apply_native_constraint "has_operands"(%root : !pdl.operation)
    pdl.rewrite %root {
      %tag = pdl.apply_native_rewrite "arity_attr"(%root : !pdl.operation) : !pdl.attribute
      %new = pdl.operation "t.tagged" {"arity" = %tag}
      pdl.replace %root with %new
    }
  }

  // Variadic operands and results, as ranges.
  pdl.pattern @pack : benefit(1) {
    %vals = pdl.operands
    %tys = pdl.types
    %root = pdl.operation "t.concat"(%vals : !pdl.range<value>) -> (%tys : !pdl.range<type>)
    pdl.rewrite %root {
      %new = pdl.operation "t.packed"(%vals : !pdl.range<value>) -> (%tys : !pdl.range<type>)
      pdl.replace %root with %new
    }
  }

  // Two roots sharing an operand: the matcher walks the users of the operand.
  pdl.pattern @fuse_pair : benefit(2) {
    %t = pdl.type
    %x = pdl.operand
    %a = pdl.operation "t.left"(%x : !pdl.value) -> (%t : !pdl.type)
    %b = pdl.operation "t.right"(%x : !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite {
      %f = pdl.operation "t.fused"(%x : !pdl.value) -> (%t, %t : !pdl.type, !pdl.type)
      %f0 = pdl.result 0 of %f
      %f1 = pdl.result 1 of %f
      pdl.replace %a with (%f0 : !pdl.value)
      pdl.replace %b with (%f1 : !pdl.value)
    }
  }

  // Attribute and type checks; the rewrite creates an attribute and a type.
  pdl.pattern @widen_const : benefit(1) {
    %i32 = pdl.type : i32
    %one = pdl.attribute = 1 : i32
    %root = pdl.operation "t.const" {"value" = %one} -> (%i32 : !pdl.type)
    pdl.rewrite %root {
      %i64 = pdl.type : i64
      %v = pdl.attribute = 1 : i64
      %new = pdl.operation "t.const64" {"value" = %v} -> (%i64 : !pdl.type)
      pdl.replace %root with %new
    }
  }

  // Erase an op without results.
  pdl.pattern @drop_dead : benefit(1) {
    %root = pdl.operation "t.dead"
    pdl.rewrite %root {
      pdl.erase %root
    }
  }

  // Forwarding through a defining op of a given name (operand and result navigation).
  pdl.pattern @neg_neg : benefit(1) {
    %t = pdl.type
    %x = pdl.operand
    %inner = pdl.operation "t.neg"(%x : !pdl.value) -> (%t : !pdl.type)
    %v = pdl.result 0 of %inner
    %root = pdl.operation "t.neg"(%v : !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite %root {
      pdl.replace %root with (%x : !pdl.value)
    }
  }

  // A rewrite done entirely by a native (it gets the root).
  pdl.pattern @by_native : benefit(1) {
    %root = pdl.operation "t.native_me"
    pdl.rewrite %root with "replace_with_marker"
  }
}
