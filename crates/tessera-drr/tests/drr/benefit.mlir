func.func @plain(%arg0: i32) -> i32 {
  %0 = "test.e"(%arg0) : (i32) -> i32
  return %0 : i32
}
func.func @of_b() -> i32 {
  %0 = "test.b"() : () -> i32
  %1 = "test.e"(%0) : (i32) -> i32
  return %1 : i32
}
func.func @of_f(%arg0: i32) -> i32 {
  %0 = "test.f"(%arg0) : (i32) -> i32
  %1 = "test.e"(%0) : (i32) -> i32
  return %1 : i32
}
func.func @of_same_of_b() -> i32 {
  %0 = "test.b"() : () -> i32
  %1 = "test.same"(%0) : (i32) -> i32
  %2 = "test.e"(%1) : (i32) -> i32
  return %2 : i32
}
