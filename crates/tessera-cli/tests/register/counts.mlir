// Count traits ODS derives from the declared operands, results, regions and successors.
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.fixed' op expected 2 operands, but found 1}}
%0 = "reg.fixed"(%i) : (i32) -> i32

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.none' op requires zero operands}}
"reg.none"(%i) : (i32) -> ()

// -----
// expected-error@+1 {{'reg.none' op requires zero results}}
%0 = "reg.none"() : () -> i32

// -----
// expected-error@+1 {{'reg.none' op requires zero regions}}
"reg.none"() ({}) : () -> ()

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.fixed' op requires one result}}
"reg.fixed"(%i, %f) : (i32, f32) -> ()

// -----
// expected-error@+1 {{'reg.at_least' op expected 1 or more operands, but found 0}}
%0 = "reg.at_least"() : () -> i32

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.at_least' op expected 1 or more results}}
"reg.at_least"(%i) : (i32) -> ()

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.optional' op operand group starting at #0 requires 0 or 1 element, but found 2}}
"reg.optional"(%i, %i, %f) : (i32, i32, f32) -> ()

// -----
// expected-error@+1 {{'reg.two_regions' op expected 2 regions}}
"reg.two_regions"() ({}) : () -> ()

// -----
// expected-error@+1 {{'reg.many_regions' op expected 1 or more regions}}
"reg.many_regions"() : () -> ()

// -----
"test.func"() ({
  // expected-error@+1 {{'reg.br' op requires 1 successor but found 0}}
  "reg.br"() : () -> ()
}) : () -> ()

// -----
"test.func"() ({
  // expected-error@+1 {{'reg.ret' op requires 0 successors but found 1}}
  "reg.ret"()[^bb1] : () -> ()
^bb1:
  "reg.ret"() : () -> ()
}) : () -> ()

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
%0 = "reg.fixed"(%i, %f) : (i32, f32) -> i32
%1:3 = "reg.at_least"(%i, %i, %i) : (i32, i32, i32) -> (i32, f32, f32)
"reg.optional"(%f) : (f32) -> ()
"reg.optional"(%i, %f) : (i32, f32) -> ()
"reg.many_regions"() ({}, {}, {}) : () -> ()
