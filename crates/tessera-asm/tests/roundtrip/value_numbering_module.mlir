// Value numbering with a nested builtin.module (isolated from above): in the
// generic form numbering does not restart inside it, and nested regions are
// numbered after all values of the enclosing region, last region first.
%a = "foo.a"() : () -> i32
"foo.r"() ({
^bb0(%x: i32):
  %b = "foo.b"() : () -> i32
}) : () -> ()
module {
  %c = "foo.c"() : () -> i32
  "foo.r"() ({
  ^bb0(%x: i32):
    %d = "foo.b"() : () -> i32
  }) : () -> ()
}
"foo.r"() ({
^bb0(%x: i32):
  %e = "foo.b"() : () -> i32
}) : () -> ()
%f = "foo.a"() : () -> i32
