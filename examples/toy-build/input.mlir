// The Toy tutorial's chapter 3 cases, in Toy's custom forms:
//   cargo run -p toy-build -- examples/toy-build/input.mlir
func.func @transpose_transpose(%arg0: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %1 = toy.transpose(%0 : tensor<3x2xf64>) to tensor<2x3xf64>
  toy.return %1 : tensor<2x3xf64>
}

func.func @redundant_reshape() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64> to tensor<6xf64>
  %1 = toy.reshape(%0 : tensor<6xf64>) to tensor<2x3xf64>
  %2 = toy.reshape(%1 : tensor<2x3xf64>) to tensor<3x2xf64>
  %3 = toy.reshape(%2 : tensor<3x2xf64>) to tensor<3x2xf64>
  toy.print %3 : tensor<3x2xf64>
  toy.return
}

func.func @double(%arg0: tensor<2xf64>) -> tensor<2xf64> {
  %0 = toy.add %arg0, %arg0 : tensor<2xf64>
  toy.return %0 : tensor<2xf64>
}
