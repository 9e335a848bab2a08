// Dense array attributes.
"foo.op"() {i8 = array<i8: 1, -2, 127>, i16 = array<i16: 300>, i32 = array<i32: 1, 2>, i64 = array<i64: -9223372036854775808, 9223372036854775807>} : () -> ()
"foo.op"() {b = array<i1: true>, bs = array<i1: true, false, false>, f32 = array<f32: 1.0>, f64 = array<f64: 0.1, -0.0, 1.0e+10>} : () -> ()
"foo.op"() {e8 = array<i8>, e1 = array<i1>, e64 = array<i64>, ef = array<f32>, e32 = array<i32>} : () -> ()
"foo.op"() {fs = array<f32: 0.1, 0x7FC00000, 0x7F800000, 1.0e-45>, hexint = array<i32: 0x10, 0xFFFFFFFF>} : () -> ()
"foo.op"() {nested = [array<i32: 1>, array<i64>], in_dict = {x = array<i16: 1, 2, 3>}} : () -> ()
