// Several independent chunks separated by the split marker; each chunk gets
// its own implicit module, numbering and aliases.
%0 = "foo.a"() : () -> i32
"foo.use"(%0) {m = affine_map<(d0) -> (d0)>} : (i32) -> ()

// -----

module @second {
  %x = "foo.b"() : () -> f32
  "foo.use"(%x) {m = affine_map<(d0) -> (d0 + 1)>} : (f32) -> () loc("second.cc":1:1)
}

// -----
// A chunk with a location alias and a resource section.
"foo.op"() {r = dense_resource<blob> : tensor<1xi32>} : () -> () loc(#l)
#l = loc("third"("t.cc":3:3))
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000007000000"
    }
  }
#-}
// -----
"foo.last"() : () -> ()
