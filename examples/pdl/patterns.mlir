// PDL patterns for `tessera-opt --patterns=examples/pdl/patterns.mlir examples/pdl/input.mlir`.

// add(x, zero()) -> x
pdl.pattern @add_zero : benefit(2) {
  %x = pdl.operand
  %t = pdl.type
  %zero = pdl.operation "demo.zero" -> (%t : !pdl.type)
  %z = pdl.result 0 of %zero
  %add = pdl.operation "demo.add"(%x, %z : !pdl.value, !pdl.value) -> (%t : !pdl.type)
  pdl.rewrite %add {
    pdl.replace %add with (%x : !pdl.value)
  }
}

// copy(x) -> x
pdl.pattern @forward_copy : benefit(1) {
  %x = pdl.operand
  %t = pdl.type
  %copy = pdl.operation "demo.copy"(%x : !pdl.value) -> (%t : !pdl.type)
  pdl.rewrite %copy {
    pdl.replace %copy with (%x : !pdl.value)
  }
}

// mul(x, y) -> demo.mul_fast(x, y) {checked}: the rewrite builds a new op.
pdl.pattern @fast_mul : benefit(1) {
  %x = pdl.operand
  %y = pdl.operand
  %t = pdl.type
  %mul = pdl.operation "demo.mul"(%x, %y : !pdl.value, !pdl.value) -> (%t : !pdl.type)
  pdl.rewrite %mul {
    %unit = pdl.attribute = unit
    %fast = pdl.operation "demo.mul_fast"(%x, %y : !pdl.value, !pdl.value) {"checked" = %unit} -> (%t : !pdl.type)
    pdl.replace %mul with %fast
  }
}
