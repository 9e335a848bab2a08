// Predicate traits and native traits.
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
"reg.match"(%i, %i) : (i32, i32) -> ()
// expected-error@+1 {{'reg.match' op failed to verify that all of {lhs, rhs} have same type}}
"reg.match"(%i, %f) : (i32, f32) -> ()

// -----
%i = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
%t = "test.t"() : () -> tensor<2xi32>
%u = "test.u"() : () -> tensor<*xi32>
%0 = "reg.same"(%i, %i) : (i32, i32) -> i32
%1 = "reg.same"(%t, %u) : (tensor<2xi32>, tensor<*xi32>) -> tensor<?xi32>
// expected-error@+1 {{'reg.same' op requires the same type for all operands and results}}
%2 = "reg.same"(%i, %f) : (i32, f32) -> i32

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.same' op expected 1 or more operands, but found 0}}
%0 = "reg.same"() : () -> i32

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.same' op expected 1 or more results, but found 0}}
"reg.same"(%i) : (i32) -> ()

// -----
%i = "test.i32"() : () -> i32
%j = "test.i64"() : () -> i64
"reg.same_operands"() : () -> ()
// expected-error@+1 {{'reg.same_operands' op requires all operands to have the same type}}
"reg.same_operands"(%i, %j) : (i32, i64) -> ()

// -----
%a = "test.a"() : () -> tensor<2x3xf32>
%b = "test.b"() : () -> tensor<2x4xi32>
%c = "test.c"() : () -> tensor<?x3xi8>
%0 = "reg.shape"(%a, %c) : (tensor<2x3xf32>, tensor<?x3xi8>) -> tensor<2x3xi1>
// expected-error@+1 {{'reg.shape' op requires the same shape for all operands}}
%1 = "reg.shape"(%a, %b) : (tensor<2x3xf32>, tensor<2x4xi32>) -> tensor<2x3xi1>

// -----
%a = "test.a"() : () -> tensor<2x3xf32>
// expected-error@+1 {{'reg.shape' op requires the same shape for all operands and results}}
%0 = "reg.shape"(%a) : (tensor<2x3xf32>) -> f32

// -----
%a = "test.a"() : () -> tensor<2xf32>
%b = "test.b"() : () -> vector<4xf32>
%c = "test.c"() : () -> f32
%d = "test.d"() : () -> i32
%0 = "reg.element"(%a, %b, %c) : (tensor<2xf32>, vector<4xf32>, f32) -> memref<f32>
// expected-error@+1 {{'reg.element' op requires the same element type for all operands}}
%1 = "reg.element"(%a, %d) : (tensor<2xf32>, i32) -> f32

// -----
%a = "test.a"() : () -> tensor<2xf32>
// expected-error@+1 {{'reg.element' op requires the same element type for all operands and results}}
%0 = "reg.element"(%a) : (tensor<2xf32>) -> i32

// -----
%a = "test.a"() : () -> tensor<2xf32>
%v = "test.v"() : () -> vector<2xf32>
%s = "test.s"() : () -> f32
%0 = "reg.map"(%a, %s) : (tensor<2xf32>, f32) -> tensor<2xi1>
%1 = "reg.map"(%s, %s) : (f32, f32) -> f32
// expected-error@+1 {{'reg.map' op all non-scalar operands/results must have the same shape and base type}}
%2 = "reg.map"(%a, %v) : (tensor<2xf32>, vector<2xf32>) -> tensor<2xf32>

// -----
%s = "test.s"() : () -> f32
// expected-error@+1 {{'reg.map' op if a result is non-scalar, then at least one operand must be non-scalar}}
%0 = "reg.map"(%s) : (f32) -> tensor<2xf32>

// -----
%a = "test.a"() : () -> tensor<2xf32>
// expected-error@+1 {{'reg.map' op if an operand is non-scalar, then there must be at least one non-scalar result}}
%0 = "reg.map"(%a) : (tensor<2xf32>) -> f32

// -----
%a = "test.a"() : () -> tensor<2xf32>
// expected-error@+1 {{'reg.map' op if an operand is non-scalar, then all results must be non-scalar}}
%0:2 = "reg.map"(%a) : (tensor<2xf32>) -> (tensor<2xf32>, f32)

// -----
%a = "test.a"() : () -> vector<2xf32>
%0 = "reg.bool"(%a) : (vector<2xf32>) -> vector<2xi1>
// expected-error@+1 {{'reg.bool' op requires a bool result type}}
%1 = "reg.bool"(%a) : (vector<2xf32>) -> vector<2xi8>

// -----
%i = "test.i"() : () -> i32
// expected-error@+1 {{'reg.bool' op requires float operands}}
%0 = "reg.bool"(%i) : (i32) -> i1
