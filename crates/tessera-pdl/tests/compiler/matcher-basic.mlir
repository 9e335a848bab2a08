// Single patterns: names, counts, attributes, types, operands and results.

module @empty {
}

// -----

module @named_root {
  pdl.pattern : benefit(3) {
    %root = pdl.operation "test.a"
    pdl.rewrite %root with "rw"
  }
}

// -----

module @attributes {
  pdl.pattern : benefit(1) {
    %t = pdl.type : f32
    %a = pdl.attribute = "str"
    %b = pdl.attribute : %t
    %c = pdl.attribute
    %root = pdl.operation "test.attrs" {"a" = %a, "b" = %b, "c" = %c}
    pdl.rewrite %root with "rw"(%c : !pdl.attribute)
  }
}

// -----

module @operands_and_types {
  pdl.pattern : benefit(1) {
    %t = pdl.type : i64
    %u = pdl.type
    %x = pdl.operand : %t
    %y = pdl.operand : %u
    %root = pdl.operation "test.two"(%x, %y, %x : !pdl.value, !pdl.value, !pdl.value) -> (%u, %t : !pdl.type, !pdl.type)
    pdl.rewrite %root with "rw"(%u : !pdl.type)
  }
}

// -----

module @variadic_operands {
  pdl.pattern : benefit(1) {
    %ts = pdl.types : [i32, i64]
    %xs = pdl.operands : %ts
    %x = pdl.operand
    %ys = pdl.operands
    %root = pdl.operation "test.var"(%x, %xs, %x, %ys : !pdl.value, !pdl.range<value>, !pdl.value, !pdl.range<value>)
    pdl.rewrite %root with "rw"(%xs, %ys : !pdl.range<value>, !pdl.range<value>)
  }
}

// -----

module @all_operands_and_results {
  pdl.pattern : benefit(1) {
    %ts = pdl.types : [i8]
    %xs = pdl.operands : %ts
    %rs = pdl.types
    %root = pdl.operation "test.all"(%xs : !pdl.range<value>) -> (%rs : !pdl.range<type>)
    pdl.rewrite %root with "rw"(%rs : !pdl.range<type>)
  }
}

// -----

module @variadic_results {
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %ts = pdl.types : [f16]
    %root = pdl.operation "test.res" -> (%t, %ts, %t : !pdl.type, !pdl.range<type>, !pdl.type)
    %r = pdl.results 1 of %root -> !pdl.range<value>
    %r2 = pdl.results 2 of %root -> !pdl.value
    %r0 = pdl.result 0 of %root
    %all = pdl.results of %root
    pdl.rewrite %root with "rw"(%r, %r2, %r0, %all : !pdl.range<value>, !pdl.value, !pdl.value, !pdl.range<value>)
  }
}

// -----

module @defining_ops {
  pdl.pattern : benefit(1) {
    %t = pdl.type : i32
    %inner = pdl.operation "test.inner" -> (%t, %t : !pdl.type, !pdl.type)
    %r0 = pdl.result 0 of %inner
    %r1 = pdl.result 1 of %inner
    %mid = pdl.operation "test.mid"(%r1, %r0 : !pdl.value, !pdl.value) -> (%t : !pdl.type)
    %m = pdl.result 0 of %mid
    %root = pdl.operation "test.outer"(%m : !pdl.value)
    pdl.rewrite %root with "rw"(%inner : !pdl.operation)
  }
}

// -----

module @defining_op_of_range {
  pdl.pattern : benefit(1) {
    %ts = pdl.types
    %def = pdl.operation -> (%ts : !pdl.range<type>)
    %rs = pdl.results of %def
    %root = pdl.operation(%rs : !pdl.range<value>)
    pdl.rewrite %root with "rw"
  }
}
