// Type and attribute aliases in the input (including aliases of aliases).
// Upstream does not keep the user's alias names; it re-derives its own.
!my_int = i32
!my_tensor = tensor<4x!my_int>
!my_tuple = tuple<!my_int, !my_tensor>
!opaque = !foo.t<"x">
#my_attr = 42 : i64
#my_dict = {a = #my_attr, b = [#my_attr]}
#my_map = affine_map<(d0) -> (d0 * 2)>
#my_str = "a string"
#my_opaque = #foo.bar<1>
"foo.op"() {a = #my_attr, d = #my_dict, m = #my_map, s = #my_str, o = #my_opaque} : () -> (!my_int, !my_tensor, !my_tuple, !opaque)
"foo.op"() {t = !my_tuple} : () -> memref<8xf32, #my_map>
