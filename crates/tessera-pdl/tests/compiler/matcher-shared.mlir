// Several patterns merged into one tree: shared predicates, switches, at-least chains.

module @shared_prefix {
  pdl.pattern : benefit(1) {
    %t = pdl.type : i32
    %x = pdl.operand : %t
    %root = pdl.operation "test.op"(%x : !pdl.value)
    pdl.rewrite %root with "a"
  }
  pdl.pattern : benefit(2) {
    %t = pdl.type : i64
    %x = pdl.operand : %t
    %root = pdl.operation "test.op"(%x : !pdl.value)
    pdl.rewrite %root with "b"
  }
  pdl.pattern : benefit(3) {
    %x = pdl.operand
    %root = pdl.operation "test.other"(%x : !pdl.value)
    pdl.rewrite %root with "c"
  }
  pdl.pattern : benefit(4) {
    %root = pdl.operation "test.op"
    pdl.rewrite %root with "d"
  }
}

// -----

module @switch_counts {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.op"
    pdl.rewrite %root with "a"
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %root = pdl.operation "test.op" -> (%t : !pdl.type)
    pdl.rewrite %root with "b"
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %root = pdl.operation "test.op" -> (%t, %t : !pdl.type, !pdl.type)
    pdl.rewrite %root with "c"
  }
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %root = pdl.operation "test.op"(%x : !pdl.value)
    pdl.rewrite %root with "d"
  }
}

// -----

module @switch_at_least {
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %xs = pdl.operands
    %root = pdl.operation(%x, %xs : !pdl.value, !pdl.range<value>)
    pdl.rewrite %root with "a"
  }
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %y = pdl.operand
    %z = pdl.operand
    %xs = pdl.operands
    %root = pdl.operation(%x, %y, %z, %xs : !pdl.value, !pdl.value, !pdl.value, !pdl.range<value>)
    pdl.rewrite %root with "b"
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %ts = pdl.types
    %root = pdl.operation -> (%t, %ts : !pdl.type, !pdl.range<type>)
    pdl.rewrite %root with "c"
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %ts = pdl.types
    %root = pdl.operation -> (%t, %t, %ts : !pdl.type, !pdl.type, !pdl.range<type>)
    pdl.rewrite %root with "d"
  }
}

// -----

module @switch_types_and_attributes {
  pdl.pattern : benefit(1) {
    %ts = pdl.types : [i32]
    %a = pdl.attribute = 1 : i32
    %root = pdl.operation {"v" = %a} -> (%ts : !pdl.range<type>)
    pdl.rewrite %root with "a"
  }
  pdl.pattern : benefit(1) {
    %ts = pdl.types : [i64, i32]
    %a = pdl.attribute = 2 : i32
    %root = pdl.operation {"v" = %a} -> (%ts : !pdl.range<type>)
    pdl.rewrite %root with "b"
  }
  pdl.pattern : benefit(1) {
    %ts = pdl.types : [f32]
    %a = pdl.attribute = unit
    %root = pdl.operation {"v" = %a} -> (%ts : !pdl.range<type>)
    pdl.rewrite %root with "c"
  }
}

// -----

module @switch_result_type {
  pdl.pattern : benefit(1) {
    %t = pdl.type : i1
    %root = pdl.operation "test.cmp" -> (%t : !pdl.type)
    pdl.rewrite %root with "a"
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type : index
    %root = pdl.operation "test.cmp" -> (%t : !pdl.type)
    pdl.rewrite %root with "b"
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type : f64
    %root = pdl.operation "test.cmp" -> (%t : !pdl.type)
    pdl.rewrite %root with "c"
  }
}
