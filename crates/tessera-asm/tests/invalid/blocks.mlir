// Block references and block structure.

"foo.op"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^nope] : () -> ()
}) : () -> ()

// -----

// Successors are only resolved inside the region being parsed.
"foo.op"() ({
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.yield"() : () -> ()
}, {
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^bb1] : () -> ()
}) : () -> ()

// -----

// An op with successors must be the last op of its block.
"foo.op"() ({
^bb0:
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"()[^bb1] : () -> ()
  "foo.other"() : () -> ()
^bb1:
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"foo.op"() ({
^bb0:
  "foo.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
"foo.op"() ({
^bb0:
  "foo.br"()[^bb1] : () -> ()
^bb1:
}) : () -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{expected ':' and type for SSA operand}}
^bb0(%a i32):
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{expected SSA operand}}
^bb0(i32):
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
^bb0:
  "foo.yield"() : () -> ()
// expected-error@+1 {{expected ':' after block name}}
^bb1
  "foo.yield"() : () -> ()
}) : () -> ()

// -----

// Block labels cannot appear at the top level of a file.
// expected-error@+1 {{expected operation name in quotes}}
^bb0:
"foo.op"() : () -> ()
