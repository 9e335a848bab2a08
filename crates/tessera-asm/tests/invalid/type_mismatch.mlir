// The type given at a use must match the type of the definition.

// expected-note@+1 {{prior use here}}
%a = "foo.def"() : () -> i32
// expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'i32'}}
"foo.use"(%a) : (f32) -> ()

// -----

// Forward reference: the use comes first, the definition disagrees.
// expected-note@+1 {{previously used here with type 'f32'}}
"foo.use"(%b) : (f32) -> ()
// expected-error@+1 {{definition of SSA value '%b#0' has type 'i32'}}
%b = "foo.def"() : () -> i32

// -----

// Two forward uses that disagree with each other.
// expected-note@+1 {{prior use here}}
"foo.use"(%c) : (i64) -> ()
// expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i32' vs 'i64'}}
"foo.use"(%c) : (i32) -> ()
%c = "foo.def"() : () -> i64

// -----

// expected-note@+1 {{prior use here}}
%r:2 = "foo.def"() : () -> (i32, f32)
// expected-error@+1 {{use of value '%r' expects different type than prior uses: 'i32' vs 'f32'}}
"foo.use"(%r#1) : (i32) -> ()

// -----

"foo.op"() ({
// expected-note@+1 {{prior use here}}
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'tensor<?xf32>' vs 'tensor<4xf32>'}}
  "foo.use"(%x) : (tensor<?xf32>) -> ()
}) : () -> ()
