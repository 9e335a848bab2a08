// Missing or malformed operation function types, and operand count mismatches.

// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"()

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"() {a = 1}

// -----

// expected-error@+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error@+1 {{expected '->' in function type}}
"foo.op"() : (i32)

// -----

// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() : () -> () -> ()

// -----

// The upstream message embeds a NUL byte after "type" (a '\0' plural suffix);
// only the text before it is matched here.
// expected-error@+1 {{expected 1 operand type}}
"foo.op"(%a) : () -> ()

// -----

%a = "foo.def"() : () -> i32
// expected-error@+1 {{expected 1 operand type}}
"foo.op"(%a) : (i32, i32) -> ()

// -----

%a = "foo.def"() : () -> i32
// expected-error@+1 {{expected 2 operand types but had 1}}
"foo.op"(%a, %a) : (i32) -> ()
