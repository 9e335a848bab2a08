// Redefinitions of SSA values, block arguments and blocks.

// expected-note@+1 {{previously defined here}}
%a = "foo.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%a'}}
%a = "foo.def"() : () -> i32

// -----

// expected-note@+1 {{previously defined here}}
%r:2 = "foo.def"() : () -> (i32, i32)
// expected-error@+1 {{redefinition of SSA value '%r'}}
%r = "foo.def"() : () -> i32

// -----

"foo.op"() ({
// expected-error@+2 {{redefinition of SSA value '%x'}}
// expected-note@+1 {{previously defined here}}
^bb0(%x: i32, %x: f32):
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-note@+1 {{previously defined here}}
^bb0(%x: i32):
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = "foo.def"() : () -> i32
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
^bb0:
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.yield"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

// A name defined in an enclosing region cannot be redefined inside a nested one.
// expected-note@+1 {{previously defined here}}
%v = "foo.def"() : () -> i32
"foo.op"() ({
  // expected-error@+1 {{redefinition of SSA value '%v'}}
  %v = "foo.def"() : () -> i32
}) : () -> ()
