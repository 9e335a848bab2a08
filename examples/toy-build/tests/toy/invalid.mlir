// Malformed Toy ops are rejected by their verifiers before any pattern runs.
// RUN(default):
"builtin.module"() ({
  "toy.func"() <{function_type = () -> (), sym_name = "bad"}> ({
    %0 = "toy.transpose"() : () -> tensor<2x3xf64>
    %1 = "toy.transpose"(%0) : (tensor<2x3xf64>) -> tensor<3x2xf64>
    "toy.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
