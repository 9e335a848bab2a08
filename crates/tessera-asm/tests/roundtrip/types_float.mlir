// Every builtin floating-point type known to MLIR 19 (f8E3M4, f6*, f4* are newer).
"foo.op"() : () -> (f16, bf16, f32, f64, f80, f128, tf32)
"foo.op"() : () -> (f8E5M2, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ)
"foo.op"() : () -> (f8E4M3)
"foo.op"() {t = [f16, bf16, tf32, f8E4M3FN]} : () -> ()
