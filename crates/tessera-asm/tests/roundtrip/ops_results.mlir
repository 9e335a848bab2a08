// Generic ops with zero, one and several results, and uses of result groups.
"foo.no_results"() : () -> ()
%0 = "foo.one"() : () -> i32
%1:3 = "foo.three"(%0) : (i32) -> (i32, f32, index)
"foo.use"(%1#2, %1#0, %1#1) : (index, i32, f32) -> ()
%two:2 = "foo.two"(%1#0, %0, %0) : (i32, i32, i32) -> (i64, i64)
%x = "foo.named"(%two#1) : (i64) -> i64
"foo.sink"(%x, %two#0, %two#1) : (i64, i64, i64) -> ()
%many:12 = "foo.many"() : () -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1)
"foo.sink"(%many#11, %many#10) : (i1, i1) -> ()
