func.func @multi(%arg0: i32) -> (i32, i32, i32, i32, i32) {
  %0:2 = "test.two_result"(%arg0) : (i32) -> (i32, i32)
  %1:3 = "test.three_result"(%arg0) : (i32) -> (i32, i32, i32)
  return %0#0, %0#1, %1#0, %1#1, %1#2 : i32, i32, i32, i32, i32
}
func.func @swap(%arg0: i32, %arg1: i64) -> (i32, i64) {
  %0:2 = "test.pair"(%arg0, %arg1) : (i32, i64) -> (i64, i32)
  return %0#1, %0#0 : i32, i64
}
func.func @aux(%arg0: i32) -> i32 {
  %0 = "test.c"(%arg0) {attr = unit} : (i32) -> i32
  return %0 : i32
}
func.func @erase() {
  %0 = "test.b"() : () -> f32
  "test.sink"(%0) : (f32) -> ()
  return
}
func.func @concat(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
  %0 = "test.concat"(%arg0, %arg1, %arg2) {axis = 0 : i32} : (i32, i32, i32) -> i32
  %1 = "test.concat"(%arg0, %arg1) {axis = 2 : i32} : (i32, i32) -> i32
  %2 = "test.concat"(%arg0, %arg1, %arg2) {axis = 2 : i32} : (i32, i32, i32) -> i32
  return %0, %1, %2 : i32, i32, i32
}
func.func @unused_second(%arg0: i32) -> (i32, i32) {
  %0 = "test.b"() : () -> i32
  %1:2 = "test.pair"(%0, %arg0) : (i32, i32) -> (i32, i32)
  %2:2 = "test.pair"(%0, %arg0) : (i32, i32) -> (i32, i32)
  return %1#0, %2#1 : i32, i32
}
