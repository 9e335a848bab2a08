// Types of unregistered dialects print as opaque types.
"foo.op"() : () -> (!foo.t, !foo.t<i32>, !foo<"t<i32>">, !foo.bar<"x", 1, [2]>)
"foo.op"() : () -> (!foo.nested<<>>, !foo.nested<(a)[b]{c}>, !foo.sym<@a::@b>)
"foo.op"() : () -> (!foo.t<"escape\"d">, !my_dialect.x, !a.b.c)
"foo.op"() : () -> (!foo.t<tensor<4xf32>>, tensor<!foo.t>, !foo<"">)
"foo.op"() : () -> (!foo.arrow<i32 -> i64>, !foo.x<1 + 2 * 3>)
