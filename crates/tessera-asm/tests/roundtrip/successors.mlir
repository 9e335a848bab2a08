// Successors, with and without block arguments.
"foo.func"() ({
^entry(%arg0: i32, %arg1: i1):
  "foo.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "foo.br"(%arg0)[^bb3] : (i32) -> ()
^bb2:
  %c = "foo.const"() : () -> i32
  "foo.br"(%c)[^bb3] : (i32) -> ()
^bb3(%v: i32):
  "foo.switch"(%v, %v, %arg0)[^bb4, ^bb5, ^bb3] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i32, i32, i32) -> ()
^bb4(%w: i32):
  "foo.return"(%w) : (i32) -> ()
^bb5:
  "foo.return"() : () -> ()
}) : () -> ()
