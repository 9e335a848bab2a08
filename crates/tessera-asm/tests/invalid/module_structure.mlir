// The structure builtin.module and every region must have, as upstream's verifier checks it.

// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({}) : () -> i32

// -----

%a = "foo.a"() : () -> i32
// expected-error@+1 {{'builtin.module' op requires zero operands}}
"builtin.module"(%a) ({}) : (i32) -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() ({}, {}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%x: i32):
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
  "foo.a"() : () -> ()
^bb1:
  "foo.b"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"foo.r"() ({
^bb0:
  "foo.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

"foo.r"() ({
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.t"()[^bb1] : () -> ()
  "foo.x"() : () -> ()
^bb1:
  "foo.y"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
^bb0:
}) {sym_name = 1 : i32} : () -> ()

// -----

"foo.r"() ({
  // expected-error@+1 {{successors in non-terminator}}
  "builtin.module"()[^bb1] ({}) : () -> ()
^bb1:
  "foo.t"() : () -> ()
}) : () -> ()
