// The rewriter side: op creation, result types, replacement, erasure, natives, ranges.

module @create_and_replace {
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %x = pdl.operand : %t
    %root = pdl.operation "test.old"(%x : !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite %root {
      %a = pdl.attribute = 3 : i16
      %i64 = pdl.type : i64
      %new = pdl.operation "test.new"(%x : !pdl.value) {"k" = %a} -> (%t, %i64 : !pdl.type, !pdl.type)
      %r = pdl.result 1 of %new
      %other = pdl.operation "test.other"(%r : !pdl.value) -> (%t : !pdl.type)
      pdl.replace %root with %other
    }
  }
}

// -----

module @replace_with_values {
  pdl.pattern : benefit(1) {
    %ts = pdl.types
    %root = pdl.operation "test.old" -> (%ts : !pdl.range<type>)
    pdl.rewrite %root {
      %new = pdl.operation "test.new" -> (%ts : !pdl.range<type>)
      %rs = pdl.results of %new
      pdl.replace %root with (%rs : !pdl.range<value>)
    }
  }
}

// -----

module @infer_from_replaced {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.old"
    pdl.rewrite %root {
      %new = pdl.operation "test.new"
      pdl.replace %root with %new
    }
  }
  pdl.pattern : benefit(1) {
    %t = pdl.type
    %root = pdl.operation "test.old2" -> (%t : !pdl.type)
    pdl.rewrite %root {
      %new = pdl.operation "test.new2"
      pdl.replace %root with %new
    }
  }
}

// -----

module @result_types_from_new_op {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.old"
    pdl.rewrite %root {
      %t = pdl.type
      %ts = pdl.types
      %new = pdl.operation "test.new" -> (%t, %ts, %t : !pdl.type, !pdl.range<type>, !pdl.type)
      pdl.replace %root with %new
    }
  }
}

// -----

module @natives_and_ranges {
  pdl.pattern : benefit(5) {
    %t = pdl.type
    %x = pdl.operand : %t
    %root = pdl.operation "test.old"(%x : !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite %root {
      %v, %op = pdl.apply_native_rewrite "make"(%x, %root : !pdl.value, !pdl.operation) : !pdl.value, !pdl.operation
      %vs = pdl.range %v, %x : !pdl.value, !pdl.value
      %ts = pdl.range : !pdl.range<type>
      %new = pdl.operation "test.new"(%vs : !pdl.range<value>) -> (%ts : !pdl.range<type>)
      pdl.apply_native_rewrite "finish"(%new, %op : !pdl.operation, !pdl.operation)
      pdl.replace %root with (%v : !pdl.value)
    }
  }
}

// -----

module @named_rewrite_with_args {
  pdl.pattern : benefit(1) {
    %a = pdl.attribute
    %t = pdl.type : i32
    %root = pdl.operation "test.op" {"a" = %a}
    pdl.rewrite %root with "rw"(%a, %t : !pdl.attribute, !pdl.type)
  }
  pdl.pattern @named : benefit(1) {
    %root = pdl.operation "test.op"
    pdl.rewrite with "no_root"(%root : !pdl.operation)
  }
}

// -----

module @replace_without_results {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.old"
    pdl.rewrite %root {
      %new = pdl.operation "test.new"
      pdl.replace %root with %new
    }
  }
}

// -----

module @types_from_native_rewrite {
  pdl.pattern : benefit(1) {
    %root = pdl.operation "test.op"
    pdl.rewrite %root {
      %t = pdl.apply_native_rewrite "make_type" : !pdl.type
      %new = pdl.operation "test.new" -> (%t : !pdl.type)
      %attr = pdl.apply_native_rewrite "make_attr"(%new : !pdl.operation) : !pdl.attribute
      %new2 = pdl.operation "test.new2" {"x" = %attr}
    }
  }
}
