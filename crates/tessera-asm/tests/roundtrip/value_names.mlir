// User-chosen SSA and block names are not preserved; unusual spellings parse.
%x.y = "foo.a"() : () -> i32
%_ = "foo.a"() : () -> i32
%$ = "foo.a"() : () -> i32
%a-b = "foo.a"() : () -> i32
%123 = "foo.a"() : () -> i32
%arg0 = "foo.a"() : () -> i32
%long_name_with_digits_0123 = "foo.a"() : () -> i32
"foo.use"(%x.y, %_, %$, %a-b, %123, %arg0, %long_name_with_digits_0123) : (i32, i32, i32, i32, i32, i32, i32) -> ()
"foo.r"() ({
^entry_block(%bbarg.0: i32):
  "foo.br"(%bbarg.0)[^my.block-1] : (i32) -> ()
^my.block-1(%bbarg.1: i32):
  "foo.br"(%bbarg.1)[^my.block-1] : (i32) -> ()
}) : () -> ()
