func.func @e(%arg0: i32, %arg1: i64) -> (i32, i64) {
  %0 = "test.e"(%arg0) : (i32) -> i32
  %1 = "test.e"(%arg1) : (i64) -> i64
  return %0, %1 : i32, i64
}
func.func @a(%arg0: i32) -> (i32, i32) {
  %0 = "test.a"(%arg0) {attr = 1 : i32} : (i32) -> i32
  %1 = "test.a"(%arg0) {attr = 1 : i64} : (i32) -> i32
  return %0, %1 : i32, i32
}
func.func @same(%arg0: f32, %arg1: f64) -> (f32, f64) {
  %0 = "test.same"(%arg0) : (f32) -> f32
  %1 = "test.same"(%arg1) : (f64) -> f64
  return %0, %1 : f32, f64
}
func.func @d(%arg0: i32, %arg1: i32, %arg2: i64) -> i32 {
  %0 = "test.d"(%arg0, %arg1) : (i32, i32) -> i32
  %1 = "test.d"(%arg0, %arg2) : (i32, i64) -> i32
  %2 = "test.d"(%arg1, %arg0) : (i32, i32) -> i32
  return %2 : i32
}
