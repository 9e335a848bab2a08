// File-level resource sections: builtin dialect resources (unused ones are
// dropped, used ones print in first-use order) and external resources for
// unknown keys, which are kept verbatim.
"foo.op"() {r2 = dense_resource<zeta> : tensor<2xf32>, r3 = dense_resource<alpha> : tensor<3xi32>} : () -> ()
"foo.op"() {again = dense_resource<zeta> : tensor<2xf32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000001000000",
      alpha: "0x04000000010000000200000003000000",
      zeta: "0x040000000000803F00000040"
    }
  },
  external_resources: {
    some_tool: {
      key: "value",
      flag: true,
      off: false,
      blob: "0x08000000ABCD",
      escaped: "a\"b\n"
    },
    other_tool: {
    },
    tool.with.dots: {
      k_1: "v"
    }
  }
#-}
