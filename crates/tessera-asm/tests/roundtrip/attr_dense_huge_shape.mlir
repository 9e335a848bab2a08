// Static shapes whose element count does not fit 64 bits are still static: a splat, a
// hex splat and an empty literal (a zero dimension) are accepted, as upstream does.
"foo.op"() {a = dense<1> : tensor<4294967296x4294967296x16xi32>} : () -> ()
"foo.op"() {b = dense<"0x01000000"> : tensor<4294967296x4294967296x16xi32>} : () -> ()
"foo.op"() {c = dense<> : tensor<4294967296x4294967296x0xi32>} : () -> ()
"foo.op"() {d = dense<"s"> : tensor<4294967296x4294967296x16x!foo.s>} : () -> ()
"foo.op"() {e = dense<(1.0, 2.0)> : tensor<4294967296x4294967296x16xcomplex<f32>>} : () -> ()
"foo.op"() {f = array<i1: true, false>, g = array<i0>, h = array<i8: 1>} : () -> ()
