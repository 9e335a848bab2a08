// Float attributes in the narrow and wide float types.
"foo.op"() {a = 1.0 : f16, b = 0.1 : f16, c = 65504.0 : f16, d = 0x7C00 : f16, e = 0x7E00 : f16, f = 6.0e-8 : f16, g = -0.0 : f16, h = 0.333 : f16} : () -> ()
"foo.op"() {a = 1.0 : bf16, b = 0.1 : bf16, c = 3.0e+38 : bf16, d = 0x7F80 : bf16, e = 0x7FC0 : bf16, f = 1234.0 : bf16, g = -2.5 : bf16} : () -> ()
"foo.op"() {a = 1.0 : tf32, b = 0.1 : tf32, c = 0x7F800 : tf32, d = 3.0 : tf32} : () -> ()
"foo.op"() {a = 1.0 : f80, b = 0.1 : f80, c = 0x7FFF8000000000000000 : f80, d = 0x3FFF8000000000000000 : f80, e = 1.0e+4000 : f80} : () -> ()
"foo.op"() {a = 1.0 : f128, b = 0.1 : f128, c = 0x7FFF0000000000000000000000000000 : f128, d = 3.14159265358979323846264338327950288 : f128} : () -> ()
"foo.op"() {a = 1.0 : f8E5M2, b = 0.1 : f8E5M2, c = 57344.0 : f8E5M2, d = 0x7C : f8E5M2, e = 0x7E : f8E5M2, f = -0.0 : f8E5M2} : () -> ()
"foo.op"() {a = 1.0 : f8E4M3FN, b = 0.1 : f8E4M3FN, c = 448.0 : f8E4M3FN, d = 0x7F : f8E4M3FN, e = 0.001953125 : f8E4M3FN} : () -> ()
"foo.op"() {a = 1.0 : f8E5M2FNUZ, b = 0.1 : f8E5M2FNUZ, c = 0x80 : f8E5M2FNUZ, d = 0.0 : f8E5M2FNUZ} : () -> ()
"foo.op"() {a = 1.0 : f8E4M3FNUZ, b = 0.1 : f8E4M3FNUZ, c = 0x80 : f8E4M3FNUZ, d = 240.0 : f8E4M3FNUZ} : () -> ()
"foo.op"() {a = 1.0 : f8E4M3B11FNUZ, b = 0.1 : f8E4M3B11FNUZ, c = 0x80 : f8E4M3B11FNUZ, d = 30.0 : f8E4M3B11FNUZ} : () -> ()
"foo.op"() {a = 1.0 : f8E4M3, b = 0.1 : f8E4M3, c = 0x78 : f8E4M3, d = 0x7F : f8E4M3, e = 240.0 : f8E4M3} : () -> ()
// f80 values that double can represent exactly print with full default precision.
"foo.op"() {a = 0x3FFF8000000000000800 : f80, b = 0x3FFF8000000000000000 : f80, c = 0x4000C90FDAA22168C000 : f80} : () -> ()
