// Malformed builtin types.

// expected-error@+1 {{expected '>' in tensor type}}
"foo.op"() : () -> tensor<4xf32

// -----

// expected-error@+1 {{expected '>' in complex type}}
"foo.op"() : () -> complex<i32

// -----

// expected-error@+1 {{expected '>' in tuple type}}
"foo.op"() : () -> tuple<i32

// -----

// expected-error@+1 {{invalid element type for complex}}
"foo.op"() : () -> complex<tensor<4xf32>>

// -----

// A dimension list must end in an element type.
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<4x?x>

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<-1xf32>

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<*x4xf32>

// -----

// expected-error@+1 {{invalid tensor element type}}
"foo.op"() : () -> tensor<4xnone>

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"foo.op"() : () -> memref<4xf32, 1, 2>

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"foo.op"() : () -> memref<4xf32, affine_map<(d0, d1) -> (d0)>>

// -----

// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"foo.op"() : () -> memref<?xf32, strided<[1], offset: x>>

// -----

// Opaque dialect attributes are not accepted as a memref memory space.
// expected-error@+1 {{unsupported memory space Attribute}}
"foo.op"() : () -> memref<4xf32, #foo.space>

// -----

// expected-error@+1 {{invalid dimension}}
"foo.op"() : () -> vector<[4]x[?]xf32>

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
"foo.op"() : () -> vector<0xf32>

// -----

// expected-error@+1 {{vector elements must be int/index/float type}}
"foo.op"() : () -> vector<4x!foo.t>

// -----

// Unknown float type names are not types at all.
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> f8E4M3FNX

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"foo.op"() : () -> !foo.bar<

// -----

// A dialect type needs a name after the dialect namespace.
// expected-error@+1 {{undefined symbol alias id 'foo'}}
"foo.op"() : () -> !foo

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> (i32, )

// -----

// A dialect namespace is an identifier: no '-', in either form.
// expected-error@+1 {{invalid dialect namespace '"a-b"'}}
"foo.op"() {x = 1 : !a-b.c} : () -> ()

// -----

// expected-error@+1 {{invalid dialect namespace '"a-b"'}}
"foo.op"() {x = #a-b<c>} : () -> ()

// -----

// Brackets in a dialect body must nest: ']' cannot close '<'.
// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"foo.op"() {x = 1 : !foo.t<a]>} : () -> ()

// -----

// Of the builtin types, a tensor holds only scalars, complex numbers and vectors.
// expected-error@+1 {{invalid tensor element type}}
"foo.op"() : () -> tensor<2xnone>
