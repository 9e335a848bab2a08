// Attribute dictionaries: unit attrs, quoted names, ordering, empty dict.
"foo.op"() {} : () -> ()
"foo.op"() {unit_attr} : () -> ()
"foo.op"() {"foo bar" = 1, zeta = 2 : i8, alpha = "s", "0starts_with_digit" = unit} : () -> ()
"foo.op"() {"with.dot" = 1, with.dot2 = 2, _under = 3, "$dollar" = 4, a$b = 5, "a-b" = 6} : () -> ()
"foo.op"() {nested = {inner = {}, b = true}, empty = {}} : () -> ()
"foo.op"() {"quote\"inside" = 1, "new\nline" = 2} : () -> ()
"foo.op"() {B = 1, a = 2, A = 3, b = 4, _ = 5} : () -> ()
