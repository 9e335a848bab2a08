// sparse_tensor encodings get upstream's dialect alias `#sparse`, numbered like builtin ones.
"foo.op"() : () -> tensor<8xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>
"foo.op"() {e = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 32 }>} : () -> ()
"func.func"() <{function_type = (tensor<4x4xf64, #sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : dense, d0 : compressed) }>>) -> (), sym_name = "f", sym_visibility = "private"}> ({
}) : () -> ()
