// One op using every generic-form component at once, in upstream's order:
// name, operands, successors, properties, regions, attributes, function type.
"foo.func"() ({
^bb0(%a: i32, %b: f32):
  %r:2 = "foo.kitchen_sink"(%a, %b, %a)[^bb1, ^bb2] <{prop = 1 : i32}> ({
    "foo.inner"() : () -> ()
  }, {
  ^bb0(%x: i64):
    "foo.inner"(%x) : (i64) -> ()
  }) {attr = "x", other} : (i32, f32, i32) -> (i1, tensor<2xf32>)
^bb1:
  "foo.return"() : () -> ()
^bb2(%c: i32):
  "foo.return"(%c) : (i32) -> ()
}) : () -> ()
