// Strided layout attributes, standalone and inside memref types.
"foo.op"() {a = strided<[]>, b = strided<[1]>, c = strided<[4, 1], offset: 0>, d = strided<[?, ?], offset: ?>, e = strided<[2], offset: -3>} : () -> ()
"foo.op"() {f = strided<[5, -1], offset: 9223372036854775807>, g = strided<[1, ?]>} : () -> ()
"foo.op"() : () -> (memref<2x3xf32, strided<[3, 1], offset: ?>>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: 4>>)
