// Malformed location specifiers.

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc()

// -----

// expected-error@+1 {{expected '(' in location}}
"foo.op"() : () -> () loc "a.cc":1:2

// -----

// expected-error@+1 {{expected integer line number in FileLineColLoc}}
"foo.op"() : () -> () loc("a.cc":x:1)

// -----

// expected-error@+1 {{expected ':' in FileLineColLoc}}
"foo.op"() : () -> () loc("a.cc":1)

// -----

// Upstream 19 has no line/column ranges.
// expected-error@+1 {{expected ')' in location}}
"foo.op"() : () -> () loc("a.cc":1:2 to 3:4)

// -----

// expected-error@+1 {{expected 'at' in callsite location}}
"foo.op"() : () -> () loc(callsite("a" "b"))

// -----

// expected-error@+1 {{expected '[' in fused location}}
"foo.op"() : () -> () loc(fused<"m">)

// -----

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(fused[1])

// -----

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc("name"(1))

// -----

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(bogus)

// -----

// expected-error@+1 {{expected ')' in location}}
"foo.op"() : () -> () loc(unknown

// -----

// expected-error@+1 {{operation location alias was never defined}}
"foo.op"() : () -> () loc(#nowhere)

// -----

"foo.op"() ({
// expected-error@+1 {{operation location alias was never defined}}
^bb0(%a: i32 loc(#nowhere)):
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

#not_a_loc = 1 : i32
// expected-error@+1 {{expected location, but found '1 : i32'}}
"foo.op"() : () -> () loc(#not_a_loc)

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
#l = loc(#nope)
"foo.op"() : () -> () loc(#l)
