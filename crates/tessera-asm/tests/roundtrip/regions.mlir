// Regions: several per op, empty regions, nested regions.
"foo.empty"() ({}) : () -> ()
"foo.two_empty"() ({}, {}) : () -> ()
"foo.mixed"() ({
  "foo.a"() : () -> ()
}, {
}, {
  "foo.b"() : () -> ()
  "foo.c"() : () -> ()
}) : () -> ()
%r = "foo.with_result"() ({
  "foo.yield"() : () -> ()
}) {attr = 1} : () -> i32
"foo.entry_args"() ({
^bb0(%a: i32, %b: f32):
  "foo.use"(%a, %b) : (i32, f32) -> ()
}) : () -> ()
"foo.empty_entry"() ({
^bb0:
  "foo.op"() : () -> ()
}) : () -> ()
// A single empty block with arguments (no terminator needed for unregistered ops).
"foo.entry_args_only"() ({
^bb0(%a: i32, %b: i64):
}) : () -> ()
// A single empty block without arguments keeps its label (unlike a non-empty one).
"foo.empty_block"() ({
^bb0:
}, {
^bb0(%x: i1):
}) : () -> ()
