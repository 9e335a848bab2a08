// sparse elements attributes.
"foo.op"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<[[1]], [2.5]> : tensor<4xf32>} : () -> ()
"foo.op"() {c = sparse<0, 7> : tensor<4xi8>, d = sparse<[[0]], ["a"]> : tensor<2x!foo.s>, e = sparse<> : tensor<4xf32>} : () -> ()
"foo.op"() {f = sparse<[[0, 1, 2]], [(1.0, 2.0)]> : tensor<3x3x3xcomplex<f32>>, g = sparse<[[0], [1]], [true, false]> : tensor<2xi1>} : () -> ()
