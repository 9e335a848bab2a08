func.func @f(%arg0: i32, %arg1: i64, %arg2: f32, %arg3: i16) -> (i32, i32, i32) {
  %0 = "test.d"(%arg0, %arg0) : (i32, i32) -> i32
  %1 = "test.d"(%arg0, %0) : (i32, i32) -> i32
  %s = "test.same_var"(%arg0, %arg1, %arg2, %arg3) : (i32, i64, f32, i16) -> i32
  %2 = "test.e"(%s) : (i32) -> i32
  %t = "test.same_var"(%arg0, %arg1) : (i32, i64) -> i32
  %3 = "test.e"(%t) : (i32) -> i32
  %x = "test.str"(%arg2) <{tag = "x"}> : (f32) -> i32
  "test.sink"(%x) : (i32) -> ()
  %u = "test.same_var"(%arg0, %arg1, %arg2, %arg3) : (i32, i64, f32, i16) -> i32
  %4 = "test.f"(%u) : (i32) -> i32
  %v = "test.same_var"() : () -> i32
  %5 = "test.f"(%v) : (i32) -> i32
  return %1, %2, %3 : i32, i32, i32
}
