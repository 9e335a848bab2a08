// Locations used as attribute values are printed (through #loc aliases) even
// without --mlir-print-debuginfo, and the aliases are not deferred.
"foo.op"() {l = loc("a.cc":1:2)} : () -> ()
"foo.op"() {l = loc("name"("b.cc":3:4)), m = [loc(unknown), loc(callsite("x" at "y"))]} : () -> ()
#aliased = loc("aliased")
"foo.op"() {l = #aliased} : () -> () loc(#aliased)
