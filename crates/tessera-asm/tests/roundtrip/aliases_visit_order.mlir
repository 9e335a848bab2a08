// Alias numbering follows the alias walk: an op's regions first, then its
// result types, then its attributes (#map = +2, #map1 = +3, #map2 = +1).
"foo.outer"() ({
  "foo.inner"() {b = affine_map<(d0) -> (d0 + 2)>} : () -> ()
}) {a = affine_map<(d0) -> (d0 + 1)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 3)>>
