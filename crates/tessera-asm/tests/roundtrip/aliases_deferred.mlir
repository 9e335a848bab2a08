// Alias placement and numbering: aliases only reachable from op locations are
// deferred to the end of the file; aliases also used elsewhere are printed at
// the top. Properties are not walked for aliases (printed inline). Block
// argument locations are never deferred (and are printed inline).
"foo.op"() <{p = affine_map<(d0) -> (d0 + 7)>}> {a = affine_map<(d0) -> (d0 + 8)>} : () -> () loc(fused<affine_map<(d0) -> (d0 + 9)>>["a":1:1, "b":2:2])
"foo.op"() : () -> () loc(fused<affine_map<(d0) -> (d0 + 8)>>["a":1:1, "c":2:2])
"foo.op"() : () -> () loc(fused<distinct[3]<#foo.m>>["d":4:4])
"foo.region"() ({
^bb0(%x: i32 loc("argloc"("e":5:5))):
  "foo.op"(%x) : (i32) -> () loc("argloc"("e":5:5))
}) {s = affine_set<(d0) : (d0 >= 0)>} : () -> () loc("region"("f":6:6))
