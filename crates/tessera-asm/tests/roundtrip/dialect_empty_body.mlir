// Dialect types and attributes with an empty `<>` body.
"foo.op"() {a = #bar<>, b = #bar<baz>, c = !bar<>, d = sparse<0, "x"> : tensor<1x!qq<>>} : () -> !qq<>
"foo.op"() : () -> (tensor<2x!bar<>>, !bar<baz>)
