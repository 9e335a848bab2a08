func.func @d(%arg0: i32) -> (i32, i32, i32) {
  %0 = "test.b"() : () -> i32
  %1 = "test.d"(%arg0, %0) : (i32, i32) -> i32
  %2 = "test.d"(%0, %arg0) : (i32, i32) -> i32
  %3 = "test.d"(%arg0, %arg0) : (i32, i32) -> i32
  return %1, %2, %3 : i32, i32, i32
}
func.func @pair(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
  %0 = "test.f"(%arg0) : (i32) -> i32
  %1 = "test.same"(%arg1) : (i32) -> i32
  %2:2 = "test.pair"(%0, %1) : (i32, i32) -> (i32, i32)
  %3:2 = "test.pair"(%1, %0) : (i32, i32) -> (i32, i32)
  return %2#0, %2#1, %3#0, %3#1 : i32, i32, i32, i32
}
