// Which attributes and types upstream chooses to alias when printing, and in
// which order the aliases are emitted.
"foo.op"() {s = affine_set<(d0) : (d0 >= 0)>} : () -> ()
"foo.op"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> ()
"foo.op"() {d = distinct[0]<42>} : () -> ()
"foo.op"() : () -> tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
"foo.op"() : () -> tuple<i32, i32>
"foo.op"() {s = strided<[4, 1], offset: ?>} : () -> ()
"foo.op"() {a = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0, d1) -> (d1)>]} : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
"foo.op"() {set_first = affine_set<(d0) : (d0 == 0)>, zmap = affine_map<(d0) -> (d0 floordiv 3)>} : () -> ()
"foo.op"() {big = {k1 = 1, k2 = 2, k3 = 3, k4 = 4, k5 = 5, k6 = 6, k7 = 7, k8 = 8, k9 = 9, k10 = 10, k11 = 11, k12 = 12, k13 = 13, k14 = 14, k15 = 15, k16 = 16, k17 = 17}} : () -> ()
"foo.op"() : () -> (tensor<4xf32, affine_map<(d0) -> (d0 + 1)>>, !foo.t<"x">)
