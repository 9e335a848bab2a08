// complex, tuple, function, none types.
"foo.op"() : () -> (complex<f32>, complex<f64>, complex<i32>, complex<bf16>)
"foo.op"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<>, tuple<i1, tuple<index>>>)
"foo.op"() : () -> (() -> (), (i32) -> i32, (i32, f32) -> (i1, i8), () -> (i1))
"foo.op"() : () -> ((i32) -> ((i64) -> f32), ((i1) -> i1) -> i1)
"foo.op"() : () -> (none, tuple<none>, () -> none)
"foo.op"() : () -> (() -> (() -> ()))
"foo.op"() {t = () -> (() -> (), i32)} : () -> ()
%0:2 = "foo.fn"() : () -> ((i32) -> (i32, i32), complex<f16>)
