// Multiple blocks, predecessor comments (one and many preds), forward references
// to later blocks, blocks with arguments, self-loops.
"foo.func"() ({
^bb0(%arg0: i32):
  "foo.br"()[^bb2] : () -> ()
^bb1:
  "foo.br"()[^bb2] : () -> ()
^bb2:
  "foo.cond_br"(%arg0)[^bb3, ^bb4] : (i32) -> ()
^bb3:
  "foo.br"(%arg0, %arg0)[^bb5] : (i32, i32) -> ()
^bb4:
  "foo.br"(%arg0, %arg0)[^bb5] : (i32, i32) -> ()
^bb5(%x: i32, %y: i32):
  "foo.br"()[^bb5] : () -> ()
^unreachable:
  "foo.return"() : () -> ()
}) : () -> ()
"foo.multi_region_blocks"() ({
  "foo.br"()[^a] : () -> ()
^a:
  "foo.return"() : () -> ()
}, {
^first:
  "foo.br"()[^second] : () -> ()
^second:
  "foo.br"()[^third] : () -> ()
^third:
  "foo.br"()[^second] : () -> ()
}) : () -> ()
// The same predecessor twice, and predecessors listed out of order.
"foo.preds"() ({
  "foo.cond_br"()[^bb3, ^bb3] : () -> ()
^bb1:
  "foo.br"()[^bb3] : () -> ()
^bb2:
  "foo.br"()[^bb1] : () -> ()
^bb3:
  "foo.cond_br"()[^bb2, ^bb1] : () -> ()
}) : () -> ()
