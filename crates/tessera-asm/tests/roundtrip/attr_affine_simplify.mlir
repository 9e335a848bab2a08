// Affine expressions are simplified on construction as upstream does: like terms
// combined (only whole operands), constants and symbolic terms moved right,
// `e - (e floordiv c) * c` recognised as `e mod c`, and divisions by constants
// folded where a known divisor allows it.
"foo.op"() {a = affine_map<(d0, d1) -> (d0 + d0, d0 + d1 + d0, d0 * 2 + d0 * 3, d0 + d0 * 3, d0 * 3 + d0, 2 + d0 + 3, d0 + 2 + d1, d1 + d0 + d0, d0 - d0, d0 * -1 + d0, (d0 + d1) + (d0 + d1), d0 + 1 + d0)>} : () -> ()
"foo.op"() {b = affine_map<(d0, d1)[s0] -> (d0 - (d0 floordiv 4) * 4, d0 mod 4, s0 + d0, s0 + d0 + s0, d0 * s0 + d0 * s0, s0 * 2 + s0, 3 + s0 + d0, d0 + (d1 + 2), (d0 floordiv 2) * 2 + d0 mod 2)>} : () -> ()
"foo.op"() {c = affine_map<(d0, d1)[s0] -> (7 floordiv -2, 7 mod -2, 7 ceildiv -2, d0 floordiv 0, -7 floordiv 2, -7 mod 2, ((d0 * 8 + d1 * 8) ceildiv 2) mod 4, (d0 mod 8) mod 4, (d0 mod 6) mod 4, d0 * 0, (d0 * 6) mod 4, (d0 + 3) mod 3, (d0 * s0) mod 2, (d0 mod 4) floordiv 2)>} : () -> ()
"foo.op"() {d = affine_map<(d0)[s0, s1] -> ((s0 * 4) floordiv 2, (s1 * -3) floordiv 3, (s0 * -3) mod 3, (d0 * 3) ceildiv 3, (d0 + 2) floordiv 2, (s0 - 4) mod 2, d0 - (d0 floordiv s0) * s0)>} : () -> ()
"foo.op"() {e = affine_set<(d0)[s0] : (d0 + d0 - s0 >= 0, d0 - (d0 floordiv 2) * 2 == 0)>} : () -> ()
