"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "add", arg_attrs = [{foo.a}, {}], res_attrs = [{foo.r = 1 : i32}]}> ({
  ^bb0(%a: i32, %b: i32):
    %0 = "func.call"(%a, %b) <{callee = @add}> : (i32, i32) -> i32
    %f = "func.constant"() <{value = @add}> {foo.tag} : () -> ((i32, i32) -> i32)
    %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
    %2:2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> (i8, i8)
    %3 = "builtin.unrealized_conversion_cast"() : () -> i1
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "ext", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> (f32, (i1) -> i1), sym_name = "two"}> ({
  ^bb0(%x: f32):
    %g = "func.constant"() <{value = @id}> : () -> ((i1) -> i1)
    "func.return"(%x, %g) : (f32, (i1) -> i1) -> ()
  }) {foo.bar = "baz"} : () -> ()
  "func.func"() <{function_type = (i1) -> i1, sym_name = "id"}> ({
  ^bb0(%y: i1):
    "func.return"(%y) : (i1) -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "inner"}> ({
    "func.func"() <{function_type = () -> (), sym_name = "nested", sym_visibility = "nested"}> ({
      "func.return"() : () -> ()
    }) : () -> ()
  }) {foo.m} : () -> ()
}) : () -> ()
