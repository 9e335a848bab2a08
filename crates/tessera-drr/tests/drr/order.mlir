func.func @same(%arg0: i32) -> i32 {
  %0 = "test.same"(%arg0) : (i32) -> i32
  return %0 : i32
}
