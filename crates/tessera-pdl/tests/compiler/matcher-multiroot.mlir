// Multi-root patterns: the root chosen by the cheapest traversal, climbs through users.

module @two_roots {
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %x = pdl.operand
    %a = pdl.operation "test.a"(%x : !pdl.value) -> (%t : !pdl.type)
    %b = pdl.operation "test.b"(%x : !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite with "rw"(%a, %b : !pdl.operation, !pdl.operation)
  }
}

// -----

module @given_root {
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %x = pdl.operand
    %a = pdl.operation "test.a"(%x : !pdl.value) -> (%t : !pdl.type)
    %ra = pdl.result 0 of %a
    %b = pdl.operation "test.b"(%ra, %x : !pdl.value, !pdl.value)
    %c = pdl.operation "test.c"(%ra : !pdl.value)
    pdl.rewrite %c {
      pdl.erase %b
      pdl.erase %c
    }
  }
}

// -----

module @three_roots {
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %v1 = pdl.operand
    %v2 = pdl.operand
    %a = pdl.operation "test.a"(%v1 : !pdl.value) -> (%t : !pdl.type)
    %ra = pdl.result 0 of %a
    %b = pdl.operation "test.b"(%ra, %v2 : !pdl.value, !pdl.value)
    %c = pdl.operation "test.c"(%v2, %v1 : !pdl.value, !pdl.value)
    %d = pdl.operation "test.d"(%ra : !pdl.value)
    pdl.rewrite with "rw"(%b, %c, %d : !pdl.operation, !pdl.operation, !pdl.operation)
  }
}

// -----

module @roots_through_ranges {
  pdl.pattern : benefit(1) {
    %ts = pdl.types
    %vs = pdl.operands
    %a = pdl.operation "test.a"(%vs : !pdl.range<value>) -> (%ts : !pdl.range<type>)
    %rs = pdl.results of %a
    %x = pdl.operand
    %b = pdl.operation "test.b"(%x, %rs : !pdl.value, !pdl.range<value>)
    %c = pdl.operation "test.c"(%rs : !pdl.range<value>)
    pdl.rewrite with "rw"(%b, %c : !pdl.operation, !pdl.operation)
  }
}

// -----

module @shared_operand_across_patterns {
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %a = pdl.operation "test.a"(%x : !pdl.value)
    %b = pdl.operation "test.b"(%x : !pdl.value)
    pdl.rewrite %a with "rw"(%b : !pdl.operation)
  }
  pdl.pattern : benefit(1) {
    %x = pdl.operand
    %a = pdl.operation "test.a"(%x : !pdl.value)
    %c = pdl.operation "test.c"(%x, %x : !pdl.value, !pdl.value)
    pdl.rewrite %a with "rw"(%c : !pdl.operation)
  }
}
