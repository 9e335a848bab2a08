// Uses of SSA values that are never defined, or not visible at the use.

// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%nope) : (i32) -> ()

// -----

%a = "foo.def"() : () -> i32
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%a, %b) : (i32, i32) -> ()

// -----

// A value defined in one region is not visible in a sibling region.
"foo.op"() ({
  %x = "foo.def"() : () -> i32
}, {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.use"(%x) : (i32) -> ()
}) : () -> ()

// -----

// A value defined inside a region is not visible after the op.
"foo.op"() ({
  %inner = "foo.def"() : () -> i32
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%inner) : (i32) -> ()

// -----

// Block arguments are scoped to their region.
"foo.op"() ({
^bb0(%arg: i32):
  "foo.yield"() : () -> ()
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%arg) : (i32) -> ()

// -----

// Forward references across blocks must still be dominated.
"foo.op"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%later) : (i32) -> ()
  "foo.br"()[^bb1] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %later = "foo.def"() : () -> i32
  "foo.yield"() : () -> ()
}) : () -> ()
