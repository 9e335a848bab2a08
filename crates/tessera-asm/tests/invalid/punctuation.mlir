// Unbalanced or misplaced punctuation.

// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() : () -> ())

// -----

// When the unexpected token is on a later line, upstream reports the error at
// the end of the previous token (here: just after "({" on the line above).
// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() ({
) : () -> ()

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"foo.op"(() : () -> ()

// -----

// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() : () -> () ]

// -----

// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() : () -> ()
}

// -----

// expected-error@+1 {{expected ')'}}
"foo.op"() : (i32 -> ()

// -----

// A region that is never closed: the error is reported at the end of the
// chunk, i.e. on the last line (this comment line).
"foo.op"() ({
  "foo.inner"() : () -> ()
// expected-error {{expected operation name in quotes}}
// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : ) -> ()

// -----

// expected-error@+1 {{expected '>' to close properties}}
"foo.op"() <{a = 1} : () -> ()
