// SSA value numbering across sibling and nested regions.
%0 = "foo.a"() : () -> i32
"foo.op"() ({
  %1 = "foo.b"() : () -> i32
  %2 = "foo.b"() : () -> i32
}, {
  %3 = "foo.c"() : () -> i32
  "foo.inner"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %4 = "foo.d"(%arg0, %3, %0) : (i32, i32, i32) -> i32
  }, {
  ^bb0(%arg0: i32):
    %5:2 = "foo.e"() : () -> (i32, i32)
  }) : () -> ()
  %6 = "foo.f"() : () -> i32
}) : () -> ()
%7 = "foo.g"() : () -> i32
"foo.op"() ({
^bb0(%x: i32):
  "foo.br"(%x)[^bb1] : (i32) -> ()
^bb1(%y: i32):
  %z = "foo.h"() : () -> i32
  "foo.ret"() : () -> ()
}) : () -> ()
%8 = "foo.g"(%7, %0) : (i32, i32) -> i32
