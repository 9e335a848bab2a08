// Attribute-sized segments and groups of groups.
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
"reg.sized"(%i, %f, %f) <{operandSegmentSizes = array<i32: 1, 2>}> : (i32, f32, f32) -> ()
"reg.sized"(%f) {operandSegmentSizes = array<i32: 0, 1>} : (f32) -> ()
"reg.sized"() : () -> ()

// -----
%i = "test.i32"() : () -> i32
// A missing size attribute reads as the default properties: all zeros.
// expected-error@+1 {{'reg.sized' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
"reg.sized"(%i) : (i32) -> ()

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.sized' op 'operandSegmentSizes' attribute cannot have negative elements}}
"reg.sized"(%i) <{operandSegmentSizes = array<i32: 2, -1>}> : (i32) -> ()

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{invalid properties {operandSegmentSizes = array<i32: 1>} for op reg.sized: size mismatch in attribute conversion: 1 vs 2}}
"reg.sized"(%i) <{operandSegmentSizes = array<i32: 1>}> : (i32) -> ()

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.sized' op operand #1 must be variadic of 32-bit float, but got 'i32'}}
"reg.sized"(%i, %i) <{operandSegmentSizes = array<i32: 1, 1>}> : (i32, i32) -> ()

// -----
%i = "test.i32"() : () -> i32
"reg.groups"(%i, %i, %i) <{group_sizes = array<i32: 2, 0, 1>}> : (i32, i32, i32) -> ()

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.groups' op groups count (2) does not match with the total size (1) specified in attribute 'group_sizes'}}
"reg.groups"(%i, %i) <{group_sizes = array<i32: 1>}> : (i32, i32) -> ()

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.groups' op requires attribute 'group_sizes'}}
"reg.groups"(%i) : (i32) -> ()

// -----
%0:2 = "reg.sized_results"() <{resultSegmentSizes = array<i32: 1, 1>}> : () -> (i32, f32)
// expected-error@+1 {{'reg.sized_results' op result count (2) does not match with the total size (1) specified in attribute 'resultSegmentSizes'}}
%1:2 = "reg.sized_results"() <{resultSegmentSizes = array<i32: 1, 0>}> : () -> (i32, f32)

// -----
// expected-error@+1 {{'reg.sized_results' op result group starting at #0 requires 0 or 1 element, but found 2}}
%0:2 = "reg.sized_results"() <{resultSegmentSizes = array<i32: 0, 2>}> : () -> (f32, f32)
