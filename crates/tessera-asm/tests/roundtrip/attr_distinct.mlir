// distinct[N]<...> attributes: renumbered in print order, shared ids stay shared.
"foo.op"() {a = distinct[5]<#foo.x>, b = distinct[0]<"s">} : () -> ()
"foo.op"() {c = distinct[5]<#foo.x>, d = distinct[9]<unit>, e = distinct[3]<[1, 2]>} : () -> ()
"foo.op"() {f = [distinct[3]<[1, 2]>, distinct[42]<{}>], g = distinct[7]<@sym>} : () -> ()
"foo.op"() {h = distinct[100]<i32>, i = distinct[1]<distinct[2]<1 : i8>>} : () -> ()
