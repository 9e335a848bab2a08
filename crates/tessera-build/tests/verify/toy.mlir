// Invalid Toy ops in generic form: verify_diff.rs checks that the generated verifiers and
// the engine's report the same error for each.
"toy.func"() <{function_type = () -> (), sym_name = "f"}> ({
  %0 = "toy.constant"() <{value = dense<1.0> : tensor<2xf64>}> : () -> tensor<2xf64>
  %1 = "toy.add"(%0, %0) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  %2 = "toy.reshape"(%1) : (tensor<2xf64>) -> tensor<2x1xf64>
  "toy.print"(%2) : (tensor<2x1xf64>) -> ()
  "toy.return"() : () -> ()
}) : () -> ()

// -----
%0 = "toy.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xf64>

// -----
%0 = "toy.constant"() <{value = dense<1.0> : tensor<2xf64>}> : () -> tensor<2xf32>

// -----
%0 = "toy.constant"() <{value = dense<1.0> : tensor<2xf64>}> : () -> tensor<2xf64>
%1 = "toy.reshape"(%0) : (tensor<2xf64>) -> tensor<?xf64>

// -----
%0 = "toy.constant"() <{value = dense<1.0> : tensor<2xf64>}> : () -> tensor<2xf64>
%1 = "toy.add"(%0, %0) : (tensor<2xf64>, tensor<2xf64>) -> tensor<3xf64>

// -----
%0 = "toy.constant"() <{value = dense<1.0> : tensor<2xf64>}> : () -> tensor<2xf64>
%1 = "toy.mul"(%0) : (tensor<2xf64>) -> tensor<2xf64>

// -----
"toy.func"() <{function_type = i32, sym_name = "f"}> ({
  "toy.return"() : () -> ()
}) : () -> ()

// -----
"toy.func"() <{function_type = () -> ()}> ({
  "toy.return"() : () -> ()
}) : () -> ()

// -----
%0 = "toy.constant"() : () -> tensor<2xf64>

// -----
%0 = "test.f64"() : () -> f64
"toy.print"(%0) : (f64) -> ()
