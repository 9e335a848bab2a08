// Symbol reference attributes.
"foo.op"() {a = @foo, b = @"quoted name", c = @a::@b::@c, d = @"x y"::@z, e = @_under, f = @with.dot, g = @"0digit"} : () -> ()
"foo.op"() {h = @"with\"quote", i = @"new\nline", j = @a::@"b c", k = [@x, @y::@z], l = @"$dollar", m = @a$b} : () -> ()
"foo.op"() {o = @"\C3\A9t\C3\A9", p = @"utf8 ∀"} : () -> ()
