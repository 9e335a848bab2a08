// Every op and type of the pdl dialect, in custom form with the spellings a writer may
// choose (prefixes left out inside patterns, extra spaces, old and new forms).

pdl.pattern @all_match_ops : benefit(3) {
  %attr = pdl.attribute
  %typed_attr_type = type
  %typed_attr = attribute : %typed_attr_type
  %const_attr = attribute = 42 : i64
  %t = type
  %i32 = type : i32
  %ts = types
  %consts = types : [i32, f32]
  %v = operand : %t
  %vs = operands : %ts
  %any = operands
  %plain = operand
  %producer = operation "test.producer"(%plain : !pdl.value) -> (%i32, %t : !pdl.type, !pdl.type)
  %r0 = result 0 of %producer
  %r1 = pdl.result 1 of %producer
  %all = results of %producer
  %group = results 0 of %producer -> !pdl.value
  %groups = results 1 of %producer -> !pdl.range<value>
  %root = operation "test.root"(%r0, %r1, %v, %vs, %any, %all, %group, %groups : !pdl.value, !pdl.value, !pdl.value, !pdl.range<value>, !pdl.range<value>, !pdl.range<value>, !pdl.value, !pdl.range<value>) {"a" = %attr, "b" = %typed_attr, "c" = %const_attr} -> (%consts : !pdl.range<type>)
  apply_native_constraint "HasOneUse"(%root : !pdl.operation)
  apply_native_constraint "NotThis"(%attr, %t : !pdl.attribute, !pdl.type) {isNegated = true}
  %made, %made_types = apply_native_constraint "MakeThing"(%r0 : !pdl.value) : !pdl.attribute, !pdl.range<type>
  rewrite %root {
    %new_t = type : i64
    %new_ts = types : [i1]
    %range = range %i32, %new_ts, %t : !pdl.type, !pdl.range<type>, !pdl.type
    %empty = range : !pdl.range<value>
    %values = range %r0, %vs : !pdl.value, !pdl.range<value>
    %c = attribute = "text"
    %new = operation "test.new"(%values, %r1 : !pdl.range<value>, !pdl.value) {"k" = %c, "m" = %made} -> (%range : !pdl.range<type>)
    %made_type = apply_native_rewrite "Make"(%new : !pdl.operation) : !pdl.type
    apply_native_rewrite "Log"(%root, %made_type : !pdl.operation, !pdl.type)
    %folded = apply_native_rewrite "Folded" : !pdl.range<value>
    replace %producer with (%r0, %all : !pdl.value, !pdl.range<value>)
    replace %root with %new
    erase %new
  }
}

pdl.pattern : benefit(0) {
  %root = operation "test.anonymous"
  rewrite %root with "External"
}

pdl.pattern @external_with_args : benefit(32767) {
  %types = types
  %root = pdl.operation -> (%types : !pdl.range<type>)
  %vals = pdl.results of %root
  pdl.rewrite %root with "External"(%vals, %types : !pdl.range<value>, !pdl.range<type>)
}

pdl.pattern @multi_root : benefit(2) {
  %in = operand
  %t = type
  %a = operation "test.a"(%in : !pdl.value) -> (%t : !pdl.type)
  %va = result 0 of %a
  %b = operation "test.b"(%va : !pdl.value)
  %c = operation "test.c"(%va : !pdl.value)
  rewrite with "Both"(%b, %c : !pdl.operation, !pdl.operation)
}

pdl.pattern @with_dictionary : benefit(1) attributes {pdl.note = "kept"} {
  %x = attribute
  %root = operation "test.op" {"attr" = %x} loc("named")
  rewrite %root {
    %kept = attribute = unit attributes {flag}
    %unnamed = operation "test.op" {"a" = %kept} {extra = 1 : i32}
    replace %root with %unnamed
  }
}

// Values that get aliases, held by pdl ops: the alias pass must still find them (an op
// holding nothing aliasable has only its regions visited).
pdl.pattern @with_aliases : benefit(1) {
  %map = attribute = affine_map<(d0) -> (d0 + 1)>
  %tuple = type : tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
  %root = operation "test.op" {"map" = %map} -> (%tuple : !pdl.type) {test.set = affine_set<(d0) : (d0 >= 0)>}
  rewrite %root with "Keep"
}

func.func private @handles(!pdl.attribute, !pdl.operation, !pdl.type, !pdl.value) -> (!pdl.range<attribute>, !pdl.range<operation>, !pdl.range< type >, !pdl<range<value>>)
