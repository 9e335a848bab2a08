// dense_resource elements backed by a builtin dialect resource blob.
"foo.op"() {r = dense_resource<blob1> : tensor<3xi32>} : () -> ()
"foo.op"() {r2 = dense_resource<blob2> : tensor<2xf32>, r3 = dense_resource<blob1> : tensor<3xi32>} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000",
      blob2: "0x040000000000803F00000040"
    }
  }
#-}
