// The Toy tutorial's chapter 3 functions, in generic form.
// RUN(default):
// RUN(topdown): --top-down
// RUN(trace): --trace
// RUN(no-reshape-reshape): --disable-patterns=ReshapeReshapeOptPattern --stats
// RUN(only-transpose): --enable-patterns=TransposeTransposeOptPattern
// RUN(disabled-wins): --enable-patterns=ToyCombine --disable-patterns=ToyCombine
"builtin.module"() ({
  "toy.func"() <{function_type = (tensor<2x3xf64>) -> tensor<2x3xf64>, sym_name = "transpose_transpose"}> ({
  ^bb0(%arg0: tensor<2x3xf64>):
    %0 = "toy.transpose"(%arg0) : (tensor<2x3xf64>) -> tensor<3x2xf64>
    %1 = "toy.transpose"(%0) : (tensor<3x2xf64>) -> tensor<2x3xf64>
    "toy.return"(%1) : (tensor<2x3xf64>) -> ()
  }) : () -> ()
  "toy.func"() <{function_type = () -> (), sym_name = "redundant_reshape"}> ({
    %0 = "toy.constant"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf64>} : () -> tensor<6xf64>
    %1 = "toy.reshape"(%0) : (tensor<6xf64>) -> tensor<2x3xf64>
    %2 = "toy.reshape"(%1) : (tensor<2x3xf64>) -> tensor<3x2xf64>
    %3 = "toy.reshape"(%2) : (tensor<3x2xf64>) -> tensor<3x2xf64>
    "toy.print"(%3) : (tensor<3x2xf64>) -> ()
    "toy.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
