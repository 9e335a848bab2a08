// Functions in generic form: tessera-opt knows the builtin and func dialects (declared in
// Tessera's own .td files), verifies their ops and prints them in custom form, as mlir-opt
// does. Add --mlir-print-op-generic to get the generic form back.
"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "max", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{foo.arg}, {}], function_type = (i32, i32) -> (i32, i32), sym_name = "pair"}> ({
  ^bb0(%a: i32, %b: i32):
    %m = "func.call"(%a, %b) <{callee = @max}> : (i32, i32) -> i32
    %f = "func.constant"() <{value = @max}> : () -> ((i32, i32) -> i32)
    %n = "func.call_indirect"(%f, %b, %a) : ((i32, i32) -> i32, i32, i32) -> i32
    "func.return"(%m, %n) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()
