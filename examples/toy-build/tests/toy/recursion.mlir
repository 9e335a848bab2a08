// A chain of reshapes collapses only because ReshapeReshapeOptPattern declares bounded
// recursion; a constant feeding it is folded into the reshaped constant, and constants
// that end up equal are deduplicated.
// RUN(default):
// RUN(no-fold): --no-fold
// RUN(one-iteration): --max-iterations=1
"builtin.module"() ({
  "toy.func"() <{function_type = (tensor<6xf64>) -> (), sym_name = "chain"}> ({
  ^bb0(%arg0: tensor<6xf64>):
    %0 = "toy.reshape"(%arg0) : (tensor<6xf64>) -> tensor<2x3xf64>
    %1 = "toy.reshape"(%0) : (tensor<2x3xf64>) -> tensor<3x2xf64>
    %2 = "toy.reshape"(%1) : (tensor<3x2xf64>) -> tensor<6x1xf64>
    %3 = "toy.reshape"(%2) : (tensor<6x1xf64>) -> tensor<1x6xf64>
    "toy.print"(%3) : (tensor<1x6xf64>) -> ()
    %4 = "toy.constant"() {value = dense<1.0> : tensor<2xf64>} : () -> tensor<2xf64>
    %5 = "toy.constant"() {value = dense<1.0> : tensor<2xf64>} : () -> tensor<2xf64>
    %6 = "toy.add"(%4, %5) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
    "toy.print"(%6) : (tensor<2xf64>) -> ()
    "toy.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
