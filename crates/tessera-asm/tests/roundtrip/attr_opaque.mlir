// Attributes of unregistered dialects print as opaque attributes.
"foo.op"() {a = #foo.bar, b = #foo.bar<"x">, c = #foo<"bar<1, 2>">, d = #foo.baz<[1, 2], {k = v}>} : () -> ()
"foo.op"() {e = #foo.t<"esc\"aped">, f = #my_dialect.x<i32>, g = #foo.nested<<<>>>, h = #foo<"">} : () -> ()
"foo.op"() {i = #foo.bar : i32, j = #foo.ty<"x"> : !foo.t, k = [#foo.a, #foo.b]} : () -> ()
"foo.op"() {l = #foo.arrow<a -> b>, m = #foo.sym<@x::@y>, n = #foo.expr<(d0) -> (d0 + 1)>} : () -> ()
