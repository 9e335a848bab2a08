func.func @a(%arg0: i32) -> i32 {
  %0 = "test.a"(%arg0) {attr = 5 : i64} : (i32) -> i32
  return %0 : i32
}
func.func @nested() -> f32 {
  %0 = "test.b"() : () -> f32
  %1 = "test.e"(%0) : (f32) -> f32
  return %1 : f32
}
func.func @reuse(%arg0: i64) -> i64 {
  %0 = "test.f"(%arg0) : (i64) -> i64
  return %0 : i64
}
func.func @const(%arg0: i32) -> (i32, i32) {
  %0 = "test.str"(%arg0) {tag = "seven"} : (i32) -> i32
  %1 = "test.str"(%arg0) {tag = "eight"} : (i32) -> i32
  return %0, %1 : i32, i32
}
func.func @same(%arg0: i32) -> i32 {
  %0 = "test.same"(%arg0) : (i32) -> i32
  %1 = "test.same"(%0) : (i32) -> i32
  return %1 : i32
}
func.func @ignore(%arg0: i32) -> (i32, i32) {
  %0 = "test.a"(%arg0) {attr = 3 : i16} : (i32) -> i32
  %1 = "test.a"(%arg0) {attr = 3 : i32} : (i32) -> i32
  return %0, %1 : i32, i32
}
func.func @typed(%arg0: i32) -> i32 {
  %0 = "test.str"(%arg0) {tag = "t"} : (i32) -> i32
  %1 = "test.e"(%0) : (i32) -> i32
  return %1 : i32
}
