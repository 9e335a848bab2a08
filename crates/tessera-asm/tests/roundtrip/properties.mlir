// Properties <{...}> on unregistered ops (stored as a dictionary attribute).
"foo.op"() <{p = 1 : i32}> : () -> ()
"foo.op"() <{}> : () -> ()
"foo.op"() <{b = "x", a = [1, 2]}> {attr = unit} : () -> ()
%0 = "foo.def"() <{kind = #foo.kind<"a">}> : () -> i32
"foo.op"(%0) <{z, y = unit}> {x} : (i32) -> ()
"foo.region"() <{p = 0 : index}> ({
  "foo.inner"() <{q = dense<1> : tensor<2xi8>}> : () -> ()
}) {a = 1} : () -> ()
