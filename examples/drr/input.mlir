func.func @f(%arg0: tensor<2x3xf64>, %arg1: i32, %arg2: i64) -> (tensor<2x3xf64>, tensor<6xf64>, i32, i64) {
  %0 = "toy.transpose"(%arg0) : (tensor<2x3xf64>) -> tensor<3x2xf64>
  %1 = "toy.transpose"(%0) : (tensor<3x2xf64>) -> tensor<2x3xf64>
  %2 = "toy.reshape"(%arg0) : (tensor<2x3xf64>) -> tensor<3x2xf64>
  %3 = "toy.reshape"(%2) : (tensor<3x2xf64>) -> tensor<6xf64>
  %4 = "toy.scale"(%arg1) {factor = 1 : i32} : (i32) -> i32
  %5 = "toy.scale"(%arg2) {factor = 1 : i32} : (i64) -> i64
  return %1, %3, %4, %5 : tensor<2x3xf64>, tensor<6xf64>, i32, i64
}
