// Dense and sparse elements whose literal does not fit the type.

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"foo.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([2, 2])}}
"foo.op"() {a = dense<[1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<4xi32>'}}
"foo.op"() {a = dense<"0x0102"> : tensor<4xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"foo.op"() {a = dense<1> : i32} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ']'}}
"foo.op"() {a = dense<[1, 2> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<4xi32>'}}
"foo.op"() {a = sparse<[[5]], [1]> : tensor<4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([4]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([1])}}
"foo.op"() {a = sparse<[[0, 0]], [1]> : tensor<4xi32>} : () -> ()

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"foo.op"() {a = array<i7: 1, 2>} : () -> ()

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"foo.op"() {a = array<i65>} : () -> ()
