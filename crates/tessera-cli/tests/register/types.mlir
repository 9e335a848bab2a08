// Operand and result type constraints, with values split among declared groups.
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.fixed' op operand #1 must be 32-bit float, but got 'i32'}}
%0 = "reg.fixed"(%i, %i) : (i32, i32) -> i32

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.fixed' op result #0 must be 32-bit signless integer, but got 'f32'}}
%0 = "reg.fixed"(%i, %f) : (i32, f32) -> f32

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.at_least' op result #2 must be variadic of 32-bit float, but got 'i32'}}
%0:3 = "reg.at_least"(%i) : (i32) -> (i32, f32, i32)

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
// Two values each: the second i32 is the first of the f32 group.
// expected-error@+1 {{'reg.same_size' op operand #2 must be variadic of 32-bit float, but got 'i32'}}
"reg.same_size"(%i, %i, %i, %f) : (i32, i32, i32, f32) -> ()

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
"reg.same_size"(%i, %i, %f, %f) : (i32, i32, f32, f32) -> ()
"reg.same_size"() : () -> ()

// -----
%m = "test.m"() : () -> i32
// expected-error@+1 {{'reg.mystery' op cannot verify operand #0: constraint 'Mystery' (mysterious type) needs `($_self.isMysterious())`, which cannot be evaluated (the type method 'isMysterious' is not understood); register a native for it}}
"reg.mystery"(%m) : (i32) -> ()

// -----
%f = "test.f32"() : () -> f32
%i = "test.i32"() : () -> i32
"reg.maybe"(%f) : (f32) -> ()
// expected-error@+1 {{'reg.maybe' op cannot verify operand #0: constraint 'F32OrMystery' (32-bit float or mysterious type) needs `($_self.isMysterious())`, which cannot be evaluated (the type method 'isMysterious' is not understood); register a native for it}}
"reg.maybe"(%i) : (i32) -> ()

// -----
%f = "test.f32"() : () -> f32
%i = "test.i32"() : () -> i32
"reg.fancy"(%f) : (f32) -> ()
// expected-error@+1 {{'reg.fancy' op operand #0 must be fancy type, but got 'i32'}}
"reg.fancy"(%i) : (i32) -> ()
