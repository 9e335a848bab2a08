func.func @nested(%arg0: i32, %arg1: i64) -> (i32, i32, i32, i32) {
  %p:2 = "test.pair"(%arg0, %arg1) : (i32, i64) -> (i32, i32)
  %0 = "test.e"(%p#0) : (i32) -> i32
  %1 = "test.e"(%p#1) : (i32) -> i32
  %t:3 = "test.three_result"(%arg0) : (i32) -> (i32, i32, i32)
  %2 = "test.d"(%t#2, %arg0) : (i32, i32) -> i32
  %3 = "test.f"(%arg0) : (i32) -> i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

func.func @either(%arg0: i32, %arg1: i64, %arg2: i32) -> (i32, i32, i32) {
  %v = "test.two_var"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 2>}> : (i32, i64, i32) -> i32
  %0 = "test.e"(%v) : (i32) -> i32
  %s = "test.str"(%arg0) <{tag = "x"}> : (i32) -> i32
  %m1 = "test.mixed_var"(%s, %arg1) : (i32, i64) -> i32
  %1 = "test.f"(%m1) : (i32) -> i32
  %m2 = "test.mixed_var"(%arg0, %s, %arg2) : (i32, i32, i32) -> i32
  %2 = "test.f"(%m2) : (i32) -> i32
  %m3 = "test.mixed_var"(%arg0, %arg1) : (i32, i64) -> i32
  "test.sink"(%m3) : (i32) -> ()
  %m4 = "test.mixed_var"(%arg1) : (i64) -> i32
  "test.sink"(%m4) : (i32) -> ()
  return %0, %1, %2 : i32, i32, i32
}
